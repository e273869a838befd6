"""The abstract atoms of the relevance analysis (relevance.py, patterns.py): a predicate with
a pattern per argument, a constant where the rule or fact writes one, a function term's name
with the patterns of its arguments (to DEPTH levels), else WILD."""
from __future__ import annotations

import clingo
from clingo import SymbolType

from ..base.symbols import Reader

WILD = None
ANY = "*"            # a head whose atoms the analysis can't describe: everything is derivable
# levels of function terms an argument pattern keeps: `holds(T,counters(O,"+1/+1",N))` needs
# a +1/+1 counter, not any counter (2); below that a function term is its name only
DEPTH = 2

Pattern = tuple      # (predicate "name/arity", (argument pattern, ...))
# an argument pattern: WILD (None), a constant ("n:3", "s:text", "c:name", "i:inf"/"i:sup"),
# or a function term: ("name/arity", argument pattern, ...), its arguments WILD below DEPTH


# -- patterns of ground terms ---------------------------------------------------------------------------
def symbol_pattern(sym: clingo.Symbol, depth: int = DEPTH) -> str | tuple | None:
    """The pattern of a ground term."""
    kind = sym.type
    if kind == SymbolType.Number:
        return f"n:{sym.number}"
    if kind == SymbolType.String:
        return f"s:{sym.string}"
    if kind == SymbolType.Function:
        name = sym.name if sym.positive else "-" + sym.name
        args = sym.arguments
        if not args and name:
            return f"c:{name}"
        key = f"{name}/{len(args)}"
        if depth <= 1:
            return (key, *(WILD for _ in args))
        return (key, *(symbol_pattern(a, depth - 1) for a in args))
    return "i:inf" if kind == SymbolType.Infimum else "i:sup"


def agree(need: str | tuple | None, have: str | tuple | None) -> bool:
    """Two argument patterns match unless both are known and differ (function terms: the same
    name and arity, and every argument agrees)."""
    if need is None or have is None or need == have:
        return True
    if type(need) is tuple and type(have) is tuple and need[0] == have[0]:
        for n, h in zip(need, have):
            if n is not None and h is not None and n != h and not agree(n, h):
                return False
        return True
    return False


def value_at(args: tuple, path: tuple) -> str | tuple | None:
    """The pattern at `path` (an argument's position, then positions within function terms)
    of the arguments of an atom matching the need that names the path (WILD where a function
    term is WILD above it)."""
    value = args[path[0]]
    for i in path[1:]:
        if value is None:
            return None
        value = value[i + 1]
    return value


def put(args: tuple, path: tuple, value: str | tuple | None) -> tuple:
    """`args` with the pattern at `path` replaced by `value` (cut to the levels left there)."""
    return _put(args, path, cut(value, DEPTH + 1 - len(path)))


def _put(args: tuple, path: tuple, value: str | tuple | None) -> tuple:
    i = path[0]
    if len(path) == 1:
        return (*args[:i], value, *args[i + 1:])
    inner = args[i]
    return (*args[:i], (inner[0], *_put(inner[1:], path[1:], value)), *args[i + 1:])


def cut(value: str | tuple | None, depth: int) -> str | tuple | None:
    """A pattern kept to `depth` levels of function terms (below, a function term's name)."""
    if type(value) is not tuple:
        return value
    if depth <= 1:
        return (value[0], *(WILD for _ in value[1:]))
    return (value[0], *(cut(v, depth - 1) for v in value[1:]))


def freeze(pattern: object) -> str | tuple | None:
    """An argument pattern read back from JSON (lists) as tuples."""
    if isinstance(pattern, list):
        return tuple(freeze(p) for p in pattern)
    return pattern     # type: ignore[return-value]


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
