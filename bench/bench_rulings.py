"""Rulings benchmark and acceptance run: `rulekeeper rulings` on 18 library cards of every kind.

For each card: generate the rulings, write their scenarios to a folder, check every scenario
with the same engine `rulekeeper test` uses, and report the time and the number of rulings.
Exits 1 if a card has fewer than 3 rulings or a written scenario fails its expect.
Run: python bench/bench_rulings.py [--out DIR] [CARD ...]
"""
from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

from rulekeeper.bridge.tools.cardinput import resolve_card
from rulekeeper.bridge.core.run.engine import Engine
from rulekeeper.bridge.tools.probes import card_features
from rulekeeper.bridge.tools.rulings import generate, scenario_text

CARDS = [
    "Serra Angel",            # creature with keywords
    "Vampire Nighthawk",      # creature with three keywords
    "Darksteel Myr",          # indestructible artifact creature
    "Elvish Visionary",       # enters-the-battlefield trigger
    "Mogg Fanatic",           # sacrifice-cost activated ability
    "Lightning Bolt",         # instant, any target
    "Giant Growth",           # instant, pump
    "Blaze",                  # sorcery with X in its cost
    "Lure",                   # aura with a block requirement
    "Bonesplitter",           # equipment
    "Jace Beleren",           # planeswalker (legendary)
    "Invasion of Alara",      # Siege: battle with a transforming back face
    "Hollowmoon Villager",    # DFC, statebound (Almos)
    "Driftpelt Werefox",      # DFC, statebound with haste (Almos)
    "Emberfall Reach",        # Almos Territory
    "Dawnspire Beacon",       # Almos Battlefield State card
    "Thornmark Stalker",      # Almos mark
    "Scholar of Twin Paths",  # Almos discipline creature
]


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("cards", nargs="*", default=CARDS)
    parser.add_argument("--out", default=None, help="folder for the scenarios (default: temporary)")
    args = parser.parse_args()
    out = Path(args.out or tempfile.mkdtemp(prefix="rulings-"))
    out.mkdir(parents=True, exist_ok=True)
    engine, bad = Engine(), 0
    for name in args.cards:
        source = resolve_card(name)
        packs = ["mtg", "almos"] if "almos" in card_features(source.card) else ["mtg"]
        start = time.perf_counter()
        report = generate(engine, source, packs, 20.0)
        seconds = time.perf_counter() - start
        failed = []
        for ruling in report.rulings:
            path = out / ruling.scenario
            path.write_text(scenario_text(ruling), encoding="utf-8")
            if not engine.check(path).ok:
                failed.append(path.name)
        short = len(report.rulings) < 3
        bad += short or bool(failed)
        print(f"{name:24} {len(report.rulings):2} rulings {seconds:6.1f} s"
              + ("  FEWER THAN 3" if short else "") + (f"  FAILED: {failed}" if failed else ""))
    print(f"scenarios in {out}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
