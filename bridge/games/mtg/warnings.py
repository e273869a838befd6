"""Warnings said before an answer, read off its outcomes: what the scenario did not describe
(a library's unnamed cards an effect reached, tokens created with no id) and a state the rules
cannot mean (one object with two zones, one player with two life totals, in one outcome).
The last is a fault of the rule base, never a ruling: it is said at the top, not explained."""
from __future__ import annotations

from clingo import Symbol

__all__ = ["contradictions", "outcome_warnings"]

# happened(X(P)) events by which an effect says it reached P's unnamed library cards (401.2)
_UNKNOWN_EVENTS = {"explore_unknown": "explore (701.44a)", "ingest_unknown": "ingest (702.115a)",
                   "hideaway_unknown": "hideaway (702.75a)",
                   "exile_until_unknown": 'an "exile until" effect (701.13a; discover, cascade)'}
# happened(X(A)) events that say what the answer leaves out, each with its sentence about A
_ONE_ARG_EVENTS = {
    "storm_spell_gone": "the storm ability of {0} resolved after the spell left the stack: its "
                        "copies, made from the spell as it last existed (702.40a, 707.10), are "
                        "not modelled, so the answer leaves them out",
    "casualty_spell_gone": "the casualty ability of {0} resolved after the spell left the stack: "
                           "its copy, made from the spell as it last existed (707.10), is not "
                           "modelled, so the answer leaves it out",
    "casualty_copy_unnamed": "the copy the casualty ability of {0} makes has no id on the resolve "
                             "action (`resolve: {{copies: [id]}}`), so the answer does not follow "
                             "it (702.153a)",
    "conspire_spell_gone": "the conspire ability of {0} resolved after the spell left the stack: "
                           "its copy, made from the spell as it last existed (707.10), is not "
                           "modelled, so the answer leaves it out",
    "conspire_copy_unnamed": "the copy the conspire ability of {0} makes has no id on the resolve "
                             "action (`resolve: {{copies: [id]}}`), so the answer does not follow "
                             "it (702.78a)",
    "dredge_multi_draw_left_out": "{0} draws several cards at once with a dredge card in their "
                                  "graveyard: dredging in place of some of those draws (702.52a) "
                                  "is not offered, so the answer has every card drawn",
    "demonstrate_spell_gone": "the demonstrate ability of {0} resolved after the spell left the "
                              "stack: its copies, made from the spell as it last existed (707.10), "
                              "are not modelled, so the answer leaves them out",
    "demonstrate_copy_unnamed": "the demonstrate ability of {0} copied the spell, but the chosen "
                                "opponent's copy has no id on the resolve action (`resolve: "
                                "{{copies: [yours, theirs]}}`), so the answer does not follow it "
                                "(702.144a)",
    "ring_abilities_left_out": "the Ring has tempted {0} two or more times: the Ring's abilities "
                               "for two or more temptations (701.54c: loot when the Ring-bearer "
                               "attacks, the blocker sacrificed, each opponent losing 3 life) are "
                               "not encoded, so the answer leaves them out",
    "token_doubling_left_out": "a token doubler ({0}: \"if an effect would create one or more "
                               "tokens, it creates twice that many\", 614.1a) was in play as a "
                               "keyword ability created tokens: the doubling of those tokens is "
                               "not encoded, so the answer shows them created once",
    "retrace_hand_unknown": "retrace (702.81a) discards a land card: {0}'s hand holds drawn "
                            "(unnamed) cards, which may or may not be lands; only the named land "
                            "cards were offered (name the hand's cards in the scenario)",
}
# outcome atoms name(Key, Value) that have one value per key in a game state
_SINGLE_VALUED = frozenset({"zone", "life", "poison", "hand_size", "controller", "power",
                            "toughness", "loyalty", "damage", "defense"})


def outcome_warnings(answer) -> list[str]:
    """The warnings of an answer, in a fixed order."""
    return _event_warnings(answer.union) + contradictions(answer.models)


def _event_warnings(atoms: frozenset[Symbol]) -> list[str]:
    out = []
    for atom in sorted(atoms, key=str):
        if atom.name != "happened" or len(atom.arguments) != 1:
            continue
        event = atom.arguments[0]
        if event.name == "tokens_not_named" and len(event.arguments) == 2:
            who, count = event.arguments
            out.append(f"{count} token(s) created for {who} have no id on the resolve action "
                       "(`resolve: {creates: [id, ...]}`), so the answer does not follow "
                       "them (111.1)")
        if event.name == "storm_copies_unnamed" and len(event.arguments) == 2:
            spell, count = event.arguments
            out.append(f"{count} copies the storm ability of {spell} makes have no id on the "
                       "resolve action (`resolve: {copies: [id, ...]}`), so the answer does not "
                       "follow them (702.40a)")
        if event.name in _ONE_ARG_EVENTS and len(event.arguments) == 1:
            out.append(_ONE_ARG_EVENTS[event.name].format(event.arguments[0]))
        if event.name in _UNKNOWN_EVENTS and len(event.arguments) == 1:
            out.append(f"{_UNKNOWN_EVENTS[event.name]} reached {event.arguments[0]}'s unnamed "
                       "library cards: what they are is unknown (name the library's top "
                       "cards in the scenario, 401.2), so the answer does not say what they do")
    return out


def contradictions(models: list[frozenset[Symbol]]) -> list[str]:
    """One line per key (an object's zone, a player's life, ...) that has two values in one
    outcome: the rule base reached a state no game can be in; and one per resolution whose
    instructions the rule base could not follow in order (608.2c)."""
    return _two_values(models) + _unsequenced(models)


def _unsequenced(models: list[frozenset[Symbol]]) -> list[str]:
    items = sorted({str(atom.arguments[0].arguments[0]) for model in models for atom in model
                    if atom.name == "happened" and len(atom.arguments) == 1
                    and atom.arguments[0].name == "unsequenced"
                    and len(atom.arguments[0].arguments) == 1})
    return [f"{item}'s instructions change a hand, a library or the battlefield and then read "
            "it in a way the rule base does not follow in order (\"draw a card, then target "
            "player draws a card\" on yourself, two discards, a shuffled library, \"create a "
            "token, then destroy all creatures\"): it follows them at one moment, not one after "
            "the other as 608.2c says, so the answer is wrong there (a card is taken twice, a "
            "new token is missed)" for item in items]


def _two_values(models: list[frozenset[Symbol]]) -> list[str]:
    found: dict[tuple[str, str], set[str]] = {}
    for model in models:
        values: dict[tuple[str, str], set[str]] = {}
        for atom in model:
            if atom.name in _SINGLE_VALUED and len(atom.arguments) == 2:
                values.setdefault((atom.name, str(atom.arguments[0])), set()).add(
                    str(atom.arguments[1]))
        for key, vals in values.items():
            if len(vals) > 1:
                found.setdefault(key, set()).update(vals)
    return [f"the rules gave {key[1]} two values of {key[0]} at once ({', '.join(sorted(vals))}): "
            "no game can be in that state, so this answer is wrong there; the likeliest cause is "
            "two instructions of one resolving ability that act on the same card or player, "
            "which the rule base does not yet follow one after the other (608.2c)"
            for key, vals in sorted(found.items())]
