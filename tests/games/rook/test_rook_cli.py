"""The generic commands for Rook: random-game, replay, show --seat, view, rules."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

import kibitz
from kibitz.cli import app
from kibitz.core.errors import InvalidRecord
from kibitz.core.record import replay
from kibitz.games.rook.cards import card_str
from kibitz.games.rook.rulespage import rules_page

runner = CliRunner()


def _random_game(tmp_path: Path, *options: str, seed: int = 4) -> Path:
    args = ["random-game", "rook", "--seed", str(seed)]
    for opt in options:
        args += ["-o", opt]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    path = tmp_path / "game.json"
    path.write_text(result.stdout)
    return path


def test_random_dixie_game_replays_exactly(tmp_path: Path) -> None:
    path = _random_game(tmp_path, "preset=dixie", "max_deals=3")
    record = json.loads(path.read_text())
    assert record["game"] == "rook" and record["options"] == {"preset": "dixie", "max_deals": 3}
    assert record["actions"][0].startswith("dealer ")
    assert record["actions"][1].startswith("deal ")
    assert record["result"] is not None
    again = runner.invoke(
        app, ["random-game", "rook", "--seed", "4", "-o", "preset=dixie", "-o", "max_deals=3"]
    )
    assert again.stdout == path.read_text()  # same seed, same game, byte for byte
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert len(lines) == len(record["actions"]) + 1
    assert lines[-1].startswith("result: ")


def test_replay_rejects_a_tampered_record(tmp_path: Path) -> None:
    path = _random_game(tmp_path, "max_deals=1")
    record = json.loads(path.read_text())
    index = next(i for i, a in enumerate(record["actions"]) if a.startswith("play "))
    record["actions"][index] = "play " + ("g5" if record["actions"][index] != "play g5" else "g6")
    with pytest.raises(InvalidRecord, match=f"ply {index + 1}"):
        replay(record)
    path.write_text(json.dumps(record))
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 2 and "ply" in result.output


def test_show_with_seat_hides_other_hands() -> None:
    result = runner.invoke(app, ["show", "rook", "--seat", "1", "--seed", "2"])
    assert result.exit_code == 0, result.output
    assert "first dealer" in result.stdout and "West" in result.stdout
    bad = runner.invoke(app, ["show", "rook", "--seat", "7"])
    assert bad.exit_code == 2


def test_rook_view_shows_only_the_seat_hand(tmp_path: Path) -> None:
    path = _random_game(tmp_path, "max_deals=1")
    record = json.loads(path.read_text())
    ply = next(i for i, a in enumerate(record["actions"]) if a.startswith("bid") or a == "pass")
    result = runner.invoke(app, ["view", str(path), "--seat", "2", "--ply", str(ply)])
    assert result.exit_code == 0, result.output
    assert "South: 9 cards" in result.stdout and "North: " in result.stdout
    assert "North: 9 cards" not in result.stdout
    bad = runner.invoke(app, ["view", str(path), "--seat", "5"])
    assert bad.exit_code == 2 and "seat must be" in bad.output


GUIDE = (Path(kibitz.__file__).parent / "guides" / "rook.md").read_text(encoding="utf-8")
"""Rook's player's guide, which ``kibitz rules`` prints after the rules page."""


def test_rook_rules_page_flags_decisions_and_overrides() -> None:
    result = runner.invoke(app, ["rules", "rook", "-o", "preset=one_high", "-o", "target=500"])
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "57 cards" in out and "200 points per hand" in out
    assert "rook_rank: lowest *" in out and "target: 500 * (set)" in out
    crow = runner.invoke(app, ["rules", "rook", "-o", "rook=off"]).stdout
    assert crow.endswith(GUIDE)
    page = crow[: -len(GUIDE)]  # the rules page, before the player's guide
    assert "40 cards" in page and "Crow" not in page and "rook: false (set)" in page
    bad = runner.invoke(app, ["rules", "rook", "-o", "hand_size=20"])
    assert bad.exit_code == 2 and "hand_size" in bad.output


def test_bird_card_is_called_crow_in_crowsnest_views() -> None:
    from kibitz.games.rook import RookGame

    game = RookGame()
    state = game.new_initial_state(0)
    state.apply(0)
    for card in game.table.cards[::-1]:
        state.apply(card)
    assert "Crow" in state.render(None)
    assert card_str(56) == "rook"


def test_rules_page_lists_only_what_the_game_has_and_flags_only_decisions() -> None:
    partnership = rules_page(kibitz.load("rook", preset="partnership").options)
    assert "- bonus: most_tricks\n" in partnership  # sourced, not a decision
    assert "- counters: 5s = 5, 10s = 10, 14s = 10 *\n" in partnership
    for absent in ("rook_rank", "rook_points", "red1_points", "nest_points_to", "trump_before"):
        assert f"- {absent}:" not in partnership
    crowsnest = rules_page(kibitz.load("rook").options)
    assert "- rook_rank: lowest\n" in crowsnest and "- nest_points_to: last_trick\n" in crowsnest
    assert "- bonus_points:" not in crowsnest  # no bonus in CrowsNest
    nestless = kibitz.load("rook", preset="partnership", nest_points_to="declarer")
    assert "- nest_points_to: declarer (set)\n" in rules_page(nestless.options)  # said, as set


def test_the_deal_cap_can_be_raised() -> None:
    assert kibitz.load("rook", max_deals=5000).options.max_deals == 5000


def _guide_row(preset: str) -> dict[str, str]:
    """The guide's presets-table row of ``preset``, by column heading."""
    rows = [line.strip().strip("|").split("|") for line in GUIDE.splitlines()
            if line.startswith("| ")]
    head = [cell.strip() for cell in rows[0]]
    row = next(r for r in rows if r[0].strip() == f"`{preset}`")
    return dict(zip(head, (cell.strip() for cell in row), strict=True))


@pytest.mark.parametrize("preset", ["crowsnest", "tournament", "partnership", "one_high",
                                    "red1", "buckeye", "dixie"])
def test_guide_names_each_presets_counters_and_bonus(preset: str) -> None:
    """The guide's table states the counters, the points a hand holds and the bonus that the
    engine gives each preset (dixie's 13s, the 1s worth 15, red1's red 1 worth 30)."""
    from kibitz.games.rook.options import resolve

    game = kibitz.load("rook", preset=preset)
    table, rules = game.table, resolve(game.options)
    by_points: dict[int, list[int]] = {}
    specials = []
    for card in table.cards:
        if card == 56:
            specials.append(f"{'Crow' if preset == 'crowsnest' else 'Rook'} {table.points[card]}")
        elif card == 0 and rules.red1:
            specials.append(f"red 1 {table.points[card]}")
        elif table.points[card] and card // 14 == 0:  # one colour's ranks stand for all four
            by_points.setdefault(table.points[card], []).append(card % 14 + 1)
    specials.sort(key=lambda text: text.startswith("red"))  # the bird card, then the red 1
    counters = [" and ".join(f"{rank}s" for rank in ranks) + f" {points}"
                for points, ranks in by_points.items()]
    bonus = rules.bonus_points if rules.bonus != "none" else 0
    total = f"({table.total - bonus}" + (f" + {bonus} bonus)" if bonus else ")")
    row = _guide_row(preset)
    assert row["Counters (points a hand)"] == f"{', '.join(counters + specials)} {total}"
    assert row["Bonus"] == ("none" if not bonus else f"{bonus}, {rules.bonus.replace('_', ' ')}")
