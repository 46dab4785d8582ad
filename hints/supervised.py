"""Worker processes under supervision: replaced when one dies, below the serving process's
priority, and gone with their parent.

A :class:`concurrent.futures.ProcessPoolExecutor` whose worker is killed (by the kernel's
out-of-memory killer, or ``kill -9``) is broken for good: every later call raises
``BrokenProcessPool``. :class:`SupervisedPool` replaces such a pool and makes the call once
more; when the new pool breaks too it says so (:class:`PoolBroken`), and :meth:`healthy`
stays False until a pool works again, so the process's ``/healthz`` can fail.

Every worker runs :func:`prepare_worker` first: Ctrl-C is left to the parent (which stops
the pool), the worker runs at a lower CPU priority (``nice``), and a watchdog thread ends it
when its parent is gone, whatever killed the parent (no orphan keeps its memory).
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Callable
from concurrent.futures import CancelledError, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

logger = logging.getLogger(__name__)

T = TypeVar("T")
WORKER_NICENESS = 10  # workers yield the CPU to the event loop serving cached answers
PARENT_CHECK_SECONDS = 1.0
PROBE_SECONDS = 30.0  # how long a health probe may wait for a new worker to answer


class PoolBroken(RuntimeError):
    """No worker process could be made: the pool broke, and so did its replacement."""


class PoolClosed(RuntimeError):
    """The pool was closed (the server is stopping) while the call waited or ran."""


def _exit_with_parent(parent: int) -> None:
    """End this worker once its parent has gone (it is then adopted by another process), or the
    process that asked for it: a fork server's worker is the fork server's child, yet the pipe
    multiprocessing leaves it (``parent_process().sentinel``) has its other end in the process
    that asked, and reads as closed the moment that process is gone, however it ended."""
    asker = multiprocessing.parent_process()
    while os.getppid() == parent:
        if asker is None:
            time.sleep(PARENT_CHECK_SECONDS)
            continue
        asker.join(PARENT_CHECK_SECONDS)  # at once when the asking process is gone
        if not asker.is_alive():
            break
    os._exit(0)


def prepare_worker(niceness: int = WORKER_NICENESS) -> None:
    """Run first in every worker: no Ctrl-C (the parent stops the pool), a lower priority, and a
    watchdog that ends the worker when its parent is gone."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):  # CP-SAT installs its own handler: block the signal too
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    if niceness:
        os.nice(niceness)
    watchdog = threading.Thread(target=_exit_with_parent, args=(os.getppid(),), daemon=True)
    watchdog.start()


def start_method(preload: tuple[str, ...]) -> multiprocessing.context.BaseContext:
    """How workers start: spawned (a new interpreter importing what it runs: seconds of CPU each),
    or, given modules to ``preload``, forked from this process's fork server, a process started
    once that imports them first (a worker then starts in milliseconds, and a broken pool is
    replaced as fast). The fork server is one per process, single-threaded (a fork is safe there),
    and ends with its parent; its workers' watchdog then ends them."""
    if not preload or "forkserver" not in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("spawn")
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(sorted(set(_preloaded) | set(preload)))
    _preloaded.update(preload)
    return context


_preloaded: set[str] = set()  # what the fork server imports before its first fork (once started)


def _alive() -> int:
    return os.getpid()


class SupervisedPool:
    """A pool of ``workers`` spawned processes that is replaced when it breaks.

    ``initializer`` runs in every worker after :func:`prepare_worker` (with ``initargs``).
    """

    def __init__(
        self,
        workers: int,
        initializer: Callable[..., None] | None = None,
        initargs: tuple[Any, ...] = (),
        *,
        niceness: int = WORKER_NICENESS,
        preload: tuple[str, ...] = (),
    ) -> None:
        self._workers = workers
        self._context = start_method(preload)
        self._initializer = initializer
        self._initargs = initargs
        self._niceness = niceness
        self._lock = threading.Lock()
        self._pool: ProcessPoolExecutor | None = None
        self._closed = False
        self._failing = False  # the last pool made broke too: none can be made now
        self.replaced = 0  # pools replaced after a worker died

    def _current(self) -> ProcessPoolExecutor:
        with self._lock:
            if self._closed:
                raise PoolClosed("the worker processes are stopping")
            if self._pool is None:
                self._pool = ProcessPoolExecutor(
                    self._workers,
                    mp_context=self._context,
                    initializer=_start_worker,
                    initargs=(self._niceness, self._initializer, self._initargs),
                )
            return self._pool

    def _discard(self, pool: ProcessPoolExecutor) -> None:
        """Drop a broken pool (a later call makes a new one)."""
        with self._lock:
            if self._pool is pool:
                self._pool = None
                self.replaced += 1
        pool.shutdown(wait=False, cancel_futures=True)

    def run(self, function: Callable[..., T], *args: Any) -> T:
        """``function(*args)`` in a worker process (blocking until it is done). A pool broken by a
        dead worker is replaced and the call made once more; PoolBroken when that breaks too,
        PoolClosed when the pool is closed meanwhile."""
        for attempt in range(2):
            pool = self._current()
            try:
                result = pool.submit(function, *args).result()
            except BrokenProcessPool:
                if self._closed:
                    raise PoolClosed("the worker processes are stopping") from None
                logger.warning("a worker process died; replacing the pool (attempt %d)", attempt + 1)
                self._discard(pool)
                continue
            except (CancelledError, RuntimeError) as exc:  # cancelled or refused by a shutdown
                if self._closed:
                    raise PoolClosed("the worker processes are stopping") from exc
                raise
            self._failing = False
            return result
        self._failing = True
        raise PoolBroken("no worker process could be started")

    def healthy(self) -> bool:
        """False while no working pool can be made (the last call's replacement broke too)."""
        return not self._failing and not self._closed

    def probe(self) -> bool:
        """Try a new worker (blocking, at most :data:`PROBE_SECONDS`): whether one answers now."""
        try:
            pool = self._current()
        except PoolClosed:
            return False
        try:
            pool.submit(_alive).result(timeout=PROBE_SECONDS)
        except BrokenProcessPool:
            self._discard(pool)
            return False
        except TimeoutError:
            return False
        self._failing = False
        return True

    def close(self) -> None:
        """Stop the workers (at shutdown): queued calls are cancelled and running ones ended, so
        the process can exit at once; callers waiting get PoolClosed."""
        with self._lock:
            self._closed = True
            pool, self._pool = self._pool, None
        if pool is None:
            return
        for process in list(pool._processes.values()):  # no public way to end a running call
            process.terminate()
        pool.shutdown(wait=True, cancel_futures=True)


def _start_worker(niceness: int, initializer: Callable[..., None] | None, initargs: tuple[Any, ...]) -> None:
    prepare_worker(niceness)
    if initializer is not None:
        initializer(*initargs)
