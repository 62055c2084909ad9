"""Setup (3.0), Plan (6.1), Draw (6.2), the Action phase's turns (6.3), Reset and Mercy (6.4, 1.2)."""

from __future__ import annotations

import random
from collections import Counter

from kit.narrow_seas import game, legal, position, sea, ship

from pnpgen.engine.narrow_seas import why_illegal
from pnpgen.engine.narrow_seas.moves import compositions
from pnpgen.maths.hexgrid import distance, hexagon

FULL = ["blue-reach", "blue-tack", "blue-run", "blue-carronades", "blue-broadside", "blue-long-nines"]
RED = ["red-reach", "red-tack", "red-run", "red-carronades", "red-broadside", "red-long-nines"]


def others(*used: list) -> list[str]:
    """The cards not named in `used` (for the discard of a position that lists its deck)."""
    taken = {c for cards in used for c in cards}
    return [c for c in game().deck_ids if c not in taken]


# -- setup ------------------------------------------------------------------------------------
def test_setup_deals_a_market_and_draws_a_first_player():
    firsts = Counter()
    for seed in range(40):
        s = game().new_initial_state(seed)
        assert s.phase == "setup" and len(s.market) == 3 and len(s.deck) == 19 and s.hands == [[], []]
        assert Counter(s.market + s.deck) == Counter(game().deck_ids)
        assert s.current_player() == s.first_player
        firsts[s.first_player] += 1
    assert set(firsts) == {1, 2}


def test_first_ship_on_the_edge_then_exactly_four_from_an_enemy():
    s = game().new_initial_state(3)
    first = s.current_player()
    second = 3 - first
    mine = [sid for sid in ("A", "B", "W", "X") if game().ship_owner[game().ship_index[sid]] == first]
    near_edge = {c for c in hexagon(4) if distance((0, 0), c) >= 3}  # the edge ring and the ring inside it
    assert len(near_edge) == 42
    assert legal(s) == {("place", sid, c) for sid in mine for c in near_edge}
    assert why_illegal(s, ("place", mine[0], (0, 0))).rule == "3.0 setup: first ship at the edge"

    s.apply_checked(("place", mine[0], (0, -4)))
    assert s.current_player() == second
    theirs = [sid for sid in ("A", "B", "W", "X") if game().ship_owner[game().ship_index[sid]] == second]
    at4 = {c for c in hexagon(4) if distance(c, (0, -4)) == 4}
    assert legal(s) == {("place", sid, c) for sid in theirs for c in at4}
    assert why_illegal(s, ("place", theirs[0], (0, -1))).rule == "3.0 setup: distance to enemy ships"
    assert why_illegal(s, ("place", theirs[0], (0, 1))).rule == "3.0 setup: distance to enemy ships"

    s.apply_checked(("place", theirs[0], (0, 0)))
    assert s.current_player() == first  # own ships do not count: exactly 4 from the one enemy
    assert legal(s) == {("place", mine[1], c) for c in hexagon(4) if distance(c, (0, 0)) == 4 and c != (0, -4)}

    s.apply_checked(("place", mine[1], (4, -4)))
    both = {c for c in hexagon(4) if min(distance(c, (0, -4)), distance(c, (4, -4))) == 4}
    assert legal(s) == {("place", theirs[1], c) for c in both if c != (0, 0)}
    assert why_illegal(s, ("place", theirs[1], (-2, 2))).rule == "3.0 setup: distance to enemy ships"  # 6 and 6

    s.apply_checked(("place", theirs[1], (-4, 0)))
    assert s.current_player() == second  # the second player sets the wind
    assert legal(s) == {("set_wind", d) for d in ("N", "NE", "SE", "S", "SW", "NW")}
    s.apply_checked(("set_wind", "SW"))
    assert (s.phase, s.round, s.wind_name) == ("plan", 1, "SW")


# -- plan -------------------------------------------------------------------------------------------
def plan_position(**more):
    ships = {"A": ship(1, (0, 0), spent=4), "B": ship(1, (0, 3), sail=1, spent=2, sick=1),
             "W": ship(2, (3, -3), spent=4), "X": ship(2, (-3, 0), fire=1, spent=2, sick=1)}
    return position(ships, phase="plan", board=sea(), **more)


def test_every_plan_assigns_every_cube_not_in_the_sick_bay():
    s = plan_position()
    plans = s.legal_actions()
    assert len(plans) == len(set(plans)) == 35 * 20  # 4 cubes and 3 cubes over four areas
    assert all(sum(a[1][0][1]) == 4 and sum(a[1][1][1]) == 3 for a in plans)
    assert why_illegal(s, ("plan", (("A", (1, 1, 1, 0)), ("B", (0, 0, 0, 3))))).rule == "6.1 plan phase"
    assert why_illegal(s, ("plan", (("A", (1, 1, 1, 1)),))).rule == "6.1 plan phase"
    assert why_illegal(s, ("plan", (("A", (4, 0, 0, 0)), ("W", (4, 0, 0, 0))))).rule == "6.1 plan phase"


def test_random_plans_are_legal_and_uniform_per_ship():
    s = plan_position()
    rng = random.Random(5)
    plans = set(s.legal_actions())
    seen = Counter()
    for _ in range(7000):
        a = s.random_action(rng)
        assert a in plans
        seen[a[1][1][1]] += 1  # B's share: 20 ways to spread 3 cubes
    assert set(seen) == set(compositions(3, 4))
    assert max(seen.values()) < 1.3 * 7000 / 20 and min(seen.values()) > 0.7 * 7000 / 20


def test_plans_are_secret_until_both_have_planned():
    s = plan_position()
    s.apply_checked(("plan", (("A", (0, 0, 2, 2)), ("B", (3, 0, 0, 0)))))
    assert s.current_player() == 2 and s.phase == "plan"
    theirs = s.observation(2)["ships"]["A"]
    assert "plan" not in theirs and "spent" not in theirs and theirs["crew"] == 4
    assert s.observation(1)["ships"]["A"]["plan"] == {"sail": 0, "duty": 0, "lookout": 2, "fire": 2}
    assert "deck" not in s.observation(1) and 1 not in s.observation(2)["hands"]
    s.apply_checked(("plan", (("W", (1, 1, 1, 1)), ("X", (0, 0, 0, 3)))))
    assert s.phase == "draw"
    assert s.observation(2)["ships"]["A"]["plan"] == {"sail": 0, "duty": 0, "lookout": 2, "fire": 2}


# -- draw ------------------------------------------------------------------------------------------
def test_most_lookout_cubes_draws_first():
    s = plan_position(first_player=1)
    s.apply_checked(("plan", (("A", (0, 0, 1, 3)), ("B", (3, 0, 0, 0)))))
    s.apply_checked(("plan", (("W", (0, 0, 2, 2)), ("X", (0, 0, 0, 3)))))
    assert (s.phase, s.first_player, s.current_player()) == ("draw", 2, 2)


def test_a_lookout_tie_keeps_the_marker_where_it_is():
    for holder in (1, 2):
        s = plan_position(first_player=holder)
        s.apply_checked(("plan", (("A", (0, 0, 1, 3)), ("B", (2, 0, 1, 0)))))
        s.apply_checked(("plan", (("W", (0, 0, 2, 2)), ("X", (0, 0, 0, 3)))))
        assert (s.first_player, s.current_player()) == (holder, holder)


def draw_position(hand1, hand2, *, lookout=0, **more):
    ships = {"A": ship(1, (0, 0), lookout=lookout, spent=4 - lookout), "W": ship(2, (3, -3), spent=4)}
    return position(ships, phase="draw", board=sea(), hands={1: hand1, 2: hand2}, **more)


def test_players_alternate_draws_until_each_holds_the_hand_size():
    s = draw_position([], ["blue-reach", "blue-tack", "blue-run", "blue-carronades"])
    order = []
    while s.phase == "draw":
        order.append(s.current_player())
        assert legal(s) == {("draw",)}  # no Lookout cube: no Market card
        s.apply_checked(("draw",))
    assert order == [1, 2, 1, 2, 1, 1, 1, 1]
    assert [len(h) for h in s.hands] == [6, 6] and s.phase == "action" and s.current_player() == 1


def test_a_market_card_costs_a_lookout_cube_and_the_market_is_refilled():
    market, deck = ["red-run", "red-tack", "wind"], ["yellow-run", "yellow-tack"]
    s = draw_position([], [], lookout=1, market=market, deck=deck, discard=others(market, deck))
    assert legal(s) == {("draw",), ("market", "red-run", "A"), ("market", "red-tack", "A"), ("market", "wind", "A")}
    s.apply_checked(("market", "red-tack", "A"))
    a = s.g.ship_index["A"]
    assert s.hand(1) == ["red-tack"] and s.plan[a][2] == 0 and s.spent[a] == 4
    assert s.market == ["red-run", "yellow-run", "wind"]  # refilled from the top of the deck
    s.apply_checked(("draw",))  # player 2
    assert legal(s) == {("draw",)}  # no Lookout cube left
    assert why_illegal(s, ("market", "red-run", "A")).rule == "6.2 draw phase: market"


def shuffled(s, cards: list[str]) -> list[str]:
    """The deck a reshuffle of `cards` makes from the state's random source (which it leaves as it was)."""
    out = list(cards)
    s.rng.clone().shuffle(out)
    return out


def test_a_draw_that_empties_the_deck_reshuffles_the_discard_at_once():
    rest = [c for c in game().deck_ids if c not in ("red-run", "red-tack", "wind", "yellow-run")]
    s = draw_position([], [], market=["red-run", "red-tack", "wind"], deck=["yellow-run"], discard=rest)
    new_deck = shuffled(s, s.discard)
    s.apply_checked(("draw",))  # the last card: the deck empties, and the discard becomes the deck (rule 6.2)
    assert s.hand(1) == ["yellow-run"] and s.reshuffles == 1
    assert s.deck == new_deck and s.discard == []
    s.apply_checked(("draw",))
    assert s.hand(2) == [new_deck[-1]] and s.deck == new_deck[:-1] and s.reshuffles == 1


def test_a_market_refill_that_empties_the_deck_reshuffles_the_discard_at_once():
    market, deck = ["red-run", "red-tack", "wind"], ["yellow-run"]
    s = draw_position([], [], lookout=1, market=market, deck=deck, discard=others(market, deck))
    new_deck = shuffled(s, s.discard)
    s.apply_checked(("market", "red-tack", "A"))
    assert s.market == ["red-run", "yellow-run", "wind"] and s.hand(1) == ["red-tack"]
    assert s.deck == new_deck and s.discard == [] and s.reshuffles == 1


def test_cards_discarded_after_the_reshuffle_wait_in_the_discard():
    ships = {"A": ship(1, (0, 0), spent=4), "W": ship(2, (3, -3), spent=4)}
    hands = {1: ["blue-run", "blue-tack"], 2: ["red-run"]}
    market, deck = ["red-tack", "red-reach", "red-broadside"], ["yellow-run"]
    s = position(ships, board=sea(), phase="draw", hands=hands, market=market, deck=deck,
                 discard=others(market, deck, *hands.values()))
    new_deck = shuffled(s, s.discard)
    s.apply_checked(("draw",))  # the deck empties: the old discard is the new deck at once
    assert s.deck == new_deck and s.discard == []
    while s.phase == "draw":
        s.apply_checked(("draw",))
    s.apply_checked(("discard", "blue-run"))
    assert s.discard == ["blue-run"] and s.deck == new_deck[:-8]  # 4 + 5 draws, the first from the old deck


def test_the_hand_size_is_never_exceeded():
    s = draw_position(FULL, RED[:5], to_move=2)
    assert why_illegal(s, ("draw",)) is None
    s.apply_checked(("draw",))
    assert s.phase == "action" and [len(h) for h in s.hands] == [6, 6]


# -- action phase and reset ------------------------------------------------------------------------
def test_a_player_who_passes_takes_no_further_action():
    ships = {"A": ship(1, (0, 0), spent=4), "W": ship(2, (3, -3), spent=4)}
    s = position(ships, board=sea(), hands={1: ["blue-run", "blue-tack"], 2: ["red-run", "red-tack"]})
    s.apply_checked(("pass",))
    assert s.current_player() == 2
    s.apply_checked(("discard", "red-run"))
    assert s.current_player() == 2  # player 1 has passed
    s.apply_checked(("pass",))
    assert (s.phase, s.round) == ("plan", 2)
    assert s.hands == [["blue-tack", "blue-run"], ["red-tack"]]  # hands carry over


def test_reset_discards_the_wind_card_and_replaces_the_market():
    ships = {"A": ship(1, (0, 0), spent=4), "W": ship(2, (3, -3), spent=4)}
    hands = {1: ["blue-run", "wind"], 2: ["red-run"]}
    market, deck = ["red-tack", "red-reach", "red-broadside"], ["yellow-run", "yellow-tack", "yellow-reach"]
    s = position(ships, board=sea(), hands=hands, passed=[2], market=market, deck=deck,
                 discard=others(market, deck, *hands.values()))
    s.apply_checked(("pass",))
    assert (s.phase, s.round) == ("plan", 2)
    assert s.hands == [["blue-run"], ["red-run"]]
    assert s.market == ["yellow-run", "yellow-tack", "yellow-reach"]
    # the refill emptied the deck: the discard (the old Market and the Wind card with it) is the new deck at once
    assert Counter(s.deck) == Counter(others(deck, *hands.values()) + ["wind"]) and s.discard == []
    assert s.reshuffles == 1


def mercy_position(crew_w: int):
    ships = {"A": ship(1, (0, 0), spent=2, sick=2), "B": ship(1, (0, 3), spent=1, sick=3),
             "W": ship(2, (3, -3), spent=crew_w, sick=4 - crew_w), "X": ship(2, (-3, 0), spent=3, sick=1)}
    return position(ships, board=sea(), hands={1: [], 2: ["red-run"]}, passed=[1], to_move=2)


def test_mercy_three_crew_against_seven_loses():
    s = mercy_position(4)  # player 1: 2 + 1 = 3 crew on ship cards; player 2: 4 + 3 = 7
    s.apply_checked(("pass",))
    assert s.is_terminal() and s.victory == "mercy" and s.winners == (2,) and s.returns() == [-1.0, 1.0]


def test_no_mercy_for_a_lead_of_three():
    s = mercy_position(3)  # 3 against 6
    s.apply_checked(("pass",))
    assert not s.is_terminal() and (s.phase, s.round) == ("plan", 2)


def test_no_round_ends_the_game_only_sinking_and_mercy_do():
    ships = {"A": ship(1, (0, 0), spent=4), "W": ship(2, (3, -3), spent=4)}
    for last in (40, 41, 500):  # rule 1.2 knows no round limit: 40 was the engine's old cap
        s = position(ships, board=sea(), hands={1: [], 2: []}, round=last)
        s.apply_checked(("pass",))
        assert not s.is_terminal() and (s.phase, s.round, s.victory, s.winners) == ("plan", last + 1, None, ())


def test_random_draws_are_uniform_over_the_legal_draws():
    ships = {"A": ship(1, (0, 0), lookout=1, spent=3), "B": ship(1, (0, 3), lookout=2, spent=2),
             "W": ship(2, (3, -3), spent=4)}
    s = position(ships, phase="draw", board=sea(), hands={1: [], 2: []}, market=["red-run", "wind", "blue-tack"])
    allowed = set(s.legal_actions())
    assert len(allowed) == 1 + 3 * 2
    rng = random.Random(9)
    seen = Counter(s.random_action(rng) for _ in range(7000))
    assert set(seen) == allowed
    assert all(700 < n < 1300 for n in seen.values())
