"""Layout templates: read with locations, units converted, bad values reported as file:line:col errors."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from kit.packs import where

from pnpgen.build.pipeline import BuildOptions, build
from pnpgen.cli import main
from pnpgen.components import layout_kit
from pnpgen.components.cards import FACE_SPEC
from pnpgen.draw.templates import Templates
from pnpgen.errors import ContentErrors, Problems
from pnpgen.files.paths import TEMPLATES_DIR
from pnpgen.load.loader import load_game


def _templates(pack: Path) -> tuple[Templates, Problems]:
    problems = Problems()
    return Templates(load_game(str(pack)), problems), problems


@pytest.mark.slow
def test_every_bundled_template_loads_cleanly(pack):
    problems = Problems()
    layout_kit(load_game(str(pack)), problems=problems)
    assert not problems.errors
    names = {p.stem for p in TEMPLATES_DIR.glob("*.yaml")}
    assert {"action-card", "card-back", "ship-card", "player-aid", "board", "token", "sheet"} <= names


def test_units_are_converted_and_defaults_filled(pack):
    (pack / "templates").mkdir(exist_ok=True)
    (pack / "templates" / "action-card.yaml").write_text(
        "kind: action-card\nsize: [2.5in, 3.5in]\nbleed: 9pt\nband: {height: 2cm}\n", encoding="utf-8")
    templates, problems = _templates(pack)
    t = templates.get("action-card", "action-card", FACE_SPEC)
    assert not problems.errors
    assert t["size"] == pytest.approx((63.5, 88.9))
    assert t["bleed"] == pytest.approx(3.175)
    assert t["band"]["height"] == pytest.approx(20.0)
    assert t["band"]["symbol"] == pytest.approx(11.0)  # not given: the default
    assert t["effect"]["text"]["size"] == pytest.approx(7 * 25.4 / 72)


@pytest.mark.slow
def test_a_game_template_overrides_and_extends_the_bundled_one(pack):
    (pack / "templates").mkdir(exist_ok=True)
    (pack / "templates" / "big-card.yaml").write_text("kind: action-card\nextends: action-card\nsize: [70, 120]\n",
                                                      encoding="utf-8")
    templates, problems = _templates(pack)
    t = templates.get("big-card", "action-card", FACE_SPEC)
    assert not problems.errors
    assert t["size"] == (70.0, 120.0) and t["bleed"] == pytest.approx(3.0)


@pytest.mark.slow
@pytest.mark.parametrize("line, needle, message", [
    ("bleed: three\n", "three", "'bleed' must be a length such as 12, '3mm', '0.5in' or '8pt', got 'three'"),
    ("blead: 3mm\n", "blead", "unknown parameter 'blead' (did you mean 'bleed'?)"),
    ("band: {titel: {size: 9pt}}\n", "titel", "unknown parameter 'titel' (did you mean 'title'?)"),
    ("ink: sepia\n", "sepia", "unknown colour 'sepia'"),
    ("requires: {text: {align: middle}}\n", "middle", "unknown value 'middle'"),
    ("size: [63mm]\n", "[63mm]", "'size' must be [width, height] lengths"),
])
def test_a_bad_template_gets_a_located_error_and_stops_the_build(pack, line, needle, message):
    (pack / "templates").mkdir(exist_ok=True)
    path = pack / "templates" / "action-card.yaml"
    path.write_text("kind: action-card\n" + line, encoding="utf-8")
    with pytest.raises(ContentErrors) as e:
        build(BuildOptions(game=str(pack), out=pack.parent / "out", formats=("svg",)))
    lines = [str(x) for x in e.value.errors]
    assert any(s.startswith(where(path, needle) + ": error: ") and message in s for s in lines), lines
    assert not (pack.parent / "out").exists()


def test_a_template_for_the_wrong_layout_is_refused(pack):
    (pack / "templates").mkdir(exist_ok=True)
    path = pack / "templates" / "action-card.yaml"
    path.write_text("kind: player-aid\n", encoding="utf-8")
    templates, problems = _templates(pack)
    templates.get("action-card", "action-card", FACE_SPEC)
    assert [str(e) for e in problems.errors] == [
        f"{where(path, 'player-aid')}: error: template 'action-card': 'kind' must be 'action-card' for this "
        "component, got 'player-aid'"]


@pytest.mark.slow
def test_check_reads_the_templates_and_names_a_bad_one_once(pack):
    (pack / "templates").mkdir(exist_ok=True)
    path = pack / "templates" / "action-card.yaml"  # both decks (Deck B of the 4p game too) use it
    path.write_text("kind: action-card\nsize: huge\n", encoding="utf-8")
    bad = f"{where(path, 'huge')}: error: template 'action-card': 'size' must be [width, height] lengths, got 'huge'"
    r = CliRunner().invoke(main, ["check", str(pack)])
    assert r.exit_code == 1
    assert r.output.count(bad) == 1 and r.output.splitlines()[0].endswith("— 1 error(s)"), r.output
    built = CliRunner().invoke(main, ["build", str(pack), "--skip-sim", "--out", str(pack.parent / "out")])
    assert built.exit_code == 1 and built.output.count(bad) == 1, built.output
