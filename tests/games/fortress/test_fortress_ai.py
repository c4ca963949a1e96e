"""Computer players of Fortress and Chessboard, and one-player matches and ladders."""

import json
import random

import pytest
from typer.testing import CliRunner

from kibitz.ai import level, make_agent
from kibitz.cli import app
from kibitz.core import load
from kibitz.core.record import replay
from kibitz.games.fortress.analysis import hint
from kibitz.games.fortress.eval import (
    LEVELS,
    SEARCH_HOOKS,
    HeuristicAgent,
    SolverAgent,
    position_key,
)
from kibitz.games.fortress.solver import LOSS, WIN, solve
from kibitz.lab.match import REPETITIONS, MatchPlan, play_one, play_solo, run_solo

GAMES = ("fortress", "chessboard")
SPECS = ("random", "greedy", "heuristic", "heuristic:noise=160", "solver:nodes=100", "solver")
runner = CliRunner()


def play(game, spec, deal, seed=0):
    """Play a deal to its end (or a third repetition); check every action; return the state."""
    agent = make_agent(spec, game, seed)
    state = game.new_initial_state(deal)
    seen = {}
    while not state.is_terminal():
        before = state.position(), list(state.history)
        action = agent.choose(state, 0)
        assert (state.position(), state.history) == before  # the agent only looks
        assert action in state.legal_actions(), (spec, deal, action)
        state.apply(action)
        key = position_key(state)
        seen[key] = seen.get(key, 0) + 1
        if seen[key] == REPETITIONS:
            break
    return state


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("spec", SPECS)
def test_agents_only_play_legal_moves(name, spec):
    game = load(name)
    for deal in (1, 2, 3):
        play(game, spec, deal, seed=deal)


@pytest.mark.parametrize("spec", ("random", "heuristic:noise=160", "solver:nodes=50"))
def test_agents_use_take_backs_legally(spec):
    game = load("fortress", allow_foundation_takeback=True)
    for deal in (3, 4):
        play(game, spec, deal)


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("spec", ("heuristic:noise=160", "heuristic", "solver:nodes=100"))
def test_agents_are_deterministic_for_a_seed(name, spec):
    game = load(name)
    for deal in (1, 2, 5):
        first = play(game, spec, deal, seed=7).history
        assert play(game, spec, deal, seed=7).history == first


def test_noise_depends_on_the_seed():
    game = load("chessboard")
    lines = {tuple(play(game, "heuristic:noise=160", 4, seed=s).history) for s in range(4)}
    assert len(lines) > 1


def verdicts(game, deals):
    return {d: solve(game.new_initial_state(d)).verdict for d in deals}


@pytest.mark.parametrize("name", GAMES)
def test_solver_agent_wins_every_winnable_deal_and_no_other(name):
    game = load(name)
    known = verdicts(game, range(1, 13))
    assert WIN in known.values() and LOSS in known.values()
    for deal, verdict in known.items():
        assert play(game, "solver", deal).is_won() == (verdict == WIN), deal


@pytest.mark.parametrize("name", GAMES)
def test_solver_agent_plays_the_hint_and_one_search_wins(name):
    game = load(name)
    deal = next(d for d, v in verdicts(game, range(1, 20)).items() if v == WIN)
    state = game.new_initial_state(deal)
    agent = SolverAgent(seed=0)
    assert agent.choose(state, 0) == hint(state).action
    searched = agent.searched
    while not state.is_terminal():
        state.apply(agent.choose(state, 0))
    assert state.is_won() and agent.searched == searched  # the line was followed


def test_solver_agent_searches_again_after_a_move_off_its_line():
    game = load("fortress")
    state = game.new_initial_state(3)
    agent = SolverAgent(seed=0)
    line = solve(state).moves
    detour = next(a for a in state.legal_actions() if a != line[0])
    state.apply(detour)
    if solve(state).verdict == WIN:
        assert agent.choose(state, 0) == hint(state).action


def test_solver_agent_on_a_small_budget_falls_back_to_the_heuristic():
    game = load("fortress")
    state = game.new_initial_state(651)  # needs about 1,500 solver nodes
    assert solve(state, node_limit=20).verdict not in (WIN, LOSS)
    small, heuristic = SolverAgent(seed=3, nodes=20), HeuristicAgent(seed=3)
    assert small.choose(state, 0) == heuristic.choose(state, 0)


def test_heuristic_is_not_stronger_than_the_solver():
    for name in GAMES:
        game = load(name)
        deals = range(1, 16)
        solver_wins = {d for d in deals if play(game, "solver", d).is_won()}
        heuristic_wins = {d for d in deals if play(game, "heuristic", d).is_won()}
        assert heuristic_wins <= solver_wins
        assert len(heuristic_wins) < len(solver_wins)


def test_heuristic_avoids_going_back_and_takes_safe_moves():
    game = load("fortress")
    state = game.new_initial_state(1)
    agent = HeuristicAgent(seed=0)
    seen = {position_key(state)}
    for _ in range(6):
        if state.is_terminal():
            break
        safe = state.safe_actions()
        action = agent.choose(state, 0)
        if safe:
            assert action == safe[0]
        state.apply(action)
        assert position_key(state) not in seen or all(
            _after(state, a) in seen for a in state.legal_actions()
        )
        seen.add(position_key(state))


def _after(state, action):
    probe = state.clone()
    probe.apply(action)
    return position_key(probe)


def test_search_hooks():
    game = load("chessboard")
    state = game.new_initial_state(1)
    key = SEARCH_HOOKS.key(state)
    other = game.state_from_board(state.board.copy())
    random.Random(1).shuffle(other.board.piles)
    assert SEARCH_HOOKS.key(other) == key  # the piles are interchangeable
    actions = state.legal_actions()
    home = SEARCH_HOOKS.tactical(state, actions)
    assert len(home) == 10 and all(state.action_to_str(a).endswith(">F") for a in home)
    assert max(actions, key=lambda a: SEARCH_HOOKS.order(state, a)) in home
    state.apply(home[0])
    assert SEARCH_HOOKS.key(state) != key
    assert SEARCH_HOOKS.evaluate(state) > 0  # above a lost game's 0


def test_levels_are_ordered_by_budget():
    game = load("fortress")
    kinds = [level(game, n) for n in sorted(LEVELS)]
    assert sorted(LEVELS) == [1, 2, 3, 4]
    assert [a.kind for a in kinds] == ["heuristic", "heuristic", "solver", "solver"]
    assert kinds[0].noise > kinds[1].noise == 0
    assert kinds[2].nodes < kinds[3].nodes and kinds[3].time_cap == 5


def test_one_player_match_compares_both_agents_on_each_deal(tmp_path):
    plan = MatchPlan("fortress", {}, "solver", "heuristic", 4, seed=1, records=str(tmp_path))
    results = [play_one(plan, i) for i in range(4)]
    for r in results:
        a, b = r.solo
        assert r.points == (0.5 if a == b else float(a))
    solver_won = [r.solo[0] for r in results]
    assert solver_won == [verdicts(load("fortress"), [d])[d] == WIN for d in (1, 2, 3, 4)]
    record = json.loads((tmp_path / "fortress-00002-a.json").read_text())
    assert record["metadata"]["players"] == ["solver"] and replay(record).state.is_won()
    assert (tmp_path / "fortress-00002-b.json").exists()


def test_circling_agents_stop_after_a_third_repetition():
    plan = MatchPlan("chessboard", {}, "random", "random", 3, seed=1)
    for r in run_solo(plan, "random"):
        assert r.reason in (f"position repeated {REPETITIONS} times", "no legal move")
    assert play_solo(plan, 0, "random").deal == 1


def test_match_and_ladder_commands(tmp_path):
    result = runner.invoke(
        app, ["match", "fortress", "solver", "heuristic", "--games", "4", "--json"]
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["games"] == 4 and data["losses"] == 0 and data["wins"] >= 1  # deals 1..4
    bad = runner.invoke(app, ["match", "fortress", "solver", "random", "--duplicate"])
    assert bad.exit_code == 2 and "--duplicate" in bad.stderr
    out = tmp_path / "ladder.md"
    result = runner.invoke(app, ["ladder", "chessboard", "--games", "3", "--output", str(out)])
    assert result.exit_code == 0, result.output
    text = out.read_text()
    assert "Every level plays deals 1..3" in text and "| 4 | `solver:" in text
    assert "Exact verdicts (the game's solver)" in text and "Made with `kibitz" in text
