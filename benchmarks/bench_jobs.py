"""What `--jobs` gains: games per second of four-player Classic with random players and
no checks (`cardgen simulate --no-check`) for 1 job and for every core, and what a
pool of workers costs to start and stop, per start method. Not a test: it prints.
On a shared machine, run it when nothing else is busy.

    python benchmarks/bench_jobs.py [--games 20000] [--runs 3]
"""

from __future__ import annotations

import argparse
import statistics
import time
from functools import partial
from operator import add

from cardgen.batch import all_cores, run_chunks
from cardgen.engine import Options
from cardgen.simulate import Sums, play_chunk, simulate

FOUR_RANDOM = partial(play_chunk, Options("classic"), ("random",) * 4, 1, False)


def games_per_second(games: int, jobs: int, runs: int) -> float:
    best = max(
        simulate(Options("classic"), ["random"] * 4, games, check=False, jobs=jobs).games_per_second
        for _ in range(runs)
    )
    return best


def pool_cost(method: str, jobs: int, runs: int) -> float:
    """Seconds to start `jobs` workers, play one game on each and stop them, less the games."""
    timed = []
    for _ in range(runs):
        started = time.perf_counter()
        run_chunks(FOUR_RANDOM, jobs, jobs, add, Sums.empty(4), start_method=method)
        timed.append(time.perf_counter() - started)
    started = time.perf_counter()
    run_chunks(FOUR_RANDOM, jobs, 1, add, Sums.empty(4))
    return statistics.median(timed) - (time.perf_counter() - started)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=20000)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    cores = all_cores()
    print(f"{cores} cores; Classic, 4 random players, --no-check, {args.games} games, best of {args.runs}")
    alone = games_per_second(args.games, 1, args.runs)
    print(f"  --jobs 1: {alone:8,.0f} games/s")
    if cores > 1:
        every = games_per_second(args.games, cores, args.runs)
        print(f"  --jobs {cores}: {every:8,.0f} games/s ({every / alone:.2f}x)")
    jobs = max(cores, 2)
    for method in ("fork", "forkserver", "spawn"):
        try:
            cost = pool_cost(method, jobs, args.runs)
        except ValueError:  # a start method this system lacks
            continue
        print(f"  {jobs} workers started and stopped with {method}: {cost * 1000:5.0f} ms")


if __name__ == "__main__":
    main()
