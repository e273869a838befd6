"""From a parse tree of one Oracle line (grammar.lark) to pieces of the card ability form
(docs/abilities.md, /work card-form-v2: create_token, {all: FILTER}, player refs, amounts).

Targets stay `Target` objects and "it" stays `IT` until the whole ability is known
(`number_targets`): a spell's lines share one ability, so its targets are numbered across them.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from lark import Token, Transformer

COLOR_WORDS = ("white", "blue", "black", "red", "green")
CARD_TYPES = ("creature", "artifact", "enchantment", "land", "planeswalker", "battle")
NUMBER_WORDS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
                "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13,
                "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18,
                "nineteen": 19, "twenty": 20}
# "target <words>" -> the form's target kinds (115; docs/abilities.md "Targets")
TARGET_KINDS = {
    "creature": "creature", "player": "player", "opponent": "opponent", "permanent": "permanent",
    "nonland permanent": "nonland_permanent", "spell": "spell", "land": "land",
    "artifact": "artifact", "enchantment": "enchantment", "planeswalker": "planeswalker",
    "creature or planeswalker": "creature_or_planeswalker",
    "player or planeswalker": "player_or_planeswalker",
    "permanent an opponent controls": "opponent_permanent",
}
PLAYER_KINDS = ("player", "opponent")
CONTROLLERS = {("you", "control"): "you", ("your", "opponents", "control"): "opponent",
               ("an", "opponent", "controls"): "opponent", ("you", "don't", "control"): "opponent"}


class Unsupported(Exception):
    """The line parses, but what it says has no form in the card ability language."""


@dataclass(eq=False)
class Target:
    """One "target ..." phrase; numbered when the ability is complete."""
    kind: str


class _Marker:
    """A reference word kept as one object (copies of a parsed line share it)."""

    def __deepcopy__(self, memo: dict) -> "_Marker":
        return self


class _It(_Marker):
    """ "it" / "its": the last target named before, else the source itself."""


class _ItsController(_Marker):
    """ "its controller": the controller of the first target (card-form-v2 target_controller)."""


class _They(_Marker):
    """ "it/they can't be regenerated": what the destroy just before it named (701.19c)."""


IT = _It()
THEY = _They()
ITS_CONTROLLER = _ItsController()


# -- small readers ------------------------------------------------------------------------
def _amount_value(tok: Token | None) -> int | str:
    if tok is None:
        return "x"
    word = str(tok)
    return int(word) if word.isdigit() else NUMBER_WORDS[word]


def _pt(tok: Token) -> tuple[int, int]:
    p, t = str(tok).split("/")
    return int(p), int(t)


def _mana(tok: Token) -> str:
    return str(tok).upper()


def _keyword_cost(name: str, tok: Token) -> str:
    """The mana cost of a cost keyword (flashback, cycling): the card form's cost string."""
    cost = _mana(tok)
    if "{X}" in cost:
        raise Unsupported(f"{name} with an X cost has no keyword form")
    return cost


def _keyword_costs(name: str, parts: list) -> Any:
    """A cost keyword's cost written after a dash: mana (no X) and "Pay N life", as the card
    form's list (the plain cost string when it is mana only)."""
    out: list = []
    for part in parts:
        if isinstance(part, dict):
            if not isinstance(part["pay_life"], int):
                raise Unsupported(f"{name} with a life cost of X has no keyword form")
            out.append(part)
        elif "{X}" in part:
            raise Unsupported(f"{name} with an X cost has no keyword form")
        else:
            out.append(part)
    return out[0] if len(out) == 1 and isinstance(out[0], str) else out


def _keyword_name(word: str) -> str:
    return str(word).replace(" ", "_")


IRREGULAR_PLURALS = {"elves": "elf", "dwarves": "dwarf", "wolves": "wolf", "werewolves": "werewolf",
                     "zombies": "zombie", "faeries": "faerie", "merfolk": "merfolk", "mice": "mouse",
                     "octopi": "octopus", "sphinxes": "sphinx", "fishes": "fish"}
# words that can end a filter phrase but name no subtype
NOT_SUBTYPES = ("card", "spell", "token", "ability", "source", "player", "opponent", "counter", "life",
                "damage", "mana", "turn", "you", "it", "them", "object", "one", "other")


# words that make a filter conditional ("with flying", "with power 2 or less", "named ...")
CONDITION_WORDS = ("with", "without", "named", "that", "of", "or", "in", "on", "from", "power",
                   "toughness", "less", "more", "greater", "than", "can't", "who", "which", "each",
                   "all", "any", "target", "your", "their", "control", "controls")


def _singular(word: str) -> str:
    if word in IRREGULAR_PLURALS:
        return IRREGULAR_PLURALS[word]
    if word.endswith("ies"):
        return word[:-3] + "y"
    if word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    return word


def parse_filter(words: list[str]) -> dict[str, Any]:
    """"other white creatures you control" -> {types: [creature], colors: [white], controller:
    you, other: true} (the static filter map, docs/abilities-static.md)."""
    words = list(words)
    out: dict[str, Any] = {}
    if words and words[0] in ("other", "another"):
        out["other"] = True
        words = words[1:]
    for phrase, who in CONTROLLERS.items():
        if tuple(words[-len(phrase):]) == phrase:
            out["controller"] = who
            words = words[:-len(phrase)]
            break
    if not words:
        raise Unsupported("a filter without a noun")
    condition = [w for w in words if w in CONDITION_WORDS or _singular(w) in CARD_TYPES + ("permanent",)]
    if condition and condition != [words[-1]] and not (len(condition) == 2 and condition[-1] == words[-1]
                                                       and condition[0] in CARD_TYPES):
        raise Unsupported(f"the filter {' '.join(words)!r} has a condition with no filter form")
    noun = _singular(words[-1])
    if noun in NOT_SUBTYPES:
        raise Unsupported(f"objects called {words[-1]!r} have no filter form")
    if noun not in CARD_TYPES + ("permanent",):     # "another Elf", "Goblins you control"
        out["subtypes"] = [noun]
        noun = "permanent"
    types: list[str] = []
    for word in words[:-1]:
        _filter_adjective(word, out, types)
    types += [] if noun == "permanent" else [noun]
    if types:
        out["types"] = types
    return out


def _filter_adjective(word: str, out: dict[str, Any], types: list[str]) -> None:
    base = word[3:].lstrip("-") if word.startswith("non") else None
    if word in COLOR_WORDS:
        out.setdefault("colors", []).append(word)
    elif base in COLOR_WORDS:
        out.setdefault("not_colors", []).append(base)
    elif word in CARD_TYPES:
        types.append(word)
    elif base in CARD_TYPES:
        out.setdefault("not_types", []).append(base)
    elif word in ("tapped", "untapped", "attacking", "blocking", "legendary", "token", "nontoken",
                  "basic", "snow", "colorless", "multicolored", "monocolored"):
        raise Unsupported(f"the filter word {word!r} has no filter form")
    else:
        out.setdefault("subtypes", []).append(word)


def target_kind(words: list[str]) -> str | dict[str, Any]:
    """"target <words>": a target kind word, else a restricted target map (docs/abilities.md
    "Restricted targets": "target nonblack creature" -> {kind: creature, not_colors: [black]})."""
    phrase = " ".join(words)
    if phrase in TARGET_KINDS:
        return TARGET_KINDS[phrase]
    return restricted_target(words)


RESTRICTED_NOUNS = ("creature", "permanent", "spell", "artifact", "enchantment", "land", "planeswalker")
SPELL_TYPES = CARD_TYPES + ("instant", "sorcery")


def restricted_target(words: list[str]) -> dict[str, Any]:
    """"artifact or enchantment", "nonblack creature", "creature an opponent controls",
    "tapped creature", "attacking creature", "creature spell", "instant or sorcery spell"."""
    out: dict[str, Any] = {}
    words = list(words)
    for phrase, who in CONTROLLERS.items():
        if tuple(words[-len(phrase):]) == phrase:
            out["controller"] = who
            words = words[:-len(phrase)]
            break
    if not words or words[-1] not in RESTRICTED_NOUNS:
        raise Unsupported(f"'target {' '.join(words)}' has no target kind in the card form")
    kind, rest = words[-1], words[:-1]
    if kind != "spell" and len(rest) >= 2 and rest[-1] == "or":     # "artifact or enchantment"
        out["types_any"], rest, kind = [rest[-2], kind], rest[:-2], "permanent"
    elif kind == "spell" and len(rest) >= 3 and rest[-2] == "or":   # "instant or sorcery spell"
        out["types_any"], rest = [rest[-3], rest[-1]], rest[:-3]
    if any(t not in SPELL_TYPES for t in out.get("types_any", [])):
        raise Unsupported(f"'{' or '.join(out['types_any'])}' names no card types")
    for word in rest:
        _target_adjective(word, out, kind)
    if not out:
        raise Unsupported(f"'target {' '.join(words)}' has no target kind in the card form")
    return {"kind": kind, **out} if kind != "permanent" else out


def _target_adjective(word: str, out: dict[str, Any], kind: str) -> None:
    """One word before the noun: a colour, a type, non-colour, non-type, tapped, attacking."""
    base = word[3:].lstrip("-") if word.startswith("non") else None
    if word in ("tapped", "untapped"):
        out["tapped"] = word == "tapped"
    elif word == "attacking" and kind == "creature":
        out["attacking"] = True
    elif word in COLOR_WORDS:
        out.setdefault("colors", []).append(word)
    elif base in COLOR_WORDS:
        out.setdefault("not_colors", []).append(base)
    elif word in SPELL_TYPES and word != kind:
        out.setdefault("types", []).append(word)
    elif base in SPELL_TYPES:
        out.setdefault("not_types", []).append(base)
    else:
        raise Unsupported(f"the target word {word!r} has no target form")


# -- the transformer ------------------------------------------------------------------------
def _words(items: list) -> list[str]:
    return [str(t) for t in items if isinstance(t, Token)]


class OracleTransformer(Transformer):
    """Bottom-up: each rule of grammar.lark becomes a Python value; entry points return
    (kind, payload) pieces that compile.py assembles into a card."""

    # -- entry points
    def permanent(self, items):
        return items[0]

    def spell(self, items):
        return items[0]

    # -- keywords
    def kw_simple(self, items):
        return _keyword_name(items[0])

    def kw_ward(self, items):
        cost = str(items[0])
        if not cost.strip("{}").isdigit():
            raise Unsupported(f"ward with a coloured cost {cost.upper()} has no keyword form")
        return {"ward": int(cost.strip("{}"))}

    def kw_protection(self, items):
        return [{"protection": _singular(str(q)) if str(q) not in COLOR_WORDS + ("everything",)
                 else str(q)} for q in items]

    def kw_enchant(self, items):
        return {"enchant": str(items[0])}

    def kw_equip(self, items):
        # 702.6a: a generic cost is a number ({equip: 2}), any other mana cost a string
        # ({equip: "{1}{W}"}); the card validator takes both (bridge/cards.py _equip_cost)
        cost = str(items[0]).upper()
        if "{X}" in cost:
            raise Unsupported(f"equip with an X cost {cost} has no keyword form")
        if cost.strip("{}").isdigit():
            if int(cost.strip("{}")) > 99:
                raise Unsupported(f"equip cost {cost} is out of the card format's range")
            return {"equip": int(cost.strip("{}"))}
        return {"equip": cost}

    def kw_equip_quality(self, items):
        # 702.6c "Equip [quality] {cost}" / "Equip [quality] creature {cost}"
        words = [str(w) for w in items[:-1]]
        if words and words[-1] == "creature":
            words = words[:-1]
        if not words or "planeswalker" in words:
            raise Unsupported("equip " + " ".join(str(w) for w in items[:-1]) + " has no keyword form")
        cost = self.kw_equip([items[-1]])["equip"]
        out: dict = {"cost": cost if isinstance(cost, str) else "{%d}" % cost}
        for w in words:
            key = ("supertypes" if w in ("legendary", "snow") else "colors" if w in COLOR_WORDS
                   else "subtypes")
            out.setdefault(key, []).append(w.replace("'", ""))
        return {"equip": out}

    def kw_amount(self, items):
        # "Annihilator 2" -> {annihilator: 2}; the card validator takes 1 to 99 (bridge/cards.py)
        n = int(str(items[1]))
        if not 1 <= n <= 99:
            raise Unsupported(f"{items[0]} {n} is out of the card format's range")
        return {str(items[0]): n}

    def kw_flashback(self, items):
        return {"flashback": _keyword_cost("flashback", items[0])}

    def kw_cycling(self, items):
        return {"cycling": _keyword_cost("cycling", items[0])}

    def kw_flashback_costs(self, items):
        return {"flashback": _keyword_costs("flashback", items)}

    def kw_cycling_costs(self, items):
        return {"cycling": _keyword_costs("cycling", items)}

    def keyword_line(self, items):
        out = []
        for kw in items:
            out += kw if isinstance(kw, list) else [kw]
        return ("keywords", out)

    def kicker(self, items):
        return ("kicker", _mana(items[0]))

    def additional_cost(self, items):
        return ("additional_cost", [{"sacrifice": str(items[-1])}])

    # -- amounts and references
    def amount(self, items):
        return _amount_value(items[0] if items else None)

    def power_of_it(self, _):
        return {"power_of": IT}

    def toughness_of_it(self, _):
        return {"toughness_of": IT}

    def power_of_self(self, _):
        return {"power_of": "self"}

    def toughness_of_self(self, _):
        return {"toughness_of": "self"}

    def mana_value_of_it(self, _):
        return {"mana_value_of": IT}

    def become_copy(self, items):
        return [{"become_copy": {"object": "self", "of": items[-1]}}]

    def count_of(self, items):
        return {"count": items[0]}

    def filter_word_list(self, items):
        return parse_filter(_words(items))

    def filter(self, items):
        return items[0]

    def one_filter(self, items):
        article, found = items
        return {**found, "other": True} if str(article) == "another" else found

    def all_filter(self, items):
        return {"all": items[0]}

    def each_filter(self, items):
        return {"all": items[0]}

    def any_target(self, _):
        return Target("any")

    def target(self, items):
        return Target(target_kind(_words(items)))

    def target_with_keyword(self, items):
        words = [str(t) for t in items if isinstance(t, Token) and t.type in ("TARGET_WORD", "NON_WORD")]
        kind = target_kind(words)
        if isinstance(kind, str):
            if kind not in RESTRICTED_NOUNS:
                raise Unsupported(f"'target {' '.join(words)} with ...' has no target form")
            kind = {"kind": kind}
        keyword = _keyword_name(str(items[-1]))
        return Target({**kind, "keywords": kind.get("keywords", []) + [keyword]})

    def self_ref(self, _):
        return "self"

    def it_ref(self, _):
        return IT

    def you_ref(self, _):
        return "you"

    def each_opponent(self, _):
        return "each_opponent"

    def each_player(self, _):
        return "each_player"

    def its_controller(self, _):
        return ITS_CONTROLLER

    # -- effects
    def damage(self, items):
        subject, amount, *recipients = items
        if isinstance(amount, dict) and any(v is IT for v in amount.values()):
            amount = {k: "self" for k in amount}   # "~ deals damage equal to its power": the source's
        return [{"deal_damage": {"target": r, "amount": amount}} for r in recipients]

    def object_effect(self, items):
        verb, ref = str(items[0]), items[1]
        if verb == "sacrifice" and ref != "self":
            raise Unsupported("sacrificing other permanents has no effect form")
        return [{verb: ref}]

    def attach(self, items):   # 701.3a: only the source itself is attached
        ref, to = items
        if ref not in ("self", IT):
            raise Unsupported("attaching another object has no effect form")
        return [{"attach": {"object": ref, "to": to}}]

    def bounce(self, items):
        return [{"return_to_hand": items[0]}]

    def pump(self, items):
        ref, _get, pt, *rest = items
        body: dict[str, Any] = {"object": ref}
        p, t = _pt(pt)
        if p:
            body["power"] = p
        if t:
            body["toughness"] = t
        if rest:
            body["keywords"] = rest[-1]
        body["until"] = "end_of_turn"
        return [{"modify": body}]

    def grant(self, items):
        return [{"modify": {"object": items[0], "keywords": items[-1], "until": "end_of_turn"}}]

    def keyword_words(self, items):
        return [_keyword_name(w) for w in items]

    def draw(self, items):
        return ("draw", {"amount": items[-2]})

    def gain_life(self, items):
        return ("gain_life", {"amount": items[-1]})

    def lose_life(self, items):
        return ("lose_life", {"amount": items[-1]})

    def discard(self, items):
        return ("discard", {"amount": items[-2]})

    def discard_random(self, items):   # 701.9b
        return ("discard", {"amount": items[-2], "random": True})

    def mill(self, _items):
        raise Unsupported("mill has no effect form yet (card-form v2 leaves it optional)")

    def player_clause(self, items):
        who, *verbs = items
        if isinstance(who, Target) and who.kind not in PLAYER_KINDS:
            raise Unsupported(f"a target {who.kind} cannot draw, gain or lose life")
        return [{verb: {"player": who, **body}} for verb, body in verbs]

    def you_clause(self, items):
        return [{verb: {"player": "you", **body}} for verb, body in items if isinstance(body, dict)]

    def counter_spell(self, items):
        kind = items[0].kind
        if kind != "spell" and not (isinstance(kind, dict) and kind.get("kind") == "spell"):
            raise Unsupported("countering only some spells has no target kind")
        return [{"counter": items[0]}]

    def put_counters(self, items):
        amount, kind, _counters, ref = items
        return [{"put_counters": {"object": ref, "kind": str(kind), "amount": amount}}]

    def token_colors(self, items):
        colors = [str(c) for c in items]
        return [] if colors == ["colorless"] else colors

    def create(self, items):
        player = "you"
        if not isinstance(items[0], int | str) or items[0] in ("each_player", "each_opponent"):
            player, items = items[0], items[1:]
            if isinstance(player, Target) and player.kind not in PLAYER_KINDS:
                raise Unsupported(f"a target {player.kind} cannot create tokens")
        amount, pt, colors, *rest = items
        words = [str(w) for w in rest if isinstance(w, Token) and w.type == "TOKEN_WORD"]
        keywords = rest[-1] if isinstance(rest[-1], list) else []
        types = [w for w in words if w in CARD_TYPES] + ["creature"]
        subtypes = [w for w in words if w not in CARD_TYPES]
        power, toughness = (int(v) for v in str(pt).split("/"))
        body = {"amount": amount, "name": " ".join(s.capitalize() for s in subtypes) or "Token",
                "power": power, "toughness": toughness, "colors": colors, "types": types,
                "subtypes": subtypes, "player": player}
        if keywords:
            body["keywords"] = keywords
        return [{"create_token": body}]

    def prevent_next(self, items):
        return [{"prevent_damage": {"target": items[1], "amount": items[0]}}]

    def prevent_all(self, items):
        return [{"prevent_damage": {"target": items[0], "amount": "all"}}]

    def prevent_combat(self, _):
        return ["prevent_combat_damage"]

    def add_mana(self, items):
        symbols = [[s.upper() for s in str(tok).strip("{}").split("}{")] for tok in items]
        for group in symbols:
            bad = [s for s in group if s not in "WUBRGC" or len(s) != 1]
            if bad:
                raise Unsupported(f"adding {{{bad[0]}}} has no add_mana form")
        if len(symbols) == 1:
            return [{"add_mana": s} for s in symbols[0]]
        if any(len(g) != 1 for g in symbols):
            raise Unsupported("a choice between several mana symbols each has no add_mana form")
        return [{"add_mana": [g[0] for g in symbols]}]

    def add_any_color(self, _):
        return [{"add_mana": ["W", "U", "B", "R", "G"]}]

    # -- sentences and bodies
    def clauses(self, items):
        return [e for part in items if isinstance(part, list) for e in part]

    def cant_regenerate(self, _):
        return [{"cant_be_regenerated": THEY}]

    def if_kicked(self, items):
        return ("if_kicked", items[-1])

    def body(self, items):
        effects, if_kicked = [], []
        for sentence in items:
            if isinstance(sentence, tuple):
                if_kicked += _after_destroy(if_kicked, sentence[1])
            else:
                effects += _after_destroy(effects, sentence)
        return {"effects": effects, "if_kicked": if_kicked}

    def may_body(self, items):
        return {**items[0], "may": True}

    def mode(self, items):
        return items[0]

    def modal(self, items):
        count = NUMBER_WORDS[str(items[0])]
        return {"choose": count, "modes": items[1:]}

    # -- triggers
    def trigger_condition(self, items):
        return items[-1]

    def ev_enters(self, _):
        return "enters"

    def ev_dies(self, _):
        return "dies"

    def ev_attacks(self, _):
        return "attacks"

    def ev_leaves(self, _):
        return "leaves"

    def ev_cycled(self, _):
        return "cycled"

    def ev_dealt_damage(self, _):
        return "dealt_damage"

    def ev_combat_damage_player(self, _):
        return {"deals_combat_damage": "player"}

    def ev_combat_damage(self, _):
        return "deals_combat_damage"

    def ev_other_dies(self, items):
        return {"dies": items[0]}

    def ev_other_enters(self, items):
        return {"enters": _under_your_control(items[0], items[-1])}

    def ev_self_or_other_dies(self, items):
        return {"dies": _self_or_another(items[1])}

    def ev_self_or_other_enters(self, items):
        return {"enters": _under_your_control(_self_or_another(items[1]), items[-1])}

    def spell_types(self, items):
        return [str(t) for t in items]

    def ev_you_cast(self, items):
        return {"you_cast": items[0]}

    def step_your_upkeep(self, _):
        return {"beginning_of": "upkeep"}

    def step_each_upkeep(self, _):
        return {"beginning_of": "upkeep", "player": "each"}

    def step_your_draw(self, _):
        return {"beginning_of": "draw"}

    def step_your_end(self, _):
        return {"beginning_of": "end"}

    def step_each_end(self, _):
        return {"beginning_of": "end", "player": "each"}

    def step_your_combat(self, _):
        return {"beginning_of": "beginning_of_combat"}

    def triggered(self, items):
        when, body = items
        return ("triggered", {"when": when, **body})

    def cycle_trigger(self, items):   # "When you cycle ~, ..." on an instant or sorcery (702.29c)
        return ("triggered", {"when": "cycled", **items[-1]})

    # -- activated
    def cost_mana(self, items):
        return _mana(items[0])

    def cost_tap(self, _):
        return "{T}"

    def cost_sacrifice(self, _):
        return "sacrifice"

    def cost_life(self, items):
        return {"pay_life": items[0]}

    def activated(self, items):
        *costs, body = items
        mana = "".join(c for c in costs if isinstance(c, str) and c.startswith("{") and c != "{T}")
        rest = [c for c in costs if not (isinstance(c, str) and c.startswith("{") and c != "{T}")]
        return ("activated", {"cost": ([mana] if mana else []) + rest, **body})

    def loyalty_ability(self, items):
        return ("activated", {"cost": {"loyalty": int(str(items[0]))}, **items[1]})

    # -- statics
    def anthem(self, items):
        body = {"affects": items[0]}
        body.update(_pt_fields(items[2]))
        if len(items) > 3:
            body["keywords"] = items[-1]
        return ("static", body)

    def anthem_keywords(self, items):
        return ("static", {"affects": items[0], "keywords": items[-1]})

    def attached_static(self, items):
        body: dict[str, Any] = {"affects": "attached"}
        body.update(_pt_fields(items[1]))
        if len(items) > 2:
            body["keywords"] = items[-1]
        return ("static", body)

    def attached_keywords(self, items):
        return ("static", {"affects": "attached", "keywords": items[-1]})

    def must_attack(self, _):
        return ("static", {"combat_requirement": "attacks_each_combat"})

    def combat_restriction(self, items):
        action = str(items[-1]).replace(" ", "_")
        return ("static", {**items[0], "combat_restriction": f"cant_{action}"})

    def lure(self, items):
        return ("static", {**items[0], "combat_requirement": "all_able_block"})

    # -- replacement effects (614, 615)
    def repl_enters_tapped(self, _):
        return ("replacement", {"enters_tapped": True})

    def repl_filter_enters_tapped(self, items):
        found = items[0]
        if set(found) - {"types", "controller"}:
            raise Unsupported("an enters-tapped filter other than types and controller")
        return ("replacement", {"enters_tapped": True, "affects": found})

    def repl_tapped_unless_life(self, items):
        return ("replacement", {"enters_tapped": {"unless": {"pay_life": items[-1]}}})

    def repl_enters_with(self, items):
        amount, kind = items[1], str(items[2])
        return ("replacement", {"enters_with": {kind: amount}})

    def repl_enter_as_copy(self, items):   # 614.1c: Clone
        found = [i for i in items if isinstance(i, dict)][0]
        if set(found) - {"types", "controller"} or found.get("controller", "any") == "opponent":
            raise Unsupported("an enter-as-a-copy choice other than of types and \"you control\"")
        return ("replacement", {"enters_as_copy": found})

    def repl_filter_enter_as_copy(self, items):   # 614.1c: Essence of the Wild
        found = [i for i in items if isinstance(i, dict)][0]
        if set(found) - {"types", "controller"}:
            raise Unsupported("an enter-as-a-copy filter other than types and controller")
        return ("replacement", {"enters_as_copy": "self", "affects": found})

    def repl_die_exile(self, _):
        return ("replacement", {"would": "die", "instead": "exile"})

    def repl_double_damage(self, _):
        return ("replacement", {"damage": {"from": "any", "to": "any"}, "double": True})

    def repl_prevent_to_self(self, items):
        combat = any(isinstance(t, Token) and t.type == "COMBAT" for t in items)
        return ("replacement", {"damage": {"to": "self", **({"combat": True} if combat else {})}, "prevent": "all"})

    def repl_skip(self, items):
        return ("replacement", {"skip": str(items[0])})

    def blocked_self(self, _):
        return {}

    def blocked_attached(self, _):
        return {"affects": "attached"}


def _after_destroy(before: list, sentence: list) -> list:
    """701.19c: "it/they can't be regenerated" names what the destroy just before it named."""
    out = []
    for effect in sentence:
        if isinstance(effect, dict) and effect.get("cant_be_regenerated") is THEY:
            earlier = (before + out)[-1:] or [{}]
            if not isinstance(earlier[0], dict) or "destroy" not in earlier[0]:
                raise Unsupported("'can't be regenerated' not right after a destroy")
            effect = {"cant_be_regenerated": earlier[0]["destroy"]}
        out.append(effect)
    return out


def _self_or_another(found: dict[str, Any]) -> dict[str, Any]:
    """"~ or another creature": any creature, this one included (the filter without `other`)."""
    if not found.get("other"):
        raise Unsupported("'~ or a creature' has no trigger form ('~ or another creature' has)")
    return {k: v for k, v in found.items() if k != "other"}


def _under_your_control(found: dict[str, Any], enters: Token) -> dict[str, Any]:
    """"enters the battlefield under your control": it enters controlled by you (603.6a)."""
    return {**found, "controller": "you"} if str(enters).endswith("under your control") else found


def _pt_fields(tok: Token) -> dict[str, int]:
    p, t = _pt(tok)
    return {k: v for k, v in (("power", p), ("toughness", t)) if v}


# -- numbering the targets of one ability -----------------------------------------------------
def number_targets(effect_lists: list[list]) -> tuple[list[str], list[list]]:
    """Give each Target its place (115.1: in the order the text names them) and replace the
    objects by refs: `target` when there is one, else target1, target2, ...; "it" is the last
    target named before, else the source (`self`); "its controller" needs a target."""
    order: list[Target] = []
    seen: list[list] = []
    for effects in effect_lists:
        seen.append([_collect(e, order) for e in effects])
    names = {id(t): ("target" if len(order) == 1 else f"target{i + 1}") for i, t in enumerate(order)}
    return [t.kind for t in order], [[_rename(e, names) for e in effects] for effects in seen]


def _collect(value: Any, order: list[Target]) -> Any:
    """Walk one effect in text order; "it" becomes the last object target named so far."""
    if isinstance(value, Target):
        if value not in order:
            order.append(value)
        return value
    if value is IT:
        objects = [t for t in order if t.kind not in PLAYER_KINDS]
        return objects[-1] if objects else "self"
    if value is ITS_CONTROLLER:
        if not order:
            raise Unsupported("'its controller' without a target")
        return "target_controller"
    if isinstance(value, dict):
        return {k: _collect(v, order) for k, v in value.items()}
    if isinstance(value, list):
        return [_collect(v, order) for v in value]
    return value


def _rename(value: Any, names: dict[int, str]) -> Any:
    if isinstance(value, Target):
        return names[id(value)]
    if isinstance(value, dict):
        return {k: _rename(v, names) for k, v in value.items()}
    if isinstance(value, list):
        return [_rename(v, names) for v in value]
    return value
