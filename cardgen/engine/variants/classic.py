"""Classic: 104 numbered cards, 10 each, one card a turn, lowest first; a card below
every row end takes a row of its player's choice (docs/RULES.md §2-§6)."""

from __future__ import annotations

from functools import partial
from itertools import chain

from cardgen.engine.cards import VALUE, face, tenths_text
from cardgen.engine.deck import draw
from cardgen.engine.errors import IllegalPlay
from cardgen.engine.variants.base import Variant


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
        """A recorded numbered card never names its row, and names a take only below every row end."""
        table = game.table
        row = table.row_below(VALUE[card])
        goes = f"row {row + 1} after {tenths_text(table.ends[row])}" if row >= 0 else None
        if play.row is not None:
            raise IllegalPlay(
                seat,
                face(card),
                f"and named row {play.row + 1}, but a numbered card goes on the row the rules give it: "
                + (f"here {goes}" if goes else "below every row end, it takes the row named by take"),
            )
        if play.take is not None and goes:
            raise IllegalPlay(
                seat,
                face(card),
                f"and named row {play.take + 1} to take, but it goes on {goes}; "
                "only a card below every row end takes a row",
            )

    def _recorded_take(self, game, plays, seat: int, card: int, value: int) -> None:
        row = plays[seat].take
        if row is None:
            raise IllegalPlay(seat, face(card), "which is below every row end, but named no row to take")
        game.table.check_row(seat, card, row)
        game.table.take(seat, row, card, value)
