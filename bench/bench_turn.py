"""Turn benchmark: one whole turn, untap to cleanup, with 20 permanents and three spells.

Times (1) a turn: alice untaps 10 tapped lands, draws, casts Grizzly Bears, Divination and
Shock (each paid by the solver choosing lands) and resolves them, then advances to cleanup;
(2) the growth with the number of time points: the same board advanced through 1, 2 and 4
whole turns (each turn is 13 event slots).
Run: python bench/bench_turn.py [--repeat N]
"""
from __future__ import annotations

import tempfile
from pathlib import Path

import yaml

from rulekeeper.bridge.engine import Engine
from timing import bench_setup, timed

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


def main() -> None:
    repeat, engine = bench_setup(__doc__)
    with tempfile.TemporaryDirectory() as tmp:
        t_turn, answer = _run(engine, tmp, "turn.yaml", board(TURN), repeat)
        print(f"one turn, untap to cleanup, 20 permanents, 3 spells: {len(answer.models)} "
              f"outcome(s) in {t_turn:.3f}s")
        for turns in (1, 2, 4):
            acts = [{"advance": "untap"}] * turns
            t, _ = _run(engine, tmp, f"walk{turns}.yaml", board(acts), repeat)
            print(f"{turns} whole turn(s) advanced ({turns * 13} steps): {t:.3f}s")


if __name__ == "__main__":
    main()
