"""The errors a user sees: one sentence from the catalogues, no traceback, and an exit status."""

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

    def data(self, lang: str | None = None) -> dict:
        """The error as --json and the studio give it: its message's id, parameters and text."""
        if isinstance(self.message, Message):
            return self.message.data(lang)
        return {"id": None, "params": {}, "text": str(self.message)}


class InputError(CardgenError):
    """Bad input: a file that cannot be read, or YAML that is not of the expected form."""


class CheckFailed(CardgenError):
    """A check failed or a play broke a rule."""

    exit_code = 1


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
