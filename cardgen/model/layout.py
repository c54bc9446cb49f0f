"""Page layouts (layouts/*.yaml): paper, card size, bleed, grid, marks, duplex flip.

A layout may start from another with `extends: NAME`; its fields override the
other's, field by field (cardgen.yamlio.load_extended).
"""

from __future__ import annotations

import math
import re
from pathlib import Path
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from cardgen.errors import InputError
from cardgen.formats import FLIPS, PAPERS, RULER_MEASURED, RULER_MM, Flip
from cardgen.messages import Message
from cardgen.model.shapes import Colour
from cardgen.paths import LAYOUTS, find_data_file
from cardgen.yamlio import YamlDocument, first_problem, load_extended, validate

MAX_OFFSET = 10.0  # mm; a printer off by more than this needs repair, not an offset


def paper_size(name: str) -> tuple[float, float]:
    """(width, height) in mm of a paper named in PAPERS; a one-line error otherwise."""
    if name not in PAPERS:
        raise InputError(Message("layout.unknown_paper", name=str(name), choices=list(PAPERS)))
    return PAPERS[name]


def check_flip(flip: str) -> Flip:
    """`flip` if it is one of FLIPS; a one-line error otherwise."""
    for known in FLIPS:
        if flip == known:
            return known
    raise InputError(Message("layout.unknown_flip", name=str(flip), choices=list(FLIPS)))


THE_BACK_OFFSET = Message("layout.the_back_offset")  # what the checks below name, when no caller says more
THE_RULER_MEASURE = Message("layout.the_ruler_measure")


def check_offset(offset, what: Message = THE_BACK_OFFSET) -> tuple[float, float]:
    """(X, Y) in mm that moves a back page to cancel a printer's front/back shift; `what`
    names it in a message (the option and the text given)."""
    try:
        x, y = (float(value) for value in offset)
    except (TypeError, ValueError, OverflowError):
        raise InputError(Message("layout.offset_not_numbers", what=what)) from None
    if not all(math.isfinite(value) for value in (x, y)):
        raise InputError(Message("layout.offset_not_finite", what=what))
    if abs(x) > MAX_OFFSET or abs(y) > MAX_OFFSET:
        raise InputError(Message("layout.offset_too_large", what=what, limit=MAX_OFFSET))
    return (x + 0.0, y + 0.0)  # + 0.0 turns -0.0 into 0.0


def check_ruler_measured(measured, what: Message = THE_RULER_MEASURE) -> tuple[float, float]:
    """(across, down): what the calibration sheet's RULER_MM rulers measure on paper, in mm."""
    low, high = RULER_MEASURED
    try:
        across, down = (float(value) for value in measured)
    except (TypeError, ValueError, OverflowError):
        raise InputError(Message("layout.ruler_not_lengths", what=what)) from None
    if not all(math.isfinite(value) and low <= value <= high for value in (across, down)):
        raise InputError(Message("layout.ruler_out_of_range", what=what, low=low, high=high, ruler=RULER_MM))
    return (across, down)


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class PaperSize(_Strict):
    width: float = Field(gt=50, le=1200)
    height: float = Field(gt=50, le=1200)


class CardSize(_Strict):
    width: float = Field(gt=10, le=400)
    height: float = Field(gt=10, le=400)
    corner_radius: float = Field(default=3, ge=0, le=30)


class Margins(_Strict):
    left: float = Field(ge=0, le=500)
    bottom: float = Field(ge=0, le=500)


class CutMarks(_Strict):
    style: Literal["lines", "none"] = "lines"
    length: float = Field(default=3, gt=0, le=30)
    offset: float = Field(default=1, ge=0, le=20)
    width: float = Field(default=0.25, gt=0, le=2)


class Registration(_Strict):
    size: float = Field(default=6, gt=2, le=30)


class PrintableArea(_Strict):
    """How far in from the paper's edges a printer puts ink: every mark, target, ruler and note
    stays inside. The defaults cover common lasers (6.35 mm at the sides, 4.2 mm top and
    bottom) as well as inkjets."""

    sides: float = Field(default=6.35, ge=0, le=50)  # the left and right edges
    top_bottom: float = Field(default=4.2, ge=0, le=50)  # the top and bottom edges


class GlueOutline(_Strict):
    grey: float = Field(default=0.55, ge=0, le=1)
    width: float = Field(default=0.3, gt=0, le=3)


class Layout(_Strict):
    name: str = Field(min_length=1, max_length=60)
    paper: Literal["a4", "letter", "fit"] | PaperSize = "a4"  # a name in PAPERS, or "fit": the grid's own size
    card: CardSize  # each bundled layout says it, or extends one that does: card sizes live in layouts/
    bleed: float = Field(default=2.5, ge=0, le=10)
    gap: Annotated[float, Field(ge=0, le=100)] | Literal["shared"] = 1  # "shared": neighbours share their cut
    columns: Annotated[int, Field(ge=1, le=100)] | Literal["auto"] = "auto"
    rows: Annotated[int, Field(ge=1, le=100)] | Literal["auto"] = "auto"
    margins: Margins | Literal["auto"] = "auto"
    flip: Flip = "long"
    cut_marks: CutMarks = CutMarks()
    registration: Registration | Literal["none"] = Registration()  # "none": no targets
    ruler: float = Field(default=100, ge=0, le=250)
    note: bool = True
    glue_outline: GlueOutline = GlueOutline()
    printable_area: PrintableArea = PrintableArea()
    background: Colour | None = None  # the paper's colour where no card lies; None: the paper's own

    @property
    def shares_cuts(self) -> bool:
        """Neighbouring cards share their cut line: no gap and no bleed between them, bleed
        only around the grid (as most print-and-play files do)."""
        return self.gap == "shared"

    @property
    def gap_mm(self) -> float:
        """The room between neighbouring cards' bleed edges; 0 for cards that share their cut."""
        return 0.0 if self.gap == "shared" else self.gap

    @property
    def target_size(self) -> float | None:
        """The registration targets' size in mm, or None when the layout asks for none."""
        return None if self.registration == "none" else self.registration.size

    @property
    def paper_size(self) -> tuple[float, float]:
        """(width, height) in mm."""
        if isinstance(self.paper, PaperSize):
            return self.paper.width, self.paper.height
        return PAPERS[self.paper]


_CARD_SIZE = re.compile(r"(?P<width>\d+(?:\.\d+)?) *[x×] *(?P<height>\d+(?:\.\d+)?) *(?P<unit>mm|in)?", re.IGNORECASE)
MM_PER = {None: 1.0, "mm": 1.0, "in": 25.4}  # what a card size's unit is in mm: US print shops quote inches


def load_layout(name_or_file: str | Path = "standard") -> tuple[Layout, YamlDocument]:
    """A bundled layout by name or a user's YAML file, with the layouts it extends merged in;
    or WIDTHxHEIGHT in mm (63x88) or in inches (2.5x3.5in): the standard layout with a card of that size.

    Returns the layout and its (merged) document, so later checks can point at a line.
    """
    size = _CARD_SIZE.fullmatch(str(name_or_file))
    if size:
        return _sized_layout(size)
    path, shown = find_data_file(name_or_file, LAYOUTS, "layout")
    doc = load_extended(path, shown, LAYOUTS, "layout")
    return validate(doc, Layout), doc


def _sized_layout(size: re.Match) -> tuple[Layout, YamlDocument]:
    standard = load_layout("standard")[0]
    doc = _CardSizeDocument(size[0] if size["unit"] else f"{size[0]} mm", {}, {("card",): 1})
    try:
        unit = MM_PER[size["unit"] and size["unit"].lower()]
        card = CardSize(width=round(float(size["width"]) * unit, 3), height=round(float(size["height"]) * unit, 3))
    except ValidationError as exc:
        field, problem = first_problem(exc)
        side = Message("layout.card_width" if field[0] == "width" else "layout.card_height", problem=problem)
        raise doc.error(("card",), side) from None
    return standard.model_copy(update={"card": card, "name": size[0]}), doc


class _CardSizeDocument(YamlDocument):
    """What stands for the file of a layout given as WIDTHxHEIGHT: its errors name that."""

    def error(self, path, problem):
        return InputError(Message("layout.card_of_size", size=self.file, problem=problem))
