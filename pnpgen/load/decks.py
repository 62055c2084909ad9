"""Decks and their cards linked: copied decks, suits, actions, and card fields checked against the deck's
declarations."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..errors import Loc
from ..maths import gridmove
from ..model import Deck, Provisional
from ..model.cards import DEFAULT_BACK, FieldSpec
from ..source.declare import describe
from ..source.fields import did_you_mean
from ..source.sheets import value_of
from ..source.yamlsrc import key_loc, loc_of
from .context import Context
from .files import Files
from .names import Names


class Decks:
    """Links a game's or variant's decks."""

    def __init__(self, context: Context, files: Files, names: Names):
        self.context = context
        self.files = files
        self.names = names

    def link_decks(self, decks: tuple[Deck, ...], label: str, others: tuple[Deck, ...]) -> tuple[Deck, ...]:
        self.context.unique(decks, "deck")
        out: list[Deck] = []
        seen_cards: dict[str, Loc | None] = {}
        for deck in decks:
            m = self.context.source(deck).mapping
            back = self.names.link_colours(deck.back, "colour", default=DEFAULT_BACK)
            back = replace(back, template=self.files.template(back, "template", back.template),
                           image=self.files.image(back, "image", back.image))
            deck = self.context.keep(deck, replace(deck, back=back, card_template=self.files.template(deck, "template",
                                                                                         deck.card_template),
                                           mark=deck.mark.strip()))
            self.context.mark(deck, f"{deck.name} (deck)")
            if deck.copy_of is not None:
                copied = self.copied_deck(deck, (*others, *out), label)
                src = next((d for d in (*others, *out) if d.id == deck.copy_of), None)
                if copied.provisional and not deck.provisional and src is not None:  # as provisional as its source
                    self.context.marked.append(Provisional(f"{deck.name} (deck)", copied.provisional,
                                                   self.context.at(src, "provisional"), self.context.players_now))
                out.append(copied)
                continue
            if "cards" not in m:
                self.context.err(deck, None, "missing required field 'cards'")
            cards = [self.link_card(c, deck, seen_cards) for c in deck.cards]
            out.append(self.context.keep(deck, self.deck_extras(deck, cards)))
        return tuple(out)

    def copied_deck(self, deck: Deck, known: tuple[Deck, ...], label: str) -> Deck:
        """A deck that repeats another deck's cards (same card ids) under its own name and back."""
        m = self.context.source(deck).mapping
        source = deck.copy_of
        for key in ("cards", "suits", "fields"):
            if key in m:
                self.context.err(
                    deck, key, f"a deck with 'cards_from' takes its {key} from deck '{source}'; drop '{key}'"
                )
        src = next((d for d in known if d.id == source), None)
        if src is None:
            if label + "decks" not in self.context.broken and "decks" not in self.context.broken:
                ids = [d.id for d in known if d.id]  # (a deck whose id was in error has none)
                self.context.err(
                    deck,
                    "cards_from",
                    f"unknown deck '{source}' (expected one of: {', '.join(ids) or 'none'})"
                    + did_you_mean(source, ids),
                )
            return replace(deck, cards=())
        # the same cards, laid out by the same template (unless it names its own), as final as they are
        return replace(
            deck,
            cards=tuple(replace(c, deck=deck.id) for c in src.cards),
            suits=src.suits,
            field_specs=src.field_specs,
            copy_of=src.copy_of or src.id,
            card_template=deck.card_template if "template" in m else src.card_template,
            provisional=deck.provisional or src.provisional,
        )

    def link_card(self, card: Any, deck: Deck, seen: dict[str, Loc | None]) -> Any:
        m = self.context.source(card).mapping
        if card.id:
            where = next((k for k in ("id", "action", "suit") if k in m), "id")
            if card.id in seen:
                how = "" if where == "id" else "made from its suit and action; "
                self.context.err(card, where, f"duplicate id '{card.id}' ({how}first defined at {seen[card.id]})")
            else:
                seen[card.id] = self.context.at(card, where)
        suit = self.names.suit(card, "suit", card.suit)
        suits = self.card_suits(card, suit)
        suit = suits[0] if suits else suit
        action = None
        if card.action is not None:
            action = self.context.actions.get(card.action)
            if action is None and "actions" not in self.context.broken:
                self.context.err(
                    card,
                    "action",
                    f"unknown action '{card.action}' (expected one of: "
                    f"{', '.join(self.context.actions)})" + did_you_mean(card.action, self.context.actions),
                )
        name = card.name or (action.name if action else str(card.id).replace("-", " ").title())
        fields = (
            card.fields
            if isinstance(card.fields, tuple)
            else tuple((str(k), value_of(v, False)) for k, v in card.fields.items())
        )
        self.context.mark(card, f"{name} (card)")
        return self.context.keep(
            card,
            replace(
                card,
                deck=deck.id,
                suit=suit,
                suits=suits,
                action=action,
                name=name,
                fields=fields,
                template=self.files.template(card, "template", card.template),
                image=self.files.image(card, "image", card.image),
            ),
        )

    def card_suits(self, card: Any, suit: str | None) -> tuple[str, ...]:
        """A card's suits: those it lists (each declared, none twice; its `suit`, if also given, first among them),
        else its one suit."""
        if not card.suits:
            return (suit,) if suit else ()
        m = self.context.source(card).mapping
        out: list[str] = []
        for k, name in enumerate(card.suits):
            if name in out:
                self.context.error(loc_of(m.get("suits"), k) or card.loc, f"{self.context.source(card).what}: "
                                   f"suit '{name}' is listed twice in 'suits'")
            elif self.names.suit(card, "suits", name) is not None:
                out.append(name)
        if suit and out and out[0] != suit:
            self.context.err(card, "suit", f"'suit' ({suit}) must be the first of 'suits' ({', '.join(card.suits)}); "
                             "give 'suits' alone")
        return tuple(out)

    def deck_extras(self, deck: Deck, cards: list) -> Deck:
        """A deck's own suits and card field declarations, and its cards checked against them."""
        suits: list[str] = []
        m = self.context.source(deck).mapping
        for k, s in enumerate(deck.suits):
            if s in self.context.suits:
                suits.append(s)
            elif "suits" not in self.context.broken:
                self.context.error(
                    loc_of(m.get("suits"), k) or deck.loc,
                    f"{self.context.source(deck).what}: unknown suit "
                    f"'{s}' (expected one of: {', '.join(self.context.suits)})" + did_you_mean(s, self.context.suits),
                )
        specs = deck.field_specs
        for s in specs:
            self.check_field_spec(s)
        for s in [s for s in specs if s.index][1:]:
            self.context.err(
                s,
                "index",
                f"a deck has one index field at most: '{s.id}' and "
                f"'{next(x.id for x in specs if x.index)}' are both marked 'index: true'",
            )
        for j, c in enumerate(cards):
            for other in [x for x in (c.suits or ((c.suit,) if c.suit else ())) if suits and x not in suits]:
                self.context.err(
                    c,
                    "suits" if c.suits and "suits" in self.context.source(c).mapping else "suit",
                    f"suit '{other}' is not a suit of deck '{deck.id}' (expected one of: {', '.join(suits)})",
                )
            if specs:
                cards[j] = self.context.keep(c, replace(c, fields=self.card_fields(c, specs)))
        specs = tuple(replace(s, labels=tuple((str(k), str(v)) for k, v in dict(s.labels).items())) if s.labels
                      else s for s in specs)
        return replace(deck, cards=tuple(cards), suits=tuple(suits), field_specs=specs)

    def check_field_spec(self, s: Any) -> None:
        m = self.context.source(s).mapping
        if s.kind == "choice" and not s.choices:
            self.context.err(s, "kind", "a 'choice' field needs a list of 'choices'")
        if "choices" in m and s.kind != "choice":
            self.context.err(s, "choices", f"'choices' belong to a field of kind 'choice', not '{s.kind}'")
        if (s.min is not None or s.max is not None) and s.kind not in ("int", "icon-counts"):
            self.context.err(
                s,
                "min" if s.min is not None else "max",
                f"'min' and 'max' belong to a field of kind 'int' or 'icon-counts', not '{s.kind}'",
            )
        if s.index and s.kind not in ("int", "text", "choice", "icon"):
            self.context.err(s, "index", f"an index field is a number, a short text, a choice or an icon (kind "
                             f"'int', 'text', 'choice' or 'icon'), not '{s.kind}'")
        labels = m.get("labels")
        if labels is not None:
            for value, label in dict(s.labels).items():
                if not isinstance(label, (str, int, float)) or isinstance(label, bool) or not str(label).strip():
                    self.context.error(loc_of(labels, value), f"{self.context.source(s).what}: a label must be "
                                       f"text, got {describe(label)}")

    def card_fields(self, card: Any, specs: tuple) -> tuple[tuple[str, Any], ...]:
        """A card's fields checked against the deck's declarations; icon counts as ((icon, n), ...)."""
        what = f"card '{card.id}'"
        fv = self.context.source(card).mapping.get("fields")
        values = dict(card.fields)
        by_id = {s.id: s for s in specs}
        for k in values:
            if k not in by_id:
                self.context.error(
                    key_loc(fv, k),
                    f"{what}: unknown field '{k}'"
                    + did_you_mean(k, by_id)
                    + f" (the deck declares: {', '.join(by_id)})",
                )
        out = []
        for s in specs:
            if s.id not in values:
                if s.required:
                    self.context.error(loc_of(fv) or card.loc, f"{what}: missing field '{s.id}' ({s.label})")
                continue
            ok = self.field_value(s, values[s.id], loc_of(fv, s.id), what)
            if ok is not None:
                out.append((s.id, ok))
        return tuple(out)

    def field_value(self, s: Any, v: Any, loc: Loc | None, what: str) -> Any:
        """One card field value of a declared kind, or None after recording an error."""
        v = value_of(v, s.kind in ("text", "choice", "suit", "icon"))  # (a spreadsheet cell, typed for the kind)

        def bad(expected: str) -> None:
            self.context.error(loc, f"{what}: field '{s.id}' must be {expected}, got {describe(v)}")

        def in_range(n: Any) -> bool:
            return (
                isinstance(n, int)
                and not isinstance(n, bool)
                and (s.min is None or n >= s.min)
                and (s.max is None or n <= s.max)
            )

        rng = (
            "a whole number"
            + (f" from {s.min}" if s.min is not None else "")
            + (f" to {s.max}" if s.max is not None else "")
        )
        if s.kind == "int":
            return v if in_range(v) else bad(rng)
        if s.kind == "bool":
            return v if isinstance(v, bool) else bad("true or false")
        if s.kind == "text":
            return str(v) if isinstance(v, (str, int, float)) and not isinstance(v, bool) else bad("text")
        if s.kind in ("manoeuvre", "shots"):
            return self.grid_field(s, v, loc, what)
        options = {
            "choice": list(s.choices),
            "suit": list(self.context.suits),
            "icon": list(self.context.icons) if self.context.icons else None,
            "icon-counts": None,
        }[s.kind]
        if s.kind == "icon-counts":
            if not isinstance(v, dict):
                return bad("a mapping of icon to " + rng)
            out = []
            for k, n in v.items():
                if self.context.icons and k not in self.context.icons:
                    self.context.error(
                        key_loc(v, k),
                        f"{what}: field '{s.id}': unknown icon {describe(k)} (expected one "
                        f"of: {', '.join(self.context.icons)})" + did_you_mean(k, self.context.icons),
                    )
                elif not in_range(n):
                    self.context.error(loc_of(v, k), f"{what}: field '{s.id}': '{k}' must be {rng}, got {describe(n)}")
                else:
                    out.append((str(k), n))
            return tuple(out)
        if not isinstance(v, str):
            return bad(f"a {s.kind} name")
        if options is not None and v not in options:
            self.context.error(
                loc,
                f"{what}: field '{s.id}': unknown {s.kind} '{v}' (expected one of: "
                f"{', '.join(options)})" + did_you_mean(v, options),
            )
            return None
        return v

    def grid_field(self, s: Any, v: Any, loc: Loc | None, what: str) -> Any:
        """A manoeuvre or shots field (pnpgen.maths.gridmove), or None after recording an error."""
        got, problem = gridmove.read_manoeuvre(v) if s.kind == "manoeuvre" else gridmove.read_shots(v)
        if got is None:
            self.context.error(loc, f"{what}: field '{s.id}' must be {problem}, got {describe(v)}")
            return None
        if s.kind == "manoeuvre" and isinstance(v, dict) and "cost" in v:
            cost = self.field_value(
                FieldSpec(f"{s.id}.cost", "cost", "icon-counts", 0, 99), v["cost"], loc_of(v, "cost"), what
            )
            got = replace(got, cost=cost or ())
        return got
