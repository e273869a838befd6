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
    # --timeout is wall time, a cap (each target's box is CPU time): at a load of 20-28 on 2
    # cores tinker's run took 865-1016 s of wall time for ~14 s of CPU and 900 s cut it
    settings = Settings(max_objects=2, max_actions=2, timeout=1800, per_target=60, write=out)
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


def nothing_firing_is_dead(report: Report, fires: tuple[str, ...]) -> None:
    """No statement that a plain scenario makes fire is reported dead or left not reached."""
    said = {r for f in report.dead + report.not_reached for r in f.rules}
    assert not said & set(fires), said
    assert not report.not_reached, [f.rules for f in report.not_reached]


def proved_dead(report: Report, rules: list[str]) -> None:
    """Exactly these statements are dead, proved within the bounds."""
    assert [f.rules for f in report.dead] == [rules]
    assert BOUNDS_WORDS in report.dead[0].summary


def conflict_with_fix(report: Report, rule: str) -> None:
    """A conflict names the rule, says the game cannot go on, and suggests a fix."""
    found = [f for f in report.conflicts if rule in f.rules]
    assert found, [f.rules for f in report.conflicts]
    assert "no way to go on" in found[0].summary and found[0].details["fix"]
