"""Playing a guessed position forward: what the players that look ahead (rollout, search) ask.

`Playouts(view)` serves one table (making one costs a scratch game). Its `scores(rows,
hands, out_of_play, scripts, turns)` starts a scratch round from the rows and hands
given (copied), lets each seat play the cards of its script on the first turns and then
play as the heuristic player, and returns the bull heads each seat has collected after
`turns` turns, or at the round's end if that comes first; `scores_of_openings` does so
once for each opening of one seat, and `scores_of_deals` for each of many guessed deals
(in one call where the play is compiled). Given a `chance` (a seed, not 0), the seats play by the
playout policy instead (one-card variants): a card drawn by `Chance`, each with a chance
fitted on the search player's own choices. Otherwise the answer depends on the position
and the scripts alone. Where the game's kernel is compiled (engine/kernel.py)
it plays the round, with the same answers.

Why not the heuristic's card: a player that looks ahead with seats that always play it
trusts what those seats will do, and players who play otherwise mislead it. Against
take5bot's champion, the search player shown the true hands did far worse than the same
player guessing them; with the policy's seats it does about as well, and its choices match
the champion's more often (the README gives the figures).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from cardgen.engine.chance import Chance
from cardgen.engine.game import Game
from cardgen.engine.players import HeuristicPlayer
from cardgen.engine.view import PlayerView

Cards = int | tuple[int, ...]


class _Scripted(HeuristicPlayer):
    """A seat of a playout: plays its script's cards on the first turns, then as the
    heuristic player, or by the playout policy where its `chance` draws."""

    def __init__(self) -> None:
        self.script: Sequence[Cards] = ()
        self.next = 0
        self.chance = Chance()

    def choose_cards(self, view):
        if self.next < len(self.script):
            self.next += 1
            return self.script[self.next - 1]
        if self.chance.state and view.variant.negative:
            return self.chance.policy_card(view)
        return super().choose_cards(view)


class Playouts:
    def __init__(self, view: PlayerView) -> None:
        self.seats = [_Scripted() for _ in view.hand_sizes]
        self.scratch = Game(view.options, self.seats, pool=view.pool, seed=0)
        self.kernel = self.scratch.kernel  # where it is compiled, it plays the playouts

    def scores(
        self,
        rows: list[list[int]],
        hands: list[list[int]],
        out_of_play: list[int],
        scripts: Sequence[Sequence[Cards]],
        turns: int,
        chance: int = 0,
    ) -> list[int]:
        table = self.scratch.table
        found = self.kernel.play_scripted(rows, hands, scripts, turns, table.row_limit, table.heads, chance)
        if found is not None:
            return found
        scratch = self._start(rows, hands, out_of_play, scripts, chance)
        for _ in range(turns):
            scratch.play_turn()
            if scratch.round_over:
                break
        return list(scratch.table.scores)

    def scores_of_openings(
        self,
        rows: list[list[int]],
        hands: list[list[int]],
        seat: int,
        openings: Sequence[Cards],
        turns: int,
        chance: int = 0,
    ) -> list[list[int]]:
        """scores() for each opening of `seat` (its first play, then it plays as the others
        do from the start), each from the same `chance`."""
        width = max(*map(len, hands), 1)
        padded = np.array([[[*hand, *[0] * (width - len(hand))] for hand in hands]], np.int64)
        return self.scores_of_deals(rows, padded, [chance], seat, openings, turns)[0].tolist()

    def scores_of_deals(
        self,
        rows: list[list[int]],
        hands: np.ndarray,
        chances: Sequence[int],
        seat: int,
        openings: Sequence[Cards],
        turns: int,
    ) -> np.ndarray:
        """scores_of_openings() for each guessed deal of `hands` (deal × seat × slot, 0: no
        card) and its chance, as an array deal × opening × seat: where the play is compiled,
        one call for them all."""
        table = self.scratch.table
        compiled = self.kernel.play_deals(rows, hands, chances, seat, openings, turns, table.row_limit, table.heads)
        if compiled is not None:
            return compiled
        scripts: list[Sequence[Cards]] = [()] * hands.shape[1]
        found = []
        for deal, chance in zip(hands.tolist(), chances):
            dealt = [[card for card in hand if card] for hand in deal]
            for opening in openings:
                scripts[seat] = (opening,)
                found.append(self.scores(rows, dealt, [], scripts, turns, chance))
        return np.array(found, np.int64).reshape(hands.shape[0], len(openings), hands.shape[1])

    def _start(self, rows, hands, out_of_play, scripts, chance: int) -> Game:
        scratch = self.scratch
        scratch.over = False  # playouts never end the game
        scratch.start_round(rows, hands, out_of_play)
        shared = Chance(chance)  # one generator for the table, as in the kernel
        for seat, script in zip(self.seats, scripts):
            seat.script, seat.next, seat.chance = script, 0, shared
        return scratch
