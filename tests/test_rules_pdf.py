"""Rule summaries as a player gets them: every variant in every language builds, fits
one sheet, reads at 9 pt or more, and shows its examples as the rules engine plays
them; bad rule texts fail with one line naming file, line and field, writing nothing."""

from __future__ import annotations

import re
from collections import Counter
from functools import cache
from pathlib import Path

import pypdfium2
import pytest
from click.testing import CliRunner
from pdfcheck import MM, font_is_embedded_truetype, fonts_of, page_text, reader, render, text_runs
from rulecopy import copy_summary

from cardgen.cli import main
from cardgen.engine import face, joker
from cardgen.errors import InputError
from cardgen.model.rules import VARIANTS, TallyExample, TurnExample, score_texts, summary_words
from cardgen.render.summary.blocks import BODY_SIZE
from cardgen.summaries import load_summary, summary_pdf
from cardgen.texts import LANGUAGES, with_decimal_separator

LANGS = LANGUAGES
A4 = (210.0, 297.0)
LETTER = (215.9, 279.4)
CARD_VALUE_PT = 30 * 5.0 / 56 * MM  # the small cards' big value: 30 mm on 56 mm, cards 5 mm wide
ROW_PITCH_MM = 5.0 * 87 / 56 + 0.7


@cache
def pdf(variant: str, lang: str, paper: str = "a4") -> bytes:
    return summary_pdf(variant, lang, paper)


def page_sizes(content: bytes) -> list[tuple[float, float]]:
    return [tuple(round(float(v) / MM, 2) for v in page.mediabox[2:]) for page in reader(content).pages]


def normalised(text: str) -> str:
    return re.sub(r"\s+", " ", text.replace("\u00a0", " ")).strip()


@cache
def pages_runs(content: bytes) -> list[list]:
    """Every text run of each page: (text, x mm, y mm, size in points as drawn, bold)."""
    return text_runs(content)


@cache
def all_text(content: bytes) -> str:
    return normalised(page_text(content))


def zoom_of(page_runs) -> float:
    """Two-page summaries are drawn a little larger: the body text tells by how much."""
    sizes = Counter(round(size, 2) for text, x, y, size, bold in page_runs if not bold)
    return sizes.most_common(1)[0][0] / BODY_SIZE


def card_values(page_runs) -> list[tuple[str, float, float]]:
    """The big values of the small card pictures: (label, x, y)."""
    value_size = CARD_VALUE_PT * zoom_of(page_runs)
    # a long value (0.4) is drawn a little smaller; the 9 pt labels are larger
    return [(t, x, y) for t, x, y, size, bold in page_runs if bold and 0.9 < size / value_size < 1.02]


def after_panels(content: bytes, lang: str, rows: int = 4) -> list[list[list[str]]]:
    """The `rows` rows drawn under every "After" label, top row first, cards left to right."""
    label = summary_words().after(lang)
    panels = []
    for page_runs in pages_runs(content):
        zoom = zoom_of(page_runs)
        values = card_values(page_runs)
        for text, ax, ay, _size, bold in page_runs:
            if text != label or not bold:
                continue
            drawn = []
            for row in range(rows):
                top = ay - 1 - row * ROW_PITCH_MM * zoom
                cards = sorted(
                    (x, t)
                    for t, x, y in values
                    if ax - 2 <= x <= ax + 40 * zoom and top - ROW_PITCH_MM * zoom < y <= top
                )
                drawn.append([t for _, t in cards])
            panels.append(drawn)
    return panels


def collected_on_page(content: bytes, lang: str, name: str) -> list[list[str]]:
    """The card labels drawn between every "<name> collects" label and its "= N" bull heads."""
    label = summary_words().collects(lang).format(name=name)
    found = []
    for page_runs in pages_runs(content):
        values = card_values(page_runs)
        for text, lx, ly, _size, _bold in page_runs:
            if normalised(text) == label:
                heads = min(x for t, x, y, _s, _b in page_runs if t.startswith("= ") and x > lx and abs(y - ly) < 1)
                found.append(sorted(t for t, x, y in values if lx < x < heads and abs(y - ly) < 3))
    return found


def shown(card: int, lang: str) -> str:
    return with_decimal_separator(face(card), lang)


CASES = [(variant, lang) for variant in VARIANTS for lang in LANGS]


@pytest.mark.parametrize("variant,lang", CASES)
def test_summary_fits_one_sheet_on_exact_a4_with_embedded_fonts(variant, lang):
    document = reader(pdf(variant, lang))
    assert 1 <= len(document.pages) <= 2
    for page in document.pages:
        width, height = (float(v) / MM for v in page.mediabox[2:])
        assert (round(width, 2), round(height, 2)) == A4
        assert all(font_is_embedded_truetype(font) for font in fonts_of(page))
    preferences = document.trailer["/Root"]["/ViewerPreferences"]
    assert preferences["/PrintScaling"] == "/None"
    assert preferences["/Duplex"] == ("/Simplex" if len(document.pages) == 1 else "/DuplexFlipLongEdge")


@pytest.mark.parametrize("variant,lang", CASES)
def test_every_heading_paragraph_and_caption_is_in_the_text(variant, lang):
    text = all_text(pdf(variant, lang))
    summary = load_summary(variant)
    assert normalised(summary.title(lang)) in text
    for section in summary.sections:
        assert normalised(section.heading(lang)) in text
        for line in section.text(lang).splitlines():
            assert normalised(line.removeprefix("- ")) in text, line
    for example in summary.examples:
        assert normalised(example.caption(lang)) in text, example.id


@pytest.mark.parametrize("variant,lang", CASES)
def test_reading_text_is_at_least_8_75_points(variant, lang):
    # 9 points until the summaries had to fit one page: a quarter point less, no more
    for page_runs in pages_runs(pdf(variant, lang)):
        # card pictures are bold; the small footer line sits in the bottom margin
        small = [(t, size) for t, x, y, size, bold in page_runs if not bold and y > 14 and size < 8.74]
        assert small == []


@pytest.mark.parametrize("variant,lang", CASES)
def test_rows_after_each_turn_are_the_engines(variant, lang):
    summary = load_summary(variant)
    turns = [e for e in summary.examples if isinstance(e, TurnExample)]
    drawn = after_panels(pdf(variant, lang), lang, VARIANTS[variant].rows)
    assert len(drawn) == len(turns)
    for example in turns:
        engine = [[shown(card, lang) for card in row] for row in summary.outcome(example.id).after]
        assert engine in drawn, example.id


@pytest.mark.parametrize("variant,lang", CASES)
def test_cards_collected_are_drawn_beside_their_player(variant, lang):
    summary = load_summary(variant)
    content = pdf(variant, lang)
    for example in summary.examples:
        if not isinstance(example, TurnExample):
            continue
        for name, cards in summary.outcome(example.id).collected.items():
            assert sorted(shown(card, lang) for card in cards) in collected_on_page(content, lang, name), example.id


def test_the_seeds_examples_are_drawn():
    classic = after_panels(pdf("classic", "en"), "en")
    assert [["8"], ["24", "29"], ["69", "70"], ["81"]] in classic
    plus = after_panels(pdf("plus", "en"), "en")
    assert [["15"], ["24", "27"], ["49", "53"], ["6"]] in plus  # 49, 53, then 5, 6, 27
    for lang in LANGS:
        rows = after_panels(pdf("jokers", lang), lang)
        assert [["9", "17", shown(joker(4), lang), "18"], ["25"], ["42"], ["63"]] in rows
        note = (
            summary_words().worth(lang).format(card=shown(joker(4), lang), value=with_decimal_separator("17.4", lang))
        )
        assert note in all_text(pdf("jokers", lang))


@pytest.mark.parametrize("lang", LANGS)
def test_tally_shows_the_engines_totals_and_winner(lang):
    summary = load_summary("classic")
    tally = next(e for e in summary.examples if isinstance(e, TallyExample))
    outcome = summary.outcome(tally.id)
    assert outcome.totals == {"Ana": 69, "Ben": 43, "Cleo": 50} and outcome.winners == ["Ben"]
    words = summary_words()
    text = all_text(pdf("classic", lang))
    assert f"{words.game_over(lang)} {words.winners.one(lang).format(names='Ben')}" in text
    total = score_texts().labels.total(lang)
    rows = [
        [t for t, x, y, size, bold in sorted(page_runs, key=lambda run: run[1]) if abs(y - ty) < 0.5 and x > tx]
        for page_runs in pages_runs(pdf("classic", lang))
        for text, tx, ty, size, bold in page_runs
        if text == total
    ]
    assert ["69", "43", "50"] in rows


def test_rebuilds_are_byte_identical():
    assert summary_pdf("jokers", "fr") == summary_pdf("jokers", "fr")


@pytest.mark.parametrize("variant,lang", CASES)
def test_every_summary_fits_one_sheet_of_exact_letter_with_all_its_text(variant, lang):
    content = pdf(variant, lang, "letter")
    sizes = page_sizes(content)
    assert 1 <= len(sizes) <= 2 and set(sizes) == {LETTER}
    preferences = reader(content).trailer["/Root"]["/ViewerPreferences"]
    assert preferences["/Duplex"] == ("/Simplex" if len(sizes) == 1 else "/DuplexFlipLongEdge")
    document = pypdfium2.PdfDocument(content)  # text read back by pdfium: a tenth of pypdf's time
    pages = [document[index].get_textpage() for index in range(len(document))]
    text = normalised(" ".join(page.get_text_range() for page in pages))
    summary = load_summary(variant)
    for section in summary.sections:
        assert normalised(section.heading(lang)) in text
        assert all(normalised(line.removeprefix("- ")) in text for line in section.text(lang).splitlines())
    assert all(normalised(example.caption(lang)) in text for example in summary.examples)
    for page in pages:  # every character inside the margins of the narrower, shorter page
        boxes = [page.get_charbox(index) for index in range(page.count_chars())]
        boxes = [box for box in boxes if box[2] > box[0]]
        assert min(box[0] for box in boxes) / MM > 9 and max(box[2] for box in boxes) / MM < LETTER[0] - 9
        assert min(box[1] for box in boxes) / MM > 9 and max(box[3] for box in boxes) / MM < LETTER[1] - 9


@pytest.mark.parametrize("variant,lang", [("plus", "en"), ("jokers", "fr"), ("classic", "de"), ("pro", "nl")])
def test_letter_text_is_at_least_8_75_points(variant, lang):
    for page_runs in pages_runs(pdf(variant, lang, "letter")):
        assert [t for t, x, y, size, bold in page_runs if not bold and y > 14 and size < 8.74] == []


def test_letter_pages_are_drawn_in_the_letter_frame():
    # Letter is 17.6 mm shorter than A4: Plus still fits its one page, nothing clipped
    content = pdf("plus", "en", "letter")
    assert len(reader(content).pages) == 1
    assert after_panels(content, "en") == after_panels(pdf("plus", "en"), "en")
    for number in range(1):
        image = render(content, number, 40)
        width, height = image.size
        assert (width, height) == (round(LETTER[0] / 25.4 * 40), round(LETTER[1] / 25.4 * 40))
        border = [image.getpixel((x, 2)) for x in range(width)] + [image.getpixel((2, y)) for y in range(height)]
        assert min(border) > 245 and image.getextrema()[0] < 60


def test_one_page_summaries_fit_one_page():
    # Classic and Plus in every language on both papers: tests/test_summary_layout.py
    assert len(reader(pdf("plus", "en")).pages) == 1
    assert len(reader(pdf("jokers", "en")).pages) == 1
    assert len(reader(pdf("pro", "en")).pages) == 1


def test_pages_render_with_ink_and_margins():
    image = render(pdf("plus", "en"), 0, 40)
    width, height = image.size
    assert image.getextrema()[0] < 60  # dark text and cards are drawn
    border = [image.getpixel((x, 2)) for x in range(width)] + [image.getpixel((2, y)) for y in range(height)]
    assert min(border) > 245  # nothing within the paper's unprintable edge


# --- broken rule texts ------------------------------------------------------------------


def broken(tmp_path: Path, old: str, new: str, variant: str = "classic") -> Path:
    """A copy of a bundled summary (rule file and locales) with `old` replaced by `new`."""
    return copy_summary(tmp_path, variant, f"{variant}-broken", old, new)


def failure(path: Path, lang: str = "en", names: Path | None = None) -> str:
    """The one-line error for the summary `path` in `lang`, naming the file `names`
    (the rule file, unless the error is in the words)."""
    with pytest.raises(InputError) as caught:
        summary_pdf(str(path), lang)
    message = str(caught.value)
    assert "\n" not in message and message.startswith(str(names or path))
    return message


def words_of(path: Path, lang: str = "en") -> Path:
    return path.parent / "locales" / lang / f"rules-{path.stem}.yaml"


def test_a_text_with_ampersands_and_angle_brackets_prints_them_as_written(tmp_path):
    path = copy_summary(tmp_path, "classic", "signs", "a score sheet and a pencil", "a score sheet & a <b>pencil</b>")
    assert "a score sheet & a <b>pencil</b>" in all_text(summary_pdf(str(path), "en"))


def test_an_expect_the_engine_does_not_reproduce_names_the_example(tmp_path):
    path = broken(tmp_path, "rows: [[8], [24, 29], [69, 70], [81]]", "rows: [[8, 29], [24], [69, 70], [81]]")
    message = failure(path)
    assert re.search(r", line \d+, field examples\[0\]\.expect\.rows: example placement: ", message)
    assert "8 | 24 29 | 69 70 | 81" in message


def test_a_wrong_collected_claim_names_the_example(tmp_path):
    path = broken(tmp_path, "collected: {Ben: [70]}", "collected: {Ben: [70, 71]}")
    assert "field examples[1].expect.collected: example low-card:" in failure(path)


def test_collected_cards_compare_as_multisets(tmp_path):
    path = broken(
        tmp_path,
        "collected: {Cleo: [30, 33, 38, 42, 47, 0], Dan: [0], Ana: [60, 71, 80, 90, 5]}",
        "collected: {Ana: [5, 90, 80, 71, 60], Dan: [0], Cleo: [0, 47, 42, 38, 33, 30]}",
        "plus",
    )
    assert summary_pdf(str(path), "en")


def test_an_illegal_play_names_the_example(tmp_path):
    path = broken(tmp_path, "turn: {Ana: 71, Ben: {card: 5, take: 3}}", "turn: {Ana: 71, Ben: 5}")
    message = failure(path)
    assert "field examples[1].turn: example low-card: this play breaks the rules" in message


def test_a_wrong_winner_in_a_tally_names_the_example(tmp_path):
    path = broken(tmp_path, "winners: [Ben]", "winners: [Cleo]")
    assert "field examples[3].expect.winners: example end-of-game: the winners are Ben" in failure(path)


def test_an_unknown_field_is_named_with_its_line(tmp_path):
    path = broken(tmp_path, "    kind: tally\n", "    kind: tally\n    colour: red\n")
    line = next(n for n, text in enumerate(path.read_text().splitlines(), 1) if "colour: red" in text)
    assert f", line {line}, field examples[3].colour: is not a known field" in failure(path)


def test_a_missing_translation_is_named(tmp_path):
    path = broken(tmp_path, '    heading: "Doel"\n', "")
    assert "has no text for sections.goal.heading (the reference language en has)" in failure(
        path, "nl", words_of(path, "nl")
    )


def test_an_example_without_a_caption_is_named(tmp_path):
    path = broken(tmp_path, "  - id: placement\n", "  - id: placement-bis\n")
    assert "has no text for examples.placement-bis" in failure(path, "en", words_of(path))


def test_text_that_overflows_two_pages_names_the_section(tmp_path):
    long = "Collect as few bull heads as you can: each one counts against you. " * 250
    path = broken(tmp_path, "Collect as few bull heads as you can: each one counts against you.", long)
    message = failure(path, names=words_of(path))
    assert "does not fit" in message and ", field sections.goal.text: " in message


def test_text_that_fits_a4_but_not_letter_is_an_error_naming_the_section(tmp_path):
    """Letter is 17.6 mm shorter than A4: a text that just fits both sides of A4 (found by
    adding bullets to the last section) is refused on Letter, naming file and section."""
    mistake = "- Putting collected cards back in your hand."
    more = "\n      - Keep your cards hidden until everyone has chosen one, then reveal them all."

    def text(extra: int) -> Path:  # a file of its own each time: summaries are cached by path
        folder = tmp_path / str(extra)
        folder.mkdir(exist_ok=True)
        return broken(folder, mistake, mistake + more * extra)

    def fits(extra: int, paper: str) -> bool:
        path = text(extra)
        try:
            summary_pdf(str(path), "en", paper)
            return True
        except InputError:
            return False

    fits_a4, too_long = 0, 128  # bisect for the most bullets that fit both sides of A4
    assert fits(fits_a4, "a4") and not fits(too_long, "a4")
    while too_long - fits_a4 > 1:
        middle = (fits_a4 + too_long) // 2
        fits_a4, too_long = (middle, too_long) if fits(middle, "a4") else (fits_a4, middle)
    path = text(fits_a4)
    with pytest.raises(InputError) as caught:
        summary_pdf(str(path), "en", "letter")
    message = str(caught.value)
    assert message.startswith(str(words_of(path))) and "\n" not in message
    assert "does not fit on both sides of one letter sheet" in message
    assert ", field sections.mistakes.text: " in message and "section mistakes" in message


def test_the_command_writes_nothing_for_a_broken_text(tmp_path):
    path = broken(tmp_path, "winners: [Ben]", "winners: [Cleo]")
    out = tmp_path / "out.pdf"
    result = CliRunner().invoke(main, ["rules", str(path), "-o", str(out)])
    assert result.exit_code == 2
    assert len(result.output.strip().splitlines()) == 1 and "example end-of-game" in result.output
    assert not out.exists()


@pytest.mark.parametrize("arguments", [["rules", "poker"], ["rules", "plus", "--lang", "it"]])
def test_a_wrong_variant_or_language_is_one_line_and_status_2(tmp_path, arguments):
    result = CliRunner().invoke(main, [*arguments, "-o", str(tmp_path / "x.pdf")])
    assert result.exit_code == 2
    assert len(result.output.strip().splitlines()) == 1 and result.output.startswith("cardgen: ")
    assert not (tmp_path / "x.pdf").exists()


def test_rules_take_the_paper_from_the_printer_profile_unless_paper_is_given(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDGEN_CONFIG_DIR", str(tmp_path / "config"))
    runner = CliRunner()
    added = runner.invoke(
        main, ["printer", "add", "office", "--back-offset", "0,0", "--flip", "long", "--paper", "letter"]
    )
    assert added.exit_code == 0, added.output
    for arguments, size in (
        (["--printer", "office"], LETTER),
        (["--printer", "office", "--paper", "a4"], A4),
        (["--paper", "letter"], LETTER),
        ([], A4),
    ):
        out = tmp_path / "rules.pdf"
        result = runner.invoke(main, ["rules", "plus", *arguments, "-o", str(out)])
        assert result.exit_code == 0, result.output
        assert set(page_sizes(out.read_bytes())) == {size}, arguments
        reference = runner.invoke(main, ["rules", "--reference", *arguments, "-o", str(out)])
        assert reference.exit_code == 0, reference.output
        assert set(page_sizes(out.read_bytes())) == {size}, arguments
    unknown = runner.invoke(main, ["rules", "plus", "--printer", "nowhere", "-o", str(tmp_path / "x.pdf")])
    assert unknown.exit_code == 2 and "nowhere" in unknown.output
    assert not (tmp_path / "x.pdf").exists()


def test_the_command_writes_the_four_summaries(tmp_path):
    result = CliRunner().invoke(main, ["rules", "--lang", "de", "-o", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(f"rules-{v}-de.pdf" for v in VARIANTS)
    assert (tmp_path / "rules-plus-de.pdf").read_bytes() == pdf("plus", "de")


# --- the flow through the columns ------------------------------------------------------


def columns_of(layout) -> list[list]:
    """The placed blocks of each column, top to bottom."""
    columns: dict[tuple[int, float], list] = {}
    for item in layout.placed:
        columns.setdefault((item.page, item.x), []).append(item)
    return [sorted(items, key=lambda item: -item.top) for _, items in sorted(columns.items())]


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("variant,lang", CASES)
def test_no_widow_orphan_or_lonely_heading(variant, lang, paper):
    from cardgen.render.summary import HeadingBlock, TextBlock, layout_summary

    layout = layout_summary(load_summary(variant), lang, paper)
    columns = columns_of(layout)
    for number, column in enumerate(columns):
        first, last = column[0].block, column[-1].block
        assert not isinstance(last, HeadingBlock), (number, last.paragraph.text)  # a heading keeps its text
        if first.continued:  # the end of a paragraph broken at the column
            assert first.lines >= 2 and number > 0
            broken = columns[number - 1][-1].block
            assert isinstance(broken, TextBlock) and broken.lines >= 2 and broken.paragraph.bulletText is None


def test_a_summary_too_long_for_one_page_balances_its_two_pages(tmp_path):
    # a longer text takes both sides of the sheet, each column ending within a third of a
    # page of the others
    from cardgen.render.summary import layout_summary

    mistake = "- Putting collected cards back in your hand."
    more = "\n      - Keep your cards hidden until everyone has chosen one, then reveal them all."
    path = broken(tmp_path, mistake, mistake + more * 12)
    layout = layout_summary(load_summary(str(path)), "en")
    assert layout.pages == 2
    bottoms = [column[-1].top - column[-1].block.height for column in columns_of(layout)]
    assert max(bottoms) - min(bottoms) < 297 / 3 * MM / layout.frame.zoom
