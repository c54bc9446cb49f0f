"""Small .xlsx and .ods files written by hand, as a spreadsheet program saves them (the
parts calamine reads), so tests can make any sheet, hostile ones included, without a
spreadsheet library. A cell is text, a number, True/False, or Formula(text, saved)."""

from __future__ import annotations

import zipfile
from dataclasses import dataclass
from pathlib import Path
from xml.sax.saxutils import escape


@dataclass(frozen=True)
class Formula:
    text: str  # without the leading "="
    saved: object  # the result saved with it


_XLSX_PARTS = {
    "[Content_Types].xml": '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
    '<Default Extension="xml" ContentType="application/xml"/>'
    '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>'
    '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
    "_rels/.rels": '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
    '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
    "xl/workbook.xml": '<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" '
    'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Cards" sheetId="1" r:id="rId1"/></sheets></workbook>',
    "xl/_rels/workbook.xml.rels": '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
    '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
}


def _letters(column: int) -> str:
    text = ""
    column += 1
    while column:
        column, rest = divmod(column - 1, 26)
        text = chr(65 + rest) + text
    return text


def _xlsx_cell(reference: str, value) -> str:
    if isinstance(value, Formula):
        kind = "" if isinstance(value.saved, int | float) else ' t="str"'
        return f'<c r="{reference}"{kind}><f>{escape(value.text)}</f><v>{escape(str(value.saved))}</v></c>'
    if isinstance(value, bool):
        return f'<c r="{reference}" t="b"><v>{int(value)}</v></c>'
    if isinstance(value, int | float):
        return f'<c r="{reference}"><v>{value}</v></c>'
    return f'<c r="{reference}" t="inlineStr"><is><t>{escape(value)}</t></is></c>'


def sheet_xml(rows: list[list]) -> str:
    body = "".join(
        f'<row r="{r + 1}">'
        + "".join(_xlsx_cell(f"{_letters(c)}{r + 1}", v) for c, v in enumerate(row) if v != "")
        + "</row>"
        for r, row in enumerate(rows)
    )
    return f'<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>{body}</sheetData></worksheet>'


def write_xlsx(path: Path, rows: list[list] | None = None, sheet: str | None = None) -> Path:
    """An .xlsx of `rows` (or of the sheet XML `sheet`) in its first sheet."""
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, text in _XLSX_PARTS.items():
            archive.writestr(name, text)
        archive.writestr("xl/worksheets/sheet1.xml", sheet if sheet is not None else sheet_xml(rows or []))
    return path


def _ods_cell(value) -> str:
    if isinstance(value, Formula):
        saved = (
            f'office:value-type="float" office:value="{value.saved}"'
            if isinstance(value.saved, int | float)
            else 'office:value-type="string"'
        )
        formula = escape(value.text, {'"': "&quot;"})
        return f'<table:table-cell table:formula="of:={formula}" {saved}><text:p>{escape(str(value.saved))}</text:p></table:table-cell>'

    if value == "":
        return "<table:table-cell/>"
    if isinstance(value, int | float) and not isinstance(value, bool):
        return f'<table:table-cell office:value-type="float" office:value="{value}"><text:p>{value}</text:p></table:table-cell>'
    return f'<table:table-cell office:value-type="string"><text:p>{escape(str(value))}</text:p></table:table-cell>'


def write_ods(path: Path, rows: list[list] | None = None, table: str | None = None) -> Path:
    """An .ods of `rows` (or of the table XML `table`), with the trailing rows and columns a
    spreadsheet program writes."""
    if table is None:
        table = "".join("<table:table-row>" + "".join(map(_ods_cell, row)) + "</table:table-row>" for row in rows or [])
        table += (
            '<table:table-row table:number-rows-repeated="1048570">'
            '<table:table-cell table:number-columns-repeated="1024"/></table:table-row>'
        )
    content = (
        '<?xml version="1.0"?><office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
        'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" '
        f'office:version="1.2"><office:body><office:spreadsheet><table:table table:name="Cards">{table}'
        "</table:table></office:spreadsheet></office:body></office:document-content>"
    )
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("mimetype", "application/vnd.oasis.opendocument.spreadsheet")
        archive.writestr(
            "META-INF/manifest.xml",
            '<?xml version="1.0"?><manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" '
            'manifest:version="1.2"><manifest:file-entry manifest:full-path="/" '
            'manifest:media-type="application/vnd.oasis.opendocument.spreadsheet"/>'
            '<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/></manifest:manifest>',
        )
        archive.writestr("content.xml", content, compress_type=zipfile.ZIP_DEFLATED)
    return path
