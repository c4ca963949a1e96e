"""Score figures of a match: A's margin per hand, duplicate boards and contracts (issue 15)."""

import json

import pytest
from typer.testing import CliRunner

from kibitz.cli import app
from kibitz.core.record import parse_record_text, replay
from kibitz.lab.match import GameResult, MatchPlan, MatchResult

runner = CliRunner()
ROOKBOT = "rookbot:samples=2,exchange=2,iterations=0"


def _result(margins: list[float | None], duplicate: bool = True) -> MatchResult:
    """A match made by hand from A's margins, one game each."""
    plan = MatchPlan("rook", {}, "a", "b", len(margins), duplicate=duplicate, unit="hands")
    results = [GameResult(i, 0.5, 10, "test", margin=m) for i, m in enumerate(margins)]
    return MatchResult(plan, results[::-1])  # the figures follow the game index, not arrival


def test_a_board_is_a_duplicate_pair_won_on_its_summed_margins():
    boards = _result([30.0, -30.0, 50.0, -20.0, -40.0, 10.0, 5.0]).score_stats.boards
    assert boards is not None
    # pairs sum to 0 (draw), +30 (win), -30 (loss); the unpaired last game is no board
    assert (boards.games, boards.wins, boards.draws, boards.losses) == (3, 1, 1, 1)
    assert boards.score == pytest.approx(0.5)
    assert boards.score_ci[0] < 0.5 < boards.score_ci[1]


def test_margin_is_the_mean_with_an_interval_and_boards_need_duplicate_deals():
    stats = _result([10.0, 20.0, 30.0, 40.0], duplicate=False).score_stats
    assert stats.margin == pytest.approx(25.0) and stats.boards is None
    lo, hi = stats.margin_ci
    assert lo < 25.0 < hi and hi - 25.0 == pytest.approx(25.0 - lo)
    assert stats.summary_lines()[0].startswith("points per hand, A minus B: +25.0 [")


def test_games_without_a_score_give_no_score_figures():
    stats = _result([None, None]).score_stats
    assert (stats.margin, stats.boards, stats.contracts) == (None, None, None)
    assert stats.to_json() == {} and stats.summary_lines() == []


def test_contracts_count_each_sides_declared_and_made():
    plan = MatchPlan("rook", {}, "a", "b", 2)
    results = [
        GameResult(0, 1.0, 10, "test", contracts_a=[(100, True), (120, False)]),
        GameResult(1, 0.0, 10, "test", contracts_a=[(110, True)]),
    ]
    a, b = MatchResult(plan, results).score_stats.contracts
    assert (a.declared, a.made, a.mean_bid) == (3, 2, pytest.approx(110.0))
    assert a.made_rate == pytest.approx(2 / 3) and a.made_ci[0] < 2 / 3 < a.made_ci[1]
    assert (b.declared, b.made, b.made_rate, b.mean_bid) == (0, 0, None, None)


def _side_score(record: dict, seats: set[int]) -> float:
    """A side's final score in a record, through the game's declared seats and sides."""
    state = replay(record).state
    sides = {seat["side"] for seat in state.game.description()["seats"] if seat["seat"] in seats}
    return max(x for i, x in enumerate(state.scores()) if i in sides)


def test_rook_hands_match_reports_margins_boards_and_contracts_from_the_records(tmp_path):
    args = ["match", "rook", ROOKBOT, "random", "--hands", "8", "--duplicate", "--seed", "4"]
    result = runner.invoke(app, [*args, "--json", "--records", str(tmp_path)])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    records = [parse_record_text(p.read_text()) for p in sorted(tmp_path.glob("rook-*.json"))]
    assert len(records) == data["games"] == 8
    margins, declared, made = [], {"a": 0, "b": 0}, {"a": 0, "b": 0}
    for i, record in enumerate(records):
        players = record["metadata"]["players"]
        assert record["metadata"]["match_game"] == i
        a_seats = {s for s, p in enumerate(players) if p == ROOKBOT}
        b_seats = set(range(4)) - a_seats
        margins.append(_side_score(record, a_seats) - _side_score(record, b_seats))
        for c in replay(record).state.contracts():
            side = "a" if c["seat"] in a_seats else "b"
            declared[side] += 1
            made[side] += c["made"]
    assert data["margin"] == pytest.approx(sum(margins) / 8)
    lo, hi = data["margin_ci"]
    assert lo < data["margin"] < hi
    sums = [margins[k] + margins[k + 1] for k in range(0, 8, 2)]
    boards = data["boards"]
    assert boards["boards"] == 4
    assert boards["wins"] == sum(s > 0 for s in sums)
    assert boards["draws"] == sum(s == 0 for s in sums)
    assert boards["losses"] == sum(s < 0 for s in sums)
    for side in "ab":
        assert data["contracts"][side]["declared"] == declared[side]
        assert data["contracts"][side]["made"] == made[side]
    assert declared["a"] + declared["b"] == 8  # one contract per hand
    text = runner.invoke(app, args)
    assert text.exit_code == 0, text.output
    assert "8 hands: +" in text.stdout and "points per hand, A minus B:" in text.stdout
    assert "duplicate 4 boards:" in text.stdout
    assert f"contracts B: declared {declared['b']}," in text.stdout


def test_a_game_without_scores_shows_none_of_the_new_figures():
    args = ["match", "smess", "random", "random", "--games", "2", "--duplicate"]
    result = runner.invoke(app, [*args, "--json", "-o", "max_plies_without_progress=10"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert not {"margin", "margin_ci", "boards", "contracts"} & set(data)
    text = runner.invoke(app, [*args, "-o", "max_plies_without_progress=10"])
    assert text.exit_code == 0, text.output
    assert len(text.stdout.splitlines()) == 2  # the title and the games line, as before
