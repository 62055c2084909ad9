"""What `check` calls OK is true on paper: editing any rules number of a bundled pack reprints every statement of it.

For each bundled pack, every whole number of its rules (the game's and each variant's), of its actions and of its
cards' fields (the first card of each deck that has the field) is edited in a copy of the pack, one at a time. The
kit is laid out before and after, and its printed text compared: each line that changed says what it said before
with the old number replaced by the new one and nothing else; the components whose text changed are the ones the
change list counts as changed; and a value that content prints through a reference changes some printed line.
A last test builds the PDF for one rules number per pack and reads it back with pdftotext.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest
from kit.packs import copy_pack

from pnpgen.build.changes import CHANGES, compare, take_snapshot
from pnpgen.build.pipeline import BuildOptions, build
from pnpgen.components import layout_kit
from pnpgen.draw.primitives import Group, Text
from pnpgen.errors import ContentError, ContentErrors
from pnpgen.load.loader import load_game
from pnpgen.source.yamlsrc import LList, LMap, load_yaml

PACKS = ("narrow-seas", "enemy-in-sight", "seas-of-havoc")


@dataclass(frozen=True)
class Number:
    """A whole number written in a content file: what it is (a reference path) and where it is written."""

    path: str  # 'rules.hand_size', 'actions.broadside.damage', 'cards.victory.hull'
    file: str  # relative to the pack
    line: int
    col: int
    value: int


def _ints(node, path: str, file: str, out: list[Number]) -> None:
    """Every whole number under a located YAML node, with its dotted path."""
    items = node.items() if isinstance(node, LMap) else enumerate(node) if isinstance(node, LList) else ()
    for key, value in items:
        loc = node.val_locs.get(key) if isinstance(node, LMap) else node.item_locs[key]
        here = f"{path}.{key}"
        if isinstance(value, bool):
            continue
        if isinstance(value, int) and loc is not None:
            out.append(Number(here, file, loc.line, loc.col, value))
        else:
            _ints(value, here, file, out)


def _read(root: Path, name: str):
    try:
        return load_yaml(root / name)
    except ContentError:
        return None


def numbers(root: Path) -> list[Number]:
    """The rules numbers of a pack: rules (the game's, each variant's), actions, card fields."""
    out: list[Number] = []
    game = _read(root, "game.yaml")
    sections = {k: game.get(k) for k in ("rules", "actions", "decks", "variants")}
    located = {k: (_read(root, v), v) if isinstance(v, str) else (v, "game.yaml") for k, v in sections.items()}
    rules, rules_file = located["rules"]
    if rules is not None:
        _ints(rules, "rules", rules_file, out)
    for variant, ref in (located["variants"][0] or {}).items():
        doc = _read(root, ref) if isinstance(ref, str) else ref
        if isinstance(doc, LMap) and "rules" in doc:
            _ints(doc["rules"], f"variants.{variant}.rules", ref if isinstance(ref, str) else "game.yaml", out)
    actions, actions_file = located["actions"]
    if actions is not None:
        _ints(actions, "actions", actions_file, out)
    decks, decks_file = located["decks"]
    for deck in decks or ():
        seen: set[str] = set()
        for card in deck.get("cards") or () if isinstance(deck.get("cards"), LList) else ():
            fields = card.get("fields")
            if not isinstance(fields, LMap):
                continue
            found: list[Number] = []
            _ints(fields, f"cards.{card.get('id')}", decks_file, found)
            for n in found:
                field = n.path.split(".", 2)[2]
                if field not in seen:
                    seen.add(field)
                    out.append(n)
    return out


def edited(root: Path, n: Number, value: int) -> None:
    """Write `value` where the number is written."""
    path = root / n.file
    lines = path.read_text(encoding="utf-8").split("\n")
    line = lines[n.line - 1]
    m = re.compile(r"-?\d+").match(line, n.col - 1)
    assert m and int(m.group(0)) == n.value, (n, line)
    lines[n.line - 1] = line[:m.start()] + str(value) + line[m.end():]
    path.write_text("\n".join(lines), encoding="utf-8")


def _lines(item, out: list[str]) -> list[str]:
    if isinstance(item, Text):
        out.append(item.text)
    elif isinstance(item, Group):
        for child in item.items:
            _lines(child, out)
    return out


COVER = "(cover)"


def printed(kit) -> dict[str, list[str]]:
    """Each piece's printed lines (face, then back), and the cover's notes (what players bring, credits, licence)."""
    out = {p.id: _lines(p.face, []) + (_lines(p.back, []) if p.back is not None else []) for p in kit.pieces}
    facts = kit.cover
    out[COVER] = [*facts.credits, facts.licence, *(what for what, _counts in facts.also_needed)] if facts else []
    return out


def referenced(root: Path, n: Number) -> bool:
    """Whether the pack's text names this number through a reference or a table made from records."""
    path = n.path.split(".", 2)[2] if n.path.startswith("variants.") else n.path
    text = "\n".join(p.read_text(encoding="utf-8") for p in root.rglob("*.yaml"))
    if re.search(r"\{" + re.escape(path) + r"[|}]", text):
        return True
    space, _, rest = path.partition(".")
    field = rest.rpartition(".")[2]
    return bool(re.search(rf"rows: {re.escape(space)}\b[^\n]*\n(?:[^\n]*\n){{0,2}}[^\n]*columns: {{[^}}]*: "
                          rf"{re.escape(field)}\b", text))


def _only_the_number(before: str, after: str, old: int, new: int) -> bool:
    """Whether a line says what it said, but for `old` (a whole number) turned into `new` where it changed, and
    the plural that follows a number (1 cube, 2 cubes)."""
    def plain(text: str) -> str:  # both numbers (and plurals) as one: a line may show either, or both
        text = re.sub(rf"(?<![\d.])(?:{old}|{new})(?!\d|\.\d)", "#", text)
        return re.sub(r"(?<=\w)s\b", "", text)
    return plain(before) == plain(after)


def _layout(root: Path):
    game = load_game(str(root))
    return game, layout_kit(game)


@pytest.mark.slow
@pytest.mark.parametrize("name", PACKS)
def test_every_rules_number_edited_reprints_every_statement_of_it(name, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    root = copy_pack(tmp_path / name, name)
    _game, kit = _layout(root)
    before = printed(kit)
    base = take_snapshot(kit, root, "", {})
    tried = live = 0
    for n in numbers(root):
        work = tmp_path / "edit"
        shutil.rmtree(work, ignore_errors=True)
        shutil.copytree(root, work)
        for new in (n.value + 1, n.value - 1):
            edited(work, n, new)
            try:
                _game, kit = _layout(work)
                break
            except ContentErrors:
                edited(work, Number(n.path, n.file, n.line, n.col, new), n.value)
        else:
            continue  # no neighbouring value loads (a count the content pins): nothing to print
        tried += 1
        after = printed(kit)
        moved = {pid for pid in after if after[pid] != before.get(pid)}
        changes = compare(base, take_snapshot(kit, work, "", {}))
        counted = {c.now.id for c in changes.changed} | {c.id for c in changes.added}
        assert moved - {COVER} <= counted, (n.path, moved - counted)  # (the cover is a page, not a component)
        plain = not n.path.rpartition(".")[2].isdigit()  # a list's item (a heading) prints in words, not as it is
        for pid in moved if plain else ():
            old_lines, new_lines = before[pid], after[pid]
            if len(old_lines) != len(new_lines):
                continue  # the text reflowed (a wider number): compared as a whole below
            for a, b in zip(old_lines, new_lines):
                assert a == b or _only_the_number(a, b, n.value, new), (n.path, pid, a, b)
        if referenced(root, n):
            live += 1
            shown = [line for pid in moved for line in after[pid]
                     if re.search(rf"(?<![\d.]){new}(?!\d|\.\d)", line)]
            assert shown, f"{n.path} is printed through a reference, but no printed line changed to {new}"
    assert tried >= 15, tried  # it looped: every pack has at least this many rules numbers
    assert live >= 8, live  # and prints at least this many of them through references


AIDS_PARAMETER = {"narrow-seas": "rules.hand_size", "enemy-in-sight": "rules.victory_points",
                  "seas-of-havoc": "rules.market_size"}


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="pdftotext (poppler-utils) is not installed")
@pytest.mark.parametrize("name", PACKS)
def test_a_rules_edit_reaches_the_printed_pdf_and_the_change_list(name, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    root = copy_pack(tmp_path / name, name)
    out = tmp_path / "out"

    def run():
        return build(BuildOptions(game=str(root), out=out, papers=("a4",), formats=("pdf",), sim_games=0,
                                  force=True))

    first = run()
    text_before = printed(first.kit)
    n = next(x for x in numbers(root) if x.path == AIDS_PARAMETER[name])
    assert referenced(root, n)
    edited(root, n, n.value + 1)
    state = run()
    after = printed(state.kit)
    moved = sorted(pid for pid in after if after[pid] != text_before.get(pid))
    assert any(pid.startswith("aid-") for pid in moved), moved
    listed = (state.target / CHANGES).read_text(encoding="utf-8")
    changed = listed[listed.index("changed ("):listed.index("added (")]
    for pid in moved:
        assert f"  {pid}  (" in changed, (pid, changed)
    pdf = subprocess.run(["pdftotext", "-layout", str(state.target / f"{state.game.id}-a4.pdf"), "-"],
                         capture_output=True, text=True, check=True).stdout
    words = " ".join(pdf.split())
    new_lines = {line for pid in moved for line in after[pid] if str(n.value + 1) in line}
    old_lines = {line for pid in moved for line in text_before[pid] if str(n.value) in line} - \
        {line for lines in after.values() for line in lines}
    assert new_lines and old_lines
    for line in new_lines:
        assert " ".join(line.split()) in words, line
    for line in old_lines:
        assert " ".join(line.split()) not in words, line


PRINTED_KEYS = {"text", "title", "label", "also_needed", "table", "edges"}
# Numbers the bundled packs still type in printed text: the words around each, and why it is no value of the data.
TYPED = {
    "narrow-seas": {
        "1. Plan": "a step number of the round", "2. Draw": "a step number", "3. Action": "a step number",
        "4. Reset": "a step number",
    },
    "enemy-in-sight": {
        "1": "the steps of a turn, numbered", "2": "a step number", "3": "a step number", "4": "a step number",
        "5": "a step number",
    },
    "seas-of-havoc": {
        "(player 1)": "a player's number names the player", "(player 2)": "a player", "(player 3)": "a player",
        "(player 4)": "a player", "Player 1": "a player (a column of the pad, a deck's back)",
        "Player 2": "a player", "Player 3": "a player", "Player 4": "a player",
        "1. From": "a step number", "2. In turn": "a step number", "3. Take": "a step number",
        "Scrap 1 card": "a flag's action: the engine holds it, no field of the data does",
        "Draw 1 card": "a flag's action, held by the engine", "Gain 1 resource": "a flag's action, held by the engine",
        "pivot 90 degrees": "a quarter turn on a square grid", "drift 1 space": "a gust's drift, held by the engine",
        "1{sail}": "a resource token's own value (its label is the data)", "3{sail}": "a token's value",
        "1{cannonball}": "a token's value", "3{cannonball}": "a token's value", "1{coin}": "a token's value",
        "3{coin}": "a token's value",
    },
}
LABELS = {"1", "2", "3", "4"}  # a skiff's or ship's label: the player it belongs to (its data is that label)


def typed_numbers(root: Path) -> dict[str, str]:
    """Each printed text of a pack (aids, labels, texts, tables, notes) that types a digit outside a reference,
    with where it is."""
    found: dict[str, str] = {}

    def walk(node, key: str, file: str) -> None:
        if isinstance(node, LMap):
            for k, v in node.items():
                walk(v, str(k) if k in PRINTED_KEYS else key if key in ("table", "also_needed") else "", file)
        elif isinstance(node, LList):
            for v in node:
                walk(v, key, file)
        elif isinstance(node, (str, int, float)) and not isinstance(node, bool) and key in PRINTED_KEYS:
            text = re.sub(r"\{[^{}]*\}", "", str(node))
            if re.search(r"\d", text):
                found[" ".join(str(node).split())] = file
    for path in sorted(root.rglob("*.yaml")):
        doc = _read(root, str(path.relative_to(root)))
        if doc is not None and "examples" not in path.parts and "templates" not in path.parts:
            walk(doc, "", str(path.relative_to(root)))
    return found


@pytest.mark.parametrize("name", PACKS)
def test_no_rules_number_is_typed_into_printed_text(name, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    root = copy_pack(tmp_path / name, name)
    allowed = TYPED[name]
    used: set[str] = set()
    left = {}
    for text, file in typed_numbers(root).items():
        if name != "enemy-in-sight" and text in LABELS and file == "tokens.yaml":
            continue
        rest = re.sub(r"\{[^{}]*\}", "", text) if text not in allowed else ""
        for snippet in sorted(allowed, key=len, reverse=True):
            if snippet in text and text != snippet:
                used.add(snippet)
                rest = rest.replace(re.sub(r"\{[^{}]*\}", "", snippet), "")
        if text in allowed:
            used.add(text)
        if re.search(r"\d", rest):
            left[text] = file
    assert not left, left  # a number typed into printed text: a reference to the data belongs there
    assert used == set(allowed), set(allowed) - used  # and each number left typed is still there
