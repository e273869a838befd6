"""The step plan of the time layout: which steps each event slot of an action may enter, and in
whose turn (bridge/games/mtg/facts.py turns it into `slot_plan/2` and `slot_player/3` facts).

A position is a step and its turn offset (0: the scenario's turn, 1: the next turn, ...). The
plan follows every position the game may be in from action to action, so the grounder only
sees the steps a slot can really enter and, from the offset, whose step it is: without the
offset, a slot that may enter the next turn's untap step leaves the active player open for
every later slot, and every "your upkeep" ability may trigger again at each of them.
"""
from __future__ import annotations

from typing import Iterable

from .scenario import STEPS, Scenario

Position = tuple[str, int]          # a step and its turn offset
SlotPlan = dict[str, set[int]]      # the steps one slot may enter, each with its turn offsets

STEP_AFTER = {"deal_combat_damage": "combat_damage", "declare_attackers": "declare_attackers",
              "declare_blockers": "declare_blockers"}
# Trigger events that cannot happen while an `advance` walks: nothing is cast and nothing enters
# the battlefield between the steps. In the mtg rules an object enters only as a permanent spell
# resolves (608), a land is played, or an action puts it there (put_onto_battlefield,
# create_token, copy); turn-based and state-based actions only take objects out of play or move
# cards between library, hand and graveyard, and the one "instead" of a replacement is exile.
# Any other event may happen in any step (a creature may die to a state-based action when an
# "until end of turn" effect ends, combat damage is dealt, ...). A rule that adds a way onto the
# battlefield between steps must remove "enters" here.
WALK_SAFE_EVENTS = ("enters", "enters_matching", "you_cast")
# steps the rules may skip whatever the cards: without attackers (508.8) or first strike (510.4)
COMBAT_SKIPS = frozenset({"declare_blockers", "first_strike_damage", "combat_damage"})


def action_plans(scen: Scenario, tight: bool = False) -> list[list[SlotPlan]]:
    """The plan of each action's event slots (an empty dict: the slot enters no step).

    An advance gets slots for the cycle of steps ending at its target, from the step after the
    farthest step the game may be in: from wherever the game really is, the walk meets its next
    step among them in order. The walk ends at its target, or earlier at a step where a
    triggered ability may go on the stack (500.2; `walk_stops`). A pass (`resolve`) ends the
    step when the stack is empty: its slot may enter the step after any step the game may be
    in. Fixing the steps a slot may enter keeps the grounding of turn-based actions (and of turn
    numbers, draws, ...) linear in the number of time points.

    `tight`: the plan of the tight layout (solve.tight_passes): a pass's slot may enter only the
    steps after those the game may be in before any pass since the last other action, as if no
    pass found an empty stack but the first. The positions that decide the other actions' slots
    (and so the time layout) are the full plan's. A game that passes further raises
    `plan_short` (500-turn-structure.lp) and the bridge solves the full plan.
    """
    possible: set[Position] = {(scen.turn.step, 0)}
    before_passes = possible
    stops, skippable = walk_stops(scen), _skippable(scen)
    out: list[list[SlotPlan]] = []
    for action in scen.actions:
        if action.verb == "advance":
            target = action.args
            walks = [_walk(pos, target) for pos in sorted(possible)]
            out.append(_advance_plan(target, possible, walks))
            walked = {pos for walk in walks for pos in walk}
            possible = {pos for pos in walked if pos[0] == target or stops is None or pos[0] in stops}
            before_passes = possible
        elif action.verb == "resolve":
            after = _after_pass(possible, skippable)
            out.append([_by_step(_after_pass(before_passes, skippable) if tight else after)])
            possible = possible | after     # a new set: before_passes keeps its own
        else:
            out.append([{}])
            if action.verb in STEP_AFTER:
                possible = {(STEP_AFTER[action.verb], k) for _, k in possible}
            before_passes = possible
    return out


def _after_pass(possible: set[Position], skippable: frozenset[str]) -> set[Position]:
    """Where a pass may take the game from any of `possible` (a cleanup may repeat, 514.3a)."""
    return {p for pos in possible for p in _passed(pos, skippable)} | \
        {pos for pos in possible if pos[0] == "cleanup"}


def walk_stops(scen: Scenario) -> set[str] | None:
    """The steps where a triggered ability may go on the stack while an advance walks (which
    stops the walk there, 500.2); None: any step. Only the scenario's own cards can trigger
    in the mtg pack; another rule pack may add triggers of its own anywhere."""
    if any(p != "mtg" for p in scen.rules):
        return None
    stops: set[str] = set()
    for ability in _abilities(scen):
        when = ability.get("when") or ()
        if ability.get("kind") == "triggered" and when and when[0] in WALK_SAFE_EVENTS:
            continue
        if ability.get("kind") == "triggered" and when and when[0] == "beginning_of":
            stops.add(when[1])
        elif ability.get("kind") in ("triggered", "chapter"):
            return None         # may trigger in any step (a saga's chapter at 714.3b too)
    return stops


def _abilities(scen: Scenario) -> Iterable[dict]:
    cards = [o.card for o in scen.objects] + list(scen.cards.values()) + \
        [c for c in scen.tokens.values() if c is not None]
    faces = [f for c in cards for f in c.faces()]
    return [a for f in faces for a in f.abilities]


def _skippable(scen: Scenario) -> frozenset[str]:
    """Steps a pass or a walk may skip: the combat steps, and any a card's replacement effect
    skips (614.1b, "skip your draw step")."""
    return COMBAT_SKIPS | {a["step"] for a in _abilities(scen)
                           if a.get("kind") == "replacement" and a.get("form") == "skip"}


def _passed(pos: Position, skippable: frozenset[str]) -> set[Position]:
    """Where a pass with an empty stack may take the game from `pos` (500.2): the next step,
    or a later one when the steps before it are skipped."""
    out, nxt = set(), _next(pos)
    out.add(nxt)
    while nxt[0] in skippable and nxt[0] != pos[0]:
        nxt = _next(nxt)
        out.add(nxt)
    return out


def _advance_plan(target: str, starts: set[Position], walks: list[list[Position]]
                  ) -> list[SlotPlan]:
    """The cycle of steps ending at `target`, from the step after the farthest step the game may
    be in: a walk from any start meets its steps among these in order, and a walk from a known
    step gets no slot before its next step (each slot costs time points). Where the walk may
    pass a cleanup step there may be another one (514.3a), so each later slot may also enter
    the step before its own, and one more slot ends the walk at the target."""
    b = STEPS.index(target)
    cycle = [STEPS[(b + k) % len(STEPS)] for k in range(1, len(STEPS) + 1)]
    # a game in a cleanup step may get another one first (514.3a): keep a slot for it
    in_cleanup = any(step == "cleanup" for step, _ in starts)
    length = max(len(walk) for walk in walks) + in_cleanup
    cycle = cycle[-min(length, len(cycle)):]
    offsets = _offsets(starts, walks)
    passes_cleanup = any(step == "cleanup" for walk in walks for step, _ in walk)
    if target == "cleanup" or not passes_cleanup:
        steps = [{step} for step in cycle]
    else:
        c = cycle.index("cleanup")
        later = [{cycle[k - 1], cycle[k]} for k in range(c + 1, len(cycle))]
        steps = [{step} for step in cycle[:c + 1]] + later + [{target}]
    return [{step: offsets.get(step, set()) for step in slot} for slot in steps]


def _offsets(starts: set[Position], walks: list[list[Position]]) -> dict[str, set[int]]:
    """The turn offsets each step may have in the walks; a repeated cleanup (514.3a) is in the
    turn of the cleanup the game is in."""
    out: dict[str, set[int]] = {}
    for step, k in [pos for walk in walks for pos in walk] + \
            [pos for pos in starts if pos[0] == "cleanup"]:
        out.setdefault(step, set()).add(k)
    return out


def _next(pos: Position) -> Position:
    step = STEPS[(STEPS.index(pos[0]) + 1) % len(STEPS)]
    return step, pos[1] + (step == "untap")


def _walk(start: Position, target: str) -> list[Position]:
    """The positions a walk from `start` enters until `target` (the whole cycle if equal)."""
    out, pos = [], start
    while True:
        pos = _next(pos)
        out.append(pos)
        if pos[0] == target:
            return out


def _by_step(positions: set[Position]) -> SlotPlan:
    out: SlotPlan = {}
    for step, k in positions:
        out.setdefault(step, set()).add(k)
    return out


def action_slots(scen: Scenario) -> list[int]:
    """How many event slots each action needs."""
    return [len(plan) for plan in action_plans(scen)]


def turn_players(scen: Scenario, offset: int) -> list[str]:
    """Who may be the active player `offset` turns after the scenario's turn: turns pass in
    seat order (103.1, 500.1); with more than two players one who has left the game takes no
    more turns (800.4a), so after the first turn change any of them may be next. With two,
    a player who leaves ends the game (104.2a)."""
    players = list(scen.players)
    if offset == 0:
        return [scen.turn.active]
    if len(players) > 2:
        return [p for p in players if offset > 1 or p != scen.turn.active]
    return [players[(players.index(scen.turn.active) + offset) % len(players)]]
