"""How fast the rules engine plays, side by side with a pure-Python peer.

    python benchmarks/bench_engine.py [--seconds 2] [--peer DIR]    (or CARDGEN_PEER=DIR)

Not a test: it prints. Random players, one game = a whole match (Classic ends
when a total reaches 66), timed with the simulator's own loop
(cardgen.simulate.simulate), so the figures are what `cardgen simulate` gets.
It prints, in this order:

1. 4- and 10-player Classic: the peer, cardgen with checks on (the default of
   `cardgen simulate`) and cardgen with --no-check (check=False), played in
   turns of about 0.2 s each so that the load of a shared machine falls on all
   three alike. Targets (issue 10), 4 players: checks on >= 2x the peer's
   games/s, --no-check >= 2.5x, and a game with checks at most 25% longer than
   without (printed below each player count). Issue 2's absolute target for 4-player
   --no-check is 5,500 games/s (3,700 for 10 players, in table 4).
2. `--jobs 2` against `--jobs 1` (wall clock, 4-player Classic, checks on),
   target >= 1.7x; skipped while simulate has no `jobs` parameter.
3. Random, heuristic and rollout players (4-player Classic, checks on): games/s on
   one core and on every core, and in plain Python (engine/compiled.py switched off)
   on one core. Targets (issue 24): heuristic games at least half as fast as random
   ones, rollout games at least 10x faster than in plain Python (the same choices).
4. Every variant at its fewest and most players, checks on and off, then the
   peak memory (target under 100 MB).
The load average is printed before and after: with other work on the machine
the figures drop, the ratios much less.

The peer: github.com/yawgmoth/6nimmt at commit c6b471b4533e (common.py and
main.py, Python 2.7, no dependencies), a plain 6 nimmt! referee with random and
greedy players. Set it up outside this repository (its code never goes in it):

    git clone https://github.com/yawgmoth/6nimmt /work/peer-6nimmt
    git -C /work/peer-6nimmt checkout c6b471b4533e72636058b8b1c86f2c4cfbd27a31
    python3.11 -m lib2to3 -w -n /work/peer-6nimmt   # to Python 3 in place (lib2to3 left the stdlib in 3.13)
    python benchmarks/bench_engine.py --peer /work/peer-6nimmt

No edit beyond lib2to3's is needed. The benchmark runs the peer in this
process: its main.py is loaded with runpy (the folder put first on sys.path for
its `from common import *`). One peer game is one match: a
`Game([Player() x N], output=False)` (Player: a random card, a random row when
it must take one; output=False prints nothing) whose run() deals and plays one
10-card round and returns each player's running total (tricks carry over from
round to round), called again until a total reaches 66. The peer plays the
Classic rules (104 cards, rows of five, bull heads 7/5/3/2/1) with Python's
global `random`, seeded per batch. Mean rounds per match are printed for both
engines: they should agree (about 4 with 4 players, 3 with 10).
"""

from __future__ import annotations

import argparse
import gc
import inspect
import os
import random
import resource
import runpy
import sys
import time
import tracemalloc
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from cardgen.engine import Options
from cardgen.simulate import simulate

# A batch of games: (games, seed) -> (seconds spent, rounds played).
Batch = Callable[[int, int], tuple[float, int]]

PEER_ENV = "CARDGEN_PEER"
PEER_THRESHOLD = 66
SLICE_SECONDS = 0.2
RATIO_TARGETS = {"checks on": 2.0, "--no-check": 2.5}
CHECK_COST_TARGET = 0.25  # issue 10: checks on at most 25 % slower than --no-check (4 players)
NO_CHECK_TARGETS = {("classic", 4): 5500, ("classic", 10): 3700}  # issue 2
JOBS_TARGET = 1.7
MEMORY_GAMES = 500
MEMORY_LIMIT_MB = 100
FEWEST_AND_MOST_PLAYERS = {"classic": (2, 10), "pro": (2, 6), "plus": (2, 7), "jokers": (2, 10)}
VARIANT_CASES = [(variant, count) for variant, counts in FEWEST_AND_MOST_PLAYERS.items() for count in counts]


@dataclass
class Tally:
    games: int = 0
    seconds: float = 0.0
    rounds: int = 0

    @property
    def rate(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else 0.0


def cardgen_batch(variant: str, players: int, check: bool) -> Batch:
    options, kinds = Options(variant), ["random"] * players

    def play(games: int, seed: int) -> tuple[float, int]:
        result = simulate(options, kinds, games, seed=seed, check=check)
        return result.seconds, round(result.mean_rounds * games)

    return play


def load_peer(folder: str | None) -> tuple[dict | None, str]:
    """The peer's main.py namespace, or None and why it is skipped."""
    if not folder:
        return None, f"no peer folder given (--peer DIR or {PEER_ENV}=DIR; the docstring says how to set it up)"
    main = Path(folder) / "main.py"
    if not main.is_file():
        return None, f"{main} does not exist (the docstring says how to set the peer up)"
    sys.path.insert(0, str(main.parent))
    try:
        namespace = runpy.run_path(str(main), run_name="peer_6nimmt")
    except SyntaxError:
        return None, f"{main} is still Python 2: run `python3.11 -m lib2to3 -w -n {main.parent}`"
    except Exception as exc:  # whatever a foreign program raises, the peer is skipped, not the benchmark
        return None, f"{main} failed to load: {exc!r}"
    finally:
        sys.path.remove(str(main.parent))
    if not {"Game", "Player"} <= namespace.keys():
        return None, f"{main} has no Game and Player: not yawgmoth/6nimmt?"
    return namespace, ""


def peer_batch(peer: dict, players: int) -> Batch:
    game_class, player_class = peer["Game"], peer["Player"]

    def play(games: int, seed: int) -> tuple[float, int]:
        random.seed(seed)
        rounds = 0
        started = time.perf_counter()
        for _ in range(games):
            game = game_class([player_class() for _ in range(players)], output=False)
            rounds += 1
            while max(game.run()) < PEER_THRESHOLD:
                rounds += 1
        return time.perf_counter() - started, rounds

    return play


def alternate(batches: dict[str, Batch], seconds: float) -> dict[str, Tally]:
    """Play each engine in turns of about SLICE_SECONDS until each has played `seconds`."""
    tallies = {name: Tally() for name in batches}
    for play in batches.values():
        play(20, 10**6)  # warm up
    size = dict.fromkeys(batches, 10)
    seed = 1
    while min(tally.seconds for tally in tallies.values()) < seconds:
        for name, play in batches.items():
            spent, rounds = play(size[name], seed)
            tally = tallies[name]
            tally.games += size[name]
            tally.seconds += spent
            tally.rounds += rounds
            size[name] = max(1, round(tally.rate * SLICE_SECONDS))
        seed += max(size.values())
    return tallies


def verdict(value: float, target: float | None) -> str:
    if target is None:
        return ""
    return "ok" if value >= target else "MISSED"


def compare_with_peer(peer: dict | None, seconds: float) -> float:
    """Table 1; returns cardgen's 4-player checks-on games/s for the jobs comparison."""
    print(f"{'engine':<22} {'players':>7} {'games/s':>9} {'us/game':>8} {'rounds':>6} {'x peer':>7}  target")
    checked_rate = 0.0
    for players in (4, 10):
        batches = {} if peer is None else {"peer 6nimmt": peer_batch(peer, players)}
        batches["cardgen checks on"] = cardgen_batch("classic", players, check=True)
        batches["cardgen --no-check"] = cardgen_batch("classic", players, check=False)
        tallies = alternate(batches, seconds)
        peer_rate = tallies["peer 6nimmt"].rate if peer is not None else None
        for name, tally in tallies.items():
            checks = name.removeprefix("cardgen ")
            target = RATIO_TARGETS.get(checks) if players == 4 else None
            ratio = f"{tally.rate / peer_rate:>6.2f}x" if peer_rate else f"{'-':>7}"
            goal = f">= {target}x {verdict(tally.rate / peer_rate, target)}" if target and peer_rate else ""
            print(
                f"{name:<22} {players:>7} {tally.rate:>9,.0f} {1e6 / tally.rate:>8,.0f} "
                f"{tally.rounds / tally.games:>6.2f} {ratio}  {goal}"
            )
        checked, unchecked = tallies["cardgen checks on"].rate, tallies["cardgen --no-check"].rate
        cost = unchecked / checked - 1  # how much longer a checked game takes
        goal = f" (target <= 25%: {'ok' if cost <= CHECK_COST_TARGET else 'MISSED'})" if players == 4 else ""
        print(f"  a {players}-player game with checks takes {cost:.1%} longer{goal}")
        if players == 4:
            checked_rate = tallies["cardgen checks on"].rate
            no_check = tallies["cardgen --no-check"].rate
            target = NO_CHECK_TARGETS[("classic", 4)]
            print(f"  (issue 2: 4-player --no-check >= {target:,} games/s: {verdict(no_check, target)})")
    return checked_rate


def compare_jobs(checked_rate: float, seconds: float) -> None:
    if "jobs" not in inspect.signature(simulate).parameters:
        print("--jobs 2 against --jobs 1: skipped: simulate has no jobs parameter yet")
        return
    options, kinds = Options("classic"), ["random"] * 4
    games = max(200, round(checked_rate * seconds / 2))
    wall = {1: 0.0, 2: 0.0}
    for _ in range(2):
        for jobs in wall:
            started = time.perf_counter()
            simulate(options, kinds, games, seed=1, jobs=jobs)
            wall[jobs] += time.perf_counter() - started
    speedup = wall[1] / wall[2]
    print(
        f"--jobs 2 against --jobs 1 (4-player Classic, checks on, 2 x {games:,} games, wall clock): "
        f"{2 * games / wall[1]:,.0f} and {2 * games / wall[2]:,.0f} games/s, {speedup:.2f}x "
        f"(target >= {JOBS_TARGET}x {verdict(speedup, JOBS_TARGET)}; {os.cpu_count()} cores)"
    )


PLAYER_TABLES = {  # 4-player Classic, checks on; games a run plays on one core
    "random": (["random"] * 4, 6000),
    "heuristic": (["heuristic"] * 4, 6000),
    "rollout": (["rollout"] + ["heuristic"] * 3, 60),
}


def player_speeds() -> None:
    """Table 3: games/s of each kind of player on one core and on every core, compiled
    (engine/compiled.py) and in plain Python; the issue 24 targets below it."""
    from cardgen.engine import compiled

    cores = os.cpu_count() or 1
    print(f"{'players':<26} {'1 core':>9} {f'{cores} cores':>9} {'plain Python, 1 core':>21}  games/s")
    rates = {}
    for name, (kinds, games) in PLAYER_TABLES.items():
        simulate(Options("classic"), kinds, 4, seed=1)  # compiled or loaded from the cache first
        one = simulate(Options("classic"), kinds, games, seed=1).games_per_second
        every = simulate(Options("classic"), kinds, games * cores, seed=1, jobs=cores).games_per_second
        compiled._IN_USE[:] = [False]
        try:
            plain = simulate(Options("classic"), kinds, max(games // 10, 4), seed=1).games_per_second
        finally:
            compiled._IN_USE[:] = []
        rates[name] = one, plain
        label = " + ".join(f"{kinds.count(kind)} {kind}" for kind in dict.fromkeys(kinds))
        print(f"{label:<26} {one:>9,.1f} {every:>9,.1f} {plain:>21,.1f}")
    half = rates["heuristic"][0] / rates["random"][0]
    faster = rates["rollout"][0] / rates["rollout"][1]
    print(f"  heuristic games at {half:.2f}x the random ones' speed (target >= 0.5: {verdict(half, 0.5)})")
    print(f"  rollout games {faster:.1f}x faster than in plain Python (target >= 10: {verdict(faster, 10)})")


def variant_table(seconds: float) -> None:
    print(f"{'variant':<8} {'players':>7} {'checks on':>10} {'--no-check':>10}  games/s; target (--no-check)")
    for variant, players in VARIANT_CASES:
        checked = cardgen_batch(variant, players, check=True)
        unchecked = cardgen_batch(variant, players, check=False)
        tallies = alternate({"on": checked, "off": unchecked}, seconds)
        on, off = tallies["on"].rate, tallies["off"].rate
        target = NO_CHECK_TARGETS.get((variant, players))
        goal = f"{target:,} {verdict(off, target)}" if target else ""
        print(f"{variant:<8} {players:>7} {on:>10,.0f} {off:>10,.0f}  {goal}")


def peak_traced_memory(variant: str, players: int, games: int) -> int:
    """Peak bytes Python allocated while playing `games` games (tracemalloc)."""
    gc.collect()
    tracemalloc.start()
    simulate(Options(variant), ["random"] * players, games, seed=1, check=False)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return peak


def print_load(when: str) -> None:
    loads = ", ".join(f"{load:.2f}" for load in os.getloadavg())
    print(f"load average {when}: {loads} ({os.cpu_count()} cores)", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="time each engine plays each case")
    parser.add_argument("--peer", default=os.environ.get(PEER_ENV), help=f"the peer's folder (default ${PEER_ENV})")
    args = parser.parse_args()
    print_load("before")
    peer, why = load_peer(args.peer)
    if peer is None:
        print(f"peer skipped: {why}")
    else:
        print(f"peer: yawgmoth/6nimmt from {args.peer}, in this process")
    checked_rate = compare_with_peer(peer, args.seconds)
    compare_jobs(checked_rate, args.seconds)
    player_speeds()
    variant_table(args.seconds)
    peak = max(peak_traced_memory(variant, players, MEMORY_GAMES) for variant, players in VARIANT_CASES)
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak traced Python memory over {MEMORY_GAMES:,} games of each case: {peak / 2**20:.2f} MB")
    print(f"peak resident set size of this process: {rss:.1f} MB (limit {MEMORY_LIMIT_MB} MB)")
    print_load("after")


if __name__ == "__main__":
    main()
