"""Each command loads only what it needs: `--help` loads no command, a PDF build no SVG writer."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from click.testing import CliRunner

from pnpgen.cli import COMMANDS, PnpgenGroup, every_command, main


def loaded_after(args: list[str], tmp_path) -> set[str]:
    """The modules a fresh interpreter holds after running `pnpgen ARGS` (its exit status must be 0)."""
    code = ("import json, sys\nfrom pnpgen.cli import main\n"
            f"try:\n    main({args!r}, standalone_mode=False)\nexcept SystemExit as e:\n    assert not e.code, e\n"
            "print(json.dumps(sorted(sys.modules)))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path, check=True)
    return set(json.loads(done.stdout.splitlines()[-1]))


def test_the_table_of_commands_is_every_command_with_its_own_help():
    commands = every_command()
    assert sorted(commands) == sorted(COMMANDS)
    for name, command in commands.items():
        assert command.name == name
        first = " ".join(command.help.split("\n\n")[0].split())
        assert COMMANDS[name][1] == first, name


def test_the_help_lists_the_commands_as_click_would_with_each_loaded():
    unloaded = PnpgenGroup(main.name, params=main.params, help=main.help, context_settings=main.context_settings)
    assert not unloaded.commands
    lazy = CliRunner().invoke(unloaded, ["--help"]).output
    assert not unloaded.commands  # listing them loaded none
    every_command()  # each row of main's list now comes from the command itself
    assert lazy == CliRunner().invoke(main, ["--help"]).output
    assert "  build         Check GAME (default: narrow-seas), then write its PDFs and...\n" in lazy


def test_help_loads_no_command_nor_the_library(tmp_path):
    modules = loaded_after(["--help"], tmp_path)
    assert "click" in modules and "pnpgen.cli" in modules
    heavy = {m for m in modules if m.startswith(("pnpgen.", "yaml", "reportlab", "xml", "PIL"))}
    assert heavy == {"pnpgen.cli"}, heavy


def test_a_command_loads_its_own_module_only(tmp_path):
    modules = loaded_after(["list"], tmp_path)
    assert "pnpgen.cli.listing" in modules
    assert not {f"pnpgen.cli.{m}" for m, _ in COMMANDS.values() if m != "listing"} & modules
    assert not {"pnpgen.sim.runner", "pnpgen.render.pdf", "pnpgen.render.svg", "reportlab"} & modules


@pytest.mark.slow
def test_a_pdf_build_loads_no_svg_writer(tmp_path):
    modules = loaded_after(["build", "--paper", "a4", "--format", "pdf", "--skip-sim", "--out", "out"], tmp_path)
    assert "pnpgen.render.pdf" in modules and (tmp_path / "out" / "narrow-seas" / "narrow-seas-a4.pdf").is_file()
    assert not {"pnpgen.render.svg", "pnpgen.render.svgxml", "pnpgen.render.contact", "pnpgen.sim.runner"} & modules


def test_an_unknown_command_is_one_line_and_status_1():
    result = CliRunner().invoke(main, ["bild"])
    assert result.exit_code == 1
    assert result.output.startswith("error: No such command 'bild'")
    assert isinstance(main, PnpgenGroup)


def test_checking_a_pack_without_an_engine_reads_no_plug_ins(tmp_path):
    # (the installed packages' entry points are read only to find an engine or checks a pack names)
    from pnpgen.authoring.scaffold import new_pack
    new_pack("plain", into=tmp_path)
    assert "engine:" not in (tmp_path / "plain" / "game.yaml").read_text(encoding="utf-8")
    modules = loaded_after(["check", "plain"], tmp_path)
    assert "pnpgen.checks.generic" in modules and "importlib.metadata" not in modules
    assert "importlib.metadata" in loaded_after(["check", "narrow-seas"], tmp_path)
