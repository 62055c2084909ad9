"""The `pnpgen` command line: parses options and calls library functions."""

from __future__ import annotations

import importlib
import os
import sys

import click

from .. import __version__
from ..errors import ContentError, ContentErrors, PnpgenError, escaped

# One module per command (group); each exposes `commands`, a list of click commands.
COMMAND_MODULES = ("check", "listing", "build", "rules", "replay", "simulate", "sweep", "new", "schema", "export")


class PnpgenGroup(click.Group):
    """A group that turns known errors into one line each and exit status 1."""

    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except ContentErrors as e:
            for err in e.errors:
                click.echo(str(err), err=True)
            ctx.exit(1)
        except ContentError as e:  # already reads "file:line:col: error: ..."
            click.echo(str(e), err=True)
            ctx.exit(1)
        except PnpgenError as e:
            click.echo(escaped(f"error: {e}"), err=True)
            ctx.exit(1)
        except click.UsageError as e:  # a mistyped command or option: one line too, and exit status 1
            hint = f" (see '{e.ctx.command_path} --help')" if e.ctx is not None else ""
            click.echo(f"error: {e.format_message()}{hint}", err=True)
            ctx.exit(1)
        except BrokenPipeError:  # output piped into `head` and the like: stop quietly
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            ctx.exit(0)
        except OSError as e:
            where = f"{e.filename}: " if getattr(e, "filename", None) else ""
            click.echo(f"error: {where}{e.strerror or e}", err=True)
            ctx.exit(1)
        except KeyboardInterrupt:
            click.echo("interrupted", err=True)
            ctx.exit(130)


@click.group(cls=PnpgenGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="pnpgen")
def main() -> None:
    """pnpgen: check board-game content with its rules engine and lay it out for print and play."""
    # A path of bytes that are not UTF-8 reaches Python as lone surrogates; shown on a UTF-8 terminal, it must
    # print escaped (as stderr does) rather than end the command with an encoding error.
    if hasattr(sys.stdout, "reconfigure") and sys.stdout.errors == "strict":
        sys.stdout.reconfigure(errors="backslashreplace")


def _add_commands() -> None:
    for name in COMMAND_MODULES:
        full = f"{__name__}.{name}"
        try:
            module = importlib.import_module(full)
        except ModuleNotFoundError as e:
            if e.name != full:
                raise
            continue
        for command in module.commands:
            main.add_command(command)


try:
    _add_commands()
except KeyboardInterrupt:  # Ctrl-C while the commands load (before `main` can catch it): the same line and status
    click.echo("interrupted", err=True)
    raise SystemExit(130) from None
