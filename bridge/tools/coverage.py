"""Coverage: which rule numbers are encoded, where, which scenarios cite them, and (given the
Comprehensive Rules text) what is still missing, section by section."""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from ..core.base.errors import RulekeeperError, ScenarioError
from ..core.base.safeio import read_bytes, read_text
from ..core.rules.crtext import CRRule
from ..core.rules.rulebase import RuleBase
from ..core.source.yamlsrc import load_yaml

CITED = re.compile(r"\b\d{3,4}(?:\.\d+[a-z]?)?\b|\b\d{1,2}(?:\.\d+){2,}(?:\.[a-z])?\b")
STATUSES = ("encoded", "partly", "out of scope", "no statement needed", "missing")
# what an out-of-scope.yaml entry may declare: outside the project's aim, or a rule that holds by
# the representation itself (keywords are a set: "multiple instances are redundant")
DECLARED = ("out of scope", "no statement needed")
# a title has no sentence of its own: "702.9. Flying", "205.2. Card Types" (a final "!" is part
# of a keyword's name: "702.179. Start Your Engines!")
SENTENCE_MARK = re.compile(r"[.:;?]|!(?=.)")


def coverage_report(engine, packs: list[str]) -> dict:
    rules = engine.rules(packs)
    out: dict[str, dict] = {}
    for info in rules.rules:
        if info.is_model:
            continue
        entry = out.setdefault(info.rule, {"summary": rules.summary(info.rule), "files": [],
                                           "statements": 0})
        entry["statements"] += 1
        if info.file not in entry["files"]:
            entry["files"].append(info.file)
    ordered = dict(sorted(out.items(), key=lambda kv: rule_sort_key(kv[0])))
    return {"packs": packs, "rules": ordered}


def rule_sort_key(number: str) -> tuple:
    parts = re.findall(r"\d+|[a-z]+", number)
    return tuple((0, int(p)) if p.isdigit() else (1, p) for p in parts)


def cited_rules(text: str) -> set[str]:
    """Rule numbers written in a scenario's title or description."""
    return set(CITED.findall(text))


def scenario_citations(root: Path) -> dict[str, list[str]]:
    """Rule number -> the scenario files (under root) whose title or description cite it.
    A file that is not a readable scenario map is passed over: coverage reads, it does not check."""
    cites: dict[str, list[str]] = {}
    try:
        paths = sorted(root.rglob("*.yaml")) if root.is_dir() else []
    except OSError:                      # a folder that changes as it is walked (/proc)
        paths = []
    for path in paths:
        data = _title_and_description(path)
        for number in sorted(cited_rules(data)):
            cites.setdefault(number, []).append(str(path))
    return cites


def _title_and_description(path: Path) -> str:
    # the bounded input path (a FIFO or a device named *.yaml is passed over, not read) and the
    # bounded YAML reader (an alias bomb is refused, not expanded)
    try:
        data = load_yaml(read_bytes(path, 2 * 1024 * 1024).decode("utf-8"), str(path)).data
    except (OSError, UnicodeDecodeError, RulekeeperError, ValueError, TypeError, RecursionError):
        return ""
    if not isinstance(data, dict):
        return ""
    return f"{data.get('title', '')} {data.get('description', '')}"


@dataclass
class OutOfScope:
    prefix: str
    reason: str
    status: str = "out of scope"
    exact: bool = False       # `exact: true`: this number only, not its subrules

    def covers(self, number: str) -> bool:
        return number == self.prefix or not self.exact and number.startswith(self.prefix) and (
            self.prefix.endswith(".") or not number[len(self.prefix)].isdigit())


def read_out_of_scope(path: Path) -> list[OutOfScope]:
    """The rules declared out of scope, each with its reason (a data file of the pack)."""
    located = load_yaml(read_text(path, 2 * 1024 * 1024, what="out-of-scope file"), str(path))
    data = located.data or []
    if not isinstance(data, list) or not all(
            isinstance(item, dict) and "rules" in item and "reason" in item for item in data):
        raise ScenarioError(str(path), None, "", "an out-of-scope file is a list of "
                            "{rules: NUMBER, reason: TEXT} maps")
    for item in data:
        if item.get("status", "out of scope") not in DECLARED:
            raise ScenarioError(str(path), None, "status", f"rule {item['rules']}: status is one "
                                f"of {', '.join(DECLARED)}")
        if not isinstance(item.get("exact", False), bool):
            raise ScenarioError(str(path), None, "exact", f"rule {item['rules']}: exact is true "
                                "or false")
    return [OutOfScope(str(item["rules"]), str(item["reason"]),
                       str(item.get("status", "out of scope")), bool(item.get("exact", False)))
            for item in data]


def rule_status(number: str, encoded: set[str], subrules: dict[str, list[str]],
                out_of_scope: list[OutOfScope]) -> tuple[str, str]:
    """(status, reason) of one CR rule: encoded (statements carry this number), partly (only
    some of its subrules do), out of scope or no statement needed (declared, with a reason),
    missing."""
    if number in encoded:
        return "encoded", ""
    if any(sub in encoded for sub in subrules.get(number, ())):
        return "partly", ""
    for entry in out_of_scope:
        if entry.covers(number):
            return entry.status, entry.reason
    return "missing", ""


def is_title(text: str) -> bool:
    """A rule text that is only a title (a keyword's name, "Card Types"): no sentence."""
    return not SENTENCE_MARK.search(text)


def heading_status(number: str, encoded: set[str], subrules: dict[str, list[str]],
                   out_of_scope: list[OutOfScope]) -> dict[str, int]:
    """A heading (a number and a title, no text of its own: "702.9. Flying") is not a rule to
    encode: it is listed apart, with how many of its subrules are encoded and how many declared
    (out of scope or needing no statement)."""
    subs = subrules.get(number, [])
    done = sum(sub in encoded for sub in subs)
    outside = sum(sub not in encoded and any(e.covers(sub) for e in out_of_scope) for sub in subs)
    return {"subrules": len(subs), "encoded": done, "out_of_scope": outside}


def cr_coverage(rules: RuleBase, cr: list[CRRule], citations: dict[str, list[str]],
                out_of_scope: list[OutOfScope], section: str | None = None, game=None) -> dict:
    """Per section, per rule group (`704`) and per rule: the rules text's numbered rules against
    the encoded ones. Totals count every numbered rule and subrule; headings (`100. General`,
    and numbered ones with a title only, `702.9. Flying`) are not rules: the latter are listed
    with the status "heading" and counted apart.
    `game` (bridge/games; default mtg) says how its rule numbers group into sections."""
    if game is None:
        from ..core.registry import game_named
        game = game_named("mtg")
    encoded = rules.rule_numbers()
    subrules: dict[str, list[str]] = {}
    for rule in cr:
        if rule.parent:
            subrules.setdefault(rule.parent, []).append(rule.number)
    chosen = [r for r in cr if section is None or _in_section(r.number, section)]
    headings = {r.number for r in cr if r.number in subrules and is_title(r.text)}
    per_rule = []
    for rule in chosen:
        row: dict = {"rule": rule.number}
        if rule.number in headings and rule.number not in encoded:
            counts = heading_status(rule.number, encoded, subrules, out_of_scope)
            row.update(status="heading", reason=_heading_note(counts), heading=counts)
        else:
            status, reason = rule_status(rule.number, encoded, subrules, out_of_scope)
            row.update(status=status, reason=reason)
        row.update(exercised=rule.number in encoded and rule.number in citations,
                   summary=rules.summary(rule.number))
        per_rule.append(row)
    in_cr = {r.number for r in cr}
    return {
        "copied_summaries": copied_summaries(rules, chosen),
        "section": section,
        "totals": _totals(per_rule),
        "sections": _grouped(per_rule, game.section_of),
        "groups": _grouped(per_rule, game.group_of),
        "rules": per_rule,
        "encoded_not_in_cr": sorted((n for n in encoded if n not in in_cr
                                     and game.owns_rule_number(n)), key=rule_sort_key),
    }


MAX_RULE_CHARS = 20_000
COPIED_WORDS = 8     # this many words in a row taken from the rules text is quoting, not summing up


def copied_summaries(rules: RuleBase, cr: list[CRRule],
                     at_least: int = COPIED_WORDS) -> list[dict]:
    """The `%@` summaries that repeat `at_least` words in a row of their own rule's text: the
    project writes its own short summaries and never ships the rules text (README). Each: the
    rule, the summary, where it is annotated, and the longest run of words shared."""
    # a rule of the CR has a few hundred words; a longer line (a file made to stall this) is cut
    texts = {r.number: _words(r.text[:MAX_RULE_CHARS]) for r in cr if r.text}
    out, seen = [], set()
    for info in rules.rules:
        if info.is_model or (info.rule, info.summary) in seen or info.rule not in texts:
            continue
        seen.add((info.rule, info.summary))
        shared = _longest_common_run(_words(info.summary), texts[info.rule])
        if len(shared) >= at_least:
            out.append({"rule": info.rule, "summary": info.summary, "file": info.file,
                        "line": info.line, "shared_words": len(shared),
                        "shared": " ".join(shared)})
    return sorted(out, key=lambda e: (-e["shared_words"], rule_sort_key(e["rule"])))


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9']+", text.lower().replace("\u2019", "'"))


def _longest_common_run(a: list[str], b: list[str]) -> list[str]:
    """The longest run of words found in a and in b, in order (dynamic programming)."""
    best, end = 0, 0
    previous = [0] * (len(b) + 1)
    for i in range(1, len(a) + 1):
        current = [0] * (len(b) + 1)
        for j in range(1, len(b) + 1):
            if a[i - 1] == b[j - 1]:
                current[j] = previous[j - 1] + 1
                if current[j] > best:
                    best, end = current[j], i
        previous = current
    return a[end - best:end]


def _in_section(number: str, section: str) -> bool:
    return number == section or number.startswith(section) and (
        len(section) < 3 or not number[len(section):len(section) + 1].isdigit())


def _totals(rows: list[dict]) -> dict:
    heads = [r for r in rows if r["status"] == "heading"]
    totals = {"rules": len(rows) - len(heads), "exercised": sum(r["exercised"] for r in rows)}
    for status in STATUSES:
        totals[status.replace(" ", "_")] = sum(r["status"] == status for r in rows)
    totals["headings"] = len(heads)
    # complete: every subrule encoded or out of scope, one at least encoded
    totals["headings_complete"] = sum(
        h["encoded"] > 0 and h["encoded"] + h["out_of_scope"] == h["subrules"]
        for h in (r["heading"] for r in heads))
    return totals


def _heading_note(counts: dict[str, int]) -> str:
    note = f"heading: {counts['encoded']} of {counts['subrules']} subrules encoded"
    return note + (f", {counts['out_of_scope']} declared (out of scope or needing no statement)"
                   if counts["out_of_scope"] else "")


def _grouped(rows: list[dict], key) -> dict[str, dict]:
    groups: dict[str, list[dict]] = {}
    for row in rows:
        groups.setdefault(key(row["rule"]), []).append(row)
    return {k: _totals(v) for k, v in groups.items()}


def cr_coverage_text(report: dict, game=None) -> str:
    if game is None:
        from ..core.registry import game_named
        game = game_named("mtg")
    t = report["totals"]
    pct = 100 * t["encoded"] / t["rules"] if t["rules"] else 0
    lines = [f"{t['rules']} numbered rules in {game.rules_title}"
             + (f" (section {report['section']})" if report["section"] else "")
             + f": {t['encoded']} encoded ({pct:.1f}%), {t['exercised']} of them cited by a "
             f"scenario, {t['partly']} partly (some subrules), {t['out_of_scope']} out of scope, "
             f"{t['no_statement_needed']} needing no statement, "
             f"{t['missing']} missing; {t['headings']} headings with a title only (not rules, "
             f"{t['headings_complete']} of them with every subrule encoded or declared)", "",
             ("section                                 rules  encoded  partly  out of scope  "
              "no statement  missing  headings")]
    for sec, s in report["sections"].items():
        name = f"{sec}. {game.section_names.get(sec, '')}"
        lines.append(f"{name:38} {s['rules']:6} {s['encoded']:8} {s['partly']:7} "
                     f"{s['out_of_scope']:13} {s['no_statement_needed']:13} {s['missing']:8} "
                     f"{s['headings']:9}")
    lines += ["", "rule groups with something encoded:"]
    for group, g in report["groups"].items():
        if g["encoded"]:
            lines.append(f"  {group}  {g['encoded']:3} of {g['rules']:3} encoded, "
                         f"{g['missing']} missing")
    if report["encoded_not_in_cr"]:
        lines += ["", f"encoded numbers that {game.rules_title} file does not have: "
                  + ", ".join(report["encoded_not_in_cr"])]
    copied = report.get("copied_summaries") or []
    if copied:
        lines += ["", (f"summaries that repeat {COPIED_WORDS} or more words in a row of "
                  f"{game.rules_title} (reword them):")]
        lines += [f"  {c['rule']:9} {c['shared_words']:2} words \"{c['shared']}\"  "
                  f"[{c['file']}:{c['line']}]" for c in copied]
    return "\n".join(lines)


def cr_coverage_markdown(report: dict, game=None) -> str:
    """A status table per rule group, in the manner of a hand-kept engine status document."""
    heading = game.rules_heading if game is not None else "Comprehensive Rules"
    lines = [f"# {heading} coverage", ""]
    t = report["totals"]
    lines += [(f"{t['rules']} numbered rules: {t['encoded']} encoded, {t['partly']} partly, "
              f"{t['out_of_scope']} out of scope, {t['no_statement_needed']} needing no "
              f"statement, {t['missing']} missing; {t['headings']} "
              f"headings with a title only, listed apart."), ""]
    current = None
    group_of = game.group_of if game is not None else (lambda n: n[:3])
    for row in report["rules"]:
        group = group_of(row["rule"])
        if group != current:
            current = group
            lines += ["", f"## {group}", "", "| rule | status | note |", "|---|---|---|"]
        note = row["reason"] or row["summary"]
        if row["status"] == "encoded" and not row["exercised"]:
            note = (note + " (no scenario cites it)").strip()
        lines.append(f"| {row['rule']} | {row['status']} | {note.replace('|', '/')} |")
    return "\n".join(lines) + "\n"


# -- comparison with a hand-kept status document (seed 001's form) ------------------------------
STATUS_DOC_LINE = re.compile(r"\*\*(\d{3}(?:\.\d+[a-z]?)?)\*\*\s*\(?\s*(:[a-z_]+:)")
STATUS_CODES = {":green_circle:": "implemented", ":yellow_circle:": "in progress",
                ":red_circle:": "to do", ":brown_circle:": "postponed",
                ":black_circle:": "variant", ":large_blue_circle:": "irrelevant",
                ":purple_circle:": "guides implementation"}


def read_status_document(text: str) -> dict[str, str]:
    """Rule number -> status, from lines such as `**100.1a** (:green_circle:) : ...`."""
    return {m.group(1): STATUS_CODES.get(m.group(2), m.group(2))
            for m in STATUS_DOC_LINE.finditer(text)}


def compare_status(report: dict, theirs: dict[str, str]) -> dict[str, list[dict]]:
    """Where the two status tables differ: rules the other engine implements that are not
    encoded here, and rules encoded here that it has not implemented."""
    ours = {row["rule"]: row["status"] for row in report["rules"]}
    only_theirs, only_ours = [], []
    for number, status in sorted(theirs.items(), key=lambda kv: rule_sort_key(kv[0])):
        mine = ours.get(number)
        if mine is None:
            continue
        if status == "implemented" and mine in ("missing", "partly"):
            only_theirs.append({"rule": number, "theirs": status, "ours": mine})
        elif status != "implemented" and mine == "encoded":
            only_ours.append({"rule": number, "theirs": status, "ours": mine})
    return {"implemented_there_not_here": only_theirs, "encoded_here_not_there": only_ours,
            "compared": sum(1 for n in theirs if n in ours)}
