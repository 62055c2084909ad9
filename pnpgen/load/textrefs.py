"""References to the data in printed text: `{rules.hand_size}`, `{actions.broadside.damage}`, tables made from
records, and typed table cells held against the data they restate.

A reference is a dotted path in braces. Its first word names a part of the game's data (see NAMESPACES); the
words after it walk down by id and field key, as content writes them. `{actions.reach.steps|or}` joins a list
with "or" ("1 or 2"), `|and` with "and"; a list is otherwise joined with commas. After a number, `|card` prints
the noun in the number's form ("1 card", "2 cards"; `|die/dice` for an irregular plural). A rules parameter the
content does not set is left to the checks, which know whether the game's engine declares it. Icon markers
(`{sail}`) have no dot, so the two never meet.

A table written as `{rows: PATH, where: {FIELD: VALUE}, columns: {HEADER: FIELD}}` is made from the records
PATH names, one row a record in content order, filtered by `where`.

While content holds other errors, a reference to a name the data lacks is not reported (the name may be
one that did not load); it is, once they are fixed.

A table typed by hand is compared with the data where it can be: a row whose first cell names a record (by name or
id) and a column whose header names one of that record's numeric fields (the field's key or label, alone or at the
end of the header: "Damage", "Exact range") must state the field's value; another number is an error at the cell.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, fields, is_dataclass, replace
from typing import Any

from ..errors import Loc, Problems
from ..model import Game, Rules
from ..model.components import Section, TableFrom
from ..source.declare import declarations, did_you_mean, info
from ..source.places import TextPlaces

REFERENCE = re.compile(r"\{([A-Za-z_][\w-]*(?:\.[\w-]+)+)(?:\|([A-Za-z][\w '-]*(?:/[A-Za-z][\w '-]*)?))?\}")
NAMESPACES = {
    "rules": "the rules parameters (rules: in game.yaml, and a variant's over them)",
    "game": "the game's own fields: title, version, players, playing_time",
    "sim": "the simulation settings (sim:)",
    "counts": "the totals the game declares (counts:)",
    "actions": "the actions, by id, and their fields (`degrees`: a sail action's headings as degrees off the wind)",
    "decks": "the decks, by id: their fields, `cards` by id, and `size` (how many cards in all)",
    "cards": "every card, by id (the first deck's, where decks share ids), and its fields",
    "suits": "the suits, by id",
    "tokens": "the tokens, by id",
    "area_cards": "the area cards (ship cards, mats), by id",
    "boards": "the boards, by id",
}
NUMBER = re.compile(r"-?\d+(?:\.\d+)?")


@dataclass(frozen=True)
class Leaf:
    """A value of the data and where content sets it."""

    value: Any
    loc: Loc | None


# -- the data, as references see it -----------------------------------------------------------------------------

Where = Callable[[Any, str], "Loc | None"]  # (record, key) -> where content writes that field


def data_view(game: Game, where: Where, variant=None) -> dict[str, Any]:
    """The game's data (a variant's over it) as nested mappings of Leafs, keyed as content writes them."""
    rules = game.rules
    parts = {k: tuple(getattr(game, k)) for k in ("decks", "boards", "area_cards", "tokens")}
    counts, count_locs = game.declared, game.declared_locs
    if variant is not None:
        from ..model.rules import overlay_rules
        rules = overlay_rules(game.rules, variant.rules)
        parts = {k: v + tuple(getattr(variant, k)) for k, v in parts.items()}
        counts, count_locs = variant.declared or counts, variant.declared_locs or count_locs
    locs = dict(count_locs)
    view: dict[str, Any] = {
        "rules": _rules(rules),
        "game": {"title": Leaf(game.title, game.loc), "version": Leaf(game.version, game.loc),
                 "players": Leaf(tuple(game.players), game.loc),
                 "playing_time": Leaf(game.playing_time, game.loc)},
        "sim": _record(game.sim, where) if is_dataclass(game.sim) else {},
        "counts": {k: Leaf(v, locs.get(k)) for k, v in counts},
        "actions": _Lazy({a.id: (_action, a, where) for a in game.actions}),
        "suits": _Lazy({s.id: (_record, s, where) for s in game.suits}),
        "decks": _Lazy({d.id: (_deck, d, where) for d in parts["decks"]}),
        "tokens": _Lazy({t.id: (_record, t, where) for t in parts["tokens"]}),
        "area_cards": _Lazy({c.id: (_record, c, where) for c in parts["area_cards"]}),
        "boards": _Lazy({b.id: (_record, b, where) for b in parts["boards"]}),
    }
    cards: dict[str, tuple] = {}
    for deck in {d.id: d for d in parts["decks"]}.values():  # (a repeated deck id names the last such deck)
        for card in deck.cards:
            cards.setdefault(card.id, (_deck_card, view["decks"], deck.id, card.id))
    view["cards"] = _Lazy(cards)
    return view


class _Lazy(Mapping):
    """Records by id, each made when first read (a function and its arguments until then), so a deck of
    thousands of cards costs only the ones that references name."""

    __slots__ = ("_recipes", "_made")

    def __init__(self, recipes: dict[str, tuple]):
        self._recipes, self._made = recipes, {}

    def __getitem__(self, key: str) -> Any:
        made = self._made
        if key not in made:
            make, *arguments = self._recipes[key]
            made[key] = make(*arguments)
        return made[key]

    def __contains__(self, key: object) -> bool:
        return key in self._recipes

    def __iter__(self) -> Iterator[str]:
        return iter(self._recipes)

    def __len__(self) -> int:
        return len(self._recipes)


def _deck_card(decks: Mapping[str, Any], deck_id: str, card_id: str) -> dict[str, Any]:
    return decks[deck_id]["cards"][card_id]


def _rules(rules: Rules) -> dict[str, Any]:
    return {k: _value(v, rules.loc(k), None) for k, v in rules.values}


def _record(obj: Any, where: Where) -> dict[str, Any]:
    out: dict[str, Any] = {}
    declared = declarations(type(obj)) if hasattr(type(obj), "__record__") else ()
    for d in declared:
        out[d.key] = _value(getattr(obj, d.attr), where(obj, d.key), where)
    if not declared:
        for f in fields(obj):
            if f.repr and not f.name.endswith(("loc", "locs")):
                out[f.name] = _value(getattr(obj, f.name), getattr(obj, "loc", None), where)
    own = dict(getattr(obj, "fields", ()) or ()) if isinstance(getattr(obj, "fields", None), tuple) else {}
    fields_at = where(obj, "fields")
    for k, v in own.items():  # a card's deck-declared fields: `cards.x.cost` as well as `cards.x.fields.cost`
        out.setdefault(k, _value(v, fields_at, where))
    return out


def _action(action: Any, where: Where) -> dict[str, Any]:
    """An action's fields, and its headings (sixths of a turn from the wind) as `degrees` off the wind."""
    out = _record(action, where)
    if action.headings:
        out["degrees"] = Leaf(tuple(sorted({abs(h) * 60 for h in action.headings})), where(action, "headings"))
    return out


def _deck(deck: Any, where: Where) -> dict[str, Any]:
    out = _record(deck, where)
    out["cards"] = _Lazy({c.id: (_record, c, where) for c in deck.cards})
    out["size"] = Leaf(sum(c.count for c in deck.cards), getattr(deck, "loc", None))
    return out


def _value(v: Any, loc: Loc | None, where: Where | None) -> Any:
    if where is not None and is_dataclass(v) and not isinstance(v, type):
        if isinstance(v, Rules):
            return _rules(v)
        return _record(v, where)
    if isinstance(v, dict):
        return {str(k): _value(x, loc, where) for k, x in v.items()}
    if isinstance(v, tuple) and v and all(is_dataclass(x) and getattr(x, "id", None) for x in v) and where:
        return {x.id: _record(x, where) for x in v}
    if isinstance(v, tuple) and v and all(isinstance(x, tuple) and len(x) == 2 and isinstance(x[0], str)
                                          for x in v):
        return {k: _value(x, loc, where) for k, x in v}
    return Leaf(v, loc)


# -- resolving ----------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class PendingRule:
    """A reference to a rules parameter the content does not set: the checks, which know what the game's engine
    declares, report it (or leave it to the engine's own 'missing parameter')."""

    name: str
    loc: Loc | None
    message: str


class Unresolved(Exception):
    """A reference that names nothing printable; the message says why (`missing`: a word that names nothing)."""

    def __init__(self, message: str, missing: bool = False):
        super().__init__(message)
        self.missing = missing


def lookup(view: dict[str, Any], path: str) -> Any:
    """The node a dotted path names (a Leaf or a mapping); Unresolved naming the first word that does not fit."""
    node: Any = view
    walked: list[str] = []
    for part in path.split("."):
        if isinstance(node, Leaf) and isinstance(node.value, (tuple, list)) and part.isdigit():
            items = node.value
            if int(part) >= len(items):
                raise Unresolved(f"'{'.'.join(walked)}' has {len(items)} items; '{part}' is past its end")
            node = Leaf(items[int(part)], node.loc)
        elif isinstance(node, Mapping) and part in node:
            node = node[part]
        else:
            if not isinstance(node, Mapping):
                raise Unresolved(f"'{'.'.join(walked)}' is a value, not something with parts ('{part}')")
            known = sorted(node)
            what = f"'{'.'.join(walked)}' has" if walked else "a reference starts with one of"
            listed = ", ".join(known[:12]) + (", ..." if len(known) > 12 else "")
            raise Unresolved(f"unknown '{part}': {what}: {listed or 'nothing'}{did_you_mean(part, known)}",
                             missing=True)
        walked.append(part)
    return node


def shown(node: Any, path: str, joiner: str | None = None) -> str:
    """A node as printed: numbers plainly, lists joined ('or' / 'and' before the last); after a number, a noun
    (`card`, or `die/dice` for an irregular plural) in the number's form: 1 card, 2 cards. Unresolved for a
    record or an empty value."""
    if joiner and joiner not in ("or", "and"):
        number = node.value if isinstance(node, Leaf) else None
        if not isinstance(number, (int, float)) or isinstance(number, bool):
            raise Unresolved(f"'{path}' is not a number, so '|{joiner}' cannot follow it")
        one, _, many = joiner.partition("/")
        return f"{_plain(number)} {one if number == 1 else many or one + 's'}"
    if isinstance(node, Mapping):
        keys = ", ".join(sorted(node)[:12])
        raise Unresolved(f"'{path}' names a record, not a value: add one of its fields ({keys})")
    value = node.value
    if value is None or value == "":
        raise Unresolved(f"'{path}' has no value")
    if isinstance(value, (list, tuple)):
        if not value or not all(isinstance(x, (str, int, float)) for x in value):
            raise Unresolved(f"'{path}' is not a list of plain values")
        words = [_plain(x) for x in value]
        if joiner and len(words) > 1:
            return f"{', '.join(words[:-1])} {joiner} {words[-1]}"
        return ", ".join(words)
    if isinstance(value, dict):
        raise Unresolved(f"'{path}' names a mapping: add one of its keys ({', '.join(sorted(map(str, value)))})")
    return _plain(value)


def _plain(x: Any) -> str:
    if isinstance(x, bool):
        return "yes" if x else "no"
    if isinstance(x, float):
        return f"{x:g}"
    return str(x)


class Resolver:
    """Resolves the references of one game's (or variant's) text against its data, recording located errors."""

    def __init__(self, view: dict[str, Any], problems: Problems, where: Where, places: TextPlaces | None = None,
                 quiet: bool = False):
        self.view, self.problems, self.where = view, problems, where
        self.places = places or TextPlaces()
        self.quiet = quiet  # content already in error: a name it may have lost is not reported again
        self.pending: list[PendingRule] = []

    def unresolved(self, loc: Loc | None, message: str, e: Unresolved, path: str = "") -> None:
        if self.quiet and e.missing:
            return
        if e.missing and path.startswith("rules.") and path.count(".") == 1:
            self.pending.append(PendingRule(path.split(".", 1)[1], loc, message))  # the engine's checks judge it
            return
        self.problems.error(loc, message)

    def text(self, text: str, near: Loc | None, what: str) -> str:
        """The text with each reference replaced by its value (an error, and the reference kept, where none)."""
        if "{" not in text or "." not in text:
            return text

        def one(m: re.Match) -> str:
            try:
                return shown(lookup(self.view, m.group(1)), m.group(1), m.group(2))
            except Unresolved as e:
                self.unresolved(self.places.find(near, m.group(0)), f"{what}: reference {m.group(0)}: {e}", e,
                                m.group(1))
                return m.group(0)
        return REFERENCE.sub(one, text)

    def record(self, obj: Any, what: str) -> Any:
        """A record with the references of every text in it (and in the records it holds) resolved."""
        if not is_dataclass(obj) or isinstance(obj, (type, Rules)):
            return obj
        name = what
        if getattr(obj, "id", None) and hasattr(type(obj), "__record__"):
            name = f"{info(type(obj)).noun} '{obj.id}'"
        changed = {}
        for attr in _text_fields(type(obj)):
            v = getattr(obj, attr)
            new = self.value(v, obj, attr, name)
            if new is not v:
                changed[attr] = new
        if isinstance(obj, Section):
            table = changed.get("table", obj.table)
            if isinstance(table, TableFrom):
                changed["table"] = self.table(table, name)
            elif table:
                self.contradictions(obj, name)
        return replace(obj, **changed) if changed else obj

    def value(self, v: Any, owner: Any, attr: str, what: str) -> Any:
        if v is None or type(v) in _PLAIN:  # (most fields of most records: nothing to read)
            return v
        if isinstance(v, str):
            if "{" not in v or "." not in v:
                return v  # (no reference in it: most text, and every card's id and name)
            key = next((d.key for d in declarations(type(owner)) if d.attr == attr), attr) \
                if hasattr(type(owner), "__record__") else attr
            new = self.text(v, self.where(owner, key), what)
            return v if new == v else new
        if isinstance(v, TableFrom):
            return v
        if isinstance(v, tuple):
            items = [self.value(x, owner, attr, what) for x in v]
            return v if all(a is b for a, b in zip(items, v)) else type(v)(items) if type(v) is tuple else \
                tuple(items)
        if is_dataclass(v) and not isinstance(v, type):
            return self.record(v, what)
        return v

    # -- tables ----------------------------------------------------------------------------------------------
    def table(self, spec: TableFrom, what: str) -> tuple[tuple[str, ...], ...]:
        """The rows of a table made from records: the header, then a row a record that passes `where`."""
        try:
            records = lookup(self.view, spec.rows)
        except Unresolved as e:
            self.unresolved(spec.rows_loc, f"{what}: table rows '{spec.rows}': {e}", e)
            return ()
        if not isinstance(records, Mapping) or not all(isinstance(r, Mapping) for r in records.values()):
            self.problems.error(spec.rows_loc, f"{what}: table rows '{spec.rows}' must name records by id (such "
                                "as actions, tokens or decks.<deck>.cards)")
            return ()
        rows = [tuple(header for header, _path, _loc in spec.columns)]
        for rid, record in records.items():
            if not all(_matches(record, k, v) for k, v, _loc in spec.where):
                continue
            row = []
            for _header, path, loc in spec.columns:
                field, _, joiner = path.partition("|")
                try:
                    row.append(shown(lookup(record, field), f"{spec.rows}.{rid}.{field}", joiner or None))
                except Unresolved as e:
                    self.unresolved(loc, f"{what}: table column '{path}' of '{spec.rows}.{rid}': {e}", e)
                    return ()
            rows.append(tuple(row))
        if len(rows) == 1 and not self.quiet:  # (with errors before it, the records may be what did not load)
            shown_where = ", ".join(f"{k}: {v}" for k, v, _loc in spec.where)
            self.problems.error(spec.rows_loc, f"{what}: table rows '{spec.rows}'"
                                + (f" where {shown_where}" if shown_where else "") + " has no records")
        return tuple(rows)

    def contradictions(self, section: Section, what: str) -> None:
        """Each typed cell that restates a record's number, held against the data."""
        header = section.table[0]
        for k, row in enumerate(section.table[1:], start=1):
            found = self.named(row[0]) if row else None
            if found is None:
                continue
            path, record = found
            row_loc = section.row_locs[k] if k < len(section.row_locs) else section.loc
            cells = section.cell_locs[k] if k < len(section.cell_locs) else ()
            for c, (head, cell) in enumerate(zip(header[1:], row[1:]), start=1):
                key = _field_for(head, record)
                if key is None or REFERENCE.search(cell):
                    continue
                leaf = record[key]
                expected = _numbers_of(leaf.value)
                if expected is None:
                    continue
                stated = [float(n) for n in NUMBER.findall(cell)]
                if not stated or sorted(set(stated)) == sorted(set(expected)):
                    continue
                value = shown(leaf, key, None)
                at = cells[c] if c < len(cells) and cells[c] is not None else self.places.find(row_loc, cell)
                self.problems.error(at, f"{what}: the table gives {row[0]} {head.lower()} {cell!r}, but "
                                    f"{path}.{key} is {value}" + (f" (set at {leaf.loc})" if leaf.loc else "")
                                    + f"; write {{{path}.{key}}} to print it from the data")

    def named(self, cell: str) -> tuple[str, dict] | None:
        """(path, record) of the one record a cell names by its name or id, searching NAME_ORDER."""
        word = _bare(cell)
        if not word:
            return None
        for space in ("actions", "cards", "tokens", "area_cards", "suits", "decks", "boards"):
            hits = [(f"{space}.{rid}", r) for rid, r in self.view.get(space, {}).items()
                    if word in (rid.lower(), _bare(str(getattr(r.get("name"), "value", "") or "")))]
            if len(hits) == 1:
                return hits[0]
            if hits:
                return None  # several records answer to it: not compared
        return None


def _bare(text: str) -> str:
    """A cell's words, lower case, without icon markers and emphasis."""
    text = re.sub(r"\{[^{}]*\}", " ", text).replace("*", " ").replace("_", " ")
    return " ".join(text.lower().split())


def _field_for(header: str, record: dict) -> str | None:
    """The numeric field of a record a column header names, if one does."""
    words = _bare(header)
    best = None
    for key, leaf in record.items():
        if not isinstance(leaf, Leaf) or _numbers_of(leaf.value) is None:
            continue
        name = key.replace("_", " ").replace("-", " ").lower()
        if words == name or words.endswith(" " + name):
            best = key
    return best


def _numbers_of(value: Any) -> list[float] | None:
    """The numbers a value states (a number, or a list of numbers); None for anything else."""
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return [float(value)]
    if isinstance(value, (tuple, list)) and value and all(isinstance(x, (int, float)) and not isinstance(x, bool)
                                                          for x in value):
        return [float(x) for x in value]
    return None


def _matches(record: dict, key: str, wanted: Any) -> bool:
    try:
        node = lookup(record, key)
    except Unresolved:
        return False
    return isinstance(node, Leaf) and _plain(node.value) == _plain(wanted)


RESTATED = ("boards", "area_cards", "tokens", "player_aids")  # the game's components a variant may read otherwise


_PLAIN = (int, float, bool)


@functools.cache
def _text_fields(kind: type) -> tuple[str, ...]:
    """The fields of a record type that may hold text with references (its locations aside)."""
    return tuple(f.name for f in fields(kind) if f.init and not f.name.endswith(("loc", "locs")))


def resolve_references(game: Game, problems: Problems, where: Where) -> Game:
    """The game with the references of all its text resolved, its variants' against their own rules; a variant
    keeps the game's components that read otherwise under its rules, as they read there (Variant.restated)."""
    places = TextPlaces()
    quiet = bool(problems.errors)  # (errors cascade: a record that did not load is missing from the data)
    resolver = Resolver(data_view(game, where), problems, where, places, quiet)
    changed = {}
    for f in fields(game):
        if not f.init or f.name in ("variants", "rules", "pending_rules", "rulebook") or \
                f.name.endswith(("loc", "locs")):
            continue
        v = getattr(game, f.name)
        new = resolver.value(v, game, f.name, "game")
        if new is not v:
            changed[f.name] = new
    variants = []
    pending = list(resolver.pending)
    for variant in game.variants:
        own = Resolver(data_view(game, where, variant), problems, where, places, quiet)
        resolved = own.record(variant, f"variant '{variant.id}'")
        pending += own.pending
        quiet_here = Resolver(own.view, Problems(), where, places, True)  # (the game's errors are said once)
        restated = tuple(mine for kind in RESTATED for base, theirs in zip(getattr(game, kind),
                                                                           changed.get(kind, getattr(game, kind)))
                         if (mine := quiet_here.record(base, "")) != theirs or _texts_differ(mine, theirs))
        variants.append(replace(resolved, restated=restated) if restated else resolved)
    if any(a is not b for a, b in zip(variants, game.variants)):
        changed["variants"] = tuple(variants)
    if pending:
        changed["pending_rules"] = tuple(pending)
    return replace(game, **changed) if changed else game


def _texts_differ(a: Any, b: Any) -> bool:
    """Whether two versions of a record print different text (fields that compare=False hide included)."""
    if is_dataclass(a) and not isinstance(a, type):
        return any(_texts_differ(getattr(a, f.name), getattr(b, f.name)) for f in fields(a)
                   if not f.name.endswith(("loc", "locs")))
    if isinstance(a, tuple) and isinstance(b, tuple):
        return len(a) != len(b) or any(_texts_differ(x, y) for x, y in zip(a, b))
    return isinstance(a, str) and a != b
