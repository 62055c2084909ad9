"""Loading a content folder into a validated Game, reporting every located error.

Two passes: every file is read against the model's declarations (types, bounds, choices, required fields,
unknown keys: see source/declare.py), then references are linked (suits, colours, actions, templates, icons,
decks copied from decks, ids that repeat, variants against the game, values marked provisional). Errors are
listed in file order.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from ..errors import ContentError, ContentErrors, Loc, PnpgenError, Problems
from ..files.paths import resolve_game
from ..model import Game
from ..model.components import SHAPES
from ..model.game import MAX_PLAYERS
from ..model.icons import SYMBOLS
from ..model.simulation import Simulation
from ..source.yamlsrc import display_path, loc_of
from .boards import Boards
from .components import Components
from .context import Context
from .decks import Decks
from .files import Files
from .names import Names
from .textrefs import resolve_references
from .variants import Variants

__all__ = ["MAX_PLAYERS", "SHAPES", "SYMBOLS", "ensure_game", "load_game"]



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
        loader.files.in_file_order(e.errors, start)
        raise
    loader.files.in_file_order(problems.errors, start)
    if own:
        problems.raise_if_any()
    return game


class _Loader:
    """One load of a pack: the shared context and the parts that link files, names, decks, boards, the other
    components and variants."""

    def __init__(self, root: Path, problems: Problems):
        self.context = Context(root, problems)
        self.files = Files(self.context)
        self.names = Names(self.context, self.files)
        self.decks = Decks(self.context, self.files, self.names)
        self.boards = Boards(self.context, self.files, self.names)
        self.components = Components(self.context, self.files, self.names, self.decks, self.boards)
        self.variants = Variants(self.context, self.files, self.names, self.components)

    def load(self) -> Game:
        """The game, every file read and every reference linked."""
        path = self.context.root / "game.yaml"
        try:
            doc = self.files.read_file(path)
        except ContentError as e:
            self.context.error(e.loc, e.message)
            raise ContentErrors(list(self.context.problems.errors)) from None
        here = loc_of(doc) or Loc(display_path(path), 1, 1)
        values, raw, data = self.files.read_part(Game, doc, "game", here)
        m = doc if isinstance(doc, dict) else {}
        gid = values["id"] or self.context.root.name
        engine = values["engine"]  # `check` reports a name that no engine or game checks answer to
        players_known = self.read_cleanly(m, "players")

        # -- pass 2: linking references --------------------------------------------------------------------
        self.context.palette = self.names.link_palette(raw["colours"], m.get("colours"))
        self.context.suits = {
            s.id: self.context.keep(
                s,
                replace(
                    self.names.link_colours(s, "colour", default="#000000"),
                    colour_loc=self.names.colour_loc(s, "colour"),
                ),
            )
            for s in raw["suits"] or ()
        }
        rules = self.names.rules(raw["rules"], loc_of(m, "rules") or here)
        self.context.icons = {i.id: self.names.link_icon(i) for i in raw["icons"] or ()}
        self.context.terrains = {t.id: self.names.link_terrain(t) for t in raw["terrain"] or ()}
        self.context.actions = {a.id: self.names.link_action(a) for a in raw["actions"] or ()}
        parts = self.components.link_components(raw, "")
        self.names.link_marks(values["provisional"], m.get("provisional"),
                             {"players": values["players"], "playing_time": values["playing_time"]}, rules)
        palette, icons = dict(self.context.palette), dict(self.context.icons)
        variants = self.variants.load_variants(raw["variants"], m, parts, values["players"] if players_known else None)
        self.context.palette, self.context.icons = palette, icons
        counts, count_locs = self.components.counts(raw["counts"], data["counts"])
        game = Game(
            id=gid,
            title=values["title"] or gid or "",
            version=values["version"],
            players=values["players"],
            root=self.context.root,
            engine=engine,
            engine_loc=loc_of(m, "engine") if engine else None,
            suits=tuple(self.context.suits.values()),
            colours=tuple(self.context.palette.items()),
            rules=rules,
            actions=tuple(self.context.actions.values()),
            decks=parts["decks"],
            boards=parts["boards"],
            area_cards=parts["area_cards"],
            tokens=parts["tokens"],
            player_aids=parts["player_aids"],
            declared=counts,
            declared_locs=count_locs,
            loc=here,
            icons=tuple(self.context.icons.values()),
            terrains=tuple(self.context.terrains.values()),
            variants=tuple(variants),
            fonts=self.files.fonts(values["fonts"]),
            credits=values["credits"],
            licence=values["licence"].strip(),
            also_needed=values["also_needed"],
            shuffled_together=values["shuffled_together"] or (),
            sim=values["sim"] or Simulation(),
            provisional=tuple(self.context.marked),
            playing_time=values["playing_time"],
        )
        game = resolve_references(game, self.context.problems, self.context.at)  # text that names data prints it
        if values["rulebook"]:
            from .rulebook import read_rulebook, resolve_rulebook  # (Markdown reads only for a pack with rules)

            quiet = bool(self.context.problems.errors)  # (the rulebook's own syntax errors silence none of its refs)
            book = read_rulebook(self.context.root, values["rulebook"], loc_of(m, "rulebook"), self.context.problems)
            if book is not None:
                game = resolve_rulebook(replace(game, rulebook=book), self.context.problems, self.context.at, quiet)
        return game

    def read_cleanly(self, m: Any, key: str) -> bool:
        """Whether a field read without an error (the game's player counts: else variants' are not checked)."""
        loc = loc_of(m, key)
        return key not in m or not any(e.loc == loc for e in self.context.problems.errors)


def ensure_game(game_or_name: Game | str | None) -> Game:
    """A Game, loading it first when given a name or path."""
    if isinstance(game_or_name, Game):
        return game_or_name
    try:
        return load_game(game_or_name)
    except RecursionError:
        raise PnpgenError("content nests too deeply") from None
