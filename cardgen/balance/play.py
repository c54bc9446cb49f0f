"""The games of a balance report: each seed played with the standard deck and with the
user's cards, and what each game gives (whole numbers only, so that the figures are the
same however the games are spread over processes)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from cardgen.engine import CardPool, Game, IllegalPlay, InvariantBroken, Options
from cardgen.simulate import failed_game, make_players


@dataclass(frozen=True)
class GameFigures:
    totals: tuple[int, ...]
    wins: tuple[int, ...]  # 1 for each winner (a shared win counts for each)
    rounds: int


@dataclass
class Side:
    """One deck's games, in seed order, and what its rounds and tracked cards came to."""

    games: list[GameFigures] = field(default_factory=list)
    round_scores: Counter[int] = field(default_factory=Counter)  # a player's score in a round -> how often
    in_pile: Counter[int] = field(default_factory=Counter)  # card -> rounds it ended in a pile
    haul: Counter[int] = field(default_factory=Counter)  # card -> bull heads of the cards collected with it

    def __iadd__(self, other: Side) -> Side:
        self.games += other.games
        self.round_scores += other.round_scores
        self.in_pile += other.in_pile
        self.haul += other.haul
        return self

    @property
    def rounds(self) -> int:
        return sum(game.rounds for game in self.games)


@dataclass
class Sides:
    standard: Side = field(default_factory=Side)
    custom: Side = field(default_factory=Side)

    def __iadd__(self, other: Sides) -> Sides:
        self.standard += other.standard
        self.custom += other.custom
        return self


def play_chunk(
    options: Options,
    kinds: tuple[str, ...],
    seed: int,
    pools: tuple[CardPool, CardPool],
    tracked: frozenset[int],
    check: bool,
    indexes: range,
) -> Sides:
    """Games number `indexes`, each played with both pools (standard, custom)."""
    players = make_players(list(kinds))
    sides = Sides()
    for index in indexes:
        for pool, side in zip(pools, (sides.standard, sides.custom)):
            try:
                play_game(Game(options, players, seed=seed + index, pool=pool, check=check), tracked, side)
            except (InvariantBroken, IllegalPlay) as exc:
                raise failed_game(index, seed + index, exc) from None
    return sides


def play_game(game: Game, tracked: frozenset[int], side: Side) -> None:
    heads = game.heads
    while not game.over:
        game.deal()
        while not game.round_over:
            for _, cards in game.play_turn():
                followed = tracked.intersection(cards)
                if followed:
                    haul = sum(heads[card] for card in cards)
                    for card in followed:
                        side.in_pile[card] += 1
                        side.haul[card] += haul
        side.round_scores.update(game.round_scores[-1])
    won = set(game.winners())
    side.games.append(
        GameFigures(tuple(game.totals), tuple(int(seat in won) for seat in range(game.player_count)), game.round)
    )
