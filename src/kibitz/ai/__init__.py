"""Computer players: the agent protocol, baselines, search agents and graded levels."""

from kibitz.ai.agent import Agent
from kibitz.ai.levels import level
from kibitz.ai.specs import make_agent, parse_spec

__all__ = ["Agent", "level", "make_agent", "parse_spec"]
