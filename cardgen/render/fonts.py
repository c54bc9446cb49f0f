"""TrueType fonts only, embedded, with a glyph check before anything is drawn.

reportlab ships the Bitstream Vera family (free to redistribute); a face or layout
may name another .ttf file from the project's assets.
"""

from __future__ import annotations

from functools import cache, partial
from pathlib import Path
from typing import cast

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.platypus import Paragraph

from cardgen.errors import InputError
from cardgen.model.fonts import BUNDLED, parsed

DEFAULT_FONT = "Vera"


def register(name: str, file: Path | None = None) -> str:
    """Register a TrueType font under `name` (a bundled name, or a .ttf file) and return the name."""
    return _register(name, None if file is None or Path(file) == BUNDLED.get(name) else Path(file))


@cache
def _register(name: str, file: Path | None) -> str:
    path = file or BUNDLED.get(name)
    if path is None:
        raise InputError(f"the font {name!r} is not known; use one of {', '.join(BUNDLED)} or a .ttf file.")
    pdfmetrics.registerFont(parsed(path, partial(TTFont, name)))
    return name


def missing_glyphs(font_name: str, text: str) -> str:
    """The characters of `text` that the registered font cannot draw (reportlab would drop them)."""
    # every font cardgen draws with is a TTFont from register(); the stubs' getFont returns a plain Font
    face = cast(TTFont, pdfmetrics.getFont(font_name)).face
    return "".join(sorted({ch for ch in text if ch not in "\n\t" and ord(ch) not in face.charToGlyph}))


def require_glyphs(font_name: str, text: str, where: str) -> None:
    missing = missing_glyphs(font_name, text)
    if missing:
        raise InputError(f"{where}: the font {font_name} has no glyph for {missing!r}.")


def wrapped_lines(paragraph: Paragraph) -> int:
    """How many lines `paragraph` took at its last wrap()."""
    return len(paragraph.blPara.lines)  # type: ignore[attr-defined]  # wrap() sets blPara; the stubs omit it
