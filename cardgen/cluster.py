"""The chunks of a run sent to a Dask cluster (`--scheduler ADDRESS`, the optional extra
`pip install "cardgen[cluster]"`). Each chunk is one task; its result comes back in
chunk order, so the total is the one `--jobs 1` gives. A worker that dies has its task
run again on another (Dask's own rescheduling); Ctrl-C, an error or the end of the run
cancels what is still queued."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager

from cardgen.errors import InputError
from cardgen.messages import Message

CONNECT_SECONDS = 10


@contextmanager
def on_cluster(address: str, work: Callable, parts: Iterable[range]) -> Iterator[Iterator]:
    """The results of `work(part)` for each part, in order, computed by the cluster's workers."""
    try:
        from distributed import Client
    except ImportError:
        raise InputError(Message("cluster.not_installed", command='pip install "cardgen[cluster]"')) from None
    try:
        client = Client(address, timeout=CONNECT_SECONDS, set_as_default=False)
    except (OSError, TimeoutError, ValueError) as exc:
        said = Message("cluster.unreachable", address=address, seconds=CONNECT_SECONDS, error=type(exc).__name__)
        raise InputError(said) from None
    futures = client.map(work, list(parts), pure=False)
    try:
        yield (future.result() for future in futures)
    finally:  # done, an error or Ctrl-C: nothing left running for this run
        client.cancel(futures)
        client.close()
