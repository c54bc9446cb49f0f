"""How strong each computer player is against the next weaker one, and how fast the players that search play.

    python benchmarks/bench_strength.py [--games 100] [--jobs 2] [--variant classic]
        [--match search-rollout] [--timed-games 5] [--timed expert]

Each match seats one player of a kind against three of another (four players) and
plays games with seeds 1..GAMES through `cardgen.simulate`, so any game replays
with `cardgen simulate --games 1 --seed S`. A shared win counts as a win for each
winner (as simulate counts), so the fair share is a quarter or a little more.
Prints a table: the win rate of the single player with its 95% Wilson interval,
the mean totals, and the seconds the match took; then the moves a second and CPU
milliseconds a move of each player named by --timed (search and expert by default;
its card choices only, timed in this process over --timed-games games against
heuristic players). Not a test: it prints.
"""

from __future__ import annotations

import argparse
import os
import time

from bench_rollout import wilson

from cardgen.engine import Game, HeuristicPlayer, Options
from cardgen.simulate import make_player, simulate

MATCHES = {  # name: (the single player, the three it plays against)
    "expert-rollout": ("expert", "rollout"),
    "expert-heuristic": ("expert", "heuristic"),
    "expert-search": ("expert", "search"),
    "search-rollout": ("search", "rollout"),
    "rollout-heuristic": ("rollout", "heuristic"),
    "heuristic-random": ("heuristic", "random"),
    "search-heuristic": ("search", "heuristic"),
}


def play_match(options: Options, one: str, others: str, games: int, jobs: int) -> str:
    """One line of the table."""
    result = simulate(options, [one] + [others] * 3, games, seed=1, check=False, jobs=jobs)
    wins = round(result.win_rates[0] * games)
    low, high = wilson(wins, games)
    rest = sum(result.mean_totals[1:]) / 3
    return (
        f"{one:<10} {'3 ' + others:<12} {games:>6} {wins / games:>8.1%}  {low:>6.1%} to {high:<6.1%}"
        f" {result.mean_totals[0]:>7.1f} {rest:>7.1f} {result.seconds:>7.0f}"
    )


def time_player(options: Options, kind: str, games: int) -> str:
    """The CPU time of a player's card choices at its default budget, in this process."""
    player = make_player(kind)
    timing = {"seconds": 0.0, "moves": 0}
    choose_cards = player.choose_cards

    def timed(view):
        started = time.process_time()
        cards = choose_cards(view)
        timing["seconds"] += time.process_time() - started
        timing["moves"] += 1
        return cards

    player.choose_cards = timed  # type: ignore[method-assign]
    game = Game(options, [player] + [HeuristicPlayer() for _ in range(3)])
    game.again(0).play()  # not timed: the compiled playouts are loaded (or compiled) on the first
    timing.update(seconds=0.0, moves=0)
    for seed in range(1, games + 1):
        game.again(seed).play()
    seconds, moves = timing["seconds"], timing["moves"]
    return (
        f"{kind} ({player.playouts} playouts a move): {moves / seconds:.1f} moves/s, "
        f"{1000 * seconds / moves:.1f} ms of CPU a move ({moves} moves of {games} games, one process, "
        f"load {os.getloadavg()[0]:.2f})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="games per match")
    parser.add_argument("--jobs", type=int, default=2, help="processes")
    parser.add_argument("--variant", default="classic")
    parser.add_argument("--match", choices=MATCHES, action="append", help="only these matches (repeatable)")
    parser.add_argument("--timed-games", type=int, default=5, help="games of each timed player")
    parser.add_argument("--timed", action="append", help="the players to time (repeatable; search and expert)")
    args = parser.parse_args()

    options = Options(args.variant)
    print(f"{options.name}, 4 players, games with seeds 1..{args.games}; a shared win counts for each winner")
    print(
        f"{'player':<10} {'against':<12} {'games':>6} {'win rate':>8}  {'95% interval':<16} {'total':>7} {'theirs':>7} {'seconds':>7}"
    )
    for name in args.match or (MATCHES if args.games else []):
        one, others = MATCHES[name]
        print(play_match(options, one, others, args.games, args.jobs), flush=True)
    if args.timed_games:
        for kind in args.timed or ["search", "expert"]:
            print(time_player(options, kind, args.timed_games))


if __name__ == "__main__":
    main()
