"""`pnpgen replay LOG`: check every action of a playtest log against the rules."""

from __future__ import annotations

import click

from ..engine.narrow_seas import IllegalMove, load_log, replay
from ..engine.narrow_seas.log import status


@click.command("replay")
@click.argument("log")
def replay_cmd(log: str) -> None:
    """Replay a playtest log; exit 1 naming the first illegal action and the rule it breaks."""
    lg = load_log(log)
    try:
        done = replay(lg)
    except IllegalMove as e:
        where = f"{e.loc}: " if e.loc else ""
        click.echo(f"{where}error: action {e.index} ({e.text}) is illegal: {e.why}", err=True)
        raise SystemExit(1) from None
    click.echo(f"{lg.position.name}: {done.played} action{'s' if done.played != 1 else ''}, all legal; "
               f"{status(done.state)}")


commands = [replay_cmd]
