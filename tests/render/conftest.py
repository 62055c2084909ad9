"""Fixtures for rendering tests: one full build of the bundled pack, shared by the tests that only read it."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnpgen.build.pipeline import BuildOptions, BuildState, build


@pytest.fixture(scope="session")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[BuildState, Path]:
    """The Narrow Seas kit built once (A4 and Letter, PDF and SVG, no simulation); (state, game output folder)."""
    out = tmp_path_factory.mktemp("build")
    state = build(BuildOptions(out=out, sim_games=0))  # no test here reads the simulation report
    return state, out / state.game.id


@pytest.fixture(scope="session")
def kit(built):
    """The laid-out kit of the shared build."""
    return built[0].kit
