"""Where a CLI `ask` process spends its time, next to bare clingo on the program it solves.

    python bench/cli_parts.py [SCENARIO ...] [--runs N]

Each line is a whole Python process, run N times (interleaved), CPU seconds (user + system of
the process, `resource.RUSAGE_CHILDREN`), minimum and median. The lines add one stage each, so
the difference between two lines is what that stage costs:

  python                        the interpreter starting and stopping
  + import clingo               what bare `python -m clingo` also pays
  + click                       the CLI's library
  + the bridge's modules        everything `ask` imports
(the stages after `import clingo` load their modules with the cycle collector off, as the
console script does: cli/console.py)
  + scenario and rule base      reading the scenario (its cards found by the card-name cache)
                                and the rule-base caches (rules, relevance index)
  clingo on the dump            `python -m clingo --models=0 --project=auto` on `rulekeeper ground`
  rulekeeper ask                the whole command, caches warm

Run it with the interpreter of an installed rulekeeper (`pip install .`, as the README does; an
editable install adds its import hook to every process).
"""
from __future__ import annotations

import argparse
import resource
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
DEFAULT = ["scenarios/mtg/6-spells-abilities/601-coloured-mana-divination.yaml",
           "scenarios/mtg/combat/510.1d-blocker-divides.yaml",
           "scenarios/mtg/704-state-based-actions/704.5h-deathtouch.yaml"]
# the collector off while modules load, as the console script has it (cli/console.py)
GC_OFF = "import gc; gc.disable(); "
BRIDGE = (GC_OFF + "import rulekeeper.cli.main, rulekeeper.cli.common, rulekeeper.bridge.core.run.engine, "
          "rulekeeper.bridge.core.run.deadline, rulekeeper.bridge.core.solve.solve")
RULES = BRIDGE + ("; gc.freeze(); gc.enable(); import sys; "
                  "from rulekeeper.bridge.core.run.engine import Engine; "
                  "from rulekeeper.bridge import relevance; e = Engine(); "
                  "r = e.scenario_rules(e.load(sys.argv[1])); relevance.prepare(r)")


def cpu(command: list[str]) -> float:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(command, cwd=REPO, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def script() -> list[str]:
    found = Path(sys.executable).parent / "rulekeeper"
    return [str(found)] if found.exists() else [sys.executable, "-m", "rulekeeper.cli.main"]


def stages(scenario: str, dump: str) -> list[tuple[str, list[str]]]:
    py = sys.executable
    return [("python", [py, "-c", "pass"]),
            ("+ import clingo", [py, "-c", "import clingo"]),
            ("+ click", [py, "-c", GC_OFF + "import clingo, click"]),
            ("+ the bridge's modules", [py, "-c", BRIDGE]),
            ("+ scenario and rule base", [py, "-c", RULES, scenario]),
            ("clingo on the dump", [py, "-m", "clingo", "--models=0", "--project=auto", dump]),
            ("rulekeeper ask", script() + ["ask", scenario])]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("scenarios", nargs="*", default=DEFAULT)
    parser.add_argument("--runs", type=int, default=10)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        for scenario in args.scenarios:
            dump = str(Path(tmp) / "program.lp")
            subprocess.run(script() + ["ground", scenario, "-o", dump], cwd=REPO, check=True,
                           stdout=subprocess.DEVNULL)
            lines = stages(scenario, dump)
            for command in (c for _, c in lines):       # warm the caches and the page cache
                cpu(command)
            times: dict[str, list[float]] = {name: [] for name, _ in lines}
            for _ in range(args.runs):
                for name, command in lines:
                    times[name].append(cpu(command))
            print(f"\n{scenario}\n\n| stage | CPU s min | median |\n|---|---:|---:|")
            for name, _ in lines:
                print(f"| {name} | {min(times[name]):.3f} | {statistics.median(times[name]):.3f} |")
            ratio = statistics.median(a / b for a, b in zip(times["rulekeeper ask"],
                                                             times["clingo on the dump"]))
            print(f"\nCLI / clingo on the dump (median of per-run ratios): {ratio:.2f}")


if __name__ == "__main__":
    main()
