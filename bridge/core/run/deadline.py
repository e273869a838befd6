"""A hard time limit around solving. clingo can interrupt a search but not grounding, so a huge
scenario could overrun --timeout by many seconds while it grounds. The work runs in a forked
child process instead; when the time is up the child is killed and the user gets the timeout
message at once. Where fork is unavailable the work runs in-process (search still honours the
limit).

clingo symbols are handles into a per-process symbol table, so they can't cross the process
boundary as they are: an Answer travels as text and is parsed back (`flatten`/`restore`).

Forking from a threaded process (a pytest-xdist worker has an I/O thread) is safe here: the
child is a copy of the calling thread only, uses nothing but its own pipe and clingo, and ends
with os._exit (multiprocessing's fork start), so it never touches the parent's locks or
channels. Each fork is private to its caller, so parallel test workers don't share children.

A process that exists only to give one answer (the `rulekeeper` command itself) need not fork:
its Deadline carries an `expire` hook, the work runs in the process, and a watchdog thread
calls the hook when the time is up (clingo releases the GIL while it grounds and solves, so the
thread runs even then); the hook reports the timeout and ends the process. That saves the fork
and the copy of the answer back (about a sixth of a small `ask`)."""
from __future__ import annotations

import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from typing import Any, Callable, Iterator, TypeVar

import clingo

from ..base.errors import RulekeeperError, SolverOutOfMemory, SolverTimeout
from ..base.record import Record
from ..solve.answer import Answer

T = TypeVar("T")
GRACE = 0.5   # seconds the child gets beyond the limit to report its own timeout
MEMORY_LIMIT = 2 * 1024 ** 3   # address space of a solving child (`--max-memory`): out of memory
                               # is an answer, not a machine brought to its knees
_CHILDREN: set[int] = set()    # solving children alive, each its own process group: killed with
                               # their groups when the process is interrupted (kill_children).
                               # Process-wide by nature, as the signal that reads it.
_GROUPS = {"own": True}        # whether a solving child leads a process group of its own
                               # (children_share_group). Process-wide by nature, as a group.


@dataclass(init=False, repr=False, eq=False)
class Deadline(Record):
    """The time limit of one whole answer (`--timeout`): reading, parsing, validating, solving
    and explaining all draw on the same budget, started when the command starts."""

    seconds: float
    file: str
    start: float = field(default_factory=time.monotonic)
    # set only by a command whose process ends with its answer: work then runs in-process under
    # a watchdog that calls expire(the whole limit's timeout), which must end the process
    expire: Callable[[SolverTimeout], Any] | None = None

    def left(self) -> float:
        """Seconds remaining; SolverTimeout once none are."""
        remaining = self.seconds - (time.monotonic() - self.start)
        if remaining <= 0:
            raise SolverTimeout(self.file, self.seconds)
        return remaining

    def check(self) -> None:
        """Raise SolverTimeout if the time is up (called between steps of in-process work)."""
        self.left()

    @contextmanager
    def paused(self) -> Iterator[None]:
        """Time spent in the body is not counted: loading and transforming the rule files is
        a fixed cost of the program (once per process), not part of answering a scenario."""
        began = time.monotonic()
        try:
            yield
        finally:
            self.start += time.monotonic() - began

    def run(self, work: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """work(*args, **kwargs) in a child process given the time left (its result must
        pickle: text, JSON data); the timeout it may raise names the whole limit."""
        with self.whole():
            return within(self.left(), self.file, work, *args, watch=self.watch(), **kwargs)

    def watch(self) -> Callable[[], Any] | None:
        """What the watchdog calls at the limit (in-process work), or None (fork)."""
        if self.expire is None:
            return None
        expire, err = self.expire, SolverTimeout(self.file, self.seconds)
        return lambda: expire(err)

    @contextmanager
    def whole(self) -> Iterator[None]:
        """A timeout raised inside (given only the time left) is reported with the whole limit."""
        try:
            yield
        except SolverTimeout:
            raise SolverTimeout(self.file, self.seconds) from None


def within(limit: float, file: str, work: Callable[..., T], *args: Any,
           watch: Callable[[], Any] | None = None, **kwargs: Any) -> T:
    """work(*args, **kwargs), or SolverTimeout(file, limit) once `limit` seconds pass; with
    `watch`, in this process, `watch()` called at the limit (it ends the process)."""
    if watch is not None:
        return watched(limit, file, watch, work, *args, **kwargs)
    import multiprocessing  # here: a process that never forks need not import it
    if "fork" not in multiprocessing.get_all_start_methods():
        return work(*args, **kwargs)
    ctx = multiprocessing.get_context("fork")
    receive, send = ctx.Pipe(duplex=False)
    child = ctx.Process(target=_run, args=(send, receive, work, args, kwargs), daemon=True)
    child.start()
    _own_group(child.pid)
    _CHILDREN.add(child.pid)
    send.close()
    try:
        if not receive.poll(limit + GRACE):
            raise SolverTimeout(file, limit)
        ok, payload = receive.recv()
    except EOFError:                        # killed from outside, e.g. by the OOM killer
        raise SolverOutOfMemory(file, killed=True) from None
    finally:
        if child.is_alive():
            _kill_group(child.pid)
        child.join()
        _CHILDREN.discard(child.pid)
        receive.close()
    if ok:
        return payload
    err = _rebuild(payload)
    if isinstance(err, SolverOutOfMemory):
        err.file = file
    raise err


def watched(limit: float, file: str, expire: Callable[[], Any], work: Callable[..., T],
            *args: Any, **kwargs: Any) -> T:
    """work(*args, **kwargs) in this process, `expire()` called by a watchdog thread if it runs
    past the limit (and the grace the child would get); memory capped as a child's would be."""
    timer = threading.Timer(limit + GRACE, expire)
    timer.daemon = True
    _limit_memory()
    timer.start()
    try:
        return work(*args, **kwargs)
    except MemoryError:
        raise SolverOutOfMemory(file) from None
    except RuntimeError as err:             # clingo's std::bad_alloc
        if "bad_alloc" not in str(err):
            raise
        raise SolverOutOfMemory(file) from None
    finally:
        timer.cancel()


def children_share_group() -> None:
    """From now on the solving children of this process stay in its process group instead of
    leading their own. For a process that leads a group of its own, away from the terminal (a
    batch pool worker, tools/batch.py): whoever kills that group ends its children with it, in
    one signal, whatever they are doing (issue 38: a worker killed alone left its children)."""
    _GROUPS["own"] = False


def _own_group(pid: int) -> None:
    """Make `pid` (a child, or this process when it is 0) the leader of its own process group:
    a terminal's Ctrl-C reaches the parent only, which kills the group (kill_children). Not in
    a process whose children share its group (children_share_group)."""
    if not _GROUPS["own"]:
        return
    import os
    try:
        os.setpgid(pid, pid)
    except (OSError, AttributeError):       # already done by the other side, or gone; Windows
        pass


def _kill_group(pid: int) -> None:
    import os
    import signal
    try:
        os.killpg(pid, signal.SIGKILL)
    except (OSError, AttributeError):
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:
            pass


def kill_children() -> None:
    """Kill every solving child of this process with its process group (an interrupt)."""
    for pid in list(_CHILDREN):
        _kill_group(pid)


def _run(send, receive, work, args, kwargs) -> None:
    import os
    receive.close()     # the parent's end: were it kept here, a result too big for the pipe
                        # would block this child for ever once the parent is gone (issue 38)
    _own_group(0)
    _CHILDREN.clear()                      # the parent's children are not this process's
    _limit_memory(inherited=True)
    try:
        result = _outcome(work, args, kwargs)
    except KeyboardInterrupt:               # Ctrl-C before the child left the terminal's group:
        os._exit(130)                       # the parent is interrupted too and reports it
    try:
        try:
            send.send(result)
        except OSError:
            raise
        except Exception as err:            # noqa: BLE001 - a result that does not pickle: a bug
            send.send((False, _bug(err)))
        send.close()
    except OSError:                         # the parent is gone: nobody to tell, nothing to print
        os._exit(1)


def _outcome(work, args, kwargs) -> tuple[bool, Any]:
    """(True, the work's result) or (False, the error to raise in the parent)."""
    try:
        return True, work(*args, **kwargs)
    except RulekeeperError as err:          # dataclass errors: ship class and fields
        return False, (type(err), dict(vars(err)))
    except MemoryError:
        return False, (SolverOutOfMemory, {"file": "", "board": ""})
    except RuntimeError as err:             # clingo reports its std::bad_alloc as RuntimeError
        if "bad_alloc" not in str(err):
            return False, _bug(err)
        return False, (SolverOutOfMemory, {"file": "", "board": ""})
    except KeyboardInterrupt:
        raise
    except BaseException as err:            # noqa: BLE001 - reported to the parent, re-raised there
        return False, _bug(err)


def _bug(err: BaseException) -> tuple[type, dict]:
    """A bug in the child: re-raised in the parent (as RuntimeError), never hidden."""
    return RuntimeError, {"args": (f"{type(err).__name__}: {err}",)}


def _limit_memory(inherited: bool = False) -> None:
    """Cap the child's address space so a huge board ends in MemoryError/bad_alloc (exit 2):
    MEMORY_LIMIT, unless a limit is already set (`--max-memory` sets the process's own, which
    its children inherit). A forked child (`inherited`) gets MEMORY_LIMIT on top of the address
    space it inherited: a parent holding a large ground program (the consistency search's,
    several GB on Almos) would otherwise leave its solving children no room at all (their
    first allocation failed: "Resource temporarily unavailable")."""
    try:
        import resource
        soft, hard = resource.getrlimit(resource.RLIMIT_AS)
        if soft == resource.RLIM_INFINITY:
            limit_memory(MEMORY_LIMIT + (_address_space() if inherited else 0))
    except (ImportError, ValueError, OSError):     # no resource module (Windows), or refused
        pass


def _address_space() -> int:
    """This process's address space in bytes (0 where /proc is missing)."""
    import os
    try:
        with open("/proc/self/statm", encoding="ascii") as f:
            return int(f.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return 0


def limit_memory(limit: int) -> None:
    """Cap this process's address space (and its future children's) at `limit` bytes (or the
    hard limit, when lower)."""
    try:
        import resource
        soft, hard = resource.getrlimit(resource.RLIMIT_AS)
        if hard != resource.RLIM_INFINITY:
            limit = min(limit, hard)
        resource.setrlimit(resource.RLIMIT_AS, (limit, hard))
    except (ImportError, ValueError, OSError, OverflowError):
        pass


def _rebuild(payload: tuple[type, dict]) -> BaseException:
    cls, fields = payload
    if cls is RuntimeError:
        return RuntimeError(*fields["args"])
    err = cls.__new__(cls)
    err.__dict__.update(fields)
    return err


KEEP_ALL = "all"                  # every model's whole support (consistency, rulings)
KEEP_DERIVATIONS = "derivations"  # per model, what derivations of its outcome atoms can reach
KEEP_FIRST = "first"              # derivations, and the first model whole (why-not reads it)


def flatten(answer: Answer, keep: str = KEEP_ALL, rules: Any = None) -> Answer:
    """The answer with every symbol replaced by its text (safe to send to another process),
    keeping of the explanation supports only what `keep` says the command reads (`rules`
    tells a derivation's preferred step, explain._preferred)."""
    supports = []
    for i, (model, sup) in enumerate(zip(answer.models, answer.supports)):
        if getattr(sup, "flat", None) is not None:     # already text and focused (explain_focus)
            supports.append(sup.flat)
            continue
        whole = keep == KEEP_ALL or (keep == KEEP_FIRST and i == 0) or rules is None
        heads = list(dict.fromkeys([*_heads(sup), *getattr(sup, 'allows', {})])) \
            if whole else _reachable(model, sup, rules)
        supports.append(_support_text(sup, heads))
    return replace(answer,
                   models=[frozenset(map(str, m)) for m in answer.models],
                   initially=frozenset(map(str, answer.initially)),
                   choices=[frozenset(map(str, c)) for c in answer.choices],
                   symmetric=tuple(tuple(map(str, c)) for c in answer.symmetric),
                   supports=supports)


def _heads(sup: Any) -> list:
    """Every head a support explains (solve.ModelSupport lists them without building `raw`)."""
    heads = getattr(sup, "heads", None)
    return heads() if heads is not None else list(getattr(sup, "raw", {}))


def _support_text(sup: Any, heads: list) -> tuple[dict, dict]:
    """The rk_why entries (bodies as one tuple text each) and rk_allow entries of `heads`.
    Nothing is decoded but the heads named: a body is printed whole, not argument by argument."""
    allows = getattr(sup, "allows", {})
    # a model's support (solve.ModelSupport) gives one head's entries without building them all
    entries_of = getattr(sup, "entries_of", None) or getattr(sup, "raw", {}).get
    why: dict[str, list[tuple[int, str]]] = {}
    allowed: dict[str, list[tuple[int, str]]] = {}
    for head in heads:
        text = None
        entries = entries_of(head)
        if entries is not None:
            text = str(head)
            why[text] = [(i if isinstance(i, int) else i.number, str(b)) for i, b in entries]
        if head in allows:
            allowed[text or str(head)] = [(i, str(c)) for i, c in allows[head]]
    return why, allowed


def _reachable(model: frozenset, sup: Any, rules: Any) -> list:
    """The atoms a derivation of the model's outcome atoms can visit: from each atom the body
    of its preferred step (explain._build) and the conditions that allowed it (cite._walk)."""
    from clingo import Function

    from ..explain.explain import TIMING_FACTS, _preferred
    todo = [Function("outcome", [a]) for a in model]
    seen: set = set()
    while todo:
        atom = todo.pop()
        if atom in seen:
            continue
        seen.add(atom)
        entries = sup.get(atom)
        if entries:
            _, body = _preferred(entries, rules)
            todo += [c for c in body if c not in seen and not (
                c.type == clingo.SymbolType.Function and c.name in TIMING_FACTS)]
        todo += [c for _, c in sup.allowed_by(atom) if c not in seen]
    return list(seen)


def restore(answer: Answer) -> Answer:
    """The inverse of flatten, in the receiving process."""
    from ..base.textsupport import (
        TextSupport,  # a process that solves in itself needs none
    )
    cache: dict[str, clingo.Symbol] = {}

    def sym(text: str) -> clingo.Symbol:
        if text not in cache:
            cache[text] = clingo.parse_term(text)
        return cache[text]

    return replace(answer,
                   models=[frozenset(map(sym, m)) for m in answer.models],
                   initially=frozenset(map(sym, answer.initially)),
                   choices=[frozenset(map(sym, c)) for c in answer.choices],
                   symmetric=tuple(tuple(map(sym, c)) for c in answer.symmetric),
                   supports=[TextSupport(why, sym, allows) for why, allows in answer.supports])


def solve_within(limit: float, file: str, solve: Callable[..., Answer], *args: Any,
                 keep: str = KEEP_ALL, watch: Callable[[], Any] | None = None,
                 **kwargs: Any) -> Answer:
    """solve(*args, **kwargs) under a hard limit of `limit` seconds; of the explanation
    supports, the child sends back what `keep` says (args[1] is the rule base). With `watch`,
    solved in this process under a watchdog (nothing to copy back)."""
    if watch is not None:
        return watched(limit, file, watch, solve, *args, **kwargs)
    import multiprocessing
    if "fork" not in multiprocessing.get_all_start_methods():
        return solve(*args, **kwargs)
    return restore(within(limit, file, _flat_solve, solve, keep, *args, **kwargs))


def _flat_solve(solve: Callable[..., Answer], keep: str, *args: Any, **kwargs: Any) -> Answer:
    return flatten(solve(*args, **kwargs), keep, args[1] if len(args) > 1 else None)
