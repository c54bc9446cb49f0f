"""The rows and the players' piles: where cards go and who collects what.

Rows are lists of card ids. Next to them the table keeps, for speed, each row's
end value (in tenths, see cards.py), its bull heads, and the row ends in
ascending order, so that "the row whose end is the highest one strictly below
this card" is one bisect.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Mapping, Sequence
from typing import NamedTuple

from cardgen.engine.cards import FIRST_JOKER, VALUE
from cardgen.engine.errors import IllegalPlay


class Move(NamedTuple):
    """Where one card of a turn went, as the table tells it when asked (`Table.moves`).

    how: "on" (the row the rules give it), "highest" (Plus: below every row end, onto the
    row with the highest end), "chosen" (a row its player chose: a joker, a free companion),
    "sixth" (it would be a row's sixth card: it collects the row and starts it), "take"
    (its player takes a row with it: a card below every row end, a joker), "pile" (a zero
    card, straight to its player's pile).
    """

    seat: int
    card: int
    how: str
    row: int | None = None  # from 0; None: to its player's pile
    after: int | None = None  # the card it was put after ("on", "highest", "chosen")
    taken: tuple[int, ...] = ()  # the cards it collected ("sixth", "take")


class Table:
    """Its lists are made once and changed in place, so a player's view may hold them."""

    def __init__(self, players: int, heads: tuple[int, ...], rows: int = 4, row_limit: int = 5) -> None:
        self.heads = heads
        self.players = players
        self.row_count = rows
        self.row_limit = row_limit  # a row holds at most this many cards; the next one collects them
        self.rows: list[list[int]] = [[] for _ in range(rows)]
        self.ends = [0] * rows  # value of each row's end, in tenths
        self.row_heads = [0] * rows
        self.sorted_ends: list[int] = []  # the end values, ascending
        self.sorted_rows: list[int] = []  # the row of each of them
        self.piles: list[list[int]] = [[] for _ in range(players)]
        self.scores = [0] * players  # bull heads gathered this round
        # (seat, cards) this turn; None while a round is placed in one pass (nobody asks)
        self.collected: list[tuple[int, list[int]]] | None = []
        self.drops: set[int] = set()  # Plus: cards allowed to sit below their predecessor
        # each card's Move this turn, in order, while someone reads them (the referee); None: not kept
        self.moves: list[Move] | None = None

    def start(self, rows: list[list[int]]) -> None:
        """Lay out the rows (lists of cards, kept) and empty the piles. A round starts with
        one numbered card a row; a position played forward (engine/playout.py) may hold more."""
        self.rows[:] = rows
        heads, row_heads = self.heads, []
        ends = [*map(row_value, rows)]
        for row in rows:
            total = 0
            for card in row:
                total += heads[card]
            row_heads.append(total)
        self.ends[:] = ends
        self.row_heads[:] = row_heads
        self.sorted_rows[:] = sorted(range(self.row_count), key=ends.__getitem__)
        self.sorted_ends[:] = sorted(ends)
        for pile in self.piles:
            pile.clear()
        self.scores[:] = [0] * self.players
        self.drops.clear()

    def restore(self, rows: list[list[int]], piles: list[list[int]], scores: list[int], drops: list[int]) -> None:
        """Set the rows, piles, scores and Plus drops a round played elsewhere left (engine/compiled.py)."""
        self.start(rows)
        self.drops.update(drops)
        for pile, cards in zip(self.piles, piles):
            pile[:] = cards
        self.scores[:] = scores

    # --- where a card goes -------------------------------------------------

    def row_below(self, value: int) -> int:
        """The row whose end is the highest one strictly below `value`, or -1."""
        index = bisect_left(self.sorted_ends, value)
        return self.sorted_rows[index - 1] if index else -1

    def highest_row(self) -> int:
        return self.sorted_rows[-1]

    def check_row(self, seat: int, card: int, row) -> None:
        """A row a player named with `card`: an int from 0 to the last row."""
        if not (type(row) is int and 0 <= row < self.row_count):
            named = row + 1 if isinstance(row, int) else row
            raise IllegalPlay(seat, (card,), "referee.row_out_of_range", named=named, rows=self.row_count)

    def ends_with_joker(self, row: int) -> bool:
        return self.rows[row][-1] >= FIRST_JOKER

    # --- moving cards --------------------------------------------------------

    def place_cards(self, cards, owner: Sequence[int] | Mapping[int, int], below_all) -> None:
        """Place cards one after the other, in the order given.

        Each card goes after the highest row end strictly below it; as the sixth
        card of a row it collects the five and starts the row. For a card below
        every row end, `below_all(seat, card, value)` applies the variant's rule.
        `owner[card]` is the seat that played the card (a list by id, or a mapping). (The simulator's hot loop; while
        `moves` are kept, each card goes through `put_on`, which tells its move.)
        """
        if self.moves is not None:
            self._place_told(cards, owner, below_all)
            return
        sorted_ends, sorted_rows = self.sorted_ends, self.sorted_rows
        rows, ends, row_heads, heads, limit = self.rows, self.ends, self.row_heads, self.heads, self.row_limit
        piles, scores, collected = self.piles, self.scores, self.collected
        for card in cards:
            value = VALUE[card]
            index = bisect_left(sorted_ends, value)
            if not index:
                below_all(owner[card], card, value)
                continue
            index -= 1
            row = sorted_rows[index]
            row_cards = rows[row]
            if len(row_cards) == limit:  # collected, as in take(): about nine times a round
                seat = owner[card]
                piles[seat].extend(row_cards)
                scores[seat] += row_heads[row]
                if collected is not None:
                    collected.append((seat, row_cards))
                rows[row] = [card]
                row_heads[row] = heads[card]
            else:
                row_cards.append(card)
                row_heads[row] += heads[card]
            ends[row] = value
            sorted_ends[index] = value  # still ascending: value lies below the next end

    def _place_told(self, cards, owner: Sequence[int] | Mapping[int, int], below_all) -> None:
        """place_cards one card at a time, each move written down."""
        for card in cards:
            value = VALUE[card]
            row = self.row_below(value)
            if row < 0:
                below_all(owner[card], card, value)
            else:
                self.put_on(owner[card], row, card, value)

    def put_on(self, seat: int, row: int, card: int, value: int, how: str = "on") -> None:
        """Put a card at the end of a row, worth `value`, collecting a full row; `how`: why
        that row (a Move's words)."""
        if len(self.rows[row]) == self.row_limit:
            self.take(seat, row, card, value, "sixth")
            return
        if self.moves is not None:
            self.moves.append(Move(seat, card, how, row, after=self.rows[row][-1]))
        self.rows[row].append(card)
        self.row_heads[row] += self.heads[card]
        if value < self.ends[row]:
            self.drops.add(card)
        self._move_end(row, value)

    def take(self, seat: int, row: int, card: int, value: int, how: str = "take") -> None:
        """Collect a whole row and start it with `card`, worth `value`."""
        cards = self.rows[row]
        if self.moves is not None:
            self.moves.append(Move(seat, card, how, row, taken=tuple(cards)))
        self.piles[seat].extend(cards)
        self.scores[seat] += self.row_heads[row]
        if self.collected is not None:
            self.collected.append((seat, cards))
        self.rows[row] = [card]
        self.row_heads[row] = self.heads[card]
        self._move_end(row, value)

    def to_pile(self, seat: int, card: int) -> None:
        """A card that goes straight to its player's pile (a zero card)."""
        if self.moves is not None:
            self.moves.append(Move(seat, card, "pile"))
        self.piles[seat].append(card)
        self.scores[seat] += self.heads[card]
        if self.collected is not None:
            self.collected.append((seat, [card]))

    def _move_end(self, row: int, value: int) -> None:
        sorted_ends, sorted_rows = self.sorted_ends, self.sorted_rows
        index = bisect_left(sorted_ends, self.ends[row])
        del sorted_ends[index], sorted_rows[index]
        index = bisect_left(sorted_ends, value)
        sorted_ends.insert(index, value)
        sorted_rows.insert(index, row)
        self.ends[row] = value


def row_value(row: list[int]) -> int:
    """What a row's end is worth: its last card's value, and a joker put after a card adds
    its tenths to that card's (never two jokers side by side: the card before is numbered)."""
    last = row[-1]
    if last >= FIRST_JOKER and len(row) > 1:
        return VALUE[row[-2]] + VALUE[last]
    return VALUE[last]
