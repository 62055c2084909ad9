"""Safe YAML loading that keeps the source location of every value."""

from __future__ import annotations

import os
import re
from bisect import bisect_right
from pathlib import Path
from typing import Any

import yaml

from ..errors import ContentError, Loc, Problems

MAX_BYTES = 1_000_000
MAX_NODES = 200_000
MAX_CHARS = 1_000_000  # characters of text in a document once its aliases are expanded
MAX_TEXT = 10_000  # characters in one text value
MAX_DEPTH = 100
# Characters text may not hold: controls other than tab and line feed, lone surrogates, U+FFFE and U+FFFF.
BAD_TEXT = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff]")

_STD = "tag:yaml.org,2002:"
# Tags a content file may carry (implicitly or written out); anything else is refused.
SCALAR_TAGS = {_STD + t for t in ("null", "bool", "int", "float", "str", "timestamp")}


class LMap(dict):
    """A dict that knows where it, each key and each value came from."""

    loc: Loc
    key_locs: dict
    val_locs: dict


class LList(list):
    """A list that knows where it and each item came from."""

    loc: Loc
    item_locs: list


def display_path(path: Path | str) -> str:
    """A path as a user should read it: relative to the working folder when inside it."""
    p = Path(path).resolve()
    try:
        cwd = Path.cwd().resolve()
    except OSError:
        return str(p)
    if p == cwd or p.is_relative_to(cwd):
        return os.path.relpath(p, cwd)
    return str(p)


def short_tag(tag: str) -> str:
    """A YAML tag as it is written in a file ('!!python/object', '!custom')."""
    return "!!" + tag[len(_STD):] if tag.startswith(_STD) else tag


def loc_of(container: Any, key: Any = None) -> Loc | None:
    """Location of container[key] (or of container itself when key is None)."""
    if key is None:
        return getattr(container, "loc", None)
    if isinstance(container, LMap):
        return container.val_locs.get(key, container.loc)
    if isinstance(container, LList) and isinstance(key, int) and 0 <= key < len(container):
        return container.item_locs[key]
    return getattr(container, "loc", None)


def key_loc(container: Any, key: Any) -> Loc | None:
    """Location of a mapping's key."""
    if isinstance(container, LMap):
        return container.key_locs.get(key, container.loc)
    return getattr(container, "loc", None)


def bad_character(char: str) -> str:
    """What is wrong with a character text may not hold."""
    code = ord(char)
    kind = ("a lone surrogate" if 0xD800 <= code <= 0xDFFF else "a non-character" if code in (0xFFFE, 0xFFFF)
            else "a control character")
    return f"U+{code:04X} is {kind}; text holds printable characters, tabs and line breaks only"


def too_long(value: str) -> str:
    """The message for a text value over MAX_TEXT characters."""
    return f"text of {len(value)} characters; the limit for one value is {MAX_TEXT}"


def check_cell(text: str, loc: Loc) -> None:
    """A ContentError at a cell of a table (a spreadsheet) whose text is too long or holds a character text may
    not hold."""
    if len(text) > MAX_TEXT:
        raise ContentError(loc, too_long(text))
    bad = BAD_TEXT.search(text.replace("\r\n", "\n"))  # (a line break saved on Windows is one)
    if bad is not None:
        raise ContentError(loc, bad_character(bad[0]))


def text_loc(text: str, index: int, filename: str) -> Loc:
    """The line:col of a character index in a file's text."""
    line = text.count("\n", 0, index) + 1
    return Loc(filename, line, index - (text.rfind("\n", 0, index) + 1) + 1)


def other_breaks(text: str) -> bool:
    """Whether the text holds U+0085, U+2028, U+2029 or a carriage return alone: YAML breaks lines there too, where
    editors, `grep -n` and `wc -l` count only line feeds."""
    return any(c in text for c in "\x85\u2028\u2029") or text.count("\r") > text.count("\r\n")


def mark_loc(mark: yaml.Mark, filename: str, text: str) -> Loc:
    """A parser's mark as editors number lines."""
    if other_breaks(text):
        return text_loc(text, mark.index, filename)
    return Loc(filename, mark.line + 1, mark.column + 1)


class _LineStarts:
    """Where each line of a text starts, lines ending at line feeds only: a place in one bisection, so that
    placing every value of a large file stays linear (counting from the start each time did not)."""

    def __init__(self, text: str):
        starts = [0]
        at = text.find("\n")
        while at >= 0:
            starts.append(at + 1)
            at = text.find("\n", at + 1)
        self.starts = starts

    def loc(self, index: int, filename: str) -> Loc:
        """The line:col of a character index."""
        line = bisect_right(self.starts, index)
        return Loc(filename, line, index - self.starts[line - 1] + 1)


class _Builder:
    def __init__(self, filename: str, problems: Problems | None, text: str = ""):
        self.text = text
        # (once: the builder asks for every value's place)
        self.lines = _LineStarts(text) if other_breaks(text) else None
        self.filename = filename
        self.problems = problems
        self.nodes = 0
        self.scalars = yaml.constructor.SafeConstructor()

    def loc(self, node: yaml.Node) -> Loc:
        mark = node.start_mark
        if self.lines is not None:
            return self.lines.loc(mark.index, self.filename)
        return Loc(self.filename, mark.line + 1, mark.column + 1)

    def fail(self, loc: Loc, msg: str) -> None:
        if self.problems is None:
            raise ContentError(loc, msg)
        self.problems.error(loc, msg)

    def build(self, node: yaml.Node, depth: int = 0) -> Any:
        self.nodes += 1
        if self.nodes > MAX_NODES:
            raise ContentError(
                self.loc(node),
                f"document expands to more than {MAX_NODES} values (alias/anchor expansion?)",
            )
        if depth > MAX_DEPTH:
            raise ContentError(self.loc(node), f"values nest more than {MAX_DEPTH} levels deep")
        if isinstance(node, yaml.ScalarNode):
            return self.scalar(node)
        if isinstance(node, yaml.SequenceNode):
            if node.tag != _STD + "seq":
                return self.bad_tag(node)
            out = LList()
            out.loc, out.item_locs = self.loc(node), []
            for item in node.value:
                out.append(self.build(item, depth + 1))
                out.item_locs.append(self.loc(item))
            return out
        if isinstance(node, yaml.MappingNode):
            if node.tag != _STD + "map":
                return self.bad_tag(node)
            return self.mapping(node, depth)
        raise ContentError(self.loc(node), "unsupported YAML node")

    def bad_tag(self, node: yaml.Node) -> None:
        raise ContentError(self.loc(node),
                           f"unsupported YAML tag '{short_tag(node.tag)}' (content files hold plain data only)")

    def scalar(self, node: yaml.ScalarNode) -> Any:
        if node.tag not in SCALAR_TAGS:
            return self.bad_tag(node)
        if node.tag == _STD + "timestamp":
            return node.value  # dates stay text: a version like 2026-01-01 is a label, not a date
        try:
            value = self.scalars.construct_object(node)
        except (yaml.YAMLError, ValueError, KeyError, TypeError, OverflowError):
            kind = short_tag(node.tag)[2:]
            raise ContentError(self.loc(node), f"'{node.value}' is not a valid {kind} value") from None
        if isinstance(value, str):
            self.check_text(value, node)
        return value

    def check_text(self, value: str, node: yaml.ScalarNode) -> None:
        """Text holds printable characters only (an SVG or PDF could not carry the others), and not too many."""
        if len(value) > MAX_TEXT:
            raise ContentError(self.loc(node), too_long(value))
        bad = BAD_TEXT.search(value)
        if bad is None:
            return
        written = self.text.find(bad[0], node.start_mark.index, node.end_mark.index)  # else written as an escape
        loc = text_loc(self.text, written, self.filename) if written >= 0 else self.loc(node)
        raise ContentError(loc, bad_character(bad[0]))

    def mapping(self, node: yaml.MappingNode, depth: int) -> LMap:
        out = LMap()
        out.loc, out.key_locs, out.val_locs = self.loc(node), {}, {}
        merged: list[LMap] = []
        for knode, vnode in node.value:
            if knode.tag == _STD + "merge":
                val = self.build(vnode, depth + 1)
                items = val if isinstance(val, list) else [val]
                for m in items:
                    if not isinstance(m, LMap):
                        self.fail(self.loc(knode), "merge key '<<' needs a mapping or a list of mappings")
                    else:
                        merged.append(m)
                continue
            if not isinstance(knode, yaml.ScalarNode):
                self.fail(self.loc(knode), "a mapping key must be a plain value")
                continue
            key = self.build(knode, depth + 1)
            if key in out:
                first = out.key_locs[key]
                self.fail(self.loc(knode), f"duplicate key '{key}' (first defined at line {first.line}, "
                          f"column {first.col})")
                continue
            out[key] = self.build(vnode, depth + 1)
            out.key_locs[key] = self.loc(knode)
            out.val_locs[key] = self.loc(vnode)
        for m in merged:
            for k, v in m.items():
                if k not in out:
                    out[k] = v
                    out.key_locs[k] = m.key_locs[k]
                    out.val_locs[k] = m.val_locs[k]
        return out


def _compose(text: str) -> yaml.Node | None:
    """The document's node tree: libyaml's parser when PyYAML has it (about ten times faster), else PyYAML's own.

    A document libyaml refuses is read again by PyYAML's parser, so every syntax error is worded and located the
    same way whichever parser is installed (libyaml also stops nesting at 1,000 levels, where PyYAML recurses)."""
    if _FAST_LOADER is not None:
        try:
            return yaml.compose(text, Loader=_FAST_LOADER)
        except (yaml.YAMLError, UnicodeError):  # libyaml takes UTF-8: a lone surrogate does not even reach it
            pass
    return yaml.compose(text, Loader=yaml.SafeLoader)


_FAST_LOADER = getattr(yaml, "CSafeLoader", None)


def parse_yaml(text: str, filename: str = "<input>", problems: Problems | None = None) -> Any:
    """Parse one YAML document safely into located values."""
    size = len(text.encode("utf-8", "replace"))
    if size > MAX_BYTES:
        raise ContentError(Loc(filename, 1, 1), too_large(size))
    count_values(text, filename)
    try:
        node = _compose(text)
    except yaml.reader.ReaderError as e:  # a character YAML refuses, written raw in the file
        char = chr(e.character) if isinstance(e.character, int) else str(e.character)
        raise ContentError(text_loc(text, e.position, filename), bad_character(char)) from None
    except RecursionError:
        raise ContentError(Loc(filename, 1, 1), "values nest too deeply to read") from None
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        loc = mark_loc(mark, filename, text) if mark else Loc(filename)
        what = (e.problem or e.context or "syntax error").strip()
        if e.context and what.startswith("but "):  # "expected a single document ..., but found another"
            what = f"{e.context.strip()}, {what}"
        what = " ".join(what.split())
        raise ContentError(loc, f"YAML syntax error: {_tab_hint(what, text, mark)}") from None
    except yaml.YAMLError as e:
        raise ContentError(Loc(filename, 1, 1), f"YAML error: {' '.join(str(e).split())}") from None
    if node is None:
        return None
    check_expansion(node, filename, text)
    return _Builder(filename, problems, text).build(node)


def _tab_hint(what: str, text: str, mark) -> str:
    """A syntax error's words, saying the fix where a tab stands in the indentation (YAML indents with spaces only)."""
    line = text.splitlines()[mark.line] if mark is not None and mark.line < len(text.splitlines()) else ""
    if "'\\t'" in what or "\t" in line[:len(line) - len(line.lstrip())]:
        return "a tab in the indentation: YAML indents with spaces only; replace the tab with spaces"
    return what


def count_values(text: str, filename: str) -> None:
    """Refuse a file that holds more than MAX_NODES values as written, before building any of them (the C
    parser counts fast; a syntax error is left for the located parse that follows)."""
    try:
        parser = (_FAST_LOADER or yaml.SafeLoader)(text)
    except (yaml.YAMLError, UnicodeError):  # (a character either parser refuses: the parse that follows says)
        return
    count = 0
    try:
        while parser.check_event():
            event = parser.get_event()
            if isinstance(event, (yaml.ScalarEvent, yaml.SequenceStartEvent, yaml.MappingStartEvent)):
                count += 1
                if count > MAX_NODES:
                    raise ContentError(mark_loc(event.start_mark, filename, text),
                                       f"the file holds more than {MAX_NODES} values (the limit); split it or "
                                       "shorten it")
    except (yaml.YAMLError, UnicodeError):
        return
    finally:
        parser.dispose()


def check_expansion(root: yaml.Node, filename: str, text: str = "") -> None:
    """Refuse a document whose aliases would expand it past MAX_NODES values, naming the value that explodes."""
    sizes: dict[int, int | None] = {}  # None: being counted
    chars: dict[int, int] = {}  # characters of text in each value, aliases expanded

    def children(n: yaml.Node) -> list:
        if isinstance(n, yaml.SequenceNode):
            return n.value
        if isinstance(n, yaml.MappingNode):
            return [x for pair in n.value for x in pair]
        return []

    def size(n: yaml.Node) -> int:
        if id(n) in sizes:
            if sizes[id(n)] is None:
                raise ContentError(mark_loc(n.start_mark, filename, text),
                                   "this value contains itself (recursive alias)")
            return sizes[id(n)]
        sizes[id(n)] = None
        inner = children(n)
        sizes[id(n)] = 1 + sum(size(c) for c in inner)
        chars[id(n)] = sum(chars[id(c)] for c in inner) if inner else len(n.value or "")
        return sizes[id(n)]

    try:
        size(root)
    except RecursionError:
        raise ContentError(Loc(filename, 1, 1), "values nest too deeply to read") from None
    # (count_values refused a file over a limit as written: past here, aliases are what expands it)
    for counts, limit, what in ((sizes, MAX_NODES, "values"), (chars, MAX_CHARS, "characters of text")):
        if counts[id(root)] <= limit:
            continue
        node = root
        while True:  # the innermost value that alone is over the limit
            big = next((c for c in children(node) if counts[id(c)] > limit), None)
            if big is None:
                break
            node = big
        raise ContentError(mark_loc(node.start_mark, filename, text),
                           f"this value expands to {counts[id(node)]} {what} through its aliases (*name), more "
                           f"than the limit of {limit}")


def too_large(size: int) -> str:
    """The message for a file over the size limit."""
    return f"file is too large ({-(-size // 1000)} kB; the limit is {MAX_BYTES // 1000} kB)"


def decode(data: bytes, filename: str) -> str:
    """UTF-8 text of a file's bytes; a located error at the first byte that is not UTF-8."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        bom = 3 if data.startswith(b"\xef\xbb\xbf") else 0
        start = e.start + bom
        before = data[bom:start].decode("utf-8", "replace")
        line = before.count("\n") + 1
        col = len(before) - (before.rfind("\n") + 1) + 1
        raise ContentError(Loc(filename, line, col),
                           f"file is not UTF-8 text (byte 0x{data[start]:02x}); save it as UTF-8") from None


def load_yaml(path: Path | str, problems: Problems | None = None) -> Any:
    """Read and parse a YAML file, with locations naming the file as the user sees it."""
    p = Path(path)
    name = display_path(p)
    try:
        size = p.stat().st_size
    except OSError as e:
        raise ContentError(Loc(name), f"cannot read file: {e.strerror or e}") from None
    if size > MAX_BYTES:
        raise ContentError(Loc(name, 1, 1), too_large(size))
    try:
        with p.open("rb") as fh:  # bounded: devices and pipes report no size
            data = fh.read(MAX_BYTES + 1)
    except OSError as e:
        raise ContentError(Loc(name), f"cannot read file: {e.strerror or e}") from None
    if len(data) > MAX_BYTES:
        raise ContentError(Loc(name, 1, 1), too_large(len(data)))
    return parse_yaml(decode(data, name), name, problems)
