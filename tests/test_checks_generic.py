"""Consistency checks on content that loads: declared counts, boards, Narrow Seas components, rules parameters."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from kit.packs import edit, err, errors_of, where

from pnpgen.checks import check_game
from pnpgen.checks.generic import components
from pnpgen.errors import Loc, Problems
from pnpgen.load.loader import load_game
from pnpgen.load.rulespec import read_params
from pnpgen.model import Rules
from pnpgen.source.declare import declared, record


def game_loc(root: Path) -> str:
    """Where the game mapping starts: whole-game errors point here."""
    return where(root / "game.yaml", "id: narrow-seas")


# -- generic checks -----------------------------------------------------------------

def test_declared_count_mismatch_points_at_the_declaration(pack: Path) -> None:
    edit(pack / "game.yaml", "  hexes: 61", "  hexes: 60")
    assert errors_of(pack) == [err(where(pack / "game.yaml", "hexes: 60", 7),
                                   "counts: the game declares 60 hexes but the content has 61")]


def test_deck_count_mismatch(pack: Path) -> None:
    edit(pack / "cards.yaml", "  count: 22", "  count: 23")
    assert errors_of(pack) == [err(where(pack / "cards.yaml", "id: action"), "deck 'action': declares 23 cards "
                                   "but lists 22")]


def test_a_removed_card_shows_in_every_count_that_declares_it(pack: Path) -> None:
    edit(pack / "cards.yaml", "    - {suit: red, action: tack}\n", "")
    deck = where(pack / "cards.yaml", "id: action")
    found = errors_of(pack)
    assert found == [
        err(where(pack / "game.yaml", "22\n  hexes"), "counts: the game declares 22 cards but the content has 21"),
        err(deck, "deck 'action': declares 22 cards but lists 21"),
        err(deck, "deck 'action': suit 'red' lacks the action(s): tack (every suit holds the same actions)"),
    ]
    # (the rulebook's example positions that hold a red-tack are warnings: see test_rulebook_source.py)


def test_a_disconnected_board_names_the_hexes_cut_off(pack: Path) -> None:
    edit(pack / "board.yaml", "[4, 0, red]", "[6, 0, red]")
    assert errors_of(pack) == [err(where(pack / "board.yaml", "[6, 0, red]"), "board 'duel' is not connected: "
                                   "1 hex(es) cut off from the other 60: [6, 0]")]


def test_the_cut_off_part_is_the_smaller_one_even_when_listed_first(pack: Path) -> None:
    edit(pack / "board.yaml", "[-4, 0, red]", "[-9, 0, red]")
    assert errors_of(pack) == [err(where(pack / "board.yaml", "[-9, 0, red]"), "board 'duel' is not connected: "
                                   "1 hex(es) cut off from the other 60: [-9, 0]")]


def test_components_of_a_hex_set() -> None:
    cells = frozenset({(0, 0), (1, 0), (0, 1), (5, 5), (5, 6), (9, 9)})
    assert components(cells) == [{(0, 0), (1, 0), (0, 1)}, {(5, 5), (5, 6)}, {(9, 9)}]
    assert components(frozenset()) == []


@pytest.mark.slow
def test_a_hex_without_a_suit(pack: Path) -> None:
    edit(pack / "board.yaml", "[-4, 0, red]", "[-4, 0]")
    assert errors_of(pack) == [err(where(pack / "board.yaml", "[-4, 0]"), "board 'duel': hex [-4, 0] has no suit (a "
                                   "ship sails by the cards of its hex's suit)")]  # Narrow Seas' rule, not any game's


@pytest.mark.slow
def test_a_suit_without_cards_is_a_warning_and_a_narrow_seas_error(pack: Path) -> None:
    edit(pack / "game.yaml", "  red: {name: Red",
         "  green: {name: Green, colour: green, symbol: star}\n  red: {name: Red")
    report = check_game(load_game(str(pack)))
    assert [str(e) for e in report.errors] == [err(where(pack / "cards.yaml", "id: action"),
                                                   "deck 'action': suit 'green' has no cards")]
    assert [str(w) for w in report.warnings] == [f"{where(pack / 'game.yaml', '{name: Green')}: warning: "
                                                 "suit 'green' has no cards"]
    assert report.summary.endswith(" — 1 error(s)")


def test_the_error_limit_also_stops_the_checks(pack: Path) -> None:
    edit(pack / "game.yaml", "  crew_per_ship: 4", "  crew_per_ship: 5")
    report = check_game(load_game(str(pack)), Problems(limit=3))
    assert len(report.errors) == 4
    assert report.errors[-1].message == "too many errors; stopped after 3"


# -- Narrow Seas component checks ---------------------------------------------------------

@pytest.mark.slow
def test_a_suit_missing_an_action(pack: Path) -> None:
    edit(pack / "cards.yaml", "    - {suit: blue, action: run}\n",
         "    - {suit: blue, action: tack, id: blue-tack-2}\n")
    assert errors_of(pack) == [
        err(where(pack / "cards.yaml", "id: action"), "deck 'action': suit 'blue' lacks the action(s): run "
            "(every suit holds the same actions)"),
        err(where(pack / "cards.yaml", "id: action"), "deck 'action': the suits hold different numbers of tack "
            "cards (yellow 1, blue 2, red 1)"),
    ]


@pytest.mark.slow
def test_only_wind_cards_may_have_no_suit(pack: Path) -> None:
    edit(pack / "cards.yaml", "{id: wind, action: wind}", "{id: extra-run, action: run}")
    assert errors_of(pack) == [
        err(where(pack / "cards.yaml", "{id: extra-run"), "card 'extra-run': only Wind cards may have no suit"),
        # and the rulebook, which shows the Wind card as printed, names a card the pack no longer has
        err(where(pack / "rulebook.md", "wind\ncaption"), "rulebook: unknown card 'wind' (expected one of: "
            "yellow-reach, yellow-tack, yellow-run, yellow-carronades, yellow-broadside, yellow-long-nines, "
            "yellow-return-to-duty, blue-reach, blue-tack, blue-run, blue-carronades, blue-broadside, ...)")]


@pytest.mark.slow
def test_an_unknown_action_kind_is_reported_once(pack: Path) -> None:
    edit(pack / "actions.yaml", "  kind: duty", "  kind: dutty")
    assert errors_of(pack) == [err(where(pack / "actions.yaml", "name: Return to Duty"), "action 'return-to-duty': "
                                   "kind 'dutty' is not one of sail, fire, duty, wind")]


@pytest.mark.slow
def test_impossible_action_numbers_are_errors(pack: Path) -> None:
    edit(pack / "actions.yaml", "  headings: [-2, 2]", "  headings: [-3, 2]")
    edit(pack / "actions.yaml", "  range: 1\n", "  range: 0\n")
    edit(pack / "actions.yaml", "  heal: 1", "  heal: 0")
    acts = pack / "actions.yaml"
    errors = errors_of(pack)
    assert errors[:3] == [
        err(where(acts, "name: Tack"), "action 'tack': heading -3 is straight upwind, where no ship may sail"),
        err(where(acts, "name: Carronades"), "action 'carronades': range 0 would fire at the firing ship's own hex, "
            "which no other ship can share; expected a range of at least 1"),
        err(where(acts, "name: Return to Duty"), "action 'return-to-duty': heal 0 brings no crew back, so the card "
            "could never be played; expected at least 1")]


def test_a_bad_heading_is_reported_once(pack: Path) -> None:
    edit(pack / "actions.yaml", "  headings: [0]", "  headings: [9]")
    assert errors_of(pack) == [err(where(pack / "actions.yaml", "9]"), "action 'run': 'headings' items must be "
                                   "whole numbers from -3 to 3, got 9")]


@pytest.mark.slow
def test_wrong_crew_on_one_ship(pack: Path) -> None:
    edit(pack / "ships.yaml", "{id: B, kind: ship, name: Bellona, owner: 1, colour: slate, crew: 4,",
         "{id: B, kind: ship, name: Bellona, owner: 1, colour: slate, crew: 3,")
    assert errors_of(pack) == [err(where(pack / "ships.yaml", "{id: B"), "ship card 'B': crew 3, expected 4 "
                                   "(rules crew_per_ship)")]


@pytest.mark.slow
def test_more_crew_per_ship_than_the_areas_hold(pack: Path) -> None:
    edit(pack / "game.yaml", "  crew_per_ship: 4", "  crew_per_ship: 5")
    errors = errors_of(pack)
    assert err(where(pack / "ships.yaml", "id: A"), "ship card 'A': crew 4, expected 5 (rules crew_per_ship)") in errors
    assert err(where(pack / "ships.yaml", "{id: sail"), "ship card 'A': area(s) sail, duty, lookout, fire, spent "
               "hold fewer than 5 cubes (rules crew_per_ship)") in errors
    assert err(game_loc(pack), "expected 20 crew tokens (5 per ship), found 16") in errors


@pytest.mark.slow
def test_a_ship_card_missing_an_area(pack: Path) -> None:
    edit(pack / "ships.yaml", "    - {id: spent, label: Spent, icon: spent}\n", "")
    assert errors_of(pack)[0] == err(where(pack / "ships.yaml", "id: A"), "ship card 'A' lacks the area(s): spent")


@pytest.mark.slow
def test_a_missing_ship_marker(pack: Path) -> None:
    edit(pack / "tokens.yaml", "- {id: ship-X, kind: ship, name: Xanthe marker, shape: circle, size: 16, "
         "colour: ochre, label: X}\n", "")
    edit(pack / "game.yaml", "  tokens: 22", "  tokens: 21")
    assert errors_of(pack) == [err(game_loc(pack), "expected 4 ship markers (one per ship card), found 3")]


@pytest.mark.slow
def test_a_missing_sick_bay(pack: Path) -> None:
    text = (pack / "ships.yaml").read_text()
    (pack / "ships.yaml").write_text(text[: text.index("- id: sick-bay")])
    edit(pack / "game.yaml", "  sick_bays: 1", "  sick_bays: 0")
    assert errors_of(pack) == [err(game_loc(pack), "expected 1 shared sick bay card, found 0")]


@pytest.mark.slow
def test_a_wind_token_needs_six_edges(pack: Path) -> None:
    edit(pack / "tokens.yaml", "edges: [Run, Reach, Tack, \"\", Tack, Reach]", "edges: [Run, Reach, Tack]")
    assert errors_of(pack) == [err(where(pack / "tokens.yaml", "id: wind"), "token 'wind': a wind token needs 6 "
                                   "edge labels (clockwise from the wind), found 3")]


# -- rules parameters -------------------------------------------------------------------------

def test_an_unknown_rules_parameter(pack: Path) -> None:
    edit(pack / "game.yaml", "  hand_size: 6\n", "  hand_size: 6\n  hand_sise: 6\n")
    assert errors_of(pack) == [err(where(pack / "game.yaml", "hand_sise"), "rules: unknown parameter "
                                   "'hand_sise' (did you mean 'hand_size'?)")]


@pytest.mark.slow
def test_a_missing_rules_parameter_points_at_the_rules(pack: Path) -> None:
    edit(pack / "game.yaml", "  hand_size: 6\n", "")
    assert errors_of(pack) == [err(where(pack / "game.yaml", "market_size: 3"), "rules: missing parameter "
                                   "'hand_size' (a whole number)")]


def test_a_rules_parameter_of_the_wrong_type(pack: Path) -> None:
    edit(pack / "game.yaml", "  hand_size: 6", "  hand_size: six")
    assert errors_of(pack) == [err(where(pack / "game.yaml", "six"), "rules: 'hand_size' must be a whole number, "
                                   "got 'six'")]


@pytest.mark.slow
def test_a_rules_parameter_out_of_range(pack: Path) -> None:
    edit(pack / "game.yaml", "  hand_size: 6", "  hand_size: 99")
    assert errors_of(pack) == [err(where(pack / "game.yaml", "99"), "rules: 'hand_size' must be from 1 to 30, "
                                   "got 99")]


def test_a_rules_parameter_with_an_unknown_choice(pack: Path) -> None:
    edit(pack / "game.yaml", "  wind_setter: second", "  wind_setter: secnd")
    assert errors_of(pack) == [err(where(pack / "game.yaml", "secnd"), "rules: 'wind_setter': unknown value 'secnd' "
                                   "(expected one of: first, second; or a player number) (did you mean 'second'?)")]


def test_a_bad_rules_parameter_does_not_cascade_into_component_checks(pack: Path) -> None:
    edit(pack / "game.yaml", "  plan_areas: [sail, duty, lookout, fire]", "  plan_areas: sail")
    assert errors_of(pack) == [err(where(pack / "game.yaml", "sail\n"), "rules: 'plan_areas' must be a list, "
                                   "got 'sail'")]


def test_the_market_cost_area_must_be_a_plan_area(pack: Path) -> None:
    edit(pack / "game.yaml", "  market_cost_area: lookout", "  market_cost_area: deck")
    assert errors_of(pack) == [err(where(pack / "game.yaml", "deck "), "rules: 'market_cost_area' must be one of "
                                   "the plan_areas (sail, duty, lookout, fire)")]


@pytest.fixture
def loaded(pack: Path):
    """The copied pack, loaded."""
    return load_game(str(pack))


def with_rules(game, **values):
    """The game with its rules replaced, each located at line 1 of rules.yaml."""
    return dataclasses.replace(game, rules=Rules(tuple(values.items()),
                                                 tuple((k, Loc("rules.yaml", i + 1, 5)) for i, k in enumerate(values)),
                                                 Loc("rules.yaml", 1, 1)))


@record("rules", words="parameter")
@dataclasses.dataclass(frozen=True)
class Sample:
    """Parameters of an imaginary engine."""

    speed: float = declared("a speed", min=0, max=2)
    tags: tuple[str, ...] = declared("tags", choices=("x", "y"))
    limit: int = declared("a limit", max=5)
    mode: str = declared("a mode", default="a", choices=("a", "b"))


@record("rules", words="parameter")
@dataclasses.dataclass(frozen=True)
class Hand:
    """One required parameter."""

    hand: int = declared("cards in a hand", min=1, max=9)


def test_read_params_fills_defaults_and_checks_bounds(loaded) -> None:
    problems = Problems()
    values = read_params(with_rules(loaded, speed=2.5, tags=["x", "z"], limit=9, extra=True), Sample, problems)
    assert values.mode == "a" and values.tags == ("x",)
    assert [str(e) for e in problems.errors] == [
        "rules.yaml:1:5: error: rules: 'speed' must be from 0 to 2, got 2.5",
        "rules.yaml:2:5: error: rules: 'tags' items must be among x, y",
        "rules.yaml:3:5: error: rules: 'limit' must be at most 5, got 9",
        "rules.yaml:4:5: error: rules: unknown parameter 'extra'",
    ]


def test_read_params_reports_a_missing_required_parameter_at_the_rules(loaded) -> None:
    problems = Problems()
    read_params(with_rules(loaded), Hand, problems)
    assert [str(e) for e in problems.errors] == ["rules.yaml:1:1: error: rules: missing parameter 'hand' "
                                                 "(a whole number)"]
