"""Supervised worker processes: a dead worker's pool is replaced, a pool that cannot be made says
so, workers run at a lower priority and never outlive their parent."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time

import pytest

from hints.supervised import WORKER_NICENESS, PoolBroken, PoolClosed, SupervisedPool


def _sleep(seconds: float) -> None:
    time.sleep(seconds)


def _gone(pid: int) -> bool:
    """The process has ended: no longer there, or a zombie (exited, its memory freed, not yet
    reaped: an orphan waits for init to reap it, which takes this machine's init a second or two)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] == "Z"
    except (FileNotFoundError, ProcessLookupError):  # gone before the open, or before the read
        return True


def _until(predicate: object, timeout: float = 20.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():  # type: ignore[operator]
            return True
        time.sleep(0.05)
    return False


def test_a_killed_worker_is_replaced_and_the_call_made_again() -> None:
    """Before, a worker killed once (kill -9, the out-of-memory killer) broke the pool for good:
    every later computation answered 500."""
    pool = SupervisedPool(1)
    try:
        first = pool.run(os.getpid)
        os.kill(first, signal.SIGKILL)
        assert _until(lambda: _gone(first))
        second = pool.run(os.getpid)
        assert second != first and pool.replaced == 1 and pool.healthy()
    finally:
        pool.close()


def test_a_pool_that_cannot_be_made_says_so_until_one_can() -> None:
    pool = SupervisedPool(1, sys.exit, (1,))  # every worker ends as it starts
    try:
        with pytest.raises(PoolBroken):
            pool.run(os.getpid)
        assert not pool.healthy() and not pool.probe()
    finally:
        pool.close()


def test_workers_run_below_their_parent_and_leave_ctrl_c_to_it() -> None:
    pool = SupervisedPool(1)
    try:
        assert pool.run(os.nice, 0) >= os.nice(0) + WORKER_NICENESS
        assert pool.run(signal.getsignal, signal.SIGINT) == signal.SIG_IGN
    finally:
        pool.close()


def test_closing_ends_a_running_call_with_pool_closed() -> None:
    pool = SupervisedPool(1)
    pool.run(os.getpid)  # the worker is up
    outcome: list[BaseException] = []

    def call() -> None:
        try:
            pool.run(_sleep, 60)
        except BaseException as exc:  # what the waiting request would see
            outcome.append(exc)

    waiter = threading.Thread(target=call)
    waiter.start()
    assert _until(lambda: pool._pool is not None and pool._pool._pending_work_items)  # the call is out
    pool.close()
    waiter.join(timeout=20)
    assert len(outcome) == 1 and isinstance(outcome[0], PoolClosed)


PARENT = """
import os, sys
from hints.supervised import SupervisedPool
pool = SupervisedPool(1)
print(pool.run(os.getpid), flush=True)
sys.stdin.read()  # until the test kills this process
"""


def test_workers_exit_when_their_parent_is_killed() -> None:
    """Before, workers (about 200 MB each) outlived a killed server for good, adopted by init."""
    parent = subprocess.Popen(
        [sys.executable, "-c", PARENT], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    try:
        assert parent.stdout is not None
        worker = int(parent.stdout.readline())
        assert not _gone(worker)
        parent.kill()
        parent.wait(timeout=20)
        assert _until(lambda: _gone(worker))
    finally:
        parent.kill()
