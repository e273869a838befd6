"""The long fuzz run: N generated inputs (default 10,000) through the real CLI, with figures.

    nice python tests/fuzz/long_run.py [-n 10000] [--timeout 2] [--margin 3] [--seed 0]
    nice python tests/fuzz/long_run.py --surfaces [card_json,pack_folder,...] -n 10000

Every input kind of tests/fuzz/strategies.py is drawn (mutations of the bundled scenarios,
wrong types, injections, YAML edge cases, huge boards and documents, special files) and run
through `ask`, `ask --json`, `why`, `legal`, `legal --json` or `test`. Prints a table: inputs
and exit codes per kind, tracebacks, hangs (over timeout + margin), injections, time per
input; writes the failures (if any) to fuzz-failures.txt. Exit 1 if any input failed.
docs/robustness.md records the figures of a real run.
"""
from __future__ import annotations

import argparse
import collections
import shutil
import signal
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))   # tests/, for `fuzz`

from hypothesis import HealthCheck, Phase, given, seed, settings  # noqa: E402

from fuzz.harness import Harness, Outcome  # noqa: E402
from fuzz.strategies import any_input  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=10_000)
    parser.add_argument("--timeout", type=float, default=2.0)
    parser.add_argument("--margin", type=float, default=3.0)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", default="fuzz-failures.txt")
    parser.add_argument("--surfaces", nargs="?", const="all", default=None,
                        help="fuzz the other surfaces (tests/fuzz/surfaces.py), -n inputs each")
    parser.add_argument("--real-every", type=int, default=20,
                        help="with --surfaces: every Nth input of a command surface also runs "
                             "in a process of its own (exit code, traceback, wall time)")
    opts = parser.parse_args()
    if opts.surfaces:
        return surfaces_run(opts)
    harness = Harness(Path(tempfile.mkdtemp(prefix="rk-fuzz-")))
    stats = Stats()
    started = time.monotonic()

    @seed(opts.seed)
    @settings(max_examples=opts.n, deadline=None, database=None, phases=[Phase.generate],
              suppress_health_check=list(HealthCheck))
    @given(any_input(opts.timeout))
    def one(inp) -> None:
        outcome = harness.run(inp)
        stats.add(outcome, outcome.problems(opts.timeout, opts.margin), inp.notes)
        if stats.total % 500 == 0:
            print(f"  {stats.total} inputs, {time.monotonic() - started:.0f} s, "
                  f"{len(stats.failures)} failures", file=sys.stderr, flush=True)

    signal.signal(signal.SIGINT, _stop)
    try:
        one()
    except Stopped:
        pass
    finally:        # the figures so far, even if the run is stopped
        print(stats.table(time.monotonic() - started, opts), flush=True)
    if stats.failures:
        Path(opts.out).write_text("\n\n".join(stats.failures), encoding="utf-8")
    return 1 if stats.failures else 0


class Stats:
    def __init__(self) -> None:
        self.total = 0
        self.by_kind: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
        self.by_command: collections.Counter = collections.Counter()
        self.seconds: list[float] = []
        self.tracebacks = self.hangs = self.injections = 0
        self.failures: list[str] = []

    def add(self, outcome: Outcome, problems: list[str], notes: dict | None = None) -> None:
        self.total += 1
        self.by_kind[outcome.kind][outcome.exit_code] += 1
        self.by_command[outcome.command[0]] += 1
        self.seconds.append(outcome.seconds)
        self.tracebacks += bool(outcome.traceback)
        self.injections += bool(outcome.injected)
        self.hangs += any(p.startswith("took") for p in problems)
        if problems:
            self.failures.append(f"{outcome.kind} {notes} {outcome.command}\n  " + "\n  ".join(problems)
                                 + "\n  output: " + outcome.output[-400:])
            print("FAILURE " + self.failures[-1], file=sys.stderr, flush=True)

    def table(self, wall: float, opts) -> str:
        lines = [f"{self.total} inputs in {wall:.0f} s (timeout {opts.timeout} s, margin "
                 f"{opts.margin} s, seed {opts.seed})", "",
                 "| kind | inputs | exit 0 | exit 1 | exit 2 | exit 3 | other |",
                 "|---|---|---|---|---|---|---|"]
        for kind, codes in sorted(self.by_kind.items()):
            other = sum(n for c, n in codes.items() if c not in (0, 1, 2, 3))
            lines.append(f"| {kind} | {sum(codes.values())} | " + " | ".join(
                str(codes.get(c, 0)) for c in (0, 1, 2, 3)) + f" | {other} |")
        times = sorted(self.seconds) or [0.0]
        lines += ["", "commands: " + ", ".join(f"{c} {n}" for c, n in sorted(self.by_command.items())),
                  f"tracebacks: {self.tracebacks}, hangs: {self.hangs}, "
                  f"injections reaching clingo: {self.injections}, failures: {len(self.failures)}",
                  f"seconds per input: median {times[len(times) // 2]:.3f}, "
                  f"p99 {times[int(len(times) * 0.99) - 1]:.2f}, max {times[-1]:.2f}"]
        return "\n".join(lines)


def surfaces_run(opts) -> int:
    """-n inputs of each surface of tests/fuzz/surfaces.py, with a table of problems."""
    import os
    from fuzz import surfaces
    names = sorted(surfaces.SURFACES) if opts.surfaces == "all" else opts.surfaces.split(",")
    signal.signal(signal.SIGINT, _stop)
    work = Path(tempfile.mkdtemp(prefix="rk-fuzz-surfaces-"))
    os.environ.pop("RULEKEEPER_CARDS", None)
    rows, failures = [], []
    for name in names:
        strategy, check = surfaces.SURFACES[name]
        counts: collections.Counter = collections.Counter()
        times: list[float] = []
        began = time.monotonic()

        slow: list = []
        cpu = _cpu_seconds()

        def judge(case, problems: list[str]) -> None:
            for problem in problems:
                counts["problem " + problem.split(":")[0][:40]] += 1
            if problems:
                failures.append(f"{name} {case.notes}\n  " + "\n  ".join(problems))
                print("FAILURE " + failures[-1], file=sys.stderr, flush=True)

        @seed(opts.seed)
        @settings(max_examples=opts.n, deadline=None, database=None, phases=[Phase.generate],
                  suppress_health_check=list(HealthCheck))
        @given(strategy())
        def one(case) -> None:
            start = time.monotonic()
            problems = check(case, work)
            if name in surfaces.IN_OWN_PROCESS and opts.real_every \
                    and counts["inputs"] % opts.real_every == 0:
                problems += check(case, work, real=True)
                counts["real"] += 1
            times.append(time.monotonic() - start)
            counts["inputs"] += 1
            if problems and all(p.startswith(SLOW) for p in problems):
                slow.append(case)       # judged again when the run ends: see _replayed
                return
            judge(case, problems)
            if counts["inputs"] % 500 == 0:
                print(f"  {name}: {counts['inputs']} inputs, {time.monotonic() - began:.0f} s",
                      file=sys.stderr, flush=True)
                shutil.rmtree(work, ignore_errors=True)
                work.mkdir(parents=True, exist_ok=True)

        stopped = False
        try:
            one()
        except Stopped:
            stopped = True
        finally:
            counts["replayed"] = _replayed(slow, check, work, judge)
            counts["cpu"] = _cpu_seconds() - cpu
            times.sort()
            rows.append(f"| {name} | {counts['inputs']} | {counts['inputs'] - sum(1 for f in failures if f.startswith(name + ' '))} "
                        f"| {sum(v for k, v in counts.items() if k.startswith('problem '))} "
                        f"| {counts['real']} | {counts['replayed']} | {_max_rss_mb():.0f} MB "
                        f"| {counts['cpu']:.0f} s "
                        f"| {time.monotonic() - began:.0f} s | {times[len(times) // 2] if times else 0:.3f} s "
                        f"| {times[-1] if times else 0:.2f} s |")
            print(rows[-1], flush=True)         # a run that is cut still shows its figures
        if stopped:
            break
    print(f"surfaces, {opts.n} inputs each (seed {opts.seed})\n\n| surface | inputs | clean | problems "
          "| own process | slow, replayed in bound | max RSS | CPU | wall | median | max |\n"
          "|---|---|---|---|---|---|---|---|---|---|---|\n"
          + "\n".join(rows), flush=True)
    if failures:
        Path(opts.out).write_text("\n\n".join(failures), encoding="utf-8")
    return 1 if failures else 0


class Stopped(BaseException):
    """Ctrl-C: end the run with the figures so far. Not a KeyboardInterrupt, which click turns
    into exit 1 inside a CLI call (the run went on, judging it an input's exit code)."""


def _stop(_signum, _frame) -> None:
    raise Stopped


SLOW = ("took too long", "hung")     # the problems a starved process shows too


def _replayed(slow: list, check, work: Path, judge) -> int:
    """The inputs that were only slow, run again one by one: on a shared machine under `nice`
    a run can be starved past the bound. One slow again is a problem (a hang); the others are
    counted (returned), not hidden."""
    fine = 0
    for case in slow:
        problems = check(case, work)
        judge(case, problems)
        fine += not problems
    return fine


def _cpu_seconds() -> float:
    """CPU time (user + system) of this process and of the children it waited for."""
    import resource
    return sum(u.ru_utime + u.ru_stime for u in (resource.getrusage(resource.RUSAGE_SELF),
                                                  resource.getrusage(resource.RUSAGE_CHILDREN)))


def _max_rss_mb() -> float:
    """The largest resident set of this process and of any child it waited for, in MB (Linux
    reports ru_maxrss in KB): the "no process over 2 GB" promise."""
    import resource
    return max(resource.getrusage(who).ru_maxrss
               for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN)) / 1024


if __name__ == "__main__":
    sys.exit(main())
