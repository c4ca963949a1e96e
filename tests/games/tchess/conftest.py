"""Helpers for the TCHESS Cards tests (as a fixture: test dirs are not packages)."""

from __future__ import annotations

from typing import Any

import pytest

import kibitz
from kibitz.games.tchess import TchessState
from kibitz.games.tchess.deck import DEFAULT_DECK


class Kit:
    """Builders for states with chosen hands and positions."""

    @staticmethod
    def dealt(white: str, black: str, **options: Any) -> TchessState:
        """A state right after the deal: White holds ``white``, Black ``black`` (spaced letters)."""
        state = kibitz.load("tchess", **options).new_initial_state(0)
        for letter in white.split() + black.split():
            state.apply(state.str_to_action(f"draw {letter}"))
        return state

    @staticmethod
    def play(state: TchessState, *turns: str) -> None:
        """Apply whole turns (``"P S P Q"``, ``"pass"``, ``"take F"``) in order."""
        for turn in turns:
            state.play_turn(turn)

    @staticmethod
    def rest(*used: str) -> str:
        """The default deck minus ``used`` letters, as a position card list."""
        left = dict(DEFAULT_DECK)
        for x in used:
            left[x] -= 1
        return ",".join(f"{x}*{c}" for x, c in left.items() if c) or "-"

    @staticmethod
    def result(state: TchessState) -> dict[str, Any]:
        """The last round result event of White's log."""
        return next(e for e in reversed(state.observation(0)["log"]) if e["event"] == "result")

    @staticmethod
    def letters(state: TchessState, counts: list[int]) -> list[str]:
        """Counts per letter index as letters."""
        return [x for x, c in zip(state.tables.letters, counts, strict=True) for _ in range(c)]


@pytest.fixture
def kit() -> type[Kit]:
    """The test builders."""
    return Kit
