"""How often the rollout player beats heuristic players, and how fast it plays.

    python benchmarks/bench_rollout.py [--games 1000] [--samples 20]
        [--variant classic] [--players 4] [--processes 2]

Seat 1 is a rollout player, the others heuristic players; game i is played with
seed i (1..GAMES), split into one contiguous range per process. A shared win
counts as a win for each winner (as `cardgen simulate` counts), so the fair
share is 1/players or a little more. Prints the win rate with its 95% Wilson
interval, the mean totals and games per second. Not a test: it prints.
"""

from __future__ import annotations

import argparse
import math
import time
from multiprocessing import Pool

from cardgen.engine import Options
from cardgen.simulate import simulate


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    rate = wins / games
    centre = (rate + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(rate * (1 - rate) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return centre - half, centre + half


def play_range(job: tuple[str, list[str], int, int]) -> tuple[list[int], list[int], int]:
    """(wins per seat, summed totals per seat, games) of games seed..seed+games-1."""
    variant, kinds, seed, games = job
    result = simulate(Options(variant), kinds, games, seed=seed, check=False)
    wins = [round(rate * games) for rate in result.win_rates]
    totals = [round(total * games) for total in result.mean_totals]
    return wins, totals, games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--samples", type=int, default=20, help="guessed deals per decision")
    parser.add_argument("--variant", default="classic")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1, help="the first game's seed")
    args = parser.parse_args()

    kinds = [f"rollout:{args.samples}"] + ["heuristic"] * (args.players - 1)
    share, extra = divmod(args.games, args.processes)
    jobs, seed = [], args.seed
    for index in range(args.processes):
        games = share + (index < extra)
        jobs.append((args.variant, kinds, seed, games))
        seed += games
    started = time.perf_counter()
    with Pool(args.processes) as pool:
        parts = pool.map(play_range, [job for job in jobs if job[3]])
    seconds = time.perf_counter() - started

    games = sum(part[2] for part in parts)
    wins = [sum(part[0][seat] for part in parts) for seat in range(args.players)]
    totals = [sum(part[1][seat] for part in parts) / games for seat in range(args.players)]
    low, high = wilson(wins[0], games)
    print(f"{args.variant}, {args.players} players, rollout:{args.samples} in seat 1 against heuristic players")
    print(
        f"{games} games (seeds {args.seed}..{args.seed + games - 1}) in {seconds:.0f} s on {args.processes} processes: {games / seconds:.2f} games/s"
    )
    print(
        f"rollout win rate {wins[0] / games:.1%}  (95% Wilson interval {low:.1%} to {high:.1%}; fair share {1 / args.players:.0%})"
    )
    print("heuristic win rates " + ", ".join(f"{won / games:.1%}" for won in wins[1:]))
    print("mean totals " + ", ".join(f"{total:.1f}" for total in totals))


if __name__ == "__main__":
    main()
