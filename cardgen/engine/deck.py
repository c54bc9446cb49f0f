"""The cards a game may use, and drawing them at random.

A `CardPool` is the physical cards on hand: by default the bundled set (the
numbered cards 1-104, the 7 zero cards and the 10 jokers, with their bull
heads); a card set of a user's may hold fewer zero cards or jokers, or other
bull heads. A variant picks its deck out of the pool.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from cardgen.engine.cards import JOKER_CARDS, NUMBERED_CARDS, STANDARD_HEADS, ZERO_CARDS


@dataclass(frozen=True)
class CardPool:
    numbered: tuple[int, ...] = NUMBERED_CARDS
    zeros: tuple[int, ...] = ZERO_CARDS
    jokers: tuple[int, ...] = JOKER_CARDS
    heads: tuple[int, ...] = STANDARD_HEADS  # bull heads by card id


BUNDLED = CardPool()


def deck(options, players: int, pool: CardPool = BUNDLED) -> list[int]:
    """Every card a round of `options`' variant uses with this many players (dealt or not)."""
    return options.rules.deck(players, pool)


def draw(rng: random.Random, cards: list[int], count: int) -> list[int]:
    """Take `count` cards at random out of `cards` (which is changed), in random order.

    A partial Fisher-Yates shuffle on rng.random(): faster than rng.sample, and
    the deal draws most of a game's random numbers.
    """
    chosen = []
    rand = rng.random
    size = len(cards)
    for last in range(size - 1, size - 1 - count, -1):
        index = int(rand() * (last + 1))
        chosen.append(cards[index])
        cards[index] = cards[last]
    del cards[size - count :]
    return chosen


def insert_at_random(rng: random.Random, hand: list[int], card: int) -> None:
    """Put `card` at a random place in `hand`: a dealt hand is in random order, which
    lets a random player play its last card (see players.RandomPlayer)."""
    hand.insert(int(rng.random() * (len(hand) + 1)), card)
