"""`pnpgen check`: load a game and run its consistency checks."""

from __future__ import annotations

import click

from ..checks import check_game
from ..loader import load_game


@click.command("check")
@click.argument("games", nargs=-1)
@click.option("--strict", is_flag=True, help="Treat warnings as errors.")
def check_cmd(games: tuple[str, ...], strict: bool) -> None:
    """Check one or more games (default: narrow-seas); exit 1 on any error."""
    failed = False
    for name in games or (None,):
        report = check_game(load_game(name))
        click.echo(report.summary)
        for e in report.errors:
            click.echo(str(e), err=True)
        for w in report.warnings:
            click.echo(str(w), err=True)
        failed |= not report.ok or (strict and bool(report.warnings))
    if failed:
        raise SystemExit(1)


commands = [check_cmd]
