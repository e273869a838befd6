"""Shared by the tests of `consistency` on designer packs with planted defects (tinker,
clockwork): the run at the bounds the issue names, and the witnesses' own check."""
from __future__ import annotations

from pathlib import Path

import yaml

from rulekeeper.bridge.core.rules.packs import load_pack_dir
from rulekeeper.bridge.tools.consistency.report import Report, Settings
from rulekeeper.bridge.tools.consistency.run import Checker
from scenario_index import shared_engine

BOUNDS_WORDS = "cannot fire within 2 object(s), 2 action(s), one turn boundary"


def run_pack(pack: Path, out: Path) -> Report:
    """`consistency --pack-dir PACK --write OUT` at 2 objects, 2 actions, a turn boundary."""
    settings = Settings(max_objects=2, max_actions=2, timeout=900, per_target=60, write=out)
    return Checker(shared_engine(), load_pack_dir(pack), settings).run()


def witnesses_pass(report: Report, kinds: tuple[str, ...]) -> None:
    """Every finding of these kinds has witnesses; each asserts something (never `expect:
    {}`) and passes `rulekeeper test`; a divergence's with-pack witness asserts its values."""
    findings = [f for k in kinds for f in getattr(report, k)]
    assert findings and all(f.paths for f in findings)
    for f in findings:
        for path in f.paths:
            data = yaml.safe_load(Path(path).read_text(encoding="utf-8"))
            assert data["expect"], path
            result = shared_engine().check(path)
            assert result.ok, (path, result.failures)
        if f.kind == "divergence":
            data = yaml.safe_load(Path(f.paths[0]).read_text(encoding="utf-8"))
            assert set(data["expect"].get("always", [])) <= set(f.details["with_pack"])
