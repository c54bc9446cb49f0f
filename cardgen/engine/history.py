"""A play as a record writes it down, and what a game keeps of its rounds when asked to
(`Game(..., history=True)`): each round's starting rows and hands, Pro's draft picks and
every turn's plays with the decisions made in it. cardgen.referee writes a record from it
(`record_of`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from cardgen.engine.players import Player


class Play(NamedTuple):
    """A recorded play: the card(s), and the row decisions made with them.

    take: the row (from 0) collected by a card below every row end, or by a joker.
    row: the row (from 0) a joker is appended to, or a free companion goes on; for a
        card the rules place, the row they place it on (a check, as a score keeper writes).
    """

    cards: tuple[int, ...]
    take: int | None = None
    row: int | None = None


@dataclass
class RoundHistory:
    rows: list[list[int]]  # as the round started
    hands: list[list[int] | None]  # as dealt (None: a hand a record did not write down)
    draft: list[int] | None  # Pro: the picks in order from the round's first chooser; None: no draft
    turns: list[list[Play | None]] = field(default_factory=list)  # a Play per seat, None where it sat out


class Recording(Player):
    """A strategy whose decisions of the current turn are written down as a Play. It is
    no HeuristicPlayer and plays no last card unasked, so the game asks it every decision
    (no round placed in one pass)."""

    def __init__(self, inner: Player) -> None:
        self.inner = inner
        self.name = inner.name
        self.play = Play(())

    def choose_cards(self, view):
        cards = self.inner.choose_cards(view)
        self.play = Play((cards,) if isinstance(cards, int) else tuple(cards))
        return cards

    def choose_take(self, view, card):
        row = self.inner.choose_take(view, card)
        self.play = self.play._replace(take=row)
        return row

    def place_joker(self, view, joker):
        how, row = self.inner.place_joker(view, joker)
        self.play = self.play._replace(take=row) if how == "take" else self.play._replace(row=row)
        return how, row

    def companion_row(self, view, card):
        row = self.inner.companion_row(view, card)
        self.play = self.play._replace(row=row)
        return row

    def draft(self, view, pool):
        return self.inner.draft(view, pool)
