"""The imposition plan, tested as geometry: no PDF is drawn here."""

from typing import get_args

import pytest

from cardgen.formats import MODES, ModeName
from cardgen.layout.geometry import UPRIGHT_MARGIN, Rect, bounds, drawn_box, printable_area
from cardgen.layout.plan import MarginError, check_margins, plan_sheets
from cardgen.model.layout import load_layout as _load_layout


def load_layout(name):
    return _load_layout(name)[0]


A4, LETTER = (210.0, 297.0), (215.9, 279.4)


def _inside(rect: Rect, area: Rect) -> bool:
    return rect.x >= area.x and rect.y >= area.y and rect.right <= area.right and rect.top <= area.top


def test_the_type_checkers_list_of_modes_is_the_table_of_modes():
    assert get_args(ModeName) == tuple(MODES)


@pytest.mark.parametrize("layout_name", ["standard", "poker"])
@pytest.mark.parametrize("paper", [A4, LETTER])
@pytest.mark.parametrize("mode", ["glue", "duplex", "sleeve"])
def test_every_card_is_placed_once_on_the_paper_front_then_back(layout_name, paper, mode):
    layout = load_layout(layout_name)
    plan = plan_sheets(23, layout, paper, mode, "long")
    fronts = [slot for page in plan.pages if page.side == "front" for slot in page.slots]
    assert [slot.card for slot in fronts] == list(range(23))
    assert all(_inside(slot.reach, printable_area(layout, paper)) for slot in fronts)
    sides = [page.side for page in plan.pages]
    assert sides == (["front"] if mode == "sleeve" else ["front", "back"]) * (
        len(plan.pages) // (1 if mode == "sleeve" else 2)
    )
    for page in plan.pages:
        if page.side == "back":
            assert page.behind == page.number - 1
            assert {slot.draws for slot in page.slots} == {"outline" if mode == "glue" else "back"}


@pytest.mark.parametrize("flip", ["long", "short"])
def test_each_back_lies_behind_its_face_through_the_paper(flip):
    plan = plan_sheets(12, load_layout("standard"), A4, "duplex", flip)
    width, height = A4
    for front, back in zip(plan.pages[0::2], plan.pages[1::2]):
        for face, rear in zip(front.slots, back.slots):
            assert face.card == rear.card and rear.rotated == (flip == "short")
            # seen through the sheet, the back's rectangle is the face's, mirrored across the flip axis
            mirrored = (
                Rect(width - rear.trim.right, rear.trim.y, rear.trim.width, rear.trim.height)
                if flip == "long"
                else Rect(rear.trim.x, height - rear.trim.top, rear.trim.width, rear.trim.height)
            )
            assert mirrored.rounded(6) == face.trim.rounded(6)
        mirrored_targets = sorted((width - x, y) if flip == "long" else (x, height - y) for x, y in back.targets)
        assert [tuple(round(v, 6) for v in p) for p in mirrored_targets] == sorted(
            tuple(round(v, 6) for v in p) for p in front.targets
        )


def test_a_back_offset_moves_the_backs_cards_and_targets_and_keeps_their_marks_inside_the_printable_area():
    """The cards and targets move by the offset, which the printer's own shift undoes; the
    ruler, note, cut marks and targets are planned where they stay inside the printable area
    both as drawn (a printer clips the page as drawn) and where they land: the targets, which
    must meet their fronts' through the paper, are made smaller on both sides to fit."""
    layout = load_layout("standard")
    still = plan_sheets(9, layout, A4, "duplex", "long")
    moved = plan_sheets(9, layout, A4, "duplex", "long", back_offset=(1.5, -0.5))
    front, back = still.pages
    assert [s.trim for s in moved.pages[0].slots] == [s.trim for s in front.slots]
    assert moved.pages[0].cut_marks == front.cut_marks
    shifted = moved.pages[1]
    assert [s.trim for s in shifted.slots] == [s.trim.moved(1.5, -0.5) for s in back.slots]
    behind = [(round(210 - x + 1.5, 6), round(y - 0.5, 6)) for x, y in moved.targets]  # the fronts', seen behind
    assert sorted((round(x, 6), round(y, 6)) for x, y in shifted.targets) == sorted(behind)
    assert moved.trim_box == still.trim_box  # the page boxes never follow the offset (CUPS would undo it)
    area = printable_area(layout, A4)
    size = moved.layout.target_size
    assert 2 < size < layout.target_size  # 6.15 mm between the cards' bleed and the edge: 5 mm did not fit
    ends = [Rect(x, y, 0, 0) for s in shifted.cut_marks for x, y in ((s.x0, s.y0), (s.x1, s.y1))]
    targets = [Rect(x - size / 2, y - size / 2, size, size) for x, y in shifted.targets]
    boxes = [shifted.ruler.box, *([shifted.note.rect] if shifted.note else []), *ends, *targets]
    assert all(_inside(box, area) and _inside(box.moved(-1.5, 0.5), area) for box in boxes)
    assert back.note.rect.right + 1.5 > area.right  # moved as it was, the note was drawn outside
    assert shifted.ruler.length == back.ruler.length


@pytest.mark.parametrize("layout_name", ["standard", "poker", "silhouette"])
@pytest.mark.parametrize("paper", [A4, LETTER])
@pytest.mark.parametrize("mode", MODES)
def test_marks_targets_ruler_and_note_stay_inside_a_common_lasers_printable_area(layout_name, paper, mode):
    """6.35 mm at the sides, 4.2 mm top and bottom: nothing of the margins outside, none on
    a card's bleed, and the whole plan passes its own check."""
    layout = load_layout(layout_name)
    width, height = paper
    plan = plan_sheets(23, layout, paper, mode, "short")
    check_margins(plan)
    for page in plan.pages:
        bleed = bounds([slot.reach for slot in page.slots])
        for mark in page.cut_marks:
            for x, y in ((mark.x0, mark.y0), (mark.x1, mark.y1)):
                assert not (bleed.x < x < bleed.right and bleed.y < y < bleed.top)
                assert 6.35 <= x <= width - 6.35 and 4.2 <= y <= height - 4.2
        for x, y in page.targets:
            half = layout.target_size / 2
            assert 6.35 <= x - half and x + half <= width - 6.35 and 4.2 <= y - half and y + half <= height - 4.2
        ruler = page.ruler.box
        assert 6.35 <= ruler.x and ruler.right <= width - 6.35 and 4.2 <= ruler.y and ruler.top <= height - 4.2
        note = page.note.rect
        assert 6.35 <= note.x and note.right <= width - 6.35 and 4.2 <= note.y and note.top <= height - 4.2


NEAR_EXACT = [(99.6, 100.2), (100.4, 99.8), (99.4, 100.6), (100.6, 99.4)]  # printers within 0.6 %
OFFSETS = [(1.5, -0.5), (-1.5, 1.0), (0.0, 0.0)]


def _ink(page, layout) -> list[Rect]:
    """Boxes around everything a page prints: the cards' bleed, cut marks, targets, ruler, note."""
    half, size = layout.cut_marks.width / 2, layout.target_size or 0
    boxes = [slot.reach for slot in page.slots] + [
        Rect(x - size / 2, y - size / 2, size, size) for x, y in page.targets
    ]
    boxes += [bounds([Rect(s.x0, s.y0, 0, 0), Rect(s.x1, s.y1, 0, 0)]).grown(half) for s in page.cut_marks]
    return boxes + [box for box in (page.ruler and page.ruler.box, page.note and page.note.rect) if box]


@pytest.mark.parametrize("layout_name", ["standard", "poker", "silhouette"])
@pytest.mark.parametrize("paper", [A4, LETTER])
@pytest.mark.parametrize("mode", MODES)
def test_every_mark_and_target_is_inside_the_printable_area_as_drawn_and_where_it_lands(layout_name, paper, mode):
    """A page drawn larger for a printer that shrinks it, a back page moved by the offset that
    cancels the printer's shift: a printer may clip the page as drawn, and prints nothing near
    the paper's edge where it lands, so everything must be inside the printable area both ways.
    Scaled Letter sheets once drew the ruler's ticks 5.93 mm from the edge, and the back
    offset 1.5,-0.5 drew the back's targets 4.94 mm from it (the area keeps 6.35 mm clear)."""
    layout = load_layout(layout_name)
    area = printable_area(layout, paper).grown(0.15)  # a line ending at the edge: half its width beyond
    for measured in NEAR_EXACT:
        for offset in OFFSETS:
            plan = plan_sheets(23, layout, paper, mode, "long", offset, ruler_measured=measured)
            check_margins(plan)
            assert len(plan.targets) == (0 if MODES[mode].folded else 4)  # smaller if need be, but there
            for page in plan.pages:
                dx, dy = offset if page.side == "back" else (0.0, 0.0)
                for box in _ink(page, plan.layout):
                    assert _inside(box.moved(-dx, -dy), area), (measured, offset, page.number, box)
                    assert _inside(drawn_box(box, paper, plan.scale), area), (measured, offset, page.number, box)


def test_targets_made_smaller_for_the_back_offset_are_read_back_where_they_meet():
    """The jokers' back offset 1.5,-0.5 leaves 3.65 mm beside the cards and 3.8 mm below them
    for a target inside the printable area both as drawn and as landed: 3.6 mm ones, on both sides."""
    plan = plan_sheets(10, load_layout("standard"), A4, "duplex", "long", (1.5, -0.5))
    assert plan.layout.target_size == pytest.approx(3.6)
    plan = plan_sheets(10, load_layout("standard"), A4, "duplex", "long", (-4.0, 0.0))
    assert plan.layout.target_size == pytest.approx(4.1) and plan.targets[0][1] < 9.5  # below the cards: 4.3 mm
    plan = plan_sheets(10, load_layout("standard"), A4, "duplex", "long", (3.0, -2.5))
    check_margins(plan)  # no room for a target worth printing: none, and no refusal
    assert plan.targets == () and all(page.targets == () for page in plan.pages)


def test_a_printer_too_far_from_actual_size_for_the_layouts_margins_is_refused_not_drawn_into_them():
    """Poker cards on A4 leave 2.15 mm beside the grid for the cut marks; a printer measured
    98.5 mm across needs the page drawn 1.5 % larger, and no mark of the horizontal cuts fits."""
    plan = plan_sheets(9, load_layout("poker"), A4, "duplex", "long", ruler_measured=(98.5, 100.0))
    with pytest.raises(MarginError) as refused:
        check_margins(plan)
    assert refused.value.field == "cut_marks" and "no room for a cut mark at either end" in str(refused.value)
    assert "printer that prints 100 mm as 98.5 mm across and 100 mm down" in str(refused.value)


def test_a_partial_last_page_has_marks_around_its_own_cards_only():
    plan = plan_sheets(10, load_layout("standard"), A4, "sleeve")
    full, partial = plan.pages
    assert len(full.slots) == 9 and len(partial.slots) == 1
    assert len(partial.cut_marks) == 8  # two vertical cuts and two horizontal, each marked at both ends


@pytest.mark.parametrize(
    "mode, flip, paper",
    [("duplex", "long", A4), ("glue", "short", LETTER), ("sleeve", "long", A4), ("fold", "long", A4)],
)
def test_the_trim_box_is_a_full_pages_cards_centred_whatever_the_page_holds(mode, flip, paper):
    """CUPS centres every page on its TrimBox: a box around a partial page's few cards, or one
    moved with the back offset, would move the page (undoing the offset) or turn it."""
    layout = load_layout("standard")
    plan = plan_sheets(10, layout, paper, mode, flip, back_offset=(1.5, -0.5))
    full = plan.pages[0]
    cards = bounds([slot.trim for slot in full.slots])
    box = plan.trim_box
    assert box.x == pytest.approx(cards.x) and box.width == pytest.approx(cards.width)
    # the cards' own height, or (Letter's 3 x 2 cards make a square) a hundredth of a mm more
    assert cards.height <= box.height <= max(cards.height, cards.width + 0.01) + 1e-9
    assert plan.trim_box.centre == pytest.approx((paper[0] / 2, paper[1] / 2), abs=1e-9)
    assert plan.bleed_box == plan.trim_box.grown(layout.bleed)


@pytest.mark.parametrize("margins", ["auto", "{left: 12, bottom: 30}"])
def test_a_grid_off_centre_or_wider_than_tall_gets_a_centred_upright_trim_box(tmp_path, margins):
    """One row of cards, centred or placed by hand: CUPS would move the page to centre the box
    on the paper, and turn it if the box lay across the paper; the box grows around the cards."""
    row = tmp_path / "row.yaml"
    row.write_text(f"extends: standard\nname: row\nrows: 1\nmargins: {margins}\n")
    plan = plan_sheets(3, load_layout(row), A4, "duplex", "long")
    cards = bounds([slot.trim for slot in plan.pages[0].slots])
    box = plan.trim_box
    assert cards.width > cards.height and box.width <= box.height
    assert box.centre == pytest.approx((A4[0] / 2, A4[1] / 2))
    assert box.x <= cards.x and box.y <= cards.y and box.right >= cards.right and box.top >= cards.top


MEASURES = [(95.0, 105.0), (99.6, 100.2), (100.0, 100.0), (100.4, 99.8), (105.0, 95.0)]


@pytest.mark.parametrize("layout_name", ["standard", "poker", "silhouette", "one-row"])
@pytest.mark.parametrize("paper", [A4, LETTER])
@pytest.mark.parametrize("measured", MEASURES, ids=lambda m: f"{m[0]:g},{m[1]:g}")
@pytest.mark.parametrize("mode", ["duplex", "fold"])
def test_every_pages_trim_box_is_upright_as_drawn_for_every_paper_scale_and_layout(
    layout_name, paper, measured, mode, tmp_path
):
    """CUPS turns a page whose TrimBox, as written in the PDF, is wider than tall on upright
    paper by any fraction of a point: Letter's 3 x 2 standard cards make a square, which a
    printer measured 99.6 mm across drew 512.28 x 509.22 pt, and every page came out turned."""
    if layout_name == "one-row":  # a grid wider than tall
        (tmp_path / "row.yaml").write_text("extends: standard\nname: row\nrows: 1\n")
        layout = load_layout(tmp_path / "row.yaml")
    else:
        layout = load_layout(layout_name)
    plan = plan_sheets(9, layout, paper, mode, "long", ruler_measured=measured)
    drawn = drawn_box(plan.trim_box, paper, plan.scale)
    assert drawn.height - drawn.width >= UPRIGHT_MARGIN - 1e-9
    assert drawn.centre == pytest.approx((paper[0] / 2, paper[1] / 2))
    cards = bounds([slot.trim for slot in plan.pages[0].slots])
    box = plan.trim_box
    assert box.x <= cards.x and box.y <= cards.y and box.right >= cards.right and box.top >= cards.top


def test_a_layout_may_ask_for_no_targets_no_ruler_and_no_note(tmp_path):
    bare = tmp_path / "bare.yaml"
    bare.write_text("extends: standard\nname: bare\nregistration: none\nruler: 0\nnote: false\n")
    for page in plan_sheets(9, load_layout(bare), A4, "duplex").pages:
        assert page.targets == () and page.ruler is None and page.note is None
        assert page.cut_marks  # the cut marks stay


@pytest.mark.parametrize(
    "extra, field",
    [
        ("registration: {size: 14}\n", "registration"),  # a target that reaches a card's bleed or the edge
        ("margins: {left: 3.5, bottom: 8}\n", "margins"),  # the grid pushed against the left edge
        ("margins: {left: 4, bottom: 10}\ncut_marks: {style: none}\nruler: 0\n", "margins"),  # the bleed itself
    ],
)
def test_a_layout_whose_marks_cannot_print_is_refused_naming_its_field(tmp_path, extra, field):
    from clirun import cardgen_in_process

    layout = tmp_path / "tight.yaml"
    layout.write_text("extends: standard\nname: tight\n" + extra)
    ran = cardgen_in_process("build", "--set", "jokers", "--layout", layout, "-o", tmp_path / "out")
    assert ran.returncode == 2 and not (tmp_path / "out").exists()
    [line] = ran.stderr.splitlines()
    assert f"tight.yaml, line 3, field {field}: on A4 paper, " in line


def test_a_large_back_offset_is_no_reason_to_refuse_a_sheet():
    """Where a back page moved by 3 mm leaves no room for its note as drawn, it goes without
    (its front has one) rather than the sheet being refused."""
    from cardgen.layout.plan import check_margins

    layout = load_layout("standard")
    plan = plan_sheets(9, layout, A4, "duplex", "long", back_offset=(3.0, -2.5))
    check_margins(plan)
    assert plan.pages[0].note is not None


def test_cards_that_do_not_fit_are_refused_with_what_they_need_and_what_the_paper_leaves(tmp_path):
    from clirun import cardgen_in_process

    layout = tmp_path / "wide.yaml"
    layout.write_text("extends: poker\nname: wide\ncolumns: 3\nprintable_area: {sides: 7}\n")
    ran = cardgen_in_process("build", "--set", "jokers", "--layout", layout, "-o", tmp_path / "out")
    assert ran.returncode == 2 and not (tmp_path / "out").exists()
    assert ran.stderr == (
        f"cardgen: {layout}, line 3, field columns: 3 columns of 63 mm cards with 2 mm bleed need 193 mm; "
        "the paper leaves 210 mm minus 2 × 9 mm margins (7 mm the printer does not print, 2 mm for the cut marks).\n"
    )


def test_a_target_outside_the_printable_area_is_refused_unless_the_layout_lowers_it(tmp_path):
    """6 mm targets do not fit beside the standard cards inside a laser's printable area; a
    layout for a printer that prints closer to the edge says so and prints them."""
    from clirun import cardgen_in_process

    big = tmp_path / "big.yaml"
    big.write_text("extends: standard\nname: big\nregistration: {size: 6}\n")
    ran = cardgen_in_process("build", "--set", "jokers", "--layout", big, "-o", tmp_path / "out")
    assert ran.returncode == 2 and not (tmp_path / "out").exists()
    [line] = ran.stderr.splitlines()
    assert "big.yaml, line 3, field registration: on A4 paper, a registration target on page 1 would print " in line
    assert "outside the printable area (6.35 mm in from the sides, 4.2 mm from the top and bottom)" in line
    inkjet = tmp_path / "inkjet.yaml"
    inkjet.write_text("extends: big.yaml\nname: inkjet\nprintable_area: {sides: 3, top_bottom: 3}\n")
    ran = cardgen_in_process("build", "--set", "jokers", "--layout", inkjet, "-o", tmp_path / "out")
    assert ran.returncode == 0, ran.stderr


def test_a_fitted_paper_is_the_grid_of_the_cards_and_its_margins_about_square():
    contact = load_layout("contact")
    grid = plan_sheets(11, contact, mode="sleeve").grid
    assert (grid.columns, grid.rows) == (5, 3)  # 5 × 59 mm across, 3 × 90 mm up
    assert grid.paper == pytest.approx((5 * 59 + 3, 3 * 90 + 3))  # 3 mm gaps, 3 mm margins
    assert [plan_sheets(count, contact, mode="sleeve").grid.columns for count in (1, 2, 6, 121)] == [1, 2, 3, 14]


@pytest.mark.parametrize("dpi", [72, 100, 300])
def test_a_fitted_paper_in_whole_pixels_holds_the_card_centred_its_bleed_to_the_edges(dpi):
    one_up = load_layout("one-up").model_copy(update={"card": load_layout("poker").card, "bleed": 3.0})
    plan = plan_sheets(2, one_up, mode="sleeve", dpi=dpi)
    assert len(plan.pages) == 2
    for side in plan.paper:
        assert side / 25.4 * dpi == pytest.approx(round(side / 25.4 * dpi), abs=1e-9)
    trim = plan.pages[0].slots[0].trim
    assert (trim.width, trim.height) == (63, 88)
    assert trim.centre == pytest.approx((plan.paper[0] / 2, plan.paper[1] / 2))
    reach = plan.pages[0].slots[0].reach
    assert reach.x <= 0 and reach.y <= 0 and reach.right >= plan.paper[0] and reach.top >= plan.paper[1]
