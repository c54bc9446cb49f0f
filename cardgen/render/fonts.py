"""TrueType fonts only, embedded, with a glyph check before anything is drawn.

reportlab ships the Bitstream Vera family (free to redistribute); a face or layout
may name another .ttf file from the project's assets.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import cast

import reportlab
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFError, TTFont

from cardgen.errors import InputError

_REPORTLAB_FONTS = Path(reportlab.__file__).parent / "fonts"
BUNDLED = {
    "Vera": _REPORTLAB_FONTS / "Vera.ttf",
    "Vera-Bold": _REPORTLAB_FONTS / "VeraBd.ttf",
    "Vera-Italic": _REPORTLAB_FONTS / "VeraIt.ttf",
    "Vera-BoldItalic": _REPORTLAB_FONTS / "VeraBI.ttf",
}
DEFAULT_FONT = "Vera"


@lru_cache(maxsize=None)
def register(name: str, file: Path | None = None) -> str:
    """Register a TrueType font under `name` (a bundled name, or a .ttf file) and return the name."""
    path = Path(file) if file else BUNDLED.get(name)
    if path is None:
        raise InputError(f"the font {name!r} is not known; use one of {', '.join(BUNDLED)} or a .ttf file.")
    if path.suffix.lower() != ".ttf":
        raise InputError(f"{path.name}: only TrueType (.ttf) fonts can be embedded, not {path.suffix or 'this file'}.")
    try:
        font = TTFont(name, str(path))
    except TTFError as exc:
        raise InputError(f"{path.name}: this is not a TrueType font that can be embedded ({exc}).") from None
    except Exception:  # noqa: BLE001 - a cut or damaged file fails anywhere in reportlab's parser
        raise InputError(f"{path.name}: this font file is damaged or cut short; reportlab cannot read it.") from None
    pdfmetrics.registerFont(font)
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
