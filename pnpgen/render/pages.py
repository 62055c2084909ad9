"""Sheets turned into pages: faces, backs mirrored for long-edge duplex or a fold, footers with page n of N."""

from __future__ import annotations

from dataclasses import dataclass

from ..draw.geometry import Matrix, compose, multiply, rotate, scale, translate
from ..draw.piece import Kit
from ..draw.primitives import Drawing, Group, Item, Rect, Style
from .cover import cover_bodies
from .marks import Seg, crop_marks, fold_line, footer_band, place_band
from .sheet import Placed, Sheet

DUPLEX_MODES = ("long-edge", "fold", "none")


@dataclass(frozen=True)
class Page:
    """A page ready to write, with what tests and tools need to know about it."""

    drawing: Drawing
    role: str  # cover | face | back | blank | fold (faces and backs on one page)
    label: str
    trims: tuple[tuple[str, str, float, float, float, float], ...]  # (piece id, side, x, y, w, h)
    marks: tuple[Seg, ...]
    band: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 0.0)  # where the footer band prints (x, y, w, h)


def face_matrix(p: Placed) -> Matrix:
    """Piece coordinates to page coordinates for a placed piece (turned, scaled)."""
    s = p.scale
    pw, ph = p.piece.width * s, p.piece.height * s
    rot = p.rotation % 360
    if rot == 90:
        return compose(translate(p.x + ph, p.y), rotate(90), scale(s))
    if rot == 180:
        return compose(translate(p.x + pw, p.y + ph), rotate(180), scale(s))
    if rot == 270:
        return compose(translate(p.x, p.y + pw), rotate(270), scale(s))
    return compose(translate(p.x, p.y), scale(s)) if s != 1 else translate(p.x, p.y)


def mirror_matrix(sheet: Sheet, mode: str) -> Matrix:
    """How a front position maps to the position printed on the other side (or below the fold)."""
    if mode == "fold":
        return (1.0, 0.0, 0.0, -1.0, 0.0, 2 * (sheet.fold or sheet.paper.height / 2))
    return (-1.0, 0.0, 0.0, 1.0, sheet.paper.width, 0.0)


def _rect_through(m: Matrix, r) -> tuple[float, float, float, float]:
    x, y, w, h = r
    xs = [m[0] * px + m[2] * py + m[4] for px, py in ((x, y), (x + w, y + h))]
    ys = [m[1] * px + m[3] * py + m[5] for px, py in ((x, y), (x + w, y + h))]
    return (min(xs), min(ys), abs(xs[1] - xs[0]), abs(ys[1] - ys[0]))


def _face(p: Placed) -> Item:
    g = Group((p.piece.face,), face_matrix(p))
    return Group((g,), clip=Rect(*p.clip, Style())) if p.clip else g


def _back(p: Placed, page_mirror: Matrix, offset: tuple[float, float]) -> tuple[Item, tuple]:
    mirror_card = (-1.0, 0.0, 0.0, 1.0, p.piece.width, 0.0)  # a card turned over about its own upright axis
    shift = translate(*offset)
    m = compose(shift, page_mirror, face_matrix(p), mirror_card)
    g = Group((p.piece.back,), m)
    clip = _rect_through(multiply(shift, page_mirror), p.clip) if p.clip else None
    trim = _rect_through(multiply(shift, page_mirror), p.trim)
    return (Group((g,), clip=Rect(*clip, Style())) if clip else g), trim


MIRRORED_BAND = {"bottom": "bottom", "right": "left", "left": "right"}


def _band(sheet: Sheet, t, text: str, back: bool = False) -> Item:
    """The footer band; on a back page it sits behind the face's band, clear of the mirrored pieces."""
    paper = sheet.paper
    side = MIRRORED_BAND[sheet.band] if back else sheet.band
    length = (paper.width if side == "bottom" else paper.height) - 2 * t["margin"]
    return place_band(footer_band(length, t["band"], text, t["note"], t), side, paper.width, paper.height,
                      t["margin"], t["band"])


def band_rect(sheet: Sheet, t, back: bool = False) -> tuple[float, float, float, float]:
    """The rectangle the footer band takes on a page: (x, y, w, h)."""
    paper, m = sheet.paper, t["margin"]
    side = MIRRORED_BAND[sheet.band] if back else sheet.band
    if side == "bottom":
        return (m, paper.height - m - t["band"], paper.width - 2 * m, t["band"])
    x = m if side == "left" else paper.width - m - t["band"]
    return (x, m, t["band"], paper.height - 2 * m)


def page_plan(sheets: list[Sheet], duplex: str, blank_backs: bool = False) -> list[tuple[str, Sheet]]:
    """The pages sheets print on, as (role, sheet). Long-edge: for each player group in turn (the game's own, then
    each variant's), each sheet with backs followed by its backs, then the sheets with nothing on their backs, one
    page each, to print single-sided (with `blank_backs`, every sheet in its place, followed by its backs or a
    blank page, so the whole file prints double-sided). Fold: faces and backs of a sheet on one page. None: faces
    only."""
    if duplex == "fold":
        return [("fold" if s.has_backs else "face", s) for s in sheets]
    if duplex != "long-edge" or not any(s.has_backs for s in sheets):
        return [("face", s) for s in sheets]
    if blank_backs:
        return [(role, s) for s in sheets for role in ("face", "back" if s.has_backs else "blank")]
    groups: dict[str, list[Sheet]] = {}
    for s in sheets:
        groups.setdefault(s.group, []).append(s)
    return [page for mine in groups.values() for page in
            [(role, s) for s in mine if s.has_backs for role in ("face", "back")] +
            [("face", s) for s in mine if not s.has_backs]]


def double_sided(plan: list[tuple[str, Sheet]], lead: int) -> list[int]:
    """The page numbers of a plan that print double-sided (faces with their backs or blanks), `lead` pages before."""
    paired = {n for n, (role, _s) in enumerate(plan) if role in ("back", "blank")}
    return sorted(lead + 1 + n for k in paired for n in (k - 1, k))


def build_pages(sheets: list[Sheet], t, title: str, version: str, duplex: str = "long-edge",
                back_offset: tuple[float, float] = (0.0, 0.0), kit: Kit | None = None,
                blank_backs: bool = False) -> list[Page]:
    """Pages for sheets, in the order of page_plan. Given the kit, a cover opens the file (with a blank back, for
    a whole file printed double-sided, when it takes an odd number of pages)."""
    plan = page_plan(sheets, duplex, blank_backs)
    bodies: list[Group] = []
    lead = 0
    if kit is not None and sheets:
        bodies, lead = _cover(kit, sheets, plan, t, duplex, blank_backs)
    total = lead + len(plan)
    pages: list[Page] = []
    paper = sheets[0].paper if sheets else None
    for k in range(lead):
        role = "cover" if k < len(bodies) else "blank"
        label = {"cover": "Cover", "printing": "How to print"}.get(bodies[k].label, "Cover (continued)") \
            if role == "cover" else f"back of page {k}: intentionally blank"
        cover_sheet = Sheet(paper, "bottom", label)
        text = f"{title} {version}  ·  {label}  ·  page {k + 1} of {total}"
        items = ([bodies[k]] if role == "cover" else []) + [_band(cover_sheet, t, text)]
        pages.append(Page(Drawing(paper.width, paper.height, Group(tuple(items)), f"{title}: {label}"), role, label,
                          (), (), band_rect(cover_sheet, t)))
    for n, (role, s) in enumerate(plan, start=lead + 1):
        items: list[Item] = []
        trims: list = []
        marks: tuple = ()
        label = s.label
        if role in ("face", "fold"):
            for p in s.placed:
                items.append(_face(p))
                trims.append((p.piece.id, "face", *p.trim))
            items += s.extras
            if s.marks:
                items.append(crop_marks(s.marks, t))
            marks = tuple(s.marks)
        if role in ("back", "fold"):
            mirror = mirror_matrix(s, "fold" if role == "fold" else "long-edge")
            for p in s.placed:
                if p.piece.back is None:
                    continue
                item, trim = _back(p, mirror, back_offset)
                items.append(item)
                trims.append((p.piece.back_id or p.piece.id, "back", *trim))
            label = s.label + " (backs)" if role == "back" else s.label + " (faces above, backs below the fold)"
        if role == "fold":
            items.append(fold_line(s.fold or s.paper.height / 2, s.paper.width, t["margin"]))
        if role == "blank":
            label = f"back of page {n - 1}: intentionally blank"
        text = f"{title} {version}  ·  {label}  ·  page {n} of {total}"
        items.append(_band(s, t, text, back=role == "back"))
        drawing = Drawing(s.paper.width, s.paper.height, Group(tuple(items)), f"{title}: {label}")
        pages.append(Page(drawing, role, label, tuple(trims), marks, band_rect(s, t, back=role == "back")))
    return pages


def _cover(kit: Kit, sheets: list[Sheet], plan: list[tuple[str, Sheet]], t, duplex: str,
           blank_backs: bool = False) -> tuple[list[Group], int]:
    """The cover's page bodies and how many pages open the file (the cover and, for a file printed double-sided
    whole, a blank back when it takes an odd number), laid out until its page numbers agree with where it leaves
    the sheets."""
    n = 1
    whole = duplex == "long-edge" and any(role in ("back", "blank") for role, _s in plan) and blank_backs
    for _ in range(4):
        lead = n + (n % 2 if whole else 0)
        page_of, per_count = page_map(kit, plan, lead)
        sides = None
        if duplex == "long-edge" and not whole:
            sides = double_sided(plan, lead)
        bodies = cover_bodies(kit, sheets, page_of, per_count, lead + len(plan), sheets[0].paper, t, duplex, t["band"],
                              sides)
        if len(bodies) == n:
            break
        n = len(bodies)
    return bodies, lead


def page_map(kit: Kit, plan: list[tuple[str, Sheet]], lead: int) -> tuple[dict[str, list[int]], dict[int, list[int]]]:
    """Where each piece prints (its face pages) and which pages each player count needs: the cover, then every
    sheet holding a piece that count uses, with the page printed on its back."""
    page_of: dict[str, list[int]] = {}
    counts = kit.cover.players if kit.cover else ()
    per_count: dict[int, list[int]] = {c: list(range(1, lead + 1)) for c in counts}
    for i, (role, s) in enumerate(plan):
        n = lead + i + 1
        if role in ("face", "fold"):
            for p in s.placed:
                page_of.setdefault(p.piece.id, []).append(n)
        for c in counts:
            if any(not p.piece.players or c in p.piece.players for p in s.placed):
                per_count[c].append(n)
    return page_of, per_count
