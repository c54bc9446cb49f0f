"""Hands a referee's record does not write down.

Such a player may play any card of the variant's deck that nobody has seen yet
this round, up to what a dealt hand holds (in Jokers: 10 numbered cards and one
joker; in Plus: 15 cards, numbered or zero).
"""

from __future__ import annotations

from cardgen.engine.cards import face, faces, is_zero
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
            raise IllegalPlay(seat, faces(cards), self._why_unavailable(card))
        left = self.left[seat]
        kind = self.game.rules.card_kind(card)
        if left[kind] == 0:
            if kind == "joker":
                reason = "but each player is dealt one joker a round and {player} has played it"
            else:
                reason = f"but {{player}} has no {kind} left this round"
            raise IllegalPlay(seat, faces(cards), reason)
        left[kind] -= 1
        self.unseen.discard(card)

    def _why_unavailable(self, card: int) -> str:
        game = self.game
        if card not in self.deck:
            return f"but {face(card)} is not a card of {game.rules.deck_words(game.player_count)}"
        if is_zero(card):
            zeros = len(game.pool.zeros)
            held = sum(is_zero(other) for hand in game.hands for other in hand or ())
            return (
                f"but none of the {zeros} zero cards is left for {{player}} "
                f"(played: {zeros - held}, in other hands: {held})"
            )
        if any(card in row for row in game.table.rows):
            return f"but {face(card)} is already on the table"
        if any(card in hand for hand in game.hands if hand):
            return f"but {face(card)} is in another player's hand"
        if any(card in pile for pile in game.table.piles):
            return f"but {face(card)} was already collected this round"
        return f"but {face(card)} was already played this round"
