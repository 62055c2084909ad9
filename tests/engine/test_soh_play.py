"""Seas of Havoc played whole: invariants under random play, positions written and read back, the example logs
replayed, the greedy agent, hidden information, and the figures a designer reads."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from kit.seas_of_havoc import ENGINE, content

from pnpgen.engine.api import TERMINAL, IllegalMove, Position, replay
from pnpgen.engine.positions import open_log, open_position
from pnpgen.engine.rng import AgentRng
from pnpgen.errors import ContentErrors

EXAMPLES = Path(content().root) / "examples"


def accounted(s) -> None:
    """Every card, resource, flag, booty token and point of Infamy is where the rules can find it."""
    assert ENGINE.invariants(s) == []


@pytest.mark.slow
@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.sampled_from([2, 3, 4]), steps=st.integers(50, 600))
def test_random_play_keeps_everything_accounted_for(seed, players, steps):
    rules = ENGINE.make_rules(content(), players)
    s = rules.new_initial_state(seed)
    rng = AgentRng(seed)
    accounted(s)
    played = 0
    while s.current_player() != TERMINAL and played < steps:
        actions = s.legal_actions()
        assert actions and len(set(actions)) == len(actions)
        a = actions[rng.randrange(len(actions))]
        assert ENGINE.why_illegal(s, a) is None
        s.apply(a)
        accounted(s)
        played += 1
    assert played > 0


@pytest.mark.parametrize("players", [2, 3, 4])
def test_generic_random_play_reaches_the_end(players):
    rules = ENGINE.make_rules(content(), players)
    finished = 0
    for seed in range(3):
        s = rules.new_initial_state(seed)
        rng = AgentRng(seed)
        while s.current_player() != TERMINAL:
            s.apply(s.random_action(rng))
        assert s.is_terminal() and s.winners and s.victory == "infamy"
        assert s.damage_left == 0 and s.legal_actions() == []
        finished += 1
    assert finished == 3


@pytest.mark.slow
def test_greedy_captains_finish_sooner_than_random_ones():
    rules = ENGINE.make_rules(content(), 2)
    greedy = ENGINE.agents()["greedy"](rules, 1, {})
    rounds = []
    for seed in range(4):
        s = rules.new_initial_state(seed)
        rng = AgentRng(seed)
        while s.current_player() != TERMINAL:
            s.apply(greedy(s, rng))
        rounds.append(s.round)
    assert max(rounds) <= 25 and len(rounds) == 4


@pytest.mark.slow
def test_a_position_reads_back_to_the_same_state(tmp_path):
    rules = ENGINE.make_rules(content(), 3)
    s = rules.new_initial_state(5)
    rng = AgentRng(5)
    checked = 0
    for _ in range(300):
        if s.is_terminal():
            break
        s.apply(s.random_action(rng))
        if _ % 37 == 0:
            path = tmp_path / f"p{_}.yaml"
            path.write_text(ENGINE.write_position(Position(s, "seas-of-havoc")), encoding="utf-8")
            back = open_position(path).position.state
            assert ENGINE.write_position(Position(back, "seas-of-havoc")) == path.read_text(encoding="utf-8")
            assert back.legal_actions() == s.legal_actions()
            checked += 1
    assert checked >= 5


@pytest.mark.slow
def test_both_example_logs_replay():
    done = replay(ENGINE, open_log(EXAMPLES / "playtest-01.yaml")[1])
    assert done.played == 159 and done.state.is_terminal() and done.state.winners == (2,)
    with pytest.raises(IllegalMove) as bad:
        replay(ENGINE, open_log(EXAMPLES / "playtest-02-illegal.yaml")[1])
    assert bad.value.index == 2 and bad.value.why.rule == "5 Island Phase"
    assert str(bad.value).endswith("action 2 (place a skiff at capitol, taking the First Player token and sail) is "
                                   "illegal: every slot of capitol holds a skiff already (one skiff a slot) "
                                   "(rule 5 Island Phase)")


def test_the_example_position_asks_for_a_broadside():
    s = open_position(EXAMPLES / "position-sea.yaml").position.state
    assert s.legal_actions() == [("fire", "port"), ("fire", "starboard")]
    assert ENGINE.status(s) == "round 1, sea phase (broadside: fire), player 2 to move"


def test_a_bad_position_is_located(tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text("game: seas-of-havoc\nplayers: 2\nphase: sea\nships:\n  1: {at: [4, 4], heading: N}\n"
                    "hands: {1: [ahead, jib]}\n", encoding="utf-8")
    with pytest.raises(ContentErrors) as e:
        open_position(path)
    lines = [str(x) for x in e.value.errors]
    assert lines == [f"{path}:5:11: error: ship of player 1: [4, 4] holds a rock: no ship can be there",
                     f"{path}:6:20: error: hand of player 1: unknown card 'jib'"]


def test_lists_where_a_position_names_an_upgrade_a_card_or_a_wreck_square_are_located_errors(tmp_path):
    # Found by tests/fuzz: each was a traceback (a list is unhashable), not an error at its place.
    text = (EXAMPLES / "position-sea.yaml").read_text(encoding="utf-8")
    for old, new in (("  1: [figurehead]", "  1: [[figurehead]]"), ("wrecks: [[1, 1,", "wrecks: [[[1], 1,"),
                     ("turn: {card: broadside,", "turn: {card: [broadside],")):
        assert old in text
        text = text.replace(old, new)
    path = tmp_path / "bad.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ContentErrors) as e:
        open_position(path)
    lines = [str(x).split(": error: ", 1)[1] for x in e.value.errors]
    assert lines == [
        "upgrades of player 1: unknown upgrade a list (expected one of: figurehead, iron-ram, long-barrels, "
        "studding-sails)",
        "wrecks: each item is [x, y, booty token or null] for a shipwreck square ([1, 1], [1, 7], [7, 1], [7, 7]), "
        "got a list",
        "turn: field 'card' must be a string, got a list"]
    assert all(str(x).startswith(f"{path}:") for x in e.value.errors)


def test_hidden_information_is_hidden_and_resampled():
    rules = ENGINE.make_rules(content(), 2)
    s = rules.new_initial_state(3)
    seen = s.observation(1)
    assert list(seen["hands"]) == [1] and seen["hand_sizes"] == {1: 4, 2: 4} and "decks" not in seen
    assert all(w[2] in ("face down", None) for w in seen["wrecks"])
    other = s.sample_hidden(1, AgentRng(9))
    assert other.hands[0] == s.hands[0] and sorted(other.hands[1] + other.decks[1]) == sorted(s.hands[1] + s.decks[1])
    assert other.observation(1) == seen | {"market_deck_size": seen["market_deck_size"]}
    assert -1.0 <= s.evaluate(1) <= 1.0 and s.roles() == {"first player": 1}


def test_the_figures_a_designer_reads():
    rules = ENGINE.make_rules(content(), 2)
    greedy = ENGINE.agents()["greedy"](rules, 1, {})
    s = rules.new_initial_state(38)
    rng = AgentRng(38)
    m = ENGINE.metrics(rules)
    while s.current_player() != TERMINAL:
        a = greedy(s, rng)
        m.record(s, a)
        s.apply(a)
    f = m.finish(s)
    assert set(f["infamy_by_source"]) >= {"cards", "damage"}
    total = sum(f["infamy_by_source"].values())
    assert total == sum(s.score(p) for p in rules.players)  # every point of Infamy has a source
    assert sum(f["location_popularity"].values()) == 2 * 3 * s.round  # every skiff of every round
    assert set(f["market_bought"]) | set(f["market_never_bought"]) <= set(rules.market_cards)
    assert not set(f["market_bought"]) & set(f["market_never_bought"])


def test_the_search_scores_resources_and_flags_as_the_greedy_captain_does():
    rules = ENGINE.make_rules(content(), 2)
    s = rules.new_initial_state(3)
    s.res = [[0] * len(r) for r in s.res]
    s.flags = [[0] * len(f) for f in s.flags]
    s.booty = [None, None]
    assert s.score(1) == s.score(2) and s.evaluate(1) == 0.0
    s.res[0][0] = 4  # four of a resource: 0.15 of a point of Infamy each
    s.flags[0][0] = 1  # a flag: 0.3
    assert s.worth(1) == pytest.approx(s.score(1) + 0.6 + 0.3)
    assert s.evaluate(1) == pytest.approx(0.09) and s.evaluate(2) == pytest.approx(-0.09)
