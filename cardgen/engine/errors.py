"""Exceptions the engine raises."""

from __future__ import annotations

from collections.abc import Sequence

from cardgen.engine.cards import written
from cardgen.messages import Message


class IllegalPlay(Exception):
    """A decision the rules do not allow: the seat, the cards it played and why, as a
    message id of the catalogues (referee.*) with its parameters, plain data that --json
    gives as it is (a variant by its key); the referee fills in the player's name."""

    def __init__(self, seat: int, cards: Sequence[int], message: str, **params) -> None:
        self.seat = seat
        self.cards = tuple(cards)
        self.message = message
        self.params = params
        super().__init__(self.describe(f"seat {seat + 1}"))

    def said(self, player: str | Message) -> Message:
        """The broken rule as a sentence about `player`, in the language of whoever reads it."""
        params = dict(self.params)
        if "variant" in params:  # said by its name in the reader's language
            params["variant"] = Message(f"variant.{params['variant']}")
        return Message(self.message, player=player, cards=[written(card) for card in self.cards], **params)

    def describe(self, player: str) -> str:
        return self.said(player).text()


class GameOver(Exception):
    """A round was started after the game had ended by the rules."""


class InvariantBroken(AssertionError):
    """The engine's own bookkeeping went wrong: a bug, never a player's mistake."""
