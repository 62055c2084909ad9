"""The print preflight: what `check` proves about the printed kit of any game, each finding located in content.

- Colours players must tell apart (suits, tokens of one kind) are compared in grey and as colour-blind players
  see them; a pair closer than GREY_MIN_DELTA_L (CIE L*) in grey, or than CVD_MIN_DELTA_E (CIEDE2000) under
  simulated protanopia, deuteranopia or tritanopia, warns unless both carry distinct marks that stay visible in
  play (a symbol, a letter). Two that share both colour and mark (or have none) are an error: nothing tells them
  apart. ΔL* 20 is about one step of a five-step grey scale, what a home printer reliably
  keeps apart; ΔE00 12 is well above the just-noticeable 2.3, the distance of colours named differently.
- A character the font in use cannot draw is an error.
- Text printed under MIN_TYPE_PT warns; text that does not fit its box, shrinks under it to fit, or runs into a
  strip of the piece it is not part of is an error (see textfit.py).
- Text or symbols closer than SAFE_ZONE_MM to the trim of a piece cut along crop marks warn.
- Ink within the printer margin (PRINTER_MARGIN_MM unless asked otherwise) of an imposed page's edge warns.
- A PNG or JPEG picture that would print at fewer than MIN_DPI pixels per inch at its printed size warns: at
  200 dpi a home printer's output starts to look soft; below it, pixels show.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from itertools import combinations

from ..draw import fonts
from ..draw.bounds import Box, ink_box, outline_box, primitive_box, through
from ..draw.geometry import IDENTITY, Matrix, multiply
from ..draw.piece import ColourKey, Kit, Piece
from ..draw.primitives import Group, Image, Item, Text
from ..draw.units import MM_PER_PT
from ..draw.vision import DICHROMACY, delta_e2000, lightness, seen_with
from ..errors import Loc, Problems
from .findings import Findings as _Findings
from .textfit import MIN_TYPE_PT, check_fits

GREY_MIN_DELTA_L = 20.0
CVD_MIN_DELTA_E = 12.0
SAFE_ZONE_MM = 3.0
PRINTER_MARGIN_MM = 5.0
MIN_DPI = 200.0


def preflight(kit: Kit, problems: Problems, game_loc: Loc | None = None, pages: dict | None = None,
              sheet=None, printer_margin: float = PRINTER_MARGIN_MM) -> None:
    """Check a laid-out kit (and its imposed pages by paper, if given) for print; findings go to `problems`."""
    glyphs, small, unsafe, coarse = _Findings(), _Findings(), _Findings(), _Findings()
    boxes: dict[int, Box | None] = {}  # the ink box of each group measured (pages place the pieces' drawings)
    shrunk = check_fits(kit.pieces, problems, boxes)  # (text shrunk under the minimum is an error there)
    body: list[tuple[Piece, dict[str, list[float]]]] = []  # each card's text sizes by role, from the same walk
    for piece in kit.pieces:
        for side, drawing in (("face", piece.face), ("back", piece.back)):
            if drawing is None or (side == "back" and piece.kind == "card"):
                continue  # a card's back is its deck's, checked once as the deck's back piece
            sizes = None
            if piece.kind == "card" and side == "face":
                body.append((piece, sizes := {}))
            _check_piece_side(piece, side, drawing, glyphs, small, unsafe, coarse, shrunk, boxes, sizes)
    _colours(kit, problems)
    _body_sizes(body, problems)
    if pages:
        drawn = {id(p.face) for p in kit.pieces} | {id(p.back) for p in kit.pieces if p.back is not None}
        _pages(pages, drawn, game_loc, sheet, printer_margin, glyphs, problems, boxes)
    glyphs.report(problems, "error")
    small.report(problems, "warning")
    unsafe.report(problems, "warning")
    coarse.report(problems, "warning")


BODY_SPREAD_PT = 0.5  # a deck's body text at sizes further apart than this reads as unfinished


def _body_sizes(body: list[tuple[Piece, dict[str, list[float]]]], problems: Problems) -> None:
    """A warning for each deck whose cards set their body text (the rules text: a classic card's needs and effect,
    an element's text running over more than one line) at sizes more than BODY_SPREAD_PT apart; `body`: each
    card's sizes (pt) of its text by role. (Cards are told apart by identity: hashing a piece hashes its drawing.)"""
    decks: dict[str, dict[str, list[tuple[float, Piece]]]] = {}
    for piece, lines in body:
        for role, sizes in lines.items():
            if role.endswith((" effect text", " requires text")) or (" element '" in role and len(sizes) > 1):
                region = role.rsplit("' ", 1)[-1]  # the same region of each card, whichever template it has
                decks.setdefault(piece.part_of or piece.name, {}).setdefault(region, []).append((min(sizes), piece))
    for deck, roles in decks.items():
        for role, by_card in roles.items():
            (low, smallest), (high, largest) = min(by_card, key=_first), max(by_card, key=_first)
            if high - low > BODY_SPREAD_PT + 1e-6:
                problems.warn(largest.source, f"deck '{deck}': its cards set their body text ({role}) at {low:.2f} "
                              f"(card '{smallest.name}') to {high:.2f} pt (card '{largest.name}'); a deck reads as one "
                              "at one size: give its cards one text size (one template), with text that fits it")


def _first(pair: tuple) -> float:
    return pair[0]


def _name(piece: Piece, side: str) -> str:
    kind = piece.kind.replace("-", " ") or "piece"
    return f"{kind} '{piece.name}'" + (" back" if side == "back" and piece.kind != "card-back" else "")


def _walk(item: Item, m: Matrix, source: Loc | None) -> Iterator[tuple[Item, Matrix, Loc | None]]:
    """(primitive or symbol group, transform, innermost content source), in drawing order; symbols and icons come
    whole."""
    stack = [(item, m, source)]
    while stack:
        item, m, source = stack.pop()
        if isinstance(item, Group):
            source = item.source or source
            if item.label.startswith(("symbol ", "icon ")):
                yield item, m, source
                continue
            inner = multiply(m, item.transform) if item.transform else m
            stack.extend((child, inner, source) for child in reversed(item.items))
        else:
            yield item, m, source


def _check_piece_side(piece: Piece, side: str, drawing: Group, glyphs: _Findings, small: _Findings,
                      unsafe: _Findings, coarse: _Findings, shrunk: set[int] = frozenset(),
                      boxes: dict[int, Box | None] | None = None,
                      body: dict[str, list[float]] | None = None) -> None:
    where = _name(piece, side)
    trimmed = piece.cut == "marks"
    w, h = piece.size
    least = SAFE_ZONE_MM - 1e-6
    for item, m, source in _walk(drawing, IDENTITY, piece.source):
        if isinstance(item, Text):
            source = item.source or source
            _glyphs(item, source, where, glyphs)
            scale = 1.0 if m[0] == m[3] == 1.0 and m[1] == m[2] == 0 else abs(m[0] * m[3] - m[1] * m[2]) ** 0.5
            size_pt = item.size * scale / MM_PER_PT
            if body is not None and item.role and item.text.strip():
                body.setdefault(item.role, []).append(size_pt)
            if size_pt < MIN_TYPE_PT - 1e-6 and id(item) not in shrunk and item.text.strip():
                what, key = _text_what(item, piece)
                small.add(("size", *key, round(size_pt, 2)), item.set_by or source,
                          f"{what} prints at {size_pt:.2f} pt, under {MIN_TYPE_PT:g} pt: too small to read", where)
            if not trimmed:
                continue
            box = through(m, primitive_box(item))
            if box is None:
                continue
            inside = min(box[0], box[1], w - box[2], h - box[3])
            if inside < least:
                what, key = _text_what(item, piece)
                _unsafe(unsafe, key, inside, item.set_by or source, what, where)
        elif isinstance(item, Group):
            if not trimmed:
                continue
            box = through(m, ink_box(item, boxes))
            if box is None:
                continue
            inside = min(box[0], box[1], w - box[2], h - box[3])
            if inside < least:
                what = item.label.replace("symbol ", "symbol '").replace("icon ", "icon '") + "'"
                _unsafe(unsafe, (None, piece.kind, what), inside, source, what, where)
        elif isinstance(item, Image):
            _resolution(item, m, item.source or source, where, coarse)


def _text_what(item: Text, piece: Piece) -> tuple[str, tuple]:
    """What a finding calls a line of text, and the key it is gathered by: text a template region sets is one
    finding at its template value; other text, one per size and kind."""
    sample = item.text.strip()[:24]
    key = (item.set_by, item.role) if item.role else (None, piece.kind)
    return (f"{item.role} '{sample}'" if item.role else f"text such as '{sample}'"), key


def _unsafe(unsafe: _Findings, key: tuple, inside: float, cause: Loc | None, what: str, where: str) -> None:
    unsafe.add(("safe", *key, round(inside, 1)), cause,
               f"{what} is {max(inside, 0.0):.1f} mm from the trim{' (it crosses it)' if inside < 0 else ''}; keep "
               f"text and symbols {SAFE_ZONE_MM:g} mm inside, where a cut that strays cannot reach", where)


def _resolution(item: Image, m: Matrix, source: Loc | None, where: str, coarse: _Findings) -> None:
    """Warn when a picture has fewer than MIN_DPI pixels per inch at the size it prints."""
    width_mm = abs(item.w) * (m[0] ** 2 + m[1] ** 2) ** 0.5
    height_mm = abs(item.h) * (m[2] ** 2 + m[3] ** 2) ** 0.5
    if width_mm <= 0 or height_mm <= 0:
        return
    px, py = item.raster.pixels
    dpi = min(px / width_mm, py / height_mm) * 25.4
    if dpi >= MIN_DPI - 1e-6:
        return
    need = (math.ceil(width_mm / 25.4 * MIN_DPI), math.ceil(height_mm / 25.4 * MIN_DPI))
    coarse.add(("dpi", source, item.raster.name, round(dpi)), source,
               f"image '{item.raster.name}' ({px} x {py} pixels) prints at {dpi:.0f} dpi over {width_mm:.1f} x "
               f"{height_mm:.1f} mm, under {MIN_DPI:g} dpi: it will look soft or blocky (use a file of at least "
               f"{need[0]} x {need[1]} pixels, or an SVG)", where)


def _glyphs(item: Text, source: Loc | None, where: str, glyphs: _Findings) -> None:
    face = fonts.face(item.font)
    for c in face.lacks(item.text):
        glyphs.add(("glyph", source, c, face.pdf_name), source,
                   f"U+{ord(c):04X} '{c}' in '{item.text.strip()[:40]}' is not in the font {face.family} "
                   f"({item.font}, {face.path.name}); it would not print (use a font that has it, or other "
                   "characters)", where)


def _colours(kit: Kit, problems: Problems) -> None:
    """Warn for colours players must tell apart that look alike in grey or to colour-blind players."""
    sets: dict[str, dict[str, ColourKey]] = {}
    for piece in kit.pieces:
        for key in piece.keys:
            sets.setdefault(key.among, {}).setdefault(key.member, key)
    for among, members in sets.items():
        for a, b in combinations(members.values(), 2):
            if a.mark and b.mark and a.mark != b.mark:
                continue  # told apart by their marks too
            if a.colour.lower() == b.colour.lower():  # the worst look-alike: nothing tells them apart
                shared = f"the same mark ({a.mark})" if a.mark else "no mark"
                problems.error(a.source, f"{among}: {a.member} and {b.member} (at {b.source}) have the same colour "
                               f"({a.colour}) and {shared}, so players cannot tell them apart; change a colour, or "
                               "print a distinct symbol or letter on each")
                continue
            close = _too_close(a.colour, b.colour)
            if close:
                why = "; ".join(close)
                problems.warn(a.source, f"{among}: {a.member} ({a.colour}) and {b.member} ({b.colour}, at {b.source}) "
                              f"differ by colour alone and look alike {why}; change a colour, or print a distinct "
                              "symbol or letter on each where play leaves it visible")


def _too_close(a: str, b: str) -> list[str]:
    """How two colours fail to be told apart (empty: they are told apart), with the figures."""
    out = []
    la, lb = lightness(a), lightness(b)
    if abs(la - lb) < GREY_MIN_DELTA_L:
        out.append(f"in grey (L* {la:.0f} and {lb:.0f}: ΔL* {abs(la - lb):.1f} < {GREY_MIN_DELTA_L:g})")
    for kind in DICHROMACY:
        d = delta_e2000(seen_with(a, kind), seen_with(b, kind))
        if d < CVD_MIN_DELTA_E:
            out.append(f"with {kind} (ΔE00 {d:.1f} < {CVD_MIN_DELTA_E:g})")
    return out


def _label(item: Item) -> str:
    """The first label under an item, depth first: what a page item is."""
    if isinstance(item, Group):
        if item.label:
            return item.label
        for child in item.items:
            found = _label(child)
            if found:
                return found
    return ""


def _pages(pages: dict, drawn: set[int], game_loc: Loc | None, sheet, margin: float, glyphs: _Findings,
           problems: Problems, boxes: dict[int, Box | None] | None = None) -> None:
    """Ink within the printer margin on imposed pages; glyphs of the sheet furniture (footers, notes); `boxes`
    holds the ink boxes of groups already measured."""
    near = _Findings()
    boxes = {} if boxes is None else boxes
    for paper, paper_pages in pages.items():
        for n, page in enumerate(paper_pages, start=1):
            d = page.drawing
            for item, _m, _source in _walk_furniture(d.root, drawn):
                _glyphs(item, game_loc, f"{paper} page {n}", glyphs)
            for item in d.root.items:
                bound = _clip_bound(item)
                if bound is not None and min(bound[0], bound[1], d.width - bound[2], d.height - bound[3]) >= \
                        margin - 1e-6:
                    continue  # its ink lies inside its clip (a piece's bleed), which keeps clear of the margin
                box = ink_box(item, boxes)
                if box is None:
                    continue
                gap = min(box[0], box[1], d.width - box[2], d.height - box[3])
                if gap >= margin - 1e-6:
                    continue
                label = _label(item) or "artwork"
                what = label if label in ("crop marks", "footer", "fold", "target", "scale bars") else "artwork"
                key = "mark_margin" if what == "crop marks" else "margin"
                loc = sheet.loc_of(key) if sheet is not None else None
                near.add(("margin", paper, what), loc,
                         f"{paper}: {_SHEET_ITEMS.get(what, 'printed components come')} within {max(gap, 0):.1f} mm "
                         f"of the paper edge, inside the printer margin of {margin:g} mm where home printers print "
                         "nothing", f"page {n}" + (f" ({label})" if what == "artwork" else ""))
    near.report(problems, "warning")


def _clip_bound(item: Item) -> Box | None:
    """The page box a group clips what it draws to (None: it clips nothing)."""
    if not isinstance(item, Group) or item.clip is None:
        return None
    box = outline_box(item.clip)
    return through(item.transform, box) if item.transform else box


_SHEET_ITEMS = {"crop marks": "crop marks come", "footer": "the footer (scale bars, print note, page text) comes",
                "fold": "the fold line comes", "target": "alignment targets come", "scale bars": "scale bars come"}


def _walk_furniture(root: Group, drawn: set[int]) -> Iterator[tuple[Text, Matrix, Loc | None]]:
    """The text of a page that no piece draws: footers, notes, labels."""
    stack: list[Item] = [root]
    while stack:
        item = stack.pop()
        if isinstance(item, Group):
            if id(item) not in drawn:
                stack.extend(item.items)
        elif isinstance(item, Text):
            yield item, IDENTITY, None


def rulebook_preflight(files: dict, problems: Problems, book_loc: Loc | None,
                       printer_margin: float = PRINTER_MARGIN_MM) -> None:
    """The print preflight of a rulebook's PDFs (file name -> pages): characters the font lacks, type under
    MIN_TYPE_PT, a word wider than its column (errors at the text's source), ink within the printer margin."""
    glyphs, small, wide = _Findings(), _Findings(), _Findings()
    for name, pages in files.items():
        for n, page in enumerate(pages, start=1):
            where = f"{name} page {n}"
            stack: list[tuple[Item, Matrix, Loc | None, bool]] = [(page.drawing.root, IDENTITY, None, False)]
            while stack:
                item, m, source, pictured = stack.pop()
                if isinstance(item, Group):
                    source = item.source or source
                    fit = item.fit
                    if fit is not None and fit.too_wide and not fit.reported and not pictured:
                        wide.add(("wide", source, fit.too_wide), source,
                                 f"rulebook: '{fit.too_wide}' is wider than its column ({fit.box[2]:.1f} mm): it "
                                 "prints over what is beside it (shorten the word, or give the table fewer "
                                 "columns)", where)
                    inner = multiply(m, item.transform) if item.transform else m
                    inside = pictured or item.label == "picture"  # (a card or a board drawn small: not to read)
                    stack.extend((child, inner, source, inside) for child in reversed(item.items))
                    continue
                if not isinstance(item, Text):
                    continue
                source = item.source or source
                _glyphs(item, source or book_loc, where, glyphs)
                scale = abs(m[0] * m[3] - m[1] * m[2]) ** 0.5
                size_pt = item.size * scale / MM_PER_PT
                if size_pt < MIN_TYPE_PT - 1e-6 and item.text.strip() and not pictured:
                    small.add(("size", name, round(size_pt, 2)), source or book_loc,
                              f"text such as '{item.text.strip()[:24]}' prints at {size_pt:.2f} pt, under "
                              f"{MIN_TYPE_PT:g} pt: too small to read", where)
    _pages(files, set(), book_loc, None, printer_margin, glyphs, problems)
    glyphs.report(problems, "error")
    wide.report(problems, "error")
    small.report(problems, "warning")
