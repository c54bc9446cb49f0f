"""The calibration sheet: two pages printed two-sided; held against a lamp, its scales
read the printer's front/back shift as the `--back-offset X,Y` that cancels it.

Each scale has a coarse row and a fine row. The front carries the numbered lines;
the back carries unnumbered marks that land right behind them when the printer
is exact:

- coarse: front ticks every 1 mm numbered -5 ... 5; on the back, one pointer.
  The number nearest the pointer is the whole millimetres.
- fine (a vernier): front lines every 2.25 mm numbered -1/2 ... +1/2; on the back,
  a comb of lines every 1 mm. A shift of v mm makes the front line k meet a comb
  line when 2.25 k - v is a whole number, i.e. when v = whole + k/4: the line
  that continues a comb line gives the quarter to add.

The numbers run in the direction that makes the number read the value to type.
Seen from the front, a back shifted by (sx, sy) on its own page appears moved by
(-sx, sy) after a long-edge flip and by (sx, -sy) after a short-edge flip; the
offset that cancels it is (-sx, -sy). So X grows with the apparent shift to the
right (long) or left (short), and Y with the apparent shift down (long) or up
(short): see `value_direction`.
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from cardgen.errors import InputError
from cardgen.layout.geometry import MM, Rect, behind
from cardgen.model.layout import PAPERS
from cardgen.printers import check_offset
from cardgen.render.fonts import require_glyphs
from cardgen.render.pdf import attach_json, finish, new_canvas, set_boxes
from cardgen.texts import check_lang, translations

FONT, BOLD = "Vera", "Vera-Bold"
ATTACHMENT = "cardgen-calibration.json"

COARSE_REACH = 5  # numbered -5 ... 5 mm
COARSE_TICKS = 6  # ticks reach one mm further, so that 5 is not at the very end
FINE_FRONT_PITCH = 2.25  # 2 mm + one step: adjacent lines differ by a quarter from the comb
FINE_BACK_PITCH = 1.0
FINE_STEP = FINE_FRONT_PITCH - 2 * FINE_BACK_PITCH
FINE_LINES = (-2, -1, 0, 1, 2)
FINE_LABELS = {-2: "−½", -1: "−¼", 0: "0", 1: "+¼", 2: "+½"}
COMB_REACH = 10  # comb lines at -10 ... 10 mm cover the vernier for shifts up to 5.5 mm
COARSE_ROW = -17.0  # the coarse row sits this far below the fine row (local b axis)

FRONT_LINE = 0.12  # mm: thin, crisp lines on the front
BACK_LINE = 0.25  # mm: heavier on the back, since the paper blurs and greys them
POINTER_LINE = 0.3

FLIP_WORDS = {"long": "long", "short": "short"}


@dataclass(frozen=True)
class Scale:
    """One axis at one station: the fine row's zero at `origin` (front page, mm); `along`
    is the page direction of the local a axis; `sign` turns a into the value direction."""

    station: str
    axis: str  # 'x' or 'y'
    origin: tuple[float, float]
    sign: int

    @property
    def along(self) -> tuple[float, float]:
        return (1.0, 0.0) if self.axis == "x" else (0.0, 1.0)

    @property
    def across(self) -> tuple[float, float]:
        """The local b axis (towards the labels): the a axis turned a quarter anticlockwise."""
        ax, ay = self.along
        return (-ay, ax)

    @property
    def value_direction(self) -> tuple[float, float]:
        ax, ay = self.along
        return (self.sign * ax + 0.0, self.sign * ay + 0.0)

    def page_point(self, a: float, b: float) -> tuple[float, float]:
        (ax, ay), (bx, by) = self.along, self.across
        return (self.origin[0] + a * ax + b * bx, self.origin[1] + a * ay + b * by)

    @property
    def coarse_origin(self) -> tuple[float, float]:
        return self.page_point(0.0, COARSE_ROW)

    def describe(self) -> dict:
        return {
            "station": self.station,
            "axis": self.axis,
            "value_direction": list(self.value_direction),
            "fine_zero": [round(v, 4) for v in self.origin],
            "coarse_zero": [round(v, 4) for v in self.coarse_origin],
            "across": list(self.across),
        }


def value_direction(flip: str, axis: str) -> tuple[float, float]:
    """The front-page direction in which the back's apparent shift grows the value to type."""
    if axis == "x":
        return (1.0, 0.0) if flip == "long" else (-1.0, 0.0)
    return (0.0, -1.0) if flip == "long" else (0.0, 1.0)


def calibration_pdf(paper: str = "a4", flip: str = "long", back_offset=(0.0, 0.0), lang: str = "en") -> bytes:
    """The two-page calibration sheet, front then back, as PDF bytes."""
    if paper not in PAPERS:
        raise InputError(f"the paper {paper!r} is not one of {', '.join(PAPERS)}.")
    if flip not in ("long", "short"):
        raise InputError(f"the flip {flip!r} is not one of long, short.")
    check_lang(lang)
    offset = check_offset(back_offset)
    size = PAPERS[paper]
    plan = Plan.make(size, flip)
    texts = _texts(lang, paper, flip, offset)
    canvas, buffer = new_canvas(size, flip, texts["title"])
    every_word = "".join(v for k, v in texts.items() if k != "steps") + "".join(texts["steps"])
    require_glyphs(FONT, every_word, f"the calibration sheet's {lang} text")
    page = Rect(0, 0, *size)

    _draw_front(canvas, plan, texts)
    set_boxes(canvas, page, page)
    canvas.showPage()

    _draw_back(canvas, plan, offset, texts)
    set_boxes(canvas, page, page)
    attach_json(canvas, ATTACHMENT, _describe(plan, paper, flip, offset))
    canvas.showPage()
    return finish(canvas, buffer)


# -- where things go ------------------------------------------------------------


@dataclass(frozen=True)
class Plan:
    paper: tuple[float, float]
    flip: str
    scales: tuple[Scale, ...]
    flip_box: Rect  # BACK must show through inside this box
    wrong_box: Rect  # where BACK shows if the printer turned the other edge
    ruler: tuple[float, float]  # left end of the 100 mm ruler
    text_top: float
    text_bottom: float

    @classmethod
    def make(cls, paper: tuple[float, float], flip: str) -> Plan:
        width, height = paper
        # Stations near the four corners, so that a turned or stretched back shows as
        # stations that disagree; every scale keeps 6 mm clear around its marks, since a
        # shift moves the back's marks that far.
        rows = {"A": height - 32.0, "B": height - 32.0, "C": 46.0, "D": 46.0}
        left, right = width / 2 - 55, width / 2 + 45  # at least 14 mm from the paper's edges
        centres = {"A": left, "B": right, "C": left, "D": right}
        scales = []
        for name in "ABCD":
            x, y = centres[name], rows[name]
            scales.append(Scale(name, "x", (x - 15, y), _sign(flip, "x")))
            scales.append(Scale(name, "y", (x + 15, y - 8), _sign(flip, "y")))
        box = Rect(width / 2 - 40, height - 97.0, 80, 24)
        wrong = Rect(width - box.right, height - box.top, box.width, box.height)
        ruler = (width / 2 - 50, wrong.y - 8)
        return cls(paper, flip, tuple(scales), box, wrong, ruler, box.y - 6, wrong.top + 6)


def _sign(flip: str, axis: str) -> int:
    dx, dy = value_direction(flip, axis)
    return int(dx + dy)


# -- front ---------------------------------------------------------------------


def _draw_front(canvas: Canvas, plan: Plan, texts: dict) -> None:
    width, height = plan.paper
    canvas.saveState()
    canvas.scale(MM, MM)
    _text(canvas, texts["title"], width / 2, height - 12, 11, BOLD, "centre")
    _text(canvas, texts["front"], width / 2, height - 17, 7.5, FONT, "centre")
    for scale in plan.scales:
        _front_scale(canvas, scale, texts)
    _flip_boxes(canvas, plan, texts)
    _instructions(canvas, plan, texts)
    _ruler(canvas, *plan.ruler, texts["ruler"])
    canvas.restoreState()


def _front_scale(canvas: Canvas, scale: Scale, texts: dict) -> None:
    canvas.saveState()
    _enter(canvas, scale)
    canvas.setStrokeGray(0)
    canvas.setFillGray(0)
    canvas.setLineWidth(FRONT_LINE)
    s = scale.sign
    for k in FINE_LINES:
        a = s * k * FINE_FRONT_PITCH
        canvas.line(a, 0, a, 4.0 if k == 0 else 3.0)
        _text(canvas, FINE_LABELS[k], a, 4.6 if k % 2 == 0 else 7.2, 6, BOLD if k == 0 else FONT, "centre")
    for m in range(-COARSE_TICKS, COARSE_TICKS + 1):
        a = s * m
        tall = m % 5 == 0
        canvas.line(a, COARSE_ROW, a, COARSE_ROW + (3.0 if tall else 2.0))
        if abs(m) <= COARSE_REACH:
            label_y = COARSE_ROW + (3.6 if m % 2 == 0 else 5.8)
            _text(canvas, f"{m:d}".replace("-", "\u2212"), a, label_y, 5, BOLD if m == 0 else FONT, "centre")
    _text(canvas, texts["fine"], -6.0, 0.6, 6, FONT, "right")
    _text(canvas, texts["coarse"], -7.0, COARSE_ROW + 0.6, 6, FONT, "right")
    _text(canvas, f"{scale.station} {scale.axis.upper()}", -15.0, 6.5, 12, BOLD, "centre")
    canvas.restoreState()


def _enter(canvas: Canvas, scale: Scale) -> None:
    """Move the canvas to the scale's local frame (a along, b across)."""
    canvas.translate(*scale.origin)
    if scale.axis == "y":
        canvas.rotate(90)


def _flip_boxes(canvas: Canvas, plan: Plan, texts: dict) -> None:
    box, wrong = plan.flip_box, plan.wrong_box
    canvas.saveState()
    canvas.setLineWidth(0.5)
    canvas.rect(box.x, box.y, box.width, box.height)
    _text(canvas, texts["flip_ok"], box.centre[0], box.top + 1.5, 7, BOLD, "centre")
    canvas.setLineWidth(0.3)
    canvas.setDash(1.5, 1.5)
    canvas.setStrokeGray(0.45)
    canvas.rect(wrong.x, wrong.y, wrong.width, wrong.height)
    canvas.setFillGray(0.35)
    _paragraph(canvas, texts["flip_wrong"], wrong.x + 3, wrong.top - 4, wrong.width - 6, 7, FONT)
    canvas.restoreState()


def _instructions(canvas: Canvas, plan: Plan, texts: dict) -> None:
    width = plan.paper[0]
    left, right = 22.0, width - 22.0
    y = plan.text_top - 4
    for number, step in enumerate(texts["steps"], start=1):
        _text(canvas, f"{number}.", left, y, 8.5, BOLD, "left")
        y = _paragraph(canvas, step, left + 6, y, right - left - 6, 8.5, FONT) - 1.6


def _ruler(canvas: Canvas, x: float, y: float, label: str) -> None:
    canvas.saveState()
    canvas.setLineWidth(FRONT_LINE)
    canvas.line(x, y, x + 100, y)
    for mm in range(0, 101):
        tall = 3.0 if mm % 10 == 0 else 2.0 if mm % 5 == 0 else 1.2
        canvas.line(x + mm, y, x + mm, y + tall)
        if mm % 10 == 0:
            _text(canvas, str(mm), x + mm, y + 3.6, 5.5, FONT, "centre")
    _text(canvas, label, x + 50, y - 3.6, 7, FONT, "centre")
    canvas.restoreState()


# -- back ----------------------------------------------------------------------


def _draw_back(canvas: Canvas, plan: Plan, offset: tuple[float, float], texts: dict) -> None:
    width, height = plan.paper
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
    spot = behind(plan.flip_box, plan.paper, plan.flip)
    word_pt = min(40.0, 0.9 * spot.width * MM / stringWidth(texts["back_word"], BOLD, 1))
    _text(canvas, texts["back_word"], spot.centre[0], spot.y + 8, word_pt, BOLD, "centre")
    _text(canvas, texts["back"], spot.centre[0], spot.y + 3, 7, FONT, "centre")
    canvas.restoreState()


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
    _enter(canvas, scale)
    canvas.setLineWidth(BACK_LINE)
    for j in range(-COMB_REACH, COMB_REACH + 1):
        canvas.line(j * FINE_BACK_PITCH, -3.5, j * FINE_BACK_PITCH, 0)
    canvas.setLineWidth(POINTER_LINE)
    canvas.line(0, COARSE_ROW - 5, 0, COARSE_ROW)
    path = canvas.beginPath()
    path.moveTo(0, COARSE_ROW - 4.2)
    path.lineTo(-1.1, COARSE_ROW - 6.4)
    path.lineTo(1.1, COARSE_ROW - 6.4)
    path.close()
    canvas.drawPath(path, stroke=0, fill=1)
    canvas.restoreState()


# -- text ----------------------------------------------------------------------


def _text(canvas: Canvas, text: str, x: float, y: float, size_pt: float, font: str, align: str) -> None:
    canvas.setFont(font, size_pt / MM)
    if align == "centre":
        canvas.drawCentredString(x, y, text)
    elif align == "right":
        canvas.drawRightString(x, y, text)
    else:
        canvas.drawString(x, y, text)


def _paragraph(canvas: Canvas, text: str, x: float, y: float, width: float, size_pt: float, font: str) -> float:
    """Draw `text` wrapped to `width` from the baseline `y` down; return the next free baseline."""
    size = size_pt / MM
    leading = size * 1.25
    for line in simpleSplit(text, font, size, width):
        _text(canvas, line, x, y, size_pt, font, "left")
        y -= leading
    return y


def _describe(plan: Plan, paper: str, flip: str, offset: tuple[float, float]) -> dict:
    return {
        "kind": "calibration",
        "version": 1,
        "paper": paper,
        "paper_mm": list(plan.paper),
        "flip": flip,
        "back_offset": list(offset),
        "coarse": {"pitch": 1.0, "reach": COARSE_REACH, "front": "numbered ticks", "back": "pointer"},
        "fine": {"front_pitch": FINE_FRONT_PITCH, "back_pitch": FINE_BACK_PITCH, "step": FINE_STEP,
                 "lines": list(FINE_LINES)},
        "scales": [scale.describe() for scale in plan.scales],
        "flip_check": {"front_box": plan.flip_box.rounded(), "wrong_flip_box": plan.wrong_box.rounded(),
                       "back_box": behind(plan.flip_box, plan.paper, flip).moved(*offset).rounded()},
        "ruler": {"start": list(plan.ruler), "length": 100},
    }


# -- words ---------------------------------------------------------------------

def _texts(lang: str, paper: str, flip: str, offset: tuple[float, float]) -> dict:
    """The sheet's words in `lang`, filled in; `flip_option` stays the command-line word."""
    words = translations("sheets/calibration.yaml", lang)
    fill = {
        "flip": words[flip],
        "other": words["short" if flip == "long" else "long"],
        "flip_option": flip,
        "offset": f"{offset[0]:g},{offset[1]:g}",
        "paper": paper.upper() if paper == "a4" else paper.capitalize(),
    }
    texts = {key: value.format(**fill) for key, value in words.items() if isinstance(value, str)}
    steps = [step.format(**fill) for step in words["steps"]]
    if offset != (0.0, 0.0):
        steps.append(words["with_offset"].format(**fill))
    texts["steps"] = steps
    return texts
