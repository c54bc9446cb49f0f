"""One cardgen player against three of take5bot's bots, in 4-player Classic matches to 66.

    python benchmarks/bench_vs_take5bot.py --bot "ANSWERER neural:/path/to/take5bot/web/public/net-attn.t5n:0"
        [--player search] [--matches 128] [--results FILE] [--jobs 1] [--report]

take5bot (a public project, MIT) is not part of cardgen and never used by the package
or its tests. This script talks to a program, given by --bot or the CARDGEN_TAKE5BOT
variable, that wraps take5bot's bot library: benchmarks/take5bot_answerer/ (its
src/main.rs says how to build it from a checkout of take5bot). It answers one decision
a line: it reads

    SEED SEAT PLAYERS TURN HAND PLAYED ROWS PENALTIES TOTALS

(lists comma-separated, "-" for an empty one; ROWS is the four rows joined by "|";
TURN the turns already played this deal; PLAYED every card revealed this deal, the
rows' starters included; PENALTIES this deal's bull heads by seat, TOTALS the
earlier deals') and writes the card the bot plays. A bot that must take a row takes
the first of the rows with the fewest bull heads, as take5bot's bots do. Without
such a program the script says so and stops.

The protocol is fair: match M is the cardgen game of seed M, the cardgen player sits
in seat M mod 4 (seats rotated), sees only its PlayerView, and the bots see what
take5bot shows a seat. A shared win counts as a win for each winner, so the fair
share is a quarter or a little more. Every finished match is appended to --results
(JSON lines), and a run given the same file goes on where it stopped. Prints the win
rate with its 95 % Wilson interval, the bull heads a deal (the player's and the bots'
mean), and the cardgen player's CPU milliseconds a move. Not a test: it prints.
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import subprocess
import time
from multiprocessing import Pool
from pathlib import Path

from bench_rollout import wilson

from cardgen.engine import Game, Options, Player
from cardgen.simulate import make_player

SEATS = 4


class Take5Bot(Player):
    """A seat played by take5bot's bot through the answering program."""

    name = "take5bot"

    def __init__(self, answerer: subprocess.Popen) -> None:
        self.answerer = answerer

    def choose_cards(self, view):
        if len(view.hand) == 1:
            return view.hand[0]  # no choice: the answerer is not asked (it is the slow part)
        rows = view.rows
        played = sorted({card for cards in (*rows, *view.piles) for card in cards})
        line = " ".join(
            [
                str(view.round * 1000 + view.turn * 10 + view.seat),  # a bot's own seed: not the game's draws
                str(view.seat),
                str(len(view.hand_sizes)),
                str(view.turn - 1),
                _listed(sorted(view.hand)),
                _listed(played),
                "|".join(_listed(row) for row in rows),
                _listed(view.scores),
                _listed(view.totals),
            ]
        )
        self.answerer.stdin.write(line + "\n")
        self.answerer.stdin.flush()
        return int(self.answerer.stdout.readline())

    def choose_take(self, view, card):
        return min(range(view.row_count), key=lambda row: (view.row_heads(row), row))


def _listed(numbers) -> str:
    return ",".join(map(str, numbers)) or "-"


class Timed:
    """Wraps a player: the CPU time in this process of its moves (a card, and the row it
    takes with it when it must)."""

    def __init__(self, player: Player) -> None:
        self.player, self.seconds, self.moves = player, 0.0, 0

    def wrap(self) -> Player:
        inner = self.player
        inner.choose_cards = self._timing(inner.choose_cards, moves=1)  # type: ignore[method-assign]
        inner.choose_take = self._timing(inner.choose_take, moves=0)  # type: ignore[method-assign]
        return inner

    def _timing(self, decide, moves: int):
        def timed(*args):
            started = time.process_time()
            decision = decide(*args)
            self.seconds += time.process_time() - started
            self.moves += moves
            return decision

        return timed


_ANSWERER: list[subprocess.Popen] = []


def play_match(job: tuple[str, str, int]) -> dict:
    """Match `number`: the game of that seed, the cardgen player in seat number mod 4."""
    bot, kind, number = job
    if not _ANSWERER:
        _ANSWERER.append(
            subprocess.Popen(shlex.split(bot), stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        )
    ours = number % SEATS
    timed = Timed(make_player(kind))
    seats = [timed.wrap() if seat == ours else Take5Bot(_ANSWERER[0]) for seat in range(SEATS)]
    game = Game(Options("classic"), seats, seed=number)
    winners = game.play()
    deals = len(game.round_scores)
    theirs = [total for seat, total in enumerate(game.totals) if seat != ours]
    return {
        "match": number,
        "seat": ours,
        "won": ours in winners,
        "deals": deals,
        "heads": game.totals[ours],
        "their_heads": sum(theirs) / len(theirs),
        "seconds": timed.seconds,
        "moves": timed.moves,
    }


def summary(kind: str, results: list[dict]) -> str:
    matches = len(results)
    wins = sum(result["won"] for result in results)
    low, high = wilson(wins, matches)
    deals = sum(result["deals"] for result in results)
    own = sum(result["heads"] for result in results) / deals
    theirs = sum(result["their_heads"] for result in results) / deals
    moves = sum(result["moves"] for result in results)
    ms = 1000 * sum(result["seconds"] for result in results) / max(moves, 1)
    return (
        f"{kind} against three take5bot bots: {matches} matches, won {wins / matches:.1%} "
        f"(95% interval {low:.1%} to {high:.1%}); bull heads a deal {own:.1f} vs {theirs:.1f}; "
        f"{ms:.1f} ms of CPU a move ({moves} moves); load {os.getloadavg()[0]:.2f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bot", default=os.environ.get("CARDGEN_TAKE5BOT"), help="the answering program")
    parser.add_argument("--player", default="search", help="the cardgen player kind (kind or kind:N)")
    parser.add_argument("--matches", type=int, default=128)
    parser.add_argument("--first", type=int, default=1, help="the first match's seed")
    parser.add_argument("--results", type=Path, help="JSON lines of finished matches, read and appended to")
    parser.add_argument("--jobs", type=int, default=1, help="processes (each with its own answerer)")
    parser.add_argument("--report", action="store_true", help="only print the figures of the matches in --results")
    args = parser.parse_args()
    if args.report:
        found = args.results.read_text().splitlines() if args.results and args.results.exists() else []
        results = [result for result in map(json.loads, found) if result["match"] >= args.first]
        print(summary(args.player, results) if results else f"no finished match in {args.results}")
        return
    if not args.bot:
        print("take5bot's bot is not here: give its answering program with --bot or CARDGEN_TAKE5BOT; skipped.")
        return
    done = {}
    if args.results and args.results.exists():
        for line in args.results.read_text().splitlines():
            result = json.loads(line)
            done[result["match"]] = result
    numbers = range(args.first, args.first + args.matches)
    jobs = [(args.bot, args.player, number) for number in numbers if number not in done]
    with Pool(args.jobs) as pool:
        for result in pool.imap_unordered(play_match, jobs):
            done[result["match"]] = result
            if args.results:
                with args.results.open("a") as out:
                    out.write(json.dumps(result) + "\n")
            finished = [done[number] for number in numbers if number in done]
            if len(finished) % 16 == 0:
                print(summary(args.player, finished), flush=True)
    print(summary(args.player, [done[number] for number in numbers]))


if __name__ == "__main__":
    main()
