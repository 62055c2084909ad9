"""Fixtures for the format writers: the Narrow Seas kit laid out once."""

from __future__ import annotations

import pytest

from pnpgen.components import layout_kit
from pnpgen.draw.piece import Kit
from pnpgen.load.loader import load_game


@pytest.fixture(scope="session")
def ns_kit() -> Kit:
    """The bundled Narrow Seas kit, laid out."""
    return layout_kit(load_game("narrow-seas"))
