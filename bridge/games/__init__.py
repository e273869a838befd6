"""The games, each behind the core's interface (core.game.Game) and found by name through
core.registry: `mtg` (Magic with Almos) and `altered`. No game imports another."""
