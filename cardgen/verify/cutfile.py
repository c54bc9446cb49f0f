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
from cardgen.messages import Message
from cardgen.paths import read_input
from cardgen.record import LayoutRecord
from cardgen.verify.pdfs import card_sheet_record
from cardgen.verify.report import Report

SVG = "{http://www.w3.org/2000/svg}"
MAX_CUT_FILE_BYTES = 20_000_000  # a 2,000-card sheet's cut file is under 2 MB
TOLERANCE_MM = 0.05
MAX_LISTED = 10  # stray paths named one by one; the rest counted
PAPER_MM = 0.01
HINT = Message("verify.input.cut_file_hint")
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
        raise InputError(Message("verify.input.cut_file_name", name=name))
    content = read_input(path, name, MAX_CUT_FILE_BYTES, Message("verify.input.reads_cut_files"), HINT)
    svg = match["kind"].lower() == "svg"
    root = parse_svg(content, name) if svg else None
    layers = None if svg else parse_dxf(content, name)
    pdf = path.with_name(match["stem"] + ".pdf")
    if not pdf.is_file():
        raise InputError(Message("verify.input.cut_file_alone", name=name, pdf=str(pdf)))
    record = card_sheet_record(pdf)
    report = Report(name, "cut-file")
    if root is not None:
        _check_paper(root, record, report)
        cuts = _group_cuts(root, "cut", record.paper_mm[1], report)
        marks = _group_cuts(root, "registration", record.paper_mm[1], report, closed_only=True)
    else:
        layers = layers or {}
        report.info("cut.paper", Message("verify.cut.dxf_paper"))
        cuts = _layer_cuts(layers, "CUT", report)
        marks = _layer_cuts(layers, "REGISTRATION", report, closed_only=True)
    fronts = [page.page for page in record.pages if page.side == "front"]
    sheet = int(match["sheet"])
    if sheet > len(fronts):
        report.failed("cut.sheet", Message("verify.cut.no_sheet", pdf=pdf.name, count=len(fronts), sheet=sheet))
        return report
    page = fronts[sheet - 1]
    report.passed("cut.sheet", Message("verify.cut.sheet", sheet=sheet, page=page, pdf=pdf.name))
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
        raise InputError(Message("verify.input.cut_not_utf8", name=name)) from None
    upper = text.upper()
    if "<!DOCTYPE" in upper or "<!ENTITY" in upper:
        raise InputError(Message("verify.input.cut_doctype", name=name))
    try:
        root = ET.fromstring(content)
    except ET.ParseError as exc:
        raise InputError(Message("verify.input.cut_not_xml", name=name, reason=str(exc))) from None
    except (ValueError, LookupError):  # an encoding expat does not read: UTF-7, or one with no name
        raise InputError(Message("verify.input.cut_encoding", name=name)) from None
    if root.tag != SVG + "svg":
        raise InputError(Message("verify.input.cut_not_svg", name=name, root=root.tag))
    if any(element.get("transform") for element in root.iter()):
        raise InputError(Message("verify.input.cut_transform", name=name))
    return root


Polyline = tuple[bool, list[list[float]]]  # closed?, vertices [x, y, bulge]


def parse_dxf(content: bytes, name: str) -> dict[str, list[Polyline]]:
    """The POLYLINEs of an ASCII DXF's entities, by layer; InputError for what is not
    one, or holds entities of another kind (cardgen writes POLYLINEs only)."""
    try:
        lines = content.decode("ascii").splitlines()
    except UnicodeDecodeError:
        raise InputError(Message("verify.input.cut_not_ascii", name=name)) from None
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
                raise InputError(Message("verify.input.cut_entity", name=name, entity=value[:20]))
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
        raise InputError(Message("verify.input.cut_group_code", name=name, line=line, text=text.strip()[:20])) from None


def _number(text: str, name: str, line: int) -> float:
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not math.isfinite(value):
        raise InputError(Message("verify.input.cut_number", name=name, line=line, text=text.strip()[:20]))
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
            said = "verify.cut.polyline_not_outline" if closed_only else "verify.cut.polyline_not_cut"
            report.failed(f"cut.{layer.lower()}", Message(said, polyline=number, layer=layer))
    return cuts


def _check_paper(root: ET.Element, record: LayoutRecord, report: Report) -> None:
    width, height = record.paper_mm
    problems = []
    size = [_millimetres(root.get(attribute)) for attribute in ("width", "height")]
    if size[0] is None or size[1] is None:
        problems.append(
            Message("verify.cut.size_not_mm", svg_width=str(root.get("width")), svg_height=str(root.get("height")))
        )
    elif abs(size[0] - width) > PAPER_MM or abs(size[1] - height) > PAPER_MM:
        problems.append(Message("verify.cut.size", svg_width=size[0], svg_height=size[1]))
    view = _numbers(root.get("viewBox") or "")
    if len(view) != 4 or any(abs(a - b) > PAPER_MM for a, b in zip(view, (0, 0, width, height))):
        problems.append(Message("verify.cut.view_box", view_box=str(root.get("viewBox"))))
    if problems:
        report.failed("cut.paper", Message("verify.cut.paper_wrong", width=width, height=height, problems=problems))
    else:
        report.passed("cut.paper", Message("verify.cut.paper", width=width, height=height))


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
        if not isinstance(shape, Message) and closed_only and shape[0] != "outline":
            shape = _OPEN
        if isinstance(shape, Message):
            report.failed(
                f"cut.{group_id}", Message("verify.cut.path_unread", path=number, group=group_id, problem=shape)
            )
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
        report.failed("cut.paths", Message("verify.cut.no_cut_lines"))
        return
    failures = len(report.failures)
    unmatched, off = _match(cuts.outlines, trims)
    lines = _straight(cuts.lines, report)
    shared = _shared_cuts(lines, cuts.arcs, {card: trims[card] for card in off}, report)
    for card, shift in off.items():
        if card in shared:
            continue
        where = Message("verify.place.card", card=card)
        uncut = next((side for side, edge in _card_edges(trims[card]).items() if not _covered(lines, *edge)), None)
        if lines and shift is None and uncut:
            report.failed("cut.paths", Message("verify.cut.edge_uncut", edge=EDGES[uncut]), where)
        elif shift is None:
            report.failed("cut.paths", Message("verify.cut.no_path"), where)
        else:
            report.failed("cut.paths", Message("verify.cut.path_off", shift=shift), where)
    doubled, _ = _match(unmatched, trims)  # what is left once each card has its path once more
    for box in unmatched[:MAX_LISTED]:
        again = box not in doubled
        said = "verify.cut.second_path" if again else "verify.cut.stray_path"
        report.failed("cut.paths", Message(said, x=box[0], y=box[1]))
    if len(unmatched) > MAX_LISTED:
        report.failed("cut.paths", Message("verify.cut.more_paths", count=len(unmatched) - MAX_LISTED))
    if len(report.failures) == failures:
        report.passed("cut.paths", _cut_words(len(trims), len(shared), len(cuts.lines), bool(cuts.arcs)))


def _cut_words(cards: int, shared: int, lines: int, arcs: bool) -> Message:
    if not shared:
        return Message("verify.cut.paths", count=cards, tolerance=TOLERANCE_MM)
    said = "verify.cut.paths_shared_rounded" if arcs else "verify.cut.paths_shared"
    counted = Message("verify.count.lines", count=lines)
    words = Message(said, count=shared, lines=counted, tolerance=TOLERANCE_MM)
    if cards > shared:
        return Message(
            "verify.cut.paths_and_others", shared=words, others=Message("verify.cut.other_cards", count=cards - shared)
        )
    return words


Edge = tuple[str, float, float, float]  # "x" (a vertical line at x = where) or "y", where, from, to
CORNERS = ("bottom-left", "bottom-right", "top-left", "top-right")
EDGES = {  # "its left edge"
    "left": Message("verify.cut.edge_left"),
    "right": Message("verify.cut.edge_right"),
    "bottom": Message("verify.cut.edge_bottom"),
    "top": Message("verify.cut.edge_top"),
}
CORNER_NAMES = {  # "its bottom-left corner"
    "bottom-left": Message("verify.cut.corner_bottom_left"),
    "bottom-right": Message("verify.cut.corner_bottom_right"),
    "top-left": Message("verify.cut.corner_top_left"),
    "top-right": Message("verify.cut.corner_top_right"),
}


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
            report.failed("cut.paths", Message("verify.cut.slanted", x=x0, y=y0))
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
            report.failed("cut.paths", Message("verify.cut.line_uncut", axis=axis, at=where, low=low, high=high))
    whole = {
        card: box for card, box in cards.items() if all(_covered(lines, *edge) for edge in _card_edges(box).values())
    }
    if arcs:
        counts = _arc_corners(arcs, whole, report)
        for card in whole:
            for corner in CORNERS:
                count = counts.get((card, corner), 0)
                if count != 1:
                    said = "verify.cut.corner_twice" if count else "verify.cut.corner_square"
                    at = Message("verify.place.card", card=card)
                    report.failed("cut.paths", Message(said, corner=CORNER_NAMES[corner]), at)
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
                    twice = {"axis": axis, "at": where, "along": along, "low": max(low, start), "high": min(high, end)}
                    report.failed("cut.paths", Message("verify.cut.line_twice", **twice))


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
            report.failed("cut.paths", Message("verify.cut.arc_stray", x=arc[0], y=arc[1]))
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
        report.info("cut.registration", Message("verify.cut.marks_none"))
        return
    if found is None:
        report.failed("cut.registration", Message("verify.cut.marks_missing"))
        return
    if not expected:
        report.failed("cut.registration", Message("verify.cut.marks_extra"))
        return
    unmatched, off = _match(found, expected)
    if off or unmatched:
        printed = Message("verify.count.printed_marks", count=len(off))
        extra = Message("verify.count.marks", count=len(unmatched))
        report.failed("cut.registration", Message("verify.cut.marks_unmatched", printed=printed, extra=extra))
    else:
        report.passed("cut.registration", Message("verify.cut.marks", count=len(expected)))


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


_OPEN = Message("verify.cut.path_open")


def _path_shape(d: str) -> tuple[str, Box] | Message:
    """What a path of absolute M, L, H, V, C, Q, S, T and Z commands is, or why it cannot be
    read: ("outline", the bounding box of its points) for a closed path (a Bézier's handles
    included: on a card's rounded corners they lie on its edges); ("line", its two ends) for
    a straight line, M then L; ("arc", the box its ends span) for one curve, M then C."""
    commands = _commands(d)
    if isinstance(commands, Message):
        return commands
    shape = [(letter, len(numbers)) for letter, numbers in commands]
    if shape in ([("M", 2), ("L", 2)], [("M", 2), ("C", 6)]):
        (x0, y0), (x1, y1) = commands[0][1], commands[1][1][-2:]
        if shape[1][0] == "L":
            return "line", (x0, y0, x1, y1)
        return "arc", (min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))
    box = _path_box(commands)
    return box if isinstance(box, Message) else ("outline", box)


def _path_box(commands: list[tuple[str, list[float]]]) -> Box | Message:
    """The bounding box of the points of a closed path, or why it cannot be read."""
    xs: list[float] = []
    ys: list[float] = []
    for letter, numbers in commands:
        if letter not in "MLHVCQSTZ":
            return Message("verify.cut.path_command", letter=letter)
        if letter == "H":
            xs += numbers
        elif letter == "V":
            ys += numbers
        elif letter != "Z":
            if not numbers or len(numbers) % 2:
                return Message("verify.cut.path_numbers", letter=letter, count=len(numbers))
            xs += numbers[0::2]
            ys += numbers[1::2]
    if not xs or not ys:
        return Message("verify.cut.path_no_points")
    if not commands or commands[-1][0] != "Z":
        return _OPEN
    return min(xs), min(ys), max(xs), max(ys)


def _commands(d: str) -> list[tuple[str, list[float]]] | Message:
    """The path's commands, each with its numbers, or why they cannot be read."""
    commands: list[tuple[str, list[float]]] = []
    position = 0
    while position < len(d):
        token = _TOKEN.match(d, position)
        if token is None:
            return Message("verify.cut.path_character", character=d[position])
        letter, number = token.groups()
        if letter:
            commands.append((letter, []))
        elif number:
            value = float(number)
            if not commands:
                return Message("verify.cut.path_starts_with_number")
            if not math.isfinite(value):
                return Message("verify.cut.path_number", number=number)
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
