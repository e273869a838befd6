"""Ruling text: the outcomes in English, each citing the rules behind it."""
from __future__ import annotations

from clingo import Symbol, SymbolType

from ...core.explain.cite import cite_in_answer
from ...core.explain.words import warning_lines, with_citations
from ...core.rules.rulebase import RuleBase
from ...core.solve.answer import Answer

ZONE_WORDS = {"battlefield": "on the battlefield", "graveyard": "in its owner's graveyard",
              "hand": "in its owner's hand", "library": "in its owner's library",
              "exile": "in exile", "stack": "on the stack", "command": "in the command zone"}


def sentence(atom: Symbol) -> str:
    """A short English rendering of one outcome atom."""
    a = [str(x).strip('"') for x in atom.arguments] if atom.type == SymbolType.Function else []
    name = atom.name if atom.type == SymbolType.Function else ""
    simple = {
        "zone": lambda: f"{a[0]} is {ZONE_WORDS.get(a[1], 'in ' + a[1])}",
        "ceased": lambda: f"{a[0]} has ceased to exist",
        "controller": lambda: f"{a[1]} controls {a[0]}",
        "tapped": lambda: f"{a[0]} is tapped",
        "power": lambda: f"{a[0]} has power {a[1]}",
        "toughness": lambda: f"{a[0]} has toughness {a[1]}",
        "loyalty": lambda: f"{a[0]} has loyalty {a[1]}",
        "defense": lambda: f"{a[0]} has defense {a[1]}",
        "counters": lambda: f"{a[0]} has {a[2]} {a[1]} counter(s)",
        "damage": lambda: f"{a[0]} has {a[1]} damage marked on it",
        "life": lambda: f"{a[0]} is at {a[1]} life",
        "poison": lambda: f"{a[0]} has {a[1]} poison counter(s)",
        "hand_size": lambda: f"{a[0]} has {a[1]} card(s) in hand",
        "lost": lambda: f"{a[0]} loses the game",
        "won": lambda: f"{a[0]} wins the game",
        "draw_game": lambda: "the game is a draw",
        "has": lambda: f"{a[0]} has {a[1]}",
        "illegal": lambda: f"the action {a[0]} is not allowed (rule {a[1]})",
        "battlefield_state": lambda: f"the Battlefield State is {a[0].replace('_', ' ')}",
        "day_night": lambda: f"it is {a[0]}",
        "monarch": lambda: f"{a[0]} is the monarch",
        "energy": lambda: f"{a[0]} has {a[1]} energy counter(s)",
        "marked": lambda: f"{a[0]} is marked",
        "werecreature": lambda: f"{a[0]} is a werecreature",
        "occupies": lambda: f"{a[0]} occupies {a[1]}",
        "protector": lambda: f"{a[1]} protects {a[0]}",
        "type": lambda: f"{a[0]} is a {a[1]}",
        "subtype": lambda: f"{a[0]} has the subtype {a[1]}",
        "supertype": lambda: f"{a[0]} is {a[1]}",
        "stack": lambda: f"{a[1]} is on the stack (position {a[0]} from the top)",
        "face": lambda: f"{a[0]} has its {a[1]} face up",
        "unlocked": lambda: f"{a[0]} has its {a[1]} half unlocked (709.5c)",
        "solved": lambda: f"{a[0]} is solved (719.3b)",
        "attached_to": lambda: f"{a[0]} is attached to {a[1]}",
    }
    if name in simple:
        return simple[name]()
    if name == "happened" and atom.arguments:
        return _event(atom.arguments[0])
    return str(atom)


def _event(event: Symbol) -> str:
    a = [str(x).strip('"') for x in event.arguments]
    words = {
        "destroyed": lambda: f"{a[0]} was destroyed",
        "died": lambda: f"{a[0]} died",
        "sacrificed": lambda: f"{a[0]} was sacrificed",
        "created": lambda: f"the token {a[0]} was created",
        "dealt_damage": lambda: f"{'an effect' if a[0] == 'none' else a[0]} dealt {a[2]} damage to {a[1]}",
        "sba": lambda: f"state-based action {a[0]} applied to {a[1]}",
        "combat_damage": lambda: f"{a[0]} dealt {a[2]} combat damage to {a[1]}",
        "damage_prevented": lambda: f"damage {'from an effect' if a[0] == 'none' else 'from ' + a[0]} to {a[1]} was prevented",
        "replaced": lambda: f"{a[1]} would be put into a {a[0]}; it was put into {a[2]} instead",
        "gained_life": lambda: f"{a[0]} gained {a[1]} life from {a[2]}'s lifelink",
        "untapped": lambda: f"{a[0]} untapped",
        "became_monarch": lambda: f"{a[0]} became the monarch",
        "stays_tapped": lambda: f"{a[0]} stayed tapped (it did not untap)",
        "tokens_not_named": lambda: f"{a[1]} token(s) created for {a[0]} are not followed (no id)",
    }
    return words.get(event.name, lambda: f"event {event}")()


def changes(answer: Answer) -> tuple[list[Symbol], list[Symbol]]:
    """Atoms new in every outcome, and atoms new in some outcomes only."""
    always = sorted((a for a in answer.always if a not in answer.initially), key=_order)
    sometimes = sorted((a for a in answer.sometimes if a not in answer.initially), key=_order)
    return always, sometimes


def _order(atom: Symbol) -> tuple:
    rank = {"illegal": 0, "lost": 1, "won": 1, "draw_game": 1, "happened": 3}
    return (rank.get(atom.name, 2), str(atom))


def printed_view(scen) -> set[str]:
    """The characteristic atoms the board would have with no effect at all: printed values
    of the face up, and each object's described controller."""
    out: set[str] = set()
    for obj in scen.objects:
        card = obj.card.back if obj.face == "back" and obj.card.back else obj.card
        o = obj.id
        out |= {f"type({o},{t})" for t in card.types} | {f"subtype({o},{t})" for t in card.subtypes}
        out |= {f"supertype({o},{t})" for t in card.supertypes}
        out |= {f"has({o},{k.name})" for k in card.keywords}
        out |= {f"color({o},{c})" for c in (card.colors or [])}
        out.add(f"controller({o},{obj.controller})")
        for attr in ("power", "toughness"):
            if getattr(card, attr) is not None:
                out.add(f"{attr}({o},{getattr(card, attr)})")
    return out


SHAPED = {"power", "toughness", "has", "type", "subtype", "supertype", "controller"}


def shaped_by_effects(answer: Answer, scen, exclude: set) -> list[Symbol]:
    """Characteristics of the board that differ from what is printed, in every outcome:
    what effects, layers, copies or a pack's rules made of the objects."""
    printed = printed_view(scen)
    described = {o.id for o in scen.objects}
    return [atom for atom in sorted(answer.always, key=str)
            if atom.name in SHAPED and atom not in exclude and str(atom) not in printed
            and str(atom.arguments[0]) in described]


def _cited(atom: Symbol, answer: Answer, rules: RuleBase, model: int | None = None) -> str:
    return with_citations(sentence(atom), cite_in_answer(atom, answer, rules, model))


def full_ruling(title: str, answer: Answer, rules: RuleBase, notes: list[str], scen=None,
                remarks: list[str] = ()) -> str:
    """Every atom that changed, each with its deciding rules (`ask --full`)."""
    always, sometimes = changes(answer)
    lines = [f"Ruling: {title}"] + warning_lines(notes, remarks)
    lines.append(f"({len(answer.models)} possible outcome{'s' if len(answer.models) != 1 else ''})")
    shaped = shaped_by_effects(answer, scen, exclude=set(always)) if scen is not None else []
    if not always and not sometimes and not shaped:
        lines.append("Nothing changes: no encoded rule applies to this situation.")
    if shaped:
        lines.append("As the rules apply to the board:")
        lines += [f"- {_cited(atom, answer, rules)}" for atom in shaped]
    if always and shaped:
        lines.append("What happens:")
    lines += [f"- {_cited(atom, answer, rules)}" for atom in always]
    if sometimes:
        lines.append("Depending on the choices players make:")
        lines += [f"- sometimes: {_cited(atom, answer, rules)}" for atom in sometimes]
    return "\n".join(lines)
