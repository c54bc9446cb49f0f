"""The draws of the search player's playouts: which safe card a random seat plays.

Lehmer's generator with the "minimal standard" multiplier, exact in 64-bit integers, so
that engine/compiled.py draws the same numbers as this module, draw for draw.
"""

from __future__ import annotations

import random

from cardgen.engine.cards import FIRST_ZERO, VALUE

CHANCE_MULTIPLIER, CHANCE_MODULUS = 48271, 2**31 - 1


class Chance:
    """The draws of a playout's random seats; a state of 0 draws nothing (heuristic seats)."""

    def __init__(self, seed: int = 0) -> None:
        self.state = seed

    def safe_card(self, view) -> int | None:
        """One of the cards of the hand that would join a row without taking it, drawn at
        random in order of card ids; None where fewer than two would."""
        safe = sorted(card for card in view.hand if _joins(view, card))
        if len(safe) < 2:
            return None
        self.state = self.state * CHANCE_MULTIPLIER % CHANCE_MODULUS
        return safe[self.state % len(safe)]


def seed_from(rng: random.Random) -> int:
    """A seed for a Chance, drawn from `rng`: from 1 to the modulus less one."""
    return 1 + int(rng.random() * (CHANCE_MODULUS - 1))


def _joins(view, card: int) -> bool:
    """Whether a numbered card would join a row without taking it."""
    row = view.row_below(VALUE[card])
    return card < FIRST_ZERO and row >= 0 and view.row_length(row) < view.row_limit
