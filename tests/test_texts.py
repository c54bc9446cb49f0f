"""The player-facing texts: one folder per language under templates/locales/, keyed by
message id, English the reference; the rule files (templates/rules/*.yaml) hold the
structure and example plays.

Most checks read only the YAML: every language has every message English has, each
language's typography, the examples the issue asks for, and a word budget that lets
each summary fit one A4 page. Whether the examples' outcomes match the engine is the
renderer's build check. The last tests build every PDF in a language that is only a
folder, and show a locale that lacks a message is refused, naming file and message.
"""

from __future__ import annotations

import io
import json
import re
import shutil
from pathlib import Path

import pypdf
import pytest
import yaml
from click.testing import CliRunner

from cardgen.engine import VARIANTS
from cardgen.errors import InputError

TEMPLATES = Path(__file__).resolve().parent.parent / "templates"
LOCALES = TEMPLATES / "locales"
RULES = {name: TEMPLATES / "rules" / f"{name}.yaml" for name in VARIANTS}
# the variants whose game ends after the round in which a total reaches a limit (66)
TO_A_LIMIT = [name for name, variant in VARIANTS.items() if variant.threshold is not None]
FILES = sorted(path.stem for path in (LOCALES / "en").glob("*.yaml"))

LANGS = sorted(path.name for path in LOCALES.iterdir() if path.is_dir())  # every language, each folder
SECTION_ORDER = ["goal", "material", "setup", "turn", "placing", "collecting", "special", "end", "mistakes"]
WORD_BUDGET = 600  # per summary and language: one A4 page at 9-10 pt with the drawings
CARD_LINES, CARD_LINE_CHARS = 6, 54  # a line takes two of the card at most (card_text checks they fit)
NO_BREAK = "\u00a0\u202f"  # no-break space, narrow no-break space


def load(path: Path):
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def flat(node, path=""):
    """The messages of a locale file as {dotted id: text or list of texts}."""
    if isinstance(node, dict):
        return {
            key: value for k, v in node.items() for key, value in flat(v, f"{path}.{k}" if path else str(k)).items()
        }
    return {path: node}


def words(name: str, lang: str) -> dict:
    """The messages of locales/LANG/NAME.yaml by dotted id."""
    return flat(load(LOCALES / lang / f"{name}.yaml"))


def translations(name: str):
    """Every message of locale file `name`, as (id, {lang: value})."""
    every = {lang: words(name, lang) for lang in LANGS}
    for key in every["en"]:
        yield key, {lang: every[lang].get(key) for lang in LANGS}


def texts(name: str, lang: str):
    """Every string of locale file `name` in `lang` (lists flattened), with its id."""
    for key, value in words(name, lang).items():
        for item in value if isinstance(value, list) else [value]:
            yield key, item


def section_text(variant: str, section: str, lang: str) -> str:
    return words(f"rules-{variant}", lang)[f"sections.{section}.text"]


def count_words(text: str) -> int:
    """Words as a reader counts them: a French « ! » or « : » after a no-break space is no word."""
    return sum(1 for token in text.split() if re.search(r"\w", token))


def turn_examples(doc):
    return [ex for ex in doc.get("examples", []) if ex.get("kind") == "turn"]


def plays(example):
    """The turn's plays as {player: [card, ...]} (a Plus pair stays a pair; a dict gives its card)."""
    result = {}
    for player, play in example["turn"].items():
        if isinstance(play, dict):
            result[player] = [play["card"]]
        elif isinstance(play, list):
            result[player] = list(play)
        else:
            result[player] = [play]
    return result


def test_the_languages_are_the_locale_folders_english_first():
    from cardgen.texts import LANGUAGES

    assert LANGUAGES == ("en", *sorted(set(LANGS) - {"en"}))
    assert {path.name for path in LOCALES.iterdir()} == set(LANGS)


@pytest.mark.parametrize("lang", LANGS)
def test_every_locale_has_exactly_the_messages_of_english_none_empty(lang):
    catalogue = ["messages.mo", "messages.po"]  # the messages' catalogue: tests/test_messages.py
    assert sorted(path.name for path in (LOCALES / lang).iterdir()) == sorted(
        [f"{name}.yaml" for name in FILES] + catalogue
    )
    for name in FILES:
        found, english = words(name, lang), words(name, "en")
        assert list(found) == list(english), f"{lang}/{name}.yaml"
        for key, value in found.items():
            items = value if isinstance(value, list) else [value]
            assert items and all(isinstance(i, str) and i.strip() for i in items), f"{lang}/{name}.yaml: {key} is empty"
            assert isinstance(value, list) == isinstance(english[key], list), f"{lang}/{name}.yaml: {key}"


@pytest.mark.parametrize("name", FILES)
def test_placeholders_are_the_same_in_every_language(name):
    for where, field in translations(name):
        found = {lang: sorted(re.findall(r"\{\w+\}", str(value))) for lang, value in field.items()}
        assert len({tuple(v) for v in found.values()}) == 1, f"{where}: {found}"


@pytest.mark.parametrize("name", FILES)
def test_french_has_a_no_break_space_before_high_punctuation_and_inside_guillemets(name):
    for where, text in texts(name, "fr"):
        for match in re.finditer(r"[:;!?»]", text):
            before = text[match.start() - 1] if match.start() else ""
            assert before in NO_BREAK, f"{where}: {text[max(0, match.start() - 20) : match.end()]!r}"
        for match in re.finditer(r"«", text):
            assert text[match.end() : match.end() + 1] in NO_BREAK, f"{where}: {text!r}"
        assert '"' not in text and "“" not in text, f"{where}: French quotes are « … »"


@pytest.mark.parametrize("name", FILES)
def test_a_percent_sign_is_written_the_languages_way_and_never_wraps_alone(name):
    """As the locale's own `percent` (cards.yaml, how the balance report writes its
    figures) has it: "100 %" with a no-break space, so a line never starts with "%", or "100%"."""
    for lang in LANGS:
        spaced = words("cards", lang)["percent"] == "{number}\u00a0%"
        assert spaced or words("cards", lang)["percent"] == "{number}%", lang
        for where, text in texts(name, lang):
            if spaced:
                assert not re.search(r"\d ?%", text), f"{where}.{lang}: no-break space before %: {text!r}"
            else:
                assert not re.search(r"\d\s%", text), f"{where}.{lang}: no space before %: {text!r}"


def test_french_and_german_put_a_no_break_space_before_a_percent_sign_english_and_dutch_none():
    assert {lang: words("cards", lang)["percent"] for lang in ("fr", "de", "en", "nl")} == {
        "fr": "{number}\u00a0%",
        "de": "{number}\u00a0%",
        "en": "{number}%",
        "nl": "{number}%",
    }


@pytest.mark.parametrize("name", FILES)
def test_german_quotes_are_low_high(name):
    for where, text in texts(name, "de"):
        assert not re.search(r"[\"”«»]", text), f"{where}: German quotes are „…“: {text!r}"
        assert text.count("„") == text.count("“"), f"{where}: unbalanced „…“"


@pytest.mark.parametrize("name", FILES)
def test_decimal_separator_is_the_languages_own(name):
    """Numbers in the texts are written with the separator the locale gives the numbers
    cardgen fills in (cards.yaml, decimal_separator)."""
    for lang in LANGS:
        other = {".": ",", ",": "."}[words("cards", lang)["decimal_separator"]]
        for where, text in texts(name, lang):
            # a value to type on the command line is quoted, and keeps its decimal point
            said = re.sub(r"«[^»]*»|„[^“]*“|“[^”]*”", "", text) if other == "." else text
            assert not re.search(rf"\d{re.escape(other)}\d", said), f"{where}.{lang}: {other!r} in a number: {text!r}"


def test_every_character_can_be_drawn_with_the_bundled_fonts():
    from cardgen.render.fonts import missing_glyphs, register

    every = "".join(text for name in FILES for lang in LANGS for _, text in texts(name, lang))
    for font in ("Vera", "Vera-Bold"):
        register(font)
        assert missing_glyphs(font, every) == "", font


@pytest.mark.parametrize("variant", RULES)
def test_summary_structure(variant):
    doc = load(RULES[variant])
    assert doc["variant"] == variant
    assert set(doc) <= {"variant", "fan", "sections", "examples"}  # the engine gives the player range
    from cardgen.engine import Options
    from cardgen.model.rules import read_summary

    players = read_summary(variant).players
    assert (
        (players.min, players.max)
        == Options(variant).player_limits()
        == {"plus": (2, 7), "pro": (2, 6)}.get(variant, (2, 10))
    )
    ids = doc["sections"]
    expected = [i for i in SECTION_ORDER if i != "special" or variant in ("plus", "jokers")]
    assert ids == expected
    for lang in LANGS:
        assert sum(line.startswith("- ") for line in section_text(variant, "mistakes", lang).splitlines()) >= 3
    example_ids = [ex["id"] for ex in doc["examples"]]
    assert len(example_ids) == len(set(example_ids)), "example ids must be unique"
    for ex in doc["examples"]:
        assert ex["section"] in ids, ex["id"]
        if ex["kind"] == "turn":
            assert set(ex) == {"id", "kind", "section", "rows", "turn", "expect"}, ex["id"]
            rows, longest = VARIANTS[variant].rows, VARIANTS[variant].row_limit
            assert len(ex["rows"]) == rows and all(1 <= len(row) <= longest for row in ex["rows"]), ex["id"]
            assert set(ex["expect"]) == {"rows", "collected"} and len(ex["expect"]["rows"]) == rows, ex["id"]
            assert len(ex["turn"]) >= players.min, f"{ex['id']}: the referee needs a whole table"
            if variant == "pro":
                top = 10 * len(ex["turn"]) + 4
                cards = [c for row in ex["rows"] for c in row] + [c for p in plays(ex).values() for c in p]
                assert max(cards) <= top, f"{ex['id']}: Pro with {len(ex['turn'])} players uses 1 to {top}"
        else:
            assert ex["kind"] == "tally", ex["id"]
            assert set(ex) == {"id", "kind", "section", "scores", "expect"}, ex["id"]


@pytest.mark.parametrize("variant", RULES)
def test_the_words_of_a_summary_are_those_of_its_sections_and_examples(variant):
    doc = load(RULES[variant])
    english = load(LOCALES / "en" / f"rules-{variant}.yaml")
    assert set(english) == {"title", "sections", "examples", "reference_card"}
    assert list(english["sections"]) == doc["sections"]
    assert all(set(section) == {"heading", "text"} for section in english["sections"].values())
    assert list(english["examples"]) == [ex["id"] for ex in doc["examples"]]
    assert set(english["reference_card"]) == {"title", "lines"}


@pytest.mark.parametrize("variant", RULES)
def test_summary_fits_its_word_budget_and_card(variant):
    for lang in LANGS:
        every = words(f"rules-{variant}", lang)
        count = sum(
            count_words(text)
            for where, text in texts(f"rules-{variant}", lang)
            if not where.startswith("reference_card")
        )
        assert count <= WORD_BUDGET, f"{variant}.{lang}: {count} words"
        lines = every["reference_card.lines"]
        assert 1 <= len(lines) <= CARD_LINES, f"{variant}.{lang}: {len(lines)} lines"
        for line in [every["reference_card.title"], *lines]:
            assert len(line) <= CARD_LINE_CHARS, f"{variant}.{lang}: {line!r}"


def test_classic_has_the_seeds_examples():
    doc = load(RULES["classic"])
    examples = turn_examples(doc)
    # 29 goes after 24 among the row ends 8, 24, 69, 81
    assert any(
        [row[-1] for row in ex["rows"]] == [8, 24, 69, 81]
        and [29] in plays(ex).values()
        and [24, 29] in ex["expect"]["rows"]
        for ex in examples
    )
    # a card below every row end takes the row its player names
    assert any(any(isinstance(play, dict) and "take" in play for play in ex["turn"].values()) for ex in examples)
    # a sixth card collects the five cards of a full row
    assert any(any(len(cards) == 5 for cards in ex["expect"]["collected"].values()) for ex in examples)
    # the 69 / 43 / 50 tally: the game stops and the 43 wins
    tally = next(ex for ex in doc["examples"] if ex["kind"] == "tally")
    assert sorted(sum(s) for s in tally["scores"].values()) == [43, 50, 69]
    assert tally["expect"]["game_over"] is True
    assert [tally["expect"]["totals"][w] for w in tally["expect"]["winners"]] == [43]


def test_plus_has_the_zero_card_order_and_the_low_card_examples():
    doc = load(RULES["plus"])
    examples = turn_examples(doc)
    assert any(sorted(map(sorted, plays(ex).values())) == [[0, 49], [0, 53], [5, 6], [27]] for ex in examples)
    # a lone card below every row end goes after the highest end, and its player collects nothing
    assert any(
        len(cards) == 1
        and cards[0] < min(row[-1] for row in ex["rows"])
        and player not in ex["expect"]["collected"]
        and max(ex["rows"], key=lambda row: row[-1]) + cards in ex["expect"]["rows"]
        for ex in examples
        for player, cards in plays(ex).items()
    )


def test_jokers_have_the_0_4_after_17_example():
    doc = load(RULES["jokers"])
    assert any(
        any(
            isinstance(play, dict) and play.get("card") == 0.4 and ex["rows"][play["row"] - 1][-1] == 17
            for play in ex["turn"].values()
        )
        and any(row[-3:] == [17, 0.4, 18] for row in ex["expect"]["rows"])
        for ex in turn_examples(doc)
    )


@pytest.mark.parametrize("variant", [name for name in TO_A_LIMIT if name != "classic"])
def test_variants_scored_like_classic_mention_the_tally(variant):
    for lang in LANGS:
        assert all(n in section_text(variant, "end", lang) for n in ("66", "69", "43", "50")), lang


def test_score_sheet_and_strings_cover_every_variant():
    score = load(LOCALES / "en" / "score.yaml")
    assert set(score["title"]) == set(RULES) == set(score["rules"])
    assert set(score["labels"]) >= {"player", "round", "total", "cut_here"}
    for variant in TO_A_LIMIT:
        assert all("{limit}" in words("score", lang)[f"rules.{variant}"] for lang in LANGS)
    assert set(load(LOCALES / "en" / "cards.yaml")["variants"]) == set(RULES)
    separators = {lang: words("cards", lang)["decimal_separator"] for lang in ("en", "fr", "de", "nl")}
    assert separators == {"en": ".", "fr": ",", "de": ",", "nl": ","}
    assert all(words("cards", lang)["decimal_separator"] in (".", ",") for lang in LANGS)
    assert all("{n}" in words("cards", lang)["page"] and "{total}" in words("cards", lang)["page"] for lang in LANGS)


@pytest.mark.parametrize("variant", TO_A_LIMIT)
def test_reference_card_says_the_round_is_finished_at_66(variant):
    # "Game ends at 66" alone made players stop in mid-round
    for lang in LANGS:
        round_word = words("score", lang)["labels.round"]
        (line,) = [line for line in words(f"rules-{variant}", lang)["reference_card.lines"] if "66" in line]
        assert round_word.lower() in line.lower(), (lang, line)


@pytest.mark.parametrize("variant", [name for name in TO_A_LIMIT if name != "classic"])
def test_variants_played_to_a_limit_offer_the_classic_options(variant):
    # another limit or a fixed number of rounds: said in Classic, missing in Pro and Jokers
    for lang in LANGS:
        option = section_text("classic", "end", lang).splitlines()[-1]
        this = section_text(variant, "end", lang)
        assert option.split()[-1] in this.splitlines()[-1], (lang, this)


@pytest.mark.parametrize("variant", RULES)
def test_bull_heads_are_listed_from_the_55_down(variant):
    # players look up the 55 first; the list once ended with it in en, de and nl
    for lang in LANGS:
        text = section_text(variant, "material", lang)
        assert text.index("55") < text.index("(11, 22"), lang


# --- a language is a folder ------------------------------------------------------------


@pytest.fixture
def with_xx(tmp_path, monkeypatch):
    """English and xx, a copy of English: a new language and no code change."""
    import cardgen.texts

    root = tmp_path / "locales"
    for code in ("en", "xx"):
        shutil.copytree(LOCALES / "en", root / code)
    monkeypatch.setattr(cardgen.texts, "LOCALES", root)
    return root


def test_a_copy_of_english_under_a_new_code_builds_every_pdf(with_xx):
    from cardgen.balance import FEWEST_GAMES, balance
    from cardgen.balance.pdf import balance_pdf
    from cardgen.balance.words import text_report
    from cardgen.build import PrintSettings, build
    from cardgen.engine import Options
    from cardgen.model.rules import VARIANTS
    from cardgen.render.reference import reference_sheet_pdf
    from cardgen.render.scoresheet import score_sheet_pdf
    from cardgen.texts import languages

    assert languages() == ("en", "xx")
    kit = build(PrintSettings(lang="xx"))  # cards, calibration, every summary, score sheets
    english = build(PrintSettings(lang="en"))
    assert {name.replace("-xx.", "-en."): drawn(pdf) for name, pdf in kit.items()} == {
        name: drawn(pdf) for name, pdf in english.items()
    }
    assert reference_sheet_pdf(list(VARIANTS), "xx") == reference_sheet_pdf(list(VARIANTS), "en")
    for variant in VARIANTS:
        assert drawn(score_sheet_pdf(variant, "xx")) == drawn(score_sheet_pdf(variant, "en"))
        assert record_of(score_sheet_pdf(variant, "xx"))["lang"] == "xx"
    report = balance(Options("classic"), ["random"] * 3, FEWEST_GAMES, check=False)
    assert text_report(report, "xx") == text_report(report, "en")
    assert drawn(balance_pdf(report, "xx")) == drawn(balance_pdf(report, "en"))


def drawn(pdf: bytes) -> list[bytes]:
    """What each page draws; the records say which language they are in."""
    return [page.get_contents().get_data() for page in pypdf.PdfReader(io.BytesIO(pdf)).pages]


def record_of(pdf: bytes) -> dict:
    from cardgen.formats import DOCUMENT_ATTACHMENT

    return json.loads(pypdf.PdfReader(io.BytesIO(pdf)).attachments[DOCUMENT_ATTACHMENT][0])


def test_a_locale_without_a_message_english_has_is_refused_naming_file_and_message(with_xx):
    from cardgen.summaries import summary_pdf

    path = with_xx / "xx" / "summary.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace('overleaf: "Continued overleaf"\n', ""), encoding="utf-8")
    with pytest.raises(InputError) as caught:
        summary_pdf("plus", "xx")
    assert str(caught.value) == f"{path}: has no text for overleaf (the reference language en has)."


def test_a_message_english_lacks_is_refused_naming_its_line(with_xx):
    from cardgen.texts import sheet_strings

    path = with_xx / "xx" / "cards.yaml"
    path.write_text(path.read_text(encoding="utf-8") + 'glu: "Glue"\n', encoding="utf-8")
    line = len(path.read_text(encoding="utf-8").splitlines())
    with pytest.raises(
        InputError, match=rf"cards\.yaml, line {line}, field glu: is no message of the reference language en"
    ):
        sheet_strings("xx")


def test_a_shared_win_takes_the_plural_form(tmp_path):
    import pypdf
    from rulecopy import copy_summary

    from cardgen.summaries import summary_pdf

    path = copy_summary(tmp_path, "classic", "tie", "Cleo: [30, 9, 11]", "Cleo: [30, 9, 4]")
    text = path.read_text(encoding="utf-8")
    path.write_text(
        text.replace("Cleo: 50}", "Cleo: 43}").replace("winners: [Ben]", "winners: [Ben, Cleo]"), encoding="utf-8"
    )
    reader = pypdf.PdfReader(__import__("io").BytesIO(summary_pdf(str(path), "fr")))
    shown = " ".join("".join(page.extract_text() for page in reader.pages).replace("\u00a0", " ").split())
    assert "Fin de la partie — Ben, Cleo se partagent la victoire" in shown
    assert "Ben, Cleo gagne" not in shown


def test_a_translation_of_another_kind_than_english_is_refused_in_one_line(tmp_path):
    """A title given as a list where English gives one text: exit 2 naming file, line and field."""
    from rulecopy import copy_summary

    from cardgen.cli import main

    path = copy_summary(tmp_path, "classic", "mine")
    german = tmp_path / "locales" / "de" / "rules-mine.yaml"
    text = german.read_text(encoding="utf-8")
    title_line = next(line for line in text.splitlines() if line.startswith("title:"))
    german.write_text(text.replace(title_line, "title: [6 nimmt!, Kurzregeln]"), encoding="utf-8")
    result = CliRunner().invoke(main, ["rules", str(path), "--lang", "de", "-o", str(tmp_path / "out.pdf")])
    assert result.exit_code == 2, result.output
    assert result.output.count("\n") == 1
    said = "rules-mine.yaml, Zeile 6, Feld title: muss ein einzelner Text sein, wie in der Referenzsprache en."
    assert said in result.output  # in the language asked for
    assert not (tmp_path / "out.pdf").exists()
