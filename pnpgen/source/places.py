"""Where a piece of text stands in a content file: the first time it appears after the place its value starts, so
that an error about a word inside a text (a reference, an {icon}) points at the word, not at the text's key."""

from __future__ import annotations

from pathlib import Path

from ..errors import Loc


class TextPlaces:
    """Finds tokens in content files near a known place; each file is read once."""

    def __init__(self):
        self.texts: dict[str, str | None] = {}

    def find(self, near: Loc | None, token: str) -> Loc | None:
        """The place of `token` at or after `near` in its file (else anywhere in it, else `near` itself)."""
        if near is None or not near.file:
            return near
        if near.file not in self.texts:
            try:
                self.texts[near.file] = Path(near.file).read_text(encoding="utf-8")
            except (OSError, UnicodeError):
                self.texts[near.file] = None
        text = self.texts[near.file]
        if text is None:
            return near
        at = text.find(token, _offset(text, near))
        if at < 0:
            at = text.find(token)
        if at < 0:
            return near
        line = text.count("\n", 0, at) + 1
        return Loc(near.file, line, at - (text.rfind("\n", 0, at) + 1) + 1)


def _offset(text: str, loc: Loc) -> int:
    at = 0
    for _ in range(max(loc.line - 1, 0)):
        nl = text.find("\n", at)
        if nl < 0:
            return len(text)
        at = nl + 1
    return at + max(loc.col - 1, 0)
