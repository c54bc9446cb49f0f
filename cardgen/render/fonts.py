"""TrueType fonts only, embedded, with a glyph check before anything is drawn.

reportlab ships the Bitstream Vera family (free to redistribute); a face or layout
may name another .ttf file from the project's assets.
"""

from __future__ import annotations

import hashlib
import string
from functools import cache, partial
from pathlib import Path
from typing import TYPE_CHECKING, cast

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.pdfdoc import PDFName
from reportlab.pdfbase.ttfonts import TTFont, makeToUnicodeCMap

from cardgen.errors import InputError
from cardgen.messages import Message
from cardgen.model.fonts import BUNDLED, parsed
from cardgen.render.palette import MIN_TEXT_SIZE, REGULAR

if TYPE_CHECKING:  # platypus is a tenth of a second to import: card faces do without it
    from reportlab.platypus import Paragraph

DEFAULT_FONT = REGULAR


def register(name: str, file: Path | None = None) -> str:
    """Register a TrueType font under `name` (a bundled name, or a .ttf file) and return the name."""
    return _register(name, None if file is None or Path(file) == BUNDLED.get(name) else Path(file))


@cache
def _register(name: str, file: Path | None) -> str:
    path = file or BUNDLED.get(name)
    if path is None:
        raise InputError(Message("font.unknown", name=name, choices=list(BUNDLED)))
    pdfmetrics.registerFont(parsed(path, partial(_TaggedFont, name)))
    return name


class _TaggedFont(TTFont):
    """A TrueType font whose subsets each carry a tag of their own: reportlab tags the first
    subset of every font AAAAAA+, the second AAAAAB+ …, so that two PDFs, or two fonts of one,
    hold different subsets under one name, which tools that merge PDFs or look fonts up by name
    mix up. The tag is taken from the font and the subset's characters: the same in every build."""

    def addObjects(self, doc) -> None:
        subsets = list(self.state[doc].subsets)  # reportlab drops the document's state once its objects are made
        names = [self.getSubsetInternalName(index, doc)[1:] for index in range(len(subsets))]
        super().addObjects(doc)
        fonts = doc.idToObject["BasicFonts"].dict
        for name, subset in zip(names, subsets):
            font = fonts[name]
            old = font.BaseFont
            face_name = old.split("+", 1)[1]
            new = f"{subset_tag(face_name, subset)}+{face_name}"
            font.BaseFont = new
            doc.idToObject["fontDescriptor:" + old].dict["FontName"] = PDFName(new)
            doc.idToObject["toUnicodeCMap:" + old].content = makeToUnicodeCMap(new, subset)


def subset_tag(font: str, characters: list[int]) -> str:
    """Six capital letters from the font's name and the subset's characters."""
    digest = hashlib.sha256(f"{font}:{characters}".encode()).digest()
    return "".join(string.ascii_uppercase[byte % 26] for byte in digest[:6])


def missing_glyphs(font_name: str, text: str) -> str:
    """The characters of `text` that the registered font cannot draw (reportlab would drop them)."""
    # every font cardgen draws with is a TTFont from register(); the stubs' getFont returns a plain Font
    face = cast(TTFont, pdfmetrics.getFont(font_name)).face
    return "".join(sorted({ch for ch in text if ch not in "\n\t" and ord(ch) not in face.charToGlyph}))


def require_glyphs(font_name: str, text: str, where: str | Message) -> None:
    """An InputError naming `where` the text comes from when the font cannot draw all of it."""
    missing = missing_glyphs(font_name, text)
    if missing:
        problem = Message("font.no_glyphs", font=font_name, missing=missing)
        raise InputError(Message("input.in_file", file=where, problem=problem))


def fitted(text: str, font: str, size: float, width: float) -> tuple[float, float]:
    """(size, horizontal scale) at which `text` is no wider than `width` points: made
    smaller, but never below MIN_TEXT_SIZE, then narrower."""
    drawn = pdfmetrics.stringWidth(text, font, size)
    if drawn <= width:
        return size, 1.0
    smaller = max(MIN_TEXT_SIZE, size * width / drawn)
    return smaller, min(1.0, width / pdfmetrics.stringWidth(text, font, smaller))


def draw_fitted(
    canvas, text: str, x: float, y: float, font: str, size: float, width: float, centred: bool = False, unit=1.0
) -> None:
    """`text` at the baseline y, from x or centred on it, `size` pt fitted to `width` as
    `fitted` says; x, y and width in the canvas's units, `unit` points each (MM on a canvas
    drawn in millimetres)."""
    size, horizontal = fitted(text, font, size, width * unit)
    drawn = pdfmetrics.stringWidth(text, font, size / unit) * horizontal
    canvas.saveState()  # the squeeze (Tz) outlives the text object: kept to this one
    text_object = canvas.beginText(x - drawn / 2 if centred else x, y)
    text_object.setFont(font, size / unit)
    text_object.setHorizScale(horizontal * 100)
    text_object.textOut(text)
    canvas.drawText(text_object)
    canvas.restoreState()


def wrapped_lines(paragraph: Paragraph) -> int:
    """How many lines `paragraph` took at its last wrap()."""
    return len(paragraph.blPara.lines)  # type: ignore[attr-defined]  # wrap() sets blPara; the stubs omit it
