"""The PDF writer's text: each line written as reportlab's own text object writes it, byte for byte."""

from __future__ import annotations

import pypdf

from pnpgen.draw.primitives import Drawing, Group, Text
from pnpgen.render import pdf
from pnpgen.render.pdf import _rgb, write_pdf

# more than a subset's 256 glyphs, so a line moves on to a second subset; PDF's string escapes; every anchor
LINES = [Text(10, 20, "Plain (with brackets) and a back\\slash", 3.0, "#223344", "regular", "start"),
         Text(100, 30, "Centred — “quoted” ×2 …", 4.2, "#aa0000", "bold", "middle"),
         Text(200, 40, "Ends here ŁŒŽ", 2.5, "#aa0000", "italic", "end"),
         Text(10, 50, "".join(chr(c) for c in range(0x21, 0x17F) if chr(c) not in "()\\"), 2.0, "#000000",
              "regular", "start"),
         Text(10, 60, "", 2.0, "#000000", "regular", "start"),
         Text(10, 70, "Faint", 3.0, "#000000", "regular", "start", opacity=0.5),
         Text(30, 80, "Ends here ŁŒŽ", 2.5, "#000000", "italic", "middle"),  # again, after the second subset
         Text(30, 90, "Ends here ŁŒŽ", 3.5, "#000000", "italic", "start")]


class _ReportlabText(pdf._PdfPainter):
    """The painter with its lines of text written through reportlab's text object."""

    def text_object(self, item: Text, name: str, x: float) -> None:
        t = self.c.beginText()
        t.setTextTransform(1, 0, 0, -1, x, item.y)
        t.setFont(name, item.size)
        if self.known.get("fill") != item.colour:
            t.setFillColorRGB(*_rgb(item.colour))
            self.known["fill"] = item.colour
        t.textOut(item.text)
        self.c.drawText(t)


def test_lines_of_text_are_written_as_reportlabs_text_object_writes_them(monkeypatch, tmp_path):
    page = Drawing(210, 297, Group(tuple(LINES)))
    ours = write_pdf([page])
    monkeypatch.setattr(pdf, "_PdfPainter", _ReportlabText)
    theirs = write_pdf([page])
    assert ours == theirs
    (tmp_path / "t.pdf").write_bytes(ours)
    text = pypdf.PdfReader(tmp_path / "t.pdf").pages[0].extract_text()
    assert "Plain (with brackets) and a back\\slash" in text and "Ends here ŁŒŽ" in text and "Faint" in text
