"""Relevance pruning (bridge/core/rules/relevance.py) on a spread sample of the bundled scenarios.

Per scenario, for the first layout `solve` grounds (explanations on, as `ask`): the rules kept
of the rule base, the seconds of the analysis itself (best of 3: facts' patterns and fixpoint),
and the CPU seconds clingo takes to parse and ground the pruned and the whole program, measured
one after the other in this process. Prints p50/p90 and the median ratio pruned / whole.
Run: python bench/bench_relevance.py [--sample 40]
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

import clingo

sys.path.insert(0, str(Path(__file__).resolve().parent))

from ratios import bundled_sample  # noqa: E402
from timing import p90  # noqa: E402

from rulekeeper.bridge.core.rules import relevance  # noqa: E402
from rulekeeper.bridge.core.run.engine import Engine  # noqa: E402
from rulekeeper.bridge.core.rules.program import rules_text  # noqa: E402
from rulekeeper.bridge.core.solve.solve import FIRST_CHECKS, _Layout, scenario_facts, shows  # noqa: E402


def ground_cpu(text: str, facts: list[clingo.Symbol]) -> float:
    """CPU seconds to parse and ground `text` with the facts (added through the backend)."""
    start = time.process_time()
    ctl = clingo.Control(["--models=0", "--project=auto"], logger=lambda *_: None)
    ctl.add("base", [], text)
    with ctl.backend() as backend:
        for fact in facts:
            backend.add_rule([backend.add_atom(fact)])
    ctl.ground([("base", [])])
    return time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sample", type=int, default=40)
    args = parser.parse_args()
    engine = Engine()
    print(f"load average at start: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    kept, analysis, pruned, whole, ratios = [], [], [], [], []
    for path in bundled_sample(args.sample):
        scen = engine.load(path)
        rules = engine.scenario_rules(scen)
        relevance.prepare(rules)
        facts = scenario_facts(scen, _Layout(FIRST_CHECKS, False))
        seconds = []
        for _ in range(3):
            start = time.perf_counter()
            live = relevance.live_rules(rules, facts)
            seconds.append(time.perf_counter() - start)
        if live is None:
            sys.exit("RULEKEEPER_NO_PRUNE is set: nothing to measure")
        small = ground_cpu(rules_text(rules, True, live) + shows(True), facts)
        full = ground_cpu(rules_text(rules, True) + shows(True), facts)
        kept.append(len(live) / len(rules.rules))
        analysis.append(min(seconds))
        pruned.append(small)
        whole.append(full)
        ratios.append(small / full)
        print(f"  {path.parent.name}/{path.stem}: {len(live)} of {len(rules.rules)} rules, "
              f"analysis {min(seconds) * 1000:.1f} ms, ground {small:.3f} s vs {full:.3f} s",
              flush=True)
    print(f"\n{len(kept)} scenarios: rules kept p50 {statistics.median(kept):.0%} "
          f"p90 {p90(kept):.0%}; analysis p50 {statistics.median(analysis) * 1000:.1f} ms "
          f"p90 {p90(analysis) * 1000:.1f} ms; parse+ground CPU pruned p50 "
          f"{statistics.median(pruned):.3f} s p90 {p90(pruned):.3f} s, whole p50 "
          f"{statistics.median(whole):.3f} s p90 {p90(whole):.3f} s; pruned / whole median "
          f"{statistics.median(ratios):.2f}")
    print(f"load average at end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
