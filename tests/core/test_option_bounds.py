"""Option bounds: declared with ``bounded``, checked before any work, shown in the schema and
in ``kibitz games``; every game's defaults lie within its bounds."""

from dataclasses import dataclass

import pytest

from kibitz.core.errors import InvalidOptions
from kibitz.core.options import (
    bounded,
    bounds_of,
    build_options,
    describe_options,
    options_schema,
    preview,
)
from kibitz.core.registry import game_class, game_classes


@dataclass(frozen=True)
class Sized:
    limit: int | None = bounded(None, minimum=1, maximum=100)
    names: tuple[str, ...] = bounded((), items=3, length=5)
    counts: dict | str = bounded(default_factory=dict, minimum=0, maximum=9, items=2,
                                 length=20)

    def __post_init__(self) -> None:
        if isinstance(self.counts, str):  # the text form "a:1,b:2", as games accept
            pairs = (p.split(":") for p in self.counts.split(",") if p)
            object.__setattr__(self, "counts", {k: int(v) for k, v in pairs})


@pytest.mark.parametrize(("values", "needle"), [
    ({"limit": 0}, "option 'limit' must be within 1..100, got 0"),
    ({"limit": 10**400}, "got a number of 1329 bits"),
    ({"names": ["a", "b", "c", "d"]}, "option 'names' may have at most 3 items, got 4"),
    ({"names": ["abcdef"]}, "option 'names' entry 0 may have at most 5 characters, got 6"),
    ({"counts": {"a": 10}}, "option 'counts' entry 'a' must be within 0..9, got 10"),
    ({"counts": "a:1,b:2,c:3"}, "at most 2 items, got 3"),  # checked again once read
    ({"counts": "x" * 10_000}, "option 'counts' may have at most 20 characters, got 10000"),
    ({"counts": {"a": [1]}}, "may not nest"),
])
def test_out_of_range_values_are_refused_naming_the_range(values, needle):
    with pytest.raises(InvalidOptions) as info:
        build_options(Sized, values)
    assert needle in str(info.value) and len(str(info.value)) < 200


def test_range_in_schema_and_description():
    schema = options_schema(Sized)["properties"]
    assert schema["limit"]["anyOf"][0] == {"type": "integer", "minimum": 1, "maximum": 100}
    assert schema["names"] == {"title": "Names", "type": "array",
                               "items": {"type": "string", "maxLength": 5},
                               "maxItems": 3, "default": []}
    counts = schema["counts"]["anyOf"]
    assert counts[0] == {"type": "object", "maxProperties": 2,
                         "additionalProperties": {"minimum": 0, "maximum": 9}}
    assert counts[1] == {"type": "string", "maxLength": 20}
    rows = {name: kind for name, kind, _ in describe_options(Sized)}
    assert rows["limit"] == "int or None (1..100)"
    assert rows["names"] == "tuple of str (at most 3 items, at most 5 characters)"


def test_preview_never_prints_a_huge_input():
    assert preview("x" * 10_000).endswith("...") and len(preview("x" * 10_000)) <= 43
    assert preview((10**5000,)) == "a value too large to show"


@pytest.mark.parametrize("name", game_classes())
def test_every_games_numbers_are_bounded_and_defaults_lie_within(name):
    cls = game_class(name).options_class
    bounds = bounds_of(cls)
    schema = options_schema(cls)["properties"]
    for option, prop in schema.items():
        kinds = [p.get("type") for p in prop.get("anyOf", [prop])]
        if {"integer", "number", "array", "object", "string"} & set(kinds):
            assert option in bounds, f"{name}.{option} has no bounds"
    build_options(cls, {k: p["default"] for k, p in schema.items()})
