"""Values as one-line YAML flow text, for the positions and logs engines write (one line per field or item)."""

from __future__ import annotations

import json
import re
from typing import Any

PLAIN = re.compile(r"^[A-Za-z_./][A-Za-z0-9_./-]*$")
RESERVED = {"yes", "no", "on", "off", "true", "false", "null", "nan", "inf", "~"}  # as PyYAML reads them


def flow(v: Any) -> str:
    """A value as YAML flow text that PyYAML reads back to the same value (strings quoted only when needed)."""
    if isinstance(v, dict):
        return "{" + ", ".join(f"{flow(k)}: {flow(x)}" for k, x in v.items()) + "}"
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(flow(x) for x in v) + "]"
    if v is None:
        return "null"
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)):
        return str(v)
    text = str(v)
    return text if PLAIN.match(text) and text.lower().lstrip("._") not in RESERVED else json.dumps(text)
