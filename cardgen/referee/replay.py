"""Replaying a record on the engine, round by round and turn by turn."""

from __future__ import annotations

from cardgen.engine import BUNDLED, ZERO_CARDS, CardPool, Game, IllegalPlay, Options, Play, face, is_zero
from cardgen.errors import CheckFailed
from cardgen.referee.record import RecordReader, Round
from cardgen.referee.report import Report, RoundReport, TurnReport
from cardgen.yamlio import YamlDocument


class BrokenRule(CheckFailed):
    """A play broke a rule; `replayed` is the report of the legal plays before it."""

    def __init__(self, message: str, replayed: Report) -> None:
        super().__init__(message)
        self.replayed = replayed


class Replay:
    def __init__(self, doc: YamlDocument, options: Options, players: list[str], pool: CardPool = BUNDLED) -> None:
        self.options = options
        self.names = players
        self.game = Game(options, len(players), pool=pool)
        self.read = RecordReader(doc, options, players, pool)

    def run(self, rounds: list[Round]) -> Report:
        """Replay every round; a broken rule raises BrokenRule."""
        self.reports: list[RoundReport] = []
        try:
            for index, round_ in enumerate(rounds):
                self._check_can_start(index)
                self._play_round(index, round_)
        except CheckFailed as exc:
            raise BrokenRule(str(exc), self._report()) from None
        return self._report()

    def _report(self) -> Report:
        game = self.game
        return Report(
            variant=self.options.variant,
            options=self.options,
            players=self.names,
            rounds=self.reports,
            totals=self._by_name(self._totals()),
            game_over=game.over,
            winners=[self.names[seat] for seat in game.winners()],
            heads=game.heads,
        )

    def _totals(self) -> list[int]:
        game = self.game
        if game.round_over:
            return game.totals
        return [total + score for total, score in zip(game.totals, game.table.scores)]

    def _by_name(self, values) -> dict:
        return dict(zip(self.names, values))

    def _check_can_start(self, index: int) -> None:
        game = self.game
        if game.over:
            leaders = ", ".join(f"{name} {total}" for name, total in zip(self.names, game.totals))
            raise CheckFailed(
                f"round {index + 1}: the game was already over after round {index} "
                f"(totals {leaders}), so no further round is played"
            )
        if not game.round_over:
            holding = [self.names[seat] for seat in range(len(self.names)) if game.holds_cards(seat)]
            raise CheckFailed(
                f"round {index + 1}: round {index} is not finished: {' and '.join(holding)} still hold cards"
            )

    def _play_round(self, index: int, round_: Round) -> None:
        game = self.game
        path = ("rounds", index)
        rows = self.read.rows(path + ("rows",), round_.rows)
        hands = self.read.hands(path + ("hands",), round_.hands, rows)
        game.start_round(rows, hands)
        report = RoundReport(start_rows=[list(row) for row in rows], scores=self._by_name(game.table.scores))
        self.reports.append(report)
        for turn_index, turn in enumerate(round_.turns):
            where = f"round {index + 1}, turn {turn_index + 1}"
            if game.round_over:
                raise CheckFailed(f"{where}: the round is already over: every hand is empty")
            plays = self._zeros_as_cards(self.read.plays(path + ("turns", turn_index), turn))
            try:
                collected = game.play_turn(plays)
            except IllegalPlay as exc:
                raise CheckFailed(f"{where}: {exc.describe(self.names[exc.seat])}") from None
            report.turns.append(self._turn_report(plays, collected))
            report.scores = self._by_name(game.table.scores)
        report.finished = game.round_over
        report.scores = self._by_name(game.table.scores)

    def _turn_report(self, plays: list[Play | None], collected) -> TurnReport:
        by_name: dict[str, list[int]] = {}
        for seat, cards in collected:
            by_name.setdefault(self.names[seat], []).extend(cards)
        shown_plays = {
            self.names[seat]: (play.cards, _play_text(play)) for seat, play in enumerate(plays) if play is not None
        }
        rows = [list(row) for row in self.game.table.rows]
        return TurnReport(plays=shown_plays, rows=rows, collected=by_name)

    def _zeros_as_cards(self, plays: list[Play | None]) -> list[Play | None]:
        """A record writes every zero card as 0: use zero cards each player may still play."""
        zeros_used: set[int] = set()
        return [
            play
            if play is None or not any(is_zero(card) for card in play.cards)
            else self._with_zeros(seat, play, zeros_used)
            for seat, play in enumerate(plays)
        ]

    def _with_zeros(self, seat: int, play: Play, zeros_used: set[int]) -> Play:
        hand = self.game.hands[seat]
        if hand is not None:
            available = [card for card in hand if is_zero(card)]
        else:
            available = sorted(card for card in self.game.unknown_hands().unseen if is_zero(card))
        available = [card for card in available if card not in zeros_used]
        cards = []
        for card in play.cards:
            if is_zero(card):
                # no zero left: a zero the player does not have, which the engine refuses
                card = available.pop(0) if available else _missing_zero(hand)
                zeros_used.add(card)
            cards.append(card)
        return play._replace(cards=tuple(cards))


def _missing_zero(hand: list[int] | None) -> int:
    return next(card for card in ZERO_CARDS if hand is None or card not in hand)


def _play_text(play: Play) -> str:
    text = " and ".join(face(card) for card in play.cards)
    if play.take is not None:
        text += f" (takes row {play.take + 1})"
    if play.row is not None:
        text += f" (on row {play.row + 1})"
    return text
