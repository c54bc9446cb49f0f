"""Cut files for cutting machines, one per sheet (a front page of the plan). An SVG: the
paper's size in millimetres, a closed path on every card's cut line in the group `cut`
and, when the sheet carries them, the printed registration marks in the group
`registration`. A DXF (R12, which every cutter's software opens, Silhouette Studio's free
edition included): the same outlines as closed polylines, in mm, on the layers CUT and
REGISTRATION. Pure text, the same bytes for the same plan.

The plan measures y up from the paper's bottom edge, SVG down from its top edge:
`_svg_point` is the one place that turns one into the other. DXF's y runs up, as the plan's."""

from __future__ import annotations

import math
from collections.abc import Sequence
from xml.sax.saxutils import escape, quoteattr

from cardgen.formats import cut_file_name
from cardgen.layout.geometry import Rect
from cardgen.layout.plan import Page, Plan, Point

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
    for slot in page.slots:
        lines.append(f"<path d={quoteattr(_path(rounded_rect(slot.trim, corner_radius), height))}/>")
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


def _path(commands: Sequence[Command], paper_height: float) -> str:
    parts = []
    for letter, points in commands:
        parts.append(" ".join([letter] + [_svg_point(point, paper_height) for point in points]))
    if parts[-1] != "Z":
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
    for slot in page.slots:
        pairs += _polyline("CUT", rounded_corners(slot.trim, corner_radius))
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


def _polyline(layer: str, vertices: list[tuple[Point, float]]) -> list[tuple[int, str]]:
    """A closed POLYLINE (flag 1) with its VERTEX entities and SEQEND."""
    pairs = [(0, "POLYLINE"), (8, layer), (66, "1"), (70, "1"), (10, "0"), (20, "0"), (30, "0")]
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
