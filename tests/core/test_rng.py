"""The seeded generator: a fixed SplitMix64 stream and uniform helpers."""

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kibitz.core.rng import Rng


def test_stream_is_splitmix64():
    rng = Rng(0)
    assert rng.next_u64() == 0xE220A8397B1DCDAF
    assert rng.next_u64() == 0x6E789E6AA1B965F4


def test_same_seed_same_stream_different_seed_different_stream():
    assert [Rng(5).below(100) for _ in range(3)] == [Rng(5).below(100) for _ in range(3)]
    a, b = Rng(5), Rng(6)
    assert [a.next_u64() for _ in range(4)] != [b.next_u64() for _ in range(4)]


def test_below_choice_shuffle_and_weighted():
    rng = Rng(1)
    counts = Counter(rng.below(3) for _ in range(3000))
    assert set(counts) == {0, 1, 2} and min(counts.values()) > 800
    items = list(range(20))
    rng.shuffle(items)
    assert sorted(items) == list(range(20)) and items != list(range(20))
    assert rng.choice("xyz") in "xyz"
    picks = Counter(rng.weighted([("a", 0.9), ("b", 0.1)]) for _ in range(2000))
    assert picks["a"] > picks["b"] * 4
    assert 0.0 <= rng.random() < 1.0
    with pytest.raises(ValueError, match="n >= 1"):
        rng.below(0)


def test_below_handles_ranges_wider_than_64_bits():
    rng = Rng(9)
    big = 10**20
    draws = [rng.below(big) for _ in range(200)]
    assert all(0 <= d < big for d in draws)
    assert max(draws) > 2**64, "draws must reach above one 64-bit word"
    assert Rng(9).below(big) == draws[0]


def _below_by_words(rng: Rng, n: int) -> int:
    """``below`` as first written, words of 64 bits at a time for any ``n``: the stream that
    every record's deals and shuffles were drawn from."""
    words = max(1, (n.bit_length() + 63) // 64)
    span = 1 << (64 * words)
    limit = span - (span % n)
    while True:
        x = rng.next_u64()
        for _ in range(words - 1):
            x = (x << 64) | rng.next_u64()
        if x < limit:
            return x % n


@given(seed=st.integers(0, 2**64 - 1),
       n=st.one_of(st.integers(1, 60), st.integers(1, 2**64 + 5), st.integers(1, 2**130)))
def test_below_draws_the_stream_it_always_drew(seed: int, n: int) -> None:
    """The one-word fast path of ``below`` gives the same numbers from the same stream."""
    fast, reference = Rng(seed), Rng(seed)
    assert [fast.below(n) for _ in range(5)] == [_below_by_words(reference, n) for _ in range(5)]
    assert fast.next_u64() == reference.next_u64()
