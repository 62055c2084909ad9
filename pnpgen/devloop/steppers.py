"""Actions that are a choice of numbers, offered as steppers instead of one button for each combination.

Read from the actions' JSON alone, whatever the game: a *count map* is a JSON object whose values are all whole
numbers (crew per plan area, resources given). Legal actions that are the same but for the numbers in their count
maps form a group; a group of at least LEAST actions whose numbers vary becomes one set of steppers, a stepper for
each number that varies, with its least and greatest legal value, the total of each count map that every legal
choice shares ('5 of 5'), and the legal choices as vectors. The page builds the action's JSON from the steppers
(the template with the count maps filled in) and asks the server whether it is legal, and why not.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

LEAST = 6  # fewer legal combinations than this stay buttons


def _is_counts(value: Any) -> bool:
    return isinstance(value, dict) and all(isinstance(v, int) and not isinstance(v, bool) for v in value.values())


def _count_maps(value: Any, path: tuple = ()) -> list[tuple[tuple, dict]]:
    """Every count map in a JSON value with its path of keys (objects inside lists are not looked into)."""
    if _is_counts(value) and path:
        return [(path, value)]
    if isinstance(value, dict):
        return [found for key, inner in value.items() for found in _count_maps(inner, (*path, key))]
    return []


def _shape(value: Any, path: tuple = ()) -> Any:
    """The value with each count map replaced by a mark: actions of one shape differ only in their numbers."""
    if _is_counts(value) and path:
        return "#counts"
    if isinstance(value, dict):
        return {key: _shape(inner, (*path, key)) for key, inner in value.items()}
    return value


@dataclass
class Group:
    """Legal actions that differ only in their count maps: a template, the numbers that vary, the legal vectors."""

    template: dict  # an action of the group; its count maps are filled in from a vector
    fields: list[tuple[tuple, str]]  # (path of a count map, key) of each number
    vectors: list[list[int]]  # each legal action's numbers, in the order of `fields`
    members: list[int]  # the legal actions' indices in the list they were found in
    omit_zero: dict[tuple, bool]  # count maps whose JSON leaves out a zero (a key missing in some action)

    def to_json(self) -> dict:
        """The group as the page reads it."""
        varying = [k for k in range(len(self.fields)) if len({v[k] for v in self.vectors}) > 1]
        paths = list(dict.fromkeys(path for path, _ in self.fields))
        sums = []
        for path in paths:
            ks = [k for k, (p, _) in enumerate(self.fields) if p == path]
            totals = {sum(v[k] for k in ks) for v in self.vectors}
            if len(totals) == 1 and any(k in varying for k in ks):
                sums.append({"label": " ".join(map(str, path[1:] or path)), "fields": ks, "total": totals.pop()})
        title = " ".join(str(v) for v in _scalars(self.template))
        return {"title": title, "template": self.template,
                "fields": [{"path": list(path), "key": key, "label": f"{' '.join(map(str, path[1:] or path))}: {key}",
                            "least": min(v[k] for v in self.vectors), "most": max(v[k] for v in self.vectors),
                            "varies": k in varying}
                           for k, (path, key) in enumerate(self.fields)],
                "sums": sums, "vectors": self.vectors, "start": self.vectors[0],
                "omit_zero": [list(path) for path, omit in self.omit_zero.items() if omit]}


def _scalars(value: Any) -> list:
    """The plain values of an action's JSON outside its count maps, in order ('plan', 'place trading-post')."""
    if isinstance(value, dict):
        return [s for key, inner in value.items() if not _is_counts(inner) for s in _scalars(inner)]
    if isinstance(value, list):
        return [s for inner in value for s in _scalars(inner)]
    return [value]


def groups(actions: list[dict], least: int = LEAST) -> list[Group]:
    """The groups of actions (their JSON, in order) offered as steppers: at least `least` actions whose numbers
    vary; each action is in at most one group."""
    by_shape: dict[str, list[int]] = {}
    for k, action in enumerate(actions):
        if _count_maps(action):
            by_shape.setdefault(json.dumps(_shape(action), sort_keys=True), []).append(k)
    out = []
    for members in by_shape.values():
        if len(members) < least:
            continue
        fields: dict[tuple[tuple, str], None] = {}
        present: dict[tuple, set] = {}
        for k in members:
            for path, counts in _count_maps(actions[k]):
                present.setdefault(path, set())
                for key in counts:
                    fields[(path, key)] = None
        order = list(dict.fromkeys(path for path, _ in fields))
        field_list = sorted(fields, key=lambda f: order.index(f[0]))  # each count map's numbers together
        maps = [dict(_count_maps(actions[k])) for k in members]
        vectors = [[m.get(path, {}).get(key, 0) for path, key in field_list] for m in maps]
        if len({tuple(v) for v in vectors}) < 2:
            continue
        omit = {path: any(key not in m.get(path, {}) for m in maps for p, key in field_list if p == path)
                for path in present}
        out.append(Group(actions[members[0]], field_list, vectors, members, omit))
    return out


def filled(template: dict, fields: list[tuple[tuple, str]], vector: list[int], omit_zero: set[tuple]) -> dict:
    """The template with its count maps holding the vector's numbers (a zero left out where the game leaves it
    out)."""
    out = json.loads(json.dumps(template))
    for path in dict.fromkeys(p for p, _ in fields):
        target = out
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = {key: n for (p, key), n in zip(fields, vector)
                            if p == path and not (n == 0 and path in omit_zero)}
    return out
