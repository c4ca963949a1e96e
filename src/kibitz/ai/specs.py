"""Agent specs: text such as ``random``, ``level:3`` or ``alphabeta:depth=4,nodes=20000``.

``make_agent`` builds the agent a spec names for a game: a generic kind of this package or
one of the game's own kinds (``game.ai().agents``), and refuses a game that lacks what the
agent needs (``Agent.needs``), so that no agent reads hidden cards or misreads chance.

Agents of other packages (a trained policy) join by ``register_agent``, by an entry point
in the group ``kibitz.agents`` (its name the kind, its object the factory), or by a module
named in the environment variable ``KIBITZ_AGENTS`` (comma-separated) that registers its
kinds when imported: the last two are looked up in whatever process first meets an unknown
kind, so a match's worker processes find them too.
"""

from __future__ import annotations

import dataclasses
import functools
import importlib
import inspect
import os
from importlib.metadata import entry_points
from typing import Any

from kibitz.ai.hooks import search_hooks
from kibitz.core.agent import Agent, refusal
from kibitz.core.capabilities import AgentFactory
from kibitz.core.errors import InvalidOptions
from kibitz.core.game import Game

_KINDS: dict[str, AgentFactory] = {}
_POSITIONAL: dict[str, str] = {"level": "n", "legacy": "n"}
"""The parameter a kind's first, bare spec value sets: ``level:3`` is ``level:n=3``; a game's
``legacy`` kind (its retired levels, e.g. ``legacy:4``) reads the same way."""
OPTIONAL_KINDS: dict[str, tuple[str, str]] = {
    "openspiel": ("kibitz.interop.openspiel", "research"),
}
"""Kinds that optional modules register when first named: module and the extra it needs
(this package never imports them itself)."""


def register_agent(kind: str, factory: AgentFactory, positional: str | None = None) -> None:
    """Make ``kind`` usable in agent specs; ``factory(seed=..., **params)`` builds the agent.
    ``positional`` names the parameter a bare first value sets (``kind:value,...``)."""
    _KINDS[kind] = factory
    if positional is not None:
        _POSITIONAL[kind] = positional


PLUGIN_GROUP = "kibitz.agents"
"""The entry-point group of other packages' agent kinds."""
PLUGIN_MODULES = "KIBITZ_AGENTS"
"""The environment variable naming modules (comma-separated) that register agent kinds."""


def agent_kinds() -> list[str]:
    """Every agent kind a spec may name (optional ones and other packages' included)."""
    _load_builtin()
    _load_plugins()
    return sorted({*_KINDS, *OPTIONAL_KINDS, "level"})


@functools.cache
def _load_plugins() -> None:
    """Register the kinds of other packages: their ``kibitz.agents`` entry points and the
    modules ``KIBITZ_AGENTS`` names (once a process); a module that fails is named."""
    for point in entry_points(group=PLUGIN_GROUP):
        if point.name not in _KINDS:
            try:
                register_agent(point.name, point.load())
            except Exception as exc:
                raise InvalidOptions(f"agent kind {point.name!r} of entry point "
                                     f"{point.value!r} could not be loaded: {exc}") from exc
    for module in filter(None, (m.strip() for m in os.environ.get(PLUGIN_MODULES, "").split(","))):
        try:
            importlib.import_module(module)
        except Exception as exc:
            raise InvalidOptions(
                f"{PLUGIN_MODULES} names module {module!r}, which could not be imported: {exc}"
            ) from exc


def _load_optional(kind: str) -> None:
    """Import the module that registers optional ``kind``, or say which extra it needs."""
    if kind in _KINDS or kind not in OPTIONAL_KINDS:
        return
    module, extra = OPTIONAL_KINDS[kind]
    try:
        importlib.import_module(module)
    except ImportError as exc:
        raise InvalidOptions(
            f"agent {kind!r} needs the {extra!r} extra: pip install 'kibitz[{extra}]' ({exc})"
        ) from exc


@dataclasses.dataclass(frozen=True)
class AgentSpec:
    """A parsed spec: the agent kind and its parameters as text."""

    kind: str
    params: tuple[tuple[str, str], ...] = ()
    written: str = dataclasses.field(default="", compare=False)
    """The spec as the user wrote it, to quote in an error (``level:3``, not ``level:n=3``)."""

    def __str__(self) -> str:
        if not self.params:
            return self.kind
        return self.kind + ":" + ",".join(f"{k}={v}" for k, v in self.params)


def parse_spec(text: str) -> AgentSpec:
    """Parse ``kind[:key=value,...]``; a bare first value sets the kind's positional
    parameter (``level:N`` is short for ``level:n=N``, ``openspiel:mcts`` for
    ``openspiel:bot=mcts``)."""
    kind, _, rest = text.strip().partition(":")
    if not kind:
        raise InvalidOptions(f"agent spec {text!r} is empty; e.g. random, greedy, level:3")
    if "," in kind or "=" in kind:
        raise InvalidOptions(
            f"agent spec {text!r}: write KIND:KEY=VALUE,..., e.g. alphabeta:depth=3,nodes=5000"
        )
    params: list[tuple[str, str]] = []
    first = rest.split(",")[0].strip()
    if first and "=" not in first:
        _load_optional(kind)
        if kind in _POSITIONAL:
            rest = f"{_POSITIONAL[kind]}={rest}"
    for part in filter(None, (p.strip() for p in rest.split(","))):
        key, eq, value = part.partition("=")
        if not eq or not key:
            raise InvalidOptions(f"agent spec {text!r}: parameter {part!r} must be KEY=VALUE")
        params.append((key.strip(), value.strip()))
    return AgentSpec(kind, tuple(params), text.strip())


def _coerce(kind: str, factory: AgentFactory, params: tuple[tuple[str, str], ...]) -> dict:
    signature = inspect.signature(factory)
    out: dict[str, Any] = {}
    for key, text in params:
        param = signature.parameters.get(key)
        if param is None or key in ("seed", "make_agent"):
            valid = ", ".join(
                p for p in signature.parameters if p not in ("seed", "self", "make_agent")
            )
            raise InvalidOptions(
                f"agent {kind!r} has no parameter {key!r}; valid: {valid or '(none)'}"
            )
        default = param.default
        try:
            if isinstance(default, bool):
                if text.lower() not in ("true", "false", "1", "0", "yes", "no"):
                    raise ValueError(text)
                out[key] = text.lower() in ("true", "1", "yes")
            elif isinstance(default, int) or (default is None and text.isdigit()):
                out[key] = int(text)
            elif isinstance(default, float) or default is None:
                out[key] = float(text)
            else:
                out[key] = text
        except ValueError:
            raise InvalidOptions(f"agent {kind!r}: {key}={text!r} is not a valid value") from None
    return out


def make_agent(spec: str | AgentSpec, game: Game, seed: int = 0) -> Agent:
    """Build the agent a spec names, for ``game``, with ``seed``.

    InvalidOptions names an unknown kind, a bad parameter, or why the game cannot be
    played honestly by that kind (``refusal``).
    """
    from kibitz.ai.levels import level

    _load_builtin()
    parsed = parse_spec(spec) if isinstance(spec, str) else spec
    written = parsed.written or str(parsed)
    _load_optional(parsed.kind)
    if parsed.kind == "level":
        params = dict(parsed.params)
        if set(params) - {"n"}:
            raise InvalidOptions(f"agent spec {written!r}: a level takes no parameter "
                                 f"{', '.join(sorted(set(params) - {'n'}))}; write level:N")
        if not params.get("n", "").isdigit():
            raise InvalidOptions(f"agent spec {written!r}: write level:N, e.g. level:3")
        return level(game, int(params["n"]), seed)
    game_agents = game.ai().agents
    factory = game_agents.get(parsed.kind) or _KINDS.get(parsed.kind)
    if factory is None:
        _load_plugins()
        factory = _KINDS.get(parsed.kind)
    if factory is None:
        known = sorted({*agent_kinds(), *game_agents})
        raise InvalidOptions(
            f"unknown agent {parsed.kind!r}; known agents: {', '.join(known)} (another "
            f"package's agents join by a {PLUGIN_GROUP!r} entry point, or a module named in "
            f"{PLUGIN_MODULES} that calls register_agent)"
        )
    params = _coerce(parsed.kind, factory, parsed.params)
    if "make_agent" in inspect.signature(factory).parameters:
        params["make_agent"] = functools.partial(_sub_agent, game)
    try:
        agent = factory(seed=seed, **params)
    except InvalidOptions as exc:  # named by the spec as written (``mcts`` is an ismcts)
        raise InvalidOptions(f"agent spec {written!r}: {exc}") from None
    if params.get("hooks"):
        search_hooks(game, params["hooks"])  # an unknown name is refused now, not at a move
    why = refusal(parsed.kind, agent.needs, game)
    if why is not None:
        raise InvalidOptions(why)
    return agent


def _sub_agent(game: Game, spec: str | AgentSpec, seed: int) -> Agent:
    """The agent of a spec inside another agent's (a level's player), picklable with it."""
    return make_agent(spec, game, seed)


def _load_builtin() -> None:
    if "random" in _KINDS:  # loaded already (an optional kind may have registered first)
        return
    from kibitz.ai.alphabeta import AlphaBetaAgent
    from kibitz.ai.baselines import GreedyAgent, RandomAgent
    from kibitz.ai.ismcts import ISMCTSAgent

    for cls in (RandomAgent, GreedyAgent, AlphaBetaAgent, ISMCTSAgent):
        register_agent(cls.kind, cls)
    register_agent("mcts", ISMCTSAgent)
