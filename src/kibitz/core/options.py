"""Game options: a frozen dataclass per game, built and validated from keyword arguments.

Each game declares ``@dataclass(frozen=True) class XOptions`` with typed fields and defaults;
``__post_init__`` checks values. Every number, list, map and text option declares its range
with ``bounded(default, minimum=..., maximum=...)`` (a ``dataclasses.field`` carrying
``Bounds``), so that no option can make
a state, its views or its action space large; the range shows in ``kibitz games`` and in the
JSON Schema. This module rejects unknown names, ill-typed and out-of-range values, and turns
command-line ``KEY=VALUE`` text into typed values, so every front end validates alike.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Literal

from kibitz.core.errors import InvalidOptions


@dataclass(frozen=True)
class Bounds:
    """The range of an option: numbers (and the numbers inside a list or map) within
    ``minimum..maximum``, at most ``items`` entries in a list or map, at most ``length``
    characters in a text (and in each text inside a list)."""

    minimum: int | None = None
    maximum: int | None = None
    items: int | None = None
    length: int | None = None

    def describe(self) -> str:
        """The range in words, e.g. ``1..1000, at most 14 items``."""
        parts = []
        if self.minimum is not None or self.maximum is not None:
            low = "" if self.minimum is None else self.minimum
            high = "" if self.maximum is None else self.maximum
            parts.append(f"{low}..{high}")
        if self.items is not None:
            parts.append(f"at most {self.items} items")
        if self.length is not None:
            parts.append(f"at most {self.length} characters")
        return ", ".join(parts)


def bounded(
    default: Any = dataclasses.MISSING,
    *,
    default_factory: Callable[[], Any] | Any = dataclasses.MISSING,
    minimum: int | None = None,
    maximum: int | None = None,
    items: int | None = None,
    length: int | None = None,
) -> Any:
    """An options field with its ``Bounds`` (checked by ``build_options``)."""
    metadata = {"bounds": Bounds(minimum, maximum, items, length)}
    if default_factory is not dataclasses.MISSING:
        return dataclasses.field(default_factory=default_factory, metadata=metadata)
    return dataclasses.field(default=default, metadata=metadata)


def bounds_of(cls: type) -> dict[str, Bounds]:
    """The declared bounds of the options of ``cls``, by name."""
    return {f.name: f.metadata["bounds"] for f in dataclasses.fields(cls)
            if "bounds" in f.metadata}


def preview(value: Any, limit: int = 40) -> str:
    """``repr(value)`` cut to ``limit`` characters, so that an error never echoes a large
    input (a huge number is named by its size: its digits may not even be printable)."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 64:
        return f"a number of {value.bit_length()} bits"
    try:
        text = repr(value) if not isinstance(value, str) else repr(value[: limit + 1])
    except ValueError:  # a number inside with more digits than Python prints
        return "a value too large to show"
    return text if len(text) <= limit else text[:limit] + "..."


def check_bounds(name: str, value: Any, bounds: Bounds, entry: str = "") -> None:
    """Raise InvalidOptions when ``value`` (or a part of it, named by ``entry``) is
    outside ``bounds``, naming the one bound it breaks."""
    if isinstance(value, bool) or value is None:
        return
    what = f"option {name!r}{entry}"
    if isinstance(value, (int, float)):
        low, high = bounds.minimum, bounds.maximum
        if (low is not None and value < low) or (high is not None and value > high):
            numbers = Bounds(minimum=low, maximum=high).describe()
            raise InvalidOptions(f"{what} must be within {numbers}, got {preview(value)}")
    elif isinstance(value, str):
        if bounds.length is not None and len(value) > bounds.length:
            raise InvalidOptions(
                f"{what} may have at most {bounds.length} characters, got {len(value)}")
    elif isinstance(value, (list, tuple, dict)):
        if bounds.items is not None and len(value) > bounds.items:
            raise InvalidOptions(
                f"{what} may have at most {bounds.items} items, got {len(value)}")
        items = value.items() if isinstance(value, dict) else enumerate(value)
        for key, part in items:
            if isinstance(part, (list, tuple, dict)):
                raise InvalidOptions(f"option {name!r} may not nest lists or maps")
            check_bounds(name, part, bounds, f" entry {preview(key)}")


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


_TEXT_FORMS = {bool: "true or false", int: "an integer", float: "a number", str: "text"}
_PLURALS = {int: "integers", float: "numbers", str: "words", bool: "true/false values"}


def text_form(tp: Any) -> str:
    """How an option's value is written on the command line, for a refusal: ``true or
    false``, ``integers separated by commas, or none``."""
    origin = typing.get_origin(tp)
    if origin is Literal:
        return "one of " + ", ".join(repr(v) for v in typing.get_args(tp))
    if origin in (typing.Union, types.UnionType):
        forms = [text_form(a) for a in typing.get_args(tp) if a is not type(None)]
        none = type(None) in typing.get_args(tp)
        return ", or ".join(forms + (["none"] if none else []))
    if origin in (tuple, list):
        inner = typing.get_args(tp)[0]
        return f"{_PLURALS.get(inner, type_name(inner))} separated by commas"
    return _TEXT_FORMS.get(tp, type_name(tp))


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
    raise InvalidOptions(f"option {name!r} must be {type_name(tp)}, got {preview(value)}")


def build_options(cls: type, values: Mapping[str, Any]) -> Any:
    """Build the options dataclass ``cls`` from ``values``, rejecting unknown names and types."""
    fields = {f.name: f for f in dataclasses.fields(cls)}
    unknown = sorted(set(values) - set(fields))
    if unknown:
        valid = ", ".join(sorted(fields)) or "(none)"
        raise InvalidOptions(f"unknown option {unknown[0]!r}; valid options: {valid}")
    hints = _hints(cls)
    checked = {name: _check(name, value, hints[name]) for name, value in values.items()}
    bounds = bounds_of(cls)
    for name, value in checked.items():  # before the game's own checks do any work
        if name in bounds:
            check_bounds(name, value, bounds[name])
    try:
        options = cls(**checked)
    except InvalidOptions:
        raise
    except (TypeError, ValueError) as exc:
        raise InvalidOptions(str(exc)) from exc
    for name, limit in bounds.items():  # as normalised (text forms made lists and maps)
        check_bounds(name, getattr(options, name), limit)
    return options


_NONE_WORDS = ("none", "null")
"""Text that means None for an option whose type allows it (after its real values)."""


def _parse_scalar(name: str, text: str, tp: Any) -> Any:
    origin = typing.get_origin(tp)
    if origin is Literal:
        for v in typing.get_args(tp):
            if str(v) == text or (v is None and text.lower() in _NONE_WORDS):
                return v
        raise InvalidOptions(f"option {name!r} must be {text_form(tp)}, got {text!r}")
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
        raise InvalidOptions(f"option {name!r} must be {text_form(tp)}, got {text!r}")
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
    """``(name, type and range, default)`` for every option of ``cls``, for ``kibitz games``."""
    hints = _hints(cls)
    bounds = bounds_of(cls)
    rows = []
    for f in dataclasses.fields(cls):
        if f.default is not dataclasses.MISSING:
            default = f.default
        elif f.default_factory is not dataclasses.MISSING:
            default = f.default_factory()
        else:
            default = None
        kind = type_name(hints[f.name])
        if f.name in bounds:
            kind += f" ({bounds[f.name].describe()})"
        rows.append((f.name, kind, default))
    return rows


def option_help(cls: type) -> dict[str, str]:
    """Each option's one line of help, as the options class declares it in ``HELP`` (what
    the option changes, for forms and listings); none where it declares nothing."""
    return dict(getattr(cls, "HELP", {}))


def option_title(name: str) -> str:
    """An option's name as a label: ``max_plies`` reads ``Max plies``."""
    words = name.replace("_", " ")
    return words[:1].upper() + words[1:]


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


def _range_schema(bounds: Bounds | None) -> dict[str, Any]:
    """The ``minimum``/``maximum`` keywords of ``bounds``."""
    if bounds is None:
        return {}
    out = {"minimum": bounds.minimum, "maximum": bounds.maximum}
    return {k: v for k, v in out.items() if v is not None}


def _type_schema(tp: Any, bounds: Bounds | None = None) -> dict[str, Any]:
    """The JSON Schema of one option type (the types ``build_options`` checks), with the
    keywords of its bounds where they apply."""
    origin = typing.get_origin(tp)
    if origin is Literal:
        return {"enum": list(typing.get_args(tp))}
    if origin in (typing.Union, types.UnionType):
        return {"anyOf": [_type_schema(a, bounds) for a in typing.get_args(tp)]}
    if origin in (tuple, list):
        out = {"type": "array", "items": _type_schema(typing.get_args(tp)[0], bounds)}
        if bounds is not None and bounds.items is not None:
            out["maxItems"] = bounds.items
        return out
    if tp in (int, float):
        return {"type": "integer" if tp is int else "number", **_range_schema(bounds)}
    if tp is str:
        length = None if bounds is None else bounds.length
        return {"type": "string", **({} if length is None else {"maxLength": length})}
    if tp is dict:
        out = {"type": "object"}
        if bounds is not None:
            if bounds.items is not None:
                out["maxProperties"] = bounds.items
            if range_ := _range_schema(bounds):
                out["additionalProperties"] = range_
        return out
    simple = {type(None): "null", bool: "boolean"}
    if tp in simple:
        return {"type": simple[tp]}
    raise TypeError(f"option type {type_name(tp)} has no JSON Schema")


def options_schema(cls: type) -> dict[str, Any]:
    """The JSON Schema of the options dataclass ``cls``: one property per option with its
    label (``title``), help (``description``) and default, no other names allowed (what
    clients build option forms from)."""
    hints = _hints(cls)
    bounds = bounds_of(cls)
    notes = option_help(cls)
    properties = {
        name: {"title": option_title(name),
               **({"description": notes[name]} if name in notes else {}),
               **_type_schema(hints[name], bounds.get(name)),
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
