""""Why not": for an atom that holds in no outcome, the condition of each rule that could have
made it hold which failed, with the values seen.

Each candidate rule (its head matches the atom) is cut into prefixes of its body, positive atoms
first: `rk_probe(C, K, (Vars)) :- L1, ..., LK.` One more solve of the scenario tells the longest
prefix that holds; the next literal is the failed condition, reported with the values its
variables had. A failed `not X` means X holds: the probe also returns X (`rk_witness`), and X's
own derivation (the answer's supports) says why, through its negated conditions in turn.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from difflib import get_close_matches

from clingo import Function, Number, Symbol, ast, parse_term

from ..base.unify import match_head, to_pattern
from ..rules.rulebase import RuleBase, RuleInfo
from ..rules.transform import anonymous_renamer

PROBE, WITNESS = "rk_probe", "rk_witness"
MAX_CANDIDATES = 40      # rules probed for one question
MAX_SHOWN = 20           # of those, the ones that got furthest are shown; followed further
                         # only when some of their conditions held (or at the first level)
MAX_DEPTH = 3


@dataclass
class Failure:
    """Why one rule did not make the atom hold."""

    rule: str
    summary: str
    head: str
    condition: str                     # the literal that failed, as written in the rule
    values: dict[str, str]             # the variables bound where the rule got furthest
    holds: str | None = None           # for a failed `not X`: the X that holds
    because: list["Failure"] = field(default_factory=list)
    note: str = ""
    progress: int = 0                  # how many of its conditions held

    def as_json(self) -> dict:
        return {"rule": self.rule, "summary": self.summary, "head": self.head,
                "failed_condition": self.condition, "values": self.values, "holds": self.holds,
                "note": self.note, "because": [b.as_json() for b in self.because]}

    def lines(self, indent: str = "  ") -> list[str]:
        if not self.condition:           # an atom that holds, and why
            out = [f"{indent}{self.rule} {self.summary}: {self.head} {self.note}"]
            for sub in self.because:
                out += sub.lines(indent + "  ")
            return out
        vals = ", ".join(f"{k}={v}" for k, v in self.values.items())
        text = f"{indent}{self.rule} {self.summary}: needs `{self.condition}`"
        if self.holds:
            text += f", but {self.holds} holds"
        elif self.note:
            text += f", {self.note}"
        else:
            text += ", which does not hold"
        if vals:
            text += f" (with {vals})"
        out = [text]
        for sub in self.because:
            out += sub.lines(indent + "  ")
        return out


def producing_rules(pattern, rules: RuleBase) -> list[tuple[RuleInfo, dict]]:
    """Game rules whose head can produce the pattern, with the bindings of the match."""
    out = []
    for info in rules.rules:
        binding = match_head(pattern, info.node)
        if binding is not None:
            out.append((info, binding))
    return out


def unknown_predicate(atom: Symbol, rules: RuleBase, known: set[str]) -> str | None:
    """A message when no rule and no outcome uses the atom's predicate (a misspelt atom)."""
    sig = (atom.name, len(atom.arguments))
    heads = {h for info in rules.rules for h in info.heads}
    if sig in heads or atom.name in known:
        return None
    names = sorted({h[0] for h in heads} | known)
    close = get_close_matches(atom.name, names, n=3)
    hint = f"; did you mean {' or '.join(close)}?" if close else ""
    return (f"{atom.name}/{len(atom.arguments)} is not an outcome atom nor a predicate of the "
            f"rule base{hint}")


# -- building probes ------------------------------------------------------------------------
def _ground(pattern) -> Symbol | None:
    if pattern is None:
        return None
    if pattern[0] == "c":
        return pattern[1]
    args = [_ground(p) for p in pattern[2]]
    return None if any(a is None for a in args) else Function(pattern[1], args)


def _substitute(node: ast.AST, binding: dict) -> ast.AST:
    class Sub(ast.Transformer):
        def visit_Variable(self, var):
            value = _ground(binding.get(var.name)) if var.name != "_" else None
            return ast.SymbolicTerm(var.location, value) if value is not None else var

    return Sub()(node)


def _is_positive(lit: ast.AST) -> bool:
    return (lit.ast_type == ast.ASTType.Literal and lit.sign == ast.Sign.NoSign
            and lit.atom.ast_type == ast.ASTType.SymbolicAtom)


def _is_negative_atom(lit: ast.AST) -> bool:
    return (lit.ast_type == ast.ASTType.Literal and lit.sign == ast.Sign.Negation
            and lit.atom.ast_type == ast.ASTType.SymbolicAtom)


def _vars(nodes: list[ast.AST]) -> list[str]:
    found: list[str] = []

    class Collect(ast.Transformer):
        def visit_Variable(self, var):
            if var.name != "_" and var.name not in found:
                found.append(var.name)
            return var

    for n in nodes:
        Collect()(n)
    return found


def _ordered_body(info: RuleInfo, binding: dict) -> list[ast.AST]:
    body = [_substitute(lit, binding) for lit in info.node.body]
    return [l for l in body if _is_positive(l)] + [l for l in body if not _is_positive(l)]


def _fn(loc, name: str, args: list[ast.AST]) -> ast.AST:
    return ast.Literal(loc, ast.Sign.NoSign, ast.SymbolicAtom(ast.Function(loc, name, args, 0)))


def _named(atom_node: ast.AST) -> ast.AST:
    """The atom with each `_` named, so it can stand in a head."""
    return anonymous_renamer("RkW")(atom_node)


def probes(cid: int, info: RuleInfo, binding: dict) -> tuple[list[ast.AST], list[ast.AST]]:
    """The probe rules of one candidate, and its body in probe order."""
    body = _ordered_body(info, binding)
    loc = info.node.location
    positive_vars = _vars([l for l in body if _is_positive(l)])
    out = []
    for k in range(len(body) + 1):
        prefix = body[:k]
        names = [v for v in _vars([l for l in prefix if _is_positive(l)]) if v in positive_vars]
        values = ast.Function(loc, "", [ast.Variable(loc, v) for v in names], 0)
        keys = ast.Function(loc, "", [ast.SymbolicTerm(loc, parse_term(f'"{v}"')) for v in names], 0)
        head = _fn(loc, PROBE, [ast.SymbolicTerm(loc, Number(cid)), ast.SymbolicTerm(loc, Number(k)),
                                ast.Function(loc, "", [keys, values], 0)])
        out.append(ast.Rule(loc, head, prefix))
        if k < len(body) and _is_negative_atom(body[k]):
            held = _named(body[k].atom.symbol)
            w_head = _fn(loc, WITNESS, [ast.SymbolicTerm(loc, Number(cid)),
                                        ast.SymbolicTerm(loc, Number(k)), held])
            lit = ast.Literal(loc, ast.Sign.NoSign, ast.SymbolicAtom(held))
            out.append(ast.Rule(loc, w_head, prefix + [lit]))
    return out, body


def read_probes(found: list[str]) -> tuple[dict[int, tuple[int, dict]], dict[tuple[int, int], str]]:
    """The longest holding prefix of each candidate with its values; the witnesses."""
    best: dict[int, tuple[int, dict]] = {}
    witness: dict[tuple[int, int], str] = {}
    for text in found:
        sym = parse_term(text)
        cid, k = sym.arguments[0].number, sym.arguments[1].number
        if sym.name == WITNESS:
            witness.setdefault((cid, k), str(sym.arguments[2]))
            continue
        keys, values = sym.arguments[2].arguments
        bound = {k_.string: str(v) for k_, v in zip(keys.arguments, values.arguments)}
        if cid not in best or k > best[cid][0]:
            best[cid] = (k, bound)
    return best, witness


# -- the driver -------------------------------------------------------------------------------
@dataclass
class _Question:
    pattern: object                     # what should have held (a unify pattern)
    sink: list                          # where its failures go


def candidates(pattern, rules: RuleBase, depth: int = 5) -> list[tuple[RuleInfo, dict]]:
    """Game rules that could produce the pattern, looking through bookkeeping (`model`)
    statements such as the reading of outcomes off the final state."""
    from ..base.unify import constants, instantiate_body
    keys = constants(pattern)
    found: list[tuple[RuleInfo, dict]] = []
    frontier, seen = [pattern], set()
    for _ in range(depth):
        nxt = []
        for pat in frontier:
            for info, binding in producing_rules(pat, rules):
                if not info.is_model:
                    if all(info is not f[0] for f in found):
                        found.append((info, binding))
                    continue
                for body in instantiate_body(info.node, binding):
                    if keys <= constants(body) and repr(body) not in seen:
                        seen.add(repr(body))
                        nxt.append(body)
        frontier = nxt
        if found:
            break
    return found[:MAX_CANDIDATES]


def why_not(atom: Symbol, support, rules: RuleBase, run_probes) -> list[Failure]:
    """The failed condition of each rule that could have made `atom` an outcome.
    run_probes(rules_ast) -> the probe atoms (text) of the first answer."""
    top: list[Failure] = []
    questions = [_Question(to_pattern(Function("outcome", [atom])), top)]
    asked: set[str] = set()
    for level in range(MAX_DEPTH):
        if not questions:
            break
        questions = _round(questions, support, rules, run_probes, asked, level)
    return sorted(top, key=lambda f: -f.progress)     # the rule that got furthest first


def _round(questions, support, rules, run_probes, asked, level: int) -> list[_Question]:
    """One solve for all the questions of a level; returns the next level's questions."""
    extra, plan = [], []
    for q in questions:
        if repr(q.pattern) in asked:
            continue
        asked.add(repr(q.pattern))
        for info, binding in candidates(q.pattern, rules):
            cid = len(plan)
            rules_ast, body = probes(cid, info, binding)
            extra += rules_ast
            plan.append((q, info, binding, body))
    if not plan:
        return []
    best, witness = read_probes(run_probes(extra))
    by_question: dict[int, list] = {}
    for cid, (q, info, binding, body) in enumerate(plan):
        k, values = best.get(cid, (0, {}))
        by_question.setdefault(id(q), []).append((k, cid, q, info, binding, body, values))
    nxt: list[_Question] = []
    for entries in by_question.values():
        entries.sort(key=lambda e: (-e[0], e[1]))      # the rules that got furthest first
        for k, cid, q, info, binding, body, values in entries[:MAX_SHOWN]:
            follow = _failure(k, cid, q, info, binding, body, values, witness, support, rules)
            if k > 0 or level == 0:
                nxt += follow
    return nxt


def _failure(k, cid, q, info, binding, body, values, witness, support, rules) -> list[_Question]:
    """Record why one candidate failed; return what to ask next about it."""
    from ..base.unify import _from_term
    head = str(_substitute(info.node.head, binding))
    if k >= len(body):
        q.sink.append(Failure(info.rule, info.summary, head, "(every condition)", values,
                              note="every condition held: a choice went another way",
                              progress=k))
        return []
    lit = body[k]
    failure = Failure(info.rule, info.summary, head, str(lit), values, progress=k)
    q.sink.append(failure)
    held = witness.get((cid, k))
    if held is not None:
        failure.holds = held
        return _why_holds(parse_term(held), support, rules, failure.because)
    if _is_positive(lit):
        bound = dict(binding)
        bound.update({v: to_pattern(parse_term(x)) for v, x in values.items()})
        return [_Question(_from_term(lit.atom.symbol, bound), failure.because)]
    return []


def _why_holds(atom: Symbol, support, rules: RuleBase, sink: list) -> list[_Question]:
    """An atom holds that a rule needed absent: the rule that made it hold, and the negated
    conditions of that rule (each a new question: why does it not hold)."""
    from ..base.unify import _from_term, _match
    entries = support.get(atom) if support is not None else None
    if not entries:
        return []
    index, body_atoms = sorted(entries, key=lambda e: (rules.rules[e[0]].is_model, e[0]))[0]
    info = rules.rules[index]
    binding = match_head(atom, info.node) or {}
    positives = [l for l in info.node.body if _is_positive(l)]
    for lit, ground in zip(positives, body_atoms):
        _match(to_pattern(ground), lit.atom.symbol, binding)
    negated = [_from_term(l.atom.symbol, binding) for l in info.node.body if _is_negative_atom(l)]
    note = "holds"
    if body_atoms:
        note += ", from " + ", ".join(str(a) for a in body_atoms)
    if negated:
        note += "; and " + ", ".join(_text(p) for p in negated) + " does not hold"
    node = Failure(info.rule, info.summary, str(atom), "", {}, note=note)
    sink.append(node)
    return [_Question(p, node.because) for p in negated]


def _text(pattern) -> str:
    if pattern is None:
        return "_"
    if pattern[0] == "c":
        return str(pattern[1])
    args = ",".join(_text(p) for p in pattern[2])
    return f"{pattern[1]}({args})" if pattern[2] else pattern[1]
