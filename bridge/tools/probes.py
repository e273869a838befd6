"""Interaction probes (docs/rulings.md): parametrised scenarios, keyed by a card feature, that
`rulekeeper rulings` solves to find how a card behaves in corner cases.

A probe is data (bridge/tools/probes/*.yaml): which cards it applies to (`when`: card features),
the rules it explores, a scenario with the card substituted in, a baseline variant of the card
without the feature, and the question it asks (`say`: outcome patterns and their phrases).
This module reads and checks probes and builds probe scenarios (a card's features and values:
bridge/tools/probefeatures.py);
solving and judging them is bridge/tools/rulings.py.
"""
from __future__ import annotations

import copy
import re
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from ..core.source.checks import Checker
from ..core.source.yamlsrc import load_yaml
from .probefeatures import STATES, card_features, card_params, state_name

__all__ = ["STATES", "card_features", "card_params", "state_name"]   # for rulings.py and the tools

PROBE_DIR = Path(__file__).parent / "probes"
PROBE_KEYS = {"id", "when", "unless", "about", "needs", "packs", "baseline", "situation",
              "scenario", "say", "keep", "names", "generic", "cite"}
SAY_KEYS = {"atom", "not", "text"}
KEEP = ("changed", "always")   # keep a finding only if it is one a player could get wrong / always
CITE = ("explained", "about")  # cite the deciding atoms' rules (solved with explanations) / `about`
FEATURE = re.compile(r"^[a-z_]+(:[a-z_0-9.]+)?$")
PARAM = re.compile(r"^\$([a-z_]+)$")
INNER_PARAM = re.compile(r"\$([a-z_]+)")
BASELINE_WORDS = ("without", "none")



@dataclass
class SayEntry:
    """One question of a probe: an outcome pattern (or its absence) and how to say it."""

    pattern: str
    negated: bool
    text: str


@dataclass
class Probe:
    """One interaction probe, as read from the probe library."""

    id: str
    file: str
    when: list[str]
    unless: list[str]
    about: list[str]
    needs: list[str]
    packs: list[str]
    baseline: Any                 # "without", "none", or a card patch (map)
    situation: str
    scenario: dict[str, Any]
    say: list[SayEntry]
    keep: str = "changed"
    names: dict[str, str] = field(default_factory=dict)
    order: int = 0
    generic: bool = False         # says the same for every card of its kind: listed last
    cite: str = "explained"       # "about": its `about` rules decide by design; no explanation

    def applies(self, features: set[str]) -> bool:
        return all(f in features for f in self.when) and not any(f in features for f in self.unless)


# -- reading the library ---------------------------------------------------------------------
def load_probes(directory: Path = PROBE_DIR) -> list[Probe]:
    """Every probe of the library, in a fixed order (file name, then position in the file)."""
    probes: list[Probe] = []
    for path in sorted(directory.glob("*.yaml")):
        probes += _read_file(path, len(probes))
    ids = [p.id for p in probes]
    dupes = sorted({i for i in ids if ids.count(i) > 1})
    if dupes:
        from ..core.base.errors import ScenarioError
        raise ScenarioError(str(directory), None, "id", f"probe ids repeated: {', '.join(dupes)}")
    return probes


def _read_file(path: Path, start: int) -> list[Probe]:
    src = load_yaml(path.read_text(encoding="utf-8"), str(path))
    chk = Checker(src)
    return [_probe(chk, (i,), raw, str(path.name), start + i)
            for i, raw in enumerate(chk.list((), src.data or []))]


def _probe(chk: Checker, p: tuple, raw: Any, file: str, order: int) -> Probe:
    data = chk.mapping(p, raw, PROBE_KEYS)
    for key in ("id", "when", "situation", "scenario", "say"):
        if key not in data:
            raise chk.src.error(p, f"a probe needs '{key}'")
    baseline = data.get("baseline", "without")
    if isinstance(baseline, str):
        chk.choice(p + ("baseline",), baseline, BASELINE_WORDS)
    else:
        chk.mapping(p + ("baseline",), baseline, None)
    return Probe(
        id=_probe_id(chk, p + ("id",), data["id"]), file=file,
        when=_features(chk, p + ("when",), data["when"]),
        unless=_features(chk, p + ("unless",), data.get("unless", [])),
        about=[str(r) for r in chk.list(p + ("about",), data.get("about", []))],
        needs=[str(r) for r in chk.list(p + ("needs",), data.get("needs", []))],
        packs=[chk.choice(p + ("packs", i), k, ("mtg", "almos"))
               for i, k in enumerate(chk.list(p + ("packs",), data.get("packs", ["mtg"])))],
        baseline=baseline, situation=chk.str_value(p + ("situation",), data["situation"]),
        scenario=chk.mapping(p + ("scenario",), data["scenario"], None),
        say=[_say(chk, p + ("say", i), s) for i, s in enumerate(chk.list(p + ("say",), data["say"]))],
        keep=chk.choice(p + ("keep",), data.get("keep", "changed"), KEEP),
        names={str(k): chk.str_value(p + ("names", k), v)
               for k, v in chk.mapping(p + ("names",), data.get("names", {}), None).items()},
        order=order, generic=_flag(chk, p + ("generic",), data.get("generic", False)),
        cite=chk.choice(p + ("cite",), data.get("cite", "explained"), CITE))


def _flag(chk: Checker, p: tuple, raw: Any) -> bool:
    if not isinstance(raw, bool):
        raise chk.src.error(p, f"expected true or false, got {raw!r}")
    return raw


def _probe_id(chk: Checker, p: tuple, raw: Any) -> str:
    text = chk.str_value(p, raw)
    if not re.match(r"^[a-z][a-z0-9-]{0,63}$", text):
        raise chk.src.error(p, f"bad probe id {text!r}: lowercase words joined by '-'")
    return text


def _features(chk: Checker, p: tuple, raw: Any) -> list[str]:
    items = raw if isinstance(raw, list) else [raw]
    out = []
    for i, item in enumerate(items):
        text = chk.str_value(p + (i,), item)
        if not FEATURE.match(text):
            raise chk.src.error(p + (i,), f"bad feature {text!r}: a word or kind:value")
        out.append(text)
    return out


def _say(chk: Checker, p: tuple, raw: Any) -> SayEntry:
    data = chk.mapping(p, raw, SAY_KEYS)
    if ("atom" in data) == ("not" in data):
        raise chk.src.error(p, "a say entry is {atom: PATTERN, text: ...} or {not: PATTERN, text: ...}")
    pattern = chk.str_value(p, data.get("atom", data.get("not")))
    text = chk.str_value(p + ("text",), data["text"]) if "text" in data else ""
    return SayEntry(pattern, "not" in data, text)


# -- building a probe's scenario ---------------------------------------------------------------
def instantiate(probe: Probe, raw_card: dict[str, Any], params: dict[str, Any],
                packs: list[str]) -> dict[str, Any]:
    """The probe's scenario as plain data, the card defined under `cards:` and put in for
    `$card`, every other `$param` replaced by its value."""
    data = _substitute(copy.deepcopy(probe.scenario), params)
    if isinstance(data.get("objects"), list):   # a list-valued `$param` among the objects is spliced in
        data["objects"] = [o for item in data["objects"]
                           for o in (item if isinstance(item, list) else [item])]
    cards = dict(data.get("cards") or {})
    cards[params["name"]] = raw_card
    data["cards"] = cards
    data["rules"] = packs
    return data


def bind_say(probe: Probe, params: dict[str, Any]) -> Probe:
    """The probe with the `$param`s of its say patterns replaced by the card's values (the
    number of a Saga's chapter ability: `happened(triggered(card,$saga_final_ability))`)."""
    if not any("$" in e.pattern for e in probe.say):
        return probe
    return replace(probe, say=[SayEntry(str(_substitute(e.pattern, params)), e.negated, e.text)
                               for e in probe.say])


def _substitute(value: Any, params: dict[str, Any]) -> Any:
    if isinstance(value, dict):
        return {_substitute(k, params): _substitute(v, params) for k, v in value.items()}
    if isinstance(value, list):
        return [_substitute(v, params) for v in value]
    if isinstance(value, str):
        match = PARAM.match(value)
        if match:
            return _param(match.group(1), params)
        if "$" in value:        # a parameter inside a choice term: "target(ability(card,$n),1,x)"
            return INNER_PARAM.sub(lambda m: str(_param(m.group(1), params)), value)
    return value


def _param(name: str, params: dict[str, Any]) -> Any:
    key = "name" if name == "card" else name
    if key not in params:
        raise KeyError(key)
    return params[key]


def baseline_card(probe: Probe, raw_card: dict[str, Any]) -> dict[str, Any] | None:
    """The card without the probe's feature, or None when the probe has no baseline."""
    if probe.baseline == "none":
        return None
    card = copy.deepcopy(raw_card)
    if isinstance(probe.baseline, dict):
        for key, value in probe.baseline.items():
            if value is None:
                card.pop(key, None)
            else:
                card[key] = copy.deepcopy(value)
        return card
    removed = False
    for feature in probe.when:
        kind, _, value = feature.partition(":")
        removed |= _remove(card, kind, value)
    return card if removed else None


def _remove(card: dict[str, Any], kind: str, value: str) -> bool:
    """Remove one feature from a raw card; True if something was removed."""
    if kind == "keyword":
        before = list(card.get("keywords") or [])
        after = [k for k in before if _keyword_name(k) != value
                 and not (value == "statebound" and _keyword_name(k).endswith("bound"))]
        card["keywords"] = after
        return after != before
    if kind in ("trigger", "triggered", "activated"):
        before = list(card.get("abilities") or [])
        after = [a for a in before if not _ability_matches(a, kind, value)]
        card["abilities"] = after
        return after != before
    if kind == "requirement":
        before = list(card.get("abilities") or [])
        card["abilities"] = [a for a in before if not (
            isinstance(a, dict) and isinstance(a.get("static"), dict)
            and a["static"].get("combat_requirement") == value)]
        return card["abilities"] != before
    if kind == "battlefield_state" and "battlefield_state" in card:
        del card["battlefield_state"]
        return True
    if kind == "subtype":
        before = list(card.get("subtypes") or [])
        card["subtypes"] = [s for s in before if s != value]
        return card["subtypes"] != before
    return False


def _keyword_name(raw: Any) -> str:
    if isinstance(raw, dict):
        return next((k for k in raw if k != "amount"), "")
    return str(raw)


def _ability_matches(raw: Any, kind: str, value: str) -> bool:
    if not isinstance(raw, dict):
        return False
    if kind == "activated":
        return "activated" in raw
    body = raw.get("triggered")
    if body is None:
        return False
    if kind == "triggered":
        return True
    when = body.get("when") if isinstance(body, dict) else None
    name = next(iter(when), None) if isinstance(when, dict) else when
    return name == value
