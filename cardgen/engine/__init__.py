"""The rules engine: pure Python, no I/O, knows nothing of printing.

    from cardgen.engine import Game, Options, RandomPlayer, HeuristicPlayer
    game = Game(Options("plus"), [HeuristicPlayer(), RandomPlayer()], seed=1, check=True)
    winners = game.play()          # seats of the winners
    game.totals, game.round_scores

Each variant is one object in `VARIANTS` (variants/): the only list of them.
Strategies (players.py, rollout.py, search.py) see a `PlayerView` of their seat, never the game;
`KINDS` (strategies.py) is the only list of them. The fast path is chosen in kernel.py.

Step by step (what the referee does): ``game.start_round(rows, hands)`` then
``game.play_turn([Play((29,)), Play((3,), take=1), ...])`` for each turn; an
illegal decision raises IllegalPlay.
"""

from cardgen.engine.cards import (
    FIRST_JOKER,
    FIRST_ZERO,
    JOKER_CARDS,
    NUMBERED_CARDS,
    STANDARD_HEADS,
    ZERO_CARDS,
    and_joined,
    face,
    heads_table,
    is_joker,
    is_numbered,
    is_zero,
    joker,
    shown,
    standard_heads,
    tenths_number,
    value,
    written,
    zero_card,
)
from cardgen.engine.deck import BUNDLED, CardPool, deck
from cardgen.engine.errors import GameOver, IllegalPlay, InvariantBroken
from cardgen.engine.expert import ExpertPlayer
from cardgen.engine.game import Game
from cardgen.engine.history import Play, RoundHistory
from cardgen.engine.invariants import check_invariants
from cardgen.engine.options import OptionError, Options
from cardgen.engine.players import HeuristicPlayer, Player, RandomPlayer
from cardgen.engine.rollout import RolloutPlayer
from cardgen.engine.search import SearchPlayer, coach
from cardgen.engine.strategies import KINDS, STRATEGIES, Kind
from cardgen.engine.table import Move
from cardgen.engine.variants import VARIANTS, Variant, register, unregister
from cardgen.engine.view import PlayerView

__all__ = [
    "FIRST_JOKER",
    "FIRST_ZERO",
    "JOKER_CARDS",
    "NUMBERED_CARDS",
    "STANDARD_HEADS",
    "ZERO_CARDS",
    "and_joined",
    "face",
    "heads_table",
    "is_joker",
    "is_numbered",
    "is_zero",
    "joker",
    "shown",
    "standard_heads",
    "tenths_number",
    "written",
    "value",
    "zero_card",
    "GameOver",
    "IllegalPlay",
    "InvariantBroken",
    "Game",
    "Play",
    "Move",
    "RoundHistory",
    "deck",
    "BUNDLED",
    "CardPool",
    "Variant",
    "register",
    "unregister",
    "PlayerView",
    "check_invariants",
    "VARIANTS",
    "OptionError",
    "Options",
    "STRATEGIES",
    "KINDS",
    "Kind",
    "HeuristicPlayer",
    "Player",
    "RandomPlayer",
    "RolloutPlayer",
    "SearchPlayer",
    "ExpertPlayer",
    "coach",
]
