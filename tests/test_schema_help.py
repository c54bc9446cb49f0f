"""The fields' reference (cardgen help, the studio's page 'All the fields'): every field of
every model has words in every language, every example is a value the model takes, and the
bounds it shows are the ones the model enforces, to the last step inside and outside."""

import json
import re
from pathlib import Path
from typing import Any

import pytest
import yaml
from pydantic import BaseModel, ValidationError

from cardgen.messages import Message, catalogue_languages, known
from cardgen.model import schema
from cardgen.model.faces import load_face_style
from cardgen.model.layout import load_layout
from tests.clirun import cardgen_in_process
from tests.pseudo import english_left, pseudo_messages

ROOT = Path(__file__).resolve().parent.parent
LANGUAGES = catalogue_languages()
SECTIONS = schema.sections()
# the bundled file a style or a layout of one's own starts from (extends: standard): the
# examples of their fields are written as changes to it
STARTS_FROM = {"face_style": ROOT / "templates/faces/standard.yaml", "layout": ROOT / "layouts/standard.yaml"}


def example(entry: schema.Entry, lang: str = "en") -> Any:
    return yaml.safe_load(entry.example().text(lang))


def merged(base: dict, change: dict) -> dict:
    """`change` put into `base` as a file that extends another does: mappings field by field."""
    out = dict(base)
    for key, value in change.items():
        out[key] = merged(out[key], value) if isinstance(value, dict) and isinstance(out.get(key), dict) else value
    return out


def fields_of(section: schema.Section) -> list[schema.Entry]:
    """The section's entries and those it inherits, each once: what its model takes."""
    inherited = fields_of(schema.section(section.base)) if section.base else []
    return [entry for entry in section.entries + tuple(inherited) if entry.info is not None]


def example_data(section: schema.Section, lang: str = "en") -> dict:
    """A value of the section's model made of its fields' examples (for a style or a layout,
    put into the bundled standard one, as a file that extends it does)."""
    data: dict = {}
    if section.key in STARTS_FROM:
        data = yaml.safe_load(STARTS_FROM[section.key].read_text(encoding="utf-8"))
    for entry in fields_of(section):
        data = merged(data, {entry.name: example(entry, lang)})
    return data


def said_ids(message: Message) -> set[str]:
    """The ids of a message and of every message inside it."""
    found = {message.id}
    for value in message.params.values():
        for item in value if isinstance(value, list) else [value]:
            if isinstance(item, Message):
                found |= said_ids(item)
    return found


# --- words in every language ------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_field_of_every_model_has_its_meaning_and_an_example_in_every_language(lang):
    """A field added to a model is in the reference at once: without words, this fails."""
    missing = []
    for section in SECTIONS:
        ids = [section.title().id, section.about().id]
        for entry in section.entries:
            ids += [entry.meaning().id, entry.example().id, *said_ids(entry.shape.said())]
            default = entry.default_said()
            ids += [default.id] if isinstance(default, Message) else []
        missing += [message_id for message_id in ids if not known(message_id, lang)]
    assert not missing, f"{lang}: no words for {sorted(set(missing))}"


def test_the_reference_holds_every_field_of_a_set_a_card_a_style_and_a_layout():
    from cardgen.model.cards import Card, CardSet
    from cardgen.model.faces import Back, FaceStyle
    from cardgen.model.layout import CutMarks, Layout

    keys = {entry.key for entry in schema.entries()}
    for model in (CardSet, Card, FaceStyle, Back, Layout, CutMarks):
        section = schema.key_of(model)
        assert {f"{section}.{name}" for name in model.model_fields} <= keys
    assert {"face_style.extends", "layout.extends", "joker.decimal_separator"} <= keys
    assert "joker.tone" not in keys  # a joker's inherited fields are said once, as a special card's
    assert schema.section("joker").base == "special_card"
    assert schema.section("box").used_in == ("card.box", "picture_place.box", "text_box.box")


# --- the examples ---------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_example_is_a_value_its_model_takes_in_every_language(lang):
    for section in SECTIONS:
        try:
            section.model.model_validate(example_data(section, lang))
        except ValidationError as exc:
            raise AssertionError(f"{lang}: the examples of {section.key}: {exc}") from None


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_examples_of_extends_are_files_that_load(lang):
    for section, load in (("face_style", load_face_style), ("layout", load_layout)):
        entry = next(entry for entry in schema.section(section).entries if entry.name == schema.EXTENDS)
        assert load(example(entry, lang)) is not None


def test_an_example_shows_as_a_file_writes_it():
    from cardgen.actions.help import example_lines

    card = schema.section("card")
    heads = next(entry for entry in card.entries if entry.name == "heads")
    box = next(entry for entry in card.entries if entry.name == "box")
    assert example_lines(heads, "en") == ["heads: 3"]
    assert example_lines(box, "de") == ["box:", "  width: 56", "  height: 87"]
    text = next(entry for entry in card.entries if entry.name == "text")
    assert example_lines(text, "de") == ["text: Nimm die Reihe mit den **wenigsten** {bull}."]


# --- the bounds -------------------------------------------------------------------------------------


def variants(shape: schema.Shape, value: Any) -> list[tuple[Any, bool]]:
    """Values on each bound `shape` shows, just inside (True: taken) and just outside (False),
    and far out where it shows none (taken), built from `value`, an example of it."""
    found: list[tuple[Any, bool]] = []
    bounds = shape.bounds
    step = 1 if shape.what == "whole" else 0.001
    if shape.what in ("whole", "number"):
        # where no bound is shown, none may be enforced: far beyond it is taken too
        found += [(-(10**6), True)] if bounds.ge is None and bounds.gt is None else []
        found += [(10**6, True)] if bounds.le is None else []
        if bounds.ge is not None:
            found += [(bounds.ge, True), (bounds.ge - step, False)]
        if bounds.gt is not None:
            found += [(bounds.gt + step, True), (bounds.gt, False)]
        if bounds.le is not None:
            found += [(bounds.le, True), (bounds.le + step, False)]
        if bounds.decimal_places is not None:
            found += [(10.0**-bounds.decimal_places, True), (10.0 ** -(bounds.decimal_places + 1), False)]
    if shape.what in ("text", "list"):
        one = "x" if shape.what == "text" else [value[0]]
        if bounds.min_length is not None:
            found += [(one * bounds.min_length, True)]
            found += [(one * (bounds.min_length - 1), False)] if bounds.min_length else []
        if bounds.max_length is not None:
            found += [(one * bounds.max_length, True), (one * (bounds.max_length + 1), False)]
    if shape.what == "list":
        found += [([inner, *value[1:]], taken) for inner, taken in variants(shape.items[0], value[0])]
    if shape.what == "mapping":
        key = next(iter(value))
        found += [({**value, key: inner}, taken) for inner, taken in variants(shape.items[1], value[key])]
    if shape.what == "pair":
        found += [([inner, value[1]], taken) for inner, taken in variants(shape.items[0], value[0])]
    if shape.what == "either":
        found += [
            found
            for member in shape.items
            if member.what in ("whole", "number", "text")
            for found in variants(member, value)
        ]
    return found


BOUNDED = [
    (section, entry)
    for section in SECTIONS
    for entry in section.entries
    if entry.info is not None and variants(entry.shape, example(entry))
]


@pytest.mark.parametrize(("section", "entry"), BOUNDED, ids=[entry.key for _, entry in BOUNDED])
def test_the_bounds_shown_are_the_bounds_enforced(section, entry):
    """Each bound the reference shows, at its edge and one step beyond, through the model
    itself (its validators included): what it says is taken is taken, the rest refused at that field."""
    base = example_data(section)
    model: type[BaseModel] = section.model
    for value, taken in variants(entry.shape, example(entry)):
        data = {**base, entry.name: value}
        try:
            model.model_validate(data)
        except ValidationError as exc:
            assert not taken, f"{entry.key}: {value!r} is within the bounds shown, yet refused: {exc}"
            assert exc.errors()[0]["loc"][0] == entry.name, exc
        else:
            assert taken, f"{entry.key}: {str(value)[:40]!r} is outside the bounds shown, yet taken"


def test_every_bounded_kind_of_value_is_tested():
    """Numbers, texts, lists and the values inside mappings and pairs all have their bounds tried."""
    shapes = {entry.key: entry.shape.said() for _, entry in BOUNDED}
    assert {"card.heads", "card.value", "card_set.cards", "card.id", "layout.gap", "heads.arrangements"} <= set(shapes)
    assert shapes["card.value"].text("en") == "a number from -999 to 999, with at most 3 decimals"


@pytest.mark.parametrize(
    ("key", "lang", "words"),
    [
        ("card.heads", "en", "a whole number from 0 to 7"),
        ("card.heads", "de", "eine ganze Zahl von 0 bis 7"),
        ("printable_area.sides", "fr", "un nombre de 0 à 50"),
        ("box.width", "de", "eine Zahl über 0, höchstens 300"),
        ("mark_turnable.thickness", "nl", "een getal groter dan 0, hoogstens 0,5"),
        ("card.id", "fr", "du texte de 1 à 40 caractères"),
        ("layout.gap", "en", "a number from 0 to 100; or the word shared"),
        ("layout.paper", "de", "eines der Wörter a4, letter oder fit; oder eigene Felder (siehe „Papiergröße“)"),
        ("card_set.cards", "en", "a list of 1 to 2000 items; each item: its own fields (see 'Card')"),
    ],
)
def test_a_fields_value_is_said_in_the_readers_words_with_its_numbers_written_their_way(key, lang, words):
    entry = next(entry for entry in schema.entries() if entry.key == key)
    assert entry.shape.said().text(lang) == words


# --- finding a field ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("topic", "found"),
    [
        ("card.heads", ["card.heads"]),
        ("heads", ["card.heads", "face_style.heads", "heads"]),
        ("cards[2].heads", ["card.heads"]),
        ("tones.3.border", ["tone.border"]),
        ("layout.cut_marks.length", ["cut_marks.length"]),
        ("text.box.width", ["box.width"]),
        ("joker.tone.ink", ["tone.ink"]),
        ("symbols.bull.opacity", ["symbol.opacity"]),
        ("card", ["layout.card", "card"]),
    ],
)
def test_a_topic_is_a_field_its_name_a_section_or_a_place_in_a_file(topic, found):
    from cardgen.actions.help import found as found_for

    assert [item.key for item in found_for(topic)] == found


def test_every_field_and_section_is_found_and_said_by_its_key_and_by_its_name():
    from cardgen.actions import Result
    from cardgen.actions.help import found, said

    topics = {entry.key for entry in schema.entries()} | {entry.name for entry in schema.entries()}
    for topic in sorted(topics | {section.key for section in SECTIONS}):
        shown = found(topic)
        assert shown and said(Result(report=shown), "nl"), topic
        assert json.loads(said(Result(report=shown), "fr", as_json=True)), topic


def test_a_mistake_found_in_a_file_points_at_its_fields_entry_on_the_page():
    from cardgen.actions.help import anchor_of

    assert anchor_of("card_set", ("cards", 2, "heads")) == "card.heads"
    assert anchor_of("face_style", ("back", "picture", "box", "x")) == "box.x"
    assert anchor_of("layout", ("registration", "size")) == "registration.size"
    assert anchor_of("layout", ("nothing",)) is None


# --- the command line ---------------------------------------------------------------------------------


def test_cardgen_help_lists_every_section_and_its_fields():
    ran = cardgen_in_process("help")
    assert ran.returncode == 0
    for section in SECTIONS:
        assert f"({section.key}): {section.entries[0].name}" in ran.stdout.replace("\n", " ")
    assert "cardgen help card.heads" in ran.stdout


def test_cardgen_help_of_a_field_says_it_in_the_readers_language():
    ran = cardgen_in_process("help", "card.heads", "--lang", "de")
    assert ran.returncode == 0
    assert ran.stdout == (
        "card.heads\n"
        "  Die Hornochsen auf der Karte: die Minuspunkte für den, der sie nimmt.\n"
        "  Wert: eine ganze Zahl von 0 bis 7.\n"
        "  Pflichtangabe.\n"
        "  Beispiel:\n"
        "    heads: 3\n"
    )
    french = cardgen_in_process("help", "layout.bleed", "--lang", "fr").stdout
    assert "Valeur\u00a0: un nombre de 0 à 10." in french and "Par défaut\u00a0: 2.5." in french


def test_an_unknown_field_is_one_line_naming_the_likeliest():
    ran = cardgen_in_process("help", "hedas")
    assert ran.returncode == 2
    assert ran.stderr.startswith("cardgen: there is no field hedas: did you mean heads")
    assert ran.stderr.count("\n") == 1
    command = cardgen_in_process("help", "build", "--lang", "nl")
    assert command.returncode == 2
    assert "‘cardgen build --help’" in command.stderr


def test_json_gives_each_fields_words_with_their_ids_and_its_shape():
    ran = cardgen_in_process("help", "layout.columns", "--json")
    (entry,) = json.loads(ran.stdout)
    assert entry["field"] == "layout.columns" and entry["default"] == "auto" and entry["default_is_yaml"]
    assert entry["meaning"]["id"] == "schema.layout.columns"
    assert entry["shape"] == {
        "what": "either",
        "items": [{"what": "whole", "bounds": {"ge": 1, "le": 100}}, {"what": "words", "words": ["auto"]}],
    }


def test_nothing_the_command_line_says_of_the_fields_is_left_in_english():
    with pseudo_messages():
        said = [cardgen_in_process("help", *topic).stdout for topic in ((), ("heads",), ("layout",))]
    assert sum(text.count("⟦") for text in said) > 100
    left = english_left(_unmarked(" ".join(line for text in said for line in _words_of(text))))
    assert not left, left


def _unmarked(text: str) -> str:
    """`text` without its marked parts, a message inside another's included."""
    while re.search("⟦[^⟦⟧]*⟧", text):
        text = re.sub("⟦[^⟦⟧]*⟧", " ", text)
    return text


def _words_of(text: str) -> list[str]:
    """The lines of `cardgen help` that are sentences: not a field's key nor its example."""
    lines, in_example = [], False
    for line in text.splitlines():
        if re.fullmatch(r"[a-z_]+\.[a-z_]+", line):
            continue  # a field's key, the heading of its entry
        in_example = in_example and line.startswith("    ")
        if not in_example:
            lines.append(line)
        in_example = in_example or line.rstrip().endswith(":⟧")  # the example's label, then its lines
    return lines


# --- the studio ---------------------------------------------------------------------------------------


@pytest.fixture
def studio(tmp_path, monkeypatch):
    from starlette.testclient import TestClient

    from cardgen.studio.app import create_app
    from cardgen.studio.guard import cookie_name

    monkeypatch.setenv("CARDGEN_CONFIG_DIR", str(tmp_path / "config"))
    client = TestClient(create_app("token", 8123, tmp_path / "workspace"), base_url="http://127.0.0.1:8123")
    client.cookies.set(cookie_name(8123), "token")
    return client


def test_the_studio_page_has_an_anchor_for_every_field_and_says_it_in_the_pages_language(studio):
    page = studio.get("/help?lang=de").text
    for entry in schema.entries():
        assert f'id="{entry.key}"' in page
    for section in SECTIONS:
        assert f'id="{section.key}"' in page and f'href="#{section.key}"' in page
    assert "Die Hornochsen auf der Karte: die Minuspunkte für den, der sie nimmt." in page
    assert "Wert: eine ganze Zahl von 0 bis 7." in page
    assert '<a href="#box">Die Felder von „Bereich“</a>' in page
    assert '<a href="/help?lang=de" aria-current="page">Alle Felder</a>' in page  # in the menu


def test_my_own_cards_sends_a_designer_to_the_page_not_to_the_english_readme(studio):
    page = studio.get("/cards?lang=de").text
    assert '<a href="/help?lang=de#card_set">Alle Felder eines Satzes und seiner Karten, erklärt</a>' in page
    assert "README" not in page


def test_nothing_the_studio_page_says_of_the_fields_is_left_in_english(studio):
    with pseudo_messages():
        page = studio.get("/help?lang=de").text
    sections = page[page.index('<div class="reference-sections">') : page.index("</main>")]
    shown = re.sub(r"<(pre|code)>.*?</\1>", " ", sections, flags=re.S)
    leaks = [text for text in re.split(r"<[^>]+>", shown) if english_left(_unmarked(text))]
    assert not leaks, leaks[:5]


def test_a_mistake_at_a_field_of_my_set_links_to_the_fields_entry():
    """The one line the studio shows at the line of the set's text links to the field's entry
    (a mistake in a style the set names, to the style's field)."""
    from cardgen.errors import InputError
    from cardgen.studio.app import refused

    def problem(field: str) -> dict:
        mistake = Message("yaml.at_field", file="my-cards.yaml", line=6, field=field, problem=Message("value.whole"))
        return json.loads(refused(InputError(mistake), "de").body)["problems"][0]

    assert problem("cards[2].heads") | {"text": ""} == {
        "line": 6, "text": "", "field": "card.heads", "help": "/help?lang=de#card.heads"
    }  # fmt: skip
    assert problem("back.medallion_ink")["help"] == "/help?lang=de#back.medallion_ink"
    assert "help" not in problem("not_a_field")
