"""What one player may know of a game: the only thing a strategy is shown.

Its own hand, the rows, the cards played and collected, who played which card in the
turns before (`history`) and the rows each of them began with (`history_rows`), the cards
of this turn once they lie face up (`revealed`), the scores and how many cards each other
hand holds; never another hand, a card still being chosen, the cards out of play or the
game itself. What it hands out cannot change the game: tuples, numbers, and functions
that only read. (Python cannot wall off an object from code that digs through closures
or the garbage collector; a view simply offers no way in.)
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from cardgen.engine.deck import CardPool
    from cardgen.engine.game import Game
    from cardgen.engine.options import Options
    from cardgen.engine.variants import Variant


def _asks(question: str, doc: str | None = None) -> Any:
    """A read-only property of the view: the answer of its reader to `question`."""
    return property(lambda view: view._read(question), doc=doc)


class PlayerView:
    """One seat's view. Rows are numbered from 0; values are in tenths (card 17 is 170)."""

    __slots__ = (
        "seat",
        "options",
        "variant",
        "heads",
        "pool",
        "random",
        "row_count",
        "row_limit",
        "row_below",
        "highest_row",
        "row_end",
        "row_heads",
        "row_length",
        "ends_with_joker",
        "_read",
    )

    def __init__(self, game: Game, seat: int) -> None:
        table = game.table
        self.seat = seat
        self.options: Options = game.options
        self.variant: Variant = game.rules
        self.heads: tuple[int, ...] = game.heads  # bull heads by card id
        self.pool: CardPool = game.pool  # the cards the game is played with
        self.random: Callable[[], float] = game.rng.random  # the game's seeded randomness
        self.row_count: int = table.row_count
        self.row_limit: int = table.row_limit
        # Each of these reads the table as it is now (its lists are changed in place).
        self.row_below: Callable[[int], int] = table.row_below  # row whose end is the highest below a value, or -1
        self.highest_row: Callable[[], int] = table.highest_row
        self.row_end: Callable[[int], int] = table.ends.__getitem__
        self.row_heads: Callable[[int], int] = table.row_heads.__getitem__
        self.row_length: Callable[[int], int] = lambda row: len(table.rows[row])
        self.ends_with_joker: Callable[[int], bool] = table.ends_with_joker
        self._read = _reader(game, seat)

    hand: tuple[int, ...] = _asks("hand")
    hand_sizes: tuple[int, ...] = _asks(
        "hand_sizes",
        "How many cards each seat holds (a card chosen this turn still counts until it lies face up;"
        " an unknown hand of a record counts as 0).",
    )
    rows: tuple[tuple[int, ...], ...] = _asks("rows")
    piles: tuple[tuple[int, ...], ...] = _asks("piles", "The cards each seat has collected this round.")
    played: tuple[int, ...] = _asks("played", "Every card played this round so far, on the rows or in a pile.")
    scores: tuple[int, ...] = _asks("scores", "Bull heads each seat has collected this round.")
    totals: tuple[int, ...] = _asks("totals", "Each seat's total of the rounds before this one.")
    revealed: tuple[tuple[int, int], ...] = _asks(
        "revealed",
        "This turn's cards as (seat, card) pairs by seat once all lie face up (when a row is to be"
        " taken, a joker or a companion placed); empty while the cards are being chosen.",
    )
    history: tuple[tuple[tuple[int, int], ...], ...] = _asks(
        "history",
        "This round's turns so far, each as (seat, card) pairs by seat: who played what, as the"
        " table saw it (empty for a round placed in one pass, where nobody is asked: a fast path).",
    )
    history_rows: tuple[tuple[tuple[int, ...], ...], ...] = _asks(
        "history_rows", "The rows as each turn of `history` began, in the same order."
    )
    round: int = _asks("round")
    turn: int = _asks("turn")

    def unseen(self) -> set[int]:
        """The cards of the variant's deck this player has not seen: in other hands or out of play."""
        return self._read("unseen")


def _reader(game: Game, seat: int) -> Callable[[str], Any]:
    """One closure that answers each question; the view keeps no attribute leading to the game.
    It holds the game weakly: a game and its views would otherwise form a cycle that only
    the garbage collector frees, which slows a simulation of many games."""
    table = game.table
    game = weakref.proxy(game)

    def read(what: str):
        if what == "hand":
            return tuple(game.hands[seat] or ())
        if what == "hand_sizes":
            if game.choosing:  # a card chosen this turn is still face down, as if in its hand
                return game.sizes_before_turn
            return tuple(len(hand or ()) for hand in game.hands)
        if what == "rows":
            return tuple(map(tuple, table.rows))
        if what == "piles":
            return tuple(map(tuple, table.piles))
        if what == "played":
            return tuple(card for cards in (*table.rows, *table.piles) for card in cards if card not in game.starters)
        if what == "scores":
            return tuple(table.scores)
        if what == "totals":
            return tuple(game.totals)
        if what == "revealed":
            return () if game.choosing else tuple(sorted((game.owner[card], card) for card in game.played_now))
        if what == "history":
            return tuple(game.turns_by_seat)
        if what == "history_rows":
            return tuple(game.rows_before_turns[: len(game.turns_played)])
        if what == "round":
            return game.round
        if what == "turn":
            return game.turn
        seen = set(game.hands[seat] or ()).union(*table.rows, *table.piles)
        return set(game.deck) - seen

    return read
