"""Options dataclasses: validation of names and types, and parsing of KEY=VALUE text."""

from dataclasses import dataclass
from typing import ClassVar, Literal

import pytest

from kibitz.core.errors import InvalidOptions
from kibitz.core.options import (
    build_options,
    describe_options,
    option_help,
    option_title,
    options_schema,
    options_to_json,
    parse_option_text,
)
from kibitz.core.registry import game_class, game_classes


@dataclass(frozen=True)
class Opts:
    HELP: ClassVar[dict[str, str]] = {"flag": "Turns the thing on.", "mode": "How it runs."}

    flag: bool = False
    limit: int | None = None
    mode: Literal["fast", "slow"] = "fast"
    ratio: float = 0.5
    names: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.limit is not None and self.limit < 1:
            raise InvalidOptions(f"option 'limit' must be >= 1, got {self.limit}")


def test_build_accepts_valid_values_and_coerces_ints_to_floats():
    opts = build_options(Opts, {"flag": True, "limit": 3, "mode": "slow", "ratio": 1})
    assert opts == Opts(True, 3, "slow", 1.0)
    assert isinstance(opts.ratio, float)


@pytest.mark.parametrize(
    ("values", "needle"),
    [
        ({"flg": True}, "unknown option 'flg'; valid options: flag, limit, mode, names, ratio"),
        ({"flag": 1}, "option 'flag' must be bool"),
        ({"limit": True}, "option 'limit' must be int or None"),
        ({"mode": "medium"}, "one of 'fast', 'slow'"),
        ({"limit": 0}, "must be >= 1"),
        ({"names": [1]}, "option 'names' must be tuple of str"),
    ],
)
def test_build_rejects_with_clear_message(values, needle):
    with pytest.raises(InvalidOptions, match=needle.replace("(", r"\(")):
        build_options(Opts, values)


def test_parse_text_pairs_by_type():
    parsed = parse_option_text(
        Opts, ["flag=yes", "limit=none", "mode=slow", "ratio=0.25", "names=a,b"]
    )
    expected = {"flag": True, "limit": None, "mode": "slow", "ratio": 0.25, "names": ("a", "b")}
    assert parsed == expected
    assert parse_option_text(Opts, ["limit=7"]) == {"limit": 7}
    assert parse_option_text(Opts, ["limit=off"]) == {"limit": None}


@dataclass(frozen=True)
class Written:
    rook: bool | None = None
    ranks: tuple[int, ...] | None = None
    limit: int | None = None


@pytest.mark.parametrize(("pair", "needle"), [
    ("rook=maybe", "option 'rook' must be true or false, or none, got 'maybe'"),
    ("ranks=a,b", "option 'ranks' must be integers separated by commas, or none, got 'a,b'"),
    ("limit=x", "option 'limit' must be an integer, or none, got 'x'"),
])  # fmt: skip
def test_a_refused_text_says_how_the_value_is_written(pair, needle):
    with pytest.raises(InvalidOptions) as refused:
        parse_option_text(Written, [pair])
    assert str(refused.value) == needle  # no Python type names on the command line


def test_parse_text_tries_real_values_before_none():
    @dataclass(frozen=True)
    class Overrides:
        rook: bool | None = None
        bird: Literal["low", "high", None] = None

    assert parse_option_text(Overrides, ["rook=off"]) == {"rook": False}
    assert parse_option_text(Overrides, ["rook=none"]) == {"rook": None}
    both = parse_option_text(Overrides, ["bird=high", "rook=true"])
    assert both == {"bird": "high", "rook": True}
    assert parse_option_text(Overrides, ["bird=None"]) == {"bird": None}


@pytest.mark.parametrize(
    ("pair", "needle"),
    [
        ("flag", "KEY=VALUE"),
        ("nope=1", "unknown option 'nope'"),
        ("flag=maybe", "true or false"),
        ("limit=lots", "an integer, or none"),
        ("ratio=x", "must be a number"),
        ("mode=medium", "one of"),
    ],
)
def test_parse_text_errors(pair, needle):
    with pytest.raises(InvalidOptions, match=needle):
        parse_option_text(Opts, [pair])


def test_describe_and_json_of_non_defaults():
    rows = describe_options(Opts)
    assert rows[0] == ("flag", "bool", False)
    assert rows[1] == ("limit", "int or None", None)
    assert options_to_json(Opts(limit=4, names=("x",))) == {"limit": 4, "names": ["x"]}
    assert options_to_json(Opts()) == {}


def test_options_schema_describes_every_option_with_its_default():
    schema = options_schema(Opts)
    assert schema["type"] == "object" and schema["additionalProperties"] is False
    assert schema["properties"] == {
        "flag": {"title": "Flag", "description": "Turns the thing on.", "type": "boolean",
                 "default": False},
        "limit": {"title": "Limit", "anyOf": [{"type": "integer"}, {"type": "null"}],
                  "default": None},
        "mode": {"title": "Mode", "description": "How it runs.", "enum": ["fast", "slow"],
                 "default": "fast"},
        "ratio": {"title": "Ratio", "type": "number", "default": 0.5},
        "names": {"title": "Names", "type": "array", "items": {"type": "string"}, "default": []},
    }
    assert option_help(Opts) == Opts.HELP and option_title("max_plies") == "Max plies"


def _matches(value, schema) -> bool:
    """Whether ``value`` fits ``schema`` (the subset ``options_schema`` writes)."""
    if "anyOf" in schema:
        return any(_matches(value, s) for s in schema["anyOf"])
    if "enum" in schema:
        return value in schema["enum"]
    kinds = {"null": type(None), "boolean": bool, "string": str, "object": dict, "array": list,
             "integer": int, "number": (int, float)}
    if schema["type"] == "array":
        return isinstance(value, list) and all(_matches(v, schema["items"]) for v in value)
    is_bool = isinstance(value, bool) and schema["type"] != "boolean"
    return isinstance(value, kinds[schema["type"]]) and not is_bool


def test_every_games_schema_accepts_its_defaults_and_names_every_option():
    for name in game_classes():
        cls = game_class(name).options_class
        schema = options_schema(cls)
        defaults = {k: p["default"] for k, p in schema["properties"].items()}
        assert all(_matches(v, schema["properties"][k]) for k, v in defaults.items()), name
        assert options_to_json(build_options(cls, defaults)) == {}, name
