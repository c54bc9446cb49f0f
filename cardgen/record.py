"""The record cardgen attaches to the PDFs it draws, and that `cardgen verify` reads back:
which card sits where on a card sheet (cardgen-layout.json), what a calibration sheet
measures (cardgen-calibration.json); and the manifest.json of a print-shop export. Render
and export write them; verify trusts nothing in them before `parse_record` or
`parse_manifest` has held them against the schemas below.

Lengths are in millimetres from the page's lower-left corner; boxes are [x, y, width, height].
"""

from __future__ import annotations

import json
from typing import Annotated, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, ValidationError, model_validator

from cardgen.formats import CALIBRATION_ATTACHMENT, CALIBRATION_VERSION, EXPORT_VERSION, LAYOUT_VERSION
from cardgen.yamlio import field_name, first_problem, one_line

PAPERS = {"A4": (210.0, 297.0), "Letter": (215.9, 279.4)}
DUPLEX_NAMES = {"long": "/DuplexFlipLongEdge", "short": "/DuplexFlipShortEdge", None: "/Simplex"}

MAX_PAPER_MM = 1200  # the largest paper a layout may ask for (cardgen.model.layout.PaperSize)
MAX_PAGES = 5000  # 2,000 cards one per page, fronts and backs, and room to spare
MAX_CARDS = 20_000
MAX_RECORD_BYTES = 16_000_000  # a 2,000-card sheet's record is about 0.4 MB
EDGE_MM = 0.05  # rounding slack where a box meets the paper's edge

Length = Annotated[float, Field(allow_inf_nan=False, ge=0, le=MAX_PAPER_MM)]
Offset = Annotated[float, Field(allow_inf_nan=False, ge=-MAX_PAPER_MM, le=MAX_PAPER_MM)]
PageNumber = Annotated[int, Field(ge=1, le=MAX_PAGES)]
Flip = Literal["long", "short"]


def _sized_box(box: tuple) -> tuple:
    if box[2] <= 0 or box[3] <= 0:
        raise ValueError(f"must have a width and a height above 0, not {list(box)}")
    return box


Box = Annotated[tuple[Offset, Offset, Length, Length], AfterValidator(_sized_box)]


class _Part(BaseModel):
    model_config = ConfigDict(extra="ignore", frozen=True)


class Paper(_Part):
    """What every record names: the paper it was drawn on."""

    paper_mm: tuple[Annotated[float, Field(allow_inf_nan=False, gt=10, le=MAX_PAPER_MM)], ...] = Field(
        min_length=2, max_length=2
    )

    def outside(self, box: tuple[float, ...]) -> bool:
        x, y, w, h = box
        width, height = self.paper_mm
        return x < -EDGE_MM or y < -EDGE_MM or x + w > width + EDGE_MM or y + h > height + EDGE_MM


Turn = Annotated[int, Field(ge=0, le=3)]  # quarter turns counter-clockwise


class BackPlace(_Part):
    page: PageNumber
    trim_mm: Box
    rotated: bool = False  # half a turn (a back behind a short-edge flip)
    turn: Turn | None = None  # a quarter turn or three: a fold sheet's


class CardPlace(_Part):
    id: str = Field(min_length=1, max_length=100)
    kind: Literal["number", "zero", "joker", "blank", "reference"]
    label: str = Field(max_length=40)
    variant: str | None = Field(default=None, max_length=40)  # a reference card's
    page: PageNumber
    slot: int = Field(ge=0)
    trim_mm: Box
    turn: Turn = 0
    back: BackPlace | None = None


class PagePlace(_Part):
    page: PageNumber
    side: Literal["front", "back"]
    behind: PageNumber | None = None
    # the ruler's line [x0, y0, x1, y1] and the way its ticks point ([-1, 0]: left); older
    # records give [x, y0, y1], a vertical line up the left margin
    ruler_line_mm: list[Offset] | None = Field(default=None, min_length=3, max_length=4)
    ruler_ticks: tuple[Annotated[int, Field(ge=-1, le=1)], ...] | None = Field(default=None, min_length=2, max_length=2)

    @model_validator(mode="after")
    def _ticks_across_the_line(self) -> PagePlace:
        if self.ruler_ticks is not None and abs(self.ruler_ticks[0]) + abs(self.ruler_ticks[1]) != 1:
            raise _problem("ruler_ticks", f"must be one step left, right, down or up, not {list(self.ruler_ticks)}")
        return self


class CutMarks(_Part):
    style: Literal["lines", "none"] = "lines"
    offset: float = Field(default=1.0, allow_inf_nan=False, ge=0, le=20)
    length: float = Field(default=3.0, allow_inf_nan=False, ge=0, le=30)


class CutterMarksPlace(_Part):
    """A print-and-cut machine's registration marks, filled polygons on every front page."""

    style: Literal["silhouette"]
    shapes_mm: list[list[tuple[Length, Length]]] = Field(min_length=1, max_length=8)

    @model_validator(mode="after")
    def _polygons(self) -> CutterMarksPlace:
        for index, shape in enumerate(self.shapes_mm):
            if not 3 <= len(shape) <= 16:
                raise _problem(f"shapes_mm[{index}]", f"has {len(shape)} corners, not 3 to 16")
        return self


class LayoutRecord(Paper):
    """A card sheet's record: cardgen.render.sheets writes it."""

    version: Literal[1, 2, 3] = LAYOUT_VERSION
    kind: Literal["cards"]
    title: str = Field(default="", max_length=500)
    mode: Literal["glue", "duplex", "sleeve", "fold"]
    flip: Flip | None
    card_mm: tuple[Annotated[float, Field(allow_inf_nan=False, gt=0, le=MAX_PAPER_MM)], ...] = Field(
        min_length=2, max_length=2
    )
    bleed_mm: float = Field(allow_inf_nan=False, ge=0, le=10)
    back_offset_mm: tuple[Annotated[float, Field(allow_inf_nan=False, ge=-50, le=50)], ...] = Field(
        default=(0.0, 0.0), min_length=2, max_length=2
    )
    slots_per_page: int = Field(ge=1, le=20_000)
    targets_mm: list[tuple[Length, Length]] = Field(default=[], max_length=64)
    target_size_mm: float = Field(default=6.0, allow_inf_nan=False, gt=0, le=30)
    cut_marks_mm: CutMarks = CutMarks()
    ruler_mm: float | None = Field(default=None, allow_inf_nan=False, ge=0, le=MAX_PAPER_MM)
    # how far in from the sides and from the top and bottom the layout lets ink go
    printable_mm: tuple[Annotated[float, Field(allow_inf_nan=False, ge=0, le=50)], ...] | None = Field(
        default=None, min_length=2, max_length=2
    )
    shared_cuts: bool = False  # neighbouring cards share their cut: no bleed between them
    fold_mm: Length | None = None  # a fold sheet's vertical fold line: each back lies mirrored across it
    cutter_marks: CutterMarksPlace | None = None
    pages: list[PagePlace] = Field(min_length=1, max_length=MAX_PAGES)
    cards: list[CardPlace] = Field(max_length=MAX_CARDS)

    @model_validator(mode="before")
    @classmethod
    def _format_was_version(cls, data):
        if isinstance(data, dict) and "version" not in data and "format" in data:
            return {**data, "version": data["format"]}
        return data

    @model_validator(mode="after")
    def _consistent(self) -> LayoutRecord:
        """Everything the checks look at lies on the paper and on a page the record lists;
        each slot of a page holds one card. Linear in the cards."""
        if self.flip is None and self.mode in ("glue", "duplex"):
            raise _problem("flip", f"must be long or short for a {self.mode} sheet")
        if (self.fold_mm is None) == (self.mode == "fold"):
            raise _problem("fold_mm", "is given for a fold sheet, and for a fold sheet only")
        sides = {}
        for index, page in enumerate(self.pages):
            if page.page in sides:
                raise _problem(f"pages[{index}].page", f"page {page.page} is listed twice")
            sides[page.page] = page.side
        for index, shape in enumerate(self.cutter_marks.shapes_mm if self.cutter_marks else []):
            for x, y in shape:
                if self.outside((x, y, 0, 0)):
                    raise _problem(f"cutter_marks.shapes_mm[{index}]", f"{[x, y]} lies off the {self._paper} paper")
        for index, target in enumerate(self.targets_mm):
            if self.outside((target[0], target[1], 0, 0)):
                raise _problem(f"targets_mm[{index}]", f"{list(target)} lies off the {self._paper} paper")
        taken = set()
        for index, card in enumerate(self.cards):
            where = f"cards[{index}]"
            if card.slot >= self.slots_per_page:
                raise _problem(
                    f"{where}.slot", f"must be below slots_per_page ({self.slots_per_page}), not {card.slot}"
                )
            if (card.page, card.slot) in taken:
                raise _problem(f"{where}.slot", f"is {card.slot} on page {card.page}, where another card already sits")
            taken.add((card.page, card.slot))
            _listed(f"{where}.page", card.page, sides)
            self._on_paper(f"{where}.trim_mm", card.trim_mm)
            if card.back is not None:
                _listed(f"{where}.back.page", card.back.page, sides)
                if self.mode == "fold" and card.back.page != card.page:
                    raise _problem(
                        f"{where}.back.page", f"is {card.back.page}: a fold sheet's back is on its face's page"
                    )
                if self.mode != "fold" and card.back.page <= card.page:  # verify measures a face before its back
                    raise _problem(
                        f"{where}.back.page", f"is {card.back.page}: a back comes after its face's page ({card.page})"
                    )
                self._on_paper(f"{where}.back.trim_mm", card.back.trim_mm, slack=max(map(abs, self.back_offset_mm)))
        return self

    @property
    def _paper(self) -> str:
        return f"{self.paper_mm[0]:g} × {self.paper_mm[1]:g} mm"

    def _on_paper(self, field: str, box: tuple, slack: float = 0.0) -> None:
        x, y, w, h = box
        if self.outside((x + slack, y + slack, max(w - 2 * slack, 0), max(h - 2 * slack, 0))):
            raise _problem(field, f"{list(box)} reaches off the {self._paper} paper")


class CalibrationRecord(Paper):
    """A calibration sheet's record: cardgen.render.calibration writes it; verify checks
    the paper and the duplex hint against it."""

    version: Literal[2] = CALIBRATION_VERSION
    kind: Literal["calibration"]
    flip: Flip


def _listed(field: str, number: int, sides: dict) -> None:
    if number not in sides:
        raise _problem(field, f"names page {number}, which the record's list of pages does not have")


def _problem(field: str, message: str) -> ValueError:
    return ValueError(f"{field} {message}")


class DamagedRecord(Exception):
    """The record is there but cannot be trusted: its message names the field."""


def parse_record(raw: bytes, name: str) -> LayoutRecord | CalibrationRecord:
    """The record attached as `name`, validated; DamagedRecord when it is not JSON, too
    large, or breaks the schema."""
    data = _json_object(raw, "card sheet")
    model = CalibrationRecord if name == CALIBRATION_ATTACHMENT or data.get("kind") == "calibration" else LayoutRecord
    return _validated(model, data, data.get("version", data.get("format")))


def _validated(model, data: dict, version):
    """`data` as a `model`; DamagedRecord naming the first problem, or a version too new."""
    known = model.model_fields["version"].default
    if isinstance(version, int) and version > known:
        raise DamagedRecord(f"version {version} is from a newer cardgen; this one reads version {known}")
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise DamagedRecord(_first_problem(exc)) from None


def _json_object(raw: bytes, what: str) -> dict:
    if len(raw) > MAX_RECORD_BYTES:
        raise DamagedRecord(f"it is {len(raw) // 1_000_000} MB, more than any {what} needs")
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError) as exc:
        raise DamagedRecord(f"it is not JSON ({exc})") from None
    if not isinstance(data, dict):
        raise DamagedRecord(f"it is a JSON {type(data).__name__}, not an object")
    return data


def _first_problem(exc: ValidationError) -> str:
    location, message = first_problem(exc)
    field = field_name(location)
    if exc.errors()[0]["type"] == "value_error" and not field:
        text = message.removeprefix("Value error, ")
    else:
        text = f"{field or 'the record'} {message}"
    return one_line(text, 200)


# -- a print-shop export (`cardgen export`): manifest.json beside its files --------------

MAX_EXPORT_FILES = 5000  # 2,000 cards and their backs, and room to spare
FileName = Annotated[str, Field(min_length=1, max_length=255, pattern=r"^[^/\\\x00]+$")]


class BackRef(_Part):
    file: FileName
    page: PageNumber | None = None


class ExportEntry(_Part):
    """One file (PNG) or one page of the PDF: a card's face, or a back."""

    file: FileName
    page: PageNumber | None = None  # in the PDF; None for an image
    side: Literal["front", "back"]
    card: str | None = Field(default=None, min_length=1, max_length=100)  # a front's card id
    copies: int = Field(ge=1, le=MAX_CARDS)
    back: BackRef | None = None  # a front: the back that goes behind it
    style: str | None = Field(default=None, max_length=60)  # a back: the face style it is drawn in


class ExportManifest(_Part):
    """What `cardgen export` wrote, for a print shop and for `cardgen verify`."""

    kind: Literal["cardgen-export"]
    version: Literal[1] = EXPORT_VERSION
    format: Literal["png", "pdf"]
    sets: list[str] = Field(min_length=1, max_length=100)
    cards: int = Field(ge=1, le=MAX_CARDS)  # fronts: one file or page each
    trim_mm: tuple[Annotated[float, Field(allow_inf_nan=False, gt=0, le=MAX_PAPER_MM)], ...] = Field(
        min_length=2, max_length=2
    )
    bleed_mm: float = Field(allow_inf_nan=False, ge=0, le=10)
    size_mm: tuple[Annotated[float, Field(allow_inf_nan=False, gt=0, le=MAX_PAPER_MM)], ...] = Field(
        min_length=2, max_length=2
    )  # trim + 2 × bleed: the whole file or page
    dpi: int | None = Field(default=None, ge=1, le=10_000)  # PNG only
    pixels: tuple[Annotated[int, Field(ge=1, le=1_000_000)], ...] | None = Field(
        default=None, min_length=2, max_length=2
    )  # PNG only
    files: list[ExportEntry] = Field(min_length=1, max_length=MAX_EXPORT_FILES)

    @model_validator(mode="after")
    def _consistent(self) -> ExportManifest:
        if self.format == "png" and (self.dpi is None or self.pixels is None):
            raise _problem("dpi", "and pixels are needed for PNG files")
        for index, entry in enumerate(self.files):
            if (entry.page is None) != (self.format == "png"):
                raise _problem(f"files[{index}].page", "must be given for each page of a PDF, and only there")
            if entry.side == "front" and (entry.card is None or entry.back is None):
                raise _problem(f"files[{index}]", "a front needs its card and its back")
        return self


def parse_manifest(raw: bytes) -> ExportManifest:
    """An export's manifest, validated; DamagedRecord when it is not JSON or breaks the schema."""
    data = _json_object(raw, "export")
    return _validated(ExportManifest, data, data.get("version"))
