"""cardgen.batch: work in chunks on several processes, the same result as in one."""

import os
import signal
import subprocess
import sys
import threading
import time
from functools import partial
from operator import add
from pathlib import Path

import pytest

from cardgen.batch import alongside, run_chunks
from cardgen.engine import Options
from cardgen.simulate import Sums, play_chunk

FOUR_RANDOM = partial(play_chunk, Options("classic"), ("random",) * 4, 1, False)


def test_workers_started_afresh_as_on_macos_and_windows_give_the_same_sums():
    alone = run_chunks(FOUR_RANDOM, 30, 1, add, Sums.empty(4))
    spawned = run_chunks(FOUR_RANDOM, 30, 2, add, Sums.empty(4), start_method="spawn")
    assert spawned == alone and alone.rounds >= 30


@pytest.mark.parametrize("jobs", [1, 2])
def test_progress_climbs_to_every_item(jobs):
    done = []
    run_chunks(FOUR_RANDOM, 37, jobs, add, Sums.empty(4), done.append)
    assert done == sorted(set(done)) and done[-1] == 37 and len(done) > 2


def _children(pid: int) -> list[int]:
    return [int(child) for child in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]


def _running(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().split(")")[-1].split()[0] != "Z"
    except FileNotFoundError:
        return False


# Ctrl-C reaches the whole process group; kill and service managers send SIGTERM (or SIGKILL) to cardgen alone
STOPPED = {
    "ctrl-c": (signal.SIGINT, True, 130, "cardgen: stopped.\n"),
    "sigterm": (signal.SIGTERM, False, 143, "cardgen: stopped.\n"),
    "sigkill": (signal.SIGKILL, False, -signal.SIGKILL, ""),
}


@pytest.mark.skipif(not Path(f"/proc/{os.getpid()}/task/{os.getpid()}/children").exists(), reason="Linux /proc")
@pytest.mark.parametrize("how", STOPPED)
def test_a_stopped_run_stops_every_worker_with_one_line_and_its_status(how):
    signal_sent, to_group, status, said = STOPPED[how]
    process = subprocess.Popen(
        [sys.executable, "-m", "cardgen", "simulate", "--games", "10000000", "--jobs", "2"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # its own process group, which a terminal's Ctrl-C reaches as a whole
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    try:
        deadline = time.monotonic() + 20
        while len(workers := _children(process.pid)) < 2 and time.monotonic() < deadline:
            time.sleep(0.05)
        time.sleep(0.2)  # the workers are playing
        (os.killpg if to_group else os.kill)(process.pid, signal_sent)
        _, stderr = process.communicate(timeout=30)
        time.sleep(0.2)  # a worker killed with its caller is gone a moment later
    finally:
        process.kill()  # no simulation left running when the test fails
        for worker in workers:
            if _running(worker):
                os.kill(worker, signal.SIGKILL)
    assert len(workers) == 2
    assert process.returncode == status
    assert stderr == said  # no worker's traceback of a broken pipe
    assert not any(_running(worker) for worker in workers)


def _dies_in_a_worker(caller: int) -> str:
    if os.getpid() != caller:
        os._exit(1)  # as if the system had killed the worker
    return "done here"


def test_a_worker_that_dies_leaves_its_work_to_the_caller():
    with alongside(partial(_dies_in_a_worker, os.getpid())) as result:
        assert result() == "done here"


class _Unsendable(Exception):
    def __init__(self):
        super().__init__("this error holds a lock, which cannot be pickled")
        self.lock = threading.Lock()


def _fails_unsendably():
    raise _Unsendable


def test_an_error_that_cannot_leave_the_worker_is_raised_all_the_same():
    with pytest.raises(_Unsendable, match="holds a lock"), alongside(_fails_unsendably) as result:
        result()


@pytest.mark.skipif(not Path(f"/proc/{os.getpid()}/task/{os.getpid()}/children").exists(), reason="Linux /proc")
def test_an_error_beside_a_worker_stops_it():
    before = set(_children(os.getpid()))  # such as a tracker that an earlier test's pool left
    with pytest.raises(ValueError), alongside(partial(time.sleep, 60)):
        raise ValueError
    assert set(_children(os.getpid())) <= before


def test_a_ctrl_c_pressed_while_workers_start_is_held_not_lost():
    """Workers start with Ctrl-C held back in the caller: one pressed meanwhile must stop
    the run as soon as they have started (ignoring it there lost it, and the run went on)."""
    script = (
        "import os, signal, time\n"
        "from cardgen.batch import _ctrl_c_held\n"
        "signal.signal(signal.SIGINT, signal.default_int_handler)\n"
        "try:\n"
        "    with _ctrl_c_held():\n"
        "        os.kill(os.getpid(), signal.SIGINT)\n"
        "        time.sleep(0.05)\n"
        "        print('held')\n"
        "    time.sleep(1)\n"
        "    print('lost')\n"
        "except KeyboardInterrupt:\n"
        "    print('stopped')\n"
    )
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=30)
    assert result.stdout.split() == ["held", "stopped"]
