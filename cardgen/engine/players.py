"""Player strategies: objects the game asks for decisions.

A strategy sees the whole game object (its own hand is ``game.hands[seat]``,
the rows are ``game.table.rows``) and must not change it. Randomness comes from
``game.rng`` so that a game is reproduced by its seed alone.
"""

from __future__ import annotations

from cardgen.engine.cards import FIRST_JOKER, FIRST_ZERO, VALUE
from cardgen.engine.table import ROW_COUNT, ROW_LIMIT


class Player:
    """The decisions a strategy makes. Rows are numbered 0 to 3."""

    name = "player"

    def choose_cards(self, game, seat: int) -> int | tuple[int, ...]:
        """The card to play (Plus: one card, or a tuple of two)."""
        raise NotImplementedError

    def choose_take(self, game, seat: int, card: int) -> int:
        """The row to collect when `card` is below every row end."""
        raise NotImplementedError

    def place_joker(self, game, seat: int, joker: int) -> tuple[str, int]:
        """("row", r) to append the joker to row r, or ("take", r) to collect r and start it."""
        raise NotImplementedError

    def draft(self, game, seat: int, pool: list[int]) -> int:
        """Pro: the face-up card to pick from `pool` (game.hands holds the picks so far)."""
        raise NotImplementedError

    def companion_row(self, game, seat: int, card: int) -> int | None:
        """Plus with a free companion: the row for `card`, or None for the usual one."""
        return None


class RandomPlayer(Player):
    """Every decision uniformly at random among the legal ones."""

    name = "random"

    def choose_cards(self, game, seat):
        hand = game.hands[seat]
        first = hand[int(game.random() * len(hand))]
        if game.variant == "plus" and len(hand) > 1 and game.random() < 0.5:
            second = first
            while second == first:
                second = hand[int(game.random() * len(hand))]
            return (first, second)
        return first

    def choose_take(self, game, seat, card):
        return int(game.random() * ROW_COUNT)

    def place_joker(self, game, seat, joker):
        table = game.table
        moves = [("take", row) for row in range(ROW_COUNT)]
        moves += [("row", row) for row in range(ROW_COUNT) if not table.ends_with_joker(row)]
        return moves[int(game.random() * len(moves))]

    def draft(self, game, seat, pool):
        return pool[int(game.random() * len(pool))]

    def companion_row(self, game, seat, card):
        choice = int(game.random() * (ROW_COUNT + 1))
        return None if choice == ROW_COUNT else choice


class HeuristicPlayer(Player):
    """A sensible player that looks one card ahead and ignores the others' plays.

    In the negative variants it plays the card least likely to collect and
    takes the cheapest row; in Plus it hunts sixth cards (with a zero to play
    them first) and otherwise keeps its rows short for later.
    """

    name = "heuristic"

    def choose_cards(self, game, seat):
        if game.variant == "plus":
            return self._plus_cards(game, seat)
        hand = game.hands[seat]
        return min(hand, key=lambda card: self._risk(game, card))

    def _risk(self, game, card: int) -> tuple:
        """How bad playing `card` looks now: (bull heads it may collect, closeness)."""
        table = game.table
        if card >= FIRST_JOKER:
            return (1, 0)  # a joker can always join a row: play it once every card risks more
        value = VALUE[card]
        row = table.row_below(value)
        if row < 0:
            return (min(table.row_heads) + 1, 0)
        length = len(table.rows[row])
        gap = value - table.ends[row]
        if length == ROW_LIMIT:
            return (table.row_heads[row] + 1, gap)
        # the fuller the row and the wider the gap, the more likely another card gets in first
        return (0, (length * 1000 + gap) / 10000)

    def choose_take(self, game, seat, card):
        table = game.table
        return min(range(ROW_COUNT), key=lambda row: (table.row_heads[row], len(table.rows[row])))

    def place_joker(self, game, seat, joker):
        table = game.table
        open_rows = [
            row for row in range(ROW_COUNT) if not table.ends_with_joker(row) and len(table.rows[row]) < ROW_LIMIT
        ]
        if open_rows:
            return ("row", min(open_rows, key=lambda row: len(table.rows[row])))
        return ("take", self.choose_take(game, seat, joker))

    def draft(self, game, seat, pool):
        # a hand spread over the whole range always has a card that fits somewhere
        # (measured: far better than picking the fewest bull heads)
        hand = game.hands[seat]

        def distance(card):
            return min((abs(card - picked) for picked in hand), default=0)

        return max(pool, key=lambda card: (distance(card), -game.heads[card]))

    def _plus_cards(self, game, seat):
        hand = game.hands[seat]
        table = game.table
        zeros = [card for card in hand if card >= FIRST_ZERO]
        best, best_gain = None, 0
        for card in hand:
            if card >= FIRST_ZERO:
                continue
            row = table.row_below(VALUE[card])
            if row < 0:
                row = table.highest_row()
            if len(table.rows[row]) == ROW_LIMIT and table.row_heads[row] > best_gain:
                best, best_gain = card, table.row_heads[row]
        if best is not None:
            return (best, zeros[0]) if zeros else best
        numbered = [card for card in hand if card < FIRST_ZERO]
        if not numbered:
            return zeros[0]
        # no sixth card to take: play a card that lengthens a short row
        return min(numbered, key=lambda card: self._plus_setup_cost(table, card))

    @staticmethod
    def _plus_setup_cost(table, card: int) -> int:
        row = table.row_below(VALUE[card])
        if row < 0:
            row = table.highest_row()
        length = len(table.rows[row])
        return 10 if length == ROW_LIMIT - 1 else length


STRATEGIES = {"random": RandomPlayer, "heuristic": HeuristicPlayer}
