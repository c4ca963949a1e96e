"""The lab's written reports: one Markdown and one HTML page from the same paragraphs,
tables and plots, and the plots saved as PNG (shown) and SVG (for print)."""

from __future__ import annotations

import html
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

Table = tuple[str, Sequence[str], Sequence[Sequence[str]]]
"""A table: its title, its header and its rows of cells."""

STYLE = ("body{font-family:sans-serif;max-width:60em;margin:auto}table{border-collapse:"
         "collapse}td,th{border:1px solid #ccc;padding:.2em .5em}")  # fmt: skip


class Plots:
    """Figures drawn with matplotlib (headless) and saved into a folder."""

    def __init__(self, out: Path) -> None:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        self.plt = plt
        self.out = out
        self.drawn: list[tuple[str, str]] = []
        """(title, PNG name) of each figure saved."""

    def save(self, fig: Any, stem: str, title: str) -> None:
        """Save ``fig`` as ``stem.png`` and ``stem.svg`` and close it."""
        fig.tight_layout()
        for ext in ("png", "svg"):
            fig.savefig(self.out / f"{stem}.{ext}", dpi=110)
        self.plt.close(fig)
        self.drawn.append((title, f"{stem}.png"))


def write_pages(
    out: Path,
    title: str,
    paragraphs: Sequence[str],
    bullets: Sequence[str],
    tables: Sequence[Table],
    plots: Sequence[tuple[str, str]],
) -> tuple[Path, Path]:
    """Write ``report.md`` and ``report.html`` into ``out``: the title, the paragraphs (empty
    ones left out), the bullet list, each table and each plot ``(title, PNG name)``."""
    md = [f"# {title}", ""]
    page = [f"<h1>{html.escape(title)}</h1>"]
    for text in filter(None, paragraphs):
        md += [text, ""]
        page.append(f"<p>{_html(text)}</p>")
    if bullets:
        md += [*[f"- {b}" for b in bullets], ""]
        page += ["<ul>", *[f"<li>{_html(b)}</li>" for b in bullets], "</ul>"]
    for name, head, rows in tables:
        md += [f"## {name}", "", "| " + " | ".join(head) + " |",
               "|" + "---|" * len(head), *["| " + " | ".join(r) + " |" for r in rows], ""]
        page += [f"<h2>{html.escape(name)}</h2>", "<table>",
                 "<tr>" + "".join(f"<th>{html.escape(h)}</th>" for h in head) + "</tr>",
                 *["<tr>" + "".join(f"<td>{_html(c)}</td>" for c in r) + "</tr>"
                   for r in rows], "</table>"]  # fmt: skip
    for name, png in plots:
        md += [f"## {name}", "", f"![{name}]({png})", ""]
        page += [f"<h2>{html.escape(name)}</h2>", f'<img src="{png}" alt="{html.escape(name)}">']
    md_path, html_path = out / "report.md", out / "report.html"
    md_path.write_text("\n".join(md), encoding="utf-8")
    html_path.write_text(
        f"<!doctype html><html><head><meta charset='utf-8'><title>{html.escape(title)}"
        f"</title><style>{STYLE}</style></head><body>{''.join(page)}</body></html>",
        encoding="utf-8",
    )
    return md_path, html_path


def _html(text: str) -> str:
    """Markdown text as HTML: escaped, with `code` spans kept as code."""
    return re.sub(r"`([^`]*)`", r"<code>\1</code>", html.escape(text))


def text_table(head: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    """A table as aligned plain text (for the terminal): text columns to the left, figures
    to the right."""
    widths = [max(len(str(c)) for c in col) for col in zip(head, *rows, strict=True)]
    numeric = [all(_figure(r[k]) for r in rows) for k in range(len(head))]

    def line(cells: Sequence[str]) -> str:
        padded = (c.rjust(w) if num else c.ljust(w)
                  for c, w, num in zip(cells, widths, numeric, strict=True))
        return "  ".join(padded).rstrip()

    return "\n".join([line(head), *[line(r) for r in rows]])


def _figure(cell: str) -> bool:
    """Whether a cell reads as a figure (right-aligned in text tables)."""
    return bool(cell) and (cell[0].isdigit() or cell[0] in "+-[" or cell == "-")
