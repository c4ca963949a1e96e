"""Row strength (TC-7 to TC-9): face values, Sergeant boosts and the best set of combinations.

``row_total`` is the hot path (plain loops over letter indices); ``analyse_row`` also returns
the canonical pairs, boosts and Jester copies that front ends show; ``row_strength`` is the
public entry point taking card letters.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from kibitz.core.errors import NotationError
from kibitz.core.options import build_options
from kibitz.games.tchess.options import TchessOptions
from kibitz.games.tchess.tables import Tables, tables_for


@dataclass(frozen=True)
class RowStrength:
    """A row's strength and how it arises; ``pairs`` are the chosen ``(i, i + 1)`` positions."""

    cards: tuple[str, ...]
    total: int
    face: int
    boosts: tuple[int, ...]
    pairs: tuple[tuple[int, int], ...]
    card_values: tuple[int, ...]
    jester_copies: tuple[tuple[int, int], ...]

    @property
    def text(self) -> str:
        """The row with its combinations in brackets, e.g. ``(P S) P Q``."""
        return format_row(self.cards, self.pairs)


def format_row(cards: Sequence[str], pairs: Sequence[tuple[int, int]]) -> str:
    """Cards left to right; a bracketed run is a chain of adjacent combined cards."""
    linked = {i for i, _ in pairs}
    out: list[str] = []
    run: list[str] = []
    for i, card in enumerate(cards):
        run.append(card)
        if i not in linked:
            out.append(f"({' '.join(run)})" if len(run) > 1 else run[0])
            run = []
    return " ".join(out)


def _boost_total(row: Sequence[int], t: Tables) -> int:
    """Sergeant boosts: each P gains ``sergeant_boost`` per S right beside it (TC-7 step 2)."""
    pawn, sergeant = t.pawn, t.sergeant
    if pawn < 0 or sergeant < 0:
        return 0
    total = 0
    last = len(row) - 1
    for i, c in enumerate(row):
        if c == pawn:
            if i > 0 and row[i - 1] == sergeant:
                total += 1
            if i < last and row[i + 1] == sergeant:
                total += 1
    return total * t.options.sergeant_boost


def row_total(row: Sequence[int], t: Tables) -> int:
    """The strength of a row of letter indices (rule set B, or reading A when enabled)."""
    values = t.values
    total = _boost_total(row, t)
    for c in row:
        total += values[c]
    n = len(row)
    if n < 2:
        return total
    comb = t.combinable
    copy = t.copy_value
    jester = t.jester
    bonus = t.options.combo_bonus
    if t.options.allow_overlapping_pairs:
        return total + _overlap_gain(row, t)
    h1 = h2 = 0
    for i in range(n - 2, -1, -1):
        a = row[i]
        b = row[i + 1]
        best = h1
        if comb[a][b]:
            gain = bonus + h2
            if a == jester:
                gain += copy[b]
            elif b == jester:
                gain += copy[a]
            if gain > best:
                best = gain
        h2 = h1
        h1 = best
    return total + h1


def _overlap_gain(row: Sequence[int], t: Tables) -> int:
    """Reading A (TC-9): every combinable neighbour pair scores; a J copies its best neighbour."""
    comb = t.combinable
    bonus = t.options.combo_bonus
    gain = 0
    for i in range(len(row) - 1):
        if comb[row[i]][row[i + 1]]:
            gain += bonus
    return gain + sum(_overlap_copies(row, t).values())


def _overlap_copies(row: Sequence[int], t: Tables) -> dict[int, int]:
    """Reading A: position of each J -> the highest copyable value beside it."""
    jester, copy = t.jester, t.copy_value
    out: dict[int, int] = {}
    for i, c in enumerate(row):
        if c == jester:
            near = [copy[row[j]] for j in (i - 1, i + 1) if 0 <= j < len(row)]
            out[i] = max(near, default=0)
    return out


def _pair_gain(a: int, b: int, t: Tables) -> int:
    """What a matched pair adds beyond face values: the bonus plus a Jester's copy."""
    gain = t.options.combo_bonus
    if a == t.jester and b != t.jester:
        gain += t.copy_value[b]
    elif b == t.jester and a != t.jester:
        gain += t.copy_value[a]
    return gain


def _canonical_pairs(row: Sequence[int], t: Tables) -> list[tuple[int, int]]:
    """The canonical maximising matching of TC-8 (pair as early as possible)."""
    n = len(row)
    comb = t.combinable
    h = [0] * (n + 2)
    for i in range(n - 2, -1, -1):
        h[i] = h[i + 1]
        if comb[row[i]][row[i + 1]]:
            h[i] = max(h[i], _pair_gain(row[i], row[i + 1], t) + h[i + 2])
    pairs = []
    i = 0
    while i < n - 1:
        if comb[row[i]][row[i + 1]] and _pair_gain(row[i], row[i + 1], t) + h[i + 2] == h[i]:
            pairs.append((i, i + 1))
            i += 2
        else:
            i += 1
    return pairs


def analyse_row(row: Sequence[int], t: Tables) -> RowStrength:
    """The full breakdown of a row of letter indices (for views, logs and step 3)."""
    letters = t.letters
    values = t.values
    pawn, sergeant = t.pawn, t.sergeant
    boost = t.options.sergeant_boost
    n = len(row)
    boosts = tuple(
        boost * sum(1 for j in (i - 1, i + 1) if 0 <= j < n and row[j] == sergeant)
        if c == pawn and sergeant >= 0
        else 0
        for i, c in enumerate(row)
    )
    if t.options.allow_overlapping_pairs:
        comb = t.combinable
        pairs = [(i, i + 1) for i in range(n - 1) if comb[row[i]][row[i + 1]]]
        copies = _overlap_copies(row, t)
    else:
        pairs = _canonical_pairs(row, t)
        copies = {}
        for i, j in pairs:
            if row[i] == t.jester and row[j] != t.jester:
                copies[i] = t.copy_value[row[j]]
            elif row[j] == t.jester and row[i] != t.jester:
                copies[j] = t.copy_value[row[i]]
        copies.update({i: 0 for i, c in enumerate(row) if c == t.jester and i not in copies})
    card_values = tuple(copies[i] if c == t.jester else values[c] for i, c in enumerate(row))
    return RowStrength(
        cards=tuple(letters[c] for c in row),
        total=row_total(row, t),
        face=sum(values[c] for c in row),
        boosts=boosts,
        pairs=tuple(pairs),
        card_values=card_values,
        jester_copies=tuple(sorted(copies.items())),
    )


def resolve_options(options: TchessOptions | Mapping[str, Any] | None) -> TchessOptions:
    """Options given as the dataclass, a keyword mapping, or None for the defaults."""
    if isinstance(options, TchessOptions):
        return options
    return build_options(TchessOptions, dict(options or {}))


def row_strength(
    cards: Sequence[str], options: TchessOptions | Mapping[str, Any] | None = None
) -> RowStrength:
    """The strength of a row given as card letters in order, e.g. ``["P", "S", "P", "Q"]``."""
    t = tables_for(resolve_options(options))
    if isinstance(cards, str):
        cards = cards.split()
    row = []
    for card in cards:
        if card not in t.index:
            raise NotationError(
                f"unknown card {card!r} in row; cards are {' '.join(t.letters)}"
            )
        row.append(t.index[card])
    return analyse_row(row, t)
