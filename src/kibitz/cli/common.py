"""Shared pieces of the ``kibitz`` command: the app, error handling and option parsing."""

from __future__ import annotations

import functools
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any, NoReturn, TypeVar

import typer
from typer.core import TyperGroup

from kibitz.core.errors import InvalidRecord, KibitzError
from kibitz.core.game import Game
from kibitz.core.options import parse_option_text
from kibitz.core.registry import game_class


class Commands(TyperGroup):
    """The ``kibitz`` commands, whose argument errors (a bad value, a missing argument, an
    unknown option or command) are one line with status 2, as every other user error."""

    def main(self, *args: Any, **kwargs: Any) -> NoReturn:
        try:
            code = super().main(*args, **{**kwargs, "standalone_mode": False})
        except typer.TyperException as exc:  # the parser's errors
            typer.echo(f"error: {exc.format_message()} (see --help)", err=True)
            sys.exit(exc.exit_code)
        except typer.Abort:  # Ctrl-C at a prompt
            sys.exit(130)
        sys.exit(code if isinstance(code, int) else 0)


app = typer.Typer(
    name="kibitz",
    cls=Commands,
    help="Play, analyse and study five games where chess meets cards.",
    add_completion=False,
    pretty_exceptions_enable=False,
)



@app.callback(invoke_without_command=True)
def commands(ctx: typer.Context) -> None:
    """Without a command, the list of commands (as ``--help``)."""
    if ctx.invoked_subcommand is None:
        typer.echo(ctx.get_help())


F = TypeVar("F", bound=Callable[..., Any])

OptionsArg = Annotated[
    list[str] | None,
    typer.Option("--option", "-o", help="A game option KEY=VALUE; repeat for more."),
]


def fail(message: str) -> NoReturn:
    """Print one clear line on stderr and exit with status 2 (a user error)."""
    typer.echo(f"error: {message}", err=True)
    raise typer.Exit(2)


def user_errors(func: F) -> F:
    """Turn kibitz's typed errors and unreadable files into one line and exit status 2 (and
    output cut short by its reader into a quiet exit)."""

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return func(*args, **kwargs)
        except KibitzError as exc:
            fail(str(exc))
        except BrokenPipeError:  # the reader left (``| head``): stop quietly, as Unix tools do
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            sys.exit(141)
        except OSError as exc:
            fail(f"{exc.filename or ''}: {exc.strerror or exc}".lstrip(": "))
        except KeyboardInterrupt:
            typer.echo("interrupted", err=True)
            sys.exit(130)

    return wrapper  # type: ignore[return-value]


def make_game(name: str, option_pairs: list[str] | None) -> Game:
    """The game ``name`` with ``-o KEY=VALUE`` options parsed and validated."""
    cls = game_class(name)
    return cls(**parse_option_text(cls.options_class, option_pairs or []))


def read_text(path: Path) -> str:
    """A file's text, or stdin for ``-``; InvalidRecord if it is not UTF-8 text (a record
    or a study is)."""
    try:
        return sys.stdin.read() if str(path) == "-" else path.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise InvalidRecord(
            f"{path}: not UTF-8 text (byte {exc.object[exc.start]:#04x} at {exc.start})"
        ) from exc
