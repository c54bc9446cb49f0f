"""Work numbered 0..count-1 (simulated games) cut into chunks and spread over processes.

    tally = run_chunks(partial(play_chunk, options, seed), games, jobs, operator.add, Tally.empty(4), progress)

`work(indexes)` gets a `range` of item numbers and returns what it found there: it
must be a top-level function (or a functools.partial of one) with picklable
arguments, since it runs in worker processes on systems that start them afresh.
The results are combined in chunk order, so whole-number sums or lists in item order
come out the same for any number of jobs, as long as an item does not depend on
which chunk it is in.

One job plays in this process, with no worker to start. When work raises, the
error of the first failing chunk in order is raised, so the error does not depend
on the number of jobs either. Ctrl-C reaches the caller alone (workers ignore it)
as KeyboardInterrupt, after every worker has been stopped.
"""

from __future__ import annotations

import math
import os
import pickle
import signal
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Generic, TypeVar

from cardgen.errors import Terminated

Result = TypeVar("Result")
Total = TypeVar("Total")
Item = TypeVar("Item")

LARGEST_CHUNK = 64  # a few tenths of a second of checked games: the progress bar moves smoothly
CHUNKS_PER_JOB = 8  # so that a job that finishes early takes more work rather than waiting

HOLDS_SIGNALS = hasattr(signal, "pthread_sigmask")  # POSIX; elsewhere Ctrl-C is not held back
# fork starts a worker in a few milliseconds; elsewhere the platform's own way (spawn) is safe
START_METHOD = "fork" if sys.platform == "linux" else None


def all_cores() -> int:
    """The processors this process may run on."""
    if hasattr(os, "process_cpu_count"):  # Python 3.13+
        return os.process_cpu_count() or 1
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


def chunk_size(count: int, jobs: int) -> int:
    return max(1, min(LARGEST_CHUNK, math.ceil(count / (CHUNKS_PER_JOB * jobs))))


def run_chunks(
    work: Callable[[range], Result],
    count: int,
    jobs: int,
    combine: Callable[[Total, Result], Total],
    start: Total,
    progress: Callable[[int], None] | None = None,
    start_method: str | None = START_METHOD,
    scheduler: str | None = None,
) -> Total:
    """`start` combined with `work(chunk)` of each chunk of range(count) in order, the
    chunks played on up to `jobs` processes, or by the workers of the Dask scheduler at
    `scheduler` (the same chunks: the same total); `progress(done)` after each chunk with
    the number of items done so far."""
    size = chunk_size(count, jobs)
    firsts = range(0, count, size)
    parts = (range(first, min(first + size, count)) for first in firsts)  # made as needed: count may be huge
    if scheduler is not None:
        from cardgen.cluster import on_cluster

        with on_cluster(scheduler, work, parts) as results:
            return _combined(results, firsts, size, count, combine, start, progress)
    processes = min(jobs, len(firsts))
    if processes <= 1:
        return _combined(map(work, parts), firsts, size, count, combine, start, progress)
    pool = _start_pool(processes, start_method)
    try:
        with _terminated_as_interrupted():
            return _combined(pool.imap(work, parts), firsts, size, count, combine, start, progress)
    finally:  # done, an error, Ctrl-C or SIGTERM: every worker is stopped before going on
        pool.terminate()
        pool.join()


def _combined(results: Iterator[Result], firsts: range, size: int, count: int, combine, total, progress):
    for result, first in zip(results, firsts):
        total = combine(total, result)
        if progress is not None:
            progress(min(first + size, count))
    return total


def on_threads(work: Callable[[Item], Result], items: list[Item]) -> list[Result]:
    """`work(item)` of each item, in order, on a thread per core: for work that lets go of the
    GIL (pillow decoding an image). An error in work is raised once every thread has stopped."""
    threads = min(all_cores(), len(items))
    if threads < 2:
        return [work(item) for item in items]
    from concurrent.futures import ThreadPoolExecutor

    pool = ThreadPoolExecutor(threads)
    try:
        return list(pool.map(work, items))
    finally:  # done, an error or Ctrl-C: what has not started is dropped, what runs ends first
        pool.shutdown(cancel_futures=True)


@contextmanager
def alongside(work: Callable[[], Result]) -> Iterator[Callable[[], Result]]:
    """`work()` done by a forked worker process while the caller goes on, where a core is
    spare and fork is safe; elsewhere in this process, when asked for. What it yields
    returns work's result, or raises its error."""
    if all_cores() < 2 or START_METHOD != "fork":
        yield work
        return
    worker = _Forked(work)
    try:
        yield worker.result
    finally:  # done, an error or Ctrl-C: the worker is stopped before going on
        worker.stop()


class _Forked(Generic[Result]):
    """One child process that does `work()` and sends back what came of it through a pipe:
    lighter than a Pool, which starts threads and a worker that waits for tasks. A child
    that ends without sending anything (killed, or an error that cannot be pickled) leaves
    the work to this process, which then fails, or not, exactly as the worker would have."""

    def __init__(self, work: Callable[[], Result]):
        self.work = work
        self.pipe, sending_end = os.pipe()
        with _ctrl_c_held():
            self.pid = os.fork()
            if self.pid == 0:
                _ignore_ctrl_c()
                os.close(self.pipe)
                _send_outcome(work, sending_end)  # never returns
        os.close(sending_end)

    def result(self) -> Result:
        with os.fdopen(self.pipe, "rb") as received:
            self.pipe = -1
            message = received.read()
        self._reap()
        try:
            done, outcome = pickle.loads(message)
        except Exception:  # nothing came, or nothing this process can read
            return self.work()
        if not done:
            raise outcome
        return outcome

    def stop(self) -> None:
        if self.pipe >= 0:
            os.close(self.pipe)
            self.pipe = -1
        if self.pid:
            os.kill(self.pid, signal.SIGKILL)
            self._reap()

    def _reap(self) -> None:
        os.waitpid(self.pid, 0)
        self.pid = 0


def _send_outcome(work: Callable[[], Result], pipe: int) -> None:
    """In the child: `work()` done, its result or error written to `pipe`, and the process
    ended at once (the parent's exit handlers and buffered output are the parent's)."""
    outcome: tuple[bool, object]
    try:
        try:
            outcome = (True, work())
        except BaseException as exc:  # sent back to be raised where the caller waits
            outcome = (False, exc)
        with os.fdopen(pipe, "wb") as sending:
            sending.write(pickle.dumps(outcome, pickle.HIGHEST_PROTOCOL))
    finally:
        os._exit(0)


def _start_pool(processes: int, start_method: str | None):
    import multiprocessing  # here: alongside needs none of its imports (a hundredth of a second)

    context = multiprocessing.get_context(start_method)
    with _ctrl_c_held():
        return context.Pool(processes, initializer=_worker_start, initargs=(os.getpid(),))


def _worker_start(caller: int) -> None:
    _ignore_ctrl_c()
    _end_with_caller(caller)


def _end_with_caller(caller: int) -> None:
    """On Linux, a worker whose caller is killed outright (SIGKILL) is killed too: it would
    wait for work forever."""
    if sys.platform != "linux":
        return
    import ctypes

    PR_SET_PDEATHSIG = 1
    ctypes.CDLL(None).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    if os.getppid() != caller:  # the caller was killed before the line above
        os._exit(0)


@contextmanager
def _terminated_as_interrupted() -> Iterator[None]:
    """SIGTERM raises Terminated in this process instead of ending it at once, so that its
    workers are stopped first: killed with it, they would find their pipe broken and each
    print a traceback. Set after the workers start, which keep the default: the pool's own
    SIGTERM ends them."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def stop(signum, frame):
        raise Terminated

    previous = signal.signal(signal.SIGTERM, stop)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def _ignore_ctrl_c() -> None:
    """A worker's first step: Ctrl-C reaches the caller alone, which stops the workers; a
    worker whose caller is gone ends without a word when it sends its result."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "SIGPIPE"):
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    if HOLDS_SIGNALS:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


@contextmanager
def _ctrl_c_held() -> Iterator[None]:
    """Ctrl-C held back while workers start, not lost: a worker is born with it held, until
    it ignores it, and one pressed meanwhile reaches this process afterwards. (Ignoring it
    here instead, as before, lost a Ctrl-C pressed while a Pool started: the run went on.)"""
    if threading.current_thread() is not threading.main_thread() or not HOLDS_SIGNALS:
        yield  # only the main thread may change how signals are handled
        return
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)
