"""Sheets of cards: glue (faces, then outlines behind them), duplex (faces, then backs)
and sleeve (faces only), one PDF each, pages in print order."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal

from reportlab.lib.utils import simpleSplit
from reportlab.pdfgen.canvas import Canvas

from cardgen.layout.geometry import MM, Grid, Rect, behind, behind_point, bounds, make_grid
from cardgen.model.cards import RulesCard, SheetCard
from cardgen.model.layout import Layout
from cardgen.record import LAYOUT_ATTACHMENT, LAYOUT_VERSION
from cardgen.render import marks
from cardgen.render.pdf import attach_json, finish, new_canvas, set_boxes

Mode = Literal["glue", "duplex", "sleeve"]


@dataclass(frozen=True)
class SheetRequest:
    title: str
    cards: tuple[SheetCard, ...]
    mode: Mode
    layout: Layout
    painter_factory: Callable[[Canvas], Any]  # a painter with front(), and back() unless a sleeve sheet
    paper: tuple[float, float]
    flip: str = "long"
    back_offset: tuple[float, float] = (0.0, 0.0)
    words: dict = field(default_factory=dict)  # locales/LANG/cards.yaml in the chosen language


def render_sheet(request: SheetRequest) -> bytes:
    """The whole PDF of `request`, as bytes."""
    grid = make_grid(request.layout, request.paper)
    two_sided = request.mode != "sleeve"
    canvas, buffer = new_canvas(grid.paper, request.flip if two_sided else None, request.title)
    painter = request.painter_factory(canvas)
    furniture = _Furniture(canvas, grid, request)
    chunks = [request.cards[i : i + len(grid.slots)] for i in range(0, len(request.cards), len(grid.slots))]
    pages_total = len(chunks) * (2 if two_sided else 1)
    record = _record_header(request, grid)
    page = 0
    for chunk in chunks:
        page += 1
        front_page = page
        ruler = _front_page(canvas, painter, furniture, chunk, _page_info(request, page, pages_total, "front"))
        record["pages"].append({"page": page, "side": "front", "ruler_line_mm": _rounded(ruler)})
        placed = [
            {
                "id": card.id,
                "kind": card.kind,
                "label": card.label(),
                **({"variant": card.variant} if isinstance(card, RulesCard) else {}),
                "page": page,
                "slot": slot,
                "trim_mm": grid.slots[slot].rounded(),
            }
            for slot, card in enumerate(chunk)
        ]
        if two_sided:
            page += 1
            backs, ruler = _back_page(canvas, painter, furniture, chunk, _page_info(request, page, pages_total, "back"))
            record["pages"].append(
                {"page": page, "side": "back", "behind": front_page, "ruler_line_mm": _rounded(ruler)}
            )
            for entry, rect in zip(placed, backs):
                entry["back"] = {"page": page, "trim_mm": rect.rounded(), "rotated": request.flip == "short"}
        record["cards"].extend(placed)
    attach_json(canvas, LAYOUT_ATTACHMENT, record)
    return finish(canvas, buffer)


def _record_header(request: SheetRequest, grid: Grid) -> dict:
    layout = request.layout
    return {
        "version": LAYOUT_VERSION,
        "kind": "cards",
        "title": request.title,
        "mode": request.mode,
        "flip": request.flip if request.mode != "sleeve" else None,
        "paper_mm": list(grid.paper),
        "card_mm": [layout.card.width, layout.card.height],
        "bleed_mm": layout.bleed,
        "back_offset_mm": list(request.back_offset),
        "slots_per_page": len(grid.slots),
        "targets_mm": [list(p) for p in marks.target_centres(grid, layout)],
        "target_size_mm": layout.registration.size,
        "cut_marks_mm": {
            "style": layout.cut_marks.style,
            "offset": layout.cut_marks.offset,
            "length": layout.cut_marks.length,
        },
        "ruler_mm": layout.ruler,
        "pages": [],
        "cards": [],
    }


def _page_info(request: SheetRequest, page: int, total: int, side: str) -> list[str]:
    """The parts of the margin note; the title is the second (the one cut short if need be)."""
    words = request.words
    parts = [words["print_actual_size"], request.title, words["page"].format(n=page, total=total)]
    if request.mode == "sleeve":
        parts.append(words["cut"])
    else:
        parts += [words[side], words[f"flip_{request.flip}"]]
    return parts


TITLE_IN_NOTE = 1


class _Furniture:
    """Cut marks, targets and ruler of a page, drawn once per PDF as a form for each
    distinct page (fronts and backs, full and part-filled) and reused on the others."""

    def __init__(self, canvas: Canvas, grid: Grid, request: SheetRequest) -> None:
        self.canvas, self.grid, self.request = canvas, grid, request
        self.forms: dict[tuple, str] = {}

    def draw(self, slots: list[Rect], side: str, info: list[str]) -> tuple[float, float, float] | None:
        """Draw the furniture and the note around `slots`; return the ruler's line (x, y0, y1)."""
        layout, paper = self.request.layout, self.grid.paper
        key = (side, tuple(slots))
        if key not in self.forms:
            self.forms[key] = f"cardgen-furniture-{len(self.forms)}"
            self.canvas.beginForm(self.forms[key])
            self._marks(slots, side)
            self.canvas.endForm()
        self.canvas.doForm(self.forms[key])
        if layout.note:
            box = marks.note_box(slots, layout, paper, self._targets(side))
            size, lines = marks.fit_note(info, TITLE_IN_NOTE, box)
            marks.margin_note(self.canvas, box, size, lines)
        return marks.ruler_line(slots, layout, paper)

    def _targets(self, side: str) -> list[tuple[float, float]]:
        centres = marks.target_centres(self.grid, self.request.layout)
        if side == "front":
            return centres
        return [behind_point(x, y, self.grid.paper, self.request.flip) for x, y in centres]

    def _marks(self, slots: list[Rect], side: str) -> None:
        layout, paper = self.request.layout, self.grid.paper
        marks.cut_marks(self.canvas, slots, layout, paper)
        for x, y in self._targets(side):
            marks.registration_target(self.canvas, x, y, layout.registration.size, with_scales=side == "front")
        line = marks.ruler_line(slots, layout, paper)
        if line:
            marks.ruler(self.canvas, line, self.request.words["ruler"])


def _front_page(canvas: Canvas, painter, furniture: _Furniture, chunk, info: list[str]):
    """The faces, their marks and note; returns the ruler's line."""
    grid = furniture.grid
    slots = list(grid.slots[: len(chunk)])
    for card, rect in zip(chunk, slots):
        painter.front(card, rect.x * MM, rect.y * MM, rect.width * MM, rect.height * MM, grid.bleed * MM)
    ruler = furniture.draw(slots, "front", info)
    set_boxes(canvas, bounds(slots), bounds(slots).grown(grid.bleed))
    canvas.showPage()
    return ruler


def _back_page(canvas: Canvas, painter, furniture: _Furniture, chunk, info: list[str]):
    """The back page, drawn where each rectangle lands behind its front, then moved by
    the back offset. Returns the back rectangles and the ruler's line, offset included."""
    grid, request = furniture.grid, furniture.request
    dx, dy = request.back_offset
    rects = [behind(rect, grid.paper, request.flip) for rect in grid.slots[: len(chunk)]]
    canvas.saveState()
    canvas.translate(dx * MM, dy * MM)
    for rect in rects:
        if request.mode == "glue":
            _glue_outline(canvas, rect, request.layout, request.words)
        else:
            painter.back(
                rect.x * MM,
                rect.y * MM,
                rect.width * MM,
                rect.height * MM,
                grid.bleed * MM,
                rotate180=request.flip == "short",
            )
    ruler = furniture.draw(rects, "back", info)
    canvas.restoreState()
    moved = [rect.moved(dx, dy) for rect in rects]
    bleed = grid.bleed if request.mode == "duplex" else 0.0
    set_boxes(canvas, bounds(moved), bounds(moved).grown(bleed))
    canvas.showPage()
    return moved, ruler and (ruler[0] + dx, ruler[1] + dy, ruler[2] + dy)


def _rounded(values) -> list[float] | None:
    return [round(v, 3) for v in values] if values else None


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
        lines += simpleSplit(words[key], "Vera", size, (rect.width - 10) * MM) + [""]
    x, y = rect.centre
    top = y * MM + (len(lines) - 1) * size * 1.3 / 2
    canvas.setFont("Vera", size)
    for index, line in enumerate(lines[:-1]):
        canvas.drawCentredString(x * MM, top - index * size * 1.3, line)
    canvas.restoreState()
