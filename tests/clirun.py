"""`cardgen` run in this process through click's CliRunner: the same command, exit status,
stdout and stderr as the installed entry point, without a Python start-up (0.3–0.5 s) per
run. Tests about the process itself (the entry point, signals, limits, concurrency,
stray output of the interpreter) start a real one instead."""

import sys
from dataclasses import dataclass

from click.testing import CliRunner

from cardgen.cli import main


@dataclass(frozen=True)
class Ran:
    returncode: int
    stdout: str
    stderr: str


def cardgen_in_process(*args) -> Ran:
    result = CliRunner().invoke(main, [str(arg) for arg in args], prog_name="cardgen")
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception  # the real command would have shown a traceback
    return Ran(result.exit_code, result.stdout, result.stderr)


def cardgen_with_stderr_on(terminal: bool, *args, interrupt_after: str | None = None) -> tuple[str, str]:
    """Run the real command, its stderr a terminal (a pseudo-terminal) or a pipe; (stdout, stderr).
    `interrupt_after`: a pattern; once the terminal shows it, Ctrl-C, and the command must end with 130."""
    import os
    import pty
    import re
    import select
    import signal
    import subprocess
    import time

    command = [sys.executable, "-m", "cardgen", *map(str, args)]
    if not terminal:
        ran = subprocess.run(command, capture_output=True, text=True, timeout=120)
        assert ran.returncode == 0, ran.stderr
        return ran.stdout, ran.stderr
    leader, follower = pty.openpty()
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=follower, text=True)
    os.close(follower)
    seen, interrupted, deadline = b"", False, time.monotonic() + 120
    while True:
        if time.monotonic() > deadline:  # a command that would never end fails the test, not hangs it
            process.kill()
            break
        if not select.select([leader], [], [], 1.0)[0]:
            continue
        try:
            chunk = os.read(leader, 4096)
        except OSError:  # the terminal is gone once the command has ended
            break
        if not chunk:
            break
        seen += chunk
        if interrupt_after and not interrupted and re.search(interrupt_after, seen.decode(errors="replace")):
            process.send_signal(signal.SIGINT)
            interrupted = True
    os.close(leader)
    stdout = process.stdout.read()
    assert process.wait(timeout=120) == (130 if interrupted else 0), seen
    return stdout, seen.decode()
