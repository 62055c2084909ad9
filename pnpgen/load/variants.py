"""Variants, the other ways to play a game: each read (inline or from its file) and linked against the game."""

from __future__ import annotations

from typing import Any

from ..errors import Loc
from ..model import Variant
from ..source.declare import ID, INVALID, describe
from ..source.fields import SectionPlace
from ..source.yamlsrc import key_loc, loc_of
from .components import Components
from .context import Context
from .files import Files
from .names import Names

COMPONENTS = (("deck", "decks"), ("board", "boards"), ("area card", "area_cards"), ("token", "tokens"),
              ("player aid", "player_aids"))


class Variants:
    """Loads a game's variants."""

    def __init__(self, context: Context, files: Files, names: Names, components: Components):
        self.context = context
        self.files = files
        self.names = names
        self.components = components

    def load_variants(self, value: Any, m: Any, base: dict[str, tuple], players: tuple[int, ...] | None
                      ) -> list[Variant]:
        """Each variant (inline, or a file named relative to the pack) with its rules and added components."""
        out: list[Variant] = []
        if value is None:
            return out
        if not isinstance(value, dict):
            self.context.error(loc_of(value) or loc_of(m, "variants"), f"variants: expected a mapping, got "
                         f"{describe(value)}")
            return out
        by_players: dict[int, str] = {}
        for vid, v in value.items():
            vid = str(vid)
            if ID.read(vid, SectionPlace(self.context.reading, "variants", vid, key_loc(value, vid))) is INVALID:
                continue
            if isinstance(v, str):
                v = self.files.include(v, loc_of(value, vid), f"variant {vid}")
                if v is None:
                    continue
            got = self.load_variant(vid, v, loc_of(value, vid), base, players)
            if got is None:
                continue
            if got.players in by_players:
                self.context.error(got.loc, f"variant '{vid}': variant '{by_players[got.players]}' is played by "
                             f"{got.players} players already")
            by_players.setdefault(got.players, vid)
            out.append(got)
        return out

    def load_variant(self, vid: str, v: Any, loc: Loc | None, base: dict[str, tuple],
                     players: tuple[int, ...] | None) -> Variant | None:
        what = f"variant '{vid}'"
        if not isinstance(v, dict):
            self.context.error(loc_of(v) or loc, f"{what}: expected a mapping, got {describe(v)}")
            return None
        values, raw, data = self.files.read_part(Variant, v, what, loc_of(v) or loc, key=vid, label=f"variant {vid} ")
        count = values["players"]
        if "players" in v and count and players is not None and count not in players:
            self.context.error(loc_of(v, "players"), f"{what}: {count} players: the game's 'players' "
                         f"({', '.join(map(str, players))}) must list every player count it is played with")
        colours = self.names.link_palette(raw["colours"], v.get("colours"))
        self.context.palette.update(colours)
        own_icons = {i.id: self.names.link_icon(i) for i in raw["icons"] or ()}
        self.context.icons.update(own_icons)
        rules = self.names.rules(raw["rules"], loc_of(v, "rules") or loc)
        self.context.players_now = (count,) if count else ()
        parts = self.components.link_components(raw, f"variant {vid} ", base)
        self.names.link_marks(values["provisional"], v.get("provisional"), {}, rules)
        self.context.players_now = ()
        for kind, key in COMPONENTS:
            first = {x.id: x.loc for x in base[key]}
            for x in parts[key]:
                if x.id in first:
                    self.context.error(x.loc, f"{what}: {kind} id '{x.id}' is the game's already (first defined at "
                                 f"{first[x.id]})")
        counts, count_locs = self.components.counts(raw["counts"], data["counts"])
        return Variant(vid, values["name"] or vid, count or 0, rules, tuple(colours.items()), parts["decks"],
                       parts["boards"], parts["area_cards"], parts["tokens"], parts["player_aids"],
                       tuple(own_icons.values()), counts, count_locs, loc_of(v) or loc, values["also_needed"],
                       values["provisional"])
