"""JSON Schema made from the declarations: valid draft 2020-12 schemas that accept every bundled YAML file, refuse a
mistake where `check` reports it, and that `pnpgen new` points each file of a new pack at."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from jsonschema import Draft202012Validator
from jsonschema.exceptions import best_match
from kit.packs import edit, errors_of, where

from pnpgen.authoring.scaffold import new_pack
from pnpgen.authoring.schema import EDITOR_LINE, documents, pack_files
from pnpgen.cli import main
from pnpgen.files.paths import CONTENT_DIR, bundled_packs
from pnpgen.source.yamlsrc import key_loc, load_yaml, loc_of


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """`pnpgen schema GAME --out DIR` for every bundled pack: the folder of each."""
    out = {}
    for name in bundled_packs():
        folder = tmp_path_factory.mktemp("schema") / name
        result = CliRunner().invoke(main, ["schema", name, "--out", str(folder)])
        assert result.exit_code == 0, result.output
        assert result.output == f"wrote {len(documents(None))} schema files to {folder}/\n"
        out[name] = folder
    return out


def schema_error(path: Path, schema_file: Path) -> Any:
    """The most relevant error of a YAML file against a schema file, or None."""
    validator = Draft202012Validator(json.loads(schema_file.read_text(encoding="utf-8")))
    return best_match(validator.iter_errors(load_yaml(path)))


def located(path: Path, error: Any) -> str:
    """'file:line:col' of a schema error, as check would place it: an unknown key at the key, else at the value."""
    data = load_yaml(path)
    parent, last = None, None
    node = data
    for step in error.absolute_path:
        parent, last, node = node, step, node[step]
    if error.validator == "additionalProperties":
        extra = [k for k in error.instance if k not in error.schema.get("properties", {})]
        return str(key_loc(node, extra[0]))
    return str(loc_of(parent, last) if parent is not None else loc_of(node))


@pytest.mark.slow
def test_every_schema_is_a_valid_draft_2020_12_schema(written: dict[str, Path]) -> None:
    checked = 0
    for folder in written.values():
        for f in sorted(folder.glob("*.schema.json")):
            schema = json.loads(f.read_text(encoding="utf-8"))
            Draft202012Validator.check_schema(schema)
            assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
            checked += 1
    assert checked == len(written) * len(documents(None)) and checked > 0


@pytest.mark.slow
def test_every_bundled_yaml_file_is_valid(written: dict[str, Path]) -> None:
    checked = 0
    for name in bundled_packs():
        files = pack_files(CONTENT_DIR / name)
        assert len(files) > 1  # game.yaml and the files it names
        for path, schema in files.items():
            error = schema_error(path, written[name] / schema)
            assert error is None, f"{path}: {error.message}"
            checked += 1
    assert checked >= 20


def test_the_schema_describes_each_field(written: dict[str, Path]) -> None:
    decks = json.loads((written["narrow-seas"] / "decks.schema.json").read_text(encoding="utf-8"))
    deck = decks["$defs"]["Deck"]
    assert decks["items"] == {"$ref": "#/$defs/Deck"} and deck["additionalProperties"] is False
    assert deck["required"] == ["id"]
    assert deck["properties"]["count"] == {"type": "integer", "minimum": 0, "description": "how many physical "
                                           "cards it holds (check compares)"}
    token = decks["$defs"]["CardType"]["properties"]["count"]
    assert (token["minimum"], token["maximum"], token["default"]) == (0, 1000, 1)
    shapes = json.loads((written["narrow-seas"] / "tokens.schema.json").read_text())["$defs"]["Token"]["properties"]
    assert shapes["shape"]["enum"][:3] == ["square", "circle", "hex"] and shapes["shape"]["default"] == "square"


def test_the_rules_are_the_engines_parameters(written: dict[str, Path]) -> None:
    rules = json.loads((written["narrow-seas"] / "rules.schema.json").read_text(encoding="utf-8"))
    params = rules["$defs"][rules["$ref"].rpartition("/")[2]]
    assert params["properties"]["hand_size"] == {"type": "integer", "minimum": 1, "maximum": 30,
                                                 "description": "cards a player holds after drawing"}
    assert "hand_size" in params["required"] and params["additionalProperties"] is False
    variant = json.loads((written["narrow-seas"] / "variant.schema.json").read_text(encoding="utf-8"))
    over = variant["$defs"]["Variant"]["properties"]["rules"]["anyOf"][1]["$ref"].rpartition("/")[2]
    assert "required" not in variant["$defs"][over]  # a variant's rules are laid over the game's


@pytest.mark.parametrize("file, old, new, needle, schema", [
    ("cards.yaml", "  template: sea-card", "  tempalte: sea-card", "tempalte", "decks"),
    ("tokens.yaml", "colour: ochre, label: X}", "colour: ochre, lable: X}", "lable", "tokens"),
    ("game.yaml", "symbol: circle}", "symbol: circle, flag: jolly-roger}", "flag:", "game"),
    ("four-player.yaml", "\nrules:  ", "\nrulez:  ", "rulez", "variant"),
    ("board.yaml", "hex_size_mm: 24", "hex_size_mm: 500", "500", "boards"),
    ("actions.yaml", "  headings: [0]", "  headings: [9]", "9]", "actions"),
    ("game.yaml", "  hand_size: 6\n", "  hand_size: 6\n  hand_sise: 6\n", "hand_sise", "game"),  # the engine's
    ("four-player.yaml", "elimination: player", "elimination: plyer", "plyer", "variant"),  # rules parameters
])
def test_a_mistake_fails_the_schema_where_check_reports_it(pack: Path, written: dict[str, Path], file: str, old: str,
                                                           new: str, needle: str, schema: str) -> None:
    edit(pack / file, old, new)
    at = where(pack / file, needle)
    assert [e.split(": error: ")[0] for e in errors_of(pack)] == [at]
    error = schema_error(pack / file, written["narrow-seas"] / f"{schema}.schema.json")
    assert error is not None and located(pack / file, error) == at


@pytest.mark.slow
def test_new_packs_point_each_file_at_its_schema(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    checked = 0
    for root in (new_pack("fresh"), new_pack("copied", source="narrow-seas")):
        files = pack_files(root)
        assert len(files) > 5
        for path, name in files.items():
            first = path.read_text(encoding="utf-8").splitlines()[0]
            schema = (path.parent / first.removeprefix(EDITOR_LINE)).resolve()
            assert first.startswith(EDITOR_LINE) and schema == (root / "schema" / name).resolve()
            assert schema_error(path, schema) is None
            checked += 1
    assert checked > 10


def _templates() -> list[Path]:
    """Every template file pnpgen ships: its own, the bundled packs' and the gallery layouts'."""
    from pnpgen.authoring.scaffold import GALLERY as GALLERY_DIR
    from pnpgen.files.paths import TEMPLATES_DIR

    found = [*TEMPLATES_DIR.glob("*.yaml"), *CONTENT_DIR.glob("*/templates/*.yaml"),
             *GALLERY_DIR.glob("*/templates/*.yaml")]
    return sorted(found)


def test_the_template_schema_accepts_every_template_pnpgen_ships() -> None:
    schema = documents(None)["template.schema.json"]
    Draft202012Validator.check_schema(schema)
    validator = Draft202012Validator(schema)
    files = _templates()
    assert len(files) >= 15  # pnpgen's own eight kinds, the packs' and the gallery's
    for path in files:
        error = best_match(validator.iter_errors(load_yaml(path)))
        assert error is None, f"{path}: {error.message}"


@pytest.mark.parametrize("text, wrong", [
    ("kind: action-card\nfooter: {hieght: 6mm}\n", "hieght"),  # a misspelt parameter of a part
    ("kind: action-card\nbnad: {height: 6mm}\n", "bnad"),  # a misspelt part
    ("kind: token\nsize: big\n", "size"),  # a card's parameter in a token template
    ("kind: action-card\nelements:\n  a: {kind: rect, fil: red}\n", "fil"),  # an element's misspelt parameter
    ("kind: action-card\nelements:\n  a: {kind: rect, text: '{name}'}\n", "text"),  # another kind's parameter
    ("kind: action-card\nelements:\n  a: {kind: rect, arrange: spiral}\n", "spiral"),  # not one of the choices
    ("kind: action-card\nelements:\n  a: {kind: circle}\n", "circle"),  # no such element kind
    ("kind: card\n", "card"),  # no such template kind
])
def test_the_template_schema_refuses_what_reading_the_template_refuses(tmp_path: Path, text: str, wrong: str) -> None:
    validator = Draft202012Validator(documents(None)["template.schema.json"])
    path = tmp_path / "t.yaml"
    path.write_text(text, encoding="utf-8")
    errors = list(validator.iter_errors(load_yaml(path)))
    assert errors and any(wrong in str(e.message) or wrong in json.dumps(e.instance) for e in errors), errors


def test_a_new_pack_points_its_templates_at_the_template_schema(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["new", "deck", "--layout", "playing-card"])
    assert result.exit_code == 0, result.output
    (template,) = (tmp_path / "deck" / "templates").glob("*.yaml")
    first = template.read_text(encoding="utf-8").splitlines()[0]
    assert first == f"{EDITOR_LINE}../schema/template.schema.json"
    assert pack_files(tmp_path / "deck")[template.resolve()] == "template.schema.json"
    assert errors_of(tmp_path / "deck") == []  # the line is a comment: the template reads as before
