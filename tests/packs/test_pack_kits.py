"""Print kits of the Enemy in Sight and Seas of Havoc packs: pages, fonts, SVGs, rebuilds, and what a person sees."""

from __future__ import annotations

import math
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
from dataclasses import replace
from pathlib import Path

import pypdf
import pytest
from click.testing import CliRunner
from kit.pages import inked_margins

from pnpgen.build.pipeline import BuildOptions, BuildState, build
from pnpgen.cli import main
from pnpgen.components.aids import SPEC as AID_SPEC
from pnpgen.components.board import SPEC as BOARD_SPEC
from pnpgen.components.board import board_piece, square_origin
from pnpgen.components.context import Ctx
from pnpgen.draw.colour import hexcolour, luminance, rgb, tint
from pnpgen.draw.primitives import Group, Rect, Text, walk
from pnpgen.draw.primitives import Path as PathItem
from pnpgen.draw.templates import Templates
from pnpgen.errors import Problems
from pnpgen.render.paper import PAPERS

PACKS = ("enemy-in-sight", "seas-of-havoc")
# Pages of each kit (long-edge duplex, so every sheet is a face page and a back page), opening with the cover and
# the printing steps. Seas of Havoc: sheets of cards (4 starting decks of 8, 36 Market,
# 16 upgrades, 20 Damage, 6 spares, decks sharing sheets), the island, Market, piles and sea boards (tokens below
# them), and sheets of ship boards, aids and tokens; Enemy in Sight: its two decks, a Turn Sequence aid for each of
# up to 5 players, the score pad and the chits.
PAGES = {"enemy-in-sight": {"a4": 34, "letter": 36}, "seas-of-havoc": {"a4": 37, "letter": 40}}
BLANK_BACKS = {"enemy-in-sight": {"a4": 38, "letter": 40}, "seas-of-havoc": {"a4": 46, "letter": 50}}  # --blank-backs
PT = 72 / 25.4
SVG = "{http://www.w3.org/2000/svg}"
needs_pdftoppm = pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="pdftoppm (poppler-utils) is missing")


def assert_printed_in_order(pages) -> None:
    """The cover; then for each player group, each sheet with backs followed by its backs, then the sheets with
    nothing on their backs, one page each: no blank page anywhere."""
    roles = "".join({"cover": "c", "face": "f", "back": "b", "blank": "_"}[p.role] for p in pages)
    assert re.fullmatch(r"c+((fb)*f*)+", roles) and "_" not in roles, roles
    assert all(pages[k].trims and pages[k + 1].trims for k, r in enumerate(roles) if r == "f" and
               k + 1 < len(roles) and roles[k + 1] == "b")


@pytest.fixture(scope="module")
def builds(tmp_path_factory):
    """Builds each pack once for this module: name -> (state, output folder) of a full build (A4 and Letter, PDF
    and SVG, no simulation)."""
    done: dict[str, tuple[BuildState, Path]] = {}

    def get(name: str) -> tuple[BuildState, Path]:
        if name not in done:
            out = tmp_path_factory.mktemp(name)
            state = build(BuildOptions(game=name, out=out, sim_games=0))
            done[name] = (state, out / state.game.id)
        return done[name]
    return get


@pytest.fixture(params=PACKS)
def kit(request, builds) -> tuple[BuildState, Path]:
    """Each pack's build in turn."""
    return builds(request.param)


@pytest.fixture
def eis(builds) -> tuple[BuildState, Path]:
    """The Enemy in Sight build."""
    return builds("enemy-in-sight")


@pytest.fixture
def soh(builds) -> tuple[BuildState, Path]:
    """The Seas of Havoc build."""
    return builds("seas-of-havoc")


def _pdf(kit, paper: str) -> pypdf.PdfReader:
    state, folder = kit
    return pypdf.PdfReader(str(folder / f"{state.game.id}-{paper}.pdf"))


def _texts(item) -> list[str]:
    return [p.text for p, _ in walk(item) if isinstance(p, Text)]


def _find(state: BuildState, paper: str, pid: str, side: str = "face") -> tuple[int, tuple[float, ...]]:
    """(1-based page, trim box in mm) of the first placement of a piece."""
    for n, page in enumerate(state.pages[paper], start=1):
        for t in page.trims:
            if t[0] == pid and t[1] == side:
                return n, t[2:]
    raise AssertionError(f"{pid} ({side}) is on no page")


# -- the PDFs -----------------------------------------------------------------------------------------------------

@pytest.mark.slow
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_pdf_pages_count_and_size(kit, paper):
    state, _ = kit
    reader = _pdf(kit, paper)
    pages = state.pages[paper]
    assert len(reader.pages) == len(pages) == PAGES[state.game.id][paper]
    size = PAPERS[paper]
    for page in reader.pages:
        assert float(page.mediabox.width) == pytest.approx(size.width * PT, abs=0.01)
        assert float(page.mediabox.height) == pytest.approx(size.height * PT, abs=0.01)
    assert_printed_in_order(pages)
    assert state.game.decks
    for deck in state.game.decks:  # each copy of each card once, nine to an A4 sheet, eight to a Letter one
        ids = {f"card-{c.id}" for c in deck.cards}
        faces = [p for p in pages if p.role == "face" and any(t[0] in ids for t in p.trims)]
        assert len(faces) <= math.ceil(deck.size / (9 if paper == "a4" else 8)) + 1  # a sheet shared with the next
        placed = [t[0] for p in faces for t in p.trims if t[1] == "face" and t[0] in ids]
        assert sorted(placed) == sorted(f"card-{c.id}" for c in deck.cards for _ in range(c.count))
    others = [p for p in state.kit.pieces if p.kind in ("board", "player-aid", "token")]
    assert others
    for p in others:
        assert sum(t[0] == p.id and t[1] == "face" for page in pages for t in page.trims) == p.count, p.id


@pytest.mark.slow
@needs_pdftoppm
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_no_page_has_ink_within_five_millimetres_of_the_paper_edge(kit, paper, tmp_path):
    state, folder = kit
    bad, looked = inked_margins(folder / f"{state.game.id}-{paper}.pdf", tmp_path)
    assert looked == PAGES[state.game.id][paper] and bad == []


def test_fonts_are_embedded(kit):
    for paper in ("a4", "letter"):
        seen = set()
        for page in _pdf(kit, paper).pages:
            for ref in page["/Resources"]["/Font"].values():
                font = ref.get_object()
                seen.add(font["/BaseFont"])
                assert "/FontFile2" in font["/FontDescriptor"].get_object(), font["/BaseFont"]
        assert seen


@pytest.mark.slow
def test_same_input_gives_byte_identical_files(kit, tmp_path):
    state, folder = kit
    again = build(BuildOptions(game=state.game.id, out=tmp_path, sim_games=0))
    second = tmp_path / again.game.id
    names = sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file())
    assert names == sorted(p.relative_to(second).as_posix() for p in second.rglob("*") if p.is_file())
    assert len(names) > 10
    for rel in names:
        assert (folder / rel).read_bytes() == (second / rel).read_bytes(), rel


@pytest.mark.slow
def test_letter_ink_saver_and_fold_build(kit, tmp_path):
    state, _ = kit
    game = state.game.id
    fold = build(BuildOptions(game=game, out=tmp_path / "f", papers=("a4", "letter"), formats=("pdf",),
                              duplex="fold", sim_games=0))
    for paper in ("a4", "letter"):
        roles = {p.role for p in fold.pages[paper]}
        assert "fold" in roles and not roles & {"back", "blank"}
        on_pages = [t[0] for p in fold.pages[paper] for t in p.trims if t[1] == "face"]
        assert all(p.id in on_pages for p in fold.kit.pieces if p.count)  # a page-size aid beside two-sided chits
    ink = build(BuildOptions(game=game, out=tmp_path / "i", papers=("letter",), formats=("pdf",), ink_saver=True,
                             sim_games=0))
    assert len(ink.pages["letter"]) == PAGES[game]["letter"]
    whole = build(BuildOptions(game=game, out=tmp_path / "w", papers=("a4", "letter"), formats=("pdf",),
                               blank_backs=True, sim_games=0))
    for paper in ("a4", "letter"):  # every sheet in its place, each followed by its backs or a blank page
        pages = whole.pages[paper]
        assert len(pages) == BLANK_BACKS[game][paper] and len(pages) % 2 == 0
        for face, back in zip(pages[::2], pages[1::2]):
            assert (face.role, back.role) in {("cover", "cover"), ("cover", "blank"), ("face", "back"),
                                              ("face", "blank")}


# -- SVGs and the contact sheet -----------------------------------------------------------------------------------

@pytest.mark.slow
def test_one_well_formed_svg_per_component(kit):
    state, folder = kit
    game = state.game
    kit_ = state.kit
    files = {f.name for f in (folder / "svg").glob("*.svg")}
    faces = {f"{p.id}.svg" for p in kit_.pieces if not p.copy_of}  # more copies of an aid share its SVG
    assert len(faces) == (sum(len(d.cards) + 1 for d in game.decks) + len(game.boards) + len(game.area_cards)
                          + len(game.player_aids) + len(game.tokens))
    assert files == faces | {f"{p.id}-back.svg" for p in kit_.pieces if p.back is not None and p.back_id is None}
    for name in sorted(files):
        root = ET.parse(folder / "svg" / name).getroot()
        assert root.tag == f"{SVG}svg"
        w, h = (float(root.get(k).removesuffix("mm")) for k in ("width", "height"))
        assert w > 5 and h > 5
        assert any(True for tag in ("path", "rect", "circle") for _ in root.iter(f"{SVG}{tag}")), name


def test_contact_sheet_lists_every_component(kit):
    state, folder = kit
    html = (folder / "index.html").read_text(encoding="utf-8")
    shown = set(re.findall(r'src="svg/([^"]+)"', html))
    assert shown == {f.name for f in (folder / "svg").glob("*.svg")}
    assert state.kit.pieces
    for p in state.kit.pieces:
        assert f"{p.copy_of or p.id}.svg" in shown


# -- what the components say ----------------------------------------------------------------------------------------

def _piece(state: BuildState, pid: str):
    return state.kit.by_id(pid)


def test_ship_cards_show_nation_and_factors(eis):
    state, _ = eis
    assert state.game.decks[0].cards
    for card in state.game.decks[0].cards:
        texts = _texts(_piece(state, f"card-{card.id}").face)
        assert card.name in " ".join(texts)
        assert state.game.suit(card.suit).name.upper() in texts
        for field in ("rating", "hull", "rigging", "value"):
            assert field.upper() in texts and str(card.field(field)) in texts, (card.id, field)


def test_action_cards_show_category_name_text_and_their_fields(eis):
    state, _ = eis
    assert state.game.decks[1].cards
    for card in state.game.decks[1].cards:
        texts = _texts(_piece(state, f"card-{card.id}").face)
        assert state.game.suit(card.suit).name.upper() in texts  # RED or BLACK in the footer
        assert card.action.name in " ".join(texts)
        assert "NEEDS" not in texts and "None." not in texts  # these cards state their own conditions
        assert card.action.text.split()[0] in texts[texts.index("EFFECT") + 1]
    for rating in range(1, 7):
        texts = _texts(_piece(state, f"card-broadsides-{rating}").face)
        assert "RATING" in texts and str(rating) in texts
    assert {"FLAG", "Dutch"} <= set(_texts(_piece(state, "card-break-the-line-dutch").face))


def test_market_and_damage_cards(soh):
    state, _ = soh
    market = next(d for d in state.game.decks if d.id == "market")
    assert market.cards
    for card in market.cards:
        face = _piece(state, f"card-{card.id}").face
        cost = next(g for g in face.items if isinstance(g, Group) and g.label == "cost")
        counts = dict(card.field("cost"))
        assert sorted(_texts(cost)) == sorted(str(n) for n in counts.values())
        chips = [i for i in cost.items if isinstance(i, Rect)]
        assert len(chips) == len(counts)
        drawn = [i for i in cost.items if isinstance(i, Group)]  # one icon a chip, never the word
        assert len(drawn) == len(counts) and not any(k in " ".join(_texts(face)) for k in counts)
        assert "INFAMY" in _texts(face) and "MARKET" in _texts(face)
        assert "manoeuvre" in _labels(face)  # its moves and shots drawn as a diagram
    damage = _texts(_piece(state, "card-torn-sails").face)
    assert {"Torn Sails", "INFAMY", "-1", "DAMAGE"} <= set(damage)
    spare = _texts(_piece(state, "card-spare-damage").face)
    assert "SPARE DAMAGE" in spare and any("SPARE." in t for t in spare)  # a spare never passes for a Damage card


def _labels(item) -> set[str]:
    """The labels of every group under an item."""
    if not isinstance(item, Group):
        return set()
    return {item.label} | set().union(*(_labels(i) for i in item.items))


def test_boards_show_locations_slots_terrain_legend_and_wrap(soh):
    state, _ = soh
    game = state.game
    island = next(b for b in game.boards if b.id == "island")
    face = _piece(state, "board-island").face
    texts = " ".join(_texts(face))
    assert all(loc.name in texts for loc in island.locations)
    slots = [p for p, _ in walk(face) if isinstance(p, Rect) and p.style.dash]
    assert len(slots) == sum(loc.slots for loc in island.locations)
    assert all(s.w >= 20 and s.h >= 12 for s in slots)  # each holds a 20 x 12 mm skiff
    market = _piece(state, "board-market-board").face
    boxes = [p for p, _ in walk(market) if isinstance(p, Rect) and p.style.dash]
    assert len(boxes) == 5 and all(b.w >= 63 and b.h >= 88 for b in boxes)  # a Market card fits each box
    sea = next(b for b in game.boards if b.id == "sea")
    face = _piece(state, "board-sea").face
    texts = _texts(face)
    joined = " ".join(texts)
    assert "wrap" in joined and all(f"{tr.name}." in texts for tr in game.terrains)
    assert sea.width > 1
    for i in range(sea.width):
        assert texts.count(str(i + 1)) >= 2  # each column numbered at the top and the bottom
    assert texts.count("A") >= 2 and texts.count(chr(64 + sea.height)) >= 2
    assert any(isinstance(p, Rect) and p.style.dash and p.w == sea.width * sea.cell_size_mm for p, _ in walk(face))
    ctx = Ctx.make(game)
    flat = _texts(board_piece(ctx, replace(sea, wrap=False)).face)
    assert "wrap" not in " ".join(flat)


def test_score_pad_is_a_ruled_table(eis):
    state, _ = eis
    pads = [a for a in state.game.player_aids for s in a.sections if s.blank_rows]
    assert pads
    for aid in pads:
        section = next(s for s in aid.sections if s.blank_rows)
        face = _piece(state, f"aid-{aid.id}").face
        lines = [p for p, _ in walk(face) if isinstance(p, PathItem) and len(p.ops) == 2]
        across = [p for p in lines if p.ops[0][2] == p.ops[1][2]]
        down = [p for p in lines if p.ops[0][1] == p.ops[1][1]]
        rows = len(section.table) + section.blank_rows
        assert len(across) >= rows + 1
        assert len(down) == len(section.table[0]) - 1
        t = Templates(state.game, Problems()).get(aid.template or "player-aid", "player-aid", AID_SPEC)
        ys = sorted({round(p.ops[0][2], 3) for p in across})
        gaps = [b - a for a, b in zip(ys[-section.blank_rows:], ys[-section.blank_rows + 1:])]
        assert min(gaps) >= t["write_row"] - 1e-6


def test_two_sided_chits_and_icons_in_labels(kit):
    state, _ = kit
    assert state.game.tokens
    labelled = 0
    for token in state.game.tokens:
        piece = _piece(state, f"token-{token.id}")
        assert (piece.back is not None) == token.double_sided
        for side, label in ((piece.face, token.label), (piece.back, token.back_label)):
            if side is None or not label:
                continue
            texts = " ".join(_texts(side))
            assert "{" not in texts  # {icon} markers print as icons
            words = re.sub(r"\{[a-z-]+\}", " ", label).split()
            assert all(w in texts for w in words), (token.id, label, texts)
            labelled += 1
    assert labelled > 0


# -- what a person sees -------------------------------------------------------------------------------------------

class Picture:
    """A page rendered by pdftoppm (binary PPM) at some dpi."""

    def __init__(self, path: Path, dpi: int):
        data = path.read_bytes()
        parts = data.split(maxsplit=4)
        self.w, self.h, self.px = int(parts[1]), int(parts[2]), dpi / 25.4
        self.pixels = parts[4]

    def rgb(self, x: int, y: int) -> tuple[int, int, int]:
        i = (y * self.w + x) * 3
        return tuple(self.pixels[i:i + 3])

    def at(self, x_mm: float, y_mm: float) -> tuple[int, ...]:
        """The colour averaged over 3 x 3 pixels around a point given in mm."""
        cx, cy = round(x_mm * self.px), round(y_mm * self.px)
        near = [self.rgb(cx + dx, cy + dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1)]
        return tuple(round(sum(c[k] for c in near) / 9) for k in range(3))

    def dark(self, x0: float, y0: float, x1: float, y1: float, below: int = 200) -> int:
        """How many pixels in a box (mm) are darker than `below` (sum of channels / 3)."""
        n = 0
        for y in range(round(y0 * self.px), round(y1 * self.px)):
            for x in range(round(x0 * self.px), round(x1 * self.px)):
                if sum(self.rgb(x, y)) < 3 * below:
                    n += 1
        return n


def render(pdf: Path, page: int, tmp: Path, dpi: int = 50) -> Picture:
    """One page of a PDF (1-based) as a picture."""
    prefix = tmp / f"p{page}-{dpi}"
    subprocess.run(["pdftoppm", "-r", str(dpi), "-f", str(page), "-l", str(page), str(pdf), str(prefix)],
                   check=True, capture_output=True)
    out, = tmp.glob(f"p{page}-{dpi}-*.ppm")
    return Picture(out, dpi)


def close(got, colour: str, tol: int = 16) -> bool:
    want = [round(c * 255) for c in rgb(colour)]
    return all(abs(a - b) <= tol for a, b in zip(got, want))


@needs_pdftoppm
def test_enemy_in_sight_colours_where_they_must_be(eis, tmp_path):
    state, folder = eis
    game = state.game
    pdf = folder / f"{game.id}-a4.pdf"
    seen = {}
    for pid, suit in (("card-fire", "red"), ("card-rake", "black"), ("card-victory", "british"),
                      ("card-orient", "french")):
        n, (x, y, w, h) = _find(state, "a4", pid)
        pic = render(pdf, n, tmp_path)
        band = pic.at(x + w * 0.62, y + 2.0)
        assert close(band, game.suit(suit).colour), (pid, band)
        assert close(pic.at(x + w * 0.62, y + h - 1.5), game.suit(suit).colour)  # the footer band
        seen[suit] = band
    assert seen["red"] != seen["black"] and sum(seen["red"]) > sum(seen["black"]) + 60
    for nation in ("british", "french", "spanish", "dutch"):
        n, (x, y, w, h) = _find(state, "a4", f"token-breaker-{nation}")
        pic = render(pdf, n, tmp_path)
        assert close(pic.at(x + 2.0, y + h / 2), game.suit(nation).colour), nation  # the pennant's colour
        assert close(pic.at(x + w - 0.6, y + h / 2), "#ffffff")  # the swallow-tail's notch is cut away


@needs_pdftoppm
def test_seas_of_havoc_colours_where_they_must_be(soh, tmp_path):
    state, folder = soh
    game = state.game
    pdf = folder / f"{game.id}-a4.pdf"
    sea = next(b for b in game.boards if b.id == "sea")
    t = Templates(game, Problems()).get("board", "board", BOARD_SPEC)
    n, (bx, by, bw, bh) = _find(state, "a4", "board-sea")
    assert bw == pytest.approx(_piece(state, "board-sea").width)  # printed at full size
    pic = render(pdf, n, tmp_path, dpi=100)
    gx, gy = square_origin(sea, t)
    c = sea.cell_size_mm

    def cell(x: int, y: int) -> tuple[float, float]:
        return bx + gx + x * c, by + gy + y * c

    cells = {(q.x, q.y): q for q in sea.squares}
    assert len(cells) == sea.width * sea.height > 1
    for (x, y), q in cells.items():
        cx, cy = cell(x, y)
        want = tint(game.colour(game.terrain(q.terrain).colour), t["fill"]) if q.terrain else "#ffffff"
        # (the sea is provisional: PROVISIONAL crosses it, tinting some of a cell; a corner it leaves out shows it)
        samples = [pic.at(cx + c * dx, cy + c * dy) for dx in (0.1, 0.9) for dy in (0.1, 0.9)]
        assert any(close(at, want) for at in samples), (x, y, q.terrain, samples)
    rock = next(q for q in sea.squares if q.terrain == "rock")
    cx, cy = cell(rock.x, rock.y)
    assert luminance(hexcolour(*(v / 255 for v in pic.at(cx + c / 2, cy + c * 0.6)))) < 0.25  # its icon, dark
    currents = 0
    for q in sea.squares:
        cx, cy = cell(q.x, q.y)
        currents += q.direction is not None
        if q.direction in ("cw", "ccw"):  # the arrowhead is at the upper left turning clockwise, else upper right
            left = pic.dark(cx + c * 0.05, cy + c * 0.05, cx + c * 0.45, cy + c * 0.45, below=100)
            right = pic.dark(cx + c * 0.55, cy + c * 0.05, cx + c * 0.95, cy + c * 0.45, below=100)
            assert (left > right + 10) if q.direction == "cw" else (right > left + 10), (q, left, right)
        if q.direction in ("N", "E", "S", "W"):  # the arrowhead's half of the square holds more ink
            halves = {"N": ((0, 0, 1, 0.5), (0, 0.5, 1, 1)), "S": ((0, 0.5, 1, 1), (0, 0, 1, 0.5)),
                      "E": ((0.5, 0, 1, 1), (0, 0, 0.5, 1)), "W": ((0, 0, 0.5, 1), (0.5, 0, 1, 1))}[q.direction]
            head, tail = (pic.dark(cx + a * c, cy + b * c, cx + a2 * c, cy + b2 * c, below=150)
                          for a, b, a2, b2 in halves)
            assert head > tail + 20, (q, head, tail)
    assert currents > 0
    # the wrapping edge is drawn dashed (1 mm wide): open, not a wall. The cells' thin outlines run along its middle,
    # so its rows are looked at across its width: its outer rows show the gaps between dashes
    xs = range(round((bx + gx) * pic.px), round((bx + gx + sea.width * c) * pic.px))
    rows = range(round((by + gy - 0.8) * pic.px), round((by + gy + 0.8) * pic.px) + 1)
    dark = [sum(sum(pic.rgb(x, row)) < 300 for x in xs) / len(xs) for row in rows]
    inked = [d for d in dark if d > 0.3]
    assert len(inked) >= 2 and 0.4 < min(inked) < 0.85, dark
    colours = set()
    for token in (tk for tk in game.tokens if tk.kind == "flag"):
        n, (x, y, w, h) = _find(state, "a4", f"token-{token.id}")
        pic = render(pdf, n, tmp_path)
        got = pic.at(x + 2.0, y + 2.0)
        assert close(got, game.colour(token.colour)), token.id
        colours.add(got)
    assert len(colours) == 4


# -- new packs ----------------------------------------------------------------------------------------------------

@pytest.mark.slow
@pytest.mark.parametrize("args", [["new", "fresh-game"], ["new", "fresh-game", "--from", "narrow-seas"]])
def test_a_new_pack_builds_at_once(tmp_path, monkeypatch, args):
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    made = runner.invoke(main, args)
    assert made.exit_code == 0, made.output
    result = runner.invoke(main, ["build", "./fresh-game", "--out", str(tmp_path / "x")])
    assert result.exit_code == 0, result.output
    folder = tmp_path / "x" / "fresh-game"
    for paper in ("a4", "letter"):
        assert len(pypdf.PdfReader(str(folder / f"fresh-game-{paper}.pdf")).pages) >= 2
    assert (folder / "index.html").is_file() and any((folder / "svg").glob("card-*.svg"))
