"""The focused ruling: the changes that matter, each with its deciding rules, and several
outcomes shown as outcomes, each with the choices that lead to it (docs/rulings-style.md)."""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import partial
from typing import Callable

from clingo import Symbol, SymbolType

from ...cards.ignored import unjudged_atom
from ...core.base.record import Record
from ...core.explain.cite import Citation, cite_in_answer
from ...core.explain.words import warning_lines, with_citations
from ...core.rules.rulebase import RuleBase
from ...core.solve.answer import Answer
from .ruling import ZONE_WORDS, sentence, shaped_by_effects

# State atoms a judge asks about: where things are, who controls them, life and counters,
# power and toughness, the end of the game, what the rules refused, what waits on the stack.
MATTERS = {"zone", "ceased", "controller", "life", "poison", "counters", "loyalty", "defense",
           "damage", "power", "toughness", "lost", "won", "draw_game", "illegal", "face",
           "hand_size", "stack", "has", "protector", "battlefield_state", "occupies", "marked",
           "werecreature", "attached_to", "tapped", "monarch", "energy", "day_night"}
EVENTS = {"died", "countered", "untapped", "stays_tapped", "became_monarch"}   # events worth a line of their own
MAX_SHOWN_OUTCOMES = 12


@dataclass(init=False, repr=False, eq=False)
class Change(Record):
    """One line of the ruling: an English sentence and the rules that decided it."""

    text: str
    atoms: list[Symbol]
    rules: list[Citation] = field(default_factory=list)

    def line(self) -> str:
        return with_citations(self.text, self.rules)

    def as_json(self) -> dict:
        return {"text": self.text, "atoms": [str(a) for a in self.atoms],
                "rules": [c.rule for c in self.rules],
                "summaries": {c.rule: c.summary for c in self.rules}}


class Outcome:
    """One outcome as a ruling tells it: the choices that lead to it and what changed. The
    changes (sentences and their citations: a derivation walked per atom) are worked out when
    first read: the ruling prints MAX_SHOWN_OUTCOMES of possibly hundreds."""

    __slots__ = ("index", "choices", "_changes", "_work")

    def __init__(self, index: int, choices: list[Symbol], changes: list[Change] | None = None,
                 work: Callable[[], list[Change]] | None = None) -> None:
        self.index, self.choices = index, choices
        self._changes, self._work = changes, work

    @property
    def changes(self) -> list[Change]:
        if self._changes is None:
            self._changes = self._work() if self._work is not None else []
            self._work = None
        return self._changes


def focused_changes(atoms: set[Symbol], answer: Answer, rules: RuleBase, scen,
                    model: int | None, unchanged: frozenset = frozenset()) -> list[Change]:
    """The lines for a set of atoms that hold; those in `unchanged` are said to be so."""
    described = {o.id for o in scen.objects}
    new_objects = sorted({str(a.arguments[0]) for a in atoms
                          if a.name == "zone" and str(a.arguments[0]) not in described})
    out: list[Change] = []
    done: set[Symbol] = set()
    for oid in new_objects:
        change = _new_object(oid, atoms, answer, rules, model)
        done |= set(change.atoms)
        out.append(change)
    for atom in sorted(atoms, key=_order):
        if atom in done or not _matters(atom, described):
            continue
        if atom.name == "happened":
            died = _death(atom, atoms, answer, rules, model)
            if died is not None:
                done |= set(died.atoms)
                out.append(died)
                continue
        if atom in unchanged:
            out.append(Change(sentence(atom) + " (unchanged)", [atom]))
            continue
        unjudged = unjudged_atom(scen, atom)         # never a rule cited for ignored text
        if unjudged is not None:
            out.append(Change(unjudged, [atom]))
            continue
        out.append(Change(sentence(atom), [atom], cite_in_answer(atom, answer, rules, model)))
    return out


def _order(atom: Symbol) -> tuple:
    rank = {"illegal": 0, "lost": 1, "won": 1, "draw_game": 1, "happened": 2}
    return (rank.get(atom.name, 3), str(atom))


def _matters(atom: Symbol, described: set[str]) -> bool:
    if atom.name == "happened":
        event = atom.arguments[0]
        return event.type == SymbolType.Function and event.name in EVENTS
    if atom.name not in MATTERS:
        return False
    if atom.name in ("power", "toughness", "has", "controller", "face"):
        return str(atom.arguments[0]) in described     # a new object has its own line
    return True


def _death(atom: Symbol, atoms: set[Symbol], answer: Answer, rules: RuleBase,
           model: int | None) -> Change | None:
    """`X died` with where it went, citing the state-based action or effect that did it."""
    event = atom.arguments[0]
    if event.name != "died":
        return None
    oid = event.arguments[0]
    parts = [atom]
    zone = next((a for a in atoms if a.name == "zone" and a.arguments[0] == oid), None)
    gone = next((a for a in atoms if a.name == "ceased" and a.arguments[0] == oid), None)
    found: list[Citation] = []
    sba = [a for a in atoms if a.name == "happened" and a.arguments[0].name == "sba"
           and a.arguments[0].arguments[1] == oid]
    for a in sba:            # the state-based action's own rule first
        number = str(a.arguments[0].arguments[0]).strip('"')
        found += [c for c in cite_in_answer(a, answer, rules, model) if c.rule == number]
        parts.append(a)
    found += cite_in_answer(zone or atom, answer, rules, model)
    text = f"{oid} dies"
    if gone is not None:
        text += " (a token: it has ceased to exist)"
        parts.append(gone)
    elif zone is not None:
        text += f": it is {ZONE_WORDS.get(str(zone.arguments[1]), 'in ' + str(zone.arguments[1]))}"
        parts.append(zone)
    return Change(text, parts, _distinct(found)[:3])


def _distinct(found: list[Citation]) -> list[Citation]:
    out: list[Citation] = []
    for c in found:
        if all(c.rule != o.rule for o in out):
            out.append(c)
    return out


def _new_object(oid: str, atoms: set[Symbol], answer: Answer, rules: RuleBase,
                model: int | None) -> Change:
    """One line for an object the actions made (a token, a copy): what it is and where."""
    # sorted: `atoms` is a set, and the --json atom list must not depend on the hash seed
    mine = sorted((a for a in atoms if a.arguments and str(a.arguments[0]) == oid), key=str)
    value = {a.name: str(a.arguments[1]).strip('"') for a in mine if len(a.arguments) == 2}
    zone = next(a for a in mine if a.name == "zone")
    kinds = sorted(str(a.arguments[1]) for a in mine if a.name in ("supertype", "type"))
    subtypes = sorted(str(a.arguments[1]) for a in mine if a.name == "subtype")
    keywords = sorted(str(a.arguments[1]) for a in mine if a.name == "has")
    what = " ".join(kinds + subtypes) or "object"
    pt = f"{value['power']}/{value['toughness']} " if "power" in value and "toughness" in value else ""
    text = f"{oid} is a {pt}{what}"
    if "name" in value:
        text += f" named {value['name']}"
    if keywords:
        text += f" with {', '.join(keywords)}"
    where = ZONE_WORDS.get(str(zone.arguments[1]), "in " + str(zone.arguments[1]))
    text += f", {where}"
    if "controller" in value:
        text += f" under {value['controller']}'s control"
    return Change(text, mine, cite_in_answer(zone, answer, rules, model))


def outcomes(answer: Answer, rules: RuleBase, scen) -> tuple[list[Change], list[Outcome]]:
    """What happens in every outcome, and what differs in each, with the choices behind it."""
    new = lambda atoms: {a for a in atoms if a not in answer.initially}  # noqa: E731
    always = focused_changes(new(answer.always), answer, rules, scen, None)
    if len(answer.models) < 2:
        return always, []
    common = frozenset.intersection(*answer.choices) if answer.choices else frozenset()
    listed = []
    for i, model in enumerate(answer.models):
        choices = sorted(answer.choices[i] - common, key=str) if answer.choices else []
        differs = model - answer.always        # an unchanged value that differs elsewhere too
        listed.append(Outcome(i + 1, choices, work=partial(
            focused_changes, differs, answer, rules, scen, i, answer.initially)))
    return always, listed


def symmetry_lines(answer: Answer) -> list[str]:
    """What the canonical outcomes stand for (bridge/core/solve/symmetry.py): interchangeable objects, and
    identical triggers put on the stack in any order."""
    lines = []
    for cls in answer.symmetric:
        names = ", ".join(map(str, cls))
        if all(c.type == SymbolType.Function and not c.arguments for c in cls):
            lines.append(f"Note: {names} are interchangeable (nothing in the situation tells "
                         "them apart): each outcome stands for every outcome that only swaps them.")
        else:
            lines.append(f"Note: the identical triggered abilities {names} go on the stack in any "
                         "order (603.3b): the order shown stands for every order, each giving the "
                         "same game up to which of them is where.")
    return lines


def choice_text(choice: Symbol) -> str:
    """A player's choice (`chose/1` of the rule packs) in words."""
    a = [str(x).strip('"') for x in choice.arguments] if choice.type == SymbolType.Function else []
    words = {
        "assign": lambda: f"{a[0]} assigns {a[2]} damage to {a[1]}",
        "keep": lambda: f"{a[0]} is the one kept",
        "protector": lambda: f"{a[1]} becomes {a[0]}'s protector",
        "may": lambda: f"{a[0]}: {'yes' if a[1] == 'yes' else 'no'} to the optional effect",
        "target": lambda: f"{a[0]} targets {a[2]}",
        "stack_order": lambda: f"{a[0]} goes on the stack in position {a[1]}",
        "any_order": lambda: f"{a[0]} goes on the stack in any order among identical triggers",
        "mode": lambda: f"{a[0]} uses mode {a[1]}",
        "occupy": lambda: (f"{a[1]} occupies {a[0]}" if a[1] != "none" else f"nothing occupies {a[0]}"),
        "discard": lambda: f"{a[0]} is discarded",
        "exile_cost": lambda: f"{a[0]} is exiled from the graveyard to pay a cost",
        "random": lambda: f"at random, {choice_text(choice.arguments[0])}",
        "opponent": lambda: f"{a[0]}'s \"an opponent\" is {a[1]}",
        "enters_as_copy": lambda: (f"{a[0]} enters as a copy of {a[1]}" if a[1] != "none"
                                   else f"{a[0]} enters as itself, copying nothing"),
        "sacrifice": lambda: f"{a[1]} is sacrificed to cast {a[0]}",
        "sacrifice_for": lambda: f"{a[1]} is sacrificed for {a[0]}'s ability",
        "mana": lambda: f"{a[0]} makes {a[1]} mana",
        "sacrifice_for_mana": lambda: f"{a[0]} is sacrificed for mana as a cost is paid",
        "crew": lambda: f"{a[1]} is tapped to crew {a[0]}",
        "saddle": lambda: f"{a[1]} is tapped to saddle {a[0]}",
        "pay_unless": lambda: f"the \"unless\" cost is paid for {a[0]}",
        "pay_echo": lambda: f"the echo cost of {a[0]} is paid",
        "echo_unpaid": lambda: f"the echo cost of {a[0]} is not paid",
        "pay_upkeep": lambda: f"the upkeep cost of {a[0]} is paid",
        "pay_extort": lambda: f"extort ({a[1]}) of {a[0]} is paid",
        "stay_tapped": lambda: f"{a[0]} is left tapped",
        "scry": lambda: (f"{a[0]} is put on the bottom" if a[1] == "bottom"
                         else f"{a[0]} stays on top ({a[1]})"),
        "surveil": lambda: (f"{a[0]} is put into the graveyard" if a[1] == "graveyard"
                            else f"{a[0]} stays on top ({a[1]})"),
        "fateseal": lambda: (f"{a[0]} is put on the bottom" if a[1] == "bottom"
                             else f"{a[0]} stays on top ({a[1]})"),
        "explore": lambda: f"the explored card {a[0]} goes to the {a[1]}",
        "proliferate": lambda: f"proliferate adds a counter to {a[1]}",
        "populate": lambda: f"populate copies {a[1]}",
        "bolster": lambda: f"bolster puts its counters on {a[1]}",
        "pay_ward": lambda: f"the ward cost is paid for {a[0]}",
        "pay_life_for_phyrexian": lambda: f"{a[1]} life is paid for a Phyrexian symbol of {a[0]}",
    }
    if choice.type == SymbolType.Function and choice.name in words:
        try:
            return words[choice.name]()
        except IndexError:
            pass
    return str(choice)


def focused_ruling(title: str, answer: Answer, rules: RuleBase, notes: list[str], scen,
                   remarks: list[str] = ()) -> str:
    """The ruling `ask` prints: the answer first, then how the outcomes differ."""
    always, listed = outcomes(answer, rules, scen)
    lines = [f"Ruling: {title}"] + warning_lines(notes, remarks) + symmetry_lines(answer)
    shaped = shaped_by_effects(answer, scen, exclude={a for c in always for a in c.atoms})
    n = len(answer.models)
    if not always and not listed and not shaped:
        lines.append("Nothing changes: no encoded rule applies to this situation.")
    if shaped:
        lines.append("As the rules apply to the board:")
        lines += [f"- {with_citations(sentence(a), cite_in_answer(a, answer, rules))}" for a in shaped]
    if always:
        upto = " (up to the swaps noted above)" if answer.symmetric else ""
        lines.append(f"What happens{upto}:" if n < 2 else f"In every one of the {n} outcomes{upto}:")
        lines += [f"- {c.line()}" for c in always]
    if listed:
        lines.append(f"{n} outcomes, depending on the choices players make:")
        for outcome in listed[:MAX_SHOWN_OUTCOMES]:
            lines += _outcome_lines(outcome)
        if len(listed) > MAX_SHOWN_OUTCOMES:
            lines.append(f"... and {len(listed) - MAX_SHOWN_OUTCOMES} more outcomes "
                         "(all of them in `ask --json`, outcomes.list)")
    return "\n".join(lines)


def _outcome_lines(outcome: Outcome) -> list[str]:
    head = f"({outcome.index})"
    if outcome.choices:
        head += " if " + ", ".join(choice_text(c) for c in outcome.choices) + ":"
    else:
        head += " (no recorded choice sets it apart):"
    body = [f"    - {c.line()}" for c in outcome.changes] or ["    - nothing else changes."]
    return [head] + body


def outcomes_json(answer: Answer, rules: RuleBase, scen) -> tuple[list[dict], list[dict]]:
    """`changes` (in every outcome) and `outcomes.list` of `ask --json`."""
    always, listed = outcomes(answer, rules, scen)
    if not listed:
        listed = [Outcome(1, sorted(answer.choices[0], key=str) if answer.choices else [], [])]
    out = []
    for o in listed:
        model = answer.models[o.index - 1] if answer.models else frozenset()
        out.append({"index": o.index, "choices": [str(c) for c in o.choices],
                    "choice_text": [choice_text(c) for c in o.choices],
                    "differs": sorted(str(a) for a in model - answer.always),
                    "changes": [c.as_json() for c in o.changes]})
    return [c.as_json() for c in always], out
