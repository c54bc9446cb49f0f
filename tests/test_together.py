"""Several card sets on one sheet (`cardgen build --set A --set B --together`): the sets
fill every slot in turn, each card drawn in its own set's style with its own set's back,
and `cardgen verify` checks the sheet like any other."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import pytest
from clirun import cardgen_in_process
from pdfcheck import MM, layout_record, reader, render
from PIL import Image, ImageStat

from cardgen.build import PrintSettings, build
from cardgen.model.cards import load_card_set
from cardgen.verify.pdfs import verify_pdf

BOTH = ["zero-cards", "jokers"]
DPI = 50
PROMO = """\
name: promo
title: Three promo cards
faces: light
cards:
  - {id: P1, kind: number, value: 105, heads: 2}
  - {id: P2, kind: number, value: 110, heads: 3}
  - {id: P3, kind: zero, value: 0, heads: 0}
"""


def pages_of(content: bytes) -> int:
    return len(reader(content).pages)


@pytest.fixture(scope="module")
def glue_together() -> bytes:
    files = build(PrintSettings(), BOTH, "glue", together=True)
    assert list(files) == ["zero-cards+jokers-glue.pdf"]
    return files["zero-cards+jokers-glue.pdf"]


def test_both_expansions_and_the_reference_card_take_two_glue_sheets_not_three(glue_together):
    apart = build(PrintSettings(), BOTH, "glue")
    assert sum(pages_of(content) for content in apart.values()) == 6  # 8 slots + 10 cards: three sheets
    assert pages_of(glue_together) == 4  # 7 + 1 + 10 = 18 cards, 9 a page: two sheets


def test_the_sets_fill_the_slots_in_turn_with_the_reference_card_after_the_zero_cards(glue_together):
    cards = layout_record(glue_together)["cards"]
    placed = [(card["page"], card["slot"], card["id"]) for card in cards]
    zeros = [f"Z{n}" for n in range(1, 8)]
    jokers = [f"J0.{n}" for n in range(10)]
    expected_ids = zeros + ["reference-plus"] + jokers
    assert [card_id for _, _, card_id in placed] == expected_ids
    assert [(page, slot) for page, slot, _ in placed] == [(1, slot) for slot in range(9)] + [
        (3, slot) for slot in range(9)
    ]
    assert all(card["back"]["page"] == card["page"] + 1 for card in cards)  # an outline behind every face


def test_verify_passes_the_sheet_against_both_sets(glue_together, tmp_path):
    path = tmp_path / "zero-cards+jokers-glue.pdf"
    path.write_bytes(glue_together)
    report = verify_pdf(path, [load_card_set(name) for name in BOTH])
    assert report.ok, [check.line() for check in report.checks if check.result == "fail"]
    contents = [check for check in report.checks if check.name == "pdf.contents"]
    assert "reference card in the eighth slot of page 1" in contents[0].message


def _mean_grey(content: bytes, page_index: int, trim_mm: list[float]) -> float:
    """The average grey of what is drawn inside a card's trim box, 1 mm in from the cut."""
    image, paper_h = _page(content, page_index)
    x, y, width, height = trim_mm
    scale = DPI / 25.4
    box = (x + 1, paper_h - (y + height) + 1, x + width - 1, paper_h - y - 1)
    crop = image.crop(tuple(round(v * scale) for v in box))
    return ImageStat.Stat(crop).mean[0]


@lru_cache(maxsize=4)
def _page(content: bytes, page_index: int) -> tuple[Image.Image, float]:
    """A page rendered in grey, once for all the cards on it, and its height in mm."""
    return render(content, page_index, DPI).convert("L"), float(reader(content).pages[page_index].mediabox[3]) / MM


@pytest.mark.parametrize("flip", ["long", "short"])
def test_every_card_keeps_its_own_sets_back(tmp_path, flip):
    promo = tmp_path / "promo.yaml"
    promo.write_text(PROMO)
    settings = PrintSettings(flip=flip)
    together = build(settings, ["jokers", str(promo)], "duplex", together=True)["jokers+promo-duplex.pdf"]
    greys = {}  # the shade of each set's back on its own sheet
    for name, content in build(settings, ["jokers", str(promo)], "duplex").items():
        card = layout_record(content)["cards"][0]
        greys[Path(name).stem.split("-")[0]] = _mean_grey(content, card["back"]["page"] - 1, card["back"]["trim_mm"])
    assert greys["promo"] - greys["jokers"] > 80  # a light back and a dark one: the test can tell them apart
    record = layout_record(together)
    assert record["flip"] == flip
    for card in record["cards"]:
        own = greys["promo" if card["id"].startswith("P") else "jokers"]
        drawn = _mean_grey(together, card["back"]["page"] - 1, card["back"]["trim_mm"])
        assert drawn == pytest.approx(own, abs=8), card["id"]


def test_the_command_writes_one_sheet_that_verify_passes(tmp_path):
    ran = cardgen_in_process("build", "--set", "zero-cards", "--set", "jokers", "--together", "-o", tmp_path)
    assert ran.returncode == 0, ran.stderr
    assert [p.name for p in tmp_path.iterdir()] == ["zero-cards+jokers-duplex.pdf"]  # no reference card to glue
    assert pages_of((tmp_path / "zero-cards+jokers-duplex.pdf").read_bytes()) == 4  # 17 cards
    checked = cardgen_in_process(
        "verify", tmp_path / "zero-cards+jokers-duplex.pdf", "--set", "zero-cards", "--set", "jokers"
    )
    assert checked.returncode == 0, checked.stdout


def test_rebuilds_are_byte_identical(glue_together):
    assert build(PrintSettings(), BOTH, "glue", together=True)["zero-cards+jokers-glue.pdf"] == glue_together


@pytest.mark.parametrize(
    "sets, words",
    [
        ([], "two or more card sets"),
        (["jokers"], "two or more card sets"),
        (["jokers", "jokers"], "two or more card sets"),
        (["jokers", "JOKERS_FILE"], "both have a card 'J0.0'"),
        (["jokers", "BIG"], "drawn jokers for cards of 56 × 87 mm; "),
        (["jokers", "BIG"], "big.yaml for cards of 63 × 88 mm."),
    ],
)
def test_bad_sets_together_are_one_line_status_2_and_write_nothing(tmp_path, sets, words):
    standard = Path(__file__).parents[1] / "templates" / "faces" / "standard.yaml"
    faces = standard.read_text().replace("design_size: {width: 56, height: 87}", "design_size: {width: 63, height: 88}")
    (tmp_path / "poker-faces.yaml").write_text(faces)
    (tmp_path / "big.yaml").write_text(PROMO.replace("faces: light", "faces: poker-faces.yaml"))
    where = {"JOKERS_FILE": str(standard.parents[1] / "sets" / "jokers.yaml"), "BIG": str(tmp_path / "big.yaml")}
    arguments = [option for name in sets for option in ("--set", where.get(name, name))]
    out = tmp_path / "out"
    ran = cardgen_in_process("build", *arguments, "--together", "-o", out)
    assert ran.returncode == 2
    assert len(ran.stderr.strip().splitlines()) == 1 and ran.stderr.startswith("cardgen: "), ran.stderr
    assert words in ran.stderr
    assert not out.exists()
