"""What a pack talks about: the keywords, states, statuses and counters its statements name,
read off their syntax trees, and, for each statement, the board features the situation
generator must put on a board for the statement's body to have a chance to hold."""
from __future__ import annotations

from dataclasses import dataclass, field

from clingo import SymbolType, ast

from ...core.rules.keywords import KEYWORD_AT
from ...core.rules.rulebase import RuleBase, RuleInfo
from ...games.mtg.scenario import BATTLEFIELD_STATES

# argument positions that hold a battlefield state in the core's vocabulary (keywords: KEYWORD_AT)
STATE_AT = {("battlefield_state", 2): 1, ("current_battlefield_state", 2): 1}
STATUS_WORDS = ("marked", "occupying")
# hooks by which a pack replaces what the CR does with an event (docs/writing-rules.md 3)
REPLACEMENT_HOOKS = {"damage_marking_replaced", "damage_as_counters", "damage_as_poison",
                     "destruction_replaced", "keyword_suppressed", "keyword_granted"}
CARD_TYPES = {"creature", "enchantment", "artifact", "land", "instant", "sorcery", "planeswalker",
              "battle", "kindred", "territory"}
ACTIONS = ("damage", "destroy", "cast", "upkeep", "set_state", "remove_counter")


@dataclass
class Vocabulary:
    keywords: set[str] = field(default_factory=set)
    param_keywords: set[str] = field(default_factory=set)
    states: set[str] = field(default_factory=set)
    statuses: set[str] = field(default_factory=set)
    counters: set[str] = field(default_factory=set)
    kinds: set[str] = field(default_factory=lambda: {"creature"})
    related: set[tuple[str, str]] = field(default_factory=set)   # (pack keyword, CR keyword)

    def facts(self) -> list[tuple[str, str]]:
        out = [("keyword", k) for k in self.keywords | {c for _, c in self.related}]
        out += [("param_keyword", k) for k in self.param_keywords]
        out += [("state", s) for s in self.states] + [("status", s) for s in self.statuses]
        out += [("counter", c) for c in self.counters]
        out += [("flag" if k == "dfc" else "kind", k) for k in self.kinds]
        out += [("action", a) for a in ACTIONS if a != "set_state" or self.states]
        return out


@dataclass(frozen=True)
class Want:
    """Features a board must have (`all`), and sets of features of which it must have one
    set entirely (`any`)."""

    all: frozenset = frozenset()
    any: frozenset = frozenset()


def constants(node: ast.AST) -> tuple[set[str], set[str]]:
    """The constant names and the strings a statement mentions."""
    names: set[str] = set()
    strings: set[str] = set()

    class Visit(ast.Transformer):
        def visit_SymbolicTerm(self, n):
            sym = n.symbol
            if sym.type == SymbolType.Function and not sym.arguments:
                names.add(sym.name)
            elif sym.type == SymbolType.String:
                strings.add(sym.string)
            return n

        def visit_Function(self, n):
            if not n.arguments and n.name:
                names.add(n.name)
            self.visit_children(n)
            return n

    Visit()(node)
    return names, strings


def atoms(node: ast.AST) -> list[tuple[str, list[ast.AST], bool]]:
    """(predicate, arguments, negated) of each body literal and head atom of a statement."""
    out: list[tuple[str, list[ast.AST], bool]] = []

    class Visit(ast.Transformer):
        def visit_Literal(self, n):
            if n.atom.ast_type == ast.ASTType.SymbolicAtom:
                sym = n.atom.symbol
                terms = sym.arguments if sym.ast_type == ast.ASTType.Pool else [sym]
                for term in terms:
                    if term.ast_type == ast.ASTType.Function:
                        out.append((term.name, list(term.arguments), n.sign != ast.Sign.NoSign))
            self.visit_children(n)
            return n

    Visit()(node)
    return out


def _typed_positions(rules: RuleBase, pack: str) -> tuple[set, set]:
    """Positions (predicate, arity, index) that hold keywords / states: the core's, and the
    positions of predicates the pack defines that share a variable with one in a pack statement
    (bound_to(K,_) next to keyword_in_effect(T,O,K))."""
    kw_pos = {(p, a, i) for (p, a), i in KEYWORD_AT.items()}
    st_pos = {(p, a, i) for (p, a), i in STATE_AT.items()}
    mine = [r for r in rules.rules if r.pack == pack]
    elsewhere = {h for r in rules.rules if r.pack != pack for h in r.heads}
    for _ in range(2):
        for info in mine:
            found = _atoms_of(info)
            for positions in (kw_pos, st_pos):
                typed_vars = {str(args[i]) for name, args, _ in found for (p, a, i) in list(positions)
                              if name == p and len(args) == a
                              and args[i].ast_type == ast.ASTType.Variable}
                for name, args, _ in found:
                    if (name, len(args)) in elsewhere:
                        continue
                    for i, arg in enumerate(args):
                        if arg.ast_type == ast.ASTType.Variable and str(arg) in typed_vars:
                            positions.add((name, len(args), i))
    return kw_pos, st_pos


_ATOMS: dict[int, tuple] = {}


def _atoms_of(info: RuleInfo) -> list:
    # keyed by the node's id, so the entry keeps the node alive: a freed node's id can be
    # reused by another statement's node (`_positive` makes temporary ones; cached rule bases
    # parse theirs when first asked), which would then get the wrong atoms
    node = info.node
    entry = _ATOMS.get(id(node))
    if entry is None or entry[0] is not node:
        entry = _ATOMS[id(node)] = (node, atoms(node))
    return entry[1]


def _typed_constants(info: RuleInfo, positions: set) -> set[str]:
    out = set()
    for name, args, _ in _atoms_of(info):
        for i, arg in enumerate(args):
            if (name, len(args), i) in positions:
                names, _ = constants(arg)
                out |= names
    return out - set(BATTLEFIELD_STATES) - CARD_TYPES


def pack_vocabulary(rules: RuleBase, pack: str) -> Vocabulary:
    """The vocabulary of the pack's statements, and the CR keywords related to it."""
    voc = Vocabulary()
    kw_pos, st_pos = _typed_positions(rules, pack)
    mine = [r for r in rules.rules if r.pack == pack]
    for info in mine:
        names, strings = constants(info.node)
        voc.keywords |= _typed_constants(info, kw_pos)
        voc.states |= (_typed_constants(info, st_pos) | names) & set(BATTLEFIELD_STATES)
        voc.statuses |= ({n for n, _ in info.heads + info.bodies} | names |
                         {n for n, _, _ in _atoms_of(info)} | _functors(info.node)) & set(STATUS_WORDS)
        voc.counters |= {s for s in strings if "/" in s or s.isalpha()} & {"-1/-1", "+1/+1"}
        voc.counters |= _counter_kinds(info)
        if "territory" in names:
            voc.kinds.add("territory")
        if any(n == "keyword_arg" for n, _, _ in _atoms_of(info)):
            voc.param_keywords |= _typed_constants(info, kw_pos)
    voc.keywords = {k for k in voc.keywords if k[0].isalpha()}
    voc.states.discard("empty")
    if voc.states:
        voc.kinds.add("state_permanent")
    if any("transform" in _functors(r.node) for r in mine):
        voc.kinds.add("dfc")
    if any(("were_subtype", 1) in r.bodies for r in mine):
        voc.kinds.add("werecreature")
    voc.kinds.add("spell")
    voc.related = _related_keywords(rules, pack, kw_pos) if voc.keywords else set()
    return voc


# argument positions that hold a counter kind
COUNTER_AT = {("counters_on", 4): 2, ("counter_change", 5): 2, ("counters", 3): 1,
              ("counter_delta", 4): 2, ("enters_with", 5): 2}


def _counter_kinds(info: RuleInfo) -> set[str]:
    """The counter kinds a statement names (strings at a counter position)."""
    out = set()
    for name, args, _ in _atoms_of(info):
        where = COUNTER_AT.get((name, len(args)))
        if where is not None:
            out |= constants(args[where])[1]
    for arg in _functor_args(info.node, "counters", 3):
        out |= constants(arg[1])[1]
    return out


def _functor_args(node: ast.AST, name: str, arity: int) -> list[list]:
    """The arguments of every term name(...) of that arity inside a statement (holds(T,counters(O,K,N)))."""
    out: list[list] = []

    class Visit(ast.Transformer):
        def visit_Function(self, n):
            if n.name == name and len(n.arguments) == arity:
                out.append(list(n.arguments))
            self.visit_children(n)
            return n

    Visit()(node)
    return out


def _related_keywords(rules: RuleBase, pack: str, kw_pos: set) -> set[tuple[str, str]]:
    """CR keywords whose rules define a replacement hook that a CR statement reads next to a
    hook the pack defines: two exceptions to one default (120.3e reads damage_as_counters,
    which infect and wither define, and damage_marking_replaced, which mark defines)."""
    pack_hooks: dict[str, set[str]] = {}
    for info in rules.rules:
        if info.pack == pack:
            for name, _ in info.heads:
                if name in REPLACEMENT_HOOKS:
                    pack_hooks.setdefault(name, set()).update(_typed_constants(info, kw_pos)
                                                              or _pack_keywords_of(rules, pack, info, kw_pos))
    siblings: set[str] = set()
    for info in rules.rules:
        if info.pack == pack:
            continue
        if not any(n in REPLACEMENT_HOOKS for n, _ in info.bodies):
            continue
        read = {name for name, _, neg in _atoms_of(info) if neg and name in REPLACEMENT_HOOKS}
        if read & set(pack_hooks) and len(read) > 1:
            siblings |= read - set(pack_hooks)
    out: set[tuple[str, str]] = set()
    for info in rules.rules:
        if info.pack != pack and any(h in siblings for h, _ in info.heads):
            for cr_kw in _typed_constants(info, kw_pos):
                for hook, mine in pack_hooks.items():
                    out |= {(k, cr_kw) for k in mine if k != cr_kw}
    return out


def _pack_keywords_of(rules: RuleBase, pack: str, info: RuleInfo, kw_pos: set) -> set[str]:
    """The keywords of the pack statements defining the body predicates of `info`."""
    body = {name for name, _ in info.bodies}
    return {k for other in rules.rules if other.pack == pack and
            any(h in body for h, _ in other.heads) for k in _typed_constants(other, kw_pos)}


def wants(info: RuleInfo, rules: RuleBase, pack: str, voc: Vocabulary, kw_pos: set,
          st_pos: set) -> Want:
    """The features a board needs for this statement: the ones it names itself, and all those
    of one of the nearest pack statements defining its body predicates (a fact
    `state_switches_off(daylight,menace)` for the statement that reads it)."""
    own = frozenset(_features(info, voc, kw_pos, st_pos))
    seen = {info.index}
    level = [info]
    for _ in range(4):      # the nearest pack statements, through the predicates they define
        body = {name for i in level for name, _ in i.bodies}
        level = [o for o in rules.rules if o.pack == pack and o.index not in seen
                 and _head_names(o) & body]
        seen |= {o.index for o in level}
        alternatives = {frozenset(_features(o, voc, kw_pos, st_pos)) - own for o in level}
        alternatives = frozenset(a for a in alternatives if a)
        if alternatives:
            return Want(all=own, any=alternatives)
        if own or not level:
            break
    return Want(all=own)


# words of a statement that call for a board feature the generator controls
FEATURE_WORDS = {"territory": ("kind", "territory"), "upkeep": ("action", "upkeep"),
                 "cast_spell": ("action", "cast"), "set_battlefield_state": ("action", "set_state"),
                 "transformable": ("dfc",), "transform": ("dfc",),
                 "battlefield_state": ("kind", "state_permanent"),
                 "leaves_battlefield": ("action", "destroy"), "destroys": ("action", "destroy"), "counter_delta": ("action", "remove_counter"),
                 "were_subtype": ("kind", "werecreature"), "keyword_arg": ("kw", "*param")}


def _head_names(info: RuleInfo) -> set[str]:
    """The predicates a statement defines (pooled facts `p(a,b; c,d).` included)."""
    if info.heads:
        return {h for h, _ in info.heads}
    head = getattr(info.node, "head", None)
    if head is None or head.ast_type != ast.ASTType.Literal:
        return set()
    return {name for name, _, _ in atoms(ast.Rule(info.node.location, head, []))}


def _positive(info: RuleInfo) -> RuleInfo:
    """The statement without its negative body literals (what must hold, not what must not)."""
    node = info.node
    if node.ast_type != ast.ASTType.Rule:
        return info
    body = [lit for lit in node.body if not (lit.ast_type == ast.ASTType.Literal
                                               and lit.sign != ast.Sign.NoSign)]
    return RuleInfo(info.index, info.rule, info.summary, info.file, info.line, info.text,
                    info.pack, info.heads, info.bodies, node.update(body=body))


def _features(info: RuleInfo, voc: Vocabulary, kw_pos: set, st_pos: set) -> set:
    info = _positive(info)
    names, strings = constants(info.node)
    words = names | (_functors(info.node) - {"battlefield_state"})
    out = {("kw", k) for k in _typed_constants(info, kw_pos) & voc.keywords}
    out |= {("state", s) for s in (_typed_constants(info, st_pos) | names) & voc.states}
    out |= {("status", s) for s in words & voc.statuses}
    for word, feature in FEATURE_WORDS.items():
        if word not in words:
            continue
        if feature == ("kw", "*param"):
            out |= {("kw", k) for k in voc.param_keywords}
        elif feature[0] == "kind" and feature[1] not in voc.kinds:
            continue
        elif feature == ("dfc",) and "dfc" not in voc.kinds:
            continue
        else:
            out.add(feature)
    if ("kind", "state_permanent") in out and any(f[0] == "state" for f in out):
        out.discard(("kind", "state_permanent"))
    return out


def positions(rules: RuleBase, pack: str) -> tuple[set, set]:
    return _typed_positions(rules, pack)


def _functors(node: ast.AST) -> set[str]:
    out: set[str] = set()

    class Visit(ast.Transformer):
        def visit_Function(self, n):
            out.add(n.name)
            self.visit_children(n)
            return n

    Visit()(node)
    return out
