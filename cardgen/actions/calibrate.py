"""`cardgen calibrate`: the two-sided sheet that measures a printer's front/back shift, and
what its scales read (the studio shows them as pictures to point at)."""

from __future__ import annotations

from pathlib import Path

from cardgen.actions import Result
from cardgen.actions.build import print_settings
from cardgen.actions.common import BACK_OFFSET, FLIP, LANG, PAPER, PRINTER
from cardgen.actions.fields import Field, Output, command_line
from cardgen.messages import Message

NAME = "calibrate"
FILE = "calibration.pdf"
FIELDS = (
    PAPER,
    FLIP,
    Field(
        BACK_OFFSET.name, BACK_OFFSET.kind, studio=False, metavar=BACK_OFFSET.metavar, words="calibration_back_offset"
    ),
    Field(PRINTER.name, PRINTER.kind, studio=False, metavar=PRINTER.metavar),
    LANG,
    Field(
        "output",
        Output(False),
        default=Path("output/calibration.pdf"),
        studio=False,
        option="-o/--output",
        words="calibration_output",
    ),
)


def run(values: dict) -> Result:
    from cardgen.render.calibration import calibration_pdf

    settings = print_settings(values)
    sheet = calibration_pdf(
        paper=settings.paper or "a4", flip=settings.flip or "long", back_offset=settings.back_offset, lang=settings.lang
    )
    return Result({FILE: sheet}, tuple(command_line(NAME, FIELDS, values)), pairs=frozenset({FILE}))


def scale_lines() -> tuple[tuple[int, ...], tuple[float, ...]]:
    """What one scale of the calibration sheet can read: whole mm on its coarse row, the
    fraction of a mm on its fine row."""
    from cardgen.render.calibration import COARSE_LINES, FINE_LINES, FINE_STEP

    return COARSE_LINES, tuple(line * FINE_STEP for line in FINE_LINES)


def scale_reading(whole: str, fraction: str, axis: str) -> float:
    """The mm a scale reads: its coarse row's number plus its fine row's fraction."""
    from cardgen.errors import InputError

    coarse, fine = scale_lines()
    try:
        value = (int(whole), float(str(fraction).replace(",", ".")))
    except ValueError:
        value = (None, None)  # type: ignore[assignment]
    if value[0] not in coarse or value[1] not in fine:
        raise InputError(
            Message("calibrate.bad_reading", axis=axis, whole=list(coarse), fine=list(fine), read=f"{whole} {fraction}")
        )
    return value[0] + value[1]


def scales(pdf: bytes) -> list[dict]:
    """Where the calibration sheet `pdf` draws each of its scales, from its record: the axis
    and station, every line of its two rows with what it reads (whole mm, fractions of a
    mm) and where it stands on the front page (mm from the lower left), and a box around it
    all, to show the scale as a picture and to tell which line a reader points at."""
    import io
    import json

    import pypdf

    from cardgen.formats import CALIBRATION_ATTACHMENT

    (data,) = pypdf.PdfReader(io.BytesIO(pdf)).attachments[CALIBRATION_ATTACHMENT]
    record = json.loads(data)
    found = []
    for scale in record["scales"]:
        direction, across = scale["value_direction"], scale["across"]
        rows = {
            "whole": _row(scale["coarse_zero"], direction, record["coarse"], 1.0),
            "fine": _row(scale["fine_zero"], direction, record["fine"], record["fine"]["step"]),
        }
        points = [line["at_mm"] for row in rows.values() for line in row]
        # the lines rise 6 mm towards their numbers (across), the rows' names stand beyond
        # their ends (along): room for both on every side
        corners = [(x + a * across[0] + d * direction[0], y + a * across[1] + d * direction[1])
                   for x, y in points for a in (-4.0, 15.0) for d in (-26.0, 26.0)]  # fmt: skip
        xs, ys = [x for x, _ in corners], [y for _, y in corners]
        box = [round(min(xs), 2), round(min(ys), 2), round(max(xs), 2), round(max(ys), 2)]
        found.append({"station": scale["station"], "axis": scale["axis"], "rows": rows, "box_mm": box})
    return found


def _row(zero, direction, row: dict, step: float) -> list[dict]:
    pitch = row["front_pitch"]
    return [
        {"reads": k * step, "at_mm": [zero[0] + k * pitch * direction[0], zero[1] + k * pitch * direction[1]]}
        for k in row["lines"]
    ]
