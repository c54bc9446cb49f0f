"""`cardgen export`: files for a print shop (one per card face and per back, with bleed,
and a manifest), or a deck for Tabletop Simulator."""

from __future__ import annotations

from pathlib import Path

from cardgen.actions import Result
from cardgen.actions.common import FACES, LANG, LAYOUT, SETS
from cardgen.actions.fields import Decimal, Field, OneOf, Output, Whole, command_line
from cardgen.actions.sets import opened
from cardgen.formats import EXPORT_FORMATS
from cardgen.messages import Message, language

NAME = "export"
FIELDS = (
    Field(SETS.name, SETS.kind, many=True, required=True, option="--set", metavar=SETS.metavar),
    Field("bleed", Decimal(0.0, 10.0), default=3.0),
    Field("dpi", Whole(72, 1200), default=300),
    Field("format", OneOf(tuple(EXPORT_FORMATS)), default="png"),
    LAYOUT,
    FACES,
    LANG,
    # where a Tabletop Simulator deck will lie: its saved object names its pictures there
    Field(
        "output",
        Output(True),
        default=Path("output/print-shop"),
        studio=False,
        option="-o/--output",
        words="export_output",
    ),
)


def run(values: dict, progress=None) -> Result:
    """Every file of the export, as `command_line` writes them."""
    with opened(values["sets"]) as sets:
        files = _files(values | {"sets": sets}, progress)
    return Result(files, tuple(command_line(NAME, FIELDS, values)), notes=_others_in(values["output"], files))


def _files(values: dict, progress) -> dict[str, bytes]:
    lang = values["lang"] or language()
    if values["format"] == "tts":
        from cardgen.tts import TtsRequest, tts_export

        request = TtsRequest(tuple(values["sets"]), Path(values["output"]), values["layout"], values["faces"], lang)
        files = tts_export(request, progress)
    else:
        from cardgen.export import ExportRequest, export

        files = export(
            ExportRequest(
                tuple(values["sets"]),
                values["bleed"],
                values["dpi"],
                values["format"],
                values["layout"],
                faces=values["faces"],
                lang=lang,
            ),
            progress,
        )
    return files


def _others_in(folder: Path | None, files: dict[str, bytes]) -> tuple[Message, ...]:
    """A note of the other files in the folder: a print shop given the folder would print them too."""
    if folder is None or not folder.is_dir():
        return ()
    others = sorted(p.name for p in folder.iterdir() if p.name not in files and not p.name.startswith("."))
    if not others:
        return ()
    return (
        Message("export.other_files", folder=str(folder), count=len(others), names=others[:3], more=len(others) > 3),
    )
