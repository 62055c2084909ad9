"""Fuzz whole processes (pnpgen as a process of its own): a broken pack checked or built with the real standard
streams (whose encodings CliRunner only imitates); Ctrl-C at a drawn moment of a build, a check or a two-worker
simulation, which must end within the bound with status 130 (or its own, when it finished first) and no
traceback; and a build killed (SIGKILL) at a drawn moment. An interrupted or killed rebuild leaves the previous
kit complete (or the new one), and the next build clears whatever a killed one left behind."""

from __future__ import annotations

import shutil
import tempfile
from functools import cache
from pathlib import Path

import pytest
from fuzz_mutations import broken_pack
from fuzz_promise import CASE_SECONDS, pack_command, run_in_process, run_process, scratch
from hypothesis import strategies as st

from pnpgen.files.paths import bundled_packs

pytestmark = pytest.mark.slow  # each case runs pnpgen on a broken input (0.1 to 5 s)

INTERRUPTED = ("build", "build", "check", "simulate --jobs 2")
STOP_SECONDS = 10.0  # the bound on stopping after Ctrl-C (a loaded machine included)
MOMENTS = (0.3, 0.8, 1.5, 2.5, 4.0)  # seconds after start-up


@st.composite
def process_case(draw):
    """('pack', name, mutations, command), ('interrupt', name, command, seconds) or ('kill', name, seconds)."""
    name = draw(st.sampled_from(bundled_packs()))
    kind = draw(st.sampled_from(("pack", "pack", "interrupt", "interrupt", "kill")))
    if kind == "pack":
        return ("pack", name, *draw(broken_pack(name)))
    if kind == "kill":
        return "kill", name, draw(st.sampled_from(MOMENTS))
    return "interrupt", name, draw(st.sampled_from(INTERRUPTED)), draw(st.sampled_from(MOMENTS))


def interrupted_command(command: str, game: str) -> list[str]:
    if command == "simulate --jobs 2":
        return ["simulate", game, "--games", "400", "--jobs", "2", "--agents", "random,random"]
    return pack_command(command, game)


@cache
def previous_kit(name: str) -> tuple[Path, frozenset[str]]:
    """An OUT folder holding a kit of the pack, built before the case, and its file list."""
    folder = Path(tempfile.mkdtemp(prefix="pnpgen-fuzz-kit-"))
    with scratch() as case:
        case.copy_pack(name)
        outcome = run_in_process(pack_command("build", f"./{name}"), seconds=120)
        assert outcome.exit_code == 0, outcome.stderr
        shutil.copytree(case.root / "out", folder / "out", symlinks=True)
    return folder / "out", files_in(folder / "out")


def files_in(out: Path) -> frozenset[str]:
    """The regular files of every kit folder in OUT (hidden entries of OUT itself left out)."""
    return frozenset(str(p.relative_to(out)) for p in out.rglob("*")
                     if p.is_file() and not p.relative_to(out).parts[0].startswith("."))


def kit_complete(out: Path, name: str) -> list[str]:
    """Why OUT does not hold a complete kit, the previous one or the new (an empty list when it does)."""
    expected = previous_kit(name)[1]
    have = files_in(out) if out.is_dir() else frozenset()
    if have == expected:
        return []
    return [f"the kit is not complete after the build stopped: {len(have)} files, missing "
            f"{', '.join(sorted(expected - have)[:5]) or 'none'}, unexpected {', '.join(sorted(have - expected)[:5])}"]


def leftovers(out: Path) -> list[str]:
    """Temporary folders a stopped build left in OUT."""
    return [f"left behind after the next build: out/{p.name}" for p in sorted(out.iterdir())
            if ".tmp-" in p.name or ".old-" in p.name] if out.is_dir() else []


def run_process_case(fuzz, case_args: tuple) -> None:
    """Run the case as a process of its own and judge it."""
    kind, name = case_args[:2]
    with scratch() as case:
        pack = case.copy_pack(name)
        game = f"./{name}"
        extra: list[str] = []
        if kind == "pack":
            mutations, command = case_args[2:]
            for mutation in mutations:
                mutation.apply(pack)
            case.seal()
            outcome = run_process(pack_command(command, game), case.root, seconds=2 * CASE_SECONDS)
            note = f"{command} after " + " | ".join(m.note for m in mutations)
        elif kind == "interrupt":
            command, seconds = case_args[2:]
            if command == "build":
                shutil.copytree(previous_kit(name)[0], case.root / "out", symlinks=True)
            case.seal()
            outcome = run_process(interrupted_command(command, game), case.root, seconds=STOP_SECONDS,
                                  interrupt_after=seconds)
            note = f"Ctrl-C {seconds} s into {command}"
            if command == "build":
                extra = kit_complete(case.root / "out", name)
        else:
            seconds = case_args[2]
            shutil.copytree(previous_kit(name)[0], case.root / "out", symlinks=True)
            case.seal()
            outcome = run_process(pack_command("build", game), case.root, seconds=STOP_SECONDS,
                                  interrupt_after=seconds, signal_number=9)
            outcome.exit_code = 0 if outcome.exit_code in (-9, 0, 1) else outcome.exit_code  # killed: no say
            outcome.stderr = ""
            note = f"SIGKILL {seconds} s into build"
            extra = kit_complete(case.root / "out", name)
            after = run_in_process(pack_command("build", game))
            extra += [f"the next build failed: {after.stderr.strip()}"] if after.exit_code != 0 else []
            extra += leftovers(case.root / "out")
        fuzz.judge("processes", f"{note} ({name})", case.broken(outcome, ("out",), plain_about=(game,)) + extra,
                   case.root)


def test_whole_processes_keep_the_promise_and_stop_on_ctrl_c(fuzz):
    found = fuzz.explore("processes", process_case(), lambda c: run_process_case(fuzz, c))
    assert not found, "\n".join(map(str, found))
