"""Score sheets read back from the PDF: a column per player, a row per round, room to
write, as many sheets a page as fit with cut lines between them, the end-of-game rule, four
languages."""

from __future__ import annotations

from collections import Counter

import pypdf
import pytest
from click.testing import CliRunner
from clirun import cardgen_in_process
from pdfcheck import MM, font_is_embedded_truetype, fonts_of, positioned_texts, reader

from cardgen.cli import main
from cardgen.errors import InputError
from cardgen.model.rules import score_texts
from cardgen.render.scoresheet import MARGIN, MIN_ROW_HEIGHT, ROW_HEIGHT, plan, score_sheet_pdf, sheets_per_page
from cardgen.texts import LANGUAGES

RANGES = {"classic": range(2, 11), "pro": range(2, 11), "jokers": range(2, 11), "plus": range(2, 8)}
CASES = [(variant, players) for variant, counts in RANGES.items() for players in counts]


def expected_rounds(variant: str, players: int) -> int:
    return players if variant == "plus" else 10


def page_texts(content: bytes) -> list[tuple[str, float, float]]:
    assert len(reader(content).pages) == 1
    return positioned_texts(content, 0)


def copies_on(texts, lang: str, players: int) -> int:
    """How many sheets a page holds: each names every player once."""
    player = score_texts().labels.player(lang)
    names = Counter(text for text, x, y in texts if text.startswith(player + " "))
    assert set(names) == {f"{player} {n}" for n in range(1, players + 1)} and len(set(names.values())) == 1
    return names[f"{player} 1"]


def round_numbers(texts, lang: str, copies: int, height: float) -> list[list[tuple[float, int]]]:
    """The round numbers down each sheet's first column, (y, number), sheet by sheet from the top."""
    first_column = min(x for text, x, y in texts if text == score_texts().labels.player(lang))
    rounds = sorted(((y, int(t)) for t, x, y in texts if t.isdigit() and abs(x - first_column) < 12), reverse=True)
    return [[(y, n) for y, n in rounds if copies - 1 - part == int(y // (height / copies))] for part in range(copies)]


@pytest.mark.parametrize("variant,players", CASES)
def test_player_columns_and_round_rows(variant, players):
    texts = page_texts(score_sheet_pdf(variant, "en", players))
    copies = copies_on(texts, "en", players)
    assert copies >= 2
    for sheet in round_numbers(texts, "en", copies, 297.0):
        assert [n for y, n in sheet] == list(range(1, expected_rounds(variant, players) + 1))
        assert min(a[0] - b[0] for a, b in zip(sheet, sheet[1:])) >= 8.0  # room to write by hand


@pytest.mark.parametrize("paper,size", [("a4", 297.0), ("letter", 279.4)])
@pytest.mark.parametrize("variant,players", CASES)
def test_no_page_leaves_room_for_one_more_sheet(variant, players, paper, size):
    # two sheets of a two-round table left three quarters of each half page blank
    texts = page_texts(score_sheet_pdf(variant, "fr", players, paper))
    copies = copies_on(texts, "fr", players)
    title = score_texts().title(variant)("fr").replace("\u00a0", " ")
    top = max(y for text, x, y in texts if text.replace("\u00a0", " ") == title)  # the upper sheet's title
    lowest = min(y for text, x, y in texts if y > size - size / copies)  # the last line of its rule
    rounds = expected_rounds(variant, players)
    # the sheet as drawn (5 mm above its title's baseline, 1 mm below its rule's last one, its
    # margins), its rows as small as they may be
    least = (top + 5) - (lowest - 1) + 2 * MARGIN - rounds * (ROW_HEIGHT - MIN_ROW_HEIGHT)
    assert (copies + 1) * least > size, (copies, least)


LETTER = (215.9, 279.4)


@pytest.mark.parametrize(
    "variant,players", [("classic", 2), ("classic", 5), ("pro", 10), ("jokers", 7), ("plus", 2), ("plus", 7)]
)
def test_letter_sheets_keep_8_mm_rows_and_a_column_per_player(variant, players):
    content = score_sheet_pdf(variant, "de", players, "letter")
    (page,) = reader(content).pages
    assert [round(float(v) / MM, 2) for v in page.mediabox[2:]] == list(LETTER)
    texts = positioned_texts(content, 0)
    labels = score_texts().labels
    copies = copies_on(texts, "de", players)
    assert sum(text == labels.cut_here("de") for text, x, y in texts) == 2 * (copies - 1)  # each cut line, both ends
    assert sum(text == labels.total("de") for text, x, y in texts) == copies * players  # a running total per player
    for sheet in round_numbers(texts, "de", copies, LETTER[1]):
        assert [n for y, n in sheet] == list(range(1, expected_rounds(variant, players) + 1))
        assert min(a[0] - b[0] for a, b in zip(sheet, sheet[1:])) >= MIN_ROW_HEIGHT - 0.01  # room to write by hand
    # everything on the page, the lower sheet's rule above the bottom edge
    assert all(3 < x < LETTER[0] - 3 and 3 < y < LETTER[1] - 3 for text, x, y in texts)


def test_one_sheet_a_page_when_two_do_not_fit():
    assert sheets_per_page(plan("classic", 4), "en", (210.0, 297.0)) == (2, 8.5)
    count, row = sheets_per_page(plan("classic", 2), "en", LETTER)  # the rule wraps: rows give a little
    assert count == 2 and MIN_ROW_HEIGHT <= row < 8.5
    assert sheets_per_page(plan("classic", 4), "en", (215.9, 240.0)) == (1, 8.5)
    with pytest.raises(InputError, match="score.yaml"):
        sheets_per_page(plan("classic", 4), "en", (215.9, 100.0))


def test_the_command_takes_letter_from_the_paper_option_or_the_printer(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDGEN_CONFIG_DIR", str(tmp_path / "config"))
    runner = CliRunner()
    assert (
        runner.invoke(
            main, ["printer", "add", "home", "--back-offset", "0,0", "--flip", "short", "--paper", "letter"]
        ).exit_code
        == 0
    )
    for arguments, size in (
        (["--printer", "home"], [215.9, 279.4]),
        (["--paper", "letter"], [215.9, 279.4]),
        (["--printer", "home", "--paper", "a4"], [210.0, 297.0]),
    ):
        out = tmp_path / "s.pdf"
        result = runner.invoke(main, ["sheet", "plus", "--players", "3", *arguments, "-o", str(out)])
        assert result.exit_code == 0, result.output
        assert [round(float(v) / MM, 2) for v in reader(out.read_bytes()).pages[0].mediabox[2:]] == size


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("variant", RANGES)
def test_title_rule_limit_and_cut_line_in_each_language(variant, lang):
    def norm(text):
        return " ".join(text.replace("\u00a0", " ").split())

    content = score_sheet_pdf(variant, lang, 4)
    text = norm(" ".join(reader(content).pages[0].extract_text().splitlines()))
    texts = score_texts()
    copies = sheets_per_page(plan(variant, 4), lang, (210.0, 297.0))[0]
    assert text.count(norm(texts.title(variant)(lang))) == copies
    assert norm(texts.labels.cut_here(lang)) in text
    assert text.count(norm(texts.rules(variant)(lang).format(limit=66))) == copies
    if variant != "plus":
        assert norm(texts.labels.limit(lang).format(limit=66)) in text


def test_paper_fonts_and_a_page_per_player_count():
    content = score_sheet_pdf("classic", "en")
    document = reader(content)
    assert len(document.pages) == 9
    for page in document.pages:
        assert [round(float(v) / MM, 2) for v in page.mediabox[2:]] == [210.0, 297.0]
        assert all(font_is_embedded_truetype(font) for font in fonts_of(page))
    assert document.trailer["/Root"]["/ViewerPreferences"]["/PrintScaling"] == "/None"
    assert score_sheet_pdf("plus", "fr") == score_sheet_pdf("plus", "fr")
    assert len(reader(score_sheet_pdf("plus", "fr")).pages) == 6


@pytest.mark.parametrize("variant,players", [("plus", 8), ("plus", 1), ("classic", 11), ("jokers", 1)])
def test_a_wrong_player_count_is_refused(variant, players):
    with pytest.raises(InputError, match=f"not {players}"):
        score_sheet_pdf(variant, "en", players)


@pytest.mark.parametrize(
    "arguments",
    [
        ["sheet", "plus", "--players", "8"],
        ["sheet", "poker"],
        ["sheet", "classic", "--lang", "es"],
        ["sheet", "classic", "--players", "four"],
    ],
)
def test_the_command_refuses_in_one_line_and_writes_nothing(tmp_path, arguments):
    out = tmp_path / "sheet.pdf"
    result = CliRunner().invoke(main, [*arguments, "-o", str(out)])
    assert result.exit_code == 2
    assert len(result.output.strip().splitlines()) == 1 and result.output.startswith("cardgen: ")
    assert not out.exists()


def test_the_command_writes_one_player_count(tmp_path):
    result = CliRunner().invoke(
        main, ["sheet", "plus", "--players", "5", "--lang", "nl", "-o", str(tmp_path / "s.pdf")]
    )
    assert result.exit_code == 0, result.output
    assert (tmp_path / "s.pdf").read_bytes() == score_sheet_pdf("plus", "nl", 5)


def test_german_sheet_numbers_the_players_not_the_names():
    # "Name 1", "Name 2" read as form fields; a German score pad says "Spieler 1"
    texts = {text for text, x, y in page_texts(score_sheet_pdf("classic", "de", 3))}
    assert {"Spieler 1", "Spieler 2", "Spieler 3"} <= texts


def test_copies_of_a_sheet_fill_pages_and_the_command_says_how_many(tmp_path):
    result = cardgen_in_process("sheet", "plus", "--players", "4", "--copies", "30", "-o", tmp_path / "class.pdf")
    assert result.returncode == 0, result.stderr
    pages = pypdf.PdfReader(tmp_path / "class.pdf").pages  # three sheets of four rounds a page
    assert len(pages) == 10 and len({page.get_contents().get_data() for page in pages}) == 1
    assert "score-plus-4p-en.pdf: 10 pages, at least 30 sheets for each number of players" in result.stdout
