"""`cardgen verify` on PDFs: the good kit passes, and each way a PDF can be spoiled
before printing is caught, with the place named."""

import io
import json

import pypdf
import pytest
from clirun import cardgen_in_process
from hostile_pdfs import made_elsewhere

from cardgen.build import PrintSettings, jobs_for, render_jobs
from cardgen.model.cards import load_card_set
from cardgen.verify.pdfs import verify_pdf
from cardgen.verify.readback import MM, layout_record


@pytest.fixture(scope="module")
def kit(tmp_path_factory, card_sheets):
    folder = tmp_path_factory.mktemp("kit")
    files = dict(card_sheets)
    files.update(render_jobs(jobs_for(["jokers"], "glue"), PrintSettings(flip="short", back_offset=(1, 0.5))))
    for name, content in files.items():
        (folder / name).write_bytes(content)
    return folder


def failures(report, name=None):
    return [c for c in report.checks if c.result == "fail" and (name is None or c.name == name)]


def results(report):
    return {c.name: c.result for c in report.checks}


@pytest.mark.parametrize(
    "name, card_set",
    [
        ("deck-duplex.pdf", "numbered"),
        ("jokers-duplex.pdf", "jokers"),
        ("jokers-glue.pdf", "jokers"),  # short flip with a back offset of 1, 0.5 mm
        ("zero-cards-glue.pdf", "zero-cards"),
    ],
)
def test_the_good_kit_passes_every_check(kit, name, card_set):
    report = verify_pdf(kit / name, [load_card_set(card_set)])
    assert report.ok, [c.line() for c in failures(report)]
    expected = {
        "pdf.paper",
        "pdf.pages",
        "pdf.scaling",
        "pdf.duplex",
        "pdf.boxes",
        "pdf.fonts",
        "pdf.resources",
        "pdf.cards",
        "pdf.faces",
        "pdf.backs",
        "pdf.cut-marks",
        "pdf.targets",
        "pdf.ruler",
        "pdf.note",
        "pdf.printable",
        "pdf.contents",
    }
    assert set(results(report)) == expected


def test_a_folder_that_build_wrote_is_verified_pdf_by_pdf(kit, tmp_path):
    result = cardgen_in_process("verify", kit)
    assert result.returncode == 0, result.stdout + result.stderr
    pdfs = sorted(path.name for path in kit.glob("*.pdf"))
    assert f"{len(pdfs)} inputs" in result.stdout.splitlines()[-1]
    (tmp_path / "empty").mkdir()
    empty = cardgen_in_process("verify", tmp_path / "empty")
    assert empty.returncode == 2 and "holds no PDF, no cut file and no export's manifest.json" in empty.stderr


def _rewrite(source, change) -> bytes:
    """The PDF with `change(writer)` applied, its attachment kept."""
    writer = pypdf.PdfWriter(clone_from=pypdf.PdfReader(source))
    change(writer)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def _write(tmp_path, content, name="spoiled.pdf"):
    path = tmp_path / name
    path.write_bytes(content)
    return path


def test_a_resized_page_is_caught_with_its_number(kit, tmp_path):
    def resize(writer):
        writer.pages[2].mediabox = pypdf.generic.RectangleObject([0, 0, 612, 792])

    report = verify_pdf(_write(tmp_path, _rewrite(kit / "jokers-duplex.pdf", resize)))
    [found] = failures(report, "pdf.paper")
    assert found.place == "page 3" and "215.90 × 279.40 mm" in found.message


@pytest.mark.parametrize("page_index", [1, 0])
def test_a_page_shifted_by_half_a_millimetre_is_caught(kit, tmp_path, page_index):
    def shift(writer):
        writer.pages[page_index].add_transformation(pypdf.Transformation().translate(0.5 * MM, 0))

    report = verify_pdf(_write(tmp_path, _rewrite(kit / "jokers-duplex.pdf", shift)))
    backs = failures(report, "pdf.backs")
    assert len(backs) == 9  # the nine cards of the first sheet
    assert all(abs(abs(c.details["offset_mm"][0]) - 0.5) < 0.1 for c in backs)
    assert failures(report, "pdf.targets") and failures(report, "pdf.cut-marks")
    if page_index == 0:
        assert len(failures(report, "pdf.faces")) == 9


def test_removed_viewer_preferences_are_caught(kit, tmp_path):
    def strip(writer):
        del writer._root_object["/ViewerPreferences"]

    report = verify_pdf(_write(tmp_path, _rewrite(kit / "jokers-glue.pdf", strip)))
    assert results(report)["pdf.scaling"] == "fail" and results(report)["pdf.duplex"] == "fail"
    assert "shrink" in failures(report, "pdf.scaling")[0].message


def test_a_wrong_duplex_hint_is_caught(kit, tmp_path):
    def long_edge(writer):
        writer._root_object["/ViewerPreferences"][pypdf.generic.NameObject("/Duplex")] = pypdf.generic.NameObject(
            "/DuplexFlipLongEdge"
        )

    report = verify_pdf(_write(tmp_path, _rewrite(kit / "jokers-glue.pdf", long_edge)))  # laid out for short
    assert "DuplexFlipShortEdge" in failures(report, "pdf.duplex")[0].message


def test_a_dropped_page_is_caught(kit, tmp_path):
    source = pypdf.PdfReader(kit / "jokers-duplex.pdf")
    writer = pypdf.PdfWriter()
    for index, page in enumerate(source.pages):
        if index != 3:
            writer.add_page(page)
    writer.add_attachment("cardgen-layout.json", source.attachments["cardgen-layout.json"][0])
    out = io.BytesIO()
    writer.write(out)
    report = verify_pdf(_write(tmp_path, out.getvalue()), [load_card_set("jokers")])
    pages = failures(report, "pdf.pages")
    assert any("3 pages" in c.message and "4" in c.message for c in pages)
    assert any("odd number" in c.message for c in pages)
    assert len(failures(report, "pdf.backs")) == 1  # the last sheet holds joker 0.9 alone


def test_missing_boxes_are_caught(kit, tmp_path):
    def drop_boxes(writer):
        del writer.pages[1]["/TrimBox"]

    report = verify_pdf(_write(tmp_path, _rewrite(kit / "jokers-duplex.pdf", drop_boxes)))
    [found] = failures(report, "pdf.boxes")
    assert found.place == "page 2"


@pytest.mark.parametrize(
    "page, moved_mm, said",
    [
        (
            2,
            (1.0, 0.5),
            "the TrimBox is moved by the back offset (1, 0.5) mm: CUPS centres every page on its "
            "TrimBox, so it would move this page back by (-1.00, -0.50) mm and undo the offset [page 2]",
        ),
        (
            3,
            (0.0, -60.0),
            "the TrimBox differs from page 1's: CUPS centres every page on its TrimBox and would "
            "print this page moved by (+0.00, +60.00) mm [page 3]",
        ),
    ],
)
def test_a_trim_box_moved_on_one_page_fails_with_what_cups_would_do(kit, tmp_path, page, moved_mm, said):
    """As cardgen once wrote them: a back's TrimBox moved with the back offset, a partial sheet's
    around its own cards. The sheet's drawing is untouched; only printing through CUPS would move it."""

    def move_trim_box(writer):
        box = writer.pages[page - 1].trimbox
        dx, dy = moved_mm[0] * MM, moved_mm[1] * MM
        writer.pages[page - 1].trimbox = pypdf.generic.RectangleObject(
            [float(box[0]) + dx, float(box[1]) + dy, float(box[2]) + dx, float(box[3]) + dy]
        )

    path = _write(tmp_path, _rewrite(kit / "jokers-glue.pdf", move_trim_box))  # short flip, back offset 1, 0.5
    result = cardgen_in_process("verify", path)
    assert result.returncode == 1
    assert f"FAIL  pdf.boxes: {said}" in [line.strip() for line in result.stdout.splitlines()]
    assert all(c.name == "pdf.boxes" for c in failures(verify_pdf(path)))


def test_a_trim_box_across_the_paper_fails_because_cups_would_turn_every_page(kit, tmp_path):
    def widen(writer):
        for page in writer.pages:  # 200 x 190 mm, centred on A4: wider than tall
            page.trimbox = pypdf.generic.RectangleObject([5 * MM, 53.5 * MM, 205 * MM, 243.5 * MM])
            page.bleedbox = pypdf.generic.RectangleObject([2.5 * MM, 51 * MM, 207.5 * MM, 246 * MM])

    report = verify_pdf(_write(tmp_path, _rewrite(kit / "jokers-duplex.pdf", widen)))
    found = failures(report, "pdf.boxes")
    assert any(c.place == "page 1" and "CUPS would print every page turned a quarter turn" in c.message for c in found)


def test_a_card_printed_in_the_wrong_slot_is_caught(kit, tmp_path):
    record = layout_record((kit / "jokers-duplex.pdf").read_bytes())
    record["cards"][0]["trim_mm"], record["cards"][1]["trim_mm"] = (
        record["cards"][1]["trim_mm"],
        record["cards"][0]["trim_mm"],
    )
    source = pypdf.PdfReader(kit / "jokers-duplex.pdf")
    writer = pypdf.PdfWriter()
    for page in source.pages:
        writer.add_page(page)
    writer._root_object[pypdf.generic.NameObject("/ViewerPreferences")] = source.trailer["/Root"]["/ViewerPreferences"]
    writer.add_attachment("cardgen-layout.json", json.dumps(record).encode())
    out = io.BytesIO()
    writer.write(out)
    report = verify_pdf(_write(tmp_path, out.getvalue()))
    cards = failures(report, "pdf.cards")
    assert [c.details["card"] for c in cards] == ["J0.0", "J0.1"]
    assert "page 1, slot 1" in cards[0].place


def test_a_set_printed_incompletely_is_caught(kit):
    report = verify_pdf(kit / "zero-cards-glue.pdf", [load_card_set("jokers")])
    contents = failures(report, "pdf.contents")
    assert any("10 cards of jokers are not printed" in c.message for c in contents)
    assert any("not in jokers" in c.message for c in contents)


def test_a_pdf_made_elsewhere_gets_what_can_be_checked_and_says_what_cannot(tmp_path):
    report = verify_pdf(_write(tmp_path, made_elsewhere(), "elsewhere.pdf"))
    assert report.kind == "pdf"
    assert results(report)["pdf.paper"] == "pass" and "A4" in report.checks[0].message
    [font] = failures(report, "pdf.fonts")
    assert font.details["font"] == "Helvetica"
    assert results(report)["pdf.scaling"] == "fail"
    assert "cannot be checked" in [c for c in report.checks if c.name == "pdf.drawing"][0].message


def test_a_non_embedded_font_inside_a_cardgen_pdf_is_caught(kit, tmp_path):
    helvetica = pypdf.PdfReader(io.BytesIO(made_elsewhere())).pages[0]["/Resources"]["/Font"]

    def add_font(writer):
        fonts = writer.pages[0]["/Resources"]["/Font"]
        for name, font in helvetica.items():
            fonts[pypdf.generic.NameObject("/Extra" + name[1:])] = writer._add_object(font.get_object())

    report = verify_pdf(_write(tmp_path, _rewrite(kit / "jokers-duplex.pdf", add_font)))
    [font] = failures(report, "pdf.fonts")
    assert "Helvetica" in font.message and font.details["pages"][0] == 1


def test_command_line_exit_status_and_json(kit, tmp_path):
    good = cardgen_in_process("verify", kit / "jokers-duplex.pdf", "--set", "jokers", "--json")
    assert good.returncode == 0, good.stdout + good.stderr
    data = json.loads(good.stdout)
    assert data["ok"] and {c["check"] for c in data["inputs"][0]["checks"]} >= {"pdf.backs", "pdf.contents"}

    spoiled = cardgen_in_process("verify", _write(tmp_path, made_elsewhere(), "elsewhere.pdf"))
    assert spoiled.returncode == 1
    assert spoiled.stdout.splitlines()[-1].startswith("summary:") and "FAIL  pdf.fonts" in spoiled.stdout

    for bad, why in [
        (tmp_path / "absent.pdf", "no such file"),
        (_write(tmp_path, b"hello", "text.pdf"), "not a PDF"),
        (_write(tmp_path, b"%PDF-1.7\n garbage", "broken.pdf"), "cannot be read"),
    ]:
        result = cardgen_in_process("verify", bad)  # status 2 from the real entry point: test_cli
        assert result.returncode == 2 and why in result.stderr
        assert "Traceback" not in result.stderr and len(result.stderr.strip().splitlines()) == 1


def test_a_missing_pdf_is_named_without_a_list_of_card_sets(tmp_path):
    missing = cardgen_in_process("verify", tmp_path / "promo-duplex.pdf")
    assert missing.returncode == 2
    assert missing.stderr.strip() == f"cardgen: {tmp_path / 'promo-duplex.pdf'}: there is no such file."
    unknown_set = cardgen_in_process("verify", "promo")  # a bare name may be meant as a bundled set
    assert unknown_set.returncode == 2 and "bundled sets: jokers, numbered, zero-cards" in unknown_set.stderr


def test_a_page_shrunk_to_97_percent_fails_the_ruler(kit, tmp_path):
    def shrink(writer):
        writer.pages[0].add_transformation(pypdf.Transformation().scale(0.97, 0.97))

    report = verify_pdf(_write(tmp_path, _rewrite(kit / "jokers-duplex.pdf", shrink)))
    [ruler] = failures(report, "pdf.ruler")
    assert ruler.place == "page 1" and abs(ruler.details["measured_mm"] - 97) < 0.1


def test_a_layout_with_longer_cut_marks_and_no_ruler_is_verified_by_its_own_settings(tmp_path):
    layout = tmp_path / "sparse.yaml"
    layout.write_text("extends: standard\nname: sparse\nruler: 0\ncut_marks: {offset: 2, length: 4}\n")
    content = render_jobs(jobs_for(["jokers"], "duplex"), PrintSettings(layout=str(layout)))["jokers-duplex.pdf"]
    report = verify_pdf(_write(tmp_path, content), [load_card_set("jokers")])
    assert report.ok, [c.line() for c in failures(report)]
    assert results(report)["pdf.cut-marks"] == "pass"
    assert results(report)["pdf.ruler"] == "info"


def _contents_line(report):
    [contents] = [c for c in report.checks if c.name == "pdf.contents"]
    assert contents.result == "pass", contents.line()
    return contents.message


def test_the_plus_reference_card_on_the_zero_card_sheet_is_named_with_its_slot(kit):
    message = _contents_line(verify_pdf(kit / "zero-cards-glue.pdf", [load_card_set("zero-cards")]))
    assert message == (
        "every card of zero-cards is printed exactly once (7 cards) and the Plus reference card "
        "in the eighth slot, nothing else"
    )


@pytest.fixture(scope="module")
def sleeve(tmp_path_factory):
    folder = tmp_path_factory.mktemp("sleeve")
    card_set = folder / "lost.yaml"
    card_set.write_text(
        'name: lost\ntitle: Lost cards\ncards:\n  - {id: "55", kind: number, value: 55, heads: 7}\n'
        '  - {id: "12", kind: number, value: 12, heads: 1}\n  - {id: B1, kind: blank, value: 0, heads: 0}\n'
    )
    [(name, content)] = render_jobs(jobs_for([str(card_set)], "sleeve"), PrintSettings()).items()
    return _write(folder, content, name), card_set


def test_a_sleeve_sheet_says_one_page_and_every_page(sleeve):
    path, card_set = sleeve
    report = verify_pdf(path, [load_card_set(str(card_set))])
    assert report.ok, [c.line() for c in failures(report)]
    messages = {c.name: c.message for c in report.checks}
    assert messages["pdf.pages"] == "1 page of fronts only, as a sleeve sheet prints"
    assert messages["pdf.cut-marks"].endswith("in line with the cuts, every cut marked, on every page")
    assert "fronts and backs" not in messages["pdf.cut-marks"]
    assert (
        messages["pdf.contents"]
        == "every card of lost is printed exactly once (2 cards and 1 blank card), nothing else"
    )
    assert "(s)" not in " ".join(messages.values())


def test_the_summary_line_counts_in_the_singular_too():
    from cardgen.verify.report import Report, summary_line

    report = Report("x.pdf", "pdf")
    report.passed("pdf.paper", "fine")
    report.info("pdf.drawing", "a note")
    assert summary_line([report]).endswith("1 passed, 0 failed, 1 note, 1 input")


def test_a_duplex_sheet_says_pages_in_pairs_and_fronts_and_backs(kit):
    messages = {c.name: c.message for c in verify_pdf(kit / "jokers-duplex.pdf").checks}
    assert messages["pdf.pages"] == "4 pages in front/back pairs, as a duplex sheet prints"
    assert messages["pdf.cut-marks"].endswith("on fronts and backs")


def _summary(folder):
    """A German rule summary on both sides of a sheet."""
    from rulecopy import two_page_summary

    from cardgen.summaries import summary_pdf

    return summary_pdf(str(two_page_summary(folder, "de")), "de")


def _score_sheet(folder):
    from cardgen.render.scoresheet import score_sheet_pdf

    return score_sheet_pdf("plus", "fr")


def _retitled(content: bytes, title: str) -> bytes:
    writer = pypdf.PdfWriter(clone_from=pypdf.PdfReader(io.BytesIO(content)))
    writer.add_metadata({"/Title": title})
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


@pytest.mark.parametrize(
    "what, make", [("a rule summary of Classic, in de", _summary), ("a score sheet of Plus, in fr", _score_sheet)]
)
def test_cardgen_pdfs_that_are_not_card_sheets_say_what_they_are_whatever_their_title(tmp_path, what, make):
    report = verify_pdf(_write(tmp_path, _retitled(make(tmp_path), "Untitled"), "made-by-cardgen.pdf"))
    assert report.kind == "cardgen-pdf" and report.ok, [c.line() for c in report.checks]
    assert {"pdf.paper", "pdf.scaling", "pdf.duplex", "pdf.fonts"} <= set(results(report))
    [drawing] = [c for c in report.checks if c.name == "pdf.drawing"]
    assert drawing.result == "info" and drawing.message.startswith(
        f"made by cardgen: {what}; its drawing is not checked"
    )
    [box] = [c for c in report.checks if c.name == "pdf.boxes"]  # they carry none: no claim that they do
    assert box.result == "info" and "no TrimBox" in box.message and "has a TrimBox" not in box.message


def test_a_document_whose_record_names_another_flip_fails_its_duplex_hint(tmp_path):
    content = _summary(tmp_path).replace(b"/DuplexFlipLongEdge", b"/DuplexFlipShortEdge")
    report = verify_pdf(_write(tmp_path, content))
    assert results(report)["pdf.duplex"] == "fail" and not report.ok


def test_a_pdf_an_older_cardgen_made_without_a_record_is_checked_as_a_document(tmp_path):
    report = verify_pdf(_write(tmp_path, made_elsewhere(creator="cardgen 0.0.1")))
    [drawing] = [c for c in report.checks if c.name == "pdf.drawing"]
    assert report.kind == "cardgen-pdf" and "carries no record of what it is" in drawing.message


def test_a_file_name_with_a_line_break_or_a_direction_mark_is_shown_escaped(default_kit, tmp_path):
    path = tmp_path / "a\nb\u202efdp.pdf"
    path.write_bytes(default_kit["jokers-glue.pdf"])
    result = cardgen_in_process("verify", path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[0] == f"{tmp_path}/a\\nb\\u202efdp.pdf (cardgen PDF)"
    assert "\u202e" not in result.stdout
