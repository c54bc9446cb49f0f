"""Plus ("6 nimmt! Plus"): the 104 numbered cards and 7 zero cards, 15 each; a player
plays one card or two, a zero card goes straight to its player's pile and the card
played with it is placed first; a card below every row end joins the row with the
highest end; bull heads count for the player, and the game lasts one round per
player (docs/RULES.md §8, §13-§14)."""

from __future__ import annotations

from functools import partial

from cardgen.engine.cards import FIRST_JOKER, FIRST_ZERO, VALUE, tenths_number
from cardgen.engine.deck import BUNDLED, CardPool, draw, insert_at_random
from cardgen.engine.errors import IllegalPlay
from cardgen.engine.variants.base import Variant, check_named_row
from cardgen.messages import Message


class Plus(Variant):
    key = "plus"
    name = "Plus"
    compiled_rules = "plus"
    hand = {"card": 15}
    cards_per_turn = 2
    negative = False
    rows_increase = False
    threshold = None
    takes = frozenset({"rounds", "free_companion", "one_zero_each"})
    refused_because = {"threshold": Message("options.plus_no_threshold")}

    def deck(self, players: int, pool: CardPool = BUNDLED) -> list[int]:
        return list(pool.numbered + pool.zeros)

    def holds(self, card: int) -> bool:
        return card < FIRST_JOKER

    def card_kind(self, card: int) -> str:
        return "card"

    def most_dealt(self, pool: CardPool) -> int:
        return (len(pool.numbered) - self.rows + len(pool.zeros)) // self.hand["card"]

    def player_limits(self, options, pool: CardPool = BUNDLED) -> tuple[int, int]:
        low, high = super().player_limits(options, pool)
        return low, min(high, len(pool.zeros)) if options.one_zero_each else high

    def rounds_to_play(self, options, players: int) -> int | None:
        return options.rounds or players

    def deal(self, game):
        """4 numbered cards start the rows; the other numbered cards and the zeros are dealt."""
        rng = game.rng
        numbered = list(game.pool.numbered)
        zeros = list(game.pool.zeros)
        size = self.hand["card"]
        rows = [[card] for card in draw(rng, numbered, self.rows)]
        if not game.options.one_zero_each:
            rest = numbered + zeros
            return rows, [draw(rng, rest, size) for _ in range(game.player_count)], rest
        firsts = draw(rng, zeros, game.player_count)
        rest = numbered + zeros
        hands = [draw(rng, rest, size - 1) for _ in firsts]
        for hand, zero in zip(hands, firsts):
            insert_at_random(rng, hand, zero)
        return rows, hands, rest

    def resolve_turn(self, game, plays) -> None:
        """Companions of a zero first, lowest first; then the other cards, lowest first."""
        table = game.table
        companions = []
        others = []
        for seat, cards in game.cards_by_seat(plays):
            numbered = [card for card in cards if card < FIRST_ZERO]
            for card in cards:
                if card >= FIRST_ZERO:
                    table.to_pile(seat, card)
            companion = len(numbered) == 1 and len(cards) == 2
            if plays is not None:
                self._check_decisions(seat, cards, plays[seat], numbered)
            if companion:
                companions.extend(numbered)
            else:
                others.extend(numbered)
        companions.sort()
        for card in companions:
            self._place_companion(game, card, game.owner[card], plays)
        others.sort()
        if plays is None:
            table.place_cards(others, game.owner, game.below_all)
            return
        for card in others:
            self._check_rules_row(game, card, plays[game.owner[card]])
            table.place_cards((card,), game.owner, game.below_all)

    def below_all_rule(self, game):
        return partial(self._on_highest_row, game.table)

    @staticmethod
    def _on_highest_row(table, seat: int, card: int, value: int) -> None:
        """A card below every row end joins the row with the highest end."""
        table.put_on(seat, table.highest_row(), card, value, "highest")

    def _check_decisions(self, seat: int, cards, play, numbered: list[int]) -> None:
        """A recorded play takes no row, and names a row for one numbered card only."""
        if play.take is not None:
            raise IllegalPlay(seat, cards, "referee.take_in_plus", named=play.take + 1)
        if play.row is not None and len(numbered) != 1:
            message = "referee.row_of_two_cards" if numbered else "referee.row_of_zero_card"
            raise IllegalPlay(seat, cards, message, named=play.row + 1)

    @staticmethod
    def _check_rules_row(game, card: int, play, message: str = "referee.wrong_row") -> None:
        """A row a record names for a card the rules place: the row they give it."""
        table = game.table
        row = table.row_below(VALUE[card])
        if row < 0:
            row = table.highest_row()
        check_named_row(game.owner[card], play, card, row, tenths_number(table.ends[row]), message)

    def _place_companion(self, game, card: int, seat: int, plays) -> None:
        row = None
        if game.options.free_companion:
            if plays is None:
                row = game.players[seat].companion_row(game.views[seat], card)
            else:
                row = plays[seat].row
        elif plays is not None:
            self._check_rules_row(game, card, plays[seat], "referee.wrong_row_companion")
        if row is None:
            game.table.place_cards((card,), game.owner, game.below_all)
        else:
            game.table.check_row(seat, card, row)
            game.table.put_on(seat, row, card, VALUE[card], "chosen")
