"""Structure-aware mutations for the fuzz suite: hypothesis strategies that break one YAML document (a value, a
key, an item, a reference), its text (bytes, lines, indentation, YAML syntax) or the files of a pack."""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import yaml
from hypothesis import strategies as st

from pnpgen.files.paths import CONTENT_DIR

CANARY = "CANARY-5e1f-outside-the-pack"  # held only by files outside the pack; must never show in output
OUTSIDE_ABSOLUTE = "/tmp/pnpgen-fuzz-outside.yaml"  # such a file, named by an absolute path

# Text that broke or nearly broke pnpgen before: control characters, lone surrogates, line breaks of every kind,
# markup, paths out of the pack, format strings, scripts the font may lack, very long words and texts.
NASTY_TEXT = (
    "", " ", "\x00", "\x01", "\x08", "\x0c", "\x1b[31m", "\x7f", "\x85", "\ufffe", "\uffff", "\ud800", "\udfff",
    "\r", "\n", "a\nb", "a\r\nb", "\u0085", "\u2028", "\u2029", "\t", "\u200b", "\u202e", "<svg>", "</text>",
    "&amp;", "]]>", "<!--", "'\"", "\\", "%s%n%x", "{0}{name}", "${HOME}", "../../../../etc/passwd",
    "/etc/passwd", "../outside.yaml", "~", ".", "..", "/", "C:\\x", "Łódź", "漢字", "مرحبا", "🚢", "ﷺ",
    "W" * 60, "Carronades " * 40, "x" * 300, "+inf", "NaN", "0x10", "1e999", "null", "yes", "-", "?", "*",
)
NASTY_NUMBERS = (0, -1, 1, 2, 3, 7, 99, 10**6, -(10**9), 2**31, 2**63, 10**30, 0.5, -0.0, 1e-9, 1e308,
                 float("inf"), float("-inf"), float("nan"), True, False)
UNITS = ("mm", "pt", "in", "cm", "px", "%", "")

# Snippets put into the text itself: YAML syntax, tags, aliases, merge keys, indentation and stray bytes.
TEXT_SNIPPETS = (
    ":", ": ", "- ", "-", "{", "}", "[", "]", "\"", "'", "#", "&a ", "*a", "*undefined", "<<: *a", "<<: [*a, *a]",
    "!!python/object/apply:os.system ['true']", "!!binary AAAA", "!!set {a}", "!custom x", "? ", "|", ">-",
    "\t", "  ", "\x00", "\x01", "\x1b", "\x7f", "\x85", "\ufeff", "\ufffe", "\u2028", "%YAML 1.1\n", "---\n",
    "...\n", "\n", "\r", "\\u", "\"\\ud800\"", "\"\\x00\"", "\"\\e\"", "x: &a [1, 2]", "@", "`",
)
RAW_BYTES = (b"\xff", b"\xfe\xff", b"\xc3", b"\xed\xa0\x80", b"\x80", b"\xef\xbb\xbf", b"\x00\x00")


@dataclass(frozen=True)
class Mutation:
    """A mutated file: its new bytes (None: delete it; a str starting 'symlink:' or 'fifo:' or 'dir:') and what
    was done, for the report of a finding."""

    path: str  # relative to the folder the mutation applies to
    data: bytes | str | None
    note: str

    def apply(self, folder: Path) -> None:
        """Write the mutation into `folder`."""
        import os

        target = folder / self.path
        if target.is_symlink() or target.is_file():
            target.unlink()
        elif target.is_dir() and isinstance(self.data, str) and not self.data.startswith("dir:"):
            import shutil
            shutil.rmtree(target)
        target.parent.mkdir(parents=True, exist_ok=True)
        if self.data is None:
            return
        if isinstance(self.data, bytes):
            target.write_bytes(self.data)
        elif self.data.startswith("symlink:"):
            target.symlink_to(self.data[len("symlink:"):])
        elif self.data.startswith("fifo:"):
            os.mkfifo(target)
        elif self.data.startswith("dir:"):
            target.mkdir(exist_ok=True)


def nasty_text() -> st.SearchStrategy[str]:
    """A string that has hurt before, one hypothesis makes up, or the two joined."""
    made_up = st.text(st.characters(codec=None, exclude_categories=()), max_size=40)
    known = st.sampled_from(NASTY_TEXT)
    return st.one_of(known, made_up, st.tuples(known, made_up).map("".join),
                     st.tuples(st.sampled_from(["", "x", "Reach"]), known, st.sampled_from(["", "y"])).map("".join))


def nasty_scalar(known: tuple[str, ...]) -> st.SearchStrategy[Any]:
    """A scalar of any type: hostile text and numbers, lengths with odd units, or a value the pack uses elsewhere
    (ids, suits, template names) so that references point somewhere real but wrong."""
    lengths = st.tuples(st.sampled_from(NASTY_NUMBERS[:17]), st.sampled_from(UNITS)).map(lambda p: f"{p[0]}{p[1]}")
    return st.one_of(
        nasty_text(), st.sampled_from(NASTY_NUMBERS), st.integers(), st.floats(), lengths, st.none(),
        st.sampled_from(known) if known else st.just("x"),
        st.sampled_from(known).map(lambda s: s[:-1] or "?") if known else st.just("y"),
    )


def nasty_value(known: tuple[str, ...]) -> st.SearchStrategy[Any]:
    """A scalar, or a small list or mapping of them (a value of the wrong shape)."""
    scalar = nasty_scalar(known)
    return st.one_of(scalar, scalar, st.lists(scalar, max_size=4),
                     st.dictionaries(st.one_of(st.sampled_from(known or ("x",)), nasty_text()), scalar, max_size=3))


def paths_in(tree: Any, here: tuple = ()) -> list[tuple]:
    """Every path (keys and indexes) to a node of a loaded YAML document, the root first."""
    found = [here]
    if isinstance(tree, dict):
        for key, value in tree.items():
            found += paths_in(value, (*here, key))
    elif isinstance(tree, list):
        for i, value in enumerate(tree):
            found += paths_in(value, (*here, i))
    return found


def scalars_in(tree: Any) -> set[str]:
    """Every string key and value of a document: the words the pack uses."""
    if isinstance(tree, dict):
        out = {k for k in tree if isinstance(k, str)}
        for value in tree.values():
            out |= scalars_in(value)
        return out
    if isinstance(tree, list):
        return set().union(*(scalars_in(v) for v in tree)) if tree else set()
    return {tree} if isinstance(tree, str) and len(tree) < 80 else set()


def _get(tree: Any, path: tuple) -> Any:
    for step in path:
        tree = tree[step]
    return tree


def _set(tree: Any, path: tuple, value: Any) -> Any:
    if not path:
        return value
    _get(tree, path[:-1])[path[-1]] = value
    return tree


@st.composite
def mutated_tree(draw, tree: Any, known: tuple[str, ...]) -> tuple[Any, list[str]]:
    """The document with one to three structural changes, and what each was."""
    tree = copy.deepcopy(tree)
    notes = []
    for _ in range(draw(st.integers(1, 3))):
        paths = paths_in(tree)
        path = draw(st.sampled_from(paths))
        node = _get(tree, path)
        op = draw(st.sampled_from(("replace", "replace", "delete", "add-key", "rename-key", "duplicate", "swap",
                                   "edit-text", "amplify", "nest", "grow")))
        if op == "replace" or (op in ("delete", "rename-key") and not path):
            tree = _set(tree, path, draw(nasty_value(known)))
        elif op == "delete":
            del _get(tree, path[:-1])[path[-1]]
        elif op == "add-key" and isinstance(node, dict):
            key = draw(st.one_of(st.sampled_from(known or ("x",)), nasty_text()))
            node[key] = draw(nasty_value(known))
        elif op == "rename-key" and isinstance(_get(tree, path[:-1]), dict):
            parent = _get(tree, path[:-1])
            new = draw(st.one_of(st.sampled_from(known or ("x",)), nasty_text(),
                                 st.just(str(path[-1]).upper()), st.just(f"{path[-1]}s")))
            if new not in parent:
                parent[new] = parent.pop(path[-1])
        elif op == "duplicate" and isinstance(node, list) and node:
            node.insert(draw(st.integers(0, len(node))), copy.deepcopy(node[draw(st.integers(0, len(node) - 1))]))
        elif op == "swap":
            other = _get(tree, draw(st.sampled_from(paths)))
            tree = _set(tree, path, copy.deepcopy(other))
        elif op == "edit-text" and isinstance(node, str):
            cut = draw(st.integers(0, len(node)))
            tree = _set(tree, path, node[:cut] + draw(nasty_text()) + node[cut:])
        elif op == "amplify":  # one object aliased many times: the text is small, the document large
            shared = ["x" * draw(st.sampled_from((10, 1000, 20000)))] * draw(st.sampled_from((2, 50, 400)))
            tree = _set(tree, path, [shared] * draw(st.sampled_from((2, 20, 60))))
        elif op == "nest":
            deep: Any = draw(nasty_scalar(known))
            for _ in range(draw(st.sampled_from((2, 50, 150)))):
                deep = [deep]
            tree = _set(tree, path, deep)
        elif op == "grow" and isinstance(node, list) and node:
            tree = _set(tree, path, node * draw(st.sampled_from((3, 40, 400))))
        else:
            tree = _set(tree, path, draw(nasty_value(known)))
            op = "replace"
        notes.append(f"{op} at {'/'.join(map(str, path)) or '(root)'}")
    return tree, notes


def expanded_size(tree: Any, limit: int) -> int:
    """About how many characters the tree takes written out in full (aliases expanded), counted up to `limit`
    (an object aliased inside an alias multiplies: JSON of an amplified tree can take gigabytes)."""
    sizes: dict[int, int] = {}

    def size(node: Any) -> int:
        if id(node) in sizes:
            return sizes[id(node)]
        if isinstance(node, dict):
            got = sum(size(k) + size(v) for k, v in node.items()) + 2
        elif isinstance(node, list):
            got = sum(size(v) for v in node) + 2
        else:
            got = len(str(node)) + 2
        sizes[id(node)] = got = min(got, limit)
        return got

    return size(tree)


def dump(tree: Any) -> str:
    """YAML text of a document (aliases where an object repeats; escapes where a character cannot print)."""
    try:
        return yaml.safe_dump(tree, allow_unicode=True, sort_keys=False, width=100)
    except yaml.YAMLError:
        return json.dumps(tree, ensure_ascii=True, default=str)  # JSON is YAML too


@st.composite
def mutated_text(draw, text: str) -> tuple[bytes, list[str]]:
    """The file's text with one to three changes to its characters, lines or bytes."""
    notes = []
    for _ in range(draw(st.integers(1, 3))):
        lines = text.split("\n")
        i = draw(st.integers(0, len(lines) - 1))
        op = draw(st.sampled_from(("insert", "insert", "delete-line", "duplicate-line", "swap-lines", "indent",
                                   "truncate", "replace-char", "whole")))
        if op == "insert":
            line = lines[i]
            col = draw(st.integers(0, len(line)))
            lines[i] = line[:col] + draw(st.one_of(st.sampled_from(TEXT_SNIPPETS), nasty_text())) + line[col:]
        elif op == "delete-line":
            del lines[i]
        elif op == "duplicate-line":
            lines.insert(i, lines[i])
        elif op == "swap-lines":
            j = draw(st.integers(0, len(lines) - 1))
            lines[i], lines[j] = lines[j], lines[i]
        elif op == "indent":
            lines[i] = draw(st.sampled_from(("", " ", "   ", "\t", "      "))) + lines[i].lstrip()
        elif op == "truncate":
            lines = lines[:i] + [lines[i][:draw(st.integers(0, len(lines[i])))]]
        elif op == "replace-char" and lines[i]:
            col = draw(st.integers(0, len(lines[i]) - 1))
            lines[i] = lines[i][:col] + draw(st.sampled_from(TEXT_SNIPPETS)) + lines[i][col + 1:]
        else:
            op = "whole"
            lines = draw(st.sampled_from(("", "\n", "x", "- x", "null", "42", "[]", "{}", "~", "a: &a [*a]",
                                          "\ufeffid: x"))).split("\n")
        text = "\n".join(lines)
        notes.append(f"text {op} near line {i + 1}")
    data = text.encode("utf-8", "surrogatepass")
    if draw(st.integers(0, 9)) == 0:  # a byte that is not UTF-8, somewhere
        at = draw(st.integers(0, len(data)))
        data = data[:at] + draw(st.sampled_from(RAW_BYTES)) + data[at:]
        notes.append(f"raw bytes at offset {at}")
    return data, notes


@cache
def source(path: Path) -> tuple[str, Any]:
    """A bundled file's text, and its YAML document (None for a file that is not YAML)."""
    text = path.read_text(encoding="utf-8")
    return text, yaml.safe_load(text) if path.suffix == ".yaml" else None


FILE_KINDS = ("empty", "delete", "symlink-out", "symlink-secret", "directory", "huge", "fifo")


@st.composite
def mutated_file(draw, folder: Path, name: str, known: tuple[str, ...], kinds: tuple[str, ...] = FILE_KINDS
                 ) -> Mutation:
    """A change to one file of a folder: its YAML structure (most often), its text, or the file itself (made one
    of `kinds`)."""
    text, tree = source(folder / name)
    how = draw(st.sampled_from(("tree", "tree", "tree", "text", "text", "file")))
    if how == "tree" and name.endswith(".yaml"):
        tree, notes = draw(mutated_tree(tree, known))
        return Mutation(name, dump(tree).encode("utf-8", "surrogatepass"), f"{name}: {'; '.join(notes)}")
    if how in ("tree", "text"):
        data, notes = draw(mutated_text(text))
        return Mutation(name, data, f"{name}: {'; '.join(notes)}")
    kind = draw(st.sampled_from(kinds))
    data: bytes | str | None = {
        "empty": b"", "delete": None, "symlink-out": "symlink:../../outside.yaml",
        "symlink-secret": f"symlink:{OUTSIDE_ABSOLUTE}", "directory": "dir:",
        "huge": text.encode() + b"\n# " + b"x" * 1_100_000, "fifo": "fifo:",
    }[kind]
    return Mutation(name, data, f"{name}: file {kind}")


@cache
def known_words(folder: Path) -> tuple[str, ...]:
    """The words a folder's YAML files use (sorted, so that hypothesis draws the same from the same seed)."""
    words: set[str] = set()
    for path in sorted(folder.rglob("*.yaml")):
        try:
            words |= scalars_in(yaml.safe_load(path.read_text(encoding="utf-8")))
        except yaml.YAMLError:
            continue
    return tuple(sorted(words)) + ("../outside.yaml", "../../outside.yaml", OUTSIDE_ABSOLUTE)


COMMANDS = ("build", "build", "build", "check", "build --force")


@cache
def pack_files(name: str) -> tuple[str, ...]:
    """The pack's YAML and SVG files (not its examples: the position targets have those)."""
    root = CONTENT_DIR / name
    return tuple(sorted(str(p.relative_to(root)) for p in root.rglob("*")
                        if p.is_file() and p.suffix in (".yaml", ".svg") and "examples" not in p.parts))


@st.composite
def broken_pack(draw, name: str) -> tuple[list[Mutation], str]:
    """One or two files of the pack mutated, and the command to run on it."""
    root = CONTENT_DIR / name
    names = draw(st.lists(st.sampled_from(pack_files(name)), min_size=1, max_size=2, unique=True))
    mutations = [draw(mutated_file(root, file, known_words(root))) for file in names]
    return mutations, draw(st.sampled_from(COMMANDS))
