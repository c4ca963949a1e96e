"""One test (or more) per numbered rule TC-1 to TC-17 of the TCHESS Cards spec."""

from __future__ import annotations

import pytest

import kibitz
from kibitz.core.errors import IllegalAction
from kibitz.core.game import CHANCE
from kibitz.games.tchess.phases import DEAL, FIRST, PLAY


def test_tc1_seats() -> None:
    game = kibitz.load("tchess")
    assert game.num_players == 2 and game.player_names == ("White", "Black")


def test_tc2_decks_come_from_the_option_and_each_owner_draws_own() -> None:
    game = kibitz.load("tchess", deck={"P": 5, "K": 1, "Q": 2})
    s = game.new_initial_state()
    assert s.deck_size == [8, 8] and game.tables.letters == ("P", "Q", "K")
    for _ in range(6):
        assert s.drawing_seat() == 0
        s.apply(s.legal_actions()[0])
    assert s.deck_size == [2, 8]
    assert s.drawing_seat() == 1


def test_tc3_setup_deals_hand_size_start_each_from_a_uniform_deck() -> None:
    s = kibitz.load("tchess", hand_size_start=4, hand_limit=5).new_initial_state()
    assert s.current_player == CHANCE and s.stage == DEAL
    assert s.chance_outcomes()[0] == (0, 8 / 33)
    assert sum(p for _, p in s.chance_outcomes()) == pytest.approx(1.0)
    for _ in range(8):
        s.apply(s.legal_actions()[-1])
    assert s.hand_size == [4, 4] and s.deck_size == [29, 29]
    assert s.stage == PLAY


def test_tc4_first_attacker_white_or_random(kit) -> None:
    assert kit.dealt("P P P P P P", "P P P P P P").attacker == 0
    s = kit.dealt("P P P P P P", "P P P P P P", first_player="random")
    assert s.stage == FIRST and s.chance_outcomes() == [(0, 0.5), (1, 0.5)]
    s.apply(s.str_to_action("first Black"))
    assert (s.attacker, s.current_player, s.round_no) == (1, 1, 1)


def test_tc5_cards_append_at_the_right_in_the_order_given(kit) -> None:
    s = kit.dealt("Q P S P R R", "P P P P P P")
    kit.play(s, "Q P S P")
    assert s.observation(1)["rows"][0]["cards"] == ["Q", "P", "S", "P"]
    kit.play(s, "P", "R")
    assert s.observation(1)["rows"][0]["cards"] == ["Q", "P", "S", "P", "R"]


def test_tc6_to_tc9_row_strength_is_live_after_every_card(kit) -> None:
    s = kit.dealt("P S P Q R R", "P P P P P P")
    strengths = []
    for letter in "P S P Q".split():
        s.apply(s.str_to_action(letter))
        strengths.append(s.observation(1)["rows"][0]["strength"])
    assert strengths == [1, 6, 8, 17]


def test_tc10_opening_must_hold_a_card_and_may_score_zero(kit) -> None:
    s = kit.dealt("J P P P P P", "P P P P P P")
    labels = [s.action_to_str(a) for a in s.legal_actions()]
    assert labels == ["P", "J"]
    with pytest.raises(IllegalAction):
        s.apply(s.str_to_action("pass"))
    s.apply(s.str_to_action("J"))
    assert "end" in [s.action_to_str(a) for a in s.legal_actions()]
    s.apply(s.str_to_action("end"))
    assert s.current_player == 1


def test_tc11_alternation_passes_and_playing_again_after_a_pass(kit) -> None:
    s = kit.dealt("Q P P P P P", "P P P P P P")
    kit.play(s, "Q")
    assert s.current_player == 1
    kit.play(s, "pass")
    assert s.current_player == 0 and s.passes == 1
    kit.play(s, "P")  # White throws in after Black's pass
    assert s.current_player == 1 and s.passes == 0
    kit.play(s, "P P")  # Black, who passed, plays again
    kit.play(s, "pass")
    assert s.stage == PLAY and s.current_player == 1
    before = list(s.deck_size)
    kit.play(s, "pass")
    assert s.stage != PLAY  # two consecutive passes end the round
    assert before == [27, 27]  # nobody drew during the round


def test_tc11_empty_hand_can_only_pass(kit) -> None:
    s = kit.dealt("Q P P P P P", "P P P P P P")
    kit.play(s, "Q", "P P P P P P")
    kit.play(s, "P")
    assert s.hand_size[1] == 0 and s.current_player == 1
    assert [s.action_to_str(a) for a in s.legal_actions()] == ["pass"]


def test_tc11_other_seat_cannot_act_mid_turn(kit) -> None:
    s = kit.dealt("Q P P P P P", "P P P P P P")
    s.apply(s.str_to_action("Q"))
    assert s.current_player == 0
    assert [s.action_to_str(a) for a in s.legal_actions()] == ["P", "end"]


def test_tc12_margin_and_winner(kit) -> None:
    s = kit.dealt("R P P P P P", "Q P P P P P")
    kit.play(s, "R", "Q", "pass", "pass")
    result = kit.result(s)
    assert (result["winner"], result["margin"], result["strengths"]) == (1, 4, [5, 9])


def test_tc13_defender_with_king_in_losing_row_loses(kit) -> None:
    s = kit.dealt("Q P P P P P", "K P P P P P")
    kit.play(s, "Q", "K", "pass", "pass")
    out = s.outcome()
    assert out is not None and out.returns == (1.0, -1.0)


def test_tc13_step2_king_return_skips_best_card(kit) -> None:
    s = kit.dealt("P P P P P P", "K Q P P P P")
    kit.play(s, "P", "K Q", "pass", "pass")
    returns = [e for e in s.observation(0)["log"] if e["event"] == "return"]
    assert returns == [{"event": "return", "seat": 1, "cards": ["K"]}]
    assert s.discards[1][s.tables.index["Q"]] == 1


def test_tc13_step2_returns_every_king() -> None:
    game = kibitz.load("tchess", deck={"P": 10, "K": 2})
    s = game.new_initial_state()
    for letter in "P P P P P P K K P P P P".split():
        s.apply(s.str_to_action(f"draw {letter}"))
    for turn in ("P", "K K", "pass", "pass"):
        s.play_turn(turn)
    assert s.hands[1][game.tables.king] == 2


def test_tc13_step5_draw_respects_limit_and_deck(kit) -> None:
    s = kit.dealt("Q P P P P P", "N P P P P P", draw_per_round=4, hand_limit=7)
    kit.play(s, "Q", "pass", "pass")
    s.apply(s.str_to_action("steal P"))
    # White: 5 + Q back = 6 -> draws min(4, 7 - 6, 27) = 1; Black: 5 -> min(4, 2, 27) = 2
    assert s.draws == (0, 1, 1)


def test_tc14_jester_copying_a_king_is_not_royal(kit) -> None:
    s = kit.dealt("J K Q P P P", "R R P P P P")
    kit.play(s, "J K", "pass", "pass")  # 8 against 0: White wins
    s.apply(s.str_to_action("steal P"))
    returns = [e for e in s.observation(0)["log"] if e["event"] == "return"]
    assert returns == [{"event": "return", "seat": 0, "cards": ["K"]}]
    assert s.discards[0][s.tables.jester] == 1


def test_tc14_lone_king_must_attack(kit) -> None:
    pos = (
        f"white=K/-/{kit.rest('K', 'P')}/P black=Q/{kit.rest('Q', 'P')}/-/P "
        "attacker=black to_move=white round=2 passes=0 turn=0"
    )
    s = kibitz.load("tchess").new_state_from_position(pos)
    kit.play(s, "pass", "pass")
    # Black attacked P (1), White defended P (1): White holds; White attacks round 3
    assert s.draws == (1, 1, 1)  # White's deck is empty
    while s.current_player == CHANCE:
        s.apply(s.legal_actions()[0])
    assert s.attacker == 0 and s.current_player == 0
    assert [s.action_to_str(a) for a in s.legal_actions()] == ["K"]


def test_tc15_empty_deck_stops_drawing_and_discards_stay(kit) -> None:
    pos = (
        f"white=Q,R/-/{kit.rest('Q', 'R', 'K')}/K black=K,P/-/{kit.rest('K', 'P', 'N')}/N "
        "attacker=black to_move=white round=3 passes=0 turn=0"
    )
    s = kibitz.load("tchess").new_state_from_position(pos)
    kit.play(s, "Q", "pass", "pass")  # White (defender, K in row) wins 12 vs 3
    assert s.deck_size == [0, 0] and s.stage == PLAY and s.round_no == 4
    assert s.hand_size == [2, 2]
    assert sum(s.discards[0]) + sum(s.discards[1]) == 66 - 4


def test_tc16_cap_ends_in_a_draw(kit) -> None:
    s = kit.dealt("Q P P P P P", "P P P P P P", max_rounds=1)
    kit.play(s, "P", "P", "pass", "pass")
    while s.current_player == CHANCE:
        s.apply(s.legal_actions()[0])
    out = s.outcome()
    assert out is not None and out.returns == (0.0, 0.0) and "cap" in out.reason


def test_tc18_options_reject_bad_values() -> None:
    from kibitz.core.errors import InvalidOptions

    cases = [
        ({"deck": {"P": 3}}, "King"),
        ({"deck": {"K": 1, "P": -1}}, "'deck' entry 'P' must be within 0..20"),
        ({"deck": {"K": 1, "p": 2}}, "capital"),
        ({"deck": {"K": 1, "A": 5}}, "value for new letter 'A'"),
        ({"values": {"X": 1}}, "'X' is neither a deck letter"),
        ({"pair_relations": ["P-S"]}, "two deck letters"),
        ({"pair_reading": "both"}, "pair_reading"),
        ({"combo_bonus": -1}, "combo_bonus"),
        ({"sergeant_boost": -1}, "sergeant_boost"),
        ({"jester_copy_cap": -2}, "jester_copy_cap"),
        ({"hand_size_start": 0}, "hand_size_start"),
        ({"hand_limit": 5}, "hand_limit"),
        ({"draw_per_round": 0}, "draw_per_round"),
        ({"max_rounds": -1}, "max_rounds"),
        ({"first_player": "black"}, "first_player"),
        ({"deck": {"K": 1, "P": 2}}, "fewer than hand_size_start"),
        ({"ties_to_defender": 1}, "ties_to_defender"),
    ]
    for options, fragment in cases:
        with pytest.raises(InvalidOptions, match=fragment):
            kibitz.load("tchess", **options)


def test_tc18_map_options_read_from_command_line_text() -> None:
    from kibitz.core.options import options_to_json, parse_option_text
    from kibitz.games.tchess import TchessOptions

    texts = ["deck=Q:2,K:1,P:6", "values=Q:8", "pair_relations=P+Q"]
    parsed = parse_option_text(TchessOptions, texts)
    options = TchessOptions(**parsed)
    assert options.deck == {"P": 6, "Q": 2, "K": 1}  # canonical (table) order
    assert options.values == {"P": 1, "Q": 8, "K": 3}
    same = TchessOptions(deck={"K": 1, "P": 6, "Q": 2}, values={"Q": 8}, pair_relations=("P+Q",))
    assert options == same
    again = TchessOptions(**options_to_json(options))
    assert again == options and hash(again) == hash(options)
    assert options_to_json(TchessOptions(values={"S": 2})) == {}
