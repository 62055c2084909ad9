"""The content fields the printed kit reads: provisional values, credits and licence, what players bring, deck marks
and aids for every player; each bad value gives one located error."""

from __future__ import annotations

from pathlib import Path

import pytest
from kit.packs import err, errors_of, where, write

from pnpgen.checks import check_game
from pnpgen.load.loader import load_game

GAME = """\
id: mini
title: Mini
players: [2, 4]
suits:
  gold: {colour: "#D4A017", symbol: star}
rules:
  hand_size: 5
actions:
  go: {kind: sail, headings: [0], steps: [1], provisional: "steps still in playtesting"}
decks:
  - id: main
    mark: A
    cards:
      - {suit: gold, action: go, count: 3}
      - {id: odd, suit: gold, count: 1, provisional: "may be cut"}
  - {id: second, cards_from: main, mark: B, provisional: "a copy for the team game"}
boards:
  - {id: sea, hexes: [[0, 0, gold], [1, 0, gold]], provisional: "the layout is a first try"}
tokens:
  - {id: chit, count: 6, provisional: "how many is open"}
player_aids:
  - {id: help, title: Help, per_player: true, sections: [{text: Hi.}]}
  - {id: pad, title: Scores, count: 2, sections: [{text: Scores.}]}
credits: [Game by A. Designer, Art by B. Artist]
licence: Print for your own use.
also_needed: [one six-sided die]
provisional:
  players: "a four-player game is untested"
  rules.hand_size: "5 or 6?"
"""


@pytest.fixture
def mini(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path / "mini"


def test_the_fields_load(mini: Path) -> None:
    write(mini / "game.yaml", GAME)
    game = load_game(str(mini))
    assert game.credits == ("Game by A. Designer", "Art by B. Artist")
    assert game.licence == "Print for your own use." and game.also_needed == ("one six-sided die",)
    assert [d.mark for d in game.decks] == ["A", "B"]
    help_, pad = game.player_aids
    assert (help_.copies(2), help_.copies(4), pad.copies(2), pad.copies(4)) == (2, 4, 2, 2)
    assert game.card("odd").provisional == "may be cut" and game.decks[1].provisional
    assert [(p.what, p.why) for p in game.provisional] == [
        ("Go (action)", "steps still in playtesting"), ("Odd (card)", "may be cut"),
        ("Second (deck)", "a copy for the team game"), ("Sea (board)", "the layout is a first try"),
        ("chit (token)", "how many is open"), ("players: 2, 4", "a four-player game is untested"),
        ("rules hand_size: 5", "5 or 6?")]
    assert str(game.provisional[0].loc) == where(mini / "game.yaml", '"steps still in playtesting"')
    assert check_game(game).summary.endswith("7 provisional — OK")


@pytest.mark.parametrize(("old", "new", "target", "message"), [
    ('provisional: "may be cut"', 'provisional: " "', '" "',
     "card 'odd': field 'provisional' must say why the value is not final"),
    ("mark: A", "mark: ABCD", "ABCD", "deck 'main': a deck mark is a letter or two (up to 3 characters), got 'ABCD'"),
    ("per_player: true", "per_player: true, count: 9", "9", "player aid 'help': an aid prints 'count' copies or one "
     "'per_player', not both"),
    ("rules.hand_size:", "rules.hand_sise:", "rules.hand_sise", "provisional: unknown field 'rules.hand_sise' "
     "(expected one of: players, playing_time, rules.hand_size) (did you mean 'rules.hand_size'?)"),
    ("also_needed: [one six-sided die]", "also_needed: [one die, 9]", "9", "game: 'also_needed' items must be lines "
     "of text, got 9"),
])
def test_bad_values_are_located_errors(mini: Path, old: str, new: str, target: str, message: str) -> None:
    write(mini / "game.yaml", GAME.replace(old, new))
    assert errors_of(mini) == [err(where(mini / "game.yaml", target), message)]
