"""Explanations of one answer set after a plain solve, only as far as the outcome atoms reach.

`ask` cites, per outcome, the rules of the derivations of its outcome atoms
(deadline.KEEP_DERIVATIONS). Solving the rules together with their explanation rules
(transform.why_rules) paid for every derived atom: the explanation rules instantiate every rule
body a second time over every atom that could hold (twice the grounding), and each model carried
an `rk_why` atom per derived atom (48 000 on one empty turn), all read back in Python, for the
few thousand a derivation of the outcome atoms visits.

So `ask` solves without them (as `test` does) and then, for each distinct outcome, grounds a
demand-driven form of the explanation rules over that model's atoms given as facts: no search,
gringo evaluates it while grounding. The demand starts at the model's `outcome/1` atoms; an atom
is *needed* when it is an outcome atom, a positive body atom of a support of a needed atom, or
the condition that let a needed atom pass a constraint (`rk_allow`). For each explanation rule

    rk_why(I, H, (B1,...,Bn)) :- Body.

the demand form is one rule (p names the head's predicate and arity)

    rk_fired_why(I, H, (B1,...,Bn), (B1,(B2,(...,(Bn,()))))) :- rk_need_p(H), Body.

and a few rules shared by all: every atom of the chain (the last argument) is needed
(`rk_need(A)`, then `rk_need_q(A)` for its predicate q), and the entry `rk_why(I,H,B)` is shown
for each `rk_fired_why(I,H,B,_)`; likewise `rk_allow(I, P, N)` (demand on P, N needed); they are
shown as `rk_focus(why|allow, I, H, rk_focus_body, B)` and read back as text (FocusSupport), the
form in which an answer leaves the solving child anyway. Given the model as
facts, Body holds exactly where it holds in the model, so every needed atom gets the very
`rk_why` and `rk_allow` atoms the explanation rules give it in that model: the supports an `ask`
reads are the ones of the single explanation solve; the others are never made. One need
predicate per head predicate keeps gringo from matching every need against every rule; one
statement per explanation rule keeps gringo's fixed cost per statement (about 50 us) low. Only
the rules whose head can be needed (from outcome/1 through positive bodies, among the rules that
can fire, relevance.py) are given.

The model's atoms go in through a context function (`@rk_atoms(j)`, one call per predicate: one
list of symbols, no per-atom call into clingo from Python). clingo gives a model's atoms grouped
by predicate; the groups are found by a galloping search on their signatures, and checked after
grounding (every group must have given exactly its own atoms); if not, the atoms go in one by one
through the backend.
"""
from __future__ import annotations

from pathlib import Path
from typing import Collection, Iterable, Sequence

import clingo
from clingo import Function, Number, Symbol, SymbolType, ast

from ..base import rulecache
from ..base.textsupport import TextSupport
from ..rules.rulebase import RuleBase
from ..rules.transform import WHY

NEED = "rk_need_"
FIRED_WHY = "rk_fired_why"
FIRED_ALLOW = "rk_fired_allow"
CHAIN = "rk_chain"
LOADED = "rk_loaded"
SHOWN = "rk_focus"          # what the explanation shows (_passing), read by FocusSupport.of
MARK = "rk_focus_body"      # between an entry's subject and its body in the shown term
# predicates a derivation never follows (explain.TIMING_FACTS, skipped by deadline._reachable)
NOT_FOLLOWED = {"final", "step", "check", "time", "report_time", "settle_point", "action_index",
                "segment", "stack_time", "time_name", "rest_point", "exact_trigger_names"}
_FORMAT = 3


def need_name(name: str, arity: int, positive: bool = True) -> str:
    """The need predicate of the atoms of one predicate (`-` for classical negation)."""
    return f"{NEED}{'' if positive else 'neg_'}{name}_{arity}"


# -- the demand form of the explanation rules -----------------------------------------------------
Signature = list  # [name, arity, positive] of the atoms a need predicate stands for
Demand = list     # per explanation rule: [signature waited on or None, signatures made, text]


def demand_by_rule(rules: RuleBase) -> dict[int, list[Demand]]:
    """Each rule's index and the demand form of its explanation rules (demand_rule): built from
    the explanation rules (program.why_by_rule) once per set of rule files (persistent cache,
    kind "need"), kept on the rule base for this process."""
    from ..rules.program import _whole, why_by_rule
    cached = vars(rules).get("_demand")
    if cached is not None and cached[0] is rules.rules:
        return cached[1]
    whole = _whole(rules) is rules.rules           # a copy (mutation tests) is not cached
    key = _key(rules.cache_key) if whole else None
    data = rulecache.load("need", key) if key else None
    if not _well_formed(data):
        data = _transform(why_by_rule(rules))
        if key:
            rulecache.store("need", key, data)
    by_index = {int(k): v for k, v in data.items()}
    vars(rules)["_demand"] = (rules.rules, by_index)
    return by_index


def _well_formed(data: object) -> bool:
    return isinstance(data, dict) and all(
        isinstance(v, list) and all(isinstance(d, list) and len(d) == 3 for d in v)
        for v in data.values())


def _key(base_key: str) -> str:
    """The rule base's cache key and this module's code (the transform is done here)."""
    import hashlib
    code = Path(__file__).read_bytes()
    return hashlib.sha256(f"{base_key}:{_FORMAT}:".encode() + code).hexdigest()[:32]


def _transform(why: Sequence[tuple[int, list[str]]]) -> dict[str, list[Demand]]:
    out: dict[str, list[Demand]] = {}
    for index, texts in why:
        if texts:
            statements: list[ast.AST] = []
            ast.parse_string("\n".join(texts), lambda s: s.ast_type == ast.ASTType.Program
                             or statements.append(s))
            out[str(index)] = [demand_rule(stm) for stm in statements]
    return out


def demand_rule(stm: ast.AST) -> Demand:
    """The demand form (module docstring) of one explanation rule `rk_why(I,H,B) :- Body.` or
    `rk_allow(I,P,N) :- Body.`: [the signature of the need it waits on (None: it always
    fires), the signatures of the needs it makes, its rule as text]."""
    head = stm.head.atom.symbol
    loc = stm.location
    _, subject, third = head.arguments
    needed = list(third.arguments) if head.name == WHY else [third]
    followed = [a for a in needed if _followed(a)]
    chain: ast.AST = _tuple(loc, [])
    for atom in reversed(followed):
        chain = _tuple(loc, [atom, chain])
    name = FIRED_WHY if head.name == WHY else FIRED_ALLOW
    fired = _atom(loc, name, list(head.arguments) + [chain])
    waits = _signature(subject) if _followed(subject) else None
    body = ([_literal(_atom(loc, need_name(*waits), [subject]))] if waits else []) + list(stm.body)
    made = sorted({_signature(a) for a in followed})
    return [list(waits) if waits else None, [list(m) for m in made],
            str(ast.Rule(loc, _literal(fired), body))]


def _followed(atom: ast.AST) -> bool:
    """An atom a derivation follows, written so a need predicate can name it."""
    signature = _signature(atom)
    return signature is not None and signature[0] not in NOT_FOLLOWED


def _tuple(loc: ast.Location, terms: list[ast.AST]) -> ast.AST:
    return ast.Function(loc, "", terms, 0)


def _atom(loc: ast.Location, name: str, args: list[ast.AST]) -> ast.AST:
    return ast.SymbolicAtom(ast.Function(loc, name, args, 0))


def _literal(atom: ast.AST) -> ast.AST:
    return ast.Literal(atom.location if hasattr(atom, "location") else atom.symbol.location,
                       ast.Sign.NoSign, atom)


def _signature(term: ast.AST) -> tuple[str, int, bool] | None:
    """name, arity and sign of an atom written as a term, or None (not a plain atom)."""
    positive = True
    if term.ast_type == ast.ASTType.UnaryOperation and \
            term.operator_type == ast.UnaryOperator.Minus:
        term, positive = term.argument, False
    if term.ast_type == ast.ASTType.Function and term.name and not term.external:
        return term.name, len(term.arguments), positive
    if term.ast_type == ast.ASTType.SymbolicTerm and term.symbol.type == SymbolType.Function:
        return term.symbol.name, len(term.symbol.arguments), term.symbol.positive
    return None


# -- explaining one model ---------------------------------------------------------------------
def program_text(rules: RuleBase, live: Collection[int] | None) -> str:
    """The demand-driven explanation rules of the rules that can fire (relevance.live_rules)
    and whose head can be needed (from outcome/1, through positive bodies), the rules that
    pass needs on, the outcome atoms as the first needed atoms, and what is shown."""
    demand = [d for index, ds in demand_by_rule(rules).items()
              if live is None or index in live for d in ds]
    waiting: dict[tuple | None, list[Demand]] = {}
    for d in demand:
        waiting.setdefault(tuple(d[0]) if d[0] else None, []).append(d)
    seed = ("outcome", 1, True)
    reached, todo, parts, waited = {seed}, [seed, None], [], set()
    while todo:
        key = todo.pop()
        if key in waiting:
            waited.add(key)
        for d in waiting.pop(key, []):
            parts.append(d[2])
            made = [tuple(m) for m in d[1]]
            todo += [m for m in made if m not in reached]
            reached.update(made)
    parts += [t for t in rules.statement_texts if t.startswith("#const")]
    parts += _passing(waited - {None}, seed)
    return "\n".join(parts)


def _passing(signatures: Iterable[tuple], seed: tuple) -> list[str]:
    """The rules that read what the fired rules need (each `rk_fired_*` atom carries its needed
    atoms as a chain `(A1,(A2,(...,())))`), hand each need to its predicate's need atoms, and
    show the supports (as `rk_focus(why|allow, I, Subject, rk_focus_body, Body)`, a form
    whose text splits without a parser: FocusSupport.of); the outcome atoms are needed first."""
    out = [f"{CHAIN}(L) :- {FIRED_WHY}(_,_,_,L).", f"{CHAIN}(L) :- {FIRED_ALLOW}(_,_,_,L).",
           f"{CHAIN}(L) :- {CHAIN}((_,L)).", f"{NEED}(A) :- {CHAIN}((A,_)).",
           f"{need_name(*seed)}(outcome(X)) :- outcome(X).", "#show.",
           f"#show {SHOWN}(why,I,H,{MARK},B) : {FIRED_WHY}(I,H,B,_).",
           f"#show {SHOWN}(allow,I,P,{MARK},N) : {FIRED_ALLOW}(I,P,N,_)."]
    for sig in sorted(signatures):
        atom = _term(sig)
        out.append(f"{need_name(*sig)}({atom}) :- {NEED}({atom}).")
    return out


def explain_model(program: str, atoms: Sequence[Symbol], logger=None,
                  keep: list | None = None) -> "FocusSupport":
    """The supports (`rk_why` and `rk_allow` entries) of the needed atoms of the stable model
    `atoms` (every atom of the model, as `Model.symbols(atoms=True)` gives them), given
    `program` (program_text). With `keep` (a list), the control is put there instead of being
    freed (a forked solving child exits without freeing, solve._keep_until_exit)."""
    groups = _groups(_symbols(atoms))
    ctl = clingo.Control(["--models=1"], logger=logger, message_limit=1_000_000)
    ctl.add("base", [], program)
    ctl.add("base", [], _loaders(groups))
    ctl.ground([("base", [])], context=_Atoms(groups))
    if keep is not None:
        keep.append(ctl)
    if not _complete(ctl, groups):
        return _explain_one_by_one(program, atoms, logger)
    return FocusSupport.of(_shown(ctl))


def _explain_one_by_one(program: str, atoms: Iterable[Symbol], logger) -> "FocusSupport":
    """The same, the atoms added one by one through the backend (slower, no assumption about
    their order)."""
    ctl = clingo.Control(["--models=1"], logger=logger, message_limit=1_000_000)
    ctl.add("base", [], program)
    with ctl.backend() as backend:
        for atom in atoms:
            backend.add_rule([backend.add_atom(atom)])
    ctl.ground([("base", [])])
    return FocusSupport.of(_shown(ctl))


def _shown(ctl: clingo.Control) -> list[Symbol]:
    found: list[Symbol] = []

    def on_model(model: clingo.Model) -> bool:
        found[:] = model.symbols(shown=True)
        return False

    ctl.solve(on_model=on_model)
    return found


Entries = dict[str, list[tuple[int, str]]]   # an atom's text: (rule index, body or condition)


class FocusSupport(TextSupport):
    """The supports of one explained model, as text: `raw`, per atom, its `rk_why` entries
    (rule index, body tuple); `allows`, per atom, its `rk_allow` entries (rule index,
    condition). This is the form an answer crosses the process boundary in (deadline.flatten
    sends `flat` as it is, textsupport.TextSupport reads it); an explanation parses the entries
    of the atoms it visits (`get`, `allowed_by`). Reading 4 600 entries symbol by symbol (a
    call into clingo per argument, then again to print them) cost 0.1 s on one empty turn;
    printed whole and split, a few milliseconds."""

    def __init__(self, raw: Entries, allows: Entries):
        self.terms: dict[str, Symbol] = {}
        super().__init__(raw, self._term, allows)

    @property
    def flat(self) -> tuple[Entries, Entries]:
        return self.raw, self.allows

    @classmethod
    def of(cls, shown: Sequence[Symbol]) -> "FocusSupport":
        """From the shown `rk_focus(Kind, I, Subject, rk_focus_body, Body)` terms: printed as
        one tuple (one call into clingo) and split at the shown name and the mark, which no
        atom of the model carries; if a string in an atom holds them (the pieces don't add
        up), term by term instead."""
        raw: Entries = {}
        allows: Entries = {}
        text = str(Function("", list(shown)))[1:-1]
        pieces = text.rstrip(",").split(f",{SHOWN}(") if shown else []
        if pieces:
            pieces[0] = pieces[0][len(SHOWN) + 1:]
        split = [p[:-1].split(f",{MARK},") for p in pieces]
        if len(split) != len(shown) or any(len(p) != 2 for p in split):
            return cls._one_by_one(shown)
        for (entry, body) in split:
            kind, index, subject = entry.split(",", 2)
            (raw if kind == "why" else allows).setdefault(subject, []).append((int(index), body))
        return cls(raw, allows)

    @classmethod
    def _one_by_one(cls, shown: Sequence[Symbol]) -> "FocusSupport":
        raw: Entries = {}
        allows: Entries = {}
        for term in shown:
            kind, index, subject, _, body = term.arguments
            (raw if kind.name == "why" else allows).setdefault(str(subject), []).append(
                (index.number, str(body)))
        return cls(raw, allows)

    def _term(self, text: str) -> Symbol:
        if text not in self.terms:
            self.terms[text] = clingo.parse_term(text)
        return self.terms[text]


    def alias(self, atom: Symbol, source: Symbol) -> None:
        """`atom` is explained as `source` is (an outcome the bridge renames)."""
        if str(source) in self.raw:
            self.raw[str(atom)] = self.raw[str(source)]


def _symbols(atoms: Sequence[Symbol]) -> Sequence[Symbol]:
    """The atoms as a list. A model's symbols come as a lazy sequence whose items cost a few
    checks each; its array of symbol handles, where clingo's Python API keeps one, is read
    directly (one Symbol made per handle)."""
    handles = getattr(atoms, "_p_symbols", None)
    if handles is None:
        return atoms if isinstance(atoms, list) else list(atoms)
    return [Symbol(h) for h in handles]


class _Atoms:
    """The context of the loaders: `@rk_atoms(j)` is the j-th group of the model's atoms."""

    def __init__(self, groups: list[list[Symbol]]):
        self.groups = groups

    def rk_atoms(self, j: Symbol) -> list[Symbol]:
        return self.groups[j.number]


Group = list  # consecutive atoms of one signature (name, arity, sign)


def _sig(atom: Symbol) -> tuple[str, int, bool] | None:
    if atom.type != SymbolType.Function:
        return None
    return atom.name, len(atom.arguments), atom.positive


def _groups(atoms: Sequence[Symbol]) -> list[Group]:
    """The runs of atoms of one signature (galloping search: a few signature reads per run)."""
    out, start, n = [], 0, len(atoms)
    while start < n:
        sig = _sig(atoms[start])
        step, last = 1, start          # atoms[last] has sig; find the run's end
        while last + step < n and _sig(atoms[last + step]) == sig:
            last += step
            step *= 2
        high = min(n - 1, last + step)     # first index known (or assumed) past the run
        while high - last > 1:
            mid = (last + high) // 2
            if _sig(atoms[mid]) == sig:
                last = mid
            else:
                high = mid
        if high == last + 1 and high < n and _sig(atoms[high]) == sig:
            last = high
        out.append(list(atoms[start:last + 1]))
        start = last + 1
    return out


def _signatures(groups: list[Group]) -> dict[tuple[str, int, bool], int]:
    """Each signature of the groups and how many atoms the groups hold of it."""
    counts: dict[tuple[str, int, bool], int] = {}
    for group in groups:
        sig = _sig(group[0])
        counts[sig] = counts.get(sig, 0) + len(group)
    return counts


def _loaders(groups: list[Group]) -> str:
    """One rule per group: its atoms, from `@rk_atoms(j)`, as facts; and per signature, how
    many atoms of it were loaded (`rk_loaded(k, N)`, _complete)."""
    lines = []
    for j, group in enumerate(groups):
        lines.append(f"{_term(_sig(group[0]))} :- {_term(_sig(group[0]))} = @rk_atoms({j}).")
    for k, sig in enumerate(_signatures(groups)):
        variables = ",".join(f"X{i}" for i in range(sig[1])) or "1"
        lines.append(f"{LOADED}({k},N) :- N = #count{{ {variables} : {_term(sig)} }}.")
    return "\n".join(lines)


def _term(sig: tuple[str, int, bool]) -> str:
    name, arity, positive = sig
    args = ",".join(f"X{i}" for i in range(arity))
    return ("" if positive else "-") + name + (f"({args})" if arity else "")


def _complete(ctl: clingo.Control, groups: list[Group]) -> bool:
    """Every atom given: per signature, as many atoms loaded as the groups hold (an atom of
    another signature in a group would not unify with its loader, and be missing)."""
    atoms = ctl.symbolic_atoms
    for k, count in enumerate(_signatures(groups).values()):
        found = atoms[Function(LOADED, [Number(k), Number(count)])]
        if found is None or not found.is_fact:
            return False
    return True
