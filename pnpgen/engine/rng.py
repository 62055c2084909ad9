"""Seeded random sources, the same on every platform: SplitMix64 for states (one integer of state, cheap to
clone, written into positions as their seed) and the standard library's Mersenne Twister for agents."""

from __future__ import annotations

import random as _random
from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")
MASK = (1 << 64) - 1


class Rng:
    """Seeded pseudo-random numbers; the whole state is `state`, so a copy is one integer."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0):
        self.state = int(seed) & MASK

    def next64(self) -> int:
        """The next 64-bit number."""
        self.state = s = (self.state + 0x9E3779B97F4A7C15) & MASK
        s = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        s = ((s ^ (s >> 27)) * 0x94D049BB133111EB) & MASK
        return s ^ (s >> 31)

    def randrange(self, n: int) -> int:
        """A number from 0 to n - 1 (n >= 1)."""
        return (self.next64() * n) >> 64

    def random(self) -> float:
        """A float in [0, 1)."""
        return (self.next64() >> 11) * (1.0 / 9007199254740992.0)

    def choice(self, seq: Sequence[T]) -> T:
        """One item of a non-empty sequence."""
        return seq[self.randrange(len(seq))]

    def shuffle(self, seq: MutableSequence) -> None:
        """Shuffle a list in place (Fisher-Yates)."""
        for i in range(len(seq) - 1, 0, -1):
            j = self.randrange(i + 1)
            seq[i], seq[j] = seq[j], seq[i]

    def clone(self) -> Rng:
        """An independent copy that will give the same numbers."""
        r = Rng.__new__(Rng)
        r.state = self.state
        return r


class AgentRng:
    """Seeded numbers from the standard library's Mersenne Twister, whose C code makes a number in an eighth of
    the time Rng's Python arithmetic takes; dearer to copy. Agents draw one or more per decision."""

    __slots__ = ("_mt", "getrandbits")

    def __init__(self, seed: int = 0):
        self._mt = _random.Random(int(seed) & MASK)
        self.getrandbits = self._mt.getrandbits

    def randrange(self, n: int) -> int:
        """A number from 0 to n - 1 (n >= 1)."""
        return (self.getrandbits(64) * n) >> 64

    def random(self) -> float:
        """A float in [0, 1)."""
        return self._mt.random()

    def choice(self, seq: Sequence[T]) -> T:
        """One item of a non-empty sequence."""
        return seq[self.randrange(len(seq))]

    def clone(self) -> AgentRng:
        """An independent copy that will give the same numbers."""
        r = AgentRng.__new__(AgentRng)
        r._mt = _random.Random()
        r._mt.setstate(self._mt.getstate())
        r.getrandbits = r._mt.getrandbits
        return r
