"""One game's moves judged in parts, in several processes (``kibitz analyse RECORD --workers
N``): the notes are those of the whole analysis, in order; a solver's analysis stays whole."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from kibitz.ai.analysis import whole
from kibitz.cli.common import app
from kibitz.core.errors import InvalidOptions
from kibitz.core.record import dumps_record, make_record, replay
from kibitz.lab.review import PARTS, Judging, steps_apart
from random_play import random_states


def played(name: str, plies: int):
    """A replay of a random game of ``name`` (``plies`` actions, fewer if it ends first)."""
    return replay(make_record(random_states(name, 3, plies)[-1]))


@pytest.mark.parametrize(
    ("name", "plies", "spec"),
    [
        ("smess", 40, "fast:nodes=3000,repeats=rules"),  # the compiled search, by score
        ("tchess", 40, "ismcts:iterations=10,rollout_depth=1"),  # by win probability
        ("rook", 60, "rookbot:samples=4,exchange=2,iterations=8,play=pimc"),  # four seats
    ],
)
def test_a_game_judged_in_parts_has_the_notes_of_the_whole(
    name: str, plies: int, spec: str
) -> None:
    done = played(name, plies)
    judging = Judging(spec=spec)
    alone = whole(judging.steps(done))
    analysis, notes = steps_apart(done, judging, 2)
    parts = list(notes)
    assert analysis.agent == alone.agent and analysis.kind == alone.kind
    assert len(done.state.history) > 2 * PARTS  # every worker had several parts to judge
    assert parts == alone.moves
    assert [n.ply for n in parts] == sorted(n.ply for n in parts)


def test_a_solver_analysis_is_judged_whole() -> None:
    """A patience deal's verdicts follow one from the last within one node budget, so the
    workers are not used and a part of it is refused."""
    done = played("fortress", 12)
    judging = Judging(nodes=2000)
    analysis, notes = steps_apart(done, judging, 2)
    assert analysis.kind == "solver"
    assert list(notes) == whole(judging.steps(done)).moves
    with pytest.raises(InvalidOptions, match="judged whole"):
        judging.steps(done, range(0, 3))


def test_a_part_outside_the_game_is_refused() -> None:
    done = played("smess", 10)
    with pytest.raises(InvalidOptions, match="actions 5 to 11 are not among the game's 10"):
        Judging(spec="alphabeta:depth=1").steps(done, range(5, 11))


def test_the_command_prints_the_same_with_two_workers(tmp_path: Path) -> None:
    path = tmp_path / "smess.json"
    path.write_text(dumps_record(make_record(played("smess", 30).state)))
    runner = CliRunner()
    args = ["analyse", str(path), "--spec", "alphabeta:depth=1"]
    one, two = runner.invoke(app, args), runner.invoke(app, [*args, "--workers", "2"])
    assert one.exit_code == two.exit_code == 0, two.output
    assert two.output == one.output
    assert two.output.count("\n") > 30  # a heading, a line a move, the sides' summaries
