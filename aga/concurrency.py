"""Agents thinking at the same time: a town lock given up while waiting on the model, and phases.

A hosted model answers in 0.5-2 s, and almost all of a step's wall time is that wait. In a phased run
(:mod:`aga.sim.phased`) the agents of one phase think in threads: each holds the *town lock* while it
runs Python (reads and writes memories, the ledger, the vector index) and gives it up only while it
waits on the model (:meth:`TownLock.released`, which the gateway wraps around the request and around
back-off sleeps). So the state of the town is never touched by two threads at once, and no store needs
its own locking; the concurrency is exactly the overlap of model latencies.

What one agent does must not depend on which thread finished first. Three rules make that so:

- an agent reads the others only through the view frozen at the start of the phase (tiles and
  actions, from which objects' states follow), never their live state;
- writes that others could read (the shared policy store's counters and new policies,
  timeline rows) are *deferred*: collected per job and applied in the jobs' fixed order once every job
  of the phase has finished (:func:`defer`);
- randomness and the gateway's per-call nonce come from per-agent streams, not shared ones.

With these, ``--concurrency 1`` and ``--concurrency 25`` give the same town for the same seed.
"""

from __future__ import annotations

import concurrent.futures
import contextvars
import queue
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass, field
from functools import partial
from typing import Any, TypeVar

R = TypeVar("R")


class TownLock:
    """The lock over a town's state: held while an agent thinks, given up while it waits on the model.

    Re-entrant for its holder (a job that calls code which takes the lock again does not deadlock).
    """

    def __init__(self) -> None:
        self._lock = threading.RLock()
        self._local = threading.local()
        # Waited on (it gives the lock up whole while waiting, however deep its holder is) by agents
        # running ahead for others to catch up; notified when they do (see aga.sim.ahead).
        self.changed = threading.Condition(self._lock)

    def __enter__(self) -> TownLock:
        self._lock.acquire()
        self._local.depth = getattr(self._local, "depth", 0) + 1
        return self

    def __exit__(self, *_exc: object) -> None:
        self._local.depth -= 1
        self._lock.release()

    @property
    def held(self) -> bool:
        """Whether the calling thread holds the lock."""
        return getattr(self._local, "depth", 0) > 0

    @contextmanager
    def released(self) -> Iterator[None]:
        """Give the lock up for the block (a model request, a back-off sleep) and take it back after.

        A thread that does not hold the lock (a sequential run, the main thread between phases) just
        runs the block.
        """
        depth = getattr(self._local, "depth", 0)
        if depth == 0:
            yield
            return
        for _ in range(depth):
            self._lock.release()
        self._local.depth = 0
        try:
            yield
        finally:
            for _ in range(depth):
                self._lock.acquire()
            self._local.depth = depth


@dataclass
class _Job:
    """One job of a phase and the writes it deferred."""

    name: str
    deferred: list[Callable[[], None]] = field(default_factory=list)


# The job the calling context runs (a phase's job, or one branch of a gather), for deferred writes. A
# context variable: a gather's branches run in other threads with a copy of their caller's context.
_JOB: contextvars.ContextVar[_Job | None] = contextvars.ContextVar("aga_job", default=None)


def defer(write: Callable[[], None]) -> None:
    """Run ``write`` now, or, inside a job of a phase, once every job has finished, in the jobs' order.

    For writes another agent of the same phase could otherwise read half-way through (a shared
    cache's counters and new entries): deferring them keeps what each agent sees independent of which
    thread ran first.
    """
    job = _JOB.get()
    if job is None:
        write()
    else:
        job.deferred.append(write)


class AgentThreads:
    """A fixed set of threads that run phase jobs; started when first needed.

    By hand rather than ``ThreadPoolExecutor``: its threads are joined when the interpreter exits, so
    a second Ctrl-C would wait for every request in flight (up to the model's timeout). A half-done
    step is worth nothing (the run resumes from its last checkpoint), so these threads are daemons and
    end with the process.
    """

    def __init__(self, size: int) -> None:
        self.size = size
        self._queue: queue.SimpleQueue[tuple[concurrent.futures.Future[Any], Callable[[], Any]] | None] = (
            queue.SimpleQueue()
        )
        self._threads: list[threading.Thread] = []

    def submit(self, fn: Callable[[], R]) -> concurrent.futures.Future[R]:
        """Run ``fn`` on one of the threads; its future."""
        if not self._threads:
            self._threads = [
                threading.Thread(target=self._work, name=f"aga-agent-{i}", daemon=True) for i in range(self.size)
            ]
            for thread in self._threads:
                thread.start()
        future: concurrent.futures.Future[R] = concurrent.futures.Future()
        self._queue.put((future, fn))
        return future

    def _work(self) -> None:
        while (item := self._queue.get()) is not None:
            future, fn = item
            if not future.set_running_or_notify_cancel():
                continue
            try:
                future.set_result(fn())
            except BaseException as exc:  # handed to the waiting thread, which decides
                future.set_exception(exc)

    def shutdown(self) -> None:
        """Let the threads end once the jobs queued so far are done."""
        for _ in self._threads:
            self._queue.put(None)
        self._threads = []


def in_job() -> str | None:
    """The name of the job the calling thread runs, if any."""
    job = _JOB.get()
    return job.name if job is not None else None


def run_phase(
    jobs: Sequence[tuple[str, Callable[[], R]]],
    *,
    lock: TownLock,
    workers: int,
    pool: AgentThreads | None = None,
) -> dict[str, R]:
    """Run the named ``jobs`` with up to ``workers`` threads; returns their results by name.

    ``pool``: threads to reuse (a town steps thousands of phases; starting threads for each costs).

    Each job runs holding ``lock`` (so at most one runs Python at a time; the others are waiting on
    the model). Once all have finished, their deferred writes are applied in the order of ``jobs``.
    If jobs fail, the others still finish (their work is not thrown away half-done), nothing deferred
    is applied, and the failure of the first failed job in ``jobs`` order is raised: the same one
    whatever the timing. A Ctrl-C that interrupts the waiting itself is raised at once (the jobs still
    running are abandoned with the step).
    """
    records = [_Job(name) for name, _ in jobs]

    def run(record: _Job, fn: Callable[[], R]) -> R:
        token = _JOB.set(record)
        try:
            with lock:
                return fn()
        finally:
            _JOB.reset(token)

    results: dict[str, R] = {}
    failures: dict[int, BaseException] = {}
    if workers <= 1 or len(jobs) <= 1:
        # In this thread, one after another: the same code path (deferral included) as with threads.
        for i, (record, (name, fn)) in enumerate(zip(records, jobs, strict=True)):
            try:
                results[name] = run(record, fn)
            except BaseException as exc:
                failures[i] = exc
                if not isinstance(exc, Exception):  # Ctrl-C: stop starting jobs
                    break
    else:
        threads = pool or AgentThreads(workers)
        try:
            futures = [
                threads.submit(lambda record=record, fn=fn: run(record, fn))
                for record, (_, fn) in zip(records, jobs, strict=True)
            ]
            for i, future in enumerate(futures):
                try:
                    results[jobs[i][0]] = future.result()
                except BaseException as exc:
                    if not future.done():  # the wait was interrupted (a second Ctrl-C), not the job
                        for pending in futures:
                            pending.cancel()
                        raise
                    failures[i] = exc
        finally:
            if pool is None:
                threads.shutdown()
    if failures:
        raise failures[min(failures)]
    # Holding the lock: with agents running ahead (aga.sim.ahead), other groups think meanwhile.
    with lock:
        for record in records:
            for write in record.deferred:
                write()
    return results


class ElasticThreads:
    """Daemon threads that run the branches of gathers: an idle one if there is one, else a new one.

    Not a fixed pool: a branch may gather again (an action's place, then its object's emoji and triple
    at once) and waits for its own branches, so a bounded pool could fill with waiting branches and
    never run the ones they wait for. The model's concurrency is bounded by the request slots instead.
    Daemons for the reason :class:`AgentThreads` gives.
    """

    def __init__(self) -> None:
        self._queue: queue.SimpleQueue[tuple[concurrent.futures.Future[Any], Callable[[], Any]]] = queue.SimpleQueue()
        self._guard = threading.Lock()
        self._idle = 0
        self.started = 0

    def submit(self, fn: Callable[[], R]) -> concurrent.futures.Future[R]:
        """Run ``fn`` on an idle thread, or on a new one; its future."""
        future: concurrent.futures.Future[R] = concurrent.futures.Future()
        with self._guard:
            if self._idle:
                self._idle -= 1  # that thread takes this job from the queue
            else:
                self.started += 1
                threading.Thread(target=self._work, name=f"aga-branch-{self.started}", daemon=True).start()
        self._queue.put((future, fn))
        return future

    def _work(self) -> None:
        while True:
            future, fn = self._queue.get()
            if future.set_running_or_notify_cancel():
                try:
                    future.set_result(fn())
                except BaseException as exc:  # handed to the waiting thread, which decides
                    future.set_exception(exc)
            with self._guard:
                self._idle += 1


@dataclass(frozen=True)
class FanOut:
    """A threaded run's town lock, its request slots and the threads a gather's branches run in."""

    lock: TownLock
    # At most this many requests in flight: an agent's thread may make several at once (its gathers),
    # so the agents' threads alone do not bound them.
    slots: threading.BoundedSemaphore
    threads: ElasticThreads = field(default_factory=ElasticThreads)

    @classmethod
    def of(cls, concurrency: int) -> FanOut:
        """A new lock and ``concurrency`` request slots."""
        return cls(TownLock(), threading.BoundedSemaphore(concurrency))

    @contextmanager
    def outside(self) -> Iterator[None]:
        """Around a model request (the gateway's ``outside``): give the town lock up, then wait for a slot."""
        with self.lock.released(), self.slots:
            yield


def gather(thunks: Sequence[Callable[[], Any]], *, fan_out: FanOut | None = None) -> list[Any]:
    """Run ``thunks`` (calls of one decision that do not depend on each other) and return their
    results in order: at once in a threaded run (``fan_out``), one after another otherwise.

    Either way the result is the same: each branch defers its writes (ledger rows included, see
    :func:`defer`) and they are handed on in the branches' order once all have finished, to the
    enclosing job (or applied at once outside one); the gateway numbers each branch's calls in a
    sequence of its own (``Gateway.branching``), so no answer depends on which branch ran first. A
    branch reads the caller's context (its clock step, its place in the town, the tallies counting
    its calls): each runs in a copy of the caller's context. If branches fail, the others still finish
    and the first failure in order is raised, after their writes are handed on.
    """
    records = [_Job(f"branch-{i}") for i in range(len(thunks))]
    lock = fan_out.lock if fan_out is not None else None

    def run(record: _Job, fn: Callable[[], Any]) -> Any:
        token = _JOB.set(record)
        try:
            with lock if lock is not None else nullcontext():
                return fn()
        finally:
            _JOB.reset(token)

    results: list[Any] = [None] * len(thunks)
    failures: dict[int, BaseException] = {}
    if fan_out is None or len(thunks) <= 1:
        for i, (record, fn) in enumerate(zip(records, thunks, strict=True)):
            try:
                results[i] = contextvars.copy_context().run(run, record, fn)
            except BaseException as exc:
                failures[i] = exc
                if not isinstance(exc, Exception):  # Ctrl-C: stop starting branches
                    break
    else:
        futures = [
            fan_out.threads.submit(partial(contextvars.copy_context().run, run, record, fn))
            for record, fn in zip(records, thunks, strict=True)
        ]
        # The caller holds the town lock (it is thinking); its branches need it to run their Python.
        with fan_out.lock.released():
            concurrent.futures.wait(futures)
        for i, future in enumerate(futures):
            if (exc := future.exception()) is not None:
                failures[i] = exc
            else:
                results[i] = future.result()
    for record in records:
        for write in record.deferred:
            defer(write)
    if failures:
        raise failures[min(failures)]
    return results
