"""Fuzz the layout templates: a bundled one copied into a pack's templates/ (where it replaces pnpgen's for that
pack) or the pack's own, broken in its structure, text or file, or the whole templates/ folder a symlink out of
the pack; `check` (which lays every component out) or `build` must keep the promise."""

from __future__ import annotations

from functools import cache

import pytest
from fuzz_mutations import CANARY, OUTSIDE_ABSOLUTE, Mutation, known_words, mutated_file
from fuzz_promise import pack_command, run_in_process, scratch
from hypothesis import strategies as st

from pnpgen.files.paths import CONTENT_DIR, TEMPLATES_DIR, bundled_packs

pytestmark = pytest.mark.slow  # each case runs pnpgen on a broken input (0.1 to 5 s)


@cache
def template_sources(pack: str) -> tuple[tuple[str, str], ...]:
    """(folder, file) of every template the pack may use: pnpgen's and its own."""
    own = CONTENT_DIR / pack / "templates"
    return tuple([(str(TEMPLATES_DIR), p.name) for p in sorted(TEMPLATES_DIR.glob("*.yaml"))]
                 + [(str(own), p.name) for p in sorted(own.glob("*.yaml"))])


@cache
def template_words(pack: str) -> tuple[str, ...]:
    """Words of the templates and the pack, and places outside the pack an `extends:` might reach for."""
    return tuple(sorted(set(known_words(TEMPLATES_DIR)) | set(known_words(CONTENT_DIR / pack))
                        | {"../../outside", "../outside", OUTSIDE_ABSOLUTE, "../../../outside.yaml"}))


@st.composite
def broken_template(draw) -> tuple[str, Mutation | None, str]:
    """A pack, one of its templates mutated (None: its templates/ folder made a symlink out of the pack), and a
    command."""
    pack = draw(st.sampled_from(bundled_packs()))
    if draw(st.integers(0, 9)) == 0:
        mutation = None
    else:
        from pathlib import Path
        folder, name = draw(st.sampled_from(template_sources(pack)))
        mutation = draw(mutated_file(Path(folder), name, template_words(pack)))
    return pack, mutation, draw(st.sampled_from(("check", "check", "build")))


def run_template_case(fuzz, pack: str, mutation: Mutation | None, command: str) -> None:
    """Put the template in place in a copy of the pack, run the command and judge the outcome."""
    with scratch() as case:
        root = case.copy_pack(pack)
        templates = root / "templates"
        if mutation is None:  # a templates/ folder outside the pack, with a template that holds the canary
            outside = case.root / "elsewhere"
            outside.mkdir()
            for name in ("card-back", "token", "ship-face", "board"):
                (outside / f"{name}.yaml").write_text(f"kind: {name}\ntitle: {{size: {CANARY}}}\n")
            if templates.exists():
                import shutil
                shutil.rmtree(templates)
            templates.symlink_to(outside, target_is_directory=True)
            note = "templates/ a symlink to a folder outside the pack"
        else:
            templates.mkdir(exist_ok=True)
            mutation.apply(templates)
            note = f"templates/{mutation.note}"
        case.seal()
        game = f"./{pack}"
        outcome = run_in_process(pack_command(command, game))
        fuzz.judge("templates", f"{command} {pack} after {note}",
                   case.broken(outcome, ("out",), plain_about=(game,)), case.root)


def test_a_broken_template_gives_located_errors_or_a_good_kit(fuzz):
    found = fuzz.explore("templates", broken_template(), lambda example: run_template_case(fuzz, *example))
    assert not found, "\n".join(map(str, found))
