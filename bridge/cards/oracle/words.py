"""The words of Oracle text the compiler reads (grammar.lark's tokens, as the card form wants
them): colours, types, numbers, target kinds, controllers; the markers for references bound
later ("it", "they", "its controller"); filters and subtype words; small token readers."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from lark import Token

from .subtypes import subtype_of

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

    def __deepcopy__(self, memo: dict) -> _Marker:
        return self


class _It(_Marker):
    """ "it" / "its": the last target named before, else the source itself."""


class _ThatCreature(_Marker):
    """ "that creature": the last object target named before; never the source (session 16)."""


class _ItsController(_Marker):
    """ "its controller": the controller of the first target (card-form-v2 target_controller)."""


class _They(_Marker):
    """ "it/they can't be regenerated": what the destroy just before it named (701.19c)."""


IT = _It()
DAMAGED_PLAYER = "damaged_player"    # "that player": the player dealt combat damage (603.2)
THAT_CREATURE = _ThatCreature()
BY_KEY = "_dealt_by"        # "it deals ...": the "it", to check that it names the source
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


# words that can end a filter phrase but name no subtype
NOT_SUBTYPES = ("card", "spell", "token", "ability", "source", "player", "opponent", "counter", "life",
                "damage", "mana", "turn", "you", "it", "them", "object", "one", "other")


# words that make a filter conditional ("with flying", "with power 2 or less", "named ...")
CONDITION_WORDS = ("with", "without", "named", "that", "of", "or", "in", "on", "from", "power",
                   "toughness", "less", "more", "greater", "than", "can't", "who", "which", "each",
                   "all", "any", "target", "your", "their", "control", "controls")
TYPE_PLURALS = {t + "s": t for t in CARD_TYPES + ("permanent", "instant")} | {"sorceries": "sorcery"}


def _type_word(word: str) -> str:
    """A card type or "permanent" in the singular ("creatures" -> creature); else the word."""
    return TYPE_PLURALS.get(word, word)


def _subtype(word: str, where: str) -> str:
    """The subtype a filter word names (205.3: the rules' lists, plurals read back); a word that
    names none (a quality, a pronoun, a zone) makes the phrase not understood."""
    found = subtype_of(word)
    if found is None:
        raise Unsupported(f"{word!r} in {where!r} is not a subtype (205.3) and has no filter form")
    return found


def _protection_quality(word: str) -> str:
    """702.16a: "from red", "from everything", "from creatures" (a type), "from Zombies" (a
    subtype); any other quality is not understood."""
    if word in COLOR_WORDS + ("everything",):
        return word
    if _type_word(word) in CARD_TYPES + ("instant", "sorcery"):
        return _type_word(word)
    return _subtype(word, f"protection from {word}")


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
    condition = [w for w in words if w in CONDITION_WORDS or _type_word(w) in CARD_TYPES + ("permanent",)]
    if condition and condition != [words[-1]] and not (len(condition) == 2 and condition[-1] == words[-1]
                                                       and condition[0] in CARD_TYPES):
        raise Unsupported(f"the filter {' '.join(words)!r} has a condition with no filter form")
    noun = _type_word(words[-1])
    if noun in NOT_SUBTYPES:
        raise Unsupported(f"objects called {words[-1]!r} have no filter form")
    phrase = " ".join(words)
    if noun not in CARD_TYPES + ("permanent",):     # "another Elf", "Goblins you control"
        out["subtypes"] = [_subtype(noun, phrase)]
        noun = "permanent"
    types: list[str] = []
    for word in words[:-1]:
        _filter_adjective(word, out, types, phrase)
    types += [] if noun == "permanent" else [noun]
    if types:
        out["types"] = types
    return out


def _filter_adjective(word: str, out: dict[str, Any], types: list[str], phrase: str) -> None:
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
    elif base is not None and subtype_of(base) is not None:     # "non-Dragon": no filter form
        raise Unsupported(f"the filter word {word!r} (no subtype {base}) has no filter form")
    else:
        out.setdefault("subtypes", []).append(_subtype(word, phrase))


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
    if kind == "creature" and rest[-3:] == ["attacking", "or", "blocking"]:    # 506.3: in combat
        out["attacking_or_blocking"], rest = True, rest[:-3]
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


def creature_target(target: Target, phrase: str = "'that creature'",
                    kinds: tuple[str, ...] = ("creature", "creature_or_planeswalker")) -> Target:
    """ "that creature": the target named before, which must be a creature (115.1); `kinds`, the
    target kinds the phrase accepts."""
    kind = target.kind.get("kind", "permanent") if isinstance(target.kind, dict) else target.kind
    if kind not in kinds:
        raise Unsupported(f"{phrase} names a target that need not be a creature ({kind})")
    return target


def check_that_player(effects: Any, when: Any) -> None:
    """ "that player" names the player of a "deals combat damage to a player" trigger only."""
    if DAMAGED_PLAYER in repr(effects) and when != {"deals_combat_damage": "player"}:
        raise Unsupported("'that player' names no player of a 'deals combat damage to a player' event")


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


def _words(items: list) -> list[str]:
    return [str(t) for t in items if isinstance(t, Token)]
