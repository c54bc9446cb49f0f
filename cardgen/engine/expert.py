"""The strongest player: the search player on a larger budget.

The `ExpertPlayer` plays as the search player does (sequential halving over guessed deals
played to the round's end, scored by the chance of winning the game; the row to take
searched with the turn's face-up cards), on more playouts.
"""

from __future__ import annotations

from cardgen.engine.search import SearchPlayer

DEFAULT_PLAYOUTS = 4000  # at a round's first turn, more later (search.py): about 58 ms of CPU a move on one core


class ExpertPlayer(SearchPlayer):
    name = "expert"

    def __init__(self, playouts: int = DEFAULT_PLAYOUTS) -> None:
        super().__init__(playouts)
