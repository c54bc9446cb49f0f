"""A searching player: it spends a budget of playouts to the round's end on its best cards.

The `SearchPlayer` guesses the hands it cannot see (`Dealer`: at random among the cards it
has not seen, each guess then weighed by how likely it makes the cards each seat played this
round, beliefs.py), and plays each guessed deal to the round's end (`Playouts`): its own seat
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
so a game replays from its seed. The row to take is searched too (one card a turn): for
each row, the turn's other cards, face up, are placed after it, and the same guessed deals
are played on. Other decisions (where a joker goes, the Pro draft, a free companion's row)
are the heuristic player's.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

import numpy as np

from cardgen.engine.beliefs import Beliefs
from cardgen.engine.cards import FIRST_ZERO, VALUE
from cardgen.engine.chance import CHANCE_MODULUS, seed_from
from cardgen.engine.players import HeuristicPlayer
from cardgen.engine.playout import Cards, Playouts
from cardgen.engine.rollout import Guesser, plays_to_try
from cardgen.engine.table import Table
from cardgen.engine.view import PlayerView

# Bull heads a player takes in a round vary about as much as their mean (measured over
# heuristic games in every variant: a standard deviation of 0.55 to 0.7 times the mean),
# so the difference between two players' totals spreads by about one mean a round.
SPREAD_PER_ROUND = 1.0
# The player who ends a game takes about 1.5 times the mean a round (the highest of
# four takes 1.7 to 1.9 times it in a single round; over several rounds less).
LEADER_PACE = 1.5
DEFAULT_PLAYOUTS = 3500  # about 45 ms a move in Classic on one core, 92 ms at most (benchmarks/bench_strength.py)
# The playouts of a decision are counted for a round's first turn (10 cards in hand); a later
# turn's playouts are shorter, and it gets more of them for about the same time: a playout
# costs about as much as its turns plus PLAYOUT_UPKEEP more (dealing, copying; measured).
FIRST_TURNS, PLAYOUT_UPKEEP = 10, 4
COACH_PLAYOUTS = 3000


class SearchPlayer(HeuristicPlayer):
    """playouts: guessed deals played to the round's end for a decision at a round's first
    turn, more at later turns (about: each card in the running is tried at least once at
    every halving)."""

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
        beliefs = Beliefs(view)
        budget = self.playouts * (PLAYOUT_UPKEEP + FIRST_TURNS) // (PLAYOUT_UPKEEP + turns)
        while len(alive) > 1:
            openings = [candidates[index] for index in alive]
            hands, seeds = guesser.deals(budget // (stages * len(alive)) or 1)
            chances = chance_of(playouts.scores_of_deals(rows, hands, seeds, seat, openings, turns))  # deal × opening
            weights = beliefs.weights(hands)
            for index, value in zip(alive, chances.sum(axis=0) if weights is None else weights @ chances):
                values[index] += value
            alive.sort(key=lambda index: (-values[index], index))
            del alive[(len(alive) + 1) // 2 :]
        return alive[0]

    def choose_take(self, view: PlayerView, card: int) -> int:
        """In one-card variants, the row whose taking gives the best chance of winning: this
        turn's later cards placed after it, then the same guessed deals played to the round's
        end from each outcome, its own best next card first (the first of equals: the heuristic's row)."""
        usual = super().choose_take(view, card)
        if view.variant.cards_per_turn != 1 or not view.variant.negative or card >= FIRST_ZERO:
            return usual
        rows = sorted(range(view.row_count), key=lambda row: row != usual)
        outcomes = [self._taken(view, card, row) for row in rows]  # (rows, heads this turn by seat)
        chance_of = WinChances(view).of
        turns = max(view.hand_sizes)
        if turns == 0 or not view.hand:  # nothing more of its own to play this round
            values = [float(chance_of(now)) for _, now in outcomes]
        else:
            openings = list(view.hand)
            budget = self.playouts * (PLAYOUT_UPKEEP + FIRST_TURNS) // (PLAYOUT_UPKEEP + turns)
            hands, seeds = Dealer(view, random.Random(int(view.random() * 2**53))).deals(
                budget // (len(rows) * len(openings)) or 1
            )
            weights = Beliefs(view).weights(hands)
            playouts, values = self.playouts_for(view), []
            for after, now in outcomes:
                scores = playouts.scores_of_deals(after, hands, seeds, view.seat, openings, turns) + now
                chances = chance_of(scores)  # deal × opening
                means = chances.mean(axis=0) if weights is None else weights @ chances / weights.sum()
                values.append(float(means.max()))
        return rows[max(range(len(rows)), key=lambda index: (values[index], -index))]

    @staticmethod
    def _taken(view: PlayerView, card: int, row: int) -> tuple[list[list[int]], np.ndarray]:
        """The rows at the end of this turn, and the bull heads each seat takes in it from now,
        when `card` takes `row`: the turn's higher cards then go on the rows as they must."""
        table = Table(len(view.hand_sizes), view.heads, view.row_count, view.row_limit)
        table.start([list(cards) for cards in view.rows])
        table.collected = None
        table.take(view.seat, row, card, VALUE[card])
        owner = {played: seat for seat, played in view.revealed}
        later = sorted(played for played in owner if card < played < FIRST_ZERO)
        table.place_cards(later, owner, None)  # none is below every row: `card` starts one
        return table.rows, np.array(table.scores)

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
    on as the search player's playouts do, as every other seat does (each guessed deal
    weighed as the search player weighs it). In Plus a play with a
    zero card is one of them, and the heads are a gain. Sees `view` alone; the same seed,
    the same figures."""
    candidates = plays_to_try(view, HeuristicPlayer().choose_cards(view))
    playouts_of = SearchPlayer().playouts_for(view)
    dealer = Dealer(view, random.Random(seed))
    rows = [list(row) for row in view.rows]
    turns = max(view.hand_sizes)
    deals = max(1, playouts // len(candidates))
    hands, seeds = dealer.deals(deals)
    own = playouts_of.scores_of_deals(rows, hands, seeds, view.seat, candidates, turns)[:, :, view.seat]
    weights = Beliefs(view).weights(hands)  # as the search player weighs the deals
    means = own.mean(axis=0) if weights is None else weights @ own / weights.sum()
    return {candidate: mean for candidate, mean in zip(candidates, means.tolist())}


class Dealer(Guesser):
    """The guesser's deals, many at once: an array deal × seat × slot (0: no card) and a seed
    for each deal's playout. numpy draws them where it can (each hand a uniform draw of the
    unseen cards; in Jokers, the jokers the others hold each given, as its last card, to one
    of the seats that have not played theirs); otherwise Guesser.deal, deal by deal."""

    def deals(self, count: int) -> tuple[np.ndarray, list[int]]:
        sizes, others = self.sizes, self.others
        hands = np.zeros((count, len(sizes), max(*sizes, 1)), np.int64)
        hands[:, self.seat, : len(self.hand)] = self.hand
        need = sum(sizes[other] for other in others)
        if (
            len(self.scarce) > 1
            or any(len(set(seats)) < len(seats) for *_, seats in self.scarce)
            or len(self.unseen) < need
        ):
            seeds = []
            for deal in range(count):
                guessed, _ = self.deal()
                for other in others:
                    hands[deal, other, : sizes[other]] = guessed[other]
                seeds.append(seed_from(self.rng))
            return hands, seeds
        draws = np.random.default_rng(int(self.rng.random() * 2**53))

        def drawn(cards) -> np.ndarray:  # each deal's own shuffle of the cards
            return np.array(cards, np.int64)[draws.random((count, len(cards))).argsort(axis=1)]

        shuffled, start = drawn(self.unseen), 0
        for other in others:
            hands[:, other, : sizes[other]] = shuffled[:, start : start + sizes[other]]
            start += sizes[other]
        for cards, held, holders in self.scarce:
            if held > 0:
                seats = drawn(holders)[:, :held]
                hands[np.arange(count)[:, None], seats, np.array(sizes)[seats] - 1] = drawn(cards)[:, :held]
        return hands, draws.integers(1, CHANCE_MODULUS, size=count).tolist()


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

    def of(self, scores: Sequence[int] | np.ndarray) -> np.ndarray:
        """The chance for a seat's bull heads of the round (the last axis: by seat), for one
        outcome or an array of them."""
        totals = self.before + np.asarray(scores)
        own, better = totals[..., self.seat], self.better
        per_round = self.per_round or np.maximum(totals.mean(axis=-1), 1.0)
        if self.rounds_left is not None:
            rounds_left = np.full(own.shape, float(self.rounds_left))
        else:
            highest = totals.max(axis=-1)
            rounds_left = np.where(
                highest >= self.threshold, 0.0, 1 + (self.threshold - highest) / (LEADER_PACE * per_round)
            )
        decided = own == (totals.max(axis=-1) if better > 0 else totals.min(axis=-1))
        # a round still to play is at least one (the floor only keeps the decided ones finite)
        scale = better / (SPREAD_PER_ROUND * per_round * np.sqrt(2.0 * np.maximum(rounds_left, 1.0)))
        leads = (own[..., None] - np.delete(totals, self.seat, axis=-1)) * np.asarray(scale)[..., None]
        chance = np.prod(0.5 + 0.5 * _erf(leads), axis=-1)
        return np.where(rounds_left <= 0, decided.astype(float), chance)


def _erf(x: np.ndarray) -> np.ndarray:
    """The error function to within 1.5e-7 (Abramowitz and Stegun, 7.1.26): numpy has none."""
    t = 1.0 / (1.0 + 0.3275911 * np.abs(x))
    poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))))
    return np.sign(x) * (1.0 - poly * np.exp(-x * x))
