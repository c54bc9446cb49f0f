"""The margins of a card sheet's page, shared out inside the printable area: how far the cut
marks reach, where the registration targets, the ruler and the note go; and the layout check
that refuses what would print outside the printable area, as drawn or where the printer lands
it, on a card's bleed or on another mark. Pure geometry, in millimetres from the page's
lower-left corner; cardgen.layout.plan calls it for every page it plans.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from cardgen.formats import MM
from cardgen.layout.geometry import Grid, Point, Rect, bounds, drawn_box, printable_area, rect_from
from cardgen.model.layout import Layout

if TYPE_CHECKING:
    from cardgen.layout.plan import Page, Plan

TARGET_CLEARANCE = 1.5  # mm left free around a target's cross (verify reads 1 mm around it)
TARGET_WINDOW = 1.0  # mm around a target that verify reads to find it: no other ink there
MIN_TARGET = 2.0  # mm: a target must be larger (as a layout's must) to be worth printing
TARGET_SLACK = 0.1  # mm left free on either side of a target made to fit its room (against a pixel's blur)
MARK_CLEARANCE = 1.0  # mm left free beyond the cut marks
MIN_MARK = 1.0  # mm: the shortest cut mark worth printing
NOTE_LINE_MM = 6 / MM  # the note's smallest line: 6 pt of Vera, whose ascent and descent add up to its size
RULER_TICK = 2.2  # mm: a ruler's longest tick, on the side of its line towards the paper's edge
RULER_DEPTH = RULER_TICK + 0.1  # mm across a ruler: its ticks and its line
RULER_END_LABEL = 8.5  # mm beyond each end of a ruler for its end labels ("0", "100 mm") in line with it
EDGE_SLACK = 0.15  # mm: a cut mark shortened to end at the printable edge still has half its width beyond
SIDES = ("left", "bottom", "right", "top")
RULER_SIDES = ("left", "top", "bottom")  # where a ruler may go, the first with room
NOTE_SIDES = ("right", "bottom")


@dataclass(frozen=True)
class Segment:
    x0: float
    y0: float
    x1: float
    y1: float

    def moved(self, dx: float, dy: float) -> Segment:
        return Segment(self.x0 + dx, self.y0 + dy, self.x1 + dx, self.y1 + dy)


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


@dataclass(frozen=True)
class Ruler:
    """A ruler's line from (x0, y0) to (x1, y1), up the page or across it; its ticks, and its
    end labels in line with it beyond each end, stand on the side `ticks` points to (one step
    towards the paper's nearest edge)."""

    x0: float
    y0: float
    x1: float
    y1: float
    ticks: tuple[float, float]

    @property
    def vertical(self) -> bool:
        return self.x0 == self.x1

    @property
    def length(self) -> float:
        return abs(self.x1 - self.x0) + abs(self.y1 - self.y0)

    @property
    def box(self) -> Rect:
        """Its line, ticks and end labels."""
        tx, ty = self.ticks
        x0, x1 = sorted((self.x0 + tx * RULER_TICK, self.x0 - tx * 0.1))
        y0, y1 = sorted((self.y0 + ty * RULER_TICK, self.y0 - ty * 0.1))
        if self.vertical:
            return rect_from(x0, self.y0 - RULER_END_LABEL, x1, self.y1 + RULER_END_LABEL)
        return rect_from(self.x0 - RULER_END_LABEL, y0, self.x1 + RULER_END_LABEL, y1)

    def moved(self, dx: float, dy: float) -> Ruler:
        return replace(self, x0=self.x0 + dx, y0=self.y0 + dy, x1=self.x1 + dx, y1=self.y1 + dy)


# --- the margins: cut marks, ruler, note ------------------------------------------


@dataclass(frozen=True)
class Margins:
    """How a page's margins are shared out, inside the printable area: how far the cut marks
    reach on each side ("left", "bottom", "right", "top"), and the sides of the ruler and
    the note, whose strips along the printable edge the cut marks stop short of."""

    bleed: Rect  # the cards with their bleed
    printable: Rect
    mark_start: float  # mm from the bleed to where the cut marks start
    reach: dict[str, float]
    ruler: str | None
    note: str | None

    def marked(self, width: float) -> Rect:
        """The cards with their bleed and the cut marks (`width` wide) around them."""
        start, reach, outer = self.mark_start, self.reach, self.bleed
        if not any(reach.values()):
            return outer
        grown = outer.grown(start)
        return rect_from(
            grown.x - reach["left"], grown.y - reach["bottom"], grown.right + reach["right"], grown.top + reach["top"]
        ).grown(width / 2)


def plan_margins(
    slots: list[Rect], layout: Layout, paper: tuple[float, float], targets: list[Point], area: Rect, optional=False
) -> Margins:
    """The ruler on the first side of RULER_SIDES with room for it beyond a cut mark and clear
    of the targets, the note on the first other side of NOTE_SIDES with room for a line, and
    the cut marks as long as the layout asks, short of those and of the edge of `area` (the
    printable area where what lies inside it is inside the printable area both as drawn and
    where it lands: safe_area). Where no side has room for a strip and a mark, the first with
    room for the strip alone takes it, its cut marks shortened (the cuts are marked at their
    other end); where none has, the first is taken (check_margins says what does not fit), or,
    with `optional` (a back page moved by its offset), none: its front has one."""
    outer = bounds(slots).grown(layout.bleed)
    room = {
        "left": outer.x - area.x,
        "bottom": outer.y - area.y,
        "right": area.right - outer.right,
        "top": area.top - outer.top,
    }
    marks = layout.cut_marks
    lines = marks.style != "none"
    start = marks.offset if lines else 0.0
    mark_room = start + MIN_MARK + marks.width / 2 if lines else 0.0
    ruler_band = RULER_DEPTH + MARK_CLEARANCE
    note_band = NOTE_LINE_MM + MARK_CLEARANCE
    ruler_side = None
    if layout.ruler:
        clear = [
            side
            for side in RULER_SIDES
            if not any(
                _ruler(side, layout.ruler, area, paper).box.overlaps(box) for box in _target_boxes(targets, layout)
            )
        ]
        ruler_side = _margin_side(clear, room, ruler_band, mark_room, optional, RULER_SIDES[0])
    note_side = None
    if layout.note:
        sides = [side for side in NOTE_SIDES if side != ruler_side]
        note_side = _margin_side(sides, room, note_band, mark_room, optional, sides[0])
    reserved = {side: 0.0 for side in SIDES}
    if ruler_side:
        reserved[ruler_side] = ruler_band + marks.width / 2
    if note_side:
        reserved[note_side] = note_band + marks.width / 2
    reach = {side: max(0.0, min(marks.length, room[side] - start - reserved[side])) if lines else 0.0 for side in SIDES}
    return Margins(outer, area, start, reach, ruler_side, note_side)


def _margin_side(
    sides: list[str], room: dict[str, float], band: float, mark_room: float, optional: bool, otherwise: str
) -> str | None:
    """The first of `sides` with room for a strip `band` deep and a cut mark beyond the cards;
    else, but on an `optional` page, the first with room for the strip alone, else `otherwise`."""
    fits = [side for side in sides if room[side] >= band + mark_room]
    if fits or optional:
        return fits[0] if fits else None
    return next((side for side in sides if room[side] >= band), otherwise)


def cut_mark_segments(slots: list[Rect], layout: Layout, margins: Margins) -> list[Segment]:
    """Short lines in the margins, in line with every cut, outside the bleed, as long as
    the margins leave them (a cut shared by two cards is marked once)."""
    if layout.cut_marks.style == "none" or not slots:
        return []
    outer = margins.bleed.grown(margins.mark_start)
    reach = margins.reach
    segments = []
    for x in sorted({round(v, 4) for r in slots for v in (r.x, r.right)}):
        segments.append(Segment(x, outer.y, x, outer.y - reach["bottom"]))
        segments.append(Segment(x, outer.top, x, outer.top + reach["top"]))
    for y in sorted({round(v, 4) for r in slots for v in (r.y, r.top)}):
        segments.append(Segment(outer.x, y, outer.x - reach["left"], y))
        segments.append(Segment(outer.right, y, outer.right + reach["right"], y))
    return [segment for segment in segments if (segment.x0, segment.y0) != (segment.x1, segment.y1)]


def marked_area(slots: list[Rect], layout: Layout, paper: tuple[float, float], area: Rect) -> Rect:
    """The cards with their bleed and the cut marks around them: margin texts stay outside."""
    return plan_margins(slots, layout, paper, [], area).marked(layout.cut_marks.width)


# --- targets, ruler, note --------------------------------------------------------


def plan_targets(grid: Grid, layout: Layout, area: Rect) -> tuple[list[Point], float | None]:
    """Four targets and their size, placed symmetrically so that they land on each other through
    the paper for either flip: in the side margins, inside `area` (symmetric about the paper's
    middle) and the window verify reads clear of the cards, or, where those are too narrow, in
    the bottom and top margins in line with the middle of the outer columns (clear of the cut
    marks). Where the layout's margins hold its targets but `area` (which the back offset or
    the printer's scale narrows) does not, they are made to fit the wider of the two, if
    larger than MIN_TARGET, or left out. Targets too large for the layout's own margins keep
    their size: check_margins says the layout asks too much."""
    size = layout.target_size
    if size is None:
        return [], None
    beside, below = _target_rooms(grid, area)
    if max(beside, below) < size <= max(_target_rooms(grid, printable_area(layout, grid.paper))):
        size = max(beside, below) - 2 * TARGET_SLACK
        if size <= MIN_TARGET:
            return [], None
        in_sides = beside >= below
    else:
        in_sides = beside >= size
    paper_w, paper_h = grid.paper
    outer = grid.bleed_bounds
    if in_sides:
        x, y = (area.x + outer.x - TARGET_WINDOW) / 2, min(40.0, paper_h / 2 - 60)
    else:
        x, y = grid.trim_bounds.x + layout.card.width / 2, (area.y + outer.y - TARGET_WINDOW) / 2
    return [(x, y), (x, paper_h - y), (paper_w - x, y), (paper_w - x, paper_h - y)], size


def with_target_size(layout: Layout, size: float | None) -> Layout:
    """The layout with its registration targets `size` mm wide, or none for None."""
    if size == layout.target_size:
        return layout
    registration = "none" if size is None else layout.registration.model_copy(update={"size": size})  # type: ignore[union-attr]  # a layout with a target size has a Registration
    return layout.model_copy(update={"registration": registration})


def _target_rooms(grid: Grid, area: Rect) -> tuple[float, float]:
    """How wide a target fits inside `area` beside the cards, clear of the window verify reads
    around it: in the side margins, and in the bottom and top margins."""
    outer = grid.bleed_bounds
    return outer.x - TARGET_WINDOW - area.x, outer.y - TARGET_WINDOW - area.y


def _target_boxes(targets: list[Point], layout: Layout) -> list[Rect]:
    """Each target with the window around it that verify reads."""
    reach = (layout.target_size or 0) / 2 + TARGET_WINDOW
    return [Rect(x - reach, y - reach, 2 * reach, 2 * reach) for x, y in targets]


def _ruler(side: str, length: float, area: Rect, paper: tuple[float, float]) -> Ruler:
    """A ruler of `length` mm centred along `side` of the printable area, its ticks reaching that edge."""
    paper_w, paper_h = paper
    if side == "left":
        x, y0 = area.x + RULER_TICK, (paper_h - length) / 2
        return Ruler(x, y0, x, y0 + length, (-1.0, 0.0))
    x0 = (paper_w - length) / 2
    if side == "top":
        y = area.top - RULER_TICK
        return Ruler(x0, y, x0 + length, y, (0.0, 1.0))
    y = area.y + RULER_TICK
    return Ruler(x0, y, x0 + length, y, (0.0, -1.0))


def ruler_line(layout: Layout, paper: tuple[float, float], margins: Margins) -> Ruler | None:
    """Along the margin the margins give it; None when the layout asks for no ruler."""
    if not layout.ruler or margins.ruler is None:
        return None
    return _ruler(margins.ruler, layout.ruler, margins.printable, paper)


def note_box(
    slots: list[Rect],
    layout: Layout,
    paper: tuple[float, float],
    targets: list[Point],
    margins: Margins,
    ruler: Ruler | None = None,
) -> NoteBox:
    """The strip beyond the cut marks up the right margin, between the right-hand targets, or
    across the bottom margin, between the bottom targets: the side the margins give it; and
    clear of the ruler where the strip meets it (a partial page's wide bottom margin)."""
    paper_w, paper_h = paper
    cards, area = margins.marked(layout.cut_marks.width), margins.printable
    reach = (layout.target_size or 0) / 2 + TARGET_CLEARANCE
    if margins.note == "right":
        axis, strip = 1, rect_from(cards.right + MARK_CLEARANCE, area.y, area.right, area.top)
        along = [y for x, y in targets if x > paper_w / 2]
    else:
        axis, strip = 0, rect_from(area.x, area.y, area.right, cards.y - MARK_CLEARANCE)
        along = [x for x, y in targets if y < paper_h / 2]
    obstacles = [(v - reach, v + reach) for v in along]
    if ruler is not None and ruler.box.overlaps(strip):
        box = ruler.box.grown(MARK_CLEARANCE)
        obstacles.append((box.x, box.right) if axis == 0 else (box.y, box.top))
    span = (strip.x, strip.right) if axis == 0 else (strip.y, strip.top)
    low, high = _between(obstacles, span)
    if axis == 0:
        return NoteBox(rect_from(low, strip.y, high, strip.top), upright=True)
    return NoteBox(rect_from(strip.x, low, strip.right, high), upright=False)


def _between(obstacles: list[tuple[float, float]], span: tuple[float, float]) -> tuple[float, float]:
    """The part of `span` around its middle that the obstacles (each from, to along it) leave free."""
    middle = sum(span) / 2
    low = max([span[0]] + [high for low, high in obstacles if (low + high) / 2 < middle])
    high = min([span[1]] + [low for low, high in obstacles if (low + high) / 2 > middle])
    return low, high


# --- the layout check ----------------------------------------------------------------

_FEWER_CARDS = "try --layout silhouette (6 cards a page) or a layout with fewer columns or rows"


def furniture(page: Page, layout: Layout) -> list[tuple[str, str | None, Rect, str]]:
    """Everything printed on the page, as boxes around its ink: what it is, the layout field
    that governs it (None for a card), where, and how to move it away."""
    boxes: list[tuple[str, str | None, Rect, str]] = [
        (f"card {slot.card + 1} with its bleed", None, slot.reach, _FEWER_CARDS) for slot in page.slots
    ]
    half = layout.cut_marks.width / 2
    boxes += [
        (
            "a cut mark",
            "cut_marks",
            rect_from(min(s.x0, s.x1), min(s.y0, s.y1), max(s.x0, s.x1), max(s.y0, s.y1)).grown(half),
            _FEWER_CARDS + ", or `cut_marks: {style: none}` in the layout",
        )
        for s in page.cut_marks
    ]
    reach = (layout.target_size or 0) / 2
    boxes += [
        (
            "a registration target",
            "registration",
            Rect(x - reach, y - reach, 2 * reach, 2 * reach),
            _FEWER_CARDS + ", or `registration: none` in the layout",
        )
        for x, y in page.targets
    ]
    if page.ruler:
        boxes.append(
            (
                "the ruler",
                "ruler",
                page.ruler.box,
                "set `ruler: 0` in the layout (a layout of your own can extend a bundled one)",
            )
        )
    if page.note:
        boxes.append(
            (
                "the note",
                "note",
                page.note.rect,
                "set `note: false` in the layout (a layout of your own can extend a bundled one)",
            )
        )
    return boxes


class MarginError(ValueError):
    """A mark, target, ruler or note of the layout falls where it cannot print or would
    spoil a card: `field` names the layout field to change."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field


def check_margins(plan: Plan) -> None:
    """MarginError for the first card's bleed, mark, target, ruler or note that would fall
    outside the layout's printable area, where the printer lands it or as drawn (a back page
    moved by its offset, a page drawn larger for a printer that shrinks it: a printer may clip
    the page as drawn); a mark on a card's bleed or on another; a note with no room for a line;
    or a cut that no mark shows, at either end."""
    layout = plan.layout
    area = printable_area(layout, plan.paper).grown(EDGE_SLACK)
    where = (
        f"outside the printable area ({layout.printable_area.sides:g} mm in from the sides, "
        f"{layout.printable_area.top_bottom:g} mm from the top and bottom), which many printers leave blank"
    )
    for page in plan.pages:
        dx, dy = plan.back_offset if page.side == "back" else (0.0, 0.0)
        bleeds = [slot.reach for slot in page.slots]
        marks = [(what, field, box, fix) for what, field, box, fix in furniture(page, layout) if field is not None]
        cards = [(f"card {slot.card + 1} with its bleed", "margins", slot.reach, "") for slot in page.slots]
        for what, field, box, remedy in cards + marks:
            said = f"{what} on page {page.number}"
            if not area.holds(box.moved(-dx, -dy)):
                raise MarginError(field, f"{said} would print {where}" + (f"; {remedy}" if remedy else ""))
            if not area.holds(drawn_box(box, plan.paper, plan.scale)):
                raise MarginError("margins", f"{_drawn_for(plan, page)}, {said} would be drawn {where}")
        for index, (what, field, box, remedy) in enumerate(marks):
            if any(box.overlaps(bleed) for bleed in bleeds):
                raise MarginError(field, f"{what} on page {page.number} would print on a card's bleed; {remedy}")
            for other, other_field, other_box, _ in marks[index + 1 :]:
                if other_field != field and box.overlaps(other_box):
                    raise MarginError(field, f"{what} on page {page.number} would print over {other}; {remedy}")
        if page.note is not None and page.note.depth < NOTE_LINE_MM:
            raise MarginError(
                "note",
                f"the note on page {page.number} has no room for a line inside the printable area, beyond the "
                "cut marks; set `note: false` in the layout (a layout of your own can extend a bundled one)",
            )
        unmarked = _unmarked(page) if layout.cut_marks.style != "none" else None
        if unmarked:
            raise MarginError(
                "cut_marks",
                f"{_drawn_for(plan, page)}, the cut at {unmarked} on page {page.number} has no room for a "
                "cut mark at either end inside the printable area; a layout with fewer columns or rows leaves "
                "it room (a layout of your own can extend a bundled one)",
            )


def _drawn_for(plan: Plan, page: Page) -> str:
    """What moves or scales the page as drawn: a back page's offset, the printer's measure."""
    why = []
    if page.side == "back" and any(plan.back_offset):
        why.append(f"the back offset {plan.back_offset[0]:g}, {plan.back_offset[1]:g} mm")
    if plan.scale != (1.0, 1.0):
        (across, down), (sx, sy) = plan.ruler_measured, plan.scale
        why.append(
            f"the page drawn at {sx:.2%} across and {sy:.2%} down for a printer that prints 100 mm as "
            f"{across:g} mm across and {down:g} mm down"
        )
    return "with " + " and ".join(why) if why else "as the layout places the cards"


def _unmarked(page: Page) -> str | None:
    """The first cut of the page's cards (`x 15 mm`, `y 12.5 mm`) with no cut mark in line with it."""
    marked = {("x", round(s.x0, 3)) for s in page.cut_marks if s.x0 == s.x1}
    marked |= {("y", round(s.y0, 3)) for s in page.cut_marks if s.y0 == s.y1}
    for slot in page.slots:
        r = slot.trim
        for cut in (("x", round(r.x, 3)), ("x", round(r.right, 3)), ("y", round(r.y, 3)), ("y", round(r.top, 3))):
            if cut not in marked:
                return f"{cut[0]} {cut[1]:g} mm"
    return None
