"""Classic: 104 numbered cards, 10 each, one card a turn, lowest first; a card below
every row end takes a row of its player's choice (docs/RULES.md §2-§6)."""

from __future__ import annotations

from functools import partial
from itertools import chain

from cardgen.engine.cards import VALUE, tenths_number
from cardgen.engine.deck import draw
from cardgen.engine.errors import IllegalPlay
from cardgen.engine.variants.base import Variant, check_named_row


class Classic(Variant):
    key = "classic"
    name = "Classic"
    compiled_rules = "classic"

    def deal(self, game):
        cards = list(game.pool.numbered)
        size = self.hand["numbered card"]
        dealt = draw(game.rng, cards, self.rows + size * game.player_count)
        rows = [[card] for card in dealt[: self.rows]]
        hands = [dealt[start : start + size] for start in range(self.rows, len(dealt), size)]
        return rows, hands, cards

    def resolve_turn(self, game, plays) -> None:
        self.place_played(game, game.single_cards(plays), plays)

    def place_played(self, game, chosen: list[int], plays) -> None:
        """Put the cards played this turn, out of their hands already, where they go."""
        chosen.sort()
        self.place_numbered(game, chosen, plays)

    def order_of_round(self, turns):
        """Each turn lowest card first, turn after turn: a numbered card's row depends on
        nothing but the cards placed before it."""
        return [*chain.from_iterable(map(sorted, turns))]

    def below_all_rule(self, game):
        """What a strategy's card below every row end does: it takes the row its player picks.
        (Called about six times a round by random players: kept to one call deep, and
        holding no reference to the game, which then needs no garbage collector pass.)"""
        choose_take = [player.choose_take for player in game.players]
        views, table, row_count = game.views, game.table, game.table.row_count

        def take_chosen_row(seat: int, card: int, value: int) -> None:
            row = choose_take[seat](views[seat], card)
            if type(row) is not int or not 0 <= row < row_count:
                table.check_row(seat, card, row)  # says why
            table.take(seat, row, card, value)

        return take_chosen_row

    def place_numbered(self, game, cards: list[int], plays) -> None:
        """Place numbered cards in the order given, by the Classic rule."""
        table = game.table
        if plays is None:
            table.place_cards(cards, game.owner, game.below_all)
            return
        for card in cards:
            seat = game.owner[card]
            self._check_numbered_decisions(game, seat, card, plays[seat])
            table.place_cards((card,), game.owner, partial(self._recorded_take, game, plays))

    def _check_numbered_decisions(self, game, seat: int, card: int, play) -> None:
        """A recorded numbered card names a take only below every row end; a row it names
        (as a score keeper writes down where it went) must be the one the rules give it,
        which below every row end is the row it takes."""
        table = game.table
        row = table.row_below(VALUE[card])
        if row < 0:
            if play.row is not None and play.take is None:
                raise IllegalPlay(seat, (card,), "referee.row_not_take", named=play.row + 1)
            if play.row is not None and play.row != play.take:
                raise IllegalPlay(seat, (card,), "referee.row_of_taken_row", named=play.row + 1, take=play.take + 1)
            return
        end = tenths_number(table.ends[row])
        if play.take is not None:
            raise IllegalPlay(seat, (card,), "referee.take_but_fits", named=play.take + 1, row=row + 1, end=end)
        check_named_row(seat, play, card, row, end)

    def _recorded_take(self, game, plays, seat: int, card: int, value: int) -> None:
        row = plays[seat].take
        if row is None:
            raise IllegalPlay(seat, (card,), "referee.no_take")
        game.table.check_row(seat, card, row)
        game.table.take(seat, row, card, value)
