"""Scenario -> clingo facts (as Symbols: nothing is ever parsed from user text).

Time layout: time 0 is the described state. `checks` check steps follow it, then for each
action one or more event slots, each followed by `checks` check steps. A check step is where
state-based actions and triggers happen. Most actions take one slot; `advance: STEP` takes one
slot per step it may enter on the way (the rules decide at each slot whether the walk goes on),
so grounding stays linear in the number of steps walked.
"""
from __future__ import annotations

import re
from typing import Any

from clingo import Function, Number, String, Symbol

from ...core.base.symbols import Reader
from ...core.base.terms import atom
from ...core.solve.timeline import Timeline
from .ability_facts import ability_facts
from .actions import action_facts
from ...cards.oracle.subtypes import subtypes_by_type
from .cards import derived_colors
from .keywords import AMOUNT_KEYWORDS, BARE_KEYWORDS, COST_KEYWORDS, equip_abilities
from .predefined import predefined_token_cards
from .scenario import Card, Keyword, Scenario
from .slots import action_plans, action_slots, turn_players
from .vocab import MANA_SYMBOL, mana_term

__all__ = ["action_plans", "action_slots", "scenario_facts"]


def scenario_facts(scen: Scenario, line: Timeline) -> list[Symbol]:
    """Every fact describing the scenario, its cards and its actions."""
    facts: list[Symbol] = [atom("pack", p) for p in scen.rules]
    if scen.legal_query:
        facts.append(atom("legal_query"))
    facts += [atom("reading_selected", r) for r in scen.readings]
    facts += _players(scen)
    cards = _cards(scen)
    for card in cards + keyword_token_cards(cards) + predefined_token_cards(cards):
        facts += card_facts(card)
    for i, obj in enumerate(scen.objects):
        facts += _object(obj, i + 1)
    facts += _tokens(scen)
    facts += _object_ranks(scen)
    facts += _stack(scen)
    facts += _library_order(scen)
    for action, slots, plan in zip(scen.actions, line.slot_times,
                                   action_plans(scen, line.tight_passes)):
        term, args = action_facts(action)
        facts += _slot_facts(scen, slots, plan)
        for t in slots:
            facts.append(atom("event", t, term))
            facts.append(atom("action_index", t, action.index + 1))
            facts += [atom("event_arg", t, Function(k), v) for k, v in args]
    presence = keyword_presence(facts)
    return facts + presence + changeling_types(presence) + line.facts()


def changeling_types(presence: list[Symbol]) -> list[Symbol]:
    """702.73a: with changeling in the scenario, the creature types of 205.3m (creature_type/1),
    every one of which a changeling is (702.73-changeling.lp)."""
    if atom("scenario_keyword", Function("changeling")) not in presence:
        return []
    # imported here: the rules' lists of subtypes live with the Oracle compiler (a heavy package
    # a scenario without changeling never needs)
    from ...cards.oracle.subtypes import subtypes_by_type
    return [atom("creature_type", Function(_ident(s))) for s in sorted(subtypes_by_type()["creature"])]


def _slot_facts(scen: Scenario, slots: list[int], plan: list[dict[str, set[int]]]) -> list[Symbol]:
    """slot_plan(T,Step): the slot at T may enter Step; slot_player(T,Step,P): then it is P's;
    slot_turn(T,N): a new turn the slot starts (it enters an untap step) is turn N. Without
    slot_turn every slot that may start a turn would add a turn number the grounder keeps
    possible from then on (one more per slot, though the game passes a turn or two)."""
    out = []
    for t, steps in zip(slots, plan):
        for step in sorted(steps):
            out.append(atom("slot_plan", t, step))
            players = {p for k in steps[step] for p in turn_players(scen, k)}
            out += [atom("slot_player", t, step, p) for p in sorted(players)]
        out += [atom("slot_turn", t, scen.turn.number + k) for k in sorted(steps.get("untap", ()))]
    return out


def _object_ranks(scen: Scenario) -> list[Symbol]:
    """object_rank(O,R): a fixed order of the objects that may be the source of a triggered
    ability (603.3b-commuting-triggers.lp puts interchangeable instances on the stack in it)."""
    def may_trigger(card: Card | None) -> bool:
        faces = [] if card is None else card.faces()
        return card is None or any(a.get("kind") == "triggered" for f in faces for a in f.abilities)
    ids = {o.id for o in scen.objects if may_trigger(o.card)} | \
        {tid for tid, card in scen.tokens.items() if may_trigger(card)}
    return [atom("object_rank", o, r) for r, o in enumerate(sorted(ids), start=1)]


# what makes timestamps or an order among look-alike objects matter in the mtg rules: layer
# effects of static abilities (613.7), the world rule (704.5k), roles (704.5y), lands tapped
# for mana in timestamp order (118-costs.lp), a permanent's battlefield state (almos)
ORDERED_SUPERTYPES, ORDERED_SUBTYPES = {"world"}, {"role"}


def interchangeable_candidates(scen: Scenario) -> list[str]:
    """Objects on the battlefield whose rules never read an order among look-alikes (the
    symmetry of bridge/core/solve/symmetry.py): no static, replacement, spell or chapter ability, one face,
    not a land, a world permanent or a role, and no timestamp given. Only with the mtg pack
    alone (another pack's rules may read ids or timestamps)."""
    if any(p != "mtg" for p in scen.rules) or scen.plugins:
        return []
    return [o.id for o in scen.objects if o.zone == "battlefield" and o.timestamp is None
            and _orderless(o.card)]


def _orderless(card: Card | None) -> bool:
    return card is not None and card.back is None and card.adventure is None and not card.halves \
        and card.omen is None and card.flip is None and card.prototype is None \
        and not card.statics \
        and not card.chapters \
        and card.battlefield_state is None and "land" not in card.types \
        and not ORDERED_SUPERTYPES & set(card.supertypes) \
        and not ORDERED_SUBTYPES & set(card.subtypes) \
        and all(a.get("kind") in ("triggered", "activated") for a in card.abilities)


def _players(scen: Scenario) -> list[Symbol]:
    out = []
    for i, p in enumerate(scen.players):
        out += [atom("player", p), atom("turn_order", i + 1, p), _init("life", p, scen.life[p]),
                _init("library_size", p, scen.library[p])]
        if scen.poison[p]:
            out.append(_init("poison", p, scen.poison[p]))
        if p in scen.speed:
            out.append(_init("speed", p, scen.speed[p]))
        if scen.spells_cast.get(p):
            out.append(atom("spells_cast_before", p, scen.spells_cast[p]))
        if scen.spells_cast_last_turn.get(p):
            out.append(atom("spells_cast_last_turn", p, scen.spells_cast_last_turn[p]))
        if scen.damage_this_turn.get(p):
            out.append(atom("damage_before", p, scen.damage_this_turn[p]))
        if scen.descended_this_turn.get(p):
            out.append(atom("descended_before", p, scen.descended_this_turn[p]))
        if scen.mana_spent_this_turn.get(p):
            out.append(atom("mana_spent_before", p, scen.mana_spent_this_turn[p]))
        if p in scen.cards_drawn_this_turn:
            out.append(atom("drawn_before", p, scen.cards_drawn_this_turn[p]))
    turn = scen.turn
    out += [_init("active_player", turn.active), _init("current_step", turn.step),
            _init("turn_number", turn.number)]
    if scen.day_night:
        out.append(_init("day_night", scen.day_night))
    if scen.battlefield_state != "empty":
        out.append(atom("scenario_battlefield_state", scen.battlefield_state))
    return out


def _library_order(scen: Scenario) -> list[Symbol]:
    """401.2: the named cards of a library, on top of its unnamed cards, top first in list order."""
    out, seen = [], {}
    for obj in scen.objects:
        if obj.zone == "library":
            seen[obj.owner] = seen.get(obj.owner, 0) + 1
            out.append(atom("library_index", obj.id, seen[obj.owner]))
    return out


def _init(name: str, *args) -> Symbol:
    return atom("init", atom(name, *args))


def _cards(scen: Scenario) -> list[Card]:
    seen: dict[str, Card] = {}
    for card in list(scen.cards.values()) + [o.card for o in scen.objects] + \
            [c for c in scen.tokens.values() if c is not None]:
        seen.setdefault(card.key, card)
    return list(seen.values())


# 702.135a: the token afterlife creates, stated as a card (111.4) like the token of any effect;
# the rule file names it by this key (702.135-afterlife.lp). Printed values are scenario facts,
# never derived by a rule: the action-by-action plan reads them as the run's input (carry.py).
AFTERLIFE_SPIRIT = Card(key="#afterlife:spirit", name="Spirit", colors=["white", "black"],
                        types=["creature"], subtypes=["spirit"], power=1, toughness=1,
                        keywords=[Keyword("flying")])


# 702.92a: the token living weapon creates, a 0/0 black Phyrexian Germ creature (111.4).
LIVING_WEAPON_GERM = Card(key="#living_weapon:germ", name="Phyrexian Germ", colors=["black"],
                          types=["creature"], subtypes=["phyrexian", "germ"], power=0, toughness=0)
# 702.123a: the token fabricate creates, a 1/1 colorless Servo artifact creature (111.4).
FABRICATE_SERVO = Card(key="#fabricate:servo", name="Servo", colors=[], types=["artifact", "creature"],
                       subtypes=["servo"], power=1, toughness=1)
# 702.181a: the tokens mobilize creates, 1/1 red Warrior creatures (111.4).
MOBILIZE_WARRIOR = Card(key="#mobilize:warrior", name="Warrior", colors=["red"], types=["creature"],
                        subtypes=["warrior"], power=1, toughness=1)
# 702.163a: the token For Mirrodin! creates, a 2/2 red Rebel creature (111.4).
FOR_MIRRODIN_REBEL = Card(key="#for_mirrodin:rebel", name="Rebel", colors=["red"], types=["creature"],
                          subtypes=["rebel"], power=2, toughness=2)
# 702.182a: the token Job select creates, a 1/1 colorless Hero creature (111.4).
JOB_SELECT_HERO = Card(key="#job_select:hero", name="Hero", colors=[], types=["creature"],
                       subtypes=["hero"], power=1, toughness=1)
KEYWORD_TOKENS = {"afterlife": AFTERLIFE_SPIRIT, "living_weapon": LIVING_WEAPON_GERM,
                  "fabricate": FABRICATE_SERVO, "mobilize": MOBILIZE_WARRIOR,
                  "for_mirrodin": FOR_MIRRODIN_REBEL, "job_select": JOB_SELECT_HERO}


def keyword_token_cards(cards: list[Card]) -> list[Card]:
    """The token cards the keywords of the scenario's cards create (afterlife's Spirit, living
    weapon's Germ)."""
    faces = [c for card in cards for c in card.faces()]
    named = {kw.name for face in faces for kw in face.keywords}
    return [token for name, token in KEYWORD_TOKENS.items() if name in named]


# The keywords whose rule files are guarded by scenario_keyword/1 (docs/keywords.md): only these
# are stated, so a scenario without them has no extra fact at all.
GUARDED_KEYWORDS = frozenset(AMOUNT_KEYWORDS + BARE_KEYWORDS + COST_KEYWORDS)


# facts naming a keyword K at a position: a printed instance (keyword_instance(Key,Face,I,K)),
# and, after the constant `keyword`, an ability's effect argument and a copy's addition
KEYWORD_PLACES = {("keyword_instance", 4): 3, ("ability_effect_arg", 6): 5, ("copy_adds", 3): 2}


def keyword_presence(facts: list[Symbol]) -> list[Symbol]:
    """`scenario_keyword(K)` for each keyword some card, effect or copy of the scenario names:
    printed (keyword_instance/4), gained (`add(keyword,K)` anywhere in a fact: static abilities,
    modify actions), given by an ability's effect or a copy. It is a flat fact, so a rule guarded
    by `scenario_keyword(persist)` is dropped by the relevance analysis (which tells nested terms
    apart only by name and arity) from any scenario where persist appears nowhere."""
    found: set[str] = set()
    read, seen = Reader(), set()
    for fact in read.handles(facts):
        name, args = read.name(fact), read.arguments(fact)
        where = KEYWORD_PLACES.get((name, len(args)))
        if where is not None and (name == "keyword_instance"
                                  or read.name(args[where - 1]) == "keyword"):
            found.add(str(read.symbol(args[where])))
        else:
            _added_keywords(read, fact, found, seen)
    return [atom("scenario_keyword", Function(k)) for k in sorted(found & GUARDED_KEYWORDS)]


def _added_keywords(read: Reader, term: Any, found: set[str], seen: set) -> None:
    """Add to `found` the K of every `add(keyword,K)` inside a term (read by handle, each
    distinct subterm once: this runs over every fact of every solve)."""
    if term in seen:
        return
    seen.add(term)
    args = read.arguments(term)
    if not args:
        return
    if len(args) == 2 and read.name(term) == "add" and read.name(args[0]) == "keyword" \
            and not read.arguments(args[0]):
        found.add(str(read.symbol(args[1])))
        return
    for arg in args:
        _added_keywords(read, arg, found, seen)


def card_key(card: Card) -> Symbol:
    return String(card.key)


def card_facts(card: Card) -> list[Symbol]:
    key = card_key(card)
    out = [atom("card", key)]
    if card.name is not None:
        out.append(atom("card_name", key, String(card.name)))
    out += _face(key, "front", card)
    if card.back is not None:
        out += _face(key, "back", card.back)
        # 712.2: a modal double-faced card is not a transforming one (701.27c, 202.3b)
        out.append(atom("modal_dfc" if card.modal else "double_faced", key))
    for face, half in zip(("left", "right"), card.halves):   # 709.1: a split card's halves
        out += _face(key, face, half)
    if card.halves:
        out.append(atom("split_card", key))
    if card.flip is not None:       # 710.1b: the alternative characteristics, used once flipped
        out += _face(key, "flipped", card.flip)
        out.append(atom("flip_card", key))
    if card.adventure is not None:      # 715.2: the alternative characteristics, a face of its own
        out += _face(key, "adventure", card.adventure)
        out.append(atom("has_adventure", key))
    if card.prototype is not None:      # 718.2: the prototype's mana cost, power and toughness
        out += _face(key, "prototype", card.prototype)
        out.append(atom("has_prototype", key))
    if card.omen is not None:           # 720.2: likewise an Omen's
        out += _face(key, "omen", card.omen)
        out.append(atom("has_omen", key))
    return out


def _face(key: Symbol, face: str, card: Card) -> list[Symbol]:
    out: list[Symbol] = []

    def printed(attr: str, value) -> None:
        out.append(atom("printed", key, face, attr, value))

    if card.name is not None:
        printed("name", String(card.name))
    for attr in ("supertypes", "types", "subtypes"):
        for value in getattr(card, attr):
            printed(attr[:-1], Function(_ident(value)))
    out += [atom("were_subtype", Function(_ident(s))) for s in card.subtypes if is_were_subtype(s)]
    out += [atom("creature_type", Function(_ident(s))) for s in card.subtypes if is_creature_type(s)]
    for attr in ("power", "toughness", "loyalty", "defense"):
        if getattr(card, attr) is not None:
            printed(attr, Number(getattr(card, attr)))
    for colour in derived_colors(card):
        printed("color", Function(colour))
    if card.mana_cost is not None:
        printed("mana_cost", String(card.mana_cost))
        out += [atom("mana_symbol", key, face, i + 1, mana_term(sym))
                for i, sym in enumerate(MANA_SYMBOL.findall(card.mana_cost))]
    if card.battlefield_state is not None:
        printed("battlefield_state", Function(card.battlefield_state))
    for i, kw in enumerate(card.keywords):
        name = Function(kw.name)
        printed("keyword", name)
        out.append(atom("keyword_instance", key, face, i + 1, name))
        for value in kw.args.get("values", []):
            out.append(atom("keyword_arg", key, face, i + 1, Function("value"), Function(_ident(value))))
        if "amount" in kw.args:
            out.append(atom("keyword_arg", key, face, i + 1, Function("amount"), Number(kw.args["amount"])))
        if "controller" in kw.args:     # 702.5a "enchant creature you control"
            out.append(atom("keyword_arg", key, face, i + 1, Function("controller"),
                            Function(kw.args["controller"])))
        # a cost keyword's mana symbols (flashback, cycling; docs/keywords.md)
        out += [atom("keyword_cost", key, face, i + 1, j + 1, mana_term(sym))
                for j, sym in enumerate(MANA_SYMBOL.findall(kw.args.get("cost", "")))]
        if kw.args.get("life"):
            out.append(atom("keyword_cost_life", key, face, i + 1, kw.args["life"]))
        if kw.name == "typecycling":   # 702.29e: what the search finds (keywords.py _typecycling)
            out += [atom("keyword_search", key, face, i + 1, Function("needs", [Function(a), Function(_ident(w))]))
                    for a, w in kw.args["quality"]]
    for i, ability in enumerate(card.abilities):
        out.append(atom("printed_ability", key, face, i + 1))
        out += ability_facts(key, face, i + 1, ability)
    out += _equip_facts(key, face, card)
    for i, chapters in card.chapters.items():
        out += [atom("chapter_ability", key, face, i + 1, n) for n in chapters]
    for i, static in card.statics.items():
        for part in ("scope", "filter", "ops", "count", "cond", "cond_filter"):
            out += [atom(f"static_{part}", key, face, i + 1, term) for term in static[part]]
    return out


def _equip_facts(key: Symbol, face: str, card: Card) -> list[Symbol]:
    """702.6a, 702.6d: each Equip keyword is an activated ability of its own, numbered after the
    listed abilities in keyword order; rules_asp/mtg/.../702.6-equip.lp says what it does."""
    out: list[Symbol] = []
    for n, kw in equip_abilities(card):
        out.append(atom("equip_ability", key, face, n))
        out += [atom("equip_cost", key, face, n, i + 1, mana_term(sym))
                for i, sym in enumerate(MANA_SYMBOL.findall(kw.args["cost"]))]
        out += [atom("equip_quality", key, face, n, Function("needs", [Function(attr), Function(_ident(word))]))
                for attr, word in kw.args.get("quality", [])]
    return out


def is_creature_type(subtype: str) -> bool:
    """205.3m: the subtype is a creature type (the rules' list, bridge/cards/oracle/subtypes.txt).
    ASP cannot tell a creature type from another subtype, so the bridge states it; an effect
    that sets creature types ("becomes a Frog", 205.1a) replaces only those."""
    return subtype in subtypes_by_type().get("creature", frozenset())


def is_were_subtype(subtype: str) -> bool:
    """Almos 1000.8a: "were" followed by another word (werewolf, werecat). ASP cannot look
    inside a constant, so the bridge states the fact; rules_asp/almos decides what it means."""
    return subtype.startswith("were") and len(subtype) > len("were")


def _ident(word: str) -> str:
    """Card words (types, colours) are validated lowercase; '-' becomes '_' for ASP."""
    return re.sub(r"[^a-z0-9_]", "_", word)


def _object(obj, position: int) -> list[Symbol]:
    o = obj.id
    out = [atom("object", o), atom("object_card", o, card_key(obj.card)), atom("owner", o, obj.owner),
           atom("timestamp", o, obj.timestamp if obj.timestamp is not None else position),
           _init("zone", o, obj.zone)]
    if obj.zone in ("battlefield", "stack") or obj.controller != obj.owner:
        out.append(_init("controller", o, obj.controller))
    flags = {"token": obj.token}
    out += [atom(name, o) for name, on in flags.items() if on]
    for name, on in (("tapped", obj.tapped), ("entered_this_turn", obj.entered_this_turn),
                     ("marked", obj.marked), ("solved", obj.solved)):
        if on:
            out.append(_init(name, o))
    if obj.face == "back":
        out.append(_init("face", o, "back"))
    elif obj.face == "flipped":
        out.append(_init("flipped", o))
    elif obj.face == "down":
        out.append(_init("face_down", o))
    out += [_init("unlocked", o, Function(half)) for half in obj.unlocked]     # 709.5c
    if obj.damage:
        out.append(_init("damage", o, obj.damage))
    for kind, n in _counters(obj).items():
        if n:
            out.append(_init("counters", o, String(kind), n))
    for name in ("attacking", "attached_to", "protector", "occupying", "chosen"):
        value = getattr(obj, name)
        if value is not None:
            out.append(_init(name, o, value))
    out += [_init("blocking", o, b) for b in obj.blocking]
    return out


def _counters(obj) -> dict[str, int]:
    """306.5b/310.4b: a planeswalker or battle described on the battlefield without such
    counters is taken to have entered with its printed loyalty or defense."""
    counters = dict(obj.counters)
    card = obj.card.back if obj.face == "back" and obj.card.back else obj.card.flip \
        if obj.face == "flipped" and obj.card.flip else obj.card
    if obj.zone == "battlefield" and obj.face != "down":
        if "planeswalker" in card.types and "loyalty" not in counters and card.loyalty is not None:
            counters["loyalty"] = card.loyalty
        if "battle" in card.types and "defense" not in counters and card.defense is not None:
            counters["defense"] = card.defense
    return counters


def _tokens(scen: Scenario) -> list[Symbol]:
    out = []
    creators, spell_copies, by_effect = {}, set(), set()
    for action in scen.actions:
        if action.verb == "create_token":
            creators[action.args["id"]] = action.args["controller"]
        elif action.verb == "resolve" and action.args:
            creators.update({t: action.args["creator"]
                             for t in action.args["creates"] + action.args.get("copies", [])})
            by_effect.update(action.args["creates"])   # 111.2: the effect says who creates them
            spell_copies.update(action.args.get("copies", []))   # 702.40a storm's copies (707.10)
        elif action.verb == "copy":
            creators[action.args["id"]] = action.args["player"]
            orig = scen.object(action.args["object"])
            if orig is not None and orig.zone == "stack":
                spell_copies.add(action.args["id"])  # 707.10: a copy of a spell, not a token
            out.append(atom("copy_of", action.args["id"], action.args["object"]))
            out += [atom("copy_except", action.args["id"], k, val) for k, val in action.args["sets"]]
            out += [atom("copy_adds", action.args["id"], k, val) for k, val in action.args["adds"]]
    for tid, card in scen.tokens.items():
        if tid not in spell_copies:
            out.append(atom("token", tid))
        # a token a resolving effect creates is owned by the player the effect has create it
        # (111.2, 111-tokens.lp: from the create_token or copy event); `creator` owns the
        # spell copies named in `copies`
        owned = "token_creator" if tid in by_effect else "owner"
        out += [atom("object", tid), atom(owned, tid, creators[tid]),
                atom("timestamp", tid, 1000 + len(out))]
        if card is not None:
            out.append(atom("object_card", tid, card_key(card)))
    return out


def _stack(scen: Scenario) -> list[Symbol]:
    """Objects described on the stack, listed bottom first (405.2: the last one added is on top)."""
    on_stack = [o for o in scen.objects if o.zone == "stack"]
    return [f for i, o in enumerate(on_stack)
            for f in (_init("on_stack", o.id),
                      atom("stack_key", -1, o.id, Function("", [Number(i + 1), Number(0)])))]
