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

from cardgen.formats import MODES, TRUE_RULER, ModeName, SheetMode, compensation
from cardgen.layout.cutter import CutterMarks, CutterMarksError, CutterStyle, check_clear, silhouette_marks
from cardgen.layout.geometry import (
    Grid,
    GridError,
    Point,
    Rect,
    behind,
    behind_point,
    bounds,
    make_grid,
    min_margins,
    print_box,
    printable_area,
    safe_area,
    symmetric_part,
)
from cardgen.layout.margins import (
    MARK_CLEARANCE,
    NoteBox,
    Ruler,
    Segment,
    cut_mark_segments,
    marked_area,
    note_box,
    plan_margins,
    plan_targets,
    ruler_line,
    with_target_size,
)
from cardgen.model.layout import Layout

Side = Literal["front", "back"]
Draws = Literal["face", "back", "outline"]

FOLD_CLEARANCE = 0.5  # mm of white between a card's bleed and the fold line, on each side (room for the ruler)
FOLD_LABEL = (40.0, 4.0)  # mm: the room for "fold here" above the cards, centred on the fold line


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
            raise CutterMarksError(
                "a fold sheet takes no cutting-machine marks: print duplex or sleeve sheets for that"
            )
        return replace(plan_fold(card_count, layout, paper, scale), ruler_measured=ruler_measured)
    grid = make_grid(layout, paper, card_count, dpi)
    marks = silhouette_marks(grid.paper) if cutter_marks == "silhouette" else None
    printable = printable_area(layout, grid.paper)
    front_area = safe_area(printable, grid.paper, scale)
    dx, dy = back_offset
    back_area = safe_area(printable, grid.paper, scale, back_offset).moved(-dx, -dy)  # before the offset moves it
    target_area = symmetric_part(front_area.within(back_area) if sheet.backs else front_area, grid.paper)
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
    card_count: int, layout: Layout, paper: tuple[float, float] | None = None, scale: tuple[float, float] = (1.0, 1.0)
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
    return Plan("fold", None, grid.paper, grid, (0.0, 0.0), (), tuple(pages), layout)


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
        raise GridError(
            f"no {layout.card.width:g} x {layout.card.height:g} mm card with {bleed:g} mm bleed fits on half "
            f"of {paper_w:g} x {paper_h:g} mm paper (a fold sheet puts each back beside its face)"
        )
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
