"""Units of a laid-out rulebook flowed into pages: down columns (two on A4 and Letter), a unit across every column
(a chapter's heading, a position's picture) after the columns above it are balanced, a heading kept with what follows
it, a paragraph split between columns at a line, a picture that would leave much of a page empty before it moved
after the text that follows it, never a unit lost."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace

from ...draw.primitives import Group, Item
from ...errors import Loc
from ...model.rulebook import Heading

KEEP_WITH = 10.0  # mm of what follows a heading that must fit beside it in its column
BALANCE_STEPS = 14  # halvings of the search for the shortest balanced columns
FLOAT_ROOM = 0.25  # share of a page's flow a picture may leave empty before it (more: text moves up before it)
FLOAT_STEPS = 12  # most moves of pictures past the text after them, in one flow


@dataclass(frozen=True)
class Unit:
    """A piece of the flow, drawn from (0, 0) downward: its height, whether it spans every column, whether it keeps
    with the next unit, the space above it (dropped at a column's top), how it splits to fit a height (None: it
    does not), the section it opens, and the content it comes from."""

    group: Group
    height: float
    wide: bool = False
    keep: bool = False
    gap: float = 0.0
    split: Callable[[float], tuple[Unit, Unit] | None] | None = field(default=None, compare=False)
    heading: Heading | None = None
    source: Loc | None = field(default=None, compare=False)
    name: str = ""  # what it is, in a message ('a table', 'the picture of position-01.yaml')
    floats: bool = False  # a picture: it may print after the text that follows it rather than leave a page empty


@dataclass
class Placed:
    """A unit at its place on a page."""

    unit: Unit
    x: float
    y: float


@dataclass(frozen=True)
class Frame:
    """Where a page's flow goes: the box inside its margins (above the footer), and its columns."""

    x: float
    top: float
    width: float
    bottom: float
    columns: int
    gap: float

    @property
    def column_width(self) -> float:
        """The width of one column."""
        return (self.width - (self.columns - 1) * self.gap) / self.columns


@dataclass
class Flowed:
    """Pages of placed units, and units too tall for any column (placed anyway: the preflight reports them)."""

    pages: list[list[Placed]]
    too_tall: list[Unit] = field(default_factory=list)


def flow(units: list[Unit], frame: Frame, first_top: float | None = None) -> Flowed:
    """Every unit placed on pages, in order (the first page's flow starting at `first_top`), except that a picture
    (a floating unit) that does not fit the foot of a page, where it would leave more than FLOAT_ROOM of that page
    empty, moves after the text that follows it (up to the next unit across the page), one paragraph at a time,
    while that fills the page and adds no page."""
    out = _flow(units, frame, first_top)
    for _ in range(FLOAT_STEPS):
        k = _stranded(out, units, frame)
        moved = None if k is None else _past_next(units, k)
        if moved is None:
            break
        tried = _flow(moved, frame, first_top)
        if len(tried.pages) > len(out.pages):
            break
        units, out = moved, tried
    return out


def _stranded(out: Flowed, units: list[Unit], frame: Frame) -> int | None:
    """The index in `units` of a picture that starts a page after a page left empty by more than FLOAT_ROOM."""
    for before, page in zip(out.pages, out.pages[1:]):
        if not before or not page or not page[0].unit.floats or page[0].y > frame.top + 1e-6:
            continue
        used = max(p.y + p.unit.height for p in before)
        if frame.bottom - used > FLOAT_ROOM * (frame.bottom - frame.top):
            return next((k for k, unit in enumerate(units) if unit is page[0].unit), None)
    return None


def _past_next(units: list[Unit], k: int) -> list[Unit] | None:
    """The units with the one at k moved after the next unit (and the units a heading keeps with it), or None when
    the next is across the page (a chapter's heading, another picture) or there is none."""
    j = k + 1
    if j >= len(units) or units[j].wide or units[j].floats:
        return None
    while units[j].keep and j + 1 < len(units) and not units[j + 1].wide and not units[j + 1].floats:
        j += 1
    return units[:k] + units[k + 1:j + 1] + [units[k]] + units[j + 1:]


def _flow(units: list[Unit], frame: Frame, first_top: float | None = None) -> Flowed:
    """Every unit placed on pages, in order."""
    out = Flowed([[]])
    y = frame.top if first_top is None else first_top
    k = 0
    while k < len(units):
        unit = units[k]
        if unit.wide or frame.columns == 1:
            y = _wide(out, frame, unit, units[k + 1:k + 4], y)
            k += 1
            continue
        end = k
        while end < len(units) and not units[end].wide:
            end += 1
        y = _columns(out, frame, list(units[k:end]), y, balance=True)
        k = end
    return out


def _new_page(out: Flowed, frame: Frame) -> float:
    out.pages.append([])
    return frame.top


def _wide(out: Flowed, frame: Frame, unit: Unit, following: list[Unit], y: float) -> float:
    gap = unit.gap if y > frame.top + 1e-6 else 0.0
    need = unit.height + (_kept(following, frame.bottom - frame.top - unit.height) if unit.keep else 0.0)
    if unit.split is not None and y + gap + unit.height > frame.bottom + 1e-6:  # one column: split at the page end
        parts = unit.split(frame.bottom - y - gap)
        if parts is not None:
            head, tail = parts
            out.pages[-1].append(Placed(head, frame.x, y + gap))
            return _wide(out, frame, replace(tail, gap=0.0), following, _new_page(out, frame))
    if y + gap + need > frame.bottom + 1e-6 and y > frame.top + 1e-6:
        y, gap = _new_page(out, frame), 0.0
        return _wide(out, frame, unit, following, y)
    if y + gap + unit.height > frame.bottom + 1e-6:
        out.too_tall.append(unit)
    out.pages[-1].append(Placed(unit, frame.x, y + gap))
    return y + gap + unit.height


def _kept(following: list[Unit], most: float) -> float:
    """What must fit below a heading: the headings right after it, then the first lines of what they head."""
    need = 0.0
    for unit in following:
        if not unit.keep:
            return need + unit.gap + _first_height(unit, most - need)
        need += unit.gap + unit.height
    return need


def _first_height(unit: Unit | None, most: float = 1e9) -> float:
    """How much of a unit must fit beside the heading before it: its first lines, or (one that does not split) all
    of it, unless it is too tall for any column (`most`) anyway."""
    if unit is None:
        return 0.0
    if unit.split is not None:
        for room in (KEEP_WITH, 2.5 * KEEP_WITH):  # (a paragraph's first lines; a table's header and two rows)
            parts = unit.split(room)
            if parts is not None:
                return parts[0].height
        return min(unit.height, KEEP_WITH) if unit.height > most else unit.height
    return unit.height if unit.height <= most else 0.0


def _columns(out: Flowed, frame: Frame, run: list[Unit], y: float, balance: bool) -> float:
    """A run of column units from height y on: full columns page after page, the last page's balanced."""
    while run:
        room = frame.bottom - y
        placed, rest, used = _fill(run, frame, room)
        if rest and not placed:  # nothing fits below y on this page: start a new one
            if y > frame.top + 1e-6:
                y = _new_page(out, frame)
                continue
            placed, rest, used = _fill(run, frame, room, force=True)
        if not rest and balance and frame.columns > 1:
            placed, used = _balanced(run, frame, room, placed, used)
        for unit, column, at in placed:
            out.pages[-1].append(Placed(unit, frame.x + column * (frame.column_width + frame.gap), y + at))
            if at + unit.height > room + 1e-6:
                out.too_tall.append(unit)
        if rest:
            y = _new_page(out, frame)
            run = rest
        else:
            return y + used
    return y


def _balanced(run: list[Unit], frame: Frame, room: float, placed, used: float):
    """The shortest column height (down to the tallest single unit) that still holds the whole run."""
    low, high = max(used / frame.columns, 0.0), used
    best = (placed, used)
    for _ in range(BALANCE_STEPS):
        if high - low < 0.5:
            break
        mid = (low + high) / 2
        tried, rest, tried_used = _fill(run, frame, mid)
        if rest:
            low = mid
        else:
            best, high = (tried, tried_used), mid
    return best


def _fill(run: list[Unit], frame: Frame, height: float, force: bool = False):
    """Units placed down the columns of a band `height` tall: ([(unit, column, y)], the units left, the height the
    fullest column takes). `force`: the first unit goes in even when it does not fit (it is taller than a page)."""
    placed: list[tuple[Unit, int, float]] = []
    column, y, used = 0, 0.0, 0.0
    queue = list(run)
    while queue and column < frame.columns:
        unit = queue[0]
        gap = unit.gap if y > 1e-6 else 0.0
        after = _kept(queue[1:4], frame.bottom - frame.top - unit.height) if unit.keep else 0.0
        fits = y + gap + unit.height + after <= height + 1e-6
        if fits or (force and not placed):
            placed.append((unit, column, y + gap))
            y += gap + unit.height
            used = max(used, y)
            queue.pop(0)
            continue
        if unit.split is not None and not unit.keep:
            parts = unit.split(height - y - gap)
            if parts is not None:
                head, tail = parts
                placed.append((head, column, y + gap))
                used = max(used, y + gap + head.height)
                queue[0] = replace(tail, gap=0.0)
        if y <= 1e-6 and not placed and not force:  # not even a part of it fits an empty column
            return placed, queue, used
        column, y = column + 1, 0.0
    return placed, queue, used


def page_items(placed: list[Placed]) -> list[Item]:
    """The drawing of a page's placed units."""
    return [Group((p.unit.group,), (1, 0, 0, 1, p.x, p.y)) for p in placed]
