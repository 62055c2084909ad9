"""Provisional means visible: a PROVISIONAL tag at the corner of every piece not final (or, as a template
chooses, a watermark across it), and `build --final` refusing them."""

from __future__ import annotations

import math

import pytest
from click.testing import CliRunner
from kit.packs import copy_pack, display, edit
from kit.pages import grey_pages

from pnpgen.build.pipeline import BuildOptions, build
from pnpgen.cli import main
from pnpgen.components.imprint import SAFE, WATERMARK, watermark
from pnpgen.draw.bounds import ink_box


@pytest.mark.parametrize("size", [(63.0, 88.0), (88.0, 63.0), (41.0, 63.0), (95.0, 130.0), (200.0, 200.0)])
def test_the_watermark_of_a_card_is_as_large_as_the_safe_zone_lets_it_be(size):
    w, h = size
    x0, y0, x1, y1 = ink_box(watermark(w, h, trimmed=True))
    assert min(x0, y0, w - x1, h - y1) == pytest.approx(SAFE + 0.5, abs=1e-6)
    assert min(x0, y0, w - x1, h - y1) >= SAFE
    words = watermark(w, h, trimmed=True).items[0]
    assert words.text == WATERMARK and words.opacity < 1 and words.size > 4


def test_the_watermark_of_a_round_token_stays_inside_its_circle():
    mark = watermark(20.0, 20.0, trimmed=False)
    x0, y0, x1, y1 = ink_box(mark)
    corners = [(x, y) for x in (x0, x1) for y in (y0, y1)]
    assert max(math.hypot(x - 10, y - 10) for x, y in corners) < 10 * 1.2  # the box's corners; the words, inside
    assert (x0 + x1) / 2 == pytest.approx(10, abs=0.3) and (y0 + y1) / 2 == pytest.approx(10, abs=0.3)


def _kit(root, tmp, provisional: bool, mark: str = ""):
    pack = copy_pack(root / "narrow-seas")
    if provisional:
        edit(pack / "actions.yaml", "  name: Broadside\n", "  name: Broadside\n  provisional: damage still in play\n")
    if mark:  # the pack's templates choose the mark (a template left out takes pnpgen's)
        (pack / "templates").mkdir(exist_ok=True)
        for kind in ("action-card", "board"):
            (pack / "templates" / f"{kind}.yaml").write_text(f"kind: {kind}\nprovisional: {mark}\n", encoding="utf-8")
    state = build(BuildOptions(game=str(pack), out=tmp, papers=("a4",), formats=("pdf",), sim_games=0))
    return state, tmp / "narrow-seas" / "narrow-seas-a4.pdf"


@pytest.mark.slow
@pytest.mark.parametrize("mark", ["", "watermark"])
def test_a_provisional_card_carries_its_mark_in_print_and_nothing_else_changes(tmp_path, mark):
    """By default a provisional piece carries the PROVISIONAL tag at its version line's corner; a template's
    `provisional: watermark` puts the large translucent word across it instead. Either shows in grey, on the
    provisional cards only."""
    plain, plain_pdf = _kit(tmp_path / "a", tmp_path / "out-a", provisional=False, mark=mark)
    marked, marked_pdf = _kit(tmp_path / "b", tmp_path / "out-b", provisional=True, mark=mark)
    pages = marked.pages["a4"]
    assert len(pages) == len(plain.pages["a4"])
    broadsides = {n: [t for t in page.trims if t[0].endswith("broadside") and t[1] == "face"]
                  for n, page in enumerate(pages, start=1)}
    broadsides = {n: trims for n, trims in broadsides.items() if trims}
    assert sum(len(t) for t in broadsides.values()) == 6  # every Broadside card, and only those
    dpi = 30 if mark else 60
    for n, trims in broadsides.items():
        (w, h, before), = grey_pages(plain_pdf, dpi, tmp_path / f"g{n}a", n, n)
        (_, _, after), = grey_pages(marked_pdf, dpi, tmp_path / f"g{n}b", n, n)
        scale = dpi / 25.4
        boxes = [(int(x * scale) - 1, int(y * scale) - 1, int((x + tw) * scale) + 1, int((y + th) * scale) + 1)
                 for _id, _side, x, y, tw, th in trims]
        changed = [(i % w, i // w) for i, (a, b) in enumerate(zip(before, after)) if abs(a - b) > 12]
        assert changed, f"page {n}: the mark does not show in grey"
        assert all(any(x0 <= x <= x1 and y0 <= y <= y1 for x0, y0, x1, y1 in boxes) for x, y in changed), \
            f"page {n}: pixels changed outside the provisional cards"
        for x0, y0, x1, y1 in boxes:
            inside = [(x, y) for x, y in changed if x0 <= x <= x1 and y0 <= y <= y1]
            assert len(inside) >= 20
            if not mark:  # the tag keeps to the card's footer band (6 mm), at the bottom right, clear of the
                # suit's word at the left (it ends 14 mm in); on these cards, with a turned index (and on Deck B a
                # deck's mark) beside it, the tag stands without the version number (and the index without its icon)
                assert min(y for _, y in inside) >= y1 - 8 * scale and min(x for x, _ in inside) >= x0 + 15 * scale
    broadside_cards = {p.id for p in marked.kit.pieces if p.kind == "card" and p.id.endswith("-broadside")}
    assert len(broadside_cards) == 6  # three suits, in the two-player deck and the four-player one
    label = "provisional watermark" if mark else "provisional mark"
    other = "provisional mark" if mark else "provisional watermark"
    assert {p.id for p in marked.kit.pieces if _labelled(p.face, label)} == broadside_cards | {"board-fleet-action"}
    assert {p.id for p in plain.kit.pieces if _labelled(p.face, label)} == {"board-fleet-action"}  # as bundled
    assert not any(_labelled(p.face, other) for p in marked.kit.pieces)


def _labelled(item, label: str) -> bool:
    """Whether a drawing holds a group of that label, at any depth."""
    if getattr(item, "label", "") == label:
        return True
    return any(_labelled(child, label) for child in getattr(item, "items", ()))


def test_the_corner_mark_follows_the_version_inside_the_room_the_version_takes():
    from pnpgen.components.context import Ctx
    from pnpgen.components.imprint import TAG, imprint, imprint_width
    from pnpgen.load.loader import load_game

    ctx = Ctx.make(load_game("enemy-in-sight"))
    plain = imprint(ctx, 60.0, 85.0, "#000000")
    assert plain.text == "v2026.01" and imprint_width(ctx) < imprint_width(ctx, "why")
    for anchor, right in (("end", 60.0), ("middle", 60.0 + imprint_width(ctx, "why") / 2),
                          ("start", 60.0 + imprint_width(ctx, "why"))):
        group = imprint(ctx, 60.0, 85.0, "#000000", anchor, provisional="why")
        x0, _y0, x1, y1 = ink_box(group)
        assert x1 == pytest.approx(right, abs=0.11)  # the tag's edge: half its 0.2 mm stroke beyond
        assert x1 - x0 == pytest.approx(imprint_width(ctx, "why"), abs=0.22)
        assert y1 <= 85.0 + 0.7  # on the version's baseline, its tag a little below
        words = [t.text for t in _texts(group)]
        assert words == ["v2026.01", TAG]
    watermarked = imprint(ctx, 60.0, 85.0, "#000000", provisional="why", mark="watermark")
    assert watermarked.text == "v2026.01  ·  provisional"


def _texts(item):
    if hasattr(item, "items"):
        for child in item.items:
            yield from _texts(child)
    elif hasattr(item, "text"):
        yield item


@pytest.mark.slow
def test_final_refuses_every_provisional_value_and_writes_nothing(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    pack = copy_pack(tmp_path / "narrow-seas")
    edit(pack / "actions.yaml", "  name: Broadside\n", "  name: Broadside\n  provisional: damage still in play\n")
    result = CliRunner().invoke(main, ["build", str(pack), "--final", "--force", "--skip-sim", "--out", "out"])
    assert result.exit_code == 1
    lines = result.stderr.splitlines()
    board = pack / "board-four.yaml"
    text = board.read_text(encoding="utf-8")
    at = text.index('  provisional: "') + len("  provisional: ")
    line, col = text.count("\n", 0, at) + 1, at - text.rfind("\n", 0, at)
    actions = (pack / "actions.yaml").read_text(encoding="utf-8")
    a_at = actions.index("provisional: damage") + len("provisional: ")
    a_line, a_col = actions.count("\n", 0, a_at) + 1, a_at - actions.rfind("\n", 0, a_at)
    assert sorted(lines) == sorted([
        f"{display(pack / 'actions.yaml')}:{a_line}:{a_col}: error: provisional: Broadside (action): damage still "
        "in play (a --final build takes nothing provisional: settle the value and take out its 'provisional:')",
        f"{display(board)}:{line}:{col}: error: provisional: The Fleet Action (board): the rulebook's picture of it "
        "is still to come: a proposal to confirm or replace (a --final build takes nothing provisional: settle the "
        "value and take out its 'provisional:')"])
    assert not (tmp_path / "out").exists()
    # for two players, only the action is provisional; settled, the two-player kit builds
    edit(pack / "actions.yaml", "  provisional: damage still in play\n", "")
    result = CliRunner().invoke(main, ["build", str(pack), "--final", "--players", "2", "--skip-sim", "--out", "out",
                                       "--format", "pdf"])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "out" / "narrow-seas").is_dir()


def test_the_cover_names_a_provisional_rules_value_in_words_not_its_key():
    from pnpgen.components import cover_facts
    from pnpgen.load.loader import load_game
    game = load_game("enemy-in-sight")
    whats = [what for what, _why in cover_facts(game, tuple(game.players)).provisional]
    assert any("the rules' fire hull from: 4" in w for w in whats), whats
    assert not any("_" in w for w in whats), whats
    assert any(p.what == "rules fire_hull_from: 4" for p in game.provisional)  # check still names the key


def test_a_deck_repeating_a_provisional_decks_cards_is_listed_provisional_too():
    from pnpgen.load.loader import load_game
    game = load_game("seas-of-havoc")
    start = [p for p in game.provisional if p.what.startswith("Player ") and p.what.endswith(" deck (deck)")]
    assert [p.what for p in start] == [f"Player {n} deck (deck)" for n in (1, 2, 3, 4)]
    assert len({p.loc for p in start}) == 1  # all set where the first deck says so
