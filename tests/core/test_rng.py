"""The seeded generator: a fixed SplitMix64 stream and uniform helpers."""

from collections import Counter

import pytest

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
