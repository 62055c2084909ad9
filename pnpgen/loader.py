"""Loading a content folder into a validated Game, reporting every located error."""

from __future__ import annotations

import math
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

from . import gridmove
from .errors import ContentError, ContentErrors, Loc, PnpgenError, Problems
from .fields import Fields, as_list, describe, did_you_mean
from .model import Action, Area, AreaCard, Board, CardType, Deck, Game, Hex, PlayerAid, Rules, Section, Suit, Token
from .model.board import GRIDS, SQUARE_DIRECTIONS, TURNS, Cell, Location, Terrain
from .model.cards import FIELD_KINDS, FieldSpec
from .model.game import FontFile
from .model.icons import Icon
from .model.variant import Variant
from .paths import TEMPLATES_DIR, resolve_game
from .yamlsrc import LMap, display_path, key_loc, load_yaml, loc_of

SECTIONS = ("suits", "colours", "rules", "actions", "decks", "boards", "area_cards", "tokens",
            "player_aids", "counts", "icons", "terrain", "variants")
VARIANT_SECTIONS = ("colours", "icons", "rules", "decks", "boards", "area_cards", "tokens", "player_aids", "counts")
SYMBOLS = ("diamond", "circle", "triangle", "square", "star", "cross", "hexagon", "anchor", "spade")
FONT_STYLES = ("regular", "bold", "italic", "display")  # what a pack's `fonts:` may name
SHAPES = ("square", "circle", "hex", "rect", "octagon", "flag", "triangle", "diamond", "pennant", "custom")
TERRAIN_DIRECTIONS = ("none", "heading", "turn")
HEADINGS = tuple(d for d, _ in SQUARE_DIRECTIONS)
PATH_RE = re.compile(r"^[MmLlHhVvCcSsQqTtAaZz0-9eE.,+\- ]+$")
COLOUR_RE = re.compile(r"^#[0-9a-fA-F]{6}$")
ID_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]*$")


def load_game(name: str | None = None, problems: Problems | None = None) -> Game:
    """Load a game by bundled name or folder path; raise ContentErrors listing every problem."""
    root = resolve_game(name)
    own = problems is None
    problems = problems or Problems()
    game = _Loader(root, problems).load()
    if own:
        problems.raise_if_any()
    return game


class _Loader:
    def __init__(self, root: Path, problems: Problems):
        self.root = root.resolve()
        self.p = problems
        self.suits: dict[str, Suit] = {}
        self.palette: dict[str, str] = {}
        self.palette_locs: dict[str, Loc | None] = {}  # where each palette colour is defined
        self.icons: dict[str, Icon] = {}
        self.terrains: dict[str, Terrain] = {}
        self.broken: set[str] = set()  # sections that did not load: references to them are not checked
        self.bad_colours: set[str] = set()  # palette names already reported as bad

    # -- files and references -------------------------------------------------
    def section(self, doc: LMap, key: str) -> Any:
        """A top-level section, inline or loaded from the file it names."""
        v = doc.get(key)
        if isinstance(v, str):
            return self.include(v, loc_of(doc, key), key)
        return v

    def include(self, ref: str, loc: Loc | None, section: str = "") -> Any:
        self.broken.add(section)  # until the file has loaded
        target = (self.root / ref).resolve()
        if not target.is_relative_to(self.root):
            self.p.error(loc, f"file reference '{ref}' leaves the content folder")
            return None
        if not target.is_file():
            self.p.error(loc, f"file reference '{ref}': no such file in {display_path(self.root)}")
            return None
        try:
            doc = load_yaml(target, self.p)
        except ContentError as e:
            self.p.error(e.loc, e.message)
            return None
        self.broken.discard(section)
        return doc

    def template(self, f: Fields, key: str = "template") -> str | None:
        name = f.get(key, str, None)
        if name is None:
            return None
        if not ID_RE.match(name):
            f.err(key, f"template name '{name}' is not a plain name")
            return None
        for folder in (self.root / "templates", TEMPLATES_DIR):
            if (folder / f"{name}.yaml").is_file():
                return name
        known = sorted({p.stem for d in (self.root / "templates", TEMPLATES_DIR) if d.is_dir()
                        for p in d.glob("*.yaml")})
        f.err(key, f"unknown template '{name}' (expected one of: {', '.join(known)})" + did_you_mean(name, known))
        return None

    def colour(self, f: Fields, key: str, default: Any = None) -> str | None:
        v = f.get(key, str, default)
        if v is None or v == default:
            return v
        if COLOUR_RE.match(v) or v in self.palette or v in self.suits:
            return v
        if v.startswith("#"):
            f.err(key, f"colour '{v}' must be #rrggbb (six hex digits)")
            return None
        if v in self.bad_colours or self.broken & {"colours", "suits"}:
            return None
        names = list(self.palette) + list(self.suits)
        f.err(key, f"unknown colour '{v}' (expected #rrggbb or one of: {', '.join(names)})" + did_you_mean(v, names))
        return None

    def colour_loc(self, f: Fields, key: str) -> Loc | None:
        """Where the colour a field names is defined: its palette entry or suit, else the field itself."""
        v = f.m.get(key)
        if isinstance(v, str) and v in self.palette_locs:
            return self.palette_locs[v]
        if isinstance(v, str) and v in self.suits:
            return self.suits[v].colour_loc
        return f.at(key)

    def ident(self, f: Fields, key: str = "id", default: Any = ..., seen: dict | None = None) -> str | None:
        v = f.get(key, (str, int), *(() if default is ... else (default,)))
        if v is None:
            return None
        v = str(v)
        if not ID_RE.match(v):
            f.err(key, f"id '{v}' may hold only letters, digits, '-' and '_'")
            return None
        if seen is not None:
            if v in seen:
                first = seen[v]
                f.err(key, f"duplicate id '{v}' (first defined at {first})")
            else:
                seen[v] = f.at(key)
        return v

    def mapping_items(self, value: Any, what: str, loc: Loc | None):
        """(key, value, loc) of a mapping section; error if it is not one."""
        if value is None:
            return []
        if not isinstance(value, dict):
            self.p.error(loc_of(value) or loc, f"{what}: expected a mapping, got {describe(value)}")
            self.broken.add(what)
            return []
        return [(k, v, loc_of(value, k)) for k, v in value.items()]

    # -- the game ---------------------------------------------------------------
    def load(self) -> Game:
        path = self.root / "game.yaml"
        try:
            doc = load_yaml(path, self.p)
        except ContentError as e:
            self.p.error(e.loc, e.message)
            raise ContentErrors(list(self.p.errors)) from None
        f = Fields(doc, "game", self.p, Loc(display_path(path), 1, 1))
        gid = self.ident(f, "id", self.root.name)
        title = f.get("title", str)
        version = f.get("version", (str, int, float), "1.0")
        players = f.get("players", (int, list), 2)
        engine = f.get("engine", str, None)  # `check` reports a name that no engine or game checks answer to
        for key in SECTIONS:
            f.get(key, object, None)
        fonts_v = f.get("fonts", dict, None)
        f.finish()
        doc = f.m
        font_files = self.load_fonts(fonts_v, f.at("fonts")) if fonts_v is not None else []

        before = len(self.p.errors)
        if isinstance(players, list):
            bad = [p for p in players if not isinstance(p, int) or isinstance(p, bool) or not 1 <= p <= MAX_PLAYERS]
            if bad or not players:
                f.err("players", f"field 'players' must be a player count from 1 to {MAX_PLAYERS} or a list of them")
            players_t = tuple(p for p in players if p not in bad) or (2,)
        elif players is not None and not 1 <= players <= MAX_PLAYERS:
            f.err("players", f"field 'players' must be from 1 to {MAX_PLAYERS}, got {players}")
            players_t = (2,)
        else:
            players_t = (players,) if players else (2,)
        players_known = len(self.p.errors) == before  # else a variant's player count is not checked

        self.palette = self.load_colours(self.section(doc, "colours"), f.at("colours"))
        self.suits = self.load_suits(self.section(doc, "suits"), f.at("suits"))
        rules = self.load_rules(self.section(doc, "rules"), f.at("rules"))
        self.icons = self.load_icons(self.section(doc, "icons"), f.at("icons"))
        self.terrains = self.load_terrain(self.section(doc, "terrain"), f.at("terrain"))
        actions = self.load_actions(self.section(doc, "actions"), f.at("actions"))
        decks = self.load_decks(self.section(doc, "decks"), f.at("decks"), actions)
        boards = self.load_boards(self.section(doc, "boards"), f.at("boards"))
        area_cards = self.load_area_cards(self.section(doc, "area_cards"), f.at("area_cards"))
        tokens = self.load_tokens(self.section(doc, "tokens"), f.at("tokens"))
        aids = self.load_aids(self.section(doc, "player_aids"), f.at("player_aids"))
        counts_v = self.section(doc, "counts")
        counts = self.load_counts(counts_v, f.at("counts"))
        base = {"deck": decks, "board": boards, "area card": area_cards, "token": tokens, "player aid": aids}
        palette, icons = dict(self.palette), dict(self.icons)
        variants = self.load_variants(self.section(doc, "variants"), f.at("variants"), actions, base,
                                      players_t if players_known else None)
        self.palette, self.icons = palette, icons
        return Game(
            id=gid or self.root.name, title=title or gid or "", version=str(version),
            players=players_t, root=self.root, engine=engine, engine_loc=f.at("engine") if engine else None,
            suits=tuple(self.suits.values()), colours=tuple(self.palette.items()), rules=rules,
            actions=tuple(actions.values()), decks=tuple(decks), boards=tuple(boards),
            area_cards=tuple(area_cards), tokens=tuple(tokens), player_aids=tuple(aids),
            declared=tuple(counts), loc=f.loc,
            icons=tuple(self.icons.values()), terrains=tuple(self.terrains.values()),
            declared_locs=tuple((k, loc_of(counts_v, k)) for k, _ in counts),
            variants=tuple(variants), fonts=tuple(font_files),
        )

    def load_fonts(self, value: LMap, loc: Loc | None) -> list[FontFile]:
        """The pack's own font files by style, inside the pack (`check` reads them: draw/fonts.py)."""
        out = []
        for style, ref, vloc in self.mapping_items(value, "fonts", loc):
            if style not in FONT_STYLES:
                self.p.error(key_loc(value, style), f"fonts: unknown style '{style}' (expected one of: "
                             f"{', '.join(FONT_STYLES)})" + did_you_mean(str(style), FONT_STYLES))
                continue
            if not isinstance(ref, str) or not ref:
                self.p.error(vloc, f"fonts: '{style}' must be a font file's path in the pack, got {describe(ref)}")
                continue
            target = (self.root / ref).resolve()
            if not target.is_relative_to(self.root):
                self.p.error(vloc, f"fonts: file reference '{ref}' leaves the content folder")
            elif not target.is_file():
                self.p.error(vloc, f"fonts: '{style}': no such file '{ref}' in {display_path(self.root)}")
            else:
                out.append(FontFile(str(style), target, vloc))
        return out

    def load_colours(self, value: Any, loc: Loc | None) -> dict[str, str]:
        out = {}
        for name, v, vloc in self.mapping_items(value, "colours", loc):
            if not isinstance(v, str) or not COLOUR_RE.match(v):
                self.p.error(vloc, f"colour '{name}': expected #rrggbb, got {describe(v)}")
                self.bad_colours.add(str(name))
            else:
                out[str(name)] = v
                self.palette_locs[str(name)] = vloc
        return out

    def load_suits(self, value: Any, loc: Loc | None) -> dict[str, Suit]:
        out: dict[str, Suit] = {}
        for sid, v, vloc in self.mapping_items(value, "suits", loc):
            f = Fields(v, f"suit '{sid}'", self.p, vloc)
            name = f.get("name", str, str(sid).capitalize())
            colour = self.colour(f, "colour")
            symbol = f.get("symbol", str, choices=SYMBOLS)
            f.finish()
            out[str(sid)] = Suit(str(sid), name, self.palette.get(colour, colour or "#000000"),
                                 symbol or "circle", vloc, self.colour_loc(f, "colour"))
        return out

    def load_rules(self, value: Any, loc: Loc | None) -> Rules:
        vals, locs = [], []
        for k, v, vloc in self.mapping_items(value, "rules", loc):
            vals.append((str(k), v))
            locs.append((str(k), vloc))
        return Rules(tuple(vals), tuple(locs), loc_of(value) or loc)

    def load_actions(self, value: Any, loc: Loc | None) -> dict[str, Action]:
        out: dict[str, Action] = {}
        for aid, v, vloc in self.mapping_items(value, "actions", loc):
            f = Fields(v, f"action '{aid}'", self.p, vloc)
            name = f.get("name", str, str(aid).replace("-", " ").title())
            kind = f.get("kind", str)
            plan = f.get("plan", str, None)
            headings = self.int_list(f, "headings", -3, 3)
            steps = self.int_list(f, "steps", 1, 10)
            pass_through = f.get("pass_through", bool, False)
            rng = f.get("range", int, None, min=0, max=50)
            dmg = f.get("damage", int, None, min=0, max=50)
            heal = f.get("heal", int, None, min=0, max=50)
            icon = f.get("icon", str, None)
            text = f.get("text", str, "")
            given = v if isinstance(v, dict) else {}
            if kind == "sail" and not all(given.get(k) for k in ("headings", "steps")):  # (bad items: said above)
                f.err(None, "a sail action needs 'headings' and 'steps'")
            if kind == "fire" and (rng is None or dmg is None):
                f.err(None, "a fire action needs 'range' and 'damage'")
            f.finish()
            out[str(aid)] = Action(str(aid), name, kind or "", plan, tuple(headings), tuple(steps),
                                   pass_through, rng, dmg, heal, icon, text, vloc)
        return out

    def int_list(self, f: Fields, key: str, lo: int, hi: int) -> list[int]:
        v = f.get(key, list, [])
        out = []
        for i, x in enumerate(v):
            if not isinstance(x, int) or isinstance(x, bool) or not lo <= x <= hi:
                self.p.error(loc_of(v, i), f"{f.what}: '{key}' items must be whole numbers from {lo} to {hi},"
                             f" got {describe(x)}")
            else:
                out.append(x)
        return out

    def load_decks(self, value: Any, loc: Loc | None, actions: dict[str, Action],
                   others: tuple[Deck, ...] = ()) -> list[Deck]:
        if value is None:
            return []
        if not isinstance(value, list):
            self.broken.add("decks")  # a deck copied from one of these cannot be checked
        decks, seen_decks, seen_cards = [], {}, {}
        for i, dv in enumerate(as_list(value, "decks", self.p, loc)):
            f = Fields(dv, f"deck #{i + 1}", self.p, loc_of(value, i))
            did = self.ident(f, seen=seen_decks)
            f.what = f"deck '{did}'"
            name = f.get("name", str, str(did).replace("-", " ").title())
            count = f.get("count", int, None, min=0)
            card_template = self.template(f, "template")
            back = f.get("back", dict, None)
            copy_of = f.get("cards_from", str, None)
            cards_v = f.get("cards", list) if copy_of is None else f.get("cards", list, None)
            suits_v = f.get("suits", list, None)
            specs_v = f.get("fields", dict, None)
            f.finish()
            back_colour, back_text, back_template = "#1b3a5c", "", None
            if back is not None:
                bf = Fields(back, f"deck '{did}' back", self.p)
                back_colour = self.colour(bf, "colour", "#1b3a5c")
                back_text = bf.get("text", str, "")
                back_template = self.template(bf, "template")
                bf.finish()
            if copy_of is not None:
                decks.append(self.copied_deck(f, copy_of, (*others, *decks), Deck(
                    did or "", name, (), back_template, self.palette.get(back_colour, back_colour), back_text,
                    card_template, count, f.loc)))
                continue
            cards = [self.load_card(c, loc_of(cards_v, j), did, actions, seen_cards)
                     for j, c in enumerate(cards_v or [])]
            extras = self.deck_extras(f, cards_v or [], cards, suits_v, specs_v)
            decks.append(Deck(did or "", name, tuple(c for c in cards if c), back_template,
                              self.palette.get(back_colour, back_colour), back_text, card_template,
                              count, f.loc, **extras))
        return decks

    def copied_deck(self, f: Fields, source: str, known: tuple[Deck, ...], deck: Deck) -> Deck | None:
        """A deck that repeats another deck's cards (same card ids) under its own name and back."""
        for key in ("cards", "suits", "fields"):
            if key in f.m:
                f.err(key, f"a deck with 'cards_from' takes its {key} from deck '{source}'; drop '{key}'")
        src = next((d for d in known if d.id == source), None)
        if src is None:
            if "decks" not in self.broken:
                ids = [d.id for d in known]
                f.err("cards_from", f"unknown deck '{source}' (expected one of: {', '.join(ids) or 'none'})"
                      + did_you_mean(source, ids))
            return replace(deck, copy_of=source)
        return replace(deck, cards=tuple(replace(c, deck=deck.id) for c in src.cards), suits=src.suits,
                       field_specs=src.field_specs, copy_of=src.copy_of or src.id)

    def load_card(self, v: Any, loc: Loc | None, deck: str | None, actions: dict[str, Action],
                  seen: dict) -> CardType | None:
        f = Fields(v, "card", self.p, loc)
        suit = f.get("suit", str, None)
        action_id = f.get("action", str, None)
        default_id = "-".join(str(x) for x in (suit, action_id) if x) or None
        cid = self.ident(f, "id", default_id) if default_id else self.ident(f, "id")
        if cid:
            f.what = f"card '{cid}'"
            where = next(k for k in ("id", "action", "suit") if k in f.m)
            if cid in seen:
                how = "" if where == "id" else "made from its suit and action; "
                f.err(where, f"duplicate id '{cid}' ({how}first defined at {seen[cid]})")
            else:
                seen[cid] = f.at(where)
        if suit is not None and suit not in self.suits and "suits" not in self.broken:
            f.err("suit", f"unknown suit '{suit}' (expected one of: {', '.join(self.suits)})"
                  + did_you_mean(suit, self.suits))
            suit = None
        action = None
        if action_id is not None:
            action = actions.get(action_id)
            if action is None and "actions" not in self.broken:
                f.err("action", f"unknown action '{action_id}' (expected one of: {', '.join(actions)})"
                      + did_you_mean(action_id, actions))
        name = f.get("name", str, action.name if action else str(cid).replace("-", " ").title())
        count = f.get("count", int, 1, min=0, max=1000)
        text = f.get("text", str, "")
        template = self.template(f)
        extra = f.get("fields", dict, {})
        f.finish()
        if cid is None:
            return None
        return CardType(cid, name, deck or "", suit, action, count if count is not None else 1, text,
                        template, tuple((str(k), val) for k, val in extra.items()), f.loc)

    def load_boards(self, value: Any, loc: Loc | None) -> list[Board]:
        if value is None:
            return []
        boards, seen = [], {}
        items = value if isinstance(value, list) else [value]
        for i, bv in enumerate(items):
            f = Fields(bv, f"board #{i + 1}", self.p, loc_of(value, i) if isinstance(value, list) else loc)
            bid = self.ident(f, "id", "board", seen=seen)
            f.what = f"board '{bid}'"
            name = f.get("name", str, str(bid).replace("-", " ").title())
            size = f.get("hex_size_mm", (int, float), 24.0, min=5, max=100)
            orientation = f.get("orientation", str, "flat", choices=("flat",))
            grid = f.get("grid", str, "hex", choices=GRIDS) or "hex"
            hexes_v = f.get("hexes", list) if grid == "hex" else f.get("hexes", list, None)
            if grid != "hex" and hexes_v is not None:
                f.err("hexes", f"a board with grid: {grid} lists no 'hexes'")
                hexes_v = None
            starts_v = f.get("starts", dict, None)
            layout = self.load_grid(f, grid)
            f.finish()
            hexes = self.load_hexes(hexes_v, f)
            cells = {h.qr for h in hexes}
            starts = []
            for sid, sv, sloc in self.mapping_items(starts_v, f"{f.what} starts", f.loc):
                if (not isinstance(sv, list) or len(sv) != 2
                        or not all(isinstance(x, int) and not isinstance(x, bool) for x in sv)):
                    self.p.error(sloc, f"{f.what}: start of '{sid}' must be [q, r], got {describe(sv)}")
                elif tuple(sv) not in cells:
                    self.p.error(sloc, f"{f.what}: start of '{sid}' {list(sv)} is not a hex of the board")
                else:
                    starts.append((str(sid), tuple(sv)))
            for lo in layout["locations"]:
                if grid == "hex" and lo.at is not None and lo.at not in cells:
                    self.p.error(lo.loc, f"{f.what} location '{lo.id}': {list(lo.at)} is not a hex of the board")
            boards.append(Board(bid or "board", name, tuple(hexes), float(size or 24), orientation or "flat",
                                tuple(starts), f.loc, **layout))
        return boards

    def load_hexes(self, hexes_v: Any, f: Fields) -> list[Hex]:
        hexes, seen = [], {}
        for j, hv in enumerate(hexes_v or []):
            hloc = loc_of(hexes_v, j)
            if not isinstance(hv, list) or len(hv) not in (2, 3):
                self.p.error(hloc, f"{f.what}: hex must be [q, r, suit], got {describe(hv)}")
                continue
            q, r = hv[0], hv[1]
            suit = hv[2] if len(hv) == 3 else None
            if not all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in (q, r)):
                self.p.error(hloc, f"{f.what}: hex coordinates must be whole numbers, got "
                             f"[{', '.join(map(str, hv[:2]))}]")
                continue
            if not all(math.isfinite(x) and x == int(x) for x in (q, r)):
                self.p.error(hloc, f"{f.what}: hex {list(hv[:2])} is off the coordinate grid "
                             "(axial coordinates are whole numbers)")
                continue
            q, r = int(q), int(r)
            if abs(q) > 200 or abs(r) > 200:
                self.p.error(hloc, f"{f.what}: hex {[q, r]} is too far from the origin (at most 200)")
                continue
            if suit is not None and not isinstance(suit, str):
                self.p.error(loc_of(hv, 2), f"{f.what}: hex {[q, r]}: the suit must be a name, got {describe(suit)}")
                continue
            if suit is not None and suit not in self.suits and "suits" not in self.broken:
                self.p.error(loc_of(hv, 2), f"{f.what}: hex {[q, r]}: unknown suit '{suit}' "
                             f"(expected one of: {', '.join(self.suits)})" + did_you_mean(suit, self.suits))
                continue
            if (q, r) in seen:
                first = seen[(q, r)]
                self.p.error(hloc, f"{f.what}: hex {[q, r]} listed twice (first at line {first.line}, "
                             f"column {first.col})")
                continue
            seen[(q, r)] = hloc
            hexes.append(Hex(q, r, suit, hloc))
        return hexes

    def load_area_cards(self, value: Any, loc: Loc | None) -> list[AreaCard]:
        out, seen = [], {}
        for i, v in enumerate(as_list(value, "area_cards", self.p, loc) if value is not None else []):
            f = Fields(v, f"area card #{i + 1}", self.p, loc_of(value, i))
            cid = self.ident(f, seen=seen)
            f.what = f"area card '{cid}'"
            name = f.get("name", str, str(cid))
            kind = f.get("kind", str, "mat")
            owner = f.get("owner", int, None, min=1, max=8)
            colour = self.colour(f, "colour", None)
            crew = f.get("crew", int, 0, min=0, max=50)
            template = self.template(f)
            text = f.get("text", str, "")
            areas_v = f.get("areas", list, [])
            f.finish()
            areas, aseen = [], {}
            for j, av in enumerate(areas_v):
                af = Fields(av, f"{f.what} area #{j + 1}", self.p, loc_of(areas_v, j))
                aid = self.ident(af, seen=aseen)
                areas.append(Area(aid or "", af.get("label", str, str(aid)), af.get("icon", str, None),
                                  af.get("capacity", int, 4, min=0, max=30), af.loc))
                af.finish()
            out.append(AreaCard(cid or "", name, kind or "mat", tuple(areas), owner,
                                self.palette.get(colour, colour), crew or 0, template, text, f.loc))
        return out

    def load_tokens(self, value: Any, loc: Loc | None) -> list[Token]:
        out, seen = [], {}
        for i, v in enumerate(as_list(value, "tokens", self.p, loc) if value is not None else []):
            f = Fields(v, f"token #{i + 1}", self.p, loc_of(value, i))
            tid = self.ident(f, seen=seen)
            f.what = f"token '{tid}'"
            name = f.get("name", str, str(tid))
            kind = f.get("kind", str, "chit")
            shape = f.get("shape", str, "square", choices=SHAPES)
            size = f.get("size", (int, float, list), 12)
            if isinstance(size, list):
                if len(size) != 2 or not all(isinstance(x, (int, float)) and 3 <= x <= 250 for x in size):
                    f.err("size", "field 'size' must be a number or [width, height] in mm from 3 to 250")
                    size = (12.0, 12.0)
                else:
                    size = (float(size[0]), float(size[1]))
            elif size is not None:
                if not 3 <= size <= 250:
                    f.err("size", f"field 'size' must be from 3 to 250 mm, got {size}")
                size = (float(size), float(size))
            count = f.get("count", int, 1, min=0, max=500)
            colour = self.colour(f, "colour", "#ffffff")
            label = f.get("label", str, "")
            icon = f.get("icon", str, None)
            back_colour = self.colour(f, "back_colour", None)
            back_label = f.get("back_label", str, None)
            edges = f.get("edges", list, [])
            extra = self.token_extras(f, shape)
            template = self.template(f)
            f.finish()
            out.append(Token(tid or "", name, kind, shape or "square", size or (12.0, 12.0), count or 0,
                             self.palette.get(colour, colour) or "#ffffff", label, icon,
                             self.palette.get(back_colour, back_colour), back_label,
                             tuple(str(e) for e in edges), template, f.loc, **extra,
                             colour_loc=self.colour_loc(f, "colour")))
        return out

    def load_aids(self, value: Any, loc: Loc | None) -> list[PlayerAid]:
        out, seen = [], {}
        for i, v in enumerate(as_list(value, "player_aids", self.p, loc) if value is not None else []):
            f = Fields(v, f"player aid #{i + 1}", self.p, loc_of(value, i))
            aid = self.ident(f, seen=seen)
            f.what = f"player aid '{aid}'"
            title = f.get("title", str)
            size = f.get("size", str, "card", choices=("card", "half-page", "page"))
            template = self.template(f)
            secs_v = f.get("sections", list, [])
            f.finish()
            sections = []
            for j, sv in enumerate(secs_v):
                sf = Fields(sv, f"{f.what} section #{j + 1}", self.p, loc_of(secs_v, j))
                table_v = sf.get("table", list, [])
                rows, row_locs = [], []
                for k, row in enumerate(table_v):
                    if not isinstance(row, list) or not all(isinstance(c, (str, int, float)) for c in row):
                        self.p.error(loc_of(table_v, k), f"{sf.what}: a table row must be a list of cells")
                    elif rows and len(row) != len(rows[0]):
                        self.p.error(loc_of(table_v, k), f"{sf.what}: a table row has {len(row)} cells, the first "
                                     f"row {len(rows[0])}")
                    else:
                        rows.append(tuple(str(c) for c in row))
                        row_locs.append(loc_of(table_v, k))
                sections.append(Section(sf.get("title", str, ""), sf.get("text", str, ""), tuple(rows), sf.loc,
                                        blank_rows=sf.get("blank_rows", int, 0, min=0, max=200) or 0,
                                        row_locs=tuple(row_locs)))
                sf.finish()
            out.append(PlayerAid(aid or "", title or "", tuple(sections), size or "card", template, f.loc))
        return out

    # -- icons, terrain, grids, card fields (generic features for any pack) ------
    def load_icons(self, value: Any, loc: Loc | None) -> dict[str, Icon]:
        out: dict[str, Icon] = {}
        for iid, v, vloc in self.mapping_items(value, "icons", loc):
            f = Fields(v, f"icon '{iid}'", self.p, vloc)
            if not ID_RE.match(str(iid)):
                self.p.error(vloc, f"icons: id '{iid}' may hold only letters, digits, '-' and '_'")
            name = f.get("name", str, str(iid).replace("-", " ").capitalize())
            symbol = f.get("symbol", str, None, choices=SYMBOLS)
            path = self.path_data(f, "path")
            colour = self.colour(f, "colour", "#222222")
            f.finish()
            if symbol is None and path is None and "symbol" not in f.m and "path" not in f.m:
                f.err(None, "an icon needs a 'symbol' or a 'path'")
            elif "symbol" in f.m and "path" in f.m:
                f.err("path", "an icon has a 'symbol' or a 'path', not both")
            out[str(iid)] = Icon(str(iid), name, symbol, path, self.palette.get(colour, colour) or "#222222", vloc)
        return out

    def path_data(self, f: Fields, key: str) -> str | None:
        """SVG path data from a field, checked for its letters and numbers."""
        v = f.get(key, str, None)
        if v is None:
            return None
        s = " ".join(v.split())
        if not PATH_RE.match(s) or s[:1] not in ("M", "m"):
            f.err(key, f"field '{key}' must be SVG path data starting with M (commands MLHVCSQTAZ and numbers), "
                  f"got '{s[:40]}'")
            return None
        if len(s) > 20_000:
            f.err(key, f"field '{key}' is longer than 20000 characters")
            return None
        return s

    def load_terrain(self, value: Any, loc: Loc | None) -> dict[str, Terrain]:
        out: dict[str, Terrain] = {}
        for tid, v, vloc in self.mapping_items(value, "terrain", loc):
            f = Fields(v, f"terrain '{tid}'", self.p, vloc)
            tid = str(tid)
            if not ID_RE.match(tid):
                self.p.error(vloc, f"terrain: id '{tid}' may hold only letters, digits, '-' and '_'")
            elif tid in self.suits:
                self.p.error(vloc, f"terrain: id '{tid}' is also a suit; board cells could not tell them apart")
            name = f.get("name", str, tid.replace("-", " ").capitalize())
            colour = self.colour(f, "colour", None)
            icon = f.get("icon", str, None)
            blocks = f.get("blocks", bool, False)
            direction = f.get("direction", str, "none", choices=TERRAIN_DIRECTIONS)
            text = f.get("text", str, "")
            f.finish()
            out[tid] = Terrain(tid, name, self.palette.get(colour, colour), icon, bool(blocks),
                               direction or "none", text, vloc)
        return out

    def load_grid(self, f: Fields, grid: str) -> dict[str, Any]:
        """The board fields beyond hexes: square grid, wrap, terrain cells, locations."""
        square = grid == "square"
        width = f.get("width", int, *(() if square else (0,)), min=1 if square else 0, max=100)
        height = f.get("height", int, *(() if square else (0,)), min=1 if square else 0, max=100)
        cell_size = f.get("cell_size_mm", (int, float), 20.0, min=5, max=100)
        wrap = f.get("wrap", bool, False)
        cells_v = f.get("cells", list, None)
        locs_v = f.get("locations", list, None)
        if not square:
            for key in ("cells", "cell_size_mm", "wrap") + (("height",) if grid == "hex" else ()):
                if key in f.m:
                    f.err(key, f"field '{key}' belongs to a square grid (this board has grid: {grid})")
            if grid == "hex" and "width" in f.m:
                f.err("width", f"field 'width' belongs to a square grid (this board has grid: {grid})")
        width, height = width or 0, height or 0
        squares = self.load_squares(cells_v, f, width, height) if square and width and height else ()
        on_board = ({c.xy for c in squares} if square else None)
        locations = self.load_locations(locs_v, f, grid, on_board, width)
        return {"grid": grid, "width": width, "height": height, "cell_size_mm": float(cell_size or 20),
                "wrap": bool(wrap) and square, "squares": tuple(squares), "locations": tuple(locations)}

    def load_squares(self, cells_v: Any, f: Fields, width: int, height: int) -> tuple[Cell, ...]:
        """Every square of a width x height board; listed cells [x, y, suit/terrain, direction] override."""
        listed: dict[tuple[int, int], Cell] = {}
        kinds = list(self.suits) + list(self.terrains)
        for j, cv in enumerate(cells_v or []):
            cloc = loc_of(cells_v, j)
            if not isinstance(cv, list) or not 3 <= len(cv) <= 4:
                self.p.error(cloc, f"{f.what}: a cell must be [x, y, suit or terrain, direction?], got {describe(cv)}")
                continue
            x, y = cv[0], cv[1]
            if not all(isinstance(v, int) and not isinstance(v, bool) for v in (x, y)):
                self.p.error(cloc, f"{f.what}: cell coordinates must be whole numbers, got {describe(cv)}")
                continue
            if not (0 <= x < width and 0 <= y < height):
                self.p.error(cloc, f"{f.what}: cell [{x}, {y}] is off the board (x from 0 to {width - 1}, "
                             f"y from 0 to {height - 1})")
                continue
            if (x, y) in listed:
                self.p.error(cloc, f"{f.what}: cell [{x}, {y}] listed twice (first at line {listed[(x, y)].loc.line})")
                continue
            suit = terrain = direction = None
            kind = cv[2]
            if not isinstance(kind, str):
                self.p.error(loc_of(cv, 2), f"{f.what}: cell [{x}, {y}]: the suit or terrain must be a name, "
                             f"got {describe(kind)}")
                continue
            if kind in self.suits:
                suit = kind
            elif kind in self.terrains:
                terrain = kind
            elif not self.broken & {"suits", "terrain"}:
                self.p.error(loc_of(cv, 2), f"{f.what}: cell [{x}, {y}]: unknown suit or terrain {describe(kind)} "
                             f"(expected one of: {', '.join(kinds) or 'none declared'})"
                             + did_you_mean(kind, kinds))
                continue
            else:
                continue
            takes = self.terrains[terrain].direction if terrain else "none"
            allowed = HEADINGS if takes == "heading" else TURNS if takes == "turn" else ()
            if len(cv) == 4:
                direction = cv[3]
                if not allowed:
                    self.p.error(loc_of(cv, 3), f"{f.what}: cell [{x}, {y}]: {kind} takes no direction, "
                                 f"got {describe(direction)}")
                    continue
                if direction not in allowed:
                    self.p.error(loc_of(cv, 3), f"{f.what}: cell [{x}, {y}]: {kind} needs a {takes} "
                                 f"({', '.join(allowed)}), got {describe(direction)}"
                                 + did_you_mean(direction, allowed))
                    continue
            elif allowed:
                self.p.error(cloc, f"{f.what}: cell [{x}, {y}]: {kind} needs a {takes} as a fourth item "
                             f"({', '.join(allowed)})")
                continue
            listed[(x, y)] = Cell(x, y, suit, terrain, direction, cloc)
        return tuple(listed.get((x, y)) or Cell(x, y, loc=f.loc) for y in range(height) for x in range(width))

    def load_locations(self, locs_v: Any, f: Fields, grid: str, on_board: set | None,
                       columns: int) -> list[Location]:
        out, seen = [], {}
        for j, lv in enumerate(locs_v or []):
            lf = Fields(lv, f"{f.what} location #{j + 1}", self.p, loc_of(locs_v, j))
            lid = self.ident(lf, seen=seen)
            lf.what = f"{f.what} location '{lid}'"
            name = lf.get("name", str, str(lid).replace("-", " ").title())
            text = lf.get("text", str, "")
            slots = lf.get("slots", int, 1, min=0, max=50)
            icon = lf.get("icon", str, None)
            colour = self.colour(lf, "colour", None)
            at_v = lf.get("at", list, None)
            slot_v = lf.get("slot_size", list, None)
            lf.finish()
            slot_size = None
            if slot_v is not None:
                if len(slot_v) != 2 or not all(isinstance(v, (int, float)) and not isinstance(v, bool)
                                               and 3 <= v <= 300 for v in slot_v):
                    lf.err("slot_size", f"field 'slot_size' must be [width, height] in mm, each from 3 to 300, got "
                           f"{describe(slot_v)}")
                else:
                    slot_size = (float(slot_v[0]), float(slot_v[1]))
            at = None
            if at_v is not None:
                if len(at_v) != 2 or not all(isinstance(v, int) and not isinstance(v, bool) for v in at_v):
                    lf.err("at", f"field 'at' must be [x, y] (whole numbers), got {describe(at_v)}")
                elif on_board is not None and tuple(at_v) not in on_board:
                    lf.err("at", f"{list(at_v)} is not a square of the board")
                elif grid == "none" and (min(at_v) < 0 or columns and at_v[0] >= columns):
                    lf.err("at", f"layout place {list(at_v)} must be [column, row] with columns from 0 to "
                           f"{max(columns - 1, 0)}")
                else:
                    at = (int(at_v[0]), int(at_v[1]))
            if lid is not None:
                out.append(Location(lid, name or lid, text, 1 if slots is None else slots, icon,
                                    self.palette.get(colour, colour), at, lf.loc, slot_size))
        return out

    def deck_extras(self, f: Fields, cards_v: Any, cards: list, suits_v: Any, specs_v: Any) -> dict[str, Any]:
        """A deck's own suits and card field declarations, and its cards checked against them."""
        suits: list[str] = []
        for k, s in enumerate(suits_v or []):
            if not isinstance(s, str) or s not in self.suits:
                if "suits" in self.broken:
                    continue
                self.p.error(loc_of(suits_v, k), f"{f.what}: unknown suit {describe(s)} (expected one of: "
                             f"{', '.join(self.suits)})" + did_you_mean(s, self.suits))
            else:
                suits.append(s)
        specs = self.field_specs(specs_v, f)
        for j, c in enumerate(cards):
            if c is None:
                continue
            cv = cards_v[j] if j < len(cards_v) else None
            if suits and c.suit is not None and c.suit not in suits:
                self.p.error(loc_of(cv, "suit") if isinstance(cv, dict) else c.loc,
                             f"card '{c.id}': suit '{c.suit}' is not a suit of deck '{f.m.get('id')}' "
                             f"(expected one of: {', '.join(suits)})")
            if specs:
                fv = cv.get("fields") if isinstance(cv, dict) else None
                cards[j] = replace(c, fields=self.card_fields(c, fv, specs))
        return {"suits": tuple(suits), "field_specs": tuple(specs)}

    def field_specs(self, specs_v: Any, f: Fields) -> list[FieldSpec]:
        out = []
        for fid, v, vloc in self.mapping_items(specs_v, f"{f.what} fields", f.loc):
            sf = Fields(v, f"{f.what} field '{fid}'", self.p, vloc)
            label = sf.get("label", str, str(fid).replace("_", " ").capitalize())
            kind = sf.get("kind", str, "text", choices=FIELD_KINDS)
            lo = sf.get("min", int, None)
            hi = sf.get("max", int, None)
            choices = sf.get("choices", list, [])
            required = sf.get("required", bool, False)
            show = sf.get("show", bool, True)
            sf.finish()
            if kind == "choice" and not choices:
                sf.err("kind", "a 'choice' field needs a list of 'choices'")
            if choices and kind != "choice":
                sf.err("choices", f"'choices' belong to a field of kind 'choice', not '{kind}'")
            if (lo is not None or hi is not None) and kind not in ("int", "icon-counts"):
                sf.err("min" if lo is not None else "max", f"'min' and 'max' belong to a field of kind 'int' "
                       f"or 'icon-counts', not '{kind}'")
            out.append(FieldSpec(str(fid), label, kind or "text", lo, hi, tuple(str(c) for c in choices),
                                 bool(required), bool(show), vloc))
        return out

    def card_fields(self, card: CardType, fv: Any, specs: list[FieldSpec]) -> tuple[tuple[str, Any], ...]:
        """A card's fields checked against the deck's declarations; icon counts as ((icon, n), ...)."""
        what = f"card '{card.id}'"
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
            v, vloc = values[s.id], loc_of(fv, s.id)
            ok = self.field_value(s, v, vloc, what)
            if ok is not None:
                out.append((s.id, ok))
        return tuple(out)

    def field_value(self, s: FieldSpec, v: Any, loc: Loc | None, what: str) -> Any:
        """One card field value of a declared kind, or None after recording an error."""
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
                kloc = loc_of(v, k)
                if self.icons and k not in self.icons:
                    self.p.error(key_loc(v, k), f"{what}: field '{s.id}': unknown icon {describe(k)} (expected one "
                                 f"of: {', '.join(self.icons)})" + did_you_mean(k, self.icons))
                elif not in_range(n):
                    self.p.error(kloc, f"{what}: field '{s.id}': '{k}' must be {rng}, got {describe(n)}")
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

    def grid_field(self, s: FieldSpec, v: Any, loc: Loc | None, what: str) -> Any:
        """A manoeuvre or shots field (pnpgen.gridmove), or None after recording an error."""
        got, problem = gridmove.read_manoeuvre(v) if s.kind == "manoeuvre" else gridmove.read_shots(v)
        if got is None:
            self.p.error(loc, f"{what}: field '{s.id}' must be {problem}, got {describe(v)}")
            return None
        if s.kind == "manoeuvre" and isinstance(v, dict) and "cost" in v:
            cost = self.field_value(FieldSpec(f"{s.id}.cost", "cost", "icon-counts", 0, 99), v["cost"],
                                    loc_of(v, "cost"), what)
            got = replace(got, cost=cost or ())
        return got

    def token_extras(self, f: Fields, shape: str | None) -> dict[str, Any]:
        """A token's suit, owner, back icon and custom outline."""
        suit = f.get("suit", str, None)
        if suit is not None and suit not in self.suits and "suits" not in self.broken:
            f.err("suit", f"unknown suit '{suit}' (expected one of: {', '.join(self.suits) or 'none declared'})"
                  + did_you_mean(suit, self.suits))
            suit = None
        owner = f.get("owner", int, None, min=1, max=8)
        back_icon = f.get("back_icon", str, None)
        path = self.path_data(f, "path")
        if shape == "custom" and path is None and "path" not in f.m:
            f.err("shape", "shape 'custom' needs a 'path' (SVG path data in a 100 x 100 box)")
        elif path is not None and shape != "custom":
            f.err("path", f"field 'path' is the outline of shape 'custom' (this token has shape '{shape}')")
        return {"suit": suit, "owner": owner, "back_icon": back_icon, "path": path}

    # -- variants: other ways to play the game ---------------------------------
    def load_variants(self, value: Any, loc: Loc | None, actions: dict[str, Action], base: dict[str, list],
                      players: tuple[int, ...] | None) -> list[Variant]:
        """Each variant (inline, or a file named relative to the pack) with its rules and added components."""
        out: list[Variant] = []
        by_players: dict[int, str] = {}
        for vid, v, vloc in self.mapping_items(value, "variants", loc):
            vid = str(vid)
            if not ID_RE.match(vid):
                self.p.error(key_loc(value, vid), f"variants: id '{vid}' may hold only letters, digits, '-' and '_'")
                continue
            if isinstance(v, str):
                v = self.include(v, vloc, f"variant {vid}")
                if v is None:
                    continue
            got = self.load_variant(vid, v, vloc, actions, base, players)
            if got is None:
                continue
            if got.players in by_players:
                self.p.error(got.loc, f"variant '{vid}': variant '{by_players[got.players]}' is played by "
                             f"{got.players} players already")
            by_players.setdefault(got.players, vid)
            out.append(got)
        return out

    def load_variant(self, vid: str, v: Any, loc: Loc | None, actions: dict[str, Action], base: dict[str, list],
                     players: tuple[int, ...] | None) -> Variant | None:
        f = Fields(v, f"variant '{vid}'", self.p, loc)
        if not f.ok:
            return None
        name = f.get("name", str, vid.replace("-", " ").capitalize())
        count = f.get("players", int, min=1, max=MAX_PLAYERS)
        for key in VARIANT_SECTIONS:
            f.get(key, object, None)
        f.finish()
        if count is not None and players is not None and count not in players:
            f.err("players", f"{count} players: the game's 'players' ({', '.join(map(str, players))}) must list "
                  "every player count it is played with")

        def section(key: str) -> Any:
            got = f.m.get(key)
            return self.include(got, f.at(key), f"variant {vid} {key}") if isinstance(got, str) else got

        colours = self.load_colours(section("colours"), f.at("colours"))
        self.palette.update(colours)
        own_icons = self.load_icons(section("icons"), f.at("icons"))
        self.icons.update(own_icons)
        rules = self.load_rules(section("rules"), f.at("rules"))
        decks = self.load_decks(section("decks"), f.at("decks"), actions, tuple(base["deck"]))
        boards = self.load_boards(section("boards"), f.at("boards"))
        area_cards = self.load_area_cards(section("area_cards"), f.at("area_cards"))
        tokens = self.load_tokens(section("tokens"), f.at("tokens"))
        aids = self.load_aids(section("player_aids"), f.at("player_aids"))
        counts_v = section("counts")
        counts = self.load_counts(counts_v, f.at("counts"))
        for kind, items in (("deck", decks), ("board", boards), ("area card", area_cards), ("token", tokens),
                            ("player aid", aids)):
            first = {x.id: x.loc for x in base[kind]}
            for x in items:
                if x.id in first:
                    self.p.error(x.loc, f"variant '{vid}': {kind} id '{x.id}' is the game's already "
                                 f"(first defined at {first[x.id]})")
        return Variant(vid, name or vid, count or 0, rules, tuple(colours.items()), tuple(decks), tuple(boards),
                       tuple(area_cards), tuple(tokens), tuple(aids), tuple(own_icons.values()), tuple(counts),
                       tuple((k, loc_of(counts_v, k)) for k, _ in counts), f.loc)

    def load_counts(self, value: Any, loc: Loc | None) -> list[tuple[str, int]]:
        """Declared totals by name (`check` knows which names a game counts)."""
        out = []
        for k, v, vloc in self.mapping_items(value, "counts", loc):
            if not isinstance(v, int) or isinstance(v, bool) or v < 0:
                self.p.error(vloc, f"counts: '{k}' must be a whole number, got {describe(v)}")
            else:
                out.append((str(k), v))
        return out


MAX_PLAYERS = 8


def ensure_game(game_or_name: Game | str | None) -> Game:
    """A Game, loading it first when given a name or path."""
    if isinstance(game_or_name, Game):
        return game_or_name
    try:
        return load_game(game_or_name)
    except RecursionError:
        raise PnpgenError("content nests too deeply") from None
