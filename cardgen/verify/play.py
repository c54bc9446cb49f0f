"""Complete simulated games of a card set, per variant and player count, with the
engine's invariants checked after every turn.

cardgen.simulate plays the bundled cards and stops at the first broken game; a set
may carry its own bull heads or fewer zero cards or jokers (its `CardPool`), and
verify wants every broken game's seed, so the loop lives here.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from cardgen.engine import CardPool, Game, HeuristicPlayer, IllegalPlay, InvariantBroken, Options, RandomPlayer


@dataclass
class Broken:
    seed: int
    players: int
    kinds: list[str]
    problem: str


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


def play_games(variant: str, player_counts: list[int], games: int, pool: CardPool, seed: int) -> Played:
    """About `games` games spread evenly over the player counts (at least one each);
    game i is played with seed `seed + i`."""
    played = Played(variant)
    share, extra = divmod(max(games, len(player_counts)), len(player_counts))
    game_seed = seed
    for index, players in enumerate(player_counts):
        count = share + (1 if index < extra else 0)
        kinds = seat_kinds(players)
        for _ in range(count):
            seats = [HeuristicPlayer() if kind == "heuristic" else RandomPlayer() for kind in kinds]
            try:
                Game(Options(variant), seats, seed=game_seed, pool=pool, check=True).play()
            except (InvariantBroken, IllegalPlay) as exc:
                played.broken.append(Broken(game_seed, players, kinds, str(exc)))
            except Exception as exc:  # an engine crash is a finding too, with the seed that shows it
                played.broken.append(Broken(game_seed, players, kinds, f"the engine crashed: {exc!r}"))
            game_seed += 1
        played.games_by_players[players] = count
    return played
