"""The engine's bookkeeping checks.

`Tally` runs after every turn and costs a few counts: every card of the round
is still counted once (hands, rows, piles, out of play, not yet seen by the
referee), every row holds 1 to `row_limit` cards, and the bull heads on the
table and in the piles grew by exactly those of the cards played.

`check_invariants` is the full check, run at the end of every round: every
card is in exactly one place; rows increase strictly, except where Plus put a
card below its predecessor, and never hold two jokers side by side; each pile's
bull heads are its player's round score; the table's speed-up data agree with
the rows; and, once the game is over, totals are the sum of the round scores.
Its quick pass (`Tally.all_plainly_right`) answers first, and the detailed
checks, which name what is wrong, run only when it cannot say yes: the tests
hold it to a yes only where they would pass.
"""

from __future__ import annotations

import weakref
from collections import Counter
from itertools import chain

from cardgen.engine.cards import FIRST_JOKER, FIRST_ZERO, VALUE
from cardgen.engine.errors import InvariantBroken


def _fail(game, message: str) -> None:
    raise InvariantBroken(f"round {game.round}, turn {game.turn}: {message} (seed {game.seed!r})")


class Tally:
    """The cheap counts after every turn, against figures taken when the round began."""

    def __init__(self, game) -> None:
        self.game = weakref.proxy(game)  # the game holds its tally: no cycle to collect
        table = game.table
        self.rows, self.piles, self.row_heads, self.scores = table.rows, table.piles, table.row_heads, table.scores
        self.card_heads = table.heads.__getitem__
        self.limit = table.row_limit
        self.deck_set = frozenset(game.deck)
        self.deck_bytes = bytes(game.deck) if max(game.deck) < 256 else None
        self.hands_and_piles: list[list[int]] = []
        self.cards = 0  # cards in hands, rows and piles (out of play stays out all round)
        self.heads = 0  # bull heads on the rows and in the piles, as they should be

    def start(self) -> None:
        game = self.game
        # hands and piles are changed in place all round; rows are replaced when collected
        self.hands_and_piles = [hand for hand in game.hands if hand is not None] + self.piles
        self.cards = len(game.deck) - len(game.out_of_play)
        self.heads = sum(self.row_heads) + sum(self.scores)

    def after_turn(self, waiting: int = 0) -> None:
        """waiting: cards out of their hands that are still to be placed this round."""
        lengths = [*map(len, self.rows)]
        counted = sum(map(len, self.hands_and_piles)) + sum(lengths) + waiting
        unknown = self.game.unknown
        if unknown is not None:
            counted += len(unknown.unseen)
        if counted != self.cards:
            _fail(
                self.game, f"cards in more than one place or lost: {counted} in hands, rows and piles, not {self.cards}"
            )
        if min(lengths) < 1 or max(lengths) > self.limit:
            _fail(self.game, f"rows hold {lengths} cards")
        self.heads += sum(map(self.card_heads, self.game.played_now))
        if sum(self.row_heads) + sum(self.scores) != self.heads:
            _fail(self.game, "the bull heads on the table and in the piles are not those of the cards played")

    def all_plainly_right(self, game) -> bool:
        """Whether every invariant of the full check holds, in one quick pass. It answers
        True only where the detailed checks would all pass, so it may answer False for a
        table it cannot judge quickly (a joker, a zero card or a Plus drop on a row): they
        then judge it and name what is wrong.

        Every card once is one bytes() of all the places, in C. The rest is plain loops,
        not chains of built-ins: run once a round amid the game's own work, they took half
        the time of the built-ins they replaced (measured in a simulation; out of context
        the built-ins win)."""
        table = game.table
        rows, ends, heads = table.rows, table.ends, table.heads
        if game.unknown is not None:  # a record's unknown hands: left to the details
            return False
        # each card once: with the count, every card of the deck in some place (and no other)
        places = [*filter(None, game.hands), *rows, *table.piles, game.out_of_play]
        if self.deck_bytes is None:
            if not _each_card_once(places, self.deck_set):
                return False
        else:  # card ids that fit in a byte: the deck's bytes less those of every place, in C
            try:
                cards = bytes(chain(*places))
            except ValueError:  # a card beyond the deck's
                return False
            if len(cards) != len(self.deck_bytes) or self.deck_bytes.translate(None, cards):
                return False
        if len(rows) != table.row_count or table.drops:
            return False
        for row, row_cards in enumerate(rows):
            last = row_cards[-1] if row_cards else FIRST_ZERO
            # numbered cards only, their ids increasing as their values do
            if len(row_cards) > table.row_limit or last >= FIRST_ZERO or ends[row] != VALUE[last]:
                return False
            before = total = 0
            for card in row_cards:
                if card <= before:
                    return False
                before = card
                total += heads[card]
            if total != table.row_heads[row]:
                return False
        for seat, pile in enumerate(table.piles):
            total = 0
            for card in pile:
                total += heads[card]
            if total != table.scores[seat]:
                return False
        before = -1
        for index, row in enumerate(table.sorted_rows):
            end = table.sorted_ends[index]
            if end <= before or not 0 <= row < len(rows) or ends[row] != end:
                return False
            before = end
        return len(table.sorted_ends) == len(table.sorted_rows) == len(rows) and (
            not game.over or sum(map(sum, game.round_scores)) == sum(game.totals)
        )


def check_invariants(game) -> None:
    """Raise InvariantBroken naming the first thing that is wrong."""
    if game.tally is not None and game.tally.all_plainly_right(game):
        return
    _every_card_once(game)
    _rows_well_formed(game)
    _heads_conserved(game)


def _every_card_once(game) -> None:
    table = game.table
    unseen = game.unknown.unseen if game.unknown is not None else ()
    places = [*(hand or () for hand in game.hands), *table.rows, *table.piles, game.out_of_play, unseen]
    if not _each_card_once(places, frozenset(game.deck)):
        found, expected = Counter(chain(*places)), Counter(game.deck)
        extra = sorted((found - expected).elements())
        missing = sorted((expected - found).elements())
        _fail(game, f"cards in more than one place or unknown: {extra}; cards nowhere: {missing}")


def _each_card_once(places, deck: frozenset[int]) -> bool:
    """With the count, every card of the deck in some place: each once, and no other."""
    return sum(map(len, places)) == len(deck) and not deck.difference(*places)


def _rows_well_formed(game) -> None:
    table = game.table
    heads = table.heads.__getitem__
    if len(table.rows) != table.row_count:
        _fail(game, f"{len(table.rows)} rows")
    for index, row in enumerate(table.rows):
        if not 1 <= len(row) <= table.row_limit:
            _fail(game, f"row {index + 1} holds {len(row)} cards")
        # numbered cards only and none dropped: their ids increase as their values do
        if row[-1] >= FIRST_ZERO or table.drops or row != sorted(row):
            _increases(game, index, row)
        if table.row_heads[index] != sum(map(heads, row)):
            _fail(game, f"row {index + 1} bull heads are off")
    ends = sorted(zip(table.ends, range(table.row_count)))
    if [end for end, _ in ends] != table.sorted_ends or [r for _, r in ends] != table.sorted_rows:
        _fail(game, "the sorted row ends disagree with the rows")
    for index, row in enumerate(table.rows):
        if row[-1] < FIRST_JOKER and table.ends[index] != VALUE[row[-1]]:
            _fail(game, f"row {index + 1} ends with {row[-1]} but is worth {table.ends[index]}")


def _increases(game, index: int, row: list[int]) -> None:
    """Each card above the one before it, except a joker (never after another joker) or a
    card Plus dropped below its predecessor."""
    for before, after in zip(row, row[1:]):
        if after >= FIRST_JOKER:
            if before >= FIRST_JOKER:
                _fail(game, f"row {index + 1} has two jokers side by side")
        elif VALUE[after] <= VALUE[before] and after not in game.table.drops:
            _fail(game, f"row {index + 1} does not increase: {row}")


def _heads_conserved(game) -> None:
    table = game.table
    heads = table.heads.__getitem__
    for seat, pile in enumerate(table.piles):
        if table.scores[seat] != sum(map(heads, pile)):
            _fail(game, f"seat {seat + 1} scored {table.scores[seat]} but its pile holds other bull heads")
    if game.over and sum(map(sum, game.round_scores)) != sum(game.totals):
        _fail(game, "totals are not the sum of the round scores")
