"""Two decks, two Markets, two discards (8.2) and the single live Wind card that alternates between them (8.3)."""

from __future__ import annotations

from collections import Counter

import pytest
from kit.narrow_seas import fleet, game, position4, team_ship

from pnpgen.engine.narrow_seas import why_illegal
from pnpgen.engine.rng import Rng


def rest(*used: list, wind: bool = True) -> list[str]:
    """The cards of one deck not named in `used` (without its Wind card when it is set aside)."""
    left = Counter(game(4).deck_ids) - Counter(c for cards in used for c in cards)
    if not wind:
        left["wind"] -= 1
    return sorted(left.elements(), key=game(4).card_order.__getitem__)


MARKET_A = ["yellow-run", "red-reach", "blue-broadside"]
MARKET_B = ["red-tack", "blue-long-nines", "yellow-reach"]


def piles(top_a: list[str], top_b: list[str], hands: dict | None = None, aside: str = "A") -> dict:
    """Both decks listed whole: each Market, the given top cards, then the rest; discards empty."""
    hands = hands or {}
    in_a = [c for p in (2, 3) for c in hands.get(p, [])]
    in_b = [c for p in (1, 4) for c in hands.get(p, [])]
    return {"A": {"market": MARKET_A, "deck": top_a + rest(MARKET_A, top_a, in_a, wind=aside != "A"),
                  "discard": []},
            "B": {"market": MARKET_B, "deck": top_b + rest(MARKET_B, top_b, in_b, wind=aside != "B"),
                  "discard": []}}


def test_each_player_draws_from_their_own_deck_in_turn():
    s = position4(phase="draw", to_move=1, decks=piles(["red-run", "blue-run"], ["blue-tack", "red-carronades"]))
    for who, got in ((1, "blue-tack"), (4, "red-carronades"), (3, "red-run"), (2, "blue-run")):
        assert s.to_move == who
        s.apply_checked(("draw",))
        assert s.hands[who - 1] == [got]
    assert len(s.decks[0]) == 21 - 3 - 2 and len(s.decks[1]) == 22 - 3 - 2
    assert s.markets == [MARKET_A, MARKET_B]


def test_a_market_card_comes_from_the_players_own_market_and_is_refilled_from_that_deck():
    ships = fleet(A=team_ship("A", lookout=2), X=team_ship("X", lookout=1))
    s = position4(ships, phase="draw", to_move=1, decks=piles([], ["blue-carronades"]))
    assert {a for a in s.legal_actions() if a[0] == "market"} == {("market", c, "A") for c in MARKET_B}
    bad = why_illegal(s, ("market", "yellow-run", "A"))
    assert bad is not None and "yellow-run is not in Deck B's Market" in bad.reason
    s.apply_checked(("market", "red-tack", "A"))
    assert s.hands[0] == ["red-tack"]
    assert s.markets[1] == ["blue-carronades", "blue-long-nines", "yellow-reach"] and s.markets[0] == MARKET_A
    s.to_move = 2  # player 2's Market is Deck A's
    assert s.market == MARKET_A and s.deck is s.decks[0]


def test_a_card_played_goes_to_the_discard_of_its_players_deck():
    ships = fleet(A=team_ship("A", (-2, 4), sail=1), W=team_ship("W", (2, -4), sail=1))
    hands = {1: ["blue-run", "yellow-tack"], 2: ["blue-run"]}  # each deck has a blue-run of its own
    s = position4(ships, hands=hands, wind="N", decks=piles([], [], hands))
    s.apply_checked(("sail", "blue-run", "A", (-2, 3)))
    assert s.discards == [[], ["blue-run"]]
    s.apply_checked(("pass",))  # player 4
    s.apply_checked(("pass",))  # player 3
    assert s.to_move == 2
    s.apply_checked(("sail", "blue-run", "W", (2, -5)))
    assert s.discards == [["blue-run"], ["blue-run"]]


def test_playing_the_live_wind_sets_it_aside_and_puts_the_other_in_its_decks_discard():
    hands = {1: ["wind"], 3: ["blue-run"]}
    s = position4(hands=hands, decks=piles([], [], hands))
    assert s.wind_aside == 0
    s.apply_checked(("wind", "wind", "SE"))
    assert s.wind_name == "SE" and s.hands[0] == []
    assert s.wind_aside == 1  # Wind-B is out of play now
    assert s.discards == [["wind"], []]  # and Wind-A is live again, in Deck A's discard
    assert sum(c == "wind" for k in range(2) for c in s.decks[k] + s.markets[k] + s.discards[k]) == 1


def test_discarding_the_live_wind_alternates_it_too():
    hands = {3: ["wind"], 1: ["red-run"]}
    s = position4(hands=hands, to_move=3, decks=piles([], [], hands, aside="B"), wind_aside="B")
    s.apply_checked(("discard", "wind"))
    assert s.wind_aside == 0 and s.discards == [[], ["wind"]]


def test_the_wind_left_in_a_hand_or_in_a_market_at_reset_alternates_as_it_is_discarded():
    hands = {4: ["wind"]}
    s = position4(hands=hands, to_move=2, passed=[1, 3, 4], decks=piles([], [], hands))
    s.apply_checked(("pass",))  # the last player passes: Reset
    assert s.round == 2 and s.phase == "plan"
    assert s.wind_aside == 1 and s.hands[3] == []
    assert "wind" not in s.discards[1] + s.decks[1] + s.markets[1]
    assert s.discards[0].count("wind") + s.markets[0].count("wind") == 1

    market_b = ["wind", "blue-long-nines", "yellow-reach"]
    decks = piles([], [])
    decks["B"] = {"market": market_b, "deck": rest(market_b), "discard": []}
    s = position4(to_move=2, passed=[1, 3, 4], decks=decks)
    s.apply_checked(("pass",))
    assert s.wind_aside == 1 and Counter(s.discards[1]) == Counter(["blue-long-nines", "yellow-reach"])
    assert s.discards[0].count("wind") + s.markets[0].count("wind") == 1


@pytest.mark.slow
def test_one_wind_card_is_live_all_game_long():
    g = game(4)
    assert len(g.players_of_deck) == 2
    for seed in range(12):
        s, rng = g.new_initial_state(seed), Rng(seed)
        seen_aside = set()
        while not s.is_terminal() and s.round <= 60:  # (random team games may run long: no rule limits rounds)
            s.apply(s.random_action(rng))
            live = [c for k in range(2) for c in s.decks[k] + s.markets[k] + s.discards[k]] + \
                [c for h in s.hands for c in h]
            assert live.count("wind") == 1 and s.wind_aside in (0, 1)
            seen_aside.add(s.wind_aside)
            for k, players in enumerate(g.players_of_deck):  # hands hold their own deck's cards
                cards = Counter(s.decks[k] + s.markets[k] + s.discards[k]) + Counter(
                    c for p in players for c in s.hands[p - 1])
                if s.wind_aside == k:
                    cards["wind"] += 1
                assert cards == Counter(g.deck_cards[k])
        assert s.round >= 1
