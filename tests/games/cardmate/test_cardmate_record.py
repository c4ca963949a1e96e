"""The Cardmate text record (PGN-like) and the JSON record: import, export, round trips."""

from __future__ import annotations

import json

import pytest
from cardmate_util import BEFORE_18, SAMPLE_GAME, play
from typer.testing import CliRunner

import kibitz
from kibitz.cli import app
from kibitz.core import InvalidRecord, Rng
from kibitz.core.play import play_random
from kibitz.core.record import make_record, parse_record_text, replay
from kibitz.games.cardmate import CardmateGame

TAGS = (
    '[Game "Cardmate"]\n[Forehand "Zillions of Games"]\n[Rearhand "Zillions of Games"]\n'
    '[Result "0-1"]\n'
)
SAMPLE_TEXT = TAGS + "\n" + SAMPLE_GAME + "\n"


def clean_tokens(movetext: str) -> list[str]:
    return [t.rstrip("?!") for t in movetext.split()]


def test_sample_game_imports_and_exports_with_the_spec_tags() -> None:
    record = CardmateGame.read_text_record(SAMPLE_TEXT)
    assert record["result"] == {"returns": [-1.0, 1.0], "reason": "kings"}
    assert replay(record).state.outcome().reason == "kings"
    text = CardmateGame.write_text_record(record)
    head, movetext = text.split("\n\n")
    assert head.splitlines() == [*TAGS.splitlines(), '[Termination "kings"]']
    assert movetext.split() == clean_tokens(SAMPLE_GAME)
    assert all(len(line) <= 80 for line in movetext.splitlines())
    assert CardmateGame.read_text_record(text)["actions"] == record["actions"]


def test_text_and_json_round_trip_exactly() -> None:
    record = CardmateGame.read_text_record(SAMPLE_TEXT)
    text = CardmateGame.write_text_record(record)
    assert CardmateGame.read_text_record(text) == record
    assert CardmateGame.write_text_record(CardmateGame.read_text_record(text)) == text


@pytest.mark.parametrize(
    "options", [{}, {"rank_contents": True, "repetition_loss": True}, {"max_plies": 30}]
)
def test_random_games_round_trip(options: dict) -> None:
    game = kibitz.load("cardmate", **options)
    for seed in range(3):
        state = play_random(game.new_initial_state(seed), Rng(seed), 60)
        record = make_record(state, {"players": ["random", "random"]})
        text = CardmateGame.write_text_record(record)
        assert CardmateGame.read_text_record(text) == json.loads(json.dumps(record))
        assert CardmateGame.write_text_record(CardmateGame.read_text_record(text)) == text


def test_dealt_game_writes_seed_options_and_position() -> None:
    game = kibitz.load("cardmate", suit_contents=True, repetition_loss=True)
    state = game.new_initial_state(42)
    text = CardmateGame.write_text_record(make_record(state))
    assert '[Seed "42"]' in text
    assert '[Options "suit_contents=true repetition_loss=true"]' in text
    assert f'[Position "{state.position()}"]' in text


def test_position_tag_is_authoritative() -> None:
    text = TAGS.replace("0-1", "*") + f'[Position "{BEFORE_18}"]\n\n18.1Da5 7Dh8 *\n'
    record = CardmateGame.read_text_record(text)
    assert record["position"] == BEFORE_18 and record["actions"] == ["1Da5", "7Dh8"]
    assert "18.1Da5 7Dh8 *" in CardmateGame.write_text_record(record)
    head = TAGS.replace("0-1", "*") + f'[Position "{BEFORE_18}"]\n\n'
    rearhand = head + "18.1Da5 {note} 18...7Dh8 *"
    assert CardmateGame.read_text_record(rearhand)["actions"] == ["1Da5", "7Dh8"]


def test_parser_skips_comments_variations_annotations_and_spaces() -> None:
    text = (
        TAGS.replace("0-1", "*")
        + "\n{opening} 1. 4Ci3 (1.4Hc3 {alt} (1.2Sa3)) 4Db6! 2.8Dj2 {x} 2… 8Ca7?! *\n"
    )
    record = CardmateGame.read_text_record(text)
    assert record["actions"] == ["4Ci3", "4Db6", "8Dj2", "8Ca7"] and record["result"] is None


def test_unknown_tags_and_unfinished_results_are_kept() -> None:
    text = (
        '[Game "Cardmate"]\n[Event "Club"]\n[Date "2001.??.??"]\n[Forehand "A"]\n'
        '[Rearhand "B"]\n[Result "1-0"]\n[Clock "5m"]\n\n'
        "1.4Ci3 4Db6 1-0\n"
    )
    record = CardmateGame.read_text_record(text)
    assert record["result"] is None
    assert record["metadata"] == {
        "players": ["A", "B"],
        "result": "1-0",
        "tags": {"Event": "Club", "Date": "2001.??.??", "Clock": "5m"},
    }
    out = CardmateGame.write_text_record(record)
    assert out.splitlines() == [
        '[Game "Cardmate"]', '[Event "Club"]', '[Date "2001.??.??"]', '[Forehand "A"]',
        '[Rearhand "B"]', '[Result "1-0"]', '[Clock "5m"]', "", "1.4Ci3 4Db6 1-0",
    ]


@pytest.mark.parametrize(
    ("result", "termination", "returns", "reason"),
    [("1-0", "resignation", [1.0, -1.0], "resignation"),
     ("0-1", "resignation", [-1.0, 1.0], "resignation"),
     ("1/2-1/2", "agreement", [0.0, 0.0], "agreed draw")],
)
def test_a_resignation_or_agreed_draw_is_the_records_result(
    result: str, termination: str, returns: list[float], reason: str
) -> None:
    text = (f'[Game "Cardmate"]\n[Forehand "A"]\n[Rearhand "B"]\n[Result "{result}"]\n'
            f'[Termination "{termination}"]\n\n1.4Ci3 4Db6 {result}\n')
    record = CardmateGame.read_text_record(text)
    assert record["result"] == {"returns": returns, "reason": reason}
    assert replay(record).declared.reason == reason
    assert CardmateGame.write_text_record(record) == text


@pytest.mark.parametrize(
    ("result", "termination"),
    [("1/2-1/2", "resignation"), ("*", "resignation"), ("1-0", "agreement")],
)
def test_a_declared_ending_that_contradicts_the_result_is_refused(
    result: str, termination: str
) -> None:
    text = (f'[Game "Cardmate"]\n[Forehand "A"]\n[Rearhand "B"]\n[Result "{result}"]\n'
            f'[Termination "{termination}"]\n\n1.4Ci3 {result}\n')
    with pytest.raises(InvalidRecord, match=f"Termination '{termination}' needs Result"):
        CardmateGame.read_text_record(text)


def test_other_text_is_not_a_cardmate_record() -> None:
    assert CardmateGame.read_text_record('[Game "Smess"]\n\n1.a b *') is None
    assert CardmateGame.read_text_record("1.4Ci3 4Db6") is None


@pytest.mark.parametrize(
    ("movetext", "tags", "message"),
    [
        ("1.4Ci3 2.4Db6 *", "", r"move number '2.4Db6'.*expected 1\.\.\."),
        ("1...4Ci3 *", "", "move number"),
        ("1.4Ci3 4Dc9 *", "", r"move 1\.\.\.4Dc9"),
        ("1.4Ci3 4Db6 1-0", "", "contradicts tag Result"),
        ("1.4Ci3 * 4Db6", "", "must end"),
        ("1.4Ci3 {open *", "", "unclosed"),
        ("*", '[Options "colour=red"]\n', "tag Options"),
        ("*", '[Options "suit_setup=maybe"]\n', "tag Options"),
        ("*", '[Date "May 2001"]\n', "tag Date"),
        ("*", '[Termination "boredom"]\n', "tag Termination"),
        ("1.4Ci3 4Db6 *", '[Termination "kings"]\n', "moves leave it unfinished"),
        ("*", '[Position "nonsense"]\n', "tag Position"),
        ("*", '[Options "rank_setup=true"]\n', "Position"),
        ("*", '[Seed "x"]\n', "tag Seed"),
    ],
)
def test_bad_records_name_the_problem(movetext: str, tags: str, message: str) -> None:
    text = TAGS.replace("0-1", "*") + tags + "\n" + movetext + "\n"
    with pytest.raises(InvalidRecord, match=message):
        CardmateGame.read_text_record(text)


def test_result_must_match_a_finished_game_and_no_move_after_the_end() -> None:
    wrong = SAMPLE_TEXT.replace('"0-1"', '"1-0"').replace("0-1", "1-0")
    with pytest.raises(InvalidRecord, match="tag Result '1-0' contradicts"):
        CardmateGame.read_text_record(wrong)
    extra = SAMPLE_TEXT.replace("QS:e0× 0-1", "QS:e0× 21.1Da5 0-1")
    with pytest.raises(InvalidRecord, match="already ended"):
        CardmateGame.read_text_record(extra)
    with pytest.raises(InvalidRecord, match="Termination"):
        CardmateGame.read_text_record(SAMPLE_TEXT.replace(TAGS, TAGS + '[Termination "palace"]\n'))


def test_missing_required_tag() -> None:
    with pytest.raises(InvalidRecord, match="tag Rearhand is required"):
        CardmateGame.read_text_record('[Game "Cardmate"]\n[Forehand "A"]\n[Result "*"]\n\n*')


def test_generic_commands_replay_and_convert(tmp_path) -> None:
    path = tmp_path / "sample.pgn"
    path.write_text(SAMPLE_TEXT, encoding="utf-8")
    runner = CliRunner()
    done = runner.invoke(app, ["replay", str(path)])
    assert done.exit_code == 0 and "40. Rearhand: QS:e0×" in done.output
    assert done.output.rstrip().endswith("result: Rearhand wins (kings)")
    as_json = runner.invoke(app, ["convert", str(path)])
    assert as_json.exit_code == 0 and json.loads(as_json.output)["game"] == "cardmate"
    json_path = tmp_path / "sample.json"
    json_path.write_text(as_json.output, encoding="utf-8")
    back = runner.invoke(app, ["convert", str(json_path)])
    assert back.exit_code == 0 and back.output.split("\n\n")[1].split() == clean_tokens(SAMPLE_GAME)
    assert parse_record_text(back.output) == parse_record_text(as_json.output)


def test_perft_command() -> None:
    done = CliRunner().invoke(app, ["perft", "cardmate", "2"])
    assert done.exit_code == 0 and done.stdout.split("\n")[:2] == ["1 38", "2 1444"]


def test_json_record_replays_a_promotion() -> None:
    state = kibitz.load("cardmate").new_state_from_position(BEFORE_18)
    play(state, "1Da5=A", "7Dh8", "AD:b7")
    record = make_record(state)
    assert record["actions"] == ["1Da5=A", "7Dh8", "AD:b7"]
    assert replay(record).state.position() == state.position()
