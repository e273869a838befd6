"""A hard time limit around solving. clingo can interrupt a search but not grounding, so a huge
scenario could overrun --timeout by many seconds while it grounds. The work runs in a forked
child process instead; when the time is up the child is killed and the user gets the timeout
message at once. Where fork is unavailable the work runs in-process (search still honours the
limit)."""
from __future__ import annotations

import multiprocessing
from typing import Any, Callable, TypeVar

from .errors import RulekeeperError, SolverTimeout

T = TypeVar("T")
GRACE = 0.5   # seconds the child gets beyond the limit to report its own timeout


def within(limit: float, file: str, work: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """work(*args, **kwargs), or SolverTimeout(file, limit) once `limit` seconds pass."""
    if "fork" not in multiprocessing.get_all_start_methods():
        return work(*args, **kwargs)
    ctx = multiprocessing.get_context("fork")
    receive, send = ctx.Pipe(duplex=False)
    child = ctx.Process(target=_run, args=(send, work, args, kwargs), daemon=True)
    child.start()
    send.close()
    try:
        if not receive.poll(limit + GRACE):
            raise SolverTimeout(file, limit)
        ok, payload = receive.recv()
    except EOFError:
        raise RuntimeError(f"{file}: the solver process ended without an answer") from None
    finally:
        if child.is_alive():
            child.kill()
        child.join()
        receive.close()
    if ok:
        return payload
    raise _rebuild(payload)


def _run(send, work, args, kwargs) -> None:
    try:
        send.send((True, work(*args, **kwargs)))
    except RulekeeperError as err:          # dataclass errors: ship class and fields
        send.send((False, (type(err), dict(vars(err)))))
    except BaseException as err:            # noqa: BLE001 - reported to the parent, re-raised there
        send.send((False, (RuntimeError, {"args": (f"{type(err).__name__}: {err}",)})))
    finally:
        send.close()


def _rebuild(payload: tuple[type, dict]) -> BaseException:
    cls, fields = payload
    if cls is RuntimeError:
        return RuntimeError(*fields["args"])
    err = cls.__new__(cls)
    err.__dict__.update(fields)
    return err
