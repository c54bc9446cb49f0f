"""`python -m cardgen` and the `cardgen` command. Ctrl-C is one line and exit status 130,
even while the command line is still loading."""

import sys


def run() -> None:
    try:
        from cardgen.cli import main
    except KeyboardInterrupt:
        sys.stderr.write("cardgen: stopped.\n")
        sys.exit(130)
    main(prog_name="cardgen")


if __name__ == "__main__":
    run()
