"""Combat benchmark: 20 attackers against 20 potential blockers.

Times (1) enumerating the legal blocks in the declare blockers step (`rulekeeper legal`) and
(2) resolving one declared combat: 20 blocks declared, then both combat damage steps.
Run: python bench/bench_combat.py [--repeat N]
"""
from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

import yaml

from rulekeeper.bridge.engine import Engine
from rulekeeper.bridge.legal import legal_actions

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


def _timed(fn, repeat: int) -> tuple[float, object]:
    times, result = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times), result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    engine = Engine()
    engine.rules(["mtg"])                       # parse the rule base once, outside the timings
    with tempfile.TemporaryDirectory() as tmp:
        legal_file, combat_file = Path(tmp, "legal.yaml"), Path(tmp, "combat.yaml")
        legal_file.write_text(yaml.safe_dump(board(False)))
        combat_file.write_text(yaml.safe_dump(board(True)))
        t_legal, (atoms, _) = _timed(lambda: legal_actions(engine, legal_file, None, 60), args.repeat)
        t_combat, answer = _timed(lambda: engine.answer(engine.load(combat_file), timeout=60), args.repeat)
    print(f"legal blocks, {N} attackers x {N} blockers: {len(atoms)} legal blocks in {t_legal:.3f}s")
    print(f"one declared combat (blocks + both damage steps): {len(answer.models)} outcome(s) "
          f"in {t_combat:.3f}s")


if __name__ == "__main__":
    main()
