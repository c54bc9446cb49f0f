"""A cut file checked against the card sheet it was made with: `deck-duplex-cut-p3.svg`
(or `.dxf`) is sheet 3 (the third front page) of `deck-duplex.pdf` in the same folder. The
paper (an SVG's), every card's cut line (its bounding box within 0.05 mm of the card's trim
in the PDF's record), and the print-and-cut registration marks where the PDF prints them.

A card is cut by a closed outline of its own, or, where cards share their cuts, by open
straight lines along its four edges (each stretch of a line cut once: a stretch cut twice is
a defect) and, for rounded cards, an open quarter circle at each corner.

The SVG is read with the standard library's parser, after refusing any DOCTYPE: a cut file
cardgen writes has none, and one could declare entities that expand without end."""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from pathlib import Path

from cardgen.errors import InputError
from cardgen.formats import CUT_FILE_NAME
from cardgen.paths import read_input
from cardgen.record import LayoutRecord
from cardgen.verify.pdfs import card_sheet_record
from cardgen.verify.report import Report, plural

SVG = "{http://www.w3.org/2000/svg}"
MAX_CUT_FILE_BYTES = 20_000_000  # a 2,000-card sheet's cut file is under 2 MB
TOLERANCE_MM = 0.05
MAX_LISTED = 10  # stray paths named one by one; the rest counted
PAPER_MM = 0.01
HINT = "name a cut file beside its card sheet, like output/deck-duplex-cut-p1.svg"
_NUMBER = r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?"
_TOKEN = re.compile(rf"([A-Za-z])|({_NUMBER})|[\s,]+")

Box = tuple[float, float, float, float]  # x0, y0, x1, y1
Line = tuple[float, float, float, float]  # from (x0, y0) to (x1, y1)


@dataclass
class Cuts:
    """What a cut file's group or layer holds, in the record's coordinates (mm from the paper's
    lower-left corner): closed outlines by their bounding box, open straight lines, and open
    arcs by the box their two ends span."""

    outlines: list[Box] = field(default_factory=list)
    lines: list[Line] = field(default_factory=list)
    arcs: list[Box] = field(default_factory=list)


def verify_cut_file(name: str) -> Report:
    """The checks of one cut file. InputError, in one line, for a file that cannot be read,
    is not XML, declares a DOCTYPE, or has no card sheet beside it."""
    path = Path(name)
    match = CUT_FILE_NAME.match(path.name)
    if not match:
        raise InputError(
            f"{name}: a cut file is named after its card sheet and sheet number, like deck-duplex-cut-p1.svg; "
            "this name does not say which PDF it was made with."
        )
    content = read_input(path, name, MAX_CUT_FILE_BYTES, "verify reads cut files", HINT)
    svg = match["kind"].lower() == "svg"
    root = parse_svg(content, name) if svg else None
    layers = None if svg else parse_dxf(content, name)
    pdf = path.with_name(match["stem"] + ".pdf")
    if not pdf.is_file():
        raise InputError(f"{name}: its card sheet {pdf} is not beside it; verify checks a cut file against its PDF.")
    record = card_sheet_record(pdf)
    report = Report(name, "cut-file")
    if root is not None:
        _check_paper(root, record, report)
        cuts = _group_cuts(root, "cut", record.paper_mm[1], report)
        marks = _group_cuts(root, "registration", record.paper_mm[1], report, closed_only=True)
    else:
        layers = layers or {}
        report.info("cut.paper", "a DXF carries no paper: its millimetres count from the paper's lower-left corner")
        cuts = _layer_cuts(layers, "CUT", report)
        marks = _layer_cuts(layers, "REGISTRATION", report, closed_only=True)
    fronts = [page.page for page in record.pages if page.side == "front"]
    sheet = int(match["sheet"])
    if sheet > len(fronts):
        report.failed("cut.sheet", f"{pdf.name} has {plural(len(fronts), 'sheet')}, so there is no sheet {sheet}")
        return report
    page = fronts[sheet - 1]
    report.passed("cut.sheet", f"sheet {sheet} is page {page} of {pdf.name}")
    trims = {card.id: _box(card.trim_mm) for card in record.cards if card.page == page}
    _check_cut_paths(cuts, trims, report)
    printed = record.cutter_marks
    expected = {f"mark {i + 1}": _points_box(shape) for i, shape in enumerate(printed.shapes_mm)} if printed else {}
    _check_marks(marks.outlines if marks else None, expected, report)
    return report


def parse_svg(content: bytes, name: str) -> ET.Element:
    """The SVG's root element; InputError for a DOCTYPE or what is not well-formed XML."""
    try:
        text = content.decode("utf-8")
    except UnicodeDecodeError:
        raise InputError(f"{name}: this is not UTF-8 text, as cardgen's cut files are.") from None
    upper = text.upper()
    if "<!DOCTYPE" in upper or "<!ENTITY" in upper:
        raise InputError(
            f"{name}: this SVG declares a DOCTYPE; cardgen's cut files have none, and verify does not read one."
        )
    try:
        root = ET.fromstring(content)
    except ET.ParseError as exc:
        raise InputError(f"{name}: this is not well-formed XML ({exc}).") from None
    except (ValueError, LookupError):  # an encoding expat does not read: UTF-7, or one with no name
        raise InputError(
            f"{name}: its XML declares an encoding other than UTF-8, as cardgen's cut files are."
        ) from None
    if root.tag != SVG + "svg":
        raise InputError(f"{name}: this is XML but not SVG (its root is <{root.tag}>).")
    if any(element.get("transform") for element in root.iter()):
        raise InputError(
            f"{name}: an element has a transform, which cardgen never writes; positions cannot be checked."
        )
    return root


Polyline = tuple[bool, list[list[float]]]  # closed?, vertices [x, y, bulge]


def parse_dxf(content: bytes, name: str) -> dict[str, list[Polyline]]:
    """The POLYLINEs of an ASCII DXF's entities, by layer; InputError for what is not
    one, or holds entities of another kind (cardgen writes POLYLINEs only)."""
    try:
        lines = content.decode("ascii").splitlines()
    except UnicodeDecodeError:
        raise InputError(f"{name}: this is not an ASCII DXF, as cardgen's cut files are.") from None
    layers: dict[str, list[Polyline]] = {}
    polyline: dict | None = None  # the one being read: its layer, closed flag and vertices
    section = entity = None
    for index in range(0, len(lines) - 1, 2):
        code, value = _group_code(lines[index], name, index + 1), lines[index + 1].strip()
        if code == 0:
            entity = value
            if value in ("POLYLINE", "SEQEND", "ENDSEC") and polyline is not None:
                layers.setdefault(polyline["layer"], []).append((polyline["closed"], polyline["vertices"]))
                polyline = None
            if value == "ENDSEC":
                section = None
            elif section == "ENTITIES" and value == "POLYLINE":
                polyline = {"layer": "0", "closed": False, "vertices": []}
            elif value == "VERTEX" and polyline is not None:
                polyline["vertices"].append([math.nan, math.nan, 0.0])
            elif section == "ENTITIES" and value not in ("ENDSEC", "SEQEND", "VERTEX"):
                raise InputError(f"{name}: it holds a {value[:20]} entity; cardgen's cut files hold POLYLINEs only.")
        elif code == 2 and entity == "SECTION":
            section = value
        elif polyline is not None and entity == "POLYLINE":
            if code == 8:
                polyline["layer"] = value
            elif code == 70:
                polyline["closed"] = int(_number(value, name, index + 2)) & 1 == 1
        elif polyline is not None and entity == "VERTEX" and code in (10, 20, 42):
            polyline["vertices"][-1][{10: 0, 20: 1, 42: 2}[code]] = _number(value, name, index + 2)
    return layers


def _group_code(text: str, name: str, line: int) -> int:
    try:
        return int(text)
    except ValueError:
        raise InputError(f"{name}, line {line}: {text.strip()[:20]!r} is not a DXF group code.") from None


def _number(text: str, name: str, line: int) -> float:
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not math.isfinite(value):
        raise InputError(f"{name}, line {line}: {text.strip()[:20]!r} is not a number.")
    return value


def _layer_cuts(
    layers: dict[str, list[Polyline]], layer: str, report: Report, closed_only: bool = False
) -> Cuts | None:
    """The layer's polylines: a closed one by the bounding box of its vertices (a quarter
    circle's bulge stays inside it), an open one of two vertices as a line or, when it bulges,
    an arc; None when the file has no such layer."""
    if layer not in layers:
        return None
    cuts = Cuts()
    for number, (closed, vertices) in enumerate(layers[layer], start=1):
        points = [point[:2] for point in vertices if not math.isnan(point[0]) and not math.isnan(point[1])]
        if len(points) != len(vertices):
            points = []
        if closed and len(points) >= 3:
            cuts.outlines.append(_points_box(points))
        elif not closed and not closed_only and len(points) == 2:
            (x0, y0), (x1, y1) = points
            if vertices[0][2]:
                cuts.arcs.append(_points_box(points))
            else:
                cuts.lines.append((x0, y0, x1, y1))
        else:
            what = "a closed outline" if closed_only else "a closed outline, a line or an arc"
            report.failed(f"cut.{layer.lower()}", f"polyline {number} on the layer {layer} is not {what}")
    return cuts


def _check_paper(root: ET.Element, record: LayoutRecord, report: Report) -> None:
    width, height = record.paper_mm
    problems = []
    size = [_millimetres(root.get(attribute)) for attribute in ("width", "height")]
    if None in size:
        problems.append(f'its size is "{root.get("width")}" × "{root.get("height")}", not in mm')
    elif abs(size[0] - width) > PAPER_MM or abs(size[1] - height) > PAPER_MM:  # type: ignore[operator]
        problems.append(f"it is {size[0]:g} × {size[1]:g} mm")
    view = _numbers(root.get("viewBox") or "")
    if len(view) != 4 or any(abs(a - b) > PAPER_MM for a, b in zip(view, (0, 0, width, height))):
        problems.append(f'its viewBox "{root.get("viewBox")}" does not make one unit a millimetre of the paper')
    paper = f"{width:g} × {height:g} mm"
    if problems:
        report.failed("cut.paper", f"the card sheet's paper is {paper}, but " + " and ".join(problems))
    else:
        report.passed("cut.paper", f"the paper is {paper}, as the card sheet's, one unit a millimetre")


def _group_cuts(
    root: ET.Element, group_id: str, paper_height: float, report: Report, closed_only: bool = False
) -> Cuts | None:
    """Every path in the group (None when there is no such group), in the record's
    coordinates: mm from the paper's lower-left corner (SVG's y runs down from the top)."""
    group = next((g for g in root.iter(SVG + "g") if g.get("id") == group_id), None)
    if group is None:
        return None
    cuts = Cuts()
    for number, path in enumerate(group.iter(SVG + "path"), start=1):
        shape = _path_shape(path.get("d") or "")
        if not isinstance(shape, str) and closed_only and shape[0] != "outline":
            shape = _OPEN
        if isinstance(shape, str):
            report.failed(f"cut.{group_id}", f"path {number} of the group {group_id}: {shape}")
            continue
        kind, (x0, y0, x1, y1) = shape
        if kind == "line":
            cuts.lines.append((x0, paper_height - y0, x1, paper_height - y1))
            continue
        box = (x0, paper_height - y1, x1, paper_height - y0)
        (cuts.outlines if kind == "outline" else cuts.arcs).append(box)
    return cuts


def _check_cut_paths(cuts: Cuts | None, trims: dict[str, Box], report: Report) -> None:
    if cuts is None:
        report.failed("cut.paths", "the file has no cut lines (the SVG group `cut`, the DXF layer CUT)")
        return
    failures = len(report.failures)
    unmatched, off = _match(cuts.outlines, trims)
    lines = _straight(cuts.lines, report)
    shared = _shared_cuts(lines, cuts.arcs, {card: trims[card] for card in off}, report)
    for card, shift in off.items():
        if card in shared:
            continue
        where = f"card {card}"
        uncut = next((side for side, edge in _card_edges(trims[card]).items() if not _covered(lines, *edge)), None)
        if lines and shift is None and uncut:
            report.failed("cut.paths", f"no outline of its own, and no line cuts its {uncut} edge", where)
        elif shift is None:
            report.failed("cut.paths", "no cut path on this card's trim", where)
        else:
            report.failed("cut.paths", f"its cut path is {shift:.2f} mm off the card's trim", where)
    doubled, _ = _match(unmatched, trims)  # what is left once each card has its path once more
    for box in unmatched[:MAX_LISTED]:
        again = box not in doubled
        problem = "a second path on a card's cut line" if again else "a path that cuts no card of this sheet"
        report.failed("cut.paths", f"{problem}, at x {box[0]:.2f}, y {box[1]:.2f} mm")
    if len(unmatched) > MAX_LISTED:
        report.failed("cut.paths", f"and {plural(len(unmatched) - MAX_LISTED, 'more path')} like these")
    if len(report.failures) == failures:
        report.passed("cut.paths", _cut_words(len(trims), len(shared), len(cuts.lines), bool(cuts.arcs)))


def _cut_words(cards: int, shared: int, lines: int, arcs: bool) -> str:
    within = f"within {TOLERANCE_MM:g} mm of its trim in the PDF"
    if not shared:
        return f"one path on each of the sheet's {plural(cards, 'card')}, {within}"
    words = f"the sheet's {plural(shared, 'card')} that share their cuts are cut along {plural(lines, 'line')}"
    words += ", each stretch once" + (", with a quarter circle at every corner" if arcs else "") + f", {within}"
    return words + (f"; {plural(cards - shared, 'other card')} by an outline of its own" if cards > shared else "")


Edge = tuple[str, float, float, float]  # "x" (a vertical line at x = where) or "y", where, from, to
CORNERS = ("bottom-left", "bottom-right", "top-left", "top-right")


def _card_edges(box: Box) -> dict[str, Edge]:
    x0, y0, x1, y1 = box
    return {
        "left": ("x", x0, y0, y1),
        "right": ("x", x1, y0, y1),
        "bottom": ("y", y0, x0, x1),
        "top": ("y", y1, x0, x1),
    }


def _straight(lines: list[Line], report: Report) -> list[Edge]:
    """The lines as stretches across or down the paper; a slanted one fails."""
    edges: list[Edge] = []
    for x0, y0, x1, y1 in lines:
        if abs(x0 - x1) <= TOLERANCE_MM:
            edges.append(("x", (x0 + x1) / 2, min(y0, y1), max(y0, y1)))
        elif abs(y0 - y1) <= TOLERANCE_MM:
            edges.append(("y", (y0 + y1) / 2, min(x0, x1), max(x0, x1)))
        else:
            report.failed("cut.paths", f"a slanted line from x {x0:.2f}, y {y0:.2f} mm cuts along no card's edge")
    return edges


def _along(edges: list[Edge], axis: str, where: float) -> list[Edge]:
    """The stretches on the line `axis` = `where`, in order."""
    return sorted((edge for edge in edges if edge[0] == axis and abs(edge[1] - where) <= TOLERANCE_MM), key=_start)


def _start(edge: Edge) -> float:
    return edge[2]


def _covered(lines: list[Edge], axis: str, where: float, low: float, high: float) -> bool:
    """Whether the lines cut the line `axis` = `where` from `low` to `high`, within the tolerance."""
    reach = low + TOLERANCE_MM
    for _, _, start, end in _along(lines, axis, where):
        if start > reach:
            break
        reach = max(reach, end)
    return reach >= high - TOLERANCE_MM


def _shared_cuts(lines: list[Edge], arcs: list[Box], cards: dict[str, Box], report: Report) -> dict[str, Box]:
    """The cards, of those without an outline of their own, that the lines and arcs cut whole:
    every edge along a line, and every corner by one arc (or no corner of any card by any).
    A stretch cut twice, a line or an arc that cuts no card, a corner without its arc, fail."""
    if not lines and not arcs:
        return {}
    _doubled(lines, report)
    edges = [edge for box in cards.values() for edge in _card_edges(box).values()]
    for axis, where, low, high in lines:
        if not any(start < high and low < end for _, _, start, end in _along(edges, axis, where)):
            report.failed(
                "cut.paths", f"a line at {axis} {where:.2f} mm, from {low:.2f} to {high:.2f} mm, cuts no card"
            )
    whole = {
        card: box for card, box in cards.items() if all(_covered(lines, *edge) for edge in _card_edges(box).values())
    }
    if arcs:
        counts = _arc_corners(arcs, whole, report)
        for card in whole:
            for corner in CORNERS:
                count = counts.get((card, corner), 0)
                if count != 1:
                    problem = "is cut twice" if count else "has no quarter circle: it would come out square"
                    report.failed("cut.paths", f"its {corner} corner {problem}", f"card {card}")
    return whole


def _doubled(lines: list[Edge], report: Report) -> None:
    """A stretch of a line that two lines cut fails: the blade would cut the edge twice."""
    for axis in ("x", "y"):
        ordered = sorted((edge for edge in lines if edge[0] == axis), key=lambda edge: (edge[1], edge[2]))
        for index, (_, where, low, high) in enumerate(ordered):
            for _, other, start, end in ordered[index + 1 :]:
                if other - where > TOLERANCE_MM:
                    break
                if start < high - TOLERANCE_MM and low < end - TOLERANCE_MM:
                    along = "y" if axis == "x" else "x"
                    report.failed(
                        "cut.paths",
                        f"the line at {axis} {where:.2f} mm is cut twice from {along} {max(low, start):.2f} "
                        f"to {min(high, end):.2f} mm: a blade that cuts an edge twice frays it",
                    )


def _arc_corners(arcs: list[Box], cards: dict[str, Box], report: Report) -> dict[tuple[str, str], int]:
    """How many arcs round each corner of each card: an arc's box has the card's corner as its
    own corner of that name and lies inside the card. An arc at no card's corner fails."""
    at: dict[tuple[str, int, int], list[tuple[str, Box]]] = {}
    for card, box in cards.items():
        for corner in CORNERS:
            at.setdefault((corner, *_cell_of(_corner(box, corner))), []).append((card, box))
    counts: dict[tuple[str, str], int] = {}
    for arc in arcs:
        hits = [
            (card, corner)
            for corner in CORNERS
            for card, box in _near(at, corner, _corner(arc, corner))
            if math.dist(_corner(arc, corner), _corner(box, corner)) <= TOLERANCE_MM and _inside(arc, box)
        ]
        if not hits:
            report.failed("cut.paths", f"an arc at x {arc[0]:.2f}, y {arc[1]:.2f} mm rounds no card's corner")
        for hit in hits[:1]:
            counts[hit] = counts.get(hit, 0) + 1
    return counts


def _corner(box: Box, corner: str) -> tuple[float, float]:
    x0, y0, x1, y1 = box
    return (x0 if corner.endswith("left") else x1, y0 if corner.startswith("bottom") else y1)


def _cell_of(point: tuple[float, float]) -> tuple[int, int]:
    return math.floor(point[0] / NEAR_MM), math.floor(point[1] / NEAR_MM)


def _near(at: dict, corner: str, point: tuple[float, float]) -> list[tuple[str, Box]]:
    """The cards whose corner of that name lies in the point's cell of NEAR_MM or one beside it."""
    x, y = _cell_of(point)
    return [found for dx in (-1, 0, 1) for dy in (-1, 0, 1) for found in at.get((corner, x + dx, y + dy), [])]


def _inside(inner: Box, outer: Box) -> bool:
    slack = TOLERANCE_MM
    return (
        outer[0] - slack <= inner[0]
        and outer[1] - slack <= inner[1]
        and inner[2] <= outer[2] + slack
        and inner[3] <= outer[3] + slack
    )


def _check_marks(found: list[Box] | None, expected: dict[str, Box], report: Report) -> None:
    if not expected and not found:
        report.info("cut.registration", "neither the PDF nor the cut file has print-and-cut registration marks")
        return
    if found is None:
        report.failed("cut.registration", "the PDF prints registration marks, but the cut file has none")
        return
    if not expected:
        report.failed("cut.registration", "the cut file has registration marks that the PDF does not print")
        return
    unmatched, off = _match(found, expected)
    if off or unmatched:
        report.failed(
            "cut.registration",
            f"{plural(len(off), 'printed mark')} without its match in the cut file, "
            f"{plural(len(unmatched), 'mark')} in the cut file that the PDF does not print",
        )
    else:
        report.passed("cut.registration", f"the {len(expected)} registration marks lie where the PDF prints them")


NEAR_MM = 5.0  # a path this close to a card's trim is that card's, drawn off; farther, it cuts something else


def _match(found: list[Box], expected: dict[str, Box]) -> tuple[list[Box], dict[str, float | None]]:
    """Pairs each expected box with a found one within TOLERANCE_MM. Returns the found boxes
    left over, and for each expected box left over the distance of the nearest one left
    within NEAR_MM (None: none). Boxes are looked up by their lower-left corner's cell of
    NEAR_MM, so that a file of many paths costs time in proportion to them."""
    cells: dict[tuple[int, int], list[Box]] = {}
    for box in found:
        cells.setdefault(_cell(box), []).append(box)

    def near(box: Box) -> list[Box]:
        x, y = _cell(box)
        return [other for dx in (-1, 0, 1) for dy in (-1, 0, 1) for other in cells.get((x + dx, y + dy), [])]

    missed = {}
    for name, box in expected.items():
        hit = next((other for other in near(box) if _distance(box, other) <= TOLERANCE_MM), None)
        if hit is None:
            missed[name] = box
        else:
            cells[_cell(hit)].remove(hit)
    off: dict[str, float | None] = {}
    for name, box in missed.items():
        nearest = min((_distance(box, other) for other in near(box)), default=NEAR_MM)
        off[name] = nearest if nearest < NEAR_MM else None
    return [box for boxes in cells.values() for box in boxes], off


def _cell(box: Box) -> tuple[int, int]:
    return math.floor(box[0] / NEAR_MM), math.floor(box[1] / NEAR_MM)


def _distance(a: Box, b: Box) -> float:
    return max(abs(p - q) for p, q in zip(a, b))


_OPEN = "it is not closed (no Z at its end): a cutter would leave the card hanging"


def _path_shape(d: str) -> tuple[str, Box] | str:
    """What a path of absolute M, L, H, V, C, Q, S, T and Z commands is, or why it cannot be
    read: ("outline", the bounding box of its points) for a closed path (a Bézier's handles
    included: on a card's rounded corners they lie on its edges); ("line", its two ends) for
    a straight line, M then L; ("arc", the box its ends span) for one curve, M then C."""
    commands = _commands(d)
    if isinstance(commands, str):
        return commands
    shape = [(letter, len(numbers)) for letter, numbers in commands]
    if shape in ([("M", 2), ("L", 2)], [("M", 2), ("C", 6)]):
        (x0, y0), (x1, y1) = commands[0][1], commands[1][1][-2:]
        if shape[1][0] == "L":
            return "line", (x0, y0, x1, y1)
        return "arc", (min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))
    box = _path_box(commands)
    return box if isinstance(box, str) else ("outline", box)


def _path_box(commands: list[tuple[str, list[float]]]) -> Box | str:
    """The bounding box of the points of a closed path, or why it cannot be read."""
    xs: list[float] = []
    ys: list[float] = []
    for letter, numbers in commands:
        if letter not in "MLHVCQSTZ":
            return f'it uses the path command "{letter}", which cardgen never writes'
        if letter == "H":
            xs += numbers
        elif letter == "V":
            ys += numbers
        elif letter != "Z":
            if not numbers or len(numbers) % 2:
                return f"its command {letter} has {len(numbers)} numbers, not x, y pairs"
            xs += numbers[0::2]
            ys += numbers[1::2]
    if not xs or not ys:
        return "it has no points"
    if not commands or commands[-1][0] != "Z":
        return _OPEN
    return min(xs), min(ys), max(xs), max(ys)


def _commands(d: str) -> list[tuple[str, list[float]]] | str:
    """The path's commands, each with its numbers, or why they cannot be read."""
    commands: list[tuple[str, list[float]]] = []
    position = 0
    while position < len(d):
        token = _TOKEN.match(d, position)
        if token is None:
            return f"it holds {d[position]!r}, which is no part of a path"
        letter, number = token.groups()
        if letter:
            commands.append((letter, []))
        elif number:
            value = float(number)
            if not commands or not math.isfinite(value):
                return "it starts with a number" if not commands else f"it holds the number {number}"
            commands[-1][1].append(value)
        position = token.end()
    return commands


def _numbers(text: str) -> list[float]:
    try:
        values = [float(v) for v in text.replace(",", " ").split()]
    except ValueError:
        return []
    return values if all(map(math.isfinite, values)) else []


def _millimetres(text: str | None) -> float | None:
    match = re.fullmatch(rf"\s*({_NUMBER})\s*mm\s*", text or "")
    return float(match[1]) if match and math.isfinite(float(match[1])) else None


def _box(trim: tuple[float, float, float, float]) -> Box:
    x, y, w, h = trim
    return x, y, x + w, y + h


def _points_box(points) -> Box:
    xs, ys = [x for x, _ in points], [y for _, y in points]
    return min(xs), min(ys), max(xs), max(ys)
