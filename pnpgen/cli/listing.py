"""`pnpgen list`: the bundled packs and their components."""

from __future__ import annotations

import click

from ..checks import summary
from ..errors import ContentErrors
from ..files.paths import bundled_packs
from ..load.loader import load_game


@click.command("list")
def list_cmd() -> None:
    """List the bundled content packs and what each holds."""
    for name in bundled_packs():
        try:
            game = load_game(name)
        except ContentErrors as e:
            click.echo(f"{name}: does not load ({len(e.errors)} error(s); run `pnpgen check {name}`)")
            continue
        click.echo(f"{summary(game)}  [{game.title} {game.version}, {'/'.join(map(str, game.players))} players]")


commands = [list_cmd]
