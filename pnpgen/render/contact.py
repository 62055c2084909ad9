"""The contact sheet: an HTML page showing every component's SVG at its printed size."""

from __future__ import annotations

from html import escape

from ..draw.piece import Kit


def svg_files(kit: Kit) -> list[tuple[str, str, str, tuple[float, float]]]:
    """(file name, piece id, side, size) of every SVG a kit writes: each piece's face, and its back if it has one."""
    out = []
    for p in kit.pieces:
        if p.copy_of:  # more copies of a piece already listed
            continue
        out.append((f"{p.id}.svg", p.id, "face", p.size))
        if p.back is not None and p.back_id is None:
            out.append((f"{p.id}-back.svg", p.id, "back", p.size))
    return out


def contact_sheet(kit: Kit, folder: str = "svg") -> str:
    """index.html: every component's SVG, grouped by section, shown at its printed size."""
    lines = ["<!DOCTYPE html>", '<html lang="en">', "<head>", '<meta charset="utf-8">',
             f"<title>{escape(kit.title)} {escape(kit.version)}: components</title>",
             "<style>",
             "body{font-family:'Bitstream Vera Sans','DejaVu Sans',Verdana,sans-serif;margin:2em;background:#eee;"
             "color:#222}",
             "section{margin-bottom:2em}h2{border-bottom:1px solid #999}",
             ".grid{display:flex;flex-wrap:wrap;gap:16px;align-items:flex-start}",
             "figure{margin:0;background:#fff;padding:8px;box-shadow:0 1px 3px #0003}",
             "figcaption{font-size:12px;margin-top:4px;max-width:100mm}img{display:block}",
             "</style>", "</head>", "<body>",
             f"<h1>{escape(kit.title)} <small>{escape(kit.version)}</small></h1>",
             f"<p>{sum(1 for _ in svg_files(kit))} components, shown at printed size "
             "(your screen's idea of a millimetre may differ).</p>"]
    files = svg_files(kit)
    by_id = {p.id: p for p in kit.pieces}
    for section in kit.sections:
        entries = [f for f in files if by_id[f[1]].section == section]
        if not entries:
            continue
        lines.append(f"<section><h2>{escape(section)}</h2><div class=\"grid\">")
        for name, pid, side, (w, h) in entries:
            p = by_id[pid]
            caption = p.name + (" (back)" if side == "back" else "")
            extra = f" × {p.count}" if p.count > 1 else ""
            lines.append(f'<figure><img src="{folder}/{escape(name)}" alt="{escape(caption)}" '
                         f'style="width:{w:.1f}mm;height:{h:.1f}mm">'
                         f"<figcaption>{escape(caption)}{extra}<br><small>{w:.0f} × {h:.0f} mm · "
                         f"{escape(name)}</small></figcaption></figure>")
        lines.append("</div></section>")
    lines += ["</body>", "</html>", ""]
    return "\n".join(lines)
