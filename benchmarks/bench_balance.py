"""Whole-process time of `cardgen balance`: 2,000 games per deck (4,000 in all), 4-player
Classic, four heuristic players (or those of --players-kind), the six promo cards 105-110
of docs/examples/promo.yaml, with the PDF report; on one process (--jobs 1), on every core,
and (with the cluster extra installed) on a Dask LocalCluster of two worker processes on
this machine (--scheduler). CPU time is given beside wall time: on a shared machine it is
the steadier figure (the cluster's workers are not this process's children: their CPU
time is not counted).

    python benchmarks/bench_balance.py [--runs 3] [--games 2000] [--players-kind rollout]
        [--ways one,every,cluster]
"""

import argparse
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

PROMO = Path(__file__).resolve().parent.parent / "docs" / "examples" / "promo.yaml"  # six cards, 105-110


def one_run(*args: str) -> tuple[float, float]:
    """Wall time and CPU time (s, the children's) of one `cardgen` command."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "cardgen", *args], check=True, capture_output=True)
    elapsed = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return elapsed, after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--players-kind", default="heuristic")
    parser.add_argument("--ways", default="one,every,cluster", help="which of one, every, cluster to time")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        report = str(Path(folder) / "report.pdf")
        common = ["balance", "--set", str(PROMO), "--games", str(options.games), "--players", "4", "-o", report]
        common += ["--players-kind", options.players_kind]
        kind = options.players_kind
        print(f"cardgen balance, {options.games} games per deck, 4-player Classic, {kind} players, with the PDF")
        ways = options.ways.split(",")
        for label, jobs in (
            *[("one process (--jobs 1)", ["--jobs", "1"])] * ("one" in ways),
            *[("every core", [])] * ("every" in ways),
            *(cluster() if "cluster" in ways else ()),
        ):
            runs = [one_run(*common, *jobs) for _ in range(options.runs)]
            walls, cpus = zip(*runs)
            print(
                f"  {label}: median {statistics.median(walls):.2f} s, best {min(walls):.2f} s; "
                f"CPU median {statistics.median(cpus):.2f} s ({options.runs} runs)"
            )


def cluster():
    """("a LocalCluster of two workers", ["--scheduler", its address]) while it runs, if dask is here."""
    try:
        import distributed
    except ImportError:
        print("  (no LocalCluster: the cluster extra is not installed)")
        return
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1", dashboard_address=None
    ) as local:
        yield "a LocalCluster of two workers", ["--scheduler", local.scheduler_address]


if __name__ == "__main__":
    main()
