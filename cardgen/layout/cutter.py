"""A cutting machine's print-and-cut registration marks on a card sheet's front pages, and the
corners of the page they need clear of any other ink (CutterMarksError when something lies
there). Pure geometry, in millimetres from the page's lower-left corner.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from cardgen.layout.geometry import Point, Rect, rect_from
from cardgen.layout.margins import furniture
from cardgen.model.layout import Layout

if TYPE_CHECKING:
    from cardgen.layout.plan import Page

CutterStyle = Literal["none", "silhouette"]

# Silhouette Studio's "Type 1" marks (Cameo, Portrait, Curio) with its default settings: a
# filled square at the top-left corner and two L-shaped brackets at the top-right and
# bottom-left, each 10 mm in from the paper's edges (the least inset Studio allows).
SILHOUETTE_INSET = 10.0
SILHOUETTE_SQUARE = 5.0
SILHOUETTE_LEG = 20.0  # the length of a bracket's legs
SILHOUETTE_LINE = 0.5  # the thickness of a bracket's legs
SILHOUETTE_CLEARANCE = 2.0  # mm kept free beyond the square a mark's legs span, towards the page's middle


@dataclass(frozen=True)
class CutterMarks:
    """Registration marks a cutting machine's optical sensor finds on the printed page,
    as filled polygons, and the corners of the page they need clear of any other ink."""

    style: CutterStyle
    shapes: tuple[tuple[Point, ...], ...]
    clear_zones: tuple[Rect, ...]


class CutterMarksError(ValueError):
    """Something on the page lies where the cutter's registration marks need the paper clear."""


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


_CORNER_NAMES = ("top-left", "top-right", "bottom-left")


def check_clear(marks: CutterMarks, page: Page, layout: Layout) -> None:
    """CutterMarksError naming the first thing on the page that lies in a mark's corner,
    or a card the machine would cut outside the frame its marks span."""
    frame = _frame(marks)
    for slot in page.slots:
        if not frame.holds(slot.trim):
            raise CutterMarksError(
                f"card {slot.card + 1} reaches outside the frame the cutter's marks span "
                f"({SILHOUETTE_INSET:g} mm in from each edge), where the machine does not cut"
            )
    for what, _, box, remedy in furniture(page, layout):
        for name, zone in zip(_CORNER_NAMES, marks.clear_zones):
            if zone.overlaps(box):
                raise CutterMarksError(
                    f"{what} lies in the {name} corner ({zone.width:g} × {zone.height:g} mm) "
                    f"that the cutter's registration marks need clear; {remedy}"
                )


def _frame(marks: CutterMarks) -> Rect:
    points = [point for shape in marks.shapes for point in shape]
    xs, ys = [x for x, _ in points], [y for _, y in points]
    return rect_from(min(xs), min(ys), max(xs), max(ys))
