"""Declaring content fields: pydantic v2 with a location translator, or pnpgen's own declarations (declare.py)?

Run: python benchmarks/compare_declarations.py [--repeat R]   (needs pydantic, which pnpgen does not depend on)

A pydantic prototype of three sections (suits, actions, tokens) stands beside pnpgen's declarations of the same
records. Each error case breaks one field of a copy of the Narrow Seas pack and states the line `check` must
print (the cases from the error tests that touch these sections, and a few more of the same kind); the script
prints which approach gives that exact line, the lines of code each takes, and the start-up time each adds to a
`pnpgen check` process (best of R).
"""

from __future__ import annotations

import argparse
import inspect
import math
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, RootModel, ValidationError
from pydantic.fields import FieldInfo

from pnpgen.errors import ContentErrors
from pnpgen.files.paths import CONTENT_DIR
from pnpgen.load.loader import load_game
from pnpgen.model import Action, Suit, Token
from pnpgen.model.components import TokenSize
from pnpgen.source import declare, fields
from pnpgen.source.yamlsrc import key_loc, load_yaml, loc_of

SYMBOLS = ("diamond", "circle", "triangle", "square", "star", "cross", "hexagon", "anchor", "spade")
SHAPES = ("square", "circle", "hex", "rect", "octagon", "flag", "triangle", "diamond", "pennant", "custom")


# -- the pydantic prototype: models -------------------------------------------------------------------------
class Strict(BaseModel):
    model_config = ConfigDict(strict=True, extra="forbid", frozen=True, allow_inf_nan=False)


Colour = Annotated[str, Field(pattern=r"^(#[0-9a-fA-F]{6}|[^#].*)$")]
Template = Annotated[str, Field(pattern=r"^[A-Za-z0-9][A-Za-z0-9_-]*$")]
Mm = Annotated[float, Field(ge=3, le=250)]


class PSuit(Strict):
    name: str | None = Field(None, description="the name printed for it")
    colour: Colour = Field(description="its colour")
    symbol: Literal[SYMBOLS] = Field(description="the vector symbol drawn for it")  # type: ignore[valid-type]


class PAction(Strict):
    name: str | None = Field(None, description="the name printed on its cards")
    kind: str = Field(description="what it does")
    plan: str | None = Field(None, description="the Plan area whose cube the card spends")
    headings: list[Annotated[int, Field(ge=-3, le=3)]] = Field([], description="sail: headings allowed")
    steps: list[Annotated[int, Field(ge=1, le=10)]] = Field([], description="sail: numbers of steps allowed")
    pass_through: bool = Field(False, description="sail: may pass an occupied hex")
    range: Annotated[int, Field(ge=0, le=50)] | None = Field(None, description="fire: the exact range")
    damage: Annotated[int, Field(ge=0, le=50)] | None = Field(None, description="fire: the crew it strikes")
    heal: Annotated[int, Field(ge=0, le=50)] | None = Field(None, description="duty: the crew it brings back")
    icon: str | None = Field(None, description="an icon printed with its text")
    text: str = Field("", description="the text printed when the engine does not write it")


class PToken(Strict):
    id: Annotated[str, Field(pattern=r"^[A-Za-z0-9][A-Za-z0-9_-]*$")] | int = Field(description="the token's id")
    name: str | None = Field(None, description="its name")
    kind: str = Field("chit", description="what it is")
    shape: Literal[SHAPES] = Field("square", description="its outline")  # type: ignore[valid-type]
    size: Mm | Annotated[list[Mm], Field(min_length=2, max_length=2)] = Field(12, description="its size in mm")
    count: Annotated[int, Field(ge=0, le=500)] = Field(1, description="how many to print")
    colour: Colour = Field("#ffffff", description="its face colour")
    label: str = Field("", description="text printed on its face")
    icon: str | None = Field(None, description="an icon printed on its face")
    back_colour: Colour | None = Field(None, description="its back colour")
    back_label: str | None = Field(None, description="text printed on its back")
    edges: list[str | int | float] = Field([], description="labels on the edges of a hex token")
    template: Template | None = Field(None, description="its layout template")
    suit: str | None = Field(None, description="the suit it belongs to")
    owner: Annotated[int, Field(ge=1, le=8)] | None = Field(None, description="the player it belongs to")
    back_icon: str | None = Field(None, description="an icon printed on its back")
    path: Annotated[str, Field(pattern=r"^\s*[Mm][MmLlHhVvCcSsQqTtAaZz0-9eE.,+\-\s]*$", max_length=20_000)] | None = (
        Field(None, description="shape 'custom': SVG path data"))


SECTIONS = {"suits": (RootModel[dict[str, PSuit]], PSuit, "suit"),
            "actions": (RootModel[dict[str, PAction]], PAction, "action"),
            "tokens": (RootModel[list[PToken]], PToken, "token")}


# -- the pydantic prototype: from ValidationError to located one-line messages ------------------------------
WORDS = {"int_type": "a whole number", "string_type": "a string", "bool_type": "true or false",
         "float_type": "a number", "list_type": "a list", "dict_type": "a mapping", "model_type": "a mapping"}


def translate(section: str, data: Any, error: ValidationError) -> list[str]:
    """Each pydantic error as pnpgen prints it: file:line:col, the record's name, the message in our words."""
    _, model, noun = SECTIONS[section]
    out, seen = [], set()
    for e in error.errors():
        path = [p for p in e["loc"] if not (isinstance(p, str) and ("[" in p or p in ("str", "int", "float")))]
        record_key, rest = path[0], path[1:]
        item = data[record_key]
        if isinstance(record_key, int):
            rid = item.get("id") if isinstance(item, dict) else None
            what = f"{noun} '{rid}'" if isinstance(rid, (str, int)) else f"{noun} #{record_key + 1}"
        else:
            what = f"{noun} '{record_key}'"
        key = rest[0] if rest else None
        if key in seen:  # a union reports once per member: keep the first
            continue
        seen.add(key)
        container, where = item, loc_of(item)
        for p in rest[:-1]:
            container = container[p]
        if rest:
            where = key_loc(container, rest[-1]) if e["type"] == "extra_forbidden" else loc_of(container, rest[-1])
        out.append(f"{where}: error: {what}: {message(model, e, key, rest, item)}")
    return out


def message(model: type[BaseModel], e: dict, key: Any, rest: list, item: Any) -> str:
    """One pydantic error in pnpgen's words."""
    kind, v = e["type"], e.get("input")
    info = model.model_fields.get(key) if isinstance(key, str) else None
    lo, hi = bounds(info)
    if kind == "extra_forbidden":
        hint = declare.did_you_mean(key, model.model_fields)
        return f"unknown field '{key}'" + (hint or f" (expected: {', '.join(sorted(model.model_fields))})")
    if kind == "missing":
        return f"missing required field '{key}'"
    if len(rest) > 1 and kind in ("greater_than_equal", "less_than_equal", "int_type"):
        return f"'{key}' items must be whole numbers from {lo} to {hi}, got {declare.describe(v)}"
    if kind in WORDS:
        return f"field '{key}' must be {WORDS[kind]}, got {declare.describe(v)}"
    if kind == "finite_number":
        return f"field '{key}' must be a finite number, got {v}"
    if kind in ("greater_than_equal", "less_than_equal"):
        rng = f"from {lo} to {hi}" if lo is not None and hi is not None else f"at least {lo}" if hi is None \
            else f"at most {hi}"
        return f"field '{key}' must be {rng}, got {v}"
    if kind == "literal_error":
        choices = [str(c) for c in info.annotation.__args__]
        return (f"field '{key}': unknown value {declare.describe(v)} (expected one of: {', '.join(choices)})"
                + declare.did_you_mean(v, choices))
    if kind == "string_pattern_mismatch" and key in ("colour", "back_colour"):
        return f"colour '{v}' must be #rrggbb (six hex digits)"
    return f"field '{key}': {e['msg']}"


def bounds(info: Any) -> tuple[Any, Any]:
    """The ge/le bounds a field's annotation carries (through Optional and lists)."""
    lo = hi = None
    stack = [info.annotation] if info is not None else []
    stack += list(info.metadata) if info is not None else []
    while stack:
        a = stack.pop()
        lo = getattr(a, "ge", lo) if getattr(a, "ge", None) is not None else lo
        hi = getattr(a, "le", hi) if getattr(a, "le", None) is not None else hi
        stack += list(getattr(a, "__metadata__", ())) + list(getattr(a, "__args__", ()))
        stack += list(a.metadata) if isinstance(a, FieldInfo) else []
    return _int(lo), _int(hi)


def _int(x: Any) -> Any:
    return int(x) if isinstance(x, float) and math.isfinite(x) and x.is_integer() else x


def pydantic_errors(pack: Path, section: str, file: str) -> list[str]:
    """The prototype's lines for one section file of a pack."""
    data = load_yaml(pack / file)
    if section == "suits":
        data = data["suits"]
    try:
        SECTIONS[section][0].model_validate(data)
    except ValidationError as e:
        return translate(section, data, e)
    return []


# -- the cases ----------------------------------------------------------------------------------------------
CASES = [  # (name, file, old, new, section, needle, offset, message); the first four come from the error tests
    ("unknown field, far", "game.yaml", "symbol: circle}", "symbol: circle, flag: jolly-roger}", "suits", "flag:", 0,
     "suit 'blue': unknown field 'flag' (expected: colour, name, symbol)"),
    ("unknown choice", "tokens.yaml", "shape: hex", "shape: hexx", "tokens", "hexx", 0,
     f"token 'wind': field 'shape': unknown value 'hexx' (expected one of: {', '.join(SHAPES)}) "
     "(did you mean 'hex'?)"),
    ("list item out of range", "actions.yaml", "  headings: [0]", "  headings: [9]", "actions", "9]", 0,
     "action 'run': 'headings' items must be whole numbers from -3 to 3, got 9"),
    ("out of range", "tokens.yaml", "{id: crew-A,", "{id: crew-A, owner: 9,", "tokens", "9,", 0,
     "token 'crew-A': field 'owner' must be from 1 to 8, got 9"),
    ("missing field", "game.yaml", "  blue: {name: Blue, colour: \"#2C6FB7\", symbol: circle}",
     "  blue: {name: Blue, colour: \"#2C6FB7\"}", "suits", "{name: Blue", 0, "suit 'blue': missing required field "
     "'symbol'"),
    ("wrong type", "actions.yaml", "  range: 1\n", "  range: one\n", "actions", "one", 0,
     "action 'carronades': field 'range' must be a whole number, got 'one'"),
    ("not a whole number", "tokens.yaml", "colour: green, count: 4}", "colour: green, count: 4.5}", "tokens", "4.5",
     0, "token 'crew-A': field 'count' must be a whole number, got 4.5"),
    ("malformed colour", "game.yaml", "\"#2C6FB7\"", "\"#2C6FB\"", "suits", "\"#2C6FB\"", 0,
     "suit 'blue': colour '#2C6FB' must be #rrggbb (six hex digits)"),
    ("unknown field, close", "tokens.yaml", "colour: ochre, label: X}", "colour: ochre, lable: X}", "tokens",
     "lable", 0, "token 'ship-X': unknown field 'lable' (did you mean 'label'?)"),
    ("size of two forms", "tokens.yaml", "{id: ship-A, kind: ship, name: Aurora marker, shape: circle, size: 16,",
     "{id: ship-A, kind: ship, name: Aurora marker, shape: circle, size: [16],", "tokens", "[16]", 0,
     "token 'ship-A': field 'size' must be a number or [width, height] in mm from 3 to 250"),
]


def where(path: Path, needle: str, offset: int = 0) -> str:
    """'file:line:col' of the one occurrence of `needle`, as errors name it."""
    text = path.read_text(encoding="utf-8")
    i = text.index(needle) + offset
    line = text.count("\n", 0, i) + 1
    return f"{os.path.relpath(path)}:{line}:{i - (text.rfind(chr(10), 0, i) + 1) + 1}"


def ours(pack: Path) -> list[str]:
    """pnpgen's own lines for a pack."""
    try:
        load_game(str(pack))
    except ContentErrors as e:
        return [str(x) for x in e.errors]
    return []


# -- lines of code and start-up -------------------------------------------------------------------------------
def code_lines(text: str) -> int:
    """Lines that are neither blank nor only a comment."""
    return sum(1 for ln in text.splitlines() if ln.strip() and not ln.strip().startswith("#"))


def startup(code: str, repeat: int) -> float:
    """Best wall time of a fresh interpreter running `code`, in ms."""
    best = math.inf
    for _ in range(repeat):
        t = time.perf_counter()
        subprocess.run([sys.executable, "-c", code], check=True)
        best = min(best, time.perf_counter() - t)
    return best * 1000


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp())
    os.chdir(work)
    score = {"declarations": 0, "pydantic": 0}
    print(f"{'case':26} {'declarations':>12} {'pydantic':>9}")
    for name, file, old, new, section, needle, offset, msg in CASES:
        pack = work / name.replace(" ", "-").replace(",", "")
        shutil.copytree(CONTENT_DIR / "narrow-seas", pack)
        text = (pack / file).read_text(encoding="utf-8")
        assert text.count(old) == 1, (name, old)
        (pack / file).write_text(text.replace(old, new), encoding="utf-8")
        expected = [f"{where(pack / file, needle, offset)}: error: {msg}"]
        got = {"declarations": ours(pack), "pydantic": pydantic_errors(pack, section, file)}
        for k, v in got.items():
            score[k] += v == expected
        print(f"{name:26} {'same' if got['declarations'] == expected else 'differs':>12} "
              f"{'same' if got['pydantic'] == expected else 'differs':>9}")
        if got["pydantic"] != expected:
            print(f"    expected: {expected}\n    pydantic: {got['pydantic']}")
    print(f"exact lines: declarations {score['declarations']}/{len(CASES)}, pydantic {score['pydantic']}/{len(CASES)}")

    here = Path(__file__).read_text(encoding="utf-8")
    models = here[here.index("class Strict"):here.index("SECTIONS = {")]
    translator = here[here.index("SECTIONS = {"):here.index("def pydantic_errors")]
    records = sum(code_lines(inspect.getsource(c)) for c in (Suit, Action, Token, TokenSize))
    reader = inspect.getsource(fields)
    machinery = code_lines(inspect.getsource(declare)) + code_lines(reader[reader.index("# -- declared records"):])
    print(f"lines, three sections: declarations {records} (records) + {machinery} (kinds and reader, shared by every "
          f"section); pydantic {code_lines(models)} (models) + {code_lines(translator)} (translator)")
    base = startup("import pnpgen.model", args.repeat)
    head = here[here.index("from typing import"):here.index("from pnpgen.source import")]
    consts = here[here.index("SYMBOLS = ("):here.index("# -- the pydantic prototype: models")]
    with_pydantic = startup("import pnpgen.model\n" + head + consts + models + translator.split("\n\n\n")[0],
                            args.repeat)
    print(f"start-up: import pnpgen.model {base:.0f} ms; with pydantic and the three prototype sections "
          f"{with_pydantic:.0f} ms (+{with_pydantic - base:.0f} ms a process)")
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
