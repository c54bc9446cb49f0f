"""The illustrated examples of a rule summary: a turn (rows before and after as small
cards in the printed cards' style, the cards played and collected, as the rules engine
plays them) and a tally of round scores."""

from __future__ import annotations

from dataclasses import dataclass, field

from reportlab.lib.colors import HexColor
from reportlab.pdfbase.pdfmetrics import stringWidth

from cardgen.engine import STANDARD_HEADS
from cardgen.messages import Message
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
    space_before = 2.0 * MM

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
        """`drawing`: "drawing" or "table"."""
        return self.summary.error(
            ("examples", self.summary.examples.index(self.example)),
            Message(f"summary.{drawing}_too_wide", id=self.example.id),
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
        self.inner = inner
        self.panel_widths = [
            max(_panel_width(rows), 3.2 * MM + stringWidth(label, BOLD, LABEL_SIZE))
            for rows, label in ((self.outcome.before, words.before(lang)), (self.outcome.after, words.after(lang)))
        ]
        self.panels_height = LABEL_SIZE * 1.3 + 4 * CARD_H + 3 * ROW_GAP
        plays = [Chip(name, list(cards)) for name, cards in self.outcome.plays.items()]
        collected = [
            Chip(words.collects(lang).format(name=name), cards, heads=sum(STANDARD_HEADS[c] for c in cards))
            for name, cards in self.outcome.collected.items()
        ]
        # Between the rows before and after, when they fit there: the cards played, one
        # player a row, then the arrow, then who collects what (or that nobody does).
        # What does not fit stands on lines of its own above and below the rows.
        self.collected_chips = collected
        label = stringWidth(_heading_word(words.played(lang)), BOLD, LABEL_SIZE)
        self.middle = plays if self._fits_between(plays, label, 0.0) else []
        nobody_width = stringWidth(words.nobody_collects(lang), REGULAR, LABEL_SIZE) + 2 * MM  # clear of the rows
        nobody = (0.0, 0.0) if collected else (nobody_width, CAPTION_LEADING)
        self.middle_result = bool(self.middle) and self._fits_between(plays + collected, *nobody)
        played = [] if self.middle else [Chip(words.played(lang), bold=True)] + plays
        self.played_lines = _chip_lines(played, inner, lang) if played else []
        self.collected_lines = _chip_lines(collected, inner, lang) if collected and not self.middle_result else []
        self.notes = self._notes()
        if sum(self.panel_widths) + 9 * MM > inner or any(
            sum(c.width(lang) for c in line) > inner for line in self.collected_lines + self.played_lines
        ):
            raise self._too_wide("drawing")
        line = CARD_H + LINE_GAP
        above = 2 * PAD + self.caption_height + 1.5 * MM + len(self.played_lines) * line + 1.2 * MM
        below = len(self.collected_lines) * line if collected else CAPTION_LEADING
        if self.middle_result:
            below = 0.0
        notes = len(self.notes) * CAPTION_LEADING
        self.height = above + self.panels_height + (1.6 * MM if below or notes else 0.6 * MM) + notes + below
        return self.height

    def _between(self) -> float:
        """The width between the rows before and the rows after."""
        return self.inner - 1.2 * MM - sum(self.panel_widths)

    def _fits_between(self, chips: list[Chip], text_width: float, text_height: float) -> bool:
        """Whether `chips`, one a row, the arrow and a line of text `text_width` wide and
        `text_height` high fit between the panels."""
        widest = max([text_width] + [chip.width(self.lang) for chip in chips])
        height = len(chips) * (CARD_H + ROW_GAP) + ARROW_HEIGHT + text_height
        return widest <= self._between() - 2 * MM and height <= 4 * CARD_H + 3 * ROW_GAP

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
        if not self.outcome.collected and not self.middle_result:
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
        before_width, after_width = self.panel_widths
        after_x = (
            x + self.inner - 1.2 * MM - after_width
            if self.middle
            else x + max(before_width, _panel_width([[0] * 5])) + 9 * MM
        )
        row_top = top - LABEL_SIZE * 1.3
        for label, left, rows, mark in (
            (words.before(self.lang), x, self.outcome.before, set()),
            (words.after(self.lang), after_x, self.outcome.after, new),
        ):
            canvas.setFillColor(SOFT_INK)
            canvas.setFont(BOLD, LABEL_SIZE)
            canvas.drawString(left + 3.2 * MM, top - LABEL_SIZE, label)
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
        between = x + before_width
        centre = (between + after_x) / 2
        mid = row_top - 2 * CARD_H - 1.5 * ROW_GAP
        if self.middle:
            canvas.setFillColor(SOFT_INK)
            canvas.setFont(BOLD, LABEL_SIZE)
            canvas.drawCentredString(centre, top - LABEL_SIZE, _heading_word(words.played(self.lang)))
            for number, chip in enumerate(self.middle, 1):
                chip.draw(page, centre - chip.width(self.lang) / 2, row_top - number * CARD_H - (number - 1) * ROW_GAP)
            below = row_top - len(self.middle) * (CARD_H + ROW_GAP)
            bottom = row_top - 4 * CARD_H - 3 * ROW_GAP
            if self.middle_result:
                bottom = self._result_between(page, centre, bottom)
            mid = (below + bottom) / 2
        _arrow(canvas, centre - ARROW_WIDTH / 2, mid)

    def _result_between(self, page: Page, centre: float, bottom: float) -> float:
        """Who collects what, centred above `bottom` between the panels; returns its top."""
        canvas, chips = page.canvas, self.collected_chips
        if not chips:
            canvas.setFillColor(INK)
            canvas.setFont(REGULAR, LABEL_SIZE)
            canvas.drawCentredString(centre, bottom + 0.8 * MM, summary_words().nobody_collects(self.lang))
            return bottom + CAPTION_LEADING
        for chip in reversed(chips):
            chip.draw(page, centre - chip.width(self.lang) / 2, bottom)
            bottom += CARD_H + ROW_GAP
        return bottom


ARROW_WIDTH, ARROW_HEIGHT = 5.8 * MM, 5.2 * MM


def _panel_width(rows) -> float:
    """The width of a panel of rows: the row numbers and the longest row's cards."""
    longest = max(len(row) for row in rows)
    return 3.2 * MM + longest * CARD_W + (longest - 1) * CARD_GAP


def _heading_word(label: str) -> str:
    """A label as a column's heading: "Played:" is "Played" over the cards."""
    return label.rstrip(":\u00a0 ")


def _arrow(canvas, left: float, mid: float) -> None:
    """The arrow from the rows before to the rows after, its tail at `left`, its axis at `mid`."""
    canvas.setFillColor(ACCENT)
    path = canvas.beginPath()
    path.moveTo(left, mid + 1.2 * MM)
    for dx, dy in ((3.4, 1.2), (3.4, 2.6), (5.8, 0.0), (3.4, -2.6), (3.4, -1.2), (0.0, -1.2)):
        path.lineTo(left + dx * MM, mid + dy * MM)
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
