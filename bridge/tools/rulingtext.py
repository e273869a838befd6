"""The shaping of `rulekeeper rulings`' report (docs/rulings.md, "How it works" 7-10): a
ruling's text filled from a probe's phrases, its citations, the merging of findings that say the
same, and the report as text, Markdown or JSON. Running and judging the probes is
bridge/tools/rulings.py.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

import yaml

from ..cards.ignored import IgnoredLine, warning_lines
from ..core.explain.explain import rules_behind
from ..core.rules.rulebase import RuleBase
from ..core.solve.answer import Answer
from .probes import STATES, Probe, SayEntry, state_name
from .ruleindex import within

DEFAULT_NAMES = {"alice": "you", "bob": "an opponent", "carol": "another opponent"}
ABILITY_FEATURES = ("keyword", "trigger", "activated", "static", "effect", "target", "cost",
                    "replacement", "requirement")
DEPENDING = "depending on the choices made, "
MAX_CITED = 3       # the deciding rules, not the whole walk
STATE_WORDS = set(STATES) | {"empty"}


@dataclass
class Ruling:
    """One ruling: its text, rules, the probe scenario that proves it and what it decides."""

    text: str
    rules: list[str]
    scenario: str
    outcome: dict[str, list[str]]
    probe: str
    situation: str = ""
    consequence: str = ""
    also: list[str] = field(default_factory=list)     # probes merged into this one
    data: dict[str, Any] = field(default_factory=dict, repr=False)
    generic: bool = False     # true of every card of its kind, not of this card's own text

    def as_json(self) -> dict[str, Any]:
        return {"text": self.text, "rules": self.rules, "scenario": self.scenario,
                "outcome": self.outcome, "probe": self.probe, "also": self.also,
                "generic": self.generic}


@dataclass
class Report:
    card: str
    origin: str
    features: list[str]
    touched: list[str]
    rulings: list[Ruling]
    skipped: list[dict[str, str]]
    not_understood: list[IgnoredLine] = field(default_factory=list)   # lines the rulings ignore

    def as_json(self) -> dict[str, Any]:
        return {"not_understood": [i.line for i in self.not_understood],
                "card": self.card, "origin": self.origin, "features": self.features,
                "touched_rules": self.touched, "rulings": [r.as_json() for r in self.rulings],
                "skipped": self.skipped}

    @property
    def specific(self) -> list[Ruling]:
        return [r for r in self.rulings if not r.generic]


class Unfilled(Exception):
    """A phrase names a value the answer does not give in every outcome it is said of."""


def fill(text: str, binding: dict[str, str], params: dict[str, Any], probe: Probe) -> str:
    names = {**DEFAULT_NAMES, **probe.names}
    values = {k: names.get(v, state_name(v) if v in STATE_WORDS else v.strip('"').replace("_", " "))
              for k, v in binding.items()}
    values.update({k: v for k, v in params.items() if k not in values})
    if "name" not in binding:       # a two-faced card is said by the face it is probed with
        values["name"] = params.get("face_name", values.get("name"))
    try:
        return text.format(**values)
    except (KeyError, IndexError, ValueError) as err:   # never a half-filled template
        raise Unfilled(f"its text needs a value no outcome gives ({err})") from err


def split_phrases(entry: SayEntry, found: list[dict[str, str]], binding: dict[str, str],
                   params: dict[str, Any], probe: Probe) -> list[str]:
    """The phrases of an entry that holds in some outcomes only: one per binding, or, when
    more than two bindings differ only in numbers, one phrase with each number's range."""
    if len(found) > 2 and all(v.lstrip("-").isdigit() for b in found for v in b.values()):
        ranged = {}
        for key in found[0]:
            values = sorted({int(b[key]) for b in found})
            ranged[key] = str(values[0]) if len(values) == 1 else f"{values[0]} to {values[-1]}"
        return [DEPENDING + fill(entry.text, {**binding, **ranged}, params, probe)]
    return [fill(entry.text, {**binding, **b}, params, probe) for b in found]


def join_consequence(phrases: list[str], split: list[str]) -> str:
    parts = []
    if phrases:
        parts.append(_join(phrases, "and"))
    if split:
        either = _join(split, "or")
        if either.startswith(DEPENDING):     # a range of values, already said so
            parts.append(either)
        else:
            parts.append(f"{DEPENDING}{either}" if phrases else
                         (f"either {either}" if len(split) > 1 else split[0]))
    return ", and ".join(parts) if len(parts) > 1 else parts[0]


def _join(items: list[str], word: str) -> str:
    items = list(dict.fromkeys(items))
    if len(items) <= 1:
        return items[0] if items else ""
    return ", ".join(items[:-1]) + f" {word} " + items[-1]


def citations(atoms: list[str], answer: Answer, rules: RuleBase) -> list[str]:
    out: list[str] = []
    for text in atoms:
        for model, support in zip(answer.models, answer.supports):
            atom = next((a for a in model if str(a) == text), None)
            if atom is not None:
                out += [r for r in rules_behind(atom, support, rules) if r not in out]
                break
    return out


def cite(probe: Probe, rules: RuleBase, explained: list[str], negated: bool) -> list[str]:
    """The rules of the deciding atoms' explanations, the probe's own rules first; the probe's
    rules are added when an absence or the difference with the baseline decides (neither has
    a derivation in this answer) or the explanation does not reach them."""
    about = [a for a in probe.about if rules.is_encoded(a)]
    first = [r for r in explained if any(within(r, a) for a in about)]
    if negated or not first:
        first += [a for a in about if not any(within(r, a) for r in first)]
    return (first or explained)[:MAX_CITED]


def title(rules: list[str], text: str) -> str:
    head = ", ".join(rules[:4])
    title = f"{head}: {text}" if head else text
    return title if len(title) <= 480 else title[:477] + "..."


def slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-") or "card"


# -- merging and output -------------------------------------------------------------------------
def merge(findings: list[Ruling]) -> list[Ruling]:
    """Findings that say the same thing for the same rules become one ruling, their situations
    joined."""
    out: list[Ruling] = []
    for finding in findings:
        same = next((r for r in out if r.consequence == finding.consequence
                     and r.rules == finding.rules), None)
        if same is None:
            out.append(finding)
            continue
        same.situation = f"{same.situation} or {finding.situation}"
        same.text = f"If {same.situation}, {same.consequence}."
        same.also.append(finding.probe)
    return out


def scenario_text(ruling: Ruling) -> str:
    return yaml.safe_dump(ruling.data, sort_keys=False, allow_unicode=True, width=100)


def as_text(report: Report, markdown: bool = False) -> str:
    """The rulings as text or Markdown: what was not understood first, the card's own rulings
    numbered, then the rules true of any card of its kind, one line each."""
    lines = [f"# Rulings for {report.card}" if markdown else f"Rulings for {report.card}:"]
    warning = warning_lines(report.not_understood)      # before the rulings (docs/cards.md)
    lines += [f"> {w.strip()}" for w in warning] if markdown else warning
    if markdown:
        lines.append("")
    if report.not_understood:
        lines.append(("**Not understood:** " if markdown else "Not understood: ")
                     + "no ruling below looks at these Oracle lines:")
        lines += [f"- {i.line}" for i in report.not_understood]
        lines.append("")
    for i, ruling in enumerate(report.specific, 1):
        rules = ", ".join(ruling.rules)
        if markdown:
            lines.append(f"{i}. {ruling.text} ({rules}; scenario `{ruling.scenario}`)")
        else:
            lines.append(f"{i}. {ruling.text}\n   rules: {rules}\n   scenario: {ruling.scenario}")
    lines += _none_found(report)
    generic = [r for r in report.rulings if r.generic]
    if generic:
        lines.append("")
        lines.append("## True of any such card" if markdown else "True of any such card:")
        lines += [f"- {r.text} ({', '.join(r.rules)})" for r in generic]
    undecided = [s for s in report.skipped if s["reason"].startswith("not decided")]
    if undecided:
        lines.append("")
        lines.append("## Not decided" if markdown else "Not decided by the encoded rules:")
        lines += [f"- {s['probe']}: {s['reason']}" for s in undecided]
    return "\n".join(lines)


def _none_found(report: Report) -> list[str]:
    """The text said when the card has no card-specific ruling."""
    reasons = none_found(report)
    if not reasons:
        return []
    what = "No ruling found" if not report.rulings else "No card-specific ruling"
    return [f"{what}: {reasons[0]}", *[f"  {r}" for r in reasons[1:]]]


def none_found(report: Report) -> list[str]:
    """Why the card has no card-specific ruling (nothing when it has one): the lines not
    understood, else what the probes of the library did with the card's features."""
    if report.specific:
        return []
    if report.not_understood:
        return [("the lines above were not understood, so this is not a sign that the card has "
                 "no corner case.")]
    own = [s for s in report.skipped if not s["reason"].startswith("the same as")]
    ran = [s["probe"] for s in report.skipped if s["reason"].startswith("the same as")]
    out = []
    if ran:
        out.append(f"the probes that fit it ({', '.join(ran)}) find nothing a player could get "
                   "wrong about it beyond what any such card does.")
    out += [f"{s['probe']}: {s['reason']}" for s in own]
    if not out:
        kinds = [f for f in report.features if f.split(":")[0] in ABILITY_FEATURES]
        out.append("no probe of the library is about its abilities ("
                   + (", ".join(kinds) if kinds else "it has none: a card with no rules text")
                   + ").")
    return out
