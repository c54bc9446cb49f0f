"""A game record as typed by a player: its shape (checked by pydantic) and its cards,
rows, hands and plays read into the engine's card ids, every mistake an InputError
naming the file, the line and the field."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, StrictInt

from cardgen.engine import (
    VARIANTS,
    ZERO_CARDS,
    CardPool,
    Options,
    Play,
    face,
    is_numbered,
    is_zero,
    joker,
)
from cardgen.errors import InvalidValue
from cardgen.messages import Message
from cardgen.yamlio import YamlDocument, shown_value


def _one_line_name(name: str) -> str:
    if any(ord(ch) < 32 or ord(ch) == 127 for ch in name):
        raise InvalidValue(Message("record.name_control"))
    return name


def _known_variant(variant: str) -> str:
    if variant not in VARIANTS:
        raise InvalidValue(Message("value.one_of", choices=list(VARIANTS), value=shown_value(variant)))
    return variant


PlayerName = Annotated[str, Field(min_length=1, max_length=40), AfterValidator(_one_line_name)]


class RecordOptions(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    threshold: int | None = None
    rounds: int | None = None
    free_companion: bool = False
    one_zero_each: bool = False
    max_players: int | None = None


Figure = Annotated[StrictInt, Field(ge=0, le=99_999)]  # a score or a total a table wrote down


class Round(BaseModel):
    model_config = ConfigDict(extra="forbid")
    rows: list[list[Any]] | None = None  # None: the draft gives them, or only the scores are written
    draft: list[Any] | None = Field(default=None, max_length=100)  # Pro: the picks in order
    hands: dict[str, list[Any]] = {}
    turns: list[dict[str, Any]] = []
    scores: dict[str, Figure] | None = None  # the round's scores as the table wrote them
    totals: dict[str, Figure] | None = None  # the totals after it, as written


class Before(BaseModel):
    """A game entered from the middle: how many rounds were played before, and their totals."""

    model_config = ConfigDict(extra="forbid")
    rounds: Annotated[StrictInt, Field(ge=1, le=999)]
    totals: dict[str, Figure]


class Record(BaseModel):
    model_config = ConfigDict(extra="forbid")
    variant: Annotated[str, AfterValidator(_known_variant)]
    options: RecordOptions = RecordOptions()
    set: str | None = Field(default=None, min_length=1, max_length=1000)  # a card set, beside the record
    players: list[PlayerName] = Field(max_length=99)
    before: Before | None = None
    rounds: list[Round] = []


class RecordReader:
    """Reads a record's cards and plays; a zero card is written 0 and read as the first
    zero card (the replay gives each player the zero cards they may still play)."""

    def __init__(self, doc: YamlDocument, options: Options, names: list[str], pool: CardPool) -> None:
        self.doc = doc
        self.options = options
        self.names = names
        self.seats = {name: seat for seat, name in enumerate(names)}
        self.deck = set(options.rules.deck(len(names), pool))
        self.highest = pool.numbered[-1]
        self.zeros = pool.zeros

    def card(self, path, raw) -> int:
        """A card of the record as a card id (a zero card as the first one; the replay picks which)."""
        not_a_card = Message("record.not_a_card", highest=self.highest, value=shown_value(raw))
        if isinstance(raw, bool):
            raise self.doc.error(path, not_a_card)
        if isinstance(raw, str):
            try:
                raw = float(raw) if "." in raw else int(raw)
            except ValueError:
                raise self.doc.error(path, not_a_card) from None
        if isinstance(raw, int) and 0 <= raw <= self.highest:
            return ZERO_CARDS[0] if raw == 0 else raw
        if isinstance(raw, float) and 0 <= raw < 1 and abs(raw * 10 - round(raw * 10)) < 1e-9:
            return joker(round(raw * 10))
        raise self.doc.error(path, not_a_card)

    def rows(self, path, raw_rows: list[list[Any]]) -> list[list[int]]:
        rules = self.options.rules
        if len(raw_rows) != rules.rows:
            raise self.doc.error(path, Message("record.rows_count", rows=rules.rows, written=len(raw_rows)))
        rows = []
        for index, raw_row in enumerate(raw_rows):
            row_path = path + (index,)
            if not 1 <= len(raw_row) <= rules.row_limit:
                raise self.doc.error(row_path, Message("record.row_length", most=rules.row_limit, written=len(raw_row)))
            row = [self.card(row_path + (place,), raw) for place, raw in enumerate(raw_row)]
            for place, card in enumerate(row):
                if not is_numbered(card):
                    raise self.doc.error(row_path + (place,), Message("record.rows_numbered"))
                if card not in self.deck:
                    raise self.doc.error(row_path + (place,), self._not_in_deck(card))
            if self.options.rules.rows_increase and any(a >= b for a, b in zip(row, row[1:])):
                raise self.doc.error(row_path, Message("record.row_increases"))
            rows.append(row)
        self._no_card_twice(path, [(path + (r, p), card) for r, row in enumerate(rows) for p, card in enumerate(row)])
        return rows

    def _not_in_deck(self, card: int) -> Message:
        return Message("record.not_in_deck", card=face(card), deck=self.options.rules.deck_words(len(self.names)))

    def hands(self, path, raw_hands: dict[str, list[Any]], rows: list[list[int]]) -> list[list[int] | None]:
        hands: list[list[int] | None] = [None] * len(self.names)
        placed = [(None, card) for row in rows for card in row]
        named = {
            self._zero(path + (name, place), raw)
            for name, hand in raw_hands.items()
            for place, raw in enumerate(hand)
            if isinstance(raw, dict)
        }
        zeros = (card for card in ZERO_CARDS if card not in named)  # for each 0: the next one no hand names
        for name, raw_hand in raw_hands.items():
            if name not in self.seats:
                raise self.doc.error(path + (name,), Message("record.not_a_player", name=name))
            hand = []
            for place, raw in enumerate(raw_hand):
                if isinstance(raw, dict):
                    card = self._zero(path + (name, place), raw)
                else:
                    card = self.card(path + (name, place), raw)
                if is_zero(card) and not isinstance(raw, dict):
                    zero = next(zeros, None)
                    if zero is None:
                        raise self.doc.error(
                            path + (name, place), Message("record.zero_cards_out", count=len(ZERO_CARDS))
                        )
                    card = zero
                if card not in self.deck:
                    raise self.doc.error(path + (name, place), self._not_in_deck(card))
                hand.append(card)
                placed.append((path + (name, place), card))
            overflow = self.options.rules.hand_overflow(hand)
            if overflow:
                raise self.doc.error(path + (name,), overflow)
            hands[self.seats[name]] = hand
        self._no_card_twice(path, placed)
        return hands

    def figures(self, path, written: dict[str, int], every: bool = False) -> list[int | None]:
        """Scores or totals written by player name, by seat (None: not written); `every`:
        each player must have one."""
        figures: list[int | None] = [None] * len(self.names)
        for name, figure in written.items():
            if name not in self.seats:
                raise self.doc.error(path + (name,), Message("record.not_a_player", name=name))
            figures[self.seats[name]] = figure
        missing = [name for name, figure in zip(self.names, figures) if figure is None]
        if every and missing:
            raise self.doc.error(path, Message("referee.figure_missing", names=missing))
        return figures

    def draft(self, path, raw_picks: list[Any]) -> list[int]:
        """Pro's draft: the cards picked, in order from the round's first chooser."""
        rules = self.options.rules
        if not rules.drafts:
            raise self.doc.error(path, Message("referee.not_drafted", variant=rules.words))
        picks = len(self.names) * rules.hand["numbered card"]
        if len(raw_picks) != picks:
            said = Message("referee.draft_length", players=len(self.names), picks=picks, written=len(raw_picks))
            raise self.doc.error(path, said)
        return [self.card(path + (index,), raw) for index, raw in enumerate(raw_picks)]

    def _zero(self, path, raw: dict) -> int:
        """A zero card named by its place among the set's zero cards: {zero: 3}, where they
        differ in bull heads (a plain 0 is any zero card no hand names)."""
        number = raw.get("zero") if set(raw) == {"zero"} else None
        if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= len(self.zeros):
            raise self.doc.error(path, Message("referee.zero_card_form", most=len(self.zeros)))
        return self.zeros[number - 1]

    def _no_card_twice(self, path, placed) -> None:
        seen = set()
        for where, card in placed:
            if card in seen:
                raise self.doc.error(where or path, Message("record.card_twice", card=face(card)))
            seen.add(card)

    def plays(self, path, turn: dict[str, Any]) -> list[Play | None]:
        plays: list[Play | None] = [None] * len(self.names)
        for name, raw in turn.items():
            if name not in self.seats:
                raise self.doc.error(path + (name,), Message("record.not_a_player", name=name))
            seat = self.seats[name]
            plays[seat] = self._play(path + (name,), raw)
        return plays

    def _play(self, path, raw) -> Play:
        if isinstance(raw, dict):
            unknown = set(raw) - {"card", "cards", "take", "row"}
            if unknown:
                raise self.doc.error(path + (sorted(unknown)[0],), Message("record.play_field"))
            if ("card" in raw) == ("cards" in raw):
                raise self.doc.error(path, Message("record.play_card_or_cards"))
            cards = self._cards(path, raw["card"]) if "card" in raw else self._cards(path + ("cards",), raw["cards"])
            take, row = (self._row_number(path + (key,), raw.get(key)) for key in ("take", "row"))
            return Play(cards, take, row)
        return Play(self._cards(path, raw))

    def _cards(self, path, raw) -> tuple[int, ...]:
        if isinstance(raw, list):
            return tuple(self.card(path + (index,), item) for index, item in enumerate(raw))
        return (self.card(path, raw),)

    def _row_number(self, path, raw) -> int | None:
        if raw is None:
            return None
        if isinstance(raw, bool) or not isinstance(raw, int):
            raise self.doc.error(
                path, Message("record.row_number", rows=self.options.rules.rows, value=shown_value(raw))
            )
        return raw - 1
