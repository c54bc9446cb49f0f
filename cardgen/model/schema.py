"""Every field a designer writes in a card set, a face style and a layout, described from
the models that validate them: the value each takes in words, its bounds and its default
from the model itself (pydantic's constraints, annotated_types), its meaning and a short
example from the message catalogues. There is no second description: a field added to a
model is in the reference at once, and a test fails until it has words in every language.

Each model is a section, keyed by its class's name in snake case (`CardSet` → `card_set`);
each of its fields an entry, keyed `section.field` (`card.heads`). Their words:

    schema.SECTION                  the section's title
    schema.SECTION.about            what it is
    schema.SECTION.FIELD            what the field means
    schema.SECTION.FIELD.example    a value of it, as YAML

A field a model inherits is described once, in the section of the model that declares it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from decimal import Decimal
from functools import cache
from types import NoneType, UnionType
from typing import Annotated, Any, Literal, Union, get_args, get_origin

import annotated_types
from pydantic import BaseModel
from pydantic.fields import FieldInfo
from pydantic_core import PydanticUndefined

from cardgen.messages import Message
from cardgen.model.cards import CardSet
from cardgen.model.faces import FaceStyle, OwnSymbol
from cardgen.model.layout import Layout
from cardgen.model.shapes import Colour
from cardgen.yamlio import FieldPath

ROOTS: tuple[type[BaseModel], ...] = (CardSet, FaceStyle, Layout)  # the files a designer writes
# Fields a file's loader reads before the model sees it (cardgen.yamlio.load_extended).
EXTENDS = "extends"
EXTENDED = (FaceStyle, Layout)
# Metadata that says what else a value may be written as: `Colour`'s check, and a picture's
# file name standing for `{file: NAME}` (`OwnSymbol`).
_COLOUR = get_args(Colour)[1]
_FILE_ALONE = get_args(OwnSymbol)[1]


@dataclass(frozen=True)
class Bounds:
    """What a value's constraints allow: numbers (ge, gt, le, lt), the length of a text or a
    list (min_length, max_length), the decimals of a number (decimal_places)."""

    ge: float | None = None
    gt: float | None = None
    le: float | None = None
    lt: float | None = None
    min_length: int | None = None
    max_length: int | None = None
    decimal_places: int | None = None

    def given(self) -> dict[str, float]:
        return {name: value for name, value in vars(self).items() if value is not None}


@dataclass(frozen=True)
class Shape:
    """What a value may be: `what` is one of whole, number, text, colour, yes_no, words,
    model, file_name, list, mapping, pair, either; `items` the shapes inside it (a list's
    item, a mapping's key and value, a pair's two, the members of an either)."""

    what: str
    bounds: Bounds = Bounds()
    words: tuple[Any, ...] = ()  # the words a `words` shape allows
    model: type[BaseModel] | None = None
    items: tuple[Shape, ...] = ()

    def models(self) -> list[type[BaseModel]]:
        """The models this shape holds, outermost first."""
        found = [self.model] if self.model else []
        return found + [model for item in self.items for model in item.models()]

    def said(self) -> Message:
        """The shape in words, its bounds included: "a whole number from 0 to 7"."""
        inner = [item.said() for item in self.items]
        if self.what == "either":  # "a number from 0 to 100; or the word shared"
            said = inner[-1]
            for first in reversed(inner[:-1]):
                said = Message("schema.kind.either", first=first, second=said)
            return said
        if self.what == "words":
            one = len(self.words) == 1
            return Message("schema.kind.word" if one else "schema.kind.words", words=list(map(str, self.words)))
        if self.what == "model":
            assert self.model is not None
            return Message("schema.kind.model", section=title_of(self.model))
        if self.what == "list" and self.bounds.given():
            low, high = self.bounds.min_length, self.bounds.max_length
            return Message("schema.kind.list_of", item=inner[0], low=low, high=high)
        if self.what == "list":
            return Message("schema.kind.list", item=inner[0])
        if self.what == "mapping":
            return Message("schema.kind.mapping", key=inner[0], value=inner[1])
        if self.what == "pair":
            return Message("schema.kind.pair", item=inner[0])
        return _bounded(Message(f"schema.kind.{self.what}"), self.bounds, self.what)


def _bounded(kind: Message, bounds: Bounds, what: str) -> Message:
    """`kind` with its bounds: a number's range, a text's length, its decimals."""
    given = bounds.given()
    places = given.pop("decimal_places", None)
    if given:
        # the combinations the models use; a new one fails here (and in the tests) until it has words
        combination, (low, high) = _COMBINATIONS[(what == "text", *sorted(given))]
        family = "schema.length" if what == "text" else "schema.bounds"
        named = {param: given[name] for param, name in (("low", low), ("high", high)) if name}
        kind = Message(f"{family}.{combination}", kind=kind, **named)
    if places is not None:
        kind = Message("schema.bounds.decimals", kind=kind, places=places)
    return kind


# (a text's length?, the bounds given, sorted) → the words' id, and which bound is the low one and the high one
_COMBINATIONS = {
    (False, "ge", "le"): ("range", ("ge", "le")),
    (False, "gt", "le"): ("above_up_to", ("gt", "le")),
    (True, "max_length", "min_length"): ("range", ("min_length", "max_length")),
    (True, "max_length"): ("at_most", ("", "max_length")),
}


def shape_of(annotation: Any, metadata: list | tuple = ()) -> Shape:
    """The shape of a value of `annotation`, with its constraints (`metadata`)."""
    metadata = list(metadata)
    if get_origin(annotation) is Annotated:
        base, *more = get_args(annotation)
        return shape_of(base, [*more, *metadata])
    for item in list(metadata):  # Field(ge=…) inside an Annotated: its constraints
        if isinstance(item, FieldInfo):
            metadata += item.metadata
    if get_origin(annotation) in (Union, UnionType):
        members = [member for member in get_args(annotation) if member is not NoneType]
        if set(members) == {int, Decimal}:  # a card's value: any number
            return shape_of(Decimal, metadata)
        if len(members) > 1 or _FILE_ALONE in metadata:
            shapes = [shape_of(member) for member in members]
            if _FILE_ALONE in metadata:
                shapes.append(Shape("file_name"))
            return Shape("either", items=tuple(shapes))
        return shape_of(members[0], metadata)
    if get_origin(annotation) is Literal:
        return Shape("words", words=get_args(annotation))
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return Shape("model", model=annotation)
    bounds = _bounds_of(metadata)
    origin, args = get_origin(annotation), get_args(annotation)
    if origin is list:
        return Shape("list", bounds, items=(shape_of(args[0]),))
    if origin is dict:
        return Shape("mapping", items=(shape_of(args[0]), shape_of(args[1])))
    if origin is tuple:
        assert len(set(args)) == 1, "a tuple of one kind of value: a pair"
        return Shape("pair", items=(shape_of(args[0]),))
    if annotation is bool:
        return Shape("yes_no")
    if annotation is int:
        return Shape("whole", bounds)
    if annotation in (float, Decimal):
        return Shape("number", bounds)
    if annotation is str:
        return Shape("colour" if _COLOUR in metadata else "text", bounds)
    raise TypeError(f"no words for a value of {annotation!r}")


def _bounds_of(metadata: list) -> Bounds:
    found: dict[str, Any] = {}
    for item in metadata:
        for name in ("ge", "gt", "le", "lt", "min_length", "max_length", "decimal_places"):
            if isinstance(item, annotated_types.BaseMetadata) and hasattr(item, name):
                found[name] = getattr(item, name)
        if isinstance(item, dict):  # json_schema_extra: bounds a validator enforces
            found |= {name: item[key] for key, name in _SCHEMA_WORDS.items() if key in item}
    return Bounds(**found)


# JSON Schema's words for the bounds a field's validator checks, given in json_schema_extra
_SCHEMA_WORDS = {"minimum": "ge", "maximum": "le", "decimal_places": "decimal_places"}


@dataclass(frozen=True, eq=False)  # each made once (sections() is cached): one entry, one object
class Entry:
    """One field of a section."""

    section: str  # its section's key
    name: str  # as a file writes it
    shape: Shape
    required: bool
    default: Any  # the value when left out (a model: each of its fields'); None: nothing
    info: FieldInfo | None = None  # None: a field the loader reads (`extends`)

    @property
    def key(self) -> str:
        return f"{self.section}.{self.name}"

    def meaning(self) -> Message:
        return Message(f"schema.{self.key}")

    def example(self) -> Message:
        return Message(f"schema.{self.key}.example")

    def default_said(self) -> Message | str | None:
        """The default as the reference shows it: YAML, or in words (none, the defaults of a
        mapping's fields); None for a field that must be given."""
        if self.required:
            return None
        if self.default is None:
            return Message("schema.default.none")
        if isinstance(self.default, BaseModel):
            return Message("schema.default.fields")
        return as_yaml(self.default)


@dataclass(frozen=True, eq=False)
class Section:
    """A model: its key, its fields, and where it is used."""

    key: str
    model: type[BaseModel]
    root: str  # the key of the file's model it is first reached from (card_set, face_style, layout)
    entries: tuple[Entry, ...]
    base: str | None = None  # the section whose fields it has too (a joker: a special card's)
    used_in: tuple[str, ...] = field(default=())  # the entries whose value it is

    def title(self) -> Message:
        return title_of(self.model)

    def about(self) -> Message:
        return Message(f"schema.{self.key}.about")


def key_of(model: type[BaseModel]) -> str:
    """`CardSet` → `card_set`."""
    return re.sub(r"(?<!^)(?=[A-Z])", "_", model.__name__).lower()


def title_of(model: type[BaseModel]) -> Message:
    return Message(f"schema.{key_of(model)}")


@cache
def sections() -> tuple[Section, ...]:
    """Every model a designer's file holds, in the order a reader meets them: each file's
    model, then the models inside it, depth first."""
    found: dict[type[BaseModel], tuple[str, list[Entry]]] = {}
    used: dict[type[BaseModel], list[str]] = {}

    def visit(model: type[BaseModel], root: str) -> None:
        if model in found:
            return
        entries = _entries_of(model)
        found[model] = (root, entries)
        for base in _model_bases(model):
            visit(base, root)
        for entry in entries:
            for inner in entry.shape.models():
                used.setdefault(inner, []).append(entry.key)
                visit(inner, root)

    for root in ROOTS:
        visit(root, key_of(root))
    return tuple(
        Section(
            key_of(model),
            model,
            root,
            tuple(entries),
            next((key_of(base) for base in _model_bases(model)), None),
            tuple(dict.fromkeys(used.get(model, ()))),
        )
        for model, (root, entries) in found.items()
    )


def _model_bases(model: type[BaseModel]) -> list[type[BaseModel]]:
    """The models whose fields `model` inherits (not the private bases that only configure)."""
    return [
        base
        for base in model.__bases__
        if issubclass(base, BaseModel) and base is not BaseModel and not base.__name__.startswith("_")
    ]


def _entries_of(model: type[BaseModel]) -> list[Entry]:
    inherited = {name for base in _model_bases(model) for name in base.model_fields}
    section = key_of(model)
    entries = [Entry(section, EXTENDS, Shape("text"), False, None)] if model in EXTENDED else []
    for name, info in model.model_fields.items():
        if name in inherited:
            continue
        assert name != "about", "a field named 'about' would share its id with its section's words"
        required = info.default is PydanticUndefined and info.default_factory is None
        default = None if required else info.get_default(call_default_factory=True)
        extra = [info.json_schema_extra] if isinstance(info.json_schema_extra, dict) else []
        entries.append(
            Entry(section, name, shape_of(info.annotation, [*info.metadata, *extra]), required, default, info)
        )
    return entries


def section(key: str) -> Section | None:
    return next((found for found in sections() if found.key == key), None)


def entries() -> list[Entry]:
    return [entry for found in sections() for entry in found.entries]


def entry_at(path: FieldPath) -> Entry | None:
    """The entry of the field at `path` in a file of any kind (`("cards", 2, "heads")` →
    card.heads; `tones.3.border` → tone.border), the first kind of file that has it."""
    for root in ROOTS:
        found = _entry_in(root, path)
        if found is not None:
            return found
    return None


def entry_in(root_key: str, path: FieldPath) -> Entry | None:
    """The entry of the field at `path` in a file whose model is `root_key` (card_set,
    face_style, layout): where an error found in such a file points."""
    root = next((model for model in ROOTS if key_of(model) == root_key), None)
    return None if root is None else _entry_in(root, path)


def _entry_in(model: type[BaseModel], path: FieldPath) -> Entry | None:
    names = [part for part in path if not (isinstance(part, int) or str(part).isdigit())]
    found: Entry | None = None
    for name in names:
        if model is None:
            return None
        found = _field_entry(model, str(name))
        if found is None:
            return None
        model = next(iter(found.shape.models()), None)  # type: ignore[assignment]
    return found


def _field_entry(model: type[BaseModel], name: str) -> Entry | None:
    for owner in (model, *_model_bases(model)):
        own = section(key_of(owner))
        match = next((entry for entry in own.entries if entry.name == name), None) if own else None
        if match is not None:
            return match
    return None


def parse_path(text: str) -> FieldPath:
    """`cards[2].heads` or `tones.3.border` as a path: names, and numbers as ints."""
    parts = [part for part in re.split(r"[.\[\]]+", text.strip()) if part]
    return tuple(int(part) if part.isdigit() else part for part in parts)


def as_yaml(value: Any) -> str:
    """A value as a YAML file writes it on one line (`2.5`, `lines`, `[value, index]`, `'#ffffff'`)."""
    import yaml

    def plain(item: Any) -> Any:
        if isinstance(item, BaseModel):
            return plain(item.model_dump())
        if isinstance(item, float) and item.is_integer():
            return int(item)
        if isinstance(item, dict):
            return {key: plain(value) for key, value in item.items()}
        if isinstance(item, list | tuple):
            return [plain(value) for value in item]
        return item

    text = yaml.safe_dump(plain(value), default_flow_style=True, width=1_000_000, allow_unicode=True)
    return text.removesuffix("\n").removesuffix("\n...").strip()
