"""The card-size reference card of a variant: its essentials on 56 × 87 mm, in the
style of the card faces, for the glue sheet's eighth slot or a sheet of its own.

    ReferencePainter(canvas, "fr").front(reference_card("plus"), x, y, width, height, bleed)

Same box convention as the card painter: trim box lower-left (x, y), size in
points, the background running `bleed` points beyond it.
"""

from __future__ import annotations

import re
from functools import cache

from reportlab.lib.colors import HexColor
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import stringWidth

from cardgen.errors import InputError
from cardgen.formats import MM
from cardgen.layout.geometry import make_grid
from cardgen.messages import Message
from cardgen.model.cards import RulesCard
from cardgen.model.layout import load_layout, paper_size
from cardgen.model.rules import RuleSummary, read_summary, summary_variants, summary_words
from cardgen.render.faces import card_space, draw_art
from cardgen.render.fonts import register, require_glyphs, wrapped_lines
from cardgen.render.linebreaks import NO_BREAK, unbreakable_parts
from cardgen.render.palette import ACCENT, BOLD, INK, REGULAR, SOFT_INK
from cardgen.render.paragraphs import Paragraph, bullet_reach, text_paragraph
from cardgen.render.sheets import SheetRequest, render_sheet
from cardgen.texts import DEFAULT_LANG, check_lang, sheet_strings

DESIGN = (56.0, 87.0)  # mm: the card the layout below is drawn for

BORDER = HexColor("#6e1c28")  # the card back's deep red
PANEL = HexColor("#fffaf0")  # the card faces' panel
WATERMARK = HexColor("#f6e9dc")

TITLE_SIZE = 10.0
LINE_SIZE, LINE_LEADING = 8.2, 9.6
LINE_GAP, MAX_LINE_GAP = 1.2, 4.0  # mm between lines: at least, at most
INSET, RADIUS, PADDING = 3.0, 3.0, 2.6  # mm
LINES_TOP = 17.0  # mm below the top edge
LINES_BOTTOM = 9.0  # mm above the bottom edge


def reference_card(variant: str) -> RulesCard:
    """The reference card of `variant`, to place on a sheet."""
    if variant not in summary_variants():
        raise InputError(Message("rules.no_such_variant", variant=variant, variants=summary_variants()))
    return RulesCard(variant)


@cache
def _styles() -> tuple[ParagraphStyle, ParagraphStyle]:
    line = ParagraphStyle(
        "ref-line",
        fontName=REGULAR,
        fontSize=LINE_SIZE,
        leading=LINE_LEADING,
        textColor=INK,
        leftIndent=3.0 * MM,
        bulletIndent=0.4 * MM,
        bulletFontName=BOLD,
        bulletColor=ACCENT,
    )
    title = ParagraphStyle(
        "ref-title",
        fontName=BOLD,
        fontSize=TITLE_SIZE,
        leading=TITLE_SIZE * 1.15,
        textColor=ACCENT,
        alignment=TA_CENTER,
    )
    return line, title


@cache
def card_text(variant: str, lang: str) -> tuple[RuleSummary, str, tuple[str, ...]]:
    """The title and lines of a variant's reference card, checked to fit the card."""
    register(REGULAR)
    register(BOLD)
    summary = read_summary(variant)
    card = summary.reference_card
    title, lines = card.title(lang), tuple(card.lines(lang))
    for font in (REGULAR, BOLD):
        require_glyphs(font, title + "".join(lines), summary.source)
    if len(lines) > 6:
        raise card.lines.error(lang, Message("reference.too_many_lines", most=6, lines=len(lines)))
    inner = (DESIGN[0] - 2 * INSET - 2 * PADDING) * MM
    if stringWidth(title, BOLD, TITLE_SIZE) > inner:
        raise card.title.error(lang, Message("reference.title_too_wide", title=title))
    line_style, _ = _styles()
    room = inner - bullet_reach(line_style, "•")
    for text in lines:
        widest = max(unbreakable_parts(text), key=lambda part: stringWidth(part, REGULAR, LINE_SIZE))
        if stringWidth(widest, REGULAR, LINE_SIZE) > room:
            raise card.lines.error(lang, Message("reference.part_too_wide", part=widest.replace(NO_BREAK, " ")))
    if _lines_height(lines, line_style, inner) + LINE_GAP * MM * len(lines) > _room():
        raise card.lines.error(lang, Message("reference.lines_too_long"))
    return summary, title, lines


def _line(text: str, style: ParagraphStyle) -> Paragraph:
    return text_paragraph(text, style, bullet="•")


def _one_line(text: str, style: ParagraphStyle, width: float) -> bool:
    paragraph = _line(text, style)
    paragraph.wrap(width, 1000)
    return wrapped_lines(paragraph) == 1


# where a line of the card breaks best: after a semicolon or a colon, else after a comma
_CLAUSE_ENDS = {";": 2, ":": 2, ",": 1}


def _at_clause(text: str, style: ParagraphStyle, width: float) -> str | None:
    """`text` made to break after the strongest end of a clause that leaves each part on
    one line (the most even such break among equals), or None when there is none."""
    best: tuple[int, float, int] | None = None
    for match in re.finditer(r"(?<=[;:,]) ", text):
        first, rest = text[: match.start()], text[match.end() :]
        if _one_line(first, style, width) and _one_line(rest, style, width):
            rank = (_CLAUSE_ENDS[text[match.start() - 1]], -abs(len(first) - len(rest)), match.start())
            best = max(best, rank) if best else rank
    if best is None:
        return None
    first, rest = text[: best[2]], text[best[2] + 1 :]
    return f"{first.replace(' ', NO_BREAK)} {rest.replace(' ', NO_BREAK)}"


def _balanced(text: str, style: ParagraphStyle, width: float) -> tuple[Paragraph, float]:
    """The line as it breaks best: whole if it fits, else after the end of a clause, else
    wrapped as evenly as it goes: the narrowest width (within a tenth of a point) that takes
    no more lines than `width`, so no word is left alone on the last line. Returns the
    paragraph, wrapped, and its height."""
    if not _one_line(text, style, width):
        at_clause = _at_clause(text, style, width)
        if at_clause is not None:
            paragraph = _line(at_clause, style)
            return paragraph, paragraph.wrap(width, 1000)[1]

    def lines(at: float) -> int:
        paragraph = _line(text, style)
        paragraph.wrap(at, 1000)
        return wrapped_lines(paragraph)

    widest = max(stringWidth(part, REGULAR, LINE_SIZE) for part in unbreakable_parts(text))
    widest += bullet_reach(style, "•")  # no narrower than its widest piece
    wanted, narrow, wide = lines(width), max(width / 2, widest), width
    while wanted > 1 and wide - narrow > 0.1:
        middle = (narrow + wide) / 2
        narrow, wide = (narrow, middle) if lines(middle) <= wanted else (middle, wide)
    paragraph = _line(text, style)
    return paragraph, paragraph.wrap(wide, 1000)[1]


def _lines_height(lines, style, width: float) -> float:
    return sum(_balanced(text, style, width)[1] for text in lines)


def _room() -> float:
    return (DESIGN[1] - LINES_TOP - LINES_BOTTOM) * MM


class ReferencePainter:
    def __init__(self, canvas, lang: str):
        self.canvas = canvas
        self.lang = check_lang(lang)

    def front(
        self, card: RulesCard, x: float, y: float, width: float, height: float, bleed: float, rotate180: bool = False
    ) -> None:
        """Draw the reference card `card` into the trim box, full bleed."""
        summary, title, lines = card_text(card.variant, self.lang)
        canvas = self.canvas
        with card_space(canvas, x, y, width, height, rotate180):
            canvas.setFillColor(BORDER)
            canvas.rect(-bleed, -bleed, width + 2 * bleed, height + 2 * bleed, stroke=0, fill=1)
            # the design is drawn on 56 x 87 mm, scaled to the box and centred in it
            scale = min(width / (DESIGN[0] * MM), height / (DESIGN[1] * MM))
            canvas.translate((width - DESIGN[0] * MM * scale) / 2, (height - DESIGN[1] * MM * scale) / 2)
            canvas.scale(scale, scale)
            self._design(summary, title, lines)

    def _design(self, summary: RuleSummary, title: str, lines: tuple[str, ...]) -> None:
        canvas, lang = self.canvas, self.lang
        w, h = DESIGN[0] * MM, DESIGN[1] * MM
        canvas.setFillColor(PANEL)
        canvas.setStrokeColor(ACCENT)
        canvas.setLineWidth(0.3 * MM)
        canvas.roundRect(INSET * MM, INSET * MM, w - 2 * INSET * MM, h - 2 * INSET * MM, RADIUS * MM, stroke=1, fill=1)
        canvas.setFillColor(WATERMARK)
        draw_art(canvas, "bull", w / 2, h * 0.42, 40 * MM)
        canvas.setFillColor(ACCENT)
        draw_art(canvas, "bull", w / 2, h - 7.4 * MM, 4.6 * MM)
        line_style, title_style = _styles()
        inner = w - 2 * (INSET + PADDING) * MM
        left = (INSET + PADDING) * MM
        heading = text_paragraph(title, title_style)
        heading.wrap(inner, 100)
        heading.drawOn(canvas, left, h - 14.2 * MM)
        canvas.setStrokeColor(ACCENT)
        canvas.setLineWidth(0.25 * MM)
        canvas.line(w / 2 - 9 * MM, h - 15.4 * MM, w / 2 + 9 * MM, h - 15.4 * MM)
        gap = min(MAX_LINE_GAP * MM, (_room() - _lines_height(lines, line_style, inner)) / len(lines))
        y = h - LINES_TOP * MM - gap / 2
        for text in lines:
            paragraph, height = _balanced(text, line_style, inner)
            paragraph.drawOn(canvas, left, y - height)
            y -= height + gap
        canvas.setFillColor(SOFT_INK)
        canvas.setFont(REGULAR, 6.5)
        words = summary_words()
        players = words.players(lang).format(min=summary.players.min, max=summary.players.max)
        canvas.drawCentredString(w / 2, 5.6 * MM, f"{sheet_strings(lang)['reference_card']} · {players}")


def reference_sheet_pdf(variants: list[str], lang: str = DEFAULT_LANG, paper: str = "a4") -> bytes:
    """The reference cards of `variants` on one-sided sheets of `paper` (a4 or letter)
    with cut marks: a row of copies per variant (a page full of a single variant)."""
    check_lang(lang)
    layout, _ = load_layout("standard")
    grid = make_grid(layout, paper_size(paper))
    per_variant = len(grid.slots) if len(variants) == 1 else grid.columns
    words = sheet_strings(lang)
    return render_sheet(
        SheetRequest(
            title=words["reference_card"],
            cards=tuple(reference_card(variant) for variant in variants for _ in range(per_variant)),
            mode="sleeve",
            layout=layout,
            painter_factory=lambda canvas: ReferencePainter(canvas, lang),
            paper=grid.paper,
            words=words,
        )
    )
