"""The arrow-table properties the spec requires an engine to assert (section (b), 1-8)."""

from collections import Counter

from smess_reference import ARROWS as LETTER_ARROWS

from kibitz.games.smess.board import (
    ARROWS,
    DIRECTIONS,
    HEIGHT,
    NUM_SQUARES,
    RAYS,
    WIDTH,
    square,
    square_name,
)

BIT = {name: bit for bit, name, _, _ in DIRECTIONS}
REVERSE = {"N": "S", "S": "N", "E": "W", "W": "E", "NE": "SW", "SW": "NE", "NW": "SE", "SE": "NW"}


def names(sq: int) -> set[str]:
    return {name for bit, name, _, _ in DIRECTIONS if ARROWS[sq] & bit}


def test_letter_and_bitmask_tables_agree_on_all_56_squares():
    assert len(LETTER_ARROWS) == NUM_SQUARES
    for sq in range(NUM_SQUARES):
        assert names(sq) == LETTER_ARROWS[square_name(sq)], square_name(sq)


def test_board_has_180_degree_symmetry_with_reversed_arrows():
    for f in range(WIDTH):
        for r in range(1, HEIGHT + 1):
            mirrored = {REVERSE[n] for n in names(square(6 - f, 9 - r))}
            assert names(square(f, r)) == mirrored


def test_no_arrow_points_off_the_board():
    for sq in range(NUM_SQUARES):
        assert all(len(ray) >= 1 for ray in RAYS[sq])
        assert len(RAYS[sq]) == len(names(sq))


def test_arrow_head_counts():
    heads = [len(names(sq)) for sq in range(NUM_SQUARES)]
    assert sum(heads) == 170
    assert Counter(heads) == {1: 4, 2: 12, 3: 26, 4: 12, 8: 2}


def test_single_direction_and_all_eight_squares():
    single = {square_name(sq): names(sq) for sq in range(NUM_SQUARES) if len(names(sq)) == 1}
    assert single == {"a1": {"N"}, "b5": {"E"}, "f4": {"W"}, "g8": {"S"}}
    assert {square_name(sq) for sq in range(NUM_SQUARES) if len(names(sq)) == 8} == {"d4", "d5"}


def test_24_squares_differ_from_their_left_right_mirror():
    flip = {"E": "W", "W": "E", "NE": "NW", "NW": "NE", "SE": "SW", "SW": "SE", "N": "N", "S": "S"}
    differ = 0
    for f in range(WIDTH):
        for r in range(1, HEIGHT + 1):
            mirror = {flip[n] for n in names(square(6 - f, r))}
            differ += names(square(f, r)) != mirror
    assert differ == 24


def test_arrow_graph_is_strongly_connected():
    def reach(start: int, forward: bool) -> set[int]:
        seen, todo = {start}, [start]
        while todo:
            sq = todo.pop()
            nxt = (
                [ray[0] for ray in RAYS[sq]]
                if forward
                else [s for s in range(NUM_SQUARES) if any(ray[0] == sq for ray in RAYS[s])]
            )
            for t in nxt:
                if t not in seen:
                    seen.add(t)
                    todo.append(t)
        return seen

    assert reach(0, True) == set(range(NUM_SQUARES))
    assert reach(0, False) == set(range(NUM_SQUARES))
