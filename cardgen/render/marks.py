"""Marks in the page margins: cut marks, registration targets, ruler, note and page info.

All positions are in millimetres; the canvas works in points (MM per mm)."""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.pdfbase.pdfmetrics import getAscentDescent, stringWidth
from reportlab.pdfgen.canvas import Canvas

from cardgen.layout.geometry import MM, PRINTER_MARGIN, Grid, Rect, bounds
from cardgen.model.layout import Layout

TICK_SCALE_MM = 3.0  # the front targets' scales reach this far each way, ticked every 0.5 mm
FONT = "Vera"
RULER_FONT_SIZE = 5.0
RULER_LABEL_GAP = 2.8  # mm from the line to the labels' baseline: clear of the longest ticks (2.2 mm) and descenders
NOTE_SIZE = 6.5  # pt, when the note fits on one line at that size
NOTE_MIN_SIZE = 6.0  # pt: the smallest it shrinks to, before it wraps and then shortens the title
LEADING = 1.2  # line pitch, in font sizes
TARGET_CLEARANCE = 1.5  # mm left free around a target's cross (verify reads 1 mm around it)
MARK_CLEARANCE = 1.0  # mm left free beyond the cut marks
SEPARATOR = "  ·  "
ELLIPSIS = "…"


def cut_marks(canvas: Canvas, slots: list[Rect], layout: Layout, paper: tuple[float, float]) -> None:
    """Short lines in the margins, in line with every cut, outside the bleed, and
    shortened where they would reach the strip a home printer cannot print."""
    marks = layout.cut_marks
    if marks.style == "none" or not slots:
        return
    outer = bounds(slots).grown(layout.bleed + marks.offset)
    left, below, right, above = _mark_reaches(outer, marks.length, paper)
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


def _mark_reaches(outer: Rect, length: float, paper: tuple[float, float]) -> tuple[float, float, float, float]:
    """How far the cut marks reach beyond `outer` to the left, below, to the right and above."""
    return (
        _reach(length, outer.x),
        _reach(length, outer.y),
        _reach(length, paper[0] - outer.right),
        _reach(length, paper[1] - outer.top),
    )


def marked_area(slots: list[Rect], layout: Layout, paper: tuple[float, float]) -> Rect:
    """The cards with their bleed and the cut marks around them: margin texts stay outside."""
    outer = bounds(slots).grown(layout.bleed)
    marks = layout.cut_marks
    if marks.style == "none":
        return outer
    outer = outer.grown(marks.offset)
    left, below, right, above = _mark_reaches(outer, marks.length, paper)
    area = Rect(outer.x - left, outer.y - below, outer.width + left + right, outer.height + below + above)
    return area.grown(marks.width / 2)


def _reach(length: float, room: float) -> float:
    """How long a mark can be with `room` mm between its start and the paper's edge."""
    return max(0.0, min(length, room - PRINTER_MARGIN))


def _line(canvas: Canvas, x0: float, y0: float, x1: float, y1: float) -> None:
    canvas.line(x0 * MM, y0 * MM, x1 * MM, y1 * MM)


def target_centres(grid: Grid, layout: Layout) -> list[tuple[float, float]]:
    """Four targets, placed symmetrically so that they land on each other through the
    paper for either flip: in the side margins, or, where those cannot hold one inside
    what a home printer prints, near the corners of the bottom and top margins."""
    paper_w, paper_h = grid.paper
    half = layout.registration.size / 2
    side, bottom = grid.bleed_bounds.x / 2, grid.bleed_bounds.y / 2
    if side - half >= PRINTER_MARGIN or bottom - half < PRINTER_MARGIN:
        x, y = side, min(40.0, paper_h / 2 - 60)
    else:
        x, y = PRINTER_MARGIN + half + TARGET_CLEARANCE, bottom
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


def ruler_line(slots: list[Rect], layout: Layout, paper: tuple[float, float]) -> tuple[float, float, float] | None:
    """Where the ruler goes: (x, y0, y1) in mm, up the left margin beyond the cut marks,
    its ticks and labels to the left of x; None when the layout asks for no ruler."""
    if not layout.ruler:
        return None
    x = max(marked_area(slots, layout, paper).x - 0.5, 3.0)
    y0 = (paper[1] - layout.ruler) / 2
    return x, y0, y0 + layout.ruler


def ruler(canvas: Canvas, line: tuple[float, float, float], label: str) -> None:
    """A ruler along `line` (from ruler_line), ticked every mm, with `label` along its middle."""
    x, y0, y1 = line
    length = round(y1 - y0, 6)  # 100, not 99.99999999999999: every tick drawn
    canvas.saveState()
    canvas.setStrokeGray(0)
    canvas.setLineWidth(0.15 * MM)
    _line(canvas, x, y0, x, y1)
    canvas.setLineWidth(0.1 * MM)
    for mm in range(int(length) + 1):
        tick = 2.2 if mm % 10 == 0 else 1.4 if mm % 5 == 0 else 0.8
        _line(canvas, x, y0 + mm, x - tick, y0 + mm)
    canvas.setFont(FONT, RULER_FONT_SIZE)
    canvas.setFillGray(0)
    canvas.translate((x - RULER_LABEL_GAP) * MM, y0 * MM)
    canvas.rotate(90)
    end_label = f"{length:g} mm"
    canvas.drawString(0, 0, "0")
    canvas.drawRightString(length * MM, 0, end_label)
    room = length * MM - 2 * (stringWidth(end_label, FONT, RULER_FONT_SIZE) + 2 * MM)
    canvas.drawCentredString(length / 2 * MM, 0, _shortened(label, room, RULER_FONT_SIZE))
    canvas.restoreState()


@dataclass(frozen=True)
class NoteBox:
    """Free room for the note: a strip up the right margin, read bottom to top, or, where
    that margin is too narrow for a line, a strip across the bottom margin."""

    rect: Rect
    upright: bool  # True: lines run across the page; False: up it

    @property
    def length(self) -> float:
        """mm along the lines"""
        return self.rect.width if self.upright else self.rect.height

    @property
    def depth(self) -> float:
        """mm across the lines"""
        return self.rect.height if self.upright else self.rect.width


def note_box(
    slots: list[Rect], layout: Layout, paper: tuple[float, float], targets: list[tuple[float, float]]
) -> NoteBox:
    """The strip up the right margin beyond the cut marks, between the right-hand targets,
    inside what a home printer prints; the bottom margin's when that one is too narrow."""
    paper_w, paper_h = paper
    cards = marked_area(slots, layout, paper)
    reach = layout.registration.size / 2 + TARGET_CLEARANCE
    right = _between(targets, 1, lambda x, y: x > paper_w / 2, paper_h, reach)
    side = NoteBox(_rect(cards.right + MARK_CLEARANCE, right[0], paper_w - PRINTER_MARGIN, right[1]), upright=False)
    if _lines_room(side, NOTE_MIN_SIZE):
        return side
    bottom = _between(targets, 0, lambda x, y: y < paper_h / 2, paper_w, reach)
    return NoteBox(_rect(bottom[0], PRINTER_MARGIN, bottom[1], cards.y - MARK_CLEARANCE), upright=True)


def _between(targets, axis: int, chosen, paper_length: float, reach: float) -> tuple[float, float]:
    """The span along `axis` (0: x, 1: y) between the chosen targets, clear of them and of
    the paper's unprintable edges."""
    along = [target[axis] for target in targets if chosen(*target)]
    low = max([PRINTER_MARGIN] + [v + reach for v in along if v < paper_length / 2])
    high = min([paper_length - PRINTER_MARGIN] + [v - reach for v in along if v > paper_length / 2])
    return low, high


def _rect(x0: float, y0: float, x1: float, y1: float) -> Rect:
    return Rect(x0, y0, max(x1 - x0, 0.0), max(y1 - y0, 0.0))


def fit_note(parts: list[str], title_at: int | None, box: NoteBox) -> tuple[float, list[str]]:
    """The font size and lines for the note's `parts` (joined by dots) in `box`: one line
    at NOTE_SIZE, shrunk to NOTE_MIN_SIZE, wrapped between parts, and last the part at
    `title_at` shortened with an ellipsis. No lines when nothing fits."""
    width = stringWidth(SEPARATOR.join(parts), FONT, NOTE_SIZE)
    if width <= box.length * MM * NOTE_SIZE / NOTE_MIN_SIZE:
        size = min(NOTE_SIZE, NOTE_SIZE * box.length * MM / width)
        if _lines_room(box, size) >= 1:
            return size, [SEPARATOR.join(parts)]
    for size in (NOTE_SIZE, NOTE_MIN_SIZE):
        lines = _wrap(parts, size, box)
        if lines:
            return size, lines
    if title_at is None:
        return NOTE_MIN_SIZE, []
    title = parts[title_at]
    keep_low, keep_high = 0, len(title)  # the longest start of the title that fits lies between these
    best: list[str] = []
    while keep_low <= keep_high:
        keep = (keep_low + keep_high) // 2
        shortened = parts[:title_at] + [title[:keep].rstrip() + ELLIPSIS] + parts[title_at + 1 :]
        lines = _wrap(shortened, NOTE_MIN_SIZE, box)
        if lines:
            best, keep_low = lines, keep + 1
        else:
            keep_high = keep - 1
    return NOTE_MIN_SIZE, best


def _lines_room(box: NoteBox, size: float) -> int:
    """How many lines of `size` pt fit across the box, ascent of the first to descent of the last."""
    ascent, descent = getAscentDescent(FONT, size)
    spare = box.depth * MM - (ascent - descent)
    return int(spare // (size * LEADING)) + 1 if spare >= 0 else 0


def _wrap(parts: list[str], size: float, box: NoteBox) -> list[str]:
    """The parts in lines no longer than the box, breaking only between parts; no lines
    when they need more than the box holds."""
    room = box.length * MM
    lines: list[str] = []
    for part in parts:
        joined = lines[-1] + SEPARATOR + part if lines else part
        if lines and stringWidth(joined, FONT, size) <= room:
            lines[-1] = joined
        elif stringWidth(part, FONT, size) <= room:
            lines.append(part)
        else:
            return []
    return lines if len(lines) <= _lines_room(box, size) else []


def _shortened(text: str, room: float, size: float) -> str:
    """`text`, cut short with an ellipsis if it is wider than `room` points."""
    if stringWidth(text, FONT, size) <= room:
        return text
    while text and stringWidth(text + ELLIPSIS, FONT, size) > room:
        text = text[:-1]
    return text.rstrip() + ELLIPSIS


def margin_note(canvas: Canvas, box: NoteBox, size: float, lines: list[str]) -> None:
    """The lines centred in `box`, the first nearest the cards."""
    ascent, _ = getAscentDescent(FONT, size)
    rect = box.rect
    centre_x, centre_y = rect.centre
    canvas.saveState()
    canvas.setFont(FONT, size)
    canvas.setFillGray(0)
    for index, line in enumerate(lines):
        from_cards = ascent + index * size * LEADING  # points, to the line's baseline
        canvas.saveState()
        if box.upright:
            canvas.translate(centre_x * MM, rect.top * MM - from_cards)
        else:
            canvas.translate(rect.x * MM + from_cards, centre_y * MM)
            canvas.rotate(90)
        canvas.drawCentredString(0, 0, line)
        canvas.restoreState()
    canvas.restoreState()
