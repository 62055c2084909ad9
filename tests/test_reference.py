"""docs/content-reference.md is made from the declarations: it names every declared field and matches them now."""

from __future__ import annotations

from pathlib import Path

from pnpgen.authoring.reference import COMMAND, content_reference, engine_parameters
from pnpgen.model import Game, Variant
from pnpgen.source.declare import declarations

PAGE = Path(__file__).resolve().parents[1] / "docs" / "content-reference.md"


def records() -> list[type]:
    """Every record class reachable from game.yaml, a variant and the engines' rules parameters."""
    todo = [Game, Variant, *(params for _, params in engine_parameters())]
    seen: list[type] = []
    while todo:
        cls = todo.pop()
        if cls not in seen:
            seen.append(cls)
            todo += [c for d in declarations(cls) for c in d.kind.children()]
    return seen


def test_the_committed_reference_is_up_to_date() -> None:
    assert PAGE.read_text(encoding="utf-8") == content_reference(), f"docs/content-reference.md is stale: {COMMAND}"


def test_the_reference_names_and_documents_every_declared_field() -> None:
    page = content_reference()
    checked = 0
    for cls in records():
        assert cls.__doc__, cls
        for d in declarations(cls):
            if d.spec.from_key:
                continue
            assert d.spec.doc and "\n" not in d.spec.doc and "|" not in d.spec.doc, (cls, d.key)
            assert f"| `{d.key}` |" in page, (cls, d.key)
            checked += 1
    assert checked > 100
