"""The Python bridge: scenario model -> facts -> clingo -> outcomes -> ruling text.

One package per layer (docs/architecture.md): `core` (the game-agnostic engine), `cards`
(card sources and the Oracle compiler), `games` (Magic with Almos, Altered), `tools`
(rulings, consistency, coverage, graph, legal, test runs, card import)."""
