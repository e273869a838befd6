"""Rulings benchmark and acceptance run: `rulekeeper rulings` on 18 library cards of every kind.

For each card: generate the rulings, write their scenarios to a folder, check every scenario
with the same engine `rulekeeper test` uses, and report the time and the number of rulings.
Exits 1 if a card has fewer than 3 rulings or a written scenario fails its expect.
Run: python bench/bench_rulings.py [--out DIR] [CARD ...]

CPU per card (docs/performance.md, "Rulings: the rule index built once"):
    python bench/bench_rulings.py --cpu --cards FILE.json [--sample N] [--seed S] [CARD ...]
runs `generate` for each card (the named ones, else N drawn from the Scryfall file) in one
process, as `rulings --all` does, and prints each card's CPU (this process and its forked probe
solves) and the median.
"""
from __future__ import annotations

import argparse
import random
import resource
import statistics
import sys
import tempfile
import time
from pathlib import Path

from rulekeeper.bridge.cards.scryfall import read_cards
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


def cpu_seconds() -> float:
    """CPU time of this process and of its finished children (probe solves run in forked
    children under a deadline: bridge/deadline.py)."""
    own, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def sample_names(path: Path, size: int, seed: int) -> list[str]:
    """`size` card names drawn (seeded) from a Scryfall JSON file."""
    names = [card["name"] for card in read_cards(path)]
    return sorted(random.Random(seed).sample(names, min(size, len(names))))


def cpu_run(names: list[str], sources: list[str]) -> int:
    """Per-card CPU of `generate` in one process (the rule base and its rule index built once,
    as `rulings --all` does), then the median; the first card also pays for the rule index
    unless the cache has it."""
    engine, times = Engine(), []
    for name in names:
        start = cpu_seconds()
        source = resolve_card(name, sources)
        report = generate(engine, source, ["mtg"], 20.0)
        spent = cpu_seconds() - start
        times.append(spent)
        print(f"{name[:32]:32} {len(report.rulings):2} rulings {spent:6.2f} s cpu"
              + (f"  ({len(report.not_understood)} lines not understood)" if report.not_understood else ""))
    print(f"{len(times)} cards: median {statistics.median(times):.2f} s cpu, "
          f"mean {statistics.mean(times):.2f} s, max {max(times):.2f} s")
    return 0


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("cards", nargs="*", default=CARDS)
    parser.add_argument("--out", default=None, help="folder for the scenarios (default: temporary)")
    parser.add_argument("--cpu", action="store_true", help="CPU per card and the median")
    parser.add_argument("--cards", dest="source", default=None, help="a Scryfall JSON file")
    parser.add_argument("--sample", type=int, default=30, help="cards drawn from --cards")
    parser.add_argument("--seed", type=int, default=33)
    args = parser.parse_args()
    if args.cpu:
        sources = [args.source] if args.source else []
        names = args.cards if args.cards != CARDS or not args.source else \
            sample_names(Path(args.source), args.sample, args.seed)
        return cpu_run(names, sources)
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
