"""The SVG elements pnpgen writes, as ElementTree writes them: the text svgwrite gave for the same calls."""

from __future__ import annotations

from pnpgen.render import svgxml

# svgwrite 1.4.3's output for the same document (made with it before it was replaced)
SVGWRITE = (
    '<svg baseProfile="full" height="20mm" version="1.1" viewBox="0 0 10 20" width="10mm" '
    'xmlns="http://www.w3.org/2000/svg" xmlns:ev="http://www.w3.org/2001/xml-events" '
    'xmlns:xlink="http://www.w3.org/1999/xlink"><title>A &amp; B &lt;c&gt;</title><defs><clipPath id="clip1">'
    '<rect height="5" width="5" x="0" y="0" /></clipPath></defs><g clip-path="url(#clip1)" '
    'transform="matrix(1 0 0 1 2 3)"><rect fill="#fff" height="4" rx="1" ry="1" stroke-width="0.2" width="3" x="1" '
    'y="2.5" /><circle cx="1" cy="2" fill="none" r="3" /><line stroke="#000" stroke-width="1" x1="0" x2="1.5" y1="0" '
    'y2="2" /><polygon fill="#111" points="0,0 1.25,2 3,0" /><path d="M 0 0 L 1 1 Z" fill-rule="evenodd" /><text '
    'font-family="\'DejaVu Sans\', sans-serif" font-size="3" text-anchor="end" x="1" y="2">say "hi" &amp; &lt;go&gt;'
    '</text><image height="2" preserveAspectRatio="none" width="1" x="0" xlink:href="data:image/png;base64,AAAA" '
    'y="0" /></g></svg>')


def test_each_element_is_written_as_svgwrite_wrote_it():
    d = svgxml.Drawing(size=("10mm", "20mm"), viewBox="0 0 10 20")
    d.set_title("A & B <c>")
    clip = d.defs.add(d.clip_path(id="clip1"))
    clip.add(d.rect(insert=("0", "0"), size=("5", "5")))
    g = d.g(clip_path="url(#clip1)")
    g["transform"] = "matrix(1 0 0 1 2 3)"
    g.add(d.rect(insert=(1, 2.5), size=(3, 4), rx="1", ry="1", fill="#fff", stroke_width="0.2", opacity=""))
    g.add(d.circle(center=(1, 2), r=3, fill="none"))
    g.add(d.line((0, 0), (1.5, 2), stroke="#000", stroke_width=1))
    g.add(d.polygon([(0, 0), (1.25, 2), (3, 0)], fill="#111"))
    path = d.path(d="M 0 0 L 1 1 Z")
    path["fill-rule"] = "evenodd"
    g.add(path)
    g.add(d.text('say "hi" & <go>', insert=("1", "2"), font_size="3", font_family="'DejaVu Sans', sans-serif",
                 text_anchor="end"))
    g.add(d.image(href="data:image/png;base64,AAAA", insert=("0", "0"), size=("1", "2"), preserveAspectRatio="none"))
    d.add(g)
    assert d.tostring() == SVGWRITE


def test_an_empty_document_holds_its_defs_only():
    d = svgxml.Drawing(size=("1px", "2px"))
    assert d.tostring().endswith('xmlns:xlink="http://www.w3.org/1999/xlink"><defs /></svg>')
    assert 'height="2px"' in d.tostring() and "viewBox" not in d.tostring()
