"""Row strength (TC-6 to TC-9): every row of the spec's table 7.1, reading A and the options."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kibitz.core.errors import InvalidOptions, NotationError
from kibitz.games.tchess import TchessOptions, preset_options, row_strength
from kibitz.games.tchess.deck import DEFAULT_DECK
from kibitz.games.tchess.strength import row_total
from kibitz.games.tchess.tables import Tables, tables_for

TABLE_7_1 = [
    ("P S P Q", "(P S) P Q", 17),
    ("N F K B", "(N F) K B", 18),
    ("Q J", "(Q J)", 20),
    ("P J", "(P J)", 4),
    ("E J", "(E J)", 14),
    ("J", "J", 0),
    ("J J", "(J J)", 2),
    ("J K", "(J K)", 8),
    ("P J Q", "P (J Q)", 21),
    ("S S", "(S S)", 6),
    ("P S P", "(P S) P", 8),
    ("S P S", "(S P) S", 9),
    ("P P P", "(P P) P", 5),
    ("P S S P", "(P S) (S P)", 12),
    ("C F", "C F", 14),
    ("N C", "(N C)", 12),
    ("Q C", "(Q C)", 18),
    ("Q E N", "(Q E) N", 26),
    ("NB N B", "(NB N) B", 14),
    ("NR R N", "(NR R) N", 18),
    ("K L", "(K L)", 10),
    ("Q P", "Q P", 10),
]


@pytest.mark.parametrize(("row", "text", "total"), TABLE_7_1)
def test_table_7_1(row: str, text: str, total: int) -> None:
    result = row_strength(row.split())
    assert result.total == total
    assert result.text == text


READING_A = [
    ("P S P Q", 17), ("N F K B", 18), ("S P S", 7), ("P S S P", 10),
    ("P P P", 7), ("Q E N", 28), ("Q J", 20),
]  # fmt: skip


@pytest.mark.parametrize(("row", "total"), READING_A)
def test_reading_a_table(row: str, total: int) -> None:
    assert row_strength(row.split(), preset_options("reading_a")).total == total


def test_reading_a_pairs_overlap_and_jester_copies_best_neighbour() -> None:
    opts = preset_options("reading_a")
    psp = row_strength(["P", "S", "P"], opts)
    assert psp.pairs == ((0, 1), (1, 2))
    assert psp.text == "(P S P)"
    qjn = row_strength(["Q", "J", "N"], opts)
    assert dict(qjn.jester_copies) == {1: 9}
    assert qjn.total == 9 + 9 + 3 + 2 + 2


def test_pair_reading_list_drops_n_c_and_sections_drops_q_c() -> None:
    assert row_strength(["N", "C"], {"pair_reading": "list"}).total == 10
    assert row_strength(["Q", "C"], {"pair_reading": "list"}).total == 18
    assert row_strength(["Q", "C"], {"pair_reading": "sections"}).total == 16
    assert row_strength(["N", "C"], {"pair_reading": "sections"}).total == 12
    assert row_strength(["Q", "E"], {"pair_reading": "sections"}).total == 23
    assert row_strength(["Q", "E"], {"pair_reading": "list"}).total == 21


def test_pair_relations_replace_the_reading() -> None:
    opts = {"pair_relations": ["Q+P"]}
    assert row_strength(["Q", "P"], opts).total == 12
    assert row_strength(["P", "S"], opts).total == 4  # P+S no longer a relation; boost stays
    assert row_strength(["P", "P"], opts).total == 4  # identical pairs still combine


def test_forbidden_pair_cannot_be_declared() -> None:
    with pytest.raises(InvalidOptions, match="forbidden"):
        TchessOptions(pair_relations=("C+F",))


def test_identical_pairs_option() -> None:
    assert row_strength(["S", "S"], {"identical_pairs": False}).total == 4
    assert row_strength(["J", "J"], {"identical_pairs": False}).total == 2  # J pairs with anything


def test_bonus_boost_and_cap_options() -> None:
    assert row_strength(["P", "S", "P"], {"combo_bonus": 5}).total == 4 + 2 + 5
    assert row_strength(["P", "S", "P"], {"sergeant_boost": 3}).total == 4 + 6 + 2
    assert row_strength(["Q", "J"], {"jester_copy_cap": 8}).total == 11
    assert row_strength(["E", "J"], {"jester_copy_cap": 12}).total == 26


def test_jester_gives_and_takes_no_boost_and_copies_face_only() -> None:
    # P J S: the J stands between P and S, so nobody is boosted; J copies P's face 1.
    result = row_strength(["S", "J", "P"])
    assert result.boosts == (0, 0, 0)
    # best: (S J) with J = 2 -> 2 + 2 + 2 + P 1 = 7
    assert result.total == 7
    boosted = row_strength(["S", "P", "J"])
    # (S P) J: 2 + 1 + boost 1 + 2 = 6; S (P J): 2 + 1 + 1 + (J copies face 1) + 2 = 7
    assert boosted.total == 7 and boosted.pairs == ((1, 2),)
    assert boosted.card_values == (2, 1, 1)


def test_card_values_use_the_copied_jester_value() -> None:
    assert row_strength(["Q", "J"]).card_values == (9, 9)
    assert row_strength(["J"]).card_values == (0,)
    assert row_strength(["J", "J"]).card_values == (0, 0)


def test_row_strength_accepts_a_string_and_rejects_unknown_cards() -> None:
    assert row_strength("NB N B").total == 14
    with pytest.raises(NotationError, match="'X'"):
        row_strength(["P", "X"])


def _brute_force(row: list[int], t: Tables) -> int:
    """Maximum over every set of disjoint combinable adjacent pairs, by enumeration."""
    opts = t.options
    n = len(row)
    base = sum(t.values[c] for c in row)
    base += sum(
        opts.sergeant_boost
        for i, c in enumerate(row)
        if c == t.pawn
        for j in (i - 1, i + 1)
        if 0 <= j < n and row[j] == t.sergeant
    )
    best = 0
    starts = [i for i in range(n - 1) if t.combinable[row[i]][row[i + 1]]]
    for k in range(len(starts) + 1):
        for chosen in itertools.combinations(starts, k):
            if any(b - a < 2 for a, b in itertools.pairwise(chosen)):
                continue
            gain = 0
            for i in chosen:
                a, b = row[i], row[i + 1]
                gain += opts.combo_bonus
                if a == t.jester and b != t.jester:
                    gain += t.copy_value[b]
                elif b == t.jester and a != t.jester:
                    gain += t.copy_value[a]
            best = max(best, gain)
    return base + best


LETTERS = list(DEFAULT_DECK)


@given(
    st.lists(st.sampled_from(LETTERS), max_size=9), st.sampled_from(["union", "list", "sections"])
)
def test_dp_equals_brute_force_and_canonical_pairs_reach_it(
    row_letters: list[str], reading: str
) -> None:
    options = TchessOptions(pair_reading=reading)
    t = tables_for(options)
    row = [t.index[x] for x in row_letters]
    result = row_strength(row_letters, options)
    assert result.total == row_total(row, t) == _brute_force(row, t)
    used = [i for p in result.pairs for i in p]
    assert len(used) == len(set(used))
    assert all(j == i + 1 and t.combinable[row[i]][row[j]] for i, j in result.pairs)
    assert result.total == sum(result.card_values) + sum(result.boosts) + 2 * len(result.pairs)


@given(st.lists(st.sampled_from(LETTERS), max_size=9))
def test_reading_a_counts_every_adjacent_pair(row_letters: list[str]) -> None:
    options = TchessOptions(**preset_options("reading_a"))
    t = tables_for(options)
    result = row_strength(row_letters, options)
    row = [t.index[x] for x in row_letters]
    pairs = sum(1 for a, b in itertools.pairwise(row) if t.combinable[a][b])
    assert len(result.pairs) == pairs
    assert result.total == sum(result.card_values) + sum(result.boosts) + 2 * pairs
