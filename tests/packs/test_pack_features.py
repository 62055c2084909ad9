"""The generic model features the new packs brought: square grids, terrain, locations, card fields, deck suits,
icons, token shapes and sides, score-pad tables; each bad value gives one located error."""

from __future__ import annotations

import functools
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st
from kit.packs import err, errors_of, where, write

from pnpgen.checks import grids
from pnpgen.cli import main
from pnpgen.errors import Problems
from pnpgen.load.loader import load_game
from pnpgen.model import Board, Cell

GAME = """\
id: mini
title: Mini
players: 2
suits:
  gold: {colour: "#D4A017", symbol: star}
  teal: {colour: "#1A8A8A", symbol: circle}
terrain:
  rock: {blocks: true}
  whirlpool: {blocks: true, direction: turn}
  gust: {direction: heading}
  wreck: {}
icons:
  coin: {symbol: circle, colour: "#D4A017"}
  sail: {path: "M10 10 L90 50 L10 90 Z"}
"""


@pytest.fixture
def mini(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty folder 'mini' in the working folder."""
    monkeypatch.chdir(tmp_path)
    return tmp_path / "mini"


def pack(root: Path, **sections: str) -> Path:
    """Write mini/game.yaml with GAME plus the given top-level sections (YAML text, indented by the caller)."""
    text = GAME + "".join(f"{k}:\n{v}" for k, v in sections.items())
    return write(root / "game.yaml", text)


SEA = """\
  - id: sea
    grid: square
    width: 4
    height: 3
    wrap: true
    cells:
{cells}
"""


def sea(cells: str, wrap: bool = True) -> str:
    """A 4 x 3 square board with the given cell lines."""
    return SEA.replace("{cells}", cells).replace("wrap: true", f"wrap: {str(wrap).lower()}")


# -- square grids and terrain ------------------------------------------------------

def test_square_board_loads_every_square(mini: Path) -> None:
    pack(mini, boards=sea("      - [0, 0, rock]\n      - [1, 2, whirlpool, ccw]\n      - [3, 1, gust, W]\n"
                          "      - [2, 2, gold]\n"))
    game = load_game(str(mini))
    b = game.board
    assert (b.grid, b.width, b.height, b.wrap, len(b.squares)) == ("square", 4, 3, True, 12)
    assert b.square_at(1, 2).terrain == "whirlpool" and b.square_at(1, 2).direction == "ccw"
    assert b.square_at(3, 1).direction == "W" and b.square_at(2, 2).suit == "gold"
    assert b.square_at(1, 1).terrain is None
    assert b.square_step((3, 0), "E") == (0, 0) and b.square_step((0, 0), "N") == (0, 2)
    assert b.terrain_counts() == {"rock": 1, "whirlpool": 1, "gust": 1}
    assert b.suit_counts() == {"gold": 1}


def test_square_cell_with_unknown_suit_or_terrain(mini: Path) -> None:
    f = pack(mini, boards=sea("      - [1, 1, rok]\n"))
    assert errors_of(mini) == [err(where(f, "rok"), "board 'sea': cell [1, 1]: unknown suit or terrain 'rok' "
                                   "(expected one of: gold, teal, rock, whirlpool, gust, wreck) "
                                   "(did you mean 'rock'?)")]


def test_square_cell_off_the_board(mini: Path) -> None:
    f = pack(mini, boards=sea("      - [4, 0, rock]\n"))
    assert errors_of(mini) == [err(where(f, "[4, 0, rock]"), "board 'sea': cell [4, 0] is off the board "
                                   "(x from 0 to 3, y from 0 to 2)")]


def test_square_cell_listed_twice(mini: Path) -> None:
    f = pack(mini, boards=sea("      - [1, 1, rock]\n      - [1, 1, wreck]\n"))
    assert errors_of(mini) == [err(where(f, "[1, 1, wreck]"), "board 'sea': cell [1, 1] listed twice "
                                   "(first at line 22)")]


def test_whirlpool_needs_a_turn(mini: Path) -> None:
    f = pack(mini, boards=sea("      - [1, 1, whirlpool]\n"))
    assert errors_of(mini) == [err(where(f, "[1, 1, whirlpool]"), "board 'sea': cell [1, 1]: whirlpool needs a "
                                   "turn as a fourth item (cw, ccw)")]


def test_gust_with_a_bad_heading(mini: Path) -> None:
    f = pack(mini, boards=sea("      - [1, 1, gust, NE]\n"))
    assert errors_of(mini) == [err(where(f, "NE"), "board 'sea': cell [1, 1]: gust needs a heading (N, E, S, W), "
                                   "got 'NE' (did you mean 'N'?)")]


def test_rock_takes_no_direction(mini: Path) -> None:
    f = pack(mini, boards=sea("      - [1, 1, rock, N]\n"))
    assert errors_of(mini) == [err(where(f, "N]"), "board 'sea': cell [1, 1]: rock takes no direction, got 'N'")]


def test_wrap_board_with_a_square_boxed_in_by_rocks(mini: Path) -> None:
    # on a wrapping 4 x 3 board, [0, 0] has neighbours [0, 2], [1, 0], [0, 1], [3, 0]
    cells = "      - [1, 0, rock]\n      - [0, 1, rock]\n      - [3, 0, rock]\n      - [0, 2, rock]\n"
    f = pack(mini, boards=sea(cells))
    assert errors_of(mini) == [err(where(f, "[0, 2, rock]"), "board 'sea': square [0, 0] has no way out: rock at "
                                   "[0, 2], rock at [1, 0], rock at [0, 1], rock at [3, 0] (its edges wrap)")]


def test_without_wrap_a_corner_is_boxed_in_by_two_rocks(mini: Path) -> None:
    f = pack(mini, boards=sea("      - [1, 0, rock]\n      - [0, 1, rock]\n", wrap=False))
    assert errors_of(mini) == [err(where(f, "[1, 0, rock]"), "board 'sea': square [0, 0] has no way out: rock at "
                                   "[1, 0], rock at [0, 1] (its edges do not wrap)")]
    pack(mini, boards=sea("      - [1, 0, rock]\n      - [0, 1, rock]\n", wrap=True))
    assert errors_of(mini) == []


def test_a_wall_of_rocks_cuts_the_board(mini: Path) -> None:
    f = pack(mini, boards=sea("      - [1, 0, rock]\n      - [1, 1, rock]\n      - [1, 2, rock]\n", wrap=False))
    assert errors_of(mini) == [err(where(f, "[1, 0, rock]"), "board 'sea' is not connected: 3 open square(s) cut "
                                   "off from the other 6 (its edges do not wrap): [0, 0], [0, 1], [0, 2]")]


def test_hexes_on_a_square_board_and_wrap_on_a_hex_board(mini: Path) -> None:
    f = pack(mini, boards="  - {id: a, grid: square, width: 2, height: 2, hexes: [[0, 0, gold]]}\n"
                          "  - {id: b, wrap: true, hexes: [[0, 0, gold]]}\n")
    assert errors_of(mini) == [
        err(where(f, "[[0, 0, gold]]}\n  - {id: b"), "board 'a': a board with grid: square lists no 'hexes'"),
        err(where(f, "wrap: true", 6), "board 'b': field 'wrap' belongs to a square grid (this board has grid: hex)")]


def test_square_board_needs_its_size(mini: Path) -> None:
    f = pack(mini, boards="  - {id: a, grid: square, height: 2}\n")
    assert errors_of(mini) == [err(where(f, "{id: a"), "board 'a': missing required field 'width'")]


def test_terrain_id_that_is_also_a_suit(mini: Path) -> None:
    f = pack(mini)
    f.write_text(f.read_text().replace("  wreck: {}", "  gold: {}"))
    assert errors_of(mini) == [err(where(f, "{}"), "terrain: id 'gold' is also a suit; board cells could not "
                                   "tell them apart")]


# -- locations ---------------------------------------------------------------------

def test_location_board(mini: Path) -> None:
    pack(mini, boards="  - id: isle\n    grid: none\n    width: 2\n    locations:\n"
                      "      - {id: bank, name: Bank, slots: 2, icon: coin, at: [0, 0], text: 'Gain {coin}.'}\n"
                      "      - {id: dock, at: [1, 0]}\n")
    b = load_game(str(mini)).board
    assert [(lo.id, lo.name, lo.slots, lo.at) for lo in b.locations] == [("bank", "Bank", 2, (0, 0)),
                                                                         ("dock", "Dock", 1, (1, 0))]


def test_location_errors(mini: Path) -> None:
    f = pack(mini, boards="  - id: isle\n    grid: none\n    width: 2\n    locations:\n"
                          "      - {id: bank, at: [0, 0], icon: coins}\n"
                          "      - {id: dock, at: [2, 0]}\n"
                          "      - {id: pier, at: [0, 0]}\n"
                          "  - {id: sea, grid: square, width: 2, height: 2, locations: [{id: buoy, at: [5, 5]}]}\n"
                          "  - {id: empty, grid: none}\n")
    assert errors_of(mini) == [
        err(where(f, "[2, 0]"), "board 'isle' location 'dock': layout place [2, 0] must be [column, row] with "
            "columns from 0 to 1"),
        err(where(f, "[5, 5]"), "board 'sea' location 'buoy': [5, 5] is not a square of the board"),
    ]
    f.write_text(f.read_text().replace("{id: dock, at: [2, 0]}", "{id: dock, at: [1, 0]}")
                 .replace("at: [5, 5]", "at: [1, 1]"))
    assert errors_of(mini) == [
        err(where(f, "{id: pier"), "board 'isle': location 'pier' is at [0, 0], where 'bank' already is"),
        err(where(f, "{id: empty"), "board 'empty' (grid: none) has no locations"),
        err(where(f, "{id: bank"), "location 'bank': unknown icon 'coins' (declared: coin, sail) "
            "(did you mean 'coin'?)"),
    ]


# -- decks: suits and declared card fields -----------------------------------------

DECK = """\
  - id: ships
    suits: [gold]
    fields:
      rating: {kind: int, min: 1, max: 6, required: true}
      cost: {kind: icon-counts, min: 0, max: 9}
      flag: {kind: suit}
      speed: {kind: choice, choices: [slow, fast]}
      secret: {kind: bool, show: false}
    cards:
{cards}
"""


def test_card_fields_are_read_and_typed(mini: Path) -> None:
    card = "{id: a, suit: gold, fields: {rating: 2, cost: {coin: 2, sail: 1}, flag: teal, speed: fast, secret: true}}"
    pack(mini, decks=DECK.replace("{cards}", f"      - {card}\n"))
    deck = load_game(str(mini)).decks[0]
    assert deck.suits == ("gold",)
    assert [(s.id, s.kind, s.label, s.show) for s in deck.field_specs] == [
        ("rating", "int", "Rating", True), ("cost", "icon-counts", "Cost", True), ("flag", "suit", "Flag", True),
        ("speed", "choice", "Speed", True), ("secret", "bool", "Secret", False)]
    card = deck.cards[0]
    assert card.field("cost") == (("coin", 2), ("sail", 1)) and card.field("flag") == "teal"


@pytest.mark.parametrize("fields, needle, message", [
    ("{rating: 9}", "9}}", "card 'a': field 'rating' must be a whole number from 1 to 6, got 9"),
    ("{rating: 1, cost: {coins: 2}}", "coins", "card 'a': field 'cost': unknown icon 'coins' (expected one of: "
     "coin, sail) (did you mean 'coin'?)"),
    ("{rating: 1, cost: {coin: 12}}", "12}", "card 'a': field 'cost': 'coin' must be a whole number from 0 to 9, "
     "got 12"),
    ("{rating: 1, flag: purple}", "purple", "card 'a': field 'flag': unknown suit 'purple' (expected one of: "
     "gold, teal)"),
    ("{rating: 1, speed: quick}", "quick", "card 'a': field 'speed': unknown choice 'quick' (expected one of: "
     "slow, fast)"),
    ("{rating: 1, secret: 3}", "3}}", "card 'a': field 'secret' must be true or false, got 3"),
    ("{rating: 1, ratin: 2}", "ratin:", "card 'a': unknown field 'ratin' (did you mean 'rating'?) (the deck "
     "declares: rating, cost, flag, speed, secret)"),
    ("{cost: {coin: 1}}", "{cost", "card 'a': missing field 'rating' (Rating)"),
])
def test_card_field_errors(mini: Path, fields: str, needle: str, message: str) -> None:
    f = pack(mini, decks=DECK.replace("{cards}", f"      - {{id: a, suit: gold, fields: {fields}}}\n"))
    assert errors_of(mini) == [err(where(f, needle), message)]


def test_card_of_a_suit_the_deck_does_not_hold(mini: Path) -> None:
    f = pack(mini, decks=DECK.replace("{cards}", "      - {id: a, suit: teal, fields: {rating: 1}}\n"))
    assert errors_of(mini) == [err(where(f, "teal, fields"), "card 'a': suit 'teal' is not a suit of deck 'ships' "
                                   "(expected one of: gold)")]


def test_bad_field_declarations(mini: Path) -> None:
    f = pack(mini, decks="  - id: d\n    suits: [golden]\n    fields:\n"
                         "      a: {kind: choice}\n      b: {kind: text, min: 1}\n      c: {kind: number}\n"
                         "    cards: [{id: x, suit: gold}]\n")
    assert errors_of(mini) == [
        err(where(f, "golden"), "deck 'd': unknown suit 'golden' (expected one of: gold, teal) "
            "(did you mean 'gold'?)"),
        err(where(f, "choice}"), "deck 'd' field 'a': a 'choice' field needs a list of 'choices'"),
        err(where(f, "1}"), "deck 'd' field 'b': 'min' and 'max' belong to a field of kind 'int' or 'icon-counts', "
            "not 'text'"),
        err(where(f, "number"), "deck 'd' field 'c': field 'kind': unknown value 'number' (expected one of: text, "
            "int, bool, choice, suit, icon, icon-counts, manoeuvre, shots)"),
    ]


# -- icons, tokens, tables ---------------------------------------------------------

def test_icon_errors(mini: Path) -> None:
    f = pack(mini)
    f.write_text(f.read_text().replace('  sail: {path: "M10 10 L90 50 L10 90 Z"}',
                                       '  sail: {path: "circle(5)"}\n  flag: {colour: "#000000"}'))
    assert errors_of(mini) == [
        err(where(f, '"circle(5)"'), "icon 'sail': field 'path' must be SVG path data starting with M "
            "(commands MLHVCSQTAZ and numbers), got 'circle(5)'"),
        err(where(f, '{colour: "#000000"}'), "icon 'flag': an icon needs a 'symbol', a 'path' or a 'file'"),
    ]


def test_unknown_icon_in_text(mini: Path) -> None:
    f = pack(mini, player_aids="  - id: aid\n    title: Aid\n    sections:\n"
                               "      - {title: Pay, text: 'Pay {coin} or {gold}, not {coins}.'}\n")
    assert errors_of(mini) == [err(where(f, "{coins}"), "player aid 'aid': unknown icon 'coins' (declared: "
                                   "coin, sail) (did you mean 'coin'?)")]  # at the marker, not at its text
    pack(mini, player_aids="  - id: aid\n    title: Aid\n    sections:\n"
                           "      - {title: Pay, text: 'Pay {coin} or {gold}, or a {ruby}.'}\n")
    assert errors_of(mini) == [err(where(f, "{ruby}"), "player aid 'aid': unknown icon 'ruby' (declared: coin, "
                                   "sail); declare 'ruby' under 'icons:' in game.yaml (a symbol, SVG path data or an "
                                   "SVG file)")]


def test_token_shapes_sides_suits_and_owners(mini: Path) -> None:
    pack(mini, tokens="  - {id: t, suit: gold, owner: 2, shape: custom, path: 'M0 0 L100 0 L50 100 Z', "
                      "back_icon: coin}\n  - {id: u, shape: pennant}\n")
    t, u = load_game(str(mini)).tokens
    assert (t.suit, t.owner, t.shape, t.path, t.back_icon, t.double_sided) == (
        "gold", 2, "custom", "M0 0 L100 0 L50 100 Z", "coin", True)
    assert u.shape == "pennant" and not u.double_sided


def test_token_errors(mini: Path) -> None:
    f = pack(mini, tokens="  - {id: t, shape: custom}\n  - {id: u, path: 'M0 0 L1 1 Z'}\n"
                          "  - {id: v, suit: silver, owner: 9}\n")
    assert errors_of(mini) == [
        err(where(f, "custom}"), "token 't': shape 'custom' needs a 'path' (SVG path data in a 100 x 100 box)"),
        err(where(f, "'M0 0 L1 1 Z'"), "token 'u': field 'path' is the outline of shape 'custom' (this token has "
            "shape 'square')"),
        err(where(f, "silver"), "token 'v': unknown suit 'silver' (expected one of: gold, teal)"),
        err(where(f, "9}"), "token 'v': field 'owner' must be from 1 to 8, got 9"),
    ]
    pack(mini, tokens="  - {id: w, back_icon: coins}\n")
    assert errors_of(mini) == [err(where(f, "{id: w"), "token 'w': unknown icon 'coins' (declared: coin, sail) "
                                   "(did you mean 'coin'?)")]


def test_score_pad_table(mini: Path) -> None:
    f = pack(mini, player_aids="  - id: pad\n    title: Scores\n    size: page\n    sections:\n"
                               "      - table:\n          - [Round, Player, Score]\n          - [1, Ann]\n"
                               "        blank_rows: 12\n")
    assert errors_of(mini) == [err(where(f, "[1, Ann]"), "player aid 'pad' section #1: a table row has 2 cells, "
                                   "the first row 3")]
    f.write_text(f.read_text().replace("          - [1, Ann]\n", ""))
    section = load_game(str(mini)).player_aids[0].sections[0]
    assert section.table == (("Round", "Player", "Score"),) and section.blank_rows == 12
    assert str(section.row_locs[0]) == where(f, "[Round, Player, Score]")


def test_cli_reports_a_feature_error_on_one_line(mini: Path) -> None:
    f = pack(mini, boards=sea("      - [1, 1, rok]\n"))
    result = CliRunner().invoke(main, ["check", str(mini)])
    assert result.exit_code == 1
    assert err(where(f, "rok"), "board 'sea': cell [1, 1]: unknown suit or terrain 'rok'") in result.output
    assert "Traceback" not in result.output


@pytest.mark.parametrize("sections", [
    {"boards": "  - {id: s, grid: square, width: 2, height: 2, cells: [[0, 0, [rock]], [0, 1, {a: 1}], 7, "
               "[1, 1, gust, [N]], [1, 0, whirlpool, {}]]}\n"},
    {"boards": "  - {id: s, grid: square, width: [2], height: -1, wrap: 3, cells: {a: 1}, locations: 5}\n"},
    {"boards": "  - {id: s, grid: none, locations: [7, {id: a, at: [[0], 0]}, {id: b, at: 3, slots: -1}]}\n"},
    {"decks": "  - {id: d, suits: [[gold], {a: 1}], fields: {x: {kind: [int]}, y: 3}, cards: [{id: c, "
              "fields: {x: [1], y: {a: 1}}}]}\n"},
    {"decks": "  - {id: d, fields: {n: {kind: int}, c: {kind: icon-counts}}, cards: [{id: c, "
              "fields: {n: true, c: {coin: [1], sail: x}}}]}\n"},
    {"tokens": "  - {id: t, suit: [gold], owner: x, path: [M], back_icon: {}}\n"},
    {"player_aids": "  - {id: a, title: A, sections: [{table: [[a, b], [c]], blank_rows: x}]}\n"},
])
def test_odd_values_give_errors_never_a_crash(mini: Path, sections: dict[str, str]) -> None:
    pack(mini, **sections)
    errors = errors_of(mini)
    assert errors and all(": error: " in e for e in errors)


@functools.cache
def havoc():
    """The bundled Seas of Havoc game (its terrain declares which squares block)."""
    return load_game("seas-of-havoc")


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(w=st.integers(1, 6), h=st.integers(1, 6), wrap=st.booleans(), rocks=st.sets(st.tuples(st.integers(0, 5),
                                                                                           st.integers(0, 5))))
def test_square_board_check_agrees_with_a_plain_flood_fill(w: int, h: int, wrap: bool, rocks: set) -> None:
    cells = tuple(Cell(x, y, terrain="rock" if (x, y) in rocks else None) for y in range(h) for x in range(w))
    board = Board("b", "B", (), grid="square", width=w, height=h, wrap=wrap, squares=cells)
    game = replace(havoc(), boards=(board,))
    p = Problems()
    grids.check_board(game, board, p)
    free = {(x, y) for y in range(h) for x in range(w) if (x, y) not in rocks}

    def steps(c):
        for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0)):
            x, y = c[0] + dx, c[1] + dy
            if wrap:
                yield (x % w, y % h)
            elif 0 <= x < w and 0 <= y < h:
                yield (x, y)

    reach = set()
    if free:
        todo = [min(free)]
        reach = {todo[0]}
        while todo:
            for n in steps(todo.pop()):
                if n in free and n not in reach:
                    reach.add(n)
                    todo.append(n)
    fine = bool(free) and reach == free and (len(free) > 1 or any(n in free for n in steps(min(free))))
    assert (not p.errors) == fine, [str(e) for e in p.errors]
