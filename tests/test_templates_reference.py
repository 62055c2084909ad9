"""docs/reference/templates.md is made from the declarations: it names every element kind and every parameter of
the elements and of each template kind, each with its one-line doc, and matches them now."""

from __future__ import annotations

import re
from pathlib import Path

import yaml

from pnpgen.authoring.templates_reference import COMMAND, TEMPLATE_KINDS, is_text_style, templates_reference
from pnpgen.components.elements import COMMON, KINDS
from pnpgen.files.paths import TEMPLATES_DIR

PAGE = Path(__file__).resolve().parents[1] / "docs" / "reference" / "templates.md"


def one_line(doc: str) -> bool:
    return bool(doc) and "\n" not in doc and "|" not in doc


def section(page: str, heading: str) -> str:
    """The text under a heading, up to the next heading of its level or above."""
    level = heading.split(" ")[0]
    body = page.split(f"\n{heading}\n", 1)[1]
    return re.split(rf"\n#{{1,{len(level)}}} ", body, maxsplit=1)[0]


def test_the_committed_page_is_up_to_date() -> None:
    assert PAGE.read_text(encoding="utf-8") == templates_reference(), f"{PAGE.name} is stale: run {COMMAND}"


def test_every_element_kind_and_parameter_is_on_the_page_with_its_doc() -> None:
    page = templates_reference()
    checked = 0
    for key, param in COMMON.items():
        assert one_line(param.doc), key
        assert f"| `{key}` | [{param.kind}](#values) |" in section(page, "## Every element"), key
        checked += 1
    for kind in KINDS.values():
        assert one_line(kind.doc), kind.name
        if kind.supplied:
            assert f"| `{kind.name}` | {kind.doc} |" in page, kind.name
            continue
        own = section(page, f"### {kind.name}")
        for key, param in kind.params.items():
            assert one_line(param.doc), (kind.name, key)
            assert f"| `{key}` |" in own and param.doc in own, (kind.name, key)
            checked += 1
    assert checked > 40 and {"rect", "ellipse", "polygon", "line", "text", "icon", "image", "group"} <= set(KINDS)


def flat(spec: dict, prefix: str = ""):
    for key, param in spec.items():
        if isinstance(param, dict) and not is_text_style(param):
            yield from flat(param, prefix + key + ".")
        else:
            yield prefix + key, param


def test_every_template_kind_and_parameter_is_on_the_page_with_its_doc() -> None:
    page = templates_reference()
    checked = 0
    for kind, _, _, spec in TEMPLATE_KINDS:
        table = section(page, f"### {kind}")
        for name, param in flat(spec):
            assert f"| `{name}` |" in table, (kind, name)
            if not is_text_style(param):
                assert one_line(param.doc) and param.doc in table, (kind, name)
            checked += 1
    assert checked > 150


def test_every_bundled_template_is_of_a_kind_on_the_page() -> None:
    bundled = {yaml.safe_load(path.read_text(encoding="utf-8"))["kind"]: path.stem
               for path in TEMPLATES_DIR.glob("*.yaml")}
    assert len(bundled) >= 8
    assert bundled == {kind: name for kind, name, _, _ in TEMPLATE_KINDS}
