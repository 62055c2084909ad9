"""A game's or variant's components linked: decks and boards through their own parts, area cards, tokens and
player aids here."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..source.yamlsrc import loc_of
from .boards import Boards
from .context import Context
from .decks import Decks
from .files import Files
from .names import Names


class Components:
    """Links the components of a game or variant."""

    def __init__(self, context: Context, files: Files, names: Names, decks: Decks, boards: Boards):
        self.context = context
        self.files = files
        self.names = names
        self.decks = decks
        self.boards = boards

    def link_components(self, raw: dict[str, Any], label: str, base: dict[str, tuple] | None = None
                        ) -> dict[str, tuple]:
        """The decks, boards, area cards, tokens and player aids of a game or variant, references linked."""
        return {
            "decks": self.decks.link_decks(raw.get("decks") or (), label, (base or {}).get("decks", ())),
            "boards": self.boards.link_boards(raw.get("boards") or ()),
            "area_cards": self.link_area_cards(raw.get("area_cards") or ()),
            "tokens": self.link_tokens(raw.get("tokens") or ()),
            "player_aids": self.link_aids(raw.get("player_aids") or ()),
        }

    def link_area_cards(self, cards: tuple) -> tuple:
        self.context.unique(cards, "area card")
        out = []
        for c in cards:
            self.context.unique(c.areas, "area", within=f"{self.context.source(c).what} ")
            c = self.names.link_colours(c, "colour")
            self.context.mark(c, f"{c.name} (card)")
            out.append(replace(c, template=self.files.template(c, "template", c.template),
                               image=self.files.image(c, "image", c.image)))
        return tuple(out)

    def link_tokens(self, tokens: tuple) -> tuple:
        self.context.unique(tokens, "token")
        out = []
        for t in tokens:
            m = self.context.source(t).mapping
            if t.shape == "custom" and t.path is None and "path" not in m:
                self.context.err(t, "shape", "shape 'custom' needs a 'path' (SVG path data in a 100 x 100 box)")
            elif t.path is not None and t.shape != "custom":
                self.context.err(t, "path", f"field 'path' is the outline of shape 'custom' (this token has shape "
                         f"'{t.shape}')")
            suit = self.names.suit(t, "suit", t.suit)
            t = self.names.link_colours(t, "colour", "back_colour", default="#ffffff")
            self.context.mark(t, f"{t.name} (token)")
            out.append(
                replace(
                    t,
                    suit=suit,
                    template=self.files.template(t, "template", t.template),
                    colour_loc=self.names.colour_loc(t, "colour"),
                    image=self.files.image(t, "image", t.image),
                    back_image=self.files.image(t, "back_image", t.back_image),
                )
            )
        return tuple(out)

    def link_aids(self, aids: tuple) -> tuple:
        self.context.unique(aids, "player aid")
        for a in aids:
            if a.per_player and "count" in self.context.source(a).mapping:
                self.context.err(a, "count", "an aid prints 'count' copies or one 'per_player', not both")
            self.context.mark(a, f"{a.title} (player aid)")
        return tuple(
            replace(
                a,
                template=self.files.template(a, "template", a.template),
                sections=tuple(
                    replace(s, image=self.files.image(s, "image", s.image)) if s.image else s for s in a.sections
                ),
            )
            for a in aids
        )

    def counts(self, pairs: Any, raw: Any) -> tuple[tuple, tuple]:
        """Declared totals in the order written, and where each was written (`check` knows which names count)."""
        return tuple(pairs or ()), tuple((k, loc_of(raw, k)) for k, _ in pairs or ())
