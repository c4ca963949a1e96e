"""The spec's worked example (7.2), the Queen remark (7.3) and every rule check of 7.4."""

from __future__ import annotations

import pytest

import kibitz
from kibitz.core.game import CHANCE, TERMINAL
from kibitz.games.tchess import TchessState
from kibitz.games.tchess.phases import PLAY, STEAL, TAKE


def test_worked_example_17_against_18(kit) -> None:
    s = kit.dealt("P P S Q D G", "N F K B R L")
    assert s.deck_size == [27, 27]
    assert s.current_player == 0 and s.attacker == 0
    assert s.observation(0)["leader"] is None, "no one is ahead before a card is laid"
    kit.play(s, "P S P Q")
    assert s.observation(0)["leader"] == 0
    white_row = s.observation(1)["rows"][0]
    assert (white_row["strength"], white_row["text"]) == (17, "(P S) P Q")
    assert white_row["boosts"] == [1, 0, 1, 0]
    kit.play(s, "N F K B")
    black_row = s.observation(0)["rows"][1]
    assert (black_row["strength"], black_row["text"]) == (18, "(N F) K B")
    assert s.observation(0)["leader"] == 1
    kit.play(s, "pass")
    assert s.current_player == 1 and s.stage == PLAY
    kit.play(s, "pass")
    # the round is resolved: no steal (defender won), K back to Black, the rest discarded
    log = [e for e in s.observation(1)["log"] if e["event"] in ("result", "return", "discard")]
    assert log == [
        {
            "event": "result", "round": 1, "winner": 1, "margin": 1, "strengths": [17, 18],
            "rows": [["P", "S", "P", "Q"], ["N", "F", "K", "B"]],
            "row_texts": ["(P S) P Q", "(N F) K B"],
        },
        {"event": "return", "seat": 1, "cards": ["K"]},
        {"event": "discard", "seat": 0, "cards": ["P", "S", "P", "Q"]},
        {"event": "discard", "seat": 1, "cards": ["N", "F", "B"]},
    ]  # fmt: skip
    assert kit.letters(s, s.discards[0]) == ["P", "P", "S", "Q"]
    assert kit.letters(s, s.discards[1]) == ["N", "F", "B"]
    # step 5: three draws each, White first (White holds D G, Black R K L)
    assert s.current_player == CHANCE and s.hand_size == [2, 3]
    assert [s.drawing_seat()] == [0] and s.draws == (0, 0, 0, 1, 1, 1)
    for letter in ("P", "P", "R", "S", "S", "C"):
        s.apply(s.str_to_action(f"draw {letter}"))
    assert s.hand_size == [5, 6] and s.deck_size == [24, 24]
    assert kit.letters(s, s.hands[1]) == ["S", "S", "C", "R", "K", "L"]
    # step 6: no draw; step 7: Black attacks round 2
    assert s.outcome() is None
    assert (s.round_no, s.attacker, s.current_player) == (2, 1, 1)
    assert s.is_opening()


def test_queen_remark(kit) -> None:
    s = kit.dealt("Q P R R G G", "P N N B B D")
    kit.play(s, "Q", "P", "P", "pass", "pass")
    assert s.observation(0)["rows"][0]["text"] == "Q P"
    assert s.stage == STEAL and s.current_player == CHANCE
    assert s.chance_outcomes() == [(2, 0.4), (5, 0.4), (6, 0.2)]
    s.apply(s.str_to_action("steal B"))
    assert kit.letters(s, s.discards[1]) == ["P", "B"]
    assert kit.letters(s, s.discards[0]) == ["P"]
    assert kit.letters(s, s.hands[0]) == ["R", "R", "G", "G", "Q"]
    result = kit.result(s)
    assert (result["winner"], result["margin"]) == (0, 9)


def test_tie_defender_wins_and_attacker_king_on_table_loses(kit) -> None:
    s = kit.dealt("N K P P P P", "R P P P P P")
    kit.play(s, "N K", "R P", "pass", "pass")
    assert s.current_player == TERMINAL
    out = s.outcome()
    assert out is not None and out.returns == (-1.0, 1.0) and out.reason == "King lost on the table"


def test_queen_alone_wins_steals_and_returns(kit) -> None:
    s = kit.dealt("Q P P P P P", "N N B B R R")
    kit.play(s, "Q", "pass", "pass")
    assert s.stage == STEAL
    s.apply(s.str_to_action("steal R"))
    assert s.hands[0][s.tables.index["Q"]] == 1
    assert sum(s.discards[0]) == 0 and kit.letters(s, s.discards[1]) == ["R"]


def test_lone_jester_loses_and_nothing_returns(kit) -> None:
    s = kit.dealt("J P P P P P", "N N B B R R")
    kit.play(s, "J", "pass", "pass")
    result = kit.result(s)
    assert (result["winner"], result["margin"]) == (1, 0)
    assert kit.letters(s, s.discards[0]) == ["J"] and sum(s.discards[1]) == 0
    assert not any(e["event"] == "return" for e in s.observation(0)["log"])
    assert s.stage != STEAL


def test_steal_of_a_king_loses(kit) -> None:
    pos = (
        f"white=Q,P/{kit.rest('Q', 'P')}/-/- "
        f"black=K,P/{kit.rest('K', 'P')}/-/- attacker=white to_move=white round=1"
    )
    s = position_state(pos)
    kit.play(s, "Q", "pass", "pass")
    assert s.chance_outcomes() == [(0, 0.5), (10, 0.5)]
    s.apply(s.str_to_action("steal K"))
    out = s.outcome()
    assert out is not None and out.returns == (1.0, -1.0) and out.reason == "King stolen"


def position_state(position: str, **options: object) -> TchessState:
    """A state from a position string."""
    return kibitz.load("tchess", **options).new_state_from_position(position)


@pytest.mark.parametrize(
    ("row", "choices"), [("F C", ["take F", "take C"]), ("Q J", ["take Q", "take J"])]
)
def test_best_card_tie_between_letters_is_a_choice(kit, row: str, choices: list[str]) -> None:
    white = row + " P P P P"
    s = kit.dealt(white, "P N N B B R")
    kit.play(s, row, "P", "pass", "pass")
    s.apply(s.str_to_action("steal N"))
    assert s.stage == TAKE and s.current_player == 0
    assert [s.action_to_str(a) for a in s.legal_actions()] == choices
    kit.play(s, choices[1])
    taken = choices[1].split()[1]
    assert s.hands[0][s.tables.index[taken]] == 1
    assert kit.letters(s, s.discards[0]) == [x for x in row.split() if x != taken]


def test_margin_below_best_card_returns_nothing(kit) -> None:
    s = kit.dealt("P S P Q R R", "Q P N N B B")
    kit.play(s, "P S P Q", "Q P", "pass", "pass")
    result = kit.result(s)
    assert (result["winner"], result["margin"]) == (0, 7)
    s.apply(s.str_to_action("steal N"))
    assert not any(e["event"] == "return" for e in s.observation(0)["log"])
    assert kit.letters(s, s.discards[0]) == ["P", "P", "S", "Q"]


def _only_kings_position(kit, black_hand: str) -> str:
    black_cards = black_hand.split(",")
    return (
        f"white=K/-/{kit.rest('K', 'P')}/P "
        f"black={black_hand}/-/{kit.rest(*black_cards, 'Q')}/Q "
        "attacker=white to_move=black round=4 passes=1"
    )


def test_only_kings_and_empty_decks_is_a_draw(kit) -> None:
    s = position_state(_only_kings_position(kit, "K"))
    kit.play(s, "pass")
    out = s.outcome()
    assert out is not None and out.returns == (0.0, 0.0) and "only Kings" in out.reason


def test_a_pawn_beside_the_king_keeps_the_game_going(kit) -> None:
    s = position_state(_only_kings_position(kit, "K,P"))
    kit.play(s, "pass")
    assert s.outcome() is None and (s.round_no, s.attacker) == (5, 1)


def test_ties_to_attacker_when_option_is_off(kit) -> None:
    s = kit.dealt("N B P P P P", "R P N N B B", ties_to_defender=False)
    kit.play(s, "N B", "R P", "pass", "pass")
    assert s.stage == STEAL  # the attacker won the 6 against 6 tie
    s2 = kit.dealt("N B P P P P", "R P N N B B")
    kit.play(s2, "N B", "R P", "pass", "pass")
    assert s2.stage != STEAL


def test_roles_alternate_from_white(kit) -> None:
    s = kit.dealt("P P P P P P", "P P P P P P")
    attackers = []
    for _ in range(4):
        attackers.append(s.attacker)
        kit.play(s, "P", "pass", "pass")
        while s.current_player == CHANCE:
            s.apply(s.legal_actions()[0])
    assert attackers == [0, 1, 0, 1]
