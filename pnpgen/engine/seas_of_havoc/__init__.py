"""Seas of Havoc rules engine: the Island and Sea Phases, positions, actions, logs, agents and figures."""

from __future__ import annotations

from typing import Any

from ...errors import IllegalAction, Loc, Problems
from ...model import CardType, Game
from .. import api
from ..api import Position
from . import actions, agents, judge, metrics, params, position, readings, scene
from .game import SeasOfHavoc
from .invariants import invariants
from .names import ISLAND, MARKET_DECK, OVER, SEA, START_DECK, UPGRADE_DECK
from .state import SohState


class SeasOfHavocEngine(api.Engine):
    """Seas of Havoc as pnpgen's engine contract (pnpgen.engine.api.Engine) sees it."""

    name = "seas-of-havoc"
    sections = judge.SECTIONS  # the rulebook's sections that illegal actions cite
    rules_parameters = params.Params
    narration_quiet = (*api.Engine.narration_quiet, "turn.*")

    # content
    def make_rules(self, content: Game, players: int | None = None) -> SeasOfHavoc:
        """The rules at a player count (None: the smallest)."""
        return position.rules_for(content, players or min(content.players))

    def card_text(self, content: Game, card: CardType) -> api.CardText | None:
        """What an upgrade does, in words, from the fields the engine reads (moves, shots, gains and flags print
        from the cards' own fields, drawn and in words)."""
        text = upgrade_text(card)
        return api.CardText("", text) if text else None

    def shuffled_together(self, content: Game) -> tuple[api.DeckGroup, ...]:
        """Each player's starting deck with the Market: a bought card goes into its buyer's hand, then with the
        starting cards into the discard pile and the draw pile (the Damage and upgrade decks stay apart)."""
        ids = {d.id for d in content.decks}
        starts = [START_DECK.format(p) for p in range(1, max(content.players) + 1)
                  if START_DECK.format(p) in ids] or [START_DECK.format(1)]
        return tuple(api.DeckGroup((MARKET_DECK, start), "Island Phase: buying",
                                   "a bought Market card goes into its buyer's hand, and from there with the "
                                   "starting cards into the discard pile and the deck")
                     for start in starts if start in ids and MARKET_DECK in ids)

    # actions
    def action_to_json(self, rules: SeasOfHavoc, action: Any) -> dict:
        """An action as a JSON object."""
        return actions.to_json(rules, action)

    def action_from_json(self, rules: SeasOfHavoc, obj: Any, problems: Problems, what: str, loc: Loc | None):
        """(action, player or None) from a JSON object, or None after located errors."""
        return actions.from_json(rules, obj, problems, what, loc)

    def describe_action(self, rules: SeasOfHavoc, action: Any) -> str:
        """An action as a sentence."""
        return actions.describe_action(rules, action)

    def why_illegal(self, state: SohState, action: Any) -> IllegalAction | None:
        """None if legal, else the reason and the rulebook's section."""
        return judge.why_illegal(state, action)

    def scene(self, state: SohState, viewer: int | None = None) -> api.Scene:
        """The ships on the sea, hands and the Market, the rest in words."""
        return scene.scene(state, viewer)

    def action_spots(self, state: SohState, action: Any) -> tuple[api.Spot, ...]:
        """The island's location, the Market card or the card in hand an action involves."""
        return scene.spots(state, action)

    def status(self, state: SohState) -> str:
        """Where a game stands, in a few words."""
        return status(state)

    def turn_rule(self, state: SohState) -> str:
        """The section saying whose turn it is."""
        return judge.turn_rule(state)

    def readings(self, content: Game) -> tuple[api.Reading, ...]:
        """Buying, restocking, the Capitol, flags, collisions, shots, wrecks and ties."""
        return readings.readings(content)

    def invariants(self, state: SohState) -> list[str]:
        """What is wrong with a state by the rules' bookkeeping; [] when everything adds up."""
        return invariants(state)

    # positions and logs
    def read_position(self, source: api.Source, problems: Problems, extra_keys: tuple[str, ...] = ()) -> Position:
        """A position from a file's located mapping."""
        return position.read_position(source.doc, problems, source.content, source.game_ref, source.name, extra_keys)

    def write_position(self, pos: Position) -> str:
        """A position as YAML text."""
        return position.write_position(pos)

    def write_log(self, start: SohState, actions_: list, game_ref: str, header: str = "") -> str:
        """A playtest log's YAML text."""
        return position.write_log(start, actions_, game_ref, header)

    # simulation
    def agents(self) -> dict:
        """The greedy captain (the simulator adds random)."""
        return dict(agents.AGENTS)

    def metrics(self, rules: SeasOfHavoc) -> metrics.SohMetrics:
        """A fresh per-game figures recorder."""
        return metrics.SohMetrics(rules)

    def report_lines(self, rules: SeasOfHavoc, result: dict) -> list[str]:
        """The simulation table's lines about Seas of Havoc's own figures."""
        return metrics.report_lines(rules, result)

    def report_charts(self, rules: SeasOfHavoc, result: dict) -> list[api.Chart]:
        """Bar charts of Infamy by source, location popularity and Market cards bought."""
        return metrics.report_charts(rules, result, api.Chart)


def upgrade_text(card: CardType) -> str:
    """What an upgrade changes, in words ('' for a card that is no upgrade, or changes nothing)."""
    out = []
    for field, words in (("shot_range", "Your shots reach {} square(s) further."),
                         ("ram_infamy", "A ram scores {} more Infamy."),
                         ("extended_discount", "Extended manoeuvres cost you {} sail(s) less.")):
        if card.field(field):
            out.append(words.format(card.field(field)))
    if card.deck == UPGRADE_DECK and not out:
        out.append("Worth its Infamy; it changes nothing else.")
    return " ".join(out)


def status(s: SohState) -> str:
    """'round 3, sea phase, player 2 to move' or the result."""
    if s.phase == OVER:
        who = " and ".join(f"player {p}" for p in s.winners)
        scores = ", ".join(f"{s.score(p)}" for p in s.g.players)
        return f"game over after round {s.round}: {who} won on Infamy ({scores})"
    what = {ISLAND: "island phase", SEA: "sea phase"}.get(s.phase, "buying")
    if s.phase == SEA and s.turn is not None:
        what += f" ({s.turn.card}: {s.turn.stage})"
    return f"round {s.round}, {what}, player {s.to_move} to move"


ENGINE = SeasOfHavocEngine()

__all__ = ["ENGINE", "SeasOfHavoc", "SohState", "status", "upgrade_text"]
