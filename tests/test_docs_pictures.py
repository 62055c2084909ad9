"""The docs' pictures are made by the project (docs/tools/pictures.py) and are not stale: each was made from the PDF
that building its source gives now, and every picture a page shows exists."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "docs" / "tools"))

import pictures  # noqa: E402
from kit.markdown import prose  # noqa: E402

IMAGE = re.compile(r"!\[[^\]]*\]\(([^)\s]+\.png)\)")


def test_every_picture_shown_is_made_by_the_command_and_every_one_made_is_shown():
    shown = set()
    for page in [ROOT / "README.md", *(ROOT / "docs").rglob("*.md")]:
        for target in IMAGE.findall(prose(page.read_text(encoding="utf-8"))):
            path = (page.parent / target).resolve()
            assert path.is_file(), f"{page.name} shows a missing picture: {target}"
            shown.add(path.name)
    made = {p.name for p in pictures.PICTURES}
    assert made == set(json.loads(pictures.MANIFEST.read_text(encoding="utf-8"))["pictures"])
    assert shown == made, (shown, made)


def test_the_gallery_has_a_picture_of_every_layout():
    from pnpgen.authoring.scaffold import layouts

    assert list(pictures.GALLERY) == list(layouts())
    assert {f"gallery-{name}.png" for name in layouts()} <= {p.name for p in pictures.PICTURES}


@pytest.mark.slow
def test_no_picture_is_stale():
    assert pictures.stale() == [], f"pictures are stale: run {pictures.COMMAND}"


@pytest.mark.slow
def test_a_picture_made_from_another_pdf_is_stale(tmp_path, monkeypatch):
    recorded = json.loads(pictures.MANIFEST.read_text(encoding="utf-8"))
    recorded["pictures"]["tutorial-sheet.png"]["sha256"] = "0" * 64
    changed = tmp_path / "manifest.json"
    changed.write_text(json.dumps(recorded), encoding="utf-8")
    monkeypatch.setattr(pictures, "MANIFEST", changed)
    assert pictures.stale() == ["tutorial-sheet.png"]
