"""What front ends read of Cardmate: structured moves, the observation (captured cards, Kings
left) and the description."""

from __future__ import annotations

import json
from itertools import pairwise

import pytest
from cardmate_util import make, play

import kibitz
from random_play import random_states

COMMON = ("game", "seat", "ply", "to_act", "phase", "last_action", "result", "scores")
PRESETS = [{}, {"suit_contents": True}, {"rank_contents": True, "kings_fixed": False}]


def board_of(view: dict) -> dict[str, tuple[int, str]]:
    """Square -> (side, card code) from the observation's piece list."""
    return {p["square"]: (p["side"], p["card"]) for p in view["pieces"]}


def board_from_position(position: str) -> dict[str, tuple[int, str]]:
    """Square -> (side, card code) read independently from the position string."""
    out = {}
    for i, row in enumerate(position.split()[0].split("/")):
        file = 0
        for cell in row.split(","):
            if cell.isdigit():
                file += int(cell)
                continue
            out[f"{'abcdefghij'[file]}{9 - i}"] = (0 if cell[1].isupper() else 1, cell.upper())
            file += 1
    return out


@pytest.mark.parametrize(("seed", "options"), [(1, PRESETS[0]), (2, PRESETS[1]), (3, PRESETS[2])])
def test_move_fields_agree_with_notation_and_the_position_after(seed: int, options: dict) -> None:
    for state in random_states("cardmate", seed, 80, **options):
        before = board_of(state.observation(None))
        moves = state.moves()
        for move in moves:
            text = move["text"]
            side, card = before[move["from"]]
            assert side == state.current_player and card == move["card"]
            assert text.startswith(card) and move["to"] in text
            assert move["capture"] == (":" in text) == (move["to"] in before)
            assert move["promotion"] == ("A" if "=A" in text else None)
            assert move["compulsory"] == (
                move["capture"] and before[move["to"]][1][1] == card[1]
            ), "a follow takes a card of the mover's own suit"
            taken = before.get(move["to"])
            assert move["captured"] == (taken[1] if taken else None), "the card taken, named"
            assert taken is None or taken[0] != side
            state.apply(move["id"])
            after = board_of(state.observation(None))
            arrived = "A" + card[1] if move["promotion"] else card
            assert move["from"] not in after and after[move["to"]] == (side, arrived)
            last = state.observation(0)["last_action"]
            assert last == {"seat": side, "text": text, "id": move["id"], **{
                k: move[k]
                for k in ("from", "to", "card", "capture", "captured", "promotion", "compulsory")
            }}  # fmt: skip
            state.undo()
        compulsory = [m["compulsory"] for m in moves]
        assert all(compulsory) or not any(compulsory), "a follow is compulsory (CM-11, CM-12)"


def test_promotion_fields() -> None:
    """A One's entering move across the centre line is offered plain and promoting."""
    state = make({"d4": "1C", "a0": "KH", "j9": "kd", "j0": "KC", "a9": "ks"})
    ones = [m for m in state.moves() if m["card"] == "1C"]
    assert [(m["text"], m["to"], m["promotion"]) for m in ones] == [
        ("1Cd3", "d3", None), ("1Cd5", "d5", None), ("1Cd5=A", "d5", "A"),
    ]  # fmt: skip
    play(state, "1Cd5=A")
    view = state.observation(None)
    assert board_of(view)["d5"] == (0, "AC")
    assert view["last_action"]["card"] == "1C" and view["last_action"]["promotion"] == "A"


def test_compulsory_follow_fields() -> None:
    """The spec's CM-11 case: the Eight of Clubs must take the Deuce of Clubs."""
    state = make({"d4": "8C", "e6": "2c", "a0": "KH", "j9": "kd", "j0": "KC", "a9": "ks"})
    moves = state.moves()
    assert [m["text"] for m in moves] == ["8C:e6"]
    assert moves[0] | {"id": 0} == {
        "id": 0, "text": "8C:e6", "from": "d4", "to": "e6", "card": "8C", "capture": True,
        "captured": "2C", "promotion": None, "compulsory": True,
    }  # fmt: skip


@pytest.mark.parametrize(("seed", "options"), [(4, PRESETS[0]), (5, PRESETS[1]), (6, PRESETS[2])])
def test_captured_cards_are_the_cards_the_capture_moves_took(seed: int, options: dict) -> None:
    states = random_states("cardmate", seed, 300, **options)
    expected: list[list[str]] = [[], []]
    for state, after in pairwise(states):
        move = next(m for m in state.moves() if m["id"] == after.history[-1])
        if move["capture"]:
            side, card = board_of(state.observation(None))[move["to"]]
            expected[side].append(card)
        view = after.observation(None)
        assert view["captured"] == expected
        on_board = {card for _, card in board_of(view).values()}
        assert not on_board & set(expected[0] + expected[1])
    assert expected[0] and expected[1]
    final = states[-1]
    again = final.game.deserialize(final.serialize())
    assert again.observation(None)["captured"] == expected


def test_kings_left_are_the_scores() -> None:
    state = make({"d4": "8C", "e6": "kh", "a0": "KC", "j9": "kd", "j0": "KS"})
    view = state.observation(None)
    assert view["scores"] == [2.0, 2.0] and view["captured"] == [[], []]
    play(state, "8C:e6+")
    view = state.observation(1)
    assert view["scores"] == [2.0, 1.0] and view["captured"] == [[], ["KH"]]
    assert view["last_action"]["text"] == "8C:e6+" and view["to_act"] == 1


@pytest.mark.parametrize("seed", [7, 8])
def test_observation_has_the_common_keys_then_the_whole_position(seed: int) -> None:
    for state in random_states("cardmate", seed, 150, max_plies=60):
        views = [state.observation(seat) for seat in (0, 1, None)]
        for seat, view in zip((0, 1, None), views, strict=True):
            json.dumps(view)
            assert tuple(view)[: len(COMMON)] == COMMON
            assert view["seat"] == seat
            assert view["scores"] == [float(k) for k in state.kings]
            assert board_of(view) == board_from_position(view["position"])
        spectator = {k: v for k, v in views[2].items() if k != "seat"}
        for view in views[:2]:
            assert {k: v for k, v in view.items() if k != "seat"} == spectator
        assert not {"to_move", "outcome", "history", "kings"} & set(views[2])
        assert state.information_state_key(0) == state.information_state_key(1)
        assert state.information_state_key(0).endswith("|" + ",".join(map(str, state.history)))
    assert views[2]["phase"] == "over" and views[2]["result"]["reason"] == "max_plies"


def test_description() -> None:
    game = kibitz.load("cardmate")
    desc = game.description()
    json.dumps(desc)
    assert [s["name"] for s in desc["seats"]] == ["Forehand", "Rearhand"]
    assert [s["colour"] for s in desc["seats"]] == list(game.player_colours)
    board = desc["board"]
    assert board["files"] == list("abcdefghij") and board["ranks"] == list(range(10))
    assert len(board["squares"]) == 100 and board["squares"][94] == "e9"
    assert desc["palaces"] == [["e0", "f0"], ["e9", "f9"]]
    assert desc["centre_line"] == [4, 5]
    assert [r["code"] for r in desc["ranks"]] == list("123456789XJQKA")
    assert desc["ranks"][9] == {"code": "X", "name": "Ten", "face": "10"}
    assert [(s["code"], s["colour"]) for s in desc["suits"]] == [
        ("C", "black"), ("D", "red"), ("H", "red"), ("S", "black"),
    ]  # fmt: skip
    codes = {r["code"] + s["code"] for r in desc["ranks"] for s in desc["suits"]}
    start = game.new_initial_state().observation(None)
    assert {p["card"] for p in start["pieces"]} <= codes and len(start["pieces"]) == 52
    palace_kings = {board_of(start)[sq] for palace in desc["palaces"] for sq in palace}
    assert palace_kings == {(0, "KC"), (0, "KH"), (1, "KS"), (1, "KD")}
