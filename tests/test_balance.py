"""`cardgen balance`: the same seeds with the standard deck and with a user's cards, the
paired test that tells a finding from noise, the sentence, --json and the one-page PDF."""

import io
import json
import re
from itertools import product
from pathlib import Path
from types import SimpleNamespace

import pytest
from clirun import cardgen_in_process
from hypothesis import given, settings
from hypothesis import strategies as st
from pdfcheck import small_texts
from pypdf import PdfReader

from cardgen.balance import balance
from cardgen.balance.stats import Difference, Interval
from cardgen.balance.words import SENTENCE, WORDS, sentence
from cardgen.engine import VARIANTS, Options
from cardgen.model.play import load_pool
from cardgen.texts import LANGUAGES, sheet_strings

SEVENS = "name: sevens\ntitle: Every card a 55\ncustom_heads: true\ncards:\n" + "".join(
    f"  - {{id: '{n}', kind: number, value: {n}, heads: 7}}\n" for n in range(1, 105)
)
PROMO = Path(__file__).resolve().parent.parent / "docs" / "examples" / "promo.yaml"  # cards 105-110


@pytest.fixture(scope="module")
def sets(tmp_path_factory):
    folder = tmp_path_factory.mktemp("sets")
    (folder / "sevens.yaml").write_text(SEVENS)
    (folder / "promo.yaml").write_bytes(PROMO.read_bytes())
    return folder


SMALL_GAMES = st.tuples(
    st.sampled_from(list(VARIANTS)),
    st.integers(2, 5),
    st.integers(0, 10_000),
    st.sampled_from(["random", "heuristic"]),
)


@settings(max_examples=6, deadline=None)
@given(SMALL_GAMES)
def test_a_set_identical_to_the_bundled_deck_makes_no_significant_difference(game):
    variant, players, seed, kind = game
    pool = load_pool(["numbered"])  # the bundled numbered cards, read as a user's set
    report = balance(Options(variant), [kind] * players, 20, seed, pool)
    assert [d for d in report.differences if d.significant] == []
    assert all(d.interval.value == 0 for d in report.differences)
    assert report.new_cards == []
    said = sentence(report, "en")
    assert said.startswith("Game length, each seat’s chance of winning and the bull heads a player collects per round")
    assert said.count("standard deck") == 1


def _report(rounds: bool, seats: int, score: bool) -> SimpleNamespace:
    """A report whose rounds, `seats` seats' win rates and bull heads per round changed or not."""

    def measure(name: str, changed: bool) -> Difference:
        return Difference(name, Interval(0.5, 0.2, 0.8) if changed else Interval(0.1, -0.2, 0.4))

    differences = [measure("rounds", rounds), measure("round_score", score)]
    differences += [measure(f"win.seat{seat}", seat <= seats) for seat in (1, 2, 3)]
    return SimpleNamespace(
        differences=differences, difference=lambda name: next(d for d in differences if d.measure == name)
    )


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_headline_names_the_standard_deck_once_whatever_changed(lang):
    """Three unchanged measures were three clauses, each ending "as with the standard deck"."""
    standard = WORDS.standard(lang).lower()
    for rounds, seats, score in product((False, True), (0, 1, 2), (False, True)):
        said = sentence(_report(rounds, seats, score), lang)  # type: ignore[arg-type]
        assert said.lower().count(standard) <= 1, said
        unchanged = (not rounds) + (not seats) + (not score)
        assert (standard in said.lower()) == (unchanged > 0), said


@settings(max_examples=4, deadline=None)
@given(SMALL_GAMES)
def test_a_set_whose_cards_all_carry_7_bull_heads_makes_a_significant_difference(sets, game):
    variant, players, seed, kind = game
    report = balance(Options(variant), [kind] * players, 20, seed, load_pool([sets / "sevens.yaml"]))
    score = report.difference("round_score")
    assert score.significant and score.interval.low > 0
    assert "more bull heads per round" in sentence(report, "en")


def run(*args):
    return cardgen_in_process("balance", "--games", "60", *args)


def test_json_gives_both_decks_and_the_differences(sets):
    result = run("--set", sets / "promo.yaml", "--players", "3", "--players-kind", "heuristic,random,random", "--json")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    for side in ("standard", "custom"):
        assert report[side]["games"] == 60
        assert len(report[side]["mean_totals"]) == len(report[side]["win_rates"]) == 3
        assert report[side]["mean_rounds"] > 1
    assert report["standard"]["mean_totals"] != report["custom"]["mean_totals"]  # 107 cards deal other hands
    measures = [d["measure"] for d in report["differences"]]
    assert measures[:4] == ["rounds", "round_score", "total.seat1", "win.seat1"]
    assert {"total.heuristic", "win.random"} <= set(measures)
    assert all(set(d) == {"measure", "value", "low", "high", "significant"} for d in report["differences"])
    assert all(d["low"] <= d["value"] <= d["high"] for d in report["differences"])
    assert [card["card"] for card in report["new_cards"]] == [105, 106, 107, 108, 109, 110]
    assert 0 < report["new_cards"][5]["in_pile"] < 1 and report["new_cards"][5]["heads"] == 7


def test_the_sentence_in_each_language_names_the_finding(sets):
    for lang in LANGUAGES:
        # the words of "a player collects {value} more bull heads per round (± {margin})" between its figures
        expected = max(re.split(r"\{\w+\}|\(±", SENTENCE.score_more(lang)), key=len).strip()
        result = cardgen_in_process("balance", "--set", sets / "sevens.yaml", "--lang", lang, "--games", "15")
        assert result.returncode == 0, result.stderr
        first = result.stdout.splitlines()[1]  # under what the players play
        assert expected.lower() in first.lower(), first
        assert ("," in first) == (sheet_strings(lang)["decimal_separator"] == ","), first


def test_the_same_report_and_pdf_bytes_for_any_number_of_jobs(sets, tmp_path):
    outputs = []
    for jobs in ("1", "2"):
        pdf = tmp_path / f"report-{jobs}.pdf"
        result = run("--set", sets / "promo.yaml", "--jobs", jobs, "-o", pdf, "--json")
        assert result.returncode == 0, result.stderr
        outputs.append((result.stdout, pdf.read_bytes()))
    assert outputs[0] == outputs[1]


@pytest.mark.parametrize("paper, size", [("a4", (595, 842)), ("letter", (612, 792))])
def test_the_pdf_is_one_page_of_the_paper_with_embedded_fonts_and_its_words(sets, tmp_path, paper, size):
    pdf = tmp_path / "report.pdf"
    result = run("--set", sets / "promo.yaml", "--lang", "fr", "--paper", paper, "-o", pdf)
    assert result.returncode == 0, result.stderr
    reader = PdfReader(io.BytesIO(pdf.read_bytes()))
    [page] = reader.pages
    assert [round(float(v)) for v in page.mediabox[2:]] == list(size)
    fonts = page["/Resources"]["/Font"]
    assert all("/FontFile2" in fonts[name].get_object()["/FontDescriptor"] for name in fonts)  # TrueType, inside
    text = page.extract_text()
    assert "Rapport d’équilibrage" in text and "Taux de victoire par place" in text and "110" in text
    from cardgen.verify.pdfs import verify_pdf

    report = verify_pdf(pdf)  # the report says what it is in its record
    [drawing] = [check for check in report.checks if check.name == "pdf.drawing"]
    assert report.ok and "made by cardgen: a balance report of Classic, in fr" in drawing.message


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_report_says_at_its_top_that_the_players_play_numbers_and_bull_heads_not_the_cards_texts(
    sets, tmp_path, lang
):
    """A designer's cards may print rules of their own; the players never read them."""
    pdf = tmp_path / "report.pdf"
    result = run("--set", sets / "promo.yaml", "--lang", lang, "-o", pdf)
    assert result.returncode == 0, result.stderr
    said = WORDS.values_only(lang)
    assert {"en": "bull heads", "fr": "têtes de bœuf", "de": "Hornochsen", "nl": "ossenkoppen"}[lang] in said
    assert result.stdout.splitlines()[1] == said  # the first line of the text, under the PDF's name
    text = " ".join(PdfReader(io.BytesIO(pdf.read_bytes())).pages[0].extract_text().split())
    assert text.index(" ".join(said.split())) < text.index(WORDS.measure(lang))  # above the table and charts


def test_figures_below_zero_carry_a_minus_sign_not_a_hyphen(sets):
    result = run("--set", sets / "promo.yaml", "--lang", "de")
    assert result.returncode == 0, result.stderr
    assert "\u2212" in result.stdout  # the promo cards' 60 games have differences below zero
    assert not re.search(r"(?<![\w-])-\d", result.stdout), result.stdout


def test_a_missing_set_or_an_unwritable_report_is_one_line_and_changes_nothing(sets, tmp_path):
    old = tmp_path / "report.pdf"
    old.write_bytes(b"the old report")
    missing = run("--set", tmp_path / "lost.yaml", "-o", old)
    assert missing.returncode == 2 and missing.stderr.count("\n") == 1 and "lost.yaml" in missing.stderr
    (tmp_path / "taken").write_text("a file, not a folder")
    blocked = run("--set", sets / "promo.yaml", "-o", tmp_path / "taken" / "report.pdf")
    assert blocked.returncode == 2 and blocked.stderr.startswith("cardgen: ") and blocked.stderr.count("\n") == 1
    assert old.read_bytes() == b"the old report" and sorted(p.name for p in tmp_path.iterdir()) == [
        "report.pdf",
        "taken",
    ]


def test_more_players_than_the_standard_deck_seats_have_nothing_to_compare_with(tmp_path):
    many = tmp_path / "many.yaml"
    many.write_text(
        "name: many\ntitle: 105-124\ncards:\n"
        + "".join(f"  - {{id: P{n}, kind: number, value: {n}, heads: 1}}\n" for n in range(105, 125))
    )
    assert cardgen_in_process("simulate", "--set", many, "--players", "12", "--games", "2").returncode == 0
    result = run("--set", many, "--players", "12")
    assert result.returncode == 2
    assert result.stderr == (
        "cardgen: Classic is played by 2 to 10 players, not 12 with the standard deck, "
        "so there is nothing to compare your cards with.\n"
    )


def test_few_games_never_call_luck_a_finding():
    """Student's t, not the normal approximation: with 10 games and 10 measures the
    normal interval was 24 % too narrow. The t quantile is checked against exact values."""
    from cardgen.balance.stats import simultaneous_level, t_quantile

    assert t_quantile(0.95, 9) == pytest.approx(2.2622, abs=1e-3)  # tables of Student's t
    assert t_quantile(0.95, 99) == pytest.approx(1.9842, abs=1e-3)
    assert t_quantile(simultaneous_level(10), 9) == pytest.approx(
        3.6897, rel=1e-3
    )  # exact: closed form for odd freedom
    assert t_quantile(simultaneous_level(20), 19) == pytest.approx(3.4812, rel=1e-3)


def test_a_report_on_too_few_games_is_refused():
    result = cardgen_in_process("balance", "--set", "zero-cards", "--games", "9")
    assert result.returncode == 2
    assert "at least 10 games per deck, not 9" in result.stderr


def test_cards_the_variant_never_deals_are_said_and_a_set_of_nothing_else_is_refused(tmp_path):
    beyond = tmp_path / "beyond.yaml"
    beyond.write_text(
        "name: beyond\ntitle: 105 to 116\ncards:\n"
        + "".join(f"  - {{id: 'N{n}', kind: number, value: {n}, heads: 1}}\n" for n in range(105, 117))
    )
    refused = cardgen_in_process("balance", "--games", "20", "--set", beyond, "--variant", "pro", "--players", "4")
    assert (
        refused.returncode == 2 and "Pro with 4 players (cards 1 to 44) never deals any card your set" in refused.stderr
    )
    both = tmp_path / "both.yaml"
    both.write_text(
        beyond.read_text().replace(
            "cards:\n", "custom_heads: true\ncards:\n  - {id: '5', kind: number, value: 5, heads: 7}\n"
        )
    )
    said = cardgen_in_process("balance", "--games", "20", "--set", both, "--variant", "pro", "--players", "4", "--json")
    assert said.returncode == 0 and json.loads(said.stdout)["never_dealt"] == list(range(105, 117))
    assert "never deals cards 105, 106" in said.stderr


def test_games_that_are_all_the_same_game_are_said_to_tell_nothing(tmp_path):
    five = tmp_path / "five.yaml"
    five.write_text(
        "name: five\ntitle: A heavy 5\ncustom_heads: true\ncards:\n  - {id: '5', kind: number, value: 5, heads: 7}\n"
    )
    said = cardgen_in_process("balance", "--games", "20", "--set", five, "--variant", "pro", "--players", "4", "--json")
    assert said.returncode == 0 and json.loads(said.stdout)["games_vary"] is False
    assert "every game was the same game" in said.stderr
    varied = run(
        "--set",
        five,
        "--variant",
        "pro",
        "--players",
        "4",
        "--players-kind",
        "heuristic,random,random,random",
        "--json",
    )
    assert json.loads(varied.stdout)["games_vary"] is True and "same game" not in varied.stderr


DOZEN = "name: dozen\ntitle: Twelve new cards\ncustom_heads: true\ncards:\n" + "".join(
    f"  - {{id: 'N{n}', kind: number, value: {n}, heads: {1 + n % 5}}}\n" for n in range(105, 117)
)


@pytest.mark.parametrize("lang", ["fr", "de"])
def test_the_pdf_lists_every_new_card_of_a_set_of_twelve_and_names_the_players_in_its_language(tmp_path, lang):
    # the table once stopped at 8 cards ("and 4 more"), and the subtitle said "heuristic" in every language
    (tmp_path / "dozen.yaml").write_text(DOZEN)
    pdf = tmp_path / "report.pdf"
    result = run("--set", tmp_path / "dozen.yaml", "--lang", lang, "-o", pdf)
    assert result.returncode == 0, result.stderr
    lines = PdfReader(io.BytesIO(pdf.read_bytes())).pages[0].extract_text().splitlines()
    listed = [int(line) for line in lines if re.fullmatch(r"1(0[5-9]|[12]\d)", line)]  # a cell a line
    assert listed == list(range(105, 117))
    assert "heuristic" not in " ".join(lines) and {"fr": "heuristique ×4", "de": "heuristisch ×4"}[lang] in " ".join(
        lines
    )


def test_a_table_of_every_seat_and_two_kinds_of_player_keeps_its_text_at_6_pt(sets, tmp_path):
    # 10 seats and 2 kinds make 26 measures: the rows shrank, and their text with them, to 5 pt
    pdf = tmp_path / "report.pdf"
    kinds = ",".join(["heuristic", "random"] * 5)
    result = run("--set", sets / "promo.yaml", "--players", "10", "--players-kind", kinds, "--lang", "de", "-o", pdf)
    assert result.returncode == 0, result.stderr
    assert not small_texts(pdf.read_bytes())
