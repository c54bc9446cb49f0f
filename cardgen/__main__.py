"""`python -m cardgen` and the `cardgen` command. Ctrl-C is one line and exit status 130,
even while the command line is still loading."""

import gc
import sys


def run() -> None:
    try:
        try:
            from cardgen.cli import main

            main(prog_name="cardgen")  # it reports a Ctrl-C itself, once loaded
        except BaseException as exc:
            if not _ctrl_c(exc):
                raise
            sys.stderr.write("cardgen: stopped.\n")
            sys.exit(130)
    finally:
        _keyboard_interrupt_handled()
        # What is left is freed as the process ends: the collector need not walk it all
        # once more on the way out (a tenth of a second after a build).
        gc.freeze()


def _ctrl_c(exc: BaseException) -> bool:
    """A Ctrl-C, also as Python 3.11 wraps one that lands while a class is being made
    (RuntimeError "Error calling __set_name__ …" while a module loads)."""
    return isinstance(exc, KeyboardInterrupt) or (
        isinstance(exc, RuntimeError) and isinstance(exc.__cause__, KeyboardInterrupt)
    )


def _keyboard_interrupt_handled() -> None:
    """Tell CPython that no Ctrl-C went unhandled. A Ctrl-C that lands while a module being
    loaded runs exec() on a string (dataclasses do) is marked unhandled, even though it is
    caught; under `python -m`, CPython then ends the process by SIGINT after our one line
    and status 130. Any exec() of a string that runs to its end clears the mark."""
    exec("pass")


if __name__ == "__main__":
    run()
