"""A small seeded random generator whose streams are fixed forever (SplitMix64).

Python's ``random`` may change its algorithms between versions; records must replay byte for
byte, so every shuffle, deal and random choice in kibitz draws from this generator.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")
_MASK = (1 << 64) - 1


class Rng:
    """Deterministic 64-bit generator: the same seed gives the same stream on every platform."""

    __slots__ = ("_state",)

    def __init__(self, seed: int = 0) -> None:
        self._state = seed & _MASK

    @property
    def state(self) -> int:
        """The generator's state: a compiled twin of a draw starts from it and sets it back."""
        return self._state

    @state.setter
    def state(self, value: int) -> None:
        self._state = value & _MASK

    def next_u64(self) -> int:
        """The next 64-bit unsigned integer of the stream."""
        self._state = (self._state + 0x9E3779B97F4A7C15) & _MASK
        z = self._state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)``, any size (rejection sampling, no modulo bias)."""
        if 0 < n <= _MASK:  # one word (the rest of the method gives the same, slower)
            limit = _MASK + 1 - (_MASK + 1) % n
            while True:
                x = self.next_u64()
                if x < limit:
                    return x % n
        if n <= 0:
            raise ValueError(f"below() needs n >= 1, got {n}")
        words = max(1, (n.bit_length() + 63) // 64)
        span = 1 << (64 * words)
        limit = span - (span % n)
        while True:
            x = self.next_u64()
            for _ in range(words - 1):
                x = (x << 64) | self.next_u64()
            if x < limit:
                return x % n

    def random(self) -> float:
        """A uniform float in [0, 1)."""
        return (self.next_u64() >> 11) / float(1 << 53)

    def choice(self, items: Sequence[T]) -> T:
        """One element of a non-empty sequence, uniformly."""
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates shuffle in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def weighted(self, outcomes: Sequence[tuple[T, float]]) -> T:
        """One outcome of ``[(value, probability), ...]`` drawn by its probability."""
        total = sum(p for _, p in outcomes)
        x = self.random() * total
        for value, p in outcomes:
            x -= p
            if x < 0:
                return value
        return outcomes[-1][0]
