"""What front ends read of Smess: structured moves, the observation and the description."""

from __future__ import annotations

import json

import pytest

import kibitz
from random_play import random_states

COMMON = ("game", "seat", "ply", "to_act", "phase", "last_action", "result", "scores")


def board_of(view: dict) -> dict[str, tuple[int, str]]:
    """Square -> (side, kind) from the observation's piece list."""
    return {p["square"]: (p["side"], p["kind"]) for p in view["pieces"]}


def board_from_position(position: str) -> dict[str, tuple[int, str]]:
    """Square -> (side, kind) read independently from the position string's board field."""
    kinds = {"b": "brain", "s": "numskull", "n": "ninny"}
    out = {}
    for i, row in enumerate(position.split()[0].split("/")):
        file = 0
        for ch in row:
            if ch.isdigit():
                file += int(ch)
                continue
            out[f"{'abcdefg'[file]}{8 - i}"] = (0 if ch.isupper() else 1, kinds[ch.lower()])
            file += 1
    return out


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_move_fields_agree_with_notation_and_the_position_after(seed: int) -> None:
    for state in random_states("smess", seed, 60, promotion_requires_captured_numskull=seed == 3):
        before = board_of(state.observation(None))
        for move in state.moves():
            frm, sep, to = move["text"][:2], move["text"][2], move["text"][3:]
            assert (move["from"], move["to"]) == (frm, to)
            assert move["capture"] == (sep == "x") == (to in before)
            side, kind = before[frm]
            assert side == state.current_player and move["piece"] == kind
            taken = before.get(to)
            assert move["captured"] == (taken[1] if taken else None), "the kind taken, named"
            assert taken is None or taken[0] != side
            state.apply(move["id"])
            after = board_of(state.observation(None))
            assert frm not in after and after[to][0] == side
            assert move["promotes"] == (after[to][1] != kind), "a Ninny become a Numskull"
            assert state.observation(1)["last_action"] == {
                "seat": side, "text": move["text"], "id": move["id"],
                "from": frm, "to": to, "piece": kind, "capture": move["capture"],
                "captured": move["captured"], "promotes": move["promotes"],
            }  # fmt: skip
            state.undo()


@pytest.mark.parametrize("seed", [4, 5])
def test_observation_has_the_common_keys_then_the_whole_position(seed: int) -> None:
    for state in random_states("smess", seed, 120):
        views = [state.observation(seat) for seat in (0, 1, None)]
        for seat, view in zip((0, 1, None), views, strict=True):
            json.dumps(view)
            assert tuple(view)[: len(COMMON)] == COMMON
            assert view["seat"] == seat and view["scores"] is None
            assert board_of(view) == board_from_position(view["position"])
            assert view["position"] == state.position()
            assert view["plies_without_progress"] == state.plies_without_progress
        spectator = {k: v for k, v in views[2].items() if k != "seat"}
        for view in views[:2]:
            assert {k: v for k, v in view.items() if k != "seat"} == spectator
        assert "to_move" not in views[2] and "legal" not in views[2]
        assert state.information_state_key(0) == state.information_state_key(1)
        assert state.information_state_key(0).endswith("|" + ",".join(map(str, state.history)))
    last = views[2]
    assert last["phase"] == ("over" if state.is_terminal() else "play")
    if state.is_terminal():
        assert last["to_act"] is None and last["result"]["text"]


def test_start_observation() -> None:
    view = kibitz.load("smess").new_initial_state().observation(None)
    assert view["to_act"] == 0 and view["last_action"] is None and view["result"] is None
    pieces = board_of(view)
    assert pieces["d1"] == (0, "brain") and pieces["d8"] == (1, "brain")
    assert sum(1 for side, kind in pieces.values() if (side, kind) == (0, "ninny")) == 7
    assert len(pieces) == 24


def test_description_arrows_are_the_directions_the_pieces_step() -> None:
    """Each Ninny and Brain move goes one square along an arrow the description draws."""
    game = kibitz.load("smess")
    desc = game.description()
    json.dumps(desc)
    assert desc["board"]["files"] == list("abcdefg") and desc["board"]["ranks"] == [*range(1, 9)]
    assert len(desc["board"]["squares"]) == 56 and desc["board"]["squares"][:2] == ["a1", "b1"]
    assert [s["colour"] for s in desc["seats"]] == list(game.player_colours)
    assert desc["arrows"]["d4"] == 255 and desc["arrows"]["a1"] == 1  # all eight; north only
    assert desc["promotion_squares"] == [["b8", "c8", "e8", "f8"], ["b1", "c1", "e1", "f1"]]
    assert {k: v["letter"] for k, v in desc["kinds"].items()} == {
        "brain": "B", "numskull": "S", "ninny": "N",
    }  # fmt: skip
    step = {(d["df"], d["dr"]): d["bit"] for d in desc["directions"]}
    assert len(step) == 8 and sorted(step.values()) == [1 << i for i in range(8)]
    seen = 0
    for state in random_states("smess", 6, 80):
        pieces = board_of(state.observation(None))
        for move in state.moves():
            if pieces[move["from"]][1] == "numskull":
                continue
            (f1, r1), (f2, r2) = (("abcdefg".index(s[0]), int(s[1])) for s in
                                  (move["from"], move["to"]))  # fmt: skip
            assert desc["arrows"][move["from"]] & step[(f2 - f1, r2 - r1)]
            seen += 1
    assert seen > 100


@pytest.mark.parametrize(("requires", "skulls", "promotes"), [
    (False, "SSSBS2", True), (True, "3B3", True), (True, "SSSBS2", False),
])  # fmt: skip
def test_move_fields_say_when_a_ninny_promotes(requires: bool, skulls: str, promotes: bool) -> None:
    game = kibitz.load("smess", promotion_requires_captured_numskull=requires)
    state = game.new_state_from_position(f"3b3/2N4/7/7/7/7/7/{skulls} b")
    moves = {m["text"]: m for m in state.moves()}
    assert moves["c7-c8"]["promotes"] is promotes, "c8 is a Blue promotion square (SM-6)"
    assert not moves["c7-c6"]["promotes"] and not moves["c7-d7"]["promotes"]
    state.apply(moves["c7-c8"]["id"])
    assert state.observation(None)["last_action"]["promotes"] is promotes
    assert {p["square"]: p["kind"] for p in state.observation(None)["pieces"]}["c8"] == (
        "numskull" if promotes else "ninny"
    )
