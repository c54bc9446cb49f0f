"""Cut files for cutting machines, one per sheet (a front page of the plan). An SVG: the
paper's size in millimetres, a closed path on every card's cut line in the group `cut`
and, when the sheet carries them, the printed registration marks in the group
`registration`. A DXF (R12, which every cutter's software opens, Silhouette Studio's free
edition included): the same outlines as closed polylines (lines and arcs as open ones), in
mm, on the layers CUT and REGISTRATION, which its LAYER table declares. Pure text, the same
bytes for the same plan.

Cards that touch (a layout with `gap: shared`) share their cuts: each straight cut line is
written once, as one open line from end to end (the collinear edges of every card along it
merged), never an edge twice, since a blade that cuts an edge twice frays it and leaves
slivers at the corners. Rounded cards that touch get, besides those lines, one open quarter
circle at each corner: the lines run straight through the corners' waste, which the arcs cut
free. A card that touches no other keeps its own closed outline.

The plan measures y up from the paper's bottom edge, SVG down from its top edge:
`_svg_point` is the one place that turns one into the other. DXF's y runs up, as the plan's."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from xml.sax.saxutils import escape, quoteattr

from cardgen.formats import cut_file_name
from cardgen.layout.geometry import Rect
from cardgen.layout.plan import Page, Plan, Point, Segment

SVG_NAMESPACE = "http://www.w3.org/2000/svg"
CUT_GROUP, REGISTRATION_GROUP = "cut", "registration"
CUT_LINE_MM = 0.2
KAPPA = 0.5522847498  # a cubic Bézier's handles for a quarter circle, in radii


def cut_files(pdf_name: str, plan: Plan, corner_radius: float, title: str, kind: str = "svg") -> dict[str, bytes]:
    """One cut file (kind "svg" or "dxf") per sheet of the plan, keyed by file name."""
    sheets = [page for page in plan.pages if page.side == "front"]
    files = {}
    for number, page in enumerate(sheets, start=1):
        if kind == "dxf":
            content = cut_dxf(page, corner_radius)
        else:
            content = cut_svg(page, plan.paper, corner_radius, f"{title}, sheet {number}")
        files[cut_file_name(pdf_name, number, kind)] = content
    return files


def cut_svg(page: Page, paper: tuple[float, float], corner_radius: float, title: str) -> bytes:
    width, height = paper
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="{SVG_NAMESPACE}" version="1.1" width="{_num(width)}mm" height="{_num(height)}mm" '
        f'viewBox="0 0 {_num(width)} {_num(height)}">',
        f"<title>{_text(title)}: cut lines</title>",
        f'<g id="{CUT_GROUP}" fill="none" stroke="#ff0000" stroke-width="{_num(CUT_LINE_MM)}">',
    ]
    cuts = page_cuts(page, corner_radius)
    for corner in cuts.corners:  # first, while the cards still hold the sheet together
        lines.append(f"<path d={quoteattr(_path([('M', [corner[0]]), ('C', corner[1:])], height, closed=False))}/>")
    for line in cuts.lines:
        lines.append(f"<path d={quoteattr(_path([('M', [line[0]]), ('L', [line[1]])], height, closed=False))}/>")
    for rect in cuts.alone:
        lines.append(f"<path d={quoteattr(_path(rounded_rect(rect, corner_radius), height))}/>")
    lines.append("</g>")
    if page.cutter_marks:
        lines.append(f'<g id="{REGISTRATION_GROUP}" fill="#000000" stroke="none">')
        for shape in page.cutter_marks.shapes:
            outline = [("M", [shape[0]])] + [("L", [point]) for point in shape[1:]]
            lines.append(f"<path d={quoteattr(_path(outline, height))}/>")
        lines.append("</g>")
    lines.append("</svg>")
    return ("\n".join(lines) + "\n").encode()


Command = tuple[str, Sequence[Point]]
EDGE_MM = 0.001  # edges closer than this lie on one cut line (the plan's positions are exact to far less)


@dataclass(frozen=True)
class PageCuts:
    """What the blade cuts on one sheet: straight lines shared by cards that touch, each once
    and end to end; a quarter circle at each corner of a rounded card among them (its start,
    two handles and end); and the closed outline of every card that touches no other."""

    lines: tuple[tuple[Point, Point], ...]
    corners: tuple[tuple[Point, Point, Point, Point], ...]
    alone: tuple[Rect, ...]


def page_cuts(page: Page, corner_radius: float) -> PageCuts:
    """The cuts of a sheet's cards: those that touch another share lines, the others keep outlines."""
    rects = [slot.trim for slot in page.slots]
    touching = _touching(rects)
    shared = [rect for index, rect in enumerate(rects) if index in touching]
    lines = [((s.x0, s.y0), (s.x1, s.y1)) for s in _merged_lines(shared)]
    corners = [arc for rect in shared for arc in _corner_arcs(rect, corner_radius)]
    alone = tuple(rect for index, rect in enumerate(rects) if index not in touching)
    return PageCuts(tuple(lines), tuple(corners), alone)


def _edges(rect: Rect) -> list[tuple[str, float, float, float]]:
    """A card's four edges as (axis, where, from, to): "y" for a horizontal edge at y = where."""
    x0, y0, x1, y1 = rect.x, rect.y, rect.right, rect.top
    return [("y", y0, x0, x1), ("y", y1, x0, x1), ("x", x0, y0, y1), ("x", x1, y0, y1)]


Spans = list[tuple[float, float, int]]  # stretches of one cut line: (from, to, the card's index)


def _lines(rects: Sequence[Rect]) -> dict[tuple[str, int], tuple[float, Spans]]:
    """Every card's edges by the cut line they lie on (its axis and place), each line's
    place and its edges in order."""
    found: dict[tuple[str, int], tuple[float, Spans]] = {}
    for index, rect in enumerate(rects):
        for axis, where, low, high in _edges(rect):
            found.setdefault((axis, round(where / EDGE_MM)), (where, []))[1].append((low, high, index))
    for _, spans in found.values():
        spans.sort()
    return found


def _touching(rects: Sequence[Rect]) -> set[int]:
    """The cards that share a stretch of a cut line with another card."""
    touching: set[int] = set()
    for _, spans in _lines(rects).values():
        reach, owner = -math.inf, -1
        for low, high, index in spans:
            if low < reach - EDGE_MM:
                touching.update((owner, index))
            if high > reach:
                reach, owner = high, index
    return touching


def _merged_lines(rects: Sequence[Rect]) -> list[Segment]:
    """The cut lines of cards that share their cuts: the edges along each line merged where
    they overlap or meet; vertical lines from the left, then horizontal ones from the bottom up."""
    segments = []
    for (axis, _), (where, spans) in sorted(_lines(rects).items()):
        merged: list[list[float]] = []
        for low, high, _ in spans:
            if merged and low <= merged[-1][1] + EDGE_MM:
                merged[-1][1] = max(merged[-1][1], high)
            else:
                merged.append([low, high])
        for low, high in merged:
            segments.append(Segment(low, where, high, where) if axis == "y" else Segment(where, low, where, high))
    return segments


def _corner_arcs(rect: Rect, radius: float) -> list[tuple[Point, Point, Point, Point]]:
    """The quarter circles of a rounded card's corners, each from the end of one straight
    stretch of its outline to the start of the next (none for square corners)."""
    commands = rounded_rect(rect, radius)
    arcs = []
    for (_, before), (letter, points) in zip(commands, commands[1:]):
        if letter == "C":
            arcs.append((before[-1], points[0], points[1], points[2]))
    return arcs


def rounded_rect(rect: Rect, radius: float) -> list[Command]:
    """The closed outline of `rect` with quarter-circle corners (cubic Béziers), clockwise
    from the top edge's left end, in the plan's coordinates."""
    r = max(0.0, min(radius, rect.width / 2, rect.height / 2))
    x0, y0, x1, y1 = rect.x, rect.y, rect.right, rect.top
    if r == 0:
        return [("M", [(x0, y1)]), ("L", [(x1, y1)]), ("L", [(x1, y0)]), ("L", [(x0, y0)]), ("Z", [])]
    h = r * (1 - KAPPA)  # from the corner to a handle
    return [
        ("M", [(x0 + r, y1)]),
        ("L", [(x1 - r, y1)]),
        ("C", [(x1 - h, y1), (x1, y1 - h), (x1, y1 - r)]),
        ("L", [(x1, y0 + r)]),
        ("C", [(x1, y0 + h), (x1 - h, y0), (x1 - r, y0)]),
        ("L", [(x0 + r, y0)]),
        ("C", [(x0 + h, y0), (x0, y0 + h), (x0, y0 + r)]),
        ("L", [(x0, y1 - r)]),
        ("C", [(x0, y1 - h), (x0 + h, y1), (x0 + r, y1)]),
        ("Z", []),
    ]


def _path(commands: Sequence[Command], paper_height: float, closed: bool = True) -> str:
    """The SVG path of `commands`, closed unless it is an open line or arc (which a closing
    stroke back to its start would cut twice)."""
    parts = []
    for letter, points in commands:
        parts.append(" ".join([letter] + [_svg_point(point, paper_height) for point in points]))
    if closed and parts[-1] != "Z":
        parts.append("Z")
    return " ".join(parts)


def _svg_point(point: Point, paper_height: float) -> str:
    """A point of the plan (y up from the bottom edge) as SVG coordinates (y down from the top)."""
    x, y = point
    return f"{_num(x)},{_num(paper_height - y)}"


# --- DXF ------------------------------------------------------------------------

QUARTER_BULGE = math.tan(math.pi / 8)  # a polyline vertex's bulge for a quarter circle, anticlockwise


def cut_dxf(page: Page, corner_radius: float) -> bytes:
    """An ASCII DXF (R12) of the page's cut lines and registration marks, in mm."""
    pairs: list[tuple[int, str]] = [(0, "SECTION"), (2, "HEADER"), (9, "$ACADVER"), (1, "AC1009")]
    pairs += [(9, "$INSUNITS"), (70, "4"), (9, "$MEASUREMENT"), (70, "1"), (0, "ENDSEC")]
    pairs += _tables()
    pairs += [(0, "SECTION"), (2, "ENTITIES")]
    cuts = page_cuts(page, corner_radius)
    for start, _, _, end in cuts.corners:  # a clockwise quarter circle: a negative bulge
        pairs += _polyline("CUT", [(start, -QUARTER_BULGE), (end, 0.0)], closed=False)
    for start, end in cuts.lines:
        pairs += _polyline("CUT", [(start, 0.0), (end, 0.0)], closed=False)
    for rect in cuts.alone:
        pairs += _polyline("CUT", rounded_corners(rect, corner_radius))
    for shape in page.cutter_marks.shapes if page.cutter_marks else ():
        pairs += _polyline("REGISTRATION", [(point, 0.0) for point in shape])
    pairs += [(0, "ENDSEC"), (0, "EOF")]
    return "".join(f"{code:>3}\n{value}\n" for code, value in pairs).encode("ascii")


LAYERS = {"CUT": "1", "REGISTRATION": "7"}  # the layers the entities name, with their colours (1: red)


def _tables() -> list[tuple[int, str]]:
    """The line type and the layers the entities use, declared as R12 asks (a reader that
    checks finds every layer named)."""
    pairs = [(0, "SECTION"), (2, "TABLES"), (0, "TABLE"), (2, "LTYPE"), (70, "1")]
    pairs += [(0, "LTYPE"), (2, "CONTINUOUS"), (70, "0"), (3, "Solid line"), (72, "65"), (73, "0"), (40, "0.0")]
    pairs += [(0, "ENDTAB"), (0, "TABLE"), (2, "LAYER"), (70, str(len(LAYERS)))]
    for layer, colour in LAYERS.items():
        pairs += [(0, "LAYER"), (2, layer), (70, "0"), (62, colour), (6, "CONTINUOUS")]
    return pairs + [(0, "ENDTAB"), (0, "ENDSEC")]


def rounded_corners(rect: Rect, radius: float) -> list[tuple[Point, float]]:
    """The outline of `rect` as polyline vertices, anticlockwise from the bottom edge's left
    end, each with the bulge of the stretch to the next (a quarter circle, or 0: straight)."""
    r = max(0.0, min(radius, rect.width / 2, rect.height / 2))
    x0, y0, x1, y1 = rect.x, rect.y, rect.right, rect.top
    if r == 0:
        return [((x0, y0), 0.0), ((x1, y0), 0.0), ((x1, y1), 0.0), ((x0, y1), 0.0)]
    b = QUARTER_BULGE
    return [
        ((x0 + r, y0), 0.0),
        ((x1 - r, y0), b),
        ((x1, y0 + r), 0.0),
        ((x1, y1 - r), b),
        ((x1 - r, y1), 0.0),
        ((x0 + r, y1), b),
        ((x0, y1 - r), 0.0),
        ((x0, y0 + r), b),
    ]


def _polyline(layer: str, vertices: list[tuple[Point, float]], closed: bool = True) -> list[tuple[int, str]]:
    """A POLYLINE, closed (flag 1) or open (0), with its VERTEX entities and SEQEND."""
    flag = "1" if closed else "0"
    pairs = [(0, "POLYLINE"), (8, layer), (66, "1"), (70, flag), (10, "0"), (20, "0"), (30, "0")]
    for (x, y), bulge in vertices:
        pairs += [(0, "VERTEX"), (8, layer), (10, _num(x)), (20, _num(y)), (30, "0")]
        if bulge:
            pairs.append((42, f"{bulge:.9f}"))
    return pairs + [(0, "SEQEND"), (8, layer)]


def _text(text: str) -> str:
    """`text` as XML character data: escaped, without the control characters XML forbids."""
    return escape("".join(ch for ch in text if ch >= " " or ch in "\t\n"))


def _num(value: float) -> str:
    """At most 3 decimals, no trailing zeros, never "-0"."""
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text
