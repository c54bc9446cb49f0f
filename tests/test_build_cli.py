"""`cardgen build` as a user runs it: files written, bad input refused in one line."""

import io

import pytest
from clirun import cardgen_in_process
from pdfcheck import MM, layout_record, reader
from PIL import Image, ImageCms

KIT = ["zero-cards-glue.pdf", "jokers-glue.pdf", "jokers-duplex.pdf", "deck-duplex.pdf", "calibration.pdf"]


def test_build_with_no_argument_writes_the_default_kit_into_output(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = cardgen_in_process("build")
    assert result.returncode == 0, result.stderr
    for name in KIT:
        assert (tmp_path / "output" / name).stat().st_size > 1000, name


@pytest.mark.parametrize("options", [["--paper", "letter"], ["--printer", "home"]])
def test_letter_reaches_every_pdf_of_the_kit(tmp_path, monkeypatch, options):
    monkeypatch.setenv("CARDGEN_CONFIG_DIR", str(tmp_path / "config"))
    assert (
        cardgen_in_process(
            "printer", "add", "home", "--back-offset", "0,0", "--flip", "long", "--paper", "letter"
        ).returncode
        == 0
    )
    result = cardgen_in_process("build", *options, "-o", str(tmp_path))
    assert result.returncode == 0, result.stderr
    names = sorted(p.name for p in tmp_path.glob("*.pdf"))
    assert set(KIT) < set(names)
    assert {
        "rules-plus-en.pdf",
        "rules-jokers-en.pdf",
        "rules-classic-en.pdf",
        "rules-pro-en.pdf",
        "score-plus-en.pdf",
        "score-classic-en.pdf",
    } < set(names)
    for name in names:
        sizes = {
            tuple(round(float(v) / MM, 1) for v in page.mediabox[2:])
            for page in reader((tmp_path / name).read_bytes()).pages
        }
        assert sizes == {(215.9, 279.4)}, name


def test_png_writes_a_picture_of_every_page(tmp_path):
    result = cardgen_in_process("build", "--set", "zero-cards", "--mode", "glue", "--png", "-o", str(tmp_path))
    assert result.returncode == 0, result.stderr
    pngs = sorted(p.name for p in tmp_path.glob("*.png"))
    assert pngs == ["zero-cards-glue-p01.png", "zero-cards-glue-p02.png"]
    with Image.open(tmp_path / pngs[0]) as image:  # by the rasteriser of preview and export
        assert image.size == (1240, 1754)  # A4 at 150 dpi, to the nearest pixel
        assert "sRGB" in ImageCms.getProfileDescription(ImageCms.ImageCmsProfile(io.BytesIO(image.info["icc_profile"])))


PROMO = """\
name: promo
title: Five promo cards
cards:
  - {id: P1, kind: number, value: 105, heads: 1}
  - {id: P2, kind: number, value: 106, heads: 1}
  - {id: P3, kind: number, value: 107, heads: 2}
  - {id: P4, kind: zero, value: 0, heads: 0}
  - {id: P5, kind: joker, value: 0.5, heads: 1}
"""


def test_a_users_own_set_prints(tmp_path):
    promo = tmp_path / "promo.yaml"
    promo.write_text(PROMO)
    result = cardgen_in_process("build", "--set", str(promo), "--mode", "sleeve", "-o", str(tmp_path))
    assert result.returncode == 0, result.stderr
    record = layout_record((tmp_path / "promo-sleeve.pdf").read_bytes())
    assert [c["id"] for c in record["cards"]] == ["P1", "P2", "P3", "P4", "P5"]


BAD_SETS = {
    "duplicate id": (PROMO.replace("id: P2", "id: P1"), "line 5, field cards[1].id"),
    "syntax": (PROMO.replace("- {id: P3", "- {id: [P3"), "line 6"),
    "unknown field": (PROMO.replace("heads: 2}", "heads: 2, colour: red}"), "line 6, field cards[2].colour"),
    "wrong type": (PROMO.replace("heads: 2", "heads: two"), "line 6, field cards[2].heads"),
    "too many heads": (PROMO.replace("heads: 2", "heads: 9"), "line 6, field cards[2].heads"),
    "missing field": (PROMO.replace("title: Five promo cards\n", ""), "field title"),
}


@pytest.mark.parametrize("case", BAD_SETS)
def test_a_bad_set_is_one_line_naming_file_line_and_field(tmp_path, case):
    text, where = BAD_SETS[case]
    promo = tmp_path / "promo.yaml"
    promo.write_text(text)
    result = cardgen_in_process("build", "--set", str(promo), "-o", str(tmp_path / "out"))
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1, result.stderr
    assert str(promo) in result.stderr and where in result.stderr, result.stderr
    assert not (tmp_path / "out").exists()


BAD_LAYOUTS = {
    "negative size": ("extends: standard\nname: bad\ncard:\n  width: -56\n", "line 4, field card.width"),
    "absurd size": ("extends: standard\nname: bad\ncard:\n  height: 5000\n", "line 4, field card.height"),
    "no card fits": ("extends: standard\nname: bad\ncard:\n  width: 300\n", "field card"),
    "unknown field": ("extends: standard\nname: bad\nbleeding: 3\n", "line 3, field bleeding"),
    "unknown parent": ("extends: nowhere\nname: bad\n", "line 1, field extends"),
    "wrong flip": ("extends: standard\nname: bad\nflip: sideways\n", "line 3, field flip"),
    "a paper for pictures": ("extends: standard\nname: bad\npaper: fit\n", "line 3, field paper: `fit` is for"),
    "no card, none to extend": ("name: bad\nbleed: 2\n", "line 1, field card: is missing"),
    "no columns": ("extends: standard\nname: bad\ncolumns: 0\n", "line 3, field columns: must be at least 1"),
    "rows below zero": ("extends: standard\nname: bad\nrows: -3\n", "line 3, field rows: must be at least 1"),
}


@pytest.mark.parametrize("case", BAD_LAYOUTS)
def test_a_bad_layout_changes_no_file(tmp_path, case):
    text, where = BAD_LAYOUTS[case]
    layout = tmp_path / "bad.yaml"
    layout.write_text(text)
    output = tmp_path / "out"
    output.mkdir()
    existing = output / "deck-duplex.pdf"
    existing.write_bytes(b"an earlier build")
    result = cardgen_in_process("build", "--layout", str(layout), "-o", str(output))
    assert result.returncode == 2
    assert len(result.stderr.strip().splitlines()) == 1, result.stderr
    assert str(layout) in result.stderr and where in result.stderr, result.stderr
    assert existing.read_bytes() == b"an earlier build"
    assert [p.name for p in output.iterdir()] == ["deck-duplex.pdf"]


@pytest.mark.parametrize("offset", ["1", "a,b", "1,2,3", "50,0"])
def test_a_bad_back_offset_is_refused(tmp_path, offset):
    result = cardgen_in_process("build", "--back-offset", offset, "-o", str(tmp_path / "out"))
    assert result.returncode == 2
    assert len(result.stderr.strip().splitlines()) == 1, result.stderr
    assert not (tmp_path / "out").exists()


def test_an_unknown_bundled_set_is_refused(tmp_path):
    result = cardgen_in_process("build", "--set", "nonsense", "-o", str(tmp_path / "out"))
    assert result.returncode == 2
    assert "nonsense" in result.stderr


def test_a_grid_that_does_not_fit_names_the_users_file_and_the_field_it_set(tmp_path):
    layout = tmp_path / "small.yaml"
    layout.write_text("extends: standard\nname: small\npaper: {width: 100, height: 100}\n")
    result = cardgen_in_process("build", "--layout", str(layout), "-o", str(tmp_path / "out"))
    assert result.returncode == 2
    assert (
        f"{layout}, line 3, field paper: 1 row of 87 mm cards with 2.5 mm bleed needs 92 mm; "
        "the paper leaves 100 mm minus 2 × 6.2 mm margins (4.2 mm the printer does not print, "
        "2 mm for the cut marks)." in result.stderr
    )


def test_the_kit_is_the_same_bytes_on_one_core_as_on_several(default_kit, monkeypatch):
    """The kit's parts are drawn side by side when there are cores to spare: never a byte of difference."""
    import cardgen.batch
    import cardgen.build as build
    from cardgen.model.rules import summary_variants
    from cardgen.render.scoresheet import kit_variants

    on_many = default_kit  # built on every core
    monkeypatch.setattr(cardgen.batch, "all_cores", lambda: 1)
    on_one = build.build(build.PrintSettings())
    sheets = len(summary_variants()) + len(kit_variants())  # a summary for each variant, score sheets
    assert list(on_one) == list(on_many) and len(on_one) == len(build.DEFAULT_KIT) + 1 + sheets  # + calibration
    assert all(on_one[name] == on_many[name] for name in on_one)


def test_a_summary_that_fails_on_another_core_is_still_one_line(tmp_path, monkeypatch):
    import cardgen.summaries
    from cardgen.errors import InputError
    from cardgen.messages import Message

    def broken(variant, *args):
        raise InputError(Message("summary.no_section", section=variant))

    monkeypatch.setattr(cardgen.summaries, "summary_pdf", broken)
    result = cardgen_in_process("build", "-o", tmp_path / "out")
    assert result.returncode == 2 and result.stderr == "cardgen: there is no section classic.\n"
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").iterdir())


def test_a_card_size_in_place_of_a_layout_is_the_standard_layout_with_that_card(tmp_path):
    result = cardgen_in_process("build", "--set", "jokers", "--layout", "63x88", "-o", str(tmp_path / "ok"))
    assert result.returncode == 0, result.stderr
    assert layout_record((tmp_path / "ok" / "jokers-duplex.pdf").read_bytes())["card_mm"] == [63, 88]
    result = cardgen_in_process("build", "--set", "jokers", "--layout", "200x280", "-o", str(tmp_path / "big"))
    assert result.returncode == 2
    assert result.stderr.startswith("cardgen: a card of 200x280 mm: 1 column of 200 mm cards"), result.stderr


def test_choices_are_taken_in_any_case(tmp_path):
    result = cardgen_in_process(
        "build", "--set", "zero-cards", "--paper", "Letter", "--flip", "SHORT", "--mode", "Duplex", "-o", tmp_path
    )
    assert result.returncode == 0, result.stderr
    record = layout_record((tmp_path / "zero-cards-duplex.pdf").read_bytes())
    assert record["paper_mm"] == [215.9, 279.4] and record["flip"] == "short" and record["mode"] == "duplex"
