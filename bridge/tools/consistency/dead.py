"""Statements that never fired (issue 34): dead when the bounded search inside the solver was
exhausted ("cannot fire within N objects / K actions"), not reached when it gave up or had no
time left; constraints and choices whose search gave up are "not checked"."""
from __future__ import annotations

from .report import Finding, Report
from .statements import is_constraint


def dead_findings(report: Report, rules, pack: str, fired: set[int], open_: dict) -> None:
    """Statements that never fired: dead when the bounded search was exhausted, not reached
    when it gave up (or had no time left)."""
    by_rule: dict[tuple[str, str], list] = {}
    for info in rules.rules:
        if info.pack == pack and not is_constraint(info.node) and \
                info.index not in fired and info.node.body:
            why = open_.get(("fires", info.index))
            key = "none" if why is not None and why.status == "none" else "open"
            by_rule.setdefault((info.rule, key), []).append((info, why))
    for (number, key), items in by_rule.items():
        infos = [i for i, _ in items]
        statements = [f"{i.file}:{i.line}: {i.text[:120]}" for i in infos]
        if key == "none":
            report.dead.append(Finding(
                "dead", [number], f"{len(infos)} statement(s) cannot fire within "
                f"{report.bounds}", details={"statements": statements,
                                                 "fix": fix_dead(infos)}))
            continue
        spent = max((w.seconds for _, w in items if w is not None), default=0.0)
        why = (f"gave up after {spent:.0f} s of CPU" if any(w is not None for _, w in items)
               else "no time left for its search")
        report.not_reached.append(Finding(
            "not_reached", [number], f"{len(infos)} statement(s) not reached ({why} within "
            f"{report.bounds})", details={
                "statements": statements, "fix": "raise --per-target or --timeout, or "
                "write a scenario that makes it fire"}))
    for key, why in sorted(open_.items()):
        kind = key[0]
        if kind == "fires" or why.status == "none":
            continue
        infos = [rules.rules[i] for i in key[1:]]
        what = {"forbids": "it forbids something the CR makes happen",
                "two_at_once": "they give one thing two values at once"}.get(
                    kind, "it must choose where there is nothing to choose")
        how = ("the board the search found leaves the engine an outcome"
               if why.status == "found" else f"gave up after {why.seconds:.0f} s of CPU")
        report.not_reached.append(Finding(
            "not_checked", [i.rule for i in infos], f"not checked whether {what} ({how} "
            f"within {why.bounds})", details={
                "statements": [f"{i.file}:{i.line}: {i.text[:120]}" for i in infos],
                "fix": "raise --per-target or --timeout"}))


def fix_dead(infos) -> str:
    return ("no board of the bounds makes its conditions hold together: check that they can "
            "(types, zones, steps), or raise --max-objects / --max-actions if it needs more")
