"""`rulekeeper rulings`: the rulings of a card, each proved by a scenario (docs/rulings.md).
This module runs and judges the probes; the report's text, citations and merging are
bridge/tools/rulingtext.py.

For a card: its features (bridge/tools/probes.py) select the probes of the library and, through the
rule graph, the rules it touches; each probe's scenario is solved with the card and with the
baseline card (without the feature); the findings a player could get wrong are kept, said in
the official rulings' register ("If ..., ..."), cited with the rules behind the deciding
atoms, and backed by the probe scenario with an `expect` taken from the solved answer.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import yaml
from clingo import Symbol

from ..cards.ignored import card_ignored
from ..core.base.errors import ImpossibleSituation, ScenarioError, SolverTimeout
from ..core.rules.rulebase import RuleBase
from ..core.run.deadline import KEEP_ALL, KEEP_DERIVATIONS
from ..core.run.engine import Engine
from ..core.solve.answer import Answer
from ..games.mtg.actions import ACTION_SPECS
from ..games.mtg.reliance import CARD_FIELD_RULES, KEYWORD_RULES
from ..games.mtg.validate import parse_scenario
from ..games.mtg.warnings import contradictions
from .cardinput import CardSource
from .probes import (
    Probe,
    SayEntry,
    baseline_card,
    bind_say,
    card_features,
    card_params,
    instantiate,
    load_probes,
)
from .ruleindex import rule_index, within
from .rulingtext import (
    Report,
    Ruling,
    Unfilled,
    as_text,
    citations,
    cite,
    fill,
    join_consequence,
    merge,
    none_found,
    scenario_text,
    slug,
    split_phrases,
    title,
)

__all__ = ["Report", "Ruling", "as_text", "generate", "judge", "merge", "none_found",
           "scenario_text", "touched_rules"]   # the report's shaping lives in rulingtext.py

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
VAR = re.compile(r"\b([A-Z][A-Za-z0-9]*|_)\b")

Progress = Callable[[str], None]


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
                phrases.append(fill(entry.text, binding, params, probe))
                negated = True
            continue
        held = _matches(entry, always)
        if held:
            cite_atoms.append(held[0][0])
            if entry.text:
                phrases.append(fill(entry.text, {**binding, **held[0][1]}, params, probe))
            continue
        some = _matches(entry, sometimes)
        cite_atoms += [atom for atom, _ in some]
        if entry.text and some:
            split += split_phrases(entry, [found for _, found in some], binding, params, probe)
    if not phrases and not split:
        return "nothing the probe asks about happens"
    reasons = _why_kept(probe, source, asked, base_asked, always)
    if not reasons:
        return "the same as without the feature"
    consequence = join_consequence(phrases, split)
    situation = fill(probe.situation, {}, params, probe)
    explained = citations(cite_atoms, answer, rules) if probe.cite == "explained" else []
    cited = cite(probe, rules, explained,
                  negated or reasons[0].startswith("the outcome differs"))
    outcome = {"always": sorted(a for a in asked if _in(a, always)),
               "sometimes": sorted(a for a in asked if _in(a, sometimes)),
               "never": _never(probe, answer, union, base_asked, asked)}
    if not any(outcome.values()):
        return "nothing the scenario could check"
    text = f"If {situation}, {consequence}."
    scen = {**data, "title": title(cited, text),
            "description": f"Generated by `rulekeeper rulings` for {source.name} (probe "
                           f"{probe.id}; kept because {', '.join(reasons)})."}
    scen = {k: scen[k] for k in ("title", "description", *[k for k in data if k != "title"])}
    scen["expect"] = {k: v for k, v in outcome.items() if v}
    return Ruling(text, cited, f"{slug(source.name)}-{probe.id}.yaml", outcome, probe.id,
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


