"""`rulekeeper rulings`: the rulings of a card, each proved by a scenario (docs/rulings.md).

For a card: its features (bridge/tools/probes.py) select the probes of the library and, through the
rule graph, the rules it touches; each probe's scenario is solved with the card and with the
baseline card (without the feature); the findings a player could get wrong are kept, said in
the official rulings' register ("If ..., ..."), cited with the rules behind the deciding
atoms, and backed by the probe scenario with an `expect` taken from the solved answer.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Callable

import yaml
from clingo import Symbol

from ..cards.ignored import IgnoredLine, card_ignored, warning_lines
from ..core.base.errors import ImpossibleSituation, ScenarioError, SolverTimeout
from ..core.explain.explain import rules_behind
from ..core.rules.rulebase import RuleBase
from ..core.run.deadline import KEEP_ALL, KEEP_DERIVATIONS
from ..core.run.engine import Engine
from ..core.solve.answer import Answer
from ..games.mtg.actions import ACTION_SPECS
from ..games.mtg.reliance import CARD_FIELD_RULES, KEYWORD_RULES
from ..games.mtg.warnings import contradictions
from ..games.mtg.validate import parse_scenario
from .cardinput import CardSource
from .probes import (
    STATES,
    Probe,
    SayEntry,
    baseline_card,
    bind_say,
    card_features,
    card_params,
    instantiate,
    load_probes,
    state_name,
)
from .ruleindex import rule_index, within

# Card types and subtypes -> the rules that give them meaning (keywords, fields and effect
# verbs come from reliance.KEYWORD_RULES / CARD_FIELD_RULES and actions.ACTION_SPECS).
TYPE_RULES = {
    "type:creature": ["302", "510"], "type:planeswalker": ["306", "704.5i"],
    "type:battle": ["310", "704.5v", "704.5w"], "type:instant": ["304", "608"],
    "type:sorcery": ["307", "608"], "type:artifact": ["301"], "type:enchantment": ["303"],
    "type:land": ["305"], "subtype:aura": ["303.4", "704.5m"],
    "subtype:equipment": ["301.5", "704.5n"], "subtype:siege": ["310.11", "704.5x"],
    "subtype:territory": ["1000.1", "1000.2"], "supertype:legendary": ["704.5j"],
    "dfc": ["712"], "triggered": ["603"], "activated": ["602"],
    "spell": ["601", "608", "115"], "permanent": ["110", "302", "611", "613", "707", "704"],
}
DEFAULT_NAMES = {"alice": "you", "bob": "an opponent", "carol": "another opponent"}
ABILITY_FEATURES = ("keyword", "trigger", "activated", "static", "effect", "target", "cost",
                    "replacement", "requirement")
DEPENDING = "depending on the choices made, "
MAX_CITED = 3       # the deciding rules, not the whole walk
STATE_WORDS = set(STATES) | {"empty"}
VAR = re.compile(r"\b([A-Z][A-Za-z0-9]*|_)\b")

Progress = Callable[[str], None]


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


# -- the rules a card touches -------------------------------------------------------------------
def seed_rules(features: set[str]) -> set[str]:
    """Rule numbers named by the card's features."""
    out: set[str] = set()
    for feature in features:
        kind, _, value = feature.partition(":")
        out |= set(TYPE_RULES.get(feature, []))
        if kind == "keyword":
            out |= set(KEYWORD_RULES.get(value, ()))
        if kind == "effect" and value in ACTION_SPECS:
            out |= set(ACTION_SPECS[value].rules)
    if "dfc" in features:
        out |= set(CARD_FIELD_RULES["back"])
    if "battlefield_state" in features:
        out |= set(CARD_FIELD_RULES["battlefield_state"])
    return out


def touched_rules(features: set[str], rules: RuleBase) -> list[str]:
    """The encoded rules the card's features name and, through the rule graph (built once per
    rule base: ruleindex.rule_index), the rules they rest on and the rules that use them
    directly."""
    return rule_index(rules).touched(seed_rules(features))



# -- generating ---------------------------------------------------------------------------------
def generate(engine: Engine, source: CardSource, packs: list[str], timeout: float,
             progress: Progress | None = None, probes_only: set[str] | None = None) -> Report:
    """All the rulings the probe library finds for a card: its own first, in probe order,
    then those true of any card of its kind. `probes_only`: run only these probes."""
    card = source.card
    features = card_features(card)
    base = engine.rules(packs)
    touched = touched_rules(features, base)
    params = card_params(card)
    findings: list[Ruling] = []
    skipped: list[dict[str, str]] = []
    probes = [p for p in load_probes() if p.applies(features)
              and (probes_only is None or p.id in probes_only)]
    for probe in probes:
        if progress:
            progress(probe.id)
        reason = _unfit(probe, packs, touched, base)
        if reason:
            skipped.append({"probe": probe.id, "reason": reason})
            continue
        try:
            finding = _run(engine, probe, source, params, features, packs, timeout)
        except Unfilled as err:
            finding = str(err)
        except (ImpossibleSituation, SolverTimeout) as err:
            finding = f"not decided: {err}"
        except ScenarioError as err:     # the probe does not fit this card (or is wrong)
            finding = f"probe scenario rejected: {err}"
        if isinstance(finding, str):
            skipped.append({"probe": probe.id, "reason": finding})
        else:
            findings.append(finding)
    ordered = [f for f in findings if not f.generic] + [f for f in findings if f.generic]
    return Report(source.name, source.origin, sorted(features), touched, merge(ordered), skipped,
                  card_ignored(card))


def _unfit(probe: Probe, packs: list[str], touched: list[str], base: RuleBase) -> str | None:
    missing_pack = [p for p in probe.packs if p not in packs]
    if missing_pack:
        return f"needs the rule pack {', '.join(missing_pack)} (--rules)"
    missing = [n for n in probe.needs if not base.is_encoded(n)]
    if missing:
        return f"not decided: rule {', '.join(missing)} not encoded yet"
    if probe.about and not any(within(t, a) or within(a, t) for a in probe.about for t in touched):
        return "none of its rules is touched by the card"
    return None


def _packs_for(probe: Probe, features: set[str], packs: list[str]) -> list[str]:
    wanted = set(probe.packs) | ({"almos"} if "almos" in features and "almos" in packs else set())
    return [p for p in ("mtg", "almos") if p in wanted]


def _solve(engine: Engine, data: dict[str, Any], name: str, explain: bool,
           timeout: float) -> Answer:
    text = yaml.safe_dump(data, sort_keys=False, allow_unicode=True)
    scen = parse_scenario(text, name)
    # The judging reads the outcome atoms and the derivations of those it cites, as `ask`
    # does: the same answer with the rules nothing reads left out (relevance.needed_rules).
    return engine.answer(scen, explain=explain, timeout=timeout, needed=True,
                         keep=KEEP_DERIVATIONS if explain else KEEP_ALL)


def _run(engine: Engine, probe: Probe, source: CardSource, params: dict[str, Any],
         features: set[str], packs: list[str], timeout: float) -> Ruling | str:
    scen_packs = _packs_for(probe, features, packs)
    try:
        data = instantiate(probe, source.raw, params, scen_packs)
        probe = bind_say(probe, params)
    except KeyError as err:
        return f"the card has no value for ${err.args[0]}"
    data = {"title": f"probe {probe.id}", **data}
    answer = _solve(engine, data, f"<probe {probe.id}>", probe.cite == "explained", timeout)
    base_raw = baseline_card(probe, source.raw)
    baseline = None
    if base_raw is not None:
        base_data = instantiate(probe, base_raw, params, scen_packs)
        base_data = {"title": f"probe {probe.id} baseline", **base_data}
        baseline = _solve(engine, base_data, f"<probe {probe.id} baseline>", False, timeout)
    return judge(engine.rules(scen_packs), probe, source, params, data, answer, baseline)


# -- judging a probe's answer -------------------------------------------------------------------
def _regex(pattern: str) -> re.Pattern:
    """An outcome pattern -> a regex over atom text: capitalised words are variables, `_` any
    argument."""
    out, pos = "", 0
    for m in VAR.finditer(pattern):
        out += re.escape(pattern[pos:m.start()])
        arg = r'(?:"[^"]*"|[^,()]+(?:\([^()]*\))?)'
        out += f"(?P<{m.group(1)}>{arg})" if m.group(1) != "_" else arg
        pos = m.end()
    return re.compile("^" + out + re.escape(pattern[pos:]) + "$")


def _strs(atoms: frozenset[Symbol]) -> tuple[str, ...]:
    """An answer's atoms as text, in order (made once per answer: judging matches them often)."""
    return tuple(sorted(str(a) for a in atoms))


def _matches(entry: SayEntry, atoms: tuple[str, ...]) -> list[tuple[str, dict[str, str]]]:
    rx = _regex(entry.pattern)
    found = []
    for atom in atoms:
        m = rx.match(atom)
        if m:
            found.append((atom, m.groupdict()))
    return found


# The illegal(Action, Rule) names of the player actions a probe's scenario takes. A choice the
# rules offer during the run (a Siege's controller may cast it transformed) may be illegal
# without making the probe's own situation impossible.
ILLEGAL_NAMES = {"cast": "cast", "activate": "activate", "play_land": "play_land",
                 "declare_attackers": "attack", "declare_blockers": "block"}


def _player_action_names(data: dict[str, Any]) -> set[str]:
    names = set()
    for action in data.get("actions") or []:
        verb = action if isinstance(action, str) else next(iter(action), "")
        if verb in ILLEGAL_NAMES:
            names.add(ILLEGAL_NAMES[verb])
    return names


def _action_name(atom) -> str:
    action = atom.arguments[0] if atom.arguments else None
    return getattr(action, "name", "")


def judge(rules: RuleBase, probe: Probe, source: CardSource, params: dict[str, Any],
          data: dict[str, Any], answer: Answer, baseline: Answer | None) -> Ruling | str:
    """The finding of one probe, or why it was dropped."""
    if not answer.models:
        return "no outcome"
    torn = contradictions(answer.models)
    if torn:    # an impossible outcome (400.1: one zone at a time): no ruling rests on it
        return f"an engine gap, not a ruling: {torn[0]}"
    always, sometimes, union = _strs(answer.always), _strs(answer.sometimes), _strs(answer.union)
    asked = {a for e in probe.say for a, _ in _matches(e, union)}
    own = _player_action_names(data)
    stray = sorted(str(a) for a in answer.union if a.name == "illegal" and str(a) not in asked
                   and _action_name(a) in own)
    if stray:   # an action of the probe does not fit this card: its outcome would mislead
        return f"the probe's situation is not possible for this card ({', '.join(stray)})"
    base_asked = ({a for e in probe.say for a, _ in _matches(e, _strs(baseline.union))}
                  if baseline is not None and baseline.models else None)
    phrases, cite_atoms, split, negated = [], [], [], False
    binding = {k: v for e in probe.say if not e.negated for _, b in _matches(e, always)[:1]
               for k, v in b.items()}
    for entry in probe.say:
        if entry.negated:
            if not _matches(entry, union) and entry.text:
                phrases.append(_fill(entry.text, binding, params, probe))
                negated = True
            continue
        held = _matches(entry, always)
        if held:
            cite_atoms.append(held[0][0])
            if entry.text:
                phrases.append(_fill(entry.text, {**binding, **held[0][1]}, params, probe))
            continue
        some = _matches(entry, sometimes)
        cite_atoms += [atom for atom, _ in some]
        if entry.text and some:
            split += _split_phrases(entry, [found for _, found in some], binding, params, probe)
    if not phrases and not split:
        return "nothing the probe asks about happens"
    reasons = _why_kept(probe, source, asked, base_asked, always)
    if not reasons:
        return "the same as without the feature"
    consequence = _consequence(phrases, split)
    situation = _fill(probe.situation, {}, params, probe)
    explained = _citations(cite_atoms, answer, rules) if probe.cite == "explained" else []
    cited = _cite(probe, rules, explained,
                  negated or reasons[0].startswith("the outcome differs"))
    outcome = {"always": sorted(a for a in asked if _in(a, always)),
               "sometimes": sorted(a for a in asked if _in(a, sometimes)),
               "never": _never(probe, answer, union, base_asked, asked)}
    if not any(outcome.values()):
        return "nothing the scenario could check"
    text = f"If {situation}, {consequence}."
    scen = {**data, "title": _title(cited, text),
            "description": f"Generated by `rulekeeper rulings` for {source.name} (probe "
                           f"{probe.id}; kept because {', '.join(reasons)})."}
    scen = {k: scen[k] for k in ("title", "description", *[k for k in data if k != "title"])}
    scen["expect"] = {k: v for k, v in outcome.items() if v}
    return Ruling(text, cited, f"{_slug(source.name)}-{probe.id}.yaml", outcome, probe.id,
                  situation, consequence, data=scen, generic=probe.generic)


def _never(probe: Probe, answer: Answer, union: tuple[str, ...], base_asked: set[str] | None,
           asked: set[str]) -> list[str]:
    """Atoms that hold in no outcome: those of the baseline, a negated pattern when it is
    ground, and the atoms of the described state a negated pattern matches (held, then not)."""
    out = set(base_asked - asked) if base_asked is not None else set()
    for entry in (e for e in probe.say if e.negated):
        if not VAR.search(entry.pattern):
            out.add(entry.pattern)
        out |= {a for a, _ in _matches(entry, _strs(answer.initially))}
    return sorted(a for a in out if not _in(a, union))


def _in(text: str, atoms: tuple[str, ...]) -> bool:
    return text in atoms


def _why_kept(probe: Probe, source: CardSource, asked: set[str], base_asked: set[str] | None,
              always: tuple[str, ...]) -> list[str]:
    reasons = []
    if base_asked is not None and base_asked != asked:
        reasons.append("the outcome differs from the card without the feature")
    if any(not _in(a, always) for a in asked):
        reasons.append("there is more than one possible outcome")
    if any(a.startswith("happened(sba(") for a in asked):
        reasons.append("a state-based action applies")
    if any(a.startswith("illegal(") for a in asked):
        reasons.append("the rules forbid an action")
    printed = {k.name for k in source.card.keywords}
    if any(p.pattern.startswith("has(card,") for p in probe.say) and \
            not all(_in(f"has(card,{k})", always) for k in printed):
        reasons.append("the card does not have a keyword it prints")
    if probe.keep == "always":
        reasons.append("the probe is about a rule a player could expect otherwise")
    return reasons


class Unfilled(Exception):
    """A phrase names a value the answer does not give in every outcome it is said of."""


def _fill(text: str, binding: dict[str, str], params: dict[str, Any], probe: Probe) -> str:
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


def _split_phrases(entry: SayEntry, found: list[dict[str, str]], binding: dict[str, str],
                   params: dict[str, Any], probe: Probe) -> list[str]:
    """The phrases of an entry that holds in some outcomes only: one per binding, or, when
    more than two bindings differ only in numbers, one phrase with each number's range."""
    if len(found) > 2 and all(v.lstrip("-").isdigit() for b in found for v in b.values()):
        ranged = {}
        for key in found[0]:
            values = sorted({int(b[key]) for b in found})
            ranged[key] = str(values[0]) if len(values) == 1 else f"{values[0]} to {values[-1]}"
        return [DEPENDING + _fill(entry.text, {**binding, **ranged}, params, probe)]
    return [_fill(entry.text, {**binding, **b}, params, probe) for b in found]


def _consequence(phrases: list[str], split: list[str]) -> str:
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


def _citations(atoms: list[str], answer: Answer, rules: RuleBase) -> list[str]:
    out: list[str] = []
    for text in atoms:
        for model, support in zip(answer.models, answer.supports):
            atom = next((a for a in model if str(a) == text), None)
            if atom is not None:
                out += [r for r in rules_behind(atom, support, rules) if r not in out]
                break
    return out


def _cite(probe: Probe, rules: RuleBase, explained: list[str], negated: bool) -> list[str]:
    """The rules of the deciding atoms' explanations, the probe's own rules first; the probe's
    rules are added when an absence or the difference with the baseline decides (neither has
    a derivation in this answer) or the explanation does not reach them."""
    about = [a for a in probe.about if rules.is_encoded(a)]
    first = [r for r in explained if any(within(r, a) for a in about)]
    if negated or not first:
        first += [a for a in about if not any(within(r, a) for r in first)]
    return (first or explained)[:MAX_CITED]


def _title(rules: list[str], text: str) -> str:
    head = ", ".join(rules[:4])
    title = f"{head}: {text}" if head else text
    return title if len(title) <= 480 else title[:477] + "..."


def _slug(name: str) -> str:
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
        return ["the lines above were not understood, so this is not a sign that the card has "
                "no corner case."]
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
