"""The ``rook`` game: four players, two partnerships, seven presets (see rook.md)."""

from __future__ import annotations

from typing import Any, ClassVar

from kibitz.core.capabilities import Features, GameAI
from kibitz.core.game import Game
from kibitz.core.play import play_out
from kibitz.core.rng import Rng
from kibitz.games.rook.actions import num_actions
from kibitz.games.rook.cards import (
    COLOUR_LETTERS,
    COLOUR_NAMES,
    NUM_CARDS,
    ROOK,
    SEAT_NAMES,
    TEAM_NAMES,
    card_str,
    colour_of,
    rank_of,
)
from kibitz.games.rook.options import RookOptions, resolve
from kibitz.games.rook.position import PLAY
from kibitz.games.rook.presets import PRESET_NAMES
from kibitz.games.rook.rulespage import rules_page
from kibitz.games.rook.state import RookState
from kibitz.games.rook.table import build_table
from kibitz.games.rook.views import INFO_TENSOR_SIZE, TENSOR_SIZE


class RookGame(Game):
    """Partnership Rook to the target; the preset and any override are options."""

    name: ClassVar[str] = "rook"
    num_players: ClassVar[int] = 4
    player_names: ClassVar[tuple[str, ...]] = SEAT_NAMES
    options_class: ClassVar[type] = RookOptions
    summary: ClassVar[str] = "Rook: CrowsNest and six classic partnership rule sets"
    perfect_information: ClassVar[bool] = False
    has_chance: ClassVar[bool] = True
    presets: ClassVar[dict[str, dict[str, Any]]] = {n: {"preset": n} for n in PRESET_NAMES}
    teams: ClassVar[tuple[tuple[int, ...], ...]] = ((0, 2), (1, 3))
    features: ClassVar[Features] = Features(concede=True)
    """A team may resign (a game to the target can last long, and set hands add no points)."""
    main_options: ClassVar[tuple[str, ...]] = ("preset", "rook", "target")
    """The rule set, the Crow/Rook card and the game's length; the rest is advanced."""
    player_colours: ClassVar[tuple[str, ...]] = ("#2a6f97", "#c0392b", "#2a6f97", "#c0392b")
    """Partners share a colour: North-South blue, East-West red."""

    def ai(self) -> GameAI:
        """Search hooks, computer levels and the retired one (``legacy:4``) from the game's
        ``eval`` module; analysis with level 4's bidding and exchange and 400 card-play
        samples, 8 worlds to judge a call, so that its marks hold from one draw to the next
        (docs/analysis.md; a whole game judged in about 30 to 70 s)."""
        from kibitz.games.rook.eval import AGENTS, LEVELS, PYTHON_HOOKS, SEARCH_HOOKS

        return GameAI(
            SEARCH_HOOKS, LEVELS, AGENTS,
            analysis="rookbot:samples=128,exchange=96,iterations=400,play=pimc",
            analysis_samples=8, other_hooks={"python": PYTHON_HOOKS},
        )  # fmt: skip

    def warm(self) -> None:
        """Compile or load the card-play core: a cheap player bids a deal to its first card,
        then values that card by a few samples (draws, playouts and card values, as every
        level), and a defender draws the declarer's hand (its trump tried)."""
        from kibitz.games.rook.agent import RookAgent
        from kibitz.games.rook.determinize import Draws

        state = self.start(0)
        agent = RookAgent(samples=1, exchange=1, iterations=2, play="pimc")
        play_out(state, agent.choose, Rng(0), stop=lambda s: "play" if s.p.phase == PLAY else None)
        if not state.is_terminal():
            agent.choose(state, state.current_player)
            Draws(state, (state.p.declarer + 1) % 4).position(Rng(0))

    def rules_page(self) -> str:
        """The preset's parameters as these options resolve them, with the deal and bids."""
        return rules_page(self.options)

    def description(self) -> dict[str, Any]:
        """Seats and teams, the colours, and the card faces of this deck: code, colour,
        rank (None for the bird card) and points; the bird's name (Rook, or Crow in
        CrowsNest), hand and nest sizes."""
        points = self.table.points
        return {
            **super().description(),
            "title": "Rook",
            "team_names": list(TEAM_NAMES),
            "colours": [
                {"code": code, "name": name}
                for code, name in zip(COLOUR_LETTERS, COLOUR_NAMES, strict=True)
            ],
            "cards": [
                {
                    "code": card_str(c),
                    "colour": None if c == ROOK else COLOUR_NAMES[colour_of(c)],
                    "rank": None if c == ROOK else rank_of(c),
                    "points": points[c],
                }
                for c in self.table.cards
            ],
            "bird": "Crow" if self.options.preset == "crowsnest" else "Rook",
            "hand_size": self.table.hand_size,
            "nest_size": self.table.nest_size,
        }

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.rules = resolve(self.options)
        self.table = build_table(self.rules)

    @property
    def num_distinct_actions(self) -> int:
        """119 fixed ids plus one per possible bid (130 for CrowsNest)."""
        return num_actions(len(self.table.bids))

    def max_game_length(self) -> int | None:
        """Deals times the most calls and plays a deal takes: each bid beats the last (one
        call per possible bid) and each seat passes once; then the discards, the trump and
        four hands of cards. Deals are bounded by ``max_deals``, or by ``max_hands`` where
        an all-pass auction cannot redeal; None when neither bounds them."""
        rules, table = self.rules, self.table
        per_deal = len(table.bids) + 4 + table.nest_size + 1 + 4 * table.hand_size
        if rules.max_deals:
            return rules.max_deals * per_deal
        if rules.max_hands and rules.all_pass == "dealer_forced":
            return rules.max_hands * per_deal
        return None

    def max_chance_outcomes(self) -> int:
        """Dealt cards are card ids (below ``NUM_CARDS``); the first dealer is a seat."""
        return NUM_CARDS

    def observation_tensor_shape(self) -> tuple[int, ...]:
        """Card planes, then one-hots and scaled numbers (``views.observation_tensor``)."""
        return (TENSOR_SIZE,)

    def information_state_tensor_shape(self) -> tuple[int, ...]:
        """The observation, the cards each seat played this hand and its highest bid."""
        return (INFO_TENSOR_SIZE,)

    def new_initial_state(self, seed: int | None = None) -> RookState:
        """The start of a game: a chance node choosing the first dealer. ``seed`` is only
        recorded; all randomness is in the chance nodes."""
        return RookState(self, seed)
