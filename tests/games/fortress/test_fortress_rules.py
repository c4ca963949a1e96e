"""Rules FO-2..FO-10, notation, action ids, positions and views (vectors 5, 7, 8, 9)."""

import json

import numpy as np
import pytest

from kibitz.core import load
from kibitz.core.errors import IllegalAction, InvalidOptions, InvalidPosition, NotationError
from kibitz.core.game import TERMINAL
from kibitz.core.record import make_record, replay
from kibitz.core.session import Session

NO_MOVE = (
    "AC2C3C4C5CKC/6C7C8CTCQCJC/AS2S3S4S9C/5S6S7S8SKS/TSQSAH2HJS/3H4H5H6H9S/7H8H9HTHKH/"
    "QHAD2D3DJH/4D5D6D7DKD/8D9DTDQDJD -,-,-,- A"
)
VECTOR9 = "TH4DTS5H/JH/4SQHJS4C8H/3S/AS3H6H4H/3D9H3CKS7H/ADQSKC2S2C/QD2HKH2D/KD/ACAH QC,9S,-,JD 5"
AUTOCOMPLETE = "KHQH/KC/-/-/-/-/-/-/-/- QC,KS,JH,KD A"
NO_AUTOCOMPLETE = "QHKH/KC/-/-/-/-/-/-/-/- QC,KS,JH,KD A"


def moves(state):
    return [state.action_to_str(a) for a in state.legal_actions()]


def play(state, *texts):
    for t in texts:
        state.apply(state.str_to_action(t))
    return state


def autoplayed(name, position):
    """The moves autoplay makes at the start of a session from ``position``, and its state."""
    session = Session(load(name), position=position, autoplay=True)
    return make_record(session.state)["actions"][: session.start_ply], session.state


def test_game1_legal_moves_vector_5():
    f = load("fortress").new_initial_state(1)
    assert moves(f) == ["6>9", "7>9", "9>6", "9>7"]
    c = load("chessboard").new_initial_state(1)
    assert sorted(moves(c)) == sorted(["6>9", "7>9", "9>6", "9>7"] + [f"{i}>F" for i in range(10)])
    assert len(moves(c)) == 14


def test_game1_after_moves_vector_5():
    f = play(load("fortress").new_initial_state(1), "9>6")
    piles = f.position().split()[0].split("/")
    assert piles[6] == "7C2STS8H8C9C" and piles[9] == "KCQDAC7D"
    c = play(load("chessboard").new_initial_state(1), "4>F")
    piles, found, base = c.position().split()
    assert (found, base, piles.split("/")[4]) == ("6C,-,-,-", "6", "5DKH4C4S")


def test_legal_actions_ascending_ids_and_codes():
    state = load("chessboard").new_initial_state(1)
    acts = state.legal_actions()
    assert acts == sorted(acts)
    assert state.str_to_action("6>9") == 6 * 11 + 9
    assert state.str_to_action("9>F") == 9 * 11 + 10
    assert load("fortress").num_distinct_actions == 154


def test_no_legal_move_vector_7():
    f = load("fortress").new_state_from_position(NO_MOVE)
    assert f.legal_actions() == [] and f.current_player == TERMINAL
    assert f.outcome().returns == (0.0,) and f.returns() == [0.0]
    c = load("chessboard").new_state_from_position(NO_MOVE[:-1] + "-")
    assert moves(c) == [f"{i}>F" for i in range(10)]
    with pytest.raises(IllegalAction, match="game is over"):
        f.apply(0)


def test_fo2_moves_empty_pile_takes_any_card_including_only_card():
    s = load("fortress").new_state_from_position(
        "KH/6C/-/-/-/-/-/KCQCJCTC9C8C7C5C/QH/JH 4C,KS,TH,KD A"
    )
    m = moves(s)
    assert {"0>2", "1>2", "7>2", "8>0", "8>9", "9>8", "7>1", "1>7", "7>F"} <= set(m)
    assert "2>F" not in m and "8>1" not in m and "1>F" not in m and "1>9" not in m
    assert m.count("1>2") == 1 and "1>3" in m
    play(s, "1>2")
    assert s.board.piles[2] == [5] and s.board.piles[1] == []


def test_fo3_adjacency_up_and_down_same_suit_no_wrap_in_fortress():
    f = load("fortress").new_state_from_position(
        "AH2H/KH/3H/KCQCJCTC9C8C7C6C5C/4H5H6H7H8H9HTHJHQH/-/-/-/-/- 4C,KS,-,KD A"
    )
    m = moves(f)
    assert "1>0" not in m and "0>1" not in m  # 2H and KH
    assert "0>2" in m and "2>0" in m  # 3H on 2H, 2H on 3H
    assert "3>0" not in m  # other suit
    s = f.clone()
    play(s, "2>0")
    assert s.board.piles[0] == [26, 27, 28]
    play(s, "0>2")
    c = load("chessboard").new_state_from_position(
        "2HAH/KH/3H/4H5H6H7H8H9HTHJHQH/-/-/-/-/-/- KC,KS,-,KD A"
    )
    assert "0>1" in moves(c) and "1>0" in moves(c)


def test_fo4_win_and_returns():
    s = load("fortress").new_state_from_position("KH/-/-/-/-/-/-/-/-/- KC,KS,QH,KD A")
    play(s, "0>F")
    assert s.is_terminal() and s.outcome().returns == (1.0,) and s.legal_actions() == []


def test_fo6_fortress_foundation_order():
    s = load("fortress").new_state_from_position(
        "2C/AC/3C/4C/5C6C7C8C9CTCJCQCKC/-/-/-/-/- -,KS,KH,KD A")
    assert moves(s).count("1>F") == 1 and "0>F" not in moves(s)
    with pytest.raises(IllegalAction, match="2C cannot go home; it needs AC"):
        s.str_to_action("0>F")
    play(s, "1>F", "0>F", "2>F")
    assert s.board.found[0] == 3


def test_fo7_chessboard_base_and_wrap():
    board = (
        "QC/KC/AC/2C/JC/3C4C5C6C7C8C9CTC/QS/QH/QD/"
        "ASKS2S3S4S5S6S7S8S9STSJSAH2H3H4H5H6H7H8H9HTHJHKHAD2D3D4D5D6D7D8D9DTDJDKD -,-,-,- -"
    )
    s = load("chessboard").new_state_from_position(board)
    assert s.board.base == -1
    play(s, "0>F")
    assert s.board.base == 11 and s.position().endswith("QC,-,-,- Q")
    assert "2>F" not in moves(s)  # the C foundation needs KC next
    play(s, "1>F", "2>F", "3>F")  # K, A, 2: wrap-around foundation
    assert s.board.found[0] == 4
    with pytest.raises(IllegalAction, match="JC cannot go home; it needs 3C"):
        s.str_to_action("4>F")
    # Other suits start from the same base, Q
    assert "6>F" in moves(s) and "8>F" in moves(s)
    s.undo(), s.undo(), s.undo(), s.undo()
    assert s.board.base == -1 and s.position() == board


def test_fo8_takeback_option():
    pos = "2H/KHQHJHTH9H8H7H6H5H4H3H/-/-/-/-/-/-/-/- KC,KS,AH,KD A"
    plain = load("fortress").new_state_from_position(pos)
    with pytest.raises(IllegalAction, match="allow_foundation_takeback"):
        plain.str_to_action("FH>3")
    g = load("fortress", allow_foundation_takeback=True)
    s = g.new_state_from_position(pos)
    assert "FH>0" in moves(s) and "FH>2" in moves(s) and "FH>1" not in moves(s)
    before = s.position()
    play(s, "FH>0")
    assert s.board.piles[0] == [27, 26] and s.board.found[2] == 0
    assert s.position().split()[1] == "KC,KS,-,KD"
    with pytest.raises(IllegalAction, match="foundation is empty"):
        s.str_to_action("FH>4")
    s.undo()
    assert s.position() == before
    with pytest.raises(NotationError):
        s.str_to_action("FH>F")
    rec = make_record(play(s, "FH>5"))
    assert rec["options"] == {"allow_foundation_takeback": True}
    assert replay(rec).state.position() == s.position()


def test_fo8_chessboard_rejects_takeback_option():
    with pytest.raises(InvalidOptions, match="allow_foundation_takeback"):
        load("chessboard", allow_foundation_takeback=True)


def test_fo10_bad_options_named():
    with pytest.raises(InvalidOptions, match="allow_foundation_takeback"):
        load("fortress", allow_foundation_takeback="yes")
    with pytest.raises(InvalidOptions, match="unknown option 'wrap'"):
        load("fortress", wrap=True)


def test_vector9_legal_moves_and_no_autoplay():
    s = load("chessboard").new_state_from_position(VECTOR9)
    assert moves(s) == ["0>4", "0>F", "2>5", "4>0", "5>2"]
    assert s.safe_actions() == [] and autoplayed("chessboard", VECTOR9)[0] == []
    assert not s.is_safe_home(s.board.piles[0][-1])


def test_fo12_safe_moves_fortress_all_home_moves():
    position = "AC2C/AH/3C/2HKHQHJHTH9H8H7H6H5H4H3H/4C5C6C7C8C9CTCJCQCKC/-/-/-/-/- -,KS,-,KD A"
    s = load("fortress").new_state_from_position(position)
    assert moves(s).count("1>F") == 1
    assert [s.action_to_str(a) for a in s.safe_actions()] == ["1>F"]
    played, after = autoplayed("fortress", position)
    assert played == ["1>F"] and after.board.found == [0, 13, 1, 13]


def test_fo12_chessboard_never_safe_without_base_or_base_cards():
    s = load("chessboard").new_initial_state(1)
    assert s.safe_actions() == []
    play(s, "4>F")  # base 6: 6C home; 7C would be safe, base cards 6S 6H 6D are not
    assert all(s.board.piles[a // 11][-1] % 13 != 5 for a in s.safe_actions())


def test_fo13_autoplay_order_lowest_pile_first():
    position = "2C/AC/3C/AS/4C5C6C7C8C9CTCJCQCKC/2SKSQSJSTS9S8S7S6S5S4S3S/-/-/-/- -,-,KH,KD A"
    assert autoplayed("fortress", position)[0] == ["1>F", "0>F", "2>F", "3>F"]


def test_autocomplete_vector_8():
    f = load("fortress")
    yes = f.new_state_from_position(AUTOCOMPLETE)
    acts = yes.autocomplete_actions()
    assert acts is not None
    for a in acts:
        yes.apply(a)
    assert yes.is_won()
    assert f.new_state_from_position(NO_AUTOCOMPLETE).autocomplete_actions() is None
    c = load("chessboard").new_state_from_position(NO_MOVE[:-1] + "-")
    assert c.autocomplete_actions() is None  # no base yet


def test_notation_forms_and_errors():
    s = load("fortress").new_initial_state(1)
    assert s.str_to_action(" 9 > 6 ") == s.str_to_action("9>6") == 9 * 11 + 6
    assert s.str_to_action("9>6 (9C)") == s.str_to_action("9>6(9c)")
    with pytest.raises(IllegalAction, match="the card to move is 9C, not 8C"):
        s.str_to_action("9>6 (8C)")
    with pytest.raises(IllegalAction, match="2H is not adjacent to 6H"):
        s.str_to_action("0>1")
    with pytest.raises(IllegalAction, match="onto its own pile"):
        s.str_to_action("3>3")
    for bad in ("3-7", "37", "F>3", "FX>3", "11>3", "3>", "3>7 (ZZ)", ""):
        with pytest.raises(NotationError) as err:
            s.str_to_action(bad)
        assert "3>7" in str(err.value) or "card" in str(err.value)
    empty = load("fortress").new_state_from_position("KH/-/-/-/-/-/-/-/-/- KC,KS,QH,KD A")
    with pytest.raises(IllegalAction, match="pile 3 is empty"):
        empty.str_to_action("3>F")


def test_illegal_apply_changes_nothing():
    s = load("fortress").new_initial_state(1)
    before = s.serialize()
    for bad in (0, 153, 154, -1, "6>9", None, 10 * 11 + 10):
        with pytest.raises(IllegalAction):
            s.apply(bad)
    assert s.serialize() == before


def test_position_round_trip_and_validation_errors():
    f = load("fortress")
    for text in (NO_MOVE, AUTOCOMPLETE, "KSKD8H/6D/5SJHTS8D/TC9D/6S/7CQC/7H4S8SKC8CQD5C/KH/"
                 "JS5D7SJDJC6C7D9S9CTD/4DQHTH9HQS 4C,3S,6H,3D A"):
        assert f.new_state_from_position(text).position() == text
    c = load("chessboard")
    assert c.new_state_from_position(VECTOR9).position() == VECTOR9
    bad = {
        "KH/-/-/-/-/-/-/-/- KC,KS,QH,KD A": "10 separated",
        "KH/-/-/-/-/-/-/-/-/- KC,KS,QH,KD": "three fields",
        "KH/-/-/-/-/-/-/-/-/- KC,KS,QH A": "four entries",
        "KH/-/-/-/-/-/-/-/-/- KC,KS,QC,KD A": "not a H card",
        "KH/-/-/-/-/-/-/-/-/- KC,KS,QH,KD 5": "base 'A'",
        "KH/KH/-/-/-/-/-/-/-/- KC,KS,QH,KD A": "more than once: KH",
        "-/-/-/-/-/-/-/-/-/- KC,KS,QH,KD A": "missing: KH",
        "K/-/-/-/-/-/-/-/-/- KC,KS,QH,KD A": "pile 0",
        "KX/-/-/-/-/-/-/-/-/- KC,KS,QH,KD A": "pile 0",
    }
    for text, why in bad.items():
        with pytest.raises(InvalidPosition, match=why):
            f.new_state_from_position(text)
    with pytest.raises(InvalidPosition, match="every foundation to be empty"):
        c.new_state_from_position(VECTOR9[:-1] + "-")
    with pytest.raises(InvalidPosition, match="base 'Z'"):
        c.new_state_from_position(VECTOR9[:-1] + "Z")
    with pytest.raises(InvalidPosition, match="write '-'"):
        c.new_state_from_position(NO_MOVE[:-1] + "5")


def test_undo_on_state_restores_the_base():
    s = load("chessboard").new_initial_state(1)
    start = s.position()
    play(s, "4>F", "9>6")
    assert s.undo() == 9 * 11 + 6 and s.board.base == 5
    assert s.undo() == 4 * 11 + 10
    assert s.position() == start and s.board.base == -1 and s.history == []
    with pytest.raises(IllegalAction, match="nothing to undo"):
        s.undo()


def test_views_hide_nothing_private_and_fixed_tensor():
    s = load("fortress").new_initial_state(1)
    obs = s.observation(0)
    json.dumps(obs)
    assert list(obs)[:8] == ["game", "seat", "ply", "to_act", "phase", "last_action", "result",
                             "scores"]
    assert obs["game"] == "fortress" and obs["phase"] == "play" and obs["to_act"] == 0
    assert obs["last_action"] is None and obs["result"] is None and obs["scores"] == [0.0]
    assert obs["piles"][0] == "JD 9S JS 4D 6D 2H".split() and obs["base"] == "A"
    assert obs["foundations"] == {"C": 0, "S": 0, "H": 0, "D": 0}
    assert obs["foundation_tops"] == {"C": None, "S": None, "H": None, "D": None}
    assert "seed" not in obs and s.observation(None) == {**obs, "seat": None}
    t = s.observation_tensor(0)
    assert t.dtype == np.float32 and t.shape == load("chessboard").new_initial_state(1)\
        .observation_tensor(0).shape
    assert t[:52 * 12].reshape(52, 12)[:, :11].sum() == 52
    text = s.render()
    assert text.splitlines()[0] == "Fortress #1" and "0: JD 9S JS 4D 6D 2H" in text


def test_observation_after_moves_and_at_the_end():
    s = play(load("chessboard").new_initial_state(1), "4>F")
    obs = s.observation(0)
    assert obs["last_action"] == {"seat": 0, "text": "4>F", "id": 4 * 11 + 10, "from": 4,
                                  "to": "F", "card": "6C"}
    assert obs["base"] == "6" and obs["scores"] == [1.0]
    assert obs["foundations"]["C"] == 1 and obs["foundation_tops"]["C"] == "6C"
    won = play(load("fortress").new_state_from_position(AUTOCOMPLETE), "0>F", "0>F", "1>F")
    end = won.observation(0)
    assert end["phase"] == "over" and end["to_act"] is None and end["scores"] == [52.0]
    assert end["result"]["returns"] == [1.0] and "52" in end["result"]["reason"]
    lost = load("fortress").new_state_from_position(NO_MOVE).observation(0)
    assert lost["phase"] == "over" and lost["result"]["returns"] == [0.0]


def test_structured_moves_name_piles_foundations_and_cards():
    s = load("fortress").new_initial_state(1)
    assert s.moves() == [
        {"id": 6 * 11 + 9, "text": "6>9", "from": 6, "to": 9, "card": "8C"},
        {"id": 7 * 11 + 9, "text": "7>9", "from": 7, "to": 9, "card": "TC"},
        {"id": 9 * 11 + 6, "text": "9>6", "from": 9, "to": 6, "card": "9C"},
        {"id": 9 * 11 + 7, "text": "9>7", "from": 9, "to": 7, "card": "9C"},
    ]
    back = load("fortress", allow_foundation_takeback=True).new_state_from_position(
        "KHQH/KC/-/-/-/-/-/-/-/- QC,KS,JH,KD A"
    )
    takeback = [m for m in back.moves() if m["from"] == "F"]
    assert {m["card"] for m in takeback} == {"QC", "KS", "JH", "KD"}
    assert {m["text"] for m in takeback if m["card"] == "JH" and m["to"] == 0} == {"FH>0"}
    assert all(isinstance(m["to"], int) for m in takeback)


def test_description_tells_the_page_what_to_draw():
    f, c = load("fortress").description(), load("chessboard").description()
    json.dumps(f)
    assert f["game"] == "fortress" and f["seats"][0]["name"] == "Player"
    assert f["features"] == {"undo": True, "take_back": False, "concede": True,
                             "draw_offers": False, "statistics": "streaks", "assistance": True}
    assert f["piles"] == 10 and f["foundations"] == ["C", "S", "H", "D"]
    assert f["cards"]["ranks"][9] == "T" and f["cards"]["suits"]["H"] == {"symbol": "\u2665",
                                                                           "red": True}
    assert f["rules"]["wrap"] is False and f["rules"]["free_base"] is False
    assert c["rules"]["wrap"] is True and c["rules"]["free_base"] is True
    assert "Ace to King" in f["rules"]["text"] and "base rank" in c["rules"]["text"]
    assert "taken back" in load("fortress", allow_foundation_takeback=True).description()[
        "rules"]["text"] and "taken back" not in f["rules"]["text"]


def test_record_round_trip():
    s = play(load("chessboard").new_initial_state(7), "0>F")
    rec = make_record(s)
    assert rec["seed"] == 7 and rec["actions"] == ["0>F"]
    assert replay(rec).state.position() == s.position()
    assert load("chessboard").deserialize(s.serialize()).position() == s.position()
