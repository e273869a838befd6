"""Issue 38, point 1: caches that cannot lie. A damaged byte in any cache entry is a miss that
is rebuilt, never a changed answer and never a traceback."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from rulekeeper.bridge.core.rules.rulebase import RuleBase
from fuzz.surfaces import SPECIALS, not_a_file, shape, small_root
from reliability import bear, rk

def test_every_byte_flip_of_a_rule_base_entry_is_a_miss(cache, tmp_path):
    root = small_root(tmp_path)
    truth = shape(RuleBase(root, ["mtg"]))
    [entry] = cache.glob("rulebase-*.marshal")
    good = entry.read_bytes()
    for pos in range(len(good)):
        damaged = bytearray(good)
        damaged[pos] ^= 0xFF
        entry.write_bytes(bytes(damaged))
        assert shape(RuleBase(root, ["mtg"])) == truth, f"byte {pos} changed the rule base"
        assert entry.read_bytes() == good, f"byte {pos}: the entry was not rebuilt"
    for size in range(0, len(good), max(1, len(good) // 50)):      # torn writes
        entry.write_bytes(good[:size])
        assert shape(RuleBase(root, ["mtg"])) == truth


@pytest.mark.parametrize("kind", SPECIALS)
def test_a_cache_entry_that_is_not_a_regular_file_is_a_miss(cache, tmp_path, kind):
    root = small_root(tmp_path)
    truth = shape(RuleBase(root, ["mtg"]))
    [entry] = cache.glob("rulebase-*.marshal")
    good, outside = entry.read_bytes(), tmp_path / "outside"
    not_a_file(entry, kind, good, outside)
    assert shape(RuleBase(root, ["mtg"])) == truth          # no hang, no error
    assert outside.read_bytes() == good                      # never written through


def test_a_renamed_atom_in_the_cached_rule_base_changes_no_answer(tmp_path):
    """The measured defect: `lethal_damage` -> `lethal_damagf` in a cached rule let the bear
    survive with exit 0, on every later run."""
    scen = bear(tmp_path)
    warm = tmp_path / "cache"
    # the installed wheel's seed would answer the miss: this test damages the cache directory
    env = {"RULEKEEPER_CACHE_DIR": str(warm), "RULEKEEPER_NO_SEED": "1"}
    assert rk("test", str(scen), env=env).code == 0
    [entry] = warm.glob("rulebase-*.marshal")
    blob = entry.read_bytes()
    at = blob.index(b"lethal_damage(")
    entry.write_bytes(blob[:at] + b"lethal_damagf" + blob[at + 13:])
    for _ in range(2):                                       # and every later run
        done = rk("test", str(scen), env=env)
        assert done.code == 0 and done.clean, done.out + done.err
