"""`cardgen calibrate`: the two-sided sheet that measures a printer's front/back shift, what
its scales read (the studio shows them as pictures to point at), and `--read PHOTO`: the
shift read from a photo of the printed sheet held against a light (cardgen/photo.py); what
the studio's calibrate page read, by eye or from a photo, saved as a printer."""

from __future__ import annotations

import math
from collections.abc import Mapping
from pathlib import Path

from cardgen.actions import Result
from cardgen.actions.build import print_settings
from cardgen.actions.common import BACK_OFFSET, FLIP, LANG, PAPER, PRINTER
from cardgen.actions.fields import Field, Output, Text, command_line, values_of
from cardgen.actions.runs import AS_JSON
from cardgen.errors import printable
from cardgen.messages import Message, language

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
    Field("read", Text(4000), studio=False, metavar="PHOTO", words="calibration_read"),
    Field("save", Text(60), studio=False, metavar="NAME", words="calibration_save"),
    Field(AS_JSON.name, AS_JSON.kind, default=False, studio=False, option="--json", words="calibration_json"),
)


def run(values: dict) -> Result:
    from cardgen.render.calibration import calibration_pdf

    if values.get("read"):
        return _read(values["read"], values.get("save"))
    if values.get("save") or values.get("as_json"):
        from cardgen.errors import InputError

        raise InputError(Message("calibrate.read_options"))
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


def scale_options() -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    """Each value a scale's rows can read, as a form sends it and as the sheet prints it
    (−2, +¼): its coarse row's, then its fine row's."""
    from cardgen.render.calibration import COARSE_LABELS, COARSE_LINES, FINE_LABELS, FINE_LINES, FINE_STEP

    fine = [(f"{line * FINE_STEP:g}", FINE_LABELS[line]) for line in FINE_LINES]
    return [(str(whole), COARSE_LABELS[whole]) for whole in COARSE_LINES], fine


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


def save_reading(given: Mapping[str, str], photo: dict | None = None) -> dict:
    """The printer the calibration page read, saved as a profile (its fields as the page
    shows them): from a photo's reading, its offset, flip and paper; else each axis the mean
    of its two scales, the flip and paper the sheet was made for; what its rulers measure as
    typed. A profile of the same name is replaced only when `given` says so (the page asked
    first)."""
    from cardgen.actions import printer

    if photo:
        offset, flip, paper = photo["back_offset"], photo["flip"], photo["paper"]
    else:
        offset = [
            _mean_reading(given, axis, stations)
            for axis, stations in (("x", ("top", "bottom")), ("y", ("left", "right")))
        ]
        flip, paper = given.get("flip", ""), given.get("paper", "")
    rulers = [_typed_ruler(given, axis) for axis in ("across", "down")]
    values = values_of(printer.FIELDS, {
        "name": given.get("name", ""), "flip": flip, "paper": paper,
        "back_offset": f"{offset[0]:g},{offset[1]:g}", "ruler_measured": ",".join(rulers),
    })  # fmt: skip
    printer.add(values, replace=given.get("replace") == "yes")
    profile = printer.profiles()[values["name"].strip()]
    return {
        "name": profile.name,
        "back_offset": list(profile.back_offset),
        "flip": profile.flip,
        "paper": profile.paper,
        "ruler_measured": list(profile.ruler_measured),
    }


def _mean_reading(given: Mapping[str, str], axis: str, stations: tuple[str, str]) -> float:
    """What an axis's scales read: the mean of its two (a page that sends one: that one)."""
    readings = [
        scale_reading(given[f"{axis}_{station}_whole"], given.get(f"{axis}_{station}_fine", "0"), axis.upper())
        for station in stations
        if f"{axis}_{station}_whole" in given
    ] or [scale_reading(given.get(f"{axis}_whole", ""), given.get(f"{axis}_fine", ""), axis.upper())]
    return round(sum(readings) / len(readings), 3)


def _typed_ruler(given: Mapping[str, str], axis: str) -> str:
    """What a ruler measures as typed on the page (a decimal point or comma), refused in the
    page's words, naming its field and what was typed there."""
    from cardgen.errors import InputError
    from cardgen.formats import RULER_MEASURED, RULER_MM
    from cardgen.texts import messages

    typed = given.get(f"ruler_{axis}", "").strip() or f"{RULER_MM:g}"
    try:
        measured = float(typed.replace(",", "."))
    except ValueError:
        measured = math.nan
    low, high = RULER_MEASURED
    if not low <= measured <= high:
        field = messages("studio", language())[f"calibrate.ruler_{axis}"]
        said = Message("input.quoted", value=typed)
        raise InputError(Message("studio.ruler_typed", field=field, value=said, low=low, high=high, ruler=RULER_MM))
    return f"{measured:g}"


def scales(pdf: bytes) -> list[dict]:
    """Where the calibration sheet `pdf` draws each of its scales (`scales_shown` of its record)."""
    from cardgen.render.calibration import attached_record, scales_shown

    return scales_shown(attached_record(pdf))


def read(data: bytes, file: str, most_pixels: int | None = None):
    """What the photo `data` of a printed calibration sheet says: a `PhotoReading` (the back
    offset, the flip, how well it read), or PhotoRefused saying what to do; a photo of more
    than `most_pixels` (the studio's bound; else photo.py's own) refused."""
    from cardgen.photo import MAX_PIXELS, read_photo

    return read_photo(data, file, most_pixels or MAX_PIXELS)


def reads_photos() -> bool:
    """Whether a photo can be read here: OpenCV, the photo extra, installed."""
    from cardgen.photo import opencv_installed

    return opencv_installed()


def reading_data(reading) -> dict:
    """A reading as --json prints it (and the studio keeps it)."""
    from cardgen.photo import describe

    return describe(reading)


def _read(path: str, save: str | None) -> Result:
    """The photo at `path` read, and saved as the printer profile `save` if given."""
    from pathlib import Path

    from cardgen.errors import InputError

    try:
        data = Path(path).read_bytes()
    except OSError:
        raise InputError(Message("photo.not_a_picture", file=path)) from None
    reading = read(data, path)
    saved = None
    if save:
        from cardgen.printers import update_profile

        saved, _, _ = update_profile(save.strip(), reading.back_offset, reading.flip, reading.paper)
    return Result(report=(path, reading, saved.name if saved else None))


def said(result: Result, lang: str, as_json: bool = False) -> str | None:
    """What --read found, in `lang` (or as JSON); nothing for a sheet written."""
    if result.report is None:
        return None
    from cardgen.formats import PAPER_TITLES

    path, reading, saved = result.report
    if as_json:
        import json

        return json.dumps(reading_data(reading) | {"saved_as": saved}, indent=2)
    offset = "{:g},{:g}".format(*reading.back_offset)  # as --back-offset takes it, whatever the language
    found = Message(
        "calibrate.read",
        file=path,
        offset=offset,
        flip=Message(f"photo.flip_{reading.flip}"),
        paper=PAPER_TITLES[reading.paper],
        corners=reading.corners,
        spread=reading.spread_mm,
        darkening=reading.darkening,
    )
    if saved:
        then = Message("calibrate.saved", name=saved)
    else:
        command = f"cardgen printer add NAME --back-offset {offset} --flip {reading.flip} --paper {reading.paper}"
        then = Message("calibrate.save_it", command=command)
    return f"{printable(found.text(lang))}\n{printable(then.text(lang))}"
