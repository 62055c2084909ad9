"""Loading a content folder into a validated Game, reporting every located error."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from .errors import Loc, PnpgenError, Problems
from .fields import Fields, as_list, did_you_mean, describe
from .model import Action, Area, AreaCard, Board, CardType, Deck, Game, Hex, PlayerAid, Rules, Section, Suit, Token
from .paths import TEMPLATES_DIR, resolve_game
from .yamlsrc import LMap, display_path, key_loc, load_yaml, loc_of

SECTIONS = ("suits", "colours", "rules", "actions", "decks", "boards", "area_cards", "tokens",
            "player_aids", "counts")
SYMBOLS = ("diamond", "circle", "triangle", "square", "star", "cross", "hexagon", "anchor")
SHAPES = ("square", "circle", "hex", "rect", "octagon", "flag")
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

    # -- files and references -------------------------------------------------
    def section(self, doc: LMap, key: str) -> Any:
        """A top-level section, inline or loaded from the file it names."""
        v = doc.get(key)
        if isinstance(v, str):
            return self.include(v, loc_of(doc, key))
        return v

    def include(self, ref: str, loc: Loc | None) -> Any:
        target = (self.root / ref).resolve()
        if not target.is_relative_to(self.root):
            self.p.error(loc, f"file reference '{ref}' leaves the content folder")
            return None
        if not target.is_file():
            self.p.error(loc, f"file reference '{ref}': no such file in {display_path(self.root)}")
            return None
        return load_yaml(target, self.p)

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
        names = list(self.palette) + list(self.suits)
        f.err(key, f"unknown colour '{v}' (expected #rrggbb or one of: {', '.join(names)})" + did_you_mean(v, names))
        return None

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
            return []
        return [(k, v, loc_of(value, k)) for k, v in value.items()]

    # -- the game ---------------------------------------------------------------
    def load(self) -> Game:
        path = self.root / "game.yaml"
        doc = load_yaml(path, self.p)
        f = Fields(doc, "game", self.p, Loc(display_path(path)))
        gid = self.ident(f, "id", self.root.name)
        title = f.get("title", str)
        version = f.get("version", (str, int, float), "1.0")
        players = f.get("players", (int, list), 2)
        engine = f.get("engine", str, None)
        for key in SECTIONS:
            f.get(key, object, None)
        f.finish()
        doc = f.m

        if isinstance(players, list):
            bad = [p for p in players if not isinstance(p, int) or isinstance(p, bool) or p < 1]
            if bad or not players:
                f.err("players", "field 'players' must be a player count or a list of them")
            players_t = tuple(p for p in players if isinstance(p, int))
        else:
            players_t = (players,) if players else (2,)

        self.palette = self.load_colours(self.section(doc, "colours"), f.at("colours"))
        self.suits = self.load_suits(self.section(doc, "suits"), f.at("suits"))
        rules = self.load_rules(self.section(doc, "rules"), f.at("rules"))
        actions = self.load_actions(self.section(doc, "actions"), f.at("actions"))
        decks = self.load_decks(self.section(doc, "decks"), f.at("decks"), actions)
        boards = self.load_boards(self.section(doc, "boards"), f.at("boards"))
        area_cards = self.load_area_cards(self.section(doc, "area_cards"), f.at("area_cards"))
        tokens = self.load_tokens(self.section(doc, "tokens"), f.at("tokens"))
        aids = self.load_aids(self.section(doc, "player_aids"), f.at("player_aids"))
        counts = self.load_counts(self.section(doc, "counts"), f.at("counts"))
        return Game(
            id=gid or self.root.name, title=title or gid or "", version=str(version),
            players=players_t, root=self.root, engine=engine,
            suits=tuple(self.suits.values()), colours=tuple(self.palette.items()), rules=rules,
            actions=tuple(actions.values()), decks=tuple(decks), boards=tuple(boards),
            area_cards=tuple(area_cards), tokens=tuple(tokens), player_aids=tuple(aids),
            declared=tuple(counts), loc=f.loc,
        )

    def load_colours(self, value: Any, loc: Loc | None) -> dict[str, str]:
        out = {}
        for name, v, vloc in self.mapping_items(value, "colours", loc):
            if not isinstance(v, str) or not COLOUR_RE.match(v):
                self.p.error(vloc, f"colour '{name}': expected #rrggbb, got {describe(v)}")
            else:
                out[str(name)] = v
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
                                 symbol or "circle", vloc)
        return out

    def load_rules(self, value: Any, loc: Loc | None) -> Rules:
        vals, locs = [], []
        for k, v, vloc in self.mapping_items(value, "rules", loc):
            vals.append((str(k), v))
            locs.append((str(k), vloc))
        return Rules(tuple(vals), tuple(locs))

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
            if kind == "sail" and (not headings or not steps):
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

    def load_decks(self, value: Any, loc: Loc | None, actions: dict[str, Action]) -> list[Deck]:
        if value is None:
            return []
        decks, seen_decks, seen_cards = [], {}, {}
        for i, dv in enumerate(as_list(value, "decks", self.p, loc)):
            f = Fields(dv, f"deck #{i + 1}", self.p, loc_of(value, i))
            did = self.ident(f, seen=seen_decks)
            f.what = f"deck '{did}'"
            name = f.get("name", str, str(did).replace("-", " ").title())
            count = f.get("count", int, None, min=0)
            card_template = self.template(f, "template")
            back = f.get("back", dict, None)
            cards_v = f.get("cards", list)
            f.finish()
            back_colour, back_text, back_template = "#1b3a5c", "", None
            if back is not None:
                bf = Fields(back, f"deck '{did}' back", self.p)
                back_colour = self.colour(bf, "colour", "#1b3a5c")
                back_text = bf.get("text", str, "")
                back_template = self.template(bf, "template")
                bf.finish()
            cards = [self.load_card(c, loc_of(cards_v, j), did, actions, seen_cards)
                     for j, c in enumerate(cards_v or [])]
            decks.append(Deck(did or "", name, tuple(c for c in cards if c), back_template,
                              self.palette.get(back_colour, back_colour), back_text, card_template,
                              count, f.loc))
        return decks

    def load_card(self, v: Any, loc: Loc | None, deck: str | None, actions: dict[str, Action],
                  seen: dict) -> CardType | None:
        f = Fields(v, "card", self.p, loc)
        suit = f.get("suit", str, None)
        action_id = f.get("action", str, None)
        default_id = "-".join(str(x) for x in (suit, action_id) if x) or None
        cid = self.ident(f, "id", default_id) if default_id else self.ident(f, "id")
        if f.has("id") or default_id:
            if cid in seen:
                f.err("id" if f.has("id") else "action", f"duplicate card id '{cid}' (first defined at {seen[cid]})")
            elif cid:
                seen[cid] = f.at("id" if f.has("id") else "action")
        f.what = f"card '{cid}'"
        if suit is not None and suit not in self.suits:
            f.err("suit", f"unknown suit '{suit}' (expected one of: {', '.join(self.suits)})"
                  + did_you_mean(suit, self.suits))
            suit = None
        action = None
        if action_id is not None:
            action = actions.get(action_id)
            if action is None:
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
            hexes_v = f.get("hexes", list)
            starts_v = f.get("starts", dict, None)
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
            boards.append(Board(bid or "board", name, tuple(hexes), float(size or 24), orientation or "flat",
                                tuple(starts), f.loc))
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
                self.p.error(hloc, f"{f.what}: hex coordinates must be whole numbers, got {describe(hv)}")
                continue
            if q != int(q) or r != int(r):
                self.p.error(hloc, f"{f.what}: hex {list(hv[:2])} is off the coordinate grid "
                             "(axial coordinates are whole numbers)")
                continue
            q, r = int(q), int(r)
            if abs(q) > 200 or abs(r) > 200:
                self.p.error(hloc, f"{f.what}: hex {[q, r]} is too far from the origin (at most 200)")
                continue
            if suit is not None and suit not in self.suits:
                self.p.error(loc_of(hv, 2), f"{f.what}: hex {[q, r]}: unknown suit '{suit}' "
                             f"(expected one of: {', '.join(self.suits)})" + did_you_mean(suit, self.suits))
                continue
            if (q, r) in seen:
                self.p.error(hloc, f"{f.what}: hex {[q, r]} listed twice (first at line {seen[(q, r)].line})")
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
            template = self.template(f)
            f.finish()
            out.append(Token(tid or "", name, kind, shape or "square", size or (12.0, 12.0), count or 0,
                             self.palette.get(colour, colour) or "#ffffff", label, icon,
                             self.palette.get(back_colour, back_colour), back_label,
                             tuple(str(e) for e in edges), template, f.loc))
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
                rows = []
                for k, row in enumerate(table_v):
                    if not isinstance(row, list) or not all(isinstance(c, (str, int, float)) for c in row):
                        self.p.error(loc_of(table_v, k), f"{sf.what}: a table row must be a list of cells")
                    else:
                        rows.append(tuple(str(c) for c in row))
                sections.append(Section(sf.get("title", str, ""), sf.get("text", str, ""), tuple(rows), sf.loc))
                sf.finish()
            out.append(PlayerAid(aid or "", title or "", tuple(sections), size or "card", template, f.loc))
        return out

    def load_counts(self, value: Any, loc: Loc | None) -> list[tuple[str, int]]:
        out = []
        for k, v, vloc in self.mapping_items(value, "counts", loc):
            if k not in COUNTABLE:
                self.p.error(key_loc(value, k), f"counts: unknown component '{k}' (expected one of: "
                             f"{', '.join(COUNTABLE)})" + did_you_mean(k, COUNTABLE))
            elif not isinstance(v, int) or isinstance(v, bool) or v < 0:
                self.p.error(vloc, f"counts: '{k}' must be a whole number, got {describe(v)}")
            else:
                out.append((str(k), v))
        return out


COUNTABLE = ("cards", "hexes", "ship_cards", "sick_bays", "area_cards", "tokens", "player_aids", "decks", "boards")


def ensure_game(game_or_name: Game | str | None) -> Game:
    """A Game, loading it first when given a name or path."""
    if isinstance(game_or_name, Game):
        return game_or_name
    try:
        return load_game(game_or_name)
    except RecursionError:
        raise PnpgenError("content nests too deeply") from None
