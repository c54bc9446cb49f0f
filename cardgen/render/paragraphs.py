"""Plain text set as a reportlab Paragraph, which reads the text it is given as markup,
broken into lines where cardgen.render.linebreaks allows, bullets with a hanging indent.
Every module that flows text takes Paragraph from here: reportlab's platypus is loaded here."""

import re
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache, cached_property

from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import stringWidth

from cardgen.render.linebreaks import keep_together


class _Deferred:
    """A pattern compiled the first time it is used."""

    def __init__(self, pattern: str, flags: int):
        self.pattern, self.flags = pattern, flags

    @cached_property
    def compiled(self) -> re.Pattern:
        return re.compile(self.pattern, self.flags)

    def __getattr__(self, name: str):
        return getattr(self.compiled, name)


@contextmanager
def _unicode_wide_patterns_deferred() -> Iterator[None]:
    """While reportlab's paragraph module loads: its pattern of web addresses, which ignores
    case over all of Unicode, is compiled when first used (by its hyphenation of long
    addresses, which cardgen never asks for) rather than on import, where it took a
    twelfth of the kit's time. Every other pattern is compiled as usual."""
    compile = re.compile

    def deferred(pattern, flags=0):
        if isinstance(pattern, str) and flags & re.IGNORECASE and "\uffff" in pattern:
            return _Deferred(pattern, flags)
        return compile(pattern, flags)

    re.compile = deferred
    try:
        yield
    finally:
        re.compile = compile


with _unicode_wide_patterns_deferred():
    from reportlab.platypus import Paragraph

# what xml.sax.saxutils.escape does, without the urllib.request it loads (~15 ms of the kit's start)
_AS_TEXT = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;"})


def text_paragraph(text: str, style: ParagraphStyle, bullet: str | None = None) -> Paragraph:
    """`text` as it reads, its & < > shown and never taken for markup, kept together where
    a line must not break; `bullet` before it, the first line's text where the others start."""
    if bullet:
        style = _hanging(style, bullet)
    return Paragraph(keep_together(text).translate(_AS_TEXT), style, bulletText=bullet)


def bullet_reach(style: ParagraphStyle, bullet: str) -> float:
    """Where reportlab starts a bulleted first line's text: past the bullet and a gap of
    0.6 of its size (its own rule), at the style's indent at the nearest."""
    size = style.bulletFontSize
    return max(style.leftIndent, style.bulletIndent + stringWidth(bullet, style.bulletFontName, size) + 0.6 * size)


@cache
def _hanging(style: ParagraphStyle, bullet: str) -> ParagraphStyle:
    """`style` with its wrapped lines starting where the first line's text does."""
    return ParagraphStyle(f"{style.name}-hanging", parent=style, leftIndent=bullet_reach(style, bullet))
