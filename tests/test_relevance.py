"""Relevance (bridge/core/rules/relevance.py): only the rules whose positive body can hold are grounded,
and the answers, explanations included, are those of the whole rule base."""
from __future__ import annotations

from pathlib import Path

import clingo
import pytest
from rulekeeper.bridge.core.rules import fixpoint, relevance
from rulekeeper.bridge.core.rules.program import rules_text
from rulekeeper.bridge.core.rules.rulebase import RuleBase
from rulekeeper.bridge.core.solve.solve import solve

REPO = Path(__file__).resolve().parent.parent


def base(tmp_path: Path, statements: list[str]) -> RuleBase:
    """A rule base of one file: each statement its own annotated paragraph."""
    root = tmp_path / "rules"
    (root / "core").mkdir(parents=True, exist_ok=True)
    (root / "mtg").mkdir(exist_ok=True)
    text = "".join(f"%@ 100.1 a test statement\n{s}\n\n" for s in statements)
    (root / "core" / "a.lp").write_text(text)
    return RuleBase(root, ["mtg"])


def kept(rules: RuleBase, facts: list[str]) -> list[str]:
    """The rule texts pruning keeps for these facts (and checks the pruned program's answer
    sets, every atom shown, are those of the whole program)."""
    symbols = [clingo.parse_term(f) for f in facts]
    live = relevance.live_rules(rules, symbols)
    assert live is not None
    assert answer_sets(rules_text(rules, False, live), facts) == \
        answer_sets(rules_text(rules, False), facts)
    return [info.text for info in rules.rules if info.index in live]


def answer_sets(program: str, facts: list[str]) -> set[frozenset[str]]:
    ctl = clingo.Control(["--models=0"], logger=lambda *_: None)
    ctl.add("base", [], program + "\n" + "".join(f"{f}." for f in facts))
    ctl.ground([("base", [])])
    found: set[frozenset[str]] = set()
    ctl.solve(on_model=lambda m: found.add(frozenset(map(str, m.symbols(atoms=True)))))
    return found


def test_a_rule_reachable_only_through_a_chain(tmp_path):
    rules = base(tmp_path, ["b(X) :- a(X).", "c(X) :- b(X).", "d(X) :- c(X), e."])
    assert kept(rules, ["a(1)"]) == ["b(X) :- a(X).", "c(X) :- b(X)."]
    assert kept(rules, ["a(1)", "e"]) == [r.text for r in rules.rules]
    assert kept(rules, []) == []


def test_a_body_needing_another_functor_is_pruned_a_variable_is_kept(tmp_path):
    rules = base(tmp_path, ["p(f(X)) :- q(X).", "r :- p(g(Y)).", "s :- p(Z).",
                            "t :- p(f(1)).", "u :- p((1,2))."])
    assert kept(rules, ["q(1)"]) == ["p(f(X)) :- q(X).", "s :- p(Z).", "t :- p(f(1))."]
    # a tuple is a functor of its own (the empty name), its arguments patterns too
    assert kept(rules, ["p((3,4))"]) == ["s :- p(Z)."]
    assert kept(rules, ["p((1,2))"]) == ["s :- p(Z).", "u :- p((1,2))."]


def test_constants_within_function_terms_are_matched(tmp_path):
    rules = base(tmp_path, ['c :- holds(T,counters(O,"+1/+1",N)).', "z :- holds(T,zone(O,exile)).",
                            "b(T,zone(O,Z)) :- m(T,O,Z).", "g :- b(_,zone(_,graveyard)).",
                            "h :- b(_,zone(o2,_))."])
    assert kept(rules, ['holds(0,counters(o1,"-1/-1",1))', "m(1,o1,exile)"]) == \
        ["b(T,zone(O,Z)) :- m(T,O,Z)."]
    assert kept(rules, ['holds(0,counters(o1,"+1/+1",1))', "m(1,o2,graveyard)"]) == \
        [r.text for r in rules.rules if r.text != "z :- holds(T,zone(O,exile))."]


def test_an_equation_binds_a_variable_to_its_term(tmp_path):
    rules = base(tmp_path, ["does(T,E) :- go(T,R); E = destroy(R).", "d :- does(_,destroy(_)).",
                            "x :- does(_,exile(_)).", "e(T) :- eff(T,Term); Term = draw(N).",
                            "f(T) :- eff(T,Term); Term = mill(N)."])
    assert kept(rules, ["go(1,o1)", "eff(2,draw(1))"]) == [
        "does(T,E) :- go(T,R); E = destroy(R).", "d :- does(_,destroy(_)).",
        "e(T) :- eff(T,Term); Term = draw(N)."]


def test_nested_terms_are_kept_to_a_depth_and_recursion_ends(tmp_path):
    rules = base(tmp_path, ["p(f(X)) :- p(X), X != f(f(f(f(a)))).", "q :- p(f(f(f(f(a)))))."])
    assert kept(rules, ["p(a)"]) == [r.text for r in rules.rules]     # beyond DEPTH: matched


def test_numbers_strings_and_constants_are_distinct(tmp_path):
    rules = base(tmp_path, ['x :- k("1").', "y :- k(one).", "z :- k(1).", "w :- k(2).",
                            "v :- k(-1)."])   # unary minus: not a value the analysis reads
    assert kept(rules, ["k(1)"]) == ["z :- k(1).", "v :- k(-1)."]
    assert kept(rules, ['k("1")']) == ['x :- k("1").', "v :- k(-1)."]
    assert kept(rules, ["k(one)"]) == ["y :- k(one).", "v :- k(-1)."]


def test_pooled_heads_and_bodies(tmp_path):
    rules = base(tmp_path, ["a(1;2) :- go.", "b :- a(2).", "c :- t(3;4).", "d :- a(3)."])
    assert kept(rules, ["go"]) == ["a(1;2) :- go.", "b :- a(2)."]
    assert kept(rules, ["t(4)"]) == ["c :- t(3;4)."]
    assert kept(rules, ["t(5)"]) == []


def test_choice_disjunctive_and_aggregate_heads(tmp_path):
    rules = base(tmp_path, ["{ ch(X) : opt(X) } :- go.", "u :- ch(X).",
                            "d1 ; d2 :- go.", "e :- d2.",
                            "1 #count { X : ha(X) : opt(X) } :- go.", "h :- ha(_).",
                            "n :- nothing."])
    assert kept(rules, ["go", "opt(1)"]) == [r.text for r in rules.rules][:-1]
    assert kept(rules, ["opt(1)"]) == []


def test_conditional_negative_and_aggregate_body_literals_impose_nothing(tmp_path):
    rules = base(tmp_path, ["v :- go, ch(X) : opt(X).", "w :- not missing.",
                            "x :- go, #count { Y : m(Y) } = 0.", "y :- go, 1 < 2, not m(1)."])
    assert kept(rules, ["go"]) == [r.text for r in rules.rules]


def test_external_atoms_are_derivable(tmp_path):
    rules = base(tmp_path, ["#external ext(1).", "e :- ext(X).", "f :- ext(2)."])
    assert kept(rules, []) == ["e :- ext(X)."]


def test_const_names_match_any_value(tmp_path):
    rules = base(tmp_path, ["#const n = 3.", "kc :- k(n).", "kd :- k(four)."])
    assert kept(rules, ["k(3)"]) == ["kc :- k(n)."]


def test_classical_negation_is_its_own_predicate(tmp_path):
    rules = base(tmp_path, ["-q(1) :- go.", "cn :- -q(1).", "cp :- q(1)."])
    assert kept(rules, ["go"]) == ["-q(1) :- go.", "cn :- -q(1)."]


def test_minimize_is_always_kept(tmp_path):
    rules = base(tmp_path, ["#minimize { 1,X : m(X) }.", "m(X) :- k(X)."])
    assert kept(rules, []) == [":~ m(X). [1@0,X]"]       # clingo writes it as a weak constraint


def test_no_prune_keeps_everything(tmp_path, monkeypatch):
    rules = base(tmp_path, ["b :- a."])
    monkeypatch.setenv("RULEKEEPER_NO_PRUNE", "1")
    assert relevance.live_rules(rules, []) is None
    assert "b :- a." in rules_text(rules, False, relevance.live_rules(rules, []))


def test_patterns_come_back_from_the_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("RULEKEEPER_CACHE_DIR", str(tmp_path / "cache"))
    statements = ["p(f(X)) :- q(X).", "r :- p(g(Y)).", "s :- p(Z)."]
    first = kept(base(tmp_path, statements), ["q(1)"])
    assert list((tmp_path / "cache").glob("relevance-*.marshal"))
    assert kept(base(tmp_path, statements), ["q(1)"]) == first


def test_a_copy_without_a_rule_prunes_on_its_own_rules(tmp_path):
    root = tmp_path / "rules"
    (root / "core").mkdir(parents=True)
    (root / "mtg").mkdir()
    (root / "core" / "a.lp").write_text("%@ 100.1 first\nb :- a.\n\n%@ 100.2 second\nc :- b.\n")
    rules = RuleBase(root, ["mtg"])
    assert kept(rules, ["a"]) == ["b :- a.", "c :- b."]
    assert kept(rules.without("100.1"), ["a"]) == []
    # the copy's index is the whole base's with 100.1's units switched off: a copy of a copy
    # and the base itself keep pruning on their own rules
    assert kept(rules.without("100.2"), ["a"]) == ["b :- a."]
    assert kept(rules.without("100.2").without("100.1"), ["a", "b"]) == []
    assert kept(rules, ["a"]) == ["b :- a.", "c :- b."]


# -- the bundled rule base: pruned and whole give the same answers, explanations included ----
SCENARIOS = ["mtg/704-state-based-actions/704.5j-legend-rule.yaml",
             "mtg/615-prevention-effects/615.7-two-sources-one-shield.yaml",
             "mtg/6-spells-abilities/117-instant-on-stack.yaml",
             "almos/1000.2b-former-occupant-can-be-chosen.yaml",
             "altered/activate-opposing-reaction.yaml",
             "altered/afternoon-goes-on-until-both-pass.yaml"]


def explained(engine, path: Path) -> tuple:
    scen = engine.load(path)
    answer = solve(scen, engine.scenario_rules(scen), explain=True)
    supports = {frozenset((str(h), i.number, str(b)) for h, entries in s.raw.items()
                          for i, b in entries)
                | frozenset(("allow", str(h), i, str(c)) for h, entries in s.allows.items()
                            for i, c in entries)
                for s in answer.supports}
    return {frozenset(map(str, m)) for m in answer.models}, supports, answer.checks


@pytest.mark.parametrize("name", SCENARIOS)
def test_pruned_answers_and_explanations_are_the_whole_bases(engine, name, monkeypatch):
    path = REPO / "scenarios" / name
    pruned = explained(engine, path)
    monkeypatch.setenv("RULEKEEPER_NO_PRUNE", "1")
    assert explained(engine, path) == pruned
    assert pruned[0]


def test_most_of_the_bundled_base_is_pruned_for_a_small_scenario(engine):
    scen = engine.load(REPO / "scenarios" / SCENARIOS[0])
    rules = engine.scenario_rules(scen)
    from rulekeeper.bridge.core.solve.solve import FIRST_CHECKS, _Layout, scenario_facts
    live = relevance.live_rules(rules, scenario_facts(scen, _Layout(FIRST_CHECKS, False)))
    assert live is not None and len(live) < 0.6 * len(rules.rules)


def test_a_head_variable_carries_the_values_of_its_body_argument(tmp_path):
    rules = base(tmp_path, ["holds(T+1,F) :- holds(T,F), step(T).", "q(X) :- p(X).",
                            "x :- holds(T,b).", "y :- holds(T,a).", "r :- q(b).", "s :- q(a).",
                            "u :- q(f(Y)).", "p(f(1)) :- go."])
    assert kept(rules, ["holds(0,a)", "step(0)", "p(a)"]) == [
        "holds((T+1),F) :- holds(T,F); step(T).", "q(X) :- p(X).", "y :- holds(T,a).",
        "s :- q(a)."]
    assert "u :- q(f(Y))." in kept(rules, ["p(a)", "go"])


def test_a_variable_with_many_values_matches_any(tmp_path):
    rules = base(tmp_path, ["q(X) :- p(X).", "r :- q(zzz)."])
    few = [f"p(c{i})" for i in range(3)]
    many = [f"p(c{i})" for i in range(fixpoint.CAP + 1)]
    assert kept(rules, few) == ["q(X) :- p(X)."]
    assert kept(rules, many) == ["q(X) :- p(X).", "r :- q(zzz)."]     # over-approximated


def test_many_function_terms_keep_their_names(tmp_path):
    rules = base(tmp_path, ["q(X) :- p(X).", "r :- q(f(zzz)).", "s :- q(g(1))."])
    many = [f"p(f(c{i}))" for i in range(fixpoint.CAP + 1)]
    assert kept(rules, many) == ["q(X) :- p(X).", "r :- q(f(zzz))."]  # f(_), never g(_)


LIVE_SCRIPT = """
import sys
from rulekeeper.bridge.core.rules import fixpoint, relevance
from rulekeeper.bridge.core.solve import solve
from rulekeeper.bridge.core.run.engine import Engine
engine = Engine()
scen = engine.load(sys.argv[1])
rules = engine.scenario_rules(scen)
facts = solve.scenario_facts(scen, solve._Layout(3, False))
print(sorted(relevance.live_rules(rules, facts)))
"""


@pytest.mark.parametrize("path", ["scenarios/mtg/6-spells-abilities/legal-main-phase.yaml",
                                  "scenarios/almos/1000.6a-discipline-ends-at-cleanup.yaml"])
def test_the_live_rules_do_not_depend_on_the_process_string_hashing(path):
    """Which values of a variable are kept apart (CAP) follows the order they arrive in: in
    fact order, every process prunes alike (these two scenarios differed between hash seeds)."""
    import os
    import subprocess
    import sys
    runs = set()
    for seed in ("1", "2", "3"):
        env = dict(os.environ, PYTHONHASHSEED=seed)
        out = subprocess.run([sys.executable, "-c", LIVE_SCRIPT, path], cwd=REPO, env=env,
                             capture_output=True, text=True, check=True).stdout
        runs.add(out)
    assert len(runs) == 1
