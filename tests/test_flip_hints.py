"""Rule summaries and score sheets of two or more pages print on both sides of a sheet,
turning on the edge the user chose (--flip, else the --printer's, else long): the PDF's
Duplex hint says so. A one-page PDF asks for one-sided printing whatever the flip."""

from __future__ import annotations

import io

import pypdf
import pytest
from clirun import cardgen_in_process
from pdfcheck import reader
from rulecopy import two_page_summary

from cardgen.build import PrintSettings, build
from cardgen.verify.pdfs import verify_pdf

LONG, SHORT, SIMPLEX = "/DuplexFlipLongEdge", "/DuplexFlipShortEdge", "/Simplex"


def duplex_of(content: bytes) -> str:
    return reader(content).trailer["/Root"]["/ViewerPreferences"]["/Duplex"]


def pages_of(content: bytes) -> int:
    return len(reader(content).pages)


@pytest.fixture
def short_edge_printer(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDGEN_CONFIG_DIR", str(tmp_path / "config"))
    added = cardgen_in_process("printer", "add", "home", "--back-offset", "0,0", "--flip", "short")
    assert added.returncode == 0, added.stderr
    return "home"


# a long rule summary: both sides of one A4 sheet; plus: a score sheet page for 2 to 7 players
TWO_SIDED = [("rules", "long"), ("sheet", "plus")]


def made_for(command: str, variant: str, folder) -> str:
    """The command's VARIANT: a summary too long for one page stands for "long"."""
    return str(two_page_summary(folder)) if variant == "long" else variant


@pytest.mark.parametrize("command, variant", TWO_SIDED)
@pytest.mark.parametrize(
    "options, expected",
    [
        ([], LONG),
        (["--flip", "short"], SHORT),
        (["--printer", "home"], SHORT),
        (["--printer", "home", "--flip", "long"], LONG),  # the option wins over the profile
    ],
)
def test_the_duplex_hint_follows_the_flip_option_then_the_printer(
    tmp_path, short_edge_printer, command, variant, options, expected
):
    out = tmp_path / "out.pdf"
    ran = cardgen_in_process(command, made_for(command, variant, tmp_path), *options, "-o", out)
    assert ran.returncode == 0, ran.stderr
    content = out.read_bytes()
    assert pages_of(content) > 1
    assert duplex_of(content) == expected


@pytest.mark.parametrize("arguments", [["rules", "plus"], ["sheet", "plus", "--players", "3"]])
def test_a_one_page_pdf_prints_one_sided_whatever_the_flip(tmp_path, arguments):
    out = tmp_path / "one.pdf"
    ran = cardgen_in_process(*arguments, "--flip", "short", "-o", out)
    assert ran.returncode == 0, ran.stderr
    assert pages_of(out.read_bytes()) == 1
    assert duplex_of(out.read_bytes()) == SIMPLEX


def test_the_kit_prints_its_summaries_and_score_sheets_with_the_builds_flip():
    kit = build(PrintSettings(flip="short"))
    assert duplex_of(kit["score-plus-en.pdf"]) == duplex_of(kit["score-classic-en.pdf"]) == SHORT
    assert duplex_of(kit["rules-plus-en.pdf"]) == duplex_of(kit["rules-classic-en.pdf"]) == SIMPLEX  # one A4 page


@pytest.mark.parametrize("command", ["rules", "sheet"])
def test_a_wrong_flip_is_one_line_and_status_2(tmp_path, command):
    out = tmp_path / "x.pdf"
    ran = cardgen_in_process(command, "classic", "--flip", "sideways", "-o", out)
    assert ran.returncode == 2
    assert len(ran.stderr.strip().splitlines()) == 1 and "sideways" in ran.stderr
    assert not out.exists()


def test_rebuilds_with_a_flip_are_byte_identical(tmp_path):
    first, second = tmp_path / "a.pdf", tmp_path / "b.pdf"
    for out in (first, second):
        assert cardgen_in_process("sheet", "classic", "--flip", "short", "-o", out).returncode == 0
    assert first.read_bytes() == second.read_bytes()


def _with_duplex(content: bytes, name: str) -> bytes:
    writer = pypdf.PdfWriter(clone_from=pypdf.PdfReader(io.BytesIO(content)))
    preferences = writer._root_object["/ViewerPreferences"]
    preferences[pypdf.generic.NameObject("/Duplex")] = pypdf.generic.NameObject(name)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


@pytest.mark.parametrize("command, variant", TWO_SIDED)
def test_verify_passes_either_flip_and_fails_a_one_sided_hint_on_two_pages(tmp_path, command, variant):
    out = tmp_path / "made.pdf"
    assert (
        cardgen_in_process(command, made_for(command, variant, tmp_path), "--flip", "short", "-o", out).returncode == 0
    )
    made = verify_pdf(out)
    assert [check.result for check in made.checks if check.name == "pdf.duplex"] == ["pass"]
    spoiled = tmp_path / "spoiled.pdf"
    spoiled.write_bytes(_with_duplex(out.read_bytes(), SIMPLEX))
    [failed] = [check for check in verify_pdf(spoiled).checks if check.name == "pdf.duplex"]
    assert failed.result == "fail" and "sheet of its own" in failed.message
    ran = cardgen_in_process("verify", spoiled)
    assert ran.returncode == 1
