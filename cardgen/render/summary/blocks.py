"""The summary's building blocks: page geometry, text styles, and the blocks that are
measured once for the column width, then drawn: paragraphs and headings."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from functools import cache
from typing import cast

from reportlab.lib.colors import HexColor
from reportlab.lib.enums import TA_LEFT
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfgen.canvas import Canvas

from cardgen.engine import STANDARD_HEADS, face, is_joker, is_zero
from cardgen.formats import MM
from cardgen.model.cards import Card
from cardgen.render.faces import CardPainter
from cardgen.render.fonts import wrapped_lines
from cardgen.render.palette import ACCENT, BOLD, INK, REGULAR
from cardgen.render.paragraphs import Paragraph, text_paragraph
from cardgen.texts import with_decimal_separator

MARGIN = 10 * MM
COLUMN_GAP = 7 * MM
HEADER_HEIGHT = 16 * MM
FOOTER_HEIGHT = 4 * MM
MAX_PAGES = 2

BODY_SIZE, BODY_LEADING = 8.75, 10.6
CAPTION_SIZE, CAPTION_LEADING = 8.75, 10.4
HEADING_SIZE = 11.0
LABEL_SIZE = 9.0

CREAM = HexColor("#f6ecdc")  # the card back's medallion
EXAMPLE_FILL = HexColor("#fbf6ee")
EXAMPLE_LINE = HexColor("#e4d6c0")
NEW_CARD = HexColor("#e08a00")

CARD_W = 5.0 * MM  # the small cards: 56 x 87 scaled down
CARD_H = CARD_W * 87 / 56
CARD_GAP = 0.6 * MM
ROW_GAP = 0.7 * MM
PAD = 2.0 * MM
LINE_GAP = 1.0 * MM


# --- text styles -----------------------------------------------------------------


@cache
def _styles() -> dict[str, ParagraphStyle]:
    body = ParagraphStyle(
        "body", fontName=REGULAR, fontSize=BODY_SIZE, leading=BODY_LEADING, textColor=INK, alignment=TA_LEFT
    )
    return {
        "body": body,
        "bullet": ParagraphStyle(
            "bullet", parent=body, leftIndent=3.6 * MM, bulletIndent=0.8 * MM, bulletFontName=BOLD, bulletColor=ACCENT
        ),
        "aside": ParagraphStyle("aside", parent=body, leftIndent=3.6 * MM),  # a list's lone item
        "caption": ParagraphStyle("caption", parent=body, fontSize=CAPTION_SIZE, leading=CAPTION_LEADING),
        "heading": ParagraphStyle(
            "heading", parent=body, fontName=BOLD, fontSize=HEADING_SIZE, leading=HEADING_SIZE * 1.2, textColor=ACCENT
        ),
    }


def paragraph(text: str, style: str, bullet: bool = False) -> Paragraph:
    return text_paragraph(text, _styles()[style], "•" if bullet else None)


# --- what blocks need to draw -----------------------------------------------------------


@dataclass(frozen=True)
class Frame:
    """The page as the layout sees it: `paper` (mm) drawn `zoom` times larger, in points."""

    paper: tuple[float, float]
    zoom: float = 1.0

    @property
    def size(self) -> tuple[float, float]:
        return self.paper[0] * MM / self.zoom, self.paper[1] * MM / self.zoom

    @property
    def column_width(self) -> float:
        return (self.size[0] - 2 * MARGIN - COLUMN_GAP) / 2


@dataclass
class Page:
    """What the blocks draw with: the canvas, a card painter, the language's words."""

    canvas: Canvas
    painter: CardPainter
    lang: str
    frame: Frame

    @property
    def size(self) -> tuple[float, float]:
        return self.frame.size


@cache
def model_card(card: int) -> Card:
    """The printable card of an engine card id (bull heads as the bundled sets give them)."""
    if is_joker(card):
        return Card(id=f"J{face(card)}", kind="joker", value=Decimal(face(card)), heads=STANDARD_HEADS[card])
    if is_zero(card):
        return Card(id=f"Z{card}", kind="zero", value=0, heads=0)
    return Card(id=str(card), kind="number", value=card, heads=STANDARD_HEADS[card])


def shown_value(tenths: int, lang: str) -> str:
    """A value in tenths as the language writes it: 17.4 or 17,4."""
    text = f"{tenths // 10}.{tenths % 10}" if tenths % 10 else str(tenths // 10)
    return with_decimal_separator(text, lang)


def card_text(card: int, lang: str) -> str:
    return with_decimal_separator(face(card), lang)


# --- blocks: measured once for the column width, then drawn -----------------------------


class Block:
    space_before = 1.6 * MM
    keep_with_next = False
    continued = False  # the end of a paragraph begun in the column before
    width = 0.0
    height = 0.0

    def measure(self, width: float) -> float:
        raise NotImplementedError

    def least_height(self, lines: int = 0) -> float:
        """The least of the block a column may hold before a column break (with at
        least `lines` of its lines, for a paragraph)."""
        return self.height

    def split(self, width: float, height: float) -> list[Block]:
        return []

    def draw(self, page: Page, x: float, top: float) -> None:
        raise NotImplementedError


MIN_LINES = 2  # no widow or orphan: a paragraph breaks with at least two lines each side


class TextBlock(Block):
    def __init__(self, paragraph: Paragraph, space_before: float = 1.6 * MM, splits: bool = True):
        self.paragraph = paragraph
        self.space_before = space_before
        self.splits = splits

    def measure(self, width: float) -> float:
        self.width = width
        self.height = self.paragraph.wrap(width, 10_000)[1]
        self.lines = wrapped_lines(self.paragraph)
        return self.height

    def least_height(self, lines: int = 0) -> float:
        wanted = max(lines, MIN_LINES)
        if not self.splits or self.lines < 2 * MIN_LINES or self.lines - wanted < MIN_LINES:
            return self.height
        return wanted * self._leading()

    def _leading(self) -> float:
        return self.paragraph.style.leading

    def split(self, width: float, height: float) -> list[Block]:
        """The paragraph cut in two with MIN_LINES or more lines on each side, the first
        part no taller than `height`; [] when it cannot be."""
        first = min(int(height // self._leading()), self.lines - MIN_LINES)
        if not self.splits or first < MIN_LINES:
            return []
        parts = self.paragraph.split(width, first * self._leading() + 0.1)
        if len(parts) != 2:
            return []
        # a Paragraph splits into Paragraphs
        first_part = TextBlock(cast(Paragraph, parts[0]), self.space_before)
        rest = TextBlock(cast(Paragraph, parts[1]), 0.0)
        rest.continued = True
        for block in (first_part, rest):
            block.measure(width)
        fits = first_part.height <= height and min(first_part.lines, rest.lines) >= MIN_LINES
        return [first_part, rest] if fits else []

    def draw(self, page: Page, x: float, top: float) -> None:
        self.paragraph.wrap(self.width, 10_000)  # a trial split may have dropped the wrapped lines
        self.paragraph.drawOn(page.canvas, x, top - self.height)


class HeadingBlock(TextBlock):
    keep_with_next = True

    def __init__(self, text: str):
        super().__init__(paragraph(text, "heading"), 2.0 * MM, splits=False)

    def draw(self, page: Page, x: float, top: float) -> None:
        super().draw(page, x, top)
        canvas = page.canvas
        canvas.setStrokeColor(EXAMPLE_LINE)
        canvas.setLineWidth(0.6)
        canvas.line(x, top - self.height - 0.6, x + self.width, top - self.height - 0.6)
