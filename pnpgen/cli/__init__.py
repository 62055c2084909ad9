"""The `pnpgen` command line: parses options and calls library functions."""

from __future__ import annotations

import importlib
import os
import sys
import warnings

import click

from .. import __version__

# Each command by its name: the module of pnpgen.cli that defines it (in its `commands` list) and the first
# paragraph of its help. A command's module (and the library it calls) loads only when that command runs, so
# `pnpgen --help` and `pnpgen check` do not load the simulator, the renderers or the engines they do not use;
# tests/test_cli_lazy.py holds each help here to the command's own.
COMMANDS: dict[str, tuple[str, str]] = {
    "build": ("build", "Check GAME (default: narrow-seas), then write its PDFs and SVGs to OUT/<game>/."),
    "check": ("check", "Check one or more games (default: narrow-seas), their templates and layout; exit 1 on any "
                       "error."),
    "export-cards": ("export", "Write the cards of DECK in GAME as CSV: a header row of field names (card fields as "
                               "fields.NAME), a row per card. Name the file in the deck (`cards: cards.csv`) and it "
                               "reads back as the same cards."),
    "list": ("listing", "List the bundled content packs and what each holds."),
    "new": ("new", "Create the content pack folder NAME, ready for `pnpgen check`; never overwrites."),
    "package": ("package", "Write OUT/<game>-entry.zip: the kit in full colour and low ink on A4 and Letter, the "
                           "rules and the rules booklet, the Tabletop Simulator save with its images, and a text "
                           "file of what is in the box and what to print. GAME defaults to narrow-seas; the pack is "
                           "checked as `build` checks it."),
    "play": ("play", "Play GAME (default: narrow-seas) in a browser against the bundled agents, or hot-seat: the "
                     "page shows the position as your seat sees it; you play on the board (or from the list of your "
                     "legal actions); the finished game downloads as a playtest log. Ctrl-C stops."),
    "replay": ("replay", "Replay a playtest log; exit 1 naming the first illegal action and the rule it breaks."),
    "rules": ("rules", "Ask the rules engine about a position file (see docs/positions.md)."),
    "schema": ("schema", "Write JSON Schema files (draft 2020-12) for GAME's YAML files (default: narrow-seas), "
                         "including its engine's rules parameters; an editor reads them through a `# "
                         "yaml-language-server: $schema=...` line."),
    "simulate": ("simulate", "Play GAME (default: narrow-seas) between agents and report what happened."),
    "sweep": ("sweep", "Play GAME (default: narrow-seas) in every variant the --set values make; exit 1 if a variant "
                       "breaks the content (the others are still played)."),
}


class PnpgenGroup(click.Group):
    """A group that turns known errors into one line each and exit status 1, and loads each command when used."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(set(COMMANDS) | set(self.commands))

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name not in self.commands and name in COMMANDS:
            module = importlib.import_module(f"{__name__}.{COMMANDS[name][0]}")
            for command in module.commands:
                self.add_command(command)
        return self.commands.get(name)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The list of commands, from their helps here (click's own would load every command to read them)."""
        names = self.list_commands(ctx)
        limit = formatter.width - 6 - max(len(name) for name in names)
        shown = {name: self.commands.get(name) or click.Command(name, help=COMMANDS[name][1]) for name in names}
        rows = [(name, command.get_short_help_str(limit)) for name, command in shown.items()]
        with formatter.section("Commands"):
            formatter.write_dl(rows)

    def invoke(self, ctx: click.Context):
        from ..errors import ContentError, ContentErrors, PnpgenError, escaped  # (not for --help, which ends sooner)

        try:
            with warnings.catch_warnings():
                if not sys.warnoptions:  # (unless asked for with -W or PYTHONWARNINGS)
                    # A library's warning (Pillow's about a JPEG's damaged EXIF data, say) would print as two lines
                    # that are not pnpgen's: what a designer must know, pnpgen reports itself.
                    warnings.simplefilter("ignore")
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
    # Started with its output or error closed (`>&-`, some launchers), Python has None for the stream: what the
    # command says there goes nowhere instead of ending it.
    for name in ("stdout", "stderr"):
        if getattr(sys, name) is None:
            setattr(sys, name, open(os.devnull, "w", encoding="utf-8"))  # noqa: SIM115 (open while the process is)


def every_command() -> dict[str, click.Command]:
    """Every command by its name, loaded."""
    ctx = click.Context(main)
    return {name: main.get_command(ctx, name) for name in main.list_commands(ctx)}
