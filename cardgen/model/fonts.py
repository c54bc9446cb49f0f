"""The fonts a face style may name, checked without registering anything (rendering
registers them): reportlab's Vera family, or a TrueType file, which must parse and
hold a glyph for every character the cards need."""

from __future__ import annotations

import struct
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import TypeVar

import reportlab
from reportlab.pdfbase.ttfonts import TTFError, TTFontFile

from cardgen.errors import InputError
from cardgen.messages import Message

T = TypeVar("T")

_REPORTLAB_FONTS = Path(reportlab.__file__).parent / "fonts"
MAX_FONT_BYTES = 50_000_000  # read whole by reportlab: a 2.5 GB sparse file would be too
UNICODE_CODE_POINTS = 0x110000  # no character map of a real font maps more
BUNDLED = {
    "Vera": _REPORTLAB_FONTS / "Vera.ttf",
    "Vera-Bold": _REPORTLAB_FONTS / "VeraBd.ttf",
    "Vera-Italic": _REPORTLAB_FONTS / "VeraIt.ttf",
    "Vera-BoldItalic": _REPORTLAB_FONTS / "VeraBI.ttf",
}


def parsed(file: Path, parse: Callable[[str], T]) -> T:
    """`parse(file)` with one of reportlab's TrueType parsers; one InputError for a file
    reportlab cannot embed (not .ttf or .otf, PostScript outlines, not a font, damaged or cut short)."""
    if file.suffix.lower() not in (".ttf", ".otf"):
        kind = Message("font.not_truetype_suffix", suffix=file.suffix) if file.suffix else Message("font.not_truetype")
        raise InputError(Message("input.in_file", file=file.name, problem=kind))
    try:
        size = file.stat().st_size
    except OSError:
        size = 0  # the parser says what is wrong with the file
    if size > MAX_FONT_BYTES:
        large = Message("font.too_large", size=size // 1_000_000, limit=MAX_FONT_BYTES // 1_000_000)
        raise InputError(Message("input.in_file", file=file.name, problem=large))
    if _has_postscript_outlines(file):
        raise InputError(Message("input.in_file", file=file.name, problem=Message("font.postscript")))
    _check_character_map(file)
    try:
        return parse(str(file))
    except TTFError:
        raise InputError(Message("input.in_file", file=file.name, problem=Message("font.not_embeddable"))) from None
    except Exception:  # a cut or damaged file fails anywhere in reportlab's parser
        raise InputError(Message("input.in_file", file=file.name, problem=Message("font.damaged"))) from None


def _has_postscript_outlines(file: Path) -> bool:
    """An OpenType font whose outlines are CFF starts with the tag OTTO, not a TrueType version."""
    try:
        with file.open("rb") as stream:
            return stream.read(4) == b"OTTO"
    except OSError:
        return False  # the parser says what is wrong with the file


def _check_character_map(file: Path) -> None:
    """reportlab expands each range of a character map into one dict entry per code point:
    a few bytes claiming 0..0xFFFFFFFF would take all the memory there is. Count first."""
    try:
        claimed = _mapped_code_points(file.read_bytes())
    except (OSError, struct.error, IndexError):
        return  # the parser says what is wrong with the file
    if claimed > UNICODE_CODE_POINTS:
        claims = Message("font.character_map", claimed=claimed, limit=UNICODE_CODE_POINTS)
        raise InputError(Message("input.in_file", file=file.name, problem=claims))


def _mapped_code_points(data: bytes) -> int:
    """The most code points any one subtable of the font's `cmap` maps (formats 4, 12 and 13:
    the ones made of ranges); 0 for a font without one."""
    tables = {data[12 + 16 * i : 16 + 16 * i]: 12 + 16 * i for i in range(struct.unpack_from(">H", data, 4)[0])}
    if b"cmap" not in tables:
        return 0
    cmap = struct.unpack_from(">I", data, tables[b"cmap"] + 8)[0]
    most = 0
    for n in range(struct.unpack_from(">H", data, cmap + 2)[0]):
        subtable = cmap + struct.unpack_from(">I", data, cmap + 4 + 8 * n + 4)[0]
        most = max(most, _subtable_code_points(data, subtable))
    return most


def _subtable_code_points(data: bytes, at: int) -> int:
    fmt = struct.unpack_from(">H", data, at)[0]
    if fmt == 4:
        segments = struct.unpack_from(">H", data, at + 6)[0] // 2
        ends = struct.unpack_from(f">{segments}H", data, at + 14)
        starts = struct.unpack_from(f">{segments}H", data, at + 16 + 2 * segments)
        return sum(max(0, end - start + 1) for start, end in zip(starts, ends))
    if fmt in (12, 13):
        groups = struct.unpack_from(">I", data, at + 12)[0]
        total = 0
        for g in range(min(groups, (len(data) - at - 16) // 12)):  # those present
            start, end = struct.unpack_from(">II", data, at + 16 + 12 * g)
            total += max(0, end - start + 1)
        return total
    return 0


@cache
def _font(file: Path) -> TTFontFile:
    return parsed(file, TTFontFile)


@cache
def characters(file: Path) -> frozenset[int]:
    """The code points a TrueType file can draw; InputError if reportlab cannot embed it."""
    return frozenset(_font(file).charToGlyph)


def text_width(file: Path, text: str, size: float) -> float:
    """The width of `text` set in the font at `size`, in the unit of `size` (as reportlab measures it)."""
    font = _font(file)
    return sum(font.charWidths.get(ord(ch), font.defaultWidth) for ch in text) * size / 1000


def missing_glyphs(file: Path, text: str) -> str:
    """The characters of `text` that the font cannot draw (reportlab would drop them)."""
    drawn = characters(file)
    return "".join(sorted({ch for ch in text if ch not in "\n\t" and ord(ch) not in drawn}))


def shown(characters: str) -> str:
    """Characters for a message: an invisible one (a narrow no-break space) as its escape, \\u202f."""
    return repr(characters)[1:-1]
