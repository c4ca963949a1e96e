"""Analysis of every game: TCHESS and Rook judged from the mover's information only, the
patience games by their solver, planted blunders marked in each, ``kibitz analyse`` on random
games of every game and on the Cardmate sample game, one JSON schema, bad records refused."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from functools import partial
from pathlib import Path

import pytest
from typer.testing import CliRunner

import kibitz
from kibitz.ai.analysis import (
    analysis_spec,
    analysis_steps,
    player_moves,
    replay_steps,
    whole,
)
from kibitz.ai.analysis_hidden import ExpectingAgent, _seed, judge_move
from kibitz.ai.analysis_score import ScoringAgent
from kibitz.ai.specs import make_agent
from kibitz.cli.common import app
from kibitz.core.game import CHANCE, Game, State
from kibitz.core.record import dumps_record, make_record, replay
from kibitz.core.rng import Rng
from kibitz.games.rook.actions import TRUMP0

TCHESS_SPEC = "ismcts:iterations=60,rollout_depth=1"
ROOK_SPEC = "rookbot:samples=4,exchange=3,iterations=8,play=pimc"
CHEAP = {
    "cardmate": "alphabeta:depth=1", "smess": "alphabeta:depth=1", "tchess": TCHESS_SPEC,
    "rook": ROOK_SPEC,
}  # fmt: skip
"""Small budgets, so that whole games are analysed in a test's time."""
NOTE_KEYS = {
    "ply", "seat", "side", "move", "value", "expected", "best", "best_value", "best_expected",
    "loss", "mark", "verdict",
}  # fmt: skip


def play_to(state: State, rng: Rng, stop: Callable[[State], bool], limit: int = 400) -> None:
    """Random play (chance drawn) from ``state`` until ``stop(state)`` or the game ends."""
    while not state.is_terminal() and len(state.history) < limit and not stop(state):
        if state.current_player == CHANCE:
            state.apply(rng.weighted(state.chance_outcomes()))
        else:
            state.apply(rng.choice(state.legal_actions()))


def loses_at_once(state: State, action: int) -> bool:
    """Whether ``action`` ends the game at once with the mover's loss."""
    after = state.clone()
    after.apply(action)
    return after.is_terminal() and after.returns()[state.current_player] < 0


def wins_the_round(state: State, action: int) -> bool:
    """Whether after ``action`` the mover's row beats the other's (ties go to the defender)
    and the other hand is empty: the opponent can only pass, and so the mover wins the round."""
    seat = state.current_player
    view = _after(state, action).observation(seat)
    if view.get("phase") != "play" or view["to_act"] is None:
        return False
    mine, theirs = (row["strength"] for row in (view["rows"][seat], view["rows"][1 - seat]))
    return view["hand_sizes"][1 - seat] == 0 and mine + (view["attacker"] != seat) > theirs


def tchess_blunder() -> tuple[State, int]:
    """A TCHESS position where one move loses the game at once (passing with the King in a
    weaker row, the round then ending) and another wins the round: the position and the
    losing move."""
    game = kibitz.load("tchess")

    def planted(s: State) -> bool:
        if s.current_player < 0 or len(s.history) < 8:
            return False
        legal = s.legal_actions()
        losing = [a for a in legal if loses_at_once(s, a)]
        return bool(losing) and any(wins_the_round(s, a) for a in legal if a not in losing)

    for seed in range(200):
        state = game.new_initial_state(seed)
        play_to(state, Rng(seed), planted)
        if not state.is_terminal() and planted(state):
            return state, next(a for a in state.legal_actions() if loses_at_once(state, a))
    raise AssertionError("no TCHESS position with a move that loses at once")


def rook_gain(state: State, seat: int, card: int) -> float:
    """How many points more than the other team ``seat``'s team scores on the hand once
    ``card`` is played and the forced last trick follows (each later card the only one)."""
    after = state.clone()
    after.apply(card)
    start_scores = list(state.observation(seat)["scores"])
    while not after.is_terminal() and after.current_player >= 0 and len(after.legal_actions()) == 1:
        after.apply(after.legal_actions()[0])
    scores = after.observation(seat)["scores"]
    team = seat & 1
    gain = (scores[team] - start_scores[team]) - (scores[1 - team] - start_scores[1 - team])
    return float(gain)


def rook_blunder() -> tuple[State, int, int]:
    """A Rook position in the last trick but one where the mover, playing last to the trick,
    has a card that makes its team's hand far worse than the other card, in every world the
    mover cannot tell from the true one: (position, the bad card, the good card)."""
    game = kibitz.load("rook")
    bot = make_agent("rookbot:samples=2,exchange=1,iterations=0", game, 1)
    for seed in range(40):
        state, rng = game.new_initial_state(seed), Rng(seed)
        while not state.is_terminal() and len(state.history) < 600:
            seat = state.current_player
            if seat == CHANCE:
                state.apply(rng.weighted(state.chance_outcomes()))
                continue
            p = state.p
            if len(p.trick) == 3 and bin(p.hands[seat]).count("1") == 2:
                legal = state.legal_actions()
                if len(legal) == 2:
                    worlds = [state.resample_hidden(seat, Rng(k)) for k in range(12)]
                    gains = [[rook_gain(w, seat, c) for w in worlds] for c in legal]
                    for bad, good in ((0, 1), (1, 0)):
                        if all(g - b >= 60 for b, g in zip(gains[bad], gains[good], strict=True)):
                            return state, legal[bad], legal[good]
            state.apply(bot.choose(state.clone(), seat))
    raise AssertionError("no Rook position with a card that throws the hand away")


def test_tchess_planted_blunder_is_marked() -> None:
    state, bad = tchess_blunder()
    game = state.game
    note = judge_move(
        game, state, bad, partial(make_agent, TCHESS_SPEC, game), len(state.history) + 1
    )
    assert note.expected == 0.0 and note.best is not None
    assert note.mark == "blunder" and note.best_expected >= 0.3


def test_rook_planted_blunder_is_marked() -> None:
    state, bad, good = rook_blunder()
    game = state.game
    note = judge_move(
        game, state, bad, partial(make_agent, ROOK_SPEC, game), len(state.history) + 1
    )
    assert note.best == state.action_to_str(good)
    assert note.mark == "blunder" and note.loss >= 0.3
    # both cards are judged on the mover's own draws, by the search that chose the good one
    search = make_agent(ROOK_SPEC, game, _seed(len(state.history) + 1))
    assert search.choose(state.clone(), state.current_player) == good
    assert (note.expected, note.best_expected) == tuple(
        round(search.last_values[card], 4) for card in (bad, good)
    )


def in_play(state: State) -> bool:
    """Whether a player is to play a card (Rook)."""
    return state.current_player >= 0 and state.observation(None)["phase"] == "play"


def test_a_rook_card_as_good_as_the_best_gets_no_better_move() -> None:
    """A card the search values as highly as its choice (touching cards, a forced loser) is
    given no better move and no loss; a card valued lower is given the chosen one."""
    game = kibitz.load("rook")
    state, rng = game.new_initial_state(2), Rng(2)
    seen = {"tie": 0, "worse": 0}
    while not state.is_terminal() and min(seen.values()) < 2:
        play_to(state, rng, in_play)
        if state.is_terminal():
            break
        ply, mover = len(state.history) + 1, state.current_player
        search = make_agent(ROOK_SPEC, game, _seed(ply))
        best = search.choose(state.clone(), mover)
        for card, value in search.last_values.items():
            if card == best:
                continue
            note = judge_move(game, state, card, partial(make_agent, ROOK_SPEC, game), ply)
            if value == search.last_expected:
                assert (note.best, note.loss, note.mark) == (None, 0.0, None)
                seen["tie"] += 1
            else:
                assert note.best == state.action_to_str(best) and note.loss > 0
                seen["worse"] += 1
        state.apply(best)
    assert min(seen.values()) >= 2, seen


def test_a_rook_trump_in_the_declarers_shortest_colour_is_marked() -> None:
    """A declarer that names as trump the colour it holds fewest of is marked a mistake or
    a blunder, both trumps judged on its own exchange samples by the search that chose the
    other (not by the next player's search, which redraws the declarer's discards)."""
    game = kibitz.load("rook")
    bot = make_agent("rookbot:samples=2,exchange=1,iterations=0", game, 1)
    for seed in range(3):
        state, rng = game.new_initial_state(seed), Rng(seed)
        while state.current_player == CHANCE or state.observation(None)["phase"] != "trump":
            if state.current_player == CHANCE:
                state.apply(rng.weighted(state.chance_outcomes()))
            else:
                state.apply(bot.choose(state.clone(), state.current_player))
        seat, table = state.current_player, state.table
        held = state.p.hands[seat]
        short = min(
            range(4), key=lambda colour: (held & table.suit_mask[colour][colour]).bit_count()
        )
        bad = TRUMP0 + short
        ply = len(state.history) + 1
        note = judge_move(game, state, bad, partial(make_agent, ROOK_SPEC, game), ply)
        search = make_agent(ROOK_SPEC, game, _seed(ply))
        best = search.choose(state.clone(), seat)
        assert note.best == state.action_to_str(best) != note.move
        assert note.mark in ("mistake", "blunder") and note.loss >= 0.15, (seed, note)
        assert (note.expected, note.best_expected) == tuple(
            round(search.last_values[trump], 4) for trump in (bad, best)
        )


def test_a_rook_declarers_own_discards_are_judged() -> None:
    """Mid-discard after discards the analysing rookbot would not have made (random ones)."""
    game = kibitz.load("rook")
    state = game.new_initial_state(3)
    play_to(state, Rng(1), lambda s: s.current_player >= 0 and s.p.discards.bit_count() >= 2)
    assert state.observation(None)["phase"] == "discard"
    played = state.legal_actions()[-1]
    note = judge_move(game, state, played, partial(make_agent, ROOK_SPEC, game), 1)
    assert note.move == state.action_to_str(played) and 0.0 <= note.expected <= 1.0


@pytest.mark.parametrize("name", ["tchess", "rook"])
def test_the_analysis_reads_only_the_movers_information(name: str) -> None:
    """A move is judged the same in any state its mover cannot tell from the true one: the
    other hands (and the deck) redrawn change nothing."""
    game = kibitz.load(name)
    spec = CHEAP[name]
    make = partial(make_agent, spec, game)
    state, rng = game.new_initial_state(5), Rng(5)
    play_to(
        state,
        rng,
        lambda s: s.current_player >= 0 and len(s.legal_actions()) > 2 and len(s.history) > 12,
    )
    seat = state.current_player
    best = make(0).choose(state.clone(), seat)
    played = next(a for a in state.legal_actions() if a != best)
    ply = len(state.history) + 1
    truth = judge_move(game, state, played, make, ply)
    for k in range(2):
        other = state.resample_hidden(seat, Rng(100 + k))
        assert other.information_state_key(seat) == state.information_state_key(seat)
        assert judge_move(game, other, played, make, ply) == truth


@pytest.mark.parametrize("name", ["fortress", "chessboard"])
def test_patience_move_into_a_lost_deal_is_a_blunder(name: str) -> None:
    """Deal 2: moving the first pile's card onto the next pile loses a winnable deal."""
    game = kibitz.load(name)
    start = game.new_initial_state(2)
    assistant = game.assistant()
    assert assistant is not None and assistant.solve(start, 30_000).verdict == "win"
    bad = next(
        a
        for a in start.legal_actions()
        if assistant.solve(_after(start, a), 30_000).verdict == "loss"
    )
    line = list(assistant.solve(_after(start, bad), 30_000).moves)
    analysis = whole(analysis_steps(game, start, [bad, *_some_moves(_after(start, bad), 3)]))
    assert analysis.kind == "solver" and not line
    first = analysis.moves[0]
    assert (first.mark, first.verdict, first.expected, first.best_expected) == (
        "blunder",
        "loss",
        0.0,
        1.0,
    )
    assert first.best is not None and first.best != first.move
    assert all(n.verdict == "loss" and n.mark is None for n in analysis.moves[1:])


def _after(state: State, action: int) -> State:
    after = state.clone()
    after.apply(action)
    return after


def _some_moves(state: State, n: int) -> list[int]:
    """The first legal move ``n`` times (fewer if the game ends)."""
    out = []
    state = state.clone()
    for _ in range(n):
        if state.is_terminal():
            break
        out.append(state.legal_actions()[0])
        state.apply(out[-1])
    return out


def random_record(game: Game, seed: int, moves: int) -> dict:
    """The record of a random game of ``game``, cut after ``moves`` actions."""
    state = game.new_initial_state(seed)
    play_to(state, Rng(seed), lambda s: False, limit=moves)
    return make_record(state)


@pytest.mark.parametrize("name", sorted(kibitz.games()))
def test_cli_analyses_random_games_of_every_game(name: str, tmp_path: Path) -> None:
    game = kibitz.load(name)
    record = random_record(game, 11, 90 if name == "rook" else 24)  # Rook deals 50 cards first
    path = tmp_path / "game.json"
    path.write_text(dumps_record(record))
    args = ["analyse", str(path), "--json"]
    if name in CHEAP:
        args += ["--spec", CHEAP[name]]
    else:
        args += ["--nodes", "3000"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert set(data) == {"game", "agent", "kind", "perspective", "sides", "moves"}
    assert data["game"] == name and data["perspective"] == "mover"
    assert data["kind"] == {"tchess": "probability", "rook": "probability"}.get(
        name, "score" if name in CHEAP else "solver"
    )
    assert len(data["sides"]) == len(game.sides())
    done = replay(record)
    assert 0 < len(data["moves"]) <= len(done.state.history)
    for note in data["moves"]:
        assert set(note) == NOTE_KEYS
        assert note["move"] == record["actions"][note["ply"] - 1]
        assert note["expected"] is None or 0.0 <= note["expected"] <= 1.0
        assert note["loss"] >= 0.0 and (note["mark"] is None or note["best"] is not None)
    again = CliRunner().invoke(app, args)
    assert again.output == result.output  # seeded: the same analysis every time


def test_the_text_analysis_numbers_the_players_moves_as_the_move_lists_do(tmp_path: Path) -> None:
    """Rook's deal is 42 chance outcomes before the first bid: that bid is move 1, not 43."""
    record = random_record(kibitz.load("rook"), 11, 60)
    path = tmp_path / "game.json"
    path.write_text(dumps_record(record))
    result = CliRunner().invoke(app, ["analyse", str(path), "--spec", CHEAP["rook"]])
    assert result.exit_code == 0, result.output
    lines = [line for line in result.output.splitlines()[1:] if line[:4].strip().endswith(".")]
    assert [int(line.split(".")[0]) for line in lines] == list(range(1, len(lines) + 1))
    assert 0 < len(lines) == player_moves(replay(record)) < len(record["actions"])


def test_cli_analyses_the_cardmate_sample_game(tmp_path: Path) -> None:
    """The rules' sample game 1 in Cardmate's own text format: 18.8D:j7?? is a blunder."""
    sys.path.insert(0, str(Path(__file__).parents[1] / "games" / "cardmate"))
    from test_cardmate_record import SAMPLE_TEXT

    path = tmp_path / "sample.pgn"
    path.write_text(SAMPLE_TEXT)
    result = CliRunner().invoke(app, ["analyse", str(path), "--spec", "alphabeta:depth=1"])
    assert result.exit_code == 0, result.output
    assert "8D:j7??" in result.output and "blunder" in result.output


def test_bad_records_and_options_are_refused_with_a_reason(tmp_path: Path) -> None:
    runner = CliRunner()
    cases = {
        "not json {": "neither JSON nor a known game's text record",
        '{"game": "smess", "actions": ["z9-z8"]}': "ply 1",
        '{"game": "nosuch", "actions": []}': "nosuch",
        '{"game": "smess", "actions": "a"}': "list of move strings",
    }
    for i, (text, reason) in enumerate(cases.items()):
        path = tmp_path / f"bad{i}.json"
        path.write_text(text)
        result = runner.invoke(app, ["analyse", str(path)])
        assert result.exit_code != 0 and reason in result.output, result.output
    path = tmp_path / "deal.json"
    path.write_text(dumps_record(random_record(kibitz.load("fortress"), 2, 3)))
    result = runner.invoke(app, ["analyse", str(path), "--level", "2"])
    assert result.exit_code != 0 and "exact solver" in result.output
    result = runner.invoke(app, ["analyse", str(path), "--nodes", "0"])
    assert result.exit_code != 0
    result = runner.invoke(app, ["analyse", str(path), "--seed", "-1"])
    assert result.exit_code != 0 and "--seed" in result.output


def test_every_game_has_an_analysis_that_reports_an_evaluation() -> None:
    """Each game's default analysis: its solver, or an agent (its declared analysis spec, or
    its top level) that reports a search score or a win probability."""
    for name in kibitz.games():
        game = kibitz.load(name)
        spec = analysis_spec(game)
        if spec is None:
            assert game.num_players == 1 and game.assistant() is not None
            continue
        assert spec == (game.ai().analysis or f"level:{max(game.ai().levels)}")
        agent = make_agent(spec, game)
        assert isinstance(agent, (ScoringAgent, ExpectingAgent)), name
    done = replay(random_record(kibitz.load("tchess"), 3, 6))
    analysis = whole(replay_steps(done, spec=TCHESS_SPEC))
    assert analysis.agent == TCHESS_SPEC and analysis.kind == "probability"


@pytest.mark.parametrize(("name", "moves"), [("tchess", 14), ("rook", 62)])
def test_a_hidden_card_game_judges_moves_on_the_worlds_it_declares(name: str, moves: int) -> None:
    """Without ``samples`` the analysis draws the game's declared number of worlds to judge a
    move (``GameAI.analysis_samples``: TCHESS's plays, Rook's calls), and that number changes
    the judgement."""
    game = kibitz.load(name)
    declared = game.ai().analysis_samples
    assert declared is not None and declared > 1
    done = replay(random_record(game, 4, moves))
    spec = CHEAP[name]
    default = whole(replay_steps(done, spec=spec))
    assert default.moves == whole(replay_steps(done, spec=spec, samples=declared)).moves
    one = whole(replay_steps(done, spec=spec, samples=1))
    assert [n.expected for n in one.moves] != [n.expected for n in default.moves]


def test_another_seed_draws_another_analysis_and_the_same_seed_the_same() -> None:
    game = kibitz.load("tchess")
    done = replay(random_record(game, 6, 14))
    notes = [whole(replay_steps(done, spec=TCHESS_SPEC, samples=2, seed=s)).moves for s in (0, 1)]
    assert notes[0] == whole(replay_steps(done, spec=TCHESS_SPEC, samples=2)).moves
    assert [n.expected for n in notes[0]] != [n.expected for n in notes[1]]
    assert [n.move for n in notes[0]] == [n.move for n in notes[1]]
