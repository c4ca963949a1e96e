"""The game contract for Rook: common observation keys, phases and team scores, the spectator
view, what each seat sees of the last action, structured moves, the description, the rules
page, and determinizations that serialize and read back."""

from __future__ import annotations

import json

import pytest
from rook_testing import call, deal, play_out

import kibitz
from kibitz.core.errors import KibitzError
from kibitz.core.rng import Rng
from kibitz.games.rook.actions import BID0, DISCARD0, PASS, TRUMP0
from kibitz.games.rook.cards import bits, card_str, parse_card
from kibitz.games.rook.rulespage import rules_page

SOUTH, WEST, NORTH, EAST = range(4)
COMMON = ["game", "seat", "ply", "to_act", "phase", "last_action", "result", "scores"]
GREENS = [f"g{r}" for r in range(6, 15)]


def _strong_south():
    """Dealer East; South holds g6-g14, g5 is in the nest; South bids 120 and takes it."""
    state = deal(kibitz.load("rook"), EAST, {SOUTH: GREENS}, ["g5"])
    call(state, "S 120")
    return state


def test_observation_begins_with_the_common_keys_in_their_one_meaning() -> None:
    state = kibitz.load("rook").new_initial_state(0)
    obs = state.observation(WEST)
    assert list(obs)[:8] == COMMON
    assert (obs["game"], obs["seat"], obs["to_act"], obs["phase"]) == (
        "rook", WEST, None, "first dealer",
    )  # fmt: skip
    assert obs["scores"] == [0.0, 0.0] and obs["result"] is None
    state = deal(kibitz.load("rook"), SOUTH)
    obs = state.observation(NORTH)
    assert (obs["to_act"], obs["phase"], obs["ply"]) == (WEST, "auction", 42)
    with pytest.raises(KibitzError, match=r"seat must be 0\.\.3"):
        state.observation(4)


def test_phases_scores_and_result_over_a_game() -> None:
    state = _strong_south()
    assert state.phase() == "discard"
    for c in bits(state.p.nest_taken):
        state.apply(DISCARD0 + c)
    assert state.phase() == "trump"
    state.apply(state.str_to_action("trump green"))
    assert state.phase() == "play"
    play_out(state, Rng(4))
    obs = state.observation(None)
    assert (obs["phase"], obs["to_act"]) == ("over", None)
    assert obs["scores"] == [float(x) for x in obs["score_sheet"][-1]["totals"]]
    out = state.outcome()
    assert out is not None
    assert obs["result"] == {
        "returns": list(out.returns),
        "reason": out.reason,
        "text": out.describe(state.game.player_names),
    }


def test_moves_carry_kind_card_bid_and_colour() -> None:
    state = deal(kibitz.load("rook"), SOUTH)
    moves = state.moves()
    assert moves[0] == {
        "id": PASS, "text": "pass", "kind": "pass", "card": None, "bid": None, "colour": None,
    }  # fmt: skip
    assert moves[1] == {
        "id": BID0, "text": "bid 70", "kind": "bid", "card": None, "bid": 70, "colour": None,
    }  # fmt: skip
    assert [m["bid"] for m in moves[1:]] == list(state.table.bids)
    state = _strong_south()
    discards = state.moves()
    assert {m["kind"] for m in discards} == {"discard"}
    assert all(m["text"] == f"discard {m['card']}" for m in discards)
    for c in bits(state.p.nest_taken):
        state.apply(DISCARD0 + c)
    trumps = state.moves()
    colours = ("red", "yellow", "green", "black")
    assert [(m["id"], m["kind"], m["colour"]) for m in trumps] == [
        (TRUMP0 + i, "trump", colour) for i, colour in enumerate(colours)
    ]
    state.apply(TRUMP0 + 2)
    plays = state.moves()
    assert {m["kind"] for m in plays} == {"play"}
    assert [m["card"] for m in plays] == [card_str(c) for c in state.legal_actions()]


def test_chance_moves_name_the_dealer_and_the_card() -> None:
    state = kibitz.load("rook").new_initial_state(0)
    assert state.moves()[2] == {
        "id": 2, "text": "dealer North", "kind": "dealer", "card": None, "bid": None,
        "colour": None, "dealer": NORTH,
    }  # fmt: skip
    state.apply(NORTH)
    first = state.moves()[0]
    assert (first["kind"], first["card"]) == ("deal", card_str(first["id"]))


def test_a_dealt_card_is_seen_only_by_its_receiver() -> None:
    state = kibitz.load("rook").new_initial_state(0)
    state.apply(SOUTH)
    assert state.observation(None)["last_action"] == {
        "seat": None, "text": "dealer South", "id": SOUTH, "kind": "dealer", "card": None,
        "bid": None, "colour": None, "dealer": SOUTH,
    }  # fmt: skip
    card = parse_card("g14")
    state.apply(card)  # to West, left of the dealer
    seen = state.observation(WEST)["last_action"]
    assert (seen["seat"], seen["text"], seen["id"], seen["card"]) == (None, "deal g14", card, "g14")
    assert seen["begins"] == "Hand 1"  # the first card of a hand heads it in a move list
    for viewer in (SOUTH, NORTH, EAST, None):
        assert state.observation(viewer)["last_action"] == {
            "seat": None, "text": "a card is dealt to West", "begins": "Hand 1",
        }  # fmt: skip
    state.apply(state.legal_actions()[0])
    assert "begins" not in state.observation(None)["last_action"]
    state = deal(kibitz.load("rook"), SOUTH)  # the last card goes to the nest
    for viewer in (*range(4), None):
        assert state.observation(viewer)["last_action"] == {
            "seat": None, "text": "a card is dealt to the nest",
        }  # fmt: skip


def test_a_discard_is_seen_only_by_the_declarer_and_a_bid_by_all() -> None:
    state = deal(kibitz.load("rook"), EAST, {SOUTH: GREENS}, ["g5"])
    state.apply(state.str_to_action("bid 120"))
    bid = state.observation(None)["last_action"]
    assert (bid["seat"], bid["text"], bid["kind"], bid["bid"]) == (SOUTH, "bid 120", "bid", 120)
    assert all(state.observation(v)["last_action"] == bid for v in range(4))
    state = _strong_south()
    state.apply(state.str_to_action("discard g5"))
    mine = state.observation(SOUTH)["last_action"]
    assert (mine["seat"], mine["text"], mine["kind"], mine["card"]) == (
        SOUTH, "discard g5", "discard", "g5",
    )  # fmt: skip
    for viewer in (WEST, NORTH, EAST, None):
        shown = state.observation(viewer)["last_action"]
        assert shown == {"seat": SOUTH, "text": "discards a card"}


def test_spectator_view_shows_no_card_of_any_hand_or_the_nest() -> None:
    game = kibitz.load("rook", max_deals=1)  # one deal: no card code comes round again
    checked = 0
    for seed in range(4):
        state = game.new_initial_state(seed)
        rng = Rng(seed)
        while not state.is_terminal():
            view = state.observation(None)
            assert view["seat"] is None and view["hand"] is None
            assert view["nest_taken"] is None and view["discards"] is None
            assert "legal" not in view
            p = state.p
            hidden = p.undealt | p.nest | p.hands[0] | p.hands[1] | p.hands[2] | p.hands[3]
            text = json.dumps({k: v for k, v in view.items() if k != "game"})
            assert not any(f'"{card_str(c)}"' in text for c in bits(hidden))
            if state.p.phase > 1 and rng.below(3) == 0:
                for seat in range(4):
                    sample = state.resample_hidden(seat, Rng(seat))
                    assert sample.observation(None) == view
                checked += 1
            play_out_one(state, rng)
    assert checked > 20


def play_out_one(state, rng: Rng) -> None:
    """Apply one random legal action (a chance outcome at a chance node)."""
    if state.current_player < 0:
        state.apply(rng.weighted(state.chance_outcomes()))
    else:
        state.apply(rng.choice(state.legal_actions()))


def test_determinizations_serialize_and_read_back() -> None:
    game = kibitz.load("rook", preset="dixie", max_deals=2)
    state = game.new_initial_state(5)
    rng = Rng(5)
    step = 0
    while not state.is_terminal():
        if step % 13 == 7:
            for seat in range(4):
                sample = state.resample_hidden(seat, Rng(step))
                back = game.deserialize(sample.serialize())
                assert back.p == sample.p
                assert back.observation(seat) == state.observation(seat)
                assert back.information_state_key(seat) == state.information_state_key(seat)
        play_out_one(state, rng)
        step += 1


def test_description_lists_seats_teams_colours_and_card_faces() -> None:
    game = kibitz.load("rook")
    desc = game.description()
    assert [(s["name"], s["side"]) for s in desc["seats"]] == [
        ("South", 0), ("West", 1), ("North", 0), ("East", 1),
    ]  # fmt: skip
    assert desc["teams"] == [[0, 2], [1, 3]] and desc["team_names"] == ["North-South", "East-West"]
    assert desc["seats"][0]["colour"] == desc["seats"][2]["colour"] != desc["seats"][1]["colour"]
    assert [c["name"] for c in desc["colours"]] == ["red", "yellow", "green", "black"]
    faces = {c["code"]: c for c in desc["cards"]}
    assert len(faces) == len(game.table.cards) == 41
    assert faces["g14"] == {"code": "g14", "colour": "green", "rank": 14, "points": 10}
    assert faces["rook"] == {"code": "rook", "colour": None, "rank": None, "points": 20}
    assert (desc["bird"], desc["hand_size"], desc["nest_size"]) == ("Crow", 9, 5)
    assert kibitz.load("rook", preset="dixie").description()["bird"] == "Rook"


def test_rules_page_is_the_presets_markdown() -> None:
    game = kibitz.load("rook", preset="dixie", target=500)
    page = game.rules_page()
    assert page == rules_page(game.options)
    assert page.startswith("# Rook: dixie rules\n")
    assert "- target: 500" in page and "(set)" in page
    assert game.tools() == {}
