"""What the cards each seat played this round say about the cards it still holds.

A seat that took a full row when it could have joined a row safely probably could not;
the playout policy (chance.py) says how likely each card of a hand was to be played on the
rows of that turn. A guessed deal is then as likely as the policy finds the plays each
other seat made this round, each seat holding what the deal gives it now and the cards it
played since. The search player weighs each guessed deal by that likelihood, tempered
(`BELIEF_POWER`): the policy is a model of the players, not the players, and weights too
sharp would leave a few deals to decide.
"""

from __future__ import annotations

import numpy as np

from cardgen.engine.cards import CARD_ID_LIMIT
from cardgen.engine.chance import DOES_FACTORS, PLACE_FACTORS, policy_features
from cardgen.engine.table import Table
from cardgen.engine.view import PlayerView

BELIEF_POWER = 0.5  # measured: 0.3 and 0.5 agree with take5bot's champion more often than 1
LOWEST, BETWEEN, HIGHEST = (float(factor) for factor in PLACE_FACTORS)


class Beliefs:
    """The weight of a guessed deal of one view, from the plays of this round's turns."""

    def __init__(self, view: PlayerView) -> None:
        self.clues: list[tuple[int, np.ndarray, int, list[int]]] = []  # (seat, weights by card, card, its later cards)
        history, rows = view.history, view.history_rows
        if not view.variant.negative or len(rows) != len(history):
            return
        candidates = sorted(view.unseen())
        # each seat's cards played from a turn on, starting with this turn's face-up card (a
        # row is being taken): it has left the hand the guesses are made for
        later = {seat: [card] for seat, card in view.revealed if seat != view.seat}
        for turn in reversed(range(len(history))):
            on_table = _table(view, rows[turn])
            does = np.zeros(CARD_ID_LIMIT)
            for seat, card in history[turn]:
                if seat != view.seat:
                    later.setdefault(seat, []).append(card)
            for card in candidates + [card for cards in later.values() for card in cards]:
                does[card] = DOES_FACTORS[policy_features(on_table, card, card, card)[0]]
            for seat, card in history[turn]:
                if seat != view.seat:
                    self.clues.append((seat, does, card, list(later[seat])))

    def weights(self, hands: np.ndarray) -> np.ndarray | None:
        """The weight of each guessed deal of `hands` (deal × seat × slot, 0: no card), the
        likeliest 1; None where the plays say nothing (no turn played yet)."""
        if not self.clues:
            return None
        log_likelihood = np.zeros(hands.shape[0])
        for seat, does, card, later in self.clues:
            guessed = hands[:, seat, : np.count_nonzero(hands[0, seat])]  # as many cards in every deal
            if not guessed.shape[1]:  # its whole hand was played: the same in every deal
                continue
            lowest = np.minimum(guessed.min(axis=1), min(later))
            highest = np.maximum(guessed.max(axis=1), max(later))
            total = does[guessed].sum(axis=1) + does[later].sum()
            total = BETWEEN * total + (LOWEST - BETWEEN) * does[lowest] + (HIGHEST - BETWEEN) * does[highest]
            place = np.where(card == lowest, LOWEST, np.where(card == highest, HIGHEST, BETWEEN))
            log_likelihood += np.log(does[card] * place / total)
        return np.exp(BELIEF_POWER * (log_likelihood - log_likelihood.max()))


class _Rows:
    """A view's questions about the rows, answered for rows of an earlier turn."""

    def __init__(self, table: Table) -> None:
        self.row_count, self.row_limit = table.row_count, table.row_limit
        self.row_below = table.row_below
        self.row_end = table.ends.__getitem__
        self.row_heads = table.row_heads.__getitem__
        self.row_length = lambda row: len(table.rows[row])


def _table(view: PlayerView, rows) -> _Rows:
    table = Table(len(view.hand_sizes), view.heads, view.row_count, view.row_limit)
    table.start([list(row) for row in rows])
    return _Rows(table)
