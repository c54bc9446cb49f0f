"""Jokers: Classic with one joker 0.0-0.9 dealt to each player besides 10 numbered cards.
Jokers are resolved first, 0.0 first, each joining a row or taking one at its player's
choice; never next to another joker (docs/RULES.md §9-§11)."""

from __future__ import annotations

from cardgen.engine.cards import FIRST_JOKER, FIRST_ZERO, VALUE, written
from cardgen.engine.deck import BUNDLED, CardPool, draw, insert_at_random
from cardgen.engine.errors import IllegalPlay
from cardgen.engine.variants.classic import Classic


class Jokers(Classic):
    key = "jokers"
    name = "Jokers"
    hand = {"numbered card": 10, "joker": 1}
    compiled_rules = "classic"  # engine/compiled.py places jokers as the heuristic player does

    def deck(self, players: int, pool: CardPool = BUNDLED) -> list[int]:
        return list(pool.numbered + pool.jokers)

    def holds(self, card: int) -> bool:
        return card < FIRST_ZERO or card >= FIRST_JOKER

    def most_dealt(self, pool: CardPool) -> int:
        return min((len(pool.numbered) - self.rows) // self.hand["numbered card"], len(pool.jokers))

    def deal(self, game):
        rows, hands, cards = super().deal(game)
        jokers = list(game.pool.jokers)
        for hand in hands:
            insert_at_random(game.rng, hand, draw(game.rng, jokers, 1)[0])
        return rows, hands, cards + jokers

    def order_of_round(self, turns):
        return None  # each turn's jokers go first, and their players choose where

    def place_played(self, game, chosen: list[int], plays) -> None:
        jokers = sorted(card for card in chosen if card >= FIRST_JOKER)
        for card in jokers:
            self._resolve_joker(game, card, game.owner[card], plays)
        numbered = sorted(card for card in chosen if card < FIRST_JOKER) if jokers else sorted(chosen)
        self.place_numbered(game, numbered, plays)

    def _resolve_joker(self, game, joker: int, seat: int, plays) -> None:
        table = game.table
        if plays is None:
            how, row = game.players[seat].place_joker(game.views[seat], joker)
        else:
            play = plays[seat]
            if play.row is not None and play.take is not None:
                raise IllegalPlay(seat, (joker,), "referee.joker_row_and_take")
            if play.row is None and play.take is None:
                raise IllegalPlay(seat, (joker,), "referee.joker_no_row")
            how, row = ("row", play.row) if play.row is not None else ("take", play.take)
        table.check_row(seat, joker, row)
        if how == "take":
            table.take(seat, row, joker, VALUE[joker])
            return
        if table.ends_with_joker(row):
            raise IllegalPlay(
                seat, (joker,), "referee.joker_beside_joker", named=row + 1, joker=written(table.rows[row][-1])
            )
        table.put_on(seat, row, joker, table.ends[row] + VALUE[joker], "chosen")
