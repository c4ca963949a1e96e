"""Action ids and their text (spec section 6): every legal action round-trips through text."""

from __future__ import annotations

import pytest
from rook_testing import PRESETS, call, deal

import kibitz
from kibitz.core.errors import IllegalAction, NotationError
from kibitz.core.rng import Rng
from kibitz.games.rook.actions import BID0, DISCARD0, PASS, TRUMP0

SOUTH, WEST, NORTH, EAST = range(4)


def test_fixed_ids() -> None:
    assert (DISCARD0, TRUMP0, PASS, BID0) == (57, 114, 118, 119)
    state = deal(kibitz.load("rook"), SOUTH, {WEST: ["r5", "r6", "r7", "r8", "r9", "g14"]})
    assert state.str_to_action("pass") == 118
    assert state.str_to_action("bid 70") == 119
    assert state.str_to_action("Bid 85") == 122
    call(state, "W 70, N pass, E pass, S pass")
    assert state.str_to_action("discard r5") == 57 + 4
    for action in state.discard_actions(["r5", "r6", "r7", "r8", "r9"]):
        state.apply(action)
    state.apply(state.str_to_action("trump black"))
    assert state.str_to_action("play g14") == 41


@pytest.mark.parametrize("preset", PRESETS)
def test_every_legal_action_round_trips_through_text(preset: str) -> None:
    game = kibitz.load("rook", preset=preset, max_deals=2)
    state, rng = game.new_initial_state(1), Rng(1)
    while not state.is_terminal():
        legal = state.legal_actions()
        assert legal == sorted(legal) and all(0 <= a < game.num_distinct_actions for a in legal)
        for action in legal:
            assert state.str_to_action(state.action_to_str(action)) == action
        state.apply(rng.choice(legal))


def test_aliases_and_bare_cards() -> None:
    state = deal(kibitz.load("rook"), EAST, {SOUTH: ["crow", "g5"]})
    call(state, "S 70, W pass, N pass, E pass")
    assert state.str_to_action("g5") == DISCARD0 + 18 + 14  # a bare card discards now
    for text in ("g5", "discard g5"):
        assert state.str_to_action(text) == state.str_to_action("discard G5")
    held = sorted(state.legal_actions())
    for a in held[:5]:
        state.apply(a)
    assert state.str_to_action("trump g") == state.str_to_action("trump Green") == TRUMP0 + 2


@pytest.mark.parametrize(
    "text", ["", "bid", "bid seventy", "trump purple", "discard x9", "play g15", "hello", "pass 5"]
)
def test_malformed_text_is_a_notation_error(text: str) -> None:
    state = deal(kibitz.load("rook"), SOUTH)
    with pytest.raises(NotationError):
        state.str_to_action(text)


def test_well_formed_but_illegal_is_an_illegal_action() -> None:
    state = deal(kibitz.load("rook"), SOUTH)
    with pytest.raises(IllegalAction, match="West's call: bid or pass"):
        state.str_to_action("play g14")
    with pytest.raises(IllegalAction, match="West's call"):
        state.str_to_action("trump red")
    with pytest.raises(IllegalAction, match="not an action id"):
        state.apply(999)
    with pytest.raises(IllegalAction):
        state.apply("pass")  # type: ignore[arg-type]
