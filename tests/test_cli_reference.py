"""docs/reference/command-line.md is made from the commands' own help: it shows every command and option, and
matches the commands now (a renamed option or a changed help fails here until the page is regenerated)."""

from __future__ import annotations

import re
from pathlib import Path

from click.testing import CliRunner

from pnpgen.cli import COMMANDS, main
from pnpgen.cli.reference import COMMAND, command_line_reference

PAGE = Path(__file__).resolve().parents[1] / "docs" / "reference" / "command-line.md"


def test_the_committed_page_is_up_to_date() -> None:
    assert PAGE.read_text(encoding="utf-8") == command_line_reference(), f"{PAGE.name} is stale: run {COMMAND}"


def test_the_page_shows_every_command_and_option_as_its_help_does() -> None:
    page = command_line_reference()
    headings = re.findall(r"^## (pnpgen.*)$", page, re.M)
    assert {f"pnpgen {name}" for name in COMMANDS} <= set(headings)
    assert {"pnpgen rules legal", "pnpgen rules apply", "pnpgen rules draw"} <= set(headings)
    shown = 0
    for name in COMMANDS:
        helped = CliRunner().invoke(main, [name, "--help"], terminal_width=100)
        assert helped.exit_code == 0, helped.output
        for option in re.findall(r"^\s+(--[a-z][a-z-]*)", helped.output, re.M):
            section = page.split(f"## pnpgen {name}\n", 1)[1].split("\n## ", 1)[0]
            assert option in section, (name, option)
            shown += 1
    assert shown > 60
