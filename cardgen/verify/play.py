"""Complete simulated games of a card set, per variant and player count, with the
engine's invariants checked after every turn.

cardgen.simulate plays the bundled cards and stops at the first broken game; a set
may carry its own bull heads or fewer zero cards or jokers (its `CardPool`), and
verify wants every broken game's seed, so the loop lives here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import partial
from operator import iadd

from cardgen.batch import run_chunks
from cardgen.engine import CardPool, Game, HeuristicPlayer, IllegalPlay, InvariantBroken, Options, RandomPlayer
from cardgen.messages import Message
from cardgen.verify.report import as_message


@dataclass
class Broken:
    seed: int
    players: int
    kinds: list[str]
    problem: Message


@dataclass
class Played:
    variant: str
    games_by_players: dict[int, int] = field(default_factory=dict)
    broken: list[Broken] = field(default_factory=list)

    @property
    def games(self) -> int:
        return sum(self.games_by_players.values())


def seat_kinds(players: int) -> list[str]:
    """Heuristic and random players in turn: both kinds of decision get exercised."""
    return ["heuristic" if seat % 2 == 0 else "random" for seat in range(players)]


def play_games(variant: str, player_counts: list[int], games: int, pool: CardPool, seed: int, jobs: int = 1) -> Played:
    """About `games` games spread evenly over the player counts (at least one each),
    on `jobs` processes; game i is played with seed `seed + i`, and the broken games
    come in seed order whatever the number of jobs."""
    share, extra = divmod(max(games, len(player_counts)), len(player_counts))
    spread = {players: share + (1 if index < extra else 0) for index, players in enumerate(player_counts)}
    work = partial(play_chunk, variant, tuple(spread.items()), pool, seed)
    broken: list[Broken] = run_chunks(work, sum(spread.values()), jobs, iadd, [])
    return Played(variant, spread, broken)


def play_chunk(
    variant: str, spread: tuple[tuple[int, int], ...], pool: CardPool, seed: int, indexes: range
) -> list[Broken]:
    """The broken games among games number `indexes`: the first `count` games of `spread`
    are for its first player count, and so on."""
    broken = []
    first = 0
    for players, count in spread:
        kinds = seat_kinds(players)
        for index in range(max(first, indexes.start), min(first + count, indexes.stop)):
            game_seed = seed + index
            seats = [HeuristicPlayer() if kind == "heuristic" else RandomPlayer() for kind in kinds]
            try:
                Game(Options(variant), seats, seed=game_seed, pool=pool, check=True).play()
            except (InvariantBroken, IllegalPlay) as exc:
                broken.append(Broken(game_seed, players, kinds, as_message(str(exc))))
            except Exception as exc:  # an engine crash is a finding too, with the seed that shows it
                broken.append(Broken(game_seed, players, kinds, Message("verify.set.engine_crashed", error=repr(exc))))
        first += count
    return broken
