"""The located YAML loader: locations, merge keys, anchors, limits, duplicate keys, safe tags."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from pnpgen.errors import ContentError, ContentErrors, Loc, Problems
from pnpgen.source import yamlsrc
from pnpgen.source.yamlsrc import BAD_TEXT, LList, LMap, display_path, key_loc, load_yaml, loc_of, parse_yaml


def raised(text: str) -> str:
    """The one error parse_yaml raises for text, as printed."""
    with pytest.raises(ContentError) as e:
        parse_yaml(text, "f.yaml")
    return str(e.value)


# -- locations ----------------------------------------------------------------------

def test_block_mapping_locations() -> None:
    doc = parse_yaml("title: Narrow Seas\nrules:\n  hand_size: 6\n  crew: 4\n", "g.yaml")
    assert isinstance(doc, LMap)
    assert doc.loc == Loc("g.yaml", 1, 1)
    assert key_loc(doc, "rules") == Loc("g.yaml", 2, 1)
    assert loc_of(doc, "title") == Loc("g.yaml", 1, 8)
    rules = doc["rules"]
    assert loc_of(rules) == Loc("g.yaml", 3, 3)
    assert key_loc(rules, "crew") == Loc("g.yaml", 4, 3)
    assert loc_of(rules, "crew") == Loc("g.yaml", 4, 9)


def test_flow_and_list_locations() -> None:
    doc = parse_yaml("hexes: [[0, 0, red], [1, -1, blue]]\ncards:\n  - {suit: red, action: run}\n", "b.yaml")
    hexes = doc["hexes"]
    assert isinstance(hexes, LList)
    assert loc_of(hexes, 1) == Loc("b.yaml", 1, 22)
    assert loc_of(hexes[1], 2) == Loc("b.yaml", 1, 30)
    card = doc["cards"][0]
    assert loc_of(doc["cards"], 0) == Loc("b.yaml", 3, 5)
    assert loc_of(card, "action") == Loc("b.yaml", 3, 25)
    assert key_loc(card, "action") == Loc("b.yaml", 3, 17)


def test_an_absent_key_is_located_at_its_mapping() -> None:
    doc = parse_yaml("a:\n  b: 1\n", "f.yaml")
    assert loc_of(doc["a"], "missing") == Loc("f.yaml", 2, 3)
    assert loc_of(doc["a"], None) == Loc("f.yaml", 2, 3)
    assert loc_of([1, 2], 0) is None  # plain values carry no location


def test_plain_scalars_keep_their_yaml_types() -> None:
    doc = parse_yaml("i: 3\nf: 1.5\nb: true\nn: ~\ns: '3'\nforced: !!str 5\nnum: !!int '7'\n")
    assert doc == {"i": 3, "f": 1.5, "b": True, "n": None, "s": "3", "forced": "5", "num": 7}


def test_dates_stay_text() -> None:
    assert parse_yaml("version: 2026-01-01\n") == {"version": "2026-01-01"}


def test_an_empty_document_is_none() -> None:
    assert parse_yaml("# only a comment\n") is None


# -- merge keys and anchors -------------------------------------------------------------

def test_merge_key_fills_missing_keys_and_explicit_keys_win() -> None:
    doc = parse_yaml("base: &b {colour: navy, size: 16, shape: circle}\n"
                     "ship: {<<: *b, size: 20}\n", "t.yaml")
    assert doc["ship"] == {"size": 20, "colour": "navy", "shape": "circle"}
    assert "<<" not in doc["ship"]
    assert loc_of(doc["ship"], "size") == Loc("t.yaml", 2, 22)  # the explicit value
    assert loc_of(doc["ship"], "colour") == Loc("t.yaml", 1, 19)  # where the merged value was written


def test_merge_key_with_a_list_takes_earlier_mappings_first() -> None:
    doc = parse_yaml("a: &a {x: 1, y: 1}\nb: &b {y: 2, z: 2}\nc:\n  <<: [*a, *b]\n  z: 3\n")
    assert doc["c"] == {"x": 1, "y": 1, "z": 3}


def test_merge_key_needs_mappings() -> None:
    assert raised("a: &a [1, 2]\nb:\n  <<: *a\n") == ("f.yaml:3:3: error: merge key '<<' needs a mapping or a list "
                                                      "of mappings")


def test_an_anchor_reused_many_times_is_fine() -> None:
    text = ("plan: &plan\n  - {id: sail, label: Sail}\n  - {id: fire, label: Fire}\n"
            "ships:\n" + "".join(f"  - {{id: s{i}, areas: *plan}}\n" for i in range(50)))
    doc = parse_yaml(text, "s.yaml")
    ships = doc["ships"]
    assert all(s["areas"] == doc["plan"] for s in ships)
    assert ships[0]["areas"] is not ships[1]["areas"]  # each use is its own value
    assert loc_of(ships[7]["areas"], 1) == Loc("s.yaml", 3, 5)  # located where the anchor was written


def test_nested_anchors_below_the_limit_load() -> None:
    text = "a: &a [1, 2, 3, 4, 5, 6, 7, 8, 9]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]\nc: [*b, *b, *b, *b]\n"
    doc = parse_yaml(text)
    assert sum(len(x) for x in doc["c"]) == 36


# -- limits ---------------------------------------------------------------------------

BOMB = "a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
    f"{k}: &{k} [" + ", ".join([f"*{p}"] * 9) + "]\n" for p, k in zip("abcdefg", "bcdefgh"))


def test_an_alias_bomb_is_refused_quickly_at_the_value_that_explodes() -> None:
    # f = 9 * e + 1 values: the first anchored value over 200 000 (e holds 66 430).
    assert raised(BOMB) == ("f.yaml:6:4: error: this value expands to 597871 values through its aliases (*name), "
                            "more than the limit of 200000")


def test_the_expansion_limit_is_exact(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(yamlsrc, "MAX_NODES", 9)
    text = "a: &a [1, 2]\nb: [*a, *a]\n"  # 1 mapping + 2 keys + 3 + (1 + 3 + 3) = 13 values
    assert "expands to 13 values" in raised(text)
    monkeypatch.setattr(yamlsrc, "MAX_NODES", 13)
    assert parse_yaml(text) == {"a": [1, 2], "b": [[1, 2], [1, 2]]}


def test_a_recursive_alias_is_refused() -> None:
    assert raised("a: &a\n  - 1\n  - *a\n") == "f.yaml:1:4: error: this value contains itself (recursive alias)"


def test_deep_nesting_is_refused() -> None:
    assert raised("a: " + "[" * 150 + "]" * 150) == "f.yaml:1:104: error: values nest more than 100 levels deep"
    assert raised("a: " + "[" * 600 + "]" * 600) == "f.yaml:1:1: error: values nest too deeply to read"


def test_text_over_the_size_limit_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(yamlsrc, "MAX_BYTES", 2000)
    assert parse_yaml("a: 'x" + "é" * 997 + "'") == {"a": "x" + "é" * 997}  # exactly 2000 bytes of UTF-8
    assert raised("a: 'xx" + "é" * 997 + "'") == "f.yaml:1:1: error: file is too large (3 kB; the limit is 2 kB)"


def test_a_file_over_the_size_limit_is_refused_before_reading(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    big = tmp_path / "big.yaml"
    big.write_text("a: 1\n" + "#" * yamlsrc.MAX_BYTES)
    with pytest.raises(ContentError) as e:
        load_yaml(big)
    assert str(e.value) == "big.yaml:1:1: error: file is too large (1001 kB; the limit is 1000 kB)"


# -- duplicate keys ---------------------------------------------------------------------

def test_a_duplicate_key_is_an_error() -> None:
    assert raised("a: 1\nb: 2\na: 3\n") == "f.yaml:3:1: error: duplicate key 'a' (first defined at line 1, column 1)"


def test_a_duplicate_key_in_a_flow_mapping_names_the_column() -> None:
    assert raised("{a: 1, b: 2, a: 3}") == "f.yaml:1:14: error: duplicate key 'a' (first defined at line 1, column 2)"


def test_duplicate_keys_are_all_collected_and_the_first_value_kept() -> None:
    problems = Problems()
    doc = parse_yaml("a: 1\na: 2\nb: {c: 1, c: 2}\n", "f.yaml", problems)
    assert doc == {"a": 1, "b": {"c": 1}}
    assert [str(e) for e in problems.errors] == [
        "f.yaml:2:1: error: duplicate key 'a' (first defined at line 1, column 1)",
        "f.yaml:3:11: error: duplicate key 'c' (first defined at line 3, column 5)",
    ]


def test_equal_keys_of_different_spelling_are_duplicates() -> None:
    assert "duplicate key '1'" in raised("1: a\n0x1: b\n")


def test_a_key_must_be_a_plain_value() -> None:
    assert raised("? [a, b]\n: 1\n") == "f.yaml:1:3: error: a mapping key must be a plain value"


# -- safe loading -------------------------------------------------------------------------

@pytest.mark.parametrize("text, tag", [
    ("a: !!python/object/apply:os.system ['echo hi']", "!!python/object/apply:os.system"),
    ("a: !!python/name:os.system ''", "!!python/name:os.system"),
    ("a: !!python/object:pathlib.Path {}", "!!python/object:pathlib.Path"),
    ("a: !custom {x: 1}", "!custom"),
    ("a: !!binary aGVsbG8=", "!!binary"),
    ("a: !!set {x, y}", "!!set"),
    ("a: !!omap [x: 1]", "!!omap"),
])
def test_tags_other_than_plain_data_are_refused(text: str, tag: str) -> None:
    assert raised(text) == f"f.yaml:1:4: error: unsupported YAML tag '{tag}' (content files hold plain data only)"


def test_a_bad_value_for_an_explicit_tag_is_located() -> None:
    assert raised("a: 1\nb: !!float many\n") == "f.yaml:2:4: error: 'many' is not a valid float value"


def test_syntax_errors_are_located() -> None:
    assert raised("a: [1, 2\nb: 3\n") == ("f.yaml:2:2: error: YAML syntax error: expected ',' or ']', "
                                          "but got ':'")
    assert raised("a: 1\n---\nb: 2\n") == ("f.yaml:2:1: error: YAML syntax error: expected a single document "
                                           "in the stream, but found another document")


# -- files ----------------------------------------------------------------------------------

def test_non_utf8_bytes_are_located(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "f.yaml").write_bytes("a: 1\nname: Bellôna\n".encode("latin-1"))
    with pytest.raises(ContentError) as e:
        load_yaml(tmp_path / "f.yaml")
    assert str(e.value) == "f.yaml:2:11: error: file is not UTF-8 text (byte 0xf4); save it as UTF-8"


def test_a_byte_order_mark_is_ignored(tmp_path: Path) -> None:
    (tmp_path / "f.yaml").write_bytes("\ufeffname: Bellôna\n".encode())
    doc = load_yaml(tmp_path / "f.yaml")
    assert doc == {"name": "Bellôna"}
    assert loc_of(doc, "name").col == 7


def test_a_missing_file_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(ContentError, match="cannot read file"):
        load_yaml(tmp_path / "nope.yaml")


def test_display_path_is_relative_inside_the_working_folder_only(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "in").mkdir()
    monkeypatch.chdir(tmp_path / "in")
    assert display_path(tmp_path / "in" / "a.yaml") == "a.yaml"
    assert display_path(tmp_path / "b.yaml") == str((tmp_path / "b.yaml").resolve())
    assert os.path.isabs(display_path(tmp_path / "b.yaml"))


def test_errors_collected_by_a_problems_limit_stop_the_pass() -> None:
    problems = Problems(limit=3)
    with pytest.raises(ContentErrors) as e:
        parse_yaml("".join(f"a: {i}\n" for i in range(10)), "f.yaml", problems)
    assert [str(x) for x in e.value.errors][-1] == "f.yaml:4:1: error: too many errors; stopped after 3"
    assert len(e.value.errors) == 4


# -- properties -------------------------------------------------------------------------------

printable = st.text(max_size=12).map(lambda s: BAD_TEXT.sub("", s))  # (other text is refused: test_reliability_input)
plain = st.one_of(st.none(), st.booleans(), st.integers(-10**6, 10**6), printable,
                  st.floats(allow_nan=False, allow_infinity=False, width=32))
data = st.recursive(plain, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                   st.dictionaries(printable, inner, max_size=4)),
                    max_leaves=20)


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(data)
def test_any_plain_data_reads_back_as_written(value: object) -> None:
    for flow in (False, True):
        assert parse_yaml(yaml.safe_dump(value, default_flow_style=flow)) == value


yamlish = st.lists(st.sampled_from(["a", "1", ": ", "- ", "[", "]", "{", "}", ", ", "&x ", "*x", "<<: ", "!!",
                                    "!t ", "'", '"', "#", "?", "|", "\n", "  ", "\t", "é", "2026-01-01", ".nan"]),
                   max_size=30).map("".join)


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(yamlish)
def test_any_text_either_loads_or_raises_a_located_content_error(text: str) -> None:
    try:
        parse_yaml(text, "f.yaml")
    except ContentError as e:
        assert e.loc.file == "f.yaml" and "\n" not in e.message


# -- the two parsers ------------------------------------------------------------------

def located(value):
    """A located value as plain data with every location, for comparing two parses."""
    if isinstance(value, LMap):
        return ("map", value.loc, [(k, value.key_locs[k], value.val_locs[k], located(v)) for k, v in value.items()])
    if isinstance(value, LList):
        return ("list", value.loc, [located(v) for v in value])
    return value


BUNDLED = sorted(Path(__file__).resolve().parent.parent.glob("content/**/*.yaml"))


def test_libyaml_is_used_when_pyyaml_has_it() -> None:
    assert yamlsrc._FAST_LOADER is getattr(yaml, "CSafeLoader", None)


@pytest.mark.slow
def test_both_parsers_read_every_bundled_file_alike(monkeypatch: pytest.MonkeyPatch) -> None:
    assert len(BUNDLED) > 20
    texts = {path: path.read_text(encoding="utf-8") for path in BUNDLED}
    fast = {path: located(parse_yaml(text, path.name)) for path, text in texts.items()}
    monkeypatch.setattr(yamlsrc, "_FAST_LOADER", None)
    assert {path: located(parse_yaml(text, path.name)) for path, text in texts.items()} == fast


@pytest.mark.parametrize("text", ["a: 'x'\nb: \"y\" : 3\n", "a: [1, 2\n", "- a\nb: 1\n", "a:\n\t- 1\n",
                                  "a: *nowhere\n",
                                  "a: 'x\ud800'\n", "a: \x00\n", "a: b\u2028c\n"])
def test_both_parsers_word_and_locate_an_error_alike(text: str, monkeypatch: pytest.MonkeyPatch) -> None:
    fast = raised(text)
    monkeypatch.setattr(yamlsrc, "_FAST_LOADER", None)
    assert raised(text) == fast


def test_lines_are_counted_as_editors_count_them_past_other_line_breaks() -> None:
    # Found by tests/fuzz: YAML also ends a line at U+0085, U+2028 and U+2029, so every place after one (in a
    # string or a comment) named a line one too far, past the end of the file for the last.
    value = parse_yaml('a: "x\u2028y"\nb: 2\n', "f.yaml")
    assert loc_of(value, "b") == Loc("f.yaml", 2, 4)
    with pytest.raises(ContentError) as e:
        parse_yaml("a: 1  # a note\u0085\nb: [1,\n", "f.yaml")
    assert str(e.value).startswith("f.yaml:3:1: error: YAML syntax error")


@pytest.mark.parametrize("fast", [True, False])
def test_a_carriage_return_alone_does_not_end_a_line_but_crlf_does(fast: bool, monkeypatch) -> None:
    # Found by tests/fuzz (in an SVG file; YAML counts the same way): a lone CR ends a line for the parser but
    # not for editors or `grep -n`, so every place after one named a line too far.
    if not fast:
        monkeypatch.setattr(yamlsrc, "_FAST_LOADER", None)
    value = parse_yaml("# a note\r# more\na: 1\nb: 2\n", "f.yaml")
    assert loc_of(value, "b") == Loc("f.yaml", 3, 4)
    assert raised("a: 1\rb: 2\nc: [\n") == "f.yaml:3:1: error: YAML syntax error: expected the node content, but " \
                                           "found '<stream end>'"
    assert raised("a: 1\r\nb: 2\r\nc: d: e\r\n") == "f.yaml:3:5: error: YAML syntax error: mapping values are " \
                                                    "not allowed here"


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="ab\n\r\u2028é", max_size=60))
def test_line_starts_place_every_index_as_counting_from_the_start_does(text: str) -> None:
    # Counting from the start for every value made a 0.9 MB file with one lone CR take 40 s to read
    # (benchmarks/bench_big_input.py); the line index must place every character the same way.
    lines = yamlsrc._LineStarts(text)
    for index in range(len(text) + 1):
        assert lines.loc(index, "f.yaml") == yamlsrc.text_loc(text, index, "f.yaml")


@pytest.mark.parametrize(("text", "line"), [
    ("a: 1\n\tb: 2\n", 2),  # a key indented with a tab
    ("x:\n  - 1\n\t- 2\n", 3),  # a list item
    ("x:\n\t y: 1\n", 2),  # a tab then a space
])
def test_a_tab_in_the_indentation_says_to_indent_with_spaces(text, line) -> None:
    with pytest.raises(ContentError) as e:
        parse_yaml(text, "g.yaml")
    assert str(e.value) == (f"g.yaml:{line}:1: error: YAML syntax error: a tab in the indentation: YAML indents with "
                            "spaces only; replace the tab with spaces")


def test_a_tab_between_words_is_no_indentation_and_reads() -> None:
    assert parse_yaml("a:\tb\nc: [1,\t2]\n") == {"a": "b", "c": [1, 2]}


def test_other_syntax_errors_keep_their_own_words() -> None:
    with pytest.raises(ContentError, match="YAML syntax error: mapping values are not allowed here"):
        parse_yaml("a: b: c\n", "g.yaml")
