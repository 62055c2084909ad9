"""docs/reference/command-line.md, made from the commands' own click help: every command and subcommand, its usage,
its help and its options, as `pnpgen COMMAND --help` prints them.

Regenerate with `python -m pnpgen.cli.reference > docs/reference/command-line.md`; tests/test_cli_reference.py fails
while the committed page is stale.
"""

from __future__ import annotations

import click

COMMAND = "python -m pnpgen.cli.reference > docs/reference/command-line.md"
WIDTH = 100  # the help is wrapped at this width whatever the terminal, so the page is the same everywhere


def _context(command: click.Command, name: str, parent: click.Context | None) -> click.Context:
    """The command's context as the command line makes it (its context settings: `-h` too), wrapped at WIDTH."""
    return command.make_context(name, [], parent=parent, resilient_parsing=True, terminal_width=WIDTH,
                                max_content_width=WIDTH)


def _sections(command: click.Command, path: list[str], parent: click.Context | None, out: list[str]) -> None:
    ctx = _context(command, path[-1], parent)
    out += [f"## {' '.join(path)}", "", "```text", command.get_help(ctx), "```", ""]
    if isinstance(command, click.Group):
        for name in command.list_commands(ctx):
            sub = command.get_command(ctx, name)
            if sub is not None and not sub.hidden:
                _sections(sub, [*path, name], ctx, out)


def command_line_reference() -> str:
    """The command line reference page, as Markdown."""
    from . import main

    out = [
        "# Command line",
        "",
        "Every `pnpgen` command with its options, as `pnpgen COMMAND --help` prints them. This page is generated "
        "from",
        f"the commands' own help; do not edit it by hand: run `{COMMAND}`.",
        "",
        "A game is named by a bundled pack's name (`narrow-seas`, `enemy-in-sight`, `seas-of-havoc`) or by a path "
        "to a",
        "folder holding a `game.yaml`; no name means `narrow-seas`. Every error in content, positions and logs is "
        "one",
        "line, `file:line:col: error: message`, with exit status 1 and no traceback.",
        "",
    ]
    _sections(main, ["pnpgen"], None, out)
    return "\n".join(out).rstrip("\n") + "\n"


if __name__ == "__main__":
    import sys

    sys.stdout.write(command_line_reference())
