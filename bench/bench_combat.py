"""Combat benchmark: 20 attackers against 20 potential blockers.

Times (1) enumerating the legal blocks in the declare blockers step (`rulekeeper legal`) and
(2) resolving one declared combat: 20 blocks declared, then both combat damage steps.
Run: python bench/bench_combat.py [--repeat N]
     python bench/bench_combat.py --growth    (issue 11: ground rules, seconds and exponents of
                                               N combatants and of a trampler with k blockers)
"""
from __future__ import annotations

import tempfile
from pathlib import Path

import yaml

from timing import bench_setup, timed
from rulekeeper.bridge.tools.legal import legal_actions

N = 20
KEYWORDS = ([], ["flying"], ["first_strike"], ["trample"], ["deathtouch"], ["lifelink"], ["menace"])


def board(declared: bool) -> dict:
    """A combat with N attackers (a mix of keywords) and N untapped potential blockers."""
    cards = {f"A{i}": {"types": ["creature"], "power": 2 + i % 4, "toughness": 2 + i % 3,
                       "keywords": KEYWORDS[i % len(KEYWORDS)]} for i in range(N)}
    cards |= {f"B{i}": {"types": ["creature"], "power": 1 + i % 3, "toughness": 2 + i % 4,
                        "keywords": ["reach"] if i % 5 == 0 else []} for i in range(N)}
    objects = [{"id": f"a{i}", "card": f"A{i}", "controller": "alice", "attacking": "bob", "tapped": True}
               for i in range(N)]
    objects += [{"id": f"b{i}", "card": f"B{i}", "controller": "bob"} for i in range(N)]
    scen = {"title": "bench: 20 attackers, 20 potential blockers", "players": ["alice", "bob"],
            "turn": {"active": "alice", "step": "declare_blockers"}, "cards": cards, "objects": objects}
    if declared:
        blocks = {f"b{i}": f"a{i}" for i in range(N) if _can_block_alone(i)}
        scen["actions"] = [{"declare_blockers": blocks}, "deal_combat_damage", "deal_combat_damage"]
    return scen


def _can_block_alone(i: int) -> bool:
    kws = KEYWORDS[i % len(KEYWORDS)]
    return "menace" not in kws and ("flying" not in kws or i % 5 == 0)



def combat_board(n: int) -> dict:
    """n creatures in combat: n/2 attackers of alice, each blocked by one of n/2 blockers of bob."""
    cards = {"Bear": {"types": ["creature"], "power": 2, "toughness": 2},
             "Ox": {"types": ["creature"], "power": 1, "toughness": 3}}
    objects = [{"id": f"a{i}", "card": "Bear", "controller": "alice", "attacking": "bob", "tapped": True}
               for i in range(n // 2)]
    objects += [{"id": f"b{i}", "card": "Ox", "controller": "bob", "blocking": f"a{i}"} for i in range(n // 2)]
    return {"title": f"bench: {n} combatants", "players": ["alice", "bob"],
            "turn": {"active": "alice", "step": "declare_blockers"}, "cards": cards, "objects": objects,
            "actions": ["deal_combat_damage"]}


def trample_board(k: int, deathtouch: bool = False) -> dict:
    """A 6/6 trampler (with deathtouch if asked) blocked by k 1/2 creatures."""
    keywords = ["trample"] + (["deathtouch"] if deathtouch else [])
    cards = {"Rhino": {"types": ["creature"], "power": 6, "toughness": 6, "keywords": keywords},
             "Bear": {"types": ["creature"], "power": 1, "toughness": 2}}
    objects = [{"id": "rhino", "card": "Rhino", "controller": "alice", "attacking": "bob", "tapped": True}]
    objects += [{"id": f"b{i}", "card": "Bear", "controller": "bob", "blocking": "rhino"} for i in range(k)]
    return {"title": f"bench: trampler, {k} blockers", "players": ["alice", "bob"],
            "turn": {"active": "alice", "step": "declare_blockers"}, "cards": cards, "objects": objects,
            "actions": ["deal_combat_damage"]}


def growth() -> None:
    from growth import family
    from rulekeeper.bridge.core.run.engine import Engine
    engine = Engine()
    family("combat, N creatures (N/2 attackers each blocked once)", [10, 50, 100, 200],
           combat_board, engine)
    family("a 6/6 trampler blocked by k 1/2 creatures", [1, 2, 3, 4], trample_board, engine)
    family("a 6/6 deathtouch trampler blocked by k 1/2 creatures", [1, 2, 3, 4],
           lambda k: trample_board(k, True), engine)


def main() -> None:
    import sys
    if sys.argv[1:] == ["--growth"]:
        growth()
        return
    repeat, engine = bench_setup(__doc__)
    with tempfile.TemporaryDirectory() as tmp:
        legal_file, combat_file = Path(tmp, "legal.yaml"), Path(tmp, "combat.yaml")
        legal_file.write_text(yaml.safe_dump(board(False)))
        combat_file.write_text(yaml.safe_dump(board(True)))
        t_legal, (atoms, _, _) = timed(lambda: legal_actions(engine, legal_file, None, 60), repeat)
        t_combat, answer = timed(lambda: engine.answer(engine.load(combat_file), timeout=60), repeat)
    print(f"legal blocks, {N} attackers x {N} blockers: {len(atoms)} legal blocks in {t_legal:.3f}s")
    print(f"one declared combat (blocks + both damage steps): {len(answer.models)} outcome(s) "
          f"in {t_combat:.3f}s")


if __name__ == "__main__":
    main()
