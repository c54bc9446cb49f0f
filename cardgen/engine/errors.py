"""Exceptions the engine raises."""

from __future__ import annotations


class IllegalPlay(Exception):
    """A decision the rules do not allow.

    `reason` finishes the sentence "<player> played <play>, ..." and may name the
    player again as ``{player}``; the referee fills in the player's name.
    """

    def __init__(self, seat: int, play: str, reason: str) -> None:
        self.seat = seat
        self.play = play
        self.reason = reason
        super().__init__(self.describe(f"seat {seat + 1}"))

    def describe(self, player: str) -> str:
        separator = " " if self.reason.startswith(("and ", "on ")) else ", "
        return f"{player} played {self.play}{separator}{self.reason.format(player=player)}"


class GameOver(Exception):
    """A round was started after the game had ended by the rules."""


class InvariantBroken(AssertionError):
    """The engine's own bookkeeping went wrong: a bug, never a player's mistake."""
