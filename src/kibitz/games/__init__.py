"""One package per game; each lists its Game classes in ``GAMES`` for the registry.

Importing this package rebinds the attribute ``kibitz.games`` from the function
``kibitz.games()`` to this module, so the module is made callable with the same meaning.
"""

import sys
import types


class _GamesModule(types.ModuleType):
    """This package, callable as ``kibitz.games()`` to list the registered game names."""

    def __call__(self) -> list[str]:
        from kibitz.core.registry import games

        return games()


sys.modules[__name__].__class__ = _GamesModule
