"""One package per game; each lists its Game classes in ``GAMES`` for the registry."""
