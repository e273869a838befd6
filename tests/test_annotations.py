"""The rule files: every statement annotated, annotations well formed, packs separated."""
from __future__ import annotations

import re

from rulekeeper.bridge.core.rules.rulebase import RuleBase, pack_files, read_annotations
from rulekeeper.rules_asp import RULES_DIR


def test_every_statement_names_its_rule():
    rules = RuleBase(RULES_DIR, ["mtg", "almos"])
    assert rules.unannotated == []
    assert len(rules.rules) > 100


def test_annotations_have_summaries():
    for path in pack_files(RULES_DIR, ["mtg", "almos"]):
        for note in read_annotations(path.read_text(), str(path)).values():
            assert note.summary, f"{path}:{note.line}: annotation without a summary"


def test_unannotated_rule_is_caught(tmp_path):
    (tmp_path / "core").mkdir()
    (tmp_path / "mtg").mkdir()
    (tmp_path / "mtg" / "x.lp").write_text("%@ 704.5a ok\na :- b.\n\nc :- d.\n")
    rules = RuleBase(tmp_path, ["mtg"])
    assert len(rules.unannotated) == 1 and "c :- d." in rules.unannotated[0]


def test_mtg_files_name_no_almos_predicate():
    rules = RuleBase(RULES_DIR, ["mtg", "almos"])
    almos_preds = {h[0] for r in rules.rules if r.file.startswith("almos") for h in r.heads}
    core_defined = {h[0] for r in RuleBase(RULES_DIR, ["mtg"]).rules for h in r.heads}
    # hooks the core declares (#defined) for packs to define are the core's, not Almos's
    core_defined |= {m for path in pack_files(RULES_DIR, ["mtg"])
                     for m in re.findall(r"#defined\s+(\w+)/\d+", path.read_text())}
    only_almos = almos_preds - core_defined
    for path in pack_files(RULES_DIR, ["mtg"]):
        text = path.read_text()
        for pred in only_almos:
            assert not re.search(rf"\b{pred}\(", text), f"{path} names Almos predicate {pred}"
