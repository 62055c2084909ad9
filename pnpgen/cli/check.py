"""`pnpgen check`: load a game and run its consistency checks."""

from __future__ import annotations

import click

from ..checks import INK_MODES, check_game
from ..errors import ContentErrors, PnpgenError
from ..files.paths import resolve_game
from ..load.loader import load_game
from .params import MARGIN


@click.command("check")
@click.argument("games", nargs=-1)
@click.option("--strict", is_flag=True, help="Treat warnings as errors.")
@click.option("--printer-margin", "printer_margin", type=MARGIN, default=None, metavar="MM",
              help="Paper edge in mm that must stay free of ink on every page (default: the sheet template's, 5).")
@click.option("--ink-saver", is_flag=True,
              help="Preflight the low-ink kit only, as `build --ink-saver` does (default: the full-colour kit and the "
                   "low-ink one; a finding of the low-ink kit alone says so).")
@click.option("--verbose", "-v", is_flag=True, help="Also print notes: text shrunk to fit its box, and the like.")
def check_cmd(games: tuple[str, ...], strict: bool, printer_margin: float | None, ink_saver: bool,
              verbose: bool) -> None:
    """Check one or more games (default: narrow-seas), their templates and layout; exit 1 on any error."""
    failed = False
    for name in games or (None,):
        try:
            report = check_game(load_game(name), layout=True, printer_margin=printer_margin,
                                ink_modes=(True,) if ink_saver else INK_MODES)
        except ContentErrors as e:
            failed = True
            click.echo(f"{resolve_game(name).resolve().name}: does not load — {error_count(e)}")
            for err in e.errors:
                click.echo(str(err), err=True)
            continue
        except PnpgenError as e:  # not a game: say so and check the others
            failed = True
            click.echo(f"error: {e}", err=True)
            continue
        click.echo(report.summary)
        for e in report.errors:
            click.echo(str(e), err=True)
        for w in report.warnings:
            click.echo(str(w), err=True)
        for n in report.notes if verbose else ():
            click.echo(str(n), err=True)
        failed |= not report.ok or (strict and bool(report.warnings))
    if failed:
        raise SystemExit(1)


def error_count(e: ContentErrors) -> str:
    """'3 error(s)', or 'more than 50 errors' when the error limit stopped the pass."""
    stopped = [x for x in e.errors if x.message.startswith("too many errors")]
    n = len(e.errors) - len(stopped)
    return f"more than {n} errors" if stopped else f"{n} error(s)"


commands = [check_cmd]
