"""Seas of Havoc positions for the engine tests: positions from a few lines of YAML, cards played to their end."""

from __future__ import annotations

from pathlib import Path

from kit.engines import bundled
from pnpgen.engine.api import engine_named
from pnpgen.engine.positions import open_position

ENGINE = engine_named("seas-of-havoc")


def content():
    """The bundled pack, loaded once."""
    return bundled("seas-of-havoc")


def position(tmp_path: Path, text: str, name: str = "pos.yaml"):
    """The state of a position written as YAML (game and players filled in when left out)."""
    head = "" if "game:" in text else "game: seas-of-havoc\n"
    if "players:" not in text:
        head += "players: 2\n"
    path = tmp_path / name
    path.write_text(head + text, encoding="utf-8")
    return open_position(path).position.state


def sea(tmp_path: Path, ships: str, hands: str = "", extra: str = "") -> object:
    """A Sea Phase position with player 1 to move: ships as '1: {...}, 2: {...}' lines, hands likewise."""
    text = "phase: sea\nto_move: 1\nships:\n" + ships
    if hands:
        text += "hands:\n" + hands
    return position(tmp_path, text + extra)
