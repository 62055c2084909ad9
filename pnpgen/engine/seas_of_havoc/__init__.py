"""Seas of Havoc rules engine: the Island and Sea Phases, positions, actions, logs, agents and figures."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ...errors import IllegalAction, Loc, Problems
from ...model import CardType, Game
from .. import api
from ..api import Log, Position
from . import actions, agents, judge, metrics, position
from .game import UPGRADE_DECK, SeasOfHavoc
from .invariants import invariants
from .state import ISLAND, OVER, SEA, SohState


class SeasOfHavocEngine:
    """Seas of Havoc as pnpgen's engine contract (pnpgen.engine.api.Engine) sees it."""

    name = "seas-of-havoc"
    rules_sections = judge.SECTIONS

    # content
    def make_rules(self, content: Game, players: int | None = None) -> SeasOfHavoc:
        """The rules at a player count (None: the smallest)."""
        return SeasOfHavoc(content, players)

    def check(self, content: Game, problems: Problems) -> None:
        """The pack's checks (checks/seas_of_havoc.py)."""
        from ...checks import seas_of_havoc as soh_checks

        soh_checks.check(content, problems)

    def summary(self, content: Game) -> list[str]:
        """Ship boards beyond the generic counts."""
        boards = sum(1 for c in content.area_cards if c.kind == "mat")
        return [f"{boards} ship boards"] if boards else []

    def card_text(self, content: Game, card: CardType):
        """What an upgrade does, in words, from the fields the engine reads (moves, shots, gains and flags print
        from the cards' own fields)."""
        text = upgrade_text(card)
        if not text:
            return None
        make = getattr(api, "CardText", None)  # the contract's text record, where it has one
        return make("", text) if make is not None else ("", text)

    # actions
    def action_to_json(self, rules: SeasOfHavoc, action: Any) -> dict:
        return actions.to_json(rules, action)

    def action_from_json(self, rules: SeasOfHavoc, obj: Any, problems: Problems, what: str, loc: Loc | None):
        return actions.from_json(rules, obj, problems, what, loc)

    def describe_action(self, rules: SeasOfHavoc, action: Any) -> str:
        return actions.describe_action(rules, action)

    def why_illegal(self, state: SohState, action: Any) -> IllegalAction | None:
        return judge.why_illegal(state, action)

    def status(self, state: SohState) -> str:
        """Where a game stands, in a few words."""
        return status(state)

    def turn_rule(self, state: SohState) -> str:
        return judge.turn_rule(state)

    # positions and logs
    def read_position(self, source, problems: Problems, extra_keys: tuple[str, ...] = ()) -> Position:
        """A position from a file's located mapping (source: doc, content, game_ref, base, name)."""
        pos = position.read_position(source.doc, problems, source.base, source.name, source.content, extra_keys)
        pos.game_ref = source.game_ref
        return pos

    def invariants(self, state: SohState) -> list[str]:
        """What is wrong with a state by the rules' bookkeeping; [] when everything adds up."""
        return invariants(state)

    def load_position(self, path: Path, content: Game, extra_keys: tuple[str, ...] = ()) -> Position:
        return position.load_position(path, content, extra_keys)

    def write_position(self, pos: Position) -> str:
        return position.write_position(pos)

    def load_log(self, path: Path, content: Game) -> Log:
        return position.load_log(path, content)

    def write_log(self, start: SohState, actions_: list, game_ref: str, header: str = "") -> str:
        return position.write_log(start, actions_, game_ref, header)

    # simulation
    def agents(self) -> dict:
        return dict(agents.AGENTS)

    def metrics(self, rules: SeasOfHavoc) -> metrics.SohMetrics:
        return metrics.SohMetrics(rules)

    def report_lines(self, rules: SeasOfHavoc, result: dict) -> list[str]:
        """The simulation table's lines about Seas of Havoc's own figures."""
        return metrics.report_lines(rules, result)

    def report_charts(self, rules: SeasOfHavoc, result: dict) -> list:
        """Bar charts of Infamy by source, location popularity and Market cards bought."""
        return metrics.report_charts(rules, result, getattr(api, "CHART_KINDS", None) and api.Chart)

    def playout(self, state: SohState, rng, metrics_) -> int | None:
        """No loop of its own: the simulator plays the generic one."""
        return None


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
