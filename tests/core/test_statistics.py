"""Players' statistics: one entry per game (keyed), counts, win rate, streaks, the latest
games, JSON."""

from __future__ import annotations

import json

import kibitz
from kibitz.core.session import Session
from kibitz.core.stats import Entry, Statistics

WON = "KHQH/KC/-/-/-/-/-/-/-/- QC,KS,JH,KD A"
"""A Fortress position that auto-complete wins."""


def filled(scores: list[int]) -> Statistics:
    """Statistics of games ``g0, g1, ...`` with these scores, two hints and ten moves each."""
    stats = Statistics("fortress", "streaks")
    for k, score in enumerate(scores):
        stats.record(Entry(f"g{k}", score, deal=k + 1, hints=2, moves=10))
    return stats


def test_counts_rate_and_streaks():
    stats = filled([1, 1, -1, -1, -1, 1])
    assert (stats.played, stats.won, stats.lost, stats.drawn) == (6, 3, 3, 0)
    assert stats.win_rate == 0.5 and stats.hints == 12
    assert stats.streaks() == (1, 2, 3)
    assert filled([1, -1, -1]).streaks() == (-2, 1, 2)


def test_a_draw_ends_a_streak():
    stats = filled([1, 1, 0])
    assert stats.drawn == 1 and stats.streaks() == (0, 2, 0)
    assert filled([-1, 0, -1]).streaks() == (-1, 0, 1)


def test_nothing_played():
    stats = Statistics("chessboard", "streaks")
    assert (stats.played, stats.win_rate, stats.streaks()) == (0, 0.0, (0, 0, 0))


def test_the_same_game_counted_again_replaces_its_entry():
    stats = filled([-1, 1])
    stats.record(Entry("g0", 1, deal=1, hints=3, moves=40))
    assert [e.key for e in stats.entries] == ["g0", "g1"]  # in place, not added at the end
    assert (stats.played, stats.won, stats.lost, stats.hints) == (2, 2, 0, 5)
    assert stats.streaks() == (2, 2, 0)


def test_summary_and_json_round_trip():
    stats = filled([1, 1, -1, -1, -1, 1])
    summary = stats.summary()
    assert summary == {
        "game": "fortress", "kind": "streaks", "played": 6, "won": 3, "lost": 3, "drawn": 0,
        "win_rate": 0.5, "hints": 12, "current_streak": 1, "longest_win_streak": 2,
        "longest_loss_streak": 3,
    }  # fmt: skip
    data = json.loads(json.dumps(stats.to_json()))
    assert data["entries"][0] == {
        "key": "g0", "score": 1, "deal": 1, "hints": 2, "moves": 10, "finished": None,
    }  # fmt: skip
    assert Statistics.from_json(data) == stats
    stats.record(Entry("g6", -1, finished="2025-01-02T03:04:05+00:00"))
    assert Statistics.from_json(json.loads(json.dumps(stats.to_json()))) == stats


def test_the_latest_games_newest_first_in_the_order_they_count():
    stats = filled([1, -1, 1, 1])
    stats.record(Entry("g1", 1, deal=2))  # finished again: it keeps its place
    assert [e.key for e in stats.latest(3)] == ["g3", "g2", "g1"]
    assert stats.latest(3)[2].score == 1
    assert [e.key for e in stats.latest(10)] == ["g3", "g2", "g1", "g0"]
    assert stats.latest(0) == [] and Statistics("rook").latest(5) == []


def test_sessions_give_the_entries():
    stats = Statistics("fortress", "streaks")
    won = Session(kibitz.load("fortress"), position=WON)
    won.hint()
    won.autocomplete()
    stats.record(won.entry(0, "table-1"))
    conceded = Session(kibitz.load("fortress"), seed=2)
    conceded.play(conceded.state.legal_actions()[0])
    conceded.concede(0)
    entry = conceded.entry(0, "table-2")
    assert entry == Entry("table-2", -1, deal=2, hints=0, moves=1)
    stats.record(entry)
    assert (stats.won, stats.lost, stats.streaks()) == (1, 1, (-1, 1, 1))
    assert stats.entries[0] == Entry("table-1", 1, deal=None, hints=1, moves=3)


DEAD = 22
"""A Fortress deal with no legal move at its start: over (lost) before the player moves."""


def test_a_deal_counts_from_the_first_move_taken_back_or_restarted_since_or_not():
    game = kibitz.load("fortress")
    dead = Session(game, seed=DEAD)
    assert dead.is_over() and not dead.played and dead.entry(0, "t") is None
    unplayed = Session(game, seed=2)
    unplayed.concede(0)
    assert unplayed.entry(0, "t") is None  # conceded before a move: not played
    restarted = Session(game, seed=2)
    restarted.play(restarted.state.legal_actions()[0])
    restarted.restart()
    back = Session.restore(game, 2, None, restarted.chance_seed,
                           list(restarted.state.history), restarted.save())
    assert restarted.played and back.played and back.save() == restarted.save()
    back.concede(0)
    assert back.entry(0, "t") == Entry("t", -1, deal=2, hints=0, moves=0)


def test_a_resignation_before_a_move_still_counts_where_scores_are_kept():
    smess = Session(kibitz.load("smess"))
    smess.concede(0)
    assert smess.entry(0, "t") is not None and smess.entry(0, "t").score == -1


def test_a_seats_entry_counts_its_own_moves_only():
    rook = Session(kibitz.load("rook"), seed=3)
    for _ in range(12):  # three rounds of passes: each seat passed three times
        rook.play(rook.state.legal_actions()[0])
    history = list(rook.state.history)
    rook.concede(1)
    assert [rook.entry(seat, "t").moves for seat in range(4)] == [3, 3, 3, 3]
    assert len(history) - rook.start_ply > 12  # the deals between are chance's, not a seat's
    assert rook.state.history == history  # the game was read, not changed
