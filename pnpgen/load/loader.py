"""Loading a content folder into a validated Game, reporting every located error.

Two passes: every file is read against the model's declarations (types, bounds, choices, required fields,
unknown keys: see declare.py), then references are linked (suits, colours, actions, templates, icons,
decks copied from decks, ids that repeat, variants against the game, values marked provisional). Errors are
listed in file order.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path, PurePosixPath, PureWindowsPath
from typing import Any

from ..errors import ContentError, ContentErrors, Loc, PnpgenError, Problems
from ..files.paths import TEMPLATES_DIR, PathRefused, pack_path, resolve_game, template_path
from ..maths import gridmove
from ..model import Board, Deck, Game, Provisional, Rules, Variant
from ..model.board import HEADINGS, TURNS, Cell
from ..model.cards import DEFAULT_BACK, FieldSpec
from ..model.components import SHAPES
from ..model.game import MAX_PLAYERS, FontFile
from ..model.icons import SYMBOLS
from ..model.images import ImageRef
from ..model.simulation import Simulation
from ..source.declare import ID, INVALID, declarations, describe
from ..source.fields import Reading, SectionPlace, Source, did_you_mean, read_section, read_values
from ..source.sheets import is_sheet, read_sheet, value_of
from ..source.yamlsrc import display_path, key_loc, load_yaml, loc_of
from .textrefs import resolve_references

__all__ = ["MAX_PLAYERS", "SHAPES", "SYMBOLS", "ensure_game", "load_game"]

# Sections are read in this order (a file's errors come before those of files read after it).
READ_ORDER = ("colours", "suits", "rules", "icons", "terrain", "actions", "decks", "boards", "area_cards", "tokens",
              "player_aids", "counts", "variants")
MAX_PACK_BYTES = 3_000_000  # the files a pack names, together
COMPONENTS = (("deck", "decks"), ("board", "boards"), ("area card", "area_cards"), ("token", "tokens"),
              ("player aid", "player_aids"))


def load_game(name: str | None = None, problems: Problems | None = None) -> Game:
    """Load a game by bundled name or folder path; raise ContentErrors listing every problem."""
    root = resolve_game(name)
    own = problems is None
    problems = problems or Problems()
    loader = _Loader(root, problems)
    start = len(problems.errors)
    try:
        game = loader.load()
    except ContentErrors as e:
        loader.in_file_order(e.errors, start)
        raise
    loader.in_file_order(problems.errors, start)
    if own:
        problems.raise_if_any()
    return game


class _Loader:
    def __init__(self, root: Path, problems: Problems):
        self.root = root.resolve()
        self.p = problems
        self.reading = Reading(problems, sources={}, open=self.data_file)
        self.files: list[str] = []  # in the order read
        self.pack_bytes = 0  # bytes of the files read so far (game.yaml is bounded by itself)
        self.palette: dict[str, str] = {}
        self.suits: dict[str, Any] = {}
        self.icons: dict[str, Any] = {}
        self.terrains: dict[str, Any] = {}
        self.actions: dict[str, Any] = {}
        self.broken: set[str] = set()  # sections that did not load: references to them are not checked
        self.bad_colours: set[str] = set()  # palette names already reported as bad
        self.palette_locs: dict[str, Loc | None] = {}  # where each palette colour is defined
        self.marked: list[Provisional] = []  # every value marked provisional, in content order
        self.players_now: tuple[int, ...] = ()  # the player count of the variant being linked (empty: the game)

    def in_file_order(self, errors: list[ContentError], start: int) -> None:
        """Sort the errors this load recorded by file (in the order read), line and column."""
        stopped = errors and errors[-1].message.startswith("too many errors")
        end = len(errors) - 1 if stopped else len(errors)  # 'too many errors' stays last
        rank = {f: i for i, f in enumerate(self.files)}
        errors[start:end] = sorted(errors[start:end], key=lambda e: (rank.get(e.loc.file, len(rank)), e.loc.line,
                                                                     e.loc.col))

    # -- files -------------------------------------------------------------------------------------------
    def read_file(self, path: Path) -> Any:
        """A YAML file's (or a spreadsheet's) located data (ContentError if it cannot be read)."""
        name = display_path(path)
        if name not in self.files:
            self.files.append(name)
        return read_sheet(path, name) if is_sheet(path) else load_yaml(path, self.p)

    def data_file(self, ref: str, loc: Loc | None) -> Any:
        """The located data of a file a field names (a deck's cards: CSV, XLSX or YAML); None after an error."""
        if not ref.lower().endswith((".csv", ".xlsx", ".yaml", ".yml")):
            self.p.error(loc, f"file reference '{ref}' must name a CSV, XLSX or YAML file (ending .csv, .xlsx, "
                         ".yaml or .yml)")
            return None
        return self.include(ref, loc)

    def include(self, ref: str, loc: Loc | None, section: str = "") -> Any:
        """The data of a file named by a section (relative to the pack); None after an error."""
        self.broken.add(section)  # until the file has loaded
        try:
            target = pack_path(self.root, ref)
        except PathRefused as e:
            self.p.error(loc, str(e))
            return None
        if not target.is_file():
            self.p.error(loc, f"file reference '{ref}': no such file in {display_path(self.root)}")
            return None
        self.pack_bytes += target.stat().st_size
        if self.pack_bytes > MAX_PACK_BYTES:  # (each file is bounded by itself: this bounds them together)
            self.p.error(loc, f"file reference '{ref}' brings the files the pack reads to "
                         f"{-(-self.pack_bytes // 1000)} kB; the limit for a whole pack is {MAX_PACK_BYTES // 1000} kB")
            return None
        try:
            doc = self.read_file(target)
        except ContentError as e:
            self.p.error(e.loc, e.message)
            return None
        if doc is None:  # one error at the file, none at each thing that would have used it
            self.p.error(Loc(display_path(target), 1, 1), f"the file is empty (named at {loc})")
            return None
        self.broken.discard(section)
        return doc

    def at(self, obj: Any, key: str | None = None) -> Loc | None:
        """Where a record's field was written (the record itself when absent)."""
        src = self.source(obj).mapping
        return loc_of(src, key) if key is not None and key in src else getattr(obj, "loc", None)

    def source(self, obj: Any) -> Source:
        """The mapping a record was read from and its name in messages."""
        return self.reading.sources.get(id(obj)) or Source({}, type(obj).__name__.lower())

    def err(self, obj: Any, key: str | None, message: str) -> None:
        """An error about a record (at one of its fields), named as the reader named it."""
        self.p.error(self.at(obj, key), f"{self.source(obj).what}: {message}")

    # -- pass 1: reading -----------------------------------------------------------------------------------
    def read_part(self, cls: type, doc: Any, what: str, loc: Loc, key: str | None = None,
                  label: str = "") -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
        """A game's or variant's own fields, each of its sections (inline or from the file it names) as read,
        and each section's located data."""
        sections = [d for d in declarations(cls) if d.spec.section]
        values, _ = read_values(cls, doc, what, self.reading, loc, key, skip={d.attr for d in sections})
        m = doc if isinstance(doc, dict) else {}
        by_key = {d.key: d for d in sections}
        got: dict[str, Any] = {}
        raws: dict[str, Any] = {}
        for name in READ_ORDER:
            d = by_key.get(name)
            if d is None:
                continue
            raw = raws[name] = m.get(name)
            if isinstance(raw, str):
                raw = raws[name] = self.include(raw, loc_of(m, name), label + name)
            if raw is None or name == "variants":
                got[name] = raw
                continue
            value = read_section(d.kind, raw, name, self.reading, loc_of(m, name))
            if value is INVALID:
                self.broken.add(label + name)
                value = d.kind.empty
            got[name] = (value,) if isinstance(value, Board) else value
        return values, got, raws

    # -- the game ------------------------------------------------------------------------------------------
    def load(self) -> Game:
        path = self.root / "game.yaml"
        try:
            doc = self.read_file(path)
        except ContentError as e:
            self.p.error(e.loc, e.message)
            raise ContentErrors(list(self.p.errors)) from None
        here = loc_of(doc) or Loc(display_path(path), 1, 1)
        values, raw, data = self.read_part(Game, doc, "game", here)
        m = doc if isinstance(doc, dict) else {}
        gid = values["id"] or self.root.name
        engine = values["engine"]  # `check` reports a name that no engine or game checks answer to
        players_known = self.read_cleanly(m, "players")

        # -- pass 2: linking references --------------------------------------------------------------------
        self.palette = self.link_palette(raw["colours"], m.get("colours"))
        self.suits = {s.id: self.keep(s, replace(self.link_colours(s, "colour", default="#000000"),
                                                 colour_loc=self.colour_loc(s, "colour"))) for s in raw["suits"] or ()}
        rules = self.rules(raw["rules"], loc_of(m, "rules") or here)
        self.icons = {i.id: self.link_icon(i) for i in raw["icons"] or ()}
        self.terrains = {t.id: self.link_terrain(t) for t in raw["terrain"] or ()}
        self.actions = {a.id: self.link_action(a) for a in raw["actions"] or ()}
        parts = self.link_components(raw, "")
        self.link_marks(values["provisional"], m.get("provisional"), {"players": values["players"]}, rules)
        palette, icons = dict(self.palette), dict(self.icons)
        variants = self.load_variants(raw["variants"], m, parts, values["players"] if players_known else None)
        self.palette, self.icons = palette, icons
        counts, count_locs = self.counts(raw["counts"], data["counts"])
        game = Game(
            id=gid, title=values["title"] or gid or "", version=values["version"], players=values["players"],
            root=self.root, engine=engine, engine_loc=loc_of(m, "engine") if engine else None,
            suits=tuple(self.suits.values()), colours=tuple(self.palette.items()), rules=rules,
            actions=tuple(self.actions.values()), decks=parts["decks"], boards=parts["boards"],
            area_cards=parts["area_cards"], tokens=parts["tokens"], player_aids=parts["player_aids"],
            declared=counts, declared_locs=count_locs, loc=here, icons=tuple(self.icons.values()),
            terrains=tuple(self.terrains.values()), variants=tuple(variants), fonts=self.fonts(values["fonts"]),
            credits=values["credits"], licence=values["licence"].strip(), also_needed=values["also_needed"],
            sim=values["sim"] or Simulation(), provisional=tuple(self.marked))
        return resolve_references(game, self.p, self.at)  # text that names values of the data prints them

    def read_cleanly(self, m: Any, key: str) -> bool:
        """Whether a field read without an error (the game's player counts: else variants' are not checked)."""
        loc = loc_of(m, key)
        return key not in m or not any(e.loc == loc for e in self.p.errors)

    def link_components(self, raw: dict[str, Any], label: str, base: dict[str, tuple] | None = None
                        ) -> dict[str, tuple]:
        """The decks, boards, area cards, tokens and player aids of a game or variant, references linked."""
        return {
            "decks": self.link_decks(raw.get("decks") or (), label, (base or {}).get("decks", ())),
            "boards": self.link_boards(raw.get("boards") or ()),
            "area_cards": self.link_area_cards(raw.get("area_cards") or ()),
            "tokens": self.link_tokens(raw.get("tokens") or ()),
            "player_aids": self.link_aids(raw.get("player_aids") or ()),
        }

    # -- values marked provisional --------------------------------------------------------------------------
    def mark(self, obj: Any, what: str) -> None:
        """Record an item's `provisional: "why"` (if it has one) for the cover and `check`."""
        if obj.provisional:
            self.marked.append(Provisional(what, obj.provisional, self.at(obj, "provisional"), self.players_now))

    def link_marks(self, pairs: tuple, raw: Any, fields: dict[str, Any], rules: Rules) -> None:
        """The `provisional:` mapping of a game or variant: its own fields (players) and rules parameters
        (rules.NAME), each with why it is not final."""
        names = list(fields) + [f"rules.{k}" for k, _ in rules.values]
        for key, why in pairs:
            if key.startswith("rules.") and key[6:] in rules:
                shown = f"rules {key[6:]}: {_shown(rules[key[6:]])}"
            elif key in fields:
                shown = f"{key}: {_shown(fields[key])}"
            else:
                if "rules" not in self.broken:
                    self.p.error(key_loc(raw, key), f"provisional: unknown field '{key}' (expected one of: "
                                 f"{', '.join(names)})" + did_you_mean(key, names))
                continue
            self.marked.append(Provisional(shown, why, loc_of(raw, key), self.players_now))

    # -- references ----------------------------------------------------------------------------------------
    def link_palette(self, pairs: Any, raw: Any) -> dict[str, str]:
        """The palette; names whose colour was bad are remembered, so their uses are not reported again."""
        out = dict(pairs or ())
        if isinstance(raw, dict):
            self.bad_colours |= {str(k) for k in raw if str(k) not in out}
            self.palette_locs.update({str(k): loc_of(raw, k) for k in raw if str(k) in out})
        return out

    def colour_loc(self, obj: Any, key: str) -> Loc | None:
        """Where the colour a field names is defined: its palette entry or suit, else the field itself."""
        v = self.source(obj).mapping.get(key)
        if isinstance(v, str) and v in self.palette_locs:
            return self.palette_locs[v]
        if isinstance(v, str) and v in self.suits:
            return self.suits[v].colour_loc
        return self.at(obj, key)

    def fonts(self, fonts: Any) -> tuple[FontFile, ...]:
        """The pack's own font files, inside the pack (`check` reads them: draw/fonts.py)."""
        if fonts is None or fonts == ():
            return ()
        out = []
        for style, ref in ((k, getattr(fonts, k, None)) for k in self.source(fonts).mapping):
            if ref is None:
                continue
            try:
                target = pack_path(self.root, ref)
            except PathRefused as e:
                self.err(fonts, style, str(e))
                continue
            if not target.is_file():
                self.err(fonts, style, f"'{style}': no such file '{ref}' in {display_path(self.root)}")
            else:
                out.append(FontFile(style, target, self.at(fonts, style)))
        return tuple(out)

    def image(self, obj: Any, key: str, ref: Any) -> ImageRef | None:
        """The image file a field names, inside the pack; None after an error (a path that is absolute or leaves
        the pack, symbolic links followed; no such file)."""
        if ref is None or isinstance(ref, ImageRef):
            return ref
        if PurePosixPath(ref).is_absolute() or PureWindowsPath(ref).is_absolute() or PureWindowsPath(ref).drive:
            self.err(obj, key, f"image '{ref}' must be a path relative to the pack folder")
            return None
        try:
            target = pack_path(self.root, ref)
        except PathRefused as e:
            self.err(obj, key, str(e))
            return None
        if not target.is_file():
            self.err(obj, key, f"image '{ref}': no such file in {display_path(self.root)}")
            return None
        return ImageRef(ref, target, self.at(obj, key))

    def colour(self, obj: Any, key: str, value: str | None) -> str | None:
        """A colour as the model holds it (#rrggbb), or None after an error for an unknown name."""
        if value is None or value.startswith("#") or value in self.palette:
            return self.palette.get(value, value) if value is not None else None
        if value in self.suits:
            return value
        if value not in self.bad_colours and not self.broken & {"colours", "suits"}:
            names = list(self.palette) + list(self.suits)
            self.err(obj, key, f"unknown colour '{value}' (expected #rrggbb or one of: {', '.join(names)})"
                     + did_you_mean(value, names))
        return None

    def link_colours(self, obj: Any, *keys: str, default: str | None = None) -> Any:
        """A record with its colour fields resolved (an unknown name falls back to `default`)."""
        changes = {}
        for attr in keys:
            key = next(d.key for d in declarations(type(obj)) if d.attr == attr)
            got = self.colour(obj, key, getattr(obj, attr))
            if got != getattr(obj, attr):
                changes[attr] = got if got is not None else (default if default is not None else
                                                             _model_default(obj, attr))
        return self.keep(obj, replace(obj, **changes)) if changes else obj

    def keep(self, old: Any, new: Any) -> Any:
        """A record replaced by a linked copy keeps its source."""
        if self.reading.sources is not None and id(old) in self.reading.sources:
            self.reading.sources[id(new)] = replace(self.reading.sources[id(old)], record=new)
        return new

    def template(self, obj: Any, key: str, name: str | None) -> str | None:
        """A template name that a file in the pack's templates/ or pnpgen's names, else None after an error."""
        if name is None:
            return None
        try:
            if template_path(self.root, name) is not None:
                return name
        except PathRefused as e:
            self.err(obj, key, f"template '{name}': {e}")
            return None
        known = sorted({p.stem for d in (self.root / "templates", TEMPLATES_DIR) if d.is_dir()
                        for p in d.glob("*.yaml")})
        self.err(obj, key, f"unknown template '{name}' (expected one of: {', '.join(known)})"
                 + did_you_mean(name, known))
        return None

    def suit(self, obj: Any, key: str, name: str | None) -> str | None:
        """A suit name the game declares, else None (after an error unless the suits did not load)."""
        if name is None or name in self.suits:
            return name
        if "suits" not in self.broken:
            self.err(obj, key, f"unknown suit '{name}' (expected one of: {', '.join(self.suits) or 'none declared'})"
                     + did_you_mean(name, self.suits))
        return None

    def unique(self, items: tuple, what: str, seen: dict | None = None, within: str = "") -> None:
        """Report ids that repeat, naming each item by its number ("token #5: duplicate id 'x'")."""
        seen = {} if seen is None else seen
        for i, x in enumerate(items, start=1):
            if not x.id:
                continue
            if x.id in seen:
                self.p.error(self.at(x, "id"), f"{within}{what} #{i}: duplicate id '{x.id}' (first defined at "
                             f"{seen[x.id]})")
            else:
                seen[x.id] = self.at(x, "id")

    def rules(self, mapping: Any, loc: Loc | None) -> Rules:
        """The rules parameters as content wrote them (the engine's declarations check them)."""
        if not isinstance(mapping, dict):
            return Rules(where=loc)
        return Rules(tuple((str(k), v) for k, v in mapping.items()),
                     tuple((str(k), loc_of(mapping, k)) for k in mapping), loc_of(mapping) or loc,
                     tuple((str(k), key_loc(mapping, k)) for k in mapping))

    def link_icon(self, icon: Any) -> Any:
        m = self.source(icon).mapping
        given = [k for k in ("symbol", "path", "file") if k in m]
        if not given:
            self.err(icon, None, "an icon needs a 'symbol', a 'path' or a 'file'")
        elif len(given) > 1:
            self.err(icon, given[1], f"an icon has one of 'symbol', 'path' or 'file', not both '{given[0]}' and "
                     f"'{given[1]}'")
        if icon.file is not None:
            icon = self.keep(icon, replace(icon, file=self.image(icon, "file", icon.file)))
        return self.link_colours(icon, "colour", default="#222222")

    def link_terrain(self, terrain: Any) -> Any:
        if terrain.id in self.suits:
            self.p.error(terrain.loc, f"terrain: id '{terrain.id}' is also a suit; board cells could not tell them "
                         "apart")
        if terrain.image is not None:
            terrain = self.keep(terrain, replace(terrain, image=self.image(terrain, "image", terrain.image)))
        return self.link_colours(terrain, "colour")

    def link_action(self, action: Any) -> Any:
        m = self.source(action).mapping
        if action.kind == "sail" and not all(m.get(k) for k in ("headings", "steps")):
            self.err(action, None, "a sail action needs 'headings' and 'steps'")
        if action.kind == "fire" and not all(k in m for k in ("range", "damage")):  # (bad values: said already)
            self.err(action, None, "a fire action needs 'range' and 'damage'")
        self.mark(action, f"{action.name} (action)")
        return self.keep(action, replace(action, plan_loc=self.at(action, "plan"))) if "plan" in m else action

    # -- decks and cards -----------------------------------------------------------------------------------
    def link_decks(self, decks: tuple[Deck, ...], label: str, others: tuple[Deck, ...]) -> tuple[Deck, ...]:
        self.unique(decks, "deck")
        out: list[Deck] = []
        seen_cards: dict[str, Loc | None] = {}
        for deck in decks:
            m = self.source(deck).mapping
            back = self.link_colours(deck.back, "colour", default=DEFAULT_BACK)
            back = replace(back, template=self.template(back, "template", back.template),
                           image=self.image(back, "image", back.image))
            deck = self.keep(deck, replace(deck, back=back, card_template=self.template(deck, "template",
                                                                                         deck.card_template),
                                           mark=deck.mark.strip()))
            self.mark(deck, f"{deck.name} (deck)")
            if deck.copy_of is not None:
                copied = self.copied_deck(deck, (*others, *out), label)
                src = next((d for d in (*others, *out) if d.id == deck.copy_of), None)
                if copied.provisional and not deck.provisional and src is not None:  # as provisional as its source
                    self.marked.append(Provisional(f"{deck.name} (deck)", copied.provisional,
                                                   self.at(src, "provisional"), self.players_now))
                out.append(copied)
                continue
            if "cards" not in m:
                self.err(deck, None, "missing required field 'cards'")
            cards = [self.link_card(c, deck, seen_cards) for c in deck.cards]
            out.append(self.keep(deck, self.deck_extras(deck, cards)))
        return tuple(out)

    def copied_deck(self, deck: Deck, known: tuple[Deck, ...], label: str) -> Deck:
        """A deck that repeats another deck's cards (same card ids) under its own name and back."""
        m = self.source(deck).mapping
        source = deck.copy_of
        for key in ("cards", "suits", "fields"):
            if key in m:
                self.err(deck, key, f"a deck with 'cards_from' takes its {key} from deck '{source}'; drop '{key}'")
        src = next((d for d in known if d.id == source), None)
        if src is None:
            if label + "decks" not in self.broken and "decks" not in self.broken:
                ids = [d.id for d in known if d.id]  # (a deck whose id was in error has none)
                self.err(deck, "cards_from", f"unknown deck '{source}' (expected one of: {', '.join(ids) or 'none'})"
                         + did_you_mean(source, ids))
            return replace(deck, cards=())
        # the same cards, laid out by the same template (unless it names its own), as final as they are
        return replace(deck, cards=tuple(replace(c, deck=deck.id) for c in src.cards), suits=src.suits,
                       field_specs=src.field_specs, copy_of=src.copy_of or src.id,
                       card_template=deck.card_template if "template" in m else src.card_template,
                       provisional=deck.provisional or src.provisional)

    def link_card(self, card: Any, deck: Deck, seen: dict[str, Loc | None]) -> Any:
        m = self.source(card).mapping
        if card.id:
            where = next((k for k in ("id", "action", "suit") if k in m), "id")
            if card.id in seen:
                how = "" if where == "id" else "made from its suit and action; "
                self.err(card, where, f"duplicate id '{card.id}' ({how}first defined at {seen[card.id]})")
            else:
                seen[card.id] = self.at(card, where)
        suit = self.suit(card, "suit", card.suit)
        action = None
        if card.action is not None:
            action = self.actions.get(card.action)
            if action is None and "actions" not in self.broken:
                self.err(card, "action", f"unknown action '{card.action}' (expected one of: "
                         f"{', '.join(self.actions)})" + did_you_mean(card.action, self.actions))
        name = card.name or (action.name if action else str(card.id).replace("-", " ").title())
        fields = card.fields if isinstance(card.fields, tuple) else tuple(
            (str(k), value_of(v, False)) for k, v in card.fields.items())
        self.mark(card, f"{name} (card)")
        return self.keep(card, replace(card, deck=deck.id, suit=suit, action=action, name=name, fields=fields,
                                       template=self.template(card, "template", card.template),
                                       image=self.image(card, "image", card.image)))

    def deck_extras(self, deck: Deck, cards: list) -> Deck:
        """A deck's own suits and card field declarations, and its cards checked against them."""
        suits: list[str] = []
        m = self.source(deck).mapping
        for k, s in enumerate(deck.suits):
            if s in self.suits:
                suits.append(s)
            elif "suits" not in self.broken:
                self.p.error(loc_of(m.get("suits"), k) or deck.loc, f"{self.source(deck).what}: unknown suit "
                             f"'{s}' (expected one of: {', '.join(self.suits)})" + did_you_mean(s, self.suits))
        specs = deck.field_specs
        for s in specs:
            self.check_field_spec(s)
        for s in [s for s in specs if s.index][1:]:
            self.err(s, "index", f"a deck has one index field at most: '{s.id}' and "
                     f"'{next(x.id for x in specs if x.index)}' are both marked 'index: true'")
        for j, c in enumerate(cards):
            if suits and c.suit is not None and c.suit not in suits:
                self.err(c, "suit", f"suit '{c.suit}' is not a suit of deck '{deck.id}' (expected one of: "
                         f"{', '.join(suits)})")
            if specs:
                cards[j] = self.keep(c, replace(c, fields=self.card_fields(c, specs)))
        return replace(deck, cards=tuple(cards), suits=tuple(suits))

    def check_field_spec(self, s: Any) -> None:
        m = self.source(s).mapping
        if s.kind == "choice" and not s.choices:
            self.err(s, "kind", "a 'choice' field needs a list of 'choices'")
        if "choices" in m and s.kind != "choice":
            self.err(s, "choices", f"'choices' belong to a field of kind 'choice', not '{s.kind}'")
        if (s.min is not None or s.max is not None) and s.kind not in ("int", "icon-counts"):
            self.err(s, "min" if s.min is not None else "max", f"'min' and 'max' belong to a field of kind 'int' "
                     f"or 'icon-counts', not '{s.kind}'")
        if s.index and s.kind != "int":
            self.err(s, "index", f"an index field is a number (kind 'int'), not '{s.kind}'")

    def card_fields(self, card: Any, specs: tuple) -> tuple[tuple[str, Any], ...]:
        """A card's fields checked against the deck's declarations; icon counts as ((icon, n), ...)."""
        what = f"card '{card.id}'"
        fv = self.source(card).mapping.get("fields")
        values = dict(card.fields)
        by_id = {s.id: s for s in specs}
        for k in values:
            if k not in by_id:
                self.p.error(key_loc(fv, k), f"{what}: unknown field '{k}'" + did_you_mean(k, by_id)
                             + f" (the deck declares: {', '.join(by_id)})")
        out = []
        for s in specs:
            if s.id not in values:
                if s.required:
                    self.p.error(loc_of(fv) or card.loc, f"{what}: missing field '{s.id}' ({s.label})")
                continue
            ok = self.field_value(s, values[s.id], loc_of(fv, s.id), what)
            if ok is not None:
                out.append((s.id, ok))
        return tuple(out)

    def field_value(self, s: Any, v: Any, loc: Loc | None, what: str) -> Any:
        """One card field value of a declared kind, or None after recording an error."""
        v = value_of(v, s.kind in ("text", "choice", "suit", "icon"))  # (a spreadsheet cell, typed for the kind)

        def bad(expected: str) -> None:
            self.p.error(loc, f"{what}: field '{s.id}' must be {expected}, got {describe(v)}")

        def in_range(n: Any) -> bool:
            return (isinstance(n, int) and not isinstance(n, bool)
                    and (s.min is None or n >= s.min) and (s.max is None or n <= s.max))

        rng = ("a whole number" + (f" from {s.min}" if s.min is not None else "")
               + (f" to {s.max}" if s.max is not None else ""))
        if s.kind == "int":
            return v if in_range(v) else bad(rng)
        if s.kind == "bool":
            return v if isinstance(v, bool) else bad("true or false")
        if s.kind == "text":
            return str(v) if isinstance(v, (str, int, float)) and not isinstance(v, bool) else bad("text")
        if s.kind in ("manoeuvre", "shots"):
            return self.grid_field(s, v, loc, what)
        options = {"choice": list(s.choices), "suit": list(self.suits),
                   "icon": list(self.icons) if self.icons else None, "icon-counts": None}[s.kind]
        if s.kind == "icon-counts":
            if not isinstance(v, dict):
                return bad("a mapping of icon to " + rng)
            out = []
            for k, n in v.items():
                if self.icons and k not in self.icons:
                    self.p.error(key_loc(v, k), f"{what}: field '{s.id}': unknown icon {describe(k)} (expected one "
                                 f"of: {', '.join(self.icons)})" + did_you_mean(k, self.icons))
                elif not in_range(n):
                    self.p.error(loc_of(v, k), f"{what}: field '{s.id}': '{k}' must be {rng}, got {describe(n)}")
                else:
                    out.append((str(k), n))
            return tuple(out)
        if not isinstance(v, str):
            return bad(f"a {s.kind} name")
        if options is not None and v not in options:
            self.p.error(loc, f"{what}: field '{s.id}': unknown {s.kind} '{v}' (expected one of: "
                         f"{', '.join(options)})" + did_you_mean(v, options))
            return None
        return v

    def grid_field(self, s: Any, v: Any, loc: Loc | None, what: str) -> Any:
        """A manoeuvre or shots field (pnpgen.maths.gridmove), or None after recording an error."""
        got, problem = gridmove.read_manoeuvre(v) if s.kind == "manoeuvre" else gridmove.read_shots(v)
        if got is None:
            self.p.error(loc, f"{what}: field '{s.id}' must be {problem}, got {describe(v)}")
            return None
        if s.kind == "manoeuvre" and isinstance(v, dict) and "cost" in v:
            cost = self.field_value(FieldSpec(f"{s.id}.cost", "cost", "icon-counts", 0, 99), v["cost"],
                                    loc_of(v, "cost"), what)
            got = replace(got, cost=cost or ())
        return got

    # -- boards --------------------------------------------------------------------------------------------
    def link_boards(self, boards: tuple[Board, ...]) -> tuple[Board, ...]:
        self.unique(boards, "board")
        for b in boards:
            self.mark(b, f"{b.name} (board)")
        return tuple(self.link_board(b) for b in boards)

    def link_board(self, b: Board) -> Board:
        m = self.source(b).mapping
        grid, square = b.grid, b.grid == "square"
        if grid == "hex" and "hexes" not in m:
            self.err(b, None, "missing required field 'hexes'")
        if grid != "hex" and "hexes" in m:
            self.err(b, "hexes", f"a board with grid: {grid} lists no 'hexes'")
        if square:
            for key in ("width", "height"):
                if key not in m:
                    self.err(b, None, f"missing required field '{key}'")
                elif getattr(b, key) == 0 and m[key] == 0:
                    self.err(b, key, f"field '{key}' must be from 1 to 100, got 0")
        else:
            for key in ("cells", "cell_size_mm", "wrap") + (("height", "width") if grid == "hex" else ()):
                if key in m:
                    self.err(b, key, f"field '{key}' belongs to a square grid (this board has grid: {grid})")
        hexes = self.link_hexes(b, m.get("hexes")) if grid == "hex" else ()
        cells = {h.qr for h in hexes}
        squares = self.link_squares(b) if square and b.width and b.height else ()
        spaces = {q.xy for q in squares} if square else cells
        starts = []
        for sid, at in b.starts:
            if grid not in ("hex", "square"):
                self.err(b, "starts", f"field 'starts' belongs to a board of hexes or squares (this board has "
                                      f"grid: {grid})")
                break
            if at not in spaces:
                self.p.error(loc_of(m.get("starts"), sid), f"{self.source(b).what}: start of '{sid}' {list(at)} is "
                             f"not a {'hex' if grid == 'hex' else 'square'} of the board")
            else:
                starts.append((sid, at))
        locations = self.link_locations(b, {c.xy for c in squares} if square else cells if grid == "hex" else None)
        return replace(b, hexes=hexes, starts=tuple(starts), squares=squares, locations=locations,
                       wrap=b.wrap and square, image=self.image(b, "image", b.image),
                       art=self.link_art(b, {c.xy for c in squares} if square else cells))

    def link_art(self, b: Board, spaces: set) -> tuple:
        """A board's pictures on single spaces: each on a hex or square of the board, its file in the pack."""
        if b.art and b.grid == "none":
            self.err(b, "art", "a board with grid: none has no spaces for 'art' (give its locations an 'image')")
            return ()
        out = []
        for a in b.art:
            if a.at is None or a.image is None:
                continue  # (reported as read)
            if a.at not in spaces:
                self.err(a, "at", f"{list(a.at)} is not a {'square' if b.grid == 'square' else 'hex'} of the board")
                continue
            image = self.image(a, "image", a.image)
            if image is not None:
                out.append(replace(a, image=image))
        return tuple(out)

    def link_hexes(self, b: Board, raw: Any) -> tuple:
        what = self.source(b).what
        items = {loc_of(raw, j): hv for j, hv in enumerate(raw or [])}
        hexes, seen = [], {}
        for h in b.hexes:
            if h.suit is not None and h.suit not in self.suits and "suits" not in self.broken:
                self.p.error(loc_of(items.get(h.loc), 2) or h.loc, f"{what}: hex {[h.q, h.r]}: unknown suit "
                             f"'{h.suit}' (expected one of: {', '.join(self.suits)})"
                             + did_you_mean(h.suit, self.suits))
                continue
            if h.qr in seen:
                first = seen[h.qr]
                self.p.error(h.loc, f"{what}: hex {[h.q, h.r]} listed twice (first at line {first.line}, column "
                             f"{first.col})")
                continue
            seen[h.qr] = h.loc
            hexes.append(h)
        return tuple(hexes)

    def link_squares(self, b: Board) -> tuple[Cell, ...]:
        """Every square of a width x height board; listed cells [x, y, suit/terrain, direction] override."""
        what = self.source(b).what
        width, height = b.width, b.height
        raw = self.source(b).mapping.get("cells")
        items = {loc_of(raw, j): cv for j, cv in enumerate(raw or [])}
        kinds = list(self.suits) + list(self.terrains)
        listed: dict[tuple[int, int], Cell] = {}
        for c in b.squares:
            x, y, kind = c.x, c.y, c.suit
            cv = items.get(c.loc)
            if not (0 <= x < width and 0 <= y < height):
                self.p.error(c.loc, f"{what}: cell [{x}, {y}] is off the board (x from 0 to {width - 1}, "
                             f"y from 0 to {height - 1})")
                continue
            if (x, y) in listed:
                self.p.error(c.loc, f"{what}: cell [{x}, {y}] listed twice (first at line {listed[(x, y)].loc.line})")
                continue
            suit = terrain = None
            if kind in self.suits:
                suit = kind
            elif kind in self.terrains:
                terrain = kind
            else:
                if not self.broken & {"suits", "terrain"}:
                    self.p.error(loc_of(cv, 2) or c.loc, f"{what}: cell [{x}, {y}]: unknown suit or terrain "
                                 f"{describe(kind)} (expected one of: {', '.join(kinds) or 'none declared'})"
                                 + did_you_mean(kind, kinds))
                continue
            takes = self.terrains[terrain].direction if terrain else "none"
            allowed = HEADINGS if takes == "heading" else TURNS if takes == "turn" else ()
            direction = c.direction
            if direction is not None:
                if not allowed:
                    self.p.error(loc_of(cv, 3) or c.loc, f"{what}: cell [{x}, {y}]: {kind} takes no direction, "
                                 f"got {describe(direction)}")
                    continue
                if direction not in allowed:
                    self.p.error(loc_of(cv, 3) or c.loc, f"{what}: cell [{x}, {y}]: {kind} needs a {takes} "
                                 f"({', '.join(allowed)}), got {describe(direction)}"
                                 + did_you_mean(direction, allowed))
                    continue
            elif allowed:
                self.p.error(c.loc, f"{what}: cell [{x}, {y}]: {kind} needs a {takes} as a fourth item "
                             f"({', '.join(allowed)})")
                continue
            listed[(x, y)] = Cell(x, y, suit, terrain, direction, c.loc)
        return tuple(listed.get((x, y)) or Cell(x, y, loc=b.loc) for y in range(height) for x in range(width))

    def link_locations(self, b: Board, on_board: set | None) -> tuple:
        what = self.source(b).what
        self.unique(b.locations, "location", within=f"{what} ")
        out = []
        for lo in b.locations:
            at = lo.at
            if at is not None:
                if b.grid == "square" and on_board is not None and at not in on_board:
                    self.err(lo, "at", f"{list(at)} is not a square of the board")
                    at = None
                elif b.grid == "hex" and at not in (on_board or ()):
                    self.p.error(lo.loc, f"{self.source(lo).what}: {list(at)} is not a hex of the board")
                elif b.grid == "none" and (min(at) < 0 or b.width and at[0] >= b.width):
                    self.err(lo, "at", f"layout place {list(at)} must be [column, row] with columns from 0 to "
                             f"{max(b.width - 1, 0)}")
                    at = None
            if lo.image is not None and b.grid != "none":
                self.err(lo, "image", f"a location's picture prints in its box on a board of locations only (this "
                         f"board has grid: {b.grid}; give the board 'art' on the space)")
            if lo.id:
                out.append(replace(self.link_colours(lo, "colour"), at=at, image=self.image(lo, "image", lo.image)))
        return tuple(out)

    # -- other components ----------------------------------------------------------------------------------
    def link_area_cards(self, cards: tuple) -> tuple:
        self.unique(cards, "area card")
        out = []
        for c in cards:
            self.unique(c.areas, "area", within=f"{self.source(c).what} ")
            c = self.link_colours(c, "colour")
            self.mark(c, f"{c.name} (card)")
            out.append(replace(c, template=self.template(c, "template", c.template),
                               image=self.image(c, "image", c.image)))
        return tuple(out)

    def link_tokens(self, tokens: tuple) -> tuple:
        self.unique(tokens, "token")
        out = []
        for t in tokens:
            m = self.source(t).mapping
            if t.shape == "custom" and t.path is None and "path" not in m:
                self.err(t, "shape", "shape 'custom' needs a 'path' (SVG path data in a 100 x 100 box)")
            elif t.path is not None and t.shape != "custom":
                self.err(t, "path", f"field 'path' is the outline of shape 'custom' (this token has shape "
                         f"'{t.shape}')")
            suit = self.suit(t, "suit", t.suit)
            t = self.link_colours(t, "colour", "back_colour", default="#ffffff")
            self.mark(t, f"{t.name} (token)")
            out.append(replace(t, suit=suit, template=self.template(t, "template", t.template),
                               colour_loc=self.colour_loc(t, "colour"), image=self.image(t, "image", t.image),
                               back_image=self.image(t, "back_image", t.back_image)))
        return tuple(out)

    def link_aids(self, aids: tuple) -> tuple:
        self.unique(aids, "player aid")
        for a in aids:
            if a.per_player and "count" in self.source(a).mapping:
                self.err(a, "count", "an aid prints 'count' copies or one 'per_player', not both")
            self.mark(a, f"{a.title} (player aid)")
        return tuple(replace(a, template=self.template(a, "template", a.template),
                             sections=tuple(replace(s, image=self.image(s, "image", s.image)) if s.image else s
                                            for s in a.sections)) for a in aids)

    def counts(self, pairs: Any, raw: Any) -> tuple[tuple, tuple]:
        """Declared totals in the order written, and where each was written (`check` knows which names count)."""
        return tuple(pairs or ()), tuple((k, loc_of(raw, k)) for k, _ in pairs or ())

    # -- variants: other ways to play the game -------------------------------------------------------------
    def load_variants(self, value: Any, m: Any, base: dict[str, tuple], players: tuple[int, ...] | None
                      ) -> list[Variant]:
        """Each variant (inline, or a file named relative to the pack) with its rules and added components."""
        out: list[Variant] = []
        if value is None:
            return out
        if not isinstance(value, dict):
            self.p.error(loc_of(value) or loc_of(m, "variants"), f"variants: expected a mapping, got "
                         f"{describe(value)}")
            return out
        by_players: dict[int, str] = {}
        for vid, v in value.items():
            vid = str(vid)
            if ID.read(vid, SectionPlace(self.reading, "variants", vid, key_loc(value, vid))) is INVALID:
                continue
            if isinstance(v, str):
                v = self.include(v, loc_of(value, vid), f"variant {vid}")
                if v is None:
                    continue
            got = self.load_variant(vid, v, loc_of(value, vid), base, players)
            if got is None:
                continue
            if got.players in by_players:
                self.p.error(got.loc, f"variant '{vid}': variant '{by_players[got.players]}' is played by "
                             f"{got.players} players already")
            by_players.setdefault(got.players, vid)
            out.append(got)
        return out

    def load_variant(self, vid: str, v: Any, loc: Loc | None, base: dict[str, tuple],
                     players: tuple[int, ...] | None) -> Variant | None:
        what = f"variant '{vid}'"
        if not isinstance(v, dict):
            self.p.error(loc_of(v) or loc, f"{what}: expected a mapping, got {describe(v)}")
            return None
        values, raw, data = self.read_part(Variant, v, what, loc_of(v) or loc, key=vid, label=f"variant {vid} ")
        count = values["players"]
        if "players" in v and count and players is not None and count not in players:
            self.p.error(loc_of(v, "players"), f"{what}: {count} players: the game's 'players' "
                         f"({', '.join(map(str, players))}) must list every player count it is played with")
        colours = self.link_palette(raw["colours"], v.get("colours"))
        self.palette.update(colours)
        own_icons = {i.id: self.link_icon(i) for i in raw["icons"] or ()}
        self.icons.update(own_icons)
        rules = self.rules(raw["rules"], loc_of(v, "rules") or loc)
        self.players_now = (count,) if count else ()
        parts = self.link_components(raw, f"variant {vid} ", base)
        self.link_marks(values["provisional"], v.get("provisional"), {}, rules)
        self.players_now = ()
        for kind, key in COMPONENTS:
            first = {x.id: x.loc for x in base[key]}
            for x in parts[key]:
                if x.id in first:
                    self.p.error(x.loc, f"{what}: {kind} id '{x.id}' is the game's already (first defined at "
                                 f"{first[x.id]})")
        counts, count_locs = self.counts(raw["counts"], data["counts"])
        return Variant(vid, values["name"] or vid, count or 0, rules, tuple(colours.items()), parts["decks"],
                       parts["boards"], parts["area_cards"], parts["tokens"], parts["player_aids"],
                       tuple(own_icons.values()), counts, count_locs, loc_of(v) or loc, values["also_needed"],
                       values["provisional"])


def _shown(value: Any) -> str:
    """A value as the cover prints it: a list as '2, 3, 4'."""
    if isinstance(value, (list, tuple)):
        return ", ".join(str(v) for v in value)
    return str(value)


def _model_default(obj: Any, attr: str) -> Any:
    return type(obj).__dataclass_fields__[attr].default


def ensure_game(game_or_name: Game | str | None) -> Game:
    """A Game, loading it first when given a name or path."""
    if isinstance(game_or_name, Game):
        return game_or_name
    try:
        return load_game(game_or_name)
    except RecursionError:
        raise PnpgenError("content nests too deeply") from None
