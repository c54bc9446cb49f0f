"""The draws of the search player's playouts: which card each seat plays, by the playout policy.

Each card of a seat's hand is played with a chance in proportion to its weight: a factor for
what it would do on the table as it is (join a row, how far above its end and how many
places it leaves; take a full row or, below every row, the cheapest; how many bull heads)
times a factor for where it stands in the hand (its rank among the cards held, for each size
of hand). The weights are fitted on the search player's own choices (tools/playout_policy.py),
so the seats of a playout play about as a searching player does, without the search.

The draws come from Lehmer's generator with the "minimal standard" multiplier, exact in
64-bit integers, so that engine/compiled.py draws the same numbers as this module, draw for
draw.
"""

from __future__ import annotations

import random

from cardgen.engine.cards import FIRST_JOKER, VALUE

CHANCE_MULTIPLIER, CHANCE_MODULUS = 48271, 2**31 - 1

# The playout policy: a card is played with a chance in proportion to the product of two
# factors, fitted by tools/playout_policy.py on the search player's own choices. The first
# says what the card does: join a row leaving 0, 1, 2, 3 or more places, each at a gap up to
# each of GAP_BOUNDS or more (7 × 4 factors); take a full row, or be below every row and take
# the cheapest, each with bull heads up to each of HEADS_BOUNDS or more (4 + 4 factors).
GAP_BOUNDS = (10, 20, 30, 50, 80, 130)  # in tenths
HEADS_BOUNDS = (2, 4, 7)
# fmt: off
DOES_FACTORS = (
    155, 113, 119, 93, 49, 27, 17,  # joins as the row's last card: the next card above takes it
    167, 224, 145, 171, 183, 144, 28,  # joins leaving 1 place
    256, 185, 162, 149, 182, 149, 68,  # joins leaving 2 places
    140, 141, 136, 117, 108, 92, 83,  # joins leaving 3 places or more
    79, 79, 10, 2,  # takes a full row
    74, 24, 16, 32,  # is below every row
)
# The second factor: the card's rank in the hand, lowest first, for each size of hand up to
# RANK_SIZES (a larger hand's ranks are scaled down to that size).
RANK_SIZES = 10
RANK_FACTORS = (
    256,  # 1 card
    256, 136,
    256, 147, 183,
    256, 103, 141, 225,
    256, 69, 78, 135, 194,
    256, 56, 46, 74, 143, 197,
    256, 55, 35, 28, 43, 105, 156,
    256, 54, 29, 17, 26, 53, 122, 148,
    224, 53, 36, 25, 25, 40, 120, 256, 255,
    84, 22, 19, 18, 18, 29, 67, 156, 256, 122,  # 10 cards
)
# fmt: on


def rank_slot(rank: int, size: int) -> int:
    """Where in RANK_FACTORS the factor of the card of this rank (0: the lowest) in a hand of `size` is."""
    if size > RANK_SIZES:
        rank, size = rank * (RANK_SIZES - 1) // (size - 1), RANK_SIZES
    return size * (size - 1) // 2 + rank


class Chance:
    """The draws of a playout's seats; a state of 0 draws nothing (the heuristic's seats)."""

    def __init__(self, seed: int = 0) -> None:
        self.state = seed

    def policy_card(self, view) -> int:
        """A card of the hand drawn with the playout policy's chances, counted in order of ids."""
        hand = sorted(view.hand)
        weights = [policy_weight(view, card, rank, len(hand)) for rank, card in enumerate(hand)]
        self.state = self.state * CHANCE_MULTIPLIER % CHANCE_MODULUS
        drawn = self.state * sum(weights) // CHANCE_MODULUS
        for card, weight in zip(hand, weights):
            if drawn < weight:
                return card
            drawn -= weight
        return hand[-1]


def policy_weight(view, card: int, rank: int, size: int) -> int:
    """The playout policy's weight of a card of rank `rank` (0: the lowest) in a hand of `size` cards."""
    return DOES_FACTORS[policy_does(view, card)] * RANK_FACTORS[rank_slot(rank, size)]


def policy_does(view, card: int) -> int:
    """Which factor of DOES_FACTORS says what the card does on the rows of `view`."""
    joins = len(GAP_BOUNDS) + 1  # factors of one kind of joining
    if card >= FIRST_JOKER:  # joins any row: as a card far above the end of a short row
        return 4 * joins - 1
    value = VALUE[card]
    row = view.row_below(value)
    if row < 0:
        cheapest = min(view.row_heads(other) for other in range(view.row_count))
        return 4 * joins + len(HEADS_BOUNDS) + 1 + _bucket(cheapest, HEADS_BOUNDS)
    if view.row_length(row) >= view.row_limit:
        return 4 * joins + _bucket(view.row_heads(row), HEADS_BOUNDS)
    places_left = min(view.row_limit - view.row_length(row) - 1, 3)
    return places_left * joins + _bucket(value - view.row_end(row), GAP_BOUNDS)


def _bucket(amount: int, bounds: tuple[int, ...]) -> int:
    """The first bound the amount is not above, or the number of bounds."""
    for index, bound in enumerate(bounds):
        if amount <= bound:
            return index
    return len(bounds)


def seed_from(rng: random.Random) -> int:
    """A seed for a Chance, drawn from `rng`: from 1 to the modulus less one."""
    return 1 + int(rng.random() * (CHANCE_MODULUS - 1))
