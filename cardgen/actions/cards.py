"""The studio's page of a designer's own cards: the set as its YAML, written into its folder
beside its pictures, and the sheet of it that `cardgen build --set my-cards.yaml` makes."""

from __future__ import annotations

from pathlib import Path

from cardgen.actions import Result
from cardgen.actions import build as build_action
from cardgen.actions.common import LANG
from cardgen.actions.fields import Field, OneOf, Text, filled
from cardgen.formats import MODES
from cardgen.messages import Message

NAME = "cards"
SET_FILE = "my-cards.yaml"
MOST_SET_CHARACTERS = 500_000  # the 104 cards of the deck, with titles, are 12,000

FIELDS = (
    Field("yaml", Text(MOST_SET_CHARACTERS)),
    Field("mode", OneOf(tuple(MODES)), default="duplex"),
    LANG,
)


def write_set(folder: Path, text: str | None) -> Path:
    """The set as the designer wrote it, in its folder, for the library to read."""
    from cardgen.errors import InputError

    if text is not None and len(text) > MOST_SET_CHARACTERS:
        raise InputError(Message("cards.too_long", file=SET_FILE, most=MOST_SET_CHARACTERS))
    path = folder / SET_FILE
    path.write_text(text or "", encoding="utf-8")
    return path


def run(values: dict, folder: Path) -> Result:
    """The sheet of the set, as `cardgen build --set my-cards.yaml --mode MODE` makes it."""
    path = write_set(folder, values["yaml"])
    given = {"sets": (str(path),), "mode": values["mode"], "lang": values["lang"]}
    result = build_action.run(filled(build_action.FIELDS, **given))
    shown = {"sets": (SET_FILE,), "mode": values["mode"], "lang": values["lang"]}
    command = build_action.command_line_of(filled(build_action.FIELDS, **shown))
    return Result(result.files, command, pairs=result.pairs)
