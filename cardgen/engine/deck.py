"""The cards a round uses, and dealing them out at random."""

from __future__ import annotations

import random

from cardgen.engine.cards import JOKER_CARDS, NUMBERED_CARDS, ZERO_CARDS
from cardgen.engine.options import Options


def deck(options: Options, players: int) -> list[int]:
    """Every card a round of this variant uses (dealt or not)."""
    if options.variant == "pro":
        return list(range(1, 10 * players + 5))
    if options.variant == "plus":
        return list(NUMBERED_CARDS + ZERO_CARDS)
    if options.variant == "jokers":
        return list(NUMBERED_CARDS + JOKER_CARDS)
    return list(NUMBERED_CARDS)


def deck_words(options: Options, players: int) -> str:
    """The deck as a message names it: "Classic", or "Pro with 2 players (cards 1 to 24)"."""
    if options.variant == "pro":
        return f"Pro with {players} players (cards 1 to {10 * players + 4})"
    return options.name


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
