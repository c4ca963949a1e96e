"""A tournament's figures for people and programs: the standings (rating, interval, points,
likelihood of superiority), the cross table, each pairing's match figures, the JSON object,
and the written report with its plots."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

from kibitz.lab.pages import Plots, Table, write_pages
from kibitz.lab.stats import bound_json, elo_text
from kibitz.lab.tournament import TournamentResult


def standings_table(result: TournamentResult) -> Table:
    """Rank, entrant, games, points, score, Elo with its 95% interval, and the likelihood
    that each is stronger than the next below it."""
    unit = result.plan.match.unit
    order = result.standings()
    ratings = result.ratings
    rows = []
    for rank, k in enumerate(order, 1):
        pts, games = result.points(k)
        lo, hi = ratings.elo_ci[k]
        below = order[rank] if rank < len(order) else None
        los = f"{ratings.superiority(k, below):.1%}" if below is not None else ""
        rows.append([str(rank), result.plan.entrants[k], str(games), f"{pts:g}",
                     f"{pts / games:.3f}", elo_text(ratings.elo[k]),
                     f"[{elo_text(lo)}, {elo_text(hi)}]", los])  # fmt: skip
    return ("Standings", ["rank", "entrant", unit, "points", "score", "Elo", "95% interval",
                          "stronger than next"], rows)  # fmt: skip


def cross_table(result: TournamentResult) -> Table:
    """Each entrant's points against each other (row against column), in rank order."""
    order = result.standings()
    rows = []
    for rank, k in enumerate(order, 1):
        cells = []
        for m in order:
            met = result.cross(k, m)
            cells.append("" if m == k else "-" if met is None else f"{met[0]:g}/{met[1]}")
        rows.append([str(rank), result.plan.entrants[k], *cells])
    return ("Cross table (points of the row against the column)",
            ["rank", "entrant", *[str(r) for r in range(1, len(order) + 1)]], rows)  # fmt: skip


def pairings_table(result: TournamentResult) -> Table:
    """Every pairing as a match: wins, draws and losses of the first, its score and Elo
    difference with 95% intervals, and the score figures the game gives."""
    names = result.plan.entrants
    rows = []
    extra = any(p.scores.to_json() for p in result.pairings)
    for p in result.pairings:
        s = p.stats
        row = [names[p.i], names[p.j], str(s.games), f"+{s.wins} ={s.draws} -{s.losses}",
               f"{s.score:.3f} [{s.score_ci[0]:.3f}, {s.score_ci[1]:.3f}]",
               f"{elo_text(s.elo)} [{elo_text(s.elo_ci[0])}, {elo_text(s.elo_ci[1])}]"]  # fmt: skip
        if extra:
            row.append("; ".join(p.scores.summary_lines()))
        rows.append(row)
    head = ["first", "second", result.plan.match.unit, "first's +W =D -L", "score [95%]",
            "Elo difference [95%]", *(["points, boards, contracts"] if extra else [])]  # fmt: skip
    return ("Pairings", head, rows)


def tournament_json(result: TournamentResult) -> dict[str, Any]:
    """The tournament as one JSON object: settings, standings, ratings and pairings (an
    unbounded interval end is null)."""
    plan, ratings = result.plan, result.ratings
    m = plan.match
    standings = []
    for rank, k in enumerate(result.standings(), 1):
        pts, games = result.points(k)
        standings.append({
            "rank": rank, "entrant": plan.entrants[k], "games": games, "points": pts,
            "score": pts / games, "elo": ratings.elo[k],
            "elo_ci": [bound_json(x) for x in ratings.elo_ci[k]],
        })  # fmt: skip
    n = len(plan.entrants)
    return {
        "game": m.game, "options": m.options, "format": plan.format, "unit": m.unit,
        "games_per_pairing": m.games, "seed": m.seed, "duplicate": m.duplicate,
        "opening": m.opening, "entrants": list(plan.entrants),
        "anchor": None if result.anchor is None else plan.entrants[result.anchor],
        "standings": standings,
        "superiority": [[None if i == j else ratings.superiority(i, j) for j in range(n)]
                        for i in range(n)],
        "pairings": [{"first": plan.entrants[p.i], "second": plan.entrants[p.j],
                      **p.stats.to_json(), **p.scores.to_json()} for p in result.pairings],
    }  # fmt: skip


def describe(result: TournamentResult) -> str:
    """One sentence on how the tournament was played."""
    plan = result.plan
    m = plan.match
    kind = "gauntlet (the first against each other)" if plan.format == "gauntlet" else "round robin"
    unit = m.unit if m.games != 1 else m.unit[:-1]
    bits = [f"{m.game} {kind} of {len(plan.entrants)} entrants, {m.games} {unit} a pairing"]
    if m.duplicate:
        bits.append("duplicate deals (each deal twice, seats swapped)")
    if m.opening:
        bits.append(f"{m.opening} random opening plies")
    bits.append(f"seeds from {m.seed}, the same in every pairing")
    if m.options:
        bits.append("options " + ", ".join(f"{k}={v}" for k, v in m.options.items()))
    zero = plan.entrants[result.anchor] if result.anchor is not None else "the entrants' mean"
    return "; ".join(bits) + f". Elo 0 is {zero}."


def _plots(result: TournamentResult, out: Path) -> list[tuple[str, str]]:
    """The ratings with their intervals, and the cross table as a heat map."""
    plots = Plots(out)
    plt = plots.plt
    order = result.standings()
    names = [result.plan.entrants[k] for k in order]
    elo = [result.ratings.elo[k] for k in order]
    ends = [result.ratings.elo_ci[k] for k in order]
    finite = [x for x in (*elo, *(x for end in ends for x in end)) if math.isfinite(x)]
    pad = 0.08 * (max(finite) - min(finite) or 100.0)
    left, right = min(finite) - pad, max(finite) + pad
    fig, ax = plt.subplots(figsize=(7, 0.5 * len(order) + 1.4))
    ys = list(range(len(order)))[::-1]
    lo = [e - max(a, left) for e, (a, _) in zip(elo, ends, strict=True)]
    hi = [min(b, right) - e for e, (_, b) in zip(elo, ends, strict=True)]
    ax.errorbar(elo, ys, xerr=[lo, hi], fmt="o", capsize=4)
    for y, (a, b) in zip(ys, ends, strict=True):  # an unbounded end: an arrow at the edge
        for end, edge, mark in ((a, left, "<"), (b, right, ">")):
            if math.isinf(end):
                ax.plot(edge, y, marker=mark, color="tab:blue", markersize=8, clip_on=False)
    ax.set_xlim(left, right)
    ax.set_yticks(ys, names)
    ax.axvline(0, color="grey", lw=0.8, ls="--")
    ax.set_xlabel("Elo (95% interval; an arrow: no bound on that side)")
    plots.save(fig, "ratings", "Ratings")

    size = len(order)
    grid = [[float("nan")] * size for _ in range(size)]
    for r, k in enumerate(order):
        for c, m in enumerate(order):
            met = result.cross(k, m) if k != m else None
            if met:
                grid[r][c] = met[0] / met[1]
    fig, ax = plt.subplots(figsize=(1.1 * size + 3, 0.8 * size + 1.4))
    image = ax.imshow(grid, cmap="RdYlGn", vmin=0, vmax=1)
    for r in range(size):
        for c in range(size):
            if grid[r][c] == grid[r][c]:  # not NaN: the pair met
                ax.text(c, r, f"{grid[r][c]:.2f}", ha="center", va="center", fontsize=9)
    ax.set_xticks(range(size), [str(k) for k in range(1, size + 1)])
    ax.set_yticks(range(size), [f"{k}. {n}" for k, n in enumerate(names, 1)])
    ax.set_xlabel("against (rank)")
    fig.colorbar(image, ax=ax, label="score of the row")
    plots.save(fig, "cross", "Cross table: score of the row against the column")
    return plots.drawn


def write_tournament_report(result: TournamentResult, out: Path, command: str) -> tuple[Path, Path]:
    """Write ``report.md`` and ``report.html`` with the tables and plots into ``out``."""
    out.mkdir(parents=True, exist_ok=True)
    plots = _plots(result, out)
    notes = ("The ratings are one Bradley-Terry (Elo) fit of every game at once; a pairing won "
             "or lost whole counts half a game less. An interval end of ±inf is one the games "
             "do not bound: an entrant who won every game could be rated higher without limit "
             "(one who lost every game lower), and as that moves the zero (the anchor, or the "
             "mean of all) the others' opposite ends go too. Stronger than next: the "
             "likelihood that the entrant is stronger than the one ranked below it.")  # fmt: skip
    return write_pages(
        out, f"{result.plan.match.game}: tournament",
        [describe(result), notes, f"Report written by `{command}`."], [],
        [standings_table(result), cross_table(result), pairings_table(result)], plots,
    )
