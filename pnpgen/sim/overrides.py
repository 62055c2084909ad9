"""Content values set from the command line (`--set rules.hand_size=5,6`): each checked against its declaration,
and laid over a loaded game to make the variants a sweep plays."""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, replace
from typing import Any

from ..engine.api import engine_for
from ..errors import ContentError, Loc, PnpgenError, Problems
from ..model import Game
from ..model.cards import CardType, Deck
from ..model.rules import Rules, overlay_rules
from ..source.declare import INVALID, declarations, did_you_mean
from ..source.fields import Place, Reading
from ..source.yamlsrc import parse_yaml

# what `--set` sets: rules.NAME (a parameter the engine declares) or cards.ID.FIELD
KEY = re.compile(r"^(rules\.[^.]+|cards\.[^.]+\.[^.]+)$")
CARD_FIELDS = ("count",)  # the fields of a card that can be set
MAX_VARIANTS = 10_000

Override = tuple[str, str]  # (key, one value as written): ('rules.hand_size', '5')


@dataclass(frozen=True)
class Setting:
    """One `--set`: a content key and the values a sweep tries for it, each as written."""

    key: str
    values: tuple[str, ...]


def short(key: str) -> str:
    """'rules.hand_size' -> 'hand_size' (a card's key stays whole: 'cards.wind.count')."""
    return key.removeprefix("rules.")


def parse_setting(text: str) -> Setting:
    """`KEY=V1,V2,...` (commas inside [] or {} do not split; `A..B` is every whole number from A to B)."""
    key, eq, values = text.partition("=")
    key = key.strip()
    if not eq or not key or not values.strip():
        raise PnpgenError(f"--set {text}: expected KEY=VALUE[,VALUE...], e.g. rules.hand_size=5,6")
    if not KEY.match(key):
        raise PnpgenError(f"--set {text}: the key must be rules.NAME (a rules parameter of the game's engine) or "
                          f"cards.ID.count (how many copies of a card), got '{key}'")
    out: list[str] = []
    for item in _split(values):
        lo, dots, hi = item.partition("..")
        if dots and lo.strip().lstrip("-").isdigit() and hi.strip().lstrip("-").isdigit():
            a, b = int(lo), int(hi)
            if b < a or b - a >= MAX_VARIANTS:
                raise PnpgenError(f"--set {text}: the range {item} must run upwards, over fewer than {MAX_VARIANTS} "
                                  "values")
            out += [str(n) for n in range(a, b + 1)]
        elif item:
            out.append(item)
        else:
            raise PnpgenError(f"--set {text}: an empty value between commas")
    if len(set(out)) < len(out):
        twice = next(v for v in out if out.count(v) > 1)
        raise PnpgenError(f"--set {text}: value '{twice}' is given twice")
    return Setting(key, tuple(out))


def _split(values: str) -> list[str]:
    """Comma-separated values, commas inside brackets, braces or quotes kept."""
    out, depth, quote, current = [], 0, "", []
    for ch in values:
        if quote:
            quote = "" if ch == quote else quote
        elif ch in "'\"":
            quote = ch
        elif ch in "[{":
            depth += 1
        elif ch in "]}":
            depth -= 1
        elif ch == "," and depth == 0:
            out.append("".join(current).strip())
            current = []
            continue
        current.append(ch)
    out.append("".join(current).strip())
    return out


def where(key: str, text: str) -> Loc:
    """The location of a value given on the command line, as messages name it."""
    return Loc(f"--set {key}={text}")


def check_settings(game: Game, settings: list[Setting]) -> None:
    """Each key is one the game declares and each value fits its declaration (kind, range, choices); else
    ContentErrors, one line each, located at the `--set` that gave it."""
    problems = Problems()
    seen: set[str] = set()
    for s in settings:
        if s.key in seen:
            raise PnpgenError(f"--set {s.key} is given twice; list every value in one --set")
        seen.add(s.key)
        declared = _declared(game, s, problems)
        if declared is None:
            continue
        what, name, kind = declared
        for text in s.values:
            loc = where(s.key, text)
            value = _value(text, loc, problems)
            if value is not INVALID:
                kind.read(value, Place(Reading(problems), what, name, loc, "parameter" if what == "rules" else "field"))
    problems.raise_if_any()
    total = 1
    for s in settings:
        total *= len(s.values)
    if total > MAX_VARIANTS:
        raise PnpgenError(f"--set: {total} variants; a sweep plays at most {MAX_VARIANTS}")


def _declared(game: Game, s: Setting, problems: Problems) -> tuple[str, str, Any] | None:
    """(how messages name the record, the field's name, its kind) for a setting's key; None after an error."""
    at = where(s.key, ",".join(s.values))
    if s.key.startswith("rules."):
        engine = engine_for(game)
        params = {d.key: d for d in declarations(engine.rules_parameters)} if engine is not None else {}
        name = short(s.key)
        if name not in params:
            known = sorted(params)
            hint = did_you_mean(name, known) or (f" (expected one of: {', '.join(known)})" if known else
                                                 f" ({game.id} has no rules engine that declares any)")
            problems.error(at, f"rules: unknown parameter '{name}'{hint}")
            return None
        return "rules", name, params[name].kind
    card, _, name = s.key.removeprefix("cards.").rpartition(".")
    ids = list(dict.fromkeys(c.id for c in _decks(game) for c in c.cards))
    if card not in ids:
        problems.error(at, f"unknown card '{card}'" + (did_you_mean(card, ids) or f" (cards: {', '.join(ids)})"))
        return None
    if name not in CARD_FIELDS:
        problems.error(at, f"card '{card}': only its {', '.join(CARD_FIELDS)} can be set, not '{name}'")
        return None
    return f"card '{card}'", name, next(d.kind for d in declarations(CardType) if d.key == name)


def _decks(game: Game) -> list[Deck]:
    """The game's decks and every variant's."""
    return [*game.decks, *(d for v in game.variants for d in v.decks)]


def _value(text: str, loc: Loc, problems: Problems) -> Any:
    """A value as YAML reads it (5 is a number, true a truth value, [1, 2] a list), or INVALID."""
    try:
        return parse_yaml(text, loc.file)
    except ContentError as e:
        problems.error(loc, e.message)
        return INVALID


def grid(settings: list[Setting]) -> list[tuple[Override, ...]]:
    """Every combination of the settings' values (the first `--set` changes slowest); one empty one for none."""
    return [tuple(zip((s.key for s in settings), values))
            for values in itertools.product(*(s.values for s in settings))]


def label(overrides: tuple[Override, ...]) -> str:
    """'hand_size=5 mercy_margin=3' ('as written' for none)."""
    return " ".join(f"{short(k)}={v}" for k, v in overrides) or "as written"


def with_overrides(game: Game, overrides: tuple[Override, ...]) -> Game:
    """The game with the values set, each located at its `--set`: rules over the game's and every variant's (so a
    variant played at its player count keeps them too); a card's count in every deck holding it. A game whose card
    counts are set is no longer held to its declared totals (`counts:`, a deck's `count:`), which count the pack as
    written."""
    if not overrides:
        return game
    rules = [(key, text) for key, text in overrides if key.startswith("rules.")]
    counts = {key.removeprefix("cards.").rpartition(".")[0]: int(parse_yaml(text)) for key, text in overrides
              if key.startswith("cards.")}
    if rules:
        values, locs = [], []
        for key, text in rules:
            values.append((short(key), parse_yaml(text, where(key, text).file)))
            locs.append((short(key), where(key, text)))
        over = Rules(tuple(values), tuple(locs), None, tuple(locs))
        game = replace(game, rules=overlay_rules(game.rules, over),
                       variants=tuple(replace(v, rules=overlay_rules(v.rules, over)) for v in game.variants))
    if counts:
        game = replace(game, decks=_counted(game.decks, counts), declared=(), variants=tuple(
            replace(v, decks=_counted(v.decks, counts), declared=()) for v in game.variants))
    return game


def _counted(decks: tuple[Deck, ...], counts: dict[str, int]) -> tuple[Deck, ...]:
    """Decks with some cards' counts set, no longer held to a declared size."""
    return tuple(replace(d, declared_count=None, cards=tuple(replace(c, count=counts.get(c.id, c.count))
                                                             for c in d.cards)) for d in decks)


def as_written(game: Game, overrides: tuple[Override, ...], players: int | None = None) -> bool:
    """Whether every value set is the one the content gives already at that player count (the variant is the game
    as written)."""
    variant = game.variant_for(players or min(game.players))
    played = game.with_variant(variant.id) if variant is not None else game
    counts = {c.id: c.count for d in played.decks for c in d.cards}
    for key, text in overrides:
        value = _plain(parse_yaml(text))
        if key.startswith("cards."):
            if counts.get(key.removeprefix("cards.").rpartition(".")[0]) != value:
                return False
        elif short(key) not in played.rules or _plain(played.rules[short(key)]) != value:
            return False
    return True


def _plain(value: Any) -> Any:
    """A YAML value without its locations, to compare."""
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value
