"""Games: what the game-agnostic core asks of each game it rules on.

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
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterator, NamedTuple, Protocol, Sequence

from clingo import Symbol

from ..errors import ScenarioError
from ..packs import Pack, is_pack_path
from ..yamlsrc import Located

if TYPE_CHECKING:
    from ..crtext import CRRule
    from ..deadline import Deadline
    from ..rulebase import RuleBase
    from ..scenario import Expect
    from ..solve import Answer

DEFAULT_GAME = "mtg"
# game name -> the module whose `GAME` is that game (imported when first needed; a test may
# put a Game object here with monkeypatch.setitem).
GAMES: dict[str, "str | Game"] = {
    "mtg": "rulekeeper.bridge.games.mtg",
    "altered": "rulekeeper.bridge.games.altered",
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


class Source(NamedTuple):
    """A scenario file as read: its text and its YAML (with lines, for error messages), and
    the user's card sources (`--cards`, RULEKEEPER_CARDS) its card names may come from."""

    file: str
    text: str
    yaml: Located
    cards: tuple = ()


class Game:
    """One game. Subclass it and override `load` and `facts`; the rest has generic defaults."""

    name: str = ""
    packs: tuple[str, ...] = ()          # bundled packs that select this game in `rules:`
    rules_title: str = "the rules"      # what `coverage --cr FILE` reads, in messages
    rules_heading: str = "Rules"        # coverage --markdown: "# <heading> coverage"
    section_names: dict[str, str] = {}  # coverage: section number -> its name
    # predicates explanations and citations pass over (bookkeeping), those that compute
    # characteristics (passed over unless the outcome is one of characteristic_outcomes), and
    # those the rule graph makes no edge through
    plumbing: frozenset[str] = frozenset({"occurs", "event_param"})
    characteristics: frozenset[str] = frozenset()
    characteristic_outcomes: frozenset[str] = frozenset()
    graph_plumbing: frozenset[str] = frozenset({
        "time", "step", "check", "final", "report_time", "settle_point", "action_start",
        "segment", "time_name", "rest_point", "exact_trigger_names", "occurs", "event",
        "event_arg", "event_param", "game_over"})

    # -- input -----------------------------------------------------------------------------
    def load(self, source: Source, plugins: Sequence[Pack] = (),
             deadline: "Deadline | None" = None) -> GameScenario:
        """The validated scenario, or ScenarioError (file, line, field; exit 2).
        `plugins` are the engine's `--pack-dir` packs; `deadline.check()` may be called."""
        raise NotImplementedError

    def facts(self, scen: Any, layout: Layout) -> list[Symbol]:
        """Every fact of the scenario as clingo Symbols (never text), time points included:
        time/1, step/1, check/1, event/2 (+ event_arg/3), settle_point/1, final/1 (see
        rules_asp/core/inertia.lp; `timeline()` below lays them out), init/1 for the state."""
        raise NotImplementedError

    # -- output ----------------------------------------------------------------------------
    def outcome_names(self) -> set[str]:
        """Names of the game's outcome atoms (`why` accepts them even when no rule head has
        them, e.g. atoms the bridge renames)."""
        return set()

    def sentence(self, atom: Symbol) -> str:
        """One outcome atom in English, for the ruling text."""
        return str(atom)

    def ruling(self, scen: Any, answer: "Answer", rules: "RuleBase", notes: list[str],
               remarks: list[str], full: bool = False) -> str:
        """The ruling of `ask` (`full`: every atom that changed)."""
        from .generic import generic_ruling
        return generic_ruling(self, scen, answer, rules, notes, remarks)

    def outcomes_json(self, scen: Any, answer: "Answer",
                      rules: "RuleBase") -> tuple[list[dict], list[dict]]:
        """`ask --json` "changes" and "outcomes.list"."""
        from .generic import generic_outcomes_json
        return generic_outcomes_json(self, answer, rules)

    def not_encoded(self, scen: Any, rules: "RuleBase") -> list[str]:
        """Rules the answer relies on that the rule base lacks (said before the answer)."""
        return []

    def not_understood(self, scen: Any) -> list[str]:
        """Notes on card text the answer ignores because it was not compiled (default none)."""
        return []

    def ignored(self, scen: Any, rules: "RuleBase") -> list[str]:
        """Values of the scenario the rules set aside."""
        return []

    def unsettled_warning(self, checks: int) -> str:
        return (f"the game did not come to rest within {checks} check steps after an action: "
                "the outcome is where the last check step left it")

    def board_size(self, scen: Any) -> str:
        return f"{len(scen.actions)} actions"

    supports_legal: bool = False         # `rulekeeper legal` (mtg only so far)

    # -- coverage --------------------------------------------------------------------------
    def read_rules_text(self, path: str | Path) -> "list[CRRule]":
        """The numbered rules of the game's rules text (`coverage --cr FILE`)."""
        from ..crtext import read_cr
        return read_cr(path)

    def owns_rule_number(self, number: str) -> bool:
        """Whether an annotated rule number is one of this game's rules text (not a pack's)."""
        return True

    def section_of(self, number: str) -> str:
        return number.split(".")[0][:1]

    def group_of(self, number: str) -> str:
        return number[:3]

    def listed_rules(self) -> "list[CRRule] | None":
        """The game's numbered rules when its pack records them (the project ships no rules
        text): plain `coverage` then lists each one, encoded, out of scope or missing."""
        return None

    def out_of_scope_files(self, packs: Sequence[Pack]) -> list[Path]:
        """Each pack's `out-of-scope.yaml` (bundled: rules_asp/<pack>/; plug-in: its root)."""
        out = []
        for pack in packs:
            base = pack.root / pack.name if pack.bundled else pack.root
            if (base / "out-of-scope.yaml").is_file():
                out.append(base / "out-of-scope.yaml")
        return out


def timeline(n_actions: int, checks: int, slots: list[int] | None = None,
             exact_names: bool = False):
    """The core's time layout for `n_actions` actions (one event slot each unless `slots`
    says more): `.event_times`, `.slot_times`, `.final`, and `.facts()` (time/1, step/1,
    check/1, settle_point/1, action_start/1, final/1, segment/2, time_name/2)."""
    from ..facts import Timeline
    return Timeline.layout(n_actions, checks, slots, exact_trigger_names=exact_names)


def game_named(name: str) -> Game:
    entry = GAMES[name]
    if isinstance(entry, Game):
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
