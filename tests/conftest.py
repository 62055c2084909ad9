"""Shared fixtures: a private copy of the Narrow Seas pack (helpers to break one thing in it: content_kit)."""

from __future__ import annotations

from pathlib import Path

import pytest
from content_kit import copy_pack, display, edit, errors_of, where

# Other test folders import these helpers from here (`from tests.conftest import edit`).
__all__ = ["copy_pack", "display", "edit", "errors_of", "where"]


@pytest.fixture
def pack(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A private copy of content/narrow-seas; the working folder is its parent, so errors read 'narrow-seas/...'."""
    monkeypatch.chdir(tmp_path)
    return copy_pack(tmp_path / "narrow-seas")
