"""Scoring a hand (RK-14, RK-15) and deciding the game (RK-16, RK-17) as pure functions."""

from __future__ import annotations

from dataclasses import dataclass

from kibitz.games.rook.presets import Rules


@dataclass(frozen=True)
class HandScore:
    """One hand's points per team (index 0 North-South, 1 East-West) and the score change."""

    card_points: tuple[int, int]
    nest_points: int
    nest_to: int
    bonus: tuple[int, int]
    points: tuple[int, int]
    made: bool
    change: tuple[int, int]


def _bonus(rules: Rules, tricks_won: tuple[int, int], last_team: int) -> tuple[int, int]:
    size = rules.bonus_points
    if rules.bonus == "last_trick":
        return (size, 0) if last_team == 0 else (0, size)
    if rules.bonus == "most_tricks":
        ns, ew = tricks_won
        if ns != ew:
            return (size, 0) if ns > ew else (0, size)
        if rules.most_tricks_tie == "split":
            return (size // 2, size // 2)
    return (0, 0)


def score_hand(
    rules: Rules,
    declaring: int,
    contract: int,
    card_points: tuple[int, int],
    tricks_won: tuple[int, int],
    last_team: int,
    nest_points: int,
) -> HandScore:
    """Score a finished hand: ``card_points`` from tricks, ``last_team`` won the last trick."""
    nest_to = last_team if rules.nest_points_to == "last_trick" else declaring
    bonus = _bonus(rules, tricks_won, last_team)
    pts = [card_points[t] + bonus[t] + (nest_points if t == nest_to else 0) for t in (0, 1)]
    made = pts[declaring] >= contract
    change = [0, 0]
    change[1 - declaring] = pts[1 - declaring]
    if made:
        change[declaring] = contract if rules.made_scores == "bid" else pts[declaring]
    else:
        change[declaring] = -contract
    return HandScore(
        card_points=card_points,
        nest_points=nest_points,
        nest_to=nest_to,
        bonus=bonus,
        points=(pts[0], pts[1]),
        made=made,
        change=(change[0], change[1]),
    )


def game_winner(scores: tuple[int, int], target: int) -> int | None:
    """The winning team once a hand is scored, or None to play on (incl. a tie at the target)."""
    ns, ew = scores
    if (ns >= target or ew >= target) and ns != ew:
        return 0 if ns > ew else 1
    return None
