"""Reading an engine's rules parameters from content: a record class declares them (see declare.py)."""

from __future__ import annotations

from typing import Any

from ..errors import Problems
from ..model import Game
from ..source.fields import Reading, read_record
from ..source.yamlsrc import LMap


def read_params(game: Game, params: type, problems: Problems) -> Any:
    """game.rules checked against a parameters class (`@record("rules", words="parameter")`); the filled class,
    defaults in place and a bad value replaced by its default (or an empty value of its kind)."""
    rules = game.rules
    mapping = LMap((name, value) for name, value in rules.values)
    mapping.loc = rules.where or game.loc
    locs, names = dict(rules.locs), dict(rules.names)  # (once: asking Rules name by name rebuilds them each time)
    mapping.val_locs = {name: locs.get(name) or mapping.loc for name, _ in rules.values}
    mapping.key_locs = {name: names.get(name) or locs.get(name) or mapping.loc for name, _ in rules.values}
    return read_record(params, mapping, "rules", Reading(problems), mapping.loc)
