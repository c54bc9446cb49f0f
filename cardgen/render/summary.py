"""Rule summaries: one page (or both sides of one sheet) per variant and language, on
A4 or Letter.

The texts flow through two columns; each illustrated example follows the text of
its section: the rows before and after the turn as small cards in the printed
cards' style, the cards played and the cards collected, all as the rules engine
plays the turn (cardgen.model.rules). Text that does not fit two pages is an error
naming the file and the section, never a clipped page.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from functools import cache
from typing import cast
from xml.sax.saxutils import escape

from reportlab.lib.colors import HexColor
from reportlab.lib.enums import TA_LEFT
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Paragraph

from cardgen.engine import STANDARD_HEADS, face, is_joker, is_zero
from cardgen.errors import InputError
from cardgen.model.cards import Card
from cardgen.model.layout import paper_size
from cardgen.model.rules import (
    RuleSummary,
    TallyExample,
    TurnExample,
    joker_worth,
    score_texts,
    summary_words,
)
from cardgen.render import art
from cardgen.render.faces import FORM_PREFIX, CardPainter
from cardgen.render.fonts import register, require_glyphs, wrapped_lines
from cardgen.render.pdf import finish, new_canvas
from cardgen.texts import check_lang, plural_category, sheet_strings

MM = 72 / 25.4
MARGIN = 10 * MM
COLUMN_GAP = 7 * MM
HEADER_HEIGHT = 19 * MM
FOOTER_HEIGHT = 4 * MM
MAX_PAGES = 2

REGULAR, BOLD = "Vera", "Vera-Bold"
BODY_SIZE, BODY_LEADING = 9.0, 11.0
CAPTION_SIZE, CAPTION_LEADING = 9.0, 10.9
HEADING_SIZE = 11.0
LABEL_SIZE = 9.0

INK = HexColor("#2b2622")
SOFT_INK = HexColor("#6b6158")
ACCENT = HexColor("#6e1c28")  # the card back's deep red
CREAM = HexColor("#f6ecdc")  # the card back's medallion
EXAMPLE_FILL = HexColor("#fbf6ee")
EXAMPLE_LINE = HexColor("#e4d6c0")
NEW_CARD = HexColor("#e08a00")

CARD_W = 5.6 * MM  # the small cards: 56 x 87 scaled down
CARD_H = CARD_W * 87 / 56
CARD_GAP = 0.6 * MM
ROW_GAP = 0.7 * MM
PAD = 2.4 * MM
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
        "caption": ParagraphStyle("caption", parent=body, fontSize=CAPTION_SIZE, leading=CAPTION_LEADING),
        "heading": ParagraphStyle(
            "heading", parent=body, fontName=BOLD, fontSize=HEADING_SIZE, leading=HEADING_SIZE * 1.2, textColor=ACCENT
        ),
    }


def _paragraph(text: str, style: str, bullet: bool = False) -> Paragraph:
    return Paragraph(escape(text), _styles()[style], bulletText="•" if bullet else None)


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


def draw_bull(canvas, cx: float, cy: float, size: float) -> None:
    """A bull head centred on (cx, cy), `size` points high, in the current fill colour;
    the same Form XObject the card painter uses."""
    form = FORM_PREFIX + "bull"
    if not canvas.hasForm(form):
        canvas.beginForm(form, 0, 0, art.UNIT, art.UNIT)
        art.PICTURES["bull"](canvas)
        canvas.endForm()
    factor = size / art.UNIT
    canvas.saveState()
    canvas.transform(factor, 0, 0, factor, cx - size / 2, cy - size / 2)
    canvas.doForm(form)
    canvas.restoreState()


def shown_value(tenths: int, lang: str) -> str:
    """A value in tenths as the language writes it: 17.4 or 17,4."""
    text = f"{tenths // 10}.{tenths % 10}" if tenths % 10 else str(tenths // 10)
    return text.replace(".", sheet_strings(lang)["decimal_separator"])


def card_text(card: int, lang: str) -> str:
    return face(card).replace(".", sheet_strings(lang)["decimal_separator"])


# --- blocks: measured once for the column width, then drawn -----------------------------


class Block:
    space_before = 1.6 * MM
    keep_with_next = False
    floats = False  # an example may wait for the next column while text fills this one
    continued = False  # the end of a paragraph begun in the column before
    width = 0.0
    height = 0.0

    def measure(self, width: float) -> float:
        raise NotImplementedError

    def least_height(self) -> float:
        """The least of the block a column may hold before a column break."""
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

    def least_height(self) -> float:
        return self.height if self.lines < 2 * MIN_LINES or not self.splits else MIN_LINES * self._leading()

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
        super().__init__(_paragraph(text, "heading"), 2.0 * MM, splits=False)

    def draw(self, page: Page, x: float, top: float) -> None:
        super().draw(page, x, top)
        canvas = page.canvas
        canvas.setStrokeColor(EXAMPLE_LINE)
        canvas.setLineWidth(0.6)
        canvas.line(x, top - self.height - 0.6, x + self.width, top - self.height - 0.6)


@dataclass
class Chip:
    """A label followed by small cards (and maybe a bull-head count), on one line."""

    label: str
    cards: list[int] = field(default_factory=list)
    heads: int | None = None
    bold: bool = False

    def width(self, lang: str) -> float:
        text = stringWidth(self.label, BOLD if self.bold else REGULAR, LABEL_SIZE)
        cards = len(self.cards) * (CARD_W + CARD_GAP)
        heads = self._heads_width() if self.heads is not None else 0
        return text + (1.4 * MM if self.cards else 0) + cards + heads

    def _heads_width(self) -> float:
        return 1.2 * MM + stringWidth(f"= {self.heads}", BOLD, LABEL_SIZE) + 0.8 * MM + 3.4 * MM

    def draw(self, page: Page, x: float, y: float) -> None:
        """Lower-left at (x, y); text centred on the cards' height."""
        canvas = page.canvas
        font = BOLD if self.bold else REGULAR
        baseline = y + CARD_H / 2 - LABEL_SIZE * 0.35
        canvas.setFillColor(INK)
        canvas.setFont(font, LABEL_SIZE)
        canvas.drawString(x, baseline, self.label)
        x += stringWidth(self.label, font, LABEL_SIZE) + (1.4 * MM if self.cards else 0)
        for card in self.cards:
            page.painter.front(model_card(card), x, y, CARD_W, CARD_H, 0)
            x += CARD_W + CARD_GAP
        if self.heads is not None:
            x += 1.2 * MM
            text = f"= {self.heads}"
            canvas.setFillColor(INK)
            canvas.setFont(BOLD, LABEL_SIZE)
            canvas.drawString(x, baseline, text)
            x += stringWidth(text, BOLD, LABEL_SIZE) + 0.8 * MM
            canvas.setFillColor(ACCENT)
            draw_bull(canvas, x + 1.7 * MM, baseline + 1.2 * MM, 3.4 * MM)


def _chip_lines(chips: list[Chip], width: float, lang: str) -> list[list[Chip]]:
    """Chips laid out left to right, wrapped onto new lines."""
    lines: list[list[Chip]] = [[]]
    used = 0.0
    for chip in chips:
        needed = chip.width(lang) + (3.2 * MM if lines[-1] else 0)
        if lines[-1] and used + needed > width:
            lines.append([])
            used, needed = 0.0, chip.width(lang)
        lines[-1].append(chip)
        used += needed
    return lines


class ExampleBlock(Block):
    space_before = 2.4 * MM
    floats = True

    def __init__(self, summary: RuleSummary, example: TurnExample | TallyExample, lang: str):
        self.summary, self.example, self.lang = summary, example, lang
        self.caption = _paragraph(example.caption(lang), "caption")

    def _frame(self, page: Page, x: float, top: float) -> None:
        canvas = page.canvas
        canvas.setFillColor(EXAMPLE_FILL)
        canvas.setStrokeColor(EXAMPLE_LINE)
        canvas.setLineWidth(0.7)
        canvas.roundRect(x, top - self.height, self.width, self.height, 2.2 * MM, stroke=1, fill=1)
        canvas.setFillColor(ACCENT)
        canvas.rect(x, top - self.height + 2.2 * MM, 1.1 * MM, self.height - 4.4 * MM, stroke=0, fill=1)


class TurnBlock(ExampleBlock):
    """Rows before → after, the cards played and the cards collected."""

    def __init__(self, summary: RuleSummary, example: TurnExample, lang: str):
        super().__init__(summary, example, lang)
        self.outcome = summary.turn_outcome(example.id)

    def measure(self, width: float) -> float:
        self.width = width
        inner = width - 2 * PAD
        words = summary_words()
        lang = self.lang
        self.caption_height = self.caption.wrap(inner, 10_000)[1]
        played = [Chip(words.played(lang), bold=True)] + [
            Chip(name, list(cards)) for name, cards in self.outcome.plays.items()
        ]
        self.played_lines = _chip_lines(played, inner, lang)
        collected = [
            Chip(words.collects(lang).format(name=name), cards, heads=sum(STANDARD_HEADS[c] for c in cards))
            for name, cards in self.outcome.collected.items()
        ]
        self.collected_lines = _chip_lines(collected, inner, lang) if collected else []
        self.notes = self._notes()
        self.panel_width = 3.2 * MM + 5 * CARD_W + 4 * CARD_GAP
        self.panels_height = LABEL_SIZE * 1.3 + 4 * CARD_H + 3 * ROW_GAP
        if 2 * self.panel_width + 9 * MM > inner or any(
            sum(c.width(lang) for c in line) > inner for line in self.collected_lines + self.played_lines
        ):
            raise self.summary.error(
                ("examples", self._index()), f"example {self.example.id}: its drawing is wider than a column"
            )
        line = CARD_H + LINE_GAP
        self.height = (
            2 * PAD
            + self.caption_height
            + 2 * MM
            + len(self.played_lines) * line
            + 1.2 * MM
            + self.panels_height
            + 2.2 * MM
            + len(self.notes) * CAPTION_LEADING
            + (len(self.collected_lines) * line if self.collected_lines else CAPTION_LEADING)
        )
        return self.height

    def _index(self) -> int:
        return self.summary.examples.index(self.example)

    def _notes(self) -> list[str]:
        """The worth of every joker appended in the rows after the turn (0.4 after 17: 17.4)."""
        words = summary_words()
        notes = []
        for row in self.outcome.after:
            for place, card in enumerate(row):
                worth = joker_worth(row, place)
                if worth is not None:
                    notes.append(
                        words.worth(self.lang).format(
                            card=card_text(card, self.lang), value=shown_value(worth, self.lang)
                        )
                    )
        return notes

    def draw(self, page: Page, x: float, top: float) -> None:
        self._frame(page, x, top)
        canvas, lang, words = page.canvas, self.lang, summary_words()
        inner_x = x + PAD + 0.6 * MM
        y = top - PAD
        self.caption.drawOn(canvas, inner_x, y - self.caption_height)
        y -= self.caption_height + 2 * MM
        for line in self.played_lines:
            self._chips(page, line, inner_x, y - CARD_H)
            y -= CARD_H + LINE_GAP
        y -= 1.2 * MM
        self._panels(page, inner_x, y)
        y -= self.panels_height + 2.2 * MM
        canvas.setFillColor(INK)
        for note in self.notes:
            canvas.setFont(BOLD, CAPTION_SIZE)
            canvas.drawString(inner_x, y - CAPTION_SIZE, note)
            y -= CAPTION_LEADING
        if not self.collected_lines:
            canvas.setFont(REGULAR, CAPTION_SIZE)
            canvas.drawString(inner_x, y - CAPTION_SIZE, words.nobody_collects(lang))
        for line in self.collected_lines:
            self._chips(page, line, inner_x, y - CARD_H)
            y -= CARD_H + LINE_GAP

    def _chips(self, page: Page, chips: list[Chip], x: float, y: float) -> None:
        for chip in chips:
            chip.draw(page, x, y)
            x += chip.width(self.lang) + 3.2 * MM

    def _panels(self, page: Page, x: float, top: float) -> None:
        canvas, words = page.canvas, summary_words()
        new = {card for cards in self.outcome.plays.values() for card in cards}
        before_x = x
        after_x = x + self.panel_width + 9 * MM
        for label, left, rows, mark in (
            (words.before(self.lang), before_x, self.outcome.before, set()),
            (words.after(self.lang), after_x, self.outcome.after, new),
        ):
            canvas.setFillColor(SOFT_INK)
            canvas.setFont(BOLD, LABEL_SIZE)
            canvas.drawString(left + 3.2 * MM, top - LABEL_SIZE, label)
            row_top = top - LABEL_SIZE * 1.3
            for number, row in enumerate(rows, 1):
                y = row_top - number * CARD_H - (number - 1) * ROW_GAP
                canvas.setFillColor(SOFT_INK)
                canvas.setFont(REGULAR, LABEL_SIZE)
                canvas.drawCentredString(left + 1.1 * MM, y + CARD_H / 2 - LABEL_SIZE * 0.35, str(number))
                for place, card in enumerate(row):
                    card_x = left + 3.2 * MM + place * (CARD_W + CARD_GAP)
                    page.painter.front(model_card(card), card_x, y, CARD_W, CARD_H, 0)
                    if card in mark:
                        canvas.setStrokeColor(NEW_CARD)
                        canvas.setLineWidth(1.1)
                        canvas.roundRect(card_x - 0.5, y - 0.5, CARD_W + 1, CARD_H + 1, 0.8 * MM, stroke=1, fill=0)
        arrow_x = x + self.panel_width + 1.6 * MM
        mid = top - LABEL_SIZE * 1.3 - 2 * CARD_H - 1.5 * ROW_GAP
        canvas.setFillColor(ACCENT)
        path = canvas.beginPath()
        path.moveTo(arrow_x, mid + 1.2 * MM)
        path.lineTo(arrow_x + 3.4 * MM, mid + 1.2 * MM)
        path.lineTo(arrow_x + 3.4 * MM, mid + 2.6 * MM)
        path.lineTo(arrow_x + 5.8 * MM, mid)
        path.lineTo(arrow_x + 3.4 * MM, mid - 2.6 * MM)
        path.lineTo(arrow_x + 3.4 * MM, mid - 1.2 * MM)
        path.lineTo(arrow_x, mid - 1.2 * MM)
        path.close()
        canvas.drawPath(path, stroke=0, fill=1)


class TallyBlock(ExampleBlock):
    """The scores per round, the totals and the winners, as the engine counts them:
    a player per column, like the score sheet."""

    ROW = 5.4 * MM
    example: TallyExample

    def __init__(self, summary: RuleSummary, example: TallyExample, lang: str):
        super().__init__(summary, example, lang)
        self.outcome = summary.tally_outcome(example.id)

    def measure(self, width: float) -> float:
        self.width = width
        inner = width - 2 * PAD
        labels = score_texts().labels
        lang = self.lang
        self.caption_height = self.caption.wrap(inner, 10_000)[1]
        names = list(self.example.scores)
        rounds = len(self.example.scores[names[0]])
        self.row_labels = [f"{labels.round(lang)} {n}" for n in range(1, rounds + 1)] + [labels.total(lang)]
        first = max(stringWidth(text, BOLD, LABEL_SIZE) for text in self.row_labels) + 3 * MM
        player = max(stringWidth(name, BOLD, LABEL_SIZE) for name in names) + 5 * MM
        self.columns = [first] + [max(player, 12 * MM)] * len(names)
        if sum(self.columns) > inner:
            raise self.summary.error(
                ("examples", self.summary.examples.index(self.example)),
                f"example {self.example.id}: its table is wider than a column",
            )
        self.height = (
            2 * PAD + self.caption_height + 2 * MM + (len(self.row_labels) + 1) * self.ROW + 1.6 * MM + CAPTION_LEADING
        )
        return self.height

    def draw(self, page: Page, x: float, top: float) -> None:
        self._frame(page, x, top)
        canvas, lang, words = page.canvas, self.lang, summary_words()
        outcome = self.outcome
        inner_x = x + PAD + 0.6 * MM
        y = top - PAD
        self.caption.drawOn(canvas, inner_x, y - self.caption_height)
        y -= self.caption_height + 2 * MM
        names = list(self.example.scores)
        table_width = sum(self.columns)
        rows = [[""] + names]
        rows += [
            [label] + [str(self.example.scores[n][i]) for n in names] for i, label in enumerate(self.row_labels[:-1])
        ]
        rows += [[self.row_labels[-1]] + [str(outcome.totals[n]) for n in names]]
        last = len(rows) - 1
        for index, cells in enumerate(rows):
            if index in (0, last):
                canvas.setFillColor(CREAM)
                canvas.rect(inner_x, y - self.ROW, table_width, self.ROW, stroke=0, fill=1)
            cell_x = inner_x
            baseline = y - self.ROW / 2 - LABEL_SIZE * 0.35
            for column, (text, width) in enumerate(zip(cells, self.columns)):
                winner = column > 0 and names[column - 1] in outcome.winners
                if index == last and winner:
                    canvas.setFillColor(HexColor("#f9d98a"))
                    canvas.rect(cell_x, y - self.ROW, width, self.ROW, stroke=0, fill=1)
                bold = index in (0, last) or column == 0
                canvas.setFont(BOLD if bold else REGULAR, LABEL_SIZE)
                canvas.setFillColor(ACCENT if index == last and column > 0 else INK)
                if column == 0:
                    canvas.drawString(cell_x + 1.2 * MM, baseline, text)
                else:
                    canvas.drawRightString(cell_x + width - 2.5 * MM, baseline, text)
                cell_x += width
            canvas.setStrokeColor(EXAMPLE_LINE)
            canvas.setLineWidth(0.5)
            canvas.line(inner_x, y - self.ROW, inner_x + table_width, y - self.ROW)
            y -= self.ROW
        y -= 1.6 * MM
        if outcome.game_over:
            template = words.winners(plural_category(len(outcome.winners)))(lang)
            verdict = f"{words.game_over(lang)} {template.format(names=', '.join(outcome.winners))}"
            canvas.setFillColor(INK)
            canvas.setFont(BOLD, CAPTION_SIZE)
            canvas.drawString(inner_x, y - CAPTION_SIZE, verdict)


# --- the flow through the columns -------------------------------------------------------


@dataclass
class Placed:
    block: Block
    page: int
    x: float
    top: float


class Overflow(Exception):
    def __init__(self, section: int, reason: str):
        super().__init__(reason)
        self.section = section


def _columns(pages: int, frame: Frame, raise_bottom: float = 0.0) -> list[tuple[int, float, float, float]]:
    """(page, x, top, bottom) of every column, in reading order; `raise_bottom` points
    of each column left empty (to balance a two-page summary)."""
    width, height = frame.column_width, frame.size[1]
    columns = []
    for page in range(pages):
        top = height - MARGIN - (HEADER_HEIGHT + 2 * MM if page == 0 else 0)
        for column in range(2):
            columns.append((page, MARGIN + column * (width + COLUMN_GAP), top, MARGIN + FOOTER_HEIGHT + raise_bottom))
    return columns


class Column:
    """A column being filled from its top down to its bottom."""

    def __init__(self, page: int, x: float, top: float, bottom: float):
        self.page, self.x, self.top, self.bottom = page, x, top, bottom
        self.y = top

    @property
    def empty(self) -> bool:
        return self.y == self.top

    def room(self, block: Block) -> float:
        """The height left for `block` below its space before."""
        return self.y - (0.0 if self.empty else block.space_before) - self.bottom

    def place(self, block: Block) -> Placed:
        top = self.y - (0.0 if self.empty else block.space_before)
        self.y = top - block.height
        return Placed(block, self.page, self.x, top)


def _needed(queue: list[tuple[int, Block]]) -> float:
    """The height the first block of `queue` needs in a column: a heading brings the
    start of the block after it."""
    block = queue[0][1]
    if block.keep_with_next and len(queue) > 1:
        after = queue[1][1]
        return block.height + after.space_before + after.least_height()
    return block.height


def flow(blocks: list[tuple[int, Block]], pages: int, frame: Frame, raise_bottom: float = 0.0) -> list[Placed]:
    """Place the blocks in the columns of `pages` pages; raise Overflow when they do not fit.
    Paragraphs break between columns with two lines or more on each side, headings stay
    with the start of their text, and an example that does not fit the rest of a column
    waits at the top of the next one while the text after it (of the next section at
    most) fills the column."""
    queue = list(blocks)
    waiting: list[tuple[int, Block]] = []
    placed: list[Placed] = []
    for column in (Column(*spec) for spec in _columns(pages, frame, raise_bottom)):
        if queue and queue[0][1].continued and not _place_first(column, queue, placed, frame):
            continue  # a paragraph ends before any example
        while waiting and waiting[0][1].height <= column.room(waiting[0][1]):
            placed.append(column.place(waiting.pop(0)[1]))
        if waiting and column.empty:
            raise Overflow(waiting[0][0], "a drawing is taller than a whole column")
        while queue:
            section, block = queue[0]
            if waiting and section > waiting[0][0] + 1:  # no further than the next section's text
                break
            if block.floats and (waiting or (_needed(queue) > column.room(block) and not column.empty)):
                waiting.append(queue.pop(0))  # examples keep their order
            elif not _place_first(column, queue, placed, frame):
                break
        if not queue and not waiting:
            return placed
    raise Overflow((waiting or queue)[0][0], f"it runs past page {pages}")


def _place_first(column: Column, queue: list[tuple[int, Block]], placed: list[Placed], frame: Frame) -> bool:
    """Place the first block of `queue` in `column`, or as much of it as fits; False when
    the column is full."""
    section, block = queue[0]
    if _needed(queue) <= column.room(block):
        placed.append(column.place(block))
        queue.pop(0)
        return True
    parts = block.split(frame.column_width, column.room(block))
    if parts:
        placed.append(column.place(parts[0]))
        queue[0] = (section, parts[1])
    elif column.empty:
        raise Overflow(section, "a drawing is taller than a whole column")
    return False


def summary_blocks(summary: RuleSummary, lang: str, frame: Frame) -> list[tuple[int, Block]]:
    register(REGULAR)
    register(BOLD)
    _check_glyphs(summary, lang)
    blocks: list[tuple[int, Block]] = []
    for index, section in enumerate(summary.sections):
        blocks.append((index, HeadingBlock(section.heading(lang))))
        for line in section.text(lang).splitlines():
            if not line.strip():
                continue
            bullet = line.startswith("- ")
            paragraph = _paragraph(line[2:] if bullet else line, "bullet" if bullet else "body", bullet)
            blocks.append((index, TextBlock(paragraph, 0.8 * MM if bullet else 1.3 * MM, splits=not bullet)))
        for example in summary.examples_of(section.id):
            block: Block = (
                TurnBlock(summary, example, lang)
                if isinstance(example, TurnExample)
                else TallyBlock(summary, example, lang)
            )
            blocks.append((index, block))
    width = frame.column_width
    for _, block in blocks:
        block.measure(width)
    return blocks


# A summary that needs both sides of the sheet is drawn larger, as large as fits.
TWO_PAGE_ZOOMS = (1.08, 1.04, 1.0)


@dataclass
class Layout:
    placed: list[Placed]
    pages: int
    frame: Frame


def layout_summary(summary: RuleSummary, lang: str, paper: str = "a4") -> Layout:
    """Where each block goes: one page if it fits, else both sides of one sheet."""
    size = paper_size(paper)
    frame = Frame(size)
    blocks = summary_blocks(summary, lang, frame)
    try:
        return Layout(flow(blocks, 1, frame), 1, frame)
    except Overflow as exc:
        problem = exc
    for zoom in TWO_PAGE_ZOOMS:
        frame = Frame(size, zoom)
        try:
            blocks = summary_blocks(summary, lang, frame)
        except InputError:
            if zoom == 1.0:
                raise
            continue  # a drawing too wide at this size: try smaller
        try:
            flow(blocks, MAX_PAGES, frame)
        except Overflow as exc:
            problem = exc
            continue
        return Layout(_balanced(blocks, MAX_PAGES, frame), MAX_PAGES, frame)
    section = summary.sections[problem.section]
    raise section.text.error(
        lang,
        f"the {lang} summary does not fit on both sides of one {paper} sheet: {problem} "
        f"at the section {section.id}; shorten the text",
    )


def _balanced(blocks: list[tuple[int, Block]], pages: int, frame: Frame) -> list[Placed]:
    """The flow with the columns as short as they can be: both sides of the sheet get
    their share of the text instead of a nearly empty back."""
    fits, fails = 0.0, _columns(pages, frame)[0][2] - MARGIN - FOOTER_HEIGHT
    while fails - fits > 2 * MM:
        middle = (fits + fails) / 2
        try:
            flow(blocks, pages, frame, middle)
            fits = middle
        except Overflow:
            fails = middle
    return flow(blocks, pages, frame, fits)


# --- the pages ---------------------------------------------------------------------


def draw_summary(summary: RuleSummary, lang: str = "en", paper: str = "a4") -> bytes:
    """A proved rule summary (cardgen.summaries) in `lang` on `paper` (a4 or letter), as PDF bytes."""
    check_lang(lang)
    layout = layout_summary(summary, lang, paper)
    frame = layout.frame
    title = summary.title(lang)
    canvas, buffer = new_canvas(
        frame.paper, "long" if layout.pages > 1 else None, f"{title} — {summary_words().kicker(lang)}"
    )
    page = Page(canvas, _painter(canvas, lang), lang, frame)
    for number in range(layout.pages):
        canvas.saveState()
        canvas.scale(frame.zoom, frame.zoom)
        if number == 0:
            _header(page, summary)
        for item in layout.placed:
            if item.page == number:
                item.block.draw(page, item.x, item.top)
        _footer(page, summary, number, layout.pages)
        canvas.restoreState()
        canvas.showPage()
    return finish(canvas, buffer)


def _painter(canvas, lang: str) -> CardPainter:
    return CardPainter(canvas, _card_style(), lang)


@cache
def _card_style():
    """The printed cards' style, read once for every summary of a run."""
    from cardgen.model.faces import load_face_style

    return load_face_style("standard")


def _check_glyphs(summary: RuleSummary, lang: str) -> None:
    every = "".join(
        [summary.title(lang)]
        + [s.heading(lang) + s.text(lang) for s in summary.sections]
        + [e.caption(lang) for e in summary.examples]
    )
    for font in (REGULAR, BOLD):
        require_glyphs(font, every, summary.source)


HEADER_CARDS = {"plus": (55, 105, 6), "jokers": (17, 116, 104), "classic": (1, 55, 104), "pro": (7, 22, 44)}


def _header(page: Page, summary: RuleSummary) -> None:
    canvas, lang = page.canvas, page.lang
    words = summary_words()
    width = page.size[0] - 2 * MARGIN
    top = page.size[1] - MARGIN
    canvas.setFillColor(ACCENT)
    canvas.roundRect(MARGIN, top - HEADER_HEIGHT, width, HEADER_HEIGHT, 3 * MM, stroke=0, fill=1)
    canvas.setFillColor(CREAM)
    canvas.setFont(BOLD, 22)
    canvas.drawString(MARGIN + 6 * MM, top - 9.8 * MM, summary.title(lang))
    canvas.setFont(REGULAR, 10.5)
    players = words.players(lang).format(min=summary.players.min, max=summary.players.max)
    canvas.drawString(MARGIN + 6 * MM, top - 15.4 * MM, f"{words.kicker(lang)}  ·  {players}")
    fan = HEADER_CARDS.get(summary.variant, (1, 55, 104))
    card_w = 9 * MM
    centre_x = MARGIN + width - 22 * MM
    for index, card in enumerate(fan):
        angle = (index - 1) * 12
        canvas.saveState()
        canvas.translate(centre_x, top - HEADER_HEIGHT - 6 * MM)
        canvas.rotate(-angle)
        canvas.translate(-card_w / 2, 6 * MM + 2.5 * MM)
        page.painter.front(model_card(card), 0, 0, card_w, card_w * 87 / 56, 0)
        canvas.restoreState()


def _footer(page: Page, summary: RuleSummary, number: int, pages: int) -> None:
    canvas, lang = page.canvas, page.lang
    canvas.setFont(REGULAR, 7)
    canvas.setFillColor(SOFT_INK)
    y = MARGIN
    canvas.drawString(MARGIN, y, f"{summary.title(lang)} · {summary_words().kicker(lang)}")
    if pages > 1:
        text = sheet_strings(lang)["page"].format(n=number + 1, total=pages)
        if number + 1 < pages:
            text = f"{summary_words().overleaf(lang)} · {text}"
        canvas.drawRightString(page.size[0] - MARGIN, y, text)
