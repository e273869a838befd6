"""The bridge's layers (issue 30): import-linter's contracts in pyproject.toml hold for the
source tree, and a deliberate back-import or import circle breaks them.

import-linter reads the code through grimp, which finds a package on sys.path: the test lays
the tree out as `rulekeeper/{bridge,cli,rules_asp}` in a temporary folder (links to the source
folders, or copies where a test plants an import) and runs `lint-imports` there in a child
process, so the installed package (editable or not) plays no part."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("importlinter")

ROOT = Path(__file__).resolve().parent.parent
FOLDERS = ("bridge", "cli", "rules_asp")


def _layout(tmp: Path, copy: bool) -> Path:
    top = tmp / "rulekeeper"
    top.mkdir()
    # a regular package (not a namespace portion): with the project installed (not editable)
    # `rulekeeper` would otherwise also span site-packages, and grimp would read that copy
    (top / "__init__.py").write_text("")
    for name in FOLDERS:
        if copy and name != "rules_asp":
            shutil.copytree(ROOT / name, top / name,
                            ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        else:
            (top / name).symlink_to(ROOT / name, target_is_directory=True)
    return top


def _lint(tmp: Path) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(tmp))
    exe = Path(sys.executable).with_name("lint-imports")
    cmd = [str(exe)] if exe.exists() else [sys.executable, "-m", "importlinter.cli"]
    return subprocess.run(cmd + ["--config", str(ROOT / "pyproject.toml"), "--no-cache"],
                          cwd=tmp, env=env, capture_output=True, text=True, timeout=120)


def _plant(top: Path, module: str, line: str) -> None:
    """Add an import inside a new function of `module` (a path below rulekeeper/): a lazy
    import counts like any other."""
    path = top / module
    path.write_text(path.read_text() + f"\n\ndef _planted():\n    {line}\n")


def test_contracts_hold(tmp_path):
    _layout(tmp_path, copy=False)
    result = _lint(tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 broken" in result.stdout


@pytest.mark.parametrize("module, line, contract", [
    # the core importing a game: core below games
    ("bridge/core/solve/solve.py", "from ...games.mtg import slots", "bridge layers"),
    # a core layer reaching up: solve below explain
    ("bridge/core/solve/solve.py", "from ..explain import cite", "core layers"),
    # one game importing the other
    ("bridge/games/altered/facts.py", "from ..mtg import ruling", "games independent"),
    # a circle inside one package: program -> transform -> program
    ("bridge/core/rules/names.py", "from . import program", "no import cycles"),
])
def test_a_planted_import_breaks_a_contract(tmp_path, module, line, contract):
    top = _layout(tmp_path, copy=True)
    _plant(top, module, line)
    result = _lint(tmp_path)
    assert result.returncode != 0
    broken = [ln for ln in result.stdout.splitlines() if ln.rstrip().endswith(" BROKEN")]
    assert any(ln.startswith(contract) for ln in broken), result.stdout


CYCLES = r"""
import json, sys
import grimp
graph = grimp.build_graph("rulekeeper", exclude_type_checking_imports=True)
edges = {m: sorted(graph.find_modules_directly_imported_by(m)) for m in graph.modules}
# strongly connected components (Tarjan, iterative)
index, low, on, stack, out, counter = {}, {}, set(), [], [], [0]
for root in sorted(edges):
    if root in index:
        continue
    work = [(root, iter(edges.get(root, ())))]
    index[root] = low[root] = counter[0]; counter[0] += 1; stack.append(root); on.add(root)
    while work:
        node, it = work[-1]
        nxt = next(it, None)
        if nxt is None:
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                comp = []
                while True:
                    m = stack.pop(); on.discard(m); comp.append(m)
                    if m == node:
                        break
                if len(comp) > 1:
                    out.append(sorted(comp))
        elif nxt not in index:
            index[nxt] = low[nxt] = counter[0]; counter[0] += 1; stack.append(nxt); on.add(nxt)
            work.append((nxt, iter(edges.get(nxt, ()))))
        elif nxt in on:
            low[node] = min(low[node], index[nxt])
print(json.dumps({"modules": len(edges), "cycles": out}))
"""


def _cycles(tmp: Path) -> dict:
    env = dict(os.environ, PYTHONPATH=str(tmp))
    result = subprocess.run([sys.executable, "-c", CYCLES], cwd=tmp, env=env,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_no_module_imports_itself_back(tmp_path):
    """No module imports another that imports it back, directly or through others (every
    runtime import, those inside functions included)."""
    _layout(tmp_path, copy=False)
    found = _cycles(tmp_path)
    assert found["modules"] > 80
    assert found["cycles"] == []


def test_the_cycle_check_sees_a_lazy_circle(tmp_path):
    top = _layout(tmp_path, copy=True)
    _plant(top, "bridge/core/rules/names.py", "from . import program")
    cycles = _cycles(tmp_path)["cycles"]
    assert any({"rulekeeper.bridge.core.rules.names", "rulekeeper.bridge.core.rules.program"}
               <= set(c) for c in cycles)
