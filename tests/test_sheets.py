"""The card sheets, read back from the PDF files as a user's tools would read them."""

import pypdfium2
import pytest
from pdfcheck import (
    MM,
    all_fonts_of,
    box_mm,
    centre,
    font_is_embedded_truetype,
    fonts_of,
    ink_box_mm,
    layout_record,
    positioned_texts,
    reader,
    render,
)

from cardgen.build import PrintSettings, build, jobs_for, render_jobs
from cardgen.formats import MODES
from cardgen.texts import LANGUAGES, sheet_strings
from cardgen.verify.pdfs import verify_pdf
from cardgen.verify.readback import PageImage

A4 = (210.0, 297.0)
LETTER = (215.9, 279.4)


@pytest.fixture
def kit(card_sheets):
    return card_sheets


def test_every_page_is_exactly_a4(kit):
    for name, content in kit.items():
        for page in reader(content).pages:
            width, height = (float(v) / MM for v in page.mediabox[2:])
            assert (round(width, 3), round(height, 3)) == A4, name


def test_letter_paper_when_asked():
    files = render_jobs(jobs_for(["jokers"], "sleeve"), PrintSettings(paper="letter"))
    page = reader(files["jokers-sleeve.pdf"]).pages[0]
    assert tuple(round(float(v) / MM, 2) for v in page.mediabox[2:]) == LETTER


def test_pdf_version_and_print_hints(kit):
    for name, content in kit.items():
        assert content.startswith(b"%PDF-1.7"), name
        preferences = reader(content).trailer["/Root"]["/ViewerPreferences"]
        assert preferences["/PrintScaling"] == "/None"
        assert preferences["/Duplex"] == "/DuplexFlipLongEdge"


@pytest.mark.parametrize(
    "mode, flip, duplex", [("duplex", "short", "/DuplexFlipShortEdge"), ("sleeve", "long", "/Simplex")]
)
def test_duplex_hint_follows_the_flip(mode, flip, duplex):
    files = render_jobs(jobs_for(["jokers"], mode), PrintSettings(flip=flip))
    preferences = reader(files[f"jokers-{mode}.pdf"]).trailer["/Root"]["/ViewerPreferences"]
    assert preferences["/Duplex"] == duplex


@pytest.mark.parametrize("name", ["deck-duplex.pdf", "zero-cards-glue.pdf"])
def test_every_page_has_the_same_centred_trim_and_bleed_box_around_a_full_pages_cards(kit, name):
    """CUPS centres each page on its TrimBox: every page, back or partial last sheet, keeps the
    full first page's box, centred on the paper, so that printing moves nothing."""
    record = layout_record(kit[name])
    trims = [card["trim_mm"] for card in record["cards"] if card["page"] == 1]
    x0, y0 = min(t[0] for t in trims), min(t[1] for t in trims)
    x1, y1 = max(t[0] + t[2] for t in trims), max(t[1] + t[3] for t in trims)
    assert ((x0 + x1) / 2, (y0 + y1) / 2) == pytest.approx((A4[0] / 2, A4[1] / 2), abs=0.01)
    for page in reader(kit[name]).pages:
        assert box_mm(page.trimbox) == pytest.approx([x0, y0, x1 - x0, y1 - y0], abs=0.01)
        assert box_mm(page.bleedbox) == pytest.approx([x0 - 2.5, y0 - 2.5, x1 - x0 + 5, y1 - y0 + 5], abs=0.01)


def test_only_embedded_truetype_fonts(kit):
    for name, content in kit.items():
        for page in reader(content).pages:
            fonts = fonts_of(page)
            assert fonts, name
            assert all(font_is_embedded_truetype(font) for font in fonts), name


def _subset_fonts(content: bytes) -> dict[str, bytes]:
    """Each embedded font subset of a PDF, by its BaseFont name: its TrueType program."""
    fonts: dict[str, bytes] = {}
    for page in reader(content).pages:
        for font in all_fonts_of(page):
            name, program = str(font["/BaseFont"]).lstrip("/"), font["/FontDescriptor"]["/FontFile2"].get_data()
            assert fonts.setdefault(name, program) == program, f"two subsets named {name}"
    return fonts


def test_every_font_subset_has_a_tag_of_its_own_the_same_in_every_build(default_kit):
    """A subset's tag (the six letters before '+') tells it from the other subsets of the font:
    a tool that merges PDFs, or looks fonts up by name, must not take one for another."""
    named: dict[str, bytes] = {}
    for name, content in default_kit.items():
        if not name.endswith(".pdf"):
            continue
        fonts = _subset_fonts(content)
        tags = [base_font.split("+")[0] for base_font in fonts]
        assert all(len(tag) == 6 and tag.isupper() for tag in tags), tags
        assert len(set(tags)) == len(tags), f"{name}: {sorted(fonts)}"
        for base_font, program in fonts.items():
            assert named.setdefault(base_font, program) == program, f"{base_font} names two subsets ({name})"
    again = render_jobs(jobs_for(["jokers"], "duplex"), PrintSettings())["jokers-duplex.pdf"]
    assert sorted(_subset_fonts(again)) == sorted(_subset_fonts(default_kit["jokers-duplex.pdf"]))


def test_the_deck_has_all_104_cards_each_once_with_backs(kit):
    record = layout_record(kit["deck-duplex.pdf"])
    assert sorted(int(card["label"]) for card in record["cards"]) == list(range(1, 105))
    assert len(reader(kit["deck-duplex.pdf"]).pages) == 24
    assert all(card["back"]["page"] == card["page"] + 1 for card in record["cards"])


@pytest.mark.parametrize("name", ["deck-duplex.pdf", "jokers-glue.pdf", "zero-cards-glue.pdf"])
def test_each_card_value_is_printed_inside_its_slot(kit, name):
    content = kit[name]
    cards = layout_record(content)["cards"]
    texts_by_page = {}
    for card in cards:
        if card["kind"] in ("blank", "reference"):
            continue
        texts = texts_by_page.setdefault(card["page"], positioned_texts(content, card["page"] - 1))
        x, y, w, h = card["trim_mm"]
        inside = [t for t, tx, ty in texts if x <= tx <= x + w and y <= ty <= y + h]
        assert card["label"] in inside, (name, card["id"])


def test_zero_card_glue_sheet_has_eight_slots_the_last_for_the_plus_reference_card(kit):
    content = kit["zero-cards-glue.pdf"]
    cards = layout_record(content)["cards"]
    assert len(cards) == 8
    assert [c["kind"] for c in cards].count("zero") == 7
    assert (cards[7]["kind"], cards[7]["variant"]) == ("reference", "plus")  # known by its kind, not its id
    x, y, w, h = cards[7]["trim_mm"]
    texts = positioned_texts(content, 0)
    inside = " ".join(t for t, tx, ty in texts if x <= tx <= x + w and y <= ty <= y + h)
    assert "6 nimmt! Plus" in inside and "zero" in inside.lower()


def test_jokers_show_the_decimal_separator_of_the_language():
    files = render_jobs(jobs_for(["jokers"], "sleeve"), PrintSettings(lang="fr"))
    text = reader(files["jokers-sleeve.pdf"]).pages[0].extract_text()
    assert "0,4" in text and "0.4" not in text


def test_rebuilds_are_byte_identical(kit):
    again = render_jobs(jobs_for([], None), PrintSettings())
    assert again == dict(kit)


DPI = 400


def _face_and_back_centres(content, flip, offset):
    """For each card of the first sheet: the centre of the face's ink, and the centre of
    the ink behind it, seen through the paper (back page mirrored), both in mm."""
    record = layout_record(content)
    paper_w, paper_h = record["paper_mm"]
    front, back = render(content, 0, DPI), render(content, 1, DPI)
    pairs = []
    for card in (c for c in record["cards"] if c["page"] == 1):
        bleed = record["bleed_mm"]
        window = _grown(card["trim_mm"], bleed + 0.45)
        face = ink_box_mm(front, DPI, window, paper_h)
        expected_back = card["back"]["trim_mm"]
        back_box = ink_box_mm(back, DPI, _grown(expected_back, bleed + 0.45), paper_h)
        bx, by = centre(back_box)
        seen_through = (paper_w - bx, by) if flip == "long" else (bx, paper_h - by)
        pairs.append((card["id"], centre(face), seen_through))
    return pairs


def _grown(box, by):
    x, y, w, h = box
    return [x - by, y - by, w + 2 * by, h + 2 * by]


@pytest.mark.parametrize("mode", ["duplex", "glue"])
@pytest.mark.parametrize("flip", ["long", "short"])
def test_backs_sit_behind_their_faces(mode, flip):
    content = render_jobs(jobs_for(["jokers"], mode), PrintSettings(flip=flip))[f"jokers-{mode}.pdf"]
    for card_id, (fx, fy), (bx, by) in _face_and_back_centres(content, flip, (0, 0)):
        assert abs(fx - bx) <= 0.1 and abs(fy - by) <= 0.1, (card_id, (fx, fy), (bx, by))


@pytest.mark.parametrize("flip", ["long", "short"])
def test_back_offset_moves_the_back_page_as_seen_on_it(flip):
    dx, dy = 1.5, -0.75
    content = render_jobs(jobs_for(["jokers"], "duplex"), PrintSettings(flip=flip, back_offset=(dx, dy)))[
        "jokers-duplex.pdf"
    ]
    record = layout_record(content)
    paper_w, paper_h = record["paper_mm"]
    back = render(content, 1, DPI)
    for card in (c for c in record["cards"] if c["page"] == 1):
        x, y, w, h = card["trim_mm"]
        unshifted = [paper_w - x - w, y, w, h] if flip == "long" else [x, paper_h - y - h, w, h]
        found = ink_box_mm(back, DPI, _grown([unshifted[0] + dx, unshifted[1] + dy, w, h], 2.95), paper_h)
        cx, cy = centre(found)
        ux, uy = centre(unshifted)
        assert cx - ux == pytest.approx(dx, abs=0.1) and cy - uy == pytest.approx(dy, abs=0.1)


@pytest.mark.parametrize(
    "layout_text",
    [
        None,
        "extends: standard\nname: tight\ncard: {width: 63.5, height: 88.9}\nbleed: 3\n",
    ],
)
def test_nothing_is_drawn_where_a_common_laser_cannot_print(tmp_path, layout_text):
    settings = PrintSettings()
    if layout_text:
        (tmp_path / "tight.yaml").write_text(layout_text)
        settings = PrintSettings(layout=str(tmp_path / "tight.yaml"))
    content = render_jobs(jobs_for(["jokers"], "glue"), settings)["jokers-glue.pdf"]
    sides, ends = 6.2, 4.05  # mm: a little inside the strips a common laser leaves blank (6.35 and 4.2 mm)
    for index in range(2):
        image = render(content, index, 100)
        width, height = image.size
        side, end = (round(mm / 25.4 * 100) for mm in (sides, ends))
        for box in [
            (0, 0, width, end),
            (0, height - end, width, height),
            (0, 0, side, height),
            (width - side, 0, width, height),
        ]:
            assert image.crop(box).getextrema()[0] > 245, (index, box)


@pytest.mark.parametrize("mode", MODES)
def test_every_mode_of_the_table_makes_a_sheet_that_verify_passes(mode, tmp_path):
    [(name, content)] = render_jobs(jobs_for(["zero-cards"], mode), PrintSettings()).items()
    assert name == f"zero-cards{MODES[mode].suffix}" and layout_record(content)["mode"] == mode
    path = tmp_path / name
    path.write_bytes(content)
    report = verify_pdf(path)
    assert report.ok, [check.line() for check in report.checks if check.result == "fail"]
    backs = {check.name: check.result for check in report.checks}.get("pdf.backs")
    assert backs == (None if MODES[mode].backs is None else "pass")


def test_a_sticker_sheet_prints_faces_a_little_inside_the_card_on_one_side_with_its_recipe():
    content = render_jobs(jobs_for(["zero-cards"], "sticker"), PrintSettings())["zero-cards-sticker.pdf"]
    record = layout_record(content)
    assert record["card_mm"] == [54.5, 85.5] and record["flip"] is None  # 56 x 87 less 0.75 mm a side
    assert {page["side"] for page in record["pages"]} == {"front"}
    assert all(card["trim_mm"][2:] == [54.5, 85.5] and "back" not in card for card in record["cards"])
    assert [card["kind"] for card in record["cards"]][-1] == "reference"  # the eighth spare card of the box
    assert reader(content).trailer["/Root"]["/ViewerPreferences"]["/Duplex"] == "/Simplex"
    assert "glue each face onto the advertising side of a spare card" in " ".join(
        text for text, _, _ in positioned_texts(content, 0)
    )


def _corner_windows(trim, radius, beyond):
    """A 0.3 mm window in each corner of a trim box, on its diagonal, `beyond` mm outside the
    arc of a rounded cut of `radius` (inside it where negative)."""
    x, y, w, h = trim
    along = radius - (radius + beyond) / 2**0.5
    return [
        [x + right * w - (1 if right else -1) * along - 0.15, y + top * h - (1 if top else -1) * along - 0.15, 0.3, 0.3]
        for right in (0, 1)
        for top in (0, 1)
    ]


def test_a_sticker_is_printed_with_the_rounded_corners_it_is_cut_with():
    """A sticker 0.75 mm inside a card with 3 mm corners must be cut with 2.25 mm corners, or it
    overhangs each corner by about 0.2 mm: the face's colour once ran square 2.5 mm past its
    corners. It stops at the rounded cut there, and bleeds along the straight edges."""
    content = render_jobs(jobs_for(["jokers"], "sticker"), PrintSettings())["jokers-sticker.pdf"]
    record = layout_record(content)
    page = pypdfium2.PdfDocument(content)[0]

    def inked(window):
        return PageImage.of_page(page, record["paper_mm"], 600, window).ink_box(window) is not None

    for card in (c for c in record["cards"] if c["page"] == 1):
        assert not any(map(inked, _corner_windows(card["trim_mm"], 2.25, 0.4))), card["id"]  # paper beyond the arc
        assert all(map(inked, _corner_windows(card["trim_mm"], 2.25, -0.4))), card["id"]  # the face's colour within
        x, y, w, h = card["trim_mm"]
        assert inked([x + w / 2 - 0.15, y - 2.0, 0.3, 0.3]), card["id"]  # 2 mm below the bottom edge: its bleed
    assert record["face_corner_mm"] == 2.25  # verify reads the corners it stops at


def test_verify_fails_a_sticker_sheet_printed_with_square_corners(tmp_path, monkeypatch):
    from cardgen.render import sheets

    monkeypatch.setattr(sheets, "_reach_path", lambda canvas, slot: _square(canvas, slot.reach))
    content = render_jobs(jobs_for(["jokers"], "sticker"), PrintSettings())["jokers-sticker.pdf"]
    (tmp_path / "square.pdf").write_bytes(content)
    failed = [check for check in verify_pdf(tmp_path / "square.pdf").checks if check.result == "fail"]
    assert failed and {check.name for check in failed} == {"pdf.corners"}
    assert len(failed) == 40 and "runs past its 2.25 mm rounded cut in the lower-left corner:" in failed[0].message


def _square(canvas, box):
    path = canvas.beginPath()
    path.rect(*(v * MM for v in (box.x, box.y, box.width, box.height)))
    return path


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_page_of_every_mode_keeps_its_note_in_every_language(lang, paper):
    """The note is a sheet's only word on how to print and what to do after: a full page
    in French once had none (the sticker recipe did not fit), and verify could not tell."""
    words = {key: value.replace("\u00a0", " ") for key, value in sheet_strings(lang).items() if isinstance(value, str)}
    for mode, sheet in MODES.items():
        pdfs = render_jobs(jobs_for(["zero-cards", "jokers"], mode), PrintSettings(lang=lang, paper=paper))
        for name, content in pdfs.items():
            for index in range(len(reader(content).pages)):
                text = " ".join(text for text, _, _ in positioned_texts(content, index)).replace("\u00a0", " ")
                assert words["print_actual_size"] in text, (name, index + 1)
                if sheet.instruction:
                    shown = {words[sheet.instruction], words.get(f"short.{sheet.instruction}")}  # whole, or short
                    assert any(instruction and instruction in text for instruction in shown), (name, index + 1)


def test_a_page_without_its_note_fails_verify(tmp_path, monkeypatch):
    from cardgen.render import marks

    monkeypatch.setattr(marks, "fit_note", lambda notes, title_at, box: (6.0, []))  # as if nothing fitted
    [(name, content)] = render_jobs(jobs_for(["zero-cards"], "sticker"), PrintSettings(lang="fr")).items()
    (tmp_path / name).write_bytes(content)
    checks = {check.name: check for check in verify_pdf(tmp_path / name).checks}
    assert checks["pdf.note"].result == "fail" and "page 1" in checks["pdf.note"].place


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_pdfs_subject_says_how_to_print_it_in_its_language_and_truly(lang):
    words = sheet_strings(lang)
    kit = build(PrintSettings(lang=lang, flip="short"), ["jokers"], "duplex")
    sleeve = build(PrintSettings(lang=lang), ["jokers"], "sleeve")
    subjects = {name: reader(content).metadata["/Subject"] for name, content in (kit | sleeve).items()}
    assert subjects["jokers-duplex.pdf"].startswith(words["print_actual_size"])
    assert subjects["jokers-duplex.pdf"].endswith(words["flip_short"])
    assert subjects["jokers-sleeve.pdf"].endswith(words["one_sided"])


@pytest.mark.parametrize("layout, offset", [("standard", (1.5, -0.5)), ("poker", (-3.0, 2.5))])
def test_a_sheet_with_a_back_offset_passes_verify_its_backs_marks_inside_the_paper_as_drawn(tmp_path, layout, offset):
    settings = PrintSettings(layout=layout, paper="letter", flip="short", back_offset=offset)
    [(name, content)] = render_jobs(jobs_for(["jokers"], "duplex"), settings).items()
    (tmp_path / name).write_bytes(content)
    report = verify_pdf(tmp_path / name)
    assert report.ok, [check.line() for check in report.checks if check.result == "fail"]
    record = layout_record(content)
    width = record["paper_mm"][0] - record["printable_mm"][0]
    marks = [m for page in record["pages"] if page["side"] == "back" for m in page.get("cut_marks_mm", [])]
    assert marks and all(record["printable_mm"][0] - 0.2 <= x <= width + 0.2 for m in marks for x in m[0::2])
