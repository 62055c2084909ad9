"""Shared fixtures: a private copy of the Narrow Seas pack (helpers to break it: kit.packs); golden files."""

from __future__ import annotations

import gc
from pathlib import Path

import pytest
from kit.packs import copy_pack


@pytest.fixture
def pack(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A private copy of content/narrow-seas; the working folder is its parent, so errors read 'narrow-seas/...'."""
    monkeypatch.chdir(tmp_path)
    return copy_pack(tmp_path / "narrow-seas")


GOLDEN_DIR = Path(__file__).parent / "golden"


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--update-golden", action="store_true",
                     help="Rewrite the golden files under tests/golden/ from what the code makes now.")
    parser.addoption("--fuzz-long", action="store_true",
                     help="tests/fuzz: run for a time budget (--fuzz-seconds, default 3600) instead of the short "
                          "fixed run, then print the cases run per target and the findings.")
    parser.addoption("--fuzz-seconds", type=float, default=None, metavar="N",
                     help="tests/fuzz: the long run's time budget in seconds (also PNPGEN_FUZZ_SECONDS=N).")


class Golden:
    """Compares a text with a stored golden file, or rewrites the file with --update-golden."""

    def __init__(self, update: bool):
        self.update = update

    def check(self, name: str, text: str) -> None:
        """Fail with a readable diff when `text` differs from tests/golden/<name>."""
        import difflib

        path = GOLDEN_DIR / name
        if self.update:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
            return
        assert path.is_file(), f"no golden file {path.relative_to(GOLDEN_DIR.parent)}: run pytest --update-golden"
        stored = path.read_text(encoding="utf-8")
        if stored != text:
            diff = list(difflib.unified_diff(stored.splitlines(), text.splitlines(), f"golden/{name}", "now",
                                             lineterm="", n=2))
            shown = "\n".join(diff[:80]) + (f"\n... {len(diff) - 80} more diff lines" if len(diff) > 80 else "")
            pytest.fail(f"{name} differs from its golden file (pytest --update-golden rewrites it; review the diff "
                        f"in the commit):\n{shown}", pytrace=False)


@pytest.fixture
def golden(request: pytest.FixtureRequest) -> Golden:
    """The golden-file comparer (see --update-golden)."""
    return Golden(request.config.getoption("--update-golden"))


# Tests that use a whole built kit (shared by a session or module, paid by whichever test runs first) belong to the
# whole suite, not the fast loop, however quick each is once the kit exists.
BUILDS_A_KIT = {"built", "builds", "a4"}


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if BUILDS_A_KIT & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.slow)


def pytest_collection_finish(session: pytest.Session) -> None:
    """Leave what collection loaded (the bundled packs, modules) out of the garbage collector's full passes, which
    otherwise walk it again and again while the tests run."""
    gc.collect()
    gc.freeze()
