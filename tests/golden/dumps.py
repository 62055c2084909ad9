"""Text dumps that golden files store: every component's primitives, and seeded playthroughs."""

from __future__ import annotations

from pnpgen.components import layout_kit
from pnpgen.draw.dump import dump_lines, number
from pnpgen.loader import load_game


def kit_dump(pack: str) -> str:
    """Every piece of a bundled pack, face and back, as primitives in drawing order."""
    kit = layout_kit(load_game(pack))
    lines = [f"kit {kit.game_id} {kit.title!r} version {kit.version}: {len(kit.pieces)} pieces"]
    for piece in kit.pieces:
        w, h = piece.size
        lines.append(f"piece {piece.id} {piece.name!r} {piece.kind or '-'} section={piece.section!r} "
                     f"{number(w)}x{number(h)} bleed={number(piece.bleed)} count={piece.count} cut={piece.cut} "
                     f"flow={piece.flow}")
        lines.append(" face")
        lines.extend("  " + line for line in dump_lines(piece.face))
        if piece.back is not None:
            lines.append(f" back{' of ' + piece.back_id if piece.back_id else ''}")
            lines.extend("  " + line for line in dump_lines(piece.back))
    return "\n".join(lines) + "\n"
