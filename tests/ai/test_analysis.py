"""``kibitz analyse`` and ``kibitz.ai.analysis``: marks follow the searched scores, and a
planted blunder (a move that lets the Brain be taken at once) is marked as one."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

import kibitz
from kibitz.ai.analysis import (
    analysis_steps,
    expected_score,
    mark_for,
    score_text,
    summaries,
    summary_line,
    whole,
)
from kibitz.cli.common import app
from kibitz.core.errors import InvalidOptions
from kibitz.core.record import dumps_record, make_record
from kibitz.core.rng import Rng

SPEC = "alphabeta:depth=2"


def _loses_brain(state, action: int) -> bool:
    """Whether, after ``action``, the opponent can take the mover's Brain (end the game)."""
    child = state.clone()
    child.apply(action)
    for reply in child.legal_actions():
        after = child.clone()
        after.apply(reply)
        if after.is_terminal() and after.returns()[state.current_player] < 0:
            return True
    return False


def planted_blunder_game():
    """A random Smess game cut at the first move that hangs the Brain beside a safe one,
    then that move and the capture of the Brain: (final state, ply of the blunder)."""
    game = kibitz.load("smess")
    for seed in range(50):
        state, rng = game.new_initial_state(), Rng(seed)
        for _ in range(60):
            if state.is_terminal():
                break
            legal = state.legal_actions()
            losing = [a for a in legal if _loses_brain(state, a)]
            if losing and len(losing) < len(legal) and len(state.history) >= 6:
                blunder_ply = len(state.history) + 1
                state.apply(losing[0])
                for reply in state.legal_actions():
                    after = state.clone()
                    after.apply(reply)
                    if after.is_terminal():
                        state.apply(reply)
                        return state, blunder_ply
            state.apply(rng.choice([a for a in legal if not _loses_brain(state, a)] or legal))
    raise AssertionError("no game with a blunder to plant")


def test_planted_blunder_is_marked() -> None:
    state, ply = planted_blunder_game()
    game = state.game
    notes = whole(analysis_steps(game, game.start(state.seed), list(state.history), SPEC)).moves
    assert len(notes) == len(state.history)
    blunder = notes[ply - 1]
    assert blunder.mark == "blunder" and blunder.best is not None
    assert blunder.expected < 0.01 and blunder.best_expected > 0.05
    assert notes[-1].mark is None and notes[-1].expected > 0.99  # taking the Brain
    for note in notes:
        assert note.best_value >= note.value
        assert note.mark == (mark_for(note.loss) if note.best is not None else None)


def test_a_forced_win_or_loss_shows_as_the_winners_moves_to_the_end() -> None:
    win = 1_000_000
    assert [score_text(v) for v in (215.4, -0.3, -31)] == ["+215", "+0", "-31"]
    assert score_text(win - 4) == "#2"  # the mover wins with its second move from here
    assert score_text(-(win - 5)) == "#-3"  # the opponent wins with its third move
    assert (score_text(win), score_text(-win)) == ("won", "lost")


def test_expected_score_and_marks() -> None:
    assert expected_score(0) == 0.5
    assert expected_score(1_000_000) > 0.999 and expected_score(-1_000_000) < 0.001
    assert mark_for(0.5) == "blunder" and mark_for(0.2) == "mistake"
    assert mark_for(0.08) == "inaccuracy" and mark_for(0.01) is None


def test_cli_analyse_json_and_text(tmp_path: Path) -> None:
    state, ply = planted_blunder_game()
    path = tmp_path / "game.json"
    path.write_text(dumps_record(make_record(state)))
    runner = CliRunner()
    result = runner.invoke(app, ["analyse", str(path), "--spec", SPEC, "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["game"] == "smess" and len(data["moves"]) == len(state.history)
    assert data["moves"][ply - 1]["mark"] == "blunder"
    text = runner.invoke(app, ["analyse", str(path), "--level", "1"])
    assert text.exit_code != 0 and "no evaluation" in text.output  # greedy reports none
    text = runner.invoke(app, ["analyse", str(path), "--level", "2"])
    assert text.exit_code == 0 and "??" in text.output
    lines = text.output.splitlines()  # numbered by rounds, as the move lists number them
    assert lines[1].startswith("  1.   Blue ") and lines[2].startswith("  1... Red ")
    both = runner.invoke(app, ["analyse", str(path), "--level", "2", "--spec", SPEC])
    assert both.exit_code != 0


def test_the_text_ends_with_each_sides_marks_and_average_loss(tmp_path: Path) -> None:
    """After the moves, a line a side: its marks counted and its mean expected-score loss,
    the figures of the same analysis's JSON."""
    state, ply = planted_blunder_game()
    path = tmp_path / "game.json"
    path.write_text(dumps_record(make_record(state)))
    runner = CliRunner()
    data = json.loads(runner.invoke(app, ["analyse", str(path), "--spec", SPEC, "--json"]).output)
    text = runner.invoke(app, ["analyse", str(path), "--spec", SPEC])
    assert text.exit_code == 0, text.output
    *_, blank, first, second = text.output.splitlines()
    assert blank == ""
    blunderer = data["moves"][ply - 1]["side"]
    for side, line in enumerate((first, second)):
        found = re.fullmatch(
            rf"{data['sides'][side]}: (\d+) blunders?, (\d+) mistakes?, (\d+) "
            r"inaccurac(?:y|ies); average loss (\d+\.\d)% over (\d+) moves?",
            line,
        )
        assert found, line
        mine = [m for m in data["moves"] if m["side"] == side]
        marks = [sum(m["mark"] == k for m in mine) for k in ("blunder", "mistake", "inaccuracy")]
        assert [int(found[i]) for i in (1, 2, 3)] == marks
        assert float(found[4]) == pytest.approx(100 * sum(m["loss"] for m in mine) / len(mine),
                                                abs=0.05)
        assert int(found[5]) == len(mine)
        assert marks[0] >= (side == blunderer)  # the planted blunder is counted


def test_a_solver_summary_counts_marks_without_an_average() -> None:
    """A patience deal's losses are verdicts (a deal thrown away), counted by the marks."""
    game = kibitz.load("fortress")
    start = game.new_initial_state(2)
    analysis = whole(analysis_steps(game, start, [start.str_to_action("0>1")]))
    (only,) = summaries(analysis)
    assert (only.moves, only.marks, only.average_loss) == (
        1, {"blunder": 1, "mistake": 0, "inaccuracy": 0}, None)  # fmt: skip
    assert summary_line(only) == "Player: 1 blunder, 0 mistakes, 0 inaccuracies over 1 move"


def test_an_agent_without_evaluation_or_a_spec_for_a_solver_is_refused() -> None:
    game = kibitz.load("smess")
    with pytest.raises(InvalidOptions, match="no evaluation"):
        analysis_steps(game, game.new_initial_state(), [], "greedy")  # before any search
    cardmate = kibitz.load("cardmate")  # levels 1 and 2 play greedily: the message says so
    with pytest.raises(InvalidOptions, match=r"no evaluation .*; levels that do: 3, 4$"):
        analysis_steps(cardmate, cardmate.new_initial_state(), [], "level:2")
    patience = kibitz.load("fortress")
    with pytest.raises(InvalidOptions, match="exact solver"):
        analysis_steps(patience, patience.new_initial_state(1), [], SPEC)


def test_cardmate_sample_game_blunder_is_marked() -> None:
    """The rules' sample game: 18.8D:j7?? (ply 35), which lets Rearhand mate, is a blunder."""
    import sys

    sys.path.insert(0, str(Path(__file__).parents[1] / "games" / "cardmate"))
    from cardmate_util import START, sample_moves

    game = kibitz.load("cardmate")
    start = game.new_state_from_position(START)
    state, actions = start.clone(), []
    for text in sample_moves():
        actions.append(state.str_to_action(text))
        state.apply(actions[-1])
    notes = whole(analysis_steps(game, start, actions, "alphabeta:depth=1")).moves
    assert notes[34].move == "8D:j7" and notes[34].mark == "blunder"
    assert notes[-1].expected == 1.0 and notes[-1].mark is None
