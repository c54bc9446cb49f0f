"""Playing a guessed position forward: what the players that look ahead (rollout, search) ask.

`Playouts(view)` serves one table (making one costs a scratch game). Its `scores(rows,
hands, out_of_play, scripts, turns)` starts a scratch round from the rows and hands
given (copied), lets each seat play the cards of its script on the first turns and then
play as the heuristic player, and returns the bull heads each seat has collected after
`turns` turns, or at the round's end if that comes first; `scores_of_openings` does so
once for each opening of one seat. Its strategies draw no random numbers, so the answer
depends on the position and the scripts alone. Where the game's kernel is compiled
(engine/kernel.py) it plays the round, with the same answers.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardgen.engine.game import Game
from cardgen.engine.players import HeuristicPlayer
from cardgen.engine.view import PlayerView

Cards = int | tuple[int, ...]


class _Scripted(HeuristicPlayer):
    """A seat of a playout: plays its script's cards on the first turns, then as the heuristic player."""

    def __init__(self) -> None:
        self.script: Sequence[Cards] = ()
        self.next = 0

    def choose_cards(self, view):
        if self.next < len(self.script):
            self.next += 1
            return self.script[self.next - 1]
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
    ) -> list[int]:
        table = self.scratch.table
        found = self.kernel.play_scripted(rows, hands, scripts, turns, table.row_limit, table.heads)
        if found is not None:
            return found
        scratch = self._start(rows, hands, out_of_play, scripts)
        for _ in range(turns):
            scratch.play_turn()
            if scratch.round_over:
                break
        return list(scratch.table.scores)

    def scores_of_openings(
        self,
        rows: list[list[int]],
        hands: list[list[int]],
        out_of_play: list[int],
        seat: int,
        openings: Sequence[Cards],
        turns: int,
    ) -> list[list[int]]:
        """scores() for each opening of `seat` (its first play, then it plays as the heuristic
        player, as the others do from the start): the same lists, for the cost of about one
        call where the play is compiled."""
        table = self.scratch.table
        compiled = self.kernel.play_openings(rows, hands, seat, openings, turns, table.row_limit, table.heads)
        if compiled is not None:
            return compiled
        scripts: list[Sequence[Cards]] = [()] * len(hands)
        found = []
        for opening in openings:
            scripts[seat] = (opening,)
            found.append(self.scores(rows, hands, out_of_play, scripts, turns))
        return found

    def _start(self, rows, hands, out_of_play, scripts) -> Game:
        scratch = self.scratch
        scratch.over = False  # playouts never end the game
        scratch.start_round(rows, hands, out_of_play)
        for seat, script in zip(self.seats, scripts):
            seat.script, seat.next = script, 0
        return scratch
