"""Rules pages: the game's own rules for its options (``Game.rules_page()``) and its
player's guide, turned into HTML.

The guides are Markdown files shipped inside the package (``kibitz/guides/<game>.md``), so
an installed wheel serves the same pages as a source checkout. The converter handles what
the guides use: headings, paragraphs, lists, tables, code blocks, inline code/bold/italic
and links. Text is escaped first, so a guide cannot inject markup.
"""

from __future__ import annotations

import dataclasses
import html
import re
from importlib.resources import files
from typing import Any
from urllib.parse import quote

from kibitz.core.errors import InvalidOptions
from kibitz.core.registry import game_class, load

GUIDES = files("kibitz") / "guides"
"""The players' guides, one Markdown file per game (or per game package)."""


def guide(name: str) -> str | None:
    """The player's guide of the game ``name``, or None; a game without a guide of its own
    shares its package's (Chessboard reads the Fortress guide)."""
    parts = game_class(name).__module__.split(".")
    stems = [name, *parts[2:3]] if parts[:2] == ["kibitz", "games"] else [name]
    for stem in stems:
        doc = GUIDES / f"{stem}.md"
        if doc.is_file():
            return doc.read_text(encoding="utf-8")
    return None


def _link(m: re.Match[str]) -> str:
    """A Markdown link: kept for web and site addresses; a file of the repository (a
    relative path) becomes its label, as the page cannot open it."""
    label, url = m.group(1), m.group(2)
    if url.startswith(("https://", "http://", "/")) and '"' not in url:
        return f'<a href="{url}">{label}</a>'
    return label


def _inline(text: str) -> str:
    text = html.escape(text, quote=False)
    text = re.sub(r"`([^`]+)`", r"<code>\1</code>", text)
    text = re.sub(r"\[([^\]]+)\]\(([^)\s]+)\)", _link, text)
    text = re.sub(r"\*\*([^*]+)\*\*", r"<strong>\1</strong>", text)
    return re.sub(r"(?<![\w*])\*([^*\s][^*]*)\*(?!\w)", r"<em>\1</em>", text)


def markdown_to_html(text: str) -> str:
    """A small, safe Markdown subset as HTML."""
    out: list[str] = []
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.startswith("```"):
            j = i + 1
            while j < len(lines) and not lines[j].startswith("```"):
                j += 1
            code = html.escape("\n".join(lines[i + 1 : j]))
            out.append(f"<pre tabindex='0'><code>{code}</code></pre>")  # scrolls by keyboard too
            i = j + 1
        elif m := re.match(r"(#{1,6})\s+(.*)", line):
            n = len(m.group(1))
            out.append(f"<h{n}>{_inline(m.group(2))}</h{n}>")
            i += 1
        elif line.startswith("|"):
            rows = []
            while i < len(lines) and lines[i].startswith("|"):
                cells = [c.strip() for c in lines[i].strip().strip("|").split("|")]
                if not all(re.fullmatch(r":?-+:?", c) for c in cells):
                    rows.append(cells)
                i += 1
            head, *body = rows or [[]]
            first = re.sub(r"<[^>]+>", "", _inline(head[0])) if head else ""
            name = html.escape(html.unescape(first))
            out.append(  # a box of its own that scrolls sideways, by keyboard too, named
                f"<div class='sheet-wrap' role='region' tabindex='0' aria-label='Table: {name}'>"
                "<table><thead><tr>" + "".join(f"<th>{_inline(c)}</th>" for c in head)
                + "</tr></thead><tbody>"
                + "".join(
                    "<tr>" + "".join(f"<td>{_inline(c)}</td>" for c in r) + "</tr>" for r in body
                )
                + "</tbody></table></div>"
            )
        elif re.match(r"\s*([-*]|\d+\.)\s+", line):
            tag = "ol" if re.match(r"\s*\d+\.", line) else "ul"
            items: list[str] = []
            while i < len(lines) and lines[i].strip():
                m2 = re.match(r"\s*([-*]|\d+\.)\s+(.*)", lines[i])
                if m2:
                    items.append(m2.group(2))
                elif items:
                    items[-1] += " " + lines[i].strip()
                i += 1
            out.append(f"<{tag}>" + "".join(f"<li>{_inline(x)}</li>" for x in items) + f"</{tag}>")
        elif line.strip():
            para = []
            while i < len(lines) and lines[i].strip() and not re.match(
                r"(#|```|\||\s*([-*]|\d+\.)\s)", lines[i]
            ):
                para.append(lines[i].strip())
                i += 1
            out.append(f"<p>{_inline(' '.join(para))}</p>")
        else:
            i += 1
    return "\n".join(out)


def preset_names(name: str) -> list[str]:
    """The presets a rules page may be asked for (``?preset=``): none where the game's options
    have no ``preset``."""
    cls = game_class(name)
    named = "preset" in {f.name for f in dataclasses.fields(cls.options_class)}
    return list(cls.presets) if named else []


def rules_links(name: str) -> str:
    """Links to ``name``'s rules pages (markup): one a preset, or the one page."""
    page = f"/rules/{quote(name)}"
    names = preset_names(name)
    if not names:
        return f"<a href='{page}'>The {html.escape(name)} rules</a>"
    links = ", ".join(f"<a href='{page}?preset={quote(p)}'>{html.escape(p)}</a>" for p in names)
    return f"Each preset's rules: {links}."


def rules_html(
    name: str, preset: str | None = None, options: dict[str, Any] | None = None
) -> str:
    """The body of ``name``'s rules page: the rules as the game resolves its options (a
    table's ``options``, or ``preset`` where given), then the game's guide; else the game's
    summary.

    A preset for a game without presets, or an unknown one, is an InvalidOptions naming
    the choices.
    """
    options = dict(options or {})
    if preset is not None:
        if not preset_names(name):
            raise InvalidOptions(f"{name} has no presets; its rules page is /rules/{name}")
        options["preset"] = preset
    game = load(name, **options)
    parts = []
    generated = game.rules_page()
    if generated:
        parts.append(f"<section id='game-rules'>{markdown_to_html(generated)}</section>")
    text = guide(name)
    if text is not None:
        parts.append(markdown_to_html(text))
    if not parts:
        parts.append(f"<h1>{html.escape(name)}</h1><p>{html.escape(game.summary)}</p>")
    return "\n".join(parts)
