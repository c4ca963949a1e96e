"""The lab: matches between agents, ladders of levels, and their statistics."""
