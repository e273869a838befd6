"""The rule base: the ASP files of the chosen packs, their rule annotations, and the program
transformations that make answers explainable.

Annotation form: a comment line `%@ <rule> <summary>` names the rule that every statement of
the paragraph below it encodes (a paragraph ends at a blank line). <rule> is a CR number
(`704.5g`), an Almos number (`1000.3f`), an Altered number (`7.4.5.c`), or `model:` for the few statements that model time and
outcomes rather than encode a game rule.
"""
from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from ..base import rulecache
from ..base.record import Record
from .packs import Pack, resolve

if TYPE_CHECKING:
    from clingo import ast

ANNOTATION = re.compile(r"^\s*%@\s*(\S+?):?\s+(.*)$")
READING = re.compile(r"reading_option\((\w+),\s*(\w+)\)")
# CR `704.5g`, Almos `1000.3f`, Altered `7.4.5.c` (three numbers at least, an optional letter)
RULE_ID = re.compile(r"model|\d{3}(\.\d+[a-z]?)?|\d{4}(\.\d+[a-z]?)?|\d{1,2}(\.\d+){2,}(\.[a-z])?",
                     re.ASCII)


@dataclass(init=False, repr=False, eq=False)
class Annotation(Record):
    """A `%@ <rule> <summary>` line, and where it is."""

    rule: str
    summary: str
    line: int


@dataclass(repr=False, eq=False)
class RuleInfo(Record):
    """One annotated ASP statement."""

    index: int
    rule: str
    summary: str
    file: str
    line: int
    text: str
    pack: str = ""
    heads: list[tuple[str, int]] = field(default_factory=list)
    bodies: list[tuple[str, int]] = field(default_factory=list)
    node: ast.AST | None = None

    @property
    def is_model(self) -> bool:
        return self.rule == "model"


class CachedRuleInfo(RuleInfo):
    """A rule read back from the cache: its syntax tree is parsed from its text when first
    asked for (an explanation visits a few rules; solving needs only the text)."""

    @property  # type: ignore[override]
    def node(self) -> ast.AST | None:
        if self.__dict__.get("_node") is None:
            self.__dict__["_node"] = parse_statements(self.text)[0]
        return self.__dict__["_node"]

    @node.setter
    def node(self, value: ast.AST | None) -> None:
        self.__dict__["_node"] = value


def parse_statements(text: str) -> list[ast.AST]:
    """The statements of a program text (its `#program base.` header left out)."""
    from clingo import ast  # syntax trees: only for a cold cache, `why` and diagnosis
    out: list[ast.AST] = []
    ast.parse_string(text, lambda stm: None if stm.ast_type == ast.ASTType.Program
                     else out.append(stm))
    return out


class AnnotationError(Exception):
    """A statement without annotation, or a malformed annotation."""


def pack_files(root: Path, packs: list[str | Pack]) -> list[Path]:
    """The rule files of the packs (names of bundled packs under `root`, or Pack objects)."""
    return [path for pack in resolve(packs, root) if pack.name in _named(packs)
            for path in pack.files()]


def _named(packs: list[str | Pack]) -> set[str]:
    return {p.name if isinstance(p, Pack) else p for p in packs}


def read_annotations(text: str, file: str) -> dict[int, Annotation]:
    """For each line of the file, the annotation in force there (by paragraph)."""
    current: Annotation | None = None
    by_line: dict[int, Annotation] = {}
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            current = None
            continue
        match = ANNOTATION.match(line)
        if match:
            rule, summary = match.group(1).rstrip(":"), match.group(2).strip()
            if not RULE_ID.fullmatch(rule):
                raise AnnotationError(f"{file}:{number}: bad rule number {rule!r} in annotation")
            current = Annotation(rule, summary, number)
        if current is not None:
            by_line[number] = current
    return by_line


class RuleBase:
    """The parsed rules of some packs. Build once, use for many scenarios."""

    def __init__(self, root: Path, packs: list[str | Pack]):
        self.root = root
        self.pack_list = resolve(list(packs), root)
        self.packs = [p.name for p in self.pack_list]
        self.rules: list[RuleInfo] = []
        self._statements: list[ast.AST] | None = []   # non-rule statements (#show, #defined..)
        self.statement_texts: list[str] = []
        self.summaries: dict[str, str] = {}
        self._primary: set[str] = set()
        self.unannotated: list[str] = []
        self.cache_key = rulecache.content_key(
            (f"{p.name}:{int(p.bundled)}:{p.label(f)}", f) for p in self.pack_list
            for f in p.file_names())
        if self._restore(rulecache.load_binary("rulebase", self.cache_key)):
            return
        for pack in self.pack_list:
            own = set() if pack.bundled else {os.path.realpath(f) for f in pack.file_names()}
            for path in pack.files():
                if pack.bundled:
                    self._load(path, pack)
                else:
                    self._load_plugin(path, pack, own)
        rulecache.store_binary("rulebase", self.cache_key, self._cached())

    @property
    def statements(self) -> list[ast.AST]:
        """The non-rule statements (#show, #defined, ...), parsed when first asked for."""
        if self._statements is None:
            self._statements = parse_statements("\n".join(self.statement_texts))
        return self._statements

    def _cached(self) -> dict:
        """What the cache keeps: everything but the syntax trees (rebuilt from the texts)."""
        return {"rules": [(r.index, r.rule, r.summary, r.file, r.line, r.text, r.pack,
                           [tuple(h) for h in r.heads], [tuple(b) for b in r.bodies])
                          for r in self.rules],
                "statements": self.statement_texts, "summaries": self.summaries,
                "primary": sorted(self._primary), "unannotated": self.unannotated}

    def _restore(self, data: object) -> bool:
        """Take a cached parse; False (parse the files) when it is missing or malformed."""
        try:
            # marshal keeps the (name, arity) tuples as they were stored
            rules = [CachedRuleInfo(i, rule, summary, file, line, text, pack, heads, bodies)
                     for i, rule, summary, file, line, text, pack, heads, bodies in data["rules"]]
            texts, summaries = list(data["statements"]), dict(data["summaries"])
            primary, unannotated = set(data["primary"]), list(data["unannotated"])
        except (TypeError, KeyError, ValueError):
            return False
        if [r.index for r in rules] != list(range(len(rules))):
            return False
        self.rules, self.statement_texts, self._statements = rules, texts, None
        self.summaries, self._primary, self.unannotated = summaries, primary, unannotated
        return True

    def _load_plugin(self, path: Path, pack: Pack, own: set[str]) -> None:
        """A plug-in pack's file: its faults are the user's input errors (exit 2)."""
        from ..base.errors import ScenarioError
        from ..base.safeio import read_text
        from .packguard import checked_text
        from .packs import MAX_PACK_FILE
        before = len(self.unannotated)
        text = read_text(path, MAX_PACK_FILE, field="pack", what="rule file")
        text = checked_text(text, str(path), pack.label(path), own)
        messages: list[str] = []
        try:
            self._load(path, pack, text, messages)
        except AnnotationError as err:
            raise ScenarioError(str(path), None, "%@", str(err)) from None
        except RuntimeError as err:
            line, said = _first_parse_message(messages)
            raise ScenarioError(str(path), line, "", "not a valid ASP program: "
                                f"{said or err}") from None
        if len(self.unannotated) > before:
            raise ScenarioError(str(path), None, "%@", "statement without a `%@ <rule> <summary>` "
                                f"annotation: {self.unannotated[before]}")

    def _load(self, path: Path, pack: Pack, text: str | None = None,
              messages: list[str] | None = None) -> None:
        """Parse one rule file; clingo's parse messages go to `messages` (never to stderr)."""
        from clingo import ast
        if text is None:
            text = path.read_text(encoding="utf-8")
        rel = pack.label(path)
        notes = read_annotations(text, rel)
        lines = text.splitlines()

        def take(stm: ast.AST) -> None:
            if stm.ast_type == ast.ASTType.Program:
                return
            if stm.ast_type not in (ast.ASTType.Rule, ast.ASTType.Minimize):
                self.statements.append(stm)
                self.statement_texts.append(str(stm))
                return
            line = stm.location.begin.line
            note = notes.get(line)
            if note is None:
                self.unannotated.append(f"{rel}:{line}: {lines[line - 1].strip()}")
                return
            info = RuleInfo(len(self.rules), note.rule, note.summary, rel, line, str(stm),
                            pack=pack.name, node=stm)
            info.heads, info.bodies = _signatures(stm)
            self.rules.append(info)
            if not note.rule.startswith("model") and note.summary:
                self._keep_summary(note.rule, note.summary, Path(rel).name)

        sink = messages if messages is not None else []
        try:
            ast.parse_string(text, take, logger=lambda _code, msg: sink.append(msg),
                             message_limit=5)
        except RuntimeError as err:
            if messages is not None:
                raise
            raise RuntimeError(f"{rel}: {err}: {' '.join(m.strip() for m in sink)}") from None

    def _keep_summary(self, number: str, summary: str, file_name: str) -> None:
        """A rule's summary is the first one given in the file named after it (704.5g-...lp),
        else the first one given anywhere: side remarks elsewhere don't name the rule."""
        primary = file_name.startswith(number + "-") or file_name.startswith(number + ".lp")
        if primary and number not in self._primary:
            self._primary.add(number)
            self.summaries[number] = summary
        else:
            self.summaries.setdefault(number, summary)

    def without(self, number: str) -> "RuleBase":
        """A copy with every statement annotated exactly `number` removed (mutation tests)."""
        clone = object.__new__(RuleBase)
        clone.__dict__.update(self.__dict__)
        clone.full_rules = vars(self).get("full_rules", self.rules)   # whose transform is cached
        clone.rules = [r for r in self.rules if r.rule != number]
        return clone

    def rule_numbers(self) -> set[str]:
        cached = vars(self).get("_numbers")     # asked once per rule a scenario relies on
        if cached is None or cached[0] is not self.rules:      # a copy from without() differs
            cached = self._numbers = (self.rules, {r.rule for r in self.rules if not r.is_model})
        return cached[1]

    def is_encoded(self, number: str) -> bool:
        """A rule counts as encoded when some statement is annotated with it or a subrule."""
        return number in self._encoded()

    def _encoded(self) -> set[str]:
        """Every number some annotation is or is a subrule of: each annotated number's
        prefixes that end before a non-digit (704.5g gives 704.5g, 704.5, 704 and 704.; not
        704.55's 704.5), so that is_encoded is one lookup (it is asked per rule a scenario
        relies on)."""
        cached = vars(self).get("_encoded_set")
        if cached is None or cached[0] is not self.rules:      # a copy from without() differs
            numbers = self.rule_numbers()
            found = {r[:i] for r in numbers for i in range(1, len(r)) if not r[i].isdigit()}
            cached = self._encoded_set = (self.rules, found | numbers)
        return cached[1]

    def reading_options(self) -> dict[str, set[str]]:
        """Recorded interpretations: topic -> its readings (`reading_option(Topic,Name).`)."""
        out: dict[str, set[str]] = {}
        for info in self.rules:
            if ("reading_option", 2) in info.heads and not info.bodies:
                for topic, name in READING.findall(info.text):
                    out.setdefault(topic, set()).add(name)
        return out

    def summary(self, number: str) -> str:
        return self.summaries.get(number, "")


def _signatures(stm: ast.AST) -> tuple[list[tuple[str, int]], list[tuple[str, int]]]:
    from clingo import ast
    heads: list[tuple[str, int]] = []
    bodies: list[tuple[str, int]] = []

    class Visit(ast.Transformer):
        def __init__(self, sink):
            self.sink = sink

        def visit_SymbolicAtom(self, node):
            term = node.symbol
            if term.ast_type == ast.ASTType.Function:
                self.sink.append((term.name, len(term.arguments)))
            elif term.ast_type == ast.ASTType.SymbolicTerm:
                self.sink.append((str(term.symbol), 0))
            return node

    if stm.ast_type == ast.ASTType.Rule:
        Visit(heads)(stm.head)
        for lit in stm.body:
            Visit(bodies)(lit)
    else:
        for lit in stm.body:
            Visit(bodies)(lit)
    return sorted(set(heads)), sorted(set(bodies))


def _first_parse_message(messages: list[str]) -> tuple[int | None, str]:
    """The line and text of clingo's first parse message ("<string>:3:8-13: error: syntax
    error, unexpected ..."), for a pack file's error message; (None, "") when there is none."""
    for msg in messages:
        head, _, said = msg.strip().partition(": error: ")
        parts = head.split(":")
        if said and len(parts) >= 2 and parts[1].isdigit():
            return int(parts[1]), said.splitlines()[0][:200]
    return None, ""
