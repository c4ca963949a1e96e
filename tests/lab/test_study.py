"""Variant studies: parsing, results kept as they finish, resuming, the report's numbers."""

import re

import pytest
from typer.testing import CliRunner

from kibitz.cli import app
from kibitz.core.errors import InvalidOptions, KibitzError
from kibitz.core.registry import load
from kibitz.lab.match import MatchPlan, run_match
from kibitz.lab.pages import Plots
from kibitz.lab.pool import Backend
from kibitz.lab.report import differences, figures_by_variant, write_report
from kibitz.lab.stats import NO_INTERVAL, wilson
from kibitz.lab.store import ResultStore
from kibitz.lab.study import parse_study, play_study_game, run_study, study_results
from kibitz.lab.survey import run_survey

TINY = {
    "title": "tiny",
    "game": "smess",
    "agents": ["random"],
    "games": 4,
    "max_plies": 40,
    "variants": [
        {"name": "free"},
        {"name": "printed", "options": {"promotion_requires_captured_numskull": True}},
    ],
}
runner = CliRunner()


def test_a_study_file_is_checked_before_anything_runs():
    for bad, message in (
        ({**TINY, "gmaes": 3}, "unknown keys"),
        ({**TINY, "game": "nogame"}, "nogame"),
        ({**TINY, "games": 0}, "games must be"),
        ({**TINY, "variants": [{"name": "a"}, {"name": "a"}]}, "must differ"),
        ({**TINY, "variants": [{"name": "a", "options": {"bogus": 1}}]}, "bogus"),
        ({**TINY, "agents": ["nosuchagent"]}, "nosuchagent"),
        ({**TINY, "agents": "level:1"}, r"^study: agents must be a list .*, got 'level:1'$"),
        ({**TINY, "agents": []}, "^study: agents must be a list"),
        ({**TINY, "variants": []}, r"^study: variants must be one or more \[\[variants\]\]"),
        ({**TINY, "variants": {"name": "a"}}, "^study: variants must be one or more"),
        ({**TINY, "variants": [{"name": "a", "options": "x=1"}]}, "options of variant 'a'"),
    ):
        with pytest.raises(KibitzError, match=message):
            parse_study(bad)


def test_a_game_is_scored_for_the_first_side_with_its_length_and_moves():
    study = parse_study(TINY)
    r = play_study_game(study.variants[0], study.agents, 0, 1, 40)
    assert r["seed"] == 1 and r["points"] in (0.0, 0.5, 1.0) and 0 < r["moves"] <= 40
    assert r["legal_moves"] > 1 and r["contracts"] == []
    assert r == play_study_game(study.variants[0], study.agents, 0, 1, 40)


def test_an_opening_varies_the_games_of_deterministic_agents():
    study = parse_study({**TINY, "agents": ["alphabeta:depth=1"], "opening": 4})
    assert study.settings()["opening"] == 4 and "opening" not in parse_study(TINY).settings()
    plain = [play_study_game(study.variants[0], study.agents, 0, i, 40) for i in range(3)]
    assert len({(r["moves"], r["points"], r["legal_moves"]) for r in plain}) == 1
    varied = [play_study_game(study.variants[0], study.agents, 0, i, 40, 4) for i in range(3)]
    assert len({(r["moves"], r["points"], r["legal_moves"]) for r in varied}) > 1
    assert varied[1] == play_study_game(study.variants[0], study.agents, 0, 1, 40, 4)
    with pytest.raises(InvalidOptions, match="opening must be"):
        parse_study({**TINY, "opening": -1})


def test_rook_hands_record_the_declarer_and_the_bid():
    study = parse_study({"game": "rook", "games": 1, "variants": [
        {"name": "one hand", "options": {"max_hands": 1}}]})  # fmt: skip
    r = play_study_game(study.variants[0], study.agents, 0, 0, 2000)
    (contract,) = r["contracts"]
    assert contract["seat"] in range(4) and contract["bid"] > 0


def test_an_interrupted_study_resumes_without_replaying_finished_games(tmp_path):
    study = parse_study(TINY)
    with ResultStore(tmp_path / "a.sqlite", "study", study.settings()) as store:
        whole = run_study(study, store)
    seen = []

    def stop_after_three(result):
        seen.append(result)
        if len(seen) == 3:
            raise KeyboardInterrupt

    path = tmp_path / "b.sqlite"
    with ResultStore(path, "study", study.settings()) as store, pytest.raises(KeyboardInterrupt):
        run_study(study, store, 1, stop_after_three)
    with ResultStore(path, "study", study.settings()) as store:
        assert len(store.keys()) == 3
        replayed = []
        again = run_study(study, store, 1, replayed.append)
    assert len(replayed) == 8 - 3 and again == whole
    with pytest.raises(InvalidOptions, match="other settings"):
        ResultStore(path, "study", {**study.settings(), "seed": 9})


def test_the_report_gives_the_stored_numbers(tmp_path):
    study = parse_study(TINY)
    with ResultStore(tmp_path / "r.sqlite", "study", study.settings()) as store:
        results = run_study(study, store)
        assert study_results(study, store) == results
    md, page = write_report(study, results, tmp_path, "kibitz study tiny.toml")
    text = md.read_text()
    for name in ("free", "printed"):
        mine = [r for r in results if r["variant"] == name]
        score = sum(r["points"] for r in mine) / len(mine)
        length = sum(r["moves"] for r in mine) / len(mine)
        row = re.search(rf"^\| {name} \| 4 \| ([\d.]+) \[", text, re.M)
        assert row and float(row[1]) == round(score, 3)
        assert re.search(rf"^\| {name} \|.*\| {length:.1f} (\[|\(no interval\))", text, re.M)
    assert "Differences from free" in text and "printed − free" in text
    assert (tmp_path / "scores.png").exists() and (tmp_path / "lengths.svg").exists()
    assert "<table>" in page.read_text() and 'src="scores.png"' in page.read_text()
    figs = figures_by_variant(study, results)
    assert [f.games for f in figs] == [4, 4]


def test_ray_gives_the_same_results_as_the_process_pool(tmp_path):
    import ray  # the ray extra is part of the dev install

    study = parse_study(TINY)
    plan = MatchPlan("smess", {}, "random", "greedy", 4, max_plies=40)
    fortress = load("fortress")
    with ResultStore(tmp_path / "local.sqlite", "study", study.settings()) as store:
        local = run_study(study, store, Backend("local", 2))
    local_match = sorted(run_match(plan, 2).results, key=lambda r: r.index)
    local_survey = run_survey(fortress, range(1, 31), 2, 20_000)
    try:
        with ResultStore(tmp_path / "ray.sqlite", "study", study.settings()) as store:
            assert run_study(study, store, Backend("ray", 2)) == local
        ray_match = run_match(plan, Backend("ray", 2)).results
        assert sorted(ray_match, key=lambda r: r.index) == local_match
        assert run_survey(fortress, range(1, 31), Backend("ray", 2), 20_000) == local_survey
    finally:
        ray.shutdown()


def made_up_results(lengths: list[int]) -> list[dict]:
    """Stored results of TINY's two variants, alike: every game decisive, the first side
    winning every other one, of the given lengths."""
    return [{"variant": v, "index": i, "points": float(i % 2), "moves": n,
             "legal_moves": 5.0 + i, "finished": True, "contracts": []}
            for v in ("free", "printed") for i, n in enumerate(lengths)]  # fmt: skip


def test_rates_alike_in_every_game_keep_an_honest_difference_and_lengths_say_so(tmp_path):
    """Every game decisive in both variants: the draw rate difference is +0 with Newcombe's
    interval, as wide as the rates' own; games of one length give no length interval."""
    study = parse_study(TINY)
    results = made_up_results([30] * 4)
    (row,) = differences(study, results)
    upper = wilson(0, 4)[1]  # hypot(upper - 0, 0 - 0): the base's own upper end
    assert row[2] == row[3] == f"+0.000 [{-upper:+.3f}, {upper:+.3f}]"
    assert row[4] == f"+0.0 {NO_INTERVAL}" and row[5].startswith("+0.00 [-")
    md, _ = write_report(study, results, tmp_path, "kibitz study tiny.toml")
    text = md.read_text()
    assert "| 30.0 (no interval) |" in text and "(no interval): fewer than two games" in text


def test_a_backend_is_checked():
    for args, message in (
        (("spark",), "choose one of local, ray"),
        (("local", 0), "at least 1"),
        (("local", 1, "10.0.0.1:6379"), "for the ray backend"),
    ):
        with pytest.raises(InvalidOptions, match=message):
            Backend(*args)


def test_a_study_with_changed_settings_asks_for_another_out_folder(tmp_path):
    file = tmp_path / "tiny.toml"
    file.write_text('game = "smess"\ngames = 1\nmax_plies = 10\n')
    out = ["study", str(file), "--out", str(tmp_path / "out")]
    assert runner.invoke(app, out).exit_code == 0
    file.write_text('game = "smess"\ngames = 1\nmax_plies = 12\n')
    changed = runner.invoke(app, out)
    assert changed.exit_code == 2 and "give another --out folder to start afresh" in changed.stderr


def test_a_rerun_says_how_many_games_it_played_and_how_many_it_kept(tmp_path):
    file = tmp_path / "tiny.toml"
    file.write_text('game = "smess"\ngames = 2\nmax_plies = 10\n')
    out = ["study", str(file), "--out", str(tmp_path / "out")]
    stored = tmp_path / "out" / "results.sqlite"
    for extra, said in (
        ([], f"2 games played now, 0 kept from {stored}"),
        ([], f"0 games played now, 2 kept from {stored}"),
        (["--games", "3"], f"1 game played now, 2 kept from {stored}"),
    ):
        result = runner.invoke(app, [*out, *extra])
        assert result.exit_code == 0 and said in result.stderr.splitlines()


def test_a_report_without_title_or_notes_has_no_empty_paragraphs_and_one_length_format(
    tmp_path,
):
    study = parse_study({k: v for k, v in TINY.items() if k != "title"})
    md, _ = write_report(study, made_up_results([70, 77, 94, 118]), tmp_path, "cmd")
    text = md.read_text()
    assert text.startswith("# smess: variant study\n\n8 games of 4 per variant")
    assert "\n\n\n" not in text
    assert text.count("| 75.2 / 85.5 / 100.0 |") == 2  # 75.25, 85.5, 100: one decimal each


def test_the_plots_keep_legends_off_the_data_and_whiskers_in_view(tmp_path, monkeypatch):
    drawn = {}

    def keep(plots, fig, stem, title):
        fig.canvas.draw()
        drawn[stem] = fig

    monkeypatch.setattr(Plots, "save", keep)
    write_report(parse_study(TINY), made_up_results([30, 41, 52, 80]), tmp_path, "cmd")
    for stem in ("scores", "lengths"):
        ax = drawn[stem].axes[0]
        renderer = drawn[stem].canvas.get_renderer()
        legend = ax.get_legend().get_window_extent(renderer)
        assert legend.y0 >= ax.get_window_extent(renderer).y1 - 1  # above the plotting area
    assert drawn["scores"].axes[0].get_ylim()[1] > 1.0  # a whisker's cap at 1 shows whole
    labels = [t.get_text() for t in drawn["lengths"].axes[0].get_legend().get_texts()]
    assert labels[:2] == ["median", "mean"]


def test_report_only_without_results_creates_nothing(tmp_path):
    file = tmp_path / "tiny.toml"
    file.write_text('game = "smess"\ngames = 1\n')
    result = runner.invoke(app, ["study", str(file), "--report-only", "--out",
                                 str(tmp_path / "none" / "here")])  # fmt: skip
    assert result.exit_code == 2 and "holds no results of this study yet" in result.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["tiny.toml"]
