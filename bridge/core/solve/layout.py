"""How a solve lays out time (`_Layout`), and the two layouts tried first where they give the
full layout's answer: the lean layout of walks and the tight plan of passes."""
from __future__ import annotations

import os
import sys
from typing import NamedTuple

from ..registry import GameScenario as Scenario
from ..registry import game_of

WALK_CHECKS = 1         # check steps inside a walk in the lean layout (lean_walk_checks)


class _Layout(NamedTuple):
    """How a solve lays out time: check steps after each event slot, and whether triggered
    abilities are named by their time point (exact) or by their action (the fast default, given
    up when two triggers would share a name: `trigger_name_clash`). `needed`: only the rules
    whose atoms the command reads are solved (relevance.needed_rules); the facts are the same
    (scenario_facts ignores it). `walk_checks`: the lean layout (lean_walk_checks), that many
    check steps after each slot of an action but its last (None: `checks` after every slot)."""

    checks: int
    exact_names: bool
    needed: bool = False
    walk_checks: int | None = None
    tight_passes: bool = False

    @property
    def facts_key(self) -> tuple[int, bool, int | None, bool]:
        return (self.checks, self.exact_names, self.walk_checks, self.tight_passes)


def lean_walk_checks(scen: Scenario) -> int | None:
    """The check steps inside a walk in the lean layout, tried first where it applies (None:
    it does not). An empty turn is 14 slots of one `advance`, each followed by FIRST_CHECKS
    check steps where, mostly, nothing can happen; the lean layout gives the slots of an action
    but its last WALK_CHECKS check steps. Its answer is the full layout's when the game is at
    rest at every slot after such check steps (rest_point/1: no state-based action applies, no
    trigger waits, no check step would change the state): the full layout's further check steps
    there do nothing, and every time point keeps its full-layout name in stack items
    (time_name/2, segment/2). Otherwise (`unsettled` raised in some model, a name clash, or no
    answer) the full layout is solved, as before. Only where that argument is made: the mtg
    pack alone (another pack may do more at a check step), no `choose` (a choice required of
    every answer could rule out just the runs that would raise `unsettled`), a walk of two slots
    or more, and the whole timeline solved at once (multishot.py carries state at settle
    points and keeps its own layout). Only commands that read outcomes and their derivations
    (`needed`: ask, test, check) use it: `why`, `legal`, rulings and consistency print or
    probe time points, and keep the full layout's. RULEKEEPER_LEAN=0 turns it off (the answers
    are the same; for comparing). Whether a scenario qualifies is its game's word
    (`Game.lean_walks`: mtg's says the conditions above)."""
    if os.environ.get("RULEKEEPER_LEAN", "") == "0" or not game_of(scen).lean_walks(scen):
        return None
    return None if multishot_enabled() else WALK_CHECKS


def tight_passes(scen: Scenario) -> bool:
    """Whether to solve first with the tight plan of passes (slots.action_plans): each `resolve`
    slot may enter only the steps after where the game may be before the passes since the last
    other action. The full plan lets every pass end a step (500.2: a pass with an empty stack
    does), so after k passes the grounder keeps k steps possible, and once they reach a turn
    whose upkeep the board's triggers wait for, every trigger may fire again at every later
    pass (the cliff of the triggers family between 24 and 32 triggers). Where no model raises
    `plan_short` (a pass entering a step the tight plan lacks), the answer is the full plan's:
    the programs differ only in the steps those slots may enter, and a run of the full plan
    that enters one the tight plan lacks has a tight counterpart (the same choices up to that
    pass) that raises the flag there. As for the lean layout: the mtg pack alone, no `choose`
    (a required choice could rule out just the runs that raise it), no action-by-action
    solving, two passes or more. RULEKEEPER_TIGHT=0 turns it off (the answers are the same)."""
    if os.environ.get("RULEKEEPER_TIGHT", "") == "0" or game_of(scen).name != "mtg" \
            or any(p != "mtg" for p in scen.rules) or scen.plugins or scen.choose:
        return False
    if sum(1 for a in scen.actions if a.verb == "resolve") < 2:
        return False
    return not multishot_enabled()


def multishot_enabled() -> bool:
    """multishot.enabled(), without importing multishot where nothing has: it loads
    clingo.ast through carry.py (25 ms of a small `ask`'s 300). Unless RULEKEEPER_MULTISHOT
    decides, it is on only when its LONG_TIMELINE was set, which needs the module loaded."""
    forced = os.environ.get("RULEKEEPER_MULTISHOT", "")
    if forced in ("0", "1"):
        return forced == "1"
    module = sys.modules.get(__name__.rpartition(".")[0] + ".multishot")
    return module is not None and module.enabled()
