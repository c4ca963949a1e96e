"""The command's help reads as prose: a docstring's line breaks do not cut its sentences."""

from __future__ import annotations

import inspect
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from kibitz.cli import app, flowing


def test_flowing_joins_the_lines_of_each_paragraph_and_keeps_the_paragraphs() -> None:
    doc = """First line
        goes on here.

        Second paragraph,
        also two lines."""
    assert flowing(doc) == "First line goes on here.\n\nSecond paragraph, also two lines."


def test_every_command_has_its_docstring_as_flowing_help() -> None:
    for command in app.registered_commands:
        assert command.callback is not None
        assert command.help == flowing(inspect.getdoc(command.callback) or "")
        assert all("\n" not in p for p in command.help.split("\n\n")), command.name


def test_the_command_list_shows_each_summary_on_one_line_of_a_wide_terminal() -> None:
    result = CliRunner().invoke(app, ["--help"], env={"COLUMNS": "400"}, terminal_width=400)
    assert result.exit_code == 0
    lines = result.output.splitlines()
    for command in app.registered_commands:
        summary = (command.help or "").split("\n\n")[0]
        assert any(summary in line for line in lines), summary


def test_the_command_list_says_join_watches_a_table_too() -> None:
    result = CliRunner().invoke(app, ["--help"], env={"COLUMNS": "400"}, terminal_width=400)
    join = next(line for line in result.output.splitlines() if line.startswith("│ join "))
    assert "Play at a table of a running `kibitz serve` in the terminal app, or watch it " \
        "(--watch)," in join


@pytest.mark.parametrize("name", ["analyse", "survey", "study", "ladder"])
def test_a_command_help_shows_its_later_paragraphs_whole(name: str) -> None:
    command = next(c for c in app.registered_commands if (c.name or c.callback.__name__) == name)
    result = CliRunner().invoke(app, [name, "--help"], env={"COLUMNS": "400"}, terminal_width=400)
    assert result.exit_code == 0
    for paragraph in (command.help or "").split("\n\n"):
        assert any(paragraph in line for line in result.output.splitlines()), paragraph


def test_output_cut_short_by_its_reader_ends_quietly() -> None:
    """``kibitz games | head -1``: no error line when the reader stops reading."""
    proc = subprocess.Popen([sys.executable, "-m", "kibitz", "games"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)  # fmt: skip
    assert proc.stdout is not None
    proc.stdout.close()  # the reader leaves before the first line is written
    _, err = proc.communicate(timeout=120)
    assert err == b"" and proc.returncode == 141
