"""`cardgen export`: print-shop files read back as a print shop would (PIL for the PNGs'
size, dpi and colours, pypdf for the PDF's boxes, pypdfium2 for the pixels), the same
bytes every time, bad input refused in one line with nothing written; and `cardgen
verify` on an export, whole and tampered with."""

import io
import json
import shutil
import warnings

import pypdf
import pypdfium2
import pytest
from PIL import Image, ImageChops, ImageCms, ImageStat

from cardgen.model.cards import load_card_set
from cardgen.verify.export import verify_export
from cardgen.verify.readback import all_fonts_of, box_mm, font_is_embedded
from cardgen.verify.report import render_text
from tests.clirun import cardgen_in_process, cardgen_with_stderr_on
from tests.pseudo import english_in_reports

TWO_CARDS = "name: two\ntitle: Two cards\ncards:\n  - {id: '1', kind: number, value: 1, heads: 1}\n  - {id: '55', kind: number, value: 55, heads: 7}\n"


@pytest.fixture(scope="module")
def two_cards(tmp_path_factory):
    path = tmp_path_factory.mktemp("sets") / "two.yaml"
    path.write_text(TWO_CARDS, encoding="utf-8")
    return path


def export(*args):
    return cardgen_in_process("export", *args)


@pytest.fixture(scope="module")
def png_export(two_cards, tmp_path_factory):
    """The two cards as poker-size PNGs with 3 mm bleed at 300 dpi."""
    folder = tmp_path_factory.mktemp("png")
    ran = export("--set", two_cards, "--layout", "poker", "-o", folder)
    assert ran.returncode == 0, ran.stderr
    return folder


@pytest.fixture(scope="module")
def pdf_export(two_cards, tmp_path_factory):
    folder = tmp_path_factory.mktemp("pdf")
    ran = export("--set", two_cards, "--format", "pdf", "--layout", "poker", "-o", folder)
    assert ran.returncode == 0, ran.stderr
    return folder


def manifest(folder):
    return json.loads((folder / "manifest.json").read_text(encoding="utf-8"))


def test_a_png_is_the_trim_plus_bleed_at_the_dpi_sRGB_with_its_dpi(png_export):
    assert sorted(path.name for path in png_export.iterdir()) == ["1.png", "55.png", "back.png", "manifest.json"]
    for name in ("1.png", "55.png", "back.png"):
        with Image.open(png_export / name) as image:
            # 63 + 2 × 3 mm at 300 dpi is 814.96 px, rounded to 815; 88 + 6 mm is 1110.2, so 1110
            assert image.size == (815, 1110)
            assert image.mode == "RGB"
            assert [round(value) for value in image.info["dpi"]] == [300, 300]
            profile = ImageCms.ImageCmsProfile(io.BytesIO(image.info["icc_profile"]))
            assert "sRGB" in ImageCms.getProfileDescription(profile)


def test_a_pdf_page_is_the_trim_plus_bleed_with_the_trimbox_at_the_cut(pdf_export):
    assert sorted(path.name for path in pdf_export.iterdir()) == ["manifest.json", "two.pdf"]
    pdf = pypdf.PdfReader(pdf_export / "two.pdf")
    assert len(pdf.pages) == 3  # two faces and their one back
    for page in pdf.pages:
        assert box_mm(page.mediabox) == pytest.approx([0, 0, 69, 94], abs=0.001)
        assert box_mm(page.bleedbox) == pytest.approx([0, 0, 69, 94], abs=0.001)
        assert box_mm(page.trimbox) == pytest.approx([3, 3, 63, 88], abs=0.001)
        assert all(font_is_embedded(font) for font in all_fonts_of(page))


def test_the_manifest_says_what_each_file_is_and_how_many_to_print(png_export, pdf_export):
    png = manifest(png_export)
    assert (png["format"], png["trim_mm"], png["bleed_mm"], png["size_mm"]) == ("png", [63, 88], 3, [69, 94])
    assert (png["dpi"], png["pixels"], png["cards"], png["sets"]) == (300, [815, 1110], 2, ["two"])
    assert png["files"] == [
        {"file": "1.png", "side": "front", "card": "1", "copies": 1, "back": {"file": "back.png"}},
        {"file": "55.png", "side": "front", "card": "55", "copies": 1, "back": {"file": "back.png"}},
        {"file": "back.png", "side": "back", "copies": 2, "style": "standard"},
    ]
    pdf = manifest(pdf_export)
    assert (pdf["dpi"], pdf["pixels"]) == (None, None)
    assert [(entry["page"], entry["side"], entry.get("card"), entry["copies"]) for entry in pdf["files"]] == [
        (1, "front", "1", 1),
        (2, "front", "55", 1),
        (3, "back", None, 2),
    ]
    assert pdf["files"][0]["back"] == {"file": "two.pdf", "page": 3}


def _card_image(folder, fmt: str, size: tuple[int, int]) -> Image.Image:
    """Card 1 as the print shop sees it: its PNG, or its PDF page drawn by pdfium (whose
    image of a 560.0000001 px page is 561 px: the extra column is cut)."""
    if fmt == "png":
        return Image.open(folder / "1.png").convert("RGB")
    document = pypdfium2.PdfDocument(folder / "two.pdf")
    try:
        return document[0].render(scale=254 / 72).to_pil().convert("RGB").crop((0, 0, *size))
    finally:
        document.close()


def _panel_columns(image: Image.Image, border) -> tuple[int, int]:
    """The first and last column of the middle row that is far from the border colour
    (a pixel half covered by the panel's edge counts as far)."""
    row = [image.getpixel((x, image.height // 2)) for x in range(image.width)]
    inside = [x for x, colour in enumerate(row) if sum(abs(a - b) for a, b in zip(colour, border)) > 120]
    return inside[0], inside[-1]


@pytest.mark.parametrize("fmt", ["png", "pdf"])
def test_bleed_extends_the_background_and_never_scales_the_design(two_cards, tmp_path, fmt):
    """At 254 dpi a millimetre is 10 pixels: the card with 3 mm of bleed, cut 30 px in on
    every side, is the card without bleed (to anti-aliasing); the 30 px band is the border."""
    images = {}
    for bleed, size in ((0, (560, 870)), (3, (620, 930))):
        folder = tmp_path / f"bleed-{bleed}"
        ran = export("--set", two_cards, "--bleed", bleed, "--dpi", 254, "--format", fmt, "-o", folder)
        assert ran.returncode == 0, ran.stderr
        images[bleed] = _card_image(folder, fmt, size)
        assert images[bleed].size == size
    border = images[0].getpixel((2, 2))
    left, right = _panel_columns(images[0], border)
    wider_left, wider_right = _panel_columns(images[3], border)
    assert abs(wider_left - 30 - left) <= 1 and abs(wider_right - 30 - right) <= 1, "the design changed with the bleed"
    cut = images[3].crop((30, 30, 590, 900))
    difference = ImageStat.Stat(ImageChops.difference(cut, images[0]).convert("L"))
    assert difference.mean[0] < 2, "the design moved or changed with the bleed"
    band = images[3].crop((0, 0, 620, 30))  # the top bleed
    assert band.getcolors() == [(620 * 30, border)]


def test_the_same_input_gives_the_same_bytes(two_cards, tmp_path):
    for fmt in ("png", "pdf"):
        for run in ("a", "b"):
            ran = export("--set", two_cards, "--format", fmt, "--dpi", 100, "-o", tmp_path / fmt / run)
            assert ran.returncode == 0, ran.stderr
        first, second = (sorted((tmp_path / fmt / run).iterdir()) for run in ("a", "b"))
        assert [path.read_bytes() for path in first] == [path.read_bytes() for path in second]


def test_each_distinct_back_once_with_the_cards_it_goes_behind(two_cards, tmp_path):
    light = tmp_path / "light.yaml"
    light.write_text(
        TWO_CARDS.replace("name: two", "name: light\nfaces: light").replace("'1'", "'L1'").replace("'55'", "'L55'")
    )
    ran = export("--set", two_cards, "--set", light, "--dpi", 72, "-o", tmp_path / "out")
    assert ran.returncode == 0, ran.stderr
    backs = {entry["file"]: entry["copies"] for entry in manifest(tmp_path / "out")["files"] if entry["side"] == "back"}
    assert backs == {"back-standard.png": 2, "back-light.png": 2}
    ran = export("--set", two_cards, "--set", light, "--faces", "light", "--dpi", 72, "-o", tmp_path / "one")
    assert ran.returncode == 0, ran.stderr
    backs = {entry["file"]: entry["copies"] for entry in manifest(tmp_path / "one")["files"] if entry["side"] == "back"}
    assert backs == {"back.png": 4}


def test_a_card_called_back_keeps_the_back_its_own_name(tmp_path):
    cards = tmp_path / "odd.yaml"
    cards.write_text("name: odd\ntitle: Odd\ncards:\n  - {id: back, kind: number, value: 3, heads: 1}\n")
    ran = export("--set", cards, "--dpi", 72, "-o", tmp_path / "out")
    assert ran.returncode == 0, ran.stderr
    files = {entry["file"]: entry.get("card") for entry in manifest(tmp_path / "out")["files"]}
    assert files == {"back~2.png": "back", "back.png": None}


@pytest.mark.parametrize(
    "args, words",
    [
        (["--set", "zero-cards", "--layout", "5x5"], "a card of 5x5 mm: its width must be more than 10, not 5."),
        (["--set", "zero-cards", "--layout", "big"], "there is no bundled layout 'big'"),
        (["--set", "zero-cards", "--bleed", "11"], "--bleed: 11 is not from 0 to 10."),
        (["--set", "zero-cards", "--bleed", "nan"], "the bleed must be 0 to 10 mm, not NaN mm"),
        (["--set", "zero-cards", "--dpi", "50"], "--dpi: 50 is not from 72 to 1,200."),
        (["--set", "zero-cards", "--dpi", "1200", "--layout", "300x300"], "more than 89 million"),
        (["--set", "no-such-set"], "there is no bundled card set 'no-such-set'"),
        (["--set", "zero-cards", "--format", "tiff"], "tiff is not one of png, pdf, or tts"),
        ([], "--set is needed here."),
    ],
)
def test_bad_input_exits_2_in_one_line_and_writes_nothing(tmp_path, args, words):
    output = tmp_path / "out"
    ran = export(*args, "-o", output)
    assert ran.returncode == 2
    assert words in ran.stderr and len(ran.stderr.strip().splitlines()) == 1
    assert not output.exists()


def test_a_failed_run_leaves_the_folder_as_it_was(png_export, tmp_path):
    folder = tmp_path / "out"
    shutil.copytree(png_export, folder)
    before = {path.name: path.read_bytes() for path in folder.iterdir()}
    ran = export("--set", "zero-cards", "--set", "no-such-set", "-o", folder)
    assert ran.returncode == 2
    assert {path.name: path.read_bytes() for path in folder.iterdir()} == before


def test_a_folder_with_other_files_gets_a_note(two_cards, tmp_path):
    (tmp_path / "old.png").write_bytes(b"an old card")
    ran = export("--set", two_cards, "--dpi", 72, "-o", tmp_path)
    assert ran.returncode == 0
    assert "also holds 1 other file (old.png)" in ran.stderr


# -- cardgen verify on an export ----------------------------------------------------------


def verify(*args):
    return cardgen_in_process("verify", *args)


def test_verify_passes_an_export_by_folder_or_manifest(png_export, pdf_export, two_cards):
    for target in (png_export, png_export / "manifest.json", pdf_export):
        ran = verify(target, "--set", two_cards)
        assert ran.returncode == 0, ran.stdout
        assert "FAIL" not in ran.stdout and "all checks passed" in ran.stdout


@pytest.fixture
def spoiled_png(png_export, tmp_path):
    folder = tmp_path / "spoiled"
    shutil.copytree(png_export, folder)
    return folder


def _fails_with(folder, words, *args):
    ran = verify(folder, *args)
    assert ran.returncode == 1, ran.stdout
    assert any(line.startswith("  FAIL") and words in line for line in ran.stdout.splitlines()), ran.stdout


def test_verify_fails_a_resized_image(spoiled_png):
    with Image.open(spoiled_png / "55.png") as image:
        image.resize((814, 1110)).save(spoiled_png / "55.png", dpi=(300, 300), icc_profile=image.info["icc_profile"])
    _fails_with(spoiled_png, "55.png is 814 × 1110 px, not 815 × 1110")


def test_an_image_of_over_89_megapixels_fails_in_one_line_without_pillows_warning(spoiled_png):
    """Only its header is read (pillow warns from 89 megapixels, two lines on stderr)."""
    Image.new("1", (10_000, 10_000)).save(spoiled_png / "55.png")  # one bit a pixel: quick to make
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        ran = verify(spoiled_png)
    assert ran.returncode == 1 and "55.png is 10000 × 10000 px" in ran.stdout
    assert not [warning for warning in caught if warning.category is Image.DecompressionBombWarning]


def test_verify_fails_an_image_that_says_another_dpi(spoiled_png):
    with Image.open(spoiled_png / "1.png") as image:
        image.save(spoiled_png / "1.png", dpi=(72, 72), icc_profile=image.info["icc_profile"])
    _fails_with(spoiled_png, "1.png says 72 × 72 dpi, not 300")


def test_verify_fails_a_missing_file(spoiled_png):
    (spoiled_png / "back.png").unlink()
    _fails_with(spoiled_png, "back.png is listed in manifest.json but is not in the folder")


def test_verify_fails_a_manifest_entry_removed(spoiled_png):
    data = manifest(spoiled_png)
    data["files"] = [entry for entry in data["files"] if entry["file"] != "55.png"]
    (spoiled_png / "manifest.json").write_text(json.dumps(data))
    _fails_with(spoiled_png, "55.png is in the folder but not in manifest.json")
    _fails_with(spoiled_png, "it lists 1 front for 2 cards")


def test_verify_fails_an_export_that_lacks_a_card_of_the_set(spoiled_png):
    _fails_with(spoiled_png, "7 cards of zero-cards missing: Z1, Z2", "--set", "zero-cards")


def test_verify_fails_a_damaged_manifest(spoiled_png):
    (spoiled_png / "manifest.json").write_text('{"kind": "cardgen-export", "format": "jpeg"}')
    _fails_with(spoiled_png, "manifest.json is damaged: format")


def test_verify_fails_a_page_with_a_wrong_trimbox(pdf_export, tmp_path):
    folder = tmp_path / "spoiled"
    shutil.copytree(pdf_export, folder)
    writer = pypdf.PdfWriter(clone_from=folder / "two.pdf")
    writer.pages[1].trimbox = pypdf.generic.RectangleObject([0, 0, 63 * 72 / 25.4, 88 * 72 / 25.4])
    writer.write(folder / "two.pdf")
    _fails_with(
        folder, "two.pdf, page 2: the TrimBox is 63.00 × 88.00 mm at (0.00, 0.00), not the 63 × 88 mm cut at (3, 3)"
    )


def test_what_verify_says_of_a_spoiled_export_comes_from_the_catalogues(spoiled_png, pdf_export, tmp_path):
    with Image.open(spoiled_png / "55.png") as image:
        image.resize((814, 1110)).convert("L").save(spoiled_png / "55.png", dpi=(72, 72))  # grey, no sRGB profile
    (spoiled_png / "old.png").write_bytes(b"an old card")
    data = manifest(spoiled_png)
    data["files"] = [entry for entry in data["files"] if entry["file"] != "1.png"]
    (spoiled_png / "manifest.json").write_text(json.dumps(data))
    pdfs = tmp_path / "pdf"
    shutil.copytree(pdf_export, pdfs)
    writer = pypdf.PdfWriter(clone_from=pdfs / "two.pdf")
    writer.pages[1].trimbox = pypdf.generic.RectangleObject([0, 0, 63 * 72 / 25.4, 88 * 72 / 25.4])
    writer.add_blank_page()
    writer.write(pdfs / "two.pdf")
    zero_cards = [load_card_set("zero-cards")]
    reports = [verify_export(str(spoiled_png), zero_cards), verify_export(str(pdfs), zero_cards)]
    failed = {check.name for report in reports for check in report.failures}
    assert failed >= {"export.files", "export.size", "export.dpi", "export.colour", "export.cards", "export.contents"}
    assert failed >= {"export.pages", "export.boxes"}
    assert english_in_reports(reports) == []
    assert "55.png is 814 × 1110 px, not 815 × 1110" in render_text(reports, "en")
    assert "55.png fait 814 × 1110 px au lieu de 815 × 1110" in render_text(reports, "fr")


def test_a_folder_without_a_manifest_is_refused_in_one_line(tmp_path):
    ran = verify(tmp_path)
    assert ran.returncode == 2
    assert (
        ran.stderr.strip()
        == f"cardgen: {tmp_path}: this folder holds no PDF, no cut file and no export's manifest.json."
    )


def test_a_card_size_in_inches_as_us_print_shops_quote_it(tmp_path):
    ran = export("--set", "zero-cards", "--layout", "2.5x3.5in", "--format", "pdf", "-o", tmp_path / "out")
    assert ran.returncode == 0, ran.stderr
    assert manifest(tmp_path / "out")["trim_mm"] == [63.5, 88.9]  # 2.5 x 3.5 inches
    small = export("--set", "zero-cards", "--layout", "0.2x3.5in", "-o", tmp_path / "small")
    assert small.returncode == 2 and "a card of 0.2x3.5in: its width must be more than 10, not 5.08." in small.stderr


def test_a_long_export_shows_its_progress_on_a_terminal_and_nowhere_else(two_cards, tmp_path):
    args = ["--set", two_cards, "--dpi", 72]
    out, err = cardgen_with_stderr_on(True, "export", *args, "-o", tmp_path / "tty")
    assert "\rexporting: 3 of 3 pictures" in err  # two fronts and their one back, redrawn in place
    assert err.endswith("\r") and err[:-1].split("\r")[-1].strip() == ""  # and wiped at the end
    assert "exporting" not in out
    out, err = cardgen_with_stderr_on(False, "export", *args, "-o", tmp_path / "pipe")
    assert err == "" and "exporting" not in out
    made = {path.name: path.read_bytes() for path in (tmp_path / "tty").iterdir()}
    assert made == {path.name: path.read_bytes() for path in (tmp_path / "pipe").iterdir()}
