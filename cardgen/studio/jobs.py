"""Long runs (a balance of thousands of games) in a thread of their own: how far they are,
their result, and a way to stop them. The page asks for the progress as often as it
likes; a page reloaded or closed meanwhile changes nothing, and a stopped run leaves no
file behind (a run writes nothing until it is done)."""

from __future__ import annotations

import secrets
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field

from cardgen.errors import CardgenError, printable
from cardgen.messages import Message

MOST_JOBS = 10  # the finished ones beyond this are forgotten, oldest first


class Stopped(Exception):
    """Raised from the progress callback of a run the player stopped."""


@dataclass
class Job:
    total: int
    done: int = 0
    stop: threading.Event = field(default_factory=threading.Event)
    result: dict | None = None
    lang: str = "en"  # of its error
    error: str | None = None
    finished: threading.Event = field(default_factory=threading.Event)

    def progress(self, done: int, total: int | None = None) -> None:
        self.done = done
        if self.stop.is_set():
            raise Stopped

    def state(self) -> dict:
        return {
            "done": self.done,
            "total": self.total,
            "finished": self.finished.is_set(),
            "stopped": self.stop.is_set(),
            "error": self.error,
            "result": self.result,
        }


class Jobs:
    def __init__(self) -> None:
        self.jobs: OrderedDict[str, Job] = OrderedDict()
        self.lock = threading.Lock()

    def start(self, total: int, work: Callable[[Job], dict], lang: str) -> str:
        """Run `work(job)` in a thread; its dict is the job's result, a CardgenError its one
        line in `lang`."""
        key = secrets.token_hex(8)
        job = Job(total, lang=lang)
        with self.lock:
            self.jobs[key] = job
            finished = [k for k, j in self.jobs.items() if j.finished.is_set()]
            for old in finished[: max(0, len(self.jobs) - MOST_JOBS)]:
                del self.jobs[old]
        threading.Thread(target=_run, args=(job, work), daemon=True, name=f"cardgen-job-{key}").start()
        return key

    def get(self, key: str) -> Job | None:
        with self.lock:
            return self.jobs.get(key)


def _run(job: Job, work: Callable[[Job], dict]) -> None:
    try:
        job.result = work(job)
    except Stopped:
        pass
    except CardgenError as exc:
        said = exc.message
        job.error = printable(said.text(job.lang) if isinstance(said, Message) else said)
    except Exception as exc:  # a bug: the studio goes on, the page says what stopped the run
        job.error = printable(Message("studio.run_failed", error=f"{type(exc).__name__}: {exc}").text(job.lang))
    finally:
        job.finished.set()
