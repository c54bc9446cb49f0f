"""The calibration sheet: two pages printed two-sided; held against a lamp, its scales
read the printer's front/back shift as the `--back-offset X,Y` that cancels it.

Every scale has two rows, both read the same way (a vernier): the front carries thin
numbered lines, the back thick unnumbered lines that continue them end to end when
the printer is exact. The user looks for the numbered line that continues a thick
line:

- whole millimetres: front lines every 12 mm numbered -5 ... 5, back lines every
  11 mm. A shift of v mm makes front line k meet back line k when k = v; the next
  possible meeting is 11 lines away, outside the scale, so the reading is never
  ambiguous. Neighbouring lines miss by a whole millimetre: the meeting shows at
  arm's length.
- quarters: front lines every 8.25 mm numbered -1/2 ... +1/2, back lines every 1 mm.
  Front line k meets a back line when 8.25 k - v is a whole number, i.e. when
  v = whole + k/4: the line that meets gives the quarter to add.

The numbers run in the direction that makes the number read the value to type.
Seen from the front, a back shifted by (sx, sy) on its own page appears moved by
(-sx, sy) after a long-edge flip and by (sx, -sy) after a short-edge flip; the
offset that cancels it is (-sx, -sy). So X grows with the apparent shift to the
right (long) or left (short), and Y with the apparent shift down (long) or up
(short): see `_sign`.

Two X scales (top and bottom) and two Y scales (left and right) frame the page, as
far apart as the paper allows, so that a turned or stretched back shows as two
scales of one axis that disagree.

Two rulers of RULER_MM, one across the page under the instructions and one down its
right edge, show whether the printer prints at its true size; what they measure on paper
is what `--ruler-measured ACROSS,DOWN` takes, to draw card sheets that cancel it.

For a camera (`cardgen calibrate --read PHOTO`, cardgen/photo.py), each corner of the page
holds a station of two square markers (ArUco 4x4, drawn here as vector squares): a front
marker near the corner, and above or below it a back marker, drawn mirrored so that it
reads the right way through the paper, with MARKER_REACH mm of blank front paper around it
for the printer to move it into. The front markers' ids say which sheet this is (paper
and flip); the four stations are symmetric about the page's centre, so a back turned on the
other edge shows its markers half a turn round in the same places. Back markers ignore the
back offset: a photo measures the printer alone.
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from cardgen.formats import CALIBRATION_ATTACHMENT, CALIBRATION_VERSION, MM, PAPER_TITLES, RULER_MM, Flip
from cardgen.layout.geometry import Rect, behind
from cardgen.messages import Message as CatalogueMessage  # texts.Message is a sheet text
from cardgen.model.layout import PrintableArea, check_flip, check_offset, paper_size
from cardgen.record import (
    CalibrationRecord,
    DamagedRecord,
    FlipCheck,
    MarkerPlace,
    RulerPlace,
    ScaleLines,
    ScalePlace,
    ScaleRow,
    parse_record,
)
from cardgen.render.fonts import draw_fitted, register, require_glyphs
from cardgen.render.linebreaks import split_lines
from cardgen.render.palette import BOLD, REGULAR
from cardgen.render.pdf import attach_record, finish, new_canvas, print_subject, set_boxes
from cardgen.texts import (
    DEFAULT_LANG,
    Message,
    MessageList,
    as_written,
    check_lang,
    languages,
    locale_file,
    messages,
    sheet_strings,
)

FONT = REGULAR
ATTACHMENT = CALIBRATION_ATTACHMENT

COARSE_REACH = 5  # numbered -5 ... 5 mm
COARSE_FRONT_PITCH = 12.0
COARSE_BACK_PITCH = 11.0  # over 11: the next meeting after line k is beyond line 5 for shifts up to 5.5 mm
COARSE_LINES = tuple(range(-COARSE_REACH, COARSE_REACH + 1))
FINE_FRONT_PITCH = 8.25  # 8 mm + one step: adjacent lines differ by a quarter from the comb
FINE_BACK_PITCH = 1.0
FINE_STEP = FINE_FRONT_PITCH - 8 * FINE_BACK_PITCH
FINE_LINES = (-2, -1, 0, 1, 2)
FINE_LABELS = {-2: "−½", -1: "−¼", 0: "0", 1: "+¼", 2: "+½"}
COARSE_LABELS = {k: f"{k:+d}".replace("-", "\u2212").replace("+0", "0") for k in COARSE_LINES}
COMB_REACH = 22  # back lines at -22 ... 22 mm cover the quarter row for shifts up to 5.5 mm
COARSE_ROW = -21.0  # the whole-mm row sits this far below the quarter row (local b axis)

FRONT_LENGTH = 6.0  # mm: front lines rise this far from their row
BACK_LENGTH = 5.0  # and back lines hang this far below it
FRONT_LINE = 0.15  # mm: thin, crisp lines on the front
ZERO_LINE = 0.4
BACK_LINE = 0.3  # heavier on the back, since the paper blurs and greys them
COARSE_BACK_LINE = 0.6
COARSE_PT, FINE_PT = 12.0, 10.0  # label sizes: digits 3.1 and 2.6 mm high
LABEL_GAP = 1.6  # mm from a front line's tip to its number
NAME_PT = 7.0  # a row's name ("quarters", "whole mm")
TEXT_CLEAR = 5.0  # mm between the instructions and the right Y scale's numbers and name
VERA_CAP, VERA_TOP, VERA_DESCENT = 0.729, 0.929, 0.236  # of the em: capitals, accented capitals, descenders

DOWN_RULER_INSET = 6.5  # mm from the paper's right edge to the line of the ruler down the page

MARKER_MM = 10.0  # a marker's side: 6 cells of 1⅔ mm, the 4 x 4 pattern inside a black border
MARKER_CELLS = 4
MARKER_REACH = 5.0  # mm: how far the printer may move a back marker for a photo to find it
MARKER_SIDE_INSET = 13.5  # mm from the paper's side to a station's markers' centres: a back marker's reach
# stays clear of the whole mm row's name in every language
FRONT_MARKER_INSET = 13.5  # mm from the paper's top or bottom edge to a front marker's centre
BACK_MARKER_INSET = 31.0  # and to a back marker's: its reach clear of the front marker
# OpenCV's DICT_4X4_50 patterns, by id (bits row by row from the top, 1 white, the first
# bit the highest). Chosen so that no mirror image of one is within 3 bits of another:
# a marker seen from the wrong side never reads as one of these.
MARKER_BITS = {
    0: 0xB532, 1: 0x0F9A, 2: 0x332D, 4: 0x549E, 6: 0x9E2E, 7: 0xC4F2, 11: 0x11A7, 12: 0x0EB7,
    13: 0x2A0F, 15: 0x263E, 18: 0x6C5E, 19: 0x76AF, 20: 0x868B, 22: 0xCCD5, 23: 0xDD82,
    26: 0xACE4, 27: 0xA554, 28: 0x2123, 29: 0x346F, 30: 0x4415,
}  # fmt: skip
# the front markers' ids say which sheet a photo shows; the back markers are alike on all
FRONT_MARKER_IDS = {
    ("a4", "long"): (0, 1, 2, 4),
    ("a4", "short"): (6, 7, 11, 12),
    ("letter", "long"): (13, 15, 18, 19),
    ("letter", "short"): (20, 22, 23, 26),
}
BACK_MARKER_IDS = (27, 28, 29, 30)

BACK_MARGIN = 2.5  # mm: BACK and its caption keep this clear of the flip box's edges
CAPTION_PT, CAPTION_GAP = 7.0, 1.8  # BACK's caption, and its clear space below BACK


@dataclass(frozen=True)
class Scale:
    """One axis at one station: the quarter row's zero at `origin` (front page, mm); `along`
    is the page direction of the local a axis; `sign` turns a into the value direction."""

    station: str
    axis: str  # 'x' or 'y'
    origin: tuple[float, float]
    sign: int

    @property
    def along(self) -> tuple[int, int]:
        return (1, 0) if self.axis == "x" else (0, 1)

    @property
    def across(self) -> tuple[int, int]:
        """The local b axis (towards the labels): the a axis turned a quarter anticlockwise."""
        ax, ay = self.along
        return (-ay, ax)

    @property
    def value_direction(self) -> tuple[int, int]:
        ax, ay = self.along
        return (self.sign * ax, self.sign * ay)

    def page_point(self, a: float, b: float) -> tuple[float, float]:
        (ax, ay), (bx, by) = self.along, self.across
        return (self.origin[0] + a * ax + b * bx, self.origin[1] + a * ay + b * by)

    def describe(self) -> ScalePlace:
        return ScalePlace(
            station=self.station,  # type: ignore[arg-type]  # one of the four Plan.make names
            axis=self.axis,  # type: ignore[arg-type]
            value_direction=self.value_direction,
            fine_zero=_rounded(self.origin),
            coarse_zero=_rounded(self.page_point(0.0, COARSE_ROW)),
            across=self.across,
        )


@dataclass(frozen=True)
class Marker:
    """A square marker centred at `centre` on the front page (or, for a back marker, where
    it shows through); `corners` as MarkerPlace lists them."""

    id: int
    side: str  # 'front' or 'back'
    centre: tuple[float, float]

    @property
    def corners(self) -> tuple[tuple[float, float], ...]:
        (x, y), h = self.centre, MARKER_MM / 2
        return ((x - h, y + h), (x + h, y + h), (x + h, y - h), (x - h, y - h))

    def describe(self, paper: tuple[float, float]) -> MarkerPlace:
        width, height = paper
        turned = tuple((width - x, height - y) for x, y in self.corners)  # the other flip: half a turn
        return MarkerPlace(
            id=self.id,
            side=self.side,  # type: ignore[arg-type]
            bits=MARKER_BITS[self.id],
            corners_mm=tuple(_rounded(c) for c in self.corners),  # type: ignore[arg-type]
            other_flip_corners_mm=tuple(_rounded(c) for c in turned) if self.side == "back" else None,  # type: ignore[arg-type]
        )


def _rounded(point: tuple[float, float]) -> tuple[float, float]:
    return (round(point[0], 4), round(point[1], 4))


def calibration_pdf(paper: str = "a4", flip: str = "long", back_offset=(0.0, 0.0), lang: str = DEFAULT_LANG) -> bytes:
    """The two-page calibration sheet, front then back, as PDF bytes."""
    size = paper_size(paper)
    flip = check_flip(flip)
    check_lang(lang)
    offset = check_offset(back_offset)
    plan = Plan.make(size, flip, paper)
    texts = _texts(lang, paper, flip, offset)
    canvas, buffer = new_canvas(size, flip, texts["title"], print_subject(sheet_strings(lang), flip))
    every_word = "".join(v for k, v in texts.items() if k != "steps") + "".join(texts["steps"])
    require_glyphs(FONT, every_word + "".join(FINE_LABELS.values()), locale_file("calibration", lang).doc.file)
    page = Rect(0, 0, *size)

    _draw_front(canvas, plan, texts)
    set_boxes(canvas, page, page)
    canvas.showPage()

    _draw_back(canvas, plan, offset, texts)
    set_boxes(canvas, page, page)
    attach_record(canvas, _describe(plan, paper, flip, offset, lang))
    canvas.showPage()
    return finish(canvas, buffer)


def calibration_record(
    paper: str = "a4", flip: str = "long", back_offset=(0.0, 0.0), lang: str = DEFAULT_LANG
) -> CalibrationRecord:
    """The record `calibration_pdf` attaches to the same sheet, without drawing it."""
    flip = check_flip(flip)
    return _describe(Plan.make(paper_size(paper), flip, paper), paper, flip, check_offset(back_offset), lang)


# -- where things go ------------------------------------------------------------


@dataclass(frozen=True)
class Plan:
    paper: tuple[float, float]
    flip: str
    scales: tuple[Scale, ...]
    flip_box: Rect  # BACK must show through inside this box
    wrong_box: Rect  # where BACK shows if the printer turned the other edge
    ruler: tuple[float, float]  # left end of the ruler across the page
    down_ruler: tuple[float, float]  # top end of the ruler down the right edge
    text_top: float
    text_bottom: float
    text_left: float
    text_right: float
    markers: tuple[Marker, ...]

    @classmethod
    def make(cls, paper: tuple[float, float], flip: str, paper_name: str) -> Plan:
        width, height = paper
        # Labels on the outside, 6 mm clear around every mark (a shift moves the back's
        # marks that far), at least 14 mm from the paper's edges.
        depth = BACK_LENGTH - COARSE_ROW  # from the quarter row down to the whole-mm row's back lines
        top_y = height - 31.0
        bottom_y = 16.0 + depth
        left_x = 14.0 + 10.0  # upright labels, right-aligned 2 mm left of the lines' tips
        right_x = width - 16.0 - depth
        sx, sy = _sign(flip, "x"), _sign(flip, "y")
        scales = (
            Scale("top", "x", (width / 2, top_y), sx),
            Scale("right", "y", (right_x, height / 2), sy),
            Scale("bottom", "x", (width / 2, bottom_y), sx),
            Scale("left", "y", (left_x, height / 2), sy),
        )
        # The Y scales' numbers and names lie left of their lines: the right scale's quarter
        # row points them at the instructions, which stop clear of the widest in any language.
        inner_left = left_x + depth + 6.0
        inner_right = right_x - FRONT_LENGTH - LABEL_GAP - _widest_fine_label() - TEXT_CLEAR
        box = Rect(width / 2 - 36, height - 88.0, 72, 18)
        wrong = Rect(width - box.right, height - box.top, box.width, box.height)
        ruler = (width / 2 - RULER_MM / 2, wrong.y - 9.0)
        down_ruler = (width - DOWN_RULER_INSET, height / 2 + RULER_MM / 2)
        return cls(
            paper,
            flip,
            scales,
            box,
            wrong,
            ruler,
            down_ruler,
            box.y - 6.5,
            wrong.top + 4,
            inner_left,
            inner_right,
            _markers(paper, FRONT_MARKER_IDS[(paper_name, flip)]),
        )


def _markers(paper: tuple[float, float], front_ids: tuple[int, ...]) -> tuple[Marker, ...]:
    """A station in each corner, bottom left, bottom right, top right, top left: symmetric
    about the page's centre."""
    width, height = paper
    markers = []
    left, right = MARKER_SIDE_INSET, width - MARKER_SIDE_INSET
    stations = ((left, True), (right, True), (right, False), (left, False))  # True: from the bottom
    for (x, from_bottom), front_id, back_id in zip(stations, front_ids, BACK_MARKER_IDS):
        front_y, back_y = (v if from_bottom else height - v for v in (FRONT_MARKER_INSET, BACK_MARKER_INSET))
        markers += [Marker(front_id, "front", (x, front_y)), Marker(back_id, "back", (x, back_y))]
    return tuple(markers)


def _widest_fine_label() -> float:
    """mm: the widest thing beside a quarter row's lines, its numbers or its name in any language."""
    register(FONT)
    register(BOLD)
    numbers = max(stringWidth(label, BOLD, FINE_PT / MM) for label in FINE_LABELS.values())
    names = max(stringWidth(Message("calibration", "fine")(lang), FONT, NAME_PT / MM) for lang in languages())
    return max(numbers, names)


def _sign(flip: str, axis: str) -> int:
    """1 if the value to type grows with the back's apparent shift along the page's x or y
    (right, up), else -1: X grows to the right after a long-edge flip, Y downwards."""
    return (1 if flip == "long" else -1) * (1 if axis == "x" else -1)


# -- front ---------------------------------------------------------------------


def _draw_front(canvas: Canvas, plan: Plan, texts: dict) -> None:
    width, height = plan.paper
    canvas.saveState()
    canvas.scale(MM, MM)
    _text(canvas, texts["title"], width / 2, height - 9, 11, BOLD, "centre")
    _text(canvas, texts["front"], width / 2, height - 13.5, 7.5, FONT, "centre")
    for scale in plan.scales:
        _front_scale(canvas, scale, texts)
    _flip_boxes(canvas, plan, texts)
    _instructions(canvas, plan, texts)
    _ruler(canvas, *plan.ruler, texts["ruler"])
    _down_ruler(canvas, *plan.down_ruler)
    for marker in plan.markers:
        if marker.side == "front":
            _marker(canvas, marker)
    canvas.restoreState()


def _front_scale(canvas: Canvas, scale: Scale, texts: dict) -> None:
    canvas.saveState()
    canvas.setStrokeGray(0)
    canvas.setFillGray(0)
    s = scale.sign
    rows = ((0.0, FINE_FRONT_PITCH, FINE_PT, FINE_LABELS), (COARSE_ROW, COARSE_FRONT_PITCH, COARSE_PT, COARSE_LABELS))
    for row, pitch, size, labels in rows:
        for k, label in labels.items():
            a = s * k * pitch
            canvas.setLineWidth(ZERO_LINE if k == 0 else FRONT_LINE)
            canvas.line(*scale.page_point(a, row), *scale.page_point(a, row + FRONT_LENGTH + (1.0 if k == 0 else 0.0)))
            _scale_label(canvas, scale, label, a, row + FRONT_LENGTH + LABEL_GAP, size, BOLD if k == 0 else FONT)
    canvas.setFillGray(0.3)
    is_x = scale.axis == "x"
    # each row's name beside its first number: left of an X scale, above a Y scale
    for row, reach, key in (
        (COARSE_ROW, COARSE_REACH * COARSE_FRONT_PITCH, "coarse"),
        (0.0, -FINE_LINES[0] * FINE_FRONT_PITCH, "fine"),
    ):
        x, y = scale.page_point(-reach - 5.0 if is_x else reach + 6.0, row + FRONT_LENGTH + LABEL_GAP)
        x = max(x, PrintableArea().sides + stringWidth(texts[key], FONT, NAME_PT / MM))  # inside a laser's reach
        _text(canvas, texts[key], x, y if is_x else y - 1.0, NAME_PT, FONT, "right")
    canvas.setFillGray(0)
    gap, b = (5.0, 1.5) if is_x else (12.0, FRONT_LENGTH + LABEL_GAP)
    x, y = scale.page_point(-COARSE_REACH * COARSE_FRONT_PITCH - gap, b)
    _text(canvas, scale.axis.upper(), x, y, 16, BOLD, "right")
    if is_x:
        _legend(canvas, scale.page_point(FINE_LINES[-1] * FINE_FRONT_PITCH + 14.0, 0.0), texts["match"])
    canvas.restoreState()


def _scale_label(canvas: Canvas, scale: Scale, text: str, a: float, b: float, size_pt: float, font: str) -> None:
    """Upright text at the scale's point (a, b): centred above an X scale's line, or to the
    left of a Y scale's line and centred on it."""
    x, y = scale.page_point(a, b)
    if scale.axis == "x":
        _text(canvas, text, x, y, size_pt, font, "centre")
    else:
        _text(canvas, text, x, y - 0.36 * size_pt / MM, size_pt, font, "right")


def _flip_boxes(canvas: Canvas, plan: Plan, texts: dict) -> None:
    box, wrong = plan.flip_box, plan.wrong_box
    canvas.saveState()
    canvas.setLineWidth(0.5)
    canvas.rect(box.x, box.y, box.width, box.height)
    _text(canvas, texts["flip_ok"], box.centre[0], box.top + 2.4, 8, BOLD, "centre")  # descenders clear of the line
    canvas.setLineWidth(0.3)
    canvas.setDash(1.5, 1.5)
    canvas.setStrokeGray(0.45)
    canvas.rect(wrong.x, wrong.y, wrong.width, wrong.height)
    canvas.setFillGray(0.35)
    _paragraph(canvas, texts["flip_wrong"], wrong.x + 3, wrong.top - 4.5, wrong.width - 6, 8, FONT)
    canvas.restoreState()


def _legend(canvas: Canvas, at: tuple[float, float], words: str) -> None:
    """Beside a quarter row: what to look for, drawn (a thin line that continues a thick
    one, ticked, between two pairs that miss) and said. `at` is the row's level at its left."""
    x0, y = at
    canvas.saveState()
    for dx, miss, good in ((0.0, -0.7, False), (5.0, 0.0, True), (10.0, 0.7, False)):
        x = x0 + dx
        canvas.setStrokeGray(0)
        canvas.setLineWidth(FRONT_LINE)
        canvas.line(x, y, x, y + FRONT_LENGTH)
        canvas.setLineWidth(BACK_LINE * 2)
        canvas.setStrokeGray(0.45)
        canvas.line(x + miss, y - BACK_LENGTH, x + miss, y)
        _tick(canvas, x, y + FRONT_LENGTH + 2.6, good)
    canvas.setFillGray(0)
    _paragraph(canvas, words, x0 + 15.0, y + 5.0, 36.0, 8, BOLD)
    canvas.restoreState()


def _tick(canvas: Canvas, x: float, y: float, good: bool) -> None:
    """A drawn check mark (good) or cross, centred on (x, y): the font has neither glyph."""
    canvas.saveState()
    canvas.setLineCap(1)
    canvas.setLineJoin(1)
    if good:
        canvas.setLineWidth(0.6)
        path = canvas.beginPath()
        path.moveTo(x - 1.6, y)
        path.lineTo(x - 0.4, y - 1.3)
        path.lineTo(x + 1.8, y + 1.6)
        canvas.drawPath(path, stroke=1, fill=0)
    else:
        canvas.setLineWidth(0.3)
        canvas.setStrokeGray(0.4)
        canvas.line(x - 1.0, y - 1.0, x + 1.0, y + 1.0)
        canvas.line(x - 1.0, y + 1.0, x + 1.0, y - 1.0)
    canvas.restoreState()


COMMANDS = ("photo_command", "command", "ruler_command")  # the texts a step shows whole, on a line of their own


STEP_SIZES = (9.0, 8.75, 8.5, 8.25, 8.0, 7.75, 7.5)  # pt: the steps as large as their room allows


def _instructions(canvas: Canvas, plan: Plan, texts: dict) -> None:
    """The numbered steps between the two flip boxes, at the largest of STEP_SIZES that fits
    (a check sheet has a step more: what its offset means)."""
    size = next((size for size in STEP_SIZES if _steps(None, plan, texts, size) >= plan.text_bottom), STEP_SIZES[-1])
    _steps(canvas, plan, texts, size)


def _steps(canvas: Canvas | None, plan: Plan, texts: dict, size: float) -> float:
    """Draw the steps at `size` pt (or only measure them, without a canvas); the lowest
    baseline they reach, in mm."""
    left, right = plan.text_left, plan.text_right
    width = right - left - 5
    y = plan.text_top
    for number, step in enumerate(texts["steps"], start=1):
        _text(canvas, f"{number}.", left, y, size, BOLD, "left")
        command = next((texts[key] for key in COMMANDS if texts[key] in step), "")
        before, command, after = step.partition(command) if command else (step, "", "")
        y = _paragraph(canvas, before.rstrip(), left + 5, y, width, size, FONT)
        if command:  # on a line of its own, never broken: made smaller (then narrower) if it must be
            if canvas is not None:
                draw_fitted(canvas, command, left + 5, y - 0.6, FONT, size, width, unit=MM)
            y -= size / MM * 1.25 + 1.2
            y = _paragraph(canvas, after.strip(), left + 5, y, width, size, FONT) if after.strip() else y
        y -= 1.4
    return y + 1.4 + size / MM * 1.25  # the last line's baseline


def _tick_length(mm: int) -> float:
    return 3.0 if mm % 10 == 0 else 2.0 if mm % 5 == 0 else 1.2


def _ruler(canvas: Canvas, x: float, y: float, label: str) -> None:
    canvas.saveState()
    canvas.setLineWidth(FRONT_LINE)
    canvas.line(x, y, x + RULER_MM, y)
    for mm in range(0, int(RULER_MM) + 1):
        canvas.line(x + mm, y, x + mm, y + _tick_length(mm))
        if mm % 10 == 0:
            _text(canvas, str(mm), x + mm, y + 3.6, 6, FONT, "centre")
    _text(canvas, label, x + RULER_MM / 2, y - 3.8, 8, FONT, "centre")
    canvas.restoreState()


def _down_ruler(canvas: Canvas, x: float, y: float) -> None:
    """The ruler down the page from (x, y), its ticks and numbers to the left of its line."""
    canvas.saveState()
    canvas.setLineWidth(FRONT_LINE)
    canvas.line(x, y, x, y - RULER_MM)
    for mm in range(0, int(RULER_MM) + 1):
        canvas.line(x, y - mm, x - _tick_length(mm), y - mm)
        if mm % 10 == 0:
            _text(canvas, str(mm), x - 3.6, y - mm - 0.75, 6, FONT, "right")
    canvas.restoreState()


# -- back ----------------------------------------------------------------------


def _draw_back(canvas: Canvas, plan: Plan, offset: tuple[float, float], texts: dict) -> None:
    canvas.saveState()
    canvas.scale(MM, MM)
    canvas.translate(*offset)
    canvas.saveState()
    _mirror_to_front(canvas, plan)
    canvas.setStrokeGray(0)
    canvas.setFillGray(0)
    for scale in plan.scales:
        _back_scale(canvas, scale)
    canvas.restoreState()
    _back_word(canvas, behind(plan.flip_box, plan.paper, plan.flip), texts)
    canvas.restoreState()
    canvas.saveState()  # the markers where they land with no offset: a photo reads the printer alone
    canvas.scale(MM, MM)
    _mirror_to_front(canvas, plan)
    for marker in plan.markers:
        if marker.side == "back":
            _marker(canvas, marker)
    canvas.restoreState()


def _marker(canvas: Canvas, marker: Marker) -> None:
    """The marker as one black path, its white cells holes in it (even-odd): no seams
    between neighbouring black cells for a renderer to leave."""
    cell = MARKER_MM / (MARKER_CELLS + 2)
    left, top = marker.corners[0]
    path = canvas.beginPath()
    path.rect(left, top - MARKER_MM, MARKER_MM, MARKER_MM)
    bits = MARKER_BITS[marker.id]
    for index in range(MARKER_CELLS * MARKER_CELLS):
        if bits >> (MARKER_CELLS * MARKER_CELLS - 1 - index) & 1:
            row, column = divmod(index, MARKER_CELLS)
            path.rect(left + (column + 1) * cell, top - (row + 2) * cell, cell, cell)
    canvas.setFillGray(0)
    canvas.drawPath(path, stroke=0, fill=1, fillMode=0)  # 0: even-odd


def _back_word(canvas: Canvas, spot: Rect, texts: dict) -> None:
    """BACK over its caption, the pair centred in `spot` (behind the flip box) with at least
    BACK_MARGIN clear of the box's line at the top and the bottom."""
    word, caption = texts["back_word"], texts["back"]
    caption_em = CAPTION_PT / MM
    caption_depth = VERA_DESCENT * caption_em
    caption_height = caption_depth + VERA_TOP * caption_em  # accents and ascenders included
    word_top = VERA_CAP if word.isascii() else VERA_TOP  # Ü's dots rise above the capitals
    room = spot.height - 2 * BACK_MARGIN - caption_height - CAPTION_GAP
    word_pt = min(30.0, 0.9 * spot.width * MM / stringWidth(word, BOLD, 1), room / word_top * MM)
    height = caption_height + CAPTION_GAP + word_top * word_pt / MM
    caption_y = spot.y + (spot.height - height) / 2 + caption_depth
    word_y = caption_y - caption_depth + caption_height + CAPTION_GAP
    _text(canvas, word, spot.centre[0], word_y, word_pt, BOLD, "centre")
    _text(canvas, caption, spot.centre[0], caption_y, CAPTION_PT, FONT, "centre")


def _mirror_to_front(canvas: Canvas, plan: Plan) -> None:
    """From here on, draw in front-page coordinates: each mark lands behind its front point."""
    width, height = plan.paper
    if plan.flip == "long":
        canvas.translate(width, 0)
        canvas.scale(-1, 1)
    else:
        canvas.translate(0, height)
        canvas.scale(1, -1)


def _back_scale(canvas: Canvas, scale: Scale) -> None:
    canvas.saveState()
    canvas.setLineWidth(BACK_LINE)
    for j in range(-COMB_REACH, COMB_REACH + 1):
        a = j * FINE_BACK_PITCH
        canvas.line(*scale.page_point(a, -BACK_LENGTH), *scale.page_point(a, 0))
    canvas.setLineWidth(COARSE_BACK_LINE)
    for j in COARSE_LINES:
        a = j * COARSE_BACK_PITCH
        canvas.line(*scale.page_point(a, COARSE_ROW - BACK_LENGTH), *scale.page_point(a, COARSE_ROW))
    canvas.restoreState()


# -- text ----------------------------------------------------------------------


def _text(canvas: Canvas | None, text: str, x: float, y: float, size_pt: float, font: str, align: str) -> None:
    if canvas is None:  # measuring only
        return
    canvas.setFont(font, size_pt / MM)
    if align == "centre":
        canvas.drawCentredString(x, y, text)
    elif align == "right":
        canvas.drawRightString(x, y, text)
    else:
        canvas.drawString(x, y, text)


def _paragraph(canvas: Canvas | None, text: str, x: float, y: float, width: float, size_pt: float, font: str) -> float:
    """Draw `text` wrapped to `width` from the baseline `y` down; return the next free baseline."""
    size = size_pt / MM
    leading = size * 1.25
    for line in split_lines(text, font, size, width):
        _text(canvas, line, x, y, size_pt, font, "left")
        y -= leading
    return y


def _describe(plan: Plan, paper: str, flip: Flip, offset: tuple[float, float], lang: str) -> CalibrationRecord:
    return CalibrationRecord(
        kind="calibration",
        version=CALIBRATION_VERSION,
        lang=lang,
        paper=paper,
        paper_mm=plan.paper,
        flip=flip,
        back_offset=offset,
        coarse=ScaleRow(
            front_pitch=COARSE_FRONT_PITCH,
            back_pitch=COARSE_BACK_PITCH,
            step=1.0,
            lines=COARSE_LINES,
            back_lines=COARSE_LINES,
        ),
        fine=ScaleRow(
            front_pitch=FINE_FRONT_PITCH,
            back_pitch=FINE_BACK_PITCH,
            step=FINE_STEP,
            lines=FINE_LINES,
            back_lines=(-COMB_REACH, COMB_REACH),
        ),
        front_lines=ScaleLines(from_row=0, length=FRONT_LENGTH, side="across"),
        back_lines=ScaleLines(from_row=0, length=BACK_LENGTH, side="against across"),
        scales=tuple(scale.describe() for scale in plan.scales),
        flip_check=FlipCheck(
            front_box=tuple(plan.flip_box.rounded()),  # type: ignore[arg-type]
            wrong_flip_box=tuple(plan.wrong_box.rounded()),  # type: ignore[arg-type]
            back_box=tuple(behind(plan.flip_box, plan.paper, flip).moved(*offset).rounded()),  # type: ignore[arg-type]
        ),
        ruler=RulerPlace(start=plan.ruler, length=RULER_MM, down_start=plan.down_ruler),
        markers=tuple(marker.describe(plan.paper) for marker in plan.markers),
    )


def attached_record(pdf: bytes) -> CalibrationRecord:
    """The record a calibration sheet carries, validated (DamagedRecord if it cannot be trusted)."""
    import io

    import pypdf

    (data,) = pypdf.PdfReader(io.BytesIO(pdf)).attachments[ATTACHMENT]
    record = parse_record(data, ATTACHMENT)
    if not isinstance(record, CalibrationRecord):
        raise DamagedRecord(CatalogueMessage("record.not_calibration"))
    return record


def scales_shown(record: CalibrationRecord) -> list[dict]:
    """Where the sheet of `record` draws each of its scales: the axis and station, every line
    of its two rows with what it reads (whole mm, fractions of a mm) and where it stands on
    the front page (mm from the lower left), and a box around it all, to show the scale as a
    picture and to tell which line a reader points at."""
    assert record.coarse is not None and record.fine is not None, "a version 2 record or later"
    found = []
    for scale in record.scales:
        direction, across = scale.value_direction, scale.across
        rows = {
            "whole": _row(scale.coarse_zero, direction, record.coarse, 1.0),
            "fine": _row(scale.fine_zero, direction, record.fine, record.fine.step),
        }
        points = [line["at_mm"] for row in rows.values() for line in row]
        # the lines rise 6 mm towards their numbers (across), the rows' names stand beyond
        # their ends (along): room for both on every side
        corners = [(x + a * across[0] + d * direction[0], y + a * across[1] + d * direction[1])
                   for x, y in points for a in (-4.0, 15.0) for d in (-26.0, 26.0)]  # fmt: skip
        xs, ys = [x for x, _ in corners], [y for _, y in corners]
        box = [round(min(xs), 2), round(min(ys), 2), round(max(xs), 2), round(max(ys), 2)]
        found.append({"station": scale.station, "axis": scale.axis, "rows": rows, "box_mm": box})
    return found


def _row(zero, direction, row: ScaleRow, step: float) -> list[dict]:
    return [
        {
            "reads": k * step,
            "at_mm": [zero[0] + k * row.front_pitch * direction[0], zero[1] + k * row.front_pitch * direction[1]],
        }
        for k in row.lines
    ]


# -- words ---------------------------------------------------------------------


def _texts(lang: str, paper: str, flip: str, offset: tuple[float, float]) -> dict:
    """The sheet's words in `lang`, filled in; `flip_option` stays the command-line word."""
    words = messages("calibration", lang)
    fill = {
        "flip": words[flip],
        "other": words["short" if flip == "long" else "long"],
        "flip_option": flip,
        "paper_option": paper,
        "offset": f"{offset[0]:g},{offset[1]:g}",  # as the command line takes it
        "x": as_written(f"{offset[0]:g}", lang),  # as the language writes a number: −0,5
        "y": as_written(f"{offset[1]:g}", lang),
        "paper": PAPER_TITLES[paper],
        "studio_page": messages("studio", lang)["menu.calibrate"],  # where the studio reads the sheet
    }
    for key in COMMANDS:  # first: the steps name them
        fill[key] = str(words[key]).format(**fill)
    texts: dict[str, str | list[str]] = {
        key: value.format(**fill) for key, value in words.items() if isinstance(value, str)
    }
    steps = [step.format(**fill) for step in MessageList("calibration", "steps")(lang)]
    if offset != (0.0, 0.0):  # a sheet that checks the values a first one gave
        steps.append(Message("calibration", "with_offset")(lang).format(**fill))
    steps.append(Message("calibration", "ruler_step")(lang).format(**fill))
    texts["steps"] = steps
    return texts
