"""The studio's page of a designer's own cards: the set as its YAML, written into its folder
beside its pictures, spreadsheet and style, and what is made of it: its sheet (`cardgen
build --set my-cards.yaml`), its print-shop files, its Tabletop Simulator deck (`cardgen
export`), or the whole set as one zip that the page opens again; a recorded game refereed
with the set, and a run of games played with it (`cardgen balance`, `cardgen simulate`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from types import ModuleType

from cardgen.actions import Result
from cardgen.actions import build as build_action
from cardgen.actions import export as export_action
from cardgen.actions.common import LANG
from cardgen.actions.fields import Field, OneOf, Text, Whole, command_line, filled, values_of
from cardgen.archives import plain_name, unpack
from cardgen.errors import CardgenError, InputError, printable
from cardgen.formats import MODES
from cardgen.messages import Message

NAME = "cards"
SET_FILE = "my-cards.yaml"
MOST_SET_CHARACTERS = 500_000  # the 104 cards of the deck, with titles, are 12,000
MOST_FILES_SENT = 20
MOST_PICTURE_BYTES = 20_000_000  # a picture of its own; the library bounds its pixels as the CLI does
BESIDE_SUFFIXES = (".png", ".jpg", ".jpeg", ".svg", ".csv", ".xlsx", ".ods", ".yaml", ".yml", ".ttf")
RUN = Field("run", OneOf(("balance", "simulate")), default="balance")  # the page's run of games
GAMES = Field("games", Whole(100, 20_000), default=1000)

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


def keep_files(folder: Path, sent: Sequence[tuple[str, bytes]]) -> dict:
    """A designer's files kept beside their set: pictures, a spreadsheet of cards, a face
    style, a font; a zip unpacked with its folders (pictures/sun.png), each part of a path a
    plain name. Returns every file beside the set, as the set names them, and the set's
    text where a zip the page saved was sent (it holds the set itself: it is opened again)."""
    if len(sent) > MOST_FILES_SENT:
        raise InputError(Message("studio.too_many_pictures", sent=len(sent), most=MOST_FILES_SENT))
    for name, content in sent:
        if len(content) > MOST_PICTURE_BYTES and not name.lower().endswith(".zip"):
            raise InputError(
                Message("studio.picture_too_large", name=plain_name(name), most=MOST_PICTURE_BYTES // 1_000_000)
            )
    for name, content in sent:
        plain = plain_name(name)
        if plain.lower().endswith(".zip"):
            unpack(content, folder, plain, BESIDE_SUFFIXES)
            continue
        if not plain.lower().endswith(BESIDE_SUFFIXES):
            raise InputError(Message("studio.not_a_set_file", name=plain))
        if plain == SET_FILE:
            raise InputError(Message("studio.name_of_the_set", name=plain))
        (folder / plain).write_bytes(content)
    names = sorted(
        str(path.relative_to(folder)) for path in folder.rglob("*") if path.is_file() and path.name != SET_FILE
    )
    opened = folder / SET_FILE
    opens = any(name.lower().endswith(".zip") for name, _ in sent) and opened.is_file()
    return {"names": names, "yaml": opened.read_text(encoding="utf-8") if opens else None}


def referee(folder: Path, sent: Sequence[tuple[str, bytes]], lang: str) -> dict:
    """`cardgen referee` of a recorded game, kept beside the set (`set: my-cards.yaml`):
    whether every play was legal, what happened in `lang`, and the rule broken (the set's
    folder left out of it)."""
    from cardgen.actions import referee as referee_action

    if len(sent) != 1:
        raise InputError(Message("studio.one_record"))
    name, content = sent[0]
    plain = plain_name(name)
    if not plain.lower().endswith((".yaml", ".yml")) or plain == SET_FILE:
        raise InputError(Message("studio.not_a_record", name=plain))
    (folder / plain).write_bytes(content)
    result = referee_action.run({"record": str(folder / plain), "as_json": False})
    text = referee_action.said(result, lang)
    if result.ok:
        return {"ok": True, "text": text}
    broken = result.report.message
    said = broken.text(lang) if isinstance(broken, Message) else str(broken)
    return {"ok": False, "text": text, "broken": printable(said.replace(f"{folder}/", ""))}


def games(folder: Path, given: Mapping[str, str], lang: str) -> tuple[ModuleType, dict]:
    """The page's run of games (`run`): a balance of the set against the standard deck, or a
    simulation of its games alone, as `cardgen balance` and `cardgen simulate` play them; the
    action and its values, the set written first."""
    from cardgen.actions import balance, simulate

    module = balance if RUN.parse(given.get("run")) == "balance" else simulate
    count = GAMES.parse(given.get("games"))
    chosen = {key: value for key, value in given.items() if key in ("variant", "players", "players_kind")}
    path = write_set(folder, given.get("yaml", ""))
    values = values_of(module.FIELDS, {"players_kind": "heuristic", "card_sets": str(path)} | chosen)
    return module, values | {"games": count, "lang": given.get("lang") or lang}


def play_games(module: ModuleType, values: dict, folder: Path, progress: Callable) -> Result:
    """The run of `games` played, the set named as the page names it in what is said and in
    an error. Its workers are started afresh: a fork of a process that runs other threads (a
    server's) would copy their locks."""
    try:
        return module.run(values, progress=progress, start_method="spawn", shown_as=[SET_FILE])
    except CardgenError as exc:
        said = exc.message
        raise InputError(said.shown_as(str(folder), "") if isinstance(said, Message) else said) from None


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
