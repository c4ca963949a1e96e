"""The match runner: seat alternation, duplicate deals, records, and the CLI."""

import json

from typer.testing import CliRunner

import kibitz
from kibitz.cli import app
from kibitz.core.record import replay
from kibitz.lab.match import (
    MatchPlan,
    deal_seed,
    play_one,
    repetition_stop,
    run_match,
    seats_of_a,
)

runner = CliRunner()


def test_seats_alternate_and_teams_rotate():
    assert [seats_of_a(i, 2) for i in range(3)] == [{0}, {1}, {0}]
    assert seats_of_a(0, 4) == {0, 2} and seats_of_a(1, 4) == {1, 3}


def test_duplicate_pairs_share_a_deal():
    plain = MatchPlan("smess", {}, "random", "random", 4, seed=10)
    dup = MatchPlan("smess", {}, "random", "random", 4, seed=10, duplicate=True)
    assert [deal_seed(plain, i) for i in range(4)] == [10, 11, 12, 13]
    assert [deal_seed(dup, i) for i in range(4)] == [10, 10, 11, 11]


def test_match_results_are_reproducible_and_records_replay(tmp_path):
    plan = MatchPlan(
        "smess", {"max_plies_without_progress": 30}, "greedy", "random", 4, seed=3,
        records=str(tmp_path),
    )
    first = run_match(plan)
    again = [play_one(plan, i) for i in range(4)]
    assert [r.points for r in first.results] == [r.points for r in again]
    assert first.stats.wins + first.stats.draws + first.stats.losses == 4
    files = sorted(tmp_path.glob("smess-*.json"))
    assert len(files) == 4
    record = json.loads(files[1].read_text())
    assert record["metadata"]["players"] == ["random", "greedy"]
    assert replay(record).state.outcome() is not None


def test_parallel_workers_give_the_same_results():
    plan = MatchPlan("smess", {"max_plies_without_progress": 20}, "random", "random", 4, seed=8)
    serial = sorted((r.index, r.points) for r in run_match(plan).results)
    parallel = sorted((r.index, r.points) for r in run_match(plan, workers=2).results)
    assert serial == parallel


def test_match_command_json_and_errors():
    result = runner.invoke(
        app, ["match", "smess", "level:2", "random", "--games", "4", "--seed", "1", "--json"]
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    for key in ("games", "wins", "draws", "losses", "score", "score_ci", "elo", "elo_ci"):
        assert key in data
    assert data["games"] == 4 and 0.0 <= data["score"] <= 1.0
    bad = runner.invoke(app, ["match", "smess", "wizard", "random"])
    assert bad.exit_code == 2 and "unknown agent 'wizard'" in bad.stderr
    bad = runner.invoke(app, ["match", "smess", "random", "random", "--games", "0"])
    assert bad.exit_code == 2 and "--games must be at least 1" in bad.stderr


def test_ladder_writes_a_table(tmp_path):
    out = tmp_path / "ladder.md"
    args = ["ladder", "smess", "--games", "2", "--output", str(out)]
    result = runner.invoke(app, [*args, "-o", "max_plies_without_progress=10"])
    assert result.exit_code == 0, result.output
    text = out.read_text()
    assert "| 2 vs 1 | 2 |" in text and "| 4 vs 3 | 2 |" in text
    assert "Made with `kibitz" in text
    assert "boards" not in text and "points per" not in text  # Smess keeps no score


def test_duplicate_hand_ladder_adds_boards_and_points(tmp_path):
    """Rook by duplicate hands: each pair also gets its boards (hands paired on a deal) and
    its points per hand with both levels' contracts."""
    out = tmp_path / "ladder.md"
    args = ["ladder", "rook", "--hands", "4", "--duplicate", "--output", str(out)]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    text = out.read_text()
    boards = text.split("Duplicate boards")[1]
    for pair in ("2 vs 1", "3 vs 2", "4 vs 3"):
        assert f"| {pair} | 4 |" in text.split("Duplicate boards")[0]
        assert f"| {pair} | 2 |" in boards  # 4 hands, 2 deals
        rows = text.splitlines()
        row = next(r for r in rows if r.startswith(f"| {pair} | ") and " of " in r)
        cells = [c.strip() for c in row.strip("|").split("|")]
        float(cells[1])  # the margin, a signed number
        declared = sum(int(c.split(" of ")[1].split()[0]) for c in cells[3:5] if " of " in c)
        assert declared == 4  # a hand ends once scored: one contract each


def test_colour_swapped_pairs_share_their_random_opening():
    from kibitz.core.registry import load
    from kibitz.core.rng import Rng
    from kibitz.lab.match import play_opening

    def opening(index: int, seed: int = 5) -> list[int]:
        state = load("smess").new_initial_state()
        play_opening(state, 4, Rng(seed + index // 2), Rng(0))
        return state.history

    assert opening(0) == opening(1) and len(opening(0)) == 4
    assert opening(2) == opening(3) and opening(0) != opening(2)


def test_plan_uses_the_games_match_defaults_unless_an_option_overrides_them():
    from kibitz.cli.lab import _plan

    plan = _plan("smess", None, "random", "random", 2, None)
    assert plan.options == {"max_plies_without_progress": 100} and plan.opening == 4
    plan = _plan("smess", ["max_plies_without_progress=none"], "random", "random", 2, 3, None, 0)
    assert plan.options == {"max_plies_without_progress": None} and plan.opening == 0


def test_one_player_ladder_reports_the_solvers_exact_verdicts(tmp_path):
    out = tmp_path / "ladder.md"
    result = runner.invoke(app, ["ladder", "chessboard", "--games", "3", "--output", str(out)])
    assert result.exit_code == 0, result.output
    text = out.read_text()
    assert "Every level plays deals 1..3" in text and "| 4 | `solver:" in text
    assert "Exact verdicts (the game's solver): 3 of the 3 deals can be won" in text


def test_repetition_stop_ends_a_one_player_game_going_round_in_circles():
    from kibitz.core.registry import load
    from kibitz.lab.match import REPETITIONS, repetition_stop

    state = load("fortress").new_initial_state(1)
    stop = repetition_stop()
    move = state.legal_actions()[0]
    reasons = []
    for _ in range(REPETITIONS):
        state.apply(move)
        reasons.append(stop(state))
        state.undo()
        reasons.append(stop(state))
    assert reasons[-1] == f"position repeated {REPETITIONS} times"
    assert reasons[:-2] == [None] * (2 * REPETITIONS - 2)


def test_a_one_player_game_stops_when_a_position_comes_back_a_third_time():
    state = kibitz.load("fortress").new_initial_state(3)  # 9>0 can be taken back by 0>9
    start = state.position_key()
    there_and_back = next(
        (a, b)
        for a in state.legal_actions()
        for b in _after(state, a).legal_actions()
        if _after(_after(state, a), b).position_key() == start
    )
    stop = repetition_stop()
    reasons = []
    for action in there_and_back * 3:
        state.apply(action)
        reasons.append(stop(state))
    # the position after the first move comes back a third time at the fifth move
    assert reasons[:5] == [None] * 4 + ["position repeated 3 times"]


def _after(state, action):
    """A copy of ``state`` with ``action`` played."""
    copy = state.clone()
    copy.apply(action)
    return copy
