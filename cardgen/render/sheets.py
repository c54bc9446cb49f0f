"""Sheets of cards: glue (faces, then outlines behind them), duplex (faces, then backs),
sleeve (faces only) and fold (faces and their backs side by side on one side of the
paper), one PDF each, pages in print order."""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from typing import Any

from reportlab.lib.colors import HexColor
from reportlab.pdfgen.canvas import Canvas

from cardgen.formats import MM, MODES, TRUE_RULER, ModeName
from cardgen.layout.geometry import Rect, drawn_box
from cardgen.layout.plan import CutterStyle, Page, Plan, Slot, plan_sheets
from cardgen.layout.record import sheet_record
from cardgen.model.cards import SheetCard
from cardgen.model.layout import Layout
from cardgen.render import marks
from cardgen.render.linebreaks import split_lines
from cardgen.render.palette import REGULAR
from cardgen.render.pdf import attach_record, finish, new_canvas, print_subject, set_boxes
from cardgen.render.pictures import embed_pictures_at


@dataclass(frozen=True)
class SheetRequest:
    title: str
    cards: tuple[SheetCard, ...] | tuple[Any, ...]  # what the painter draws; a card sheet's record reads SheetCards
    mode: ModeName
    layout: Layout
    painter_factory: Callable[[Canvas], Any]  # front(card, box), and back(card, box) unless a sleeve sheet
    paper: tuple[float, float]
    flip: str = "long"
    back_offset: tuple[float, float] = (0.0, 0.0)
    words: dict = field(default_factory=dict)  # locales/LANG/cards.yaml in the chosen language
    cutter_marks: CutterStyle = "none"  # print-and-cut registration marks on the front pages
    record: bool = True  # False for pictures and print-shop pages: no record inside
    subject: str | None = None  # the PDF's subject; None: how to print it, in the words' language
    ruler_measured: tuple[float, float] = TRUE_RULER  # what the printer makes of 100 mm: pages drawn to cancel it


def sheet_plan(request: SheetRequest) -> Plan:
    """Where everything of `request` goes, page by page. Raises CutterMarksError."""
    return plan_sheets(
        len(request.cards),
        request.layout,
        request.paper,
        request.mode,
        request.flip,
        request.back_offset,
        request.cutter_marks,
        ruler_measured=request.ruler_measured,
    )


def render_sheet(request: SheetRequest, plan: Plan | None = None) -> bytes:
    """The whole PDF of `request`, as bytes: its plan drawn page by page."""
    plan = plan or sheet_plan(request)
    subject = request.subject or print_subject(request.words, plan.flip)
    canvas, buffer = new_canvas(plan.paper, plan.flip, request.title, subject)
    embed_pictures_at(canvas, plan.raster_dpi)
    painter = request.painter_factory(canvas)
    furniture = _Furniture(canvas, plan, request)
    for page in plan.pages:
        if request.layout.background:
            canvas.setFillColor(HexColor(request.layout.background))
            canvas.rect(0, 0, plan.paper[0] * MM, plan.paper[1] * MM, stroke=0, fill=1)
        scaled = _scaled(canvas, plan)
        for slot in page.slots:
            _draw_slot(canvas, painter, request, plan, slot)
        furniture.draw(page)
        if scaled:
            canvas.restoreState()
        set_boxes(canvas, *(drawn_box(box, plan.paper, plan.scale) for box in (plan.trim_box, plan.bleed_box)))
        canvas.showPage()
    if request.record:
        attach_record(canvas, sheet_record(plan, request.cards, request.title))
    return finish(canvas, buffer)


def _scaled(canvas: Canvas, plan: Plan) -> bool:
    """Draw the page's cards and marks `plan.scale` times larger about the paper's centre, if
    that is not 1 (then restore the state after them): a printer that shrinks or stretches
    its pages brings them back to the planned size. True if it did. About the centre: whatever
    point the printer shrinks about, the page's centre then lands where it did unscaled, so the
    back offset read on the calibration sheet (whose paired scales average to the centre)
    stays right."""
    sx, sy = plan.scale
    if (sx, sy) == (1.0, 1.0):
        return False
    cx, cy = plan.paper[0] / 2 * MM, plan.paper[1] / 2 * MM
    canvas.saveState()
    canvas.transform(sx, 0, 0, sy, cx * (1 - sx), cy * (1 - sy))
    return True


def _draw_slot(canvas: Canvas, painter, request: SheetRequest, plan: Plan, slot: Slot) -> None:
    if slot.draws == "outline":
        _glue_outline(canvas, slot.trim, request.layout, request.words)
        return
    rect, bleed = slot.trim, plan.grid.bleed * MM
    canvas.saveState()
    canvas.clipPath(_reach_path(canvas, slot), stroke=0, fill=0)
    if slot.turn % 2:  # a quarter turn: draw the card upright about the slot's centre, then turn it
        canvas.saveState()
        canvas.translate(rect.centre[0] * MM, rect.centre[1] * MM)
        canvas.rotate(90 * slot.turn)
        rect = Rect(-rect.height / 2, -rect.width / 2, rect.height, rect.width)
    x, y, width, height = rect.x * MM, rect.y * MM, rect.width * MM, rect.height * MM
    if slot.draws == "face":
        painter.front(request.cards[slot.card], x, y, width, height, bleed)
    else:
        card = request.cards[slot.card]  # its own back: sets that share a sheet may differ
        painter.back(card, x, y, width, height, bleed, rotate180=slot.turn == 2)
    if slot.turn % 2:
        canvas.restoreState()
    canvas.restoreState()


def _reach_path(canvas: Canvas, slot: Slot):
    """Where the slot's drawing may go: its bleed box (cards that share a cut: a card's bleed
    stops where its neighbour starts); with a rounded cut (Slot.corner), only its bleed along
    the straight edges, and in each corner the rounded cut itself."""
    reach, trim, r = slot.reach, slot.trim, slot.corner
    path = canvas.beginPath()
    if not r:
        path.rect(reach.x * MM, reach.y * MM, reach.width * MM, reach.height * MM)
        return path
    # round the trim counter-clockwise from its bottom edge, each straight edge pushed out to the bleed
    corners = [(trim.right - r, trim.y + r, 270), (trim.right - r, trim.top - r, 0), (trim.x + r, trim.top - r, 90)]
    corners.append((trim.x + r, trim.y + r, 180))
    edges = [
        ((trim.x + r, reach.y), (trim.right - r, reach.y)),
        ((reach.right, trim.y + r), (reach.right, trim.top - r)),
        ((trim.right - r, reach.top), (trim.x + r, reach.top)),
        ((reach.x, trim.top - r), (reach.x, trim.y + r)),
    ]
    path.moveTo(*(v * MM for v in edges[0][0]))
    for (begin, end), (cx, cy, start) in zip(edges, corners):
        path.lineTo(*(v * MM for v in begin))
        path.lineTo(*(v * MM for v in end))
        path.arcTo((cx - r) * MM, (cy - r) * MM, (cx + r) * MM, (cy + r) * MM, startAng=start, extent=90)
    path.close()
    return path


def _page_info(request: SheetRequest, page: int, total: int, side: str, short: Collection[str] = ()) -> list[str]:
    """The parts of the margin note, those of `short` in their short forms (cards.yaml's
    `short`); the title is the second, always whole here (fit_note cuts it short last)."""
    words = request.words

    def word(key: str) -> str:
        return words.get(f"short.{key}", words[key]) if key in short else words[key]

    parts = [word("print_actual_size"), request.title, words["page"].format(n=page, total=total)]
    instruction = MODES[request.mode].instruction
    if instruction:
        parts.append(word(instruction))
    else:
        parts += [words[side], words[f"flip_{request.flip}"]]
    return parts


TITLE_IN_NOTE = 1
# what a note that does not fit its margin shortens, in turn, before the set's name: the
# mode's instructions, then the print size's
SHORTENED = ((), ("cut", "fold_glue_cut", "sticker"), ("cut", "fold_glue_cut", "sticker", "print_actual_size"))


class _Furniture:
    """Cut marks, targets and ruler of a page, drawn once per PDF as a form for each
    distinct page (fronts and backs, full and part-filled) and reused on the others."""

    def __init__(self, canvas: Canvas, plan: Plan, request: SheetRequest) -> None:
        self.canvas, self.plan, self.request = canvas, plan, request
        self.forms: dict[tuple, str] = {}

    def draw(self, page: Page) -> None:
        key = (page.side, tuple(slot.trim for slot in page.slots))
        if key not in self.forms:
            self.forms[key] = f"cardgen-furniture-{len(self.forms)}"
            self.canvas.beginForm(self.forms[key])
            self._marks(page)
            self.canvas.endForm()
        self.canvas.doForm(self.forms[key])
        if page.note is not None:
            notes = [
                _page_info(self.request, page.number, len(self.plan.pages), page.side, short) for short in SHORTENED
            ]
            size, lines = marks.fit_note(notes, TITLE_IN_NOTE, page.note)
            marks.margin_note(self.canvas, page.note, size, lines)
        if page.fold is not None:
            marks.fold_line(self.canvas, page.fold, self.request.words["fold_here"])

    def _marks(self, page: Page) -> None:
        layout = self.plan.layout  # the targets' size as planned: smaller where the back offset leaves less room
        marks.cut_marks(self.canvas, page.cut_marks, layout.cut_marks.width)
        for x, y in page.targets:
            assert layout.target_size is not None, "a layout without registration targets plans none"
            marks.registration_target(self.canvas, x, y, layout.target_size, with_scales=page.side == "front")
        if page.ruler:
            marks.ruler(self.canvas, page.ruler)
        if page.cutter_marks:
            marks.filled_shapes(self.canvas, page.cutter_marks.shapes)


def _glue_outline(canvas: Canvas, rect: Rect, layout: Layout, words: dict) -> None:
    """A grey line on the exact card edge, the spare card goes face down inside it; the
    instructions inside are hidden once it is glued."""
    style = layout.glue_outline
    half = style.width / 2  # the line's inner edge is the card's edge
    canvas.saveState()
    canvas.setStrokeGray(style.grey)
    canvas.setLineWidth(style.width * MM)
    grown = rect.grown(half)
    radius = layout.card.corner_radius + half
    canvas.roundRect(grown.x * MM, grown.y * MM, grown.width * MM, grown.height * MM, radius * MM)
    canvas.setFillGray(min(style.grey + 0.15, 0.8))
    size = 6.5
    lines = []
    for key in ("glue", "lamp_check", "cut"):
        lines += split_lines(words[key], REGULAR, size, (rect.width - 10) * MM) + [""]
    x, y = rect.centre
    top = y * MM + (len(lines) - 1) * size * 1.3 / 2
    canvas.setFont(REGULAR, size)
    for index, line in enumerate(lines[:-1]):
        canvas.drawCentredString(x * MM, top - index * size * 1.3, line)
    canvas.restoreState()
