"""Computer players: baselines, search agents and graded levels, built from agent specs."""

from kibitz.ai.levels import level
from kibitz.ai.specs import make_agent, parse_spec

__all__ = ["level", "make_agent", "parse_spec"]
