"""Decks whose cards mix in one draw pile or hand show one back: `check` names the decks and the rule otherwise."""

from __future__ import annotations

from click.testing import CliRunner
from kit.packs import copy_pack, edit

from pnpgen.checks import check_game
from pnpgen.cli import main
from pnpgen.engine.api import engine_named
from pnpgen.load.loader import load_game


def test_seas_of_havoc_shuffles_each_starting_deck_with_the_market():
    game = load_game("seas-of-havoc")
    groups = engine_named("seas-of-havoc").shuffled_together(game)
    assert [g.decks for g in groups] == [("market", f"start-{n}") for n in (1, 2, 3, 4)]
    assert {g.rule for g in groups} == {"Island Phase: buying"}
    assert check_game(game).ok


def test_a_starting_deck_with_its_own_back_fails_check_naming_the_decks_and_the_rule(tmp_path):
    pack = copy_pack(tmp_path / "seas-of-havoc", "seas-of-havoc")
    edit(pack / "cards.yaml", "cards_from: start-1, count: 8, mark: P3, owner: 3,\n   back: *captains-back}",
         "cards_from: start-1, count: 8, mark: P3, owner: 3,\n   back: {colour: player-3, text: Mine}}")
    result = CliRunner().invoke(main, ["check", str(pack)])
    assert result.exit_code == 1
    errors = [line for line in result.output.splitlines() if ": error: " in line]
    assert len(errors) == 1, result.output
    assert errors[0].startswith(f"{pack / 'cards.yaml'}:59:10: error: ")
    assert "deck 'start-3' and deck 'market' are shuffled together (rules: Island Phase: buying" in errors[0]
    assert "colour #7B4EA3, text 'Mine', mark P3" in errors[0] and "colour #2F5D7C" in errors[0]


def test_a_mark_printed_on_the_back_tells_the_decks_apart_too(tmp_path):
    pack = copy_pack(tmp_path / "seas-of-havoc", "seas-of-havoc")
    edit(pack / "cards.yaml", "mark: P2, owner: 2,\n   back: *captains-back}",
         "mark: P2, owner: 2,\n   back: {colour: deep, text: \"Seas of Havoc\\nCaptain's deck\", "
         "image: art/ships-wheel.svg}}")
    errors = check_game(load_game(str(pack))).errors
    assert [e.message.split(",")[0] for e in errors] == [
        "deck 'start-2' and deck 'market' are shuffled together (rules: Island Phase: buying: a bought Market card "
        "goes into its buyer's hand"]
    assert "mark P2" in errors[0].message


def write_pack(root, shuffled: str) -> None:
    root.mkdir()
    (root / "game.yaml").write_text(
        "id: duel\ntitle: Duel\nplayers: [2]\n" + shuffled
        + "decks:\n"
        "  - {id: a, back: {colour: '#224466'}, cards: [{id: x, name: X}]}\n"
        "  - {id: b, back: {colour: '#224466'}, cards: [{id: y, name: Y}]}\n"
        "  - {id: c, back: {colour: '#AA2200'}, cards: [{id: z, name: Z}]}\n", encoding="utf-8")


def test_a_game_without_an_engine_declares_its_mixed_decks_in_game_yaml(tmp_path):
    write_pack(tmp_path / "same", "shuffled_together:\n  - {decks: [a, b], why: both form the draw pile}\n")
    assert check_game(load_game(str(tmp_path / "same"))).ok
    write_pack(tmp_path / "differ", "shuffled_together:\n  - {decks: [a, b]}\n  - {decks: [a, c], why: spoils}\n")
    (error,) = check_game(load_game(str(tmp_path / "differ"))).errors
    assert str(error).startswith(f"{tmp_path / 'differ' / 'game.yaml'}:")
    assert "deck 'c' and deck 'a' are shuffled together (game.yaml's shuffled_together: spoils)" in error.message
    write_pack(tmp_path / "unknown", "shuffled_together:\n  - {decks: [a, bb]}\n")
    (error,) = check_game(load_game(str(tmp_path / "unknown"))).errors
    assert str(error).startswith(f"{tmp_path / 'unknown' / 'game.yaml'}:5:")
    assert "unknown deck 'bb'" in error.message and "did you mean 'b'" in error.message
