"""Errors raised by pnpgen: one base class, located content errors."""

from __future__ import annotations

import re
from dataclasses import dataclass

# Characters that would break a one-line message or a terminal: controls, line and paragraph separators,
# lone surrogates and the two non-characters U+FFFE and U+FFFF.
UNPRINTABLE = re.compile("[\x00-\x08\x0a-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff\ufffe\uffff]")
_ESCAPES = {"\n": "\\n", "\r": "\\r", "\f": "\\f", "\v": "\\v", "\b": "\\b", "\x00": "\\0"}


def escaped(text: str) -> str:
    """Text on one line, every unprintable character written as its escape (a newline as \\n)."""
    return UNPRINTABLE.sub(lambda m: _ESCAPES.get(m[0]) or (f"\\x{ord(m[0]):02x}" if ord(m[0]) < 0x100
                                                            else f"\\u{ord(m[0]):04x}"), text)


class PnpgenError(Exception):
    """Base class of every error pnpgen reports to a user."""


@dataclass(frozen=True, order=True)
class Loc:
    """A place in a source file: path, 1-based line and column."""

    file: str = "<input>"
    line: int = 0
    col: int = 0

    def __str__(self) -> str:
        if self.line:
            return f"{self.file}:{self.line}:{self.col}"
        return self.file


class ContentError(PnpgenError):
    """A problem in content, positions or logs, located at file:line:col."""

    def __init__(self, loc: Loc | None, message: str, severity: str = "error"):
        super().__init__(message)
        self.loc = loc or Loc()
        self.message = message
        self.severity = severity

    def __str__(self) -> str:
        return escaped(f"{self.loc}: {self.severity}: {self.message}")


class ContentErrors(PnpgenError):
    """Several content errors found in one pass."""

    def __init__(self, errors: list[ContentError]):
        super().__init__(f"{len(errors)} error(s)")
        self.errors = errors

    def __str__(self) -> str:
        return "\n".join(str(e) for e in self.errors)


class IllegalAction(PnpgenError):
    """An action the rules do not allow, with the rule it breaks."""

    def __init__(self, reason: str, rule: str = ""):
        super().__init__(reason)
        self.reason = reason
        self.rule = rule

    def __str__(self) -> str:
        return f"{self.reason} (rule {self.rule})" if self.rule else self.reason


class Problems:
    """Collects located errors up to a limit, so one run reports many."""

    def __init__(self, limit: int = 50):
        self.limit = limit
        self.errors: list[ContentError] = []
        self.warnings: list[ContentError] = []
        self.notes: list[ContentError] = []  # what `check --verbose` tells besides (text shrunk to fit ...)
        self._seen: set[str] = set()  # a file read twice (a template two components share) reports once

    def _new(self, problem: ContentError) -> bool:
        key = str(problem)
        if key in self._seen:
            return False
        self._seen.add(key)
        return True

    def error(self, loc: Loc | None, message: str) -> None:
        """Record an error (once); stop the pass once the limit is reached."""
        problem = ContentError(loc, message)
        if not self._new(problem):
            return
        self.errors.append(problem)
        if len(self.errors) >= self.limit:
            self.errors.append(ContentError(loc, f"too many errors; stopped after {self.limit}"))
            raise ContentErrors(self.errors)

    def warn(self, loc: Loc | None, message: str) -> None:
        """Record a warning (once)."""
        problem = ContentError(loc, message, "warning")
        if self._new(problem):
            self.warnings.append(problem)

    def note(self, loc: Loc | None, message: str) -> None:
        """Record a note (once): not a problem, something a designer may want to know."""
        problem = ContentError(loc, message, "note")
        if self._new(problem):
            self.notes.append(problem)

    def has(self, loc: Loc | None, message: str, severity: str = "error") -> bool:
        """Whether this problem was recorded already."""
        return str(ContentError(loc, message, severity)) in self._seen

    def raise_if_any(self) -> None:
        """Raise ContentErrors if any error was recorded."""
        if self.errors:
            raise ContentErrors(list(self.errors))
