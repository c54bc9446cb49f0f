"""`cardgen` run in this process through click's CliRunner: the same command, exit status,
stdout and stderr as the installed entry point, without a Python start-up (0.3–0.5 s) per
run. Tests about the process itself (the entry point, signals, limits, concurrency,
stray output of the interpreter) start a real one instead."""

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
