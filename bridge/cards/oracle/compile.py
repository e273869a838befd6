"""The Oracle-text compiler: a Scryfall card object -> the project's card YAML map.

Each Oracle line is parsed with the lark grammar in grammar.lark and turned into the card
ability form by semantics.py; a line no template covers comes back `not_understood` with the
reason, and the card keeps what compiled (docs/cards.md, "The Oracle compiler").
"""
from __future__ import annotations

import copy
import re
from dataclasses import dataclass, field
from functools import cache, lru_cache
from importlib.resources import files
from typing import Any

from lark import Lark
from lark.exceptions import UnexpectedInput, VisitError

from ._backup import check_backup_lines
from ._cda import cda_fields
from ._chosen import check_chosen
from .levels import read_levels
from .semantics import OracleTransformer, Unsupported, number_targets
from .vocabulary import out_of_scope, unknown_word
from .words import check_that_player

SUPERTYPES = ("basic", "legendary", "snow", "world", "ongoing", "elite", "host")
COLORS = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}
SPELL_TYPES = ("instant", "sorcery")
TWO_FACED = ("transform", "modal_dfc", "battle", "reversible_card", "double_faced_token")
REMINDER = re.compile(r"\s*\([^()]*\)")
# an ability word (207.2c: no rules meaning) before a triggered or activated ability: "Landfall — "
ABILITY_WORD = re.compile(r"^[A-Z][a-z]+(?:[ -][a-z]+)* — (?=When |Whenever |At |\{)")
# A loyalty cost in brackets, "[+2]: ..." / "[−1]: ...", as MTGJSON and Gatherer print it; Scryfall
# prints "+2: ...". Both are the same cost (606.3): the brackets are dropped before reading.
LOYALTY_BRACKETS = re.compile(r"^\[([+\u2212-]?(?:\d+|X))\]:")
SELF_WORDS = re.compile(r"\bthis (creature|artifact|enchantment|land|permanent|spell|equipment|aura"
                        r"|vehicle|planeswalker|battle|saga|token|card|class|spacecraft|planet)\b", re.IGNORECASE)


@dataclass
class LineResult:
    """One Oracle line: what it compiled to, or why it was not understood."""
    text: str
    status: str                         # "compiled" | "not_understood"
    fragment: dict[str, Any] | None = None
    reason: str | None = None
    face: str | None = None             # the face's name, on a card with two faces
    piece: Any = field(default=None, repr=False, compare=False)   # unnumbered, for assembly

    @property
    def compiled(self) -> dict[str, Any] | None:
        """The fragment, under the name `rulekeeper cards show` reads."""
        return self.fragment


@dataclass
class CompiledCard:
    yaml_card: dict[str, Any]
    lines: list[LineResult]
    status: str                         # "full" | "partial" | "none"


# -- parsing one line -----------------------------------------------------------------------
@cache
def _parser() -> Lark:
    grammar = files(__package__).joinpath("grammar.lark").read_text(encoding="utf-8")
    return Lark(grammar, start=["permanent", "spell"], parser="earley")


def self_names(name: str, legendary: bool = False) -> list[str]:
    """The names a card's text calls itself by: its name, each face of "A // B", the name
    without an Alchemy "A-" prefix, the short name before a comma ("Isamaru, Hound of Konda"
    -> Isamaru) and, for a legendary card, before " the " or " of " ("Crovax the Cursed" ->
    Crovax, "Veldrane of Sengir" -> Veldrane)."""
    names = [n.strip() for n in [name] + name.split(" // ")]
    names += [n[2:] for n in names if n.startswith("A-")]
    names += [n.split(",")[0] for n in names if "," in n]
    if legendary:
        names += [re.split(r" (?:the|of) ", n)[0] for n in names if re.search(r" (?:the|of) ", n)]
    return sorted({n for n in names if n}, key=len, reverse=True)


def normalise(text: str, name: str = "", legendary: bool = False) -> str:
    """Drop reminder text, write the card's own names (`self_names`) and "this creature"/"this
    spell"/... as `~`, lower case, one space between words."""
    out = ABILITY_WORD.sub("", LOYALTY_BRACKETS.sub(r"\1:", REMINDER.sub("", text).strip()))
    for n in self_names(name, legendary):
        if n in out:     # a regular expression a name: compiled only where the name occurs
            out = re.sub(rf"(?<![\w]){re.escape(n)}(?![\w])", "~", out)
    out = SELF_WORDS.sub("~", out)
    out = out.replace("\u2212", "-").replace("\u2019", "'").lower()
    return " ".join(out.split())


def compile_line(text: str, name: str = "", spell: bool | None = None,
                 legendary: bool = False) -> LineResult:
    """Compile one Oracle line of the card `name`. `spell`: the line belongs to an instant or
    sorcery (True), a permanent (False), or either (None: tried as a permanent's line first);
    `legendary`: the card's short name is read as itself too (`self_names`)."""
    norm = normalise(text, name, legendary)
    if not norm:
        return LineResult(text, "not_understood", reason="only reminder text")
    starts = ("spell",) if spell else ("permanent",) if spell is False else ("permanent", "spell")
    ok, value = _parse(norm, starts)
    if not ok:
        return LineResult(text, "not_understood", reason=value)
    piece = copy.deepcopy(value)        # the cache's copy stays untouched; targets are per card
    return LineResult(text, "compiled", fragment=fragment(piece), piece=piece)


@lru_cache(maxsize=8192)
def _parse(norm: str, starts: tuple[str, ...]) -> tuple[bool, Any]:
    """(True, piece) or (False, reason); cached, as many lines recur from card to card."""
    outside = out_of_scope(norm)
    if outside is not None:
        return False, outside
    unknown = unknown_word(norm, _parser())
    if unknown is not None:
        return False, f"no template matches {norm!r} (no template has the word {unknown!r})"
    reason = ""
    for start in starts:
        try:
            piece = _to_piece(start, OracleTransformer().transform(_parser().parse(norm, start=start)))
            fragment(piece)             # numbering the targets may find a reference without one
            return True, piece
        except VisitError as exc:
            reason = str(exc.orig_exc) if isinstance(exc.orig_exc, Unsupported) else \
                f"compiler error on {norm!r}: {exc.orig_exc!r}"
        except Unsupported as exc:
            reason = str(exc)
        except UnexpectedInput as exc:
            reason = reason or _parse_reason(norm, exc)
    return False, reason


def _parse_reason(norm: str, exc: UnexpectedInput) -> str:
    pos = getattr(exc, "pos_in_stream", None) or 0
    near = norm[pos:pos + 30]
    return f"no template matches {norm!r} (stuck at {near!r})" if near else \
        f"no template matches {norm!r} (it ends too early)"


def _to_piece(start: str, value: Any) -> tuple[str, Any]:
    """(kind, payload): keywords, kicker, additional_cost, spell_body, modal, or an ability kind."""
    if isinstance(value, tuple):
        return value
    if "modes" in value:
        return ("modal", value)
    if start == "spell":
        return ("spell_body", value)
    raise Unsupported("effect text outside an ability")


def fragment(piece: tuple[str, Any]) -> dict[str, Any]:
    """What one line compiled to, in the card form (targets numbered within the line)."""
    kind, payload = piece
    if kind == "keywords":
        return {"keywords": payload}
    if kind == "deck_rule":     # a line with no effect in a game (903.3a): nothing on the card
        return {"deck_rule": payload}
    if kind == "kicker":
        return {"spell": {"kicker": payload}}
    if kind == "additional_cost":
        return {"spell": {"additional_cost": payload}}
    if kind == "cast_restriction":
        return {"spell": {"cast_restriction": payload}}
    if kind == "spell_body":
        return {"spell": _spell([payload], None, None, None, need_kicker=False)}
    if kind == "modal":
        check_that_player(payload, None)
        return {"spell": _modal(payload)}
    if kind == "several":       # one line, two abilities ("enters tapped. As it enters, choose ...")
        return {"abilities": [ability(*p) for p in payload]}
    return ability(kind, payload)


# -- assembling abilities -------------------------------------------------------------------
def ability(kind: str, body: dict[str, Any]) -> dict[str, Any]:
    """A triggered, activated or static ability from its parsed body."""
    if kind in ("static", "replacement"):
        return {kind: body}
    if kind == "gated":     # 711.2, 716.2a: an ability of a level section (levels.py)
        (key, value), inner = body
        return {**ability(*inner), key: value}
    out: dict[str, Any] = {}
    if kind == "triggered":
        out["when"] = body["when"]
        if body.get("if"):     # 603.4: an intervening "if"
            out["if"] = body["if"]
        if body.get("may"):
            out["may"] = True
    if kind == "activated":
        out["cost"] = body["cost"]
        out.update({k: True for k in ("as_sorcery", "once_each_turn") if body.get(k)})   # 602.5b/d
    if kind == "chapter":   # 714.2: one number, or the list of several ("I, II — ...")
        numbers = body["chapter"]
        out["chapter"] = numbers[0] if len(numbers) == 1 else numbers
    if body.get("if_kicked") or body.get("unless_kicked"):
        raise Unsupported("'if this spell was kicked' outside a spell")
    if _names_x({k: v for k, v in body.items() if k != "cost"}):
        # 107.3: X is announced as a spell is cast; an activated or triggered ability's X (the
        # activation's, or the permanent spell's, 107.3m) is not read: it would count as 0
        raise Unsupported("an X in an ability of a permanent: its value is not read (107.3)")
    mana = [isinstance(e, dict) and "add_mana" in e for e in body.get("effects", [])]
    if kind == "activated" and any(mana) and not all(mana):
        # 605.1a, 605.3b: a mana ability resolves at once, and the rules perform only its mana
        # (602-activating-abilities.lp); its other instructions ("This land deals 1 damage to
        # you", a delayed draw) would be silently left out
        raise Unsupported("a mana ability with other instructions: only its mana is performed (605.3b)")
    check_that_player(body, body.get("when"))   # "that player": a combat damage trigger's only
    it_is_source = kind != "triggered" or not about_another_object(body["when"])
    out.update(_modal(body, it_is_source) if "modes" in body
               else _targets_effects([body["effects"]], it_is_source))
    if kind == "triggered" and body["when"] == "to_graveyard" and \
            any(e != {"return_to_hand": "self"} and "self" in str(e) for e in out.get("effects", [])):
        # 603.6c: the card is found only in the graveyard it went to; only "return it to its
        # owner's hand" acts on it there (rules: 603.6c-to-graveyard-trigger.lp)
        raise Unsupported("an instruction on the card put into the graveyard other than returning it to its owner's hand")
    if kind == "chapter":
        if "modes" in out:
            raise Unsupported("a modal chapter ability has no form")
        return out
    return {kind: out}


def _names_x(value: Any) -> bool:
    """Whether an ability's parsed effects use X (an amount `x`; an {X} cost whose X no effect
    reads is paid as X = 0, which changes nothing)."""
    if isinstance(value, dict):
        return any(_names_x(v) for v in value.values())
    if isinstance(value, list | tuple):
        return any(_names_x(v) for v in value)
    return value == "x"


def about_another_object(when: Any) -> bool:
    """A trigger event about an object other than the source ("whenever a creature enters",
    "whenever you cast a spell"): there "it" is that object, not the source."""
    return isinstance(when, dict) and bool({"enters", "dies", "you_cast"} & set(when))


def _targets_effects(effect_lists: list[list], it_is_source: bool = True) -> dict[str, Any]:
    targets, (effects, *_rest) = number_targets(effect_lists, it_is_source)
    out: dict[str, Any] = {"targets": targets} if targets else {}
    out["effects"] = effects
    return out


def _modal(body: dict[str, Any], it_is_source: bool = True) -> dict[str, Any]:
    modes = []
    for mode in body["modes"]:
        if mode.get("if_kicked") or mode.get("unless_kicked"):
            raise Unsupported("'if this spell was kicked' inside a mode")
        modes.append(_targets_effects([mode["effects"]], it_is_source))
    return {"choose": body["choose"], "modes": modes}


def _spell(bodies: list[dict], kicker: str | None, additional: list | None,
           modal: dict | None, need_kicker: bool = True) -> dict[str, Any]:
    """One spell ability from all of a spell's lines (608.2: they resolve as one)."""
    check_that_player((bodies, modal), None)     # no trigger event names "that player"
    out: dict[str, Any] = {}
    if additional:
        out["additional_cost"] = additional
    if kicker:
        out["kicker"] = kicker
    if modal is not None:
        out.update(_modal(modal))
        return out
    effects = [e for b in bodies for e in b["effects"]]
    if_kicked = [e for b in bodies for e in b.get("if_kicked", [])]
    unless_kicked = [e for b in bodies for e in b.get("unless_kicked", [])]
    targets, (effects, if_kicked, unless_kicked) = number_targets([effects, if_kicked, unless_kicked])
    if targets:
        out["targets"] = targets
    out["effects"] = effects
    if if_kicked:
        if not kicker and need_kicker:
            raise Unsupported("'if this spell was kicked' without a kicker cost")
        out["if_kicked"] = if_kicked
    if unless_kicked:     # 702.33e: replaced by the kicked text ("... instead")
        out["unless_kicked"] = unless_kicked
    return out


# -- the card ---------------------------------------------------------------------------------
def compile_card(card: dict[str, Any]) -> CompiledCard:
    """Compile a Scryfall card object (one face, or a two-faced card with `card_faces`)."""
    faces = card.get("card_faces") or []
    layout = card.get("layout", "")
    if len(faces) >= 2:
        front_data = {**card, **faces[0]}
        front_data.setdefault("colors", card.get("colors"))
        yaml_card, lines = _face(front_data)
        if layout in TWO_FACED:
            back_yaml, back_lines = _face({**faces[1], "colors": faces[1].get("colors", [])})
            yaml_card["back"] = back_yaml
            if layout == "modal_dfc":     # 712.2: its faces are chosen, never transformed
                yaml_card["modal"] = True
            for face, face_lines in ((yaml_card["name"], lines), (back_yaml["name"], back_lines)):
                for line in face_lines:
                    line.face = face
            lines += back_lines
        else:
            for line in lines:
                line.face = yaml_card["name"]
            for face in faces[1:]:
                lines += _faceless(face, layout)
    else:
        yaml_card, lines = _face(card)
    understood = sum(1 for ln in lines if ln.status == "compiled")
    status = "full" if understood == len(lines) else "none" if understood == 0 else "partial"
    return CompiledCard(yaml_card, lines, status)


def _faceless(face: dict[str, Any], layout: str) -> list[LineResult]:
    """The lines of a face the card format has no place for (a split card's second half, an
    adventure, a flip card's flipped face): each is read, and each is not understood, since no
    answer can use it; the reason says what the line would have compiled to alone."""
    name = str(face.get("name") or "second face")
    where = f"the {layout or 'other'} face {name!r} has no card form (only the first face is compiled)"
    texts = oracle_lines(str(face.get("oracle_text") or ""))
    spell = any(t in SPELL_TYPES for t in parse_type_line(str(face.get("type_line") or ""))["types"])
    out = []
    for text in texts:
        alone = compile_line(text, name, spell=spell)
        if alone.reason == "only reminder text":
            continue
        said = "alone it would compile" if alone.status == "compiled" else "nor is it understood alone"
        out.append(LineResult(text, "not_understood", reason=f"{where}; {said}", face=name))
    return out or [LineResult(name, "not_understood", reason=where, face=name)]


def parse_type_line(type_line: str) -> dict[str, list[str]]:
    """"Legendary Creature — Elf Druid" -> supertypes [legendary], types [creature],
    subtypes [elf, druid]."""
    left, _, right = type_line.partition("—")
    words = [_word(w) for w in left.split()]
    return {"supertypes": [w for w in words if w in SUPERTYPES],
            "types": [w for w in words if w and w not in SUPERTYPES],
            "subtypes": [w for w in (_word(x) for x in right.split()) if w]}


def _word(raw: str) -> str:
    return re.sub(r"[^a-z0-9_\-]", "", raw.lower())


def _face(data: dict[str, Any]) -> tuple[dict[str, Any], list[LineResult]]:
    name = str(data.get("name") or "")
    out: dict[str, Any] = {"name": name}
    if data.get("mana_cost"):
        out["mana_cost"] = str(data["mana_cost"])
    if isinstance(data.get("colors"), list):
        out["colors"] = [COLORS[c] for c in data["colors"] if c in COLORS]
    for key, words in parse_type_line(str(data.get("type_line") or "")).items():
        if words:
            out[key] = words
    lines = _numbers(data, out)
    spell = any(t in SPELL_TYPES for t in out.get("types", []))
    legendary = "legendary" in out.get("supertypes", [])
    results = [compile_line(text, name, spell=spell, legendary=legendary)
               for text in oracle_lines(str(data.get("oracle_text") or ""))]
    lines += [r for r in results if r.reason != "only reminder text"]
    cda_fields(lines)
    read_levels(lines, compile_line, ability, name, out)
    check_chosen(lines)                # 607.2d: "the chosen type / color" needs its choice
    check_backup_lines(lines)          # 702.165a, 702.155b: keyword lines that read the others
    _assemble(out, lines, spell)
    return out, lines


def _numbers(data: dict[str, Any], out: dict[str, Any]) -> list[LineResult]:
    """power, toughness, loyalty, defense: numbers; "*" and the like are characteristic-defining
    abilities (604.3) the compiler does not cover."""
    lines = []
    for key in ("power", "toughness", "loyalty", "defense"):
        raw = data.get(key)
        if raw is None:
            continue
        if re.fullmatch(r"-?\d+", str(raw)):
            out[key] = int(raw)
        else:
            lines.append(LineResult(f"{key} {raw}", "not_understood",
                                    reason=f"{key} {raw}: a characteristic-defining ability (604.3) is not compiled"))
    return lines


def oracle_lines(text: str) -> list[str]:
    """The Oracle text's lines, a modal header ("Choose one —") joined with its "•" lines."""
    out: list[str] = []
    for line in (ln.strip() for ln in (text or "").split("\n")):
        if not line:
            continue
        if line.startswith("•") and out and (out[-1].endswith("—") or "•" in out[-1]):
            out[-1] += " " + line
        else:
            out.append(line)
    return out


def _assemble(out: dict[str, Any], lines: list[LineResult], spell: bool) -> None:
    """Keywords and abilities from the compiled lines; a spell's lines make one spell ability."""
    keywords: list = []
    abilities: list = []
    bodies, kicker, additional, modal = [], None, None, None
    restriction = None
    for line in lines:
        if line.status != "compiled":
            kept = None if spell else loyalty_cost_only(line.text)
            abilities += [kept] if kept else []
            continue
        kind, payload = line.piece
        if kind in ("cda_field", "deck_rule", "level_symbol"):
            continue
        if kind == "keywords":
            keywords += payload
        elif kind == "kicker":
            kicker = payload
        elif kind == "additional_cost":
            additional = payload
        elif kind == "cast_restriction":
            restriction = payload
        elif kind == "spell_body":
            bodies.append(payload)
        elif kind == "modal" and spell and modal is None:
            modal = payload
        elif kind == "modal":
            _reject(line, "a second modal block or a modal block outside a spell")
        else:
            abilities += [ability(*p) for p in payload] if kind == "several" else [ability(kind, payload)]
    if spell and (bodies or modal or kicker or additional or restriction):
        spell_ability = _spell_ability(lines, bodies, kicker, additional, modal)
        if spell_ability and restriction:
            spell_ability["spell"] = {"cast_restriction": restriction, **spell_ability["spell"]}
        abilities[:0] = [spell_ability] if spell_ability else []
    if keywords:
        out["keywords"] = keywords
    if abilities:
        out["abilities"] = abilities


LOYALTY_PREFIX = re.compile(r"\s*\[?([+\u2212-]?\d+)\]?\s*:")


def loyalty_cost_only(text: str) -> dict[str, Any] | None:
    """A loyalty line whose effect is not understood keeps its place and its cost (606): an
    activated ability with that loyalty cost and no effect. Activating it is then judged by the
    loyalty rules (606.3, 606.6) instead of as a missing ability; the line stays listed as not
    understood, so every answer still says its effect is left out."""
    match = LOYALTY_PREFIX.match(LOYALTY_BRACKETS.sub(r"\1:", text.strip()))
    if match is None:
        return None
    return {"activated": {"cost": {"loyalty": int(match.group(1).replace("\u2212", "-"))}}}


def _spell_ability(lines: list[LineResult], bodies: list[dict], kicker: str | None,
                   additional: list | None, modal: dict | None) -> dict[str, Any] | None:
    """The one `spell` ability of an instant or sorcery; lines that cannot join it are marked
    not understood (text beside the modes of a modal spell, "if kicked" without a kicker)."""
    if modal is not None and bodies:
        _reject_kinds(lines, ("spell_body",), "text beside the modes of a modal spell has no form")
        bodies = []
    lost = _lost_part(lines, bodies or modal)
    if lost:       # a spell keeps all its targets and effects or is not understood at all
        _reject_kinds(lines, SPELL_PARTS, lost)
        return None
    try:
        return {"spell": _spell(bodies, kicker, additional, modal)}
    except Unsupported as exc:
        _reject_kinds(lines, SPELL_PARTS, str(exc))
        return None


SPELL_PARTS = ("spell_body", "modal", "kicker", "additional_cost", "cast_restriction")
SPELL_EVENTS = re.compile(r"^(when|whenever|at the beginning)\b")


def _lost_part(lines: list[LineResult], effects: Any) -> str | None:
    """Why the spell's compiled lines cannot stand alone, or None: another line of its effect
    that was not understood names a target (the spell would lose it, and could never be
    countered on resolution for want of a legal target, 608.2b), or no effect line compiled at
    all (a cost alone is no spell)."""
    for line in lines:
        if line.status == "compiled" or line.reason == "only reminder text":
            continue
        norm = normalise(line.text)
        if re.search(r"\btargets?\b", norm) and not SPELL_EVENTS.match(norm):
            return (f"another line of this spell, {line.text!r}, names a target and was not "
                    "understood; without it the spell would lose that target")
    if not effects:
        return "no effect of this spell was understood"
    return None


def _reject_kinds(lines: list[LineResult], kinds: tuple[str, ...], reason: str) -> None:
    for line in lines:
        if line.status == "compiled" and line.piece[0] in kinds:
            _reject(line, reason)


def _reject(line: LineResult, reason: str) -> None:
    line.status, line.reason, line.fragment = "not_understood", reason, None
