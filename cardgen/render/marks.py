"""Drawing the marks in the page margins: cut marks, registration targets, ruler and the
note. Where they go is the plan's (cardgen/layout/plan.py); how the note's words fit
its box is decided here, with the font.

All positions are in millimetres; the canvas works in points (MM per mm)."""

from __future__ import annotations

from collections.abc import Sequence

from reportlab.pdfbase.pdfmetrics import getAscentDescent, stringWidth
from reportlab.pdfgen.canvas import Canvas

from cardgen.formats import MM
from cardgen.layout.plan import RULER_END_LABEL, RULER_TICK, Fold, NoteBox, Ruler, Segment
from cardgen.render.fonts import draw_fitted
from cardgen.render.linebreaks import split_lines
from cardgen.render.palette import MIN_TEXT_SIZE, REGULAR

TICK_SCALE_MM = 3.0  # the front targets' scales reach this far each way, ticked every 0.5 mm
FONT = REGULAR
RULER_FONT_SIZE = MIN_TEXT_SIZE  # the labels of the ruler users are told to measure
RULER_LABEL_GAP = 0.3  # mm from the line to the end labels' baseline, towards the ticks
RULER_END_GAP = 1.0  # mm between an end of the ruler and its label
NOTE_SIZE = 6.5  # pt, when the note fits on one line at that size
NOTE_MIN_SIZE = MIN_TEXT_SIZE  # the smallest it shrinks to, before it wraps and then shortens
LEADING = 1.2  # line pitch, in font sizes
SEPARATOR = "  ·  "
ELLIPSIS = "…"


def cut_marks(canvas: Canvas, segments: Sequence[Segment], width: float) -> None:
    if not segments:
        return
    canvas.saveState()
    canvas.setLineWidth(width * MM)
    canvas.setStrokeGray(0)
    for segment in segments:
        _line(canvas, segment.x0, segment.y0, segment.x1, segment.y1)
    canvas.restoreState()


def _line(canvas: Canvas, x0: float, y0: float, x1: float, y1: float) -> None:
    canvas.line(x0 * MM, y0 * MM, x1 * MM, y1 * MM)


def fold_line(canvas: Canvas, fold: Fold, label: str) -> None:
    """A dashed line where the sheet folds, its label centred in the room above the cards."""
    canvas.saveState()
    canvas.setStrokeGray(0.35)
    canvas.setLineWidth(0.1 * MM)  # thin: it runs in the 1 mm of white between a face's bleed and its back's
    canvas.setDash(2 * MM, 1.5 * MM)
    _line(canvas, fold.x, fold.y0, fold.x, fold.y1)
    canvas.setFillGray(0.35)
    size = 7.0
    canvas.setFont(FONT, size)
    x, y = fold.label.centre
    canvas.drawCentredString(x * MM, y * MM - size * 0.35, _shortened(label, fold.label.width * MM, size))
    canvas.restoreState()


def filled_shapes(canvas: Canvas, shapes: Sequence[Sequence[tuple[float, float]]]) -> None:
    """Polygons filled in solid black: a cutting machine's registration marks."""
    canvas.saveState()
    canvas.setFillGray(0)
    for shape in shapes:
        path = canvas.beginPath()
        path.moveTo(shape[0][0] * MM, shape[0][1] * MM)
        for x, y in shape[1:]:
            path.lineTo(x * MM, y * MM)
        path.close()
        canvas.drawPath(path, stroke=0, fill=1)
    canvas.restoreState()


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


def ruler(canvas: Canvas, line: Ruler) -> None:
    """A ruler along `line`, ticked every mm on the side its ticks point to, "0" and its
    length in line with it beyond its ends."""
    length = round(line.length, 6)  # 100, not 99.99999999999999: every tick drawn
    canvas.saveState()
    canvas.setStrokeGray(0)
    canvas.setLineWidth(0.15 * MM)
    _line(canvas, line.x0, line.y0, line.x1, line.y1)
    canvas.setLineWidth(0.1 * MM)
    along = ((line.x1 - line.x0) / length, (line.y1 - line.y0) / length)
    tx, ty = line.ticks
    for mm in range(int(length) + 1):
        tick = RULER_TICK if mm % 10 == 0 else 1.4 if mm % 5 == 0 else 0.8
        x, y = line.x0 + along[0] * mm, line.y0 + along[1] * mm
        _line(canvas, x, y, x + tx * tick, y + ty * tick)
    canvas.setFont(FONT, RULER_FONT_SIZE)
    canvas.setFillGray(0)
    ascent, _ = getAscentDescent(FONT, RULER_FONT_SIZE)
    # the labels read along the line, their letters in the ticks' band
    canvas.translate(line.x0 * MM, line.y0 * MM)
    if line.vertical:
        canvas.rotate(90)  # reading up the page, the letters' tops towards the paper's left edge
        baseline = RULER_LABEL_GAP * MM
    else:
        baseline = RULER_LABEL_GAP * MM if ty > 0 else -RULER_LABEL_GAP * MM - ascent
    canvas.drawRightString(-RULER_END_GAP * MM, baseline, "0")
    room = (RULER_END_LABEL - RULER_END_GAP) * MM  # the plan's room beyond the end: 6 pt, a little narrower
    draw_fitted(canvas, f"{length:g} mm", (length + RULER_END_GAP) * MM, baseline, FONT, RULER_FONT_SIZE, room)
    canvas.restoreState()


def fit_note(notes: Sequence[list[str]], title_at: int | None, box: NoteBox) -> tuple[float, list[str]]:
    """The font size and lines for a note in `box`: the first of `notes` (each a list of
    parts, joined by dots; the same note ever shorter, its instructions shortened, the part
    at `title_at`, the set's name, whole in each) that fits on one line at NOTE_SIZE,
    shrunk to NOTE_MIN_SIZE, or wrapped between parts; else the last with its part at
    `title_at` shortened with an ellipsis, or left out. No lines when nothing fits."""
    for parts in notes:
        whole = _whole(parts, box)
        if whole:
            return whole
    parts = notes[-1]
    if title_at is None:
        return NOTE_MIN_SIZE, []
    best = _with_title_shortened(parts, title_at, box)
    if not best:  # not even the title's first letters: what to do matters more than whose sheet it is
        return NOTE_MIN_SIZE, _wrap(parts[:title_at] + parts[title_at + 1 :], NOTE_MIN_SIZE, box)
    return NOTE_MIN_SIZE, best


def _whole(parts: list[str], box: NoteBox) -> tuple[float, list[str]] | None:
    """Every part whole: on one line (shrunk if need be) or wrapped between parts."""
    width = stringWidth(SEPARATOR.join(parts), FONT, NOTE_SIZE)
    if width <= box.length * MM * NOTE_SIZE / NOTE_MIN_SIZE:
        size = min(NOTE_SIZE, NOTE_SIZE * box.length * MM / width)
        if _lines_room(box, size) >= 1:
            return size, [SEPARATOR.join(parts)]
    for size in (NOTE_SIZE, NOTE_MIN_SIZE):
        lines = _wrap(parts, size, box)
        if lines:
            return size, lines
    return None


def _with_title_shortened(parts: list[str], title_at: int, box: NoteBox) -> list[str]:
    """The note's lines with the longest start of its title that lets them fit; none if none does."""
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
    return best


def _lines_room(box: NoteBox, size: float) -> int:
    """How many lines of `size` pt fit across the box, ascent of the first to descent of the last."""
    ascent, descent = getAscentDescent(FONT, size)
    spare = box.depth * MM - (ascent - descent) + 1e-6  # a box planned for one line of 6 pt holds 5.999999
    return int(spare // (size * LEADING)) + 1 if spare >= 0 else 0


def _wrap(parts: list[str], size: float, box: NoteBox) -> list[str]:
    """The parts in lines no longer than the box, breaking between parts, and inside a part
    longer than a line (a mode's instructions) between its words; no lines when they need
    more than the box holds."""
    room = box.length * MM
    lines: list[str] = []
    for part in parts:
        joined = lines[-1] + SEPARATOR + part if lines else part
        if lines and stringWidth(joined, FONT, size) <= room:
            lines[-1] = joined
        elif stringWidth(part, FONT, size) <= room:
            lines.append(part)
        else:
            pieces = split_lines(part, FONT, size, room)
            if any(stringWidth(piece, FONT, size) > room for piece in pieces):
                return []
            lines += pieces
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
