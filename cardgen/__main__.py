"""`python -m cardgen` and the `cardgen` command. Ctrl-C is one line and exit status 130,
even while the command line is still loading."""

import gc
import sys


def run() -> None:
    try:
        from cardgen.cli import main
    except KeyboardInterrupt:
        sys.stderr.write("cardgen: stopped.\n")
        sys.exit(130)
    try:
        main(prog_name="cardgen")
    finally:
        # What is left is freed as the process ends: the collector need not walk it all
        # once more on the way out (a tenth of a second after a build).
        gc.freeze()


if __name__ == "__main__":
    run()
