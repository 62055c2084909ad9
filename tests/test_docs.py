"""The README and docs/ stand alone: every link resolves inside the repository and no text cites a file outside it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml
from kit.markdown import prose

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted(p for p in (ROOT / "docs").rglob("*.md") if "tools" not in p.parts)]
LINK = re.compile(r"\]\(([^)\s]+)\)")
OUTSIDE = re.compile(r"DESIGN\.md|STYLE\.md|\.\./shared|shared/seeds|/work/|\.\./\.\./")


def anchors(page: Path) -> set[str]:
    """GitHub-style anchors of a Markdown page's headings."""
    found = set()
    for line in page.read_text(encoding="utf-8").splitlines():
        if line.startswith("#") and not line.startswith("#!"):
            title = line.lstrip("#").strip().lower()
            found.add(re.sub(r"[^\w\- ]", "", title).replace(" ", "-"))
    return found


def test_pages_exist():
    names = {page.name for page in PAGES}
    assert {"README.md", "printing.md", "positions.md", "engine-contract.md", "content-reference.md", "tutorial.md",
            "command-line.md"} <= names


def nav_pages() -> list[str]:
    """The pages of the site's nav in mkdocs.yml, as paths under docs/."""
    found: list[str] = []

    def walk(items):
        for item in items:
            for value in item.values():
                walk(value) if isinstance(value, list) else found.append(value)

    walk(yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))["nav"])
    return found


def test_every_page_is_in_the_site_nav_once():
    nav = nav_pages()
    pages = sorted(page.relative_to(ROOT / "docs").as_posix() for page in PAGES[1:])
    assert sorted(nav) == pages


def test_the_readme_is_short_and_keeps_its_commands_where_ci_reads_them():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(readme.splitlines()) <= 150
    first = readme.split("```", 2)[1].strip().splitlines()  # .ci/run runs the second line of the first code block
    assert first[0].endswith("pip install -e . && pnpgen build")
    assert "pip install -e '.[test]'" in first[1] and first[1].endswith('pytest -m "not slow"')


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.name)
def test_links_resolve_inside_the_repository(page: Path):
    text = page.read_text(encoding="utf-8")
    local = [target for target in LINK.findall(prose(text)) if not re.match(r"[a-z]+:", target)]
    for target in local:
        path_part, _, anchor = target.partition("#")
        resolved = (page.parent / path_part).resolve() if path_part else page
        assert resolved.is_relative_to(ROOT), f"{page.name} links outside the repository: {target}"
        assert resolved.exists(), f"{page.name} links to a missing file: {target}"
        if anchor and resolved.suffix == ".md":
            assert anchor in anchors(resolved), f"{page.name} links to a missing heading: {target}"


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.name)
def test_no_text_cites_a_file_outside_the_repository(page: Path):
    for number, line in enumerate(page.read_text(encoding="utf-8").splitlines(), 1):
        assert not OUTSIDE.search(line), f"{page.name}:{number} cites a file outside the repository: {line.strip()}"


def test_readme_links_every_page_of_the_site_but_home_and_gallery():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for page in nav_pages():
        if page not in ("index.md", "gallery.md"):
            assert f"(docs/{page})" in readme, f"README does not link docs/{page}"


def test_the_gallery_shows_every_layout_with_its_picture_and_the_command_to_start_from_it():
    from pnpgen.authoring.scaffold import layouts

    page = (ROOT / "docs" / "gallery.md").read_text(encoding="utf-8")
    shown = re.findall(r"^## (\S+)$", page, re.M)
    assert sorted(shown) == sorted(layouts()) and len(shown) >= 7
    for name in shown:
        entry = page.split(f"\n## {name}\n", 1)[1].split("\n## ", 1)[0]
        assert f"(images/gallery-{name}.png)" in entry, name
        assert re.search(rf"^\$ pnpgen new [\w-]+ --layout {name}$", entry, re.M), name
