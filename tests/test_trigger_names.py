"""Triggered abilities are named by the action during which they trigger (fast to ground); when
two instances of one ability would share a name, the bridge solves again with exact names."""
from __future__ import annotations

from pathlib import Path

from clingo import Function

from rulekeeper.bridge.core.solve import solve

SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios" / "mtg" / "6-spells-abilities"
TWICE = SCENARIOS / "triggers" / "603-same-trigger-twice-in-one-action.yaml"
ONCE = SCENARIOS / "targeting" / "702.21a-ward-counters-trigger.yaml"
CLASH = Function("trigger_name_clash")


def _shown(engine, path: Path, exact: bool) -> list[set]:
    scen = engine.load(path)
    ctl = solve.grounded_control(scen, engine.rules(scen.rules), exact_names=exact)
    models = []
    ctl.solve(on_model=lambda m: models.append(set(m.symbols(shown=True))))
    return models


def _life(models: list[set]) -> set[str]:
    return {str(s) for m in models for s in m if str(s).startswith("outcome(life(alice")}


def test_shared_name_is_noticed_and_would_lose_a_trigger(engine):
    fast = _shown(engine, TWICE, exact=False)
    exact = _shown(engine, TWICE, exact=True)
    assert all(CLASH in m for m in fast)
    assert _life(fast) == {"outcome(life(alice,21))"}      # one of the two instances lost
    assert not any(CLASH in m for m in exact)
    assert _life(exact) == {"outcome(life(alice,22))"}


def test_solve_falls_back_to_exact_names(engine):
    answer = engine.answer(engine.load(TWICE))
    assert answer.exact_trigger_names
    assert {str(a) for a in answer.always} >= {"life(alice,22)"}


def test_single_triggers_keep_the_fast_names(engine):
    answer = engine.answer(engine.load(ONCE))
    assert not answer.exact_trigger_names
    assert not any(CLASH in m for m in _shown(engine, ONCE, exact=False))


def test_stack_positions_rank_keys_from_the_top():
    from clingo import Number
    entry = lambda key, obj: Function("stack_entry", [Number(key), Function(obj)])
    atoms = {entry(4001, "bears"), entry(8002, "bolt"), entry(8001, "shock"),
             Function("life", [Function("alice"), Number(20)])}
    support = solve.ModelSupport()
    support.add(Function("outcome", [entry(8002, "bolt")]), Number(0), Function("", []))
    out = solve.stack_positions(atoms, support)
    assert {str(a) for a in out} == {"stack(1,bolt)", "stack(2,shock)", "stack(3,bears)",
                                     "life(alice,20)"}
    top = Function("outcome", [Function("stack", [Number(1), Function("bolt")])])
    assert support.get(top) == [(0, ())]


def test_stack_orders_number_a_ranked_group_by_rank():
    from clingo import Number
    ab = lambda src: Function("ability", [Function(src), Number(1)])
    rank = lambda src, group, r: Function("stack_rank", [ab(src), Function("g", [Number(group),
                                                                              Function("alice")]),
                                                          Number(r)])
    chose = {rank("idol7", 4, 7), rank("idol2", 4, 2), rank("idol5", 4, 5),
             rank("lone", 9, 3),                        # a group of one: no choice was made
             Function("target", [ab("x"), Number(1), Function("bob")])}
    out = {str(c) for c in solve.stack_orders(chose)}
    assert out == {"stack_order(ability(idol2,1),1)", "stack_order(ability(idol5,1),2)",
                   "stack_order(ability(idol7,1),3)", "target(ability(x,1),1,bob)"}


def test_stack_positions_order_pair_keys_place_first_then_rank():
    from clingo import Number
    key = lambda place, r: Function("", [Number(place), Number(r)])
    entry = lambda k, obj: Function("stack_entry", [k, Function(obj)])
    atoms = {entry(key(4001, 0), "bears"), entry(key(8001, 2), "b"), entry(key(8001, 9), "c"),
             entry(key(8002, 0), "d")}
    out = {str(a) for a in solve.stack_positions(atoms, None)}
    assert out == {"stack(1,d)", "stack(2,c)", "stack(3,b)", "stack(4,bears)"}


def test_one_commuting_class_takes_one_place_in_the_fast_layout(engine):
    """Three idols' interchangeable abilities: in the fast layout the grounder gives each one
    rank and no place choice (n places each would be n^2); exact names keep the choice."""
    path = SCENARIOS / "triggers" / "603.3b-commuting-triggers-one-left.yaml"
    scen = engine.load(path)

    def ground(exact: bool) -> set[str]:
        ctl = solve.grounded_control(scen, engine.rules(scen.rules), exact_names=exact)
        return {a.symbol.name for a in ctl.symbolic_atoms}

    fast, exact = ground(False), ground(True)
    assert "trig_rank" in fast and "trig_pos" not in fast
    assert "trig_pos" in exact and "trig_rank" not in exact
