"""The seven Rook rule sets as data: one ``Rules`` bundle per preset (spec section 3)."""

from __future__ import annotations

from dataclasses import dataclass, replace

PRESET_NAMES = ("crowsnest", "tournament", "partnership", "one_high", "red1", "buckeye", "dixie")


@dataclass(frozen=True)
class Rules:
    """Every rule parameter of a hand and a game, fully resolved (no preset look-ups left)."""

    ranks: tuple[int, ...]
    ones_high: bool
    rook: bool
    rook_rank: str
    rook_anytime: bool
    rook_points: int
    red1: bool
    red1_points: int
    red1_anytime: bool
    counters: tuple[tuple[int, int], ...]
    hand_size: int
    bonus: str
    bonus_points: int
    most_tricks_tie: str
    bid_min: int
    bid_step: int
    bid_max: int | str
    all_pass: str
    trump_before_nest: bool
    nest_counters_allowed: bool
    nest_points_to: str
    first_lead: str
    must_trump_when_void: bool
    made_scores: str
    target: int
    max_deals: int
    max_hands: int = 0
    """End the game after this many scored hands (0 = no limit); the lab's ``--hands``."""

    def counter_points(self) -> dict[int, int]:
        """Points per numbered rank, as a dict."""
        return dict(self.counters)


_FIVE_UP = tuple(range(5, 15))
_ALL_RANKS = tuple(range(1, 15))
_COUNTERS = ((5, 5), (10, 10), (14, 10))
_ONES_COUNT = ((1, 15), (5, 5), (10, 10), (14, 10))

CROWSNEST = Rules(
    ranks=_FIVE_UP,
    ones_high=False,
    rook=True,
    rook_rank="lowest",
    rook_anytime=True,
    rook_points=20,
    red1=False,
    red1_points=30,
    red1_anytime=False,
    counters=_COUNTERS,
    hand_size=9,
    bonus="none",
    bonus_points=20,
    most_tricks_tie="none",
    bid_min=70,
    bid_step=5,
    bid_max="total",
    all_pass="redeal",
    trump_before_nest=False,
    nest_counters_allowed=True,
    nest_points_to="last_trick",
    first_lead="left_of_dealer",
    must_trump_when_void=False,
    made_scores="bid",
    target=300,
    max_deals=1000,
)

PRESETS: dict[str, Rules] = {
    "crowsnest": CROWSNEST,
    "tournament": replace(CROWSNEST, rook_rank="highest", made_scores="points"),
    "partnership": replace(
        CROWSNEST,
        ranks=_ALL_RANKS,
        rook=False,
        hand_size=14,
        bonus="most_tricks",
        made_scores="points",
    ),
    "one_high": replace(
        CROWSNEST,
        ranks=_ALL_RANKS,
        ones_high=True,
        rook_anytime=False,
        counters=_ONES_COUNT,
        hand_size=13,
        bonus="last_trick",
        bid_min=100,
        made_scores="points",
    ),
    "red1": replace(CROWSNEST, rook_rank="highest", red1=True, made_scores="points"),
    "buckeye": replace(
        CROWSNEST,
        ranks=(1, *_FIVE_UP),
        ones_high=True,
        rook_rank="highest",
        counters=_ONES_COUNT,
        hand_size=10,
        made_scores="points",
    ),
    "dixie": replace(
        CROWSNEST,
        ranks=_ALL_RANKS,
        rook=False,
        counters=((5, 5), (10, 10), (13, 10)),
        hand_size=13,
        bonus="most_tricks",
        made_scores="points",
    ),
}

_ALL_SILENT = frozenset(
    {"all_pass", "nest_points_to", "first_lead", "made_scores", "target", "bid_max"}
)
DECISIONS: dict[str, frozenset[str]] = {
    "crowsnest": frozenset(),
    "tournament": frozenset({"all_pass"}),
    "partnership": _ALL_SILENT - {"nest_points_to"}
    | {"ones_high", "counters", "bid_min", "bid_step", "trump_before_nest"},
    "one_high": _ALL_SILENT
    | {"ranks", "rook", "rook_rank", "rook_anytime", "counters", "hand_size", "bonus"}
    | {"bid_min", "bid_step", "trump_before_nest"},
    "red1": _ALL_SILENT
    | {"rook_rank", "rook_anytime", "hand_size", "bonus", "bid_min", "bid_step"}
    | {"trump_before_nest"},
    "buckeye": _ALL_SILENT
    | {"rook_rank", "rook_anytime", "hand_size", "bonus", "bid_min", "bid_step"}
    | {"trump_before_nest"},
    "dixie": _ALL_SILENT - {"target"} | {"trump_before_nest"},
}
"""Per preset, the parameters the spec marks as project decisions (flagged on rules pages)."""
