"""Card sets: which cards exist, their values and bull heads (templates/sets/*.yaml)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, field_validator

from cardgen.errors import InputError
from cardgen.paths import TEMPLATES, bundled_names, find_data_file
from cardgen.yamlio import YamlDocument, load_yaml, validate

if TYPE_CHECKING:
    from cardgen.model.pictures import Picture

SETS_DIR = TEMPLATES / "sets"
CardKind = Literal["number", "zero", "joker", "blank"]
MAX_VALUE = 999  # a printed value has at most three digits before the point


class Card(BaseModel):
    """One card face. `value` is the printed value: 17, 0, or Decimal('0.4') for a joker."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str = Field(min_length=1, max_length=40)
    kind: CardKind
    value: int | Decimal
    heads: int = Field(ge=0, le=7)
    picture: str | None = Field(default=None, min_length=1, max_length=300)  # a PNG, JPEG or SVG file
    title: str | None = Field(default=None, min_length=1, max_length=80)  # one line on the front

    _artwork: Picture | None = PrivateAttr(default=None)

    @property
    def artwork(self) -> Picture | None:
        """The picture file read and checked, for a card that names one (load_card_set reads it)."""
        return self._artwork

    @field_validator("value", mode="before")
    @classmethod
    def _exact_value(cls, value):
        if isinstance(value, bool) or not isinstance(value, (int, float, Decimal)):  # true is no 1, "105" no 105
            raise ValueError(f"must be a number, not {json.dumps(value, default=str)}")
        if isinstance(value, float):  # jokers: keep 0.4 exact, never a binary float
            return Decimal(str(value))
        return value

    @field_validator("value")
    @classmethod
    def _printable_value(cls, value):
        # checked before anything formats it: Decimal('1e999999999') would print a billion digits
        # a Decimal that is not finite has a letter for its exponent ('n', 'N' or 'F')
        exponent = value.as_tuple().exponent if isinstance(value, Decimal) else 0
        if not isinstance(exponent, int) or exponent < -3:
            raise ValueError("must be a number with at most three decimals")
        if not -MAX_VALUE <= value <= MAX_VALUE:
            raise ValueError(f"must be a number from -{MAX_VALUE} to {MAX_VALUE}")
        return value

    def label(self) -> str:
        """The value as printed, a joker's with a decimal point (0.4; see texts.with_decimal_separator)."""
        if self.kind == "joker":
            return f"{self.value:.1f}"
        return "" if self.kind == "blank" else str(self.value)


@dataclass(frozen=True)
class RulesCard:
    """The card-size reference card of a variant, printed on a sheet beside a set's cards
    (the zero cards' glue sheet fills its eighth slot with Plus's)."""

    variant: str
    kind: Literal["reference"] = "reference"

    @property
    def id(self) -> str:
        return f"reference-{self.variant}"

    def label(self) -> str:
        return ""


SheetCard = Card | RulesCard  # what a slot of a card sheet holds


class CardSet(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str = Field(min_length=1, max_length=60)
    title: str = Field(min_length=1, max_length=120)
    faces: str = "standard"
    cards: list[Card] = Field(min_length=1, max_length=2000)
    # A set that deliberately departs from the standard bull-head rule says so here.
    custom_heads: bool = False

    _doc: YamlDocument | None = PrivateAttr(default=None)
    _source_file: Path = PrivateAttr(default=SETS_DIR / "set.yaml")

    @property
    def doc(self) -> YamlDocument:
        """The file the set was read from, to point errors at its lines."""
        assert self._doc is not None, "load_card_set records the file of every set it reads"
        return self._doc

    @property
    def source_file(self) -> Path:
        """The set's file: a `faces:` file is looked up beside it."""
        return Path(self._source_file)


def bundled_set_names() -> list[str]:
    return bundled_names(SETS_DIR)


def load_card_set(name_or_file: str | Path) -> CardSet:
    """A bundled set by name (e.g. 'jokers') or a user's YAML file."""
    path, shown = find_data_file(name_or_file, SETS_DIR, "card set")
    doc = load_yaml(path, shown_as=shown)
    card_set = validate(doc, CardSet)
    card_set._doc, card_set._source_file = doc, path
    seen: dict[str, int] = {}
    for index, card in enumerate(card_set.cards):
        if card.id in seen:
            raise doc.error(("cards", index, "id"), f"the id {card.id!r} is already used by card {seen[card.id] + 1}")
        seen[card.id] = index
    _read_pictures(card_set, doc, path.resolve().parent)
    return card_set


def _read_pictures(card_set: CardSet, doc: YamlDocument, folder: Path) -> None:
    from cardgen.model.pictures import find_picture  # pillow loads only for a set with pictures

    for index, card in enumerate(card_set.cards):
        if card.picture is None:
            continue
        try:
            card._artwork = find_picture(card.picture, folder)
        except InputError as exc:
            raise doc.error(("cards", index, "picture"), str(exc)) from None
