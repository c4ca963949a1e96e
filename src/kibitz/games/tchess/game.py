"""The ``tchess`` Game: options, action id space and state factory."""

from __future__ import annotations

from typing import Any, ClassVar

from kibitz.core.capabilities import Features, GameAI, Tool
from kibitz.core.deepening import retired_levels
from kibitz.core.errors import NotationError
from kibitz.core.game import Game
from kibitz.games.tchess import views
from kibitz.games.tchess.deck import CARD_NAMES, JESTER
from kibitz.games.tchess.options import PRESETS, TchessOptions
from kibitz.games.tchess.rules import TchessState
from kibitz.games.tchess.rulespage import rules_page
from kibitz.games.tchess.strength import row_strength
from kibitz.games.tchess.tables import Tables, tables_for


def strength_tool(game: Game, args: list[str]) -> str:
    """``(P S) P Q = 17``: a row's canonical pairs and strength under the game's options."""
    if not args:
        raise NotationError("strength needs the row's cards in order, e.g. P S P Q")
    result = row_strength(args, game.options)
    return f"{result.text} = {result.total}"


class TchessGame(Game):
    """TCHESS Cards: a two-player duel of hidden hands, rows of chess-piece cards and Kings."""

    name: ClassVar[str] = "tchess"
    num_players: ClassVar[int] = 2
    player_names: ClassVar[tuple[str, ...]] = ("White", "Black")
    options_class: ClassVar[type] = TchessOptions
    perfect_information: ClassVar[bool] = False
    summary: ClassVar[str] = "TCHESS Cards: attack and defend with rows of chess-piece cards"
    has_chance: ClassVar[bool] = True
    presets: ClassVar[dict[str, dict[str, Any]]] = PRESETS
    player_colours: ClassVar[tuple[str, ...]] = ("#f2efe6", "#2b2b2b")
    features: ClassVar[Features] = Features(concede=True, draw_offers=True)
    """Resignation and agreed draws; no take-back, which would show the cards to come."""

    def ai(self) -> GameAI:
        """Search hooks, computer levels and the retired ones (``legacy:N``) from ``eval``."""
        from kibitz.games.tchess.eval import LEGACY_LEVELS, LEVELS, RETIRED_HOOKS, SEARCH_HOOKS

        return GameAI(
            SEARCH_HOOKS,
            LEVELS,
            {"legacy": retired_levels(LEGACY_LEVELS)},
            other_hooks={"retired": RETIRED_HOOKS},
            analysis="ismcts:iterations=100,rollout_depth=1,epsilon=0",
            analysis_samples=24,
        )

    def tools(self) -> dict[str, Tool]:
        """``strength CARDS...``: a row's pairs and strength, e.g. ``P S P Q``."""
        return {"strength": Tool("print a row's canonical pairs and strength", strength_tool)}

    def rules_page(self) -> str:
        """The deck table, combinations in force and round settings of these options."""
        return rules_page(self.options)

    def description(self) -> dict[str, Any]:
        """The seats and the card faces of the active deck: letter, piece name, count per
        deck and face value (None for the Jester, who copies a paired card's value)."""
        t = self.tables
        return {
            **super().description(),
            "title": "TCHESS Cards",
            "cards": [
                {
                    "letter": letter,
                    "name": CARD_NAMES.get(letter) or None,
                    "count": count,
                    "value": None if letter == JESTER else value,
                }
                for letter, count, value in zip(t.letters, t.counts, t.values, strict=True)
            ],
        }

    def __init__(self, **options: object) -> None:
        super().__init__(**options)
        self.tables: Tables = tables_for(self.options)

    @property
    def num_distinct_actions(self) -> int:
        """``2L + 2``: PLAY per letter, END, PASS, TAKE per letter (chance reuses 0..L-1)."""
        return 2 * self.tables.num_letters + 2

    def max_game_length(self) -> int:
        """Rounds times the most actions a round takes. A round lays at most ``hand_limit``
        cards a seat (a hand never starts a round above it), each turn ends with ``end``
        after a card or a pass (passes: at most one more than the ends, plus the closing
        two), and one take; TC-17 bounds the rounds by the non-King cards + 1 without the
        ``max_rounds`` cap."""
        t = self.tables
        cards = 2 * self.options.hand_limit
        per_round = cards + cards + (cards + 2) + 1
        rounds = 2 * (sum(t.counts) - t.counts[t.king]) + 1
        if self.options.max_rounds:
            rounds = min(rounds, self.options.max_rounds)
        return rounds * per_round

    def max_chance_outcomes(self) -> int:
        """Draws and steals are letter indices; the first attacker is 0 or 1."""
        return max(self.tables.num_letters, 2)

    def observation_tensor_shape(self) -> tuple[int, ...]:
        """Seat-relative hand, sizes, discards, rows by slot, roles and phase (``views``)."""
        return (views.tensor_size(self.tables.num_letters, self.options.hand_limit),)

    def information_state_tensor_shape(self) -> tuple[int, ...]:
        """The observation, then the other hand's known cards per letter."""
        n = self.tables.num_letters
        return (views.tensor_size(n, self.options.hand_limit) + n,)

    def new_initial_state(self, seed: int | None = None) -> TchessState:
        """The undealt start: the deal is a run of chance nodes, so ``seed`` is only recorded."""
        return TchessState(self, seed)

    def new_state_from_position(self, position: str) -> TchessState:
        """A state set up from a position string (see ``position.py``)."""
        return TchessState(self, None, position)
