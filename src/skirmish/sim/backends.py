"""Where the games of a batch are played: local processes (the default) or a Ray cluster.

Every batch of the project (``simulate``, ``matchup``, ``ladder``, ``balance``) is a *spec*
(a picklable description of what to play) and a *play* function, a top-level function
``play(spec, index) -> result`` whose result depends only on the spec and the index. A
:class:`Backend` runs that function for many indices and hands the results back as they
finish, in any order; :func:`collect` puts them in index order, so a report computed from
them is byte-identical whatever the backend and the number of workers.

- :class:`LocalBackend`: ``workers`` processes on this machine (``spawn``), or the calling
  process itself with one worker. Jobs are handed out a few at a time (a bounded number in
  flight), so a batch of a billion games starts at once and never holds a list of its jobs.
- :class:`RayBackend`: tasks on a Ray cluster (``pip install 'skirmish-tabletop[ray]'``): a local
  instance started for the run, or a running cluster (``address="auto"`` on one of its
  nodes, ``"ray://HOST:10001"`` through Ray Client). Every node needs skirmish (the same
  version) installed; the spec travels through Ray's object store once.

Cancellation: Ctrl-C (``KeyboardInterrupt``) while :func:`collect` waits stops the batch
and keeps every game already finished (:attr:`Collected.cancelled` says so); the local
workers ignore SIGINT and are terminated, Ray's tasks are cancelled. SIGTERM (``kill PID``)
stops it the same way: a batch started in the background (``nohup ... &``), which Ctrl-C
cannot reach and whose shell leaves SIGINT ignored, is stopped with its finished games
reported, written and kept. A local worker that
dies (killed, out of memory) stops the batch with :class:`WorkerDied`, naming its games,
instead of leaving it waiting for them.
"""

from __future__ import annotations

import contextlib
import itertools
import multiprocessing
import os
import signal
import sys
import threading
from collections.abc import Callable, Iterable, Iterator, Mapping
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

if TYPE_CHECKING:
    from skirmish.sim.logdir import LogDir

R = TypeVar("R")
BACKENDS = ("local", "ray")
#: How to get the optional Ray extra (the message of ``--backend ray`` without it).
RAY_HINT = ("pip install 'skirmish-tabletop[ray]' (in this project: .venv/bin/pip install -e "
            "'.[ray]')")
#: Chunks in flight per worker: enough to keep every worker busy while results travel.
IN_FLIGHT = 2
#: Games per job at most (a job is one message each way); small chunks keep the end of a
#: batch from waiting on one busy worker.
MAX_CHUNK = 4


class Indexed(Protocol):
    @property
    def index(self) -> int: ...


class Backend(Protocol):
    """Plays ``play(spec, i)`` for every ``i`` of ``indices`` (``count`` of them) and yields
    the results as they finish, in any order. Closing the iterator stops the work."""

    @property
    def name(self) -> str: ...

    def run(self, play: Callable[[Any, int], R], spec: Any, indices: Iterable[int],
            count: int) -> Iterator[R]: ...

    def describe(self) -> str: ...


def _chunk_size(count: int, workers: int) -> int:
    return max(1, min(MAX_CHUNK, count // (workers * 16)))


# -- local processes ---------------------------------------------------------------------------
_PLAY: Callable[[Any, int], Any] | None = None
_SPEC: Any = None


def _start_worker(play: Callable[[Any, int], Any], spec: Any) -> None:
    """A worker process: the batch it plays, and Ctrl-C left to the parent (which keeps
    the finished games and terminates the workers); should the parent die without doing so
    (``kill``, out of memory), the worker ends with it (:func:`_die_with_parent`)."""
    global _PLAY, _SPEC
    _PLAY, _SPEC = play, spec
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _die_with_parent()


#: Linux's prctl option that sends a signal to the process when its parent dies.
_PR_SET_PDEATHSIG = 1


def _die_with_parent() -> bool:
    """Ask Linux to terminate this process when its parent dies (``prctl``'s
    PR_SET_PDEATHSIG), so that the workers of a batch whose command was killed do not play
    on for nobody; whether it could (not elsewhere than on Linux)."""
    if not sys.platform.startswith("linux"):
        return False
    import ctypes

    try:
        libc = ctypes.CDLL(None, use_errno=True)
        return int(libc.prctl(_PR_SET_PDEATHSIG, int(signal.SIGTERM), 0, 0, 0)) == 0
    except (OSError, AttributeError):
        return False


def _work_on(indices: list[int]) -> list[Any]:
    assert _PLAY is not None
    return [_PLAY(_SPEC, index) for index in indices]


@dataclass(frozen=True)
class LocalBackend:
    """``workers`` processes on this machine (default: every core); one worker plays in the
    calling process."""

    workers: int | None = None
    #: Jobs (of a few games each) in flight per worker.
    in_flight: int = IN_FLIGHT
    name: str = field(default="local", init=False)

    def worker_count(self, count: int) -> int:
        return min(max(1, self.workers or os.cpu_count() or 1), max(1, count))

    def describe(self) -> str:
        n = self.workers or os.cpu_count() or 1
        return f"local, {n} process{'es' if n > 1 else ''}"

    def run(self, play: Callable[[Any, int], R], spec: Any, indices: Iterable[int],
            count: int) -> Iterator[R]:
        workers = self.worker_count(count)
        if workers == 1 or count < 2:
            for index in indices:
                yield play(spec, index)
            return
        chunk = _chunk_size(count, workers)
        jobs = iter(indices)
        pool = ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn"),
                                   initializer=_start_worker, initargs=(play, spec))
        finished = False
        try:
            pending: dict[Future[list[R]], list[int]] = {}

            def submit() -> None:
                part = list(itertools.islice(jobs, chunk))
                if part:
                    pending[pool.submit(_work_on, part)] = part

            for _ in range(workers * max(1, self.in_flight)):
                submit()
            while pending:
                # a timeout keeps Ctrl-C responsive
                done, _ = wait(pending, timeout=0.5, return_when=FIRST_COMPLETED)
                for future in done:
                    part = pending.pop(future)
                    try:
                        got = future.result()
                    except BrokenProcessPool:
                        raise _died([part, *pending.values()]) from None
                    try:
                        submit()
                    except BrokenProcessPool:  # another job broke the pool
                        yield from got
                        raise _died(list(pending.values())) from None
                    yield from got
            finished = True
        finally:
            _close(pool, finished)


class WorkerDied(RuntimeError):
    """A local worker process ended without finishing its games (killed, out of memory)."""


def _died(parts: list[list[int]]) -> WorkerDied:
    lost = sorted(i for part in parts for i in part)
    return WorkerDied(
        f"a worker process died while playing some of the games {lost} (killed, or out of "
        "memory?): the batch stops; the games already finished are kept where a log folder "
        "stores them")


def _close(pool: ProcessPoolExecutor, finished: bool) -> None:
    """Shut the workers down: at the end of a batch, as they finish; when it is stopped
    (Ctrl-C, an error), at once: the games under way are not waited for."""
    if finished:
        pool.shutdown(wait=True)
        return
    # The executor keeps its worker processes there; it has no public way to stop a game
    # under way (Python 3.14's terminate_workers() is that way).
    workers = list(dict(getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for process in workers:
        process.terminate()
    for process in workers:
        process.join(timeout=5)


# -- Ray -----------------------------------------------------------------------------------------
def import_ray() -> Any:
    """The ``ray`` module, or a ValueError saying how to install it."""
    try:
        import ray
    except ImportError:
        raise ValueError(f"--backend ray: Ray is not installed; install it with "
                         f"{RAY_HINT}") from None
    except (MemoryError, OSError) as exc:  # e.g. under a memory limit: one line, exit 2
        raise ValueError(f"--backend ray: cannot load Ray ({type(exc).__name__}: "
                         f"{exc})") from None
    return ray


def _ray_chunk(payload: tuple[Callable[[Any, int], Any], Any], indices: list[int]
               ) -> list[Any]:
    play, spec = payload
    return [play(spec, index) for index in indices]


_REMOTE: Any = None


def ray_options() -> dict[str, Any]:
    """How a Ray instance is started here: quiet, no dashboard, no usage statistics sent."""
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    return {"include_dashboard": False, "log_to_driver": False}


@dataclass(frozen=True)
class RayBackend:
    """Tasks on a Ray cluster. ``address``: None starts a local instance with ``workers``
    CPUs (all by default); ``"auto"`` joins the cluster this machine is a node of (``ray
    start --head``/``ray start --address``); ``"ray://HOST:PORT"`` connects through Ray
    Client. An instance already initialised in this process (``ray.init``) is used as is.
    ``workers`` also bounds the tasks in flight (default: the cluster's CPUs)."""

    address: str | None = None
    workers: int | None = None
    name: str = field(default="ray", init=False)

    def describe(self) -> str:
        where = self.address or "a local instance"
        return f"Ray ({where})"

    def connect(self) -> Any:
        ray = import_ray()
        if ray.is_initialized():
            return ray
        options = ray_options()
        try:
            if self.address in (None, "", "local"):
                ray.init(num_cpus=self.workers, **options)
            else:
                ray.init(address=self.address, log_to_driver=False)
        except Exception as exc:  # Ray raises bare Exception too (a node that times out)
            first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
            where = self.address or "a local instance"
            raise ValueError(f"--address {where}: cannot reach a Ray cluster ({first}); "
                             "start one with 'ray start --head', or leave --address out to "
                             "start a local instance") from None
        return ray

    def run(self, play: Callable[[Any, int], R], spec: Any, indices: Iterable[int],
            count: int) -> Iterator[R]:
        global _REMOTE
        ray = self.connect()
        if _REMOTE is None:
            _REMOTE = ray.remote(num_cpus=1)(_ray_chunk)
        capacity = self.workers or max(1, int(ray.cluster_resources().get("CPU", 1)))
        chunk = _chunk_size(count, capacity)
        payload = ray.put((play, spec))
        jobs = iter(indices)
        in_flight: list[Any] = []

        def submit() -> None:
            part = list(itertools.islice(jobs, chunk))
            if part:
                in_flight.append(_REMOTE.remote(payload, part))

        for _ in range(capacity * IN_FLIGHT):
            submit()
        try:
            while in_flight:
                ready, in_flight[:] = ray.wait(in_flight, num_returns=1, timeout=0.5)
                for ref in ready:
                    submit()
                    try:
                        results = ray.get(ref)
                    except ray.exceptions.RayTaskError as exc:
                        cause = exc.as_instanceof_cause()
                        if isinstance(cause, ModuleNotFoundError | ImportError):
                            raise ValueError(f"a Ray worker cannot import skirmish ({cause}); "
                                             "install skirmish-tabletop on every node") from None
                        raise cause from None
                    yield from results
        finally:
            for ref in in_flight:
                ray.cancel(ref, force=True)


def make_backend(name: str, workers: int | None = None, address: str | None = None
                 ) -> Backend:
    """The backend of ``--backend NAME`` (``--address`` only with Ray); a ValueError names
    the option at fault. Ray is imported (and its absence reported) here, before any game."""
    if name == "local":
        if address is not None:
            raise ValueError("--address: only with --backend ray (the address of a Ray "
                             f"cluster), got {address!r}")
        return LocalBackend(workers)
    if name == "ray":
        import_ray()
        if address is not None and not (address in ("auto", "local")
                                        or address.startswith("ray://") or ":" in address):
            raise ValueError(f"--address: 'auto', 'ray://HOST:PORT' or HOST:PORT, got "
                             f"{address!r}")
        return RayBackend(address, workers)
    raise ValueError(f"--backend: {' or '.join(BACKENDS)}, got {name!r}")


# -- collecting ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class Logged(Generic[R]):
    """A result and the record of its game (JSON Lines text; None when not kept): what a
    play function returns when the driver writes the records (they may come from another
    machine)."""

    index: int
    result: R
    record: str | None = None


@dataclass(frozen=True)
class Collected(Generic[R]):
    """A batch's results in index order; ``cancelled`` when Ctrl-C stopped it (the results
    are the games that finished); ``reused``: games taken from a log folder (--resume)."""

    results: list[R]
    total: int
    cancelled: bool = False
    reused: int = 0

    @property
    def complete(self) -> bool:
        return len(self.results) == self.total


def collect(play: Callable[[Any, int], Any], spec: Any, total: int, backend: Backend, *,
            progress: Callable[[Any], None] | None = None,
            done: Mapping[int, Any] | None = None,
            log: LogDir | None = None) -> Collected[Any]:
    """Play games ``0 .. total-1`` of ``spec`` but those in ``done`` (reused results, by
    index), in index order. With ``log``, ``play`` returns :class:`Logged` results whose
    records are written to the log folder as they arrive. ``progress`` is called with each
    result (reused ones first). Ctrl-C stops the batch and keeps what finished."""
    results: dict[int, Any] = dict(done or {})
    if progress is not None:
        for index in sorted(results):
            progress(results[index])
    todo = (i for i in range(total) if i not in results)
    cancelled = False
    stream = backend.run(play, spec, todo, total - len(results))
    try:
        with terminate_as_interrupt():
            for item in stream:
                if log is not None:
                    assert isinstance(item, Logged)
                    log.write(item.index, item.record, item.result)
                    item = item.result
                results[item.index] = item
                if progress is not None:
                    progress(item)
    except KeyboardInterrupt:
        cancelled = True
    finally:
        close = getattr(stream, "close", None)
        if close is not None:
            close()
    return Collected([results[i] for i in sorted(results)], total, cancelled,
                     len(done or {}))


@contextlib.contextmanager
def terminate_as_interrupt() -> Iterator[None]:
    """Within: SIGTERM raises ``KeyboardInterrupt`` in the main thread, as Ctrl-C does, so
    that ``kill PID`` stops a batch with its finished games kept (elsewhere, and in other
    threads, SIGTERM is left as it is)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def interrupt(signum: int, frame: object) -> None:
        raise KeyboardInterrupt

    before = signal.signal(signal.SIGTERM, interrupt)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, before)
