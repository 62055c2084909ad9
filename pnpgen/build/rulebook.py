"""The build's rulebook step: the pack's rulebook laid out on each paper of the build as `<game>-rules-<paper>.pdf`
(two columns) and `<game>-rules-booklet-<paper>.pdf` (half-sheet pages, two to a side of a landscape sheet, to print
double-sided, fold and staple), told to the cover, and kept for the preflight and the changes."""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..draw import fonts
from ..draw.piece import RulesFile
from ..draw.primitives import Drawing
from ..errors import ContentErrors, Problems
from ..render.pdf import write_pdf


def rules_pdf_name(game_id: str, paper: str, booklet: bool = False) -> str:
    """The file a rulebook prints in: `<game>-rules-<paper>.pdf`, or `<game>-rules-booklet-<paper>.pdf`."""
    return f"{game_id}-rules-{'booklet-' if booklet else ''}{paper}.pdf"


def is_rules_pdf(rel: str, game_id: str) -> bool:
    """Whether an output file is one of the rulebook's PDFs."""
    return rel.startswith(f"{game_id}-rules-") and rel.endswith(".pdf") and "/" not in rel


@dataclass(frozen=True)
class Sheet:
    """A side of a booklet's sheet, as the changes see a page: its label and drawing."""

    drawing: Drawing
    label: str


def rulebook_step(state) -> None:
    """Lay out the rulebook on each paper (and as a booklet) and write its PDFs' bytes; nothing for a pack without
    a rulebook or a build without PDFs. A problem (a figure that cannot be drawn, a block taller than a page) stops
    the build unless forced, as a check error does."""
    game, kit, o = state.game, state.kit, state.options
    if game.rulebook is None or "pdf" not in o.formats:
        return
    from ..components.rulebook import rulebook_pages  # (the rulebook's layout loads only for a pack that has one)
    from ..render.booklet import impose_booklet

    problems = Problems()
    pages, sheets, made = {}, {}, []
    with fonts.using(fonts.for_game(game)):
        for paper in o.papers:
            state.tick(f"rulebook {paper}", 0, 0)
            flat = rulebook_pages(game, kit, paper, False, problems, o.ink_saver)
            book = rulebook_pages(game, kit, paper, True, problems, o.ink_saver)
            sides = impose_booklet([p.drawing for p in book], paper, f"{game.title} rules booklet")
            pages[rules_pdf_name(game.id, paper)] = flat
            sheets[rules_pdf_name(game.id, paper, True)] = [Sheet(d, d.title.split(": ", 1)[-1]) for d in sides]
            title = f"{game.title} {game.version}: rules"
            state.files[rules_pdf_name(game.id, paper)] = write_pdf([p.drawing for p in flat], title=title,
                                                                    author="pnpgen", subject=f"rules, {paper}")
            state.files[rules_pdf_name(game.id, paper, True)] = write_pdf(
                sides, title=f"{title} booklet", author="pnpgen", subject=f"rules booklet, {paper}",
                duplex="DuplexFlipShortEdge")
            state.notes[rules_pdf_name(game.id, paper)] = f"{len(flat)} pages, {paper}, the rules"
            state.notes[rules_pdf_name(game.id, paper, True)] = \
                f"{len(sides) // 2} sheets, {paper}, the rules as a booklet of {len(sides) * 2} pages"
            made.append(RulesFile(paper, rules_pdf_name(game.id, paper), len(flat),
                                  rules_pdf_name(game.id, paper, True), len(sides) // 2))
    state.extra["rulebook pages"] = pages
    state.extra["rulebook sheets"] = sheets
    if kit.cover is not None:
        state.kit = replace(kit, cover=replace(kit.cover, rules=tuple(made)))
    if problems.errors:
        if not o.force:
            raise ContentErrors(problems.errors)
        state.report.errors += problems.errors
        state.notes["forced"] = f"{len(state.report.errors)} check error(s) ignored (--force)"
