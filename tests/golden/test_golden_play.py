"""Golden files for play: seeded random playthroughs of every registered engine, diffed against stored text."""

from __future__ import annotations

import pytest
from dumps import playthrough
from kit.engines import bundled

from pnpgen.engine.api import registered_engines
from pnpgen.files.paths import bundled_packs

pytestmark = pytest.mark.slow  # every test here is over half a second

GAMES = [(pack, players, seed, agent)
         for pack in bundled_packs() if bundled(pack).engine in registered_engines()
         for players in bundled(pack).players for seed, agent in ((1, "random"), (2, "random"), (1, "greedy"))]


def test_every_registered_engine_has_a_playthrough():
    engines = {bundled(pack).engine for pack, _, _, _ in GAMES}
    assert engines == set(registered_engines()) and "narrow-seas" in engines


@pytest.mark.parametrize(("pack", "players", "seed", "agent"), GAMES)
def test_seeded_games_play_as_stored(pack, players, seed, agent, golden):
    golden.check(f"play/{pack}-{players}p-{agent}-seed{seed}.txt", playthrough(pack, players, seed, agent))
