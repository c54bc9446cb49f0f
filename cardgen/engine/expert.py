"""The strongest player: the search player, with a larger budget and a searched row.

The `ExpertPlayer` plays its cards as the search player does (sequential halving over
guessed deals played to the round's end, scored by the chance of winning the game), on
more playouts, and when its card is below every row end and several rows are the
cheapest to take it searches among them: the other cards of the turn lie face up
(`view.revealed`), so for each such row it places them after its own, plays the rest of
the round on guessed deals, and takes the row that leaves it the best chance of winning.
"""

from __future__ import annotations

import random

from cardgen.engine.cards import FIRST_ZERO, VALUE
from cardgen.engine.chance import seed_from
from cardgen.engine.search import Dealer, SearchPlayer, WinChances
from cardgen.engine.view import PlayerView

DEFAULT_PLAYOUTS = 4000  # at a round's first turn, more later (search.py): about 58 ms of CPU a move on one core
ROW_DEALS = 64  # guessed deals on which each row it could take is played out


class ExpertPlayer(SearchPlayer):
    name = "expert"

    def __init__(self, playouts: int = DEFAULT_PLAYOUTS) -> None:
        super().__init__(playouts)

    def choose_take(self, view: PlayerView, card: int) -> int:
        """The cheapest row, or among rows as cheap the one the rest of the round favours.
        (Searching every row paid bull heads now for traps that only catch players who play
        as the heuristic player does: measured worse against take5bot's champion.)"""
        fewest = min(view.row_heads(row) for row in range(view.row_count))
        cheapest = [row for row in range(view.row_count) if view.row_heads(row) == fewest]
        revealed = view.revealed
        if len(cheapest) == 1 or not revealed:
            return super().choose_take(view, card)
        chances = WinChances(view).of
        playouts = self.playouts_for(view)
        dealer = Dealer(view, random.Random(int(view.random() * 2**53)))
        face_up = {other for _, other in revealed}
        dealer.unseen = [other for other in dealer.unseen if other not in face_up]
        after = [(other, seat) for seat, other in revealed if card < other < FIRST_ZERO]
        after.sort()
        positions = [_taking(view, row, card, after) for row in cheapest]
        turns = max(view.hand_sizes)
        values = [0.0] * len(positions)
        for _ in range(ROW_DEALS):
            hands, out_of_play = dealer.deal()
            chance = seed_from(dealer.rng)
            for row, (rows, scores) in enumerate(positions):
                if turns:
                    later = playouts.scores(rows, hands, out_of_play, [()] * len(hands), turns, chance)
                    scores = [now + more for now, more in zip(scores, later)]
                values[row] += float(chances(scores))
        first = super().choose_take(view, card)
        best = max(range(len(values)), key=lambda index: (values[index], cheapest[index] == first))
        return cheapest[best]


def _taking(view: PlayerView, taken: int, card: int, after: list[tuple[int, int]]):
    """(rows, bull heads each seat collects this turn from now) when the seat takes row
    `taken` with `card` and the cards of `after` (card, seat) then go where they go, a card
    below every row end taking the cheapest row."""
    rows = [list(row) for row in view.rows]
    heads = view.heads
    ends = [view.row_end(row) for row in range(len(rows))]
    scores = [0] * len(view.hand_sizes)

    def collect(seat: int, row: int, card: int) -> None:
        scores[seat] += sum(heads[other] for other in rows[row])
        rows[row], ends[row] = [card], VALUE[card]

    collect(view.seat, taken, card)
    for other, seat in after:
        value = VALUE[other]
        below = [row for row in range(len(rows)) if ends[row] < value]
        if not below:
            collect(seat, min(range(len(rows)), key=lambda row: (_heads(rows[row], heads), len(rows[row]))), other)
            continue
        row = max(below, key=ends.__getitem__)
        if len(rows[row]) >= view.row_limit:
            collect(seat, row, other)
        else:
            rows[row].append(other)
            ends[row] = value
    return rows, scores


def _heads(row: list[int], heads) -> int:
    return sum(heads[card] for card in row)
