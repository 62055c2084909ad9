"""Safe YAML loading that keeps the source location of every value."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import yaml

from .errors import ContentError, Loc, Problems

MAX_BYTES = 1_000_000
MAX_NODES = 200_000


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
    p = Path(path)
    try:
        return os.path.relpath(p.resolve(), Path.cwd())
    except ValueError:
        return str(p)


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


class _Builder:
    def __init__(self, filename: str, problems: Problems | None):
        self.filename = filename
        self.problems = problems
        self.nodes = 0
        self.scalars = yaml.constructor.SafeConstructor()

    def loc(self, node: yaml.Node) -> Loc:
        m = node.start_mark
        return Loc(self.filename, m.line + 1, m.column + 1)

    def fail(self, loc: Loc, msg: str) -> None:
        if self.problems is None:
            raise ContentError(loc, msg)
        self.problems.error(loc, msg)

    def build(self, node: yaml.Node) -> Any:
        self.nodes += 1
        if self.nodes > MAX_NODES:
            raise ContentError(
                self.loc(node),
                f"document expands to more than {MAX_NODES} values (alias/anchor expansion?)",
            )
        if isinstance(node, yaml.ScalarNode):
            try:
                return self.scalars.construct_object(node)
            except yaml.YAMLError as e:
                raise ContentError(self.loc(node), f"bad scalar: {e}") from None
        if isinstance(node, yaml.SequenceNode):
            out = LList()
            out.loc, out.item_locs = self.loc(node), []
            for item in node.value:
                out.append(self.build(item))
                out.item_locs.append(self.loc(item))
            return out
        if isinstance(node, yaml.MappingNode):
            return self.mapping(node)
        raise ContentError(self.loc(node), "unsupported YAML node")

    def mapping(self, node: yaml.MappingNode) -> LMap:
        out = LMap()
        out.loc, out.key_locs, out.val_locs = self.loc(node), {}, {}
        merged: list[LMap] = []
        for knode, vnode in node.value:
            if knode.tag == "tag:yaml.org,2002:merge":
                val = self.build(vnode)
                items = val if isinstance(val, list) else [val]
                for m in items:
                    if not isinstance(m, LMap):
                        self.fail(self.loc(vnode), "merge key '<<' needs a mapping or a list of mappings")
                    else:
                        merged.append(m)
                continue
            key = self.build(knode)
            if isinstance(key, (list, dict)):
                self.fail(self.loc(knode), "a mapping key must be a plain value")
                continue
            if key in out:
                first = out.key_locs[key]
                self.fail(self.loc(knode), f"duplicate key '{key}' (first defined at line {first.line})")
                continue
            out[key] = self.build(vnode)
            out.key_locs[key] = self.loc(knode)
            out.val_locs[key] = self.loc(vnode)
        for m in merged:
            for k, v in m.items():
                if k not in out:
                    out[k] = v
                    out.key_locs[k] = m.key_locs[k]
                    out.val_locs[k] = m.val_locs[k]
        return out


def parse_yaml(text: str, filename: str = "<input>", problems: Problems | None = None) -> Any:
    """Parse one YAML document safely into located values."""
    if len(text.encode("utf-8", "replace")) > MAX_BYTES:
        raise ContentError(Loc(filename), f"file is larger than {MAX_BYTES // 1000} kB")
    try:
        node = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        loc = Loc(filename, mark.line + 1, mark.column + 1) if mark else Loc(filename)
        what = (e.problem or e.context or "syntax error").strip()
        raise ContentError(loc, f"YAML syntax error: {what}") from None
    except yaml.YAMLError as e:
        raise ContentError(Loc(filename), f"YAML error: {e}") from None
    if node is None:
        return None
    return _Builder(filename, problems).build(node)


def load_yaml(path: Path | str, problems: Problems | None = None) -> Any:
    """Read and parse a YAML file, with locations naming the file as the user sees it."""
    p = Path(path)
    name = display_path(p)
    try:
        size = p.stat().st_size
    except OSError as e:
        raise ContentError(Loc(name), f"cannot read file: {e.strerror or e}") from None
    if size > MAX_BYTES:
        raise ContentError(Loc(name), f"file is larger than {MAX_BYTES // 1000} kB")
    try:
        text = p.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise ContentError(Loc(name), f"cannot read file: {e}") from None
    return parse_yaml(text, name, problems)
