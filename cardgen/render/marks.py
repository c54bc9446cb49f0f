"""Marks in the page margins: cut marks, registration targets, ruler, note and page info.

All positions are in millimetres; the canvas works in points (MM per mm)."""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from cardgen.layout.geometry import MM, PRINTER_MARGIN, Grid, Rect, bounds
from cardgen.model.layout import Layout

TICK_SCALE_MM = 3.0  # the front targets' scales reach this far each way, ticked every 0.5 mm


def cut_marks(canvas: Canvas, slots: list[Rect], layout: Layout, paper: tuple[float, float]) -> None:
    """Short lines in the margins, in line with every cut, outside the bleed, and
    shortened where they would reach the strip a home printer cannot print."""
    marks = layout.cut_marks
    if marks.style == "none" or not slots:
        return
    outer = bounds(slots).grown(layout.bleed + marks.offset)
    below, above = _reach(marks.length, outer.y), _reach(marks.length, paper[1] - outer.top)
    left, right = _reach(marks.length, outer.x), _reach(marks.length, paper[0] - outer.right)
    canvas.saveState()
    canvas.setLineWidth(marks.width * MM)
    canvas.setStrokeGray(0)
    for x in sorted({round(v, 4) for r in slots for v in (r.x, r.right)}):
        _line(canvas, x, outer.y, x, outer.y - below)
        _line(canvas, x, outer.top, x, outer.top + above)
    for y in sorted({round(v, 4) for r in slots for v in (r.y, r.top)}):
        _line(canvas, outer.x, y, outer.x - left, y)
        _line(canvas, outer.right, y, outer.right + right, y)
    canvas.restoreState()


def _reach(length: float, room: float) -> float:
    """How long a mark can be with `room` mm between its start and the paper's edge."""
    return max(0.0, min(length, room - PRINTER_MARGIN))


def _line(canvas: Canvas, x0: float, y0: float, x1: float, y1: float) -> None:
    canvas.line(x0 * MM, y0 * MM, x1 * MM, y1 * MM)


def target_centres(grid: Grid, layout: Layout) -> list[tuple[float, float]]:
    """Four targets in the side margins, placed symmetrically so that they land on
    each other through the paper for either flip."""
    paper_w, paper_h = grid.paper
    margin = grid.bleed_bounds.x
    x = margin / 2
    y = min(40.0, paper_h / 2 - 60)
    return [(x, y), (x, paper_h - y), (paper_w - x, y), (paper_w - x, paper_h - y)]


def registration_target(canvas: Canvas, x: float, y: float, size: float, with_scales: bool) -> None:
    """A circle and cross; the front's carries 0.5 mm scales, so that against a lamp the
    back's cross reads the misregistration on them."""
    canvas.saveState()
    canvas.setStrokeGray(0)
    canvas.setLineWidth(0.12 * MM)
    radius = size / 2
    canvas.circle(x * MM, y * MM, radius * 0.55 * MM)
    _line(canvas, x - radius, y, x + radius, y)
    _line(canvas, x, y - radius, x, y + radius)
    if with_scales:
        canvas.setLineWidth(0.08 * MM)
        steps = int(min(TICK_SCALE_MM, radius) / 0.5)
        for step in range(-steps, steps + 1):
            offset = step * 0.5
            tick = 0.9 if step % 2 == 0 else 0.5
            _line(canvas, x + offset, y - tick / 2, x + offset, y + tick / 2)
            _line(canvas, x - tick / 2, y + offset, x + tick / 2, y + offset)
    canvas.restoreState()


def ruler(canvas: Canvas, grid: Grid, layout: Layout, label: str) -> tuple[float, float, float, float] | None:
    """A vertical ruler of `layout.ruler` mm in the left margin, beyond the cut marks,
    with `label` along its middle.

    Returns its end points (x, y0, x, y1) in mm, or None when the layout has no ruler."""
    length = layout.ruler
    if not length:
        return None
    marks = layout.cut_marks
    reach = marks.offset + marks.length + 0.6 if marks.style != "none" else 1.0
    x = max(grid.bleed_bounds.x - reach, 3.0)
    y0 = (grid.paper[1] - length) / 2
    canvas.saveState()
    canvas.setStrokeGray(0)
    canvas.setLineWidth(0.15 * MM)
    _line(canvas, x, y0, x, y0 + length)
    canvas.setLineWidth(0.1 * MM)
    for mm in range(int(length) + 1):
        tick = 2.2 if mm % 10 == 0 else 1.4 if mm % 5 == 0 else 0.8
        _line(canvas, x, y0 + mm, x - tick, y0 + mm)
    canvas.setFont("Vera", 5)
    canvas.setFillGray(0)
    canvas.translate((x - 2.6) * MM, y0 * MM)
    canvas.rotate(90)
    canvas.drawString(0, 0, "0")
    canvas.drawRightString(length * MM, 0, f"{length:g} mm")
    canvas.drawCentredString(length / 2 * MM, 0, label)
    canvas.restoreState()
    return (x, y0, x, y0 + length)


def margin_text(canvas: Canvas, grid: Grid, layout: Layout, text: str) -> None:
    """One line up the right margin, beyond the cut marks, between the targets."""
    marks = layout.cut_marks
    reach = marks.offset + marks.length + 0.4 if marks.style != "none" else 1.0
    paper_w, paper_h = grid.paper
    x = min(paper_w - grid.bleed_bounds.x + reach + 2.6, paper_w - 3.0)
    canvas.saveState()
    canvas.setFont("Vera", 6.5)
    canvas.setFillGray(0)
    canvas.translate(x * MM, paper_h / 2 * MM)
    canvas.rotate(90)
    canvas.drawCentredString(0, 0, text)
    canvas.restoreState()
