"""Replaying a record on the engine, round by round and turn by turn, and checking the
scores and totals its table wrote down."""

from __future__ import annotations

from cardgen.engine import BUNDLED, ZERO_CARDS, CardPool, Game, IllegalPlay, Options, Play, is_zero
from cardgen.errors import CheckFailed
from cardgen.messages import Message
from cardgen.referee.record import Before, Record, RecordReader, Round
from cardgen.referee.report import Report, RoundReport, TurnReport
from cardgen.referee.verdicts import Failure
from cardgen.yamlio import YamlDocument


class BrokenRule(CheckFailed):
    """A play broke a rule, or a written score is wrong: `failure` says where and which;
    `replayed` is the report of what was legal before it, the failure in it."""

    def __init__(self, failure: Failure, replayed: Report) -> None:
        super().__init__(failure.said())
        self.failure = failure
        self.replayed = replayed

    def as_json(self, lang: str | None = None) -> dict:
        """The report as --json gives it, its `failure` said, and the error as every command's."""
        return {**self.replayed.as_json(lang), **super().as_json(lang)}


class Replay:
    def __init__(self, doc: YamlDocument, options: Options, players: list[str], pool: CardPool = BUNDLED) -> None:
        self.doc = doc
        self.options = options
        self.names = players
        self.game = Game(options, len(players), pool=pool)
        self.read = RecordReader(doc, options, players, pool)
        self.reports: list[RoundReport] = []
        self.before: tuple[int, dict[str, int]] | None = None

    def run(self, record: Record) -> Report:
        """Replay every round; a broken rule or a wrong sum raises BrokenRule."""
        if record.before is not None:
            self._resume(record.before)
        for index, round_ in enumerate(record.rounds):
            self._check_can_start()
            if round_.rows is None and round_.draft is None:
                self._round_as_written(index, round_)
            else:
                self._play_round(index, round_)
            self._check_written(index, round_)
        return self._report()

    def _broken(self, failure: Failure) -> BrokenRule:
        report = self._report()
        report.failure = failure
        return BrokenRule(failure, report)

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
            before=self.before,
        )

    def _totals(self) -> list[int]:
        game = self.game
        if game.round_over:
            return game.totals
        return [total + score for total, score in zip(game.totals, game.table.scores)]

    def _by_name(self, values) -> dict:
        return dict(zip(self.names, values))

    def _resume(self, before: Before) -> None:
        totals = self.read.figures(("before", "totals"), before.totals, every=True)
        self.game.resume(before.rounds, totals)  # type: ignore[arg-type]  # every=True: no None
        self.before = (before.rounds, self._by_name(totals))

    def _check_can_start(self) -> None:
        game = self.game
        if game.over:
            totals = self._by_name(game.totals)
            raise self._broken(Failure(game.round + 1, "referee.game_over", {"last": game.round, "totals": totals}))
        if not game.round_over:
            raise self._broken(
                Failure(game.round + 1, "referee.round_unfinished", {"last": game.round, "holding": self._holding()})
            )

    def _holding(self) -> list[str]:
        return [name for seat, name in enumerate(self.names) if self.game.holds_cards(seat)]

    def _round_as_written(self, index: int, round_: Round) -> None:
        """A round whose scores alone are written down: they stand as written."""
        path = ("rounds", index)
        for field in ("hands", "turns"):
            if getattr(round_, field):
                raise self.doc.error(path + (field,), Message("referee.round_without_rows"))
        if round_.scores is None:
            raise self.doc.error(path, Message("referee.round_empty"))
        scores = self.read.figures(path + ("scores",), round_.scores, every=True)
        game = self.game
        game.resume(game.round + 1, [total + score for total, score in zip(game.totals, scores)])  # type: ignore[operator]
        self.reports.append(RoundReport(game.round, [], scores=self._by_name(scores), finished=True, replayed=False))

    def _play_round(self, index: int, round_: Round) -> None:
        game = self.game
        path = ("rounds", index)
        number = game.round + 1
        rows, hands = self._deal(path, round_, number)
        game.start_round(rows, hands)
        report = RoundReport(number, [list(row) for row in rows], scores=self._by_name(game.table.scores))
        self.reports.append(report)
        for turn_index, turn in enumerate(round_.turns):
            if game.round_over:
                raise self._broken(Failure(number, "referee.round_over", turn=turn_index + 1))
            plays = self._zeros_as_cards(self.read.plays(path + ("turns", turn_index), turn))
            game.table.moves = []
            try:
                collected = game.play_turn(plays)
            except IllegalPlay as exc:
                raise self._broken(Failure.of_play(exc, self.names[exc.seat], number, turn_index + 1)) from None
            report.turns.append(self._turn_report(plays, collected, game.table.moves))
            report.scores = self._by_name(game.table.scores)
        report.finished = game.round_over
        report.scores = self._by_name(game.table.scores)

    def _deal(self, path, round_: Round, number: int) -> tuple[list[list[int]], list[list[int] | None]]:
        """The round's starting rows and hands: as written, or as its draft leaves them."""
        if round_.draft is None:
            rows = self.read.rows(path + ("rows",), round_.rows)  # type: ignore[arg-type]  # rows or draft
            return rows, self.read.hands(path + ("hands",), round_.hands, rows)
        for field in ("rows", "hands"):
            if getattr(round_, field):
                raise self.doc.error(path + (field,), Message("referee.drafted_round_dealt"))
        picks = self.read.draft(path + ("draft",), round_.draft)
        try:
            rows, hands = self.options.rules.drafted(self.game, picks)
        except IllegalPlay as exc:
            raise self._broken(Failure.of_play(exc, self.names[exc.seat], number, None)) from None
        return rows, list(hands)

    def _check_written(self, index: int, round_: Round) -> None:
        """The scores and totals the table wrote down after this round, against the count."""
        if round_.scores is None and round_.totals is None:
            return
        game = self.game
        if not game.round_over:
            raise self._broken(Failure(game.round, "referee.written_too_soon", {"holding": self._holding()}))
        path = ("rounds", index)
        counted = [("referee.wrong_total", "totals", game.totals)]
        if self.reports[-1].replayed:  # not a round of written scores alone: they are counted
            counted.insert(0, ("referee.wrong_score", "scores", game.table.scores))
        for message, field, figures in counted:
            written = self.read.figures(path + (field,), getattr(round_, field) or {})
            for name, figure, count in zip(self.names, written, figures):
                if figure is not None and figure != count:
                    params = {"player": name, "written": figure, "counted": count}
                    raise self._broken(Failure(game.round, message, params, player=name))

    def _turn_report(self, plays: list[Play | None], collected, moves) -> TurnReport:
        by_name: dict[str, list[int]] = {}
        for seat, cards in collected:
            by_name.setdefault(self.names[seat], []).extend(cards)
        named = {self.names[seat]: play for seat, play in enumerate(plays) if play is not None}
        rows = [list(row) for row in self.game.table.rows]
        return TurnReport(plays=named, rows=rows, collected=by_name, moves=moves)

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
