"""The Cardmate game: options, start positions and the text record hooks."""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from typing import Any, ClassVar

from kibitz.core.capabilities import Features, GameAI
from kibitz.core.game import Annotation, Game
from kibitz.core.rng import Rng
from kibitz.games.cardmate.cards import (
    CENTRE_LINE,
    FILES,
    PALACES,
    PLAYER_NAMES,
    RANK_CODES,
    RANK_FACES,
    RANK_NAMES,
    SUIT_CODES,
    SUIT_COLOURS,
    SUIT_NAMES,
    SUIT_SYMBOLS,
    square_name,
)
from kibitz.games.cardmate.options import CardmateOptions
from kibitz.games.cardmate.position import Position, parse_position
from kibitz.games.cardmate.rules import NUM_ACTIONS, TENSOR_PLANES, CardmateState
from kibitz.games.cardmate.setup import deal, predefined


class CardmateGame(Game):
    """Derzhanski's Cardmate (2000): playing cards as chess pieces on a 10x10 board."""

    name: ClassVar[str] = "cardmate"
    score_label: ClassVar[str] = "Kings left"
    num_players: ClassVar[int] = 2
    player_names: ClassVar[tuple[str, ...]] = PLAYER_NAMES
    options_class: ClassVar[type] = CardmateOptions
    summary: ClassVar[str] = "cards as chess pieces: rank moves, suit captures, two Kings each"
    text_record: ClassVar[str | None] = "pgn"
    length_defaults: ClassVar[dict[str, Any]] = {"max_plies": 300}
    match_defaults: ClassVar[dict[str, Any]] = {"suit_setup": True, **length_defaults}
    """Lab matches deal each side's two cards of a rank at random, so that games between
    deterministic agents differ from seed to seed, and stop at 300 plies."""
    presets: ClassVar[dict[str, dict[str, Any]]] = {
        "predefined": {},
        "suit_setup": {"suit_setup": True},
        "suit_contents": {"suit_contents": True},
        "rank_setup": {"rank_setup": True},
        "rank_contents": {"rank_contents": True},
        "zillions_random": {"zillions_random": True},
    }
    player_colours: ClassVar[tuple[str, ...]] = ("#007c8c", "#7a4a1f")
    """Forehand cyan, Rearhand brown (the rules' owner colours, as in Zillions), dark
    enough for a card's rank written in them on a light card face (WCAG AA)."""
    features: ClassVar[Features] = Features(take_back=True, concede=True, draw_offers=True)
    """Take-back against the computer, resignation and agreed draws (the rules' product
    features)."""
    options: CardmateOptions

    def ai(self) -> GameAI:
        """Search hooks, computer levels and the compiled ``fast`` agent (``eval``, ``engine``)."""
        from kibitz.games.cardmate.engine import FastCardmateAgent, legacy_agent
        from kibitz.games.cardmate.eval import LEVELS, SEARCH_HOOKS

        agents = {FastCardmateAgent.kind: FastCardmateAgent, "legacy": legacy_agent}
        return GameAI(SEARCH_HOOKS, LEVELS, agents, analysis="fast:nodes=50000,repeats=rules")

    def warm(self) -> None:
        """Compile or load the search core: a search of a few nodes from a start."""
        from kibitz.games.cardmate.engine import FastCardmateAgent

        state = self.start(0)
        FastCardmateAgent(nodes=64).choose(state, state.current_player)

    def description(self) -> dict[str, Any]:
        """The 10x10 board, each side's palace, the centre line and the card faces."""
        return {
            **super().description(),
            "title": "Cardmate",
            "board": {
                "files": list(FILES),
                "ranks": list(range(10)),
                "squares": [square_name(sq) for sq in range(100)],
            },
            "palaces": [[square_name(sq) for sq in palace] for palace in PALACES],
            "centre_line": list(CENTRE_LINE),
            "ranks": [
                {"code": code, "name": name, "face": face}
                for code, name, face in zip(RANK_CODES, RANK_NAMES, RANK_FACES, strict=True)
            ],
            "suits": [
                {"code": code, "name": name, "symbol": symbol, "colour": colour}
                for code, name, symbol, colour in zip(
                    SUIT_CODES, SUIT_NAMES, SUIT_SYMBOLS, SUIT_COLOURS, strict=True
                )
            ],
        }

    @property
    def num_distinct_actions(self) -> int:
        """Moves are from-square x to-square x promote."""
        return NUM_ACTIONS

    def chance_mode(self) -> str:
        """``seeded`` when the setup is dealt from the seed, else ``deterministic``."""
        return "seeded" if self.options.is_dealt else "deterministic"

    def max_game_length(self) -> int | None:
        """The ``max_plies`` cap (CM-17), if set."""
        return self.options.max_plies

    def observation_tensor_shape(self) -> tuple[int, ...]:
        """33 planes of 100 squares: own and enemy ranks, suits, the side to move."""
        return (TENSOR_PLANES * 100,)

    def observation_tensor_bounds(self) -> tuple[float, float]:
        """Every entry is 0 or 1 (one-hot planes)."""
        return (0.0, 1.0)

    def new_initial_state(self, seed: int | None = None) -> CardmateState:
        """The predefined start, or the setup dealt from ``seed`` (a fresh one if None)."""
        if not self.options.is_dealt:
            return CardmateState(self, seed, None, Position(predefined(), 0, 1))
        if seed is None:
            seed = secrets.randbits(63)
        return CardmateState(self, seed, None, Position(deal(self.options, Rng(seed)), 0, 1))

    def new_state_from_position(self, position: str) -> CardmateState:
        """A state set up from a position string (spec (f))."""
        return CardmateState(self, None, position, parse_position(position))

    @classmethod
    def read_text_record(cls, text: str) -> dict | None:
        """A JSON record from a Cardmate text record, or None if ``text`` is not one."""
        from kibitz.games.cardmate.record import read_text_record

        return read_text_record(text)

    @classmethod
    def write_text_record(
        cls, record: dict, annotations: Mapping[int, Annotation] | None = None
    ) -> str | None:
        """A Cardmate text record (tags and movetext) of a JSON record, its moves annotated
        with glyphs and ``{comments}`` where given."""
        from kibitz.games.cardmate.record import write_text_record

        return write_text_record(record, annotations)
