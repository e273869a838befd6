"""The bridge against bare clingo on the same program, measured in one run, per benchmark family.

    python bench/ratios.py                       # every family, default sizes
    python bench/ratios.py --family boards --sizes 10 50 100
    python bench/ratios.py --quick               # small sizes, one run each

For each scenario the program the bridge solves is written with `rulekeeper ground` (the rules
after the explanation transform, and the scenario's facts), then, interleaved run by run:

- clingo (process): `python -m clingo --models=0 --project=auto PROGRAM`, a whole process;
- clingo (in-process): the same file loaded, grounded and solved by clingo's Python API (also
  gives the ground rule count);
- bridge (in-process): `Engine.ask` and its ruling text, the rule base already loaded;
- CLI: `rulekeeper ask FILE`, a whole process, the rule-base cache warm;
- clingo on the whole base (process): the same, on the program written with pruning off
  (RULEKEEPER_NO_PRUNE=1): every rule of the base and the scenario's facts, what a user of clingo
  alone would solve. `rulekeeper ground` writes the pruned program (what the bridge solves), so
  "CLI / clingo process" measures the bridge against clingo given the bridge's own pruning.

Figures are medians; the ratios (bridge / clingo in-process, CLI / clingo process) are taken
run by run and their median printed, so a machine whose speed drifts still compares like with
like. Per family, the growth exponent of time and of ground rules: the log-log slope of the
last two sizes and of a least-squares fit over all sizes. A run over its time limit is shown as
`>T` and left out of the fits.

`--clock cpu` measures CPU seconds instead of wall seconds: the OS accounting of the process and
of every child it reaped (the bridge's forked solving child, the clingo and CLI processes).
On a machine shared with other work CPU seconds move far less than wall seconds; the ratios
are then ratios of work done, not of waiting.

Families: bundled (a spread sample of the bundled scenarios), boards (bench.board_yaml: N
permanents, three actions), turns (bench_triggers: N turns, each with an upkeep trigger and an
enters trigger), triggers (N Upkeep Idols: N triggers at once, all resolved), stacked (N Upkeep
Idols trigger at once, their order fixed with `choose`, one resolves: the time points stay the
same, only the triggers and their sources grow).
"""
from __future__ import annotations

import argparse
import math
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

import clingo
import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench import board_yaml  # noqa: E402  (the generators of the other benches)
from bench_triggers import IDOL, scenario as turns_scenario  # noqa: E402
from timing import cpu_seconds, p90, unpruned  # noqa: E402

from rulekeeper.bridge.core.run.dump import CLINGO_OPTIONS, ground_program  # noqa: E402
from rulekeeper.bridge.core.run.engine import Engine  # noqa: E402
from rulekeeper.bridge.core.base.errors import RulekeeperError  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
FAMILIES = ("bundled", "boards", "turns", "triggers", "stacked")
SIZES = {"boards": [10, 50, 100, 200, 500], "turns": [1, 2, 4, 8], "triggers": [1, 2, 5, 10, 20],
         "stacked": [1, 2, 5, 10, 20, 40]}
QUICK = {"boards": [10, 50, 100], "turns": [1, 2], "triggers": [1, 2, 5], "stacked": [1, 2, 5]}


@dataclass
class Row:
    """One scenario's figures: medians in seconds, ratios as medians of per-run ratios."""

    label: str
    size: int = 0
    rules: int = 0
    clingo_proc: list[float] = field(default_factory=list)
    clingo_whole: list[float] = field(default_factory=list)
    clingo_api: list[float] = field(default_factory=list)
    bridge: list[float] = field(default_factory=list)
    cli: list[float] = field(default_factory=list)
    timed_out: bool = False
    load: float = math.nan           # the 1-minute load average when the scenario was done

    def med(self, name: str) -> float:
        values = getattr(self, name)
        return statistics.median(values) if values else math.nan

    def ratio(self, a: str, b: str) -> float:
        pairs = [x / y for x, y in zip(getattr(self, a), getattr(self, b)) if y > 0]
        return statistics.median(pairs) if pairs else math.nan


# -- the four measurements --------------------------------------------------------------------
CLOCKS: dict[str, Callable[[], float]] = {"wall": time.perf_counter, "cpu": cpu_seconds}
clock: Callable[[], float] = time.perf_counter    # set once by main() from --clock
whole_base_too = True                             # main(): --no-whole-base sets it False


def clingo_process(program: Path, limit: float) -> float:
    start = clock()
    subprocess.run([sys.executable, "-m", "clingo", *CLINGO_OPTIONS, str(program)],
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=limit)
    return clock() - start


def clingo_api(program: Path) -> tuple[float, int]:
    """Seconds to load, ground and solve the file in-process, and its ground rules."""
    start = clock()
    ctl = clingo.Control(list(CLINGO_OPTIONS), logger=lambda *_: None)
    ctl.load(str(program))
    ctl.ground([("base", [])])
    ctl.solve(on_model=lambda m: None)
    seconds = clock() - start
    return seconds, int(ctl.statistics["problem"]["lp"]["rules"])


def bridge_ask(engine: Engine, path: Path, limit: float) -> float:
    start = clock()
    result = engine.ask(path, timeout=limit)
    result.text()
    return clock() - start


def cli_ask(path: Path, limit: float) -> float:
    start = clock()
    subprocess.run([*_cli(), "ask", str(path), "--timeout", str(limit)],
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=limit + 30)
    return clock() - start


def _cli() -> list[str]:
    script = Path(sys.executable).parent / "rulekeeper"
    return [str(script)] if script.exists() else [sys.executable, "-m", "rulekeeper.cli.main"]


def measure(engine: Engine, path: Path, label: str, size: int, runs: int, limit: float,
            tmp: Path, whole_base: bool = True) -> Row:
    """One scenario: its program written once, then the four measurements interleaved
    (`whole_base` False: without clingo on the whole unpruned base, the slowest of them)."""
    row = Row(label, size)
    program = tmp / (path.stem + ".lp")
    whole = tmp / (path.stem + ".whole.lp") if whole_base and whole_base_too else None
    try:
        program.write_text(ground_program(engine, path, timeout=limit).program)
        if whole is not None:
            with unpruned():        # the whole rule base and the facts: clingo alone
                whole.write_text(ground_program(engine, path, timeout=limit).program)
        bridge_ask(engine, path, limit)                 # warm-up: caches, page cache
        cli_ask(path, limit)
    except (RulekeeperError, subprocess.TimeoutExpired):
        row.timed_out = True
        row.load = os.getloadavg()[0]
        return row
    for _ in range(runs):
        try:
            row.clingo_proc.append(clingo_process(program, limit + 30))
            if whole is not None:
                row.clingo_whole.append(clingo_process(whole, limit + 30))
            seconds, row.rules = clingo_api(program)
            row.clingo_api.append(seconds)
            row.bridge.append(bridge_ask(engine, path, limit))
            row.cli.append(cli_ask(path, limit))
        except (RulekeeperError, subprocess.TimeoutExpired):
            row.timed_out = True
            break
    row.load = os.getloadavg()[0]
    return row


# -- the families -----------------------------------------------------------------------------
def bundled_sample(count: int) -> list[Path]:
    """`count` bundled scenarios spread over the sorted list (not expected impossible)."""
    files = [p for p in sorted((REPO / "scenarios").rglob("*.yaml"))
             if "impossible:" not in p.read_text(encoding="utf-8")]
    step = max(1, len(files) // count)
    return files[::step][:count]


def triggers_scenario(n: int) -> dict:
    """alice's untap step with n Upkeep Idols: advancing to upkeep triggers all n at once;
    all resolve (every order gives the same life total)."""
    objects = [{"id": f"idol{i}", "card": "Upkeep Idol", "controller": "alice"} for i in range(n)]
    return {"title": f"bench: {n} simultaneous upkeep triggers", "players": ["alice", "bob"],
            "turn": {"active": "alice", "step": "untap", "number": 3},
            "cards": {"Upkeep Idol": IDOL}, "objects": objects,
            "actions": [{"advance": "upkeep"}] + ["resolve"] * n}


def stacked_scenario(n: int) -> dict:
    """The `triggers` board, but one action after the triggers: the n abilities go on the stack
    in an order the scenario fixes (603.3b, `choose`: one outcome, not n! stacks to report),
    and the top one resolves. The time points are the same for every n."""
    scen = triggers_scenario(n)
    scen["title"] = f"bench: {n} simultaneous upkeep triggers, order fixed, one resolves"
    scen["actions"] = [{"advance": "upkeep"}, "resolve"]
    if n > 1:       # one ability alone is not ordered (no choice to fix)
        scen["choose"] = [f"stack_order(ability(idol{i},1),{i + 1})" for i in range(n)]
    return scen


GENERATED: dict[str, Callable[[int], str]] = {
    "boards": board_yaml,
    "turns": lambda n: yaml.safe_dump(turns_scenario(n)),
    "triggers": lambda n: yaml.safe_dump(triggers_scenario(n)),
    "stacked": lambda n: yaml.safe_dump(stacked_scenario(n)),
}


def family_rows(name: str, engine: Engine, sizes: list[int], runs: int, limit: float,
                tmp: Path, sample: int) -> list[Row]:
    rows = []
    if name == "bundled":
        for path in bundled_sample(sample):
            rows.append(measure(engine, path, str(path.relative_to(REPO / "scenarios")), 0,
                                runs, limit, tmp))
            _progress(rows[-1])
        return rows
    for n in sizes:
        path = tmp / f"{name}-{n}.yaml"
        path.write_text(GENERATED[name](n), encoding="utf-8")
        rows.append(measure(engine, path, f"{name} {n}", n, runs if n <= 100 else 1, limit, tmp))
        _progress(rows[-1])
        if rows[-1].timed_out:
            break
    return rows


def _progress(row: Row) -> None:
    shown = "timed out" if row.timed_out else f"bridge {row.med('bridge'):.2f}s"
    print(f"  .. {row.label}: {shown}", file=sys.stderr, flush=True)


# -- printing ---------------------------------------------------------------------------------
def print_table(name: str, rows: list[Row], limit: float) -> None:
    print(f"\n### {name}\n")
    print("| scenario | ground rules | clingo process s | clingo in-process s | bridge s "
          "| CLI s | bridge / clingo in-process | CLI / clingo process "
          "| clingo process, whole base s | CLI / that | load |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for r in rows:
        if r.timed_out:
            print(f"| {r.label} | | | | no answer in {limit:.0f} s | | | | {r.load:.1f} |")
            continue
        print(f"| {r.label} | {r.rules} | {r.med('clingo_proc'):.3f} | {r.med('clingo_api'):.3f} "
              f"| {r.med('bridge'):.3f} | {r.med('cli'):.3f} | {r.ratio('bridge', 'clingo_api'):.2f} "
              f"| {r.ratio('cli', 'clingo_proc'):.2f} | {r.med('clingo_whole'):.3f} "
              f"| {r.ratio('cli', 'clingo_whole'):.2f} | {r.load:.1f} |")
    done = [r for r in rows if not r.timed_out]
    if not done:
        return
    ratios = [(r.ratio("bridge", "clingo_api"), r.ratio("cli", "clingo_proc")) for r in done]
    if any(r.clingo_whole for r in done):
        print(f"\nmedian CLI / clingo process on the whole rule base and the facts (no pruning): "
              f"{statistics.median(r.ratio('cli', 'clingo_whole') for r in done):.2f}")
    print(f"\nmedian over the family: bridge / clingo in-process "
          f"{statistics.median(a for a, _ in ratios):.2f}, CLI / clingo process "
          f"{statistics.median(b for _, b in ratios):.2f}; bridge p50 "
          f"{statistics.median(r.med('bridge') for r in done) * 1000:.0f} ms, p90 "
          f"{p90([r.med('bridge') for r in done]) * 1000:.0f} ms")
    if done[0].size and len(done) >= 2:
        for what, key in (("bridge time", "bridge"), ("clingo time", "clingo_api"),
                          ("ground rules", "rules")):
            points = [(r.size, r.rules if key == "rules" else r.med(key)) for r in done]
            last, fit = exponents(points)
            print(f"growth exponent of {what}: {last:.2f} (last two sizes), {fit:.2f} (fit)")


def exponents(points: list[tuple[int, float]]) -> tuple[float, float]:
    """The log-log slope of the last two points and of a least-squares fit over all."""
    xs = [math.log(x) for x, _ in points]
    ys = [math.log(max(y, 1e-9)) for _, y in points]
    last = (ys[-1] - ys[-2]) / (xs[-1] - xs[-2])
    mx, my = statistics.fmean(xs), statistics.fmean(ys)
    fit = sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sum((x - mx) ** 2 for x in xs)
    return last, fit


def machine() -> str:
    model = platform.processor() or platform.machine()
    try:
        out = subprocess.run(["lscpu"], capture_output=True, text=True, timeout=10).stdout
        model = next((l.split(":", 1)[1].strip() for l in out.splitlines()
                      if l.startswith("Model name")), model)
    except (OSError, subprocess.SubprocessError):
        pass
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    return (f"{os.cpu_count()} CPUs ({model}), {platform.system()} {platform.release()}, "
            f"Python {platform.python_version()}, clingo {clingo.__version__}, load average {load}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--family", choices=FAMILIES, nargs="*", default=list(FAMILIES))
    parser.add_argument("--sizes", type=int, nargs="*", help="sizes of the generated families")
    parser.add_argument("--runs", type=int, default=3, help="interleaved runs per scenario")
    parser.add_argument("--sample", type=int, default=8, help="bundled scenarios measured")
    parser.add_argument("--timeout", type=float, default=120.0, help="seconds per answer")
    parser.add_argument("--quick", action="store_true", help="small sizes, one run each")
    parser.add_argument("--clock", choices=sorted(CLOCKS), default="wall",
                        help="wall seconds, or CPU seconds of the process tree")
    parser.add_argument("--no-whole-base", action="store_true",
                        help="leave out clingo on the whole unpruned base (the slowest part)")
    args = parser.parse_args()
    global clock, whole_base_too
    clock = CLOCKS[args.clock]
    whole_base_too = not args.no_whole_base
    runs = 1 if args.quick else args.runs
    print(f"machine at start: {machine()}; clock: {args.clock}")
    engine = Engine()
    engine.rules(["mtg"])
    with tempfile.TemporaryDirectory() as tmp:
        for name in args.family:
            sizes = args.sizes or (QUICK if args.quick else SIZES).get(name, [])
            rows = family_rows(name, engine, sizes, runs, args.timeout, Path(tmp),
                               4 if args.quick else args.sample)
            print_table(name, rows, args.timeout)
    print(f"\nmachine at end: load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
