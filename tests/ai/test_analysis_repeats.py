"""Repetitions in the analysis of Smess and Cardmate: the ``fast`` agent plays with every
position the game has had scoring as a draw (so a side ahead never shuffles), but the analysis
(``repeats=rules``) scores a repeated position only as the rules end the game, so shuffling in
a won game is not a string of blunders; the move that lets the no-progress draw come is."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

import kibitz
from kibitz.ai.analysis import analysis_spec, replay_steps, whole
from kibitz.ai.specs import make_agent
from kibitz.cli.common import app
from kibitz.core.errors import InvalidOptions
from kibitz.core.record import Replay, replay_text

SHUFFLER = "alphabeta:depth=3,nodes=8000"
"""Level 3's search: it goes back and forth in a won Smess game of this match."""


def drawn_by_shuffling(folder: Path) -> tuple[Replay, list[str]]:
    """A Smess game that ``SHUFFLER`` led but let end drawn by the no-progress rule, and
    its seats' agents."""
    result = CliRunner().invoke(app, [
        "match", "smess", SHUFFLER, "alphabeta:depth=2,quiescence=false", "--games", "2",
        "--records", str(folder), "--json",
    ])  # fmt: skip
    assert result.exit_code == 0, result.output
    for path in sorted(folder.glob("*.json")):
        text = path.read_text()
        done = replay_text(text)
        if done.state.returns() == [0.0, 0.0]:
            return done, json.loads(text)["metadata"]["players"]
    raise AssertionError("no drawn game in the match")


def blunders(done: Replay, spec: str, seat: int) -> list[int]:
    """The plies of ``seat``'s moves the analysis by ``spec`` marks as blunders."""
    analysis = whole(replay_steps(done, spec=spec))
    return [n.ply for n in analysis.moves if n.seat == seat and n.mark == "blunder"]


def test_shuffling_in_a_won_game_is_one_blunder_not_a_string_of_them(tmp_path: Path) -> None:
    done, players = drawn_by_shuffling(tmp_path)
    spec = analysis_spec(done.game)
    assert spec == "fast:nodes=50000,repeats=rules"
    seat = players.index(SHUFFLER)
    as_played = blunders(done, "fast:nodes=50000", seat)  # every repeat a draw
    by_rules = blunders(done, spec, seat)
    assert len(as_played) >= 10, as_played  # each step back and forth "throws the win away"
    assert 1 <= len(by_rules) <= 2, by_rules  # the move that lets the no-progress draw come
    limit = done.game.options.max_plies_without_progress
    assert by_rules[-1] > len(done.state.history) - limit  # within the last no-progress run


def test_which_positions_of_the_game_the_search_scores_as_draws() -> None:
    smess = kibitz.load("smess")
    state = smess.new_initial_state()
    state.seen = {1: 1, 2: 2, 3: 3}
    assert make_agent("fast", smess)._drawn(state) == [1, 2, 3]
    assert make_agent("fast:repeats=rules", smess)._drawn(state) == []  # no repetition rule
    threefold = kibitz.load("smess", repetition_draw=True).new_initial_state()
    threefold.seen = {1: 1, 2: 2, 3: 3}
    assert make_agent("fast:repeats=rules", threefold.game)._drawn(threefold) == [2, 3]

    cardmate = kibitz.load("cardmate")
    state = cardmate.new_initial_state()
    state.repetitions = {1: 1, 2: 2}
    assert make_agent("fast", cardmate)._repetitions(state) == {1: 1, 2: 2}
    assert make_agent("fast:repeats=rules", cardmate)._repetitions(state) == {2: 2}
    losing = kibitz.load("cardmate", repetition_loss=True).new_initial_state()
    losing.repetitions = {1: 1, 2: 2}  # the search applies the loss rule exactly
    assert make_agent("fast:repeats=rules", losing.game)._repetitions(losing) == {1: 1, 2: 2}


def test_an_unknown_repeats_value_is_refused() -> None:
    with pytest.raises(InvalidOptions, match="repeats is one of draw, rules, not 'often'"):
        make_agent("fast:repeats=often", kibitz.load("smess"))
