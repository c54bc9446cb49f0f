"""The errors a user sees: one sentence from the catalogues, no traceback, and an exit status."""

import errno
from collections.abc import Callable, Sequence
from pathlib import Path

from cardgen.messages import Message


class CardgenError(Exception):
    """An error that the command line reports as one line and exits with `exit_code`; its
    `message` is shown in the language of whoever reads it."""

    exit_code = 2

    def __init__(self, message: Message | str):
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return str(self.message)

    def lines(self) -> list[Message | str]:
        """What it says, a sentence a line: its message (several mistakes: each one)."""
        return [self.message]

    def reword(self, change: Callable[[Message | str], Message | str]) -> None:
        """Every sentence of it as `change` says it (a folder named as the reader knows it)."""
        self.message = change(self.message)

    def as_json(self, lang: str | None = None) -> dict:
        """What --json prints when it stops a command: the error (the first of several) and
        every line of it, and the exit status."""
        return {
            "error": self.data(lang),
            "errors": [data_of(line, lang) for line in self.lines()],
            "exit_status": self.exit_code,
        }

    def data(self, lang: str | None = None) -> dict:
        """The error as --json and the studio give it: its message's id, parameters and text."""
        return data_of(self.message, lang)


def data_of(message: Message | str, lang: str | None = None) -> dict:
    """A sentence as --json gives it: its message's id, parameters and text."""
    if isinstance(message, Message):
        return message.data(lang)
    return {"id": None, "params": {}, "text": str(message)}


class InputError(CardgenError):
    """Bad input: a file that cannot be read, or YAML that is not of the expected form."""


MOST_MISTAKES_SAID = 20  # then how many more: a reader mends the first ones first


class Mistakes(InputError):
    """Every mistake found in an input, each its own sentence naming its file, line and
    field, in the order they stand in the files; the first MOST_MISTAKES_SAID of them said,
    then how many more. `message` is the first."""

    def __init__(self, mistakes: Sequence[Message | str]):
        ordered = in_reading_order(mistakes)
        super().__init__(ordered[0])
        self.mistakes, self.total = ordered[:MOST_MISTAKES_SAID], len(ordered)

    def lines(self) -> list[Message | str]:
        more = self.total - len(self.mistakes)
        return [*self.mistakes, *([Message("input.more_mistakes", count=more)] if more else [])]

    def reword(self, change: Callable[[Message | str], Message | str]) -> None:
        self.mistakes = [change(mistake) for mistake in self.mistakes]
        self.message = self.mistakes[0]


def in_reading_order(mistakes: Sequence[Message | str]) -> list[Message | str]:
    """Mistakes file by file (in the order the files are first named), line by line (or
    row by row); those that name no line first in their file, as found."""
    places = [_place_of(mistake) for mistake in mistakes]
    files = {file: order for order, file in reversed(list(enumerate(file for file, _ in places)))}
    order = sorted(range(len(mistakes)), key=lambda index: (files[places[index][0]], places[index][1]))
    return [mistakes[index] for index in order]


def _place_of(mistake: Message | str) -> tuple[object, int]:
    """The file and the first line (or row) a mistake names, or a message it holds names
    (a check's place: "line 7", "cards.csv, rows 5, 9")."""
    if not isinstance(mistake, Message):
        return None, 0
    params = mistake.params
    file = params.get("file")
    line = params.get("line") or params.get("row") or next(iter(params.get("lines") or params.get("rows") or ()), 0)
    for held in (value for value in params.values() if isinstance(value, Message)):
        if file is not None and line:
            break
        held_file, held_line = _place_of(held)
        file, line = file if file is not None else held_file, line or held_line
    return file, line if isinstance(line, int) else 0


class Terminated(KeyboardInterrupt):
    """SIGTERM (a `kill`, a service stopping) reached a run: it ends as Ctrl-C does."""


class CheckFailed(CardgenError):
    """A check failed or a play broke a rule."""

    exit_code = 1


class InvalidValue(ValueError):
    """A value refused, said as a Message whose text is what is wrong with it ("must be a
    whole number."): a model's validator raises it (pydantic passes it on as a value_error),
    and whoever knows the file, line and field puts them in front (`YamlDocument.error`)."""

    def __init__(self, message: Message):
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return str(self.message)


def sentence(text: Message | str) -> Message:
    """`text` as a Message said whole: a Message as it is; a plain sentence (of code whose
    words are not in the catalogues yet) as it is, with one full stop at its end."""
    return text if isinstance(text, Message) else Message("cli.as_is", text=text.rstrip(".") + ".")


# What the system says when a file cannot be read or written, in our words, by error number.
_SYSTEM_REASONS = {
    errno.EACCES: Message("system.denied"),
    errno.EPERM: Message("system.denied"),
    errno.ENOENT: Message("system.missing"),
    errno.ENOTDIR: Message("system.not_a_folder"),
    errno.EISDIR: Message("system.a_folder"),
    errno.ENOSPC: Message("system.full"),
    errno.EFBIG: Message("system.file_too_big"),
    errno.EDQUOT: Message("system.full"),
    errno.EROFS: Message("system.read_only"),
    errno.ENAMETOOLONG: Message("system.name_too_long"),
    errno.ELOOP: Message("system.loop"),
    errno.EBUSY: Message("system.busy"),
    errno.EIO: Message("system.device"),
}


def system_reason(exc: OSError) -> Message:
    """Why the system refused to read or write a file, as a short phrase (no full stop)."""
    found = _SYSTEM_REASONS.get(exc.errno or 0)
    if found:
        return found
    return Message("system.other", code=errno.errorcode.get(exc.errno or 0, str(exc.errno)))


# Characters that reorder the text shown after them (bidi embeddings, overrides, isolates, marks).
_BIDI = {0x061C, 0x200E, 0x200F, *range(0x202A, 0x202F), *range(0x2066, 0x206A)}
_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def printable(text: str | Path) -> str:
    """`text` safe to show on a terminal as one line: control and bidi characters (from a file
    name, a player's name, ...) shown as escapes such as \\n or \\u202e."""
    return "".join(_escaped(ch) for ch in str(text))


def _escaped(ch: str) -> str:
    code = ord(ch)
    if ch in _NAMED:
        return _NAMED[ch]
    if code < 0x20 or 0x7F <= code < 0xA0 or code in _BIDI or code in (0x2028, 0x2029):
        return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"
    return ch


def printable_lines(text: str) -> str:
    """Several lines of output (an account, a report), each made safe by `printable`."""
    return "\n".join(printable(line) for line in str(text).split("\n"))
