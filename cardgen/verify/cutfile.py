"""A cut file checked against the card sheet it was made with: `deck-duplex-cut-p3.svg`
(or `.dxf`) is sheet 3 (the third front page) of `deck-duplex.pdf` in the same folder. The
paper (an SVG's), one closed outline on every card's cut line (its bounding box within
0.05 mm of the card's trim in the PDF's record), and the print-and-cut registration
marks where the PDF prints them.

The SVG is read with the standard library's parser, after refusing any DOCTYPE: a cut file
cardgen writes has none, and one could declare entities that expand without end."""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
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
        cut_lines = _group_boxes(root, "cut", record.paper_mm[1], report)
        marks_found = _group_boxes(root, "registration", record.paper_mm[1], report)
    else:
        layers = layers or {}
        report.info("cut.paper", "a DXF carries no paper: its millimetres count from the paper's lower-left corner")
        cut_lines, marks_found = _layer_boxes(layers, "CUT", report), _layer_boxes(layers, "REGISTRATION", report)
    fronts = [page.page for page in record.pages if page.side == "front"]
    sheet = int(match["sheet"])
    if sheet > len(fronts):
        report.failed("cut.sheet", f"{pdf.name} has {plural(len(fronts), 'sheet')}, so there is no sheet {sheet}")
        return report
    page = fronts[sheet - 1]
    report.passed("cut.sheet", f"sheet {sheet} is page {page} of {pdf.name}")
    trims = {card.id: _box(card.trim_mm) for card in record.cards if card.page == page}
    _check_cut_paths(cut_lines, trims, report)
    marks = record.cutter_marks
    expected = {f"mark {i + 1}": _points_box(shape) for i, shape in enumerate(marks.shapes_mm)} if marks else {}
    _check_marks(marks_found, expected, report)
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


Polyline = tuple[bool, list[list[float]]]  # closed?, vertices [x, y]


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
                polyline["vertices"].append([math.nan, math.nan])
            elif section == "ENTITIES" and value not in ("ENDSEC", "SEQEND", "VERTEX"):
                raise InputError(f"{name}: it holds a {value[:20]} entity; cardgen's cut files hold POLYLINEs only.")
        elif code == 2 and entity == "SECTION":
            section = value
        elif polyline is not None and entity == "POLYLINE":
            if code == 8:
                polyline["layer"] = value
            elif code == 70:
                polyline["closed"] = int(_number(value, name, index + 2)) & 1 == 1
        elif polyline is not None and entity == "VERTEX" and code in (10, 20):
            polyline["vertices"][-1][code // 10 - 1] = _number(value, name, index + 2)
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


def _layer_boxes(layers: dict[str, list[Polyline]], layer: str, report: Report) -> list[Box] | None:
    """The bounding box of every polyline on the layer's vertices (a quarter circle's bulge
    stays inside it); None when the file has no such layer."""
    if layer not in layers:
        return None
    boxes = []
    for number, (closed, vertices) in enumerate(layers[layer], start=1):
        points = [point for point in vertices if not math.isnan(point[0]) and not math.isnan(point[1])]
        if not closed or len(points) < 3 or len(points) != len(vertices):
            report.failed(f"cut.{layer.lower()}", f"polyline {number} on the layer {layer} is not a closed outline")
            continue
        boxes.append(_points_box(points))
    return boxes


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


def _group_boxes(root: ET.Element, group_id: str, paper_height: float, report: Report) -> list[Box] | None:
    """The bounding box of every path in the group (None when there is no such group), in
    the record's coordinates: mm from the paper's lower-left corner."""
    group = next((g for g in root.iter(SVG + "g") if g.get("id") == group_id), None)
    if group is None:
        return None
    boxes = []
    for number, path in enumerate(group.iter(SVG + "path"), start=1):
        box = _path_box(path.get("d") or "")
        if isinstance(box, str):
            report.failed(f"cut.{group_id}", f"path {number} of the group {group_id}: {box}")
            continue
        x0, y0, x1, y1 = box
        boxes.append((x0, paper_height - y1, x1, paper_height - y0))  # SVG's y runs down from the top
    return boxes


def _check_cut_paths(found: list[Box] | None, trims: dict[str, Box], report: Report) -> None:
    if found is None:
        report.failed("cut.paths", "the file has no cut lines (the SVG group `cut`, the DXF layer CUT)")
        return
    unmatched, off = _match(found, trims)
    for card in trims:
        if card not in off:
            continue
        shift = off[card]
        where = f"card {card}"
        if shift is None:
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
    if not off and not unmatched:
        within = f"within {TOLERANCE_MM:g} mm of its trim in the PDF"
        report.passed("cut.paths", f"one path on each of the sheet's {plural(len(trims), 'card')}, {within}")


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


def _path_box(d: str) -> Box | str:
    """The bounding box of the points of a closed path of absolute M, L, H, V, C, Q, S, T
    and Z commands (a Bézier's handles included: on a card's rounded corners they lie on its
    edges), or why it cannot be read."""
    commands = _commands(d)
    if isinstance(commands, str):
        return commands
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
        return "it is not closed (no Z at its end): a cutter would leave the card hanging"
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
