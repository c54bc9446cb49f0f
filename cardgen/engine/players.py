"""Player strategies: objects the game asks for decisions.

A strategy is shown a `PlayerView` (view.py) of its own seat, never the game.
Randomness comes from ``view.random`` (the game's seeded generator), so that a
game is reproduced by its seed alone.
"""

from __future__ import annotations

from math import floor

from cardgen.engine.cards import FIRST_JOKER, FIRST_ZERO, VALUE
from cardgen.engine.view import PlayerView


class Player:
    """The decisions a strategy makes. Rows are numbered from 0."""

    name = "player"
    # True when the strategy plays (in one-card variants) the last card of its hand:
    # the game then pops it without asking, which is the random player's fast path.
    plays_last_card = False

    @classmethod
    def with_effort(cls, effort: int) -> Player | None:
        """The strategy playing at effort N ("kind:N" on the command line), or None
        when it takes none (only the rollout player does: N is its samples)."""
        return None

    def choose_cards(self, view: PlayerView) -> int | tuple[int, ...]:
        """The card to play (Plus: one card, or a tuple of two)."""
        raise NotImplementedError

    def choose_take(self, view: PlayerView, card: int) -> int:
        """The row to collect when `card` is below every row end."""
        raise NotImplementedError

    def place_joker(self, view: PlayerView, joker: int) -> tuple[str, int]:
        """("row", r) to append the joker to row r, or ("take", r) to collect r and start it."""
        raise NotImplementedError

    def draft(self, view: PlayerView, pool: tuple[int, ...]) -> int:
        """Pro: the face-up card to pick from `pool` (view.hand holds the picks so far)."""
        raise NotImplementedError

    def companion_row(self, view: PlayerView, card: int) -> int | None:
        """Plus with a free companion: the row for `card`, or None for the usual one."""
        return None


class RandomPlayer(Player):
    """Every decision uniformly at random among the legal ones.

    A dealt hand is in random order (the engine deals it so), so its last card
    is a uniform choice: in one-card variants the game plays it directly.
    """

    name = "random"
    plays_last_card = True

    def choose_cards(self, view):
        hand = view.hand
        first = hand[-1]
        if view.variant.cards_per_turn > 1 and len(hand) > 1 and view.random() < 0.5:
            return (first, hand[-2])
        return first

    def choose_take(self, view, card):
        return floor(view.random() * view.row_count)

    def place_joker(self, view, joker):
        moves = [("take", row) for row in range(view.row_count)]
        moves += [("row", row) for row in range(view.row_count) if not view.ends_with_joker(row)]
        return moves[floor(view.random() * len(moves))]

    def draft(self, view, pool):
        return pool[floor(view.random() * len(pool))]

    def companion_row(self, view, card):
        choice = floor(view.random() * (view.row_count + 1))
        return None if choice == view.row_count else choice


class HeuristicPlayer(Player):
    """A sensible player that looks one card ahead and ignores the others' plays.

    When bull heads count against it, it plays the card least likely to collect
    and takes the cheapest row; in Plus it hunts sixth cards (with a zero to play
    them first) and otherwise keeps its rows short for later.
    """

    name = "heuristic"

    def choose_cards(self, view):
        if not view.variant.negative:
            return self._plus_cards(view)
        return min(view.hand, key=self._risk(view))

    @staticmethod
    def _risk(view):
        """How bad playing a card looks now: (bull heads it may collect, closeness).
        The rows are read once for the whole hand (rollouts ask this millions of times)."""
        rows = range(view.row_count)
        lengths = [view.row_length(row) for row in rows]
        heads = [view.row_heads(row) for row in rows]
        ends = [view.row_end(row) for row in rows]
        below_every_end = (min(heads) + 1, 0)
        limit, row_below = view.row_limit, view.row_below

        def risk(card: int) -> tuple:
            if card >= FIRST_JOKER:
                return (1, 0)  # a joker can always join a row: play it once every card risks more
            value = VALUE[card]
            row = row_below(value)
            if row < 0:
                return below_every_end
            length = lengths[row]
            gap = value - ends[row]
            if length == limit:
                return (heads[row] + 1, gap)
            # the fuller the row and the wider the gap, the more likely another card gets in first
            return (0, (length * 1000 + gap) / 10000)

        return risk

    def choose_take(self, view, card):
        return min(range(view.row_count), key=lambda row: (view.row_heads(row), view.row_length(row)))

    def place_joker(self, view, joker):
        open_rows = [
            row
            for row in range(view.row_count)
            if not view.ends_with_joker(row) and view.row_length(row) < view.row_limit
        ]
        if open_rows:
            return ("row", min(open_rows, key=view.row_length))
        return ("take", self.choose_take(view, joker))

    def draft(self, view, pool):
        # a hand spread over the whole range always has a card that fits somewhere
        # (measured: far better than picking the fewest bull heads)
        hand = view.hand
        heads = view.heads

        def distance(card):
            return min((abs(card - picked) for picked in hand), default=0)

        return max(pool, key=lambda card: (distance(card), -heads[card]))

    def _plus_cards(self, view):
        hand = view.hand
        zeros = [card for card in hand if card >= FIRST_ZERO]
        best, best_gain = None, 0
        for card in hand:
            if card >= FIRST_ZERO:
                continue
            row = self._plus_row(view, card)
            if view.row_length(row) == view.row_limit and view.row_heads(row) > best_gain:
                best, best_gain = card, view.row_heads(row)
        if best is not None:
            return (best, zeros[0]) if zeros else best
        numbered = [card for card in hand if card < FIRST_ZERO]
        if not numbered:
            return zeros[0]
        # no sixth card to take: play a card that lengthens a short row
        return min(numbered, key=lambda card: self._plus_setup_cost(view, card))

    @staticmethod
    def _plus_row(view, card: int) -> int:
        row = view.row_below(VALUE[card])
        return view.highest_row() if row < 0 else row

    def _plus_setup_cost(self, view, card: int) -> int:
        length = view.row_length(self._plus_row(view, card))
        return 10 if length == view.row_limit - 1 else length
