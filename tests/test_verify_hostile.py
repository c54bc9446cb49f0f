"""`cardgen verify` on PDFs from others: a compression bomb, records that lie, files
that are not files. Each gets one line or a failed check, never a traceback, a hang,
gigabytes of memory or a silent pass."""

import io
import resource
import subprocess
import sys
import zlib

import pypdf
import pytest
from hostile_pdfs import lying_records, with_bomb, with_record
from pypdf.generic import ContentStream, DecodedStreamObject, NameObject, NumberObject, StreamObject

from cardgen.errors import InputError
from cardgen.verify.pdfs import verify_pdf
from cardgen.verify.resources import operations
from cardgen.verify.run import input_kind

DRAWING_CHECKS = {"pdf.cards", "pdf.faces", "pdf.backs", "pdf.cut-marks", "pdf.targets", "pdf.ruler"}
MEMORY_CAP = 3 << 30  # the children's address space: a regression fails, it does not swamp the machine

# runs cardgen in a child and prints its exit status, peak RSS in MB, stdout and stderr
MEASURED = """
import resource, subprocess, sys
result = subprocess.run(sys.argv[1:], capture_output=True, text=True)
peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss // 1024
print(result.returncode, peak, sep="\\n")
print(result.stdout + "\\n---\\n" + result.stderr)
"""


@pytest.fixture
def sheet(card_sheets):
    return card_sheets["jokers-duplex.pdf"]


@pytest.fixture(scope="module")
def lying(card_sheets):
    """The spoiled records, made once (the one of 20,000 cards takes a fifth of a second)."""
    return lying_records(card_sheets["jokers-duplex.pdf"])


def _cardgen(*args, timeout=60):
    """(exit status, peak RSS in MB, stdout, stderr) of `cardgen ARGS`, its memory capped."""

    def cap():
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY_CAP, MEMORY_CAP))

    done = subprocess.run(
        [sys.executable, "-c", MEASURED, sys.executable, "-m", "cardgen", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        preexec_fn=cap,
        check=True,
    )
    status, peak, output = done.stdout.split("\n", 2)
    stdout, stderr = output.rsplit("\n---\n", 1)
    return int(status), int(peak), stdout, stderr.strip()


def test_a_compression_bomb_is_refused_in_one_line_and_little_memory(sheet, tmp_path):
    bomb = tmp_path / "bomb.pdf"
    bomb.write_bytes(with_bomb(sheet, 1 << 30))  # 1 GB of zeros in 1 MB on disk
    assert bomb.stat().st_size < 2_000_000
    status, peak, stdout, stderr = _cardgen("verify", str(bomb))
    assert status == 2
    assert stderr.startswith(f"cardgen: {bomb}: ") and "compression bomb" in stderr and "\n" not in stderr
    assert peak < 300, f"{peak} MB"


@pytest.mark.parametrize(
    "case",
    [
        "missing-cards",
        "missing-page-of-card",
        "pages-not-a-list",
        "bleed-a-mapping",
        "slot-as-text",
        "page-0",
        "page-minus-5",
        "nan-box",
        "huge-target",
        "target-off-paper",
        "slot-taken",
        "back-before-face",
        "newer-version",
        "not-json",
        "a-list",
    ],
)
def test_a_lying_record_is_a_failed_check_naming_the_field(sheet, lying, tmp_path, case):
    path = tmp_path / f"{case}.pdf"
    path.write_bytes(with_record(sheet, lying[case]))
    report = verify_pdf(path)
    [damaged] = [check for check in report.checks if check.result == "fail"]
    assert damaged.name == "pdf.record" and not report.ok
    assert "this PDF's record (cardgen-layout.json) is damaged: " in damaged.message
    named = {
        "missing-cards": "cards is missing",
        "missing-page-of-card": "cards[0].page is missing",
        "pages-not-a-list": "pages must be a list",
        "bleed-a-mapping": "bleed_mm must be a number",
        "slot-as-text": "cards[1].slot must be a whole number",
        "page-0": "cards[0].page must be at least 1",
        "page-minus-5": "cards[3].back.page must be at least 1",
        "nan-box": "cards[2].trim_mm[0] must be a finite",
        "huge-target": "target_size_mm must be at most 30",
        "target-off-paper": "targets_mm[0][0] must be at most",
        "slot-taken": "cards[1].slot is 0 on page 1, where another card already sits",
        "newer-version": "version 9 is from a newer cardgen; this one reads version 3",
        "back-before-face": "cards[9].back.page is 1: a back comes after its face's page (3)",
        "not-json": "it is not JSON",
        "a-list": "it is not a JSON object",
    }[case]
    assert named in damaged.message
    assert not DRAWING_CHECKS & {check.name for check in report.checks}


def test_a_record_of_20000_cards_finishes_quickly_and_fails(sheet, lying, tmp_path):
    path = tmp_path / "many.pdf"
    path.write_bytes(with_record(sheet, lying["20000-cards"]))
    status, peak, stdout, stderr = _cardgen("verify", str(path), timeout=30)
    assert status == 1 and not stderr
    assert "FAIL  pdf.pages: the file has 4 pages but its list of what sits where describes 4446" in stdout
    # the cards past the file's end are one finding, not 19,982 lines
    [past] = [line for line in stdout.splitlines() if "the file ends at page 4" in line]
    assert "cards c18, c19," in past and "and 19970 more should be on pages 5 to 4445" in past
    assert "summary: 19 FAILED" in stdout


def test_a_pdf_that_breaks_pypdf_is_one_line_naming_the_file(sheet, tmp_path):
    writer = pypdf.PdfWriter(clone_from=pypdf.PdfReader(io.BytesIO(sheet)))
    fonts = writer.pages[0]["/Resources"]["/Font"]
    font = fonts[next(iter(fonts))].get_object()
    font[NameObject("/Subtype")] = NameObject("/Type0")
    font[NameObject("/DescendantFonts")] = NumberObject(5)
    out = io.BytesIO()
    writer.write(out)
    path = tmp_path / "odd-font.pdf"
    path.write_bytes(out.getvalue())
    with pytest.raises(InputError, match=r"odd-font\.pdf: this PDF is damaged and cannot be read \(") as caught:
        verify_pdf(path)
    assert "\n" not in str(caught.value)


def test_a_drawing_as_long_as_the_largest_svg_a_set_may_hold_is_read_not_called_damaged(tmp_path):
    # a 5 MB SVG draws 2 to 4 million tokens in one form; pypdf alone stops reading at 2 million
    writer = pypdf.PdfWriter()
    page = writer.add_blank_page(200, 200)
    drawing = StreamObject()
    drawing._data = zlib.compress(b"0 0 m " + b"1 1 l 0 0 l " * 400_000 + b"S")
    drawing[NameObject("/Filter")] = NameObject("/FlateDecode")
    page[NameObject("/Contents")] = writer._add_object(drawing)
    path = tmp_path / "long-drawing.pdf"
    writer.write(path)
    checks = {check.name: check.result for check in verify_pdf(path).checks}
    assert checks["pdf.resources"] == "pass"


# what a drawing may hold around the names it looks up: strings holding parentheses, names
# and operators; arrays and dictionaries holding names; escaped names; comments; inline images
TRICKY_DRAWINGS = [
    b"q % /NotAName Tf\n/F1 12 Tf (a (nested) string /F9 Tf \\) still) Tj <2F46392054> Tj Q",
    b"[(x) -120 /Nope (y)] TJ /P <</MCID 0 /N /Q>> BDC EMC /GS#201 gs /Pattern cs 0.5 /P1 scn /DeviceRGB CS",
    b"BI /W 2 /H 1 /CS /RGB /BPC 8 ID \x00\xff\x10 \x20 EI Q /Im0 Do true /F2 8 Tf",
    b"BI /W 2 /H 1 /CS /RGB /BPC 8 /L 6 ID \x00\xff/F7 T EI\n/X1 Do (\\()Tj /F3 8 Tf",
]


def _as_pypdf_reads(data: bytes) -> list[tuple[bytes, str | None]]:
    stream = DecodedStreamObject()
    stream.set_data(data)
    read = []
    for operands, operator in ContentStream(stream, None).operations:
        names = [operand for operand in operands if isinstance(operand, NameObject)]
        read.append((b"BI", None) if operator == b"INLINE IMAGE" else (operator, names[-1] if names else None))
    return read


def test_the_resources_check_reads_each_operation_and_its_name_as_pypdf_does(card_sheets):
    deck = pypdf.PdfReader(io.BytesIO(card_sheets["deck-duplex.pdf"]))
    for data in [*TRICKY_DRAWINGS, deck.pages[0].get_contents().get_data()]:
        assert list(operations(data)) == _as_pypdf_reads(data)


def test_a_yaml_file_is_a_card_set_even_if_it_mentions_pdf(tmp_path):
    path = tmp_path / "promo.yaml"
    path.write_text(
        'name: promo\ntitle: "%PDF-1.7 promo cards"\ncards:\n  - {id: "1", kind: number, value: 1, heads: 1}\n'
    )
    assert input_kind(str(path)) == "set"


def test_a_device_is_refused_in_one_line(tmp_path):
    status, _, stdout, stderr = _cardgen("verify", "/dev/zero", timeout=30)
    assert (
        status == 2
        and stderr
        == "cardgen: /dev/zero: this is not a regular file (a device or a pipe); name a PDF, a card-set file or a folder that `cardgen export` wrote."
    )


def test_a_pdf_larger_than_any_print_kit_is_refused_unread(tmp_path):
    path = tmp_path / "huge.pdf"
    with path.open("wb") as file:
        file.write(b"%PDF-1.7\n")
        file.truncate(250_000_000)  # sparse: takes no room on disk
    with pytest.raises(InputError, match=r"huge\.pdf: this file is 250 MB; verify reads PDFs up to 200 MB"):
        verify_pdf(path)
