"""Cut files for cutting machines and print-and-cut registration marks: the SVG read back
with an XML parser against the plan and the PDF's record, the marks read back from the
PDF's pixels, and `cardgen verify` on cut files, true and tampered with."""

import math
import re
import xml.etree.ElementTree as ET
from dataclasses import replace

import pytest
from clirun import cardgen_in_process
from pdfcheck import ink_box_mm, layout_record, render

from cardgen.build import PrintSettings, jobs_for, render_jobs
from cardgen.errors import InputError
from cardgen.layout.plan import SILHOUETTE_INSET, CutterMarksError, plan_sheets
from cardgen.model.layout import load_layout

SVG = "{http://www.w3.org/2000/svg}"
A4, LETTER = (210.0, 297.0), (215.9, 279.4)
CUT = PrintSettings(layout="silhouette", cutter_marks="silhouette", cut_file="svg")


@pytest.fixture(scope="module")
def jokers():
    """jokers-duplex.pdf on the silhouette layout with marks, and its two cut files."""
    return render_jobs(jobs_for(["jokers"], "duplex"), CUT)


def _numbers(d):
    return [float(v) for v in re.findall(r"-?\d+(?:\.\d+)?", d)]


def _paths(svg: bytes, group: str):
    root = ET.fromstring(svg)
    found = [g for g in root.iter(SVG + "g") if g.get("id") == group]
    assert len(found) == 1, group
    return found[0], [path.get("d") for path in found[0].iter(SVG + "path")]


def _box_in_plan(d, paper_h):
    """A path's bounding box as [x, y, w, h] in mm from the paper's lower-left corner."""
    values = _numbers(d)
    xs, ys = values[0::2], values[1::2]
    return [min(xs), paper_h - max(ys), max(xs) - min(xs), max(ys) - min(ys)]


def test_one_cut_file_per_sheet_with_a_path_on_every_cards_trim(jokers):
    record = layout_record(jokers["jokers-duplex.pdf"])
    assert sorted(jokers) == ["jokers-duplex-cut-p1.svg", "jokers-duplex-cut-p2.svg", "jokers-duplex.pdf"]
    fronts = [page["page"] for page in record["pages"] if page["side"] == "front"]
    for sheet, page in enumerate(fronts, start=1):
        svg = jokers[f"jokers-duplex-cut-p{sheet}.svg"]
        root = ET.fromstring(svg)
        assert (root.get("width"), root.get("height"), root.get("viewBox")) == ("210mm", "297mm", "0 0 210 297")
        group, paths = _paths(svg, "cut")
        assert group.get("fill") == "none" and group.get("stroke")
        trims = sorted(card["trim_mm"] for card in record["cards"] if card["page"] == page)
        boxes = sorted(_box_in_plan(d, A4[1]) for d in paths)
        assert len(boxes) == len(trims) == (6 if sheet == 1 else 4)
        for box, trim in zip(boxes, trims):
            assert box == pytest.approx(trim, abs=0.001)
        assert all(d.startswith("M ") and d.endswith(" Z") for d in paths)


def test_corners_are_rounded_with_the_layouts_radius(jokers):
    """The middle of each corner's curve lies on the circle of the layout's radius (3 mm)."""
    _, paths = _paths(jokers["jokers-duplex-cut-p1.svg"], "cut")
    radius = load_layout("silhouette")[0].card.corner_radius
    curves = re.findall(r"C ([-\d.,]+) ([-\d.,]+) ([-\d.,]+)", paths[0])
    assert len(curves) == 4
    values = _numbers(paths[0])
    xs, ys = values[0::2], values[1::2]
    corners = [(min(xs), min(ys)), (max(xs), min(ys)), (min(xs), max(ys)), (max(xs), max(ys))]
    start = [tuple(map(float, p.split(","))) for p in re.findall(r"[LM] ([-\d.]+,[-\d.]+) C", paths[0])]
    for begin, curve in zip(start, curves):
        p1, p2, p3 = (tuple(map(float, p.split(","))) for p in curve)
        mid = [(begin[i] + 3 * p1[i] + 3 * p2[i] + p3[i]) / 8 for i in range(2)]
        corner = min(corners, key=lambda c: math.dist(c, mid))
        centre = [corner[i] + radius * (1 if mid[i] > corner[i] else -1) for i in range(2)]
        assert math.dist(mid, centre) == pytest.approx(radius, abs=0.01)


def test_square_corners_when_the_radius_is_0(tmp_path):
    (tmp_path / "square.yaml").write_text("extends: silhouette\nname: square\ncard: {corner_radius: 0}\n")
    settings = PrintSettings(layout=str(tmp_path / "square.yaml"), cut_file="svg")
    svg = render_jobs(jobs_for(["jokers"], "sleeve"), settings)["jokers-sleeve-cut-p1.svg"]
    _, paths = _paths(svg, "cut")
    assert paths and all(re.fullmatch(r"M [\d.,]+( L [\d.,]+){3} Z", d) for d in paths)


def test_registration_marks_in_the_svg_are_where_the_record_puts_them(jokers):
    record = layout_record(jokers["jokers-duplex.pdf"])
    shapes = record["cutter_marks"]["shapes_mm"]
    _, paths = _paths(jokers["jokers-duplex-cut-p1.svg"], "registration")
    assert len(paths) == len(shapes) == 3
    for d, shape in zip(paths, shapes):
        values = _numbers(d)
        points = [[x, A4[1] - y] for x, y in zip(values[0::2], values[1::2])]
        assert len(points) == len(shape)
        assert [v for p in points for v in p] == pytest.approx([v for p in shape for v in p], abs=0.001)


def test_the_marks_follow_silhouette_studios_type_1_convention():
    """A 5 mm square at the top-left, 20 mm brackets at the top-right and bottom-left, their
    outer edges 10 mm in from the paper's edges, on the fronts only."""
    for paper in (A4, LETTER):
        width, height = paper
        plan = plan_sheets(12, load_layout("silhouette")[0], paper, "duplex", cutter_marks="silhouette")
        for page in plan.pages:
            if page.side == "back":
                assert page.cutter_marks is None
                continue
            square, top_right, bottom_left = (_bounds(shape) for shape in page.cutter_marks.shapes)
            inset = SILHOUETTE_INSET
            assert square == pytest.approx([inset, height - inset - 5, 5, 5])
            assert top_right == pytest.approx([width - inset - 20, height - inset - 20, 20, 20])
            assert bottom_left == pytest.approx([inset, inset, 20, 20])


def _bounds(points):
    xs, ys = [x for x, _ in points], [y for _, y in points]
    return [min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)]


DPI = 200


def test_the_pdf_prints_the_marks_on_the_front_pages_alone_in_their_corners(jokers):
    content = jokers["jokers-duplex.pdf"]
    plan = plan_sheets(10, load_layout("silhouette")[0], A4, "duplex", cutter_marks="silhouette")
    marks = plan.pages[0].cutter_marks
    front, back = render(content, 0, DPI), render(content, 1, DPI)
    for shape, zone in zip(marks.shapes, marks.clear_zones):
        window = [zone.x, zone.y, zone.width, zone.height]
        # all the ink of the corner is the mark's, to the pixel
        assert ink_box_mm(front, DPI, window, A4[1]) == pytest.approx(_bounds(shape), abs=0.2)
        # filled: solid black along the outer edge from the corner (a bracket's leg is 0.5 mm thick)
        (x0, y), (x1, _), (_, inward) = shape[:3]
        side = 1 if inward > y else -1
        inner = [min(x0, x1) + 0.2, min(y + side * 0.15, y + side * 0.35), abs(x1 - x0) - 0.4, 0.2]
        assert front.crop(_pixels(inner)).getextrema()[1] < 60
        assert ink_box_mm(back, DPI, window, A4[1]) is None


def _pixels(window):
    x, y, w, h = window
    px = DPI / 25.4
    return (round(x * px), round((A4[1] - y - h) * px), round((x + w) * px), round((A4[1] - y) * px))


def test_rebuilds_are_byte_identical(jokers):
    assert render_jobs(jobs_for(["jokers"], "duplex"), CUT) == jokers


def test_the_standard_layout_is_refused_with_the_cause_and_a_remedy():
    with pytest.raises(InputError) as caught:
        render_jobs(jobs_for(["jokers"], "duplex"), PrintSettings(cutter_marks="silhouette"))
    message = str(caught.value)
    assert "\n" not in message
    assert "card 1 with its bleed lies in the top-left corner" in message
    assert "--layout silhouette" in message


def test_a_long_ruler_in_a_corner_is_named_with_the_setting_that_removes_it(tmp_path):
    (tmp_path / "long.yaml").write_text("extends: silhouette\nname: long\nruler: 250\n")
    layout = load_layout(tmp_path / "long.yaml")[0]
    with pytest.raises(CutterMarksError, match=r"the ruler lies in the top-left corner") as caught:
        plan_sheets(6, layout, A4, "sleeve", cutter_marks="silhouette")
    assert caught.value.cause == "ruler"  # the plan names what to change; the build says how
    assert plan_sheets(6, layout, A4, "sleeve").pages[0].cutter_marks is None
    settings = PrintSettings(layout=str(tmp_path / "long.yaml"), cutter_marks="silhouette")
    with pytest.raises(InputError, match=r"the ruler lies in the top-left corner.*; set `ruler: 0` in the layout"):
        render_jobs(jobs_for(["jokers"], "sleeve"), settings)


def test_build_and_verify_from_the_command_line(tmp_path):
    ran = cardgen_in_process(
        "build", "--set", "jokers", "--layout", "silhouette", "--cut-file", "svg", "--cut-marks", "silhouette",
        "--png", "-o", tmp_path,
    )  # fmt: skip
    assert ran.returncode == 0, ran.stderr
    assert (tmp_path / "jokers-duplex-cut-p2.svg").is_file()
    assert sorted(p.name for p in tmp_path.glob("*.png")) == [f"jokers-duplex-p0{n}.png" for n in range(1, 5)]
    ran = cardgen_in_process("verify", tmp_path / "jokers-duplex-cut-p1.svg", tmp_path / "jokers-duplex-cut-p2.svg")
    assert ran.returncode == 0, ran.stdout
    assert ran.stdout.count("PASS  cut.paths") == 2 and "PASS  cut.registration" in ran.stdout


def test_a_refused_build_changes_no_file(tmp_path):
    (tmp_path / "jokers-duplex.pdf").write_bytes(b"old")
    ran = cardgen_in_process("build", "--set", "jokers", "--cut-marks", "silhouette", "-o", tmp_path)
    assert ran.returncode == 2 and ran.stderr.count("\n") == 1 and "top-left corner" in ran.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["jokers-duplex.pdf"]
    assert (tmp_path / "jokers-duplex.pdf").read_bytes() == b"old"


# --- verify, given cut files that were tampered with ------------------------------


@pytest.fixture
def folder(tmp_path, jokers):
    for name, content in jokers.items():
        (tmp_path / name).write_bytes(content)
    return tmp_path


def _tamper(folder, change, name="jokers-duplex-cut-p1.svg"):
    path = folder / name
    path.write_text(change(path.read_text()))
    return cardgen_in_process("verify", path)


def _moved_first_path(text, dx):
    first = re.search(r'<path d="([^"]+)"', text)[1]
    values = re.sub(r"(-?[\d.]+),", lambda m: f"{float(m[1]) + dx:g},", first)
    return text.replace(first, values, 1)


def test_a_path_moved_by_a_fifth_of_a_millimetre_fails(folder):
    ran = _tamper(folder, lambda text: _moved_first_path(text, 0.2))
    assert ran.returncode == 1
    assert "FAIL  cut.paths: its cut path is 0.20 mm off the card's trim [card J0.0]" in ran.stdout


def test_a_path_moved_by_less_than_the_tolerance_passes(folder):
    ran = _tamper(folder, lambda text: _moved_first_path(text, 0.03))
    assert ran.returncode == 0, ran.stdout


def test_a_missing_card_fails(folder):
    ran = _tamper(folder, lambda text: re.sub(r'<path d="[^"]+"/>\n', "", text, count=1))
    assert ran.returncode == 1 and "FAIL  cut.paths: no cut path on this card's trim [card J0.0]" in ran.stdout


def test_the_wrong_paper_fails(folder):
    ran = _tamper(folder, lambda text: text.replace('height="297mm"', 'height="279.4mm"'))
    assert ran.returncode == 1
    assert "FAIL  cut.paper: the card sheet's paper is 210 × 297 mm, but it is 210 × 279.4 mm" in ran.stdout


def test_missing_registration_marks_fail(folder):
    ran = _tamper(folder, lambda text: text.replace('id="registration"', 'id="other"'))
    assert ran.returncode == 1 and "FAIL  cut.registration: the PDF prints registration marks" in ran.stdout


def test_a_doctype_is_refused_in_one_line(folder):
    bomb = '<?xml version="1.0"?>\n<!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa">]>\n'
    ran = _tamper(folder, lambda text: bomb + text.split("\n", 1)[1])
    assert ran.returncode == 2 and ran.stderr.count("\n") == 1 and "declares a DOCTYPE" in ran.stderr


@pytest.mark.parametrize("encoding", ["UTF-7", "x-nothing"])
def test_a_cut_file_in_an_encoding_expat_cannot_read_is_one_line(folder, encoding):
    ran = _tamper(folder, lambda text: text.replace('encoding="UTF-8"', f'encoding="{encoding}"'))
    assert ran.returncode == 2 and ran.stderr.count("\n") == 1 and "declares an encoding other than UTF-8" in ran.stderr


def test_a_cut_file_without_its_pdf_is_refused(folder):
    (folder / "jokers-duplex.pdf").unlink()
    ran = cardgen_in_process("verify", folder / "jokers-duplex-cut-p1.svg")
    assert ran.returncode == 2 and "is not beside it" in ran.stderr


def test_verify_reads_the_marks_from_the_pdfs_pixels(tmp_path, jokers, monkeypatch):
    from cardgen.render import marks
    from cardgen.verify.pdfs import verify_pdf

    (tmp_path / "good.pdf").write_bytes(jokers["jokers-duplex.pdf"])
    checks = {c.name: c for c in verify_pdf(tmp_path / "good.pdf").checks}
    assert checks["pdf.cutter-marks"].result == "pass"
    monkeypatch.setattr(marks, "filled_shapes", lambda canvas, shapes: None)  # recorded, never drawn
    (tmp_path / "bad.pdf").write_bytes(render_jobs(jobs_for(["jokers"], "duplex"), CUT)["jokers-duplex.pdf"])
    failed = [c for c in verify_pdf(tmp_path / "bad.pdf").checks if c.result == "fail"]
    assert failed and all(c.name == "pdf.cutter-marks" for c in failed)
    assert "the page has nothing there" in failed[0].message


def test_a_path_twice_is_named_and_many_stray_paths_are_counted(folder):
    def doubled(times):
        return lambda text: text.replace("</g>", re.search(r'<path d="[^"]+"/>\n', text)[0] * times + "</g>", 1)

    ran = _tamper(folder, doubled(1))
    assert ran.returncode == 1 and "FAIL  cut.paths: a second path on a card's cut line, at x 15.00" in ran.stdout
    ran = _tamper(folder, doubled(3000))  # the file has 3,001 paths too many now
    assert ran.returncode == 1 and "FAIL  cut.paths: and 2991 more paths like these" in ran.stdout
    assert ran.stdout.count("  FAIL  ") == 11


def _dxf_polylines(content: bytes):
    """(layer, closed, [(x, y, bulge)]) of every POLYLINE of an ASCII DXF."""
    lines = content.decode("ascii").split("\n")
    pairs = [(int(lines[i]), lines[i + 1]) for i in range(0, len(lines) - 1, 2)]
    polylines, current = [], None
    for code, value in pairs:
        if code == 0:
            if value == "POLYLINE":
                current = {"layer": None, "closed": False, "vertices": []}
                polylines.append(current)
            elif value == "VERTEX":
                current["vertices"].append([None, None, 0.0])
            elif value == "SEQEND":
                current = None
        elif current is not None:
            if code == 8 and not current["vertices"]:
                current["layer"] = value
            elif code == 70 and not current["vertices"]:
                current["closed"] = int(value) & 1 == 1
            elif current["vertices"] and code in (10, 20, 42):
                current["vertices"][-1][{10: 0, 20: 1, 42: 2}[code]] = float(value)
    return polylines


def test_a_dxf_cut_file_has_the_same_outlines_in_mm_y_up(jokers):
    files = render_jobs(jobs_for(["jokers"], "duplex"), replace(CUT, cut_file="dxf"))
    assert sorted(files) == ["jokers-duplex-cut-p1.dxf", "jokers-duplex-cut-p2.dxf", "jokers-duplex.pdf"]
    content = files["jokers-duplex-cut-p1.dxf"]
    assert b"$INSUNITS\n 70\n4\n" in content and content.endswith(b"  0\nEOF\n")
    record = layout_record(files["jokers-duplex.pdf"])
    polylines = _dxf_polylines(content)
    cuts = [p for p in polylines if p["layer"] == "CUT"]
    marks = [p for p in polylines if p["layer"] == "REGISTRATION"]
    assert all(p["closed"] for p in polylines)
    trims = sorted(card["trim_mm"] for card in record["cards"] if card["page"] == 1)
    boxes = sorted(_bounds([v[:2] for v in p["vertices"]]) for p in cuts)
    assert len(boxes) == len(trims) == 6
    assert [v for box in boxes for v in box] == pytest.approx([v for trim in trims for v in trim], abs=0.001)
    assert [[v[:2] for v in p["vertices"]] for p in marks] == record["cutter_marks"]["shapes_mm"]
    # each bulge is a quarter circle round the corner: its middle lies on the circle of the
    # corner radius whose centre is inside the card (a bulge of the wrong sign cuts the corner inwards)
    vertices = cuts[0]["vertices"]
    x, y, w, h = _bounds([v[:2] for v in vertices])
    arcs = 0
    for (x0, y0, bulge), (x1, y1, _) in zip(vertices, vertices[1:] + vertices[:1]):
        if bulge:
            arcs += 1
            chord = math.dist((x0, y0), (x1, y1))
            sagitta = bulge * chord / 2
            mid = ((x0 + x1) / 2 + (y1 - y0) / chord * sagitta, (y0 + y1) / 2 - (x1 - x0) / chord * sagitta)
            centre = next(c for c in [(x0, y1), (x1, y0)] if x < c[0] < x + w and y < c[1] < y + h)
            assert math.dist(mid, centre) == pytest.approx(3.0, abs=0.001)
    assert arcs == 4
    assert files == render_jobs(jobs_for(["jokers"], "duplex"), replace(CUT, cut_file="dxf"))


@pytest.fixture
def dxf_folder(tmp_path):
    for name, content in render_jobs(jobs_for(["jokers"], "duplex"), replace(CUT, cut_file="dxf")).items():
        (tmp_path / name).write_bytes(content)
    return tmp_path


def test_verify_passes_dxf_cut_files_and_fails_a_moved_or_open_outline(dxf_folder):
    path = dxf_folder / "jokers-duplex-cut-p1.dxf"
    ran = cardgen_in_process("verify", path, dxf_folder / "jokers-duplex-cut-p2.dxf")
    assert ran.returncode == 0 and ran.stdout.count("PASS  cut.paths") == 2, ran.stdout
    original = path.read_text()
    head, first, rest = original.split("POLYLINE\n", 2)  # the first card's outline, moved 0.2 mm right
    moved = re.sub(r" 10\n([\d.]+)\n", lambda m: f" 10\n{float(m[1]) + 0.2:g}\n", first)
    path.write_text("POLYLINE\n".join([head, moved, rest]))
    ran = cardgen_in_process("verify", path)
    assert ran.returncode == 1 and "its cut path is 0.20 mm off the card's trim [card J0.0]" in ran.stdout
    path.write_text(original.replace(" 66\n1\n 70\n1\n", " 66\n1\n 70\n0\n", 1))  # the first polyline left open
    ran = cardgen_in_process("verify", path)
    assert ran.returncode == 1 and "polyline 1 on the layer CUT is not a closed outline" in ran.stdout


def test_verify_refuses_what_cardgen_never_writes_in_one_line(dxf_folder, folder):
    path = dxf_folder / "jokers-duplex-cut-p1.dxf"
    path.write_text(path.read_text().replace("  0\nENDSEC\n  0\nEOF", "  0\nLINE\n  8\nCUT\n  0\nENDSEC\n  0\nEOF"))
    ran = cardgen_in_process("verify", path)
    assert ran.returncode == 2 and ran.stderr.count("\n") == 1 and "holds a LINE entity" in ran.stderr
    ran = _tamper(folder, lambda text: text.replace('<g id="cut"', '<g id="cut" transform="scale(2)"'))
    assert ran.returncode == 2 and "transform" in ran.stderr


def test_cut_files_an_earlier_build_left_are_named(tmp_path):
    """Without --cut-file, the old cut files stay beside the new sheet: the build says so
    (it never deletes a file it did not write this time)."""
    out = tmp_path / "out"
    assert cardgen_in_process("build", "--set", "jokers", "--cut-file", "svg", "-o", out).returncode == 0
    old = (out / "jokers-duplex-cut-p1.svg").read_bytes()
    result = cardgen_in_process("build", "--set", "jokers", "-o", out)
    assert result.returncode == 0
    assert (
        "warning: " in result.stderr
        and "jokers-duplex-cut-p1.svg and 1 more were left by an earlier build and may no longer match" in result.stderr
    )
    assert (out / "jokers-duplex-cut-p1.svg").read_bytes() == old
    again = cardgen_in_process("build", "--set", "jokers", "--cut-file", "svg", "-o", out)
    assert "warning" not in again.stderr


def test_a_dxf_cut_file_declares_every_layer_its_outlines_are_on():
    files = render_jobs(jobs_for(["jokers"], "duplex"), replace(CUT, cut_file="dxf"))
    lines = files["jokers-duplex-cut-p1.dxf"].decode("ascii").splitlines()
    pairs = [(int(code), value) for code, value in zip(lines[0::2], lines[1::2])]
    tables = pairs[pairs.index((2, "TABLES")) : pairs.index((2, "ENTITIES"))]
    declared = {value for (code, value), previous in zip(tables[1:], tables) if code == 2 and previous == (0, "LAYER")}
    used = {value for code, value in pairs if code == 8}
    assert used == {"CUT", "REGISTRATION"} and used <= declared


# --- cards that share their cuts --------------------------------------------------

SHARED = PrintSettings(layout="poker", cut_file="svg")  # gap: shared, 3 mm corners


@pytest.fixture(scope="module")
def shared_sheets():
    """The numbered cards on the poker layout, whose cards touch: 12 sheets, the last of 5 cards."""
    svg = render_jobs(jobs_for(["numbered"], "duplex"), SHARED)
    dxf = render_jobs(jobs_for(["numbered"], "duplex"), replace(SHARED, cut_file="dxf"))
    return svg, dxf


def _open_paths(svg: bytes, paper_h: float):
    """The SVG's straight lines (as ((x0, y0), (x1, y1)) in the plan's coordinates) and curves."""
    _, paths = _paths(svg, "cut")
    lines, curves = [], []
    for d in paths:
        assert not d.endswith("Z"), d  # closing a line would send the blade back along it
        values = _numbers(d)
        points = [(x, paper_h - y) for x, y in zip(values[0::2], values[1::2])]
        (lines if d.split()[2] == "L" else curves).append(points)
    return lines, curves


def _card_edges(trim):
    x, y, w, h = trim
    return [((x, y), (x + w, y)), ((x, y + h), (x + w, y + h)), ((x, y), (x, y + h)), ((x + w, y), (x + w, y + h))]


def _on(point, line):
    (x0, y0), (x1, y1) = line
    x, y = point
    return min(x0, x1) - 1e-6 <= x <= max(x0, x1) + 1e-6 and min(y0, y1) - 1e-6 <= y <= max(y0, y1) + 1e-6


@pytest.mark.parametrize("sheet", [1, 12], ids=["full sheet", "last sheet of 5"])
def test_cards_that_touch_get_one_line_per_cut_and_never_an_edge_twice(shared_sheets, sheet):
    svg, _ = shared_sheets
    record = layout_record(svg["numbered-duplex.pdf"])
    page = [p["page"] for p in record["pages"] if p["side"] == "front"][sheet - 1]
    trims = [card["trim_mm"] for card in record["cards"] if card["page"] == page]
    lines, curves = _open_paths(svg[f"numbered-duplex-cut-p{sheet}.svg"], A4[1])
    corners = {(round(x + dx, 3), round(y + dy, 3)) for x, y, w, h in trims for dx in (0, w) for dy in (0, h)}
    for line in lines:  # straight, from a card's corner to a card's corner
        assert line[0][0] == line[1][0] or line[0][1] == line[1][1]
        assert all((round(x, 3), round(y, 3)) in corners for x, y in line)
    for trim in trims:  # every stretch of every card's edge under exactly one line
        for start, end in _card_edges(trim):
            for t in (0.25, 0.5, 0.75):
                point = (start[0] + t * (end[0] - start[0]), start[1] + t * (end[1] - start[1]))
                assert sum(_on(point, line) for line in lines) == 1, (trim, point)
    for index, one in enumerate(lines):  # collinear lines merged: no two on one line that meet or overlap
        for other in lines[index + 1 :]:
            vertical = one[0][0] == one[1][0] == other[0][0] == other[1][0]
            horizontal = one[0][1] == one[1][1] == other[0][1] == other[1][1]
            if vertical or horizontal:
                assert not (_on(one[0], other) or _on(one[1], other) or _on(other[0], one)), (one, other)
    columns = 3 if len(trims) == 9 else None
    if columns:  # a full 3 × 3 sheet: 4 lines down it and 4 across, each the grid's whole length
        assert len(lines) == 8
        assert {abs(a[0] - b[0]) + abs(a[1] - b[1]) for a, b in lines} == {3 * 63.0, 3 * 88.0}
    # a rounded card's four corners: one quarter circle each, inside the card, 3 mm across
    assert len(curves) == 4 * len(trims)
    for start, *_, end in curves:
        assert abs(start[0] - end[0]) == pytest.approx(3.0, abs=0.001) == abs(start[1] - end[1])


def test_a_dxf_of_cards_that_touch_has_the_same_open_lines(shared_sheets):
    svg, dxf = shared_sheets
    polylines = [p for p in _dxf_polylines(dxf["numbered-duplex-cut-p1.dxf"]) if p["layer"] == "CUT"]
    assert not any(p["closed"] for p in polylines) and all(len(p["vertices"]) == 2 for p in polylines)
    straight = sorted(
        tuple((round(v[0], 3), round(v[1], 3)) for v in p["vertices"]) for p in polylines if not p["vertices"][0][2]
    )
    lines, _ = _open_paths(svg["numbered-duplex-cut-p1.svg"], A4[1])
    assert straight == sorted(tuple((round(x, 3), round(y, 3)) for x, y in line) for line in lines)
    arcs = [p for p in polylines if p["vertices"][0][2]]
    assert len(arcs) == 36 and all(p["vertices"][0][2] == pytest.approx(-math.tan(math.pi / 8)) for p in arcs)


@pytest.fixture
def shared_folder(tmp_path, shared_sheets):
    for files in shared_sheets:
        for name, content in files.items():
            (tmp_path / name).write_bytes(content)
    return tmp_path


def test_verify_passes_cut_files_of_cards_that_touch(shared_folder):
    names = ["numbered-duplex-cut-p1.svg", "numbered-duplex-cut-p12.svg", "numbered-duplex-cut-p1.dxf"]
    ran = cardgen_in_process("verify", *(shared_folder / name for name in names))
    assert ran.returncode == 0, ran.stdout
    assert ran.stdout.count("PASS  cut.paths: the sheet's 9 cards that share their cuts are cut along 8 lines") == 2


def _line_of(text: str, index: int) -> str:
    return re.findall(r'<path d="M [\d.,]+ L [\d.,]+"/>\n', text)[index]


@pytest.mark.parametrize(
    "change, words",
    [
        (lambda text: text.replace("</g>", _line_of(text, 4) + "</g>", 1), "is cut twice from x 10.50 to 199.50 mm"),
        (lambda text: text.replace(_line_of(text, 0), ""), "no outline of its own, and no line cuts its left edge"),
        (lambda text: re.sub(r'<path d="M [\d.,]+ C [\d., ]+"/>\n', "", text, count=1), "corner has no quarter circle"),
    ],
    ids=["an edge twice", "a line missing", "a corner square"],
)
def test_verify_fails_an_edge_cut_twice_a_line_missing_or_a_corner_left_square(shared_folder, change, words):
    ran = _tamper(shared_folder, change, "numbered-duplex-cut-p1.svg")
    assert ran.returncode == 1 and words in ran.stdout, ran.stdout


def test_what_verify_says_of_a_spoiled_cut_file_comes_from_the_catalogues(folder, shared_folder):
    from cardgen.verify.cutfile import verify_cut_file
    from cardgen.verify.report import render_text
    from tests.pseudo import english_in_reports

    def spoiled(text):
        text = _moved_first_path(text, 0.2).replace('height="297mm"', 'height="279.4mm"')
        text = text.replace('id="registration"', 'id="other"')
        return text.replace("</g>", '<path d="M 1,1 A 2,2 0 0 0 3,3 Z"/>\n<path d="M 1,1 L 2,2 L 1,2 Z"/>\n</g>', 1)

    def shared(text):
        text = text.replace("</g>", _line_of(text, 4) + '<path d="M 5,5 L 9,7"/>\n</g>', 1)
        return re.sub(r'<path d="M [\d.,]+ C [\d., ]+"/>\n', "", text.replace(_line_of(text, 0), ""), count=1)

    reports = []
    for where, name, change in (
        (folder, "jokers-duplex-cut-p1.svg", spoiled),
        (shared_folder, "numbered-duplex-cut-p1.svg", shared),
        (shared_folder, "numbered-duplex-cut-p12.svg", lambda text: text),
    ):
        path = where / name
        path.write_text(change(path.read_text()))
        reports.append(verify_cut_file(str(path)))
    failed = {check.name for report in reports for check in report.failures}
    assert failed == {"cut.paper", "cut.paths", "cut.registration", "cut.cut"}
    assert english_in_reports(reports) == []
    assert "het snijpad ligt 0,20 mm naast de snijlijn van de kaart [kaart J0.0]" in render_text(reports, "nl")
    assert "Die Linie bei y 16,50 mm wird von x 10,50 bis 199,50 mm zweimal geschnitten" in render_text(reports, "de")
