"""The referee: replay a recorded game by the rules.

    report = referee_file("game.yaml")     # or replay(parse_yaml(text, name))
    report.as_json(); report.account()

A record that is not of the expected form raises InputError (file, line and
field named); a play that breaks a rule raises CheckFailed naming the round,
the turn, the player, the play and the rule. See README for the format.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field

from cardgen.engine import (
    Game,
    IllegalPlay,
    OptionError,
    Options,
    Play,
    STANDARD_HEADS,
    ZERO_CARDS,
    deck,
    face,
    is_joker,
    is_zero,
    joker,
)
from cardgen.engine.cards import HIGHEST_NUMBER
from cardgen.engine.game import deck_words
from cardgen.errors import CheckFailed
from cardgen.yamlio import YamlDocument, load_yaml, validate

CARD_WORDS = "a card: 1 to 104, 0 for a zero card, or a joker 0.0 to 0.9"


# --- the record's shape ------------------------------------------------------


def _one_line_name(name: str) -> str:
    if any(ord(ch) < 32 or ord(ch) == 127 for ch in name):
        raise ValueError("a player's name may not contain line breaks or other control characters")
    return name


PlayerName = Annotated[str, Field(min_length=1, max_length=40), AfterValidator(_one_line_name)]


class _Options(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    threshold: int | None = None
    rounds: int | None = None
    free_companion: bool = False
    one_zero_each: bool = False
    max_players: int | None = None


class _Round(BaseModel):
    model_config = ConfigDict(extra="forbid")
    rows: list[list[Any]]
    hands: dict[str, list[Any]] = {}
    turns: list[dict[str, Any]] = []


class _Record(BaseModel):
    model_config = ConfigDict(extra="forbid")
    variant: Literal["classic", "pro", "plus", "jokers"]
    options: _Options = _Options()
    players: list[PlayerName] = Field(max_length=10)
    rounds: list[_Round] = []


# --- what the referee reports --------------------------------------------------


@dataclass
class TurnReport:
    plays: dict[str, tuple[tuple[int, ...], str]]  # name -> (cards, how they were placed)
    rows: list[list[int]]
    collected: dict[str, list[int]]


@dataclass
class RoundReport:
    start_rows: list[list[int]]
    turns: list[TurnReport] = field(default_factory=list)
    scores: dict[str, int] = field(default_factory=dict)
    finished: bool = False


@dataclass
class Report:
    variant: str
    options: Options
    players: list[str]
    rounds: list[RoundReport]
    totals: dict[str, int]
    game_over: bool
    winners: list[str]
    heads: tuple[int, ...] = STANDARD_HEADS

    def as_json(self) -> dict:
        return {
            "variant": self.variant,
            "rounds": [
                {
                    "turns": [
                        {
                            "rows": [[shown(card) for card in row] for row in turn.rows],
                            "collected": {
                                name: [shown(card) for card in cards]
                                for name, cards in turn.collected.items()
                            },
                        }
                        for turn in round_.turns
                    ],
                    "scores": round_.scores,
                }
                for round_ in self.rounds
            ],
            "totals": self.totals,
            "game_over": self.game_over,
            "winners": self.winners,
        }

    def account(self) -> str:
        """The replay as a player reads it, turn by turn."""
        lines = [f"{self.options.name}, {len(self.players)} players: {', '.join(self.players)}"]
        for number, round_ in enumerate(self.rounds, 1):
            lines += ["", f"Round {number}", f"  rows at the start: {_rows_text(round_.start_rows)}"]
            for turn_number, turn in enumerate(round_.turns, 1):
                plays = ", ".join(f"{name} {how}" for name, (_, how) in turn.plays.items())
                lines.append(f"  turn {turn_number}: {plays}")
                for name, cards in turn.collected.items():
                    heads = sum(self.heads[card] for card in cards)
                    lines.append(
                        f"    {name} collects {' '.join(face(card) for card in cards)} "
                        f"({heads} bull head{'s' if heads != 1 else ''})"
                    )
                lines.append(f"    rows: {_rows_text(turn.rows)}")
            state = "" if round_.finished else " (round not finished)"
            lines.append(f"  scores{state}: {_scores_text(round_.scores)}")
        lines += ["", f"Totals: {_scores_text(self.totals)}"]
        if self.game_over:
            verb = "wins" if len(self.winners) == 1 else "share the win"
            lines.append(f"The game is over: {' and '.join(self.winners)} {verb}.")
        else:
            lines.append("The game is not over yet.")
        return "\n".join(lines)


def shown(card: int) -> int | str:
    """A card as the JSON report shows it: 17, 0 for a zero card, "0.4" for a joker."""
    if is_joker(card):
        return face(card)
    return 0 if is_zero(card) else card


def _rows_text(rows: list[list[int]]) -> str:
    return " | ".join(f"{index}: {' '.join(face(card) for card in row)}" for index, row in enumerate(rows, 1))


def _scores_text(scores: dict[str, int]) -> str:
    return ", ".join(f"{name} {score}" for name, score in scores.items())


# --- replaying -----------------------------------------------------------------


def referee_file(path: str | Path) -> Report:
    return replay(load_yaml(path))


def replay(doc: YamlDocument) -> Report:
    """Replay a record; raise InputError for a malformed one, CheckFailed for a broken rule."""
    record = validate(doc, _Record)
    players = _players(doc, record)
    options = _options(doc, record, len(players))
    return _Replay(doc, options, players).run(record.rounds)


def _players(doc: YamlDocument, record: _Record) -> list[str]:
    seen = set()
    for index, name in enumerate(record.players):
        if name in seen:
            raise doc.error(("players", index), f"{name} is named twice")
        seen.add(name)
    return list(record.players)


def _options(doc: YamlDocument, record: _Record, players: int) -> Options:
    try:
        options = Options(record.variant, **record.options.model_dump())
    except OptionError as exc:
        raise doc.error(("options",), str(exc)) from None
    try:
        options.check_players(players)
    except OptionError as exc:
        raise doc.error(("players",), str(exc)) from None
    return options


class _Replay:
    def __init__(self, doc: YamlDocument, options: Options, players: list[str]) -> None:
        self.doc = doc
        self.options = options
        self.names = players
        self.seats = {name: seat for seat, name in enumerate(players)}
        self.game = Game(options, len(players))
        self.deck = set(deck(options, len(players)))

    def run(self, rounds: list[_Round]) -> Report:
        """Replay every round; a broken rule raises CheckFailed carrying, as `replayed`,
        the report of the legal plays before it."""
        self.reports: list[RoundReport] = []
        try:
            for index, round_ in enumerate(rounds):
                self._check_can_start(index)
                self._play_round(index, round_)
        except CheckFailed as exc:
            exc.replayed = self._report()
            raise
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
                f"round {index + 1}: round {index} is not finished: "
                f"{' and '.join(holding)} still hold cards"
            )

    def _play_round(self, index: int, round_: _Round) -> None:
        game = self.game
        path = ("rounds", index)
        rows = self._rows(path + ("rows",), round_.rows)
        hands = self._hands(path + ("hands",), round_.hands, rows)
        game.start_round(rows, hands)
        report = RoundReport(start_rows=[list(row) for row in rows])
        self.reports.append(report)
        for turn_index, turn in enumerate(round_.turns):
            where = f"round {index + 1}, turn {turn_index + 1}"
            if game.round_over:
                raise CheckFailed(f"{where}: the round is already over: every hand is empty")
            plays = self._plays(path + ("turns", turn_index), turn)
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
            self.names[seat]: (play.cards, _play_text(play))
            for seat, play in enumerate(plays)
            if play is not None
        }
        rows = [list(row) for row in self.game.table.rows]
        return TurnReport(plays=shown_plays, rows=rows, collected=by_name)

    # --- reading the record's cards and plays --------------------------------

    def _card(self, path, raw) -> int:
        """A card of the record as a card id (a zero card as the first one; see _plays)."""
        if isinstance(raw, bool):
            raise self.doc.error(path, f"must be {CARD_WORDS}, not {raw!r}")
        if isinstance(raw, str):
            try:
                raw = float(raw) if "." in raw else int(raw)
            except ValueError:
                raise self.doc.error(path, f"must be {CARD_WORDS}, not {raw!r}") from None
        if isinstance(raw, int) and 0 <= raw <= HIGHEST_NUMBER:
            return ZERO_CARDS[0] if raw == 0 else raw
        if isinstance(raw, float) and 0 <= raw < 1 and abs(raw * 10 - round(raw * 10)) < 1e-9:
            return joker(round(raw * 10))
        raise self.doc.error(path, f"must be {CARD_WORDS}, not {raw!r}")

    def _rows(self, path, raw_rows: list[list[Any]]) -> list[list[int]]:
        if len(raw_rows) != 4:
            raise self.doc.error(path, f"must list 4 rows, not {len(raw_rows)}")
        rows = []
        for index, raw_row in enumerate(raw_rows):
            row_path = path + (index,)
            if not 1 <= len(raw_row) <= 5:
                raise self.doc.error(row_path, f"a row holds 1 to 5 cards, not {len(raw_row)}")
            row = [self._card(row_path + (place,), raw) for place, raw in enumerate(raw_row)]
            for place, card in enumerate(row):
                if card > HIGHEST_NUMBER:
                    raise self.doc.error(row_path + (place,), "the rows of a round start with numbered cards only")
                if card not in self.deck:
                    raise self.doc.error(row_path + (place,), self._not_in_deck(card))
            if self.options.variant != "plus" and any(a >= b for a, b in zip(row, row[1:])):
                raise self.doc.error(row_path, "a row's cards must increase from first to last")
            rows.append(row)
        self._no_card_twice(path, [(path + (r, p), card) for r, row in enumerate(rows) for p, card in enumerate(row)])
        return rows

    def _not_in_deck(self, card: int) -> str:
        return f"{face(card)} is not a card of {deck_words(self.options, len(self.names))}"

    def _hands(self, path, raw_hands: dict[str, list[Any]], rows: list[list[int]]) -> list[list[int] | None]:
        hands: list[list[int] | None] = [None] * len(self.names)
        placed = [(None, card) for row in rows for card in row]
        zeros = iter(ZERO_CARDS)
        for name, raw_hand in raw_hands.items():
            if name not in self.seats:
                raise self.doc.error(path + (name,), f"{name} is not one of the players")
            hand = []
            for place, raw in enumerate(raw_hand):
                card = self._card(path + (name, place), raw)
                if is_zero(card):
                    card = next(zeros, None)
                    if card is None:
                        raise self.doc.error(path + (name, place), "there are only 7 zero cards")
                if card not in self.deck:
                    raise self.doc.error(path + (name, place), self._not_in_deck(card))
                hand.append(card)
                placed.append((path + (name, place), card))
            overflow = self.options.hand_overflow(hand)
            if overflow:
                raise self.doc.error(path + (name,), overflow)
            hands[self.seats[name]] = hand
        self._no_card_twice(path, placed)
        return hands

    def _no_card_twice(self, path, placed) -> None:
        seen = set()
        for where, card in placed:
            if card in seen and not is_zero(card):
                raise self.doc.error(where or path, f"{face(card)} appears twice in the round's rows and hands")
            seen.add(card)

    def _plays(self, path, turn: dict[str, Any]) -> list[Play | None]:
        plays: list[Play | None] = [None] * len(self.names)
        zeros_used: set[int] = set()
        for name, raw in turn.items():
            if name not in self.seats:
                raise self.doc.error(path + (name,), f"{name} is not one of the players")
            seat = self.seats[name]
            plays[seat] = self._zeros_as_cards(seat, self._play(path + (name,), raw), zeros_used)
        return plays

    def _play(self, path, raw) -> Play:
        if isinstance(raw, dict):
            unknown = set(raw) - {"card", "cards", "take", "row"}
            if unknown:
                raise self.doc.error(path + (sorted(unknown)[0],), "is not a known field (use card, cards, take or row)")
            if ("card" in raw) == ("cards" in raw):
                raise self.doc.error(path, "a play names its card (card: 29) or its cards (cards: [49, 0])")
            cards = self._cards(path, raw["card"]) if "card" in raw else self._cards(path + ("cards",), raw["cards"])
            return Play(cards, self._row_number(path + ("take",), raw.get("take")),
                        self._row_number(path + ("row",), raw.get("row")))
        return Play(self._cards(path, raw))

    def _cards(self, path, raw) -> tuple[int, ...]:
        if isinstance(raw, list):
            return tuple(self._card(path + (index,), item) for index, item in enumerate(raw))
        return (self._card(path, raw),)

    def _row_number(self, path, raw) -> int | None:
        if raw is None:
            return None
        if isinstance(raw, bool) or not isinstance(raw, int):
            raise self.doc.error(path, f"must be a row number, 1 to 4, not {raw!r}")
        return raw - 1

    def _zeros_as_cards(self, seat: int, play: Play, zeros_used: set[int]) -> Play:
        """A record writes every zero card as 0: use zero cards the player may still play."""
        if not any(is_zero(card) for card in play.cards):
            return play
        hand = self.game.hands[seat]
        if hand is not None:
            available = [card for card in hand if is_zero(card)]
        else:
            available = sorted(card for card in self.game.unknown.unseen if is_zero(card))
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
