"""The step plan of the time layout (bridge/games/mtg/slots.py): which steps, in whose turn, each event
slot may enter. A plan too narrow silently stops the game; too wide, and the grounder plans
every later slot for every possibility (docs/performance.md, session 6)."""
from __future__ import annotations

from rulekeeper.bridge.games.mtg.slots import action_plans, turn_players, walk_stops
from rulekeeper.bridge.games.mtg.validate import parse_scenario

IDOL = ("Upkeep Idol: {types: [artifact], abilities: [{triggered: {when: {beginning_of: upkeep},"
        " effects: [{gain_life: {player: you, amount: 1}}]}}]}")
PUP = ("Martyr Pup: {types: [creature], power: 1, toughness: 1, abilities: [{triggered: "
       "{when: dies, effects: [{gain_life: {player: you, amount: 1}}]}}]}")
VISIONARY = ("Seer: {types: [creature], power: 1, toughness: 1, abilities: [{triggered: "
             "{when: enters, effects: [{draw: {player: you, amount: 1}}]}}]}")


def _scenario(cards: list[str], actions: str, step: str = "precombat_main",
              players: str = "[alice, bob]", rules: str = "") -> object:
    names = [c.split(":")[0] for c in cards]
    objects = "".join(f"\n  - {{id: o{i}, card: {n}, controller: alice}}" for i, n in enumerate(names))
    text = (f'title: "slots test"\nplayers: {players}\n{rules}'
            f"turn: {{active: alice, step: {step}, number: 2}}\n"
            + ("cards:\n" + "".join(f"  {c}\n" for c in cards) if cards else "")
            + (f"objects:{objects}\n" if cards else "") + f"actions: {actions}\n")
    return parse_scenario(text, "slots.yaml")


def test_only_upkeep_triggers_stop_a_walk_only_in_the_upkeep():
    assert walk_stops(_scenario([IDOL], "[]")) == {"upkeep"}


def test_enters_triggers_cannot_stop_a_walk():
    assert walk_stops(_scenario([VISIONARY], "[]")) == set()


def test_a_dies_trigger_may_stop_a_walk_anywhere():
    assert walk_stops(_scenario([IDOL, PUP], "[]")) is None


def test_another_rule_pack_may_stop_a_walk_anywhere():
    assert walk_stops(_scenario([], "[]", rules="rules: [mtg, almos]\n")) is None


def test_a_walk_no_trigger_can_stop_leaves_the_game_at_its_target():
    # advance to the upkeep (the idol stops it there, its target), pass, advance to main:
    # the pass may only enter the draw step, in the next turn (offset 1)
    plans = action_plans(_scenario([IDOL], "[{advance: upkeep}, resolve, {advance: precombat_main}]"))
    assert plans[1] == [{"draw": {1}}]
    assert plans[2][-1] == {"precombat_main": {1}}
    assert all(offsets == {1} for slot in plans[2] for offsets in slot.values())


def test_a_walk_a_trigger_may_stop_leaves_the_game_anywhere_on_its_way():
    plans = action_plans(_scenario([PUP], "[{advance: end}, resolve]"))
    # stopped in any step from beginning of combat to the end step: the pass may enter the next
    assert {"declare_attackers", "postcombat_main", "cleanup"} <= set(plans[1][0])


def test_a_pass_may_enter_a_step_after_skipped_combat_steps():
    plans = action_plans(_scenario([], "[resolve]", step="declare_attackers"))
    assert set(plans[0][0]) == {"declare_blockers", "first_strike_damage", "combat_damage",
                                "end_of_combat"}


def test_passes_through_a_turn_plan_the_next_turn():
    plans = action_plans(_scenario([], "[" + ", ".join(["resolve"] * 13) + "]", step="upkeep"))
    assert plans[10][0]["untap"] == {1}       # the 11th pass may enter bob's untap step
    assert plans[12][0]["upkeep"] == {1}


def test_whose_turn_each_offset_is():
    two = _scenario([], "[]")
    assert [turn_players(two, k) for k in range(3)] == [["alice"], ["bob"], ["alice"]]
    three = _scenario([], "[]", players="[alice, bob, carol]")
    # 800.4a: with more than two players, someone may have left: after the first turn change
    # anyone may be next, but never the player whose turn just ended
    assert turn_players(three, 0) == ["alice"]
    assert turn_players(three, 1) == ["bob", "carol"]
    assert turn_players(three, 2) == ["alice", "bob", "carol"]
