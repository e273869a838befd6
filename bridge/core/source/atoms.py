"""Outcome atoms written as text (`expect`, `choose`, the ATOM of `why`), parsed as clingo
terms: a term parse cannot define rules or run code; variables, over-long or over-deep terms
and numbers clingo would wrap are refused."""
from __future__ import annotations

import re
from typing import Callable

import clingo

from .checks import MAX_INT
from .yamlsrc import clip

__all__ = ["MAX_ATOM_DEPTH", "MAX_ATOM_TEXT", "parse_atom", "unwrap_chose"]


MAX_ATOM_TEXT = 1000      # outcome atoms are short; `why` takes its ATOM from the command line
MAX_ATOM_DEPTH = 16       # happened(died(bear)) is 3 deep; explanations walk terms recursively


def parse_atom(text: str, fail: Callable[[str], Exception]) -> clingo.Symbol:
    """An outcome atom as a clingo symbol (a term parse: it cannot define rules or run code);
    variables, non-ground text, over-long or over-deep terms are refused."""
    if len(text) > MAX_ATOM_TEXT:
        raise fail(f"atom too long ({len(text)} characters; at most {MAX_ATOM_TEXT}): {clip(text)}")
    try:
        sym = clingo.parse_term(text, logger=lambda *_: None)
    except (RuntimeError, ValueError):
        raise fail(f"not an atom: {clip(text)} (write e.g. zone(fang,graveyard))") from None
    if sym.type != clingo.SymbolType.Function or not sym.name:
        raise fail(f"not an atom: {clip(text)} (write e.g. zone(fang,graveyard))")
    if _depth(sym) > MAX_ATOM_DEPTH:
        raise fail(f"atom nested more than {MAX_ATOM_DEPTH} levels deep: {clip(text)}")
    for token in _NUMBER_OR_STRING.findall(text):
        if not token.startswith('"') and (len(token) > 7 or int(token) > MAX_INT):
            # clingo would wrap it silently (and Python refuses to read 4,300+ digits)
            raise fail(f"number {clip(token, quote=False)} in {clip(text)} out of range "
                       f"(at most {MAX_INT})")
    return sym


def _depth(sym: clingo.Symbol) -> int:
    """How deeply a term nests (without recursion)."""
    deepest, stack = 0, [(sym, 1)]
    while stack:
        term, depth = stack.pop()
        deepest = max(deepest, depth)
        if depth <= MAX_ATOM_DEPTH and term.type == clingo.SymbolType.Function:
            stack += [(arg, depth + 1) for arg in term.arguments]
    return deepest


_NUMBER_OR_STRING = re.compile(r'"(?:[^"\\]|\\.)*"|(?<![A-Za-z0-9_])\d+', re.ASCII)


def unwrap_chose(text: str) -> str:
    """A choice may be written as the term T or as `chose(T)`, the atom the rules report."""
    sym = clingo.parse_term(text)
    if sym.name == "chose" and len(sym.arguments) == 1:
        return str(sym.arguments[0])
    return text
