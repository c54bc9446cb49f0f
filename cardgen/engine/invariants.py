"""The engine's bookkeeping checks, run after every turn when asked to.

Every card of the round is in exactly one place (a hand, a row, a pile, out of
play, or not yet seen by the referee); rows hold 1 to 5 cards and increase
strictly, except where Plus put a card below its predecessor; the bull heads of
each pile are its player's round score; the table's speed-up data agree with
the rows.
"""

from __future__ import annotations

from collections import Counter

from cardgen.engine.cards import FIRST_JOKER, VALUE
from cardgen.engine.deck import deck
from cardgen.engine.errors import InvariantBroken
from cardgen.engine.table import ROW_COUNT, ROW_LIMIT


def check_invariants(game) -> None:
    """Raise InvariantBroken naming the first thing that is wrong."""
    _every_card_once(game)
    _rows_well_formed(game)
    _heads_conserved(game)


def _fail(game, message: str) -> None:
    raise InvariantBroken(f"round {game.round}, turn {game.turn}: {message} (seed {game.seed!r})")


def _every_card_once(game) -> None:
    places: Counter[int] = Counter()
    for hand in game.hands:
        places.update(hand or ())
    for row in game.table.rows:
        places.update(row)
    for pile in game.table.piles:
        places.update(pile)
    places.update(game.out_of_play)
    if game.unknown is not None:
        places.update(game.unknown.unseen)
    expected = Counter(deck(game.options, game.player_count))
    if places != expected:
        extra = sorted((places - expected).elements())
        missing = sorted((expected - places).elements())
        _fail(game, f"cards in more than one place or unknown: {extra}; cards nowhere: {missing}")


def _rows_well_formed(game) -> None:
    table = game.table
    if len(table.rows) != ROW_COUNT:
        _fail(game, f"{len(table.rows)} rows")
    for index, row in enumerate(table.rows):
        if not 1 <= len(row) <= ROW_LIMIT:
            _fail(game, f"row {index + 1} holds {len(row)} cards")
        for before, after in zip(row, row[1:]):
            if after >= FIRST_JOKER:
                if before >= FIRST_JOKER:
                    _fail(game, f"row {index + 1} has two jokers side by side")
            elif VALUE[after] <= VALUE[before] and after not in table.drops:
                _fail(game, f"row {index + 1} does not increase: {row}")
        if table.row_heads[index] != sum(table.heads[card] for card in row):
            _fail(game, f"row {index + 1} bull heads are off")
    ends = sorted(zip(table.ends, range(ROW_COUNT)))
    if [end for end, _ in ends] != table.sorted_ends or [r for _, r in ends] != table.sorted_rows:
        _fail(game, "the sorted row ends disagree with the rows")
    for index, row in enumerate(table.rows):
        if row[-1] < FIRST_JOKER and table.ends[index] != VALUE[row[-1]]:
            _fail(game, f"row {index + 1} ends with {row[-1]} but is worth {table.ends[index]}")


def _heads_conserved(game) -> None:
    table = game.table
    for seat, pile in enumerate(table.piles):
        if table.scores[seat] != sum(table.heads[card] for card in pile):
            _fail(game, f"seat {seat + 1} scored {table.scores[seat]} but its pile holds other bull heads")
    if len(game.round_scores) and sum(map(sum, game.round_scores)) != sum(game.totals):
        _fail(game, "totals are not the sum of the round scores")
