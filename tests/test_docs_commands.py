"""The docs' commands run: every command a reader of the tutorial, the gallery, the how-to guides and the games'
pages types, and every file they write or edit, done in order in a scratch folder, each command ending with the
status the page shows. A renamed option or a changed message fails here, not for the reader.

How the pages mark what they show is in docs/tools/doccommands.py; the reasons a command may be skipped are here.
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "docs" / "tools"))

from doccommands import StepFailed, follow, steps  # noqa: E402

pytestmark = pytest.mark.slow

# Why a page may show a command that the test does not run.
SKIPS = {
    "installed": "installs pnpgen: the test runs in the environment it is installed in",
    "runs-until-stopped": "a server or watch that runs until Ctrl-C, with nothing of the page's waiting on it",
    "browser": "opens a page for a person in a browser (tests/test_browser.py and test_play.py drive the pages)",
    "cluster": "starts a Dask scheduler or worker, which runs until stopped (tests/sim drive a local cluster)",
}
SECTIONS = ("Tutorial", "Gallery", "How-to guides", "Games")


def pages() -> list[str]:
    """The pages of the site's tutorial, gallery, how-to guides and games, from its nav."""
    nav = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))["nav"]
    found = []

    def walk(items, section):
        for item in items:
            for title, value in item.items():
                if isinstance(value, list):
                    walk(value, title)
                elif title in SECTIONS or section in SECTIONS:
                    found.append(value)

    walk(nav, "")
    return found


def scratch(tmp_path: Path) -> tuple[Path, dict[str, str]]:
    """A folder like the reader's checkout (the bundled packs in content/), with pnpgen of this environment first
    on the PATH, and a pack `my-game` made by `pnpgen new` for the guides that use one."""
    from pnpgen.authoring.scaffold import new_pack

    work = tmp_path / "work"
    shutil.copytree(ROOT / "content", work / "content")
    new_pack("my-game", work)
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"}
    env.pop("PNPGEN_FUZZ_KEEP", None)
    return work, env


def test_the_pages_are_found():
    found = pages()
    assert "tutorial.md" in found and "guides/simulate.md" in found and "games/narrow-seas.md" in found
    assert len(found) >= 15


@pytest.mark.parametrize("page", [*pages(), "../README.md"])
def test_the_commands_of_a_page_run(page: str, tmp_path: Path):
    page_steps = steps((ROOT / "docs" / page).read_text(encoding="utf-8"))
    work, env = scratch(tmp_path)
    if page == "tutorial.md":
        shutil.rmtree(work / "my-game")  # the tutorial starts from the checkout alone
    try:
        done = follow(page_steps, work, env, SKIPS)
    except StepFailed as failed:
        pytest.fail(f"docs/{page}: {failed}")
    runs = [step for step in page_steps if step.kind == "run" and not step.skip]
    assert all(step in done for step in runs)
    if page == "tutorial.md":  # the reader ends with a checked, printed deck and the pages a rule edit changed
        kit = work / "output" / "harbour"
        assert (kit / "harbour-a4.pdf").stat().st_size > 10_000
        assert "card-lighthouse" in (kit / "changes.txt").read_text(encoding="utf-8")
        assert "card-sun-strike  (card 'Strike (sun)')  face" in (kit / "changes.txt").read_text(encoding="utf-8")
        assert (kit / "harbour-changed-a4.pdf").is_file()
        assert len(runs) >= 6


def test_a_page_is_held_to_its_commands(tmp_path: Path):
    """The test fails on a renamed option, a status the page does not show, an edit whose lines are not in the file,
    and a skip for a reason it does not know."""
    work, env = scratch(tmp_path)
    broken = [
        "```console\n$ pnpgen check --no-such-option my-game\n```\n",
        "<!-- docs-test: exit 1 -->\n```console\n$ pnpgen check my-game\n```\n",
        '```diff title="my-game/game.yaml"\n-players: 7\n+players: 2\n```\n',
        "<!-- docs-test: skip because -->\n```console\n$ pnpgen list\n```\n",
    ]
    for text in broken:
        with pytest.raises(StepFailed):
            follow(steps(text), work, env, SKIPS)
    assert [s.kind for s in follow(steps("```console\n$ pnpgen check my-game\n```\n"), work, env, SKIPS)] == ["run"]
