"""The interface a game implements (`Game`): the core reads a game's scenarios, its facts and
its words through it alone. A game's module exposes its `Game` object as `GAME`; the registry
(registry.py) finds it by name."""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Sequence

from clingo import Symbol

from .registry import GameScenario, Layout, Source
from .rules.packs import Pack

if TYPE_CHECKING:
    from .rules.crtext import CRRule
    from .rules.rulebase import RuleBase
    from .run.deadline import Deadline
    from .solve.answer import Answer

__all__ = ["Game", "GameScenario", "Layout", "Source"]


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

    def interchangeable_candidates(self, scen: Any) -> list[str]:
        """Ids of objects that may be interchangeable (bridge/core/solve/symmetry.py): whose rules read
        them only through the facts, never through an order among them (default none: the
        answer then counts every division among objects that look alike)."""
        return []

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
        from .explain.generic import generic_ruling
        return generic_ruling(self, scen, answer, rules, notes, remarks)

    def outcomes_json(self, scen: Any, answer: "Answer",
                      rules: "RuleBase") -> tuple[list[dict], list[dict]]:
        """`ask --json` "changes" and "outcomes.list"."""
        from .explain.generic import generic_outcomes_json
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

    def lean_walks(self, scen: Any) -> bool:
        """Whether the lean layout may be tried for this scenario (solve.lean_walk_checks): only
        where the game has argued that fewer check steps inside a walk give the full layout's
        answer wherever the game is at rest. Default: never."""
        return False

    def unsettled_warning(self, checks: int) -> str:
        return (f"the game did not come to rest within {checks} check steps after an action: "
                "the outcome is where the last check step left it")

    def outcome_warnings(self, answer: "Answer") -> list[str]:
        """Said before the answer when some outcome reached what the scenario does not
        describe (cards it did not name); default: nothing."""
        return []

    def contradictions(self, answer: "Answer") -> list[str]:
        """Among outcome_warnings, those saying an outcome is a state no game can be in (the
        answer is then not `reliable` in --json); default: none."""
        return []

    def board_size(self, scen: Any) -> str:
        return f"{len(scen.actions)} actions"

    supports_legal: bool = False         # `rulekeeper legal` (mtg only so far)

    # -- coverage --------------------------------------------------------------------------
    def read_rules_text(self, path: str | Path) -> "list[CRRule]":
        """The numbered rules of the game's rules text (`coverage --cr FILE`)."""
        from .rules.crtext import read_cr
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
