"""Hands a referee's record does not write down.

Such a player may play any card of the variant's deck that nobody has seen yet
this round, up to what a dealt hand holds (in Jokers: 10 numbered cards and one
joker; in Plus: 15 cards, numbered or zero).
"""

from __future__ import annotations

from cardgen.engine.cards import is_numbered, is_zero, written
from cardgen.engine.errors import IllegalPlay


class UnknownHands:
    def __init__(self, game) -> None:
        self.game = game
        self.deck = set(game.deck)
        seen = {card for row in game.table.rows for card in row}
        for hand in game.hands:
            seen.update(hand or ())
        self.unseen = self.deck - seen
        self.left = {seat: dict(game.rules.hand) for seat, hand in enumerate(game.hands) if hand is None}

    def holds_cards(self, seat: int) -> bool:
        return sum(self.left[seat].values()) > 0

    def take(self, seat: int, cards: tuple[int, ...], card: int) -> None:
        """Take `card` out of the unseen cards for `seat`, or say why it cannot be played."""
        if card not in self.unseen:
            raise self._why_unavailable(seat, cards, card)
        left = self.left[seat]
        kind = self.game.rules.card_kind(card)
        if left[kind] == 0:
            if kind == "joker":
                raise IllegalPlay(seat, cards, "referee.joker_used")
            message = "referee.no_numbered_card_left" if kind == "numbered card" else "referee.no_cards_left"
            raise IllegalPlay(seat, cards, message)
        left[kind] -= 1
        self.unseen.discard(card)

    def _why_unavailable(self, seat: int, cards: tuple[int, ...], card: int) -> IllegalPlay:
        game = self.game
        if card not in self.deck:
            return self._not_in_deck(seat, cards, card)
        if is_zero(card):
            zeros = len(game.pool.zeros)
            held = sum(is_zero(other) for hand in game.hands for other in hand or ())
            return IllegalPlay(seat, cards, "referee.no_zero_left", zeros=zeros, played=zeros - held, held=held)
        if any(card in row for row in game.table.rows):
            where = "referee.on_table"
        elif any(card in hand for hand in game.hands if hand):
            where = "referee.in_other_hand"
        elif any(card in pile for pile in game.table.piles):
            where = "referee.already_collected"
        else:
            where = "referee.already_played"
        return IllegalPlay(seat, cards, where, card=written(card))

    def _not_in_deck(self, seat: int, cards: tuple[int, ...], card: int) -> IllegalPlay:
        """Not a card of the variant, or (Pro) beyond the cards this many players use."""
        game = self.game
        variant, numbered = game.options.variant, [other for other in self.deck if is_numbered(other)]
        if card not in game.pool.numbered or len(numbered) == len(game.pool.numbered):
            return IllegalPlay(seat, cards, "referee.not_in_deck", card=written(card), variant=variant)
        players, highest = game.player_count, max(numbered)
        return IllegalPlay(
            seat, cards, "referee.not_in_small_deck", card=card, variant=variant, players=players, highest=highest
        )
