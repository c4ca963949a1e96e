"""Rook's options: a preset plus per-parameter overrides, resolved and validated into ``Rules``.

Every override defaults to None, meaning "take the preset's value". From text, a boolean
override reads ``off``/``false`` as False (``-o rook=off`` removes the Crow) and ``none`` as
"the preset's value"; the Literal overrides list the string ``"none"`` where it is a real value
(``-o bonus=none`` means no bonus).
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from functools import lru_cache
from typing import ClassVar, Literal

from kibitz.core.errors import InvalidOptions
from kibitz.core.options import bounded
from kibitz.games.rook.presets import PRESETS, Rules
from kibitz.games.rook.table import build_table

MAX_BIDS = 200
"""The most bids an auction may offer (each is an action and a move in the bidder's view)."""

Preset = Literal["crowsnest", "tournament", "partnership", "one_high", "red1", "buckeye", "dixie"]


@dataclass(frozen=True)
class RookOptions:
    """A preset and overrides of its parameters (None = the preset's value); see rook.md §3."""

    HELP: ClassVar[dict[str, str]] = {
        "preset": "The rule set; every option below left empty takes its value.",
        "ranks": "The numbered ranks in each colour (5 to 14 in CrowsNest).",
        "ones_high": "The 1s rank above the 14s.",
        "rook": "The Rook (Crow) card is in the deck.",
        "rook_rank": "Where the Rook ranks among the trumps: lowest, just above the 10, or "
                     "highest.",
        "rook_anytime": "The Rook may be played even by a player able to follow suit.",
        "rook_points": "Points the Rook is worth.",
        "red1": "The red 1 is the highest trump whatever the trump colour.",
        "red1_points": "Points the red 1 is worth.",
        "red1_anytime": "The red 1 may be played even by a player able to follow suit.",
        "counters": "Points of the numbered cards, as rank:points (5:5, 10:10, 14:10).",
        "hand_size": "Cards dealt to each player (the rest make the nest).",
        "bonus": "Extra points each hand: none, for most tricks, or for the last trick.",
        "bonus_points": "Size of that bonus.",
        "most_tricks_tie": "Equal tricks: nobody gets the most-tricks bonus, or half each.",
        "bid_min": "The lowest bid.",
        "bid_step": "Bids go up in steps of this.",
        "bid_max": "The highest bid (total: every point of the hand).",
        "all_pass": "When all four pass: the same dealer deals again, or the dealer must "
                    "bid after three passes.",
        "trump_before_nest": "The declarer names trump before taking the nest.",
        "nest_counters_allowed": "Cards that score may be laid into the nest (off: only once "
                                 "every card without points is laid there too).",
        "nest_points_to": "Who scores the nest's points: the last trick's winners, or the "
                          "declarer's team.",
        "first_lead": "Who leads the first trick.",
        "must_trump_when_void": "A player who cannot follow suit must trump if able.",
        "made_scores": "A made contract scores the bid, or the points taken.",
        "target": "Points that win the game.",
        "max_deals": "A safety cap on deals, redeals included (0: none).",
        "max_hands": "End the game after this many scored hands (1: a match counted in "
                     "hands; 0: no limit).",
    }

    preset: Preset = "crowsnest"
    ranks: tuple[int, ...] | None = bounded(None, minimum=1, maximum=14, items=14)
    ones_high: bool | None = None
    rook: bool | None = None
    rook_rank: Literal["lowest", "above_10", "highest", None] = None
    rook_anytime: bool | None = None
    rook_points: int | None = bounded(None, minimum=0, maximum=200)
    red1: bool | None = None
    red1_points: int | None = bounded(None, minimum=0, maximum=200)
    red1_anytime: bool | None = None
    counters: tuple[str, ...] | None = bounded(None, items=14, length=8)
    hand_size: int | None = bounded(None, minimum=1, maximum=14)
    bonus: Literal["none", "most_tricks", "last_trick", None] = None
    bonus_points: int | None = bounded(None, minimum=0, maximum=200)
    most_tricks_tie: Literal["none", "split", None] = None
    bid_min: int | None = bounded(None, minimum=1, maximum=1000)
    bid_step: int | None = bounded(None, minimum=1, maximum=100)
    bid_max: int | Literal["total"] | None = bounded(None, minimum=1, maximum=1000)
    all_pass: Literal["redeal", "dealer_forced", None] = None
    trump_before_nest: bool | None = None
    nest_counters_allowed: bool | None = None
    nest_points_to: Literal["last_trick", "declarer", None] = None
    first_lead: Literal["left_of_dealer", "declarer", "left_of_declarer", None] = None
    must_trump_when_void: bool | None = None
    made_scores: Literal["bid", "points", None] = None
    target: int | None = bounded(None, minimum=1, maximum=10_000)
    max_deals: int | None = bounded(None, minimum=0, maximum=100_000)
    max_hands: int | None = bounded(None, minimum=0, maximum=1000)

    def __post_init__(self) -> None:
        resolve(self)

    def overrides(self) -> dict[str, object]:
        """The parameters set explicitly on top of the preset."""
        return {
            f.name: getattr(self, f.name)
            for f in fields(self)
            if f.name != "preset" and getattr(self, f.name) is not None
        }


def parse_counters(entries: tuple[str, ...]) -> tuple[tuple[int, int], ...]:
    """``("5:5", "10:10")`` -> ``((5, 5), (10, 10))``, checking each rank and point value."""
    out: dict[int, int] = {}
    for entry in entries:
        rank_text, sep, points_text = entry.partition(":")
        try:
            rank, points = int(rank_text), int(points_text)
        except ValueError:
            rank, points = 0, -1
        if not sep or not 1 <= rank <= 14 or not 0 <= points <= 200 or rank in out:
            raise InvalidOptions(
                f"option 'counters' entry {entry!r} must be RANK:POINTS with a distinct rank "
                "1-14 and points 0-200 (e.g. counters=5:5,10:10,14:10)"
            )
        out[rank] = points
    return tuple(sorted(out.items()))


def _check_ranks(ranks: tuple[int, ...]) -> tuple[int, ...]:
    if not ranks or len(set(ranks)) != len(ranks) or not all(1 <= r <= 14 for r in ranks):
        raise InvalidOptions(
            f"option 'ranks' must be distinct ranks in 1-14 (e.g. ranks=5,6,...,14), got {ranks!r}"
        )
    return tuple(sorted(ranks))


_NEEDS = (
    (("rook_rank", "rook_anytime", "rook_points"), "rook", "the Rook card (rook=true)"),
    (("red1_points", "red1_anytime"), "red1", "the red 1 (red1=true)"),
)


def _check_combinations(rules: Rules, explicit: set[str]) -> None:
    """Reject overrides that mean nothing with the other parameters, naming both."""
    for names, switch, what in _NEEDS:
        for name in names:
            if name in explicit and not getattr(rules, switch):
                raise InvalidOptions(f"option {name!r} needs {what}; it is off in this game")
    if rules.bonus == "none" and {"bonus_points", "most_tricks_tie"} & explicit:
        raise InvalidOptions(
            "options 'bonus_points' and 'most_tricks_tie' need a bonus (bonus=...)"
        )
    if "most_tricks_tie" in explicit and rules.bonus != "most_tricks":
        raise InvalidOptions("option 'most_tricks_tie' needs bonus=most_tricks")
    if rules.ones_high and 1 not in rules.ranks:
        raise InvalidOptions("option 'ones_high' needs rank 1 in 'ranks'")
    if rules.bonus != "none" and rules.most_tricks_tie == "split" and rules.bonus_points % 2:
        raise InvalidOptions(
            f"most_tricks_tie=split needs an even bonus_points, got {rules.bonus_points}"
        )


def _check_numbers(rules: Rules) -> None:
    for name in ("rook_points", "red1_points", "bonus_points", "max_deals", "max_hands"):
        if getattr(rules, name) < 0:
            raise InvalidOptions(f"option {name!r} must be >= 0, got {getattr(rules, name)}")
    for name in ("hand_size", "bid_step", "bid_min", "target"):
        if getattr(rules, name) < 1:
            raise InvalidOptions(f"option {name!r} must be >= 1, got {getattr(rules, name)}")
    if rules.bid_min % rules.bid_step:
        raise InvalidOptions(
            f"option 'bid_min' {rules.bid_min} must be a multiple of bid_step {rules.bid_step}"
        )


@lru_cache(maxsize=256)
def resolve(options: RookOptions) -> Rules:
    """The preset's rules with the options' overrides applied, or InvalidOptions."""
    explicit = options.overrides()
    if "counters" in explicit:
        explicit["counters"] = parse_counters(explicit["counters"])  # type: ignore[arg-type]
    if "ranks" in explicit:
        explicit["ranks"] = _check_ranks(explicit["ranks"])  # type: ignore[arg-type]
    rules = replace(PRESETS[options.preset], **explicit)  # type: ignore[arg-type]
    _check_numbers(rules)
    _check_combinations(rules, set(explicit))
    bids = len(build_table(rules).bids)
    if bids > MAX_BIDS:
        raise InvalidOptions(
            f"options bid_min, bid_step and bid_max allow {bids} different bids, more than "
            f"{MAX_BIDS}; raise bid_step or narrow bid_min..bid_max"
        )
    return rules
