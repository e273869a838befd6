"""Keywords in the card format (docs/keywords.md): a word, or a map with the keyword's
parameters, checked and turned into Keyword records; Equip's cost and quality (702.6)."""
from __future__ import annotations

from typing import Any

from ...core.source.checks import Checker
from ...core.source.yamlsrc import clip
from .scenario import Card, Keyword
from .vocab import KEYWORD_NAME, MANA_SYMBOL, WORD

__all__ = ["AMOUNT_KEYWORDS", "BARE_KEYWORDS", "COST_AMOUNT_KEYWORDS", "COST_KEYWORDS",
           "EQUIP_QUALITIES", "check_backup", "equip_abilities", "parse_keyword"]

# Keywords whose parameter is a cost (docs/keywords.md): `{flashback: "{2}{R}"}`, `{cycling: 2}`
# (a number N is the generic cost {N}), or a list with life: `{flashback: ["{1}{U}", {pay_life: 3}]}`.
COST_KEYWORDS = ("flashback", "cycling", "unearth", "disturb", "echo", "madness", "suspend",
                 "foretell", "plot", "morph", "megamorph", "disguise", "evoke", "buyback", "warp",
                 "ninjutsu", "dash", "blitz", "escape", "outlast",
                 "kicker",    # session 14: 702.33a kicker on a permanent card (a spell's is spell: {kicker})
                 "typecycling",   # session 16: 702.29e, with the kind of card it finds (`for`)
                 "offspring",     # 702.175a
                 "entwine",       # 702.42a (a modal spell: `using: entwine`)
                 "squad")         # session 17 (kw702): 702.157a (`cast: {squad: N}`)
# The cost keywords whose rules read a life payment in the cost (`{pay_life: N}`); the others take
# mana only (their files read keyword_cost/5 alone, so a life part would be silently ignored).
LIFE_COST_KEYWORDS = ("flashback", "cycling")
# Cost keywords that also take a number N beside the cost: "Suspend 4—{1}{R}" is
# `{suspend: "{1}{R}", amount: 4}` (702.62a: N time counters); "Escape—{R}{R}, Exile three other
# cards from your graveyard." is `{escape: "{R}{R}", amount: 3}` (702.138a).
COST_AMOUNT_KEYWORDS = ("suspend", "escape")
# Triggered keywords with a number N (docs/keywords.md): `{annihilator: 2}`, `{bushido: 1}`.
# toxic (702.164) is static, not triggered, but is written the same way: `{toxic: 1}`
# crew and saddle (702.122, 702.171: activated abilities named `crew`/`saddle` in `activate`)
# likewise: `{crew: 3}`; vanishing and fading (702.63, 702.32) `{vanishing: 3}`
AMOUNT_KEYWORDS = ("annihilator", "afflict", "bushido", "rampage", "renown", "afterlife", "toxic",
                   "vanishing", "fading",
                   "crew", "saddle", "cumulative_upkeep",   # cumulative upkeep {N} (702.24a), a generic cost
                   # session 14: 702.43 modular N, 702.123 fabricate N, 702.54 bloodthirst N,
                   # 702.46 soulshift N
                   "modular", "fabricate", "bloodthirst", "soulshift",
                   # session 15 (kw31): 702.82 devour N, 702.181 mobilize N
                   "devour", "mobilize", "graft",   # and 702.58 graft N
                   "backup",                        # 702.165 (check_backup)
                   "tribute",                       # session 16: 702.104
                   "casualty",                      # 702.153
                   "amplify", "hideaway", "dredge") # session 17 (kw702): 702.38, 702.75, 702.52
# Ward's cost (702.21a) is written as its generic mana N: `{ward: 2}` is "Ward {2}"; a cost in life
# `{ward: {pay_life: 3}}`, a discard `{ward: discard}` (session 15). A ward with no cost, or any
# other word for one, would let the targeting spell through for nothing: refused.
NUMBERED_COST_KEYWORDS = ("ward",)
# Triggered keywords that take no parameter: `persist`, never `{persist: 1}`.
BARE_KEYWORDS = ("persist", "undying", "exalted", "battle_cry", "dethrone", "melee", "flanking",
                 "training", "evolve", "riot", "split_second", "mentor", "cascade",
                 "changeling", "devoid",   # characteristic-defining (702.73, 702.114), guarded the same way
                 "start_your_engines",     # static (702.179a), guarded the same way
                 "station",                # activated by name (702.184a)
                 "extort", "living_weapon",
                 "ascend",                 # 702.131: static (or a spell ability), guarded the same way
                 "delve",                  # 702.66: a way to pay, guarded the same way
                 # session 14 (docs/keywords.md): 702.88 rebound, 702.110 exploit, 702.126
                 # improvise, 702.40 storm, 702.145 daybound and nightbound
                 "rebound", "exploit", "improvise", "storm", "daybound", "nightbound",
                 "unleash",   # 702.98
                 "enlist",    # session 15 (kw31): 702.154
                 "umbra_armor",   # 702.89 (on an Aura; "totem armor" read as it, 702.89b)
                 "ravenous",      # 702.156
                 "sunburst",      # 702.44
                 "living_metal",  # 702.161
                 "jump_start",    # 702.133
                 "for_mirrodin",  # session 16 (kw31): 702.163
                 "retrace",       # 702.81
                 "ingest",        # 702.115
                 "read_ahead",    # 702.155 (on a Saga)
                 "job_select",    # 702.182
                 "bargain",       # 702.166
                 "soulbond",      # 702.95
                 "demonstrate",   # session 17 (kw702): 702.144
                 "provoke",       # 702.39
                 "myriad",        # 702.116
                 "conspire")      # 702.78 (`using: conspire`)


def parse_keyword(chk: Checker, path: tuple, raw: Any) -> Keyword:
    if isinstance(raw, str):
        if not KEYWORD_NAME.fullmatch(raw):
            raise chk.src.error(path, f"bad keyword {clip(raw)}: lowercase words with underscores")
        if raw in COST_KEYWORDS:
            raise chk.src.error(path, f"{raw} needs its cost: {{{raw}: \"{{1}}{{U}}\"}}")
        if raw in AMOUNT_KEYWORDS:
            raise chk.src.error(path, f"{raw} needs its number N: {{{raw}: 2}}")
        if raw in NUMBERED_COST_KEYWORDS:
            raise chk.src.error(path, f"{raw} needs its cost, a generic mana amount N: {{{raw}: 2}}")
        return Keyword(raw)
    data = chk.mapping(path, raw, None)
    names = [k for k in data if k not in ("amount", "controller", "for")]
    if len(names) != 1 or not KEYWORD_NAME.fullmatch(names[0]):
        raise chk.src.error(path, "a keyword with parameters is a map with one keyword name "
                                  "(and optionally amount), e.g. {protection: red}")
    name = names[0]
    if "controller" in data:     # 702.5a "Enchant creature you control": {enchant: creature, controller: you}
        if name != "enchant":
            raise chk.src.error(path + ("controller",), "controller goes only with enchant")
        chk.choice(path + ("controller",), data["controller"], ("you",))
    if "for" in data and name != "typecycling":
        raise chk.src.error(path + ("for",), "for goes only with typecycling")
    if name == "typecycling":
        return _typecycling(chk, path, data)
    if name in COST_KEYWORDS:
        return _cost_keyword(chk, path, name, data)
    if name == "ward" and not isinstance(data[name], int):
        return _ward_other_cost(chk, path, data)
    if name in AMOUNT_KEYWORDS or name in NUMBERED_COST_KEYWORDS:
        return _amount_keyword(chk, path, name, data)
    if name in BARE_KEYWORDS:
        raise chk.src.error(path + (name,), f"{name} takes no parameter: write it as a word, {name}")
    args: dict[str, Any] = {}
    value = data[name]
    if name == "equip":
        return Keyword(name, _equip_args(chk, path + (name,), value))
    if isinstance(value, list):
        args["values"] = chk.word_list(path + (name,), value, WORD)
    elif isinstance(value, str) and WORD.fullmatch(value):
        args["values"] = [value]
    elif isinstance(value, int) and not isinstance(value, bool):
        args["amount"] = chk.int_value(path + (name,), value)
    else:
        raise chk.src.error(path + (name,), "a keyword parameter is a word, a list of words or a number")
    if "amount" in data:
        args["amount"] = chk.int_value(path + ("amount",), data["amount"])
    if "controller" in data:
        args["controller"] = data["controller"]
    return Keyword(name, args)


def _amount_keyword(chk: Checker, path: tuple, name: str, data: dict) -> Keyword:
    """`{annihilator: 2}`: a triggered keyword's N, a whole number from 1."""
    if "amount" in data:
        raise chk.src.error(path + ("amount",), f"{name} takes its number as {{{name}: N}}, not amount")
    value = data[name]
    if not isinstance(value, int) or isinstance(value, bool):
        raise chk.src.error(path + (name,), f"{name} takes a number N, e.g. {{{name}: 2}}, "
                                            f"not {clip(str(value))}")
    if not 1 <= value <= 99:
        raise chk.src.error(path + (name,), f"{name} {clip(value, quote=False)} out of range (1 to 99)")
    return Keyword(name, {"amount": value})


def _ward_other_cost(chk: Checker, path: tuple, data: dict) -> Keyword:
    """702.21a, a ward cost other than mana: `{ward: {pay_life: 3}}` ("Ward—Pay 3 life.") or
    `{ward: discard}` ("Ward—Discard a card.")."""
    value = data["ward"]
    if "amount" in data:
        raise chk.src.error(path + ("amount",), "ward takes its cost as {ward: N}, not amount")
    if value == "discard":
        return Keyword("ward", {"values": ["discard"]})
    if isinstance(value, dict) and list(value) == ["pay_life"]:
        return Keyword("ward", {"life": chk.int_value(path + ("ward", "pay_life"),
                                                      value["pay_life"], minimum=1)})
    raise chk.src.error(path + ("ward",), f"bad ward cost {clip(str(value))}: a generic mana "
                                          "amount N, {pay_life: N} or discard")


# 702.29e: the kind of card a typecycling ability searches for: card types, subtypes, supertypes
TYPECYCLING_QUALITIES = {"types": "type", "subtypes": "subtype", "supertypes": "supertype"}


def _typecycling(chk: Checker, path: tuple, data: dict) -> Keyword:
    """702.29e, "[Type]cycling [cost]": `{typecycling: "{2}", for: {subtypes: [plains]}}`
    ("Plainscycling {2}"); "Basic landcycling {1}" is `for: {supertypes: [basic], types: [land]}`.
    The cost is mana only; `for` names at least one quality, each of which the card found has."""
    if "for" not in data:
        raise chk.src.error(path, "typecycling needs the kind of card it finds: "
                                  "{typecycling: \"{2}\", for: {subtypes: [plains]}}")
    found = chk.mapping(path + ("for",), data["for"], set(TYPECYCLING_QUALITIES))
    quality = [(attr, word) for key, attr in TYPECYCLING_QUALITIES.items()
               for word in chk.word_list(path + ("for", key), found.get(key, []), WORD)]
    if not quality:
        raise chk.src.error(path + ("for",), "for names a card type, subtype or supertype")
    kw = _cost_keyword(chk, path, "typecycling", {k: v for k, v in data.items() if k != "for"})
    return Keyword("typecycling", {**kw.args, "quality": quality})


def check_backup(chk: Checker, path: tuple, card: Card) -> None:
    """702.165a: backup grants the non-backup abilities printed below it. The rules give them with
    a modify effect, which can give keywords without parameters only: a card with backup may
    have no other ability and, below its first backup instance, only such keywords (otherwise
    the grant would silently leave something out)."""
    names = [kw.name for kw in card.keywords]
    if "backup" not in names:
        return
    if card.abilities:
        raise chk.src.error(path + ("abilities",), "a card with backup (702.165a) can have only "
                                                   "keywords: the abilities below it are granted")
    for i, kw in enumerate(card.keywords[names.index("backup"):], start=names.index("backup")):
        if kw.name != "backup" and kw.args:
            raise chk.src.error(path + ("keywords", i), f"{kw.name} with a parameter below backup "
                                                        "(702.165a) can't be granted by it")


def equip_abilities(card: Card) -> list[tuple[int, Keyword]]:
    """702.6a, 702.6d: each Equip keyword with a cost is an activated ability of its own,
    numbered after the card's listed abilities, in keyword order: (number, keyword) of each."""
    first = len(card.abilities) + 1
    equips = [kw for kw in card.keywords if kw.name == "equip" and "cost" in kw.args]
    return list(enumerate(equips, start=first))


EQUIP_QUALITIES = {"types": "type", "subtypes": "subtype", "supertypes": "supertype", "colors": "color"}


def _equip_args(chk: Checker, path: tuple, value: Any) -> dict[str, Any]:
    """702.6a: `{equip: 2}` / `{equip: "{1}{W}"}`; 702.6c, "Equip [quality] {cost}":
    `{equip: {cost: "{1}", subtypes: [knight]}}` (also types, supertypes, colors: the creature
    must have each)."""
    if not isinstance(value, dict):
        return {"cost": _equip_cost(chk, path, value)}
    data = chk.mapping(path, value, {"cost"} | set(EQUIP_QUALITIES))
    if "cost" not in data:
        raise chk.src.error(path, "missing 'cost' (the equip cost, e.g. \"{1}\")")
    quality = [(attr, word) for key, attr in EQUIP_QUALITIES.items()
               for word in chk.word_list(path + (key,), data.get(key, []), WORD)]
    if not quality:
        raise chk.src.error(path, "an equip map names a quality (types, subtypes, supertypes or "
                                  "colors); without one write {equip: COST}")
    return {"cost": _equip_cost(chk, path + ("cost",), data["cost"]), "quality": quality}


def _equip_cost(chk: Checker, path: tuple, value: Any) -> str:
    """702.6a: an equip cost is a mana cost, `"{1}{W}"`, or a number N for `"{N}"`."""
    if isinstance(value, int) and not isinstance(value, bool):
        if not 0 <= value <= 99:
            raise chk.src.error(path, f"equip cost {clip(value, quote=False)} out of range (0 to 99)")
        return "{%d}" % value
    if isinstance(value, str) and value and MANA_SYMBOL.sub("", value) == "" \
            and "{X}" not in value:
        return value
    raise chk.src.error(path, f"bad equip cost {clip(value)}: a mana cost like \"{{1}}{{W}}\" "
                              "(no X) or a number")


def _cost_keyword(chk: Checker, path: tuple, name: str, data: dict) -> Keyword:
    """`{flashback: "{2}{R}"}`, `{cycling: 2}` or `{flashback: ["{1}{U}", {pay_life: 3}]}`: the
    keyword's mana cost (a cost string) and the life it also costs."""
    if "amount" in data and name not in COST_AMOUNT_KEYWORDS:
        raise chk.src.error(path + ("amount",), f"{name} takes a cost, not an amount")
    if name in COST_AMOUNT_KEYWORDS and "amount" not in data:
        raise chk.src.error(path, f"{name} needs its number N beside the cost: "
                                  f"{{{name}: \"{{1}}{{R}}\", amount: 4}}")
    value = data[name]
    parts = value if isinstance(value, list) else [value]
    if not parts:
        raise chk.src.error(path + (name,), f"{name} needs its cost")
    cost, life = "", 0
    for i, part in enumerate(parts):
        where = path + (name, i) if isinstance(value, list) else path + (name,)
        if isinstance(part, int) and not isinstance(part, bool):
            cost += "{%d}" % chk.int_value(where, part, minimum=0)
        elif isinstance(part, str) and part and MANA_SYMBOL.sub("", part) == "" and "{X}" not in part:
            cost += part
        elif isinstance(part, dict) and list(part) == ["pay_life"] and name in LIFE_COST_KEYWORDS:
            life += chk.int_value(where + ("pay_life",), part["pay_life"], minimum=1)
        else:
            life_form = ", or {pay_life: N}" if name in LIFE_COST_KEYWORDS else " (mana only)"
            raise chk.src.error(where, f"bad {name} cost {clip(str(part))}: a mana cost like "
                                       f"\"{{2}}{{R}}\" (no X), a number{life_form}")
    args: dict[str, Any] = {"cost": cost}
    if name in COST_AMOUNT_KEYWORDS:
        args["amount"] = chk.int_value(path + ("amount",), data["amount"], minimum=1)
    if life:
        args["life"] = life
    return Keyword(name, args)
