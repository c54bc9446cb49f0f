"""The player-facing texts: rule summaries, score sheets and card-sheet strings.

These checks read only the YAML (templates/rules/*.yaml, templates/sheets/score.yaml,
templates/strings.yaml): four languages everywhere, each language's typography, the
examples the issue asks for, and a word budget that lets each summary fit one A4 page.
Whether the examples' outcomes match the engine is the renderer's build check.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

TEMPLATES = Path(__file__).resolve().parent.parent / "templates"
RULES = {name: TEMPLATES / "rules" / f"{name}.yaml" for name in ("plus", "jokers", "classic", "pro")}
SCORE = TEMPLATES / "sheets" / "score.yaml"
STRINGS = TEMPLATES / "strings.yaml"
SUMMARY_WORDS = TEMPLATES / "sheets" / "summary.yaml"
CALIBRATION = TEMPLATES / "sheets" / "calibration.yaml"
ALL_FILES = [*RULES.values(), SCORE, STRINGS, SUMMARY_WORDS, CALIBRATION]

LANGS = {"en", "fr", "de", "nl"}
SECTION_ORDER = ["goal", "material", "setup", "turn", "placing", "collecting", "special", "end", "mistakes"]
WORD_BUDGET = 600          # per summary and language: one A4 page at 9-10 pt with the drawings
CARD_LINES, CARD_LINE_CHARS = 6, 40
NO_BREAK = "\u00a0\u202f"  # no-break space, narrow no-break space


def load(path: Path):
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def translations(node, path=""):
    """Every mapping keyed by languages in `node`, as (path, {lang: value})."""
    if isinstance(node, dict):
        if LANGS & set(node):
            yield path, node
            return
        for key, value in node.items():
            yield from translations(value, f"{path}.{key}" if path else str(key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from translations(value, f"{path}[{index}]")


def texts(node, lang: str):
    """Every string of language `lang` in `node` (list values flattened), with its path."""
    for path, field in translations(node):
        value = field.get(lang)
        for item in value if isinstance(value, list) else [value]:
            if isinstance(item, str):
                yield path, item


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


@pytest.mark.parametrize("path", ALL_FILES, ids=lambda p: p.name)
def test_every_text_file_parses(path):
    assert isinstance(load(path), dict)


@pytest.mark.parametrize("path", ALL_FILES, ids=lambda p: p.name)
def test_every_translatable_field_has_exactly_four_non_empty_languages(path):
    fields = list(translations(load(path)))
    assert fields, "no translated text at all"
    for where, field in fields:
        assert set(field) == LANGS, f"{where}: languages {sorted(field)}"
        for lang, value in field.items():
            items = value if isinstance(value, list) else [value]
            assert items and all(isinstance(i, str) and i.strip() for i in items), f"{where}.{lang} is empty"


@pytest.mark.parametrize("path", ALL_FILES, ids=lambda p: p.name)
def test_placeholders_are_the_same_in_every_language(path):
    for where, field in translations(load(path)):
        found = {lang: sorted(re.findall(r"\{\w+\}", str(value))) for lang, value in field.items()}
        assert len({tuple(v) for v in found.values()}) == 1, f"{where}: {found}"


@pytest.mark.parametrize("path", ALL_FILES, ids=lambda p: p.name)
def test_french_has_a_no_break_space_before_high_punctuation_and_inside_guillemets(path):
    for where, text in texts(load(path), "fr"):
        for match in re.finditer(r"[:;!?»]", text):
            before = text[match.start() - 1] if match.start() else ""
            assert before in NO_BREAK, f"{where}: {text[max(0, match.start() - 20):match.end()]!r}"
        for match in re.finditer(r"«", text):
            assert text[match.end():match.end() + 1] in NO_BREAK, f"{where}: {text!r}"
        assert '"' not in text and "“" not in text, f"{where}: French quotes are « … »"


@pytest.mark.parametrize("path", ALL_FILES, ids=lambda p: p.name)
def test_german_quotes_are_low_high(path):
    for where, text in texts(load(path), "de"):
        assert not re.search(r"[\"”«»]", text), f"{where}: German quotes are „…“: {text!r}"
        assert text.count("„") == text.count("“"), f"{where}: unbalanced „…“"


@pytest.mark.parametrize("path", ALL_FILES, ids=lambda p: p.name)
def test_decimal_separator_is_the_languages_own(path):
    doc = load(path)
    for lang in ("fr", "de", "nl"):
        for where, text in texts(doc, lang):
            # a value to type on the command line is quoted, and keeps its decimal point
            said = re.sub(r"«[^»]*»|„[^“]*“|“[^”]*”", "", text)
            assert not re.search(r"\d\.\d", said), f"{where}.{lang}: decimal comma expected: {text!r}"
    for where, text in texts(doc, "en"):
        assert not re.search(r"\d,\d", text), f"{where}.en: decimal point expected: {text!r}"


def test_every_character_can_be_drawn_with_the_bundled_fonts():
    from cardgen.render.fonts import missing_glyphs, register

    every = "".join(text for path in ALL_FILES for lang in LANGS for _, text in texts(load(path), lang))
    for font in ("Vera", "Vera-Bold"):
        register(font)
        assert missing_glyphs(font, every) == "", font


@pytest.mark.parametrize("variant", RULES)
def test_summary_structure(variant):
    doc = load(RULES[variant])
    assert doc["variant"] == variant
    assert set(doc) == {"variant", "title", "players", "sections", "examples", "reference_card"}
    assert 2 <= doc["players"]["min"] <= doc["players"]["max"] <= 10
    ids = [section["id"] for section in doc["sections"]]
    expected = [i for i in SECTION_ORDER if i != "special" or variant in ("plus", "jokers")]
    assert ids == expected
    for section in doc["sections"]:
        assert set(section) == {"id", "heading", "text"}
    mistakes = next(s for s in doc["sections"] if s["id"] == "mistakes")
    for lang in LANGS:
        assert sum(line.startswith("- ") for line in mistakes["text"][lang].splitlines()) >= 3
    example_ids = [ex["id"] for ex in doc["examples"]]
    assert len(example_ids) == len(set(example_ids)), "example ids must be unique"
    for ex in doc["examples"]:
        assert ex["section"] in ids, ex["id"]
        if ex["kind"] == "turn":
            assert set(ex) == {"id", "kind", "section", "caption", "rows", "turn", "expect"}, ex["id"]
            assert len(ex["rows"]) == 4 and all(1 <= len(row) <= 5 for row in ex["rows"]), ex["id"]
            assert set(ex["expect"]) == {"rows", "collected"} and len(ex["expect"]["rows"]) == 4, ex["id"]
            assert len(ex["turn"]) >= doc["players"]["min"], f"{ex['id']}: the referee needs a whole table"
            if variant == "pro":
                top = 10 * len(ex["turn"]) + 4
                cards = [c for row in ex["rows"] for c in row] + [c for p in plays(ex).values() for c in p]
                assert max(cards) <= top, f"{ex['id']}: Pro with {len(ex['turn'])} players uses 1 to {top}"
        else:
            assert ex["kind"] == "tally", ex["id"]
            assert set(ex) == {"id", "kind", "section", "caption", "scores", "expect"}, ex["id"]


@pytest.mark.parametrize("variant", RULES)
def test_summary_fits_its_word_budget_and_card(variant):
    doc = load(RULES[variant])
    for lang in LANGS:
        words = sum(count_words(text) for where, text in texts(doc, lang) if not where.startswith("reference_card"))
        assert words <= WORD_BUDGET, f"{variant}.{lang}: {words} words"
        lines = doc["reference_card"]["lines"][lang]
        assert 1 <= len(lines) <= CARD_LINES, f"{variant}.{lang}: {len(lines)} lines"
        for line in [doc["reference_card"]["title"][lang], *lines]:
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
    assert any(
        any(isinstance(play, dict) and "take" in play for play in ex["turn"].values()) for ex in examples
    )
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
    assert any(
        sorted(map(sorted, plays(ex).values())) == [[0, 49], [0, 53], [5, 6], [27]] for ex in examples
    )
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


@pytest.mark.parametrize("variant", ["jokers", "pro"])
def test_variants_scored_like_classic_mention_the_tally(variant):
    doc = load(RULES[variant])
    end = next(s for s in doc["sections"] if s["id"] == "end")
    for lang in LANGS:
        assert all(n in end["text"][lang] for n in ("66", "69", "43", "50")), lang


def test_score_sheet_and_strings_cover_every_variant():
    score = load(SCORE)
    assert set(score["title"]) == set(RULES) == set(score["rules"])
    assert set(score["labels"]) >= {"player", "round", "total", "cut_here"}
    for variant in ("classic", "pro", "jokers"):
        assert all("{limit}" in score["rules"][variant][lang] for lang in LANGS)
    strings = load(STRINGS)
    assert set(strings["variants"]) == set(RULES)
    assert strings["decimal_separator"] == {"en": ".", "fr": ",", "de": ",", "nl": ","}
    assert all("{n}" in text and "{total}" in text for text in strings["page"].values())


@pytest.mark.parametrize("variant", ["classic", "pro", "jokers"])
def test_reference_card_says_the_round_is_finished_at_66(variant):
    # "Game ends at 66" alone made players stop in mid-round
    card = load(RULES[variant])["reference_card"]["lines"]
    round_word = load(SCORE)["labels"]["round"]
    for lang in LANGS:
        (line,) = [line for line in card[lang] if "66" in line]
        assert round_word[lang].lower() in line.lower(), (lang, line)


@pytest.mark.parametrize("variant", ["pro", "jokers"])
def test_variants_played_to_a_limit_offer_the_classic_options(variant):
    # another limit or a fixed number of rounds: said in Classic, missing in Pro and Jokers
    def end(name):
        return next(s for s in load(RULES[name])["sections"] if s["id"] == "end")["text"]
    classic, this = end("classic"), end(variant)
    for lang in LANGS:
        option = classic[lang].splitlines()[-1]
        assert option.split()[-1] in this[lang].splitlines()[-1], (lang, this[lang])


@pytest.mark.parametrize("variant", RULES)
def test_bull_heads_are_listed_from_the_55_down(variant):
    # players look up the 55 first; the list once ended with it in en, de and nl
    material = next(s for s in load(RULES[variant])["sections"] if s["id"] == "material")["text"]
    for lang in LANGS:
        text = material[lang]
        assert text.index("55") < text.index("(11, 22"), lang
