"""The owner colours of the rules' (g): Forehand cyan, Rearhand brown, dark enough for a
rank written in them on a light card (WCAG AA, 4.5:1: the terminal's card chips), for a
frame around the web page's washed card faces (3:1), and unlike the red suits."""

from __future__ import annotations

import colorsys

import kibitz

TEXT_FACES = ("#ffffff", "#fbfbf8")
"""White and the terminal's card chip, where a card's rank is written in its owner colour."""
WASHES = ("#e3f4f6", "#f5ebe0")
"""The web page's card faces (static/games/cardmate.js), framed in the owner colour."""


def rgb(colour: str) -> tuple[float, float, float]:
    return tuple(int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5))  # type: ignore[return-value]


def luminance(colour: str) -> float:
    r, g, b = (c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb(colour))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def hue_lightness(colour: str) -> tuple[float, float]:
    h, light, _ = colorsys.rgb_to_hls(*rgb(colour))
    return h * 360, light


def test_forehand_is_cyan_and_rearhand_brown():
    game = kibitz.load("cardmate")
    forehand, rearhand = game.player_colours
    assert [s["colour"] for s in game.description()["seats"]] == [forehand, rearhand]
    hue, _ = hue_lightness(forehand)
    assert 170 <= hue <= 200, forehand
    hue, light = hue_lightness(rearhand)
    assert 15 <= hue <= 40 and light < 0.4, rearhand  # a dark orange: brown
    red_hue, _ = hue_lightness("#c0392b")
    assert abs(hue - red_hue) > 15


def test_owner_colours_are_readable_on_card_faces():
    for colour in kibitz.load("cardmate").player_colours:
        for face in TEXT_FACES:
            assert contrast(colour, face) >= 4.5, (colour, face)
        for face in WASHES:
            assert contrast(colour, face) >= 3, (colour, face)
