"""`cardgen build`: the print kit, or the sheets of chosen card sets, as PDFs."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from cardgen.actions import Result
from cardgen.actions.common import BACK_OFFSET, FACES, FLIP, LANG, LAYOUT, PAPER, PRINTER, RULER_MEASURED, SETS
from cardgen.actions.fields import Field, Flag, OneOf, Output, command_line
from cardgen.actions.sets import opened
from cardgen.formats import CUT_FILE_KINDS, MODES, TRUE_RULER
from cardgen.messages import Message, language

if TYPE_CHECKING:
    from cardgen.build import PrintSettings

NAME = "build"
FIELDS = (
    SETS,
    Field("mode", OneOf(tuple(MODES))),
    Field("together", Flag(), default=False),
    FACES,
    LAYOUT,
    PAPER,
    FLIP,
    BACK_OFFSET,
    RULER_MEASURED,
    PRINTER,
    LANG,
    Field("png", Flag(), default=False),
    Field("cut_file", OneOf(tuple(CUT_FILE_KINDS))),
    Field("cut_marks", OneOf(("none", "silhouette")), default="none"),
    Field("output", Output(True), default=Path("output"), studio=False, option="-o/--output"),
)


def run(values: dict, warn=lambda message: None) -> Result:
    """Every file of the build, as `command_line` writes them; with an output folder, a note
    of the cut files an earlier build left there that no longer match."""
    from cardgen.build import build

    settings = print_settings(values)
    with _collector_resting(), opened(values["sets"]) as sets:
        files = build(settings, list(sets), values["mode"], values["together"], warn=warn)
    if values["png"]:
        from cardgen.preview import page_images

        files |= page_images(files, dpi=150)
    output = values.get("output")
    warnings = _stale_cut_files(output, files) if output and Path(output).is_dir() else ()
    return Result(files, command_line_of(values), warnings=warnings, pairs=_in_pairs(files))


def _stale_cut_files(folder: Path, files: dict[str, bytes]) -> tuple[Message, ...]:
    from cardgen.build import stale_cut_files

    stale = stale_cut_files(folder, files)
    if not stale:
        return ()
    first, sheet = str(stale[0].path), str(stale[0].sheet)
    return (Message("build.stale_cut_files", count=len(stale), more=len(stale) - 1, first=first, sheet=sheet),)


@contextmanager
def _collector_resting() -> Iterator[None]:
    """Python's cycle collector off for the block: during a build it would walk the heap
    that the build's imports grow, again and again (a twentieth of the kit's time), to
    free the few hundred objects in cycles that drawing leaves."""
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def command_line_of(values: dict) -> tuple[str, ...]:
    return tuple(command_line(NAME, FIELDS, values))


def print_settings(values: dict) -> PrintSettings:
    """Explicit options win over the printer's saved profile, which wins over the layout."""
    from cardgen.build import PrintSettings

    offset, measured = (0.0, 0.0), TRUE_RULER
    paper, flip = values.get("paper"), values.get("flip")
    if values.get("printer"):  # profiles load only when asked for: a plain build does without platformdirs
        from cardgen.printers import load_profile

        profile = load_profile(values["printer"])
        paper, flip = paper or profile.paper, flip or profile.flip
        offset, measured = profile.back_offset, profile.ruler_measured
    if values.get("back_offset"):
        from cardgen.printers import parse_offset

        offset = parse_offset(values["back_offset"])
    if values.get("ruler_measured"):
        from cardgen.printers import parse_ruler_measured

        measured = parse_ruler_measured(values["ruler_measured"])
    settings = PrintSettings(
        layout=values.get("layout") or "standard",
        paper=paper,
        flip=flip,
        back_offset=offset,
        lang=values.get("lang") or language(),
        ruler_measured=measured,
    )
    return replace(
        settings,
        cutter_marks=values.get("cut_marks") or "none",
        cut_file=values.get("cut_file"),
        faces=values.get("faces"),
    )


def _in_pairs(files: dict[str, bytes]) -> frozenset[str]:
    """The files whose pages are front/back pairs: their mode prints the backs through the paper."""
    through = [mode.suffix for mode in MODES.values() if mode.through_paper]
    return frozenset(name for name in files if name.endswith(tuple(through)))
