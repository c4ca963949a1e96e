"""``legacy:4`` is level 4 as issue 15 found it: the choices of that day's code, recorded."""

import json
from pathlib import Path

import pytest

import kibitz
from kibitz.ai.specs import make_agent
from kibitz.core.errors import InvalidOptions
from kibitz.core.game import State
from kibitz.core.play import play_out
from kibitz.core.rng import Rng

RECORD = json.loads((Path(__file__).parent / "legacy4_choices.json").read_text())
"""Every choice of four level-4 agents of commit 9e752e9 over six two-hand games (its
``made_by``, ``game`` and ``agents`` say how they were made)."""


def choices(spec: str, seed: int) -> list[int]:
    """The choices of four ``spec`` agents in the record's game ``seed``, played as recorded."""
    game = kibitz.load("rook", **RECORD["game"])
    agents = [make_agent(spec, game, seed * 4 + s) for s in range(4)]
    out: list[int] = []

    def choose(state: State, seat: int) -> int:
        out.append(agents[seat].choose(state, seat))
        return out[-1]

    play_out(game.new_initial_state(seed), choose, Rng(seed))
    return out


@pytest.mark.parametrize("seed", sorted(RECORD["choices"], key=int))
def test_legacy_4_plays_as_level_4_did_when_issue_15_was_filed(seed: str) -> None:
    assert choices("legacy:4", int(seed)) == RECORD["choices"][seed]


def test_the_informed_draws_play_differently_from_the_record() -> None:
    """The record tells the draws apart: today's draws at the same budget leave it in every game."""
    informed = "rookbot:samples=32,exchange=24,iterations=40,play=pimc,time_cap=5"
    departed = [s for s in RECORD["choices"] if choices(informed, int(s)) != RECORD["choices"][s]]
    assert departed == sorted(RECORD["choices"], key=int)


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        ("rookbot:draws=fair", "draws must be informed or uniform, got 'fair'"),
        ("rookbot:draws=uniform,play=ismcts", "draws=uniform plays its cards with play=pimc"),
    ],
)
def test_a_bad_draws_option_is_refused(spec: str, words: str) -> None:
    with pytest.raises(InvalidOptions, match=words):
        make_agent(spec, kibitz.load("rook"))
