"""``kibitz analyse --annotate``: the game's own text record with the analysis's marks as
glyphs and its evaluations and better moves as comments, a record that reads back the same."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

import kibitz
from kibitz.cli.common import app
from kibitz.core.record import dumps_record, make_record, parse_record_text

sys.path.insert(0, str(Path(__file__).parents[1] / "games" / "cardmate"))
from cardmate_util import START, sample_moves

SPEC = "alphabeta:depth=1"


@pytest.fixture(scope="module")
def sample(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The rules' sample game as a JSON record."""
    state = kibitz.load("cardmate").new_state_from_position(START)
    for move in sample_moves():
        state.apply(state.str_to_action(move))
    path = tmp_path_factory.mktemp("annotate") / "sample.json"
    path.write_text(dumps_record(make_record(state, {"players": ["Ann", "Bo"]})))
    return path


def test_the_sample_game_annotated_reads_back_with_its_blunder_marked(sample: Path) -> None:
    runner = CliRunner()
    result = runner.invoke(app, ["analyse", str(sample), "--spec", SPEC, "--annotate"])
    assert result.exit_code == 0, result.output
    text = result.output
    judged = runner.invoke(app, ["analyse", str(sample), "--spec", SPEC, "--json"])
    analysis = json.loads(judged.output)
    original = json.loads(sample.read_text())
    again = parse_record_text(text)
    assert again["actions"] == original["actions"]  # glyphs and comments leave the moves
    assert '[Forehand "Ann"]' in text and '[Rearhand "Bo"]' in text
    score = r"(?:[-+]\d+|#-?\d+|won|lost) [01]\.\d\d"  # a search score, an expected score
    assert re.search(rf"18\.8D:j7\?\? \{{{score}, best \S+ {score}\}} 18\.\.\.7Dh8", text)
    movetext = " ".join(text.split("\n\n", 1)[1].split())
    comments = re.findall(r"\{([^}]*)\}", movetext)
    assert len(comments) == len(analysis["moves"])  # every move judged, one comment each
    better = [m for m in analysis["moves"] if m["best"] and m["loss"] > 0]
    assert sum(", best " in c for c in comments) == len(better)  # only where it is better
    moves = re.sub(r"\{[^}]*\}", "", movetext).split()
    marks = [m["mark"] for m in analysis["moves"]]
    glyphs = [re.search(r"(\?\?|\?!|\?)?$", t)[1] for t in moves[:-1]]
    assert glyphs == [{"blunder": "??", "mistake": "?", "inaccuracy": "?!"}.get(m) for m in marks]


def test_annotate_is_refused_where_it_cannot_apply(sample: Path, tmp_path: Path) -> None:
    runner = CliRunner()
    both = runner.invoke(app, ["analyse", str(sample), "--annotate", "--json"])
    assert both.exit_code != 0 and "not with --json" in both.output
    smess = tmp_path / "smess.json"
    smess.write_text(dumps_record(make_record(kibitz.load("smess").new_initial_state())))
    none = runner.invoke(app, ["analyse", str(smess), "--annotate", "--spec", SPEC])
    assert none.exit_code != 0
    assert "smess has no text record of its own to annotate" in none.output
