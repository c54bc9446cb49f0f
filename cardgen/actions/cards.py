"""The studio's page of a designer's own cards: the set as its YAML, written into its folder
beside its pictures, spreadsheet and style, and what is made of it: its sheet (`cardgen
build --set my-cards.yaml`), its print-shop files, its Tabletop Simulator deck (`cardgen
export`), or the whole set as one zip that the page opens again."""

from __future__ import annotations

from pathlib import Path

from cardgen.actions import Result
from cardgen.actions import build as build_action
from cardgen.actions import export as export_action
from cardgen.actions.common import LANG
from cardgen.actions.fields import Field, OneOf, Text, command_line, filled
from cardgen.formats import MODES
from cardgen.messages import Message

NAME = "cards"
SET_FILE = "my-cards.yaml"
MOST_SET_CHARACTERS = 500_000  # the 104 cards of the deck, with titles, are 12,000

MAKES = ("sheet", "print_shop", "tts", "set")
FIELDS = (
    Field("yaml", Text(MOST_SET_CHARACTERS, whole=True)),
    Field("mode", OneOf(tuple(MODES)), default="duplex"),
    LANG,
    # what the download makes (its buttons): the sheet shown, files for a print shop, a deck
    # for Tabletop Simulator, or the set itself as a zip
    Field("make", OneOf(MAKES), default="sheet", cli=False, control=False),
    # where the Tabletop Simulator deck will be unzipped: its saved object names its pictures there
    Field("tts_folder", Text(1000), cli=False, control=False),
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
    """What `make` asks for, as the command line said beside it makes it (run in the set's folder)."""
    path = write_set(folder, values["yaml"])
    make = values.get("make") or "sheet"
    if make == "set":
        return Result({"my-cards.zip": set_zip(folder)})
    if make == "sheet":
        given = {"sets": (str(path),), "mode": values["mode"], "lang": values["lang"]}
        heard: list[Message] = []
        result = build_action.run(filled(build_action.FIELDS, **given), warn=heard.append)
        command = build_action.command_line_of(filled(build_action.FIELDS, **given | {"sets": (SET_FILE,)}))
        # what the build warned of, the designer's files named as in the set's folder
        warnings = tuple(warning.shown_as(str(folder), "") for warning in heard)
        return Result(result.files, command, warnings=warnings, pairs=result.pairs)
    tts = make == "tts"
    output = Path(values.get("tts_folder") or tts_folder()) if tts else None
    given = {"sets": (str(path),), "format": "tts" if tts else "pdf", "lang": values["lang"]}
    given |= {"output": output} if tts else {}
    result = export_action.run(filled(export_action.FIELDS, **given))
    command = tuple(
        command_line(
            export_action.NAME, export_action.FIELDS, filled(export_action.FIELDS, **given | {"sets": (SET_FILE,)})
        )
    )
    return Result(result.files, command)


def tts_folder() -> Path:
    """Where a designer unzips a Tabletop Simulator deck unless they say: a folder of their own."""
    return Path.home() / "cardgen-tts" / "my-cards"


def set_zip(folder: Path) -> bytes:
    """The set and every file beside it (pictures in their folders, its spreadsheet, style and
    fonts) as one zip, read back by the studio's page and by `cardgen build --set`."""
    files = {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}
    return zipped(files)


def zipped(files: dict[str, bytes]) -> bytes:
    """`files` as a zip, the same bytes for the same files: no clock inside."""
    import io
    import zipfile

    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, content in files.items():
            info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, content)
    return out.getvalue()
