"""Poker-size cards that share their cuts: nine on an A4 page, each card clipped to its
own slot, cut marks outside the grid, and verify measuring rows and columns of cards
instead of single cards."""

import io

import pypdf
import pypdfium2
import pytest
from reportlab.pdfgen.canvas import Canvas

from cardgen.build import PrintSettings, build
from cardgen.layout.geometry import bounds
from cardgen.layout.plan import plan_sheets
from cardgen.model.layout import load_layout
from cardgen.verify.pdfs import verify_pdf
from cardgen.verify.readback import MM, layout_record

A4, LETTER = (210.0, 297.0), (215.9, 279.4)
POKER = load_layout("poker")[0]
HEADS = {5: 2, 10: 3}  # the others have one bull head: card 5's background is blue


@pytest.mark.parametrize("paper, per_page, sheets", [(A4, 9, 12), (LETTER, 6, 18)])
def test_the_deck_takes_twelve_a4_sheets_of_nine_poker_cards(paper, per_page, sheets):
    plan = plan_sheets(104, POKER, paper, "duplex")
    fronts = [page for page in plan.pages if page.side == "front"]
    assert len(fronts[0].slots) == per_page and len(fronts) == sheets


def test_cards_that_share_their_cuts_have_bleed_only_around_the_grid_and_marks_only_outside_it():
    front, back = plan_sheets(9, POKER, A4, "duplex").pages[:2]
    for page in (front, back):
        slots = [slot.trim for slot in page.slots]
        grid = bounds(slots)
        assert grid.width == 3 * 63 and grid.height == 3 * 88  # no gap between the cards
        assert bounds([slot.reach for slot in page.slots]) == grid.grown(2)  # bleed only outside
        reaches = [slot.reach for slot in page.slots]
        for index, one in enumerate(reaches):  # no card's bleed over its neighbour
            for other in reaches[index + 1 :]:
                assert min(one.right, other.right) - max(one.x, other.x) <= 1e-9 or (
                    min(one.top, other.top) - max(one.y, other.y) <= 1e-9
                )
        outer = grid.grown(2)
        for mark in page.cut_marks:
            for x, y in ((mark.x0, mark.y0), (mark.x1, mark.y1)):
                assert not (outer.x < x < outer.right and outer.y < y < outer.top)
        assert len(page.cut_marks) == 16  # four cuts each way, marked at both ends


@pytest.fixture(scope="module")
def poker_sheets(tmp_path_factory):
    """Cards 1 to 10 (a full page of nine and one more) on A4 and on Letter."""
    card_set = tmp_path_factory.mktemp("set") / "ten.yaml"
    card_set.write_text(
        "name: ten\ntitle: Ten\ncards:\n"
        + "".join(f'  - {{id: "{n}", kind: number, value: {n}, heads: {HEADS.get(n, 1)}}}\n' for n in range(1, 11))
    )
    return {
        paper: build(PrintSettings(layout="poker", paper=paper), sets=[str(card_set)], mode="duplex")["ten-duplex.pdf"]
        for paper in ("a4", "letter")
    }


def _pixel(content: bytes, page: int, x: float, y: float, dpi: int = 100) -> tuple:
    document = pypdfium2.PdfDocument(content)
    image = document[page - 1].render(scale=dpi / 72).to_pil().convert("RGB")
    height = document[page - 1].get_size()[1] / MM
    return image.getpixel((round(x * dpi / 25.4), round((height - y) * dpi / 25.4)))


def test_a_cards_bleed_does_not_paint_over_its_neighbour(poker_sheets):
    """Card 5 (blue) is drawn after card 4 (grey, left of it): card 4's edge stays its own."""
    content = poker_sheets["a4"]
    cards = {card["id"]: card for card in layout_record(content)["cards"]}
    left, right = cards["4"]["trim_mm"], cards["5"]["trim_mm"]
    cut, middle = right[0], right[1] + right[3] / 2
    assert abs(left[0] + left[2] - cut) < 1e-6
    own_edge = _pixel(content, 1, left[0] + 0.4, middle)
    assert _pixel(content, 1, cut - 0.4, middle) == own_edge
    assert _pixel(content, 1, cut + 0.4, middle) != own_edge


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_poker_sheets_pass_verify_with_the_ruler_across_the_top(poker_sheets, paper, tmp_path):
    path = tmp_path / "poker.pdf"
    path.write_bytes(poker_sheets[paper])
    report = verify_pdf(path)
    assert report.ok, [check.line() for check in report.checks if check.result == "fail"]
    x0, y0, x1, y1 = layout_record(poker_sheets[paper])["pages"][0]["ruler_line_mm"]
    assert y0 == y1 and abs(x1 - x0 - 100) < 1e-6  # too little room beside the cards for it


def _overlay(content: bytes, page_index: int, draw) -> bytes:
    """The PDF with what `draw(canvas)` paints (in mm) laid over one page."""
    reader = pypdf.PdfReader(io.BytesIO(content))
    width, height = (float(v) for v in reader.pages[page_index].mediabox[2:])
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(width, height))
    canvas.scale(MM, MM)
    draw(canvas)
    canvas.save()
    stamp = pypdf.PdfReader(buffer).pages[0]
    writer = pypdf.PdfWriter(clone_from=reader)
    writer.pages[page_index].merge_page(stamp)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def test_a_white_line_along_a_shared_cut_is_caught(poker_sheets, tmp_path):
    """Where neighbours share a cut, paper showing between them is a face stopping short."""
    content = poker_sheets["a4"]
    trim = {card["id"]: card for card in layout_record(content)["cards"]}["5"]["trim_mm"]

    def white_line(canvas):
        canvas.setFillGray(1)
        canvas.rect(trim[0] - 0.2, trim[1], 0.4, trim[3], stroke=0, fill=1)

    path = tmp_path / "seam.pdf"
    path.write_bytes(_overlay(content, 0, white_line))
    faces = [check for check in verify_pdf(path).checks if check.name == "pdf.faces" and check.result == "fail"]
    assert {check.details["card"] for check in faces} == {"4", "5", "6"}  # the row of the cut
    assert all("stops short of the cut" in check.message for check in faces)


def test_a_back_page_of_cards_sharing_their_cuts_shifted_half_a_millimetre_is_caught(poker_sheets, tmp_path):
    reader = pypdf.PdfReader(io.BytesIO(poker_sheets["a4"]))
    writer = pypdf.PdfWriter(clone_from=reader)
    writer.pages[1].add_transformation(pypdf.Transformation().translate(0.5 * MM, 0))
    out = io.BytesIO()
    writer.write(out)
    path = tmp_path / "shifted.pdf"
    path.write_bytes(out.getvalue())
    backs = [check for check in verify_pdf(path).checks if check.name == "pdf.backs" and check.result == "fail"]
    assert len(backs) == 9 and all(abs(abs(check.details["offset_mm"][0]) - 0.5) < 0.1 for check in backs)


def test_ink_outside_the_printable_area_is_caught(poker_sheets, tmp_path):
    def mark_near_the_edge(canvas):
        canvas.rect(3.0, 150.0, 1.0, 1.0, stroke=0, fill=1)

    path = tmp_path / "edge.pdf"
    path.write_bytes(_overlay(poker_sheets["a4"], 0, mark_near_the_edge))
    [found] = [check for check in verify_pdf(path).checks if check.name == "pdf.printable" and check.result == "fail"]
    assert found.place == "page 1" and "comes within 2.96 mm of the paper's left edge" in found.message
    assert "where the sheet's printable area keeps 6.35 mm clear" in found.message
