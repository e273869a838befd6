"""Issue 38: memory is bounded (`--max-memory`, default 2G): a board past it ends with the
exit-2 message naming the board's size; a bad size is a usage error."""
from __future__ import annotations

from pathlib import Path

import pytest

from reliability import rk


def big_board(folder: Path, n: int = 1500, actions: int = 30) -> Path:
    lines = ['title: "a board past the memory cap"', "players: [alice, bob]", "cards:",
             "  Bear: {types: [creature], power: 2, toughness: 2}", "objects:"]
    lines += [f"  - {{id: b{i}, card: Bear, controller: alice}}" for i in range(n)]
    lines += ["actions:"] + [f"  - deal_damage: {{target: b{i}, amount: 1}}" for i in range(actions)]
    path = folder / "big.yaml"
    path.write_text("\n".join(lines) + "\n")
    return path


def test_a_board_past_max_memory_names_its_size(tmp_path):
    done = rk("ask", str(big_board(tmp_path)), "--max-memory", "300M", "--timeout", "300",
              limit=400)
    assert done.clean and done.code == 2, done.err[-2000:]
    assert "out of memory on a board of 1500 objects, 30 actions" in done.err


@pytest.mark.parametrize("size", ["1k", "lots", "-5G", "99999999999999999G"])
def test_a_bad_memory_size_is_a_usage_error(tmp_path, size):
    done = rk("ask", str(big_board(tmp_path, 1, 0)), "--max-memory", size, "--json")
    assert done.clean and done.code == 2
    assert '"field": "max_memory"' in done.out
