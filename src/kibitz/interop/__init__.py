"""Research adapters: every kibitz game as an OpenSpiel game (``kibitz.interop.openspiel``),
a PettingZoo AEC environment (``kibitz.interop.pettingzoo``) and, for one-player games, a
Gymnasium environment (``kibitz.interop.gymnasium``).

They need the ``research`` extra (``pip install 'kibitz[research]'``); nothing else in
kibitz imports them. They know games only through ``kibitz.core``'s declarations and the
registry, never a game's own modules (an import-linter contract holds them to it).
"""
