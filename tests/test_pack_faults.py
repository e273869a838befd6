"""Issue 38, points 4 and 6: packs are code and are treated so. Every fault of a pack folder is
exit 2 naming the file (and the line where there is one); `#script` is refused, `#include`
reaches only the pack's own files, a term too deep is refused before clingo parses it."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from reliability import bear, hostile, rk

CLEAN = Path(__file__).parent / "packs" / "clean"
RULE = "%@ 9999.1 a test rule\nglow_test(X) :- object(X).\n"


def pack_with(tmp_path: Path, name: str, content: bytes | str | None = None) -> Path:
    pack = tmp_path / "pack"
    shutil.copytree(CLEAN, pack)
    if content is not None:
        data = content.encode() if isinstance(content, str) else content
        (pack / name).write_bytes(data)
    return pack


def refused(tmp_path: Path, pack: Path, *needles: str, via_scenario: bool = False) -> None:
    if via_scenario:
        from reliability import BEAR
        scen = bear(tmp_path, "rules: [mtg, ./pack]\n" + BEAR)
        done = rk("ask", str(scen), "--timeout", "5", limit=60)
    else:
        done = rk("ask", str(bear(tmp_path)), "--pack-dir", str(pack), "--timeout", "5", limit=60)
    assert done.clean and done.code == 2, (done.code, done.err[-2000:])
    for needle in needles:
        assert needle in done.err, done.err


@pytest.mark.parametrize("via_scenario", [False, True])
def test_a_term_nested_20000_deep_is_refused_not_a_segfault(tmp_path, via_scenario):
    deep = "f(" * 20000 + "x" + ")" * 20000
    pack = pack_with(tmp_path, "deep.lp", f"%@ 9999.1 deep\np({deep}).\n")
    refused(tmp_path, pack, "deep.lp", "2", via_scenario=via_scenario)


def test_a_non_utf8_rule_file(tmp_path):
    refused(tmp_path, pack_with(tmp_path, "bad.lp", RULE.encode() + b"% \xff\xfe\n"), "bad.lp",
            "UTF-8")


@pytest.mark.parametrize("kind", ["loop", "dangling"])
def test_a_broken_symlink_in_a_pack(tmp_path, kind):
    pack = pack_with(tmp_path, "x")
    link = pack / "link.lp"
    link.symlink_to(link if kind == "loop" else pack / "nowhere.lp")
    refused(tmp_path, pack, "link.lp")


@pytest.mark.parametrize("requires", ["5", "{a: 1}", "[5]", "[[mtg]]", "mtg"])
def test_pack_yaml_with_requires_of_a_wrong_type(tmp_path, requires):
    pack = pack_with(tmp_path, "pack.yaml", f"name: mypack\nrequires: {requires}\n")
    refused(tmp_path, pack, "pack.yaml", "requires")


@pytest.mark.parametrize("text", [
    '#script (python)\nimport os\nos.system("touch /tmp/rk-pwned")\n#end.\n',
    '#script (lua) os.execute("touch /tmp/rk-pwned") #end.\n',
    '% a comment\n  #script(python) #end.\n'])
def test_script_is_refused(tmp_path, text):
    refused(tmp_path, pack_with(tmp_path, "s.lp", RULE + "\n" + text), "s.lp", "#script")
    assert not Path("/tmp/rk-pwned").exists()


@pytest.mark.parametrize("target", ['"/etc/passwd"', '"../outside.lp"', "<incmode>"])
def test_include_outside_the_pack_is_refused(tmp_path, target):
    (tmp_path / "outside.lp").write_text(RULE)
    pack = pack_with(tmp_path, "i.lp", RULE + f"\n#include {target}.\n")
    refused(tmp_path, pack, "i.lp", "#include")


def test_include_of_a_file_of_the_pack_is_accepted(tmp_path):
    pack = pack_with(tmp_path, "i.lp", '#include "glow.lp".\n' + RULE)
    done = rk("ask", str(bear(tmp_path)), "--pack-dir", str(pack), "--timeout", "30", limit=120)
    assert done.code == 0, done.err


def test_a_9_mb_pack_is_refused_in_time(tmp_path):
    rule = "%@ 9999.1 a test rule\nbig(1).\n\n"
    pack = pack_with(tmp_path, "big.lp", rule * (9 * 1024 * 1024 // len(rule)))
    refused(tmp_path, pack, "big.lp")


def test_pack_dir_root_is_refused_in_time(tmp_path):
    done = rk("ask", str(bear(tmp_path)), "--pack-dir", "/", "--timeout", "3", limit=60)
    assert done.clean and done.code == 2, done.err
    assert done.seconds < 20


@pytest.mark.parametrize("kind", ["fifo", "devzero", "huge"])
def test_a_pack_rule_file_that_is_not_a_regular_file_is_refused(tmp_path, kind):
    pack = pack_with(tmp_path, "x")
    hostile(pack, kind, "zz.lp")
    done = rk("ask", str(bear(tmp_path)), "--pack-dir", str(pack), "--timeout", "3", limit=60)
    assert done.clean and done.code == 2, done.err
    assert "zz.lp" in done.err


def test_a_syntax_error_names_its_line_and_clingo_prints_nothing_of_its_own(tmp_path):
    pack = pack_with(tmp_path, "broken.lp", RULE + "%@ 9999.1 broken\nb :- c(.\n")
    refused(tmp_path, pack, "broken.lp:4: not a valid ASP program: syntax error")
    done = rk("ask", str(bear(tmp_path)), "--pack-dir", str(pack), "--timeout", "5", limit=60)
    assert "<string>" not in done.err, done.err


def test_why_with_a_choice_whose_condition_has_an_anonymous_variable(tmp_path):
    """A pack's `{ a(T,O) : b(T,O), c(T,O,_) } :- ...` is valid ASP; `why` copies the condition
    into its explanation rule, where a bare `_` was unsafe: a traceback (found by kw702)."""
    pack = pack_with(tmp_path, "anon.lp", "%@ 9999.2 a choice over permanents with a controller\n"
                     "{ glow_pick(T,O) : object_exists(T,O), controller(T,O,_) } :- time(T).\n")
    done = rk("why", str(bear(tmp_path)), "zone(bear,graveyard)", "--pack-dir", str(pack),
              "--timeout", "20", limit=120)
    assert done.clean and done.code == 0, (done.code, done.err[-2000:])
