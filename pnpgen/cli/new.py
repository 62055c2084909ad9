"""`pnpgen new`: start a content pack, fresh or copied from another."""

from __future__ import annotations

from pathlib import Path

import click

from ..authoring.scaffold import new_pack
from ..checks import check_game
from ..load.loader import load_game
from ..source.yamlsrc import display_path


@click.command("new")
@click.argument("name")
@click.option("--from", "source", metavar="PACK", help="Copy this pack (a bundled name or a folder) instead "
              "of starting fresh.")
@click.option("--into", type=click.Path(file_okay=False, path_type=Path), metavar="DIR",
              help="Folder to create the pack in (default: the working folder).")
@click.option("--title", metavar="TEXT", help="The game's title (default: the copied pack's with --from, else one "
              "made from NAME: my-game -> My Game).")
def new_cmd(name: str, source: str | None, into: Path | None, title: str | None) -> None:
    """Create the content pack folder NAME, ready for `pnpgen check`; never overwrites."""
    target = new_pack(name, into, source, title)
    report = check_game(load_game(str(target)))
    origin = f" from {source}" if source else ""
    click.echo(f"created {display_path(target)}{origin}")
    click.echo(report.summary)
    for e in report.errors + report.warnings:
        click.echo(str(e), err=True)
    click.echo(f"next: edit the YAML files, then run `pnpgen check {display_path(target)}`")


commands = [new_cmd]
