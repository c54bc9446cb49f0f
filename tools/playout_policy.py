"""Fit the search player's playout policy (engine/chance.py) on the search player's own choices:

    python tools/playout_policy.py --deals 250 --jobs 2 [--first 100001] [--decisions FILE]

Four search players play the first deal of Classic games (seeds FIRST..); at every decision
with a choice, each card of the hand is described by the policy's two features (what it
does, its place in the hand) and the card the search player chose is written down
(to FILE as JSON lines, where given; a FILE already there is read instead of played again).
A log-linear model of the choice is fitted by gradient descent, and its two factor tables,
scaled to integers of at most 256, are printed for chance.py. 250 deals (9,000 decisions)
take about 9 minutes on one core.
"""

from __future__ import annotations

import argparse
import json
import math
from multiprocessing import Pool
from pathlib import Path

import numpy as np

from cardgen.engine import Game, Options
from cardgen.engine.chance import DOES_FACTORS, PLACE_FACTORS, policy_features
from cardgen.engine.search import SearchPlayer

TABLES = (len(DOES_FACTORS), len(PLACE_FACTORS))


class Recording(SearchPlayer):
    def __init__(self, decisions: list) -> None:
        super().__init__()
        self.decisions = decisions

    def choose_cards(self, view):
        card = super().choose_cards(view)
        hand = sorted(view.hand)
        if len(hand) > 1:
            features = [policy_features(view, each, hand[0], hand[-1]) for each in hand]
            self.decisions.append({"features": features, "chosen": hand.index(card)})
        return card


def first_deal(seed: int) -> list[dict]:
    decisions: list[dict] = []
    game = Game(Options("classic"), [Recording(decisions) for _ in range(4)], seed=seed)
    game.deal()
    while not game.round_over:
        game.play_turn()
    return decisions


def fit(decisions: list[dict], steps: int = 3000, rate: float = 0.5) -> np.ndarray:
    """The log-linear model's parameters: one a factor, each table's in turn."""
    offsets = np.cumsum((0, *TABLES[:-1]))
    count, width = len(decisions), sum(TABLES)
    hand = max(len(decision["features"]) for decision in decisions)
    active = np.zeros((count, hand, width))  # decision × card of the hand × parameter
    present = np.zeros((count, hand), bool)
    chosen = np.array([decision["chosen"] for decision in decisions])
    for row, decision in enumerate(decisions):
        for slot, features in enumerate(decision["features"]):
            present[row, slot] = True
            active[row, slot, offsets + np.array(features)] = 1
    theta = np.zeros(width)
    for _ in range(steps):
        scores = np.where(present, active @ theta, -np.inf)
        chances = np.exp(scores - scores.max(axis=1, keepdims=True))
        chances /= chances.sum(axis=1, keepdims=True)
        chances[np.arange(count), chosen] -= 1
        theta -= rate * (np.einsum("dc,dcp->p", chances, active) / count + 1e-3 * theta)
    return theta


def factors(theta: np.ndarray) -> list[tuple[int, ...]]:
    tables, start = [], 0
    for size in TABLES:
        part = theta[start : start + size]
        tables.append(tuple(max(1, round(256 * math.exp(value - part.max()))) for value in part))
        start += size
    return tables


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=250)
    parser.add_argument("--first", type=int, default=100_001)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--decisions", type=Path, help="JSON lines: read where it exists, else written")
    args = parser.parse_args()
    if args.decisions and args.decisions.exists():
        decisions = [json.loads(line) for line in args.decisions.read_text().splitlines()]
    else:
        seeds = range(args.first, args.first + args.deals)
        with Pool(args.jobs) as pool:
            decisions = [each for deal in pool.map(first_deal, seeds) for each in deal]
        if args.decisions:
            args.decisions.write_text("".join(json.dumps(each) + "\n" for each in decisions))
    for name, table in zip(("DOES_FACTORS", "PLACE_FACTORS"), factors(fit(decisions))):
        print(f"{name} = {table}")
    print(f"({len(decisions)} decisions)")


if __name__ == "__main__":
    main()
