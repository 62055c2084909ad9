"""`pnpgen replay LOG`: check every action of a playtest log against its game's rules."""

from __future__ import annotations

from typing import NoReturn

import click

from ..engine.api import IllegalMove, replay
from ..engine.positions import open_log
from ..errors import PnpgenError
from ..files.atomic import check_target, write_atomically


def illegal_move(e: IllegalMove) -> NoReturn:
    """Say which action of a log is illegal, where it is written and why; exit 1."""
    where = f"{e.loc}: " if e.loc else ""
    click.echo(f"{where}error: action {e.index} ({e.text}) is illegal: {e.why}", err=True)
    raise SystemExit(1) from None


@click.command("replay")
@click.argument("log")
@click.option("--narrate", is_flag=True,
              help="Tell each action: where play stood, what was played and what it changed; then the outcome.")
@click.option("--frames", "frames_dir", type=click.Path(file_okay=False), default=None, metavar="DIR",
              help="With --narrate: also write DIR with a picture (SVG) of the position after each action and "
                   "index.html, the narration with each line linked to its picture.")
def replay_cmd(log: str, narrate: bool, frames_dir: str | None) -> None:
    """Replay a playtest log; exit 1 naming the first illegal action and the rule it breaks."""
    if frames_dir is not None and not narrate:
        raise PnpgenError("--frames goes with --narrate (the pictures are the narration's)")
    target = check_target(frames_dir) if frames_dir is not None else None  # refused before anything is played
    engine, lg = open_log(log)
    try:
        done = replay(engine, lg)
    except IllegalMove as e:
        illegal_move(e)
    if target is not None:
        from pathlib import Path

        from ..components.scene import frames

        title = f"{lg.position.state.rules.content.title}: {Path(log).name}"
        lines, files = frames(engine, lg.position, [item.action for item in lg.actions], title)
        write_atomically(target, files)
        for line in lines:
            click.echo(line)
        click.echo(f"wrote {frames_dir}/index.html and {len(files) - 1} pictures", err=True)
        return
    if narrate:
        from ..engine.narrate import narration

        for line in narration(engine, lg.position, [item.action for item in lg.actions]):
            click.echo(line)
        return
    click.echo(f"{lg.position.name}: {done.played} action{'s' if done.played != 1 else ''}, all legal; "
               f"{engine.status(done.state)}")


commands = [replay_cmd]
