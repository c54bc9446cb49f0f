"""The illustrated examples of a rule summary: a turn (rows before and after as small
cards in the printed cards' style, the cards played and collected, as the rules engine
plays them) and a tally of round scores."""

from __future__ import annotations

from dataclasses import dataclass, field

from reportlab.lib.colors import HexColor
from reportlab.pdfbase.pdfmetrics import stringWidth

from cardgen.engine import STANDARD_HEADS
from cardgen.model.rules import RuleSummary, TallyExample, TurnExample, joker_worth, score_texts, summary_words
from cardgen.render.faces import draw_art
from cardgen.render.palette import ACCENT, BOLD, INK, REGULAR, SOFT_INK
from cardgen.render.summary.blocks import (
    CAPTION_LEADING,
    CAPTION_SIZE,
    CARD_GAP,
    CARD_H,
    CARD_W,
    CREAM,
    EXAMPLE_FILL,
    EXAMPLE_LINE,
    LABEL_SIZE,
    LINE_GAP,
    MM,
    NEW_CARD,
    PAD,
    ROW_GAP,
    Block,
    Page,
    card_text,
    model_card,
    paragraph,
    shown_value,
)
from cardgen.texts import plural_category


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
            draw_art(canvas, "bull", x + 1.7 * MM, baseline + 1.2 * MM, 3.4 * MM)


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
        self.caption = paragraph(example.caption(lang), "caption")

    def _measure_caption(self, width: float) -> float:
        """Keeps the block's width and the caption's height; the width inside the frame."""
        self.width = width
        inner = width - 2 * PAD
        self.caption_height = self.caption.wrap(inner, 10_000)[1]
        return inner

    def _too_wide(self, drawing: str) -> Exception:
        return self.summary.error(
            ("examples", self.summary.examples.index(self.example)),
            f"example {self.example.id}: its {drawing} is wider than a column",
        )

    def _frame(self, page: Page, x: float, top: float) -> tuple[float, float]:
        """The frame and the caption; where what follows the caption starts (x, top)."""
        canvas = page.canvas
        canvas.setFillColor(EXAMPLE_FILL)
        canvas.setStrokeColor(EXAMPLE_LINE)
        canvas.setLineWidth(0.7)
        canvas.roundRect(x, top - self.height, self.width, self.height, 2.2 * MM, stroke=1, fill=1)
        canvas.setFillColor(ACCENT)
        canvas.rect(x, top - self.height + 2.2 * MM, 1.1 * MM, self.height - 4.4 * MM, stroke=0, fill=1)
        inner_x = x + PAD + 0.6 * MM
        y = top - PAD
        self.caption.drawOn(canvas, inner_x, y - self.caption_height)
        return inner_x, y - (self.caption_height + 2 * MM)


class TurnBlock(ExampleBlock):
    """Rows before → after, the cards played and the cards collected."""

    def __init__(self, summary: RuleSummary, example: TurnExample, lang: str):
        super().__init__(summary, example, lang)
        self.outcome = summary.turn_outcome(example.id)

    def measure(self, width: float) -> float:
        inner = self._measure_caption(width)
        words = summary_words()
        lang = self.lang
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
            raise self._too_wide("drawing")
        line = CARD_H + LINE_GAP
        above = 2 * PAD + self.caption_height + 2 * MM + len(self.played_lines) * line + 1.2 * MM
        below = len(self.collected_lines) * line if self.collected_lines else CAPTION_LEADING
        self.height = above + self.panels_height + 2.2 * MM + len(self.notes) * CAPTION_LEADING + below
        return self.height

    def _notes(self) -> list[str]:
        """The worth of every joker appended in the rows after the turn (0.4 after 17: 17.4)."""
        words = summary_words()
        notes = []
        for row in self.outcome.after:
            for place, card in enumerate(row):
                worth = joker_worth(row, place)
                if worth is not None:
                    shown = {"card": card_text(card, self.lang), "value": shown_value(worth, self.lang)}
                    notes.append(words.worth(self.lang).format(**shown))
        return notes

    def draw(self, page: Page, x: float, top: float) -> None:
        inner_x, y = self._frame(page, x, top)
        canvas, lang, words = page.canvas, self.lang, summary_words()
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
        for label, left, rows, mark in (
            (words.before(self.lang), x, self.outcome.before, set()),
            (words.after(self.lang), x + self.panel_width + 9 * MM, self.outcome.after, new),
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
        for dx, dy in ((3.4, 1.2), (3.4, 2.6), (5.8, 0.0), (3.4, -2.6), (3.4, -1.2), (0.0, -1.2)):
            path.lineTo(arrow_x + dx * MM, mid + dy * MM)
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
        inner = self._measure_caption(width)
        labels = score_texts().labels
        lang = self.lang
        names = list(self.example.scores)
        rounds = len(self.example.scores[names[0]])
        self.row_labels = [f"{labels.round(lang)} {n}" for n in range(1, rounds + 1)] + [labels.total(lang)]
        first = max(stringWidth(text, BOLD, LABEL_SIZE) for text in self.row_labels) + 3 * MM
        player = max(stringWidth(name, BOLD, LABEL_SIZE) for name in names) + 5 * MM
        self.columns = [first] + [max(player, 12 * MM)] * len(names)
        if sum(self.columns) > inner:
            raise self._too_wide("table")
        self.height = (
            2 * PAD + self.caption_height + 2 * MM + (len(self.row_labels) + 1) * self.ROW + 1.6 * MM + CAPTION_LEADING
        )
        return self.height

    def draw(self, page: Page, x: float, top: float) -> None:
        inner_x, y = self._frame(page, x, top)
        canvas, lang, words = page.canvas, self.lang, summary_words()
        outcome = self.outcome
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
