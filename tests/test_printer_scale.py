"""A printer that shrinks or stretches: what the calibration sheet's 100 mm rulers measure
on its paper (`--ruler-measured ACROSS,DOWN`, or a printer profile's) makes every page of a
card sheet, fronts and backs, drawn larger or smaller by as much about the paper's centre.
Read back from the PDF: the cards' sizes in mm, the boxes, the record; and verify's verdicts
on a compensated sheet and on one drawn at another scale than its record says."""

import json

import pypdf
import pypdfium2
import pytest

from cardgen.formats import MM
from cardgen.verify.readback import PageImage, box_mm
from tests.clirun import cardgen_in_process
from tests.hostile_pdfs import record_of, with_record

MEASURED = (99.6, 100.2)  # this printer prints 100 mm as 99.6 mm across and 100.2 mm down
SCALE = (100 / 99.6, 100 / 100.2)


@pytest.fixture(autouse=True)
def config(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDGEN_CONFIG_DIR", str(tmp_path / "config"))


def build(folder, *args):
    ran = cardgen_in_process("build", "--set", "zero-cards", "--mode", "duplex", "-o", folder, *args)
    assert ran.returncode == 0, ran.stderr
    return (folder / "zero-cards-duplex.pdf").read_bytes()


@pytest.fixture(scope="module")
def sheets(tmp_path_factory):
    """The zero cards as a duplex sheet for an exact printer and for the one of MEASURED."""
    root = tmp_path_factory.mktemp("scale")
    exact = build(root / "exact")
    scaled = build(root / "scaled", "--ruler-measured", ",".join(map(str, MEASURED)), "--back-offset", "1,-0.5")
    return exact, scaled


def cut_marks_at(content: bytes, page_index: int, record: dict) -> tuple[list[float], list[float]]:
    """Where the cut marks of a page are drawn in the PDF, in mm: the x of the marks below the
    cards (each in line with a vertical cut), the y of those left of them, measured from pixels."""
    page_record = record["pages"][page_index]
    document = pypdfium2.PdfDocument(content)
    page = document[page_index]
    image = PageImage.of_page(page, tuple(record["paper_mm"]), 600)
    xs, ys = [], []
    lowest = min(min(y0, y1) for _, y0, _, y1 in page_record["cut_marks_mm"])
    leftmost = min(min(x0, x1) for x0, _, x1, _ in page_record["cut_marks_mm"])
    for x0, y0, x1, y1 in page_record["cut_marks_mm"]:
        if x0 == x1 and min(y0, y1) == lowest:  # in line with a vertical cut, below the cards
            found = image.centroid([x0 - 1.5, min(y0, y1) - 1.5, 3.0, abs(y1 - y0) + 1.0], "x")
            xs.append(found)
        elif y0 == y1 and min(x0, x1) == leftmost:
            found = image.centroid([min(x0, x1) - 1.5, y0 - 1.5, abs(x1 - x0) + 1.0, 3.0], "y")
            ys.append(found)
    document.close()
    return sorted(xs), sorted(ys)


@pytest.mark.parametrize("page_index", [0, 1], ids=["front", "back"])
def test_every_card_is_drawn_larger_or_smaller_by_what_the_ruler_measured(sheets, page_index):
    exact, scaled = sheets
    record = record_of(scaled)
    assert record["ruler_measured_mm"] == list(MEASURED)
    width, height = record["card_mm"]
    xs, ys = cut_marks_at(scaled, page_index, record)
    exact_xs, exact_ys = cut_marks_at(exact, page_index, record_of(exact))
    # the first card's cuts: its width across, its height down, as drawn in the PDF
    assert xs[1] - xs[0] == pytest.approx(width * SCALE[0], abs=0.02)
    assert ys[1] - ys[0] == pytest.approx(height * SCALE[1], abs=0.02)
    assert exact_xs[1] - exact_xs[0] == pytest.approx(width, abs=0.02)
    # about the paper's centre: a cut x mm from the middle is drawn x × scale from it
    paper_w, paper_h = record["paper_mm"]
    for listed, drawn in zip(_cuts(record, page_index, 0), xs):
        assert drawn == pytest.approx(paper_w / 2 + (listed - paper_w / 2) * SCALE[0], abs=0.02)
    for listed, drawn in zip(_cuts(record, page_index, 1), ys):
        assert drawn == pytest.approx(paper_h / 2 + (listed - paper_h / 2) * SCALE[1], abs=0.02)


def _cuts(record: dict, page_index: int, axis: int) -> list[float]:
    """The cut lines of a page's cards as the record lists them (where they land on paper)."""
    number = record["pages"][page_index]["page"]
    trims = [c["trim_mm"] for c in record["cards"] if c["page"] == number]
    trims += [c["back"]["trim_mm"] for c in record["cards"] if c.get("back") and c["back"]["page"] == number]
    return sorted({round(t[axis] + size, 3) for t in trims for size in (0, t[axis + 2])})


def test_the_boxes_are_scaled_with_the_page_and_stay_centred(sheets):
    exact, scaled = sheets
    for exact_page, scaled_page in zip(pypdf.PdfReader(_io(exact)).pages, pypdf.PdfReader(_io(scaled)).pages):
        trim, nominal = box_mm(scaled_page.trimbox), box_mm(exact_page.trimbox)
        assert trim[2] == pytest.approx(nominal[2] * SCALE[0], abs=0.01)
        assert trim[3] == pytest.approx(nominal[3] * SCALE[1], abs=0.01)
        assert trim[0] + trim[2] / 2 == pytest.approx(210 / 2, abs=0.01)
        assert trim[1] + trim[3] / 2 == pytest.approx(297 / 2, abs=0.01)
        assert float(scaled_page.mediabox.width) / MM == pytest.approx(210, abs=0.01)  # the paper stays A4


def _io(content: bytes):
    import io

    return io.BytesIO(content)


def verify(path):
    return cardgen_in_process("verify", path, "--json")


def test_verify_passes_a_compensated_sheet_and_says_how_it_is_drawn(sheets, tmp_path):
    path = tmp_path / "scaled.pdf"
    path.write_bytes(sheets[1])
    ran = verify(path)
    assert ran.returncode == 0, ran.stdout
    checks = {check["check"]: check for check in json.loads(ran.stdout)["inputs"][0]["checks"]}
    assert "drawn at 100.40% across and 99.80% down" in checks["pdf.scale"]["message"]
    assert "99.6 mm across and 100.2 mm down" in checks["pdf.scale"]["message"]
    assert all(checks[name]["result"] == "pass" for name in ("pdf.faces", "pdf.backs", "pdf.ruler", "pdf.boxes"))


@pytest.mark.parametrize("which", ["scaled sheet, exact record", "exact sheet, scaled record"])
def test_verify_fails_a_sheet_drawn_at_another_scale_than_its_record_gives(sheets, tmp_path, which):
    exact, scaled = sheets
    content = scaled if which.startswith("scaled") else exact
    record = record_of(content)
    if which.startswith("scaled"):
        del record["ruler_measured_mm"]
    else:
        record["ruler_measured_mm"] = list(MEASURED)
    path = tmp_path / "lying.pdf"
    path.write_bytes(with_record(content, json.dumps(record).encode()))
    ran = cardgen_in_process("verify", path)
    assert ran.returncode == 1
    ruler = [line for line in ran.stdout.splitlines() if "FAIL  pdf.ruler" in line]
    assert ruler and all("between its end ticks, not 100 mm" in line for line in ruler)
    if not which.startswith("scaled"):
        assert "drawn at 100.00% down, not the 99.80% its record gives" in ruler[0]  # the ruler runs down


def test_a_printer_profile_carries_the_measure_to_every_build(tmp_path):
    added = cardgen_in_process("printer", "add", "inkjet", "--back-offset", "0.5,0", "--ruler-measured", "99.6,100.2")
    assert added.returncode == 0 and "100 mm printed as 99.6 mm across and 100.2 mm down" in added.stdout
    changed = cardgen_in_process("printer", "add", "inkjet", "--back-offset", "1,0")
    assert changed.returncode == 0 and changed.stdout.rstrip().endswith("kept its flip, paper, and ruler's measure")
    listed = json.loads(cardgen_in_process("printer", "list", "--json").stdout)
    assert listed["inkjet"] == {
        "back_offset": [1.0, 0.0],
        "flip": "long",
        "paper": "a4",
        "ruler_measured": [99.6, 100.2],
    }
    record = record_of(build(tmp_path / "profile", "--printer", "inkjet"))
    assert record["ruler_measured_mm"] == [99.6, 100.2] and record["back_offset_mm"] == [1.0, 0.0]
    record = record_of(build(tmp_path / "given", "--printer", "inkjet", "--ruler-measured", "100,99.5"))
    assert record["ruler_measured_mm"] == [100.0, 99.5]  # the option given wins over the profile


def test_a_printer_true_to_size_changes_nothing(sheets, tmp_path):
    assert build(tmp_path / "true", "--ruler-measured", "100,100") == sheets[0]
    assert "ruler_measured_mm" not in record_of(sheets[0])


@pytest.mark.parametrize("value", ["94.9,100", "100,105.5", "99.6", "a,b", "nan,100", "99,6,100,2", ""])
def test_a_measure_no_printer_at_actual_size_gives_is_refused_in_one_line(tmp_path, value):
    for command in (
        ["build", "--set", "jokers", "-o", tmp_path / "out"],
        ["printer", "add", "laser", "--back-offset", "0,0"],
    ):
        ran = cardgen_in_process(*command, "--ruler-measured", value)
        assert ran.returncode == 2, ran.stdout
        lines = ran.stderr.strip().splitlines()
        assert len(lines) == 1 and "--ruler-measured" in lines[0], lines
        assert not (tmp_path / "out").exists()


def test_verify_fails_a_sheet_whose_trim_box_as_drawn_lies_across_the_paper(tmp_path, monkeypatch):
    """Letter's 3 x 2 cards make a square TrimBox where they land; drawn 100.4% across and 99.8%
    down it was wider than tall, and CUPS turned every page (the boxes as cardgen drew them)."""
    from cardgen.build import PrintSettings, jobs_for, render_jobs
    from cardgen.layout import plan as plan_module
    from cardgen.layout.geometry import print_box

    settings = PrintSettings(paper="letter", ruler_measured=MEASURED)
    for drawn_as in ("upright", "across"):
        if drawn_as == "across":  # the box planned where it lands, as if unscaled
            monkeypatch.setattr(plan_module, "print_box", lambda box, paper, scale: print_box(box, paper))
        [content] = render_jobs(jobs_for(["jokers"], "duplex"), settings).values()
        path = tmp_path / f"{drawn_as}.pdf"
        path.write_bytes(content)
        ran = cardgen_in_process("verify", path)
        boxes = [line for line in ran.stdout.splitlines() if "pdf.boxes" in line]
        if drawn_as == "upright":
            assert ran.returncode == 0 and boxes[0].startswith("  PASS"), ran.stdout
        else:
            assert (
                ran.returncode == 1 and "TrimBox lies across the paper: CUPS would print every page turned" in boxes[0]
            )
