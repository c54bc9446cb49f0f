"""Card sets: which cards exist, their values and bull heads (templates/sets/*.yaml)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path
from typing import TYPE_CHECKING, Literal, get_args

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, field_validator

from cardgen.errors import InputError, InvalidValue, Mistakes
from cardgen.messages import Message
from cardgen.model.shapes import Box, Colour
from cardgen.paths import TEMPLATES, bundled_names, confined_file, find_data_file
from cardgen.tables import TABLE_SUFFIXES, Cell, TableDocument, WithTable, read_table
from cardgen.yamlio import FieldPath, Mistake, YamlDocument, checked, load_yaml, one_line, shown_value

if TYPE_CHECKING:
    from cardgen.model.pictures import Picture

SETS_DIR = TEMPLATES / "sets"
CardKind = Literal["number", "zero", "joker", "blank"]
MAX_VALUE = 999  # a printed value has at most three digits before the point
MAX_CARDS = 2000
MAX_COPIES = 100
PICTURE_SUFFIXES = (".png", ".jpg", ".jpeg", ".svg")


class Card(BaseModel):
    """One card face. `value` is the printed value: 17, 0, or Decimal('0.4') for a joker."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str = Field(min_length=1, max_length=40)
    kind: CardKind
    # its bounds, checked by _printable_value, said in the fields' reference (cardgen help card.value)
    value: int | Decimal = Field(json_schema_extra={"minimum": -MAX_VALUE, "maximum": MAX_VALUE, "decimal_places": 3})
    heads: int = Field(ge=0, le=7)
    picture: str | None = Field(default=None, min_length=1, max_length=300)  # a PNG, JPEG or SVG file
    title: str | None = Field(default=None, min_length=1, max_length=80)  # one line on the front
    # lines in the style's text box: paragraphs, **bold**, *italic*, {bull} (cardgen.model.textbox)
    text: str | None = Field(default=None, min_length=1, max_length=2000)
    # copies printed: the same card, played once (for numbered cards, jokers and zeros, spares)
    count: int = Field(default=1, ge=1, le=MAX_COPIES)
    # what the card changes of its style, for itself alone
    box: Box | None = None  # where its picture goes (mm on the style's design size)
    fit: Literal["contain", "cover"] | None = None  # how its picture fills the box
    ink: Colour | None = None  # the value, indices, bull heads and title
    background: Colour | None = None  # around the panel and into the bleed

    _artwork: Picture | None = PrivateAttr(default=None)

    @property
    def artwork(self) -> Picture | None:
        """The picture file read and checked, for a card that names one (load_card_set reads it)."""
        return self._artwork

    @field_validator("value", mode="before")
    @classmethod
    def _exact_value(cls, value):
        if isinstance(value, bool) or not isinstance(value, (int, float, Decimal)):  # true is no 1, "105" no 105
            raise InvalidValue(Message("value.number_not", value=shown_value(value)))
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
            raise InvalidValue(Message("set.value_decimals"))
        if not -MAX_VALUE <= value <= MAX_VALUE:
            raise InvalidValue(Message("set.value_range", low=-MAX_VALUE, high=MAX_VALUE))
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
    cards: list[Card] = Field(min_length=1, max_length=MAX_CARDS)  # or a table file's rows: `cards: cards.csv`
    pictures: str | None = Field(default=None, min_length=1, max_length=300)  # a folder of pictures named by card id
    # A set that deliberately departs from the standard bull-head rule says so here.
    custom_heads: bool = False

    _doc: YamlDocument | None = PrivateAttr(default=None)
    _source_file: Path = PrivateAttr(default=SETS_DIR / "set.yaml")

    @property
    def doc(self) -> YamlDocument:
        """The file the set was read from, to point errors at its lines."""
        assert self._doc is not None, "load_card_set records the file of every set it reads"
        return self._doc

    def printed_cards(self) -> list[Card]:
        """The cards as they go on sheets: each `count` times, copies side by side."""
        return [card for card in self.cards for _ in range(card.count)]

    @property
    def source_file(self) -> Path:
        """The set's file: a `faces:` file is looked up beside it."""
        return Path(self._source_file)


def bundled_set_names() -> list[str]:
    return bundled_names(SETS_DIR)


def read_set_document(name_or_file: str | Path) -> tuple[YamlDocument, Path]:
    """A set's document and file: its YAML, with the rows of the table its `cards:` names
    (a .csv, .xlsx or .ods file beside it) in place of the list; a cell that is no value of
    its column's field left out of its row, and kept among the document's mistakes."""
    path, shown = find_data_file(name_or_file, SETS_DIR, "card set")
    doc = load_yaml(path, shown_as=shown)
    if isinstance(doc.data, dict) and isinstance(doc.data.get("cards"), str):
        file, shown = _table_file(doc, path)
        table = read_table(file, shown, max_rows=MAX_CARDS, what=Message("set.a_card_set"))
        _check_columns(table)
        mistakes: list[Mistake] = []
        table.data = [_card_record(table, index, record, mistakes) for index, record in enumerate(table.data)]
        doc = WithTable(doc, "cards", table)
        doc.mistakes = [(("cards", *where), problem) for where, problem in mistakes]
    return doc, path


def _table_file(doc: YamlDocument, path: Path) -> tuple[Path, str]:
    reference = doc.data["cards"]
    where = ("cards",)
    if not reference.lower().endswith(TABLE_SUFFIXES):
        raise doc.error(where, Message("set.cards_not_a_table", suffixes=", ".join(TABLE_SUFFIXES), value=reference))
    try:
        file = confined_file(reference, path.resolve().parent)
    except InputError as exc:
        raise doc.error(where, exc.message) from None
    if file is None:
        raise doc.error(where, Message("set.table_outside", name=reference))
    if not file.is_file():
        raise doc.error(where, Message("set.no_table", name=reference))
    return file, str(Path(doc.file).parent / reference)


def _check_columns(table: TableDocument) -> None:
    """Every column a card field: the columns that are not, refused, with the list of those that are."""
    columns = list(table_columns())
    unknown = [column for column in table.columns if column and column not in columns]
    if unknown:
        refused = Message("set.unknown_column", columns=columns)
        raise Mistakes([table.column_error(column, refused).message for column in unknown])


def _card_record(table: TableDocument, index: int, record: dict[str, Cell], mistakes: list[Mistake]) -> dict:
    """A row as a card's fields, each cell read as its field's type (a number is a number,
    text is text; "105" is 105, "1e2" no value and "true" no count; such a cell is added to
    `mistakes`); `box.width` and its like fill a field of a field."""
    columns = table_columns()
    card: dict = {}
    for column, cell in record.items():
        *parents, name = columns[column][0]
        annotation = columns[column][1]
        try:
            value = _typed(
                cell,
                whole=annotation is int,
                number=annotation in (int | Decimal, float),
                decimal_mark=table.decimal_mark,
            )
        except InvalidValue as exc:
            mistakes.append(((index, *parents, name), exc.message))
            continue
        target = card
        for parent in parents:
            target = target.setdefault(parent, {})
        target[name] = value
    return card


def table_columns() -> dict[str, tuple[tuple[str, ...], object]]:
    """Every column a table of cards may have, with its field's path and type: a card's
    fields, and those of a field that is a mapping as `box.x`, `box.width` …"""
    columns: dict[str, tuple[tuple[str, ...], object]] = {}
    for name, info in Card.model_fields.items():
        nested = [arg for arg in get_args(info.annotation) if isinstance(arg, type) and issubclass(arg, BaseModel)]
        if nested:
            for sub, sub_info in nested[0].model_fields.items():
                columns[f"{name}.{sub}"] = ((name, sub), sub_info.annotation)
        else:
            columns[name] = ((name,), info.annotation)
    return columns


_WHOLE = re.compile(r"-?[0-9]{1,10}")
_DECIMAL = re.compile(r"-?[0-9]{1,10}[.,][0-9]{1,10}")
_GROUPED = re.compile(r"-?[1-9][0-9]{0,2}([.,])[0-9]{3}")  # 1.000 or 1,000: a thousand, or one?

_DECIMALS_AS = {",": "table.decimals_comma", ".": "table.decimals_point"}  # how this file writes 0.4


def _typed(cell: Cell, whole: bool, number: bool, decimal_mark: str | None = ".") -> Cell | Decimal:
    """A text cell of a number field as the number it spells, strictly; a number cell of a
    text field as its digits. Anything else is left for the card's validation to judge.

    A decimal mark may be a point or a comma. `decimal_mark` is the one the file writes
    numbers with (a CSV file parted by semicolons: the comma), and the other one is a
    thousands separator there when it reads as one (1.000): such a cell is refused, never
    read as one or as a thousand; with no mark known (a spreadsheet's text cell), either is."""
    if isinstance(cell, bool):  # a spreadsheet's TRUE or FALSE
        said = str(cell).upper()
        raise InvalidValue(Message("value.number_not" if whole or number else "value.text_not", value=said))
    if not (whole or number):
        return str(cell) if isinstance(cell, int | float) else cell
    if isinstance(cell, str):
        text = cell.strip()
        if _WHOLE.fullmatch(text):
            return int(text)
        if number and _DECIMAL.fullmatch(text):
            grouped = _GROUPED.fullmatch(text)
            if grouped and grouped[1] != decimal_mark:
                example = Message(_DECIMALS_AS.get(decimal_mark or "", "table.decimals_either"))
                raise InvalidValue(Message("table.cell_grouped", cell=one_line(cell, 60), example=example))
            return Decimal(text.replace(",", "."))
        raise InvalidValue(Message("table.cell_whole" if whole else "table.cell_number", cell=one_line(cell, 60)))
    return cell


def load_card_set(name_or_file: str | Path) -> CardSet:
    """A bundled set by name (e.g. 'jokers') or a user's YAML file, its cards listed or in a
    table. Every mistake is said at once (Mistakes): each field's, each id used twice, each
    picture that cannot be read."""
    doc, path = read_set_document(name_or_file)
    card_set, mistakes = checked(doc, CardSet)
    cards = _raw_cards(doc)
    mistakes += _repeated_ids(doc, cards)
    pictures = _read_pictures(doc, cards, path.resolve().parent, mistakes)
    if card_set is None or mistakes:
        raise doc.errors(mistakes)
    card_set._doc, card_set._source_file = doc, path
    for index, picture in pictures.items():
        card_set.cards[index]._artwork = picture
    return card_set


def _raw_cards(doc: YamlDocument) -> list[dict]:
    """The cards as the file gives them, before they are validated ({} for an item that is no mapping)."""
    cards = doc.data.get("cards") if isinstance(doc.data, dict) else None
    return [card if isinstance(card, dict) else {} for card in cards] if isinstance(cards, list) else []


def _repeated_ids(doc: YamlDocument, cards: list[dict]) -> list[Mistake]:
    """Each card whose id an earlier card has, naming that card."""
    seen: dict[str, int] = {}
    mistakes: list[Mistake] = []
    for index, card in enumerate(cards):
        card_id = card.get("id")
        if not isinstance(card_id, str):
            continue
        if card_id in seen:
            other = doc.place(("cards", seen[card_id]))
            used = Message("set.duplicate_id", id=card_id, card=seen[card_id] + 1, place=other)
            mistakes.append((("cards", index, "id"), used))
        else:
            seen[card_id] = index
    return mistakes


def _read_pictures(doc: YamlDocument, cards: list[dict], folder: Path, mistakes: list[Mistake]) -> dict[int, Picture]:
    """Each card's picture, by the card's index: the file its `picture:` names (beside the file
    that lists the cards), else the one of its id in the set's `pictures:` folder; each that
    cannot be read added to `mistakes`."""
    from cardgen.model.pictures import find_pictures  # pillow loads only for a set with pictures

    by_id = _pictures_by_id(doc, cards, folder, mistakes)
    wanted: list[tuple[int, FieldPath, str, Path]] = []
    for index, card in enumerate(cards):
        picture, card_id = card.get("picture"), card.get("id")
        if isinstance(picture, str) and picture:
            where: FieldPath = ("cards", index, "picture")
            wanted.append((index, where, picture, doc.folder_of(where) or folder))
        elif picture is None and isinstance(card_id, str) and card_id in by_id:
            wanted.append((index, ("pictures",), by_id[card_id], folder))
    found = find_pictures([(reference, base) for _, _, reference, base in wanted])
    pictures = {}
    for (index, where, _, _), picture in zip(wanted, found):
        if isinstance(picture, InputError):
            mistakes.append((where, picture.message))
        else:
            pictures[index] = picture
    return pictures


def _pictures_by_id(doc: YamlDocument, cards: list[dict], folder: Path, mistakes: list[Mistake]) -> dict[str, str]:
    """The `pictures:` folder's PNG, JPEG and SVG files by name without suffix, as paths
    from the set's folder; a name with two such files is refused, as no one could say which."""
    named = doc.data.get("pictures") if isinstance(doc.data, dict) else None
    if not isinstance(named, str) or not named:
        return {}
    try:
        found = confined_file(named, folder)
    except InputError as exc:
        mistakes.append((("pictures",), exc.message))
        return {}
    if found is None or not found.is_dir():
        mistakes.append((("pictures",), Message("set.no_pictures_folder", name=named)))
        return {}
    by_id: dict[str, list[str]] = {}
    for entry in sorted(found.iterdir()):
        if entry.suffix.lower() in PICTURE_SUFFIXES and entry.is_file():
            by_id.setdefault(entry.stem, []).append(f"{named.rstrip('/')}/{entry.name}")
    for card in cards:
        card_id = card.get("id")
        if card.get("picture") is None and isinstance(card_id, str) and len(by_id.get(card_id, ())) > 1:
            mistakes.append((("pictures",), Message("set.two_pictures", id=card_id, files=by_id[card_id])))
    return {name: files[0] for name, files in by_id.items()}
