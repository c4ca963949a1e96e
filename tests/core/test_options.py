"""Options dataclasses: validation of names and types, and parsing of KEY=VALUE text."""

from dataclasses import dataclass
from typing import Literal

import pytest

from kibitz.core.errors import InvalidOptions
from kibitz.core.options import (
    build_options,
    describe_options,
    options_to_json,
    parse_option_text,
)


@dataclass(frozen=True)
class Opts:
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
        ("limit=lots", "int or None"),
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
