"""Markdown as a reader sees it: the prose of a page, without its code (where a link's syntax is only an example)."""

from __future__ import annotations

import re

CODE = re.compile(r"^```.*?^```|`[^`\n]*`", re.S | re.M)


def prose(text: str) -> str:
    """The text with fenced blocks and code spans blanked out."""
    return CODE.sub("", text)
