"""Rules engines: a small game-independent core and one package per game."""
