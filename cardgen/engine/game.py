"""A game: rounds, turns, scores and the end, for any variant.

The variant (variants/) deals and resolves each turn; the game keeps the state,
asks the strategies (through each seat's `PlayerView`) or reads a recorded turn
(a list of `Play`, one per seat, which is what the referee does), and checks
that every decision is legal. Both ways go through the same resolution code.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from operator import add

from cardgen.engine.cards import CARD_ID_LIMIT, FIRST_JOKER, FIRST_ZERO, written
from cardgen.engine.deck import BUNDLED, CardPool
from cardgen.engine.errors import GameOver, IllegalPlay, InvariantBroken
from cardgen.engine.history import Play, Recording, RoundHistory
from cardgen.engine.invariants import Tally, check_invariants
from cardgen.engine.kernel import Kernel, kernel_for
from cardgen.engine.options import Options
from cardgen.engine.players import Player
from cardgen.engine.table import Table
from cardgen.engine.unknown import UnknownHands
from cardgen.engine.view import PlayerView


class Game:
    """One game of 6 nimmt!. Seats are numbered from 0, and so are rows.

    check: after every turn, cheap counts (every card still counted once, row
    lengths, bull heads moved only as cards moved); after every round, the
    full check of invariants.py. Either raises InvariantBroken naming the seed.
    A round of random players is placed in one pass, so it has no turns to count
    after: its full check alone runs, and a fault it finds is played again turn
    by turn to name the turn.

    history: keep each round's rows, hands, draft and plays in `history` (history.py),
    every decision asked turn by turn; the same game as without.
    """

    def __init__(
        self,
        options: Options | None = None,
        players: int | Sequence[Player] = 2,
        *,
        seed: int | str | None = None,
        pool: CardPool = BUNDLED,
        check: bool = False,
        history: bool = False,
    ) -> None:
        self.options = options = options or Options()
        self.rules = rules = options.rules
        # A count of players: no strategies, the plays come from a record (the referee).
        self.players = [Player() for _ in range(players)] if isinstance(players, int) else list(players)
        self.history: list[RoundHistory] | None = None
        if history:
            self.players = [Recording(player) for player in self.players]
            self.history = []
        self.draft_picks: list[int] = []  # Pro: this round's picks so far, in order
        count = len(self.players)
        options.check_players(count, pool)
        self.seed = seed
        self.rng = random.Random(seed)
        self.pool = pool
        self.heads = pool.heads
        self.table = Table(count, self.heads, rules.rows, rules.row_limit)
        self.hands: Sequence[list[int] | None] = [[] for _ in range(count)]
        self.out_of_play: list[int] = []
        self.deck = rules.deck(count, pool)  # every card of a round (the same each round)
        self.starters: list[int] = []  # the cards that started this round's rows
        self.totals = [0] * count
        self.round_scores: list[list[int]] = []  # bull heads of each finished round
        self.round = 0
        self.turn = 0
        self.round_over = True
        self.over = False
        self.tally = Tally(self) if check else None
        self.fixed_rounds = options.rounds_to_play(count)
        self.threshold = options.end_threshold
        self.owner = [0] * CARD_ID_LIMIT  # seat of each card played this turn
        self.played_now: list[int] = []  # the cards played this turn
        self.choosing = False  # True while this turn's cards are being chosen (not yet face up)
        self.turns_played: list[list[int]] = []  # the cards of each turn of this round (`turns_by_seat`)
        self.rows_before_turns: list[tuple[tuple[int, ...], ...]] = []  # the rows as each of them began
        self.sizes_before_turn: tuple[int, ...] = ()  # each hand as this turn began: while it is chosen,
        # a card already chosen is still in its player's hand for all the others can tell
        self.unknown: UnknownHands | None = None  # the referee's hands that were not written down
        self.views = [PlayerView(self, seat) for seat in range(count)]
        self._resolve_turn = rules.resolve_turn
        self.below_all = rules.below_all_rule(self)  # a strategy's card below every row end
        # One-card variants ask no strategy that plays its last card: the random player's fast path.
        self.pops_last_cards = rules.cards_per_turn == 1 and all(player.plays_last_card for player in self.players)
        self.kernel: Kernel = kernel_for(rules)  # the fast path (engine/kernel.py)
        self._compiled_rounds: bool | None = None  # asked of the kernel on the first round

    def again(self, seed: int | str | None) -> Game:
        """This game's options, players, cards and checks, played anew on `seed` (the same
        game as a new Game on that seed): a simulation's thousands of games keep one table
        and its views. Returns the game."""
        self.seed = seed
        self.rng.seed(seed)
        self.totals = [0] * self.player_count
        self.round_scores = []
        self.round = self.turn = 0
        self.round_over, self.over = True, False
        self.unknown = None
        if self.history is not None:
            self.history.clear()
        return self

    @property
    def compiled_rounds(self) -> bool:
        """Whether the kernel plays this table's whole rounds, none of its players asked."""
        if self._compiled_rounds is None:
            self._compiled_rounds = self.kernel.plays_rounds_of(self.players)
        return self._compiled_rounds

    @property
    def turns_by_seat(self) -> list[tuple[tuple[int, int], ...]]:
        """This round's turns so far, each as (seat, card) pairs by seat. (Kept as each turn's
        cards alone, the cheapest record: a card is played once a round, so `owner` still
        knows whose it was.)"""
        owner = self.owner
        return [tuple(sorted((owner[card], card) for card in cards)) for cards in self.turns_played]

    @property
    def player_count(self) -> int:
        return len(self.players)

    # --- rounds ------------------------------------------------------------

    def deal(self) -> None:
        """Start the next round with a random deal (a face-up draft in Pro)."""
        self._deal()
        if self.tally is not None:
            self.tally.start()

    def _deal(self) -> None:
        """deal() without the counts each turn needs: a round placed in one pass has no turns."""
        if self.over:
            raise GameOver("the game is already over")
        rows, hands, out_of_play = self.rules.deal(self)
        self._begin_round(rows, hands, out_of_play)

    def start_round(
        self,
        rows: list[list[int]],
        hands: Sequence[list[int] | None],
        out_of_play: Sequence[int] | None = None,
    ) -> None:
        """Start a round from given rows and hands.

        A hand given as None is unknown (the referee's records): that player may
        play any card not yet seen, as many as a hand of the variant holds.
        Cards of the deck in no row and no known hand are out of play unless a
        hand is unknown.
        """
        hands = [None if hand is None else list(hand) for hand in hands]
        if any(hand is None for hand in hands):
            out_of_play = []
        elif out_of_play is None:
            placed = {card for cards in list(rows) + hands for card in cards or ()}
            out_of_play = [card for card in self.deck if card not in placed]
        self._begin_round([list(row) for row in rows], hands, list(out_of_play))
        if any(hand is None for hand in hands):
            self.unknown = UnknownHands(self)
        if self.tally is not None:
            self.tally.start()

    def _begin_round(self, rows: list[list[int]], hands: Sequence[list[int] | None], out_of_play: list[int]) -> None:
        """Start a round with these lists (kept, not copied)."""
        if self.over:
            raise GameOver("the game is already over")
        self.round += 1
        self.turn = 0
        self.round_over = False
        self.table.start(rows)
        self.hands = hands
        self.out_of_play = out_of_play
        self.starters = [row[0] for row in rows]
        self.unknown = None
        if self.history is not None:
            copied = [None if hand is None else list(hand) for hand in hands]
            self.history.append(RoundHistory([list(row) for row in rows], copied, list(self.draft_picks) or None))
        self.draft_picks.clear()
        self.played_now, self.turns_played, self.rows_before_turns = [], [], []

    def _finish_round(self) -> None:
        self.round_over = True
        scores = list(self.table.scores)
        self.round_scores.append(scores)
        self.totals = [*map(add, self.totals, scores)]
        self.over = self._ended()
        if self.tally is not None:
            check_invariants(self)

    def _ended(self) -> bool:
        if self.fixed_rounds is not None:
            return self.round >= self.fixed_rounds
        return max(self.totals) >= self.threshold

    def resume(self, rounds: int, totals: Sequence[int]) -> None:
        """Go on from a game whose first `rounds` rounds were played off the record and
        left these totals (a record entered from the middle, or a round whose scores
        alone are written down): the next round is round `rounds` + 1."""
        if self.over:
            raise GameOver("the game is already over")
        self.round, self.totals = rounds, list(totals)
        self.round_over = True
        self.over = self._ended()

    def winners(self) -> list[int]:
        """Seats with the best total once the game is over (ties share the win)."""
        if not self.over:
            return []
        best = min(self.totals) if self.rules.negative else max(self.totals)
        return [seat for seat, total in enumerate(self.totals) if total == best]

    def play(self) -> list[int]:
        """Play the whole game with the player strategies; return the winners."""
        try:
            while not self.over:
                if self.pops_last_cards:
                    self._deal()
                    self._play_round_of_last_cards()
                elif self.compiled_rounds:
                    self._deal()
                    self._play_round_compiled()
                else:
                    self.deal()
                    while not self.round_over:
                        self.play_turn()
        except InvariantBroken:
            if (self.pops_last_cards or self.compiled_rounds) and self.seed is not None:
                self._replay_turn_by_turn()
            raise
        return self.winners()

    def _replay_turn_by_turn(self) -> None:
        """Raise what the counts after each turn find when this game, whose rounds were each
        placed in one pass and checked at their end, is played again turn by turn, the
        players asked (the same game, as the tests show): that names the turn. Returns
        when they find nothing, the fault being in the one-pass placement."""
        again = Game(self.options, self.players, seed=self.seed, pool=self.pool, check=True)
        again.pops_last_cards, again._compiled_rounds = False, False
        again.play()

    def _play_round_of_last_cards(self) -> None:
        """The random players' fast path: each turn every hand plays its last card, so the
        whole round is known when it is dealt. The hands are laid out as turns and emptied,
        then the turns are placed: in one pass where the variant allows it (checked at the
        round's end), else turn by turn with the counts after each. The same cards and
        random numbers either way, and as when the players are asked, which the tests
        compare."""
        hands: Sequence[list[int]] = self.hands  # type: ignore[assignment]  # a deal knows every hand
        owner, tally, size = self.owner, self.tally, len(hands[0])
        for seat, hand in enumerate(hands):
            assert len(hand) == size, "a deal gives every hand as many cards"
            for card in hand:
                owner[card] = seat
        turns = [*zip(*map(reversed, hands))]
        for hand in hands:
            hand.clear()
        order = self.rules.order_of_round(turns)
        if order is not None:
            self.turn += len(turns)
            self.table.collected = None  # a round placed in one pass has no turns to report
            self.table.place_cards(order, owner, self.below_all)
        else:
            if tally is not None:
                tally.start()
            place = self.rules.place_played
            waiting = sum(map(len, turns))
            for turn in turns:
                self.turn += 1
                self.table.collected = []
                self.played_now = chosen = list(turn)
                self.rows_before_turns.append(tuple(map(tuple, self.table.rows)))
                place(self, chosen, None)
                self.turns_played.append(chosen)
                if tally is not None:
                    waiting -= len(chosen)
                    tally.after_turn(waiting)
        self._finish_round()

    def _play_round_compiled(self) -> None:
        """The heuristic players' fast path: the round as engine/compiled.py plays it, the
        same choices as when the players are asked (the tests compare them), its end
        checked in full."""
        hands: Sequence[list[int]] = self.hands  # type: ignore[assignment]  # a deal knows every hand
        table = self.table
        played = self.kernel.play_round(table.rows, hands, table.row_limit, self.heads)
        assert played is not None, "a kernel that plays whole rounds plays this one"
        rows, piles, scores, drops, turns = played
        for hand in hands:
            hand.clear()
        self.turn += turns
        table.collected = None  # a round played elsewhere has no turns to report
        table.restore(rows, piles, scores, drops)
        self._finish_round()

    def compiled_draft(self, pool: list[int], first: int, per_hand: int) -> tuple[list[list[int]], list[int]] | None:
        """Pro's draft among heuristic players as engine/compiled.py makes it: (the hands,
        the cards left face up); None where the players are asked."""
        if not self.compiled_rounds:
            return None
        return self.kernel.draft(pool, self.player_count, first, per_hand, self.heads)

    # --- turns -------------------------------------------------------------

    def holds_cards(self, seat: int) -> bool:
        hand = self.hands[seat]
        return bool(hand) if hand is not None else self.unknown_hands().holds_cards(seat)

    def unknown_hands(self) -> UnknownHands:
        """The hands a record did not write down: there are some whenever a hand is None."""
        assert self.unknown is not None, "a hand is None only while the record's unknown hands are followed"
        return self.unknown

    def play_turn(self, plays: Sequence[Play | None] | None = None) -> list[tuple[int, list[int]]]:
        """Play one turn; return who collected which cards, in order.

        `plays` is the recorded play of each seat (None for a seat that does not
        play); without it the player strategies are asked.
        """
        self.turn += 1
        self.table.collected = []
        self.choosing = True
        self.rows_before_turns.append(tuple(map(tuple, self.table.rows)))
        self.sizes_before_turn = tuple(len(hand or ()) for hand in self.hands)
        history = self.history
        if history is not None:
            playing = [self.holds_cards(seat) for seat in range(self.player_count)]
        self._resolve_turn(self, plays)
        self.turns_played.append(self.played_now)
        if history is not None:
            players = self.players
            asked = [players[seat].play if held else None for seat, held in enumerate(playing)]  # type: ignore[attr-defined]  # Recording
            history[-1].turns.append(asked if plays is None else list(plays))
        if self.tally is not None:
            self.tally.after_turn()
        if self.unknown is None:
            if not any(self.hands):
                self._finish_round()
        elif not any(self.holds_cards(seat) for seat in range(self.player_count)):
            self._finish_round()
        return self.table.collected

    # --- what variants call while resolving a turn ----------------------------

    def single_cards(self, plays) -> list[int]:
        """One card from every seat that plays (one-card variants), out of its hand.

        The simulator's hot path: strategies asked directly, a hand.remove as the check.
        """
        if plays is not None:
            return [card for _, cards in self.cards_by_seat(plays) for card in cards]
        chosen: list[int] = []
        self.played_now = chosen
        owner = self.owner
        hands, views = self.hands, self.views
        for seat, player in enumerate(self.players):
            hand = hands[seat]
            if hand:
                choice = player.choose_cards(views[seat])
                try:
                    hand.remove(choice)  # type: ignore[arg-type]  # not an int: told why below
                    owner[choice] = seat  # type: ignore[index]
                except (ValueError, TypeError):  # not a card of the hand: say why
                    (choice,) = self.take_cards(seat, (choice,) if isinstance(choice, int) else tuple(choice))
                chosen.append(choice)  # type: ignore[arg-type]
        self.choosing = False
        return chosen

    def cards_by_seat(self, plays) -> list[tuple[int, tuple[int, ...]]]:
        """(seat, cards) for every seat that plays this turn, the cards out of its hand."""
        played = []
        if plays is None:
            for seat, player in enumerate(self.players):
                if self.hands[seat]:
                    cards = player.choose_cards(self.views[seat])
                    cards = (cards,) if isinstance(cards, int) else tuple(cards)
                    played.append((seat, self.take_cards(seat, cards)))
        else:
            for seat, play in enumerate(plays):
                if play is not None and not self.holds_cards(seat):
                    raise IllegalPlay(seat, play.cards, "referee.no_cards_left")
            for seat in range(self.player_count):
                if self.holds_cards(seat):
                    played.append((seat, self.take_cards(seat, () if plays[seat] is None else plays[seat].cards)))
        self.played_now = [card for _, cards in played for card in cards]
        self.choosing = False
        return played

    def take_cards(self, seat: int, cards: tuple[int, ...]) -> tuple[int, ...]:
        """Check a seat's play and take its cards out of its hand."""
        self._check_count(seat, cards)
        hand = self.hands[seat]
        for card in cards:
            self._check_kind(seat, cards, card)
            if hand is None:
                self.unknown_hands().take(seat, cards, card)
            elif card in hand:
                hand.remove(card)
            else:
                raise self._not_in_hand(seat, cards, card)
            self.owner[card] = seat
        return cards

    @staticmethod
    def _not_in_hand(seat: int, cards: tuple[int, ...], card: int) -> IllegalPlay:
        if FIRST_ZERO <= card < FIRST_JOKER:  # the zeros all show 0: say how many the hand held
            held = sum(FIRST_ZERO <= other < FIRST_JOKER for other in cards[: cards.index(card)])
            return IllegalPlay(seat, cards, "referee.one_zero_held" if held else "referee.no_zero_held")
        return IllegalPlay(seat, cards, "referee.not_in_hand", card=written(card))

    def _check_count(self, seat: int, cards: tuple[int, ...]) -> None:
        if not cards:
            raise IllegalPlay(seat, cards, "referee.played_nothing")
        most = self.rules.cards_per_turn
        if len(cards) > most:
            message = {1: "referee.one_card_a_turn", 2: "referee.one_or_two_cards"}.get(most, "referee.too_many_cards")
            raise IllegalPlay(seat, cards, message, most=most, variant=self.options.variant)

    def _check_kind(self, seat: int, cards: tuple[int, ...], card: int) -> None:
        if not (isinstance(card, int) and 0 < card < CARD_ID_LIMIT) or self.rules.holds(card):
            return
        message = "referee.no_jokers" if card >= FIRST_JOKER else "referee.no_zero_cards"
        raise IllegalPlay(seat, cards, message, variant=self.options.variant)
