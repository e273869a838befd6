"""Turn benchmark: one whole turn, untap to cleanup, with 20 permanents and three spells.

Times (1) a turn: alice untaps 10 tapped lands, draws, casts Grizzly Bears, Divination and
Shock (each paid by the solver choosing lands) and resolves them, then advances to cleanup;
(2) the growth with the number of time points: the same board advanced through 1, 2 and 4
whole turns (each turn is 13 event slots).
Run: python bench/bench_turn.py [--repeat N] [--ask]
--ask times `ask` instead (Engine.ask with explanations and its ruling text), in CPU seconds of
the process and its solving child, for the same scenarios and an empty turn advanced 1-8 times.
"""
from __future__ import annotations

import sys
import tempfile
from pathlib import Path

import yaml

from rulekeeper.bridge.core.run.engine import Engine
from timing import bench_setup, cpu_seconds, timed

LANDS = ["Forest", "Forest", "Forest", "Island", "Island", "Island", "Mountain", "Mountain",
         "Plains", "Swamp"]
CREATURES = ["Grizzly Bears", "Hill Giant", "Savannah Lions", "Walking Corpse", "Llanowar Elves"]


def board(actions: list) -> dict:
    """Alice: 10 tapped lands and 5 creatures; bob: 5 creatures; 3 spells in alice's hand."""
    objects = [{"id": f"l{i}", "card": c, "controller": "alice", "tapped": True}
               for i, c in enumerate(LANDS)]
    objects += [{"id": f"a{i}", "card": c, "controller": "alice"} for i, c in enumerate(CREATURES)]
    objects += [{"id": f"b{i}", "card": c, "controller": "bob"} for i, c in enumerate(CREATURES)]
    objects += [{"id": "bears", "card": "Grizzly Bears", "zone": "hand", "owner": "alice"},
                {"id": "div", "card": "Divination", "zone": "hand", "owner": "alice"},
                {"id": "shock", "card": "Shock", "zone": "hand", "owner": "alice"}]
    return {"title": "bench: a turn with 20 permanents and three spells", "players": ["alice", "bob"],
            "turn": {"active": "alice", "step": "untap", "number": 3}, "objects": objects,
            "actions": actions}


TURN = [{"advance": "precombat_main"}, {"cast": "bears"}, "resolve", {"cast": "div"}, "resolve",
        {"cast": {"card": "shock", "targets": ["b0"]}}, "resolve", {"advance": "cleanup"}]



def _run(engine: Engine, tmp: str, name: str, scen: dict, repeat: int):
    path = Path(tmp, name)
    path.write_text(yaml.safe_dump(scen))
    return timed(lambda: engine.answer(engine.load(path), timeout=120), repeat)


def _ask_cpu(engine: Engine, tmp: str, name: str, scen: dict, repeat: int) -> float:
    """The best of `repeat` asks, CPU seconds (this process and the solving child)."""
    path = Path(tmp, name)
    path.write_text(yaml.safe_dump(scen))
    engine.ask(path, timeout=300).text()           # warm-up
    best = float("inf")
    for _ in range(repeat):
        start = cpu_seconds()
        engine.ask(path, timeout=300).text()
        best = min(best, cpu_seconds() - start)
    return best


def main() -> None:
    ask = "--ask" in sys.argv
    if ask:
        sys.argv.remove("--ask")
    repeat, engine = bench_setup(__doc__)
    with tempfile.TemporaryDirectory() as tmp:
        if ask:
            print(f"ask, CPU s (best of {repeat}):")
            print(f"one turn, untap to cleanup, 20 permanents, 3 spells: "
                  f"{_ask_cpu(engine, tmp, 'turn.yaml', board(TURN), repeat):.3f}")
            for turns in (1, 2, 4, 8):
                t = _ask_cpu(engine, tmp, f"walk{turns}.yaml",
                             board([{"advance": "untap"}] * turns), repeat)
                print(f"{turns} whole turn(s) advanced, nothing happening: {t:.3f}")
            return
        t_turn, answer = _run(engine, tmp, "turn.yaml", board(TURN), repeat)
        print(f"one turn, untap to cleanup, 20 permanents, 3 spells: {len(answer.models)} "
              f"outcome(s) in {t_turn:.3f}s")
        for turns in (1, 2, 4):
            acts = [{"advance": "untap"}] * turns
            t, _ = _run(engine, tmp, f"walk{turns}.yaml", board(acts), repeat)
            print(f"{turns} whole turn(s) advanced ({turns * 13} steps): {t:.3f}s")


if __name__ == "__main__":
    main()
