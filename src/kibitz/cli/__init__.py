"""The ``kibitz`` command line (Typer); every module of this package adds its commands."""

import importlib
import inspect
import pkgutil

from kibitz.cli.common import app


def flowing(doc: str) -> str:
    """A docstring as help text: each paragraph one line, for the help to wrap to the
    terminal (Typer keeps a docstring's line breaks)."""
    return "\n\n".join(" ".join(p.split()) for p in inspect.cleandoc(doc).split("\n\n"))


for _info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
    importlib.import_module(f"{__name__}.{_info.name}")
for _command in app.registered_commands:
    if _command.help is None and _command.callback is not None:
        _command.help = flowing(_command.callback.__doc__ or "")


def main() -> None:
    """Entry point of the ``kibitz`` console script."""
    app()


__all__ = ["app", "main"]
