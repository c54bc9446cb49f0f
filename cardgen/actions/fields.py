"""What an action takes, each parameter declared once: its kind (and so its bounds and
choices), its default, which faces offer it (the command line, the studio's form), and its
words in every language, from the message catalogues:

    field.NAME          its label (the studio's question, the start of the command's help)
    field.NAME.help     what it does (the command's --help, the hint under the studio's field)
    field.NAME.VALUE    a choice's words, where the values are not words themselves

A value given as text (a command-line word, a form's field) becomes a value here, or a
`Refused` that says why in one sentence; the face says which option or field it was.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from cardgen.errors import CardgenError, InputError
from cardgen.messages import Message


class Refused(InputError):
    """A value a field does not take; `field` is the field, for the face to name it."""

    def __init__(self, message: Message, name: str = ""):
        super().__init__(message)
        self.field = name


def as_given(text: Any) -> str:
    """A value as it was given, for a refusal to quote: on one line, and cut short (a form's
    field may hold thousands of digits)."""
    from cardgen.yamlio import one_line

    return one_line(str(text), MOST_QUOTED)


MOST_QUOTED = 60


class Kind:
    """How a text becomes a value."""

    def parse(self, text: str) -> Any:
        return text

    def choices(self) -> tuple[str, ...] | None:
        return None

    def shown(self, value: Any) -> str:
        """The value as a command line (or a form) writes it back."""
        return str(value)


@dataclass(frozen=True)
class OneOf(Kind):
    """One of some words (or of what `values()` gives, looked up when asked: the variants)."""

    values: tuple[str, ...] | Callable[[], Iterable[str]]

    def choices(self) -> tuple[str, ...]:
        return tuple(self.values() if callable(self.values) else self.values)

    def parse(self, text: str) -> str:
        allowed = self.choices()
        found = {value.lower(): value for value in allowed}.get(str(text).strip().lower())
        if found is None:
            raise Refused(Message("cli.not_one_of", value=as_given(text), choices=list(allowed)))
        return found


@dataclass(frozen=True)
class Whole(Kind):
    """A whole number from `low` to `high` (either may be open)."""

    low: int | None = None
    high: int | None = None

    def parse(self, text: str) -> int:
        given = str(text).strip()
        try:
            value = int(given)
        except ValueError:  # also more than the 4,300 digits Python reads
            raise Refused(Message("cli.not_whole", value=as_given(given))) from None
        if self.low is not None and value < self.low and self.high is None:
            raise Refused(Message("cli.too_small", value=as_given(given), low=self.low))
        if (self.low is not None and value < self.low) or (self.high is not None and value > self.high):
            raise Refused(Message("cli.out_of_range", value=as_given(given), low=self.low, high=self.high))
        return value


@dataclass(frozen=True)
class Decimal(Kind):
    """A number, written with a decimal point or a decimal comma (0.75 or 0,75)."""

    low: float | None = None
    high: float | None = None

    def parse(self, text: str) -> float:
        try:
            value = float(str(text).strip().replace(",", "."))
        except ValueError:
            raise Refused(Message("cli.not_a_number", value=as_given(text))) from None
        if (self.low is not None and value < self.low) or (self.high is not None and value > self.high):
            raise Refused(Message("cli.out_of_range", value=value, low=self.low, high=self.high))
        return value

    def shown(self, value: Any) -> str:
        return f"{value:g}"


@dataclass(frozen=True)
class Text(Kind):
    """Some words, at most `longest` characters; empty is no value. `whole`: kept as written,
    spaces and line ends included (a YAML text)."""

    longest: int = 200
    whole: bool = False

    def parse(self, text: str) -> str | None:
        value = str(text) if self.whole else str(text).strip()
        if len(value) > self.longest:
            raise Refused(Message("field.too_long", longest=self.longest))
        return value or None


@dataclass(frozen=True)
class Parsed(Kind):
    """A text the library reads itself (a back offset, a ruler's measure): `read` gives the
    value or says why not; the text is kept as it was written, for the command line."""

    read: Callable[[str], Any]
    longest: int = 60

    def parse(self, text: str) -> str | None:
        value = Text(self.longest).parse(text)
        if value is not None:
            try:
                self.read(value)
            except CardgenError as exc:
                said = exc.message if isinstance(exc.message, Message) else Message("cli.as_is", text=str(exc))
                raise Refused(said) from None
        return value


@dataclass(frozen=True)
class Output(Kind):
    """Where the command line writes what it made: a folder (`folder`), a file, or either
    (None: a file when one is made, else a folder). The studio never writes there."""

    folder: bool | None = True

    def parse(self, text: str):
        from pathlib import Path

        path = Path(str(text))
        if self.folder is True and path.is_file():
            raise Refused(Message("cli.output_is_file", path=str(path)))
        if self.folder is False and path.is_dir():
            raise Refused(Message("cli.output_is_folder", path=str(path)))
        return path


class Flag(Kind):
    """Yes or no: a command line's flag, a form's box or its yes/no."""

    def parse(self, text: str) -> bool:
        word = str(text).strip().lower()
        if word in ("", "no", "false", "0", "off"):
            return False
        if word in ("yes", "true", "1", "on"):
            return True
        raise Refused(Message("cli.not_one_of", value=as_given(text), choices=["yes", "no"]))


@dataclass(frozen=True)
class Field:
    """One parameter of an action."""

    name: str
    kind: Kind = field(default_factory=Kind)
    default: Any = None
    many: bool = False  # repeatable: --set a --set b
    required: bool = False
    cli: bool = True  # the command line offers it
    studio: bool = True  # the studio's form offers it
    control: bool = True  # the studio's form shows a control for it (else a button of the page sets it)
    option: str = ""  # its command-line spellings ("-o/--output"), if not --NAME (with - for _)
    argument: bool = False  # a command-line argument rather than an option
    metavar: str = ""
    shown_if: tuple[tuple[str, str], ...] = ()  # the studio shows it only where each (field, value) holds ("!v": not v)
    words: str = ""  # the id of its words (field.WORDS…), where they differ from another field of its name
    named_by: str = ""  # its choices' words from this group of the sheets' words (cards.yaml: variants)
    group: str = ""  # the studio shows it in a box with the fields of the same group (words: field.group.GROUP)

    @property
    def spellings(self) -> list[str]:
        return self.option.split("/") if self.option else ["--" + self.name.replace("_", "-")]

    @property
    def spelling(self) -> str:
        """How a command line writes it: its long form."""
        return self.spellings[-1]

    def label(self) -> Message:
        return Message(f"field.{self.words or self.name}")

    def help(self) -> Message:
        return Message(f"field.{self.words or self.name}.help")

    def choice_words(self, value: str) -> Message:
        return Message(f"field.{self.words or self.name}.{value}")

    def parse(self, given: Any) -> Any:
        """The value of what a face gave: a text, a list of texts (`many`), or nothing."""
        if self.many:
            texts = [given] if isinstance(given, str) else list(given or ())
            found = tuple(self._one(text) for text in texts if str(text).strip())
            if self.required and not found:
                raise Refused(Message("field.missing"), self.name)
            return found
        if given is None or (isinstance(given, str) and not given.strip() and not isinstance(self.kind, Flag)):
            if self.required:
                raise Refused(Message("field.missing"), self.name)
            return self.default
        if not isinstance(given, str):
            return given  # a face that reads typed values already (click's flags, defaults)
        return self._one(given)

    def _one(self, text: str) -> Any:
        try:
            return self.kind.parse(text)
        except Refused as exc:
            raise Refused(exc.message, self.name) from None  # type: ignore[arg-type]


def values_of(fields: Sequence[Field], given: Mapping[str, Any], face: str = "studio") -> dict[str, Any]:
    """Every field's value from what a face gave (missing: the default), the first mistake
    refused naming its field."""
    offered = [f for f in fields if getattr(f, face)]
    values = {f.name: f.parse(given.get(f.name)) for f in offered}
    values |= {f.name: f.default for f in fields if f not in offered}
    return values


def filled(fields: Sequence[Field], **given: Any) -> dict[str, Any]:
    """Values for every field: those given, the defaults for the rest (an action run by
    another action, which gives what it chose already as values)."""
    return {f.name: f.default for f in fields} | given


def command_line(name: str, fields: Sequence[Field], values: Mapping[str, Any]) -> list[str]:
    """`cardgen NAME …` with the command line's spelling of every value that is not the default."""
    words = ["cardgen", *name.split()]
    for item in fields:
        if not item.cli:
            continue
        value = values.get(item.name, item.default)
        if value == item.default or value is None or value == ():
            continue
        given = value if item.many else (value,)
        for one in given:
            if item.argument:
                words.append(item.kind.shown(one))
            elif isinstance(item.kind, Flag):
                words.append(item.spelling)
            else:
                words += [item.spelling, item.kind.shown(one)]
    return words
