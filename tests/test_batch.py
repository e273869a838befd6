"""The batch engine (tools/batch.py): results in input order, failures and timeouts recorded and
never fatal, each worker set up once; the same outcomes on one worker, on a local pool and on a
real local Dask cluster (scheduler and workers as separate processes)."""
from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from rulekeeper.bridge.tools.batch import DaskCluster, Job, LocalPool, Outcome

import batchwork      # tests/batchwork.py: the work of these tests, importable by Dask workers

TESTS = Path(__file__).parent


def plain(outcomes: list[Outcome]) -> list[tuple]:
    return [(o.index, o.item, o.value, o.error and o.error["kind"]) for o in outcomes]


JOB = Job(batchwork.setup, batchwork.square, timeout=5.0, name="squares")
ITEMS = list(range(12)) + ["bad", 4]
EXPECTED = [(i, i, (i * i, "ready"), None) for i in range(12)] + \
    [(12, "bad", None, "bug"), (13, 4, (16, "ready"), None)]


def test_one_worker_in_order_and_a_failure_is_recorded():
    assert plain(list(LocalPool(1).run(JOB, ITEMS))) == EXPECTED


def test_a_pool_gives_the_same_outcomes_in_input_order():
    outcomes = list(LocalPool(2).run(JOB, ITEMS))
    assert plain(outcomes) == EXPECTED
    assert len({o.value[0] for o in outcomes if o.ok}) >= 1


def test_each_worker_is_set_up_once():
    job = Job(batchwork.setup, batchwork.setups_seen)
    outcomes = list(LocalPool(2).run(job, range(16)))
    pids = {o.value[0] for o in outcomes}
    assert all(o.value[1] == 1 for o in outcomes)        # one setup in each worker process
    assert os.getpid() not in pids and 1 <= len(pids) <= 2


def test_an_item_past_its_timeout_is_recorded_and_the_rest_go_on():
    job = Job(batchwork.setup, batchwork.sleepy, timeout=0.5, name="sleepy")
    outcomes = list(LocalPool(2).run(job, [0.0, 5.0, 0.0]))
    assert [o.error and o.error["kind"] for o in outcomes] == [None, "timeout", None]
    assert [o.value for o in outcomes] == [0.0, None, 0.0]


def test_a_bug_names_its_exception():
    outcome = list(LocalPool(1).run(Job(batchwork.setup, batchwork.square), ["x"]))[0]
    assert outcome.error["kind"] == "bug" and "TypeError" in outcome.error["message"]


def test_an_unreachable_scheduler_is_bad_input():
    from rulekeeper.bridge.core.base.errors import ScenarioError
    port = _free_port()
    with pytest.raises(ScenarioError, match="cannot reach the Dask scheduler"):
        DaskCluster(f"tcp://127.0.0.1:{port}", connect_timeout=2)


# -- a real local Dask cluster ------------------------------------------------------------------
def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class LocalDask:
    """`dask scheduler` and `dask worker` as separate processes on 127.0.0.1 (free ports),
    ended by `close`."""

    def __init__(self, workers: int = 2, wait: float = 90.0):
        pytest.importorskip("distributed")
        port, dash = _free_port(), _free_port()
        self.address = f"tcp://127.0.0.1:{port}"
        env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(TESTS)] + sys.path),
               "DASK_DISTRIBUTED__WORKER__DAEMON": "False"}
        dask = [sys.executable, "-m", "distributed.cli.dask_"]
        quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL, "env": env}
        self.procs = [subprocess.Popen(
            [sys.executable, "-m", "distributed.cli.dask_scheduler", "--host", "127.0.0.1",
             "--port", str(port), "--dashboard-address", f"127.0.0.1:{dash}"], **quiet)]
        self.procs.append(subprocess.Popen(
            [sys.executable, "-m", "distributed.cli.dask_worker", self.address, "--nworkers",
             str(workers), "--nthreads", "1", "--host", "127.0.0.1", "--no-dashboard"], **quiet))
        self.cluster = self._connect(workers, time.monotonic() + wait)

    def _connect(self, workers: int, until: float) -> DaskCluster:
        while time.monotonic() < until:
            try:
                cluster = DaskCluster(self.address, connect_timeout=5)
            except Exception:     # noqa: BLE001 - not up yet (no scheduler, no worker)
                time.sleep(1)
                continue
            if cluster.workers >= workers:
                return cluster
            cluster.close()
            time.sleep(1)
        self.close()
        pytest.fail("the local Dask cluster did not start in time")

    def close(self) -> None:
        for proc in reversed(self.procs):
            proc.terminate()
        for proc in self.procs:
            try:
                proc.wait(20)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


@pytest.fixture(scope="module")
def local_dask():
    cluster = LocalDask()
    yield cluster.cluster
    cluster.cluster.close()
    cluster.close()


def test_a_dask_cluster_gives_the_local_outcomes(local_dask):
    assert plain(list(local_dask.run(JOB, ITEMS))) == EXPECTED


def test_scenarios_checked_on_dask_equal_the_local_run(local_dask):
    from rulekeeper.bridge.tools.batchjobs import CheckSetup, check_file
    from rulekeeper.bridge.tools.runner import scenario_files
    root = Path(__file__).resolve().parent.parent
    files = scenario_files([str(root / "scenarios/mtg/704-state-based-actions")])[:6]
    job = Job(CheckSetup(), check_file)
    local = [o.value for o in LocalPool(1).run(job, files)]
    remote = list(local_dask.run(job, files))
    assert all(o.ok for o in remote)
    assert [o.value for o in remote] == local
    assert {e["status"] for e in local} == {"ok"}
