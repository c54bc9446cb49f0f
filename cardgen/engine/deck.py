"""The cards a game may use, and drawing them at random.

A `CardPool` is the physical cards on hand: by default the bundled set (the
numbered cards 1-104, the 7 zero cards and the 10 jokers, with their bull
heads); a user's cards change it (`changed_pool`, docs/RULES.md §18). A variant
picks its deck out of the pool.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from math import floor

from cardgen.engine.cards import (
    JOKER_CARDS,
    NUMBERED_CARDS,
    STANDARD_HEADS,
    ZERO_CARDS,
    heads_table,
    is_numbered,
    joker,
)


@dataclass(frozen=True)
class CardPool:
    numbered: tuple[int, ...] = NUMBERED_CARDS
    zeros: tuple[int, ...] = ZERO_CARDS
    jokers: tuple[int, ...] = JOKER_CARDS
    heads: tuple[int, ...] = STANDARD_HEADS  # bull heads by card id


BUNDLED = CardPool()


def changed_pool(numbers: Mapping[int, int], zero_heads: Sequence[int], jokers: Mapping[int, int]) -> CardPool:
    """The bundled cards as a user's cards change them (docs/RULES.md §18).

    numbers: bull heads by number; 1-104 replace the bundled card, above it extend the deck.
    zero_heads: the set's own zero cards (at most 7), replacing the bundled ones; none: keep them.
    jokers: bull heads by tenths (4 is the joker 0.4), each replacing the bundled joker of that face.
    """
    if not all(map(is_numbered, numbers)) or len(zero_heads) > len(ZERO_CARDS):
        raise ValueError("numbers run from 1 to 999 and there are at most 7 zero cards")
    zeros = ZERO_CARDS[: len(zero_heads)] if zero_heads else ZERO_CARDS
    overrides = dict(numbers)
    overrides.update(zip(zeros, zero_heads))
    overrides.update({joker(tenths): heads for tenths, heads in jokers.items()})
    return CardPool(
        numbered=tuple(sorted(set(NUMBERED_CARDS) | set(numbers))),
        zeros=zeros,
        heads=heads_table(overrides),
    )


def changed_cards(pool: CardPool, cards: Sequence[int]) -> list[int]:
    """The cards of `cards` that `pool` adds to the bundled ones or gives other bull heads."""
    bundled = set(BUNDLED.numbered + BUNDLED.zeros + BUNDLED.jokers)
    return [card for card in cards if card not in bundled or pool.heads[card] != BUNDLED.heads[card]]


def never_dealt(pool: CardPool, dealt: Sequence[int]) -> list[int]:
    """The cards `pool` adds or changes that a deck of `dealt` cards leaves out (Pro with
    few players deals only the lowest numbers)."""
    return sorted(set(changed_cards(pool, [*pool.numbered, *pool.zeros, *pool.jokers])) - set(dealt))


def deck(options, players: int, pool: CardPool = BUNDLED) -> list[int]:
    """Every card a round of `options`' variant uses with this many players (dealt or not)."""
    return options.rules.deck(players, pool)


def draw(rng: random.Random, cards: list[int], count: int) -> list[int]:
    """Take `count` cards at random out of `cards` (which is changed), in random order.

    A partial Fisher-Yates shuffle on rng.random(): faster than rng.sample, and
    the deal draws most of a game's random numbers. (floor, not int: the same
    number for a positive float, in half the time.)
    """
    chosen = []
    rand = rng.random
    size = len(cards)
    for last in range(size - 1, size - 1 - count, -1):
        index = floor(rand() * (last + 1))
        chosen.append(cards[index])
        cards[index] = cards[last]
    del cards[size - count :]
    return chosen


def insert_at_random(rng: random.Random, hand: list[int], card: int) -> None:
    """Put `card` at a random place in `hand`: a dealt hand is in random order, which
    lets a random player play its last card (see players.RandomPlayer)."""
    hand.insert(floor(rng.random() * (len(hand) + 1)), card)
