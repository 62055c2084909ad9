"""Fuzz every bundled pack: one or two of its files broken (YAML structure, text, bytes, or the file itself made
empty, missing, a symlink out of the pack, a folder, a FIFO), then `check` or `build` must keep the promise."""

from __future__ import annotations

import pytest
from fuzz_mutations import Mutation, broken_pack
from fuzz_promise import pack_command, run_in_process, scratch

from pnpgen.files.paths import bundled_packs

pytestmark = pytest.mark.slow  # each case runs pnpgen on a broken input (0.1 to 5 s)


def run_pack_case(fuzz, target: str, name: str, mutations: list[Mutation], command: str) -> None:
    """Apply the mutations to a copy of the pack, run the command and judge the outcome."""
    with scratch() as case:
        pack = case.copy_pack(name)
        for mutation in mutations:
            mutation.apply(pack)
        case.seal()
        game = f"./{name}"
        outcome = run_in_process(pack_command(command, game))
        note = f"{command} after " + " | ".join(m.note for m in mutations)
        fuzz.judge(target, note, case.broken(outcome, ("out",), plain_about=(game,)), case.root)


@pytest.mark.parametrize("name", bundled_packs())
def test_a_broken_pack_gives_located_errors_or_a_good_kit(fuzz, name):
    target = f"pack/{name}"
    found = fuzz.explore(target, broken_pack(name), lambda example: run_pack_case(fuzz, target, name, *example))
    assert not found, "\n".join(map(str, found))
