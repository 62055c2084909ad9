"""Seas of Havoc rules engine: the Island and Sea Phases, positions, actions, logs, agents and figures."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ...errors import IllegalAction, Loc, Problems
from ...gridmove import describe_manoeuvre, describe_shot
from ...model import CardType, Game
from ..api import Chart, Log, Position
from . import actions, agents, judge, metrics, position
from .game import SeasOfHavoc
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

    def card_text(self, content: Game, card: CardType) -> tuple[str, str] | None:
        """What a card does, in words, from the fields the engine reads."""
        return ("", effect_text(card)) if effect_text(card) else None

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

    def report_charts(self, content: Game, result: dict, rules: SeasOfHavoc) -> list[Chart]:
        return []


def effect_text(card: CardType) -> str:
    """A card's manoeuvres, shots, gains and flags in words ('' for a card with none of them)."""
    out = []
    move, ext, fire = card.field("move"), card.field("extended"), card.field("fire")
    if move is not None:
        out.append(f"Move {describe_manoeuvre(move)}.")
    if ext is not None:
        pay = " ".join(f"{n}{{{r}}}" for r, n in ext.cost)
        out.append(f"If that hit nothing, you may pay {pay} to go on: {describe_manoeuvre(ext)}.")
    for shot in fire or ():
        out.append(f"Fire {describe_shot(shot)}.")
    gain = card.field("gain")
    if gain:
        out.append("Gain " + " ".join(f"{n}{{{r}}}" for r, n in gain) + ".")
    if card.field("signal"):
        n = card.field("signal")
        out.append(f"You may use up to {n} flag{'s' if n != 1 else ''}.")
    for field, words in (("shot_range", "Your shots reach {} square(s) further."),
                         ("ram_infamy", "A ram scores {} more Infamy."),
                         ("extended_discount", "Extended manoeuvres cost you {} sail(s) less.")):
        if card.field(field):
            out.append(words.format(card.field(field)))
    return " ".join(out)


def status(s: SohState) -> str:
    """'round 3, sea phase, player 2 to move' or the result."""
    if s.phase == OVER:
        who = " and ".join(f"player {p}" for p in s.winners())
        scores = ", ".join(f"{s.score(p)}" for p in s.g.players)
        return f"game over after round {s.round}: {who} won on Infamy ({scores})"
    what = {ISLAND: "island phase", SEA: "sea phase"}.get(s.phase, "buying")
    if s.phase == SEA and s.turn is not None:
        what += f" ({s.turn.card}: {s.turn.stage})"
    return f"round {s.round}, {what}, player {s.to_move} to move"


ENGINE = SeasOfHavocEngine()

__all__ = ["ENGINE", "SeasOfHavoc", "SohState", "effect_text", "status"]
