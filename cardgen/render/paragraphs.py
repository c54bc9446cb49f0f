"""Plain text set as a reportlab Paragraph, which reads the text it is given as markup,
broken into lines where cardgen.render.linebreaks allows, bullets with a hanging indent.
Every module that flows text takes Paragraph from here: reportlab's platypus is loaded here."""

from functools import cache

from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Paragraph

from cardgen.render.linebreaks import keep_together

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
