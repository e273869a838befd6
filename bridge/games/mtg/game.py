"""Magic: The Gathering (packs `mtg` and `almos`) behind the game interface: this module only
routes the core's questions to the Magic modules beside it (scenario, validate, cards, actions,
abilities, facts, ruling, focus, notencoded, reliance), each imported when first asked."""
from __future__ import annotations

from typing import Any, Sequence

from clingo import Symbol

from ...core.game import Game, Layout, Source
from ...core.rules.packs import Pack


class MtgGame(Game):
    name = "mtg"
    packs = ("mtg", "almos")
    rules_title = "the CR"
    rules_heading = "Comprehensive Rules"
    supports_legal = True

    @property
    def section_names(self) -> dict[str, str]:      # type: ignore[override]
        from ...core.rules.crtext import SECTION_NAMES
        return SECTION_NAMES

    @property
    def plumbing(self) -> frozenset[str]:           # type: ignore[override]
        from ...core.explain.explain import PLUMBING
        return frozenset(PLUMBING)

    @property
    def characteristics(self) -> frozenset[str]:    # type: ignore[override]
        from ...core.explain.explain import CHARACTERISTICS
        return frozenset(CHARACTERISTICS)

    @property
    def characteristic_outcomes(self) -> frozenset[str]:   # type: ignore[override]
        from ...core.explain.explain import CHARACTERISTIC_OUTCOMES
        return frozenset(CHARACTERISTIC_OUTCOMES)

    @property
    def graph_plumbing(self) -> frozenset[str]:     # type: ignore[override]
        from .vocab import GRAPH_PLUMBING
        return frozenset(GRAPH_PLUMBING)

    def load(self, source: Source, plugins: Sequence[Pack] = (), deadline=None):
        from .cards import default_library
        from .validate import validate_yaml
        library = default_library().with_cards([p.cards for p in plugins if p.cards]) \
            .with_sources(list(source.cards))
        return validate_yaml(source.yaml, library, deadline)

    def facts(self, scen: Any, layout: Layout) -> list[Symbol]:
        from ...core.solve.timeline import Timeline
        from .facts import scenario_facts
        from .slots import action_slots
        line = Timeline.layout(len(scen.actions), layout.checks, action_slots(scen),
                               exact_trigger_names=layout.exact_names,
                               walk_checks=getattr(layout, "walk_checks", None),
                               tight_passes=getattr(layout, "tight_passes", False))
        return scenario_facts(scen, line)

    def interchangeable_candidates(self, scen: Any) -> list[str]:
        from .facts import interchangeable_candidates
        return interchangeable_candidates(scen)

    def lean_walks(self, scen: Any) -> bool:
        """The lean layout's argument is made for the mtg pack alone (another pack may do more
        at a check step), no `choose` (a choice required of every answer could rule out just
        the runs that would raise `unsettled`), and a walk of two slots or more."""
        if any(p != "mtg" for p in scen.rules) or scen.plugins or scen.choose:
            return False
        from .slots import action_slots
        return max(action_slots(scen), default=1) >= 2

    def outcome_names(self) -> set[str]:
        from .reliance import OUTCOME_RULES
        return set(OUTCOME_RULES)

    def sentence(self, atom: Symbol) -> str:
        from .ruling import sentence
        return sentence(atom)

    def ruling(self, scen, answer, rules, notes, remarks, full=False) -> str:
        from .focus import focused_ruling
        from .ruling import full_ruling
        render = full_ruling if full else focused_ruling
        return render(scen.title, answer, rules, notes, scen, remarks)

    def outcomes_json(self, scen, answer, rules):
        from .focus import outcomes_json
        return outcomes_json(answer, rules, scen)

    def not_encoded(self, scen, rules) -> list[str]:
        from .notencoded import not_encoded
        return not_encoded(scen, rules)

    def not_understood(self, scen) -> list[str]:
        from .notencoded import not_understood
        return not_understood(scen)

    def ignored(self, scen, rules) -> list[str]:
        from .notencoded import ignored_values
        return ignored_values(scen, rules)

    def unsettled_warning(self, checks: int) -> str:
        return (f"the game did not come to rest within {checks} check steps after an "
                "action (state-based actions or triggered abilities kept happening, 704.3, "
                "603.3b): the outcome is where the last check step left it")

    def outcome_warnings(self, answer) -> list[str]:
        from .warnings import outcome_warnings
        return outcome_warnings(answer)

    def contradictions(self, answer) -> list[str]:
        from .warnings import contradictions
        return contradictions(answer.models)

    def board_size(self, scen) -> str:
        return (f"{len(scen.objects)} objects, {len(scen.actions)} actions, "
                f"{len(scen.players)} players")

    def owns_rule_number(self, number: str) -> bool:
        return len(number.split(".")[0]) == 3       # CR numbers; Almos's are 1000.x

    def section_of(self, number: str) -> str:
        return number[0]

    def group_of(self, number: str) -> str:
        return number[:3]


GAME = MtgGame()

