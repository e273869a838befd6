"""What the board builder offers: the steps, zones and battlefield states of the scenario
model, and a form for each action verb of the contract (bridge/actions.ACTION_SPECS). A verb
without a form of its own here is offered with its arguments written as JSON; every verb is
offered (tests/test_web_api.py checks it)."""
from __future__ import annotations

from typing import Any

from ...games.altered import model as altered
from ...games.mtg.actions import ACTION_SPECS
from ...games.mtg.scenario import BATTLEFIELD_STATES, STEPS, ZONES

# Argument kinds the page knows: "object" (an object id), "target" (an object or a player),
# "player", "int" (a whole number, or a word such as `all` or `cycling` as written), "ids" (a
# comma-separated list of ids), "ints", "step", "text".
OBJECT_VERB = {"arg": "object"}
AMOUNT = {"player": "player", "amount": "int"}
COUNTERS = {"object": "object", "kind": "text", "amount": "int"}
FORMS: dict[str, dict[str, Any]] = {
    "play_land": OBJECT_VERB,
    "cast": {"fields": {"card": "object", "targets": "ids", "x": "int", "mode": "ints"}},
    "activate": {"fields": {"object": "object", "ability": "int", "targets": "ids",
                            "mode": "ints"}},
    "special_action": {"fields": {"object": "object", "action": "text"}},
    "declare_attackers": {"pairs": ["attacker", "target"]},
    "declare_blockers": {"pairs": ["blocker", "attacker"]},
    "resolve": {"none": True},
    "advance": {"arg": "step"},
    "deal_combat_damage": {"none": True},
    "deal_damage": {"fields": {"source": "object", "target": "target", "amount": "int"}},
    "destroy": OBJECT_VERB, "exile": OBJECT_VERB, "regenerate": OBJECT_VERB,
    "return_to_hand": OBJECT_VERB, "sacrifice": OBJECT_VERB, "transform": OBJECT_VERB,
    "prevent_damage": {"fields": {"target": "target", "amount": "int"}},
    "prevent_combat_damage": {"none": True},
    "put_counters": {"fields": COUNTERS}, "remove_counters": {"fields": COUNTERS},
    "gain_control": {"fields": {"object": "object", "player": "player", "until": "text"}},
    "gain_life": {"fields": AMOUNT}, "lose_life": {"fields": AMOUNT},
    "draw": {"fields": AMOUNT},
    "become_copy": {"fields": {"object": "object", "of": "object"}},
    "put_onto_battlefield": {"fields": {"object": "object", "controller": "player"}},
    "concede": {"fields": {"player": "player"}},
}
# Altered's actions (games/altered/validate.py): next_phase, {pass: PLAYER}, {play: {...}}
ALTERED_VERBS = ("next_phase", "pass", "play")


def builder_options(packs: list[str] | tuple = ()) -> dict[str, Any]:
    """The builder's choices, as JSON for the page; `packs`: the plug-in packs the server was
    started with (`serve --pack-dir`), part of every question's rules."""
    verbs = {name: FORMS.get(name, {"json": True}) for name in ACTION_SPECS}
    return {"steps": list(STEPS), "zones": list(ZONES),
            "battlefield_states": list(BATTLEFIELD_STATES),
            "games": {"mtg": ["mtg"], "mtg + almos": ["mtg", "almos"], "altered": ["altered"]},
            "verbs": verbs, "altered": altered_options(), "packs": list(packs)}


def altered_options() -> dict[str, Any]:
    """The Altered form's choices: its phases, zones, card types, regions and verbs."""
    return {"phases": list(altered.PHASES), "zones": list(altered.ZONES),
            "types": list(altered.TYPES), "regions": list(altered.REGION_ROLES),
            "expeditions": list(altered.EXPEDITIONS), "statistics": list(altered.STATISTICS),
            "verbs": list(ALTERED_VERBS)}
