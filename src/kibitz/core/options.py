"""Game options: a frozen dataclass per game, built and validated from keyword arguments.

Each game declares ``@dataclass(frozen=True) class XOptions`` with typed fields and defaults;
``__post_init__`` checks values. This module rejects unknown names and ill-typed values, and
turns command-line ``KEY=VALUE`` text into typed values, so every front end validates alike.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Iterable, Mapping
from typing import Any, Literal

from kibitz.core.errors import InvalidOptions


def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def type_name(tp: Any) -> str:
    """A readable name for an option's type, e.g. ``int or None`` or ``one of 'a', 'b'``."""
    origin = typing.get_origin(tp)
    if origin is Literal:
        return "one of " + ", ".join(repr(v) for v in typing.get_args(tp))
    if origin in (typing.Union, types.UnionType):
        return " or ".join("None" if a is type(None) else type_name(a) for a in typing.get_args(tp))
    if origin in (tuple, list):
        return f"{getattr(origin, '__name__', origin)} of {type_name(typing.get_args(tp)[0])}"
    return getattr(tp, "__name__", str(tp))


def _check(name: str, value: Any, tp: Any) -> Any:
    """Return ``value`` if it has type ``tp`` (ints accepted for floats), else raise."""
    origin = typing.get_origin(tp)
    if origin is Literal:
        if value in typing.get_args(tp):
            return value
    elif origin in (typing.Union, types.UnionType):
        for arg in typing.get_args(tp):
            try:
                return _check(name, value, arg)
            except InvalidOptions:
                continue
    elif origin is tuple:
        args = typing.get_args(tp)
        if isinstance(value, (list, tuple)):
            try:
                return tuple(_check(name, v, args[0]) for v in value)
            except InvalidOptions:
                pass
    elif tp is type(None):
        if value is None:
            return None
    elif tp is bool:
        if isinstance(value, bool):
            return value
    elif tp is int:
        if isinstance(value, int) and not isinstance(value, bool):
            return value
    elif tp is float:
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return float(value)
    elif isinstance(tp, type) and isinstance(value, tp):
        return value
    raise InvalidOptions(f"option {name!r} must be {type_name(tp)}, got {value!r}")


def build_options(cls: type, values: Mapping[str, Any]) -> Any:
    """Build the options dataclass ``cls`` from ``values``, rejecting unknown names and types."""
    fields = {f.name: f for f in dataclasses.fields(cls)}
    unknown = sorted(set(values) - set(fields))
    if unknown:
        valid = ", ".join(sorted(fields)) or "(none)"
        raise InvalidOptions(f"unknown option {unknown[0]!r}; valid options: {valid}")
    hints = _hints(cls)
    checked = {name: _check(name, value, hints[name]) for name, value in values.items()}
    try:
        return cls(**checked)
    except InvalidOptions:
        raise
    except (TypeError, ValueError) as exc:
        raise InvalidOptions(str(exc)) from exc


_NONE_WORDS = ("none", "null")
"""Text that means None for an option whose type allows it (after its real values)."""


def _parse_scalar(name: str, text: str, tp: Any) -> Any:
    origin = typing.get_origin(tp)
    if origin is Literal:
        for v in typing.get_args(tp):
            if str(v) == text or (v is None and text.lower() in _NONE_WORDS):
                return v
        raise InvalidOptions(f"option {name!r} must be {type_name(tp)}, got {text!r}")
    if origin in (typing.Union, types.UnionType):
        args = typing.get_args(tp)
        for arg in args:
            if arg is type(None):
                continue
            try:
                return _parse_scalar(name, text, arg)
            except InvalidOptions:
                continue
        if type(None) in args and text.lower() in (*_NONE_WORDS, "off", ""):
            return None
        raise InvalidOptions(f"option {name!r} must be {type_name(tp)}, got {text!r}")
    if origin is tuple:
        inner = typing.get_args(tp)[0]
        parts = [p for p in text.split(",") if p.strip()]
        return tuple(_parse_scalar(name, p.strip(), inner) for p in parts)
    if tp is bool:
        low = text.lower()
        if low in ("1", "true", "yes", "on"):
            return True
        if low in ("0", "false", "no", "off"):
            return False
        raise InvalidOptions(f"option {name!r} must be true or false, got {text!r}")
    if tp is int:
        try:
            return int(text)
        except ValueError:
            raise InvalidOptions(f"option {name!r} must be an integer, got {text!r}") from None
    if tp is float:
        try:
            return float(text)
        except ValueError:
            raise InvalidOptions(f"option {name!r} must be a number, got {text!r}") from None
    if tp is str:
        return text
    raise InvalidOptions(f"option {name!r} of type {type_name(tp)} cannot be set from text")


def parse_option_text(cls: type, pairs: Iterable[str]) -> dict[str, Any]:
    """Turn ``["key=value", ...]`` into typed keyword arguments for ``cls``."""
    fields = {f.name for f in dataclasses.fields(cls)}
    hints = _hints(cls)
    out: dict[str, Any] = {}
    for pair in pairs:
        if "=" not in pair:
            raise InvalidOptions(f"option {pair!r} must be written KEY=VALUE")
        key, text = pair.split("=", 1)
        key = key.strip().replace("-", "_")
        if key not in fields:
            valid = ", ".join(sorted(fields)) or "(none)"
            raise InvalidOptions(f"unknown option {key!r}; valid options: {valid}")
        out[key] = _parse_scalar(key, text.strip(), hints[key])
    return out


def describe_options(cls: type) -> list[tuple[str, str, Any]]:
    """``(name, type, default)`` for every option of ``cls``, for ``kibitz games``."""
    hints = _hints(cls)
    rows = []
    for f in dataclasses.fields(cls):
        if f.default is not dataclasses.MISSING:
            default = f.default
        elif f.default_factory is not dataclasses.MISSING:
            default = f.default_factory()
        else:
            default = None
        rows.append((f.name, type_name(hints[f.name]), default))
    return rows


def options_to_json(options: Any) -> dict[str, Any]:
    """Only the options that differ from their defaults, as JSON-able values."""
    out: dict[str, Any] = {}
    for f in dataclasses.fields(options):
        value = getattr(options, f.name)
        if f.default is not dataclasses.MISSING:
            default = f.default
        elif f.default_factory is not dataclasses.MISSING:
            default = f.default_factory()
        else:
            default = dataclasses.MISSING
        if value != default:
            out[f.name] = list(value) if isinstance(value, tuple) else value
    return out


def _type_schema(tp: Any) -> dict[str, Any]:
    """The JSON Schema of one option type (the types ``build_options`` checks)."""
    origin = typing.get_origin(tp)
    if origin is Literal:
        return {"enum": list(typing.get_args(tp))}
    if origin in (typing.Union, types.UnionType):
        return {"anyOf": [_type_schema(a) for a in typing.get_args(tp)]}
    if origin in (tuple, list):
        return {"type": "array", "items": _type_schema(typing.get_args(tp)[0])}
    simple = {type(None): "null", bool: "boolean", int: "integer", float: "number",
              str: "string", dict: "object"}
    if tp in simple:
        return {"type": simple[tp]}
    raise TypeError(f"option type {type_name(tp)} has no JSON Schema")


def options_schema(cls: type) -> dict[str, Any]:
    """The JSON Schema of the options dataclass ``cls``: one property per option with its
    default, no other names allowed (what clients build option forms from)."""
    hints = _hints(cls)
    properties = {
        name: {**_type_schema(hints[name]),
               "default": list(default) if isinstance(default, tuple) else default}
        for name, _type, default in describe_options(cls)
    }
    doc = (cls.__doc__ or "").strip().splitlines()
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": cls.__name__,
        "description": doc[0] if doc else "",
        "type": "object",
        "properties": properties,
        "additionalProperties": False,
    }
