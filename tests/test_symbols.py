"""bridge/core/base/symbols.py: symbols read by handle through clingo's C functions read the same as
through its public API, and explanations built either way are the same."""
from __future__ import annotations

import clingo
import pytest
from clingo import Function, Number, String

from rulekeeper.bridge.core.base import symbols
from rulekeeper.bridge.core.solve.answer import ModelSupport

PROGRAM = """
a(1). b(x, "a,b(c)", -3). c. d(()). e((1, f(g))). -n(2).
rk_why(7, a(1), (b(x, "a,b(c)", -3), c)).
rk_why(8, a(1), ()).
"""


def _model() -> list[clingo.Symbol]:
    ctl = clingo.Control(["--models=1"])
    ctl.add("base", [], PROGRAM)
    ctl.ground([("base", [])])
    found: list = []
    ctl.solve(on_model=lambda m: found.append(m.symbols(atoms=True)))
    return found[0]


def _read_all(reader: symbols.Reader, handles) -> list:
    out = []
    for h in handles:
        out.append((reader.name(h), [str(reader.symbol(a)) for a in reader.arguments(h)]))
    return out


def test_fast_reader_reads_as_the_public_api():
    if not symbols._FAST:
        pytest.skip("this clingo exposes no C functions: only the public API is used")
    model = _model()
    fast, plain = symbols.Reader(fast=True), symbols.Reader(fast=False)
    assert _read_all(fast, fast.handles(model)) == _read_all(plain, plain.handles(model))
    assert [fast.symbol(h) for h in fast.handles(model)] == list(model)


def test_names_numbers_and_non_functions():
    for reader in {symbols.Reader(fast=False), symbols.Reader()}:
        h = reader.handle(Function("f", [Number(3), String("s")]))
        assert reader.name(h) == "f"
        number, string = reader.arguments(h)
        assert reader.number(number) == 3
        assert reader.name(number) == "" and reader.name(string) == ""
        assert reader.arguments(reader.handle(Function("c", []))) == []
        assert reader.name(reader.handle(Function("", [Number(1)]))) == ""     # a tuple


def test_equal_symbols_have_equal_handles():
    reader = symbols.Reader()
    one = Function("a", [Number(1), Function("b", [String("x")])])
    two = Function("a", [Number(1), Function("b", [String("x")])])
    assert reader.handle(one) == reader.handle(two)
    assert reader.handle(one) != reader.handle(Function("a", [Number(2)]))


@pytest.mark.parametrize("fast", [True, False])
def test_model_support_by_handle(fast):
    if fast and not symbols._FAST:
        pytest.skip("no C functions in this clingo")
    reader = symbols.Reader(fast=fast)
    support = ModelSupport(reader)
    for s in _model():
        if s.name == "rk_why":
            index, head, body = s.arguments
            support.add(head, index, body)
    head = Function("a", [Number(1)])
    entries = support.get(head)
    assert [(i, [str(b) for b in body]) for i, body in entries] == [
        (7, ['b(x,"a,b(c)",-3)', "c"]), (8, [])]
    assert support.get(Function("a", [Number(2)]), "none") == "none"
    support.alias(Function("outcome", [head]), head)
    assert support.get(Function("outcome", [head])) == entries
    raw = support.raw
    assert set(map(str, raw)) == {"a(1)", "outcome(a(1))"}
    assert [str(i) for i, _ in raw[head]] == ["7", "8"]
    assert dict(support.items())[head] == entries


def test_one_heads_entries_without_building_them_all():
    """entries_of(head) reads one head (a forked solve sends only the heads a derivation can
    reach); `raw` is built once, and again after a change."""
    support = ModelSupport()
    for s in _model():
        if s.name == "rk_why":
            index, head, body = s.arguments
            support.add(head, index, body)
    head = Function("a", [Number(1)])
    assert [(str(i), str(b)) for i, b in support.entries_of(head)] == [
        ("7", '(b(x,"a,b(c)",-3),c)'), ("8", "()")]
    assert support.entries_of(Function("zz", [])) is None
    assert support._raw is None                     # not built by entries_of
    first = support.raw
    assert support.raw is first                     # kept
    support.alias(Function("outcome", [head]), head)
    assert Function("outcome", [head]) in support.raw and support.raw is not first
