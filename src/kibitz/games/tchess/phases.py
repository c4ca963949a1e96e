"""The phases of a TCHESS Cards state (its ``stage``); each decides who acts and what the action
ids mean."""

DEAL, FIRST, PLAY, STEAL, TAKE, OVER = range(6)
"""Chance draws a card; chance picks the first attacker; a seat plays; chance steals;
the round winner takes a card back; the game is over."""

PHASE_NAMES = ("draw", "first attacker", "play", "steal", "take", "over")
SEATS = ("White", "Black")
