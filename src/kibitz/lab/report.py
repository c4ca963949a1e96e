"""A study's report from its stored results: figures per variant, differences, plots.

Per variant: the first seat's side's score (1 win, 1/2 draw, 0 loss; one player: the win
rate) with its 95% interval, the draw and decisive rates (Wilson intervals), the game length
(moves by the players) and its distribution, the mean number of legal moves at a decision,
and in games with bidding the declarers' success by bid. Every variant after the first is
compared with the first: the score, draw and decisive rates by Newcombe's hybrid score
interval (from the two variants' own intervals, which keeps its width at 0 and 1), the means
of length and legal moves by the normal interval of independent samples (none where the
values give no spread).
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kibitz.lab.pages import Plots, write_pages
from kibitz.lab.stats import (
    NO_INTERVAL,
    Interval,
    interval_text,
    match_stats,
    mean_difference,
    mean_interval,
    proportion_difference,
    wilson,
)
from kibitz.lab.study import Study


@dataclass(frozen=True)
class VariantFigures:
    """The figures of one variant's games."""

    name: str
    games: int
    score: float
    score_ci: Interval
    draws: int
    draw_ci: Interval
    decisive: int
    decisive_ci: Interval
    finished: int
    length_mean: float
    length_ci: Interval | None
    length_quartiles: tuple[float, float, float]
    lengths: tuple[int, ...]
    legal_moves: float
    bids: dict[int, tuple[int, int]]
    """Bid -> (contracts at that bid, contracts made)."""


def variant_figures(name: str, results: list[dict[str, Any]]) -> VariantFigures:
    """The figures of one variant from its stored game results."""
    n = len(results)
    stats = match_stats([r["points"] for r in results])
    lengths = tuple(r["moves"] for r in results)
    mean, ci = mean_interval(lengths)
    q = statistics.quantiles(lengths, n=4, method="inclusive") if n > 1 else [mean] * 3
    bids: dict[int, list[int]] = {}
    for r in results:
        for c in r["contracts"]:
            tally = bids.setdefault(c["bid"], [0, 0])
            tally[0] += 1
            tally[1] += bool(c["made"])
    decisive = stats.wins + stats.losses
    return VariantFigures(
        name, n, stats.score, stats.score_ci, stats.draws, wilson(stats.draws, n),
        decisive, wilson(decisive, n), sum(r["finished"] for r in results), mean, ci,
        (q[0], q[1], q[2]), lengths, sum(r["legal_moves"] for r in results) / n,
        {b: (t[0], t[1]) for b, t in sorted(bids.items())},
    )  # fmt: skip


def figures_by_variant(study: Study, results: list[dict[str, Any]]) -> list[VariantFigures]:
    """Figures of every variant that has results, in the study's order."""
    out = []
    for v in study.variants:
        mine = [r for r in results if r["variant"] == v.name]
        if mine:
            out.append(variant_figures(v.name, mine))
    return out


def differences(study: Study, results: list[dict[str, Any]]) -> list[list[str]]:
    """Table rows: each variant against the first, for score, draw and decisive rates,
    length and legal moves."""
    figs = {f.name: f for f in figures_by_variant(study, results)}
    by = {v.name: [r for r in results if r["variant"] == v.name] for v in study.variants}
    base_name = study.variants[0].name
    base = figs.get(base_name)
    rows = []
    for v in study.variants[1:]:
        other = figs.get(v.name)
        if base is None or other is None:
            continue
        rates = [
            proportion_difference(base.score, base.score_ci, other.score, other.score_ci),
            proportion_difference(base.draws / base.games, base.draw_ci,
                                  other.draws / other.games, other.draw_ci),
            proportion_difference(base.decisive / base.games, base.decisive_ci,
                                  other.decisive / other.games, other.decisive_ci),
        ]  # fmt: skip
        means = [
            mean_difference([pick(r) for r in by[base_name]], [pick(r) for r in by[v.name]])
            for pick in (lambda r: float(r["moves"]), lambda r: r["legal_moves"])
        ]
        cells = zip([*rates, *means], ["{:+.3f}"] * 3 + ["{:+.1f}", "{:+.2f}"], strict=True)
        rows.append([f"{v.name} − {base_name}",
                     *(f"{fmt.format(d)} {interval_text(ci, fmt)}" for (d, ci), fmt in cells)])
    return rows


def _legend_above(
    ax: Any, columns: int = 3, handles: Sequence[Any] = (), labels: Sequence[str] = ()
) -> None:
    """A legend above the axes, where it covers no bar, point or whisker."""
    extra = {"handles": handles, "labels": labels} if handles else {}
    ax.legend(**extra, loc="lower center", bbox_to_anchor=(0.5, 1.0), ncol=columns, fontsize=8,
              frameon=False)  # fmt: skip


def _share_axis(ax: Any, label: str, below: float = 0.0) -> None:
    """A y axis of shares from 0 to 1, with room above 1 (and ``below`` 0) for the whiskers'
    caps and the points drawn there."""
    ax.set_ylim(-below, 1.06)
    ax.set_yticks([0, 0.2, 0.4, 0.6, 0.8, 1.0])
    ax.set_ylabel(label)


def _plots(figs: list[VariantFigures], out: Path) -> list[tuple[str, str]]:
    """Draw the plots as PNG and SVG in ``out``; (title, PNG name) of each."""
    plots = Plots(out)
    plt, save = plots.plt, plots.save
    from matplotlib.patches import Patch  # matplotlib is loaded only to draw

    names = [f.name for f in figs]
    x = range(len(figs))

    fig, ax = plt.subplots(figsize=(7, 3.8))
    for k, (label, val, ci) in enumerate(
        (("first side's score", "score", "score_ci"),
         ("draw rate", "draws", "draw_ci"),
         ("decisive rate", "decisive", "decisive_ci"))
    ):  # fmt: skip
        vals = [getattr(f, val) if val == "score" else getattr(f, val) / f.games for f in figs]
        lo = [v - getattr(f, ci)[0] for v, f in zip(vals, figs, strict=True)]
        hi = [getattr(f, ci)[1] - v for v, f in zip(vals, figs, strict=True)]
        ax.bar([i + (k - 1) * 0.27 for i in x], vals, 0.27, yerr=[lo, hi], capsize=3, label=label)
    ax.axhline(0.5, color="grey", lw=0.8, ls="--")
    ax.set_xticks(list(x), names, rotation=15)
    _share_axis(ax, "share of games (95% interval)")
    _legend_above(ax)
    save(fig, "scores", "First side's score, draw and decisive rates")

    fig, ax = plt.subplots(figsize=(7, 3.8))
    box = ax.boxplot([f.lengths for f in figs], showmeans=True)
    ax.set_xticks([i + 1 for i in x], names, rotation=15)
    ax.set_ylabel("moves per game")
    quartiles = Patch(fill=False, edgecolor="black")
    _legend_above(ax, 2, [box["medians"][0], box["means"][0], quartiles, box["whiskers"][0]],
                  ["median", "mean", "box: the middle half of the games",
                   "whiskers: the rest within 1.5 box heights (circles beyond)"])  # fmt: skip
    save(fig, "lengths", "Game length (moves by the players)")

    fig, ax = plt.subplots(figsize=(7, 3.2))
    ax.bar(list(x), [f.legal_moves for f in figs], color="tab:green")
    ax.set_xticks(list(x), names, rotation=15)
    ax.set_ylabel("legal moves per decision")
    save(fig, "legal_moves", "Average number of legal moves")

    if any(f.bids for f in figs):
        fig, ax = plt.subplots(figsize=(7, 3.8))
        for f in figs:
            bids = [b for b, (n, _) in f.bids.items() if n]
            ax.plot(bids, [f.bids[b][1] / f.bids[b][0] for b in bids], marker="o", label=f.name)
        ax.set_xlabel("bid")
        _share_axis(ax, "contracts made", 0.06)
        _legend_above(ax)
        save(fig, "bids", "Declarer's success rate by bid")
    return plots.drawn


def _pct(ci: Interval) -> str:
    return f"[{ci[0]:.1%}, {ci[1]:.1%}]"


def report_tables(study: Study, results: list[dict[str, Any]]) -> list[tuple[str, list, list]]:
    """The report's tables: (title, header, rows)."""
    figs = figures_by_variant(study, results)
    main = [
        [f.name, str(f.games), f"{f.score:.3f} [{f.score_ci[0]:.3f}, {f.score_ci[1]:.3f}]",
         f"{f.draws / f.games:.1%} {_pct(f.draw_ci)}",
         f"{f.decisive / f.games:.1%} {_pct(f.decisive_ci)}",
         f"{f.length_mean:.1f} {interval_text(f.length_ci, '{:.1f}')}",
         " / ".join(f"{q:.1f}" for q in f.length_quartiles), f"{f.legal_moves:.2f}",
         f"{f.games - f.finished}"]
        for f in figs
    ]  # fmt: skip
    tables = [(
        "Variants",
        ["variant", "games", "first side's score [95%]", "draw rate [95%]",
         "decisive rate [95%]", "length, mean [95%]", "length quartiles",
         "legal moves", "capped"],
        main,
    )]  # fmt: skip
    diffs = differences(study, results)
    if diffs:
        tables.append((
            f"Differences from {study.variants[0].name} (95% intervals)",
            ["variants", "score", "draw rate", "decisive rate", "length", "legal moves"],
            diffs,
        ))  # fmt: skip
    bid_rows = []
    for f in figs:
        tallies = [(str(b), n, m) for b, (n, m) in f.bids.items()]
        if tallies:
            total = ("all", sum(t[1] for t in tallies), sum(t[2] for t in tallies))
            bid_rows += [[f.name, b, str(n), str(m), f"{m / n:.1%} {_pct(wilson(m, n))}"]
                         for b, n, m in [total, *tallies]]  # fmt: skip
    if bid_rows:
        tables.append(("Declarer's success by bid",
                       ["variant", "bid", "contracts", "made", "success [95%]"], bid_rows))
    return tables


def write_report(
    study: Study, results: list[dict[str, Any]], out: Path, command: str
) -> tuple[Path, Path]:
    """Write ``report.md`` and ``report.html`` (and the plots) into ``out``."""
    out.mkdir(parents=True, exist_ok=True)
    figs = figures_by_variant(study, results)
    plots = _plots(figs, out) if figs else []
    tables = report_tables(study, results)
    intro = (
        f"{len(results)} games of {study.games} per variant; agents by seat: "
        f"{', '.join(f'`{a}`' for a in study.agents)}; seeds {study.seed} to "
        f"{study.seed + study.games - 1} (the same deals in every variant)"
        + (f", each game opening with {study.opening} random moves drawn from its seed"
           if study.opening else "")
        + ". The first side is "
        "the first seat's side (in one-player games the score is the win rate). Length: moves "
        "made by the players. Capped: games ended by a cap (the study's move cap, or one set in "
        "the options such as a hand limit) rather than by the rules."
    )
    if any(NO_INTERVAL in cell for _, _, rows in tables for row in rows for cell in row):
        intro += (f" {NO_INTERVAL}: fewer than two games, or games all alike, give no measure "
                  "of the spread, so no interval is claimed.")
    variants = [f"`{v.name}`: {v.game} {v.options or '(defaults)'}" for v in study.variants]
    return write_pages(out, study.title, [study.notes, intro, f"Report written by `{command}`."],
                       variants, tables, plots)
