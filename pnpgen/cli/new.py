"""`pnpgen new`: start a content pack, fresh or copied from another."""

from __future__ import annotations

from pathlib import Path

import click

from ..authoring.scaffold import layouts, new_pack
from ..checks import check_game
from ..load.loader import load_game
from ..source.yamlsrc import display_path


@click.command("new")
@click.argument("name", required=False)
@click.option("--from", "source", metavar="PACK", help="Copy this pack (a bundled name or a folder) instead "
              "of starting fresh.")
@click.option("--into", type=click.Path(file_okay=False, path_type=Path), metavar="DIR",
              help="Folder to create the pack in (default: the working folder).")
@click.option("--title", metavar="TEXT", help="The game's title (default: the copied pack's with --from, else one "
              "made from NAME: my-game -> My Game).")
@click.option("--layout", metavar="LAYOUT", help="Start from a layout of the gallery (see --list-layouts; default: "
              "classic).")
@click.option("--list-layouts", is_flag=True, help="List the gallery's layouts, one a line, with what each is for.")
def new_cmd(name: str | None, source: str | None, into: Path | None, title: str | None, layout: str | None,
            list_layouts: bool) -> None:
    """Create the content pack folder NAME, ready for `pnpgen check`; never overwrites."""
    if list_layouts:
        for layout_name, about in layouts().items():
            click.echo(f"{layout_name}: {about}")
        return
    if name is None:
        raise click.UsageError("Missing argument 'NAME' (the pack's folder name).")
    target = new_pack(name, into, source, title, layout)
    report = check_game(load_game(str(target)))
    origin = f" from {source}" if source else f" with the {layout} layout" if layout else ""
    click.echo(f"created {display_path(target)}{origin}")
    click.echo(report.summary)
    for e in report.errors + report.warnings:
        click.echo(str(e), err=True)
    click.echo(f"next: edit the YAML files, then run `pnpgen check {display_path(target)}`")


commands = [new_cmd]
