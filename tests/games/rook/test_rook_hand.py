"""Nest, discards, trump, leads, play and the end of a hand (RK-10, RK-11, RK-12, RK-14, RK-5)."""

from __future__ import annotations

from itertools import combinations

import pytest
from rook_testing import call, deal

import kibitz
from kibitz.core.errors import IllegalAction
from kibitz.core.game import CHANCE
from kibitz.core.rng import Rng
from kibitz.games.rook.actions import DISCARD0, TRUMP0
from kibitz.games.rook.cards import bits, card_str, parse_card
from kibitz.games.rook.position import DISCARD, PLAY, TRUMP

SOUTH, WEST, NORTH, EAST = range(4)
GREENS = [f"g{r}" for r in range(6, 15)]


def _strong_south(**options):
    """Dealer East; South holds g6-g14, g5 is in the nest; South bids 120."""
    state = deal(kibitz.load("rook", **options), EAST, {SOUTH: GREENS}, ["g5"])
    call(state, "S 120")
    return state


def _discard_nest(state) -> list[int]:
    taken = bits(state.p.nest_taken)
    for c in taken:
        state.apply(DISCARD0 + c)
    return taken


def test_declarer_takes_the_nest_privately() -> None:
    state = _strong_south()
    assert state.p.phase == DISCARD and state.current_player == SOUTH
    assert state.p.hands[SOUTH].bit_count() == 14
    obs = state.observation(SOUTH)
    assert "g5" in obs["nest_taken"] and len(obs["nest_taken"]) == 5
    assert len(obs["hand"]) == 14
    for seat in (WEST, NORTH, EAST):
        assert state.observation(seat)["nest_taken"] is None
        assert state.observation(seat)["hand_sizes"][SOUTH] == 14


def test_discards_are_increasing_and_any_card_may_go() -> None:
    state = _strong_south()
    held = bits(state.p.hands[SOUTH])
    assert state.legal_actions() == [DISCARD0 + c for c in held[:10]]
    state.apply(state.str_to_action(f"discard {card_str(held[1])}"))
    with pytest.raises(IllegalAction, match="increasing card order"):
        state.apply(state.str_to_action(f"discard {card_str(held[0])}"))
    missing = next(c for c in kibitz.load("rook").table.cards if not state.p.hands[SOUTH] >> c & 1)
    with pytest.raises(IllegalAction, match="does not hold"):
        state.apply(state.str_to_action(f"discard {card_str(missing)}"))
    state.apply(state.str_to_action("discard g10"))  # a counter, and soon a trump
    assert state.observation(SOUTH)["discards"] == [card_str(held[1]), "g10"]
    assert state.observation(NORTH)["discards"] is None


def test_rook_may_be_discarded() -> None:
    state = deal(kibitz.load("rook"), EAST, {SOUTH: ["crow"]})
    call(state, "S 70, W pass, N pass, E pass")
    for c in bits(state.p.hands[SOUTH])[:4]:
        state.apply(DISCARD0 + c)
    assert state.legal_actions()[-1] == DISCARD0 + parse_card("crow")
    state.apply(state.str_to_action("discard crow"))
    assert state.p.nest >> parse_card("crow") & 1


def test_discard_set_helper_sorts_and_rejects_whole_sets() -> None:
    state = _strong_south()
    nest = [card_str(c) for c in bits(state.p.nest_taken)]
    with pytest.raises(IllegalAction, match="set of 4 cards refused: 5 cards must be discarded"):
        state.discard_actions(nest[:4])
    with pytest.raises(IllegalAction, match=f"refused: {nest[0]} is named twice"):
        state.discard_actions([nest[0]] * 5)
    with pytest.raises(IllegalAction, match="does not hold"):
        state.discard_actions([*nest[:4], "b5" if "b5" not in nest else "y5"])
    assert state.p.discards == 0
    ids = state.discard_actions(list(reversed(nest)))
    assert ids == sorted(ids)
    for a in ids:
        state.apply(a)
    assert state.p.phase == TRUMP


def test_a_discard_set_is_one_turn_in_the_notation() -> None:
    state = _strong_south()
    nest = [card_str(c) for c in bits(state.p.nest_taken)]
    assert state.turn_actions("discard " + " ".join(reversed(nest))) == state.discard_actions(nest)
    assert state.turn_actions(" ".join(nest)) == state.discard_actions(nest)  # the cards alone
    assert state.turn_actions(f"discard {nest[0]}") == [state.str_to_action(f"discard {nest[0]}")]
    with pytest.raises(IllegalAction, match="5 cards must be discarded"):
        state.turn_actions("discard " + " ".join(nest[:3]))
    assert state.p.discards == 0


def test_trump_after_discard_then_left_of_dealer_leads() -> None:
    state = _strong_south()
    _discard_nest(state)
    assert state.legal_actions() == [TRUMP0 + k for k in range(4)]
    state.apply(state.str_to_action("trump green"))
    assert state.p.phase == PLAY and state.current_player == SOUTH  # dealer East


def _valid_sets(hand: list[int], size: int, pointless: set[int]) -> set[tuple[int, ...]]:
    out = set()
    plain = [c for c in hand if c in pointless]
    for combo in combinations(hand, size):
        has_pointed = any(c not in pointless for c in combo)
        if not has_pointed or all(c in combo for c in plain):
            out.add(combo)
    return out


def _reachable_sets(state) -> set[tuple[int, ...]]:
    if state.p.phase != DISCARD:
        return {tuple(bits(state.p.discards))}
    out: set[tuple[int, ...]] = set()
    for action in state.legal_actions():
        state.push(action)
        out |= _reachable_sets(state)
        state.undo()
    return out


@pytest.mark.parametrize("plain_in_hand", [["r6", "y6", "g6"], ["r6"], []])
def test_nest_counters_not_allowed_exactly_the_valid_sets(plain_in_hand: list[str]) -> None:
    game = kibitz.load("rook", ranks=(5, 6, 10, 14), hand_size=3, nest_counters_allowed=False)
    state = deal(game, EAST, {SOUTH: plain_in_hand}, ["b6"] if plain_in_hand else [])
    call(state, "S 70, W pass, N pass, E pass")
    hand = bits(state.p.hands[SOUTH])
    pointless = {c for c in game.table.cards if game.table.points[c] == 0}
    assert _reachable_sets(state) == _valid_sets(hand, 5, pointless)


def test_counters_allowed_reaches_every_set_once() -> None:
    game = kibitz.load("rook", ranks=(5, 6, 10, 14), hand_size=3)
    state = deal(game, EAST)
    call(state, "S 70, W pass, N pass, E pass")
    hand = bits(state.p.hands[SOUTH])
    assert _reachable_sets(state) == set(combinations(hand, 5))


def test_trump_before_nest() -> None:
    state = _strong_south(trump_before_nest=True)
    assert state.p.phase == TRUMP and state.p.hands[SOUTH].bit_count() == 9
    assert state.observation(SOUTH)["nest_taken"] == []
    state.apply(state.str_to_action("trump g"))
    assert state.p.phase == DISCARD and state.p.hands[SOUTH].bit_count() == 14
    _discard_nest(state)
    assert state.p.phase == PLAY


def test_no_nest_names_trump_straight_after_the_auction() -> None:
    state = deal(kibitz.load("rook", preset="partnership"), SOUTH)
    call(state, "W 70, N pass, E pass, S pass")
    assert state.p.phase == TRUMP and state.current_player == WEST
    state.apply(state.str_to_action("trump black"))
    assert state.p.phase == PLAY and state.current_player == WEST  # left of dealer South


@pytest.mark.parametrize(
    ("first_lead", "leader"),
    [("left_of_dealer", WEST), ("declarer", NORTH), ("left_of_declarer", EAST)],
)
def test_first_lead_options(first_lead: str, leader: int) -> None:
    state = deal(kibitz.load("rook", preset="partnership", first_lead=first_lead), SOUTH)
    call(state, "W pass, N 70, E pass, S pass")
    state.apply(state.str_to_action("trump red"))
    assert state.current_player == leader


def test_refused_card_explains_follow_suit() -> None:
    state = deal(kibitz.load("rook"), EAST, {SOUTH: [*GREENS[:8], "r5"], WEST: ["g5", "b5"]})
    call(state, "S 70, W pass, N pass, E pass")
    _discard_nest(state)
    state.apply(state.str_to_action("trump red"))
    state.apply(state.str_to_action("play g6"))
    before = state.serialize()
    with pytest.raises(IllegalAction, match="West holds green, the suit led; follow suit"):
        state.apply(state.str_to_action("play b5"))
    with pytest.raises(IllegalAction, match="does not hold"):
        state.apply(state.str_to_action("play g7"))
    assert state.serialize() == before
    assert state.observation(WEST)["legal"] == ["play g5"]
    assert "legal" not in state.observation(NORTH)


def test_a_whole_hand_scores_and_the_deal_rotates() -> None:
    state = _strong_south()
    taken = _discard_nest(state)
    state.apply(state.str_to_action("trump green"))
    rng = Rng(5)
    first = True
    while state.current_player != CHANCE:
        if first and len(state.p.tricks) == 1:
            first = False
            last = state.observation(EAST)["last_trick"]
            assert last["leader"] == SOUTH and last["winner"] == SOUTH
            assert len(last["plays"]) == 4 and state.current_player == SOUTH  # winner leads
        state.apply(rng.choice(state.legal_actions()))
    obs = state.observation(WEST)
    (row,) = obs["score_sheet"]
    assert row["declarer"] == SOUTH and row["contract"] == 120 and row["trump"] == "green"
    assert row["nest"] == [card_str(c) for c in taken]  # public once the hand is over
    assert row["points"] == [120, 0] and row["made"] and row["change"] == [120, 0]
    assert row["nest_to"] == 0 and row["card_points"][0] + row["nest_points"] == 120
    assert obs["scores"] == [120, 0] and row["totals"] == [120, 0]
    assert obs["last_trick"]["winner"] in (SOUTH, NORTH)
    assert state.p.dealer == SOUTH and state.p.hand_no == 2  # dealer East -> South
    assert state.p.tricks == () and state.p.deals == 2


def test_nest_points_to_declarer_option() -> None:
    state = deal(kibitz.load("rook", nest_points_to="declarer"), EAST, {WEST: GREENS}, ["g5"])
    call(state, "S 70, W pass, N pass, E pass")
    _discard_nest(state)
    state.apply(state.str_to_action("trump green"))
    rng = Rng(1)
    while state.current_player != CHANCE:
        state.apply(rng.choice(state.legal_actions()))
    (row,) = state.p.sheet
    assert row.nest_to == 0  # South's team, whoever won the last trick
    assert sum(row.points) == 120


def test_refused_discard_that_cannot_be_completed() -> None:
    state = _strong_south()
    top = max(bits(state.p.hands[SOUTH]))
    with pytest.raises(IllegalAction, match="4 more discards must follow it"):
        state.apply(DISCARD0 + top)
    game = kibitz.load("rook", ranks=(5, 6, 10, 14), hand_size=3, nest_counters_allowed=False)
    state = deal(game, EAST, {SOUTH: ["r6", "y6", "g6"]}, ["b6"])
    call(state, "S 70, W pass, N pass, E pass")
    with pytest.raises(IllegalAction, match="discard pointless cards first"):
        state.apply(state.str_to_action("discard g6"))
