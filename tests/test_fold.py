"""Fold sheets: faces and their backs side by side, for a printer that prints one side only."""

import pytest
from pdfcheck import MM, page_text, reader

import cardgen.layout.plan as plan_module
from cardgen.build import PrintSettings, jobs_for, render_jobs
from cardgen.layout.plan import plan_sheets
from cardgen.model.cards import load_card_set
from cardgen.model.layout import load_layout
from cardgen.verify.pdfs import verify_pdf

A4, LETTER = (210.0, 297.0), (215.9, 279.4)


def _layout(name="standard"):
    return load_layout(name)[0]


@pytest.mark.parametrize("paper", [A4, LETTER])
def test_four_cards_of_56_by_87_mm_a_page_each_back_mirrored_across_the_fold(paper):
    plan = plan_sheets(10, _layout(), paper, "fold")
    assert len(plan.grid.slots) == 4 and len(plan.pages) == 3
    for page in plan.pages:
        assert page.side == "front" and page.fold is not None and page.fold.x == paper[0] / 2
        faces = {slot.card: slot for slot in page.slots if slot.draws == "face"}
        backs = {slot.card: slot for slot in page.slots if slot.draws == "back"}
        assert faces.keys() == backs.keys()
        for card, face in faces.items():
            back = backs[card].trim
            assert (face.trim.width, face.trim.height) == (87, 56)  # turned a quarter to fit
            assert abs((2 * page.fold.x - back.right) - face.trim.x) < 1e-9 and back.y == face.trim.y
            assert face.turn == 1 and backs[card].turn == 3
            assert face.trim.right + _layout().bleed < page.fold.x < back.x - _layout().bleed  # bleeds clear of it


def test_no_registration_targets_and_the_note_and_ruler_stay_on_the_paper():
    for page in plan_sheets(9, _layout("poker"), A4, "fold").pages:
        assert page.targets == ()
        assert page.note is not None and page.ruler is not None
        label = page.fold.label
        assert 3.0 <= label.y and label.top <= A4[1] - 3.0


@pytest.fixture(scope="module")
def fold_sheet(tmp_path_factory):
    folder = tmp_path_factory.mktemp("fold")
    files = render_jobs(jobs_for(["jokers"], "fold"), PrintSettings(lang="fr"))
    path = folder / "jokers-fold.pdf"
    path.write_bytes(files["jokers-fold.pdf"])
    return path


def test_a_fold_sheet_is_one_sided_and_says_where_to_fold(fold_sheet):
    pdf = reader(fold_sheet.read_bytes())
    assert len(pdf.pages) == 3  # 10 jokers, 4 a page
    assert pdf.trailer["/Root"]["/ViewerPreferences"]["/Duplex"] == "/Simplex"
    width, height = (float(v) / MM for v in pdf.pages[0].mediabox[2:])
    assert (round(width, 2), round(height, 2)) == A4
    text = page_text(fold_sheet.read_bytes())
    assert "plier ici" in text and "plier sur les pointillés" in text


def test_verify_measures_every_back_across_the_fold_from_the_pixels(fold_sheet):
    report = verify_pdf(fold_sheet, [load_card_set("jokers")])
    assert report.ok, [c.message for c in report.checks if c.result == "fail"]
    [backs] = [c for c in report.checks if c.name == "pdf.backs"]
    assert "across the fold line at x 105 mm" in backs.message


def test_a_back_drawn_off_the_fold_mirror_is_caught(monkeypatch, tmp_path):
    real = plan_module.behind

    def skewed(rect, paper, flip):
        return real(rect, paper, flip).moved(0.3, 0)  # 0.3 mm away from the mirror of its face

    monkeypatch.setattr(plan_module, "behind", skewed)
    path = tmp_path / "jokers-fold.pdf"
    path.write_bytes(render_jobs(jobs_for(["jokers"], "fold"), PrintSettings())["jokers-fold.pdf"])
    report = verify_pdf(path)
    failed = [c for c in report.checks if c.result == "fail" and c.name == "pdf.backs"]
    assert failed and "mm away from behind its face (across the fold line" in failed[0].message
    assert 0.25 < failed[0].details["offset_mm"][0] < 0.35
