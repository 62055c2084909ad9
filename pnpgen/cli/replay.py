"""`pnpgen replay LOG`: check every action of a playtest log against its game's rules."""

from __future__ import annotations

from typing import NoReturn

import click

from ..engine.api import IllegalMove, replay
from ..engine.positions import open_log


def illegal_move(e: IllegalMove) -> NoReturn:
    """Say which action of a log is illegal, where it is written and why; exit 1."""
    where = f"{e.loc}: " if e.loc else ""
    click.echo(f"{where}error: action {e.index} ({e.text}) is illegal: {e.why}", err=True)
    raise SystemExit(1) from None


@click.command("replay")
@click.argument("log")
@click.option("--narrate", is_flag=True,
              help="Tell each action: where play stood, what was played and what it changed; then the outcome.")
def replay_cmd(log: str, narrate: bool) -> None:
    """Replay a playtest log; exit 1 naming the first illegal action and the rule it breaks."""
    engine, lg = open_log(log)
    try:
        done = replay(engine, lg)
    except IllegalMove as e:
        illegal_move(e)
    if narrate:
        from ..engine.narrate import narration

        for line in narration(engine, lg.position, [item.action for item in lg.actions]):
            click.echo(line)
        return
    click.echo(f"{lg.position.name}: {done.played} action{'s' if done.played != 1 else ''}, all legal; "
               f"{engine.status(done.state)}")


commands = [replay_cmd]
