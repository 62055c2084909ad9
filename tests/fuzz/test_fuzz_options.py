"""Fuzz the command line: every command with options drawn from its own declarations (click's), each given a
good value, a value just out of range, one of the wrong type or hostile text; output folders are places in the
case's folder (never one above it). Exit 0, or one line per error and exit 1; nothing outside the outputs
changes, every SVG written parses."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from fuzz_mutations import NASTY_TEXT
from fuzz_promise import as_argv, run_in_process, scratch
from hypothesis import strategies as st

from pnpgen.cli import every_command
from pnpgen.files.paths import CONTENT_DIR

pytestmark = pytest.mark.slow  # each case runs pnpgen on a broken input (0.1 to 5 s)

GAMES = ("narrow-seas", "enemy-in-sight", "seas-of-havoc", "./narrow-seas", "x", "", "outside.yaml", "out", ".")
FOLDERS = ("out", "out/a/b", ".", "narrow-seas", "narrow-seas/sub", "outside.yaml", "", "-", "x" * 300, "out\udcffx",
           "keep", "keep/link")
# Values by option name; an option not named here gets hostile text. Costly good values are left out (a valid
# `--games 100000` is a long run, not a hang), and nothing names a folder above the case's.
VALUES: dict[str, tuple[str, ...]] = {
    "games": ("1", "2", "3", "0", "-1", "x", "", "1e3", "10000001", "99999999999999999999"),
    "sim_games": ("0", "2", "-1", "x", "100001"),
    "seed": ("1", "0", "-1", "x", "18446744073709551616", "-99999999999999999999999"),
    "agents": ("random,random", "greedy,greedy", "greedy", "random,greedy,random", "mcts,random", ",", "greedy,",
               "x,y", "", "random," * 20),
    "players": ("1", "2", "3", "4", "5", "8", "9", "0", "-1", "x", "9999"),
    "jobs": ("1", "0", "257", "x"),  # (several workers run in a process of their own: test_fuzz_processes)
    "report": FOLDERS, "unfinished_logs": FOLDERS, "out": FOLDERS, "into": FOLDERS,
    "fmt": ("pdf", "svg", "pdf,svg", "nine-card", "card-pdf", "x", "pdf,,svg", "", "svg,svg", "PDF", "png,x"),
    "profile": ("home", "drivethrucards", "thegamecrafter", "bgg-9card", "x", ""),
    "paper": ("a4", "letter", "both", "A4", "x"),
    "duplex": ("long-edge", "fold", "none", "x"),
    "back_offset": ("0,0", "1,-1", "nan,nan", "inf,0", "21,0", "1", "1,2,3", "x,y", "", "1e400,0"),
    "printer_margin": ("0", "5", "40", "40.1", "-1", "nan", "inf", "x"),
    "extra_limit": ("0", "24", "1000", "1001", "-1", "x"),
    "dpi": ("50", "49", "601", "0", "x"),
    "at": ("0", "1", "-1", "99999", "x"),
    "sets": ("rules.mercy_margin=3,4", "rules.hand_size=5", "rules.x=1", "rules.mercy_margin=", "=", "x",
             "rules.mercy_margin=a,b", "rules.mercy_margin=1e999", "rules.crew_per_ship=0", "rules.round_cap=1"),
    "agent_options": ("mcts.iterations=10", "mcts.iterations=0", "mcts.iterations=-1", "mcts.x=1", "greedy.x=1",
                      "x", "=", "mcts.iterations=", "mcts.iterations=ten", "random.seed=1"),
    "executor": ("local", "x"),
    "scheduler": ("tcp://127.0.0.1:1", "x"),
    "source": ("narrow-seas", "enemy-in-sight", "x", "./narrow-seas", "outside.yaml", ""),
    "game": GAMES, "games_arg": GAMES,
    "deck": ("action", "ships", "x", ""),
    "position": ("position-01.yaml", "playtest-01.yaml", "outside.yaml", "x", "", ".", "narrow-seas"),
    "log": ("playtest-01.yaml", "position-01.yaml", "outside.yaml", "x", "", "."),
    "action": ('{"type": "pass"}', '{"type": "sail"}', "{", "[]", "", "null", '{"type": "\\ud800"}'),
    "name": ("my-game", "My Game", "", "-", "narrow-seas", "outside.yaml", "x" * 300, "a\nb", "é", "out"),
}
LEFT_OUT = {"watch", "serve", "port", "poll"}  # they run until Ctrl-C
OUTPUT_OPTIONS = ("out", "report", "unfinished_logs", "into")


def commands() -> dict[str, object]:
    """Every command by its words ('rules legal'), from the click group."""
    found = {}
    for name, command in every_command().items():
        for sub, inner in getattr(command, "commands", {}).items():
            found[f"{name} {sub}"] = inner
        if not getattr(command, "commands", None):
            found[name] = command
    return found


COMMANDS = commands()


@st.composite
def command_lines(draw) -> list[str]:
    """A command with arguments and a few options, each with a drawn value (sometimes a misspelt option)."""
    words = draw(st.sampled_from(sorted(COMMANDS)))
    command = COMMANDS[words]
    args = words.split()
    for param in command.params:
        if param.param_type_name == "argument":
            key = "games_arg" if param.name == "games" else param.name
            if param.required or draw(st.booleans()):
                args.append(draw(st.sampled_from(VALUES.get(key, NASTY_TEXT))))
    options = [p for p in command.params if p.param_type_name == "option" and p.name not in LEFT_OUT]
    for option in draw(st.lists(st.sampled_from(options), max_size=4, unique_by=lambda o: o.name)) if options else []:
        flag = option.opts[0]
        if draw(st.integers(0, 14)) == 0:
            flag = flag[:-1] or "--"  # misspelt
        if option.is_flag:
            args.append(flag)
        else:
            args += [flag, draw(st.sampled_from(VALUES.get(option.name, NASTY_TEXT)))]
    if args[0] == "build":  # quick unless told otherwise: no simulation, SVGs (unless a profile chooses), A4
        args += [] if "--sim-games" in args else ["--skip-sim"]
        args += [] if "--format" in args or "--profile" in args else ["--format", "svg"]
        args += [] if "--paper" in args else ["--paper", "a4"]
    if args[0] in ("simulate", "sweep") and "--games" not in args:
        args += ["--games", "2"]
    return args


def outputs_of(args: list[str]) -> tuple[str, ...]:
    """The folders a command line may write to: its output options, the output/ default, a new pack's folder,
    and a schema's folder in the pack."""
    outs = ["output"]
    for option in OUTPUT_OPTIONS:
        flag = "--" + option.replace("_", "-")
        if flag in args and args.index(flag) + 1 < len(args):
            outs.append(args[args.index(flag) + 1])
    if args[0] == "new" and len(args) > 1:
        into = args[args.index("--into") + 1] if "--into" in args[:-1] else "."
        outs.append(str(Path(into) / args[1]))  # (not f"{into}/{name}": with both empty that is the root, '/')
    if args[0] == "schema":  # (no game, or '': narrow-seas, the copy in the case folder)
        named = len(args) > 1 and args[1] and not args[1].startswith("--")
        outs.append(f"{args[1] if named else 'narrow-seas'}/schema")
    return tuple(outs)


def run_options_case(fuzz, args: list[str]) -> None:
    """Run one command line in a case folder holding a pack copy, the examples and a folder with links."""
    args = as_argv(args)
    with scratch() as case:
        case.copy_pack("narrow-seas")
        for example in ("position-01.yaml", "playtest-01.yaml"):
            shutil.copy(CONTENT_DIR / "narrow-seas" / "examples" / example, case.root / example)
        keep = case.root / "keep"
        (keep / "empty").mkdir(parents=True)
        (keep / "notes.txt").write_text("mine")
        (keep / "link").symlink_to("notes.txt")
        case.seal()
        outcome = run_in_process(args)
        fuzz.judge("options", " ".join(map(repr, args)), case.broken(outcome, outputs_of(args), located=False,
                                                                          pseudo=("<action>",)),
                   case.root)


def test_any_command_line_gives_one_line_errors_or_works(fuzz):
    found = fuzz.explore("options", command_lines(), lambda args: run_options_case(fuzz, args))
    assert not found, "\n".join(map(str, found))


def test_the_folders_a_command_line_writes_never_include_the_root():
    # Found by the long run: `new '' --into ''` made the harness check every SVG under '/' (pnpgen refused the
    # name with one line and wrote nothing).
    assert outputs_of(["new", "", "--into", ""]) == ("output", "", ".")
    assert outputs_of(["new", "x", "--into", "a"]) == ("output", "a", "a/x")
