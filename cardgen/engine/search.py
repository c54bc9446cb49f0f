"""A searching player: it spends a budget of playouts to the round's end on its best cards.

The `SearchPlayer` guesses the hands it cannot see (`Guesser`, as the rollout player
does), and plays each guessed deal to the round's end (`Playouts`): its own seat
plays the card tried, then every seat plays a card drawn by the playout policy, fitted on
the search player's own choices (chance.py; playout.py says why not the heuristic's card:
seats that always play it are trusted too much).
Its budget goes where it decides something, by sequential halving: every card it
may play is tried on a few guessed deals, the worse half is dropped, the better
half is tried on new deals, and so on until one card is left. Each deal serves every
card still in the running (common random numbers), so the cards are compared on
the same luck.

A playout is scored by the chance it gives of winning the game, not by its bull
heads alone: at the round's end the totals are known, and if the game ends there
the playout is won or lost; otherwise each other player's lead is weighed against
how much the totals may still move in the rounds left (a normal law whose spread
grows with the square root of the rounds left). Early in a game this is about the
heads taken against the others' mean; near the end it plays safe when ahead, takes
risks when behind, and watches the player who could win rather than the average.

It sees its `PlayerView` only, and draws its guesses from the game's seeded generator,
so a game replays from its seed. Other decisions (the row to take, where a joker goes,
the Pro draft, a free companion's row) are the heuristic player's.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from cardgen.engine.chance import seed_from
from cardgen.engine.players import HeuristicPlayer
from cardgen.engine.playout import Cards, Playouts
from cardgen.engine.rollout import Guesser, plays_to_try
from cardgen.engine.view import PlayerView

# Bull heads a player takes in a round vary about as much as their mean (measured over
# heuristic games in every variant: a standard deviation of 0.55 to 0.7 times the mean),
# so the difference between two players' totals spreads by about one mean a round.
SPREAD_PER_ROUND = 1.0
# The player who ends a game takes about 1.5 times the mean a round (the highest of
# four takes 1.7 to 1.9 times it in a single round; over several rounds less).
LEADER_PACE = 1.5
DEFAULT_PLAYOUTS = 3000  # about 47 ms a move in Classic on one core (benchmarks/bench_strength.py)
COACH_PLAYOUTS = 3000


class SearchPlayer(HeuristicPlayer):
    """playouts: guessed deals played to the round's end per decision (about: each
    card in the running is tried at least once at every halving)."""

    name = "search"

    def __init__(self, playouts: int = DEFAULT_PLAYOUTS) -> None:
        if playouts < 1:
            raise ValueError("a search player needs at least one playout")
        self.playouts = playouts
        self._scratch: tuple[tuple, Playouts] | None = None

    @classmethod
    def with_effort(cls, effort: int) -> SearchPlayer:
        return cls(playouts=effort)

    def choose_cards(self, view: PlayerView) -> Cards:
        candidates = plays_to_try(view, super().choose_cards(view))
        if len(candidates) == 1:
            return candidates[0]
        return candidates[self.best(view, candidates)]

    def best(self, view: PlayerView, candidates: list[Cards]) -> int:
        """The index of the candidate sequential halving keeps (the first of equals: the heuristic's)."""
        seat = view.seat
        playouts = self.playouts_for(view)
        guesser = Dealer(view, random.Random(int(view.random() * 2**53)))
        chance_of = WinChances(view).of
        rows = [list(row) for row in view.rows]
        turns = max(view.hand_sizes)  # to the round's end
        alive = list(range(len(candidates)))
        values = [0.0] * len(candidates)
        stages = math.ceil(math.log2(len(candidates)))
        while len(alive) > 1:
            openings = [candidates[index] for index in alive]
            for _ in range(max(1, self.playouts // (stages * len(alive)))):
                hands, out_of_play = guesser.deal()
                chance = seed_from(guesser.rng)
                played = playouts.scores_of_openings(rows, hands, out_of_play, seat, openings, turns, chance)
                for index, scores in zip(alive, played):
                    values[index] += chance_of(scores)
            alive.sort(key=lambda index: (-values[index], index))
            del alive[(len(alive) + 1) // 2 :]
        return alive[0]

    def playouts_for(self, view: PlayerView) -> Playouts:
        """A scratch round for this table, kept from one decision to the next (making one
        costs as much as a few hundred playouts)."""
        table = (view.options, view.pool, len(view.hand_sizes))
        if self._scratch is None or self._scratch[0] != table:
            self._scratch = (table, Playouts(view))
        return self._scratch[1]


def coach(view: PlayerView, seed: int, playouts: int = COACH_PLAYOUTS) -> dict[Cards, float]:
    """What each play of the hand is worth to this seat by the search player's playouts: the
    bull heads it collects from now to the round's end, on average over the same guessed
    deals for every play (about `playouts` in all), when it plays that now and then plays
    on as the search player's playouts do, as every other seat does. In Plus a play with a
    zero card is one of them, and the heads are a gain. Sees `view` alone; the same seed,
    the same figures."""
    candidates = plays_to_try(view, HeuristicPlayer().choose_cards(view))
    playouts_of = SearchPlayer().playouts_for(view)
    dealer = Dealer(view, random.Random(seed))
    rows = [list(row) for row in view.rows]
    turns = max(view.hand_sizes)
    deals = max(1, playouts // len(candidates))
    sums = [0] * len(candidates)
    for _ in range(deals):
        hands, out_of_play = dealer.deal()
        chance = seed_from(dealer.rng)
        played = playouts_of.scores_of_openings(rows, hands, out_of_play, view.seat, candidates, turns, chance)
        for index, scores in enumerate(played):
            sums[index] += scores[view.seat]
    return {candidate: total / deals for candidate, total in zip(candidates, sums)}


class Dealer(Guesser):
    """The guesser's deals, drawn faster where only one kind of card is hidden (Classic,
    Pro): the hidden hands are the end of a partial shuffle of the unseen cards."""

    def deal(self) -> tuple[list[list[int]], list[int]]:
        if self.scarce:
            return super().deal()
        cards, uniform, sizes = self.unseen[:], self.rng.random, self.sizes
        end = len(cards)
        hands: list[list[int]] = [[] for _ in sizes]
        hands[self.seat] = self.hand
        for other in self.others:
            start = end - sizes[other]
            for slot in range(end - 1, start - 1, -1):
                pick = int(uniform() * (slot + 1))
                cards[slot], cards[pick] = cards[pick], cards[slot]
            hands[other] = cards[start:end]
            end = start
        return hands, cards[:end]


class WinChances:
    """The chance of winning the game that a round's outcome gives one seat."""

    def __init__(self, view: PlayerView) -> None:
        self.seat = view.seat
        self.better = 1 if not view.variant.negative else -1  # +1: the most heads wins
        self.before = [total + now for total, now in zip(view.totals, view.scores)]
        options, count = view.options, len(view.hand_sizes)
        rounds = options.rounds_to_play(count)
        self.rounds_left: int | None = None if rounds is None else rounds - view.round  # after this one
        self.threshold = options.end_threshold
        # heads a seat takes in a round: the game's rounds so far, else (None) this round's
        played = view.round - 1
        self.per_round = max(sum(view.totals) / (played * count), 1.0) if played else None

    def of(self, scores: Sequence[int]) -> float:
        totals = [before + score for before, score in zip(self.before, scores)]
        own, better = totals[self.seat], self.better
        per_round = self.per_round or max(sum(totals) / len(totals), 1.0)
        rounds_left: float
        if self.rounds_left is not None:
            rounds_left = self.rounds_left
        else:
            highest = max(totals)
            rounds_left = 0 if highest >= self.threshold else 1 + (self.threshold - highest) / (LEADER_PACE * per_round)
        if rounds_left <= 0:
            return 1.0 if own == (max(totals) if better > 0 else min(totals)) else 0.0
        scale = better / (SPREAD_PER_ROUND * per_round * math.sqrt(2.0 * rounds_left))
        chance = 1.0
        for seat, total in enumerate(totals):
            if seat != self.seat:
                chance *= 0.5 + 0.5 * math.erf((own - total) * scale)
        return chance
