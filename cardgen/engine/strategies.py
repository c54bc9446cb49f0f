"""The kinds of computer player: the only list of them.

Each row names a kind as the command line does (`--players-kind`), its class, and
whether it looks ahead (plays guessed positions forward, `Playouts`: its runs need the
compiled playouts ready). Which kinds the compiled kernel plays whole rounds of is
engine/kernel.py's `ROUND_PLAYERS`, the players its code imitates; `Kind.rounds_compiled`
reads it. A new kind is its module, a row here, and its words
(`player_kinds.<kind>` in templates/locales/*/balance.yaml).
"""

from __future__ import annotations

from dataclasses import dataclass

from cardgen.engine.expert import ExpertPlayer
from cardgen.engine.kernel import ROUND_PLAYERS
from cardgen.engine.players import HeuristicPlayer, Player, RandomPlayer
from cardgen.engine.rollout import RolloutPlayer
from cardgen.engine.search import SearchPlayer


@dataclass(frozen=True)
class Kind:
    player: type[Player]
    looks_ahead: bool  # plays guessed positions forward: the kernel serves its playouts

    @property
    def rounds_compiled(self) -> bool:
        """Whether the compiled kernel plays whole rounds of a table of this kind alone."""
        return self.player in ROUND_PLAYERS


KINDS: dict[str, Kind] = {
    "random": Kind(RandomPlayer, looks_ahead=False),
    "heuristic": Kind(HeuristicPlayer, looks_ahead=False),
    "rollout": Kind(RolloutPlayer, looks_ahead=True),
    "search": Kind(SearchPlayer, looks_ahead=True),
    "expert": Kind(ExpertPlayer, looks_ahead=True),
}

STRATEGIES: dict[str, type[Player]] = {name: kind.player for name, kind in KINDS.items()}
