"""What a scenario relies on that the rule base does not encode: reported, never ignored.

Every feature the bridge accepts declares the rule numbers it relies on (reliance.py). The
scenario's features are collected, and each rule number without an encoded statement becomes
a note, which `ask` prints before its answer. Values the rules ignore (an X on a free cast) are
reported too (`ignored_values`)."""
from __future__ import annotations

from typing import Any, Iterator

from ...cards.ignored import notes, scenario_ignored
from ...core.rules.keywords import keyword_rules
from ...core.rules.rulebase import RuleBase
from . import reliance as R
from .scenario import Card, Scenario

Need = tuple[str, tuple[str, ...]]        # (what the scenario uses, the rules it relies on)


def not_encoded(scen: Scenario, rules: RuleBase) -> list[str]:
    """Human-readable notes, one per feature whose rules are missing from the rule base."""
    notes: dict[str, str] = {}
    for what, numbers in reliances(scen):
        if numbers is None and what.startswith("keyword "):    # a pack's own keyword (issue 34)
            numbers = keyword_rules(rules, what.split(" ", 1)[1]) or None
        if numbers is None:
            notes.setdefault(what, f"{what}: not something the rule base knows; it has no effect here")
            continue
        missing = [n for n in numbers if not rules.is_encoded(n)]
        if missing:
            notes.setdefault(what, f"{what}: rule {', '.join(missing)} is not encoded yet, so the "
                                   "answer does not take it into account")
    return sorted(notes.values())


def reliances(scen: Scenario) -> Iterator[tuple[str, tuple[str, ...] | None]]:
    """Every feature the scenario uses, with the rule numbers it relies on (None: unknown)."""
    yield from _actions(scen)
    cards = [(o.id, o.card) for o in scen.objects] + [(k, c) for k, c in scen.tokens.items() if c]
    for oid, card in cards:
        for face in card.faces():
            yield from _card(face)
    yield from _entering(scen)
    if len(scen.players) > 2 and any(a.get("villainous") for _, c in cards for f in c.faces()
                                     for a in f.abilities):
        yield "villainous choice with several opponents", ("701.55d",)   # APNAP, one at a time
    for obj in scen.objects:
        for fld, numbers in R.OBJECT_FIELD_RULES.items():
            if getattr(obj, fld, None) not in (None, False, 0, {}, [], "front"):
                yield f"field {fld}", numbers
    if scen.battlefield_state != "empty":
        yield "battlefield_state", R.CARD_FIELD_RULES["battlefield_state"]
    for text in scen.expect.always + scen.expect.sometimes + scen.expect.never:
        name = text.split("(", 1)[0].strip()
        if name in R.OUTCOME_RULES and R.OUTCOME_RULES[name]:
            yield f"outcome {name}", R.OUTCOME_RULES[name]


def _actions(scen: Scenario) -> Iterator[Need]:
    for action in scen.actions:
        yield f"action {action.verb}", R.VERB_RULES.get(action.verb, ())
        if action.verb != "cast":
            continue
        args = action.args
        given = {"targets": args.get("targets"), "x": args.get("x") is not None,
                 "without_paying_mana_cost": args.get("free"), "face": args.get("face") == "back",
                 "mode": args.get("modes"), "kicked": args.get("kicked"),
                 "alternative_cost": args.get("alternative") is not None,
                 "sacrifice": args.get("sacrifice"), "face_down": args.get("face") == "down",
                 "as_adventure": args.get("face") == "adventure", "as_omen": args.get("face") == "omen",
                 "as_prototype": args.get("face") == "prototype",
                 "half": args.get("face") in ("left", "right"),
                 "using": args.get("using"), "squad": args.get("squad")}
        for option, used in given.items():
            if used:
                yield f"cast with {option}", R.CAST_OPTION_RULES[option]
        for word in args.get("using") or ():
            yield f"cast using {word}", R.KEYWORD_RULES.get(word, ())
        if args.get("face") == "back" and _back_replaces(scen, args.get("card")):
            # a disturb back face's "if it would be put into a graveyard from anywhere, exile
            # it instead" works on the stack too; replacement abilities act only from
            # permanents here, so a countered back-face spell would go to the graveyard
            yield "cast with face back, whose face has a replacement ability", ("113.6b",)


def _back_replaces(scen: Scenario, oid: Any) -> bool:
    """Whether object `oid`'s back face has a replacement ability."""
    card = next((o.card for o in scen.objects if o.id == oid), None)
    back = card.back if card is not None else None
    return back is not None and any(a.get("kind") == "replacement" for a in back.abilities)


def _card(card: Card) -> Iterator[Need]:
    for fld, numbers in R.CARD_FIELD_RULES.items():
        if getattr(card, fld, None) not in (None, [], {}, ""):
            yield f"card field {fld}", numbers
    for t in card.types:
        yield f"card type {t}", R.TYPE_RULES.get(t, ())
    for t in card.subtypes:
        if t in R.SUBTYPE_RULES:
            yield f"subtype {t}", R.SUBTYPE_RULES[t]
    for t in card.supertypes:
        if t in R.SUPERTYPE_RULES:
            yield f"supertype {t}", R.SUPERTYPE_RULES[t]
    for kw in card.keywords:
        yield f"keyword {kw.name}", R.keyword_rules(kw.name)
    for ability in card.abilities:
        yield from _ability(ability)


def _ability(ability: dict) -> Iterator[Need]:
    kind = ability.get("kind")
    yield f"{kind} ability", R.ABILITY_KIND_RULES.get(kind, ())
    if ability.get("villainous"):
        yield "villainous choice", ("701.55a",)
    elif ability.get("die"):
        yield "die roll", ("706.1a", "706.2", "706.3a")
    elif ability.get("vote") is not None:
        yield "vote", ("701.38a",)
    elif ability.get("coin"):
        yield "coin flip", ("705.1", "705.2")
    elif ability.get("modes"):
        yield "modal ability", ("700.2",)
    text = ability.get("text") if kind == "static" else None
    if isinstance(text, dict) and isinstance(text.get("combat_restriction"), str):   # issue 15
        yield f"combat restriction {text['combat_restriction']}", \
            R.COMBAT_RESTRICTION_RULES.get(text["combat_restriction"])
    groups = [ability] + list(ability.get("modes") or [])
    for group in groups:
        for target in group.get("targets", []) or []:
            if isinstance(target, dict):      # a restricted target (issue 15)
                yield "restricted target", R.TARGET_FILTER_RULES["restricted"]
                for item in target["filter"]:
                    yield f"target restriction {item.name}", R.TARGET_FILTER_RULES.get(item.name)
        for effect in group.get("effects", []) or []:
            verb = effect.get("verb")
            if verb:
                yield f"effect {verb}", R.EFFECT_VERB_RULES.get(verb)
            for form in _forms(effect):
                yield f"effect form {form}", R.EFFECT_FORM_RULES.get(form)
    when = ability.get("when")
    if when:
        yield f"trigger event {when[0]}", R.TRIGGER_EVENT_RULES.get(when[0])


def _forms(effect: dict) -> Iterator[str]:
    """The card-form v2 refs and amounts an effect uses (issue 15): `all`, player words,
    `power_of`, `count`, ..."""
    for value in effect.values():
        while isinstance(value, tuple) and value and isinstance(value[0], str):
            yield value[0]
            value = value[1] if len(value) > 1 else None
        if isinstance(value, str) and value in R.EFFECT_FORM_RULES:
            yield value


def _entering(scen: Scenario) -> Iterator[Need]:
    """Types whose rules act as a permanent enters (306.5b, 310.4b) and intrinsic abilities
    of subtypes (310.11b), for the permanents that are or may come onto the battlefield."""
    cast = {a.args["card"] for a in scen.actions if a.verb == "cast"}
    copied = {a.args["object"] for a in scen.actions if a.verb == "copy"}
    entering = [o.card for o in scen.objects if o.id in cast | copied]
    entering += [c for k, c in scen.tokens.items() if c]
    present = [o.card for o in scen.objects if o.zone == "battlefield"] + entering
    for card in entering:
        for face in (card, card.back):    # an Adventure never enters the battlefield (715.4)
            for t in (face.types if face else []):
                if t in R.ENTERING_TYPE_RULES:
                    yield f"a {t} entering the battlefield", R.ENTERING_TYPE_RULES[t]
    for card in present:
        for face in (card, card.back):
            for t in (face.subtypes if face else []):
                if t in R.INTRINSIC_SUBTYPE_RULES:
                    yield f"the intrinsic ability of a {t}", R.INTRINSIC_SUBTYPE_RULES[t]


def ignored_values(scen: Scenario, rules: RuleBase) -> list[str]:
    """Values the scenario gives that the rules set aside, each with the rule that does."""
    notes = []
    for i, action in enumerate(scen.actions, start=1):
        if action.verb != "cast" or action.args.get("x") is None:
            continue
        card = scen.object(action.args["card"])
        chosen = {"back": card.card.back, "adventure": card.card.adventure, "omen": card.card.omen,
                  "prototype": card.card.prototype}.get(action.args.get("face")) \
            if card else None
        face = chosen or (card.card if card else None)
        x = action.args["x"]
        if face is not None and "{X}" not in (face.mana_cost or ""):
            notes.append(f"action {i} (cast {action.args['card']}): x: {x} is ignored: the card "
                         "has no {X} in its mana cost (107.3)")
        elif action.args.get("free") and action.args.get("alternative") is None and x != 0:
            number = "107.3b" if rules.is_encoded("107.3b") else "107.3b, not encoded"
            notes.append(f"action {i} (cast {action.args['card']}): x: {x} is ignored: cast "
                         f"without paying its mana cost, X can only be 0 ({number})")
    return notes


def not_understood(scen: Scenario) -> list[str]:
    """One note per Oracle line of an imported card (`not_understood`, docs/cards.md) that the
    answer ignores, for the cards the scenario uses (bridge/cards/ignored.py)."""
    return notes(scenario_ignored(scen))
