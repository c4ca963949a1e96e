"""The ``kibitz`` command line (Typer); every module of this package adds its commands."""

import importlib
import pkgutil

from kibitz.cli.common import app

for _info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
    importlib.import_module(f"{__name__}.{_info.name}")


def main() -> None:
    """Entry point of the ``kibitz`` console script."""
    app()


__all__ = ["app", "main"]
