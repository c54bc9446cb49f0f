"""Start-up time: `cardgen --help` (wall) and the default kit, `cardgen build` (wall and
CPU, the forked worker's CPU included), the best of several runs, each figure with the
machine's load average beside it (on a shared machine, the best run is the one least
disturbed); then the ten imports that take longest, counting what they import, for
`import cardgen.cli` and for the kit. Targets: --help under 0.25 s, the kit's CPU time
under 0.6 s. The commands run with their bytecode cached, as an installed cardgen has it
(PYTHONDONTWRITEBYTECODE is dropped for them: with it, every run compiles the cardgen
sources it loads again).

    python benchmarks/bench_startup.py [--runs 10]
"""

import argparse
import os
import re
import resource
import subprocess
import sys
import tempfile
import time

CARDGEN = [sys.executable, "-m", "cardgen"]
IMPORT_LINE = re.compile(r"import time:\s+(\d+) \|\s+(\d+) \| (\s*)(\S+)")
CACHED = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}


def one_run(*args: str) -> tuple[float, float]:
    """Wall time and CPU time (s) of one `cardgen` command, its children's CPU included."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run([*CARDGEN, *args], check=True, capture_output=True, env=CACHED)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime


def load() -> str:
    return "load {:.2f} {:.2f} {:.2f}".format(*os.getloadavg())


def best_of(runs: int, *args: str) -> tuple[float, float, str]:
    """The least wall time and the least CPU time of `runs` runs, and the load before them."""
    before = load()
    one_run(*args)  # the first run fills the disk cache and writes bytecode
    walls, cpus = zip(*(one_run(*args) for _ in range(runs)))
    return min(walls), min(cpus), before


def slowest_imports(code: list[str], count: int = 10) -> list[tuple[float, str]]:
    """The `count` imports with the largest cumulative time (ms) in one run of `code`
    under -X importtime, each with its depth shown by its indent."""
    run = subprocess.run(
        [sys.executable, "-X", "importtime", *code], check=True, capture_output=True, text=True, env=CACHED
    )
    found = []
    for line in run.stderr.splitlines():
        match = IMPORT_LINE.match(line)
        if match:
            found.append((int(match[2]) / 1000, match[3] + match[4]))
    return sorted(found, key=lambda item: -item[0])[:count]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=10)
    runs = parser.parse_args().runs
    with tempfile.TemporaryDirectory() as folder:
        help_wall, _, help_load = best_of(runs, "--help")
        kit_wall, kit_cpu, kit_load = best_of(runs, "build", "-o", folder)
        print(f"cardgen start-up, best of {runs} runs ({os.cpu_count()} cores)")
        print(f"  cardgen --help: {help_wall:.3f} s wall (target < 0.25 s)   [{help_load}]")
        print(f"  cardgen build (the kit): {kit_wall:.3f} s wall, {kit_cpu:.3f} s CPU (target < 0.6 s)   [{kit_load}]")
        print(f"  after the runs: [{load()}]")
        for title, code in (
            ("import cardgen.cli", ["-c", "import cardgen.cli"]),
            ("cardgen build", ["-m", "cardgen", "build", "-o", folder]),
        ):
            print(f"slowest imports of {title} (cumulative ms):")
            for ms, name in slowest_imports(code):
                print(f"  {ms:8.1f}  {name}")


if __name__ == "__main__":
    main()
