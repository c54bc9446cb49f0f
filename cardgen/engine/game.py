"""A game: dealing, turns, rounds, scores and the end, for every variant.

Decisions come either from player strategies (see players.py), which the game
asks when it needs them, or from a recorded turn (a list of `Play`, one per
seat), which is what the referee does. Both go through the same resolution code.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import partial
from typing import NamedTuple, Protocol, cast

from cardgen.engine.cards import (
    CARD_ID_LIMIT,
    FIRST_JOKER,
    FIRST_ZERO,
    JOKER_CARDS,
    NUMBERED_CARDS,
    STANDARD_HEADS,
    VALUE,
    ZERO_CARDS,
    face,
    faces,
    tenths_text,
)
from cardgen.engine.deck import deck, draw
from cardgen.engine.errors import GameOver, IllegalPlay
from cardgen.engine.invariants import check_invariants
from cardgen.engine.options import Options
from cardgen.engine.players import Player
from cardgen.engine.table import ROW_COUNT, Table
from cardgen.engine.unknown import UnknownHands


class Play(NamedTuple):
    """A recorded play: the card(s), and the row decisions made with them.

    take: the row (0-3) collected by a card below every row end, or by a joker.
    row: the row (0-3) a joker is appended to, or a free companion goes on.
    """

    cards: tuple[int, ...]
    take: int | None = None
    row: int | None = None


class _OneCardPlayer(Protocol):
    """A strategy outside Plus: it plays one card a turn."""

    def choose_cards(self, game: Game, seat: int) -> int: ...


class Game:
    """One game of 6 nimmt!. Seats are numbered from 0; rows from 0 to 3."""

    def __init__(
        self,
        options: Options | None = None,
        players: int | Sequence[Player] = 2,
        *,
        seed: int | str | None = None,
        heads: tuple[int, ...] | None = None,
        check: bool = False,
    ) -> None:
        self.options = options = options or Options()
        # A count of players: no strategies, the plays come from a record (the referee).
        self.players = [Player() for _ in range(players)] if isinstance(players, int) else list(players)
        count = len(self.players)
        options.check_players(count)
        self.variant = options.variant
        self.seed = seed
        self.rng = random.Random(seed)
        self.random = self.rng.random  # for strategies: one attribute lookup per decision
        self.heads = heads or STANDARD_HEADS
        self.table = Table(count, self.heads)
        self.hands: Sequence[list[int] | None] = [[] for _ in range(count)]
        self.out_of_play: list[int] = []
        self.totals = [0] * count
        self.round_scores: list[list[int]] = []  # bull heads of each finished round
        self.round = 0
        self.turn = 0
        self.round_over = True
        self.over = False
        self.check = check
        self.fixed_rounds = options.rounds_to_play(count)
        self.threshold = options.end_threshold
        self._owner = [0] * CARD_ID_LIMIT  # seat of each card played this turn
        self.unknown: UnknownHands | None = None  # the referee's hands that were not written down
        self._variant_turn = {"plus": self._plus_turn, "jokers": self._jokers_turn}.get(
            self.variant, self._classic_turn
        )

    @property
    def player_count(self) -> int:
        return len(self.players)

    # --- rounds ------------------------------------------------------------

    def deal(self) -> None:
        """Start the next round with a random deal (a face-up draft in Pro)."""
        if self.over:
            raise GameOver("the game is already over")
        count = self.player_count
        rng = self.rng
        if self.variant == "pro":
            hands, rows = self._draft(deck(self.options, count))
            cards: list[int] = []
        elif self.variant == "plus":
            hands, rows, cards = self._plus_deal()
        else:
            cards = list(NUMBERED_CARDS)
            dealt = draw(rng, cards, ROW_COUNT + 10 * count)
            rows = [[card] for card in dealt[:ROW_COUNT]]
            hands = [dealt[start : start + 10] for start in range(ROW_COUNT, len(dealt), 10)]
            if self.variant == "jokers":
                jokers = list(JOKER_CARDS)
                for hand in hands:
                    hand.extend(draw(rng, jokers, 1))
                cards.extend(jokers)
        self._begin_round(rows, hands, cards)

    def _plus_deal(self) -> tuple[list[list[int]], list[list[int]], list[int]]:
        """4 numbered cards start the rows; the other 100 and the 7 zeros are dealt, 15 each."""
        rng = self.rng
        numbered = list(NUMBERED_CARDS)
        zeros = list(ZERO_CARDS)
        rows = [[card] for card in draw(rng, numbered, ROW_COUNT)]
        if self.options.one_zero_each:
            firsts = draw(rng, zeros, self.player_count)
            rest = numbered + zeros
            hands = [[zero] + draw(rng, rest, 14) for zero in firsts]
            return hands, rows, rest
        rest = numbered + zeros
        return [draw(rng, rest, 15) for _ in range(self.player_count)], rows, rest

    def _draft(self, cards: list[int]) -> tuple[list[list[int]], list[list[int]]]:
        """Pro: everyone picks from the face-up cards in seat order until each holds 10."""
        count = self.player_count
        pool = sorted(cards)
        hands: list[list[int]] = [[] for _ in range(count)]
        self.hands = hands  # strategies see what they have picked so far
        first = self.round % count  # the round about to start is self.round + 1
        for pick in range(10 * count):
            seat = (first + pick) % count
            card = self.players[seat].draft(self, seat, pool)
            if card not in pool:
                raise IllegalPlay(seat, f"the draft pick {face(card)}", "which is not among the face-up cards")
            pool.remove(card)
            hands[seat].append(card)
        return hands, [[card] for card in pool]

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
            out_of_play = [card for card in deck(self.options, self.player_count) if card not in placed]
        self._begin_round([list(row) for row in rows], hands, list(out_of_play))
        if any(hand is None for hand in hands):
            self.unknown = UnknownHands(self)

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
        self.unknown = None

    def _finish_round(self) -> None:
        self.round_over = True
        scores = list(self.table.scores)
        self.round_scores.append(scores)
        self.totals = [total + score for total, score in zip(self.totals, scores)]
        if self.fixed_rounds is not None:
            self.over = self.round >= self.fixed_rounds
        else:
            self.over = max(self.totals) >= self.threshold

    def winners(self) -> list[int]:
        """Seats with the best total once the game is over (ties share the win)."""
        if not self.over:
            return []
        best = max(self.totals) if self.variant == "plus" else min(self.totals)
        return [seat for seat, total in enumerate(self.totals) if total == best]

    def play(self) -> list[int]:
        """Play the whole game with the player strategies; return the winners."""
        while not self.over:
            self.deal()
            while not self.round_over:
                self.play_turn()
        return self.winners()

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
        self._variant_turn(plays)
        if self.check:
            check_invariants(self)
        if self.unknown is None:
            if not any(self.hands):
                self._finish_round()
        elif not any(self.holds_cards(seat) for seat in range(self.player_count)):
            self._finish_round()
        return self.table.collected

    # --- taking the played cards out of the hands ----------------------------

    def _cards_by_seat(self, plays) -> list[tuple[int, tuple[int, ...]]]:
        """(seat, cards) for every seat that plays this turn, the cards out of its hand."""
        if plays is None:
            played = []
            for seat, player in enumerate(self.players):
                if self.hands[seat]:
                    cards = player.choose_cards(self, seat)
                    cards = (cards,) if isinstance(cards, int) else tuple(cards)
                    played.append((seat, self._take_cards(seat, cards)))
            return played
        for seat, play in enumerate(plays):
            if play is not None and not self.holds_cards(seat):
                raise IllegalPlay(seat, faces(play.cards), "but {player} has no cards left this round")
        return [
            (seat, self._take_cards(seat, () if plays[seat] is None else plays[seat].cards))
            for seat in range(self.player_count)
            if self.holds_cards(seat)
        ]

    def _single_cards(self, plays) -> list[int]:
        """One card from every seat that plays (Classic, Pro, Jokers), out of its hand.

        The simulator's hot path: strategies asked directly, a hand.remove as the check.
        """
        if plays is not None:
            return [card for _, cards in self._cards_by_seat(plays) for card in cards]
        chosen: list[int] = []
        owner = self._owner
        hands = self.hands
        # Outside Plus a strategy plays one card (anything else fails hand.remove and is told
        # why); cast once a turn rather than once a card, as a cast is a call.
        players = cast("list[_OneCardPlayer]", self.players)
        for seat, player in enumerate(players):
            hand = hands[seat]
            if hand:
                card = player.choose_cards(self, seat)
                try:
                    hand.remove(card)
                    owner[card] = seat
                except (ValueError, TypeError):  # not a card of the hand: say why
                    (card,) = self._take_cards(seat, (card,) if isinstance(card, int) else tuple(card))
                chosen.append(card)
        return chosen

    def _take_cards(self, seat: int, cards: tuple[int, ...]) -> tuple[int, ...]:
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
                raise IllegalPlay(seat, faces(cards), self._not_in_hand(cards, card))
            self._owner[card] = seat
        return cards

    @staticmethod
    def _not_in_hand(cards: tuple[int, ...], card: int) -> str:
        if FIRST_ZERO <= card < FIRST_JOKER:  # the zeros all show 0: say how many the hand held
            held = sum(FIRST_ZERO <= other < FIRST_JOKER for other in cards[: cards.index(card)])
            return "but {player} holds " + ("only one zero card" if held else "no zero card")
        return f"but {face(card)} is not in {{player}}'s hand"

    def _check_count(self, seat: int, cards: tuple[int, ...]) -> None:
        if not cards:
            raise IllegalPlay(seat, "nothing", "but every player who holds cards plays each turn")
        if self.variant == "plus":
            if len(cards) > 2:
                raise IllegalPlay(seat, faces(cards), "but a player plays one or two cards in Plus")
        elif len(cards) != 1:
            raise IllegalPlay(seat, faces(cards), f"but a player plays exactly one card in {self.options.name}")

    def _check_kind(self, seat: int, cards: tuple[int, ...], card: int) -> None:
        if card >= FIRST_JOKER and self.variant != "jokers":
            raise IllegalPlay(seat, faces(cards), f"but there are no jokers in {self.options.name}")
        if FIRST_ZERO <= card < FIRST_JOKER and self.variant != "plus":
            raise IllegalPlay(seat, faces(cards), f"but there are no zero cards in {self.options.name}")

    # --- Classic and Pro: one card each, lowest first --------------------------

    def _classic_turn(self, plays) -> None:
        chosen = self._single_cards(plays)
        chosen.sort()
        self._place_numbered(chosen, plays)

    def _place_numbered(self, cards: list[int], plays) -> None:
        """Classic placement; a card below every row end takes a row of its player's choice."""
        table = self.table
        if plays is None:
            table.place_cards(cards, self._owner, self._strategy_take)
            return
        for card in cards:
            seat = self._owner[card]
            self._check_numbered_decisions(seat, card, plays[seat])
            table.place_cards((card,), self._owner, partial(self._recorded_take, plays))

    def _check_numbered_decisions(self, seat: int, card: int, play: Play) -> None:
        """A recorded numbered card never names its row, and names a take only below every row end."""
        table = self.table
        row = table.row_below(VALUE[card])
        goes = f"row {row + 1} after {tenths_text(table.ends[row])}" if row >= 0 else None
        if play.row is not None:
            raise IllegalPlay(
                seat,
                face(card),
                f"and named row {play.row + 1}, but a numbered card goes on the row the rules give it: "
                + (f"here {goes}" if goes else "below every row end, it takes the row named by take"),
            )
        if play.take is not None and goes:
            raise IllegalPlay(
                seat,
                face(card),
                f"and named row {play.take + 1} to take, but it goes on {goes}; "
                "only a card below every row end takes a row",
            )

    def _strategy_take(self, seat: int, card: int, value: int) -> None:
        row = self.players[seat].choose_take(self, seat, card)
        self._check_row(seat, face(card), row)
        self.table.take(seat, row, card, value)

    def _recorded_take(self, plays, seat: int, card: int, value: int) -> None:
        row = plays[seat].take
        if row is None:
            raise IllegalPlay(seat, face(card), "which is below every row end, but named no row to take")
        self._check_row(seat, face(card), row)
        self.table.take(seat, row, card, value)

    def _check_row(self, seat: int, play: str, row) -> None:
        if not (isinstance(row, int) and 0 <= row < ROW_COUNT):
            shown = row + 1 if isinstance(row, int) else row
            raise IllegalPlay(seat, play, f"and named row {shown}, but the rows are numbered 1 to 4")

    # Jokers: jokers first (0.0 first), each placed by its player; then Classic.
    def _jokers_turn(self, plays) -> None:
        chosen = self._single_cards(plays)
        jokers = sorted(card for card in chosen if card >= FIRST_JOKER)
        for card in jokers:
            self._resolve_joker(card, self._owner[card], plays)
        numbered = sorted(card for card in chosen if card < FIRST_JOKER) if jokers else sorted(chosen)
        self._place_numbered(numbered, plays)

    def _resolve_joker(self, joker: int, seat: int, plays) -> None:
        table = self.table
        shown = face(joker)
        if plays is None:
            how, row = self.players[seat].place_joker(self, seat, joker)
        else:
            play = plays[seat]
            if play.row is not None and play.take is not None:
                raise IllegalPlay(seat, shown, "and named both a row to join and a row to take; name one")
            if play.row is None and play.take is None:
                raise IllegalPlay(seat, shown, "but named no row: a joker joins a row or takes one")
            how, row = ("row", play.row) if play.row is not None else ("take", play.take)
        self._check_row(seat, shown, row)
        if how == "take":
            table.take(seat, row, joker, VALUE[joker])
            return
        if table.ends_with_joker(row):
            raise IllegalPlay(
                seat,
                shown,
                f"on row {row + 1}, which ends with the joker {face(table.rows[row][-1])}; "
                "a joker never goes next to another joker",
            )
        table.put_on(seat, row, joker, table.ends[row] + VALUE[joker])

    # Plus: one or two cards; companions of a zero first, then the rest, lowest first.
    def _plus_turn(self, plays) -> None:
        table = self.table
        companions = []
        others = []
        for seat, cards in self._cards_by_seat(plays):
            numbered = [card for card in cards if card < FIRST_ZERO]
            for card in cards:
                if card >= FIRST_ZERO:
                    table.to_pile(seat, card)
            companion = len(numbered) == 1 and len(cards) == 2
            if plays is not None:
                self._check_plus_decisions(seat, cards, plays[seat], companion)
            if companion:
                companions.extend(numbered)
            else:
                others.extend(numbered)
        companions.sort()
        for card in companions:
            self._place_companion(card, self._owner[card], plays)
        others.sort()
        table.place_cards(others, self._owner, self._plus_below_all)

    def _check_plus_decisions(self, seat: int, cards, play: Play, companion: bool) -> None:
        if play.take is not None:
            raise IllegalPlay(
                seat,
                faces(cards),
                f"and named row {play.take + 1} to take, but in Plus nobody takes a row: "
                "a card below every row end goes on the row with the highest end",
            )
        if play.row is not None and not (self.options.free_companion and companion):
            raise IllegalPlay(
                seat,
                faces(cards),
                f"and named row {play.row + 1}, but only a companion of a zero card under the "
                "free_companion option goes on a chosen row",
            )

    def _place_companion(self, card: int, seat: int, plays) -> None:
        row = None
        if self.options.free_companion:
            if plays is None:
                row = self.players[seat].companion_row(self, seat, card)
            else:
                row = plays[seat].row
        if row is None:
            self.table.place_cards((card,), self._owner, self._plus_below_all)
        else:
            self._check_row(seat, face(card), row)
            self.table.put_on(seat, row, card, VALUE[card])

    def _plus_below_all(self, seat: int, card: int, value: int) -> None:
        """Plus: a card below every row end joins the row with the highest end."""
        table = self.table
        table.put_on(seat, table.highest_row(), card, value)
