"""PySolFC-compatible game numbers: parsing, the two shuffles and the ten-pile deal (FO-11).

Game numbers 1..31999 use the Microsoft FreeCell LCG on the MS card order; 32000 and up use
Python's MT19937 (``random.Random(N).random()``, whose stream Python guarantees never to
change for a given seed), exactly as PySolFC does.
"""

from __future__ import annotations

import random
import re
import secrets

from kibitz.core.errors import InvalidOptions
from kibitz.core.rng import Rng

MAX_GAME_NUMBER = 10**20 - 1
LCG_LAST = 31999
RANDOM_LOW = 10**16
NUM_PILES = 10

_NUMBER_RE = re.compile(r"#?\s*\d+(?:[ ,_]\d+)*")


class InvalidGameNumber(InvalidOptions):
    """A game number outside 1..10^20-1 or text that is not one."""


def check_game_number(number: int) -> int:
    """``number`` itself when it is a valid game number, else InvalidGameNumber."""
    if isinstance(number, bool) or not isinstance(number, int):
        raise InvalidGameNumber(f"game number must be an integer, got {number!r}")
    if number == 0:
        raise InvalidGameNumber("game numbers start at 1 (got 0)")
    if number < 0:
        raise InvalidGameNumber(f"game numbers start at 1 (got {number})")
    if number > MAX_GAME_NUMBER:
        raise InvalidGameNumber(f"game number {number} is too large; the largest is 10^20 - 1")
    return number


def parse_game_number(text: str) -> int:
    """A game number from ``#1``, ``1``, ``00001`` or ``1,000 000``; errors quote the text."""
    t = text.strip()
    if not _NUMBER_RE.fullmatch(t):
        raise InvalidGameNumber(
            f"{text!r} is not a game number; write digits 1..10^20-1, optionally after '#'"
        )
    digits = re.sub(r"[# ,_]", "", t).lstrip("0")
    if not digits:
        raise InvalidGameNumber(f"{text!r}: game numbers start at 1")
    if len(digits) > 20:
        raise InvalidGameNumber(f"{text!r} is too long; game numbers have at most 20 digits")
    return check_game_number(int(digits))


def ms_order() -> list[int]:
    """Card ids in Microsoft order: AC AD AH AS 2C 2D 2H 2S ... KC KD KH KS."""
    return [r + off for r in range(13) for off in (0, 39, 26, 13)]


def lcg_values(number: int):
    """The Microsoft LCG's outputs ``r`` for seed ``number`` (an endless generator)."""
    state = number
    while True:
        state = (state * 214013 + 2531011) & 0x7FFFFFFF
        yield (state >> 16) & 0x7FFF


def shuffled_list(number: int) -> list[int]:
    """The shuffled card list of game ``number`` (dealt from its end)."""
    check_game_number(number)
    if number <= LCG_LAST:
        cards = ms_order()
        gen = lcg_values(number)
        for n in range(51, 0, -1):
            j = next(gen) % (n + 1)
            cards[n], cards[j] = cards[j], cards[n]
    else:
        cards = list(range(52))
        mt = random.Random(number)
        for n in range(51, 0, -1):
            j = int(mt.random() * (n + 1))
            cards[n], cards[j] = cards[j], cards[n]
    return cards


def dealing_sequence(number: int) -> list[int]:
    """The 52 cards of game ``number`` in dealing order (card k goes to pile k mod 10)."""
    return shuffled_list(number)[::-1]


def deal_piles(number: int) -> list[list[int]]:
    """The ten piles of game ``number``, each bottom to top."""
    piles: list[list[int]] = [[] for _ in range(NUM_PILES)]
    for k, card in enumerate(dealing_sequence(number)):
        piles[k % NUM_PILES].append(card)
    return piles


def random_game_number(rng: Rng | None = None) -> int:
    """A game number drawn uniformly from [10^16, 10^20) (system entropy unless ``rng``)."""
    rng = rng or Rng(secrets.randbits(64))
    span = 10**20 - RANDOM_LOW
    limit = (1 << 128) - (1 << 128) % span  # Rng.below stops at 2^64; draw 128 bits instead
    while True:
        x = rng.next_u64() << 64 | rng.next_u64()
        if x < limit:
            return RANDOM_LOW + x % span
