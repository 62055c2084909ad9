"""Seas of Havoc rules: the exact legal actions of positions covering the Island Phase, buying, every kind of
movement and collision, and cannon fire; and what each action does."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest
from kit.seas_of_havoc import ENGINE, content, position, sea

from pnpgen.engine.seas_of_havoc.game import SeasOfHavoc
from pnpgen.model import Board

NONE = (0, 0, 0)
MARKET = "market: [full-sail, long-guns, dread-reputation, quartermaster, come-about]\n"


# -- the Island Phase -----------------------------------------------------------------------------------------
def test_first_placement_offers_every_location_choice_every_card_and_a_restock(tmp_path):
    s = position(tmp_path, "phase: island\nto_move: 1\n" + MARKET)
    gather = [("place", loc, None, None) for loc in ("sail-maker", "blacksmith", "bank")]
    capitol = [("place", "capitol", r, None) for r in ("sail", "cannonball", "coin")]
    trades = [("place", "trading-post", NONE, NONE),
              ("place", "trading-post", (1, 0, 0), (0, 1, 0)), ("place", "trading-post", (1, 0, 0), (0, 0, 1)),
              ("place", "trading-post", (0, 1, 0), (1, 0, 0)), ("place", "trading-post", (0, 1, 0), (0, 0, 1)),
              ("place", "trading-post", (0, 0, 1), (1, 0, 0)), ("place", "trading-post", (0, 0, 1), (0, 1, 0)),
              ("place", "trading-post", (1, 1, 0), (0, 0, 2)), ("place", "trading-post", (1, 0, 1), (0, 2, 0)),
              ("place", "trading-post", (0, 1, 1), (2, 0, 0))]
    cove = [("place", "deep-cove", (), ())]  # nothing in hand or discards: a skiff may still go there
    flags = [("place", "flags", f, None) for f in ("shipwright", "bosun", "purser", "sailor")]
    claims = [("claim", c) for c in ("full-sail", "come-about", "long-guns", "quartermaster", "dread-reputation")]
    # one of each resource buys no upgrade: the Workshop offers nothing
    assert s.legal_actions() == gather + capitol + trades + cove + flags + claims + [("restock",)]


def test_full_locations_are_not_offered_and_turns_go_clockwise(tmp_path):
    s = position(tmp_path, "players: 3\nphase: island\nto_move: 3\nskiffs: {1: 2, 2: 2, 3: 3}\n"
                 "placed: {capitol: [1], sail-maker: [2, 1]}\nclaims: []\n" + MARKET)
    locations = {a[1] for a in s.legal_actions() if a[0] == "place"}
    assert locations == {"blacksmith", "bank", "trading-post", "deep-cove", "flags"}
    s.apply(("place", "bank", None, None))
    assert (s.to_move, s.res[2]) == (1, [1, 1, 3])


def test_capitol_hands_over_the_first_player_token_at_once(tmp_path):
    s = position(tmp_path, "phase: island\nto_move: 2\nfirst_player: 1\nskiffs: {1: 2, 2: 3}\n"
                 "placed: {bank: [1]}\n" + MARKET)
    s.apply(("place", "capitol", "coin", None))
    assert (s.first_player, s.res[1], s.to_move) == (2, [1, 1, 2], 1)


def test_trading_post_exchanges(tmp_path):
    s = position(tmp_path, "phase: island\nto_move: 1\nresources: {1: {sail: 2, cannonball: 0, coin: 0}}\n" + MARKET)
    trades = [a for a in s.legal_actions() if a[1:2] == ("trading-post",)]
    assert trades == [("place", "trading-post", NONE, NONE),
                      ("place", "trading-post", (1, 0, 0), (0, 1, 0)), ("place", "trading-post", (1, 0, 0), (0, 0, 1)),
                      ("place", "trading-post", (2, 0, 0), (0, 2, 0)), ("place", "trading-post", (2, 0, 0), (0, 1, 1)),
                      ("place", "trading-post", (2, 0, 0), (0, 0, 2))]
    s.apply(("place", "trading-post", (2, 0, 0), (0, 1, 1)))
    assert s.res[0] == [0, 1, 1]


def test_workshop_switches_an_upgrade_on_with_or_without_booty(tmp_path):
    s = position(tmp_path, "phase: island\nto_move: 1\nresources: {1: {sail: 0, cannonball: 1, coin: 3}}\n"
                 "booty: {1: booty-b}\n" + MARKET)
    shop = [a for a in s.legal_actions() if a[1:2] == ("workshop",)]
    # booty-b holds 2 cannonballs and a sail
    assert shop == [("place", "workshop", "figurehead", False), ("place", "workshop", "figurehead", True),
                    ("place", "workshop", "iron-ram", True), ("place", "workshop", "long-barrels", True)]
    s.apply(("place", "workshop", "long-barrels", True))
    assert (s.upgrades[0], s.res[0], s.booty[0]) == (["long-barrels"], [0, 0, 3], None)
    assert s.score(1) == 2  # an upgrade that is on is worth its Infamy


def test_deep_cove_scraps_from_hand_and_discards_for_their_cost(tmp_path):
    s = position(tmp_path, "phase: island\nto_move: 1\nhands: {1: [ahead]}\ndiscards: {1: [long-guns]}\n"
                 "market: [full-sail, dread-reputation, quartermaster, come-about]\n")
    cove = [a for a in s.legal_actions() if a[1:2] == ("deep-cove",)]
    assert cove == [("place", "deep-cove", (), ()), ("place", "deep-cove", ("ahead",), ()),
                    ("place", "deep-cove", (), ("long-guns",)), ("place", "deep-cove", ("ahead",), ("long-guns",))]
    s.apply(("place", "deep-cove", ("ahead",), ("long-guns",)))
    assert (s.hands[0], s.discards[0], s.scrapped, s.market_discard) == ([], [], ["ahead"], ["long-guns"])
    assert s.res[0] == [1, 3, 2]  # long-guns cost 2 cannonballs and a coin


def test_flag_slots_hand_out_flags_from_the_supply(tmp_path):
    s = position(tmp_path, "phase: island\nto_move: 1\nflags: {1: [sailor, sailor], 2: [sailor, sailor]}\n" + MARKET)
    assert [a for a in s.legal_actions() if a[1:2] == ("flags",)] == [
        ("place", "flags", f, None) for f in ("shipwright", "bosun", "purser")]  # every sailor flag is taken
    s.apply(("place", "flags", "bosun", None))
    assert (s.flags[0], s.flag_supply) == ([0, 1, 0, 2], [4, 3, 4, 0])


def test_restock_forces_a_claim_of_the_new_cards(tmp_path):
    top = ["signal-flags", "stern-chaser", "raking-pass", "prize-cargo"]
    rest = Counter(ENGINE.make_rules(content(), 2).market_cards) - Counter(top + MARKET[9:-2].split(", "))
    s = position(tmp_path, "phase: island\nto_move: 2\nskiffs: {1: 2, 2: 3}\nclaims: [[1, long-guns]]\n" + MARKET
                 + f"market_deck: [{', '.join(top + sorted(rest.elements()))}]\n")
    s.apply(("restock",))
    assert s.market == ["long-guns", "signal-flags", "stern-chaser", "raking-pass", "prize-cargo"]
    assert s.legal_actions() == [("claim", c) for c in ("stern-chaser", "raking-pass", "prize-cargo",
                                                       "signal-flags")]
    assert s.market_discard == ["full-sail", "dread-reputation", "quartermaster", "come-about"]
    bad = ENGINE.why_illegal(s, ("place", "bank", None, None))
    assert (bad.reason, bad.rule) == ("player 2 restocked the Market and must now claim one of the new cards",
                                      "5.3 The Market")


def test_no_restock_when_every_market_card_is_claimed(tmp_path):
    # Found by an audit against the quick reference: with every box claimed a restock dealt nothing, changed
    # nothing, and was offered again and again.
    claims = "[[1, full-sail], [2, long-guns], [1, dread-reputation], [2, quartermaster], [2, come-about]]"
    s = position(tmp_path, f"phase: island\nto_move: 1\nskiffs: {{1: 1, 2: 0}}\nclaims: {claims}\n" + MARKET)
    assert ("restock",) not in s.legal_actions() and s.market_deck
    assert [a for a in s.legal_actions() if a[0] == "claim"] == []
    bad = ENGINE.why_illegal(s, ("restock",))
    assert (bad.reason, bad.rule) == ("every Market card is claimed: a restock would deal no new card",
                                      "5.3 The Market")
    one_free = claims.replace(", [2, come-about]", "")
    s = position(tmp_path, f"phase: island\nto_move: 1\nskiffs: {{1: 1, 2: 1}}\nclaims: {one_free}\n" + MARKET)
    assert ("restock",) in s.legal_actions()
    s.apply(("restock",))
    assert len(s.restocked) == 1 and s.market_discard == ["come-about"]


def test_each_sailor_flag_gives_one_more_card(tmp_path):
    # Found by an audit against the quick reference: two Sailor flags used on one card gave one more card.
    s = position(tmp_path, "phase: sea\nto_move: 1\nships: {1: {at: [0, 0], heading: N}, 2: {at: [5, 5], heading: E}}"
                 "\nhands: {1: [ahead, ahead, broadside], 2: [ahead, broadside]}\nflags: {1: [sailor, sailor]}\n"
                 "turn: {card: signal-flags, stage: signal, frame: N, shot: 1, owed: 0, signals: 2, again: false}\n")
    s.apply(("flag", "sailor", None))
    s.apply(("flag", "sailor", None))
    assert (s.to_move, s.turn, s.more_cards) == (1, None, 1), "one more card now, and one after it"
    turns = []
    for _ in range(3):
        turns.append(s.to_move)
        s.apply(("pass", s.hands[s.to_move - 1][0]))
    assert turns == [1, 1, 2], "player 1 plays two more cards, then player 2"
    assert s.more_cards == 0

    s = position(tmp_path, "phase: island\nto_move: 1\nfirst_player: 2\nskiffs: {1: 1, 2: 0}\n"
                 "resources: {1: {sail: 2, cannonball: 3, coin: 2}, 2: {sail: 3, cannonball: 0, coin: 0}}\n"
                 "claims: [[2, full-sail]]\n" + MARKET)
    s.apply(("claim", "long-guns"))
    assert (s.phase, s.to_move) == ("buy", 2)
    assert s.legal_actions() == [("buy", "full-sail", False), ("decline", "full-sail")]
    s.apply(("buy", "full-sail", False))
    assert (s.to_move, s.hands[1][-1:], s.res[1]) == (1, ["full-sail"], [1, 0, 0])
    assert s.legal_actions() == [("buy", "long-guns", False), ("decline", "long-guns")]
    s.apply(("decline", "long-guns"))
    assert s.phase == "sea" and len(s.market) == 5 and "long-guns" in s.market  # refilled; the unbought card stays


def test_a_claim_only_booty_can_pay_for(tmp_path):
    s = position(tmp_path, "phase: buy\nto_move: 1\nresources: {1: {sail: 0, cannonball: 0, coin: 1}}\n"
                 "booty: {1: booty-b}\nclaims: [[1, long-guns]]\n" + MARKET)
    assert s.legal_actions() == [("buy", "long-guns", True), ("decline", "long-guns")]
    bad = ENGINE.why_illegal(s, ("buy", "long-guns", False))
    assert (bad.reason, bad.rule) == ("player 1 cannot pay for long-guns with their resources", "5.4 Buying")
    s.apply(("buy", "long-guns", True))
    assert (s.res[0], s.booty[0]) == ([0, 0, 0], None)  # the sail left on the booty token is lost with it


# -- movement ---------------------------------------------------------------------------------------------------
SHIPS = "  1: {at: [3, 7], heading: N}\n  2: {at: [8, 1], heading: S}\n"


def test_sea_turn_offers_each_card_to_play_or_pass(tmp_path):
    s = sea(tmp_path, SHIPS, "  1: [ahead, broadside, ahead]\n  2: [steady]\n")
    assert s.legal_actions() == [("play", "ahead"), ("play", "broadside"), ("pass", "ahead"), ("pass", "broadside")]
    s.apply(("pass", "broadside"))
    assert (s.to_move, s.discards[0], s.pos[0]) == (2, ["broadside"], (3, 7))


def test_straight_move_then_extended_manoeuvre_paid_in_sails(tmp_path):
    s = sea(tmp_path, SHIPS, "  1: [ahead]\n  2: [steady]\n")
    s.apply(("play", "ahead"))
    assert s.pos[0] == (3, 6) and s.legal_actions() == [("hold",), ("extend", False)]
    s.apply(("extend", False))
    assert (s.pos[0], s.heading[0], s.res[0], s.to_move) == ((3, 5), 0, [0, 1, 1], 2)


def test_turn_ends_facing_the_new_heading(tmp_path):
    s = sea(tmp_path, SHIPS, "  1: [turn-to-starboard]\n  2: [steady]\n",
            "resources: {1: {sail: 0, cannonball: 0, coin: 0}}\n")
    s.apply(("play", "turn-to-starboard"))  # no sail: the extended manoeuvre is not offered
    assert (s.pos[0], s.heading[0], s.to_move) == ((4, 6), 1, 2)


def test_manoeuvre_steps_count_from_the_heading_the_card_was_played_with(tmp_path):
    s = sea(tmp_path, "  1: {at: [0, 6], heading: E}\n  2: {at: [8, 1], heading: S}\n", "  1: [come-about]\n")
    s.apply(("play", "come-about"))  # ahead then starboard, ending astern: from east, one east and one south
    assert (s.pos[0], s.heading[0]) == ((1, 7), 3)


def test_the_sea_wraps_at_every_edge(tmp_path):
    s = sea(tmp_path, "  1: {at: [0, 0], heading: N}\n  2: {at: [8, 1], heading: S}\n", "  1: [steady]\n")
    s.apply(("play", "steady"))
    assert s.pos[0] == (0, 7)
    s = sea(tmp_path, "  1: {at: [8, 3], heading: E}\n  2: {at: [8, 1], heading: S}\n", "  1: [ahead]\n")
    s.apply(("play", "ahead"))
    assert s.pos[0] == (0, 3)


def test_sailing_onto_a_shipwreck_takes_its_booty(tmp_path):
    s = sea(tmp_path, "  1: {at: [1, 3], heading: N}\n  2: {at: [8, 1], heading: S}\n", "  1: [steady]\n",
            "wrecks: [[1, 1, booty-c], [7, 1, null], [1, 7, null], [7, 7, null]]\n")
    s.apply(("play", "steady"))
    assert (s.pos[0], s.booty[0], s.wreck_booty[(1, 1)]) == ((1, 1), s.g.booty_ids.index("booty-c"), None)
    assert s.wealth(1) == 6  # three resources and a booty token of three coins


# -- collisions -------------------------------------------------------------------------------------------------
PIVOTS = [("pivot", "none"), ("pivot", "port"), ("pivot", "starboard")]


def test_rock_stops_the_ship_deals_damage_then_pivot_and_discard(tmp_path):
    s = sea(tmp_path, "  1: {at: [1, 6], heading: N}\n  2: {at: [8, 1], heading: S}\n",
            "  1: [steady, ahead, broadside]\n  2: [steady]\n")
    s.apply(("play", "steady"))
    assert (s.pos[0], s.damage, s.damage_left) == ((1, 5), [1, 0], 19)
    assert s.legal_actions() == PIVOTS
    s.apply(("pivot", "port"))
    assert s.heading[0] == 3 and s.legal_actions() == [("discard", "ahead"), ("discard", "broadside")]
    s.apply(("discard", "ahead"))
    assert (s.hands[0], s.discards[0], s.to_move) == (["broadside"], ["ahead", "steady"], 2)


def test_no_extended_manoeuvre_after_a_collision(tmp_path):
    s = sea(tmp_path, "  1: {at: [1, 5], heading: N}\n  2: {at: [8, 1], heading: S}\n", "  1: [ahead]\n")
    s.apply(("play", "ahead"))
    assert s.legal_actions() == PIVOTS
    s.apply(("pivot", "none"))  # no card left to discard, no extension: the turn is over
    assert (s.pos[0], s.turn, s.to_move) == ((1, 5), None, 1)


def test_ramming_scores_and_damages_the_rammed_ship(tmp_path):
    s = sea(tmp_path, "  1: {at: [0, 7], heading: N}\n  2: {at: [0, 5], heading: E}\n", "  1: [steady]\n"
            "  2: [ahead]\n", "upgrades: {1: [iron-ram]}\n")
    s.apply(("play", "steady"))
    assert (s.pos[0], s.infamy, s.damage, s.scored[0]["rams"]) == ((0, 6), [2, 0], [0, 1], 2)  # 1 + the iron ram
    assert s.legal_actions() == PIVOTS


def test_whirlpool_turns_the_ship_itself(tmp_path):
    s = sea(tmp_path, "  1: {at: [2, 8], heading: N}\n  2: {at: [8, 1], heading: S}\n", "  1: [steady, ahead]\n")
    s.apply(("play", "steady"))  # the whirlpool at [2, 6] turns anticlockwise: no pivot to choose
    assert (s.pos[0], s.heading[0]) == ((2, 7), 3)
    assert s.legal_actions() == [("discard", "ahead")]


def test_gust_pushes_the_ship_on_with_its_heading(tmp_path):
    s = sea(tmp_path, "  1: {at: [3, 6], heading: N}\n  2: {at: [8, 1], heading: S}\n", "  1: [steady]\n")
    s.apply(("play", "steady"))  # stops at [3, 5] before the gust at [3, 4], which blows south
    assert (s.pos[0], s.heading[0], s.damage) == ((3, 6), 0, [0, 0])
    assert s.legal_actions() == PIVOTS


def test_gust_pushing_into_a_ship_is_a_ram_for_the_mover(tmp_path):
    s = sea(tmp_path, "  1: {at: [6, 4], heading: W}\n  2: {at: [6, 3], heading: S}\n", "  1: [ahead]\n")
    s.apply(("play", "ahead"))  # the gust at [5, 4] blows north, into ship 2
    assert (s.pos[0], s.infamy, s.damage) == ((6, 4), [1, 0], [0, 1])


# -- cannon fire ------------------------------------------------------------------------------------------------
def _fire(tmp_path, ships: str, side: str = "starboard", card: str = "broadside", extra: str = ""):
    s = sea(tmp_path, ships, f"  1: [{card}]\n  2: [ahead]\n", extra)
    s.apply(("play", card))
    if s.turn is not None and s.turn.stage == "fire":
        assert s.legal_actions() == [("fire", "port"), ("fire", "starboard")]
        s.apply(("fire", side))
    return s


def test_broadside_into_a_ships_side_scores_two(tmp_path):
    s = _fire(tmp_path, "  1: {at: [0, 0], heading: N}\n  2: {at: [2, 0], heading: N}\n")
    assert (s.infamy, s.damage, s.scored[0]["broadsides"]) == ([2, 0], [0, 1], 2)


def test_raking_shot_into_bow_or_stern_scores_three(tmp_path):
    s = _fire(tmp_path, "  1: {at: [0, 0], heading: N}\n  2: {at: [2, 0], heading: W}\n")
    assert (s.infamy, s.damage, s.scored[0]["rakes"]) == ([3, 0], [0, 1], 3)


def test_shot_out_of_range_or_on_the_other_side_misses(tmp_path):
    far = _fire(tmp_path, "  1: {at: [0, 0], heading: N}\n  2: {at: [3, 0], heading: N}\n")
    port = _fire(tmp_path, "  1: {at: [0, 0], heading: N}\n  2: {at: [2, 0], heading: N}\n", side="port")
    assert far.damage == port.damage == [0, 0] and far.infamy == port.infamy == [0, 0]


def test_shot_wraps_round_the_sea(tmp_path):
    s = _fire(tmp_path, "  1: {at: [0, 0], heading: N}\n  2: {at: [8, 0], heading: S}\n", side="port")
    assert (s.infamy, s.damage) == ([2, 0], [0, 1])


def test_a_rock_stops_a_shot(tmp_path):
    s = _fire(tmp_path, "  1: {at: [0, 4], heading: N}\n  2: {at: [2, 4], heading: N}\n")
    assert (s.infamy, s.damage) == ([0, 0], [0, 0])


def test_fixed_side_shots_fire_without_asking(tmp_path):
    s = _fire(tmp_path, "  1: {at: [0, 0], heading: N}\n  2: {at: [0, 3], heading: N}\n", card="stern-chaser")
    # ahead one to [0, 8], then the stern chaser fires south: [0, 0], [0, 1]... wrapping to ship 2 at [0, 3]? no:
    # range 3 from [0, 8] reaches [0, 0], [0, 1], [0, 2]
    assert (s.pos[0], s.infamy) == ((0, 8), [0, 0])
    s = _fire(tmp_path, "  1: {at: [0, 0], heading: N}\n  2: {at: [0, 2], heading: E}\n", card="stern-chaser")
    assert (s.infamy, s.damage) == ([2, 0], [0, 1])  # into ship 2's side


def test_hitting_your_own_ship_damages_it_and_scores_nothing(tmp_path):
    game = content()
    small = Board("sea", "Small sea", (), grid="square", width=3, height=3, wrap=True,
                  squares=tuple(replace(c, terrain=None, direction=None) for c in
                                next(b for b in game.boards if b.id == "sea").squares
                                if c.x < 3 and c.y < 3))
    rules = SeasOfHavoc(replace(game, boards=tuple(small if b.id == "sea" else b for b in game.boards),
                                rules=replace(game.rules, values=tuple(
                                    (k, [[0, 0, "N"], [1, 1, "S"], [2, 2, "E"], [2, 1, "W"]] if k == "ship_starts"
                                     else v) for k, v in game.rules.values))), 2)
    s = rules.new_initial_state(1)
    s.phase, s.to_move, s.turn = "sea", 1, None
    s.hands = [["broadside"], []]
    s.upgrades[0] = ["long-barrels"]  # range 3 on a sea 3 squares wide: the shot comes round to its own ship
    s.pos[1] = (1, 2)
    s.apply(("play", "broadside"))
    s.apply(("fire", "starboard"))
    assert (s.infamy, s.damage) == ([0, 0], [1, 0])


# -- the end --------------------------------------------------------------------------------------------------
def test_the_game_ends_after_the_sea_phase_in_which_the_damage_deck_runs_out(tmp_path):
    s = sea(tmp_path, "  1: {at: [0, 0], heading: N}\n  2: {at: [2, 0], heading: W}\n", "  1: [broadside]\n"
            "  2: [ahead]\n", "damage_deck: 1\ninfamy: {1: 4, 2: 6}\n")
    s.apply(("play", "broadside"))
    s.apply(("fire", "starboard"))  # the last Damage card: the deck has run out
    assert (s.ran_out, s.phase, s.to_move) == (True, "sea", 2)
    s.apply(("pass", "ahead"))
    assert s.is_terminal() and s.victory == "infamy"
    assert [s.score(p) for p in (1, 2)] == [7, 5] and s.winners == (1,) and s.returns() == [1.0, -1.0]


def test_spares_are_used_once_the_deck_is_empty(tmp_path):
    s = sea(tmp_path, "  1: {at: [0, 0], heading: N}\n  2: {at: [2, 0], heading: W}\n", "  1: [broadside]\n",
            "damage_deck: 0\nran_out: true\n")
    s.apply(("play", "broadside"))
    s.apply(("fire", "starboard"))
    assert (s.spares_left, s.damage) == (5, [0, 1]) and s.is_terminal()


@pytest.mark.parametrize("wealth, damage, winners", [((2, 1), (0, 0), (1,)), ((1, 1), (1, 0), (2,)),
                                                     ((1, 1), (0, 0), (1, 2))])
def test_ties_go_to_the_most_resources_then_the_fewest_damage_cards(tmp_path, wealth, damage, winners):
    s = position(tmp_path, "phase: sea\nto_move: 1\nhands: {1: [], 2: []}\n"
                 f"resources: {{1: {{sail: {wealth[0]}}}, 2: {{sail: {wealth[1]}}}}}\n"
                 f"damage: {{1: {damage[0]}, 2: {damage[1]}}}\ninfamy: {{1: {damage[0]}, 2: {damage[1]}}}\n")
    s.finish()
    assert s.score(1) == s.score(2) and s.winners == winners
