"""Where each card sits on a sheet, front and back, in millimetres from the page's
lower-left corner (PDF's orientation)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from cardgen.model.layout import Layout

MM = 72 / 25.4  # points per millimetre
PRINTER_MARGIN = 3.0  # mm along the paper's edges that most home printers cannot print


def pixels(length_mm: float, dpi: float) -> int:
    """Whole pixels for `length_mm` at `dpi`, to the nearest (69 mm at 300 dpi is 814.96, so
    815), at least one. An image of this many pixels printed at `dpi` is within half a pixel
    of the length."""
    return max(1, round(length_mm / 25.4 * dpi))


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


def print_box(box: Rect, paper: tuple[float, float]) -> Rect:
    """The least box around `box` centred on the paper and lying along it (no wider than tall on
    upright paper): the same as `box` for a centred grid. CUPS centres a page on its TrimBox and
    turns the page when that box lies across the paper; with this box it does neither."""
    paper_w, paper_h = paper
    half_w = max(paper_w / 2 - box.x, box.right - paper_w / 2)
    half_h = max(paper_h / 2 - box.y, box.top - paper_h / 2)
    if (half_w > half_h) != (paper_w > paper_h):
        half_w = half_h = max(half_w, half_h)
    return Rect(paper_w / 2 - half_w, paper_h / 2 - half_h, 2 * half_w, 2 * half_h)


class GridError(ValueError):
    """No card fits: the message says why, for the caller to put in front of a file and field."""


def min_margin(layout: Layout) -> float:
    """Room needed between the bleed and the paper's edge: at least 1 mm of cut mark
    where a home printer still prints."""
    marks = layout.cut_marks
    return (marks.offset + 1 if marks.style != "none" else 0) + PRINTER_MARGIN


def make_grid(layout: Layout, paper: tuple[float, float] | None = None) -> Grid:
    paper_w, paper_h = paper or layout.paper_size
    pitch_x = layout.card.width + 2 * layout.bleed + layout.gap
    pitch_y = layout.card.height + 2 * layout.bleed + layout.gap
    margin = min_margin(layout)
    columns = _count(layout.columns, paper_w - 2 * margin + layout.gap, pitch_x)
    rows = _count(layout.rows, paper_h - 2 * margin + layout.gap, pitch_y)
    if columns < 1 or rows < 1:
        raise GridError(
            f"no {layout.card.width:g} x {layout.card.height:g} mm card with {layout.bleed:g} mm bleed "
            f"fits on {paper_w:g} x {paper_h:g} mm paper with {margin:g} mm margins"
        )
    grid_w = columns * pitch_x - layout.gap
    grid_h = rows * pitch_y - layout.gap
    if layout.margins == "auto":
        left, bottom = (paper_w - grid_w) / 2, (paper_h - grid_h) / 2
    else:
        left, bottom = layout.margins.left, layout.margins.bottom
    if left < 0 or bottom < 0 or left + grid_w > paper_w + 1e-9 or bottom + grid_h > paper_h + 1e-9:
        raise GridError(f"a grid of {columns} x {rows} cards does not fit on {paper_w:g} x {paper_h:g} mm paper")
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
    return Grid((paper_w, paper_h), slots, columns, rows, layout.bleed)


def _count(asked: int | Literal["auto"], room: float, pitch: float) -> int:
    fitting = int((room + 1e-9) // pitch)
    return fitting if asked == "auto" else (asked if asked <= fitting else 0)


def behind(rect: Rect, paper: tuple[float, float], flip: str) -> Rect:
    """The rectangle on the back page that lies exactly behind `rect` on the front page.

    Long-edge flip: (x, y) lands behind (W - x, y); short-edge flip: behind (x, H - y)."""
    paper_w, paper_h = paper
    if flip == "long":
        return Rect(paper_w - rect.x - rect.width, rect.y, rect.width, rect.height)
    return Rect(rect.x, paper_h - rect.y - rect.height, rect.width, rect.height)


def behind_point(x: float, y: float, paper: tuple[float, float], flip: str) -> tuple[float, float]:
    paper_w, paper_h = paper
    return (paper_w - x, y) if flip == "long" else (x, paper_h - y)
