"""Game options as framework parameters: defaults, OpenSpiel's typed parameters and back.

The adapters start from each game's *length defaults* (``Game.length_defaults``: the
options that give every game a finite length) over the option defaults:
``research_game("smess")`` is Smess with the no-progress draw at 100 plies, finite for
OpenSpiel's ``max_game_length``; ``research_game("cardmate")`` stops at 300 plies.

OpenSpiel parameters are typed scalars whose type is fixed by their default. An option of
type bool, int, float or str (a Literal of strings too) is a parameter of that type; an
``int | None`` option is an int parameter where ``-1`` means None; any other option (lists,
maps, mixed types) is a str parameter in the command line's text form (``kibitz ... -o``),
with ``;`` between items where the command line has ``,`` (OpenSpiel's game strings split
on commas), and ``""`` for the default.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable
from typing import Any, Literal

import numpy as np

from kibitz.core.errors import InvalidOptions
from kibitz.core.game import Game, State
from kibitz.core.options import parse_option_text
from kibitz.core.registry import game_class

DEFAULT_DEALS = 32000
"""How many deals (numbers ``1..deals``) a seeded game's deal is drawn from by default
(Fortress's 1..31999 are the Microsoft FreeCell-compatible numbers)."""
DRAWS = 1000
"""How many deals an environment draws at most looking for one with a move to make."""
NONE_INT = -1
"""The int parameter value that stands for None in an ``int | None`` option."""
DEFAULT_TEXT = ""
"""The text parameter value that stands for the option's (research) default."""


def research_options(cls: type[Game], given: dict[str, Any] | None = None) -> dict[str, Any]:
    """The keyword options of a research game: the length defaults, then ``given``."""
    return {**cls.length_defaults, **(given or {})}


def research_game(name: str, **options: Any) -> Game:
    """The game ``name`` with the length defaults under ``options`` (validated)."""
    cls = game_class(name)
    return cls(**research_options(cls, options))


def _kind(tp: Any) -> str:
    """How an option type travels as a parameter: ``bool``, ``int``, ``float``, ``str``,
    ``optional_int`` or ``text``."""
    if tp in (bool, int, float, str):
        return tp.__name__
    origin = typing.get_origin(tp)
    if origin is Literal and all(isinstance(v, str) for v in typing.get_args(tp)):
        return "str"
    if origin in (typing.Union, types.UnionType) and set(typing.get_args(tp)) == {
        int,
        type(None),
    }:
        return "optional_int"
    return "text"


def _defaults(cls: type[Game]) -> dict[str, Any]:
    """Every option's research default, by name."""
    values = cls.options_class(**research_options(cls))
    return {f.name: getattr(values, f.name) for f in dataclasses.fields(values)}


def _kinds(cls: type[Game]) -> dict[str, str]:
    hints = typing.get_type_hints(cls.options_class)
    return {f.name: _kind(hints[f.name]) for f in dataclasses.fields(cls.options_class)}


def parameter_specification(cls: type[Game]) -> dict[str, Any]:
    """OpenSpiel's parameter specification of a game: each option with its default."""
    spec: dict[str, Any] = {}
    defaults = _defaults(cls)
    for name, kind in _kinds(cls).items():
        value = defaults[name]
        if kind == "optional_int":
            spec[name] = NONE_INT if value is None else value
        elif kind == "text":
            spec[name] = DEFAULT_TEXT
        else:
            spec[name] = value
    return spec


def options_from_parameters(cls: type[Game], params: dict[str, Any]) -> dict[str, Any]:
    """The game's keyword options from OpenSpiel parameters (unknown names are left out,
    for the adapter's own parameters)."""
    kinds = _kinds(cls)
    out = research_options(cls)
    for name, value in params.items():
        kind = kinds.get(name)
        if kind is None:
            continue
        if kind == "optional_int":
            if not isinstance(value, int) or value < NONE_INT:
                raise InvalidOptions(
                    f"parameter {name!r} must be an integer, {NONE_INT} for none; got {value!r}"
                )
            out[name] = None if value == NONE_INT else value
        elif kind == "text":
            if value != DEFAULT_TEXT:
                text = str(value).replace(";", ",")
                out.update(parse_option_text(cls.options_class, [f"{name}={text}"]))
        else:
            out[name] = value
    return out


def _text(value: Any) -> str:
    """An option value in the command line's text form, ``;`` between items."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return ";".join(f"{k}:{v}" for k, v in value.items())
    if isinstance(value, (list, tuple)):
        return ";".join(_text(v) for v in value)
    return str(value)


def parameters_from_game(game: Game) -> dict[str, Any]:
    """The OpenSpiel parameters that load a game with exactly ``game``'s options."""
    cls = type(game)
    defaults = _defaults(cls)
    params: dict[str, Any] = {}
    for name, kind in _kinds(cls).items():
        value = getattr(game.options, name)
        if kind == "optional_int":
            params[name] = NONE_INT if value is None else value
        elif kind != "text":
            params[name] = value
        elif value != defaults[name]:
            params[name] = _text(value)
    return params


def start_state(game: Game, draw: Callable[[int], int], deal: int | None = None) -> State:
    """The first state of an environment's episode. A seeded game plays deal number
    ``deal``, or one drawn by ``draw(DEFAULT_DEALS)`` (a number in ``1..DEFAULT_DEALS``),
    skipping deals already over before the first move (some Fortress deals have no legal
    move at all), so that a drawn episode always has a move to make. Other games start
    without a seed: the environment plays their chance nodes."""
    if game.chance_mode() != "seeded":
        if deal is not None:
            raise InvalidOptions(f"{game.name} is not dealt from a number; drop option 'deal'")
        return game.new_initial_state(None)
    if deal is not None:
        if isinstance(deal, bool) or not isinstance(deal, int) or deal < 1:
            raise InvalidOptions(f"option 'deal' must be a deal number >= 1, got {deal!r}")
        return game.new_initial_state(deal)
    for _ in range(DRAWS):
        state = game.new_initial_state(draw(DEFAULT_DEALS))
        if not state.is_terminal():
            break
    return state


def action_id(action: Any) -> int:
    """``action`` as an action id: a Python or NumPy integer, or a 0-d integer array (what a
    policy's ``predict`` returns); ValueError for anything else (a bool too)."""
    if isinstance(action, np.ndarray) and action.ndim == 0:
        action = action[()]
    if isinstance(action, (bool, np.bool_)) or not isinstance(action, (int, np.integer)):
        raise ValueError(f"action must be an integer action id, got {action!r}")
    return int(action)


RENDER_MODES = ("human", "ansi")
"""``ansi``: ``render()`` returns the game's text picture; ``human``: prints it."""


def render_mode_checked(mode: str | None) -> str | None:
    """``mode`` if it is None or one of ``RENDER_MODES``, else ValueError naming them."""
    if mode is not None and mode not in RENDER_MODES:
        raise ValueError(f"render_mode must be None, 'human' or 'ansi', got {mode!r}")
    return mode


def rendered(picture: Callable[[], str], mode: str | None) -> str | None:
    """What ``render()`` gives in ``mode``: the picture (``ansi``), or None after printing it
    (``human``, as a text game shows itself) or without making it (no mode)."""
    if mode == "ansi":
        return picture()
    if mode == "human":
        print(picture())
    return None
