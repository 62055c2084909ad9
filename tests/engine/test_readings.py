"""The rulebook as the engines see it: the sections every refusal cites, the readings each engine takes where its
rulebook is unclear (`pnpgen rules readings`), and the readings that are rules options, played both ways."""

from __future__ import annotations

import json
import random

import pytest
from click.testing import CliRunner
from kit.enemy_in_sight import line, position, seed_rolling, ship, with_rules
from kit.engines import bundled

from pnpgen.cli import main as cli
from pnpgen.engine.api import cited_section, engine_for, same_section
from pnpgen.engine.enemy_in_sight.moves import line_breakers_allowed

PACKS = ("narrow-seas", "enemy-in-sight", "seas-of-havoc")


def test_section_numbers_are_read_from_the_start_of_a_citation():
    assert cited_section("7.2 exact range") == "7.2"
    assert cited_section("7.10 Refuse Battle") == "7.10"
    assert cited_section("Island Phase") == ""
    assert same_section("3", "3.0") and same_section("3.0", "3") and not same_section("3", "3.1")
    assert not same_section("", "") and not same_section("7.1", "7.10")


@pytest.mark.slow
@pytest.mark.parametrize("pack", PACKS)
def test_every_refusal_cites_a_section_the_engine_lists(pack):
    """Random play; at every fifth decision, every action legal at some other moment is asked about here."""
    game = bundled(pack)
    engine = engine_for(game)
    assert engine.sections, "an engine lists the sections it cites"
    cited = set()
    for players in game.players:
        rules = engine.make_rules(game, players)
        for seed in range(3):
            state, rng, seen = rules.new_initial_state(seed), random.Random(seed), []
            for k in range(400):
                if state.is_terminal():
                    break
                actions = state.legal_actions()
                seen += actions[:20]
                if k % 5 == 0:
                    cited.add(cited_section(engine.turn_rule(state)))
                    for a in rng.sample(seen, min(30, len(seen))):
                        bad = engine.why_illegal(state, a)
                        if bad is not None:
                            assert cited_section(bad.rule) in engine.sections, bad.rule
                            cited.add(cited_section(bad.rule))
                state.apply(actions[rng.randrange(len(actions))])
    assert "" not in cited
    assert len(cited) >= 4, cited  # (the play above reached several sections)


def run(*args: str):
    return CliRunner().invoke(cli, list(args))


@pytest.mark.parametrize("pack, questions", [
    ("narrow-seas", ("hand size optional", "numbered clockwise or counter-clockwise")),
    ("enemy-in-sight", ("every ship in a Line has struck", "half your Line", "Fire Ship target one's own ships")),
    ("seas-of-havoc", ("buy the Market card",)),
])
def test_rules_readings_lists_each_engines_readings(pack, questions):
    r = run("rules", "readings", pack)
    assert r.exit_code == 0, r.output
    readings = engine_for(bundled(pack)).readings(bundled(pack))
    assert r.output.splitlines()[0].startswith(f"{bundled(pack).title}: {len(readings)} readings")
    for q in questions:
        assert q in r.output
    for reading in readings:
        assert f"{reading.section}  {reading.question}" in r.output
        assert f"reading: {reading.reading}" in r.output
        assert reading.alternatives, "a reading names what else the rulebook could mean"
    as_json = [json.loads(line) for line in run("rules", "readings", pack, "--json").output.splitlines()]
    assert [x["question"] for x in as_json] == [x.question for x in readings]


def test_an_option_reading_names_its_parameter_and_the_sweep_that_compares_it():
    out = run("rules", "readings", "enemy-in-sight").output
    assert "option:  rules.fire_ship_targets (enemy | any); compare them with `pnpgen sweep enemy-in-sight --set " \
           "rules.fire_ship_targets=enemy,any`" in out
    reading = next(r for r in engine_for(bundled("enemy-in-sight")).readings(with_rules(fire_ship_targets="any"))
                   if r.option == "fire_ship_targets")
    assert reading.reading.startswith("Yes: any ship at sea") and reading.alternatives[0].startswith("No:")


def test_a_game_without_an_engine_has_no_readings(tmp_path):
    (tmp_path / "game.yaml").write_text("title: Plain\nplayers: 2\n", encoding="utf-8")
    r = CliRunner().invoke(cli, ["rules", "readings", str(tmp_path)])
    assert r.exit_code == 1 and "has no rules engine" in r.output


# -- the rules options, played both ways ---------------------------------------------------------------------

def test_a_line_of_struck_ships_holds_the_minimum_or_the_no_line_capacity():
    ships = {"victory": line(1), "orient": line(2, struck=True, damage=[["hull", "broadsides-3"]])}
    assert position(ships, {1: ["repair"]}).capacity(2) == 4
    assert position(ships, {1: ["repair"]}, game=with_rules(struck_line_capacity="no-line")).capacity(2) == 1
    standing = {"victory": line(1), "orient": line(2, struck=True, damage=[["hull", "broadsides-3"]]),
                "argus": line(2)}
    assert position(standing, {1: ["repair"]}, game=with_rules(struck_line_capacity="no-line")).capacity(2) == 4


@pytest.mark.parametrize("rounding, ships, allowed", [("down", 5, 2), ("up", 5, 3), ("down", 4, 2), ("up", 4, 2),
                                                      ("down", 1, 1), ("up", 1, 1), ("up", 7, 3)])
def test_half_the_line_rounds_down_or_up(rounding, ships, allowed):
    names = ["victory", "leander", "camilla", "mars", "prince", "euryalus", "dreadnought"][:ships]
    s = position({sid: line(1) for sid in names} | {"orient": line(2)}, {1: ["break-the-line-french"]},
                 game=with_rules(line_breakers_rounding=rounding))
    assert line_breakers_allowed(s, 1) == allowed


def test_fire_ship_targets_enemy_ships_or_any_ship_and_an_own_ship_scores_nothing():
    ships = {"victory": line(1), "leander": line(1), "orient": line(2), "argus": line(2)}
    s = position(ships, {1: ["fire-ship"]})
    s.apply(("play", "fire-ship"))
    assert set(s.legal_actions()) == {("target", "orient"), ("target", "argus")}
    assert "own ship" in engine_for(bundled("enemy-in-sight")).why_illegal(s, ("target", "leander")).reason
    s = position(ships, {1: ["fire-ship"]}, game=with_rules(fire_ship_targets="any"), seed=seed_rolling(6))
    s.apply(("play", "fire-ship"))
    assert set(s.legal_actions()) == {("target", "victory"), ("target", "leander"), ("target", "orient"),
                                      ("target", "argus")}
    s.apply(("target", "leander"))
    assert ship(s, "leander") not in s.sunk[0] and ship(s, "leander") in s.wrecks, "sunk, for no VP"
