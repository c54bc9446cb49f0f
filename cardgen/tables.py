"""Tables read as documents: a CSV file or the first sheet of an .xlsx or .ods spreadsheet,
one record per row, whose "lines" are rows. Errors name the file, the row and the column
in one sentence, as YAML errors name file, line and field:
``cards.csv, row 7, column heads: must be a whole number.``

Every bound holds before anything large is built: the file's size, the rows, the columns
and the characters of a cell; a spreadsheet's zip is checked member by member (sizes
declared and real) before python-calamine opens it, and its sheet's XML is walked first
for what calamine would otherwise expand (a cell a million rows down) and for formulas,
which are refused rather than read as whatever result the last program saved.

A CSV file is read as Excel writes it in Western Europe too: not UTF-8, it is read as
Windows-1252 (said in a note), its cells parted by semicolons, its decimal mark the comma
(`decimal_mark`, for the cells of number fields: cardgen/model/cards.py).
"""

from __future__ import annotations

import csv
import io
import re
import zipfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardgen.errors import InputError, sentence
from cardgen.messages import Message
from cardgen.paths import read_input
from cardgen.yamlio import FORBIDDEN_CHARACTERS, FieldPath, YamlDocument

TABLE_SUFFIXES = (".csv", ".xlsx", ".ods")
MAX_BYTES = 10_000_000  # a file; a sheet of 2,000 cards with long texts is well under 1 MB
MAX_UNZIPPED = 50_000_000  # all the members of a spreadsheet's zip, decompressed
MAX_MEMBERS = 1_000
MAX_COLUMNS = 50
MAX_CELL = 5_000  # characters in one cell
Cell = str | int | float | bool
# The encoding of a CSV file that is not UTF-8: what Excel saves as "CSV" in French, German
# and Dutch (and English) on Windows; every byte but five is a character in it.
WESTERN_EUROPE = "cp1252"


@dataclass
class TableDocument(YamlDocument):
    """`data` is a list of records, one per row under the header, each a mapping of column
    name to the cell's value (blank cells left out); `lines` holds each record's row, as
    spreadsheets number them (the header is row 1)."""

    columns: list[str] = field(default_factory=list)  # the header's names, "" for a column without one
    header_row: int = 1
    # the decimal mark of the file's text cells: "," in a CSV file parted by semicolons, "."
    # in one parted by commas, None in a spreadsheet (whose number cells are numbers)
    decimal_mark: str | None = None

    def line_of(self, path: FieldPath) -> int:
        return self.lines.get(tuple(path[:1]), 1)

    def place(self, *paths: FieldPath) -> Message:
        return Message("table.place", count=len(paths), file=self.file, rows=[self.line_of(path) for path in paths])

    def error(self, path: FieldPath, problem: Message | str) -> InputError:
        path, said = tuple(path), sentence(problem)
        row = self.line_of(path) if path and isinstance(path[0], int) else None
        column = ".".join(map(str, path[1:] if row is not None else path))  # box.width: a field of a field
        return InputError(_at(self.file, row, column or None, said))

    def column_error(self, column: str, problem: Message) -> InputError:
        """An error about a column itself, named in the header's row."""
        return InputError(_at(self.file, self.header_row, column, problem))


def _at(file: str, row: int | None, column: str | None, problem: Message) -> Message:
    """`problem` with the place it is found: the file, and the row and the column where known."""
    if row is None:
        if column:
            return Message("table.at_column", file=file, column=column, problem=problem)
        return Message("input.in_file", file=file, problem=problem)
    if column:
        return Message("table.at_cell", file=file, row=row, column=column, problem=problem)
    return Message("table.at_row", file=file, row=row, problem=problem)


class WithTable(YamlDocument):
    """A YAML document one of whose fields (`cards: cards.csv`) is a table's records: errors
    and places under that field name the table's file, row and column; the others, the YAML's."""

    def __init__(self, outer: YamlDocument, key: str, table: TableDocument):
        super().__init__(
            outer.file, {**outer.data, key: table.data}, outer.lines, outer.folder, outer.notes + table.notes
        )
        self.key, self.table = key, table

    def folder_of(self, path: FieldPath) -> Path | None:
        return super().folder_of(path) if self._in_table(path) is None else self.table.folder

    def _in_table(self, path: FieldPath) -> FieldPath | None:
        path = tuple(path)
        return path[1:] if len(path) > 1 and path[0] == self.key and isinstance(path[1], int) else None

    def place(self, *paths: FieldPath) -> Message:
        inner = [self._in_table(path) for path in paths]
        if paths and all(path is not None for path in inner):
            return self.table.place(*(path for path in inner if path is not None))
        return super().place(*paths)

    def error(self, path: FieldPath, problem: Message | str) -> InputError:
        inner = self._in_table(path)
        return super().error(path, problem) if inner is None else self.table.error(inner, problem)


class _Rows:
    """Collects the rows of a table under its header, within the bounds."""

    def __init__(self, name: str, max_rows: int, what: Message):
        self.name, self.max_rows, self.what = name, max_rows, what
        self.header: list[str] | None = None
        self.header_row = 1
        self.records: list[dict[str, Cell]] = []
        self.lines: dict[FieldPath, int] = {}
        self.notes: list[Message] = []
        self.decimal_mark: str | None = None
        self.csv_separator: str | None = None  # a CSV file's: its rows may not outgrow its first one

    def add(self, row: int, cells: list[Cell]) -> None:
        if len(cells) > MAX_COLUMNS:
            raise self._error(row, Message("table.too_many_cells", cells=len(cells), limit=MAX_COLUMNS))
        for column, cell in enumerate(cells):
            if isinstance(cell, str):
                self._check_text(row, column, cell)
        if self.header is None:
            if any(not isinstance(cell, str) or cell.strip() for cell in cells):
                self._read_header(row, cells)
            return
        if self.csv_separator and len(cells) > len(self.header):  # "0,4" unquoted, between commas, is two cells
            said = "table.more_cells_commas" if self.csv_separator == "," else "table.more_cells"
            raise InputError(Message(said, file=self.name, row=row, cells=len(cells), header=len(self.header)))
        record = {}
        for column, cell in enumerate(cells):
            if isinstance(cell, str) and not cell.strip():
                continue  # blank: the field's default
            if column >= len(self.header) or not self.header[column]:
                unnamed = Message("table.unnamed_cell", column=_letters(column), header=self.header_row)
                raise self._error(row, unnamed)
            record[self.header[column]] = cell
        if not record:
            return  # a blank row: spreadsheets and CSV files often end with some
        if len(self.records) == self.max_rows:
            raise self._error(row, Message("table.too_many_rows", what=self.what, limit=self.max_rows))
        index = len(self.records)
        self.records.append(record)
        self.lines[(index,)] = row

    def _read_header(self, row: int, cells: list[Cell]) -> None:
        header = [cell.strip() if isinstance(cell, str) else str(cell) for cell in cells]
        seen: dict[str, int] = {}
        for column, name in enumerate(header):
            if name in seen and name:
                twice = Message("table.column_twice", column=_letters(column), name=name, other=_letters(seen[name]))
                raise self._error(row, twice)
            seen[name] = column
        if not any(header):
            raise self._error(row, Message("table.no_header"))
        self.header, self.header_row = header, row

    def column_name(self, column: int) -> str:
        """The header's name of a column (0 is the first), or its letter if it has none."""
        named = self.header[column] if self.header and column < len(self.header) else ""
        return named or _letters(column)

    def _check_text(self, row: int, column: int, cell: str) -> None:
        name = self.column_name(column)
        if len(cell) > MAX_CELL:
            raise self._error(row, Message("table.long_cell", limit=MAX_CELL), name)
        forbidden = FORBIDDEN_CHARACTERS.search(cell)
        if forbidden:
            code = f"U+{ord(forbidden.group()):04X}"
            raise self._error(row, Message("table.control_character", code=code), name)

    def _error(self, row: int, problem: Message, column: str | None = None) -> InputError:
        return InputError(_at(self.name, row, column, problem))

    def document(self) -> TableDocument:
        if self.header is None:
            raise InputError(Message("input.in_file", file=self.name, problem=Message("table.empty")))
        return TableDocument(
            self.name,
            self.records,
            self.lines,
            notes=self.notes,
            columns=self.header,
            header_row=self.header_row,
            decimal_mark=self.decimal_mark,
        )


def _letters(column: int) -> str:
    """0 -> A, 26 -> AA: a column as spreadsheets name it."""
    text = ""
    column += 1
    while column:
        column, rest = divmod(column - 1, 26)
        text = chr(ord("A") + rest) + text
    return text


A_TABLE = Message("table.a_table")  # what a table is called where no caller says more ("a card set")


def read_table(path: Path, shown: str, max_rows: int, what: Message = A_TABLE) -> TableDocument:
    """The table in `path` (.csv, .xlsx or .ods), at most `max_rows` records under its header.
    `what` names it in the bound's message ("a card set")."""
    suffix = path.suffix.lower()
    if suffix not in TABLE_SUFFIXES:
        kind = Message("table.not_a_table_suffix", suffix=suffix) if suffix else Message("table.not_a_table")
        raise InputError(Message("input.in_file", file=shown, problem=kind))
    data = read_input(path, shown, MAX_BYTES, Message("table.reader"), Message("table.hint"))
    rows = _Rows(shown, max_rows, what)
    if suffix == ".csv":
        _read_csv(data, rows)
    else:
        _read_spreadsheet(data, suffix, rows)
    table = rows.document()
    table.folder = path.resolve().parent
    return table


# -- CSV -------------------------------------------------------------------------------


def _read_csv(data: bytes, rows: _Rows) -> None:
    text = _decoded(data, rows)
    separator = rows.csv_separator = _separator(text)
    rows.decimal_mark = "," if separator == ";" else "."
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=separator, strict=True)
    row = 0
    try:
        for row, cells in enumerate(reader, start=1):
            rows.add(row, list(cells))
    except csv.Error as exc:
        raise rows._error(row + 1, _csv_problem(str(exc))) from None


def _csv_problem(found: str) -> Message:
    """What the csv module found wrong with a row, in our words."""
    if "field larger" in found:
        return Message("table.long_cell_in_row", limit=MAX_CELL)
    if "NUL" in found:
        return Message("table.nul_in_row")
    if "end of data" in found or "expected after" in found:
        return Message("table.row_quotes")
    return Message("table.unreadable_row")


def _decoded(data: bytes, rows: _Rows) -> str:
    """The file's text: UTF-8 (a spreadsheet's "CSV UTF-8" starts with a byte-order mark),
    else Windows-1252 with a note saying so."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        pass
    try:
        text = data.decode(WESTERN_EUROPE)
    except UnicodeDecodeError as exc:
        row = _row_at(data[: exc.start].decode(WESTERN_EUROPE, errors="replace"))
        raise InputError(Message("table.neither_encoding", file=rows.name, row=row)) from None
    rows.notes.append(Message("table.read_as_cp1252", file=rows.name))
    return text


def _separator(text: str) -> str:
    """A comma, or the semicolon that French, German and Dutch spreadsheets write between
    cells (their decimal comma takes the comma): told by the header row, which names fields."""
    header = text.split("\n", 1)[0]
    return ";" if ";" in header and "," not in header else ","


def _row_at(text: str) -> int:
    """The CSV row in which the end of `text` lies (a cell may hold line breaks)."""
    try:
        rows = sum(1 for _ in csv.reader(io.StringIO(text, newline="")))
    except csv.Error:
        rows = text.count("\n") + 1
    return rows + (not text or text.endswith(("\n", "\r")))


# -- spreadsheets ----------------------------------------------------------------------

_XLSX_CELL = re.compile(r"<(?:\w+:)?(row|c)\b([^>]*?)(/?)>")
_REFERENCE = re.compile(r'\br="([A-Z]{1,3})([0-9]{1,7})"')
_ROW_NUMBER = re.compile(r'\br="([0-9]{1,7})"')
_XLSX_VALUE = re.compile(r"<(?:\w+:)?(v|is|f)\b")
_XLSX_CLOSE = re.compile(r"</(?:\w+:)?c>")


def _read_spreadsheet(data: bytes, suffix: str, rows: _Rows) -> None:
    members = _checked_zip(data, rows.name)
    sheet = _xlsx_sheet(members, rows.name) if suffix == ".xlsx" else members.get("content.xml")
    if sheet is None:
        raise InputError(Message("input.in_file", file=rows.name, problem=Message("table.no_sheet", suffix=suffix)))
    text = sheet.decode("utf-8", errors="replace")
    formula = (_scan_xlsx if suffix == ".xlsx" else _scan_ods)(text, rows)
    from python_calamine import CalamineError, CalamineWorkbook  # loads only for a spreadsheet

    try:
        workbook = CalamineWorkbook.from_filelike(io.BytesIO(data))
        cells = workbook.get_sheet_by_index(0).to_python(skip_empty_area=False)
    except (CalamineError, ValueError, OSError):
        raise InputError(Message("input.in_file", file=rows.name, problem=Message("table.unreadable_sheet"))) from None
    for row, values in enumerate(cells, start=1):
        rows.add(row, [_cell(rows, row, column, value) for column, value in enumerate(values)])
    if formula:
        row, column = formula
        raise rows._error(row, Message("table.formula"), rows.column_name(column - 1))


def _cell(rows: _Rows, row: int, column: int, value: Any) -> Cell:
    """A spreadsheet's cell as a CSV cell or a number: whole numbers as int (spreadsheets
    store every number as a float), text as it is."""
    if isinstance(value, bool | str):
        return value
    if isinstance(value, float) and value.is_integer() and abs(value) < 2**53:
        return int(value)
    if isinstance(value, int | float):
        return value
    raise rows._error(row, Message("table.date"), _letters(column))


def _checked_zip(data: bytes, name: str) -> dict[str, bytes]:
    """The members the checks read (the workbook's XML), after every member's size has been
    checked as declared and as decompressed: a zip bomb is refused in bounded memory."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        infos = archive.infolist()
    except (zipfile.BadZipFile, ValueError, OSError):
        raise InputError(Message("input.in_file", file=name, problem=Message("table.not_a_zip"))) from None
    if len(infos) > MAX_MEMBERS:
        many = Message("table.too_many_members", files=len(infos), limit=MAX_MEMBERS)
        raise InputError(Message("input.in_file", file=name, problem=many))
    declared = sum(info.file_size for info in infos)
    if declared > MAX_UNZIPPED:
        raise InputError(_unzipped_error(name))
    wanted = {"xl/workbook.xml", "xl/_rels/workbook.xml.rels", "content.xml"}
    kept: dict[str, bytes] = {}
    total = 0
    for info in infos:
        chunks = []
        try:
            with archive.open(info) as stream:
                while chunk := stream.read(1 << 20):
                    total += len(chunk)
                    if total > MAX_UNZIPPED:
                        raise InputError(_unzipped_error(name))
                    if info.filename in wanted or info.filename.startswith("xl/worksheets/"):
                        chunks.append(chunk)
        except (zipfile.BadZipFile, zipfile.LargeZipFile, NotImplementedError, ValueError, OSError, EOFError):
            raise InputError(Message("input.in_file", file=name, problem=Message("table.damaged"))) from None
        if chunks:
            kept[info.filename] = b"".join(chunks)
    return kept


def _unzipped_error(name: str) -> Message:
    return Message("input.in_file", file=name, problem=Message("table.unzips_large", limit=MAX_UNZIPPED // 1_000_000))


def _xlsx_sheet(members: dict[str, bytes], name: str) -> bytes | None:
    """The XML of the workbook's first sheet, the one calamine reads."""
    workbook = members.get("xl/workbook.xml", b"").decode("utf-8", errors="replace")
    relations = members.get("xl/_rels/workbook.xml.rels", b"").decode("utf-8", errors="replace")
    first = re.search(r"<(?:\w+:)?sheet\b[^>]*?\br:id=\"([^\"]+)\"", workbook)
    if first is None:
        return None
    for relation in re.finditer(r"<(?:\w+:)?Relationship\b[^>]*>", relations):
        if f'Id="{first[1]}"' in relation[0]:
            target = re.search(r'Target="([^"]+)"', relation[0])
            if target:
                path = target[1].lstrip("/")
                return members.get(path if path.startswith("xl/") else f"xl/{path}")
    return None


def _scan_xlsx(text: str, rows: _Rows) -> tuple[int, int] | None:
    """Refuse a cell with a value beyond the bounds, by its reference; the first cell that
    holds a formula (row and column, from 1)."""
    row = column = 0
    formula = None
    for match in _XLSX_CELL.finditer(text):
        kind, attributes, closed = match.groups()
        if kind == "row":
            number = _ROW_NUMBER.search(attributes)
            row, column = (int(number[1]) if number else row + 1), 0
            continue
        reference = _REFERENCE.search(attributes)
        if reference:
            column, row = _column_number(reference[1]), int(reference[2])
        else:
            column += 1
        if closed:
            continue  # <c .../>: an empty cell, a style and no value
        close = _XLSX_CLOSE.search(text, match.end())
        found = {found[1] for found in _XLSX_VALUE.finditer(text, match.end(), close.start() if close else len(text))}
        if found:
            _check_place(rows, row, column)
            if "f" in found and formula is None:
                formula = (row, column)
    return formula


def _column_number(letters: str) -> int:
    number = 0
    for letter in letters:
        number = number * 26 + ord(letter) - ord("A") + 1
    return number


_ODS_ELEMENT = re.compile(r"<(/?)table:(table-row|table-cell|covered-table-cell|table)\b([^>]*?)(/?)>")
_REPEATED = re.compile(r'table:number-(?:rows|columns)-repeated="([0-9]+)"')


def _scan_ods(text: str, rows: _Rows) -> tuple[int, int] | None:
    """The first table's rows and cells, repeats counted: a cell with content repeated past
    the bounds is refused before calamine expands the repeats; the first formula's place."""
    row = column = 0
    row_repeats = 1
    formula = None
    for match in _ODS_ELEMENT.finditer(text):
        closing, kind, attributes, empty = match.groups()
        if kind == "table":
            if closing:
                break  # the first table only
            continue
        repeats = _REPEATED.search(attributes)
        count = int(repeats[1]) if repeats else 1
        if kind == "table-row":
            if closing:
                row += row_repeats - 1
            else:
                row, column, row_repeats = row + 1, 0, count
                if empty:
                    row += count - 1
            continue
        if closing:
            continue
        first = column + 1
        column += count
        if "office:value-type" in attributes or not empty:
            _check_place(rows, row + row_repeats - 1, column)
            if "table:formula" in attributes and formula is None:
                formula = (row, first)
    return formula


def _check_place(rows: _Rows, row: int, column: int) -> None:
    letters = _letters(max(column, 1) - 1)
    if column > MAX_COLUMNS:
        raise rows._error(row, Message("table.too_many_columns", limit=MAX_COLUMNS), letters)
    if row > rows.max_rows + 1 + 1000:  # room for blank rows between; calamine's sheet stays small
        raise rows._error(row, Message("table.too_many_rows", what=rows.what, limit=rows.max_rows), letters)
