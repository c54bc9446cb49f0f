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
import contextlib
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


WAYS = [("one", "one process (--jobs 1)", ["--jobs", "1"]), ("every", "every core", [])]


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
        timed = [(label, jobs) for way, label, jobs in WAYS if way in ways]
        with local_cluster("cluster" in ways) as address:
            if address:
                timed.append(("a LocalCluster of two workers", ["--scheduler", address]))
            for label, jobs in timed:
                time_runs(options.runs, label, [*common, *jobs])


def time_runs(count: int, label: str, command: list[str]) -> None:
    runs = [one_run(*command) for _ in range(count)]
    walls, cpus = zip(*runs)
    print(
        f"  {label}: median {statistics.median(walls):.2f} s, best {min(walls):.2f} s; "
        f"CPU median {statistics.median(cpus):.2f} s ({count} runs)"
    )


@contextlib.contextmanager
def local_cluster(wanted: bool):
    """The address of a LocalCluster of two worker processes while it runs; None if not
    wanted or the cluster extra (dask) is not installed."""
    try:
        import distributed
    except ImportError:
        wanted and print("  (no LocalCluster: the cluster extra is not installed)")
        wanted = False
    if not wanted:
        yield None
        return
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1", dashboard_address=None
    ) as local:
        yield local.scheduler_address


if __name__ == "__main__":
    main()
