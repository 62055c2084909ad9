"""References to the data in printed text ({rules.hand_size}), tables made from records, and typed table cells held
against the data they restate."""

from __future__ import annotations

from pathlib import Path

import pytest
from kit.packs import copy_pack, edit, err, where

from pnpgen.checks import check_game
from pnpgen.components import layout_kit
from pnpgen.draw.primitives import Group, Text
from pnpgen.errors import ContentErrors
from pnpgen.load.loader import load_game


@pytest.fixture
def pack(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return copy_pack(tmp_path / "ns")


def load_errors(root: Path) -> list[str]:
    with pytest.raises(ContentErrors) as e:
        load_game(str(root))
    return [str(x) for x in e.value.errors]


def aid(game, aid_id: str):
    return next(a for a in game.player_aids if a.id == aid_id)


def section(game, aid_id: str, title: str):
    return next(s for s in aid(game, aid_id).sections if s.title.startswith(title))


def test_a_reference_prints_the_value_and_follows_an_edit(pack):
    draw = section(load_game(str(pack)), "aid-round", "2. Draw")
    assert "drawing up to 6 cards" in draw.text and "{" not in draw.text
    edit(pack / "game.yaml", "  hand_size: 6\n", "  hand_size: 7\n")
    assert "drawing up to 7 cards" in section(load_game(str(pack)), "aid-round", "2. Draw").text


def test_tables_made_from_the_actions_list_one_row_a_record_with_lists_joined(pack):
    game = load_game(str(pack))
    assert section(game, "aid-actions", "Sailing").table == (
        ("Card", "Degrees off the wind", "Hexes"),
        ("Reach", "0 or 60", "1 or 2"),
        ("Tack", "120", "1"),
        ("Run", "0", "1"),
    )
    assert section(game, "aid-actions", "Cannon").table == (
        ("Card", "Exact range", "Damage"), ("Carronades", "1", "3"), ("Broadside", "2", "2"), ("Long Nines", "3", "1"))
    edit(pack / "actions.yaml", "  range: 2\n  damage: 2\n", "  range: 2\n  damage: 3\n")
    assert section(load_game(str(pack)), "aid-actions", "Cannon").table[2] == ("Broadside", "2", "3")


def test_a_misspelt_reference_is_located_at_itself_with_a_suggestion(pack):
    edit(pack / "aids.yaml", "{rules.hand_size}", "{rules.hand_sise}")
    got = [str(e) for e in check_game(load_game(str(pack))).errors]  # (a rules name: judged with the engine's)
    assert got == [err(where(pack / "aids.yaml", "{rules.hand_sise}"),
                       "player aid 'aid-round': reference {rules.hand_sise}: unknown 'hand_sise': 'rules' has: "
                       "crew_per_ship, first_ship_edge_distance, hand_size, initiative_area, market_cost_area, "
                       "market_size, mercy_margin, placement_exact_enemy_distance, placement_min_enemy_distance, "
                       "plan_areas, ships_per_player, wind_setter (did you mean 'hand_size'?)")]


@pytest.mark.parametrize("written, message", [
    ("{rule.hand_size}", "unknown 'rule': a reference starts with one of: actions, area_cards, boards, cards, "
                         "counts, decks, game, rules, sim, suits, tokens (did you mean 'rules'?)"),
    ("{actions.broadside}", "'actions.broadside' names a record, not a value: add one of its fields"),
    ("{rules.hand_size.max}", "'rules.hand_size' is a value, not something with parts ('max')"),
    ("{rules.plan_areas.9}", "'rules.plan_areas' has 4 items; '9' is past its end"),
    ("{actions.wind.range}", "'actions.wind.range' has no value"),
])
def test_a_reference_to_nothing_printable_says_why(pack, written, message):
    edit(pack / "aids.yaml", "{rules.hand_size}", written)
    got = load_errors(pack)
    assert len(got) == 1 and got[0].startswith(
        f"{where(pack / 'aids.yaml', written)}: error: player aid 'aid-round': reference {written}: {message}"), got


def test_a_variant_prints_its_own_rules(pack):
    game = load_game(str(pack))
    four = next(v for v in game.variants if v.id == "four-player")
    winning = next(s for a in four.player_aids for s in a.sections if s.title == "Winning")
    assert "lead by 7" in winning.text.replace("\n", " ")  # the variant's mercy_margin, not the game's 4
    assert "Player 4 sets the first wind; player 1 starts" in " ".join(winning.text.split())
    teams = next(s for a in four.player_aids for s in a.sections if s.title == "Teams and seats")
    assert " ".join(teams.text.split()).startswith("Green is players 1 and 3 (ships A B and C D); Pink is players "
                                                   "2 and 4")
    assert "in the Market" not in section(game, "aid-round", "4. Reset").text
    assert "lead of 4 or more" in " ".join(section(game, "aid-round", "4. Reset").text.split())


def _typed_cannon_table(pack: Path, rows: str) -> None:
    text = (pack / "aids.yaml").read_text(encoding="utf-8")
    start = text.index("      table:", text.index("- title: Cannon"))
    end = text.index("      text:", start)
    (pack / "aids.yaml").write_text(text[:start] + "      table:\n" + rows + text[end:], encoding="utf-8")


def test_a_typed_cell_that_contradicts_the_data_is_an_error_at_the_cell(pack):
    _typed_cannon_table(pack, '        - [Card, Exact range, Damage]\n'
                              '        - [Carronades, "1", "3"]\n'
                              '        - [Broadside, "2", "2"]\n'
                              '        - [Long Nines, "3", "1"]\n')
    assert load_game(str(pack))  # as typed, it agrees with actions.yaml
    edit(pack / "actions.yaml", "  range: 2\n  damage: 2\n", "  range: 2\n  damage: 3\n")
    damage = where(pack / "actions.yaml", "  range: 2\n  damage: 3\n", 21)
    cell = where(pack / "aids.yaml", '[Broadside, "2", "2"]', 17)
    assert load_errors(pack) == [err(cell, f"player aid 'aid-actions': the table gives Broadside damage '2', but "
                                           f"actions.broadside.damage is 3 (set at {damage}); write "
                                           "{actions.broadside.damage} to print it from the data")]


def test_only_cells_under_a_header_that_names_a_numeric_field_are_compared(pack):
    _typed_cannon_table(pack, '        - [Card, Reach, Hurts, Damage]\n'
                              '        - [Carronades, "9", "9", "{actions.carronades.damage}"]\n'
                              '        - [Mortar, "9", "9", "9"]\n')  # a row naming no record
    game = load_game(str(pack))  # 'Reach' and 'Hurts' name no field; the reference is the data itself
    assert section(game, "aid-actions", "Cannon").table[1] == ("Carronades", "9", "9", "3")
    _typed_cannon_table(pack, '        - [Card, Exact range]\n        - [Long Nines, 3 or 4]\n')
    cell = where(pack / "aids.yaml", "3 or 4")
    assert load_errors(pack) == [err(cell, "player aid 'aid-actions': the table gives Long Nines exact range "
                                           f"'3 or 4', but actions.long-nines.range is 3 (set at "
                                           f"{where(pack / 'actions.yaml', 'range: 3', 7)}); write "
                                           "{actions.long-nines.range} to print it from the data")]


@pytest.mark.parametrize("old, new, anchor, message", [
    ("rows: actions\n        where: {kind: fire}", "rows: action\n        where: {kind: fire}", "action\n        where",
     "player aid 'aid-actions': table rows 'action': unknown 'action': a reference starts with one of: actions, "
     "area_cards, boards, cards, counts, decks, game, rules, sim, suits, tokens (did you mean 'actions'?)"),
    ("where: {kind: fire}", "where: {kind: cannon}", "actions\n        where: {kind: cannon}",
     "player aid 'aid-actions': table rows 'actions' where kind: cannon has no records"),
    ("rows: actions\n        where: {kind: fire}", "rows: rules\n        where: {kind: fire}", "rules\n        where",
     "player aid 'aid-actions': table rows 'rules' must name records by id (such as actions, tokens or "
     "decks.<deck>.cards)"),
])
def test_a_table_from_records_that_names_none_is_located(pack, old, new, anchor, message):
    edit(pack / "aids.yaml", old, new)
    assert load_errors(pack) == [err(where(pack / "aids.yaml", anchor), message)]


def test_a_table_column_naming_no_field_is_located_at_the_column(pack):
    edit(pack / "aids.yaml", "Damage: damage}", "Damage: damages}")
    got = load_errors(pack)
    assert len(got) == 1 and got[0].startswith(
        f"{where(pack / 'aids.yaml', 'Damage: damages}', 8)}: error: player aid 'aid-actions': table column "
        "'damages' of 'actions.carronades': unknown 'damages'"), got
    assert "(did you mean 'damage'?)" in got[0]


def test_a_table_mapping_with_an_unknown_key_is_a_located_error(pack):
    edit(pack / "aids.yaml", "where: {kind: fire}", "filter: {kind: fire}")
    got = load_errors(pack)
    assert got == [err(where(pack / "aids.yaml", "filter: {kind: fire}"),
                       "player aid 'aid-actions' section #2: field 'table': unknown key 'filter' (expected one of: "
                       "rows, where, columns)")]


def test_a_rules_parameter_the_engine_declares_but_the_pack_leaves_out_is_reported_once(pack):
    edit(pack / "game.yaml", "  hand_size: 6\n", "")  # required by the engine: its own error says so
    got = [str(e) for e in check_game(load_game(str(pack))).errors]
    assert got == [f"{where(pack / 'game.yaml', 'market_size: 3')}: error: rules: missing parameter 'hand_size' "
                   "(a whole number)"], got


def test_a_noun_after_a_number_takes_its_plural(pack):
    edit(pack / "aids.yaml", "drawing up to {rules.hand_size} cards", "drawing up to {rules.hand_size|card}")
    edit(pack / "aids.yaml", "Discard the Market and deal {rules.market_size} new cards.",
         "Discard the Market and deal {rules.market_size|new die/new dice}.")
    game = load_game(str(pack))
    assert "drawing up to 6 cards" in section(game, "aid-round", "2. Draw").text
    assert "deal 3 new dice." in " ".join(section(game, "aid-round", "4. Reset").text.split())
    edit(pack / "game.yaml", "  hand_size: 6\n", "  hand_size: 1\n")
    edit(pack / "game.yaml", "  market_size: 3\n", "  market_size: 1\n")
    game = load_game(str(pack))
    assert "drawing up to 1 card:" in section(game, "aid-round", "2. Draw").text
    assert "deal 1 new die." in " ".join(section(game, "aid-round", "4. Reset").text.split())
    edit(pack / "aids.yaml", "{rules.hand_size|card}", "{rules.plan_areas|card}")
    got = load_errors(pack)
    assert len(got) == 1 and "'rules.plan_areas' is not a number, so '|card' cannot follow it" in got[0], got


def _printed(piece) -> str:
    out: list[str] = []

    def walk(item) -> None:
        if isinstance(item, Text):
            out.append(item.text)
        elif isinstance(item, Group):
            for child in item.items:
                walk(child)
    walk(piece.face)
    return " ".join(out)


def test_a_component_that_reads_otherwise_in_a_variant_is_printed_for_it_as_it_reads_there(pack):
    kit = layout_kit(load_game(str(pack)))
    rounds = {p.id: p for p in kit.pieces if p.id.startswith("aid-aid-round")}
    assert sorted(rounds) == ["aid-aid-round", "aid-aid-round-four-player"]
    two, four = rounds["aid-aid-round"], rounds["aid-aid-round-four-player"]
    assert (two.players, two.count) == ((2,), 2) and (four.players, four.count) == ((4,), 4)
    assert four.section == "Four-player team game"
    assert "a lead of 4 or more" in _printed(two) and "a lead of 7 or more" in _printed(four)
    assert "lead of 4" not in _printed(four)
    actions = [p for p in kit.pieces if p.id.startswith("aid-aid-actions")]  # reads alike: the game's, for all
    assert {p.players for p in actions} == {(2, 4), (4,)} and not any(p.id.endswith("-four-player") for p in actions)
    four_only = layout_kit(load_game(str(pack)), players=4)
    assert "aid-aid-round" not in {p.id for p in four_only.pieces}  # a four-player kit has only its own version
    assert "aid-aid-round-four-player" in {p.id for p in four_only.pieces}


def test_a_card_reference_past_a_repeated_deck_id_is_a_located_error_not_a_crash(pack):
    edit(pack / "aids.yaml", "Take turns drawing up to {rules.hand_size} cards",
         "Take turns drawing up to {rules.hand_size} cards ({cards.yellow-tack.name})")
    (pack / "cards.yaml").write_text((pack / "cards.yaml").read_text(encoding="utf-8") +
                                     "- id: action\n  name: Other\n  count: 1\n  template: action-card\n"
                                     "  cards:\n    - {id: wind, action: wind}\n", encoding="utf-8")
    got = load_errors(pack)
    assert any("duplicate id 'action'" in g for g in got), got
    assert all(g.count(": error: ") == 1 for g in got)
