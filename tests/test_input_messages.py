"""What cardgen says of the files a user gives it (YAML, tables, pictures, fonts, sets,
styles, layouts, printer profiles, the records verify reads) comes whole from the message
catalogues: the bad inputs of the other tests, said in the pseudo-language, leave no
English outside the catalogue's texts, whatever pydantic or the YAML parser found; and a
few sentences read as French, German and Dutch write them."""

import json
from datetime import date
from pathlib import Path

import pytest
from clirun import cardgen_in_process
from hostile_pdfs import lying_records
from pseudo import english_left, pseudo_messages
from pydantic import BaseModel
from test_build_cli import BAD_LAYOUTS
from test_faces import STANDARD
from test_hostile_inputs import alias_bomb
from test_pictures import BAD_PICTURES, bad_picture, pictured_set
from test_tables import BAD_CELLS, HEADER, _csv
from test_user_sets import PROMO

from cardgen.build import PrintSettings, jobs_for, render_jobs
from cardgen.errors import CardgenError
from cardgen.files import write_files
from cardgen.messages import Message
from cardgen.model.cards import load_card_set
from cardgen.model.faces import load_face_style
from cardgen.model.layout import Layout, load_layout
from cardgen.model.play import load_pool
from cardgen.paths import read_input
from cardgen.printers import parse_offset, parse_ruler_measured
from cardgen.record import DamagedRecord, parse_manifest, parse_record
from cardgen.tables import read_table
from cardgen.texts import check_lang
from cardgen.yamlio import parse_yaml, validate


def refusal(call, *args, kind=CardgenError) -> CardgenError | DamagedRecord:
    with pytest.raises(kind) as caught:
        call(*args)
    return caught.value


def english_outside(error: CardgenError | DamagedRecord) -> list[str]:
    """The English words of what `error` says in the pseudo-language, outside the catalogue's
    texts and the values the user gave (file names, fields, values); and every sentence that
    came from no catalogue (shown as it is: the pseudo-language would mark it all the same)."""
    with pseudo_messages():
        said = error.message.text()
    assert said.startswith("⟦"), said
    values, as_is = _parameters(error.message)
    for value in sorted(values, key=len, reverse=True):
        said = said.replace(value, " ")
    return english_left(said) + as_is


def _parameters(message: Message) -> tuple[list[str], list[str]]:
    """The plain text parameters of `message` and of the messages inside it; and the texts
    that are shown as they are (`cli.as_is`), not from a catalogue."""
    values: list[str] = []
    as_is: list[str] = []

    def walk(value):
        if isinstance(value, Message):
            if value.id == "cli.as_is":
                as_is.append(value.params["text"])
                return
            for part in value.params.values():
                walk(part)
        elif isinstance(value, list | tuple):
            for part in value:
                walk(part)
        elif isinstance(value, str):
            values.append(value)

    walk(message)
    return values, as_is


# -- YAML -----------------------------------------------------------------------------

SYNTAX = {
    "a colon in a value": "a: b: c\n",
    "a field too far left": "a:\n  b: 1\n c: 2\n",
    "a list item out of line": "a:\n  - 1\n - 2\n",
    "a tab": "a:\n\tb: 1\n",
    "an @": "a: @x\n",
    "a quote never closed": "a: 'abc\nb: 2\n",
    "an unknown escape": 'a: "\\q"\n',
    "a list never closed": "a: [1, 2\nb: 3\n",
    "a mapping never closed": "a: {x: 1\n",
    "an alias of nothing": "a: *x\n",
    "an anchor without a name": "a: &\n",
    "a tag": "a: !foo x\n",
    "two documents": "a: 1\n---\nb: 2\n",
    "a directive": "%FOO\n---\na: 1\n",
    "a value that is a bracket": "a: ]\n",
    "a text block indented by 0": "a: |0\n x\n",
    "a line without its colon": "a: 1\nb\nc: 2\n",
    "a key that is a list": "? [a]\n: 1\n",
    "a key twice": "a: 1\na: 2\n",
    "a NUL byte": "a: 1\x00\n",
    "an alias bomb": alias_bomb(),
    "a number of 500 digits": "a: " + "9" * 500 + "\n",
    "lists 200 deep": "a: " + "[" * 200 + "]" * 200 + "\n",
}


@pytest.mark.parametrize("case", SYNTAX)
def test_a_file_that_is_not_yaml_cardgen_reads_is_said_whole_from_the_catalogue(case):
    error = refusal(parse_yaml, SYNTAX[case], "f.yaml")
    assert english_outside(error) == []
    problem = error.message.params["problem"]
    assert problem.id != "yaml.not_valid", "a syntax error we have words for says what is wrong"


class _Dated(BaseModel):
    when: date


PYDANTIC = {  # a model, data, and the start of what English says
    "missing": (Layout, {"name": "x"}, "field card: is missing."),
    "unknown field": (Layout, {"name": "x", "card": {"width": 60, "height": 80}, "bleeding": 3}, "is not a known"),
    "a word for a number": (Layout, {"name": "x", "card": {"width": "wide", "height": 80}}, "must be a number."),
    "a number for a word": (Layout, {"name": 5, "card": {"width": 60, "height": 80}}, "must be text."),
    "a mapping for a number": (Layout, {"name": "x", "card": 5}, "must be a mapping of fields."),
    "below a bound": (Layout, {"name": "x", "card": {"width": 5, "height": 80}}, "must be more than 10, not 5."),
    "above a bound": (Layout, {"name": "x", "card": {"width": 60, "height": 80}, "bleed": 12}, "at most 10, not 12."),
    "a word not allowed": (Layout, {"name": "x", "card": {"width": 60, "height": 80}, "flip": "up"}, "one of 'long'"),
    "a word or a number": (
        Layout,
        {"name": "x", "card": {"width": 60, "height": 80}, "columns": "many"},
        "field columns: must be a whole number or 'auto', not 'many'.",
    ),
    "a mapping where a word may be": (
        Layout,
        {"name": "x", "card": {"width": 60, "height": 80}, "margins": {"left": -1, "bottom": 0}},
        "field margins.left: must be at least 0, not -1.",
    ),
    "too long a name": (Layout, {"name": "x" * 61, "card": {"width": 60, "height": 80}}, "at most 60 characters."),
    "an empty name": (Layout, {"name": "", "card": {"width": 60, "height": 80}}, "must not be empty."),
    "a colour": (Layout, {"name": "x", "card": {"width": 60, "height": 80}, "background": "red"}, "#rrggbb"),
    "true or false": (Layout, {"name": "x", "card": {"width": 60, "height": 80}, "note": "maybe"}, "true or false"),
    "a type we have no words for": (_Dated, {"when": "soon"}, "field when: is not a valid value here."),
}


@pytest.mark.parametrize("case", PYDANTIC)
def test_whatever_pydantic_finds_is_said_in_our_words_naming_the_field(case):
    model, data, english = PYDANTIC[case]
    doc = parse_yaml(json.dumps(data), "f.yaml")
    error = refusal(validate, doc, model)
    assert english in error.message.text("en")
    assert english_outside(error) == []


# -- tables, sets, pictures, styles, layouts ------------------------------------------


@pytest.mark.parametrize("case", BAD_CELLS)
def test_a_bad_cell_is_said_whole_from_the_catalogue(tmp_path, monkeypatch, case):
    monkeypatch.chdir(tmp_path)
    row, _ = BAD_CELLS[case]
    cells = [f'"{cell}"' if "," in str(cell) else cell for cell in row]
    assert english_outside(refusal(load_card_set, _csv(tmp_path, [HEADER, cells]))) == []


TABLES = {
    "neither UTF-8 nor Windows-1252": b"id,kind,value,heads\nP1,number,105,\x81\n",
    "a quote never closed": b'id,kind,value,heads\nP1,number,105,"2\n',
    "empty": b"\n\n",
    "a cell without a name": b"id,kind,value,heads\nP1,number,105,2,extra\n",
    "a column twice": b"id,kind,id\nP1,number,P2\n",
    "a NUL": b"id,kind\nP\x001,number\n",
    "not a zip": b"PK\x03\x04 no zip at all",
}


@pytest.mark.parametrize("case", TABLES)
def test_a_table_that_cannot_be_read_is_said_whole_from_the_catalogue(tmp_path, case):
    path = tmp_path / ("cards.xlsx" if case == "not a zip" else "cards.csv")
    path.write_bytes(TABLES[case])
    assert english_outside(refusal(read_table, path, path.name, 10)) == []


@pytest.mark.parametrize("case", BAD_PICTURES)
def test_a_bad_picture_is_said_whole_from_the_catalogue(tmp_path, case):
    name = bad_picture(tmp_path, case)
    assert english_outside(refusal(load_card_set, pictured_set(tmp_path, green=name))) == []


UNPLAYABLE = {
    "a value twice": "  - {id: X, kind: number, value: 110, heads: 1}\n",
    "a joker twice": "  - {id: X, kind: joker, value: 0.4, heads: 1}\n",
    "a number with decimals": "  - {id: X, kind: number, value: 12.5, heads: 1}\n",
    "a joker of 1.5": "  - {id: X, kind: joker, value: 1.5, heads: 1}\n",
    "too many zero cards": "".join(f"  - {{id: Z{n}, kind: zero, value: 0, heads: 0}}\n" for n in range(7)),
    "an id twice": "  - {id: P1, kind: number, value: 140, heads: 1}\n",
    "a kind unknown": "  - {id: X, kind: animal, value: 140, heads: 1}\n",
    "heads in words": "  - {id: X, kind: number, value: 140, heads: two}\n",
    "a value in quotes": '  - {id: X, kind: number, value: "140", heads: 1}\n',
}


@pytest.mark.parametrize("case", UNPLAYABLE)
def test_a_set_that_cannot_be_read_or_played_is_said_whole_from_the_catalogue(tmp_path, case):
    path = tmp_path / "bad.yaml"
    path.write_text(PROMO + UNPLAYABLE[case])
    assert english_outside(refusal(load_pool, [path])) == []


STYLES = {
    "unknown field": ("  from_top: 9.6", "  from_top: 9.6\n  form_bottom: 3"),
    "missing field": ("  symbol: 6.6\n", ""),
    "negative size": ("value: {size: 30,", "value: {size: -30,"),
    "bad colour": ('background: "#6e1c28"', 'background: "dark red"'),
    "index outside the panel": ("x: 8.4,", "x: 1.0,"),
    "positions for heads": ("2: [[-4.0, 0], [4.0, 0]]", "2: [[-4.0, 0]]"),
    "missing font file": ("value: Vera-Bold", "value: fonts/Nowhere.ttf"),
    "a font of another kind": ("index: Vera-Bold", "index: Fancy.woff"),
    "a font that is no font": ("caption: Vera-Bold", "caption: Broken.ttf"),
    "a glyph the font lacks": ('text: "JOKER"', 'text: "JO\u202fKER"'),
    "extends nothing": ("name: standard", "extends: nowhere\nname: standard"),
}


@pytest.mark.parametrize("case", STYLES)
def test_a_bad_face_style_is_said_whole_from_the_catalogue(tmp_path, case):
    (tmp_path / "Fancy.woff").write_bytes(b"wOFF" + bytes(100))
    (tmp_path / "Broken.ttf").write_bytes(b"not a font at all")
    old, new = STYLES[case]
    assert old in STANDARD
    path = tmp_path / "mine.yaml"
    path.write_text(STANDARD.replace(old, new, 1), encoding="utf-8")
    assert english_outside(refusal(load_face_style, path)) == []


@pytest.mark.parametrize("case", [case for case in BAD_LAYOUTS if case != "a paper for pictures"])
def test_a_layout_that_does_not_print_is_said_whole_from_the_catalogue(tmp_path, case):
    """(A layout of `paper: fit` given to a build is refused by the build's own words, not here.)"""
    text, _ = BAD_LAYOUTS[case]
    (tmp_path / "bad.yaml").write_text(text)
    settings = PrintSettings(layout=str(tmp_path / "bad.yaml"))
    assert english_outside(refusal(render_jobs, jobs_for(["jokers"], "duplex"), settings)) == []


SHEETS = {  # what a sheet's marks, ruler, note or cutter's marks cannot fit: the facts and what to do
    "a target outside the printable area": ("extends: standard\nname: big\nregistration: {size: 6}\n", {}),
    "a card off the printable area": ("extends: standard\nname: low\nmargins: {left: 5, bottom: 5}\n", {}),
    "a ruler too long for the page": ("extends: standard\nname: long\nruler: 250\n", {}),
    "cutter's marks over the cards": ("extends: standard\nname: s\n", {"cutter_marks": "silhouette"}),
    "a ruler in the cutter's corner": ("extends: silhouette\nname: long\nruler: 250\n", {"cutter_marks": "silhouette"}),
    "cards too many for the paper": ("extends: poker\nname: wide\ncolumns: 3\nprintable_area: {sides: 7}\n", {}),
    "a cut no mark can show": ("extends: poker\nname: p\n", {"ruler_measured": (98.5, 100.0)}),
}


@pytest.mark.parametrize("case", SHEETS)
def test_a_sheet_that_cannot_be_planned_is_said_whole_with_its_remedy(tmp_path, case):
    text, settings = SHEETS[case]
    (tmp_path / "mine.yaml").write_text(text)
    chosen = PrintSettings(layout=str(tmp_path / "mine.yaml"), **settings)
    assert english_outside(refusal(render_jobs, jobs_for(["jokers"], "sleeve"), chosen)) == []


def test_a_card_size_that_is_no_card_is_said_whole(tmp_path):
    assert english_outside(refusal(load_layout, "5x5")) == []


def test_the_one_line_the_command_line_prints_is_the_catalogues_whole(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "bad.yaml").write_text(BAD_LAYOUTS["no columns"][0])
    cells = _csv(tmp_path, [HEADER, BAD_CELLS["too many heads"][0]])
    for args in (["--layout", "bad.yaml"], ["--set", cells], ["--ruler-measured", "99,6,100"]):
        with pseudo_messages():
            ran = cardgen_in_process("build", *args, "--lang", "de", "-o", tmp_path / "out")
        assert ran.returncode == 2 and ran.stderr.startswith("cardgen: ⟦") and ran.stderr.count("\n") == 1
        assert english_left(ran.stderr.removeprefix("cardgen: ")) == [], ran.stderr
    assert not (tmp_path / "out").exists()


# -- files, printers, records, locales ------------------------------------------------


def test_files_that_cannot_be_read_or_written_are_said_whole(tmp_path):
    (tmp_path / "taken.pdf").mkdir()
    for call, args in [
        (read_input, (tmp_path / "none.yaml", "none.yaml", 10, Message("yaml.reader"), Message("yaml.hint"))),
        (read_input, (tmp_path, "here", 10, Message("yaml.reader"), Message("yaml.hint"))),
        (read_input, (Path("/dev/zero"), "/dev/zero", 10, Message("yaml.reader"), Message("yaml.hint"))),
        (write_files, (tmp_path, {"taken.pdf": b"x"})),
        (write_files, (tmp_path, {"../away.pdf": b"x"})),
        (check_lang, ("it",)),
    ]:
        assert english_outside(refusal(call, *args)) == [], args


@pytest.mark.parametrize("text", ["", "1", "1,2,3", "a,b", "0,5,1,25", "nan,0", "inf,1", "10.5,0", "0,-11"])
def test_a_back_offset_that_is_no_offset_is_said_whole(text):
    assert english_outside(refusal(parse_offset, text)) == []


@pytest.mark.parametrize("text", ["", "99.6", "a,b", "99,6,100", "50,100", "99,6;120"])
def test_a_rulers_measure_that_is_no_measure_is_said_whole(text):
    assert english_outside(refusal(parse_ruler_measured, text)) == []


@pytest.fixture(scope="module")
def lying():
    sheet = render_jobs(jobs_for(["jokers"], "duplex"), PrintSettings())["jokers-duplex.pdf"]
    return lying_records(sheet)


def test_every_lying_record_is_said_whole_naming_its_field(lying):
    for case, raw in lying.items():
        if case != "20000-cards":
            assert english_outside(refusal(parse_record, raw, "cardgen-layout.json", kind=DamagedRecord)) == [], case
    manifest = {"kind": "cardgen-export", "format": "png", "sets": ["jokers"], "cards": 1, "trim_mm": [56, 87]}
    assert english_outside(refusal(parse_manifest, json.dumps(manifest).encode(), kind=DamagedRecord)) == []


def test_a_damaged_record_goes_on_inside_verifys_sentence_with_no_second_full_stop(lying):
    """A record's problem is said whole, with its full stop; inside another sentence it goes on
    as a clause (`{reason:clause}`)."""
    error = refusal(parse_record, lying["page-0"], "cardgen-layout.json", kind=DamagedRecord)
    assert error.message.text("en") == "cards[0].page must be at least 1, not 0."
    said = Message("verify.pdf.record_damaged", record="cardgen-layout.json", reason=error.message)
    assert said.text("en").startswith(
        "this PDF's record (cardgen-layout.json) is damaged: cards[0].page must be at least 1, not 0; which"
    )
    for lang in ("fr", "de", "nl"):
        text = said.text(lang)
        assert ";" in text and ".;" not in text.replace(" ", ""), text


# -- as each language writes it -------------------------------------------------------


def _in(lang: str, error) -> str:
    return error.message.text(lang)


def test_a_bound_with_decimals_is_written_with_each_languages_decimal_mark():
    doc = parse_yaml("name: x\ncard: {width: 60, height: 80}\nglue_outline: {grey: 1.5}\n", "l.yaml")
    error = refusal(validate, doc, Layout)
    assert _in("en", error) == "l.yaml, line 3, field glue_outline.grey: must be at most 1, not 1.5."
    assert (
        _in("fr", error)
        == "l.yaml, ligne 3, champ glue_outline.grey\u00a0: doit valoir au plus 1 (valeur donnée\u00a0: 1,5)."
    )
    assert _in("de", error) == "l.yaml, Zeile 3, Feld glue_outline.grey: darf höchstens 1 sein, nicht 1,5."
    assert _in("nl", error) == "l.yaml, regel 3, veld glue_outline.grey: mag hoogstens 1 zijn, niet 1,5."


def test_a_word_not_allowed_is_quoted_and_its_choices_joined_as_each_language_does():
    doc = parse_yaml("name: x\ncard: {width: 60, height: 80}\ncut_marks: {style: dots}\n", "l.yaml")
    error = refusal(validate, doc, Layout)
    assert _in("en", error).endswith("must be one of 'lines' or 'none', not 'dots'.")
    assert _in("fr", error).endswith(
        "doit valoir «\u00a0lines\u00a0» ou «\u00a0none\u00a0» (valeur donnée\u00a0: «\u00a0dots\u00a0»)."
    )
    assert _in("de", error).endswith("muss „lines“ oder „none“ sein, nicht „dots“.")
    assert _in("nl", error).endswith("moet ‘lines’ of ‘none’ zijn, niet ‘dots’.")


def test_a_count_is_said_in_the_singular_or_plural_as_each_language_counts(tmp_path):
    one = STANDARD.replace("1: [[0, 0]]", "1: [[0, 0], [1, 1]]", 1)
    assert one != STANDARD
    (tmp_path / "one.yaml").write_text(one, encoding="utf-8")
    error = refusal(load_face_style, tmp_path / "one.yaml")
    assert _in("en", error).endswith("1 bull head needs 1 position, not 2.")
    assert _in("fr", error).endswith("1 tête de bœuf demande 1 position (il y en a 2).")
    assert _in("de", error).endswith("1 Hornochse braucht 1 Position, nicht 2.")
    assert _in("nl", error).endswith("1 ossenkop heeft 1 positie nodig, niet 2.")


def test_a_table_too_long_groups_its_thousands_as_each_language_does(tmp_path):
    path = tmp_path / "cards.csv"
    path.write_text("id\n" + "".join(f"c{n}\n" for n in range(2001)))
    error = refusal(read_table, path, "cards.csv", 2000, Message("set.a_card_set"))
    assert _in("en", error) == "cards.csv, row 2002: a card set has at most 2,000 rows."
    assert _in("fr", error) == "cards.csv, ligne 2002\u00a0: un jeu de cartes compte au plus 2\u202f000 lignes."
    assert _in("de", error) == "cards.csv, Zeile 2002: Ein Kartensatz hat höchstens 2.000 Zeilen."
    assert _in("nl", error) == "cards.csv, rij 2002: een kaartset heeft hoogstens 2.000 rijen."


def test_a_yaml_syntax_error_says_what_to_do_in_the_language_asked_for():
    error = refusal(parse_yaml, "a:\n\tb: 1\n", "f.yaml")
    assert (
        _in("en", error)
        == "f.yaml, line 2: this is not valid YAML (a tab stands where YAML needs spaces; indent with spaces)."
    )
    assert _in("de", error).startswith("f.yaml, Zeile 2: Das ist kein gültiges YAML (ein Tabulator steht")
    assert _in("nl", error).endswith("spring in met spaties).")
