"""Tournaments: each pairing is the match of its two specs, results kept and resumed, the
standings, cross table and report, and the command's errors."""

import dataclasses
import json

import pytest
from typer.testing import CliRunner

from kibitz.cli import app
from kibitz.core.errors import InvalidOptions
from kibitz.lab.match import MatchPlan, run_match, run_solo
from kibitz.lab.rating import PairTally, fit_ratings
from kibitz.lab.standings import (
    cross_table,
    standings_table,
    tournament_json,
    write_tournament_report,
)
from kibitz.lab.stats import match_stats, score_stats
from kibitz.lab.store import ResultStore
from kibitz.lab.tournament import (
    Pairing,
    TournamentPlan,
    TournamentResult,
    pending,
    run_tournament,
)

runner = CliRunner()
SMESS = MatchPlan("smess", {"max_plies_without_progress": 30}, "", "", 4, seed=5, opening=2)
ENTRANTS = ("random", "greedy", "greedy:noise=400")


def test_each_pairing_is_the_match_of_its_two_specs() -> None:
    result = run_tournament(TournamentPlan(ENTRANTS, SMESS))
    assert [(p.i, p.j) for p in result.pairings] == [(0, 1), (0, 2), (1, 2)]
    for p in result.pairings:
        a, b = ENTRANTS[p.i], ENTRANTS[p.j]
        first, second = sorted((a, b))
        match = run_match(dataclasses.replace(SMESS, agent_a=first, agent_b=second))
        points = [r.points for r in sorted(match.results, key=lambda r: r.index)]
        assert list(p.points) == (points if a == first else [1 - x for x in points])


def test_the_entrants_order_changes_no_game() -> None:
    forward = run_tournament(TournamentPlan(ENTRANTS, SMESS))
    backward = run_tournament(TournamentPlan(ENTRANTS[::-1], SMESS))
    for k, name in enumerate(ENTRANTS):
        back = ENTRANTS[::-1].index(name)
        assert forward.points(k) == backward.points(back)
        assert forward.ratings.elo[k] == pytest.approx(backward.ratings.elo[back])


def test_a_pairing_seen_from_its_second_spec_turns_the_score_figures_round() -> None:
    plan = MatchPlan("rook", {"max_hands": 1}, "", "", 4, duplicate=True, unit="hands")
    result = run_tournament(TournamentPlan(("random", "level:2"), plan))
    match = run_match(dataclasses.replace(plan, agent_a="level:2", agent_b="random"))
    pairing, figures = result.pairings[0], match.score_stats
    assert pairing.scores.margin == pytest.approx(-figures.margin)
    assert pairing.scores.contracts == figures.contracts[::-1]
    assert pairing.scores.boards.score == pytest.approx(1 - figures.boards.score)
    assert pairing.stats.score == pytest.approx(1 - match.stats.score)


def test_a_one_player_pairing_compares_the_entrants_deal_by_deal() -> None:
    plan = MatchPlan("fortress", {}, "", "", 6, seed=1)
    result = run_tournament(TournamentPlan(("level:1", "level:3"), plan))
    won = {spec: [r.won for r in run_solo(plan, spec)] for spec in ("level:1", "level:3")}
    expected = [1.0 if a > b else 0.0 if a < b else 0.5
                for a, b in zip(won["level:1"], won["level:3"], strict=True)]  # fmt: skip
    assert list(result.pairings[0].points) == expected


def test_a_gauntlet_pairs_the_first_entrant_with_each_other() -> None:
    result = run_tournament(TournamentPlan(ENTRANTS, SMESS, "gauntlet"))
    assert [(p.i, p.j) for p in result.pairings] == [(0, 1), (0, 2)]
    assert result.cross(1, 2) is None
    assert result.points(0)[1] == 8 and result.points(1)[1] == 4


def test_standings_and_cross_table_agree_with_the_pairings() -> None:
    result = run_tournament(TournamentPlan(ENTRANTS, SMESS))
    for k in range(3):
        for m in range(3):
            if k != m:
                mine, theirs = result.cross(k, m), result.cross(m, k)
                assert mine[0] + theirs[0] == mine[1] == 4
    _, head, rows = standings_table(result)
    assert head[:3] == ["rank", "entrant", "games"]
    assert [r[1] for r in rows] == [ENTRANTS[k] for k in result.standings()]
    elos = [result.ratings.elo[k] for k in result.standings()]
    assert elos == sorted(elos, reverse=True)
    _, _, cross = cross_table(result)
    assert [r[2 + i] for i, r in enumerate(cross)] == ["", "", ""]
    data = tournament_json(result)
    assert [s["entrant"] for s in data["standings"]] == [r[1] for r in rows]
    assert sum(s["points"] for s in data["standings"]) == 12


def test_stored_games_are_not_played_again(tmp_path) -> None:
    path = tmp_path / "results.sqlite"
    plan = TournamentPlan(ENTRANTS[:2], SMESS)
    played: list = []
    with ResultStore(path, "tournament", plan.settings()) as store:
        first = run_tournament(plan, store=store, progress=played.append)
    assert len(played) == 4
    bigger = TournamentPlan(ENTRANTS, dataclasses.replace(SMESS, games=6))
    with ResultStore(path, "tournament", bigger.settings()) as store:
        assert pending(bigger, store) == 2 + 6 + 6
        played.clear()
        again = run_tournament(bigger, store=store, progress=played.append)
        assert len(played) == 14 and pending(bigger, store) == 0
    assert again.pairings[0].points[:4] == first.pairings[0].points
    other = TournamentPlan(ENTRANTS, dataclasses.replace(SMESS, seed=6))
    with pytest.raises(InvalidOptions, match="other settings"):
        ResultStore(path, "tournament", other.settings())


def test_a_plan_refuses_too_few_or_repeated_entrants() -> None:
    with pytest.raises(InvalidOptions, match="at least two"):
        TournamentPlan(("random",), SMESS)
    with pytest.raises(InvalidOptions, match="'random' is given twice"):
        TournamentPlan(("random", "greedy", "random"), SMESS)


def test_the_command_prints_standings_and_writes_a_report(tmp_path) -> None:
    args = ["tournament", "smess", *ENTRANTS, "--games", "4", "--seed", "5",
            "-o", "max_plies_without_progress=30", "--out", str(tmp_path)]  # fmt: skip
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "round robin of 3 entrants, 4 games a pairing" in result.output
    assert "Standings" in result.output and "Cross table" in result.output
    report = (tmp_path / "report.md").read_text()
    assert "## Standings" in report and "## Pairings" in report
    assert (tmp_path / "ratings.png").stat().st_size > 0
    assert (tmp_path / "cross.svg").exists() and (tmp_path / "report.html").exists()
    again = runner.invoke(app, [*args, "--json", "--anchor", "random"])
    assert again.exit_code == 0, again.output
    data = json.loads(again.stdout)
    assert data["anchor"] == "random" and data["games_per_pairing"] == 4
    zero = next(s for s in data["standings"] if s["entrant"] == "random")
    assert zero["elo"] == 0


def test_levels_enter_every_computer_level_of_the_game() -> None:
    result = runner.invoke(app, ["tournament", "fortress", "random", "level:2", "--levels",
                                 "--games", "2", "--json"])  # fmt: skip
    assert result.exit_code == 0, result.output
    entrants = json.loads(result.stdout)["entrants"]
    assert entrants == ["random", "level:2", "level:1", "level:3", "level:4"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["smess", "random"], "at least two entrants"),
        (["smess", "random", "greedy", "--anchor", "level:2"], "not an entrant"),
        (["smess", "random", "nonsense:x=1"], "nonsense"),
        (["smess", "random", "random"], "given twice"),
        (["smess", "random", "greedy", "--games", "0"], "at least 1"),
        (["fortress", "random", "level:2", "--duplicate"], "two sides"),
    ],
)
def test_the_command_refuses_bad_arguments_in_one_line(args: list[str], message: str) -> None:
    result = runner.invoke(app, ["tournament", *args])
    assert result.exit_code == 2
    assert message in result.output
    assert result.output.count("\n") == 1


def test_a_sweep_shows_unbounded_ends_in_the_standings_json_and_plot(tmp_path) -> None:
    plan = TournamentPlan(("level:2", "random"), dataclasses.replace(SMESS, games=3))
    scores = score_stats("games", [None] * 3, [((), ())] * 3, False)
    sweep = Pairing(0, 1, (1.0, 1.0, 1.0), match_stats([1.0] * 3), scores)
    result = TournamentResult(plan, (sweep,), fit_ratings(2, {(0, 1): PairTally(3, 3)}))
    _, _, rows = standings_table(result)
    assert rows[0][6].endswith(", +inf]") and rows[1][6].startswith("[-inf, ")
    data = json.loads(json.dumps(tournament_json(result), allow_nan=False))
    assert data["standings"][0]["elo_ci"][1] is None and data["standings"][1]["elo_ci"][0] is None
    assert data["pairings"][0]["elo_ci"][1] is None
    md, _ = write_tournament_report(result, tmp_path, "kibitz tournament")
    assert ", +inf] |" in md.read_text() and (tmp_path / "ratings.png").stat().st_size > 0


def test_a_rerun_says_how_many_games_it_played_and_how_many_it_kept(tmp_path) -> None:
    args = ["tournament", "smess", "random", "greedy", "--games", "2",
            "-o", "max_plies_without_progress=10", "--out", str(tmp_path), "--json"]  # fmt: skip
    stored = tmp_path / "results.sqlite"
    for extra, said in (
        ([], f"2 games played now, 0 kept from {stored}"),
        ([], f"0 games played now, 2 kept from {stored}"),
        (["--games", "3"], f"1 game played now, 2 kept from {stored}"),
    ):
        result = runner.invoke(app, [*args, *extra])
        assert result.exit_code == 0, result.output
        assert said in result.stderr.splitlines() and json.loads(result.stdout)
