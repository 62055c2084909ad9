"""Enemy in Sight setup, the turn's steps, Red cards passed round the table, round ends, scoring and victory."""

from __future__ import annotations

from collections import Counter

import pytest
from kit.enemy_in_sight import legal, line, position, rules, ship

from pnpgen.engine.enemy_in_sight.judge import why_illegal

FULL_LINE = {sid: line(1) for sid in ("victory", "mars", "leander", "camilla")} | {
    sid: line(2) for sid in ("orient", "achille", "hortense", "argus")}


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_setup_deals_ships_in_value_order_and_the_high_roller_deals(players):
    r = rules(players)
    s = r.new_initial_state(7)
    for p in r.players:
        values = [r.ships[i].value for i in s.line[p - 1]]
        assert len(values) == 6 and values == sorted(values), "a Line in value order, lowest on the left"
        assert len(s.hands[p - 1]) == 6 or p == s.dealer
    assert len(s.ship_deck) == 40 - 6 * players
    assert s.turn == s.dealer == s.first_dealer and s.roles() == {"first dealer (high roller)": s.dealer}
    assert s.step in ("main", "red")
    dealers = Counter(r.new_initial_state(seed).first_dealer for seed in range(200))
    assert set(dealers) == set(r.players), "every player can win the roll"
    same = r.new_initial_state(7)
    assert same.hands == s.hands and same.ship_deck == s.ship_deck, "a seed deals the same game"


def test_the_main_step_offers_each_playable_card_the_muster_and_every_discard():
    ships = FULL_LINE | {"bucentaure": {"owner": 1, "at": "port"}}
    hand = ["broadsides-1", "broadsides-6", "repair", "refuse-battle", "bucket-brigade", "additional-ship"]
    s = position(ships, {1: hand, 2: ["rake"]})
    assert legal(s) == {("play", "broadsides-1"), ("play", "broadsides-6"), ("play", "refuse-battle"),
                        ("play", "additional-ship"), ("muster", "refuse-battle"),
                        *{("discard", c) for c in hand}}
    assert why_illegal(s, ("play", "repair")).reason == "no Broadsides or Rake card lies on player 1's ships"
    assert why_illegal(s, ("play", "rake")).reason == "rake is not in player 1's hand"
    assert why_illegal(s, ("red", "fire")).rule == "4.5 Play or Discard Action Cards"


def test_a_red_card_in_hand_is_the_whole_turn():
    s = position(FULL_LINE, {1: ["strike", "weathergauge", "rake"], 2: []}, step="red")
    assert legal(s) == {("red", "strike"), ("red", "weathergauge")}
    bad = why_illegal(s, ("play", "rake"))
    assert bad.rule == "4.4 Play or Pass a Red Action Card"
    assert bad.reason == "player 1 holds a Red card (strike, weathergauge) and must play it as the turn's only action"
    s.apply(("red", "weathergauge"))
    assert s.turn == 2 and "weathergauge" in s.discard and s.hands[0] == ["strike", "rake"]


def test_a_red_card_without_effect_goes_round_the_table_and_back_to_its_owner():
    # nobody has a damaged ship: Fire affects no one
    s = position(FULL_LINE | {"bahama": line(3)}, {1: ["fire"], 2: ["rake"], 3: ["repair"] * 6}, players=3,
                 step="red", seed=1)
    s.apply(("red", "fire"))
    assert s.passing == ("fire", 1) and s.turn == 2
    assert legal(s) == {("red", "fire")}, "the receiver's only action is the card passed on"
    assert s.hands[1] == ["rake"], "and it draws no card"
    s.apply(("red", "fire"))
    assert s.turn == 3 and s.passing == ("fire", 1)
    s.apply(("red", "fire"))
    assert s.turn == 1 and legal(s) == {("red", "fire")}
    deck = len(s.deck)
    s.apply(("red", "fire"))
    assert s.passing is None and s.discard[-1] == "fire", "back with its owner, it is discarded"
    assert len(s.deck) == deck - 3 and len(s.hands[1]) == 4, "and the next player draws again"


def test_a_passed_red_card_is_played_by_the_first_player_it_affects():
    ships = FULL_LINE | {"bahama": line(3, damage=[["hull", "rake"]])}
    s = position(ships, {1: ["fire"], 2: ["repair"] * 4, 3: ["rake"] * 4}, players=3, step="red", seed=1)
    s.apply(("red", "fire"))
    s.apply(("red", "fire"))
    assert s.turn == 3 and s.passing == ("fire", 1)
    s.apply(("red", "fire"))
    b = ship(s, "bahama")
    assert s.fires[b] == (("fire", s.fires[b][0][1]),) and s.passing is None, "the Fire lies on the damaged ship"


def test_the_draw_fills_the_hand_to_the_line_with_a_minimum_and_one_without_a_line():
    ships = {sid: line(1) for sid in ("victory", "mars", "leander", "camilla", "euryalus")} | {
        "orient": line(2, struck=True, damage=[["hull", "broadsides-3"]]), "argus": {"owner": 2, "at": "port"}}
    s = position(ships, {1: ["repair"], 2: []}, seed=3)
    # struck ships count for no hand capacity, but a Line of struck ships is still a Line: its minimum holds
    # (the no-Line capacity is for an empty Line, as the 15 VP for having no Line is)
    assert s.capacity(1) == 5 and s.capacity(2) == 4
    s.apply(("discard", "repair"))
    assert s.turn == 2 and len(s.hands[1]) == 4
    empty = {sid: line(1) for sid in ("victory", "mars")} | {"argus": {"owner": 2, "at": "port"}}
    s = position(empty, {1: ["repair"], 2: []}, seed=3)
    assert s.capacity(2) == 1, "no ship in the Line: the no-Line capacity"
    s.apply(("discard", "repair"))
    assert s.turn == 2 and len(s.hands[1]) == 1
    two = {sid: line(1) for sid in ("victory", "mars")} | {"orient": line(2)}
    s = position(two, {1: ["repair"] * 4 + ["rake"] * 4}, seed=3)
    assert s.capacity(1) == 4
    s.apply(("discard", "repair"))
    s.apply(s.legal_actions()[-1])  # player 2 discards
    assert len(s.hands[0]) == 7, "a hand above capacity is kept, not drawn to"


def test_the_round_ends_when_a_player_must_draw_from_an_empty_deck():
    ships = FULL_LINE | {"santa-ana": {"owner": 1, "at": "prize", "damage": [["hull", "broadsides-5"]]}}
    hands = {1: ["repair"], 2: ["rake"] * 3}
    s = position(ships, hands, rest_in_discard=True, sunk_this_round={1: ["bahama"]}, scores={1: 10, 2: 3},
                 sunk={2: ["monarca"]}, seed=5)
    cards = len(s.discard)
    s.apply(("discard", "repair"))  # player 2 cannot fill their hand: the round ends
    assert s.round == 2 and s.dealer == 2 and s.turn == 2
    # player 1: bahama sunk (8 + 6) and santa-ana's undamaged Hull and Rigging (10 - 2 + 8)
    assert s.scores == [10 + 14 + 16, 3] and s.vp[0] == [0, 10 + 14, 0, 16]
    assert s.unscored_vp(1) == 0 and s.scored == [1, 1]
    assert not s.discard and len(s.deck) == cards + 1 - 1, "the discards make the new Action deck; the dealer draws"
    assert len(s.hands[1]) == 4 and s.hands[1].count("rake") >= 3


def test_the_line_maintenance_penalty_and_victory_at_a_round_end():
    ships = {"victory": line(1), "orient": {"owner": 2, "at": "port"}}
    s = position(ships, {1: ["repair"], 2: []}, rest_in_discard=True, scores={1: 90, 2: 0},
                 sunk_this_round={1: ["camilla", "argus"]}, seed=5)
    s.apply(("discard", "repair"))
    assert s.is_terminal() and s.victory == "points" and s.winners == (1,)
    assert s.scores == [90 + 7 + 7, -15] and s.returns() == [1.0, -1.0]
    assert why_illegal(s, ("discard", "repair")).reason == "the game is over"


def test_a_prize_taken_into_port_scores_double_and_can_win_at_once():
    ships = FULL_LINE | {"santa-ana": {"owner": 1, "at": "prize", "damage": [["hull", "broadsides-5"]]}}
    s = position(ships, {1: ["refuse-battle"], 2: []}, scores={1: 70})
    s.apply(("play", "refuse-battle"))
    assert s.step == "moves" and ("move", "santa-ana") in legal(s)
    s.apply(("move", "santa-ana"))
    assert s.is_terminal() and s.winners == (1,) and s.scores[0] == 70 + 2 * 18
    assert s.taken[0] == [ship(s, "santa-ana")] and "broadsides-5" in s.discard


def test_a_stalemate_when_no_vp_is_left_to_win():
    ships = {"victory": line(1)}
    s = position(ships, {1: ["repair"], 2: []}, rest_in_discard=True, scores={1: 40, 2: 20},
                 ship_deck=[])
    s.apply(("discard", "repair"))
    assert s.is_terminal() and s.victory == "stalemate" and s.winners == (1,)
    assert s.scores == [40, 5], "player 2 paid the Line maintenance penalty first"
