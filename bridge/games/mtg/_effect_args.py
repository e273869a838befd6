"""The arguments of the card ability form's effects (docs/abilities.md), split from abilities.py:
object and player refs (`self`, `you`, `target1`, `{all: FILTER}`, `each_opponent`, ...), amounts
(a number, `x`, `{power_of: REF}`, `{count: FILTER}`, ...) and the effects whose fields are built
from them: `double`/`triple` (701.10, 701.11), `exchange` (701.12) and `create_token` (111)."""
from __future__ import annotations

import re
from typing import Any

from clingo import Symbol

from ...core.source.checks import Checker
from ...core.source.yamlsrc import clip
from .effects import COLOURS, _affects
from .keywords import parse_keyword
from .predefined_tokens import PREDEFINED
from .vocab import WORD

REF = re.compile(r"self|you|attached|target\d?", re.ASCII)   # used with fullmatch
TARGET_REF = re.compile(r"target\d?", re.ASCII)
# issue 15 (docs/abilities.md): players named relative to the ability's controller or first target
PLAYER_REFS = ("opponent", "each_player", "each_opponent", "target_controller",
               "damaged_player")   # 603.2: "that player" of "deals combat damage to a player"
AMOUNT_OF = ("power_of", "toughness_of", "mana_value_of")
# durations: "until end of turn" (611.2a, 514.2), "until end of combat" (511.2)
UNTIL = ("end_of_turn", "end_of_combat")
# what `double`/`triple` multiply: a creature's power and/or toughness (701.10b, 701.11b), a
# player's life total (701.10d), the counters of one kind on a permanent (701.10e)
MULTIPLY_WHAT = {"double": ("power", "toughness", "power_and_toughness", "life", "counters", "mana"),
                 "triple": ("power", "toughness", "power_and_toughness")}

def _amount(chk: Checker, p: tuple, raw: Any, special: tuple[str, ...], minimum: int | None) -> Any:
    """An amount: an integer, a special word (`x`), or read from the game (issue 15):
    `{power_of: REF}`, `{toughness_of: REF}`, `{mana_value_of: REF}`, `{count: FILTER}`,
    `{negate: AMOUNT}`, `{party: you}` (700.8a: the number of creatures in your party)."""
    if isinstance(raw, str) and raw in special:
        return raw
    if isinstance(raw, dict):
        forms = AMOUNT_OF + ("count", "negate", "party")
        d = chk.mapping(p, raw, set(forms))
        if len(d) != 1:
            raise chk.src.error(p, f"an amount map has one key of {', '.join(forms)}")
        kind, val = next(iter(d.items()))
        if kind == "count":
            return ("count", _filter(chk, p + (kind,), val))
        if kind == "party":
            return ("party", chk.choice(p + (kind,), val, ("you",)))
        if kind == "negate":
            if minimum is not None:
                raise chk.src.error(p + (kind,), "negate is only for power and toughness changes")
            return ("negate", _amount(chk, p + (kind,), val, special, None))
        return (kind, _ref(chk, p + (kind,), val))
    return chk.int_value(p, raw, -2 ** 31 if minimum is None else minimum)


def _filter(chk: Checker, p: tuple, raw: Any, by_target: bool = False) -> list[Symbol]:
    """FILTER: the static filter map (docs/abilities-static.md) as needs/needs_not/other/
    controlled_by terms; `by_target`: an effect's filter, whose controller may be a target."""
    if not isinstance(raw, dict):
        raise chk.src.error(p, f"{clip(raw)}: a filter is a map like {{types: [creature], controller: you}}")
    return _affects(chk, p, raw, by_target=by_target)[1]


def _multiply(chk: Checker, q: tuple, verb: str, d: dict) -> dict[str, Any]:
    """`double: {what, object | player, kind}` and `triple: {what, object}` (701.10, 701.11):
    life names a player (default you), counters an object and a counter kind, the others a
    creature (default self)."""
    what = chk.choice(q + ("what",), d["what"], MULTIPLY_WHAT[verb])
    out: dict[str, Any] = {"verb": verb, "what": what, "keywords": []}
    if what == "life":
        if "object" in d or "kind" in d:
            raise chk.src.error(q, "doubling a life total names a player, not an object or a kind")
        out["player"] = _ref(chk, q + ("player",), d.get("player", "you"), players_ok=True)
    elif what == "mana":     # 701.10f: "double the amount of [each type of] mana in your pool"
        if "object" in d:
            raise chk.src.error(q + ("object",), "doubling mana names a player, not an object")
        out["player"] = _ref(chk, q + ("player",), d.get("player", "you"), players_ok=True)
        out["kind"] = chk.choice(q + ("kind",), d.get("kind", "each"),
                                 ("each", "white", "blue", "black", "red", "green", "colorless"))
    else:
        if "player" in d:
            raise chk.src.error(q + ("player",), f"doubling {what} names an object, not a player")
        out["object"] = _ref(chk, q + ("object",), d.get("object", "self"))
        if what == "counters":
            if "kind" not in d:
                raise chk.src.error(q, "missing kind (the counters to double)")
            out["kind"] = chk.str_value(q + ("kind",), d["kind"])
    if "until" in d:
        out["until"] = chk.choice(q + ("until",), d["until"], UNTIL)
    return out


def _exchange(chk: Checker, q: tuple, d: dict) -> dict[str, Any]:
    """`exchange: {what: control, object, other}` (two permanents, 701.12b) or `exchange: {what:
    life, player, other}` (two players' life totals, 701.12c; player defaults to you)."""
    what = chk.choice(q + ("what",), d["what"], ("control", "life"))
    first = "player" if what == "life" else "object"
    wrong = "object" if what == "life" else "player"
    if wrong in d:
        raise chk.src.error(q + (wrong,), f"exchanging {what} names {first} and other, not {wrong}")
    if first not in d and what == "control":
        raise chk.src.error(q, "missing object (the first permanent of the exchange)")
    players = what == "life"
    return {"verb": "exchange", "what": what, "keywords": [],
            "first": _ref(chk, q + (first,), d.get(first, "you"), players_ok=players),
            "other": _ref(chk, q + ("other",), d["other"], players_ok=players)}


def _create_token(chk: Checker, q: tuple, d: dict) -> dict[str, Any]:
    """`create_token: {amount, name, power, toughness, colors, types, subtypes, keywords,
    player, tapped, attacking}` (111.1, 111.4): the token's characteristics are the effect's;
    `attacking: true`: "tapped and attacking" (508.4, with `tapped`)."""
    if "predefined" in d:     # 111.10: a Treasure, Food or Clue token, by name
        extra = set(d) - {"predefined", "amount", "player", "tapped", "attached_to"}
        if extra:
            raise chk.src.error(q, f"a predefined token takes no {', '.join(sorted(extra))}: its characteristics are the rules' (111.10)")
        if "attached_to" in d and not str(d["predefined"]).endswith("_role"):
            raise chk.src.error(q + ("attached_to",), "only a Role token (an Aura, 111.10j-r) is created attached to something")
    elif "types" not in d:
        raise chk.src.error(q, "missing 'types' (or 'predefined', 111.10)")
    out: dict[str, Any] = {"verb": "create_token",
                           "predefined": chk.choice(q + ("predefined",), d["predefined"], tuple(PREDEFINED))
                           if "predefined" in d else None,
                           "amount": _amount(chk, q + ("amount",), d.get("amount", 1), ("x",), 0),
                           "player": _ref(chk, q + ("player",), d.get("player", "you"), players_ok=True),
                           "tapped": chk.bool_value(q + ("tapped",), d.get("tapped", False)),
                           "attacking": chk.bool_value(q + ("attacking",), d.get("attacking", False)),
                           "name": chk.opt_str(q, d, "name")}
    if "attached_to" in d:      # "create a Monster Role token attached to target creature you control"
        out["attached_to"] = _ref(chk, q + ("attached_to",), d["attached_to"])
    if out["player"] in ("each_player", "each_opponent"):
        raise chk.src.error(q + ("player",), "a token effect names one player: you, opponent, target, "
                                             "target_controller")
    for fld in ("types", "subtypes"):
        out[fld] = chk.word_list(q + (fld,), d.get(fld, []), WORD)
    out["colors"] = [chk.choice(q + ("colors", i), c, COLOURS)
                     for i, c in enumerate(chk.list(q + ("colors",), d.get("colors", [])))]
    for fld in ("power", "toughness"):
        out[fld] = chk.opt_int(q, d, fld)
    out["keywords"] = [parse_keyword(chk, q + ("keywords", i), k)
                       for i, k in enumerate(chk.list(q + ("keywords",), d.get("keywords", [])))]
    return out


def _ref(chk: Checker, p: tuple, raw: Any, all_ok: bool = False, players_ok: bool = False) -> Any:
    """An object or player ref: self, you, target, target1, ...; `{all: FILTER}` where all_ok;
    opponent, each_player, each_opponent, target_controller where players_ok (issue 15)."""
    if all_ok and isinstance(raw, dict):
        d = chk.mapping(p, raw, {"all"})
        if "all" not in d:
            raise chk.src.error(p, "write {all: FILTER}")
        return ("all", _filter(chk, p + ("all",), d["all"] if d["all"] is not None else {}, True))
    if players_ok and raw in PLAYER_REFS:
        return raw
    if not isinstance(raw, str) or not REF.fullmatch(raw):
        more = (", {all: FILTER}" if all_ok else "") + (", " + ", ".join(PLAYER_REFS) if players_ok else "")
        raise chk.src.error(p, f"{clip(raw)}: write self, you, attached, target, target1, target2, ...{more}")
    return "target1" if raw == "target" else raw


def _check_target_refs(chk: Checker, p: tuple, parsed: Any, n_targets: int) -> None:
    """115.1: an effect may name only targets the ability has (`target2` needs two targets;
    `target_controller` needs one); a ref past the list would silently affect nothing."""
    for ref in _refs_in(parsed):
        if ref == "target_controller":
            n = 1
        else:
            n = int(ref[6:] or 1)
        if n > n_targets:
            have = f"{n_targets} target" + ("s" if n_targets != 1 else "") if n_targets else "no targets"
            raise chk.src.error(p, f"{ref}: the ability has {have}; list them under 'targets'")


def _refs_in(parsed: Any) -> list[str]:
    if isinstance(parsed, str):
        return [parsed] if TARGET_REF.fullmatch(parsed) or parsed == "target_controller" else []
    if isinstance(parsed, dict):
        return [r for v in parsed.values() for r in _refs_in(v)]
    if isinstance(parsed, (list, tuple)):
        return [r for v in parsed for r in _refs_in(v)]
    return []
