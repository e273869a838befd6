"""A rule base parsed into a clingo Control once per process and reused by forked solving
children. clingo cannot copy a Control, but fork copies the whole process: the parent parses
the rules (`Control.add`, about 70 ms for the bundled base) into a template it never grounds,
and each child grounds its own copy of it. The parent never uses its template (a grounded
Control can't take another scenario), so every child starts from the same unground state;
where fork is unavailable the template is not made and each solve parses as before.

A child also does not free the Control it solved with (freeing the ground program of a small
scenario costs about 40 ms, and the child's memory goes with it on exit); a second solve in
the same child (a retry with more check steps) frees it first, so memory is as before."""
from __future__ import annotations

import multiprocessing
import os
from typing import Callable

import clingo


def prepare(rules: object, explain: bool, build: Callable[[], clingo.Control]) -> None:
    """Parse `rules` (with or without explanation rules) into a template, once per process."""
    if "fork" not in multiprocessing.get_all_start_methods():
        return
    templates = vars(rules).setdefault("_templates", {})
    key = (explain, id(getattr(rules, "rules", None)))
    if key not in templates:
        templates[key] = (os.getpid(), build())


def take(rules: object, explain: bool) -> clingo.Control | None:
    """In a forked child, the template to ground (used once: this child's copy); else None."""
    vars(rules).pop("_spent", None)             # the previous solve's control, freed now
    templates = vars(rules).get("_templates")
    key = (explain, id(getattr(rules, "rules", None)))
    if not templates or key not in templates or templates[key][0] == os.getpid():
        return None
    ctl = templates.pop(key)[1]
    vars(rules)["_spent"] = ctl                 # not freed: the child exits without it
    return ctl
