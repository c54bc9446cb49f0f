"""How fast the rules engine plays: games per second and peak memory.

    python benchmarks/bench_engine.py [--seconds 3]

Random players, invariant checks off, one process, the simulator's own loop
(cardgen.simulate.simulate), so the figures are what `cardgen simulate
--no-check` gets. Targets (issue 2): 5,500 four-player and 3,700 ten-player
Classic games to 66 a second, peak memory under 100 MB. Not a test: it prints.
"""

from __future__ import annotations

import argparse
import gc
import resource
import tracemalloc

from cardgen.engine import Options
from cardgen.simulate import simulate

CASES = [
    ("classic", 4, 5500),
    ("classic", 10, 3700),
    ("pro", 4, None),
    ("pro", 6, None),
    ("plus", 4, None),
    ("plus", 7, None),
    ("jokers", 4, None),
    ("jokers", 10, None),
]


def games_per_second(variant: str, players: int, seconds: float) -> tuple[float, int]:
    """Run batches of games until `seconds` have passed: overall games per second, games played."""
    options = Options(variant)
    kinds = ["random"] * players
    simulate(options, kinds, 200, seed=10**6, check=False)  # warm up
    played, spent, seed = 0, 0.0, 1
    batch = 500
    while spent < seconds:
        result = simulate(options, kinds, batch, seed=seed, check=False)
        spent += result.seconds
        played += batch
        seed += batch
    return played / spent, played


def peak_traced_memory(variant: str, players: int, games: int) -> int:
    """Peak bytes Python allocated while playing `games` games (tracemalloc)."""
    gc.collect()
    tracemalloc.start()
    simulate(Options(variant), ["random"] * players, games, seed=1, check=False)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return peak


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time spent on each case")
    args = parser.parse_args()
    print(f"{'variant':<8} {'players':>7} {'games/s':>9} {'target':>7}  games played")
    for variant, players, target in CASES:
        rate, played = games_per_second(variant, players, args.seconds)
        verdict = "" if target is None else (f"{target:>7}" + ("  ok" if rate >= target else "  SLOW"))
        print(f"{variant:<8} {players:>7} {rate:>9,.0f} {verdict:<11} {played}")
    peak = max(peak_traced_memory(variant, players, 2000) for variant, players, _ in CASES)
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak traced Python memory over 2,000 games of each case: {peak / 2**20:.2f} MB")
    print(f"peak resident set size of this process: {rss:.1f} MB (limit 100 MB)")


if __name__ == "__main__":
    main()
