"""`pnpgen rules legal|apply`: ask the rules engine what is legal in a position, or play one action."""

from __future__ import annotations

import json

import click

from ..engine.narrow_seas import describe_action, load_position, to_json, write_position
from ..engine.narrow_seas.actions import parse_action
from ..engine.narrow_seas.judge import PHASE_RULE, check
from ..engine.narrow_seas.log import status
from ..errors import IllegalAction


@click.group("rules")
def rules_group() -> None:
    """Ask the rules engine about a position file (see README: Positions)."""


@rules_group.command("legal")
@click.argument("position")
@click.option("--json", "as_json", is_flag=True, help="One JSON object per legal action, nothing else.")
def legal_cmd(position: str, as_json: bool) -> None:
    """List every legal action of the player to move, in a stable order."""
    pos = load_position(position)
    s, g = pos.state, pos.state.g
    actions = s.legal_actions()
    if as_json:
        for a in actions:
            click.echo(json.dumps(to_json(g, a)))
        return
    click.echo(f"{status(s)}: {len(actions)} legal action{'s' if len(actions) != 1 else ''}")
    for a in actions:
        click.echo(f"  {describe_action(g, a)}")


@rules_group.command("apply")
@click.argument("position")
@click.argument("action")
def apply_cmd(position: str, action: str) -> None:
    """Play ACTION (a JSON object) in POSITION and print the resulting position as YAML."""
    pos = load_position(position)
    a, player = parse_action(pos.state.g, action)
    s = pos.state
    try:
        if player is not None and player != s.current_player():
            raise IllegalAction(f"it is player {s.current_player()}'s turn, not player {player}'s",
                                PHASE_RULE[s.phase])
        check(s, a)
    except IllegalAction as e:
        click.echo(f"error: illegal action: {e}", err=True)
        raise SystemExit(1) from None
    s.apply(a)
    click.echo(write_position(pos), nl=False)


commands = [rules_group]
