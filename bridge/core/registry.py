"""The games the core knows, by name, and what it reads of any game's scenario.

The core never imports a game: `GAMES` names each game's module, imported by name when a
scenario, a rule base or a pack list first needs it (a plug-in game adds its entry). The
interface a game implements is `core.game.Game`.

What the core asks of each game it rules on:

The core (rules_asp/core/: time, events, inertia, generic outcomes, readings; and the generic
bridge modules: engine, solve, deadline, rulebase, packs, explain, cite, transform, graph,
coverage, check, runner) knows nothing of Magic. A game plugs in with:

- its bundled rule packs (packs.BUNDLED: `mtg` and `almos` for Magic, `altered` for Altered),
  each building on the `core` rule files;
- a `Game` object (this module's base class), in the module named by `GAMES[name]`, as that
  module's `GAME`: it reads the game's scenarios, turns one into clingo facts, and words the
  ruling. Everything else (solving, `why`, `test`, `coverage`, `graph`) is the core's.

A scenario selects its game by its `rules:` list: the game of the first bundled pack named
(`rules: [altered]` -> altered; `rules: [mtg, almos]` -> mtg); no bundled pack named -> mtg.
Packs of two games in one scenario are an input error (exit 2).
"""
from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any, Iterator, Protocol, Sequence

from .base.errors import ScenarioError
from .rules.packs import Pack, is_pack_path
from .source.source import Source

if TYPE_CHECKING:
    from .game import Game
    from .source.expect import Expect

__all__ = ["DEFAULT_GAME", "GAMES", "GameScenario", "Layout", "Source", "check_one_game",
           "game_for_packs", "game_named", "game_of", "game_of_pack", "game_of_rules",
           "select_game"]

DEFAULT_GAME = "mtg"
# game name -> the module whose `GAME` is that game (imported when first needed; a test may
# put a Game object here with monkeypatch.setitem).
GAMES: dict[str, "str | Game"] = {
    "mtg": "rulekeeper.bridge.games.mtg.game",
    "altered": "rulekeeper.bridge.games.altered.game",
}


class GameScenario(Protocol):
    """What the core reads of any game's validated scenario (the rest is the game's own)."""

    file: str
    title: str
    rules: list[str]        # bundled pack names, the packs they require included
    plugins: list[Pack]     # plug-in packs named in `rules:`
    readings: list[str]     # readings selected (rules_asp/core/readings.lp)
    choose: list[str]       # atom texts: each must hold as chose(A) (a constraint)
    expect: "Expect"        # always / sometimes / never / impossible (bridge.scenario.Expect)
    actions: list           # only len() and truthiness are read by the core


class Layout(Protocol):
    """How a solve lays out time (solve._Layout)."""

    checks: int             # check steps after the described state and after each event slot
    exact_names: bool       # a game that names triggers by time point names each by its own
    # (solve._Layout also has walk_checks: fewer check steps inside a walk, the lean layout,
    # which a game may ignore: mtg's facts use it, facts.Timeline)


def game_named(name: str) -> Game:
    entry = GAMES[name]
    if not isinstance(entry, str):      # a Game object put here (a test's toy game)
        return entry
    return importlib.import_module(entry).GAME


def _available() -> Iterator[Game]:
    """The games, imported as they are reached (a game's module is imported once, by Python)."""
    for name in GAMES:
        try:
            yield game_named(name)
        except ModuleNotFoundError as err:  # a game whose module is not there (not merged yet)
            if err.name != GAMES[name]:
                raise


def game_of_pack(pack: str) -> Game | None:
    return next((g for g in _available() if pack in g.packs), None)


def game_for_packs(names: Sequence[Any]) -> Game:
    """The game of a list of pack names: that of the first bundled pack named; mtg if none."""
    for name in names:
        if isinstance(name, str) and not is_pack_path(name):
            game = game_of_pack(name)
            if game is not None:
                return game
    return game_named(DEFAULT_GAME)


def game_of_rules(rules: Any) -> Game:
    """The game of a rule base (RuleBase.packs)."""
    return game_for_packs(list(rules.packs))


def game_of(scen: Any) -> Game:
    """The game a validated scenario plays."""
    return game_for_packs(list(scen.rules))


def select_game(source: Source) -> Game:
    """The game a scenario file plays, from its `rules:` (read before validation; a malformed
    `rules:` is left to the default game's validation to report)."""
    data = source.yaml.data
    raw = data.get("rules") if isinstance(data, dict) else None
    names = [r for r in raw if isinstance(r, str)] if isinstance(raw, list) else []
    games = {}
    for name in names:
        game = None if is_pack_path(name) else game_of_pack(name)
        if game is not None:
            games.setdefault(game.name, game)
    if len(games) > 1:
        raise source.yaml.error(("rules",), "packs of two games ("
                                + ", ".join(games) + "): a scenario plays one game")
    return next(iter(games.values()), None) or game_named(DEFAULT_GAME)


def check_one_game(names: Sequence[str], where: str = "--pack") -> None:
    """Packs of two games cannot make one rule base (coverage, graph)."""
    games = {g.name for g in (game_of_pack(n) for n in names) if g is not None}
    if len(games) > 1:
        raise ScenarioError(where, None, "--pack", f"packs of two games ({', '.join(sorted(games))})"
                            ": choose the packs of one game")
