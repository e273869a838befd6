"""The abstract atoms of the relevance analysis (relevance.py, patterns.py): a predicate with
a pattern per argument, a constant where the rule or fact writes one, else WILD."""
from __future__ import annotations

import clingo
from clingo import SymbolType

from ..base.symbols import Reader

WILD = None
ANY = "*"            # a head whose atoms the analysis can't describe: everything is derivable

Pattern = tuple      # (predicate "name/arity", (argument pattern, ...))


# -- patterns of ground terms ---------------------------------------------------------------------------
def symbol_pattern(sym: clingo.Symbol) -> str | None:
    """The pattern of a ground term."""
    kind = sym.type
    if kind == SymbolType.Number:
        return f"n:{sym.number}"
    if kind == SymbolType.String:
        return f"s:{sym.string}"
    if kind == SymbolType.Function:
        name = sym.name if sym.positive else "-" + sym.name
        args = sym.arguments
        return f"f:{name}/{len(args)}" if args or not name else f"c:{name}"
    return "i:inf" if kind == SymbolType.Infimum else "i:sup"


def fact_pattern(sym: clingo.Symbol, read: Reader | None = None,
                 memo: dict | None = None) -> Pattern:
    """The abstract atom of a ground atom (a scenario fact). With a Reader and a memo (kept
    over the facts of a scenario, whose arguments repeat: time points, players, objects), each
    distinct argument is described once."""
    if read is None or memo is None:
        name = sym.name if sym.positive else "-" + sym.name
        args = sym.arguments
        return (f"{name}/{len(args)}", tuple(symbol_pattern(a) for a in args))
    handle = read.handle(sym)
    name = read.name(handle) if sym.positive else "-" + read.name(handle)
    out = []
    for arg in read.arguments(handle):
        pattern = memo.get(arg, memo)
        if pattern is memo:
            pattern = memo[arg] = symbol_pattern(read.symbol(arg))
        out.append(pattern)
    return (f"{name}/{len(out)}", tuple(out))
