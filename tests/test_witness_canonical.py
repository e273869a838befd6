"""The canonical witness of an outcome (bridge/core/solve/witness.py): whatever model the
projected enumeration met first, the choices shown are the least set reaching its outcome."""
from __future__ import annotations

import clingo
from clingo import Function, Number

from rulekeeper.bridge.core.solve.witness import Witnesses

# two orders of two triggers reach one end state (both resolve); a third choice changes it.
# While `first` holds, the search is steered to the greater order (chose(order(a,b))).
PROGRAM = """
1 { chose(order(a,b)); chose(order(b,a)) } 1.
{ chose(extra) }.
outcome(life(16)) :- not chose(extra).
outcome(life(15)) :- chose(extra).
#external first.
#heuristic chose(order(a,b)) : first. [10@10, true]
#show chose/1. #show outcome/1. #project outcome/1.
"""


def _outcomes(program: str, steer: bool) -> dict[frozenset, list[str]]:
    ctl = clingo.Control(["--models=0", "--project=auto", "--heuristic=Domain"])
    ctl.add("base", [], program)
    ctl.ground([("base", [])])
    ctl.assign_external(Function("first"), steer)
    seen = Witnesses(ctl, ("outcome/1",))
    models: list[list[clingo.Symbol]] = []

    def on_model(model: clingo.Model) -> None:
        seen.note(len(models), model)
        models.append(model.symbols(shown=True))

    ctl.solve(on_model=on_model)
    ctl.assign_external(Function("first"), False)
    first = {_outcome(m): _chose(m) for m in models}
    out = seen.canonical(ctl, models, lambda: 10.0)
    return first, {_outcome(m): _chose(m) for m in out}


def _outcome(model):
    return frozenset(s for s in model if s.name == "outcome")


def _chose(model):
    return sorted(str(s) for s in model if s.name == "chose")


LIFE16 = frozenset({Function("outcome", [Function("life", [Number(16)])])})
LIFE15 = frozenset({Function("outcome", [Function("life", [Number(15)])])})


def test_the_least_witness_replaces_the_first_found():
    first, shown = _outcomes(PROGRAM, steer=True)
    assert first[LIFE16] == ["chose(order(a,b))"]       # the search met the greater one
    # the least leaves out the first choice in clingo's order of symbols where it can
    assert shown == {LIFE16: ["chose(order(b,a))"],
                     LIFE15: ["chose(extra)", "chose(order(b,a))"]}
    _, unsteered = _outcomes(PROGRAM, steer=False)
    assert unsteered == shown


def test_no_choice_no_change():
    ctl = clingo.Control(["--models=0", "--project=auto"])
    ctl.add("base", [], "outcome(x). #show outcome/1. #project outcome/1.")
    ctl.ground([("base", [])])
    seen = Witnesses(ctl, ("outcome/1",))
    models = [[Function("outcome", [Function("x")])]]
    assert seen.canonical(ctl, models, lambda: 10.0) is models
