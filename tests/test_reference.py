"""The card-size reference cards: the contract the glue sheet uses, full bleed, the
essentials of each variant readable on 56 x 87 mm, and a sheet of them with cut marks."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner
from pdfcheck import MM, positioned_texts, reader, render, small_texts

from cardgen.cli import main
from cardgen.errors import InputError
from cardgen.model.rules import VARIANTS, read_summary
from cardgen.render.pdf import finish, new_canvas
from cardgen.render.reference import ReferencePainter, card_text, reference_card
from cardgen.texts import LANGUAGES

BORDER_RGB = (0x6E, 0x1C, 0x28)


def one_card(variant: str, lang: str, rotate180: bool = False) -> bytes:
    canvas, buffer = new_canvas((80, 110), None, "reference", "a reference card")
    ReferencePainter(canvas, lang).front(
        reference_card(variant), 12 * MM, 11.5 * MM, 56 * MM, 87 * MM, 3 * MM, rotate180=rotate180
    )
    canvas.showPage()
    return finish(canvas, buffer)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("variant", VARIANTS)
def test_every_reference_card_shows_its_title_and_lines(variant, lang):
    content = one_card(variant, lang)
    text = " ".join(reader(content).pages[0].extract_text().replace("\u00a0", " ").split())
    card = read_summary(variant).reference_card
    assert " ".join(card.title(lang).replace("\u00a0", " ").split()) in text
    for line in card.lines(lang):
        assert " ".join(line.replace("\u00a0", " ").split()) in text


def test_the_card_fills_its_bleed_and_nothing_beyond():
    image = render(one_card("plus", "en"), 0, 100).convert("L")

    def px(x_mm, y_mm):
        return image.getpixel((round(x_mm / 25.4 * 100), round((110 - y_mm) / 25.4 * 100)))

    border = px(9.5, 9.0)  # inside the 3 mm bleed, outside the trim box
    assert border < 100
    assert px(8.0, 7.0) > 250  # beyond the bleed: paper
    assert px(40, 50) > 200  # the light panel


def test_turned_card_reads_from_the_other_side():
    upright = positioned_texts(one_card("classic", "en"), 0)
    turned = positioned_texts(one_card("classic", "en", rotate180=True), 0)

    def title_y(runs):
        return next(y for t, x, y in runs if t == "6 nimmt!")

    assert title_y(upright) > 80 and title_y(turned) < 30


def test_only_a_variant_has_a_reference_card():
    with pytest.raises(InputError, match="there is no variant poker"):
        reference_card("poker")


def test_a_line_too_long_for_the_card_names_the_field(tmp_path, monkeypatch):
    from rulecopy import copy_summary

    import cardgen.render.reference as reference

    long = "Cards used: 1 to 10 × players + 4, " * 12
    path = copy_summary(tmp_path, "pro", "pro", '- "Cards used: 1 to 10 × players + 4"', f'- "{long}"')
    monkeypatch.setattr(reference, "read_summary", lambda variant: read_summary(str(path)))
    card_text.cache_clear()
    try:
        with pytest.raises(
            InputError, match=r"locales/en/rules-pro\.yaml, line \d+, field reference_card\.lines: the lines do not fit"
        ):
            card_text("pro", "en")
    finally:
        card_text.cache_clear()


def test_the_reference_sheet_has_cut_marks_and_nine_cards(tmp_path):
    result = CliRunner().invoke(main, ["rules", "jokers", "--reference", "--lang", "fr", "-o", str(tmp_path / "r.pdf")])
    assert result.exit_code == 0, result.output
    document = reader((tmp_path / "r.pdf").read_bytes())
    assert len(document.pages) == 1
    text = document.pages[0].extract_text().replace("\u00a0", " ")
    assert text.count("6 qui prend ! Jokers") == 9
    assert "Découper en suivant les repères" in text
    trim = [float(v) / MM for v in document.pages[0].trimbox]
    assert round(trim[2] - trim[0], 1) == 3 * 56 + 2 * 6.0


def card_lines(lang: str):
    """Each line of every reference card in `lang`, and the lines it is drawn on."""
    from cardgen.render.reference import DESIGN, INSET, PADDING, _balanced, _styles

    inner = (DESIGN[0] - 2 * INSET - 2 * PADDING) * MM
    style, _ = _styles()
    for variant in VARIANTS:
        for text in card_text(variant, lang)[2]:
            paragraph, _ = _balanced(text, style, inner)
            yield text, [" ".join(words).replace("\u00a0", " ") for _, words in paragraph.blPara.lines]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_wrapped_line_breaks_after_a_clause_and_a_number_keeps_its_word(lang):
    # each line was cut into two even halves: "15 cartes ; 1 ou / 2 cartes par tour",
    # "Cartes 1 à / 10 × joueurs + 4", "10 kaarten / + 1 joker: 11 beurten"
    for text, lines in card_lines(lang):
        if len(lines) == 1:
            continue
        if re.search(r"[;:,] ", text):
            assert lines[0][-1] in ";:,", lines
        for before, after in zip(lines, lines[1:]):
            assert before[-1] in ";:," or not re.match(r"[\d+=×−]", after), lines
        assert lines[0][-1] in ";:," or len(lines[-1].split()) > 1, lines  # no word alone on the last line


ARTICLES = {
    "en": {"the", "a", "an"},
    "fr": {"le", "la", "les", "un", "une", "des", "du", "au", "aux"},
    "de": {"der", "die", "das", "den", "dem", "des", "ein", "eine", "einen", "einem", "einer"},
    "nl": {"de", "het", "een"},
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_line_of_a_card_ends_with_an_article(lang):
    # "Hinter das / nächstniedrigere Ende": the article stood apart from its noun
    for _, lines in card_lines(lang):
        assert not [line for line in lines[:-1] if line.split()[-1].lower() in ARTICLES[lang]], lines


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_reference_sheet_prints_nothing_under_6_pt(lang, tmp_path):
    # the ruler's "0" and "100 mm" were 5 pt
    result = CliRunner().invoke(main, ["rules", "--reference", "--lang", lang, "-o", str(tmp_path / "r.pdf")])
    assert result.exit_code == 0, result.output
    assert not small_texts((tmp_path / "r.pdf").read_bytes())
