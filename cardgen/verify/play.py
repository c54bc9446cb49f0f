"""Complete simulated games of a card set, per variant and player count, with the
engine's invariants checked after every turn.

cardgen.simulate plays the engine's standard cards only and stops at the first
broken game; a set may carry its own bull heads or fewer zero cards or jokers,
and verify wants every broken game's seed, so the loop lives here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import partial
from operator import iadd

from cardgen.batch import run_chunks
from cardgen.engine import (
    JOKER_CARDS,
    NUMBERED_CARDS,
    ZERO_CARDS,
    Game,
    HeuristicPlayer,
    IllegalPlay,
    InvariantBroken,
    Options,
    RandomPlayer,
)
from cardgen.engine.deck import draw
from cardgen.engine.table import ROW_COUNT


@dataclass
class Deal:
    """Which of the engine's special cards the set supplies, and every card's bull heads."""

    heads: tuple[int, ...]
    zeros: tuple[int, ...] = ZERO_CARDS
    jokers: tuple[int, ...] = JOKER_CARDS


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


class SetGame(Game):
    """A game dealt from a set's cards: zero cards or jokers the set lacks stay out of play."""

    def __init__(self, options, players, *, seed, deal: Deal) -> None:
        super().__init__(options, players, seed=seed, heads=deal.heads, check=True)
        self.set_deal = deal

    def deal(self) -> None:
        if self.variant == "plus" and len(self.set_deal.zeros) < len(ZERO_CARDS):
            hands, rows, rest = self._plus_deal_from_set()
            self.start_round(rows, hands, out_of_play=rest)
        elif self.variant == "jokers" and len(self.set_deal.jokers) < len(JOKER_CARDS):
            self._jokers_deal_from_set()
        else:
            super().deal()

    def _missing(self, cards, present) -> list[int]:
        return [card for card in cards if card not in present]

    def _plus_deal_from_set(self):
        rng = self.rng
        numbered = list(NUMBERED_CARDS)
        zeros = list(self.set_deal.zeros)
        rows = [[card] for card in draw(rng, numbered, ROW_COUNT)]
        rest = numbered + zeros
        hands = [draw(rng, rest, 15) for _ in range(self.player_count)]
        return hands, rows, rest + self._missing(ZERO_CARDS, self.set_deal.zeros)

    def _jokers_deal_from_set(self) -> None:
        rng = self.rng
        cards = list(NUMBERED_CARDS)
        rows = [[card] for card in draw(rng, cards, ROW_COUNT)]
        hands = [draw(rng, cards, 10) for _ in range(self.player_count)]
        jokers = list(self.set_deal.jokers)
        for hand in hands:
            hand.extend(draw(rng, jokers, 1))
        out = cards + jokers + self._missing(JOKER_CARDS, self.set_deal.jokers)
        self.start_round(rows, hands, out_of_play=out)


def seat_kinds(players: int) -> list[str]:
    """Heuristic and random players in turn: both kinds of decision get exercised."""
    return ["heuristic" if seat % 2 == 0 else "random" for seat in range(players)]


def play_games(variant: str, player_counts: list[int], games: int, deal: Deal, seed: int, jobs: int = 1) -> Played:
    """About `games` games spread evenly over the player counts (at least one each),
    on `jobs` processes; game i is played with seed `seed + i`, and the broken games
    come in seed order whatever the number of jobs."""
    share, extra = divmod(max(games, len(player_counts)), len(player_counts))
    spread = {players: share + (1 if index < extra else 0) for index, players in enumerate(player_counts)}
    work = partial(play_chunk, variant, tuple(spread.items()), deal, seed)
    broken: list[Broken] = run_chunks(work, sum(spread.values()), jobs, iadd, [])
    return Played(variant, spread, broken)


def play_chunk(
    variant: str, spread: tuple[tuple[int, int], ...], deal: Deal, seed: int, indexes: range
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
                SetGame(Options(variant), seats, seed=game_seed, deal=deal).play()
            except (InvariantBroken, IllegalPlay) as exc:
                broken.append(Broken(game_seed, players, kinds, str(exc)))
            except Exception as exc:  # an engine crash is a finding too, with the seed that shows it
                broken.append(Broken(game_seed, players, kinds, f"the engine crashed: {exc!r}"))
        first += count
    return broken
