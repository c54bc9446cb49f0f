"""The draws of the search player's playouts: which card each seat plays, by the playout policy.

Each card of a seat's hand is played with a chance in proportion to its weight: a factor for
what it would do on the table as it is (join a row, how far above its end and how many
places it leaves; take a full row or, below every row, the cheapest; how many bull heads)
times a factor for where it stands in the hand (the lowest, the highest, one between). The
weights are fitted on the search player's own choices (tools/playout_policy.py), so the
seats of a playout play about as a searching player does, without the search.

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
    222, 204, 171, 101, 51, 30, 16,  # joins as the row's last card: the next card above takes it
    193, 256, 183, 220, 194, 125, 24,  # joins leaving 1 place
    177, 172, 145, 186, 145, 141, 65,  # joins leaving 2 places
    165, 131, 111, 105, 109, 85, 76,  # joins leaving 3 places or more
    77, 77, 7, 2,  # takes a full row
    57, 24, 12, 20,  # is below every row
)
# fmt: on
PLACE_FACTORS = (256, 93, 172)  # the second: the lowest card of the hand, one between, the highest


class Chance:
    """The draws of a playout's seats; a state of 0 draws nothing (the heuristic's seats)."""

    def __init__(self, seed: int = 0) -> None:
        self.state = seed

    def policy_card(self, view) -> int:
        """A card of the hand drawn with the playout policy's chances, counted in order of ids."""
        hand = sorted(view.hand)
        weights = [policy_weight(view, card, hand[0], hand[-1]) for card in hand]
        self.state = self.state * CHANCE_MULTIPLIER % CHANCE_MODULUS
        drawn = self.state * sum(weights) // CHANCE_MODULUS
        for card, weight in zip(hand, weights):
            if drawn < weight:
                return card
            drawn -= weight
        return hand[-1]


def policy_weight(view, card: int, lowest: int, highest: int) -> int:
    """The playout policy's weight of a card of the hand whose lowest and highest cards are given."""
    does, place = policy_features(view, card, lowest, highest)
    return DOES_FACTORS[does] * PLACE_FACTORS[place]


def policy_features(view, card: int, lowest: int, highest: int) -> tuple[int, int]:
    """Which factor of each table the card takes: what it does, its place in the hand."""
    place = 0 if card == lowest else 2 if card == highest else 1
    joins = len(GAP_BOUNDS) + 1  # factors of one kind of joining
    if card >= FIRST_JOKER:  # joins any row: as a card far above the end of a short row
        return 4 * joins - 1, place
    value = VALUE[card]
    row = view.row_below(value)
    if row < 0:
        cheapest = min(view.row_heads(other) for other in range(view.row_count))
        return 4 * joins + len(HEADS_BOUNDS) + 1 + _bucket(cheapest, HEADS_BOUNDS), place
    if view.row_length(row) >= view.row_limit:
        return 4 * joins + _bucket(view.row_heads(row), HEADS_BOUNDS), place
    places_left = min(view.row_limit - view.row_length(row) - 1, 3)
    return places_left * joins + _bucket(value - view.row_end(row), GAP_BOUNDS), place


def _bucket(amount: int, bounds: tuple[int, ...]) -> int:
    """The first bound the amount is not above, or the number of bounds."""
    for index, bound in enumerate(bounds):
        if amount <= bound:
            return index
    return len(bounds)


def seed_from(rng: random.Random) -> int:
    """A seed for a Chance, drawn from `rng`: from 1 to the modulus less one."""
    return 1 + int(rng.random() * (CHANCE_MODULUS - 1))
