"""The records cardgen attaches to what it writes, defined once for the writer and the
reader: which card sits where on a card sheet (cardgen-layout.json, written from the plan
by cardgen.layout.record), what a calibration sheet measures (cardgen-calibration.json),
what any other document is (cardgen-document.json: a rule summary, a score sheet, a
balance report), and the manifest.json of a print-shop export.

They are plain frozen dataclasses whose fields carry their bounds (annotated_types), so
drawing builds them at no cost; `cardgen verify` trusts nothing it reads before
`parse_record` or `parse_manifest` has validated it against them (pydantic, loaded then).
`record_data` is what the writer attaches.

Lengths are in millimetres from the page's lower-left corner; boxes are [x, y, width, height].
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, fields, is_dataclass
from functools import cache
from typing import Annotated, Any, ClassVar, Literal

from annotated_types import Ge, Gt, Le, Len, MaxLen, Predicate

from cardgen.errors import InvalidValue
from cardgen.formats import (
    CALIBRATION_ATTACHMENT,
    CALIBRATION_VERSION,
    DOCUMENT_ATTACHMENT,
    DOCUMENT_VERSION,
    EXPORT_VERSION,
    LAYOUT_ATTACHMENT,
    LAYOUT_VERSION,
    MODES,
    RULER_MEASURED,
    TRUE_RULER,
    Flip,
    ModeName,
    SheetMode,
    compensation,
)
from cardgen.messages import Message
from cardgen.yamlio import field_name, first_problem

MAX_PAPER_MM = 1200  # the largest paper a layout may ask for (cardgen.model.layout.PaperSize)
MAX_PAGES = 5000  # 2,000 cards one per page, fronts and backs, and room to spare
MAX_CARDS = 20_000
MAX_RECORD_BYTES = 16_000_000  # a 2,000-card sheet's record is about 0.4 MB
EDGE_MM = 0.05  # rounding slack where a box meets the paper's edge

Length = Annotated[float, Ge(0), Le(MAX_PAPER_MM)]
Offset = Annotated[float, Ge(-MAX_PAPER_MM), Le(MAX_PAPER_MM)]
Size = Annotated[float, Gt(0), Le(MAX_PAPER_MM)]
PageNumber = Annotated[int, Ge(1), Le(MAX_PAGES)]
Turn = Annotated[int, Ge(0), Le(3)]  # quarter turns counter-clockwise
Name = Annotated[str, Len(1, 100)]
Box = tuple[Offset, Offset, Length, Length]
PaperSide = Annotated[float, Gt(10), Le(MAX_PAPER_MM)]
PaperSize = tuple[PaperSide, PaperSide]
SizeMm = tuple[Size, Size]
Shift = tuple[Annotated[float, Ge(-50), Le(50)], Annotated[float, Ge(-50), Le(50)]]
Inset = Annotated[float, Ge(0), Le(50)]
Tick = Annotated[int, Ge(-1), Le(1)]
Pixel = Annotated[int, Ge(1), Le(1_000_000)]
RulerMeasure = Annotated[float, Ge(RULER_MEASURED[0]), Le(RULER_MEASURED[1])]
SPARSE: dict = {"sparse": True}  # a field written only where it differs from its default


class _Part:
    __pydantic_config__ = {"allow_inf_nan": False}  # a plain dict: pydantic reads it, nothing imports it


@dataclass(frozen=True, kw_only=True)
class Paper(_Part):
    """What every record names: the paper it was drawn on."""

    paper_mm: PaperSize

    def outside(self, box: tuple[float, ...]) -> bool:
        x, y, w, h = box
        width, height = self.paper_mm
        return x < -EDGE_MM or y < -EDGE_MM or x + w > width + EDGE_MM or y + h > height + EDGE_MM

    @property
    def paper_shown(self) -> Message:
        return Message("layout.size_mm", width=self.paper_mm[0], height=self.paper_mm[1])


# -- a card sheet -------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class BackPlace(_Part):
    page: PageNumber
    trim_mm: Box
    rotated: bool = False  # half a turn (a back behind a short-edge flip)
    turn: Turn | None = field(default=None, metadata=SPARSE)  # a quarter turn or three: a fold sheet's

    def __post_init__(self) -> None:
        _sized("trim_mm", self.trim_mm)


@dataclass(frozen=True, kw_only=True)
class CardPlace(_Part):
    id: Name
    kind: Literal["number", "zero", "joker", "blank", "reference"]
    label: Annotated[str, MaxLen(40)]
    variant: Annotated[str, MaxLen(40)] | None = field(default=None, metadata=SPARSE)  # a reference card's
    page: PageNumber
    slot: Annotated[int, Ge(0)]
    trim_mm: Box
    turn: Turn = field(default=0, metadata=SPARSE)
    back: BackPlace | None = field(default=None, metadata=SPARSE)

    def __post_init__(self) -> None:
        _sized("trim_mm", self.trim_mm)


@dataclass(frozen=True, kw_only=True)
class PagePlace(_Part):
    page: PageNumber
    side: Literal["front", "back"]
    behind: PageNumber | None = field(default=None, metadata=SPARSE)
    # the ruler's line [x0, y0, x1, y1] and the way its ticks point ([-1, 0]: left); older
    # records give [x, y0, y1], a vertical line up the left margin
    ruler_line_mm: Annotated[tuple[Offset, ...], Len(3, 4)] | None = None
    ruler_ticks: tuple[Tick, Tick] | None = field(default=None, metadata=SPARSE)
    # each cut mark [x0, y0, x1, y1], from its end by the cards outwards; older records list none
    cut_marks_mm: Annotated[tuple[tuple[Offset, Offset, Offset, Offset], ...], MaxLen(4000)] = field(
        default=(), metadata=SPARSE
    )
    # the margin note's box [x, y, width, height] (how to print the sheet); older records give none
    note_mm: Box | None = field(default=None, metadata=SPARSE)

    def __post_init__(self) -> None:
        if self.ruler_ticks is not None and abs(self.ruler_ticks[0]) + abs(self.ruler_ticks[1]) != 1:
            raise _problem("ruler_ticks", Message("record.ticks", value=str(list(self.ruler_ticks))))


@dataclass(frozen=True, kw_only=True)
class CutMarks(_Part):
    style: Literal["lines", "none"] = "lines"
    offset: Annotated[float, Ge(0), Le(20)] = 1.0
    length: Annotated[float, Ge(0), Le(30)] = 3.0


@dataclass(frozen=True, kw_only=True)
class CutterMarksPlace(_Part):
    """A print-and-cut machine's registration marks, filled polygons on every front page."""

    style: Literal["silhouette"]
    shapes_mm: Annotated[tuple[tuple[tuple[Length, Length], ...], ...], Len(1, 8)]

    def __post_init__(self) -> None:
        for index, shape in enumerate(self.shapes_mm):
            if not 3 <= len(shape) <= 16:
                raise _problem(f"shapes_mm[{index}]", Message("record.corners", count=len(shape)))


@dataclass(frozen=True, kw_only=True)
class LayoutRecord(Paper):
    """A card sheet's record: cardgen.layout.record writes it from the sheet's plan."""

    described: ClassVar[str] = "cardgen: which card sits where, front and back"

    version: Literal[1, 2, 3] = LAYOUT_VERSION
    kind: Literal["cards"]
    title: Annotated[str, MaxLen(500)] = ""
    mode: ModeName
    flip: Flip | None
    card_mm: SizeMm
    bleed_mm: Annotated[float, Ge(0), Le(10)]
    back_offset_mm: Shift = (0.0, 0.0)
    # what the printer makes of 100 mm, across and down: every page is drawn larger by as much
    # (cardgen.formats.compensation) about the paper's centre, and everything else here is
    # where it lands on the paper
    ruler_measured_mm: tuple[RulerMeasure, RulerMeasure] = field(default=TRUE_RULER, metadata=SPARSE)
    slots_per_page: Annotated[int, Ge(1), Le(20_000)]
    targets_mm: Annotated[tuple[tuple[Length, Length], ...], MaxLen(64)] = ()
    target_size_mm: Annotated[float, Gt(0), Le(30)] = 6.0
    cut_marks_mm: CutMarks = CutMarks()
    ruler_mm: Annotated[float, Ge(0), Le(MAX_PAPER_MM)] | None = None
    # how far in from the sides and from the top and bottom the layout lets ink go
    printable_mm: tuple[Inset, Inset] | None = None
    shared_cuts: bool = field(default=False, metadata=SPARSE)  # neighbouring cards share their cut: no bleed between
    # the radius of the rounded cut at which each face's drawing stops in its corners (a sticker
    # sheet's); 0: faces bleed square, or an older record that does not say
    face_corner_mm: Annotated[float, Ge(0), Le(30)] = field(default=0.0, metadata=SPARSE)
    fold_mm: Length | None = field(
        default=None, metadata=SPARSE
    )  # a fold sheet's fold line: each back mirrored across it
    cutter_marks: CutterMarksPlace | None = field(default=None, metadata=SPARSE)
    pages: Annotated[tuple[PagePlace, ...], Len(1, MAX_PAGES)]
    cards: Annotated[tuple[CardPlace, ...], MaxLen(MAX_CARDS)]

    @property
    def sheet_mode(self) -> SheetMode:
        return MODES[self.mode]

    @property
    def scale(self) -> tuple[float, float]:
        """How much larger than where they land its pages are drawn, across and down."""
        return compensation(self.ruler_measured_mm)

    def __post_init__(self) -> None:
        """Everything the checks look at lies on the paper and on a page the record lists;
        each slot of a page holds one card. Linear in the cards."""
        sheet = self.sheet_mode
        if self.flip is None and sheet.through_paper:
            raise _problem("flip", Message("record.flip_needed", mode=self.mode))
        if (self.fold_mm is None) == sheet.folded:
            raise _problem("fold_mm", Message("record.fold_only"))
        sides = {}
        for index, page in enumerate(self.pages):
            if page.page in sides:
                raise _problem(f"pages[{index}].page", Message("record.page_twice", page=page.page))
            sides[page.page] = page.side
        for index, shape in enumerate(self.cutter_marks.shapes_mm if self.cutter_marks else ()):
            for x, y in shape:
                if self.outside((x, y, 0, 0)):
                    raise _problem(
                        f"cutter_marks.shapes_mm[{index}]",
                        Message("record.off_paper", where=str([x, y]), paper=self.paper_shown),
                    )
        for index, target in enumerate(self.targets_mm):
            if self.outside((target[0], target[1], 0, 0)):
                raise _problem(
                    f"targets_mm[{index}]", Message("record.off_paper", where=str(list(target)), paper=self.paper_shown)
                )
        taken = set()
        for index, card in enumerate(self.cards):
            where = f"cards[{index}]"
            if card.slot >= self.slots_per_page:
                raise _problem(f"{where}.slot", Message("record.slot_range", slots=self.slots_per_page, slot=card.slot))
            if (card.page, card.slot) in taken:
                raise _problem(f"{where}.slot", Message("record.slot_taken", slot=card.slot, page=card.page))
            taken.add((card.page, card.slot))
            _listed(f"{where}.page", card.page, sides)
            self._on_paper(f"{where}.trim_mm", card.trim_mm)
            if card.back is not None:
                self._check_back(where, card, sides)

    def _check_back(self, where: str, card: CardPlace, sides: dict) -> None:
        back = card.back
        assert back is not None
        _listed(f"{where}.back.page", back.page, sides)
        if self.sheet_mode.folded and back.page != card.page:
            raise _problem(f"{where}.back.page", Message("record.fold_back", page=back.page))
        if not self.sheet_mode.folded and back.page <= card.page:  # verify measures a face before its back
            raise _problem(f"{where}.back.page", Message("record.back_after", page=back.page, face=card.page))
        self._on_paper(f"{where}.back.trim_mm", back.trim_mm, slack=max(map(abs, self.back_offset_mm)))

    def _on_paper(self, field: str, box: tuple, slack: float = 0.0) -> None:
        x, y, w, h = box
        if self.outside((x + slack, y + slack, max(w - 2 * slack, 0), max(h - 2 * slack, 0))):
            raise _problem(field, Message("record.box_off_paper", box=str(list(box)), paper=self.paper_shown))


# -- the other documents --------------------------------------------------------------


Point = tuple[Offset, Offset]
Direction = tuple[Tick, Tick]


@dataclass(frozen=True, kw_only=True)
class ScaleRow(_Part):
    """One row of every vernier scale: its front lines `front_pitch` mm apart (numbered by
    `lines`), its back lines `back_pitch` apart (numbered from the first to the last of
    `back_lines`); one front line further along reads `step` mm more."""

    front_pitch: Size
    back_pitch: Size
    step: Size
    lines: Annotated[tuple[Annotated[int, Ge(-50), Le(50)], ...], Len(1, 101)]
    back_lines: Annotated[tuple[Annotated[int, Ge(-50), Le(50)], ...], Len(1, 101)]


@dataclass(frozen=True, kw_only=True)
class ScaleLines(_Part):
    """How one side's lines are drawn from their row: `length` mm, towards the labels
    ("across") or away from them ("against across")."""

    from_row: Annotated[float, Ge(-50), Le(50)]
    length: Size
    side: Literal["across", "against across"]


@dataclass(frozen=True, kw_only=True)
class ScalePlace(_Part):
    """One scale: which station of the page, its axis, the page direction in which its
    numbers grow, each row's zero on the front page, and the way its labels lie."""

    station: Literal["top", "right", "bottom", "left"]
    axis: Literal["x", "y"]
    value_direction: Direction
    fine_zero: Point
    coarse_zero: Point
    across: Direction


@dataclass(frozen=True, kw_only=True)
class FlipCheck(_Part):
    """The box where BACK must show through, where it shows after the other flip, and where
    the back page draws it."""

    front_box: Box
    wrong_flip_box: Box
    back_box: Box


@dataclass(frozen=True, kw_only=True)
class RulerPlace(_Part):
    """The ruler across the page from its left end, the one down the page from its top end."""

    start: Point
    length: Size
    down_start: Point


Corners = tuple[Point, Point, Point, Point]


@dataclass(frozen=True, kw_only=True)
class MarkerPlace(_Part):
    """A square fiducial marker for a camera: `id` of OpenCV's 4x4 ArUco dictionary of 50,
    whose 4 x 4 `bits` (row by row from the top, 1 white, the first bit the highest) sit inside
    a black border of one cell. `corners_mm` are where its corners show on the front page,
    the pattern's top left first and then clockwise; a back marker is drawn to read the
    right way through the paper, and shows there when the printer turns the sheet on the
    record's flip without moving the back, and at `other_flip_corners_mm` when it turns it on
    the other edge. Back markers are drawn where they land without the record's back
    offset, so that a photo reads the printer alone."""

    id: Annotated[int, Ge(0), Le(49)]
    side: Literal["front", "back"]
    bits: Annotated[int, Ge(0), Le(0xFFFF)]
    corners_mm: Corners
    other_flip_corners_mm: Corners | None = field(default=None, metadata=SPARSE)

    def __post_init__(self) -> None:
        if (self.other_flip_corners_mm is None) != (self.side == "front"):
            raise _problem("other_flip_corners_mm", Message("record.marker_other_flip"))


@dataclass(frozen=True, kw_only=True)
class CalibrationRecord(Paper):
    """A calibration sheet's record: cardgen.render.calibration writes it; verify checks the
    paper and the duplex hint against it. The rest says where its scales, rulers and
    markers are drawn, for whoever measures them: the tests, the studio, a photo's reader."""

    described: ClassVar[str] = "cardgen: where this calibration sheet's scales and markers are"

    version: Literal[2, 3] = CALIBRATION_VERSION
    kind: Literal["calibration"]
    lang: Name | None = field(default=None, metadata=SPARSE)
    flip: Flip
    paper: Annotated[str, MaxLen(20)] | None = None
    back_offset: tuple[float, float] = (0.0, 0.0)
    coarse: ScaleRow | None = None
    fine: ScaleRow | None = None
    front_lines: ScaleLines | None = None
    back_lines: ScaleLines | None = None
    scales: Annotated[tuple[ScalePlace, ...], MaxLen(8)] = ()
    flip_check: FlipCheck | None = None
    ruler: RulerPlace | None = None
    markers: Annotated[tuple[MarkerPlace, ...], MaxLen(64)] = field(default=(), metadata=SPARSE)  # from version 3


DocumentKind = Literal["rules", "score", "balance"]


@dataclass(frozen=True, kw_only=True)
class DocumentRecord(Paper):
    """What a page that is not a card sheet is, so that verify never guesses it from its title."""

    described: ClassVar[str] = "cardgen: what this document is"

    version: Literal[1] = DOCUMENT_VERSION
    kind: DocumentKind
    variant: Name | None = field(default=None, metadata=SPARSE)  # a rule summary's or score sheet's
    lang: Name
    flip: Flip | None  # None: its pages print one-sided


Record = LayoutRecord | CalibrationRecord | DocumentRecord
ATTACHMENTS: dict[type, str] = {
    LayoutRecord: LAYOUT_ATTACHMENT,
    CalibrationRecord: CALIBRATION_ATTACHMENT,
    DocumentRecord: DOCUMENT_ATTACHMENT,
}


def _sized(field: str, box: tuple) -> None:
    if box[2] <= 0 or box[3] <= 0:
        raise _problem(field, Message("record.box_size", box=str(list(box))))


def _listed(field: str, number: int, sides: dict) -> None:
    if number not in sides:
        raise _problem(field, Message("record.unlisted_page", page=number))


def _problem(field: str, problem: Message) -> InvalidValue:
    """`problem` of the record's field `field` (a path such as cards[3].slot)."""
    return InvalidValue(Message("record.field_problem", field=field, problem=problem))


def record_data(record: Any) -> Any:
    """A record as the JSON it is attached as: every field, but a sparse one where it
    holds its default."""
    if is_dataclass(record):
        return {
            part.name: record_data(getattr(record, part.name))
            for part in fields(record)
            if not (part.metadata.get("sparse") and getattr(record, part.name) == part.default)
        }
    if isinstance(record, (list, tuple)):
        return [record_data(value) for value in record]
    return record


# -- reading a record back --------------------------------------------------------------


class DamagedRecord(Exception):
    """The record is there but cannot be trusted: its message (a Message, said whole) names the field."""

    def __init__(self, message: Message):
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return str(self.message)


def parse_record(raw: bytes, name: str) -> Record:
    """The record attached as `name`, validated; DamagedRecord when it is not JSON, too
    large, or breaks the schema."""
    data = _json_object(raw)
    if "version" not in data and "format" in data:  # the first records said "format"
        data = {**data, "version": data["format"]}
    kinds = {attachment: kind for kind, attachment in ATTACHMENTS.items()}
    model = CalibrationRecord if data.get("kind") == "calibration" else kinds.get(name, LayoutRecord)
    return _validated(model, data, data.get("version"))


@cache
def _adapter(model: type):
    from pydantic import TypeAdapter  # verify alone validates: drawing never loads the schemas

    return TypeAdapter(model)


def _validated(model: type, data: dict, version):
    """`data` as a `model`; DamagedRecord naming the first problem, or a version too new."""
    from pydantic import ValidationError

    known = vars(model)["version"]  # a dataclass keeps a default as its class attribute
    if isinstance(version, int) and version > known:
        raise DamagedRecord(Message("record.newer", version=version, known=known))
    try:
        return _adapter(model).validate_python(data)
    except ValidationError as exc:
        raise DamagedRecord(_first_problem(exc, data)) from None


def _json_object(raw: bytes) -> dict:
    if len(raw) > MAX_RECORD_BYTES:
        raise DamagedRecord(Message("record.too_large", size=len(raw) // 1_000_000))
    try:
        data = json.loads(raw)
    except json.JSONDecodeError as exc:
        raise DamagedRecord(Message("record.not_json", line=exc.lineno, column=exc.colno)) from None
    except (ValueError, RecursionError):  # not text, or nested past what Python's parser follows
        raise DamagedRecord(Message("record.unreadable_json")) from None
    if not isinstance(data, dict):
        raise DamagedRecord(Message("record.not_an_object"))
    return data


def _first_problem(exc, data: dict) -> Message:
    location, problem = first_problem(exc, data)
    if exc.errors()[0]["type"] == "value_error" and not location:
        return problem
    if not location:
        return Message("record.whole_problem", problem=problem)
    return Message("record.field_problem", field=field_name(location), problem=problem)


# -- a print-shop export (`cardgen export`): manifest.json beside its files --------------

MAX_EXPORT_FILES = 5000  # 2,000 cards and their backs, and room to spare
FileName = Annotated[str, Len(1, 255), Predicate(lambda name: not set(name) & {"/", "\\", "\x00"})]


@dataclass(frozen=True, kw_only=True)
class BackRef(_Part):
    file: FileName
    page: PageNumber | None = field(default=None, metadata=SPARSE)


@dataclass(frozen=True, kw_only=True)
class ExportEntry(_Part):
    """One file (PNG) or one page of the PDF: a card's face, or a back."""

    file: FileName
    page: PageNumber | None = field(default=None, metadata=SPARSE)  # in the PDF; None for an image
    side: Literal["front", "back"]
    card: Name | None = field(default=None, metadata=SPARSE)  # a front's card id
    copies: Annotated[int, Ge(1), Le(MAX_CARDS)]
    back: BackRef | None = field(default=None, metadata=SPARSE)  # a front: the back that goes behind it
    style: Annotated[str, MaxLen(60)] | None = field(default=None, metadata=SPARSE)  # a back: its face style


@dataclass(frozen=True, kw_only=True)
class ExportManifest(_Part):
    """What `cardgen export` wrote, for a print shop and for `cardgen verify`."""

    kind: Literal["cardgen-export"]
    version: Literal[1] = EXPORT_VERSION
    format: Literal["png", "pdf"]  # the keys of cardgen.formats.EXPORT_FORMATS but tts (a deck with no such manifest)
    sets: Annotated[tuple[str, ...], Len(1, 100)]
    cards: Annotated[int, Ge(1), Le(MAX_CARDS)]  # fronts: one file or page each
    trim_mm: SizeMm
    bleed_mm: Annotated[float, Ge(0), Le(10)]
    size_mm: SizeMm  # trim + 2 × bleed: the whole file or page
    dpi: Annotated[int, Ge(1), Le(10_000)] | None = None  # PNG only
    pixels: tuple[Pixel, Pixel] | None = None  # PNG only
    files: Annotated[tuple[ExportEntry, ...], Len(1, MAX_EXPORT_FILES)]

    def __post_init__(self) -> None:
        if self.format == "png" and (self.dpi is None or self.pixels is None):
            raise InvalidValue(Message("record.png_needs_dpi"))
        for index, entry in enumerate(self.files):
            if (entry.page is None) != (self.format == "png"):
                raise _problem(f"files[{index}].page", Message("record.page_per_pdf_page"))
            if entry.side == "front" and (entry.card is None or entry.back is None):
                raise _problem(f"files[{index}]", Message("record.front_needs_back"))


def parse_manifest(raw: bytes) -> ExportManifest:
    """An export's manifest, validated; DamagedRecord when it is not JSON or breaks the schema."""
    data = _json_object(raw)
    return _validated(ExportManifest, data, data.get("version"))
