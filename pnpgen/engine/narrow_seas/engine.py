"""The Narrow Seas engine as pnpgen sees it: the contract of engine/api.py, implemented by this package."""

from __future__ import annotations

from typing import Any

from ...errors import IllegalAction, Loc, Problems
from ...model import CardType, Game
from .. import api
from . import cardtext, fast_random, invariants, judge, log, params, position, readings, report, scene
from .actions import describe_action, from_json, to_json
from .agents import greedy
from .game import NarrowSeas
from .state import NarrowSeasState


def _greedy(rules: NarrowSeas, player: int, options: dict[str, str]) -> api.Agent:
    return greedy


class NarrowSeasEngine(api.Engine):
    """Narrow Seas: the two-player game and the four-player team game."""

    name = "narrow-seas"
    rules_parameters = params.Params
    narration_quiet = (*api.Engine.narration_quiet, "planned", "passed")
    sections = readings.SECTIONS

    def make_rules(self, content: Game, players: int | None = None) -> NarrowSeas:
        """The game on the content's own board (or its variant's, for that variant's player count)."""
        return NarrowSeas(content, None, players)

    def card_text(self, content: Game, card: CardType) -> api.CardText | None:
        """Requirements and effect from the card's action fields."""
        return cardtext.card_text(content, card)

    def card_diagram(self, content: Game, card: CardType) -> api.CardDiagram | None:
        """Sail headings from the wind, a cannon's range and damage, the crew a card brings back."""
        return cardtext.card_diagram(card)

    def action_to_json(self, rules: NarrowSeas, action: tuple) -> dict:
        """The action's JSON object."""
        return to_json(rules, action)

    def action_from_json(self, rules: NarrowSeas, obj: Any, problems: Problems, what: str,
                         loc: Loc | None) -> tuple[tuple, int | None] | None:
        """(action tuple, the player it names) from a JSON object, or None after located errors."""
        return from_json(rules, obj, problems, what, loc)

    def describe_action(self, rules: NarrowSeas, action: tuple) -> str:
        """The action as a sentence."""
        return describe_action(rules, action)

    def why_illegal(self, state: NarrowSeasState, action: tuple) -> IllegalAction | None:
        """The first rule the action breaks, or None."""
        return judge.why_illegal(state, action)

    def scene(self, state: NarrowSeasState, viewer: int | None = None) -> api.Scene:
        """Ship markers on their hexes, hands and markets, the rest in words."""
        return scene.scene(state, viewer)

    def action_spots(self, state: NarrowSeasState, action: tuple) -> tuple[api.Spot, ...]:
        """The ships, hand or Market card and hex an action involves."""
        return scene.spots(state, action)

    def status(self, state: NarrowSeasState) -> str:
        """Round, phase and who is to move, or how the game ended."""
        return log.status(state)

    def turn_rule(self, state: NarrowSeasState) -> str:
        """The rule of the current phase."""
        return judge.PHASE_RULE[state.phase]

    def readings(self, content: Game) -> tuple[api.Reading, ...]:
        """Where the rulebook leaves room: the draw, the reshuffle, casualties, the Wind card, the team game."""
        return readings.readings(content)

    def invariants(self, state: NarrowSeasState) -> list[str]:
        """Crew and cards conserved, hands and Markets within their sizes, ships on distinct hexes."""
        return invariants.problems(state)

    def read_position(self, source: api.Source, problems: Problems,
                      extra_keys: tuple[str, ...] = ()) -> api.Position:
        """A Narrow Seas position (docs/positions.md)."""
        return position.read_position(source, problems, extra_keys)

    def write_position(self, pos: api.Position) -> str:
        """The position's YAML, naming its game and board as the file did."""
        return position.write_position(pos)

    def write_log(self, start: NarrowSeasState, actions: list, game_ref: str, header: str = "") -> str:
        """A playtest log from `start` through `actions`."""
        return log.write_log(start, actions, game_ref=game_ref, header=header)

    def agents(self) -> dict[str, api.AgentFactory]:
        """The greedy captain."""
        return {"greedy": _greedy}

    def metrics(self, rules: NarrowSeas) -> report.NarrowSeasMetrics:
        """Card plays, dead hands, reshuffles and hex visits of one game."""
        return report.NarrowSeasMetrics()

    def report_lines(self, rules: NarrowSeas, result: dict) -> list[str]:
        """Dead hands, reshuffles, the most played cards."""
        return report.report_lines(result)

    def report_charts(self, rules: NarrowSeas, result: dict) -> list[api.Chart]:
        """The hex heat map."""
        return report.report_charts(rules, result)

    def playout(self, state: NarrowSeasState, rng: api.RandomSource, metrics: report.NarrowSeasMetrics,
                max_rounds: int | None = None) -> int:
        """The fast random loop of fast_random.py: the generic loop's very game, quicker."""
        return fast_random.random_playout(state, rng, metrics.stats, max_rounds)


ENGINE = NarrowSeasEngine()
