"""bridge/core/base/record.py: a dataclass on top of Record behaves as one with generated methods."""
from __future__ import annotations

import pickle
from dataclasses import field, fields, make_dataclass, replace

import pytest

from rulekeeper.bridge.core.base.errors import ScenarioError, SolverOutOfMemory
from rulekeeper.bridge.core.base.record import Record
from rulekeeper.bridge.games.mtg.scenario import Card, Keyword, Turn


def _fields() -> list:
    """One declaration for both classes (fresh Field objects for each)."""
    return [("key", str), ("count", int, field(default=0)),
            ("tags", list, field(default_factory=list)),
            ("hidden", int, field(default=7, repr=False, compare=False)),
            ("made", list, field(default_factory=lambda: [1], init=False))]


def _post_init(self) -> None:
    self.count += 1


Generated = make_dataclass("Generated", _fields(), namespace={"__post_init__": _post_init})
# the same declaration with Record's methods (renamed, for the repr test below)
Generated2 = make_dataclass("Generated2", _fields(), bases=(Record,),
                            namespace={"__post_init__": _post_init},
                            init=False, repr=False, eq=False)


CALLS = [((), {}), (("a",), {}), (("a", 2),), (("a", 2, ["x"], 9),), (("a",), {"tags": ["y"]}),
         (("a",), {"key": "b"}), (("a",), {"nope": 1}), (("a", 1, [], 2, 3),), ((), {"key": "k"})]


@pytest.mark.parametrize("call", CALLS)
def test_init_binds_as_the_generated_init(call):
    args, kwargs = call[0], (call[1] if len(call) > 1 else {})
    outcomes = []
    for cls in (Generated, Generated2):
        try:
            made = cls(*args, **kwargs)
        except TypeError:
            outcomes.append("TypeError")
        else:
            outcomes.append(tuple(getattr(made, f.name) for f in fields(made)))
    assert outcomes[0] == outcomes[1]


def test_repr_and_equality_are_the_generated_ones():
    a, b = Generated("a", tags=["t"]), Generated2("a", tags=["t"])
    assert repr(a).replace("Generated", "X") == repr(b).replace("Generated2", "X")
    assert Generated2("a", hidden=1) == Generated2("a", hidden=2)     # compare=False
    assert Generated2("a") != Generated2("b")
    assert Generated2("a") != Generated("a")                          # another class
    with pytest.raises(TypeError):
        hash(Generated2("a"))                                         # mutable with eq


def test_defaults_are_fresh_and_replace_and_pickle_work():
    one, two = Card("a"), Card("b")
    assert one.types is not two.types
    assert replace(Turn("alice"), step="upkeep") == Turn("alice", "upkeep", 1)
    card = Card("a", keywords=[Keyword("flying")])
    assert pickle.loads(pickle.dumps(card)) == card


def test_errors_keep_their_fields_identity_and_post_init():
    err = ScenarioError("f.yaml", 3, "objects", "x" * 5000)
    assert len(err.message) == 1000 and err != ScenarioError("f.yaml", 3, "objects", "x")
    assert hash(err) is not None and err == err
    back = pickle.loads(pickle.dumps(SolverOutOfMemory("f.yaml", killed=True)))
    assert back.killed and back.file == "f.yaml"
    assert repr(err).startswith("ScenarioError(file='f.yaml', line=3, field='objects'")
