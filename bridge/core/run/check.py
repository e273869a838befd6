"""Checking a scenario's `expect` against its answer."""
from __future__ import annotations

from dataclasses import dataclass, field

from ..base.errors import ImpossibleSituation
from ..registry import GameScenario as Scenario
from ..solve.answer import Answer
from ..solve.symmetry import holding as holding_in
from ..source.atoms import parse_atom


@dataclass
class CheckResult:
    """A scenario's expectations checked: the failures, none when it passes."""

    file: str
    title: str
    failures: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.failures


def check_expectations(scen: Scenario, answer: Answer) -> CheckResult:
    """Compare always / sometimes / never with the outcomes found."""
    result = CheckResult(scen.file, scen.title)
    n = len(answer.models)
    if scen.expect.impossible is not None:
        result.failures.append(f"expected an impossible situation, but found {n} outcome(s)")
    # read up to the answer's symmetries (bridge/core/solve/symmetry.py): each canonical outcome stands
    # for the outcomes its interchangeable names permute into, as the contract counts them
    classes = getattr(answer, "symmetric", ())
    for text in scen.expect.always:
        _, holding = holding_in(parse_atom(text, ValueError), answer.models, classes)
        if holding != n:
            result.failures.append(f"always {text}: holds in {holding} of {n} outcomes")
    for text in scen.expect.sometimes:
        some, _ = holding_in(parse_atom(text, ValueError), answer.models, classes)
        if not some:
            result.failures.append(f"sometimes {text}: holds in none of {n} outcomes")
    for text in scen.expect.never:
        some, _ = holding_in(parse_atom(text, ValueError), answer.models, classes)
        if some:
            result.failures.append(f"never {text}: holds in {some} of {n} outcomes")
    if answer.truncated:
        result.failures.append(f"only the first {n} outcomes were considered")
    return result


def check_impossible(scen: Scenario, err: ImpossibleSituation) -> CheckResult:
    """An impossible situation passes only if the scenario expects it (naming the rules)."""
    result = CheckResult(scen.file, scen.title)
    if scen.expect.impossible is None:
        result.failures.append(str(err))
        return result
    for number in scen.expect.impossible:
        if not any(c.startswith(number + " ") or c.startswith(number + ":") or
                   "choose: " in c and number == "choose" for c in err.conflicts):
            result.failures.append(f"impossible, but {number} is not among the conflicts: "
                                   + "; ".join(err.conflicts))
    return result
