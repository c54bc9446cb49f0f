"""The imposition plan of a card sheet: every page, and on it every card slot, cut
mark, registration target, the ruler and the room for the note, in millimetres
from the page's lower-left corner, where they land on the paper (a back page's
offset included). Pure geometry: renderers draw a plan, the record in each PDF
is written from it, and it is tested without drawing anything.

    plan = plan_sheets(card_count, layout, paper, mode="duplex", flip="long", back_offset=(0, 0))
    for page in plan.pages: page.slots, page.cut_marks, page.targets, page.ruler, page.note

A fold sheet (mode "fold") prints on one side: each page holds faces left of a
vertical fold line down its middle and their backs to the right, mirrored across
it, so that folding the sheet puts every back behind its face.
With `cutter_marks="silhouette"` every front page also carries the registration marks a
print-and-cut machine reads (`page.cutter_marks`), or the plan is refused (CutterMarksError)
when anything else on the page would lie in the corners they need clear.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

from cardgen.formats import MM, MODES, TRUE_RULER, ModeName, SheetMode, compensation
from cardgen.layout.geometry import (
    Grid,
    GridError,
    Rect,
    behind,
    behind_point,
    bounds,
    drawn_box,
    make_grid,
    min_margins,
    print_box,
    printable_area,
    safe_area,
)
from cardgen.messages import Message
from cardgen.model.layout import Layout, Registration

Side = Literal["front", "back"]
Draws = Literal["face", "back", "outline"]
Point = tuple[float, float]
CutterStyle = Literal["none", "silhouette"]

TARGET_CLEARANCE = 1.5  # mm left free around a target's cross (verify reads 1 mm around it)
TARGET_WINDOW = 1.0  # mm around a target that verify reads to find it: no other ink there
MIN_TARGET = 2.0  # mm: a target must be larger (as a layout's must) to be worth printing
TARGET_SLACK = 0.1  # mm left free on either side of a target made to fit its room (against a pixel's blur)
MARK_CLEARANCE = 1.0  # mm left free beyond the cut marks
MIN_MARK = 1.0  # mm: the shortest cut mark worth printing
NOTE_LINE_MM = 6 / MM  # the note's smallest line: 6 pt of Vera, whose ascent and descent add up to its size
FOLD_CLEARANCE = 0.5  # mm of white between a card's bleed and the fold line, on each side (room for the ruler)
RULER_TICK = 2.2  # mm: a ruler's longest tick, on the side of its line towards the paper's edge
RULER_DEPTH = RULER_TICK + 0.1  # mm across a ruler: its ticks and its line
RULER_END_LABEL = 8.5  # mm beyond each end of a ruler for its end labels ("0", "100 mm") in line with it
EDGE_SLACK = 0.15  # mm: a cut mark shortened to end at the printable edge still has half its width beyond
SIDES = ("left", "bottom", "right", "top")
RULER_SIDES = ("left", "top", "bottom")  # where a ruler may go, the first with room
NOTE_SIDES = ("right", "bottom")
FOLD_LABEL = (40.0, 4.0)  # mm: the room for "fold here" above the cards, centred on the fold line


@dataclass(frozen=True)
class Segment:
    x0: float
    y0: float
    x1: float
    y1: float

    def moved(self, dx: float, dy: float) -> Segment:
        return Segment(self.x0 + dx, self.y0 + dy, self.x1 + dx, self.y1 + dy)


@dataclass(frozen=True)
class Slot:
    """One card's place on a page: `card` indexes the sheet's list of cards."""

    card: int
    slot: int  # its place in the grid, in reading order
    draws: Draws  # the card's face, its back, or a glue outline
    trim: Rect  # on the page: a card turned a quarter turn lies across it
    turn: int = 0  # quarter turns counter-clockwise: 2 for a back behind a short-edge flip
    bleed_box: Rect | None = None  # where its drawing may reach (set by _page): bleed only where no card adjoins
    corner: float = 0.0  # mm: the radius its drawing stops at in each corner, its rounded cut (a sticker's); 0: none

    @property
    def reach(self) -> Rect:
        return self.bleed_box or self.trim

    @property
    def rotated(self) -> bool:
        return self.turn == 2


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
            return _rect(x0, self.y0 - RULER_END_LABEL, x1, self.y1 + RULER_END_LABEL)
        return _rect(self.x0 - RULER_END_LABEL, y0, self.x1 + RULER_END_LABEL, y1)

    def moved(self, dx: float, dy: float) -> Ruler:
        return replace(self, x0=self.x0 + dx, y0=self.y0 + dy, x1=self.x1 + dx, y1=self.y1 + dy)


@dataclass(frozen=True)
class Fold:
    """A fold sheet's dashed line, and the room above the cards for its label."""

    x: float
    y0: float
    y1: float
    label: Rect


@dataclass(frozen=True)
class Page:
    number: int  # from 1, in print order
    side: Side
    behind: int | None  # a back page: the front page it is printed behind
    slots: tuple[Slot, ...]
    cut_marks: tuple[Segment, ...]
    targets: tuple[Point, ...]
    ruler: Ruler | None
    note: NoteBox | None
    fold: Fold | None = None
    cutter_marks: CutterMarks | None = None  # a front page's print-and-cut registration marks


@dataclass(frozen=True)
class CutterMarks:
    """Registration marks a cutting machine's optical sensor finds on the printed page,
    as filled polygons, and the corners of the page they need clear of any other ink."""

    style: CutterStyle
    shapes: tuple[tuple[Point, ...], ...]
    clear_zones: tuple[Rect, ...]


@dataclass(frozen=True)
class Plan:
    mode: ModeName
    flip: str | None  # None for a one-sided sheet
    paper: tuple[float, float]
    grid: Grid
    back_offset: tuple[float, float]
    targets: tuple[Point, ...]  # the front pages' targets; the backs' lie behind them
    pages: tuple[Page, ...]
    layout: Layout  # what it was planned from: the card, bleed, marks, ruler and printable area
    ruler_measured: tuple[float, float] = TRUE_RULER  # mm the printer makes of RULER_MM, across and down
    raster_dpi: float | None = None  # pages made only to be turned into pixels at this dpi

    @property
    def sheet_mode(self) -> SheetMode:
        return MODES[self.mode]

    @property
    def scale(self) -> tuple[float, float]:
        """How much larger every page is drawn than planned, across and down, about the paper's
        centre: the printer's shrinking or stretching then lands everything where it is planned."""
        return compensation(self.ruler_measured)

    @property
    def trim_box(self) -> Rect:
        """The TrimBox of every page, front and back, full or not: a full page's cards, centred,
        upright as drawn (at `scale`). CUPS centres each page on its TrimBox (and turns it when
        the box it reads lies across the paper), so a box that moved with the back offset, or
        framed a partial page's few cards, would make it undo the offset or move the page."""
        slots = self.grid.slots
        if self.sheet_mode.folded:
            slots += tuple(behind(slot, self.paper, "long") for slot in slots)
        return print_box(bounds(slots), self.paper, self.scale)

    @property
    def bleed_box(self) -> Rect:
        return self.trim_box.grown(self.grid.bleed)


def plan_sheets(
    card_count: int,
    layout: Layout,
    paper: tuple[float, float] | None = None,
    mode: ModeName = "duplex",
    flip: str = "long",
    back_offset: tuple[float, float] = (0.0, 0.0),
    cutter_marks: CutterStyle = "none",
    dpi: float | None = None,
    ruler_measured: tuple[float, float] = TRUE_RULER,
) -> Plan:
    """Fronts in grid order, each followed (but on a sleeve sheet) by the page behind it;
    `dpi`: a fitted paper (`paper: fit`) in whole pixels. Everything is planned where it lands
    on the paper; `ruler_measured` (what the printer makes of the calibration sheet's rulers)
    says how much larger the pages are drawn to land so (`Plan.scale`). Every mark, target,
    ruler and note lies inside the printable area both as drawn and where it lands (safe_area);
    where the back offset or the scale leaves the targets less room than the layout gives them,
    they are smaller (down to MIN_TARGET, below which the sheet has none)."""
    sheet = MODES[mode]
    scale = compensation(ruler_measured)
    if sheet.inset:
        layout = inset_card(layout, sheet.inset)
    if sheet.folded:
        if cutter_marks != "none":
            raise CutterMarksError(Message("layout.fold_no_cutter_marks"), "fold")
        return replace(plan_fold(card_count, layout, paper, scale, mode), ruler_measured=ruler_measured)
    grid = make_grid(layout, paper, card_count, dpi)
    marks = silhouette_marks(grid.paper) if cutter_marks == "silhouette" else None
    printable = printable_area(layout, grid.paper)
    front_area = safe_area(printable, grid.paper, scale)
    dx, dy = back_offset
    back_area = safe_area(printable, grid.paper, scale, back_offset).moved(-dx, -dy)  # before the offset moves it
    target_area = _symmetric(front_area.within(back_area) if sheet.backs else front_area, grid.paper)
    centres, size = plan_targets(grid, layout, target_area)
    layout, targets = with_target_size(layout, size), tuple(centres)
    pages: list[Page] = []
    corner = layout.card.corner_radius if sheet.rounded_faces else 0.0
    for front in _faces_by_page(card_count, grid, corner=corner):
        page = _page(len(pages) + 1, "front", None, front, targets, grid, layout, grid.bleed, front_area)
        if marks is not None:
            check_clear(marks, page, layout)
            page = replace(page, cutter_marks=marks)
        pages.append(page)
        if sheet.backs is not None:
            back = [
                Slot(
                    slot.card,
                    slot.slot,
                    sheet.backs,
                    behind(slot.trim, grid.paper, flip),
                    turn=2 if flip == "short" else 0,
                )
                for slot in front
            ]
            behind_targets = tuple(behind_point(x, y, grid.paper, flip) for x, y in targets)
            bleed = grid.bleed if sheet.back_bleed else 0.0
            page = _page(
                len(pages) + 1,
                "back",
                len(pages),
                back,
                behind_targets,
                grid,
                layout,
                bleed,
                back_area,
                any(back_offset),
            )
            pages.append(_moved(page, dx, dy))
    through = flip if sheet.through_paper else None
    return Plan(mode, through, grid.paper, grid, back_offset, targets, tuple(pages), layout, ruler_measured, dpi)


def inset_card(layout: Layout, inset: float) -> Layout:
    """The layout with its card `inset` mm smaller on every side, its corners rounded alike."""
    card = layout.card
    smaller = {"width": card.width - 2 * inset, "height": card.height - 2 * inset}
    smaller["corner_radius"] = max(card.corner_radius - inset, 0.0)
    return layout.model_copy(update={"card": card.model_copy(update=smaller)})


def plan_fold(
    card_count: int,
    layout: Layout,
    paper: tuple[float, float] | None = None,
    scale: tuple[float, float] = (1.0, 1.0),
    mode: ModeName = "fold",
) -> Plan:
    """Faces left of the fold line, backs mirrored to its right, on one side of the paper."""
    grid, turn = fold_grid(layout, paper)
    fold_x = grid.paper[0] / 2
    area = safe_area(printable_area(layout, grid.paper), grid.paper, scale)
    pages: list[Page] = []
    for faces in _faces_by_page(card_count, grid, turn):
        backs = [
            Slot(slot.card, slot.slot, "back", behind(slot.trim, grid.paper, "long"), (4 - turn) % 4) for slot in faces
        ]
        page = _page(len(pages) + 1, "front", None, faces + backs, (), grid, layout, grid.bleed, area)
        marked = marked_area([slot.trim for slot in page.slots], layout, grid.paper, area)
        label = Rect(fold_x - FOLD_LABEL[0] / 2, marked.top + MARK_CLEARANCE, *FOLD_LABEL)
        pages.append(replace(page, fold=Fold(fold_x, marked.y, marked.top, label)))
    return Plan(mode, None, grid.paper, grid, (0.0, 0.0), (), tuple(pages), layout)


def _faces_by_page(card_count: int, grid: Grid, turn: int = 0, corner: float = 0.0) -> list[list[Slot]]:
    """The cards' faces in grid order, page by page; `corner`: their drawing stops at their
    rounded cut in each corner (Slot.corner)."""
    per_page = len(grid.slots)
    return [
        [
            Slot(first + index, index, "face", rect, turn, corner=corner)
            for index, rect in enumerate(grid.slots[: card_count - first])
        ]
        for first in range(0, card_count, per_page)
    ]


def fold_grid(layout: Layout, paper: tuple[float, float] | None = None) -> tuple[Grid, int]:
    """The faces' slots, left of the fold line down the paper's middle, and the quarter
    turns of each card on them: upright (0) or turned (1), whichever fits more."""
    paper_w, paper_h = paper or layout.paper_size
    bleed, gap = layout.bleed, layout.gap_mm
    margin_x, margin_y = min_margins(layout)
    room_x = paper_w / 2 - FOLD_CLEARANCE - margin_x  # from the left margin to the faces' bleed edge nearest the fold
    room_y = paper_h - 2 * margin_y
    fits: list[tuple[int, int, int, int, int, float, float]] = []
    for turn, (width, height) in enumerate(
        ((layout.card.width, layout.card.height), (layout.card.height, layout.card.width))
    ):
        columns = int((room_x + gap + 1e-9) // (width + 2 * bleed + gap))
        rows = int((room_y + gap + 1e-9) // (height + 2 * bleed + gap))
        fits.append((columns * rows, -turn, turn, columns, rows, width, height))  # upright wins a tie
    _, _, turn, columns, rows, width, height = max(fits)
    if columns < 1 or rows < 1:
        no_fit = Message(
            "layout.fold_no_fit",
            width=layout.card.width,
            height=layout.card.height,
            bleed=bleed,
            paper_width=paper_w,
            paper_height=paper_h,
        )
        raise GridError(no_fit)
    right = paper_w / 2 - FOLD_CLEARANCE - bleed  # the trim edge of the column nearest the fold
    pitch_x, pitch_y = width + 2 * bleed + gap, height + 2 * bleed + gap
    bottom = (paper_h - (rows * pitch_y - gap)) / 2 + bleed
    slots = tuple(
        Rect(right - width - (columns - 1 - column) * pitch_x, bottom + (rows - 1 - row) * pitch_y, width, height)
        for row in range(rows)
        for column in range(columns)
    )
    return Grid((paper_w, paper_h), slots, columns, rows, bleed), turn


def _page(
    number, side, behind_page, slots, targets, grid: Grid, layout: Layout, bleed: float, area: Rect, optional=False
) -> Page:
    """The page before a back page's offset moves it, its marks, ruler and note inside `area`
    (where they are inside the printable area as drawn and as landed); `optional`: a ruler or
    note with no room is left out (a back page: its front has them)."""
    slots = _with_bleed_boxes(slots, bleed, grid.shared)
    rects = [slot.trim for slot in slots]
    paper = grid.paper
    margins = plan_margins(rects, layout, paper, list(targets), area, optional)
    ruler = ruler_line(layout, paper, margins)
    return Page(
        number=number,
        side=side,
        behind=behind_page,
        slots=tuple(slots),
        cut_marks=tuple(cut_mark_segments(rects, layout, margins)),
        targets=targets,
        ruler=ruler,
        note=note_box(rects, layout, paper, list(targets), margins, ruler) if margins.note else None,
    )


def _with_bleed_boxes(slots: list[Slot], bleed: float, shared: bool) -> list[Slot]:
    """Each slot with the box its drawing is clipped to: its trim grown by the bleed, but,
    where cards share their cuts, only on the sides where no card of the page adjoins it."""
    if not shared:
        return [replace(slot, bleed_box=slot.trim.grown(bleed)) for slot in slots]
    corners = {(round(slot.trim.x, 3), round(slot.trim.y, 3)) for slot in slots}
    boxed = []
    for slot in slots:
        r = slot.trim
        taken = lambda x, y: (round(x, 3), round(y, 3)) in corners  # noqa: E731
        left = 0.0 if taken(r.x - r.width, r.y) else bleed
        right = 0.0 if taken(r.right, r.y) else bleed
        below = 0.0 if taken(r.x, r.y - r.height) else bleed
        above = 0.0 if taken(r.x, r.top) else bleed
        box = Rect(r.x - left, r.y - below, r.width + left + right, r.height + below + above)
        boxed.append(replace(slot, bleed_box=box))
    return boxed


def _moved(page: Page, dx: float, dy: float) -> Page:
    """The page with everything on it moved by (dx, dy): a back page's offset."""
    if not dx and not dy:
        return page
    return replace(
        page,
        slots=tuple(
            replace(slot, trim=slot.trim.moved(dx, dy), bleed_box=slot.bleed_box and slot.bleed_box.moved(dx, dy))
            for slot in page.slots
        ),
        cut_marks=tuple(segment.moved(dx, dy) for segment in page.cut_marks),
        targets=tuple((x + dx, y + dy) for x, y in page.targets),
        ruler=page.ruler and page.ruler.moved(dx, dy),
        note=page.note and NoteBox(page.note.rect.moved(dx, dy), page.note.upright),
    )


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
        return _rect(
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
                _overlap(_ruler(side, layout.ruler, area, paper).box, box) for box in _target_boxes(targets, layout)
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
    if size is None:
        return layout.model_copy(update={"registration": "none"})
    assert isinstance(layout.registration, Registration), "a layout whose targets are resized has targets"
    return layout.model_copy(update={"registration": layout.registration.model_copy(update={"size": size})})


def _target_rooms(grid: Grid, area: Rect) -> tuple[float, float]:
    """How wide a target fits inside `area` beside the cards, clear of the window verify reads
    around it: in the side margins, and in the bottom and top margins."""
    outer = grid.bleed_bounds
    return outer.x - TARGET_WINDOW - area.x, outer.y - TARGET_WINDOW - area.y


def _symmetric(area: Rect, paper: tuple[float, float]) -> Rect:
    """The part of `area` that its mirror images across the paper's middle lines share."""
    paper_w, paper_h = paper
    x, y = max(area.x, paper_w - area.right), max(area.y, paper_h - area.top)
    return _rect(x, y, paper_w - x, paper_h - y)


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
        axis, strip = 1, _rect(cards.right + MARK_CLEARANCE, area.y, area.right, area.top)
        along = [y for x, y in targets if x > paper_w / 2]
    else:
        axis, strip = 0, _rect(area.x, area.y, area.right, cards.y - MARK_CLEARANCE)
        along = [x for x, y in targets if y < paper_h / 2]
    obstacles = [(v - reach, v + reach) for v in along]
    if ruler is not None and _overlap(ruler.box, strip):
        box = ruler.box.grown(MARK_CLEARANCE)
        obstacles.append((box.x, box.right) if axis == 0 else (box.y, box.top))
    span = (strip.x, strip.right) if axis == 0 else (strip.y, strip.top)
    low, high = _between(obstacles, span)
    if axis == 0:
        return NoteBox(_rect(low, strip.y, high, strip.top), upright=True)
    return NoteBox(_rect(strip.x, low, strip.right, high), upright=False)


def _between(obstacles: list[tuple[float, float]], span: tuple[float, float]) -> tuple[float, float]:
    """The part of `span` around its middle that the obstacles (each from, to along it) leave free."""
    middle = sum(span) / 2
    low = max([span[0]] + [high for low, high in obstacles if (low + high) / 2 < middle])
    high = min([span[1]] + [low for low, high in obstacles if (low + high) / 2 > middle])
    return low, high


def _rect(x0: float, y0: float, x1: float, y1: float) -> Rect:
    return Rect(x0, y0, max(x1 - x0, 0.0), max(y1 - y0, 0.0))


# --- print-and-cut registration marks ----------------------------------------------

# Silhouette Studio's "Type 1" marks (Cameo, Portrait, Curio) with its default settings: a
# filled square at the top-left corner and two L-shaped brackets at the top-right and
# bottom-left, each 10 mm in from the paper's edges (the least inset Studio allows).
SILHOUETTE_INSET = 10.0
SILHOUETTE_SQUARE = 5.0
SILHOUETTE_LEG = 20.0  # the length of a bracket's legs
SILHOUETTE_LINE = 0.5  # the thickness of a bracket's legs
SILHOUETTE_CLEARANCE = 2.0  # mm kept free beyond the square a mark's legs span, towards the page's middle


class CutterMarksError(ValueError):
    """Something on the page lies where the cutter's registration marks need the paper clear,
    or the sheet takes no such marks: `message` says what and where (a Message, a clause that
    whoever shows it finishes with what to do), `cause` what would have to change: "cards",
    a layout field ("cut_marks", "registration", "ruler", "note"), "fold" (the sheet's mode),
    or None when it is the cards' place itself."""

    def __init__(self, message: Message, cause: str | None = None) -> None:
        super().__init__(message)
        self.message, self.cause = message, cause

    def __str__(self) -> str:
        return str(self.message)


def silhouette_marks(paper: tuple[float, float]) -> CutterMarks:
    """The three marks, their outer edges SILHOUETTE_INSET from the paper's edges, and for each
    the corner of the page, from the paper's edge to past its legs, that must hold nothing else."""
    width, height = paper
    inset, leg, line, square = SILHOUETTE_INSET, SILHOUETTE_LEG, SILHOUETTE_LINE, SILHOUETTE_SQUARE
    corners = [(inset, height - inset, 1, -1), (width - inset, height - inset, -1, -1), (inset, inset, 1, 1)]
    x, y, sx, sy = corners[0]
    shapes: list[tuple[Point, ...]] = [
        ((x, y), (x + sx * square, y), (x + sx * square, y + sy * square), (x, y + sy * square))
    ]
    for x, y, sx, sy in corners[1:]:
        shapes.append(
            (
                (x, y),
                (x + sx * leg, y),
                (x + sx * leg, y + sy * line),
                (x + sx * line, y + sy * line),
                (x + sx * line, y + sy * leg),
                (x, y + sy * leg),
            )
        )
    reach = inset + leg + SILHOUETTE_CLEARANCE
    zones = [
        Rect(0.0 if sx > 0 else width - reach, 0.0 if sy > 0 else height - reach, reach, reach)
        for _, _, sx, sy in corners
    ]
    return CutterMarks("silhouette", tuple(shapes), tuple(zones))


# The corners the cutter's marks need clear, in the order of CutterMarks.clear_zones.
_CORNERS = (Message("layout.corner_top_left"), Message("layout.corner_top_right"), Message("layout.corner_bottom_left"))


def check_clear(marks: CutterMarks, page: Page, layout: Layout) -> None:
    """CutterMarksError naming the first thing on the page that lies in a mark's corner,
    or a card the machine would cut outside the frame its marks span."""
    frame = _frame(marks)
    for slot in page.slots:
        if not _contains(frame, slot.trim):
            raise CutterMarksError(Message("layout.outside_cutter_frame", card=slot.card + 1, inset=SILHOUETTE_INSET))
    for what, field, box in _furniture(page, layout):
        for corner, zone in zip(_CORNERS, marks.clear_zones):
            if _overlap(zone, box):
                in_corner = Message(
                    "layout.in_cutter_corner", thing=what, corner=corner, width=zone.width, height=zone.height
                )
                raise CutterMarksError(in_corner, field or "cards")


def _furniture(page: Page, layout: Layout) -> list[tuple[Message, str | None, Rect]]:
    """Everything printed on the page, as boxes around its ink: what it is, the layout field
    that governs it (None for a card), and where."""
    boxes: list[tuple[Message, str | None, Rect]] = [
        (Message("layout.thing_card", card=slot.card + 1), None, slot.reach) for slot in page.slots
    ]
    half = layout.cut_marks.width / 2
    boxes += [
        (
            Message("layout.thing_cut_mark"),
            "cut_marks",
            _rect(min(s.x0, s.x1), min(s.y0, s.y1), max(s.x0, s.x1), max(s.y0, s.y1)).grown(half),
        )
        for s in page.cut_marks
    ]
    reach = (layout.target_size or 0) / 2
    boxes += [
        (Message("layout.thing_target"), "registration", Rect(x - reach, y - reach, 2 * reach, 2 * reach))
        for x, y in page.targets
    ]
    if page.ruler:
        boxes.append((Message("layout.thing_ruler"), "ruler", page.ruler.box))
    if page.note:
        boxes.append((Message("layout.thing_note"), "note", page.note.rect))
    return boxes


class MarginError(ValueError):
    """A mark, target, ruler or note of the layout falls where it cannot print or would
    spoil a card: `field` names the layout field to change; `message` says what and where
    (a Message, a clause that whoever shows it finishes with what to do); `cause`, what would
    have to change when it is not `field` itself ("cut_room": fewer columns or rows)."""

    def __init__(self, field: str, message: Message, cause: str | None = None) -> None:
        super().__init__(message)
        self.field, self.message, self.cause = field, message, cause or field

    def __str__(self) -> str:
        return str(self.message)


def check_margins(plan: Plan) -> None:
    """MarginError for the first card's bleed, mark, target, ruler or note that would fall
    outside the layout's printable area, where the printer lands it or as drawn (a back page
    moved by its offset, a page drawn larger for a printer that shrinks it: a printer may clip
    the page as drawn); a mark on a card's bleed or on another; a note with no room for a line;
    or a cut that no mark shows, at either end."""
    layout = plan.layout
    area = printable_area(layout, plan.paper).grown(EDGE_SLACK)
    sides, ends = layout.printable_area.sides, layout.printable_area.top_bottom
    where = Message("layout.outside_printable", sides=sides, ends=ends)
    for page in plan.pages:
        dx, dy = plan.back_offset if page.side == "back" else (0.0, 0.0)
        bleeds = [slot.reach for slot in page.slots]
        furniture = [(what, field, box) for what, field, box in _furniture(page, layout) if field is not None]
        cards = [(Message("layout.thing_card", card=slot.card + 1), "margins", slot.reach) for slot in page.slots]
        for what, field, box in cards + furniture:
            assert field is not None, "the cards are the margins' concern, the rest their own field's"
            if not _contains(area, box.moved(-dx, -dy)):
                raise MarginError(field, Message("layout.thing_outside", thing=what, page=page.number, where=where))
            if not _contains(area, drawn_box(box, plan.paper, plan.scale)):
                causes = _causes(plan, page)
                drawn = Message(
                    "layout.drawn_outside", page=page.number, thing=what, sides=sides, ends=ends, causes=causes
                )
                raise MarginError("margins", drawn)
        for index, (what, field, box) in enumerate(furniture):
            assert field is not None, "the cards were left out above"
            if any(_overlap(box, bleed) for bleed in bleeds):
                raise MarginError(field, Message("layout.thing_on_bleed", thing=what, page=page.number))
            for other, other_field, other_box in furniture[index + 1 :]:
                if other_field != field and _overlap(box, other_box):
                    over = Message("layout.thing_over", thing=what, page=page.number, other=other)
                    raise MarginError(field, over)
        if page.note is not None and page.note.depth < NOTE_LINE_MM:
            raise MarginError("note", Message("layout.note_no_room", page=page.number))
        unmarked = _unmarked(page) if layout.cut_marks.style != "none" else None
        if unmarked:
            axis, at = unmarked
            cut = Message("layout.cut_unmarked", axis=axis, at=at, page=page.number, causes=_causes(plan, page))
            raise MarginError("cut_marks", cut, cause="cut_room")


def _causes(plan: Plan, page: Page) -> list[Message]:
    """What moves or scales the page as drawn: a back page's offset, the printer's measure; or,
    where neither does, the layout's own margins."""
    causes = []
    if page.side == "back" and any(plan.back_offset):
        causes.append(Message("layout.cause_offset", x=plan.back_offset[0], y=plan.back_offset[1]))
    if plan.scale != (1.0, 1.0):
        (across, down), (sx, sy) = plan.ruler_measured, plan.scale
        causes.append(Message("layout.cause_scale", scale_across=sx, scale_down=sy, across=across, down=down))
    return causes or [Message("layout.cause_layout")]


def _unmarked(page: Page) -> tuple[str, float] | None:
    """The first cut of the page's cards (its axis, "x" or "y", and where) with no cut mark in line with it."""
    marked = {("x", round(s.x0, 3)) for s in page.cut_marks if s.x0 == s.x1}
    marked |= {("y", round(s.y0, 3)) for s in page.cut_marks if s.y0 == s.y1}
    for slot in page.slots:
        r = slot.trim
        for cut in (("x", round(r.x, 3)), ("x", round(r.right, 3)), ("y", round(r.y, 3)), ("y", round(r.top, 3))):
            if cut not in marked:
                return cut
    return None


def _frame(marks: CutterMarks) -> Rect:
    points = [point for shape in marks.shapes for point in shape]
    xs, ys = [x for x, _ in points], [y for _, y in points]
    return _rect(min(xs), min(ys), max(xs), max(ys))


def _contains(outer: Rect, inner: Rect) -> bool:
    return outer.x <= inner.x and outer.y <= inner.y and inner.right <= outer.right and inner.top <= outer.top


def _overlap(a: Rect, b: Rect) -> bool:
    return a.x < b.right and b.x < a.right and a.y < b.top and b.y < a.top
