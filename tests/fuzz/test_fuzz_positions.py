"""Fuzz positions, playtest logs and actions: every bundled example broken in its structure, text or file, and
legal actions bent out of shape; `rules legal`, `rules apply` and `replay` must keep the promise."""

from __future__ import annotations

import json
import shutil
from functools import cache
from pathlib import Path

import pytest
import yaml
from fuzz_mutations import (
    FILE_KINDS,
    Mutation,
    dump,
    expanded_size,
    known_words,
    mutated_file,
    mutated_text,
    mutated_tree,
    nasty_text,
)
from fuzz_promise import run_in_process, scratch
from hypothesis import strategies as st

from pnpgen.files.paths import CONTENT_DIR

pytestmark = pytest.mark.slow  # each case runs pnpgen on a broken input (0.1 to 5 s)

EXAMPLES = sorted(CONTENT_DIR.glob("*/examples/*.yaml"))
FAST_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # (libyaml where PyYAML has it: read at collection)
LOGS = tuple(p for p in EXAMPLES if "actions" in yaml.load(p.read_text(encoding="utf-8"), Loader=FAST_LOADER))
POSITIONS = tuple(p for p in EXAMPLES if p not in LOGS)


@cache
def legal_actions(position: Path) -> tuple[dict, ...]:
    """The legal actions of a bundled position, as `rules legal --json` prints them."""
    outcome = run_in_process(["rules", "legal", str(position), "--json"], seconds=60)
    assert outcome.exit_code == 0, outcome.stderr
    return tuple(json.loads(line) for line in outcome.stdout.splitlines())


@cache
def words(example: Path) -> tuple[str, ...]:
    """The words of the example and of its game's pack."""
    return tuple(sorted(set(known_words(example.parent)) | set(known_words(example.parent.parent))))


@st.composite
def broken_example(draw, examples: tuple[Path, ...]) -> tuple[Path, Mutation]:
    """An example file, mutated."""
    example = draw(st.sampled_from(examples))  # (a FIFO named on the command line is read as `cat` would: it waits)
    kinds = tuple(kind for kind in FILE_KINDS if kind != "fifo")
    return example, draw(mutated_file(example.parent, example.name, words(example), kinds))


def action_text(action: dict) -> str:
    return json.dumps(action, ensure_ascii=False)


@st.composite
def position_command(draw, example: Path, name: str) -> list[str]:
    """rules legal (plain or --json) or rules apply with one of the original position's legal actions."""
    kind = draw(st.sampled_from(("legal", "legal --json", "apply")))
    if kind == "apply":
        actions = legal_actions(example) or ({"type": "pass"},)
        return ["rules", "apply", name, action_text(draw(st.sampled_from(actions)))]
    return ["rules", *kind.split()[:1], name, *kind.split()[1:]]


@st.composite
def log_command(draw, name: str, count: int) -> list[str]:
    """replay, or rules legal/apply --at N (N anywhere from before the start to past the end)."""
    kind = draw(st.sampled_from(("replay", "replay", "legal", "apply")))
    if kind == "replay":
        return ["replay", name]
    at = str(draw(st.one_of(st.integers(-1, count + 1), st.sampled_from((0, count, 10**9)))))
    if kind == "legal":
        return ["rules", "legal", name, "--at", at, *draw(st.sampled_from(((), ("--json",))))]
    return ["rules", "apply", name, '{"type": "pass"}', "--at", at]


def run_example_case(fuzz, target: str, example: Path, mutation: Mutation, args: list[str]) -> None:
    """Copy the example into a scratch folder, mutate it, run the command and judge the outcome."""
    with scratch() as case:
        shutil.copy(example, case.root / example.name)
        mutation.apply(case.root)
        case.seal()
        outcome = run_in_process(args)
        broken = case.broken(outcome, plain_about=("Invalid value for '--at'", "illegal action:"), pseudo=("<action>",))
        fuzz.judge(target, f"{' '.join(args)} after {mutation.note}", broken, case.root)


@st.composite
def position_case(draw):
    example, mutation = draw(broken_example(POSITIONS))
    return example, mutation, draw(position_command(example, example.name))


@st.composite
def log_case(draw):
    example, mutation = draw(broken_example(LOGS))
    count = len(yaml.safe_load(example.read_text(encoding="utf-8"))["actions"])
    return example, mutation, draw(log_command(example.name, count))


JSON_LIMIT = 5_000_000  # characters of a bent action written as JSON; a larger one is written as YAML


@st.composite
def bent_action(draw) -> tuple[Path, str, str]:
    """A legal action of a bundled position bent out of shape: its structure, or its JSON text."""
    example = draw(st.sampled_from(POSITIONS))
    action = draw(st.sampled_from(legal_actions(example) or ({"type": "pass"},)))
    if draw(st.booleans()):
        tree, notes = draw(mutated_tree(action, words(example)))
        if expanded_size(tree, JSON_LIMIT) >= JSON_LIMIT:  # written out in full it would fill the memory: as YAML,
            text = dump(tree)  # its aliases stay aliases (and pnpgen reads actions as YAML too)
        else:
            try:
                text = json.dumps(tree, ensure_ascii=draw(st.booleans()), allow_nan=True, default=str)
            except (ValueError, TypeError):
                text = repr(tree)
    else:
        data, notes = draw(mutated_text(action_text(action)))
        text = data.decode("utf-8", "replace")
    if draw(st.integers(0, 9)) == 0:
        text = draw(nasty_text())
        notes = ["the action replaced by text"]
    return example, text, "; ".join(notes)


def run_action_case(fuzz, example: Path, action: str, note: str) -> None:
    """rules apply with the bent action: an illegal or malformed action is one line ('error: ...') and exit 1."""
    with scratch() as case:
        shutil.copy(example, case.root / example.name)
        case.seal()
        outcome = run_in_process(["rules", "apply", example.name, action])
        broken = case.broken(outcome, located=False, pseudo=("<action>",))
        fuzz.judge("actions", f"rules apply {example.name} {action!r} ({note})", broken, case.root)


def test_a_broken_position_gives_located_errors_or_an_answer(fuzz):
    found = fuzz.explore("positions", position_case(), lambda c: run_example_case(fuzz, "positions", *c))
    assert not found, "\n".join(map(str, found))


def test_a_broken_log_gives_located_errors_or_a_replay(fuzz):
    found = fuzz.explore("logs", log_case(), lambda c: run_example_case(fuzz, "logs", *c))
    assert not found, "\n".join(map(str, found))


def test_a_bent_action_is_one_line_or_applied(fuzz):
    found = fuzz.explore("actions", bent_action(), lambda c: run_action_case(fuzz, *c))
    assert not found, "\n".join(map(str, found))
