"""A deck's cards as a spreadsheet (`pnpgen export-cards GAME DECK --csv`): a row per card, a column per field
the cards give, with the values as the content wrote them, so the sheet reads back as the same cards."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from ..errors import Loc, PnpgenError
from ..model import Deck, Game
from ..source.sheets import NESTED, is_sheet, read_sheet, write_csv
from ..source.yamlsrc import LList, LMap, load_yaml

FIRST = ("id", "name", "suit", "action", "count", "text", "template", "image")  # the columns' order, then fields


def find_deck(game: Game, deck_id: str) -> Deck:
    """A deck of the game or of one of its variants, by id."""
    decks = list(game.decks) + [d for v in game.variants for d in v.decks]
    for deck in decks:
        if deck.id == deck_id:
            return deck
    raise PnpgenError(f"{game.id}: no deck '{deck_id}' (decks: {', '.join(d.id for d in decks) or 'none'})")


def cards_csv(game: Game, deck_id: str) -> str:
    """The cards of a deck as CSV text: a header row of field names (a card field as fields.NAME), then a row per
    card with what its content gives (an empty cell: the field's default)."""
    deck = find_deck(game, deck_id)
    files: dict[str, Any] = {}
    rows = [_row(_written(card.loc, files)) for card in deck.cards]
    seen = [c for row in rows for c in row]
    specs = [f"fields.{s.id}" for s in deck.field_specs]
    columns = [c for c in FIRST if c in seen] + [c for c in specs if c in seen]
    columns += [c for c in dict.fromkeys(seen) if c not in columns]
    return write_csv(columns, rows)


def _written(loc: Loc | None, files: dict[str, Any]) -> dict:
    """The mapping a card was read from, read again from its file."""
    if loc is None or not loc.line:
        raise PnpgenError("a card without a source location cannot be exported")
    if loc.file not in files:
        path = Path(loc.file)
        files[loc.file] = read_sheet(path, loc.file) if is_sheet(path) else load_yaml(path)
    found = _find(files[loc.file], loc)
    if found is None:
        raise PnpgenError(f"{loc}: the card written here was not found again (has the file changed?)")
    return found


def _find(data: Any, loc: Loc) -> LMap | None:
    if isinstance(data, LMap):
        if data.loc == loc:
            return data
        items = data.values()
    elif isinstance(data, LList):
        items = data
    else:
        return None
    for item in items:
        got = _find(item, loc)
        if got is not None:
            return got
    return None


def _row(mapping: dict) -> dict[str, str]:
    out = {}
    for key, value in mapping.items():
        if key in NESTED and isinstance(value, dict):
            for inner, v in value.items():
                out[f"{key}.{inner}"] = cell(v)
        else:
            out[str(key)] = cell(value)
    return out


def cell(value: Any) -> str:
    """A value as a cell's text: text as it is, true/false, numbers, lists and mappings in YAML's flow style."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float, str)):
        return str(value)
    return yaml.safe_dump(_plain(value), default_flow_style=True, width=1_000_000, allow_unicode=True,
                          sort_keys=False).strip()


def _plain(value: Any) -> Any:
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value
