"""Variants: other ways to play a game (another player count, teams ...), as rules that change and components added."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..errors import Loc
from ..source.declare import CAPITALISED, FileOr, Record, Table, declared, record
from . import sections
from .board import Board
from .cards import Deck
from .components import AreaCard, PlayerAid, Token
from .icons import Icon
from .rules import Rules

ADDED = "added to the game's"


@record("variant")
@dataclass(frozen=True)
class Variant:
    """A variant of a game: its player count, the rules it sets (over the game's) and the components it adds."""

    id: str = declared("the variant's id", from_key=True)
    name: str = declared("its name, printed on the pages of its components", default=CAPITALISED)
    players: int = declared("the player count it is played by", min=1, max=8)
    rules: Rules = sections.rules_section("rules parameters set over the game's")
    colours: tuple[tuple[str, str], ...] = sections.colours_section(f"colour names {ADDED}")
    decks: tuple[Deck, ...] = sections.decks_section(f"decks {ADDED} (a deck may repeat another's cards: cards_from)")
    boards: tuple[Board, ...] = sections.boards_section(f"boards {ADDED}, listed before them")
    area_cards: tuple[AreaCard, ...] = sections.area_cards_section(f"area cards {ADDED}")
    tokens: tuple[Token, ...] = sections.tokens_section(f"tokens {ADDED}")
    player_aids: tuple[PlayerAid, ...] = sections.player_aids_section(f"player aids {ADDED}")
    icons: tuple[Icon, ...] = sections.icons_section(f"icons {ADDED}")
    declared: tuple[tuple[str, int], ...] = sections.counts_section("the totals of the game as played this way")
    declared_locs: tuple[tuple[str, Loc], ...] = field(default=(), compare=False, repr=False)
    loc: Loc | None = field(default=None, compare=False, repr=False)
    also_needed: tuple[str, ...] = sections.also_needed_field("what players bring for this variant, besides the "
                                                              "game's")
    provisional: tuple[tuple[str, str], ...] = sections.marks_field("its own rules parameters not final yet: "
                                                                    "'rules.NAME' to why", ())
    # the game's boards, area cards, tokens and player aids whose text reads otherwise under this variant's rules
    # (a reference to a rule it changes), as they read here: printed for it in place of the game's
    restated: tuple = field(default=(), compare=False, repr=False)

    def restates(self, record) -> bool:
        """Whether a component of the game reads otherwise in this variant."""
        return any(type(r) is type(record) and r.id == record.id for r in self.restated)


def variants_section() -> Any:
    """The `variants` section of game.yaml: each variant inline or in a file of its own."""
    return declared("other ways to play it (another player count, teams), by id", kind=Table(FileOr(Record(Variant))),
                    default=(), section=True)
