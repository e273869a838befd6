"""The CLI against bare clingo counted in instructions (callgrind), not seconds.

    python bench/cli_instructions.py [--sample N] [SCENARIO ...]

Issue 11's yardstick is `rulekeeper ask FILE` (a whole process, caches warm) against `python
-m clingo --models=0 --project=auto` on the program `rulekeeper ground FILE` writes. On a shared
machine CPU seconds move with the load (the same pair gave 1.23 and 1.53 an hour apart); the
instructions a process executes do not (repeated runs agree to 0.01 %). Each process runs once
under `valgrind --tool=callgrind` with PYTHONHASHSEED=0 (string hashing otherwise changes the
order of dict and set work between runs), after one plain run of `ask` has warmed the caches.
Prints per scenario both counts and their ratio, then the median and quartiles of the ratios.
The sample is ratios.py's (`bundled_sample`). Needs valgrind; run it with the interpreter of an
installed rulekeeper (`pip install .`).
"""
from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from ratios import REPO, _cli, bundled_sample  # noqa: E402

COLLECTED = re.compile(r"Collected\s*:\s*(\d+)")


def instructions(command: list[str]) -> int:
    """Instructions the command's process executes (callgrind's total)."""
    env = dict(os.environ, PYTHONHASHSEED="0")
    done = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                           *command], cwd=REPO, env=env, capture_output=True, text=True)
    found = COLLECTED.search(done.stderr)
    if found is None:
        raise RuntimeError(f"no callgrind total for {command}: {done.stderr[-400:]}")
    return int(found.group(1))


def measure(path: Path, folder: Path) -> tuple[int, int]:
    """(CLI ask, bare clingo on the dump) instructions for one scenario."""
    dump = folder / "program.lp"
    subprocess.run([*_cli(), "ground", str(path), "-o", str(dump)], cwd=REPO, check=True,
                   capture_output=True)
    subprocess.run([*_cli(), "ask", str(path)], cwd=REPO, capture_output=True)   # warm
    cli = instructions([*_cli(), "ask", str(path)])
    bare = instructions([sys.executable, "-m", "clingo", "--models=0", "--project=auto",
                         str(dump)])
    return cli, bare


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("scenarios", nargs="*", help="scenario files (default: the sample)")
    parser.add_argument("--sample", type=int, default=40, help="bundled scenarios measured")
    args = parser.parse_args()
    paths = [Path(s).resolve() for s in args.scenarios] or bundled_sample(args.sample)
    print("| scenario | CLI ask (M instructions) | clingo on the dump (M) | ratio |")
    print("|---|---:|---:|---:|")
    ratios = []
    with tempfile.TemporaryDirectory() as tmp:
        for path in paths:
            cli, bare = measure(path, Path(tmp))
            ratios.append(cli / bare)
            name = path.relative_to(REPO / "scenarios") if path.is_relative_to(REPO) else path
            print(f"| {name} | {cli / 1e6:.1f} | {bare / 1e6:.1f} | {cli / bare:.2f} |",
                  flush=True)
    quartiles = statistics.quantiles(ratios, n=4) if len(ratios) > 1 else ratios * 3
    print(f"\nmedian CLI / clingo on the dump: {statistics.median(ratios):.2f} "
          f"(quartiles {quartiles[0]:.2f}-{quartiles[2]:.2f}, {len(ratios)} scenarios)")


if __name__ == "__main__":
    main()
