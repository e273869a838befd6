"""rulekeeper's build: setuptools as pyproject.toml configures it, plus one step (issue 37).

The wheel carries a seed of the rule-base cache, so that the first `ask` after an install
costs what a warm one does instead of parsing and analysing the rule files (about 9 s of CPU):
after the modules are copied into the build folder, one small ask per bundled pack set (Magic
with Almos, Magic, Altered) runs there in a child process with the cache pointed at a
temporary folder, and the rule base, explanation transform and relevance entries it wrote are
kept under rulekeeper/bridge/core/base/seed/pyXY/ (XY: the Python that built it). The entries
are the cache's own (magic word, CRC-32, kind and key; the key holds the rule files' bytes,
clingo's version and the package's): bridge/core/base/rulecache.py reads them read-only when
its own folder misses, and a seed made for another clingo is simply a miss.

The seed is an optimisation: if it cannot be built (clingo or PyYAML missing from the build
environment, a timeout), the build warns and the wheel goes without it. An editable install
has none (its first ask builds the cache, as before). RULEKEEPER_NO_SEED=1 leaves it out.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

PACK_SETS = ("[mtg, almos]", "[mtg]", "[altered]")
KEPT = ("rulebase-", "why-", "relevance-")        # scenario-independent work only
SEED_SECONDS = 900
ASK_EACH = """
import sys
from rulekeeper.bridge.core.run.engine import Engine
engine = Engine()
for path in sys.argv[1:]:
    engine.ask(path)
"""


class BuildPyWithSeed(build_py):
    """build_py, then the cache seed into the build folder."""

    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False) or os.environ.get("RULEKEEPER_NO_SEED"):
            return
        try:
            build_seed(Path(self.build_lib), self.distribution.get_version())
        except (ImportError, OSError, subprocess.SubprocessError) as err:
            self.warn(f"the rule-base cache seed was not built ({err}); the first ask after "
                      "install will build the cache")


def build_seed(build_lib: Path, version: str) -> None:
    """Run one ask per pack set on the built package and keep its rule-base entries."""
    target = build_lib / "rulekeeper/bridge/core/base/seed" / f"py{sys.version_info[0]}{sys.version_info[1]}"
    with tempfile.TemporaryDirectory(prefix="rk-seed-") as tmp:
        work = Path(tmp)
        # the package's version as the installed package will report it (rulecache's key)
        meta = work / f"rulekeeper-{version}.dist-info"
        meta.mkdir()
        (meta / "METADATA").write_text(f"Metadata-Version: 2.1\nName: rulekeeper\nVersion: {version}\n")
        scenarios = []
        for i, packs in enumerate(PACK_SETS):
            path = work / f"seed{i}.yaml"
            path.write_text(f"title: cache seed\nplayers: [alice, bob]\nrules: {packs}\n")
            scenarios.append(str(path))
        # the child sees the built package, then clingo and PyYAML where this process finds
        # them (pip's isolated build environment)
        import clingo
        import yaml
        found = [str(Path(m.__file__).resolve().parents[1]) for m in (clingo, yaml)]
        path = os.pathsep.join(dict.fromkeys([str(build_lib.resolve())] + found))
        env = dict(os.environ, RULEKEEPER_CACHE_DIR=str(work / "cache"), PYTHONPATH=path)
        env.pop("RULEKEEPER_NO_CACHE", None)
        done = subprocess.run([sys.executable, "-c", ASK_EACH, *scenarios], cwd=work, env=env,
                              timeout=SEED_SECONDS, stdout=subprocess.DEVNULL,
                              stderr=subprocess.PIPE, text=True)
        if done.returncode:
            raise OSError(f"the seeding ask failed: {done.stderr.strip()[-400:]}")
        if target.exists():
            shutil.rmtree(target)
        target.mkdir(parents=True)
        for entry in sorted((work / "cache").iterdir()):
            if entry.name.startswith(KEPT):
                shutil.copyfile(entry, target / entry.name)


setup(cmdclass={"build_py": BuildPyWithSeed})
