"""Backward ("needed") pruning (relevance.needed_rules): of the rules that can fire, those whose
atoms nothing reads are left out for the commands that read only the shown atoms (`ask`,
`test`, `check`), and the answers, as those commands read them, are the same."""
from __future__ import annotations

from pathlib import Path

import clingo
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from click.testing import CliRunner

from rulekeeper.bridge.core.rules import relevance

from rulekeeper.bridge.core.solve import solve
from rulekeeper.bridge.core.rules.program import rules_text
from rulekeeper.bridge.core.rules.rulebase import RuleBase
from rulekeeper.cli.main import main

REPO = Path(__file__).resolve().parent.parent
DEATHTOUCH = REPO / "scenarios" / "mtg" / "704-state-based-actions" / "704.5h-deathtouch.yaml"


def base(tmp_path: Path, statements: list[str]) -> RuleBase:
    """A rule base of one file (each statement its own annotated paragraph) that shows out/1."""
    root = tmp_path / "rules"
    (root / "core").mkdir(parents=True, exist_ok=True)
    (root / "mtg").mkdir(exist_ok=True)
    text = "#show out/1.\n\n" + "".join(f"%@ 100.1 a test statement\n{s}\n\n" for s in statements)
    (root / "core" / "a.lp").write_text(text)
    return RuleBase(root, ["mtg"])


def kept(rules: RuleBase, facts: list[str]) -> list[str]:
    """The rule texts the needed analysis keeps for these facts; checks that the kept program
    has the whole program's answer sets, as the shown atoms tell them."""
    symbols = [clingo.parse_term(f) for f in facts]
    live = relevance.live_rules(rules, symbols)
    needed = relevance.needed_rules(rules, live, symbols, solve.BRIDGE_READS)
    assert needed is not None and needed <= live
    assert shown_sets(rules_text(rules, False, needed), facts) == \
        shown_sets(rules_text(rules, False), facts)
    return [info.text for info in rules.rules if info.index in needed]


def shown_sets(program: str, facts: list[str]) -> set[frozenset[str]] | None:
    """The answer sets' shown atoms (None: no answer set)."""
    ctl = clingo.Control(["--models=0", "--project=auto"], logger=lambda *_: None)
    ctl.add("base", [], program + "\n" + "".join(f"{f}." for f in facts))
    ctl.ground([("base", [])])
    found: set[frozenset[str]] = set()
    ctl.solve(on_model=lambda m: found.add(frozenset(map(str, m.symbols(shown=True)))))
    return found or None


def test_an_unread_derived_predicate_is_dropped(tmp_path):
    rules = base(tmp_path, ["out(X) :- a(X), not blocked(X).", "blocked(X) :- b(X).",
                            "junk(X) :- a(X).", "more(X) :- junk(X).", "out(X) :- c(X)."])
    assert kept(rules, ["a(1)", "b(1)"]) == ["out(X) :- a(X); not blocked(X).",
                                             "blocked(X) :- b(X)."]


def test_a_constraint_keeps_what_it_reads(tmp_path):
    rules = base(tmp_path, ["c(X) :- a(X).", "d(X) :- b(X).", ":- c(X), not d(X).",
                            "junk :- a(1)."])
    assert kept(rules, ["a(1)", "b(1)"]) == ["c(X) :- a(X).", "d(X) :- b(X).",
                                             "#false :- c(X); not d(X)."]
    assert shown_sets(rules_text(rules, False), ["a(1)"]) is None     # and it still fails


def test_heads_that_can_fail_are_kept(tmp_path):
    rules = base(tmp_path, ["1 { pick(X) : opt(X) } 1 :- go.",
                            "#count { X : n(X) : opt(X) } >= 2 :- go.",
                            "{ free(X) : opt(X) } :- go.", "#false :- go, stop.",
                            "e(X) : opt(X) :- go."])
    texts = kept(rules, ["go"])                  # no opt: the bounded choice fails
    assert texts == ["1 <= { pick(X): opt(X) } <= 1 :- go.",
                     "2 <= #count { X: n(X): opt(X) } :- go.", "e(X): opt(X) :- go."]
    assert kept(rules, ["go", "stop"])[-2] == "#false :- go; stop."
    assert shown_sets(rules_text(rules, False), ["go"]) is None
    assert not any("free" in t for t in kept(rules, ["go", "opt(1)", "opt(2)"]))


def test_classical_negation_is_kept(tmp_path):
    rules = base(tmp_path, ["-p :- a.", "p :- a.", "q(X) :- a(X).", "r :- -s."])
    texts = kept(rules, ["a"])
    assert texts == ["-p :- a.", "p :- a."]
    assert shown_sets(rules_text(rules, False), ["a"]) is None       # p and -p: no answer
    # a classically negated fact: the rules deriving its positive atom are kept; reading one
    assert kept(rules, ["a(1)", "-q(1)", "-s"]) == ["q(X) :- a(X).", "r :- -s."]


def test_an_odd_loop_among_unread_rules_is_kept(tmp_path):
    rules = base(tmp_path, ["out(1) :- a.", "loop :- a, not loop.", "x :- a, not y.",
                            "y :- a, not x.", "agg :- a, #count { 1 : agg } = 0."])
    # every cycle through negation is kept (an even one, x/y, could go: the test is coarse)
    assert kept(rules, ["a"]) == ["out(1) :- a.", "loop :- a; not loop.", "x :- a; not y.",
                                  "y :- a; not x.", "agg :- a; 0 = #count { 1: agg }."]
    assert kept(rules, []) == []


def test_the_shown_predicates_come_from_the_show_statements(tmp_path):
    rules = base(tmp_path, ["out(X) :- a(X).", "other(X) :- a(X).", "chose(X) :- b(X)."])
    assert kept(rules, ["a(1)", "b(2)"]) == ["out(X) :- a(X).", "chose(X) :- b(X)."]
    assert "outcome/1" in relevance._graph(solve_rules()).reads


def solve_rules() -> RuleBase:
    from rulekeeper.bridge.core.run.engine import Engine
    engine = Engine()
    return engine.scenario_rules(engine.load(DEATHTOUCH))


def test_off_with_no_prune(tmp_path, monkeypatch):
    rules = base(tmp_path, ["out(X) :- a(X).", "junk(X) :- a(X)."])
    live = {info.index for info in rules.rules}
    monkeypatch.setenv("RULEKEEPER_NO_PRUNE", "1")
    assert relevance.needed_rules(rules, live, [], solve.BRIDGE_READS) == live
    assert relevance.needed_rules(rules, None, []) is None


def test_no_program_text_from_scenario_data(tmp_path):
    """The selection is a set of rule indices: data (a string made to look like ASP) picks
    rules, never writes program text."""
    rules = base(tmp_path, ["out(X) :- a(X).", "junk(X) :- a(X)."])
    evil = 'a("x). junk(1) :- #true. #show junk/1. %")'
    facts = [clingo.parse_term(evil), clingo.parse_term('-q("). #false.")')]
    live = relevance.live_rules(rules, facts)
    needed = relevance.needed_rules(rules, live, facts, solve.BRIDGE_READS)
    text = rules_text(rules, False, needed)
    assert text.count("junk") == 0 and "#false." not in text and "out(X) :- a(X)." in text


def test_ask_and_check_leave_out_unread_rules_the_answer_is_the_same(engine):
    scen = engine.load(DEATHTOUCH)
    rules = engine.scenario_rules(scen)
    layout = solve._Layout(solve.FIRST_CHECKS, False)
    facts = solve.scenario_facts(scen, layout)
    live = relevance.live_rules(rules, facts)
    needed = relevance.needed_rules(rules, live, facts, solve.BRIDGE_READS)
    assert len(needed) < len(live)
    dropped = {h for i in live - needed for h in relevance._graph(rules).flow[i][1]}
    assert "mana_letter/2" in dropped
    whole = engine.answer(scen, explain=True)
    pruned = engine.answer(scen, explain=True, needed=True)
    assert pruned.models == whole.models and pruned.initially == whole.initially


def test_why_does_not_leave_out_unread_rules(monkeypatch):
    """`why` reads atoms nothing shows (an atom of any predicate, the whole first model): it
    solves every rule that can fire, and answers for an atom of a predicate `ask` leaves out."""
    def refuse(*_args, **_kwargs):
        raise AssertionError("why used the needed pruning")
    monkeypatch.setattr(relevance, "needed_rules", refuse)
    for atom in ("mana_letter(w,white)", "zone(bear,graveyard)"):
        result = CliRunner().invoke(main, ["why", str(DEATHTOUCH), atom])
        assert result.exit_code == 0, result.output
        assert atom in result.output


@pytest.mark.parametrize("text", ["p :- q.", "{ p } :- q.", "p ; r :- q."])
def test_plain_heads_are_not_fixed(text):
    from clingo import ast
    from rulekeeper.bridge.core.rules.patterns import rule_flow
    found: list = []
    ast.parse_string(text, lambda s: s.ast_type == ast.ASTType.Program or found.append(s))
    assert rule_flow(found[0])[0] is False


@settings(max_examples=200, deadline=None)
@given(st.dictionaries(st.sampled_from("abcdefgh"), st.sets(st.sampled_from("abcdefgh")),
                       max_size=8))
def test_components_are_networkx_strongly_connected_components(edges):
    """relevance._components (hand-written to keep networkx out of `ask`) finds the same
    strongly connected components as networkx."""
    import networkx as nx
    from rulekeeper.bridge.core.rules.relevance import _components
    graph = nx.DiGraph()
    graph.add_nodes_from(edges)
    graph.add_edges_from((a, b) for a, bs in edges.items() for b in bs)
    component = _components(edges)
    expected = {frozenset(c) for c in nx.strongly_connected_components(graph)}
    found: dict[int, set[str]] = {}
    for node, number in component.items():
        found.setdefault(number, set()).add(node)
    assert {frozenset(c) for c in found.values()} == expected
