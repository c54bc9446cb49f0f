"""Cards from a table: a set's `cards:` naming a CSV file or an .xlsx/.ods spreadsheet, one
row per card; every error one line naming the file, the row and the column."""

from __future__ import annotations

import tracemalloc
import zipfile
from decimal import Decimal
from pathlib import Path

import pytest
from clirun import cardgen_in_process
from pdfcheck import page_text
from spreadsheets import Formula, write_ods, write_xlsx
from test_pictures import green_png

from cardgen.model.cards import load_card_set

HEADER = ["id", "kind", "value", "heads", "title"]


@pytest.fixture(autouse=True)
def _in_tmp_path(tmp_path, monkeypatch):
    """Files named relative to the folder, as a user types them: messages name them so."""
    monkeypatch.chdir(tmp_path)


ROWS = [HEADER, ["P105", "number", 105, 2, "Sunny day"], ["P106", "number", 106, 1, ""], ["J4", "joker", 0.4, 1, ""]]


def _set(folder: Path, cards: str, **fields: str) -> Path:
    extra = "".join(f"{key}: {value}\n" for key, value in fields.items())
    file = folder / "promo.yaml"
    file.write_text(f"name: promo\ntitle: Promo cards\ncards: {cards}\n{extra}")
    return file.relative_to(Path.cwd())


def _csv(folder: Path, rows: list[list], name: str = "cards.csv") -> Path:
    (folder / name).write_text("".join(",".join(map(str, row)) + "\n" for row in rows))
    return _set(folder, name)


def _refused(set_file: Path, tmp_path: Path) -> str:
    out = tmp_path / "out"
    result = cardgen_in_process("build", "--set", set_file, "-o", out)
    assert result.returncode == 2, result.stdout + result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert not out.exists()
    return lines[0]


def test_a_csv_set_builds_and_verifies_with_numbers_read_as_numbers_and_blanks_as_defaults(tmp_path):
    card_set = load_card_set(_csv(tmp_path, ROWS))
    assert [card.value for card in card_set.cards] == [105, 106, Decimal("0.4")]
    assert [card.label() for card in card_set.cards] == ["105", "106", "0.4"]
    assert [card.title for card in card_set.cards] == ["Sunny day", None, None]
    assert cardgen_in_process("build", "--set", tmp_path / "promo.yaml", "-o", tmp_path / "out").returncode == 0
    result = cardgen_in_process("verify", tmp_path / "promo.yaml", tmp_path / "out" / "promo-duplex.pdf")
    assert result.returncode == 0, result.stdout


def test_a_csv_with_semicolons_as_french_german_and_dutch_spreadsheets_save_it_reads_alike(tmp_path):
    commas = load_card_set(_csv(tmp_path, ROWS))
    (tmp_path / "semi").mkdir()
    (tmp_path / "semi" / "cards.csv").write_text("".join(";".join(map(str, row)) + "\n" for row in ROWS))
    semicolons = load_card_set(_set(tmp_path / "semi", "cards.csv"))
    assert [card.model_dump() for card in semicolons.cards] == [card.model_dump() for card in commas.cards]


@pytest.mark.parametrize("write", [write_xlsx, write_ods], ids=["xlsx", "ods"])
def test_a_spreadsheet_prints_the_same_sheet_as_the_csv_of_its_cells(tmp_path, write):
    (tmp_path / "csv").mkdir()
    (tmp_path / "sheet").mkdir()
    _csv(tmp_path / "csv", ROWS)
    suffix = ".xlsx" if write is write_xlsx else ".ods"
    write(tmp_path / "sheet" / f"cards{suffix}", ROWS)
    _set(tmp_path / "sheet", f"cards{suffix}")
    pdfs = []
    for folder in ("csv", "sheet"):
        out = tmp_path / folder / "out"
        assert cardgen_in_process("build", "--set", tmp_path / folder / "promo.yaml", "-o", out).returncode == 0
        pdfs.append((out / "promo-duplex.pdf").read_bytes())
    assert pdfs[0] == pdfs[1]


BAD_CELLS = {
    "an exponent is no value": (["P1", "number", "1e2", 1, ""], "row 2, column value: must be a number such as 17"),
    "true is no value": (["P1", "number", "true", 1, ""], "row 2, column value: must be a number such as 17"),
    "a thousand's comma": (["J1", "joker", "1,000", 1, ""], "row 2, column value: '1,000' could be a thousand"),
    "heads in words": (["P1", "number", 105, "two", ""], "row 2, column heads: must be a whole number, not 'two'"),
    "heads with a point": (["P1", "number", 105, "2.0", ""], "row 2, column heads: must be a whole number"),
    "too many heads": (["P1", "number", 105, 9, ""], "row 2, column heads: must be at most 7, not 9"),
    "no heads": (["P1", "number", 105, "", ""], "row 2, column heads: is missing"),
    "a kind unknown": (["P1", "animal", 105, 1, ""], "row 2, column kind: must be one of"),
    "a title too long": (["P1", "number", 105, 1, "x" * 81], "row 2, column title:"),
}


@pytest.mark.parametrize("case", BAD_CELLS)
def test_a_bad_cell_is_one_line_naming_file_row_and_column(tmp_path, case):
    row, message = BAD_CELLS[case]
    cells = [f'"{cell}"' if "," in str(cell) else cell for cell in row]
    line = _refused(_csv(tmp_path, [HEADER, cells]), tmp_path)
    assert "cards.csv, row 2" in line, line
    assert message in line, line


def test_a_spreadsheets_true_and_number_cells_are_judged_by_the_fields_type(tmp_path):
    write_xlsx(tmp_path / "cards.xlsx", [HEADER, ["P1", "number", True, 1, ""]])
    assert "cards.xlsx, row 2, column value: must be a number, not TRUE." in _refused(
        _set(tmp_path, "cards.xlsx"), tmp_path
    )
    write_xlsx(tmp_path / "cards.xlsx", [HEADER, [105, "number", 105, 1.5, ""]])
    assert "cards.xlsx, row 2, column heads: must be a whole number" in _refused(_set(tmp_path, "cards.xlsx"), tmp_path)


def test_an_unknown_column_is_refused_with_the_known_ones(tmp_path):
    line = _refused(_csv(tmp_path, [[*HEADER, "colour"], ["P1", "number", 105, 1, "", "red"]]), tmp_path)
    assert "cards.csv, row 1, column colour: is not a card field; the columns of a card set are id, kind, value" in line


def test_a_repeated_id_names_both_rows(tmp_path):
    line = _refused(_csv(tmp_path, [HEADER, ["P1", "number", 105, 1, ""], ["P1", "number", 106, 1, ""]]), tmp_path)
    assert "cards.csv, row 3, column id: the id 'P1' is already used by card 1 (cards.csv, row 2)" in line


def test_verify_of_a_csv_set_names_the_rows(tmp_path):
    set_file = _csv(tmp_path, [HEADER, ["P1", "number", 105, 1, ""], ["P2", "number", 105, 1, ""]])
    result = cardgen_in_process("verify", set_file)
    assert result.returncode == 1
    assert "[cards.csv, rows 2, 3]" in result.stdout, result.stdout


def test_a_formula_is_never_evaluated_nor_its_saved_result_printed(tmp_path):
    for write, suffix in ((write_xlsx, ".xlsx"), (write_ods, ".ods")):
        row = ["P1", "number", 105, 1, Formula('HYPERLINK("http://example.invalid","x")', "x")]
        write(tmp_path / f"cards{suffix}", [HEADER, row])
        line = _refused(_set(tmp_path, f"cards{suffix}"), tmp_path)
        assert f"cards{suffix}, row 2, column title: this cell holds a formula" in line, line


def test_a_csv_cell_that_starts_with_an_equals_sign_is_text(tmp_path):
    _csv(tmp_path, [HEADER, ["P1", "number", 105, 1, "=1+1"]])
    assert load_card_set(tmp_path / "promo.yaml").cards[0].title == "=1+1"


def test_a_file_neither_utf8_nor_windows_1252_is_one_line_naming_its_row(tmp_path):
    # 0x81 is no character in Windows-1252 (nor the start of one in UTF-8)
    (tmp_path / "cards.csv").write_bytes(b"id,kind,value,heads,title\nP1,number,105,1,Caf\x81\n")
    line = _refused(_set(tmp_path, "cards.csv"), tmp_path)
    assert "cards.csv, row 2: this file is neither UTF-8 nor Windows-1252 text; save it as CSV UTF-8." in line


# What German, French and Dutch Excel save as "CSV (separated by semicolons)": Windows-1252,
# semicolons, decimal commas; the bytes as that program writes them.
EXCEL_DE = (
    b"id;kind;value;heads;title;box.x;box.width;box.height\r\n"
    b"P105;number;105;2;Gr\xfc\xdfe aus K\xf6ln;;;\r\n"  # Grüße aus Köln
    b"J4;joker;0,4;1;Caf\xe9 \x80 5;-2,5;20;20\r\n"  # Café € 5, a picture 2.5 mm left of the centre
)


def test_a_csv_as_european_excel_saves_it_reads_as_the_same_cards_and_says_so_once(tmp_path):
    (tmp_path / "cards.csv").write_bytes(EXCEL_DE)
    card_set = load_card_set(_set(tmp_path, "cards.csv"))
    assert [card.title for card in card_set.cards] == ["Grüße aus Köln", "Café € 5"]
    assert [card.value for card in card_set.cards] == [105, Decimal("0.4")]
    assert card_set.cards[1].box is not None and card_set.cards[1].box.x == -2.5
    (tmp_path / "utf8").mkdir()
    as_utf8 = EXCEL_DE.decode("cp1252").replace(",", ".").replace(";", ",")  # what "CSV UTF-8" saves in English
    (tmp_path / "utf8" / "cards.csv").write_bytes(as_utf8.encode("utf-8-sig"))
    same = load_card_set(_set(tmp_path / "utf8", "cards.csv"))
    assert [card.model_dump() for card in same.cards] == [card.model_dump() for card in card_set.cards]
    result = cardgen_in_process("build", "--set", "promo.yaml", "-o", tmp_path / "out")
    assert result.returncode == 0, result.stderr
    assert result.stderr.strip().splitlines() == [
        "cardgen: warning: cards.csv is not UTF-8 text, so it was read as Windows-1252, the way Excel saves a CSV "
        "file in French, German or Dutch; if a letter looks wrong on the cards, save it as CSV UTF-8 instead."
    ]
    assert "Grüße aus Köln" in page_text((tmp_path / "out" / "promo-duplex.pdf").read_bytes())
    german = cardgen_in_process("build", "--set", "promo.yaml", "--lang", "de", "-o", tmp_path / "de")
    assert german.stderr.count("\n") == 1 and "wurde deshalb als Windows-1252 gelesen" in german.stderr
    verified = cardgen_in_process("verify", tmp_path / "promo.yaml")
    assert "read as Windows-1252" in verified.stdout, verified.stdout


NUMBER_CELLS = {  # (separator, a card's box.x as the file holds it) -> the number read, or the refusal
    (";", "-2,5"): -2.5,
    (";", "-2.5"): -2.5,  # a point that cannot group thousands is a decimal point everywhere
    (";", "1,500"): 1.5,  # the decimal comma of a file parted by semicolons
    (";", "1.500"): "'1.500' could be a thousand or a number with decimals",  # German Excel's thousand
    (",", "1.500"): 1.5,  # the decimal point of a file parted by commas
    (",", '"1,500"'): "'1,500' could be a thousand or a number with decimals",  # English Excel's thousand
    (",", '"-2,5"'): -2.5,  # a decimal comma in quotes, as a spreadsheet writes it
    (",", "-2,5"): "this row has 9 cells, the first row 8; a number with a decimal comma in a file parted by commas",
}


@pytest.mark.parametrize("separator,cell", NUMBER_CELLS)
def test_a_decimal_comma_is_read_and_a_thousands_separator_never_misread(tmp_path, separator, cell):
    header = separator.join(["id", "kind", "value", "heads", "box.x", "box.y", "box.width", "box.height"])
    row = separator.join(["P105", "number", "105", "1", cell, "0", "20", "20"])
    (tmp_path / "cards.csv").write_bytes(f"{header}\n{row}\n".encode())
    expected = NUMBER_CELLS[(separator, cell)]
    if isinstance(expected, float):
        box = load_card_set(_set(tmp_path, "cards.csv")).cards[0].box
        assert box is not None and box.x == expected
    else:
        assert f"cards.csv, row 2: {expected}" in _refused(_set(tmp_path, "cards.csv"), tmp_path).replace(
            ", column box.x", ""
        )


@pytest.mark.parametrize("write", [write_xlsx, write_ods], ids=["xlsx", "ods"])
def test_a_spreadsheets_number_cells_stay_exact_and_its_text_cells_take_either_mark(tmp_path, write):
    suffix = ".xlsx" if write is write_xlsx else ".ods"
    header = [*HEADER, "box.x", "box.width", "box.height"]
    rows = [header, ["J4", "joker", 0.4, 1, "", -2.5, 20, 20], ["J7", "joker", "0,7", 1, "", "-1,25", 20, 20]]
    write(tmp_path / f"cards{suffix}", rows)
    cards = load_card_set(_set(tmp_path, f"cards{suffix}")).cards
    assert [card.value for card in cards] == [Decimal("0.4"), Decimal("0.7")]
    assert [card.box.x for card in cards if card.box] == [-2.5, -1.25]
    write(tmp_path / f"cards{suffix}", [HEADER, ["J4", "joker", "1.000", 1, ""]])
    assert "row 2, column value: '1.000' could be a thousand" in _refused(_set(tmp_path, f"cards{suffix}"), tmp_path)


def test_a_byte_order_mark_is_no_part_of_the_first_column(tmp_path):
    (tmp_path / "cards.csv").write_bytes(b"\xef\xbb\xbfid,kind,value,heads\nP1,number,105,1\n")
    assert load_card_set(_set(tmp_path, "cards.csv")).cards[0].id == "P1"


def test_a_cell_of_a_megabyte_is_one_line(tmp_path):
    _csv(tmp_path, [HEADER, ["P1", "number", 105, 1, "x" * 1_000_000]])
    assert "cards.csv, row 2: a cell holds more than 5,000 characters." in _refused(tmp_path / "promo.yaml", tmp_path)
    _csv(tmp_path, [HEADER, ["P1", "number", 105, 1, "x" * 10_000]])
    line = _refused(tmp_path / "promo.yaml", tmp_path)
    assert "cards.csv, row 2, column title: this cell holds more than 5,000 characters." in line


def test_a_control_character_in_a_cell_is_refused(tmp_path):
    (tmp_path / "cards.csv").write_bytes(b"id,kind,value,heads,title\nP1,number,105,1,a\x00b\n")
    assert "cards.csv, row 2, column title: this cell holds the control character U+0000" in _refused(
        _set(tmp_path, "cards.csv"), tmp_path
    )


def test_a_csv_of_100000_rows_stops_at_the_bound_in_little_memory(tmp_path):
    rows = "".join(f"P{i},number,{105 + i % 800},1\n" for i in range(100_000))
    (tmp_path / "cards.csv").write_text("id,kind,value,heads\n" + rows)
    set_file = _set(tmp_path, "cards.csv")
    tracemalloc.start()
    try:
        line = _refused(set_file, tmp_path)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert "cards.csv, row 2002: a card set has at most 2,000 rows." in line
    assert peak < 60_000_000, peak


def test_a_spreadsheet_zip_bomb_is_refused_before_it_is_unpacked(tmp_path):
    write_xlsx(tmp_path / "cards.xlsx", [HEADER, ["P1", "number", 105, 1, ""]])
    with zipfile.ZipFile(tmp_path / "cards.xlsx", "a", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("xl/media/zeros.bin", b"\0" * 120_000_000)
    line = _refused(_set(tmp_path, "cards.xlsx"), tmp_path)
    assert "cards.xlsx: this spreadsheet unpacks to more than 50 MB" in line


def test_a_zip_member_larger_than_it_says_is_refused(tmp_path):
    """The sizes a zip declares may lie: each member is unpacked, counted, up to its size."""
    file = write_xlsx(tmp_path / "cards.xlsx", [HEADER, ["P1", "number", 105, 1, ""]])
    with zipfile.ZipFile(file, "a", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("xl/media/zeros.bin", b"\0" * 30_000_000)
    data = bytearray(file.read_bytes())
    size = (30_000_000).to_bytes(4, "little")
    data = data.replace(size, (100).to_bytes(4, "little"))  # local header and central directory
    file.write_bytes(bytes(data))
    line = _refused(_set(tmp_path, "cards.xlsx"), tmp_path)
    assert "cards.xlsx: this spreadsheet is damaged" in line, line


def test_a_cell_a_million_rows_down_is_refused_before_calamine_makes_room_for_it(tmp_path):
    sheet = (
        '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>'
        '<row r="1"><c r="A1" t="inlineStr"><is><t>id</t></is></c></row>'
        '<row r="1048576"><c r="C1048576"><v>2</v></c></row></sheetData></worksheet>'
    )
    write_xlsx(tmp_path / "cards.xlsx", sheet=sheet)
    line = _refused(_set(tmp_path, "cards.xlsx"), tmp_path)
    assert "cards.xlsx, row 1048576, column C: a card set has at most 2,000 rows." in line


def test_an_ods_cell_repeated_a_million_times_is_refused(tmp_path):
    table = (
        '<table:table-row><table:table-cell office:value-type="string"><text:p>id</text:p></table:table-cell>'
        '</table:table-row><table:table-row table:number-rows-repeated="1000000"><table:table-cell '
        'office:value-type="string"><text:p>x</text:p></table:table-cell></table:table-row>'
    )
    write_ods(tmp_path / "cards.ods", table=table)
    line = _refused(_set(tmp_path, "cards.ods"), tmp_path)
    assert "cards.ods, row 1000001, column A: a card set has at most 2,000 rows." in line


def test_a_table_outside_the_sets_folder_or_of_another_kind_is_refused(tmp_path):
    (tmp_path / "set").mkdir()
    _csv(tmp_path, ROWS)
    assert "field cards: the table ../cards.csv lies outside" in _refused(
        _set(tmp_path / "set", "../cards.csv"), tmp_path
    )
    assert "field cards: must be a list of cards or a table file" in _refused(_set(tmp_path, "cards.txt"), tmp_path)


def test_pictures_are_found_beside_the_sheet_and_by_card_id_in_the_pictures_folder(tmp_path):
    (tmp_path / "photos").mkdir()
    green_png(tmp_path / "sun.png")
    green_png(tmp_path / "photos" / "P106.png")
    (tmp_path / "cards.csv").write_text("id,kind,value,heads,picture\nP105,number,105,1,sun.png\nP106,number,106,1,\n")
    card_set = load_card_set(_set(tmp_path, "cards.csv", pictures="photos/"))
    assert [card.artwork.file.name if card.artwork else None for card in card_set.cards] == ["sun.png", "P106.png"]
    (tmp_path / "photos" / "P106.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>')
    line = _refused(tmp_path / "promo.yaml", tmp_path)
    assert "field pictures: card 'P106' has two pictures, photos/P106.png and photos/P106.svg" in line


def test_the_example_table_set_builds_and_verifies_with_its_spare_card(tmp_path):
    example = Path(__file__).resolve().parent.parent / "examples" / "homemade" / "homemade-table.yaml"
    assert cardgen_in_process("build", "--set", example, "-o", tmp_path / "out").returncode == 0
    sheet = tmp_path / "out" / "homemade-table-duplex.pdf"
    ran = cardgen_in_process("verify", example, sheet, "--set", example, "--games", 2)
    assert ran.returncode == 0, ran.stdout
    assert "printed as many times as its count says (5 cards)" in ran.stdout
