"""Where each card sits on a sheet, front and back, in millimetres from the page's
lower-left corner (PDF's orientation)."""

from __future__ import annotations

import math
from dataclasses import dataclass

from cardgen.messages import Message
from cardgen.model.layout import Layout


def pixels(length_mm: float, dpi: float) -> int:
    """Whole pixels for `length_mm` at `dpi`, to the nearest (69 mm at 300 dpi is 814.96, so
    815), at least one. An image of this many pixels printed at `dpi` is within half a pixel
    of the length."""
    return max(1, round(length_mm / 25.4 * dpi))


def pixel_size(size_mm: tuple[float, float], dpi: float) -> tuple[int, int]:
    """Pixels of an image of `size_mm` at `dpi`."""
    width, height = (pixels(side, dpi) for side in size_mm)
    return width, height


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    width: float
    height: float

    @property
    def right(self) -> float:
        return self.x + self.width

    @property
    def top(self) -> float:
        return self.y + self.height

    @property
    def centre(self) -> tuple[float, float]:
        return self.x + self.width / 2, self.y + self.height / 2

    def grown(self, by: float) -> Rect:
        return Rect(self.x - by, self.y - by, self.width + 2 * by, self.height + 2 * by)

    def moved(self, dx: float, dy: float) -> Rect:
        return Rect(self.x + dx, self.y + dy, self.width, self.height)

    def within(self, other: Rect) -> Rect:
        """The part of this rectangle inside `other` (no wider or taller than nothing)."""
        if other.x <= self.x and other.y <= self.y and self.right <= other.right and self.top <= other.top:
            return self
        x, y = max(self.x, other.x), max(self.y, other.y)
        return Rect(x, y, max(min(self.right, other.right) - x, 0.0), max(min(self.top, other.top) - y, 0.0))

    def rounded(self, digits: int = 3) -> list[float]:
        return [round(v, digits) for v in (self.x, self.y, self.width, self.height)]


@dataclass(frozen=True)
class Grid:
    """The card slots of one page, in reading order (top row first, left to right)."""

    paper: tuple[float, float]
    slots: tuple[Rect, ...]
    columns: int
    rows: int
    bleed: float
    shared: bool = False  # neighbours share their cut: bleed only around the grid

    @property
    def trim_bounds(self) -> Rect:
        return bounds(self.slots)

    @property
    def bleed_bounds(self) -> Rect:
        return self.trim_bounds.grown(self.bleed)


def bounds(rects) -> Rect:
    x0 = min(r.x for r in rects)
    y0 = min(r.y for r in rects)
    return Rect(x0, y0, max(r.right for r in rects) - x0, max(r.top for r in rects) - y0)


UPRIGHT_MARGIN = 0.01  # mm: how much taller than wide (on upright paper) a page's TrimBox is drawn, at least


def print_box(box: Rect, paper: tuple[float, float], scale: tuple[float, float] = (1.0, 1.0)) -> Rect:
    """The least box around `box` centred on the paper whose drawing, `scale` times larger about
    the paper's centre, lies along the paper: taller than wide by UPRIGHT_MARGIN on upright (or
    square) paper, wider than tall on paper lying down. The same as `box` for a centred grid
    of that shape. CUPS centres a page on its TrimBox, and turns the page when the box as
    written lies across the paper by any fraction of a point (a square box on upright paper
    only by the luck of its rounding); with this box it does neither."""
    (paper_w, paper_h), (sx, sy) = paper, scale
    half_w = max(paper_w / 2 - box.x, box.right - paper_w / 2)
    half_h = max(paper_h / 2 - box.y, box.top - paper_h / 2)
    if paper_w > paper_h:
        half_w = max(half_w, (half_h * sy + UPRIGHT_MARGIN / 2) / sx)
    else:
        half_h = max(half_h, (half_w * sx + UPRIGHT_MARGIN / 2) / sy)
    return Rect(paper_w / 2 - half_w, paper_h / 2 - half_h, 2 * half_w, 2 * half_h)


def drawn_box(box: Rect, paper: tuple[float, float], scale: tuple[float, float]) -> Rect:
    """Where a page drawn `scale` times larger about the paper's centre puts `box`."""
    if scale == (1.0, 1.0):
        return box
    (sx, sy), (cx, cy) = scale, (paper[0] / 2, paper[1] / 2)
    return Rect(cx + (box.x - cx) * sx, cy + (box.y - cy) * sy, box.width * sx, box.height * sy)


def safe_area(
    area: Rect, paper: tuple[float, float], scale: tuple[float, float], shift: tuple[float, float] = (0.0, 0.0)
) -> Rect:
    """Where a page may hold ink, in its own coordinates (a back page's with its offset `shift`):
    inside the printable `area` as drawn, `scale` times larger about the paper's centre, and
    inside it where the printer lands it, its shrinking and its shift (which the offset
    cancels) undone. A printer may clip a page at its printable area before it prints it, or
    print nothing near the paper's edge: either way, ink must be inside both."""
    as_drawn = drawn_box(area, paper, (1 / scale[0], 1 / scale[1]))
    return as_drawn.within(area.moved(*shift))


class GridError(ValueError):
    """The cards do not fit: `message` says why (a Message, said whole), for the caller to put
    after a file and `field`, the layout field that asked for what does not fit."""

    def __init__(self, message: Message, field: str = "card") -> None:
        super().__init__(message)
        self.message, self.field = message, field

    def __str__(self) -> str:
        return str(self.message)


def printable_area(layout: Layout, paper: tuple[float, float]) -> Rect:
    """Where the layout lets ink go: the paper less its printable-area margins."""
    sides, ends = layout.printable_area.sides, layout.printable_area.top_bottom
    return Rect(sides, ends, paper[0] - 2 * sides, paper[1] - 2 * ends)


def min_margins(layout: Layout) -> tuple[float, float]:
    """Room needed between the grid's bleed and the paper's side and top/bottom edges: the
    printable area's margin and, beyond the cut marks' offset, at least 1 mm of cut mark."""
    marks = layout.cut_marks
    room = marks.offset + 1 if marks.style != "none" else 0
    return layout.printable_area.sides + room, layout.printable_area.top_bottom + room


def make_grid(
    layout: Layout, paper: tuple[float, float] | None = None, count: int = 1, dpi: float | None = None
) -> Grid:
    """The slots of a page of the layout, on `paper` (default: the layout's). With `paper: fit`
    and no `paper` given, the paper is the grid of `count` cards and the margins it needs,
    rounded to whole pixels at `dpi` if given; the grid is centred on it and its bleed takes
    the rounding, so that with no margins the cards' background reaches the paper's edges."""
    fitted = paper is None and layout.paper == "fit"
    between = 0.0 if layout.shares_cuts else 2 * layout.bleed + layout.gap_mm  # from one card's trim to the next's
    pitch_x, pitch_y = layout.card.width + between, layout.card.height + between
    margin_x, margin_y = min_margins(layout)
    if fitted:
        columns, rows = _fitted_counts(layout, count, pitch_x, pitch_y)
    else:
        paper_w, paper_h = paper or layout.paper_size
        columns = _count(layout, "columns", layout.card.width, pitch_x, paper_w, margin_x)
        rows = _count(layout, "rows", layout.card.height, pitch_y, paper_h, margin_y)
    grid_w = columns * pitch_x - between + 2 * layout.bleed
    grid_h = rows * pitch_y - between + 2 * layout.bleed
    bleed = layout.bleed
    if fitted:
        fit_w, fit_h = grid_w + 2 * margin_x, grid_h + 2 * margin_y
        paper_w, paper_h = (pixels(side, dpi) * 25.4 / dpi for side in (fit_w, fit_h)) if dpi else (fit_w, fit_h)
        bleed += max(0.0, paper_w - fit_w, paper_h - fit_h) / 2
    if fitted or layout.margins == "auto":
        left, bottom = (paper_w - grid_w) / 2, (paper_h - grid_h) / 2
    else:
        left, bottom = layout.margins.left, layout.margins.bottom
    if not fitted and (left < 0 or bottom < 0 or left + grid_w > paper_w + 1e-9 or bottom + grid_h > paper_h + 1e-9):
        off_paper = Message(
            "layout.grid_off_paper",
            columns=columns,
            rows=rows,
            width=_mm(grid_w),
            height=_mm(grid_h),
            left=_mm(left),
            bottom=_mm(bottom),
            paper_width=_mm(paper_w),
            paper_height=_mm(paper_h),
        )
        raise GridError(off_paper, "margins")
    slots = tuple(
        Rect(
            left + layout.bleed + column * pitch_x,
            bottom + layout.bleed + (rows - 1 - row) * pitch_y,
            layout.card.width,
            layout.card.height,
        )
        for row in range(rows)
        for column in range(columns)
    )
    return Grid((paper_w, paper_h), slots, columns, rows, bleed, layout.shares_cuts)


def _fitted_counts(layout: Layout, count: int, pitch_x: float, pitch_y: float) -> tuple[int, int]:
    """The columns the layout asks for, or those that make a grid of `count` cards closest
    to square (the fewest of equals); the rows asked for, or those the cards need."""
    count = max(count, 1)

    def squareness(columns: int) -> float:
        return abs(math.log(columns * pitch_x / (math.ceil(count / columns) * pitch_y)))

    columns = layout.columns if layout.columns != "auto" else min(range(1, count + 1), key=squareness)
    return columns, layout.rows if layout.rows != "auto" else math.ceil(count / columns)


def _count(layout: Layout, field: str, card: float, pitch: float, paper: float, margin: float) -> int:
    """How many cards fit across (columns) or up (rows) the paper, or as many as asked;
    GridError naming what they need and what the paper leaves when not one, or not as many
    as asked, fits."""
    between = pitch - card  # the gap and the bleeds from one card's trim to the next's
    fitting = int((paper - 2 * margin - 2 * layout.bleed + between + 1e-9) // pitch)
    asked = getattr(layout, field)
    if asked == "auto" and fitting >= 1:
        return fitting
    if asked != "auto" and asked <= fitting:
        return asked
    wanted = 1 if asked == "auto" else asked
    need = _mm(wanted * pitch - between + 2 * layout.bleed)
    extras = [Message("layout.bleed_of", bleed=_mm(layout.bleed))] if layout.bleed else []
    if wanted > 1 and between > 2 * layout.bleed:
        extras.append(Message("layout.gaps_of", gap=_mm(layout.gap_mm)))
    if extras:
        needs = Message(_NEED_WITH[field].id, count=wanted, card=_mm(card), extras=extras, need=need)
    else:
        needs = Message(_NEED[field].id, count=wanted, card=_mm(card), need=need)
    printer = layout.printable_area.sides if field == "columns" else layout.printable_area.top_bottom
    room = {"paper": _mm(paper), "margin": _mm(margin), "printer": _mm(printer)}
    if margin > printer:
        leaves = Message("layout.paper_leaves_with_marks", **room, marks=_mm(margin - printer))
    else:
        leaves = Message("layout.paper_leaves", **room)
    raise GridError(Message("layout.no_room", needs=needs, leaves=leaves), "card" if asked == "auto" else field)


# What the cards across (columns) or up (rows) the paper need, with their bleed and gaps or without.
_NEED = {"columns": Message("layout.columns_need"), "rows": Message("layout.rows_need")}
_NEED_WITH = {"columns": Message("layout.columns_need_with"), "rows": Message("layout.rows_need_with")}


def _mm(length: float) -> float:
    """A length for a message: to the hundredth of a millimetre, as the sheets are drawn."""
    return round(length, 2) + 0.0


def behind(rect: Rect, paper: tuple[float, float], flip: str) -> Rect:
    """The rectangle on the back page that lies exactly behind `rect` on the front page.

    Long-edge flip: (x, y) lands behind (W - x, y); short-edge flip: behind (x, H - y)."""
    paper_w, paper_h = paper
    if flip == "long":
        return Rect(paper_w - rect.x - rect.width, rect.y, rect.width, rect.height)
    return Rect(rect.x, paper_h - rect.y - rect.height, rect.width, rect.height)


def behind_point(
    x: float, y: float, paper: tuple[float, float], flip: str, offset: tuple[float, float] = (0.0, 0.0)
) -> tuple[float, float]:
    """Where the point (x, y) of a front page lands on its back page, mirrored for the flip,
    then moved by the back offset (mm right and up, as seen on the back)."""
    paper_w, paper_h = paper
    bx, by = (paper_w - x, y) if flip == "long" else (x, paper_h - y)
    return bx + offset[0], by + offset[1]
