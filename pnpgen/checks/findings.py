"""Findings gathered by cause: one problem reported once, naming the components where it shows."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..errors import Loc, Problems


@dataclass
class Finding:
    """One kind of problem at one cause, and the components where it shows."""

    loc: Loc | None
    text: str
    where: list[str] = field(default_factory=list)

    def message(self) -> str:
        shown = ", ".join(self.where[:3]) + (f" and {len(self.where) - 3} more" if len(self.where) > 3 else "")
        return f"{self.text} ({shown})" if shown else self.text


class Findings:
    """Findings gathered by cause, each reported once with the components it shows on."""

    def __init__(self):
        self.found: dict[tuple, Finding] = {}

    def add(self, key: tuple, loc: Loc | None, text: str, where: str) -> None:
        f = self.found.setdefault(key, Finding(loc, text))
        if where not in f.where:
            f.where.append(where)

    def report(self, problems: Problems, severity: str) -> None:
        for f in self.found.values():
            {"error": problems.error, "warning": problems.warn, "note": problems.note}[severity](f.loc, f.message())
