"""A card sheet's record (cardgen.record.LayoutRecord), written from its plan: what
`cardgen verify` reads back is what the plan decided, in the record's one definition.

    record = sheet_record(plan, cards, title)
"""

from __future__ import annotations

from collections.abc import Sequence

from cardgen.formats import LAYOUT_VERSION
from cardgen.layout.geometry import Rect
from cardgen.layout.plan import Page, Plan, Ruler, Segment, Slot
from cardgen.model.cards import RulesCard, SheetCard
from cardgen.record import BackPlace, Box, CardPlace, CutMarks, CutterMarksPlace, LayoutRecord, PagePlace


def sheet_record(plan: Plan, cards: Sequence[SheetCard], title: str) -> LayoutRecord:
    layout = plan.layout
    marks = layout.cut_marks
    return LayoutRecord(
        version=LAYOUT_VERSION,
        kind="cards",
        title=title,
        mode=plan.mode,
        flip=plan.flip,  # type: ignore[arg-type]  # a plan's flip is one of FLIPS, or None
        paper_mm=plan.paper,
        card_mm=(layout.card.width, layout.card.height),
        bleed_mm=layout.bleed,
        back_offset_mm=plan.back_offset,
        ruler_measured_mm=plan.ruler_measured,
        slots_per_page=len(plan.grid.slots),
        targets_mm=plan.targets,
        target_size_mm=layout.target_size or 6.0,  # no targets listed when the layout has none
        cut_marks_mm=CutMarks(style=marks.style, offset=marks.offset, length=marks.length),
        ruler_mm=layout.ruler,
        printable_mm=(layout.printable_area.sides, layout.printable_area.top_bottom),
        shared_cuts=plan.grid.shared,
        face_corner_mm=max((slot.corner for page in plan.pages for slot in page.slots), default=0.0),
        fold_mm=round(plan.pages[0].fold.x, 3) if plan.pages and plan.pages[0].fold else None,
        cutter_marks=_cutter_marks(plan),
        pages=tuple(_page_place(page) for page in plan.pages),
        cards=_card_places(plan, cards),
    )


def _page_place(page: Page) -> PagePlace:
    ruler = page.ruler
    return PagePlace(
        page=page.number,
        side=page.side,
        behind=page.behind,
        cut_marks_mm=tuple(_line(segment) for segment in page.cut_marks),
        ruler_line_mm=_line(ruler) if ruler else None,
        ruler_ticks=(round(ruler.ticks[0]), round(ruler.ticks[1])) if ruler else None,
        note_mm=_box(page.note.rect) if page.note else None,
    )


def _card_places(plan: Plan, cards: Sequence[SheetCard]) -> tuple[CardPlace, ...]:
    """Each card's face where its page puts it, with its back where a later slot does."""
    faces = {slot.card: (page.number, slot) for page in plan.pages for slot in page.slots if slot.draws == "face"}
    backs = {
        slot.card: BackPlace(
            page=page.number, trim_mm=_box(slot.trim), rotated=slot.rotated, turn=slot.turn if slot.turn % 2 else None
        )
        for page in plan.pages
        for slot in page.slots
        if slot.draws != "face"
    }
    return tuple(_card_place(cards[index], number, slot, backs.get(index)) for index, (number, slot) in faces.items())


def _card_place(card: SheetCard, page: int, slot: Slot, back: BackPlace | None) -> CardPlace:
    return CardPlace(
        id=card.id,
        kind=card.kind,
        label=card.label(),
        variant=card.variant if isinstance(card, RulesCard) else None,
        page=page,
        slot=slot.slot,
        trim_mm=_box(slot.trim),
        turn=slot.turn,
        back=back,
    )


def _line(line: Segment | Ruler) -> tuple[float, float, float, float]:
    """A line from (x0, y0) to (x1, y1), to the thousandth of a mm."""
    return round(line.x0, 3), round(line.y0, 3), round(line.x1, 3), round(line.y1, 3)


def _box(rect: Rect) -> Box:
    x, y, width, height = rect.rounded()
    return x, y, width, height


def _cutter_marks(plan: Plan) -> CutterMarksPlace | None:
    """The cutter's registration marks, the same on every front page, if the sheet has them."""
    marks = next((page.cutter_marks for page in plan.pages if page.cutter_marks), None)
    if marks is None:
        return None
    shapes = tuple(tuple((round(x, 3), round(y, 3)) for x, y in shape) for shape in marks.shapes)
    return CutterMarksPlace(style=marks.style, shapes_mm=shapes)  # type: ignore[arg-type]  # never "none" here
