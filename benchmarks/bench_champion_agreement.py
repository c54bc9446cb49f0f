"""How often a cardgen player chooses the card take5bot's champion chose, in the champion's own deals.

    python benchmarks/bench_champion_agreement.py record --deals 100 --out deals.jsonl [--first 1000]
    python benchmarks/bench_champion_agreement.py measure --player search deals.jsonl [more.jsonl]

A match against the champion (bench_vs_take5bot.py) is the measure that counts, but it
takes hours: the champion thinks 150 ms a move, and a win rate moves slowly. This one
takes minutes and is steady enough to compare two versions of a player: `record` plays
the first deal of Classic games (seeds FIRST..), four champions at the table through the
answering program (--bot or CARDGEN_TAKE5BOT, as bench_vs_take5bot.py), and writes down
every card and row they chose; `measure` replays those deals and, at every decision
with a choice, asks the cardgen player for its card from that seat's view, without
playing it. Prints how often it chose the champion's card, with a 95 % interval, by turn
too, and its CPU milliseconds a decision. Agreeing with a stronger player is not being as
strong, so a change that wins here is then measured in matches. Not a test: it prints.
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import subprocess
import time
from collections import Counter
from pathlib import Path

from bench_rollout import wilson
from bench_vs_take5bot import SEATS, Take5Bot

from cardgen.engine import Game, Options, Player
from cardgen.simulate import make_player


class Recorded(Take5Bot):
    """A champion's seat that writes down each card and row it chooses."""

    def __init__(self, answerer: subprocess.Popen, choices: list) -> None:
        super().__init__(answerer)
        self.choices = choices

    def choose_cards(self, view):
        card = super().choose_cards(view)
        self.choices.append(["card", view.seat, view.turn, card])
        return card

    def choose_take(self, view, card):
        row = super().choose_take(view, card)
        self.choices.append(["take", view.seat, view.turn, row])
        return row


class Replayed(Player):
    """A seat that plays what was written down, and asks `asked` what it would play."""

    def __init__(self, cards: dict[int, int], takes: dict[int, int], asked: Player, tally: Tally) -> None:
        self.cards, self.takes, self.asked, self.tally = cards, takes, asked, tally

    def choose_cards(self, view):
        chosen = self.cards[view.turn]
        if len(view.hand) > 1:
            started = time.process_time()
            own = self.asked.choose_cards(view)
            self.tally.add(view.turn, own == chosen, time.process_time() - started)
        return chosen

    def choose_take(self, view, card):
        return self.takes[view.turn]


class Tally:
    def __init__(self) -> None:
        self.asked, self.same, self.seconds = Counter(), Counter(), 0.0

    def add(self, turn: int, same: bool, seconds: float) -> None:
        self.asked[turn] += 1
        self.same[turn] += same
        self.seconds += seconds

    def summary(self, player: str) -> str:
        asked, same = sum(self.asked.values()), sum(self.same.values())
        low, high = wilson(same, asked)
        turns = " ".join(f"{turn}: {self.same[turn] / self.asked[turn]:.0%}" for turn in sorted(self.asked))
        return (
            f"{player}: the champion's card in {same / asked:.1%} of {asked} decisions "
            f"(95% interval {low:.1%} to {high:.1%}); by turn {turns}; "
            f"{1000 * self.seconds / asked:.1f} ms of CPU a decision"
        )


def record(bot: str, first: int, deals: int, out: Path) -> None:
    answerer = subprocess.Popen(shlex.split(bot), stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
    for seed in range(first, first + deals):
        choices: list = []
        game = Game(Options("classic"), [Recorded(answerer, choices) for _ in range(SEATS)], seed=seed)
        game.deal()
        while not game.round_over:
            game.play_turn()
        with out.open("a") as written:
            written.write(json.dumps({"seed": seed, "choices": choices, "scores": game.table.scores}) + "\n")


def measure(player: str, files: list[Path]) -> str:
    asked, tally = make_player(player), Tally()
    for path in files:
        for line in path.read_text().splitlines():
            deal = json.loads(line)
            cards: list[dict[int, int]] = [{} for _ in range(SEATS)]
            takes: list[dict[int, int]] = [{} for _ in range(SEATS)]
            for kind, seat, turn, chosen in deal["choices"]:
                (cards if kind == "card" else takes)[seat][turn] = chosen
            seats = [Replayed(cards[seat], takes[seat], asked, tally) for seat in range(SEATS)]
            game = Game(Options("classic"), seats, seed=deal["seed"])
            game.deal()
            while not game.round_over:
                game.play_turn()
            if list(game.table.scores) != deal["scores"]:
                raise SystemExit(f"deal {deal['seed']} of {path} does not replay: recorded with other rules or cards")
    return tally.summary(player)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    recording = commands.add_parser("record", help="the champion's deals, written down")
    recording.add_argument("--bot", default=os.environ.get("CARDGEN_TAKE5BOT"), help="the answering program")
    recording.add_argument("--first", type=int, default=1000, help="the first game's seed")
    recording.add_argument("--deals", type=int, default=100)
    recording.add_argument("--out", type=Path, required=True, help="JSON lines, appended to")
    measuring = commands.add_parser("measure", help="a cardgen player asked in those deals")
    measuring.add_argument("--player", default="search", help="the cardgen player kind (kind or kind:N)")
    measuring.add_argument("files", type=Path, nargs="+")
    args = parser.parse_args()
    if args.command == "measure":
        print(measure(args.player, args.files))
    elif not args.bot:
        print("take5bot's bot is not here: give its answering program with --bot or CARDGEN_TAKE5BOT; skipped.")
    else:
        record(args.bot, args.first, args.deals, args.out)


if __name__ == "__main__":
    main()
