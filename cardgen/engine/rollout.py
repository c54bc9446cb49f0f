"""A Monte-Carlo player: it tries each card on many guessed deals and plays the best.

For every card it may play, the `RolloutPlayer` plays the next few turns on a
scratch game many times: the cards it has not seen are dealt at random to the
other seats (each hand as large as it is in the real game, the rest out of
play), its own seat plays the card tried and heuristic players play the rest.
The same guessed deals serve every card (common random numbers), so the cards
are compared on equal luck. A rollout is scored from its own point of view: its
bull heads minus the other seats' mean (bad in Classic, Pro and Jokers, good in
Plus): what decides a game is how it stands against the others, and a card that
makes another player take a row is worth something.

It sees its `PlayerView` only, and draws its guesses from the game's seeded
generator, so a game still replays from its seed. Other decisions (the row to
take, where a joker goes, the Pro draft, a free companion's row) are the
heuristic player's.
"""

from __future__ import annotations

import random
from collections import Counter

from cardgen.engine.cards import FIRST_ZERO
from cardgen.engine.kernel import kernel_for
from cardgen.engine.players import HeuristicPlayer
from cardgen.engine.playout import Cards, Playouts
from cardgen.engine.view import PlayerView


class RolloutPlayer(HeuristicPlayer):
    """samples: guessed deals per decision, each played once with every candidate card.
    depth: turns played in each rollout (this one included); a round with at most
    depth + 1 turns left is played to its end."""

    name = "rollout"

    def __init__(self, samples: int = 20, depth: int = 3) -> None:
        if samples < 1 or depth < 1:
            raise ValueError("a rollout player needs at least one sample and one turn of depth")
        self.samples = samples
        self.depth = depth

    @classmethod
    def with_effort(cls, effort: int) -> RolloutPlayer:
        return cls(samples=effort)

    def choose_cards(self, view: PlayerView) -> Cards:
        candidates = self.candidates(view)
        if len(candidates) == 1:
            return candidates[0]
        values = self.rollout_values(view, candidates)
        best = max(range(len(candidates)), key=values.__getitem__)  # the first of equals: the heuristic's pick
        return candidates[best]

    def candidates(self, view: PlayerView) -> list[Cards]:
        return plays_to_try(view, super().choose_cards(view))

    def rollout_values(self, view: PlayerView, candidates: list[Cards]) -> list[float]:
        """Each candidate's summed score over the same guessed deals (higher is better)."""
        seat = view.seat
        count = len(view.hand_sizes)
        guesser = Guesser(view, random.Random(int(view.random() * 2**53)))
        rows = [list(row) for row in view.rows]
        left = len(view.hand)
        turns = left if left <= self.depth + 1 else self.depth
        sign = -1.0 if view.variant.negative else 1.0
        sums = kernel_for(view.variant).rollout_sums(view, guesser, candidates, self.samples, turns, sign)
        if sums is not None:
            return sums
        playouts = Playouts(view)
        others = max(count - 1, 1)
        values = [0.0] * len(candidates)
        for _ in range(self.samples):
            hands, _ = guesser.deal()
            for index, scores in enumerate(playouts.scores_of_openings(rows, hands, seat, candidates, turns)):
                own = scores[seat]
                values[index] += sign * (own - (sum(scores) - own) / others)
        return values


def plays_to_try(view: PlayerView, first: Cards) -> list[Cards]:
    """What a player may play, `first` (the heuristic player's choice) first. In Plus:
    each numbered card alone or after a zero card, and a zero card alone."""
    hand = view.hand
    if view.variant.cards_per_turn == 1:
        cards: list[Cards] = list(hand)
    else:
        numbered = [card for card in hand if card < FIRST_ZERO]
        zeros = [card for card in hand if card >= FIRST_ZERO]
        cards = list(numbered)
        if zeros:  # the heuristic player's zero: the zeros differ in nothing but their bull heads, if at all
            cards += [(card, zeros[0]) for card in numbered] + [zeros[0]]
    return [first] + [other for other in cards if other != first]


class Guesser:
    """Guesses at every hand: its own as it is, the others' from the cards it has not
    seen, each as large as the real one; each card of a scarce kind (a joker in Jokers)
    the others hold given to a seat that may still hold one (in Jokers: has not played its
    own this round); the rest out of play."""

    def __init__(self, view: PlayerView, rng: random.Random) -> None:
        self.rng = rng
        self.seat, self.sizes = view.seat, view.hand_sizes
        self.hand = list(view.hand)
        self.others = [other for other in range(len(self.sizes)) if other != self.seat and self.sizes[other]]
        rules = view.variant
        kind_of = rules.card_kind
        main = max(rules.hand, key=rules.hand.__getitem__)
        unseen = sorted(view.unseen() - {card for _, card in view.revealed})  # this turn's: face up
        self.unseen = [card for card in unseen if kind_of(card) == main]
        # for each scarce kind: (its unseen cards, how many the others hold, the seats that
        # may hold one, each as often as it may hold them)
        self.scarce: list[tuple[list[int], int, list[int]]] = []
        shown = Counter((seat, kind_of(card)) for turn in (*view.history, view.revealed) for seat, card in turn)
        for kind, per_hand in rules.hand.items():
            if kind != main:
                cards = [card for card in unseen if kind_of(card) == kind]
                holders = [other for other in self.others for _ in range(per_hand - shown[other, kind])]
                self.scarce.append((cards, min(len(holders), len(cards)), holders))

    def deal(self) -> tuple[list[list[int]], list[int]]:
        """(hands, cards out of play), at random."""
        rng, sizes = self.rng, self.sizes
        hands: list[list[int]] = [[] for _ in sizes]
        hands[self.seat] = self.hand
        out_of_play: list[int] = []
        for cards, held, holders in self.scarce:
            cards = cards[:]
            rng.shuffle(cards)
            seats = holders[:]
            rng.shuffle(seats)
            for other in seats[:held]:
                if len(hands[other]) < sizes[other]:
                    hands[other].append(cards.pop())
            out_of_play += cards
        unseen = self.unseen[:]
        rng.shuffle(unseen)
        for other in self.others:
            need = sizes[other] - len(hands[other])
            hands[other] += unseen[len(unseen) - need :]
            del unseen[len(unseen) - need :]
        return hands, unseen + out_of_play
