"""Time the layer system: a board of N permanents under 10 continuous effects.

    python bench/bench_layers.py [N ...]      (default: 50 100 200 400)
    python bench/bench_layers.py --growth     (issue 11: K anthems on 50 creatures, N creatures
                                               under one anthem; ground rules and exponents)

The board: N/2 creatures, N/4 lands, N/4 artifacts, split between two players. The 10
effects: 6 static abilities (anthems filtered by type and controller, a "lands are 2/2
creatures" type change, a colour change, a keyword grant, an "artifacts are creatures" effect
depending on it) and 4 resolved `modify` effects (set, pump, lose all abilities, switch).
Prints seconds to ground and solve, and the number of ground atoms, per board size.
"""
from __future__ import annotations

import sys
import time

import clingo
import yaml

from rulekeeper.bridge.core.run.engine import Engine
from rulekeeper.bridge.core.solve.timeline import Timeline
from rulekeeper.bridge.games.mtg.facts import scenario_facts
from rulekeeper.bridge.core.solve.solve import FIRST_CHECKS, _control
from rulekeeper.bridge.games.mtg.validate import parse_scenario

STATICS = {
    "Anthem": {"affects": {"types": ["creature"], "controller": "you"}, "power": 1, "toughness": 1},
    "Blight": {"affects": {"types": ["creature"], "controller": "opponent"}, "power": -1, "toughness": 0},
    "Awakening": {"affects": {"types": ["land"]}, "add_types": ["creature"], "set_power": 2, "set_toughness": 2},
    "Paint": {"affects": {"types": ["creature"]}, "colors": ["blue"]},
    "Wings": {"affects": {"types": ["creature"], "controller": "you"}, "keywords": ["flying"]},
    "March": {"affects": {"types": ["artifact"]}, "add_types": ["creature"], "set_power": 1, "set_toughness": 1},
}


def board(n: int) -> dict:
    cards = {name: {"types": ["enchantment"], "abilities": [{"static": s}]} for name, s in STATICS.items()}
    cards["Bear"] = {"types": ["creature"], "mana_cost": "{1}{G}", "power": 2, "toughness": 3}
    cards["Forest"] = {"types": ["land"]}
    cards["Rock"] = {"types": ["artifact"], "mana_cost": "{2}"}
    objects = [{"id": f"e{i}", "card": name, "controller": "alice" if i % 2 else "bob"}
               for i, name in enumerate(STATICS)]
    kinds = ["Bear", "Bear", "Forest", "Rock"]
    objects += [{"id": f"p{i}", "card": kinds[i % 4], "controller": "alice" if i % 2 else "bob"}
                for i in range(n - len(objects))]
    actions = [{"modify": {"object": "p0", "set_power": 5, "set_toughness": 5}},
               {"modify": {"object": "p1", "power": 2, "toughness": 2}},
               {"modify": {"object": "p4", "lose_all_abilities": True}},
               {"modify": {"object": "p5", "switch_pt": True}}]
    return {"title": f"bench: {n} permanents under 10 continuous effects", "players": ["alice", "bob"],
            "cards": cards, "objects": objects, "actions": actions}


def measure(n: int, engine: Engine) -> tuple[float, float, int]:
    scen = parse_scenario(yaml.safe_dump(board(n)), f"<bench {n}>")
    rules = engine.rules(scen.rules)
    start = time.perf_counter()
    ctl = _control(rules, [])
    line = Timeline.layout(len(scen.actions), FIRST_CHECKS)
    with ctl.backend() as backend:
        for fact in scenario_facts(scen, line):
            backend.add_rule([backend.add_atom(fact)])
    ctl.ground([("base", [])])
    grounded = time.perf_counter()
    models = []
    ctl.solve(on_model=lambda m: models.append(m.symbols(shown=True)) is None and False)
    solved = time.perf_counter()
    atoms = len(ctl.symbolic_atoms)
    assert len(models) == 1, f"expected one outcome, got {len(models)}"
    return grounded - start, solved - grounded, atoms


ANTHEM = {"types": ["enchantment"], "abilities": [{"static": {"affects": {"types": ["creature"],
                                                                          "controller": "you"},
                                                              "power": 1, "toughness": 1}}]}


def anthem_board(creatures: int, anthems: int) -> dict:
    """`creatures` 2/2 creatures of alice and bob, `anthems` anthems of alice, one damage dealt."""
    cards = {"Anthem": ANTHEM, "Bear": {"types": ["creature"], "power": 2, "toughness": 2}}
    objects = [{"id": f"e{i}", "card": "Anthem", "controller": "alice"} for i in range(anthems)]
    objects += [{"id": f"c{i}", "card": "Bear", "controller": "alice" if i % 2 else "bob"}
                for i in range(creatures)]
    return {"title": f"bench: {creatures} creatures, {anthems} anthems", "players": ["alice", "bob"],
            "cards": cards, "objects": objects,
            "actions": [{"deal_damage": {"target": "c1", "amount": 2}}]}


def growth() -> None:
    from growth import family
    engine = Engine()
    family("K anthems on 50 creatures", [1, 2, 4, 8, 16], lambda k: anthem_board(50, k), engine)
    family("N creatures under one anthem", [10, 50, 100, 200], lambda n: anthem_board(n, 1), engine)


def main(argv: list[str]) -> None:
    if argv == ["--growth"]:
        growth()
        return
    sizes = [int(a) for a in argv] or [50, 100, 200, 400]
    engine = Engine()
    print(f"{'permanents':>10} {'ground s':>9} {'solve s':>8} {'atoms':>9} {'atoms/perm':>10}")
    for n in sizes:
        g, s, atoms = measure(n, engine)
        print(f"{n:>10} {g:>9.2f} {s:>8.2f} {atoms:>9} {atoms / n:>10.0f}")


if __name__ == "__main__":
    main(sys.argv[1:])
