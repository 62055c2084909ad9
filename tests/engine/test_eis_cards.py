"""Every Enemy in Sight card: the exact choices it offers, what it does, and the rules it cites when refused."""

from __future__ import annotations

from kit.enemy_in_sight import content, legal, line, position, seed_rolling, ship, written

from pnpgen.engine.enemy_in_sight.judge import why_illegal
from pnpgen.engine.enemy_in_sight.moves import may_join
from pnpgen.engine.enemy_in_sight.names import BOARDING, BROADSIDES, HULL, LINE, RAKE, REPAIR, RIGGING, SUNK, WRECK
from pnpgen.engine.enemy_in_sight.position import parse_position
from pnpgen.engine.rng import Rng

ACTION_OF = {"broadsides": BROADSIDES, "rake": RAKE, "boarding": BOARDING, "repair": REPAIR}

# Player 1: Victory (rated 1), Leander (4), Camilla (6); player 2: Orient (1), Achille (3), Argus (6).
FLEETS = {"victory": line(1), "leander": line(1), "camilla": line(1),
          "orient": line(2), "achille": line(2), "argus": line(2)}


def firing(s, card: str, *choices: tuple) -> None:
    """Play a card and make its choices."""
    s.apply(("play", card))
    for c in choices:
        s.apply(c)


# -- gunnery -------------------------------------------------------------------------------------------
def test_broadsides_are_fired_by_ships_of_their_rating_or_better_at_every_part_of_every_enemy():
    s = position(FLEETS, {1: ["broadsides-4"]})
    s.apply(("play", "broadsides-4"))
    assert s.step == "choose"
    assert legal(s) == {("target", "orient"), ("target", "achille"), ("target", "argus")}
    s.apply(("target", "achille"))
    assert legal(s) == {("part", "hull"), ("part", "rigging")}
    s.apply(("part", "hull"))
    assert legal(s) == {("from", "victory"), ("from", "leander")}, "Camilla is rated 6: too weak for it"
    bad = why_illegal(s, ("from", "camilla"))
    assert bad.rule == "7.4 Broadsides"
    assert bad.reason == "Camilla is rated 6; broadsides-4 is fired by ships rated 4 or better"
    s.apply(("from", "leander"))
    a = ship(s, "achille")
    assert s.damage[a] == ((HULL, "broadsides-4", 3),) and s.hull_left(a) == 5, "the card lies on her Hull"
    assert s.turn == 2, "nothing may join it: the turn ends"


def test_a_single_way_is_taken_at_once():
    ships = {"victory": line(1), "orient": line(2, damage=[["rigging", "broadsides-1"], ["rigging", "broadsides-2"]])}
    s = position(ships, {1: ["broadsides-1", "repair"]})
    s.apply(("play", "broadsides-1"))
    # one target, only her Hull (she is dismasted), one ship to fire: nothing left to choose
    o = ship(s, "orient")
    assert s.damage[o][-1] == (HULL, "broadsides-1", 6) and s.turn == 2


def test_a_broadside_that_sinks_a_ship_puts_her_in_the_firers_pile():
    ships = FLEETS | {"argus": line(2, damage=[["hull", "rake"], ["rigging", "broadsides-6"]])}
    s = position(ships, {1: ["broadsides-5"]})
    firing(s, "broadsides-5", ("target", "argus"), ("part", "hull"), ("from", "leander"))
    g = ship(s, "argus")
    assert s.sunk[0] == [g] and s.place[g] == SUNK and s.unscored_vp(1) == 7
    assert {"rake", "broadsides-6", "broadsides-5"} <= set(s.discard), "her damage cards go to the discard"


def test_struck_ships_and_ships_under_refuse_battle_are_out_of_reach():
    ships = FLEETS | {"achille": line(2, struck=True, damage=[["hull", "broadsides-3"]]),
                      "argus": line(2, damage=[["rigging", "broadsides-1"]]),  # dismasted: not protected
                      "bahama": line(3)}
    s = position(ships, {1: ["broadsides-6"]}, players=3,
                 in_play={"refusals": [{"card": "refuse-battle", "by": 2}]})
    s.apply(("play", "broadsides-6"))
    assert legal(s) == {("target", "argus"), ("target", "bahama")}, "Orient is protected, Achille has struck"
    assert why_illegal(s, ("target", "achille")).rule == "6.4 Strike"
    bad = why_illegal(s, ("target", "orient"))
    assert bad.rule == "7.10 Refuse Battle" and bad.reason == "Orient is protected by player 2's " \
                                                                             "Refuse Battle"


def test_prizes_behind_a_line_are_reached_only_through_its_break_by_that_flag():
    ships = {"victory": line(1), "achille": line(1), "orient": line(2), "argus": line(2),
             "bahama": {"owner": 2, "at": "prize"}}
    s = position(ships, {1: ["broadsides-3"]})
    s.apply(("play", "broadsides-3"))
    assert legal(s) == {("target", "orient"), ("target", "argus")}
    assert why_illegal(s, ("target", "bahama")).reason.startswith("Bahama is a Prize behind player 2's Line")
    s = position(ships | {"achille": line(1, breaker="break-the-line-british")}, {1: ["broadsides-3"]},
                 in_play={"breaks": [{"card": "break-the-line-british", "by": 1, "against": 2}]})
    s.apply(("play", "broadsides-3"))
    assert legal(s) == {("target", "orient"), ("target", "argus"), ("target", "bahama")}
    s.apply(("target", "bahama"))
    s.apply(("part", "hull"))  # Victory is British and Achille its Line Breaker: both may fire
    assert legal(s) == {("from", "victory"), ("from", "achille")}


def test_line_breakers_attack_only_the_line_they_broke():
    ships = {"victory": line(1, breaker="break-the-line-british"), "orient": line(2), "bahama": line(3),
             "monarca": line(3)}
    s = position(ships, {1: ["rake"]}, players=3,
                 in_play={"breaks": [{"card": "break-the-line-british", "by": 1, "against": 3}]})
    s.apply(("play", "rake"))
    assert legal(s) == {("target", "bahama"), ("target", "monarca")}
    assert why_illegal(s, ("target", "orient")).rule == "7.7 Break The Line"


def test_a_rake_joins_a_broadsides_and_boarding_parties_follow():
    ships = FLEETS | {"argus": line(2, damage=[["rigging", "broadsides-5"]])}
    s = position(ships, {1: ["broadsides-5", "rake", "boarding-party", "repair"]})
    firing(s, "broadsides-5", ("target", "argus"), ("part", "rigging"), ("from", "victory"))
    assert s.dismasted(ship(s, "argus"))
    assert legal(s) == {("play", "rake"), ("play", "boarding-party"), ("done",)}
    bad = why_illegal(s, ("play", "repair"))
    assert bad.rule == "7 Black Action Cards" and "one Black card a turn" in bad.reason
    firing(s, "rake", ("target", "orient"), ("part", "rigging"), ("from", "camilla"))
    assert legal(s) == {("play", "boarding-party"), ("done",)}, "one Rake a turn"
    s.apply(("done",))
    assert s.turn == 2


# -- boarding --------------------------------------------------------------------------------------------
def test_a_struck_ship_gives_herself_up_to_a_boarding_party():
    ships = FLEETS | {"achille": line(2, struck=True, damage=[["hull", "broadsides-3"], ["rigging", "rake"]])}
    s = position(ships, {1: ["boarding-party"]})
    s.apply(("play", "boarding-party"))
    assert legal(s) == {("from", "victory"), ("from", "leander"), ("from", "camilla")}
    s.apply(("from", "camilla"))
    assert s.step == "capture" and legal(s) == {("capture", "line"), ("capture", "prize")}
    a = ship(s, "achille")
    assert not s.struck[a] and s.damage[a] == ((HULL, "broadsides-3", 4),), "her smallest Rigging card comes off"
    s.apply(("capture", "line"))
    assert s.owner[a] == 1 and a in s.line[0] and s.turn == 2


def grape_position(seed: int):
    ships = FLEETS | {"achille": line(2, damage=[["rigging", "broadsides-1"]])}
    return position(ships, {1: ["boarding-party", "broadsides-6", "rake", "repair"], 2: ["broadsides-3", "fire"]},
                    seed=seed)


def test_grape_shot_is_chosen_in_secret_by_the_attacker_then_the_defender():
    s = grape_position(seed_rolling(4))
    firing(s, "boarding-party", ("from", "leander"))  # Achille is the only target
    assert s.step == "grape" and s.current_player() == 1
    # Leander (rated 4) cannot fire broadsides-6? She can (4 <= 6): it is valid; repair is a bluff
    assert legal(s) == {("grape", ()), ("grape", ("broadsides-6",)), ("grape", ("rake",)),
                        ("grape", ("broadsides-6", "rake")), ("grape", ("repair",))}
    s.apply(("grape", ("broadsides-6", "rake")))
    assert s.current_player() == 2 and s.observation(2)["boarding"]["grape"] == "2 card(s) face down"
    # Achille is rated 3: broadsides-3 is valid for her; fire is a bluff
    assert legal(s) == {("grape", ()), ("grape", ("broadsides-3",)), ("grape", ("fire",))}
    s.apply(("grape", ("fire",)))
    # 4 + 2 - 0 = 6: taken
    assert s.step == "capture" and s.current_player() == 1
    assert s.hands[1] == ["fire", "broadsides-3"], "the bluff goes back to the hand"
    assert {"broadsides-6", "rake", "boarding-party"} <= set(s.discard)


def test_boarders_repelled_on_a_low_roll_lose_their_own_ship():
    s = grape_position(seed_rolling(2))
    firing(s, "boarding-party", ("from", "leander"), ("grape", ()), ("grape", ("broadsides-3",)))
    # 2 + 0 - 1 = 1: the defender takes Leander
    assert s.step == "capture" and s.current_player() == 2
    assert s.pending.ship == ship(s, "leander") and s.pending.by == 2
    s.apply(("capture", "prize"))
    assert ship(s, "leander") in s.prizes[1]
    assert (s.turn, s.step) == (2, "red"), "a Boarding Party played alone stays alone: the turn is over"


def test_a_middling_boarding_roll_does_nothing():
    s = grape_position(seed_rolling(3))
    firing(s, "boarding-party", ("from", "leander"), ("grape", ()), ("grape", ()))
    assert s.owner[ship(s, "achille")] == 2 and "boarding-party" in s.discard
    # a Boarding Party played alone stays alone: no Broadsides or Rake may follow it (player 1 held both)
    assert (s.turn, s.step) == (2, "red") and {"broadsides-6", "rake"} <= set(s.hands[0])


def test_which_cards_join_which_in_a_turn():
    # "Rake: alone or along with Broadsides"; "Boarding Party: alone against a dismasted ship, or with a
    # Broadside"; several Boarding Parties together. Found by an audit against the rules: a Broadsides or Rake
    # could follow a lone Boarding Party, and a Rake and a Boarding Party could meet without a Broadsides.
    s = position(FLEETS, {1: ["repair"]})
    cases = [((), {"broadsides": True, "rake": True, "boarding": True, "repair": True}),
             (("broadsides",), {"broadsides": False, "rake": True, "boarding": True, "repair": False}),
             (("rake",), {"broadsides": True, "rake": False, "boarding": False, "repair": False}),
             (("boarding",), {"broadsides": False, "rake": False, "boarding": True, "repair": False}),
             (("broadsides", "boarding"), {"broadsides": False, "rake": True, "boarding": True, "repair": False}),
             (("broadsides", "rake"), {"broadsides": False, "rake": False, "boarding": True, "repair": False}),
             (("repair",), {"broadsides": False, "rake": False, "boarding": False, "repair": False})]
    for played, expected in cases:
        s.played = tuple(ACTION_OF[a] for a in played)
        assert {a: may_join(s, ACTION_OF[a]) for a in expected} == expected, played
    assert len(cases) == 7


def test_a_boarding_party_needs_a_dismasted_or_struck_target():
    s = position(FLEETS, {1: ["boarding-party"]})
    assert ("play", "boarding-party") not in legal(s)
    bad = why_illegal(s, ("play", "boarding-party"))
    assert bad.rule == "7.3 Boarding Party"
    assert bad.reason == "no enemy ship at sea within reach is dismasted or has struck"


def boarding_position(hand: list[str], ships_more: dict | None = None, **more):
    """Achille dismasted before this turn; Argus a Broadsides-5 short of it (2 of her 4 Rigging); player 1 to play."""
    ships = FLEETS | {"achille": line(2, damage=[["rigging", "broadsides-1"]]),
                      "argus": line(2, damage=[["rigging", "broadsides-6"], ["rigging", "rake"]])}
    return position(ships | (ships_more or {}), {1: hand}, **more)


def test_a_boarding_party_alone_boards_any_dismasted_enemy():
    s = boarding_position(["boarding-party"])
    assert legal(s) == {("play", "boarding-party"), ("discard", "boarding-party")}
    s.apply(("play", "boarding-party"))  # Achille is the only dismasted ship: she is the target
    assert s.pending.chosen == (("target", "achille"),)
    assert legal(s) == {("from", "victory"), ("from", "leander"), ("from", "camilla")}


def test_a_boarding_party_joins_the_broadsides_that_dismasts_its_target_and_boards_only_her():
    # "Play alone against a dismasted ship, or with a Broadside which dismasts the target ship" (7.3): Achille,
    # dismasted before this turn, may be boarded by a lone Boarding Party, not by one that follows a Broadsides.
    s = boarding_position(["broadsides-5", "boarding-party", "boarding-party"])
    firing(s, "broadsides-5", ("target", "argus"), ("part", "rigging"), ("from", "victory"))
    g = ship(s, "argus")
    assert s.dismasted(g) and s.dismasted_now == (g,)
    assert legal(s) == {("play", "boarding-party"), ("done",)}
    assert s.observation(2)["dismasted_this_turn"] == ["argus"], "the Broadsides is seen by all"
    assert s.sample_hidden(2, Rng(5)).dismasted_now == (g,), "a redeal of the hidden keeps it"
    again = parse_position(written(s), content()).state
    assert again.dismasted_now == (g,) and legal(again) == legal(s), "a position keeps the right to board her"
    s.apply(("play", "boarding-party"))
    assert s.pending.chosen == (("target", "argus"),), "Argus, not Achille"
    assert legal(s) == {("from", "victory"), ("from", "leander"), ("from", "camilla")}


def test_once_the_dismasted_ship_is_taken_no_other_boarding_party_follows():
    s = boarding_position(["broadsides-5", "boarding-party", "boarding-party", "rake"], seed=seed_rolling(6))
    firing(s, "broadsides-5", ("target", "argus"), ("part", "rigging"), ("from", "victory"))
    firing(s, "boarding-party", ("from", "leander"), ("grape", ()), ("capture", "prize"))  # 6: taken
    g = ship(s, "argus")
    assert s.owner[g] == 1 and not s.dismasted(g), "taken, her smallest Rigging card off"
    assert legal(s) == {("play", "rake"), ("done",)}
    bad = why_illegal(s, ("play", "boarding-party"))
    assert bad.rule == "7.3 Boarding Party"
    assert bad.reason == ("after a Broadsides, a Boarding Party goes only against the ship that Broadsides "
                          "dismasted (Argus), and she is no longer an enemy ship at sea that player 1's Line can board")
    assert "dismasted_this_turn" not in s.observation(1)
    assert legal(parse_position(written(s), content()).state) == legal(s)


def test_a_boarding_party_after_a_broadsides_refuses_a_ship_it_did_not_dismast():
    # a position written while the Boarding Party's target is still to be chosen
    dismasted = [["rigging", "broadsides-5"], ["rigging", "broadsides-6"], ["rigging", "rake"]]
    s = boarding_position([], step="choose", played=["broadsides"], dismasted_this_turn=["argus"],
                          choosing={"card": "boarding-party"}, ships_more={"argus": line(2, damage=dismasted)})
    assert legal(s) == {("target", "argus")}
    bad = why_illegal(s, ("target", "achille"))
    assert bad.rule == "7.3 Boarding Party"
    assert bad.reason == ("after a Broadsides, a Boarding Party goes only against the ship that Broadsides "
                          "dismasted; this turn's Broadsides did not dismast Achille")


def test_no_boarding_party_follows_a_broadsides_that_dismasts_nothing():
    s = boarding_position(["broadsides-5", "rake", "boarding-party"])
    firing(s, "broadsides-5", ("target", "orient"), ("part", "hull"), ("from", "victory"))
    assert s.dismasted_now == ()
    assert legal(s) == {("play", "rake"), ("done",)}, "Achille is dismasted, but not by this Broadsides"
    bad = why_illegal(s, ("play", "boarding-party"))
    assert bad.rule == "7.3 Boarding Party"
    assert bad.reason == ("after a Broadsides, a Boarding Party goes only against the ship that Broadsides "
                          "dismasted, and this turn's Broadsides dismasted none")
    assert "dismasted_this_turn" not in s.observation(1)


def test_the_turn_ends_when_a_broadsides_dismasts_nothing_and_only_a_boarding_party_is_held():
    s = boarding_position(["broadsides-5", "boarding-party"])
    firing(s, "broadsides-5", ("target", "orient"), ("part", "rigging"), ("from", "victory"))
    assert s.turn == 2 and s.hands[0] == ["boarding-party"], "nothing may join: the Boarding Party stays in hand"


def test_a_broadsides_on_a_ship_dismasted_before_does_not_open_her_to_boarding():
    s = boarding_position(["broadsides-5", "rake", "boarding-party"])
    firing(s, "broadsides-5", ("target", "achille"), ("from", "victory"))  # her Rigging is gone: Hull only
    assert s.damage[ship(s, "achille")][-1] == (HULL, "broadsides-5", 2)
    assert s.dismasted_now == () and legal(s) == {("play", "rake"), ("done",)}


def test_a_ship_a_rake_dismasts_beside_a_broadsides_is_not_boarded():
    almost = [["rigging", "broadsides-5"], ["rigging", "rake"]]  # 3 of her 4 Rigging
    s = boarding_position(["broadsides-5", "rake", "boarding-party"], ships_more={"argus": line(2, damage=almost)})
    firing(s, "broadsides-5", ("target", "orient"), ("part", "hull"), ("from", "victory"))
    firing(s, "rake", ("target", "argus"), ("part", "rigging"), ("from", "camilla"))
    assert s.dismasted(ship(s, "argus")) and s.dismasted_now == ()
    assert s.turn == 2 and "boarding-party" in s.hands[0], "a Rake's dismasting does not let a Boarding Party join"


# -- other Black cards ----------------------------------------------------------------------------------------
def test_a_fire_ship_at_a_ship_or_at_a_whole_port():
    ships = FLEETS | {"bahama": {"owner": 2, "at": "port"}, "rayo": {"owner": 2, "at": "port"}}
    s = position(ships, {1: ["fire-ship"]}, seed=seed_rolling(5, 6))
    s.apply(("play", "fire-ship"))
    assert legal(s) == {("target", "orient"), ("target", "achille"), ("target", "argus"), ("port", 2)}
    s.apply(("port", 2))
    # Bahama rolls 5 + 1 in Port: sunk; Rayo 6 + 1
    assert s.sunk[0] == [ship(s, "bahama"), ship(s, "rayo")] and not s.port[1]
    s = position(FLEETS, {1: ["fire-ship"]}, seed=seed_rolling(5))
    firing(s, "fire-ship", ("target", "orient"))
    assert s.place[ship(s, "orient")] == LINE, "5 at sea: she stays afloat"


def test_bucket_brigade_puts_out_a_fire_but_leaves_its_damage():
    ships = FLEETS | {"leander": line(1, damage=[["hull", "fire", 2], ["rigging", "fire", 1]],
                                      fires=[["fire", "hull"], ["fire", "rigging"]])}
    s = position(ships, {1: ["bucket-brigade"]})
    s.apply(("play", "bucket-brigade"))
    assert legal(s) == {("fire", "hull"), ("fire", "rigging")}, "Leander is the only ship on fire"
    s.apply(("fire", "rigging"))
    i = ship(s, "leander")
    assert s.fires[i] == (("fire", HULL),) and s.hull_damage(i) == 2 and s.rigging_damage(i) == 1


def test_repair_takes_a_broadsides_or_rake_card_off_but_not_fire_or_break_damage():
    ships = FLEETS | {"leander": line(1, damage=[["hull", "broadsides-3"], ["rigging", "rake"], ["hull", "fire", 1]])}
    s = position(ships, {1: ["repair"]})
    s.apply(("play", "repair"))
    assert legal(s) == {("damage", "broadsides-3", "hull"), ("damage", "rake", "rigging")}
    s.apply(("damage", "rake", "rigging"))
    assert s.damage[ship(s, "leander")] == ((HULL, "broadsides-3", 4), (HULL, "fire", 1)) and "rake" in s.discard


def test_an_additional_ship_joins_the_line_in_value_order_or_the_port():
    s = position(FLEETS, {1: ["additional-ship"]}, ship_deck=["mars", "rayo"])
    firing(s, "additional-ship", ("to", "line"))
    assert [s.rules.ships[i].id for i in s.line[0]] == ["camilla", "leander", "mars", "victory"]
    s = position(FLEETS, {1: ["additional-ship"]}, ship_deck=["mars"])
    firing(s, "additional-ship", ("to", "port"))
    assert s.port[0] == [ship(s, "mars")] and not s.ship_deck
    assert ("play", "additional-ship") not in legal(position(FLEETS, {1: ["additional-ship"]}, ship_deck=[]))


def test_a_blockade_makes_each_move_between_port_and_sea_roll():
    s = position(FLEETS, {1: ["blockade", "rake"]}, players=3)
    s.apply(("play", "blockade"))
    assert legal(s) == {("against", 2), ("against", 3)}
    s.apply(("against", 2))
    assert s.blockades == [("blockade", 1, 2)]
    # player 2 moves Orient to Port: the roll must beat player 1's 3 mobile ships of the Line
    ships = FLEETS | {"orient": line(2)}
    for roll, through in ((3, False), (4, True)):
        s = position(ships, {2: ["refuse-battle"]}, turn=2, seed=seed_rolling(roll),
                     in_play={"blockades": [{"card": "blockade", "by": 1, "against": 2}]})
        firing(s, "refuse-battle", ("move", "orient"))
        assert (s.place[ship(s, "orient")] == 2) == through
        assert ("move", "orient") not in legal(s), "one try a ship"


def test_break_the_line_flags_its_breakers_and_hits_the_whole_line():
    ships = {sid: line(1) for sid in ("victory", "leander", "camilla", "mars", "prince")} | {
        "orient": line(2), "argus": line(2, struck=True, damage=[["hull", "rake"]]),
        "bahama": {"owner": 2, "at": "prize"}}
    s = position(ships, {1: ["break-the-line-french"]})
    s.apply(("play", "break-the-line-french"))
    assert s.step == "breakers", "player 2 is the only one to break: no choice there"
    assert legal(s) == {("breaker", sid) for sid in ("victory", "leander", "camilla", "mars", "prince")}
    s.apply(("breaker", "camilla"))
    assert legal(s) == {("breaker", sid) for sid in ("victory", "leander", "mars", "prince")} | {("done",)}
    s.apply(("breaker", "mars"))  # five ships: two Line Breakers at most, so that is the last
    assert s.breaks == [("break-the-line-french", 1, 2)] and s.turn == 2
    assert s.breaker[ship(s, "camilla")] == s.breaker[ship(s, "mars")] == "break-the-line-french"
    o, b, a = ship(s, "orient"), ship(s, "bahama"), ship(s, "argus")
    assert s.hull_damage(o) == s.rigging_damage(o) == 2 and s.hull_damage(b) == 2, "the Line and its Prizes"
    assert s.damage[a] == ((HULL, "rake", 1),), "a struck ship is untouched"


def test_break_the_line_ends_when_its_breakers_are_unfit_and_its_damage_is_lifted():
    ships = {"victory": line(1),
             "camilla": line(1, breaker="break-the-line-french", damage=[["rigging", "broadsides-4"]]),
             "orient": line(2, damage=[["hull", "break-the-line-french"], ["rigging", "break-the-line-french"]])}
    s = position(ships, {1: ["broadsides-2"], 2: ["rake"]}, turn=2,
                 in_play={"breaks": [{"card": "break-the-line-french", "by": 1, "against": 2}]})
    firing(s, "rake", ("target", "camilla"), ("part", "rigging"))  # 3 of 4 + 1: Camilla is dismasted
    assert not s.breaks and "break-the-line-french" in s.discard
    assert s.damage[ship(s, "orient")] == () and s.breaker[ship(s, "camilla")] is None


def test_refuse_battle_played_protects_and_moves_ships_both_ways_but_not_a_ship_twice():
    ships = FLEETS | {"camilla": line(1, damage=[["rigging", "broadsides-4"], ["rigging", "rake"]]),
                      "mars": {"owner": 1, "at": "port"}}
    s = position(ships, {1: ["refuse-battle", "refuse-battle"]},
                 in_play={"blockades": [{"card": "blockade", "by": 1, "against": 2}]})
    s.apply(("play", "refuse-battle"))
    assert s.refusals == [("refuse-battle", 1)] and not s.blockades, "the player's own Blockade leaves play"
    assert legal(s) == {("move", "mars"), ("move", "victory"), ("move", "leander"), ("done",)}, \
        "dismasted Camilla waits for a mobile escort"
    s.apply(("move", "leander"))
    assert ("move", "camilla") in legal(s) and ("move", "leander") not in legal(s)
    s.apply(("move", "camilla"))
    c = ship(s, "camilla")
    assert s.port[0] == sorted([c, ship(s, "leander"), ship(s, "mars")], key=s.rules.line_key)
    assert s.damage[c] == () and {"broadsides-4", "rake"} <= set(s.discard), "Port takes all her damage away"
    s.apply(("done",))
    assert s.turn == 2 and s.immune(ship(s, "victory"))
    assert ("refuse-battle", 1) in s.refusals


def test_refuse_battle_cannot_be_played_from_a_broken_line_but_can_be_discarded_for_ships():
    ships = FLEETS | {"victory": line(1), "orient": line(2, breaker="break-the-line-british"),
                      "mars": {"owner": 1, "at": "port"}}
    s = position(ships, {1: ["refuse-battle"]},
                 in_play={"breaks": [{"card": "break-the-line-british", "by": 2, "against": 1}]})
    assert legal(s) == {("muster", "refuse-battle"), ("discard", "refuse-battle")}
    assert why_illegal(s, ("play", "refuse-battle")).reason == (
        "player 1's Line is broken: Refuse Battle can only be discarded (to bring ships from Port)")
    s.apply(("muster", "refuse-battle"))
    s.apply(("move", "mars"))  # the only ship in Port: the muster ends there
    m = ship(s, "mars")
    assert m in s.line[0] and s.hull_damage(m) == 2 and s.rigging_damage(m) == 2, "a broken Line's -2/-2 too"


def test_discarding_refuse_battle_for_ships_is_the_turns_one_action():
    # Found by an audit against the rules: after the muster's moves the turn went on to the step where a Rake or
    # Boarding Party may join, and it accepted any Black card, a second Refuse Battle too.
    ships = FLEETS | {"victory": line(1), "mars": {"owner": 1, "at": "port"},
                      "leander": {"owner": 1, "at": "port"}}
    s = position(ships, {1: ["refuse-battle", "refuse-battle", "broadsides-3", "rake"]})
    s.apply(("muster", "refuse-battle"))
    s.apply(("move", "mars"))
    assert legal(s) == {("move", "leander"), ("done",)}
    s.apply(("done",))
    assert (s.turn, s.step) == (2, "main"), "the muster ended player 1's turn"
    assert sorted(s.hands[0]) == ["broadsides-3", "rake", "refuse-battle"]


# -- Red cards ------------------------------------------------------------------------------------------------
def test_admiralty_orders_send_a_random_mobile_ship_of_the_line_to_port():
    ships = FLEETS | {"leander": line(1, struck=True, damage=[["hull", "broadsides-3"]]),
                      "camilla": line(1, damage=[["rigging", "broadsides-1"]])}
    s = position(ships, {1: ["admiralty-orders"]}, step="red")
    s.apply(("red", "admiralty-orders"))
    assert s.port[0] == [ship(s, "victory")], "the only one neither struck nor dismasted"


def test_fire_takes_hold_in_the_hull_or_rigging_and_burns_each_turn():
    ships = FLEETS | {"leander": line(1, damage=[["hull", "rake"]])}
    for roll, part in ((3, RIGGING), (4, HULL)):
        s = position(ships, {1: ["fire"], 2: ["rake"] * 4}, step="red", seed=seed_rolling(1, roll))
        s.apply(("red", "fire"))  # one damaged ship: the pick uses the first number, the roll the second
        i = ship(s, "leander")
        assert s.fires[i] == (("fire", part),)
        assert (s.hull_damage(i), s.rigging_damage(i)) == ((1 + 1, 0) if part == HULL else (1, 1))


def test_a_rigging_fire_spreads_to_the_hull_of_a_dismasted_ship_and_blows_it_up():
    ships = FLEETS | {"camilla": line(1, damage=[["rigging", "broadsides-3"], ["hull", "broadsides-6"],
                                                  ["hull", "fire", 1]], fires=[["fire", "rigging"]])}
    s = position(ships, {1: ["rake"], 2: ["repair"]}, turn=2)
    s.apply(("discard", "repair"))  # player 1's turn begins: the Fire burns in the Hull (3 of 3): she blows up
    c = ship(s, "camilla")
    assert s.place[c] == WRECK and s.wrecks == [c] and "fire" in s.discard and not s.sunk[1]


def test_run_aground_sinks_on_a_roll_at_or_above_the_rating_for_no_vp():
    ships = {"camilla": line(1), "orient": line(2)}
    for roll, lost in ((5, False), (6, True)):
        s = position(ships, {1: ["run-aground"], 2: ["rake"] * 4}, step="red", seed=seed_rolling(1, roll))
        s.apply(("red", "run-aground"))
        assert (s.wrecks == [ship(s, "camilla")]) == lost


def test_strike_rolls_for_each_damaged_ship_with_little_hull():
    ships = FLEETS | {"leander": line(1, damage=[["hull", "broadsides-3"]]),  # 2 Hull left
                      "camilla": line(1, damage=[["hull", "rake"]])}  # 2 Hull left
    s = position(ships, {1: ["strike"], 2: ["rake"] * 4}, step="red", seed=seed_rolling(1, 2))  # Camilla first
    s.apply(("red", "strike"))
    assert s.struck[ship(s, "leander")] and not s.struck[ship(s, "camilla")]
    assert s.capacity(1) == 4


def test_weathergauge_clears_the_cards_in_play_and_shuffles_the_ship_deck():
    ships = FLEETS | {"victory": line(1, breaker="break-the-line-british"),
                      "orient": line(2, damage=[["hull", "break-the-line-british"]])}
    in_play = {"breaks": [{"card": "break-the-line-british", "by": 1, "against": 2}],
               "blockades": [{"card": "blockade", "by": 2, "against": 1}],
               "refusals": [{"card": "refuse-battle", "by": 2}]}
    s = position(ships, {1: ["weathergauge"], 2: ["rake"] * 4}, step="red", in_play=in_play,
                 ship_deck=["mars", "rayo", "bahama", "prince", "monarca"])
    deck = list(s.ship_deck)
    s.apply(("red", "weathergauge"))
    assert not s.breaks and not s.blockades and not s.refusals and s.damage[ship(s, "orient")] == ()
    assert sorted(s.ship_deck) == sorted(deck) and s.ship_deck != deck
