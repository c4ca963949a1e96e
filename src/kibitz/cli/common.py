"""Shared pieces of the ``kibitz`` command: the app, error handling and option parsing."""

from __future__ import annotations

import functools
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any, NoReturn, TypeVar

import typer

from kibitz.core.errors import InvalidRecord, KibitzError
from kibitz.core.game import Game
from kibitz.core.options import parse_option_text
from kibitz.core.registry import game_class

app = typer.Typer(
    name="kibitz",
    help="Play, analyse and study five games where chess meets cards.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

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
