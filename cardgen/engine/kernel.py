"""The engine's fast path, chosen in one place.

`kernel_for(rules)` gives a variant's kernel: plain Python (`PLAIN`: every player asked
every turn, every playout played on a scratch game) or `CompiledKernel`, where the
variant says which compiled rules it plays by (`Variant.compiled_rules`) and numba is
installed (engine/compiled.py, loaded on the first question, so that a command that
plays no game never waits for it). A game asks its kernel once (`Game.kernel`);
`Playouts`, the rollout player and `simulate.prepare_players` ask it too, and nothing
else tests the variant's rules or a player's name to pick a path.

The compiled code makes the heuristic player's choices: it plays whole rounds of a
table of heuristic players alone (`ROUND_PLAYERS`), and the playouts of the players
that look ahead (engine/strategies.py says which). Where it does not serve, each
method answers None or False and the caller plays in plain Python.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from cardgen.engine.players import HeuristicPlayer, Player

if TYPE_CHECKING:
    from cardgen.engine.variants import Variant

# The players whose every choice the compiled code makes: it plays their rounds alone.
ROUND_PLAYERS: frozenset[type[Player]] = frozenset({HeuristicPlayer})


class Kernel:
    """Plain Python: no fast path. Each method that plays answers None: the caller plays
    in plain Python."""

    def in_use(self) -> bool:
        """Whether compiled code plays here."""
        return False

    def plays_rounds_of(self, players: Sequence[Player]) -> bool:
        """Whether it plays whole rounds of this table (not one of its players is asked)."""
        return False

    def prepare(self, rollouts: bool, slow: Callable[[], None]) -> None:
        """Compile or load what a run will use before its games and workers start."""

    def play_round(self, rows, hands, row_limit: int, heads: tuple[int, ...]) -> tuple | None:
        """A whole round of heuristic players from its deal: (rows, piles, scores, the cards
        put below the one before them, turns) at its end (compiled.play_round)."""
        return None

    def draft(self, pool: list[int], seats: int, first: int, per_hand: int, heads: tuple[int, ...]) -> tuple | None:
        """Pro's draft among heuristic players: (the hands, the cards left face up)."""
        return None

    def play_scripted(self, rows, hands, scripts, turns: int, row_limit: int, heads, chance: int) -> list[int] | None:
        """Playouts.scores."""
        return None

    def play_deals(self, rows, hands, chances, seat: int, openings, turns: int, row_limit: int, heads) -> Any:
        """Playouts.scores_of_deals: an array deal × opening × seat."""
        return None

    def rollout_sums(self, view, guesser, candidates, samples: int, turns: int, sign: float) -> list[float] | None:
        """The rollout player's sums (RolloutPlayer.rollout_values)."""
        return None


class CompiledKernel(Kernel):
    """engine/compiled.py, by the rules of Classic (one card a turn) or of Plus; where numba
    is not installed, plain Python like `Kernel`."""

    def __init__(self, plus: bool) -> None:
        self.plus = plus

    @staticmethod
    def code():
        from cardgen.engine import compiled  # numpy and numba: only when a game needs them

        return compiled

    def in_use(self) -> bool:
        return self.code().in_use()

    def plays_rounds_of(self, players):
        return all(type(player) in ROUND_PLAYERS for player in players) and self.in_use()

    def prepare(self, rollouts, slow):
        self.code().prepare(rollouts, slow)

    def play_round(self, rows, hands, row_limit, heads):
        return self.code().play_round(rows, hands, row_limit, heads, self.plus) if self.in_use() else None

    def draft(self, pool, seats, first, per_hand, heads):
        return self.code().heuristic_draft(pool, seats, first, per_hand, heads) if self.in_use() else None

    def play_scripted(self, rows, hands, scripts, turns, row_limit, heads, chance):
        if not self.in_use():
            return None
        return self.code().play_scripted(rows, hands, scripts, turns, row_limit, heads, self.plus, chance)

    def play_deals(self, rows, hands, chances, seat, openings, turns, row_limit, heads):
        if not self.in_use():
            return None
        return self.code().play_deals(rows, hands, chances, seat, openings, turns, row_limit, heads, self.plus)

    def rollout_sums(self, view, guesser, candidates, samples, turns, sign):
        # not where a deal hides more than one scarce kind of card
        if len(guesser.scarce) > 1 or not self.in_use():
            return None
        return self.code().rollout_sums(view, guesser, candidates, samples, turns, sign, self.plus)


PLAIN = Kernel()
_KERNELS: dict[str | None, Kernel] = {"classic": CompiledKernel(False), "plus": CompiledKernel(True)}


def kernel_for(rules: Variant) -> Kernel:
    """The kernel of a variant: compiled where it names compiled rules (whether numba is
    installed, each of its methods asks on its first call)."""
    return _KERNELS.get(rules.compiled_rules, PLAIN)
