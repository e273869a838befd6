"""bridge/facts.keyword_presence: the flat `scenario_keyword(K)` facts that guard the rules of the
triggered keywords (docs/keywords.md, "Grounding"): every way a scenario can name a keyword."""
from __future__ import annotations

from clingo import Function, Number, String

from rulekeeper.bridge.games.mtg.facts import keyword_presence


def f(name, *args):
    return Function(name, [a if not isinstance(a, (str, int)) else
                           (Number(a) if isinstance(a, int) else Function(a)) for a in args])


def kw(*words):
    return [Function("scenario_keyword", [Function(w)]) for w in sorted(words)]


def test_printed_keyword():
    assert keyword_presence([f("keyword_instance", String("Kith"), "front", 1, "persist")]) == kw("persist")


def test_gained_by_a_modify_action_or_a_static_ability():
    add = f("add", "keyword", "exalted")
    facts = [f("event_arg", 3, "op", add), f("static_ops", String("Banner"), "front", 1, f("add", "keyword", "melee"))]
    assert keyword_presence(facts) == kw("exalted", "melee")


def test_given_by_an_ability_effect_or_a_copy():
    facts = [f("ability_effect_arg", String("Card"), "front", 1, 10, "keyword", "undying"),
             f("copy_adds", "tok", "keyword", "riot")]
    assert keyword_presence(facts) == kw("riot", "undying")


def test_other_facts_name_no_keyword():
    facts = [f("printed", String("Bear"), "front", "type", "creature"), f("event_arg", 1, "until", "end_of_turn"),
             f("add", "type", "artifact")]
    assert keyword_presence(facts) == []


def test_only_the_guarded_keywords_are_stated():
    """flying's rules have no such guard: no fact for it, so a scenario without the new keywords
    grounds exactly what it did before."""
    assert keyword_presence([f("keyword_instance", String("Bird"), "front", 1, "flying")]) == []
