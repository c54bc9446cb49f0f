"""The balance report on one page (A4 or Letter): the sentence, the table of measures, a
histogram of round scores and the win rates with their intervals (drawn with reportlab's
own chart library), the new cards, and how the test works. Same report, same bytes."""

from __future__ import annotations

import math

from reportlab.graphics import renderPDF
from reportlab.graphics.charts.barcharts import VerticalBarChart
from reportlab.graphics.charts.legends import Legend
from reportlab.graphics.shapes import Drawing, Line
from reportlab.lib.colors import Color, HexColor
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfgen.canvas import Canvas

from cardgen.balance import BalanceReport
from cardgen.balance.stats import LEVEL
from cardgen.balance.words import WORDS, kind_name, measure_row, new_card_rows, percent, sentence, variant_name
from cardgen.formats import MM
from cardgen.model.layout import paper_size
from cardgen.render.palette import ACCENT, BOLD, INK, LINE, MIN_TEXT_SIZE, REGULAR, SOFT_INK
from cardgen.render.paragraphs import text_paragraph
from cardgen.render.pdf import finish, new_document

MARGIN = 15.0  # mm
STANDARD_COLOUR = HexColor("#9aa7b0")
CUSTOM_COLOUR = FINDING = ACCENT
ROW = 4.3  # mm, a line of the tables
TABLE_ROOM = 80.0  # mm the table of measures may take: its rows shrink to fit (10 seats, 2 kinds: 27 rows)
MOST_BINS = 20  # bars of the histogram per deck
CHART_HEIGHTS = (40.0, 62.0)  # mm, the least and the most: the charts take the room left


def balance_pdf(report: BalanceReport, lang: str, paper: str = "a4") -> bytes:
    size = paper_size(paper)
    canvas, buffer = new_document("balance", size, None, WORDS.title(lang), lang, report.options.variant)
    width = size[0] - 2 * MARGIN
    top = size[1] - MARGIN
    top = _heading(canvas, report, lang, top, width)
    top = _measures(canvas, report, lang, top, width)
    chart_width = (width - 8) / 2
    titles = [WORDS.scores_chart(lang), WORDS.wins_chart(lang)]
    lefts = [MARGIN, MARGIN + chart_width + 8]
    top = min(_paragraph(canvas, t, x, top, chart_width, _style(7.5, BOLD)) for t, x in zip(titles, lefts)) - 1
    foot = MARGIN + _method(canvas, report, lang, width) + 6
    least, most = CHART_HEIGHTS
    shown = _cards_shown(report, top - least - 4 - foot)
    height = max(least, min(most, top - foot - _new_cards_height(report, shown)))
    _draw(canvas, _score_chart(report, lang, chart_width, height), lefts[0], top)
    _draw(canvas, _win_chart(report, lang, chart_width, height), lefts[1], top)
    _new_cards(canvas, report, lang, top - height - 4, width, shown)
    canvas.showPage()
    return finish(canvas, buffer)


def _paragraph(canvas: Canvas, text: str, x: float, top: float, width: float, style: ParagraphStyle) -> float:
    """Draw `text` wrapped to `width` mm below `top`; return the top of what follows, in mm."""
    paragraph = text_paragraph(text, style)
    _, height = paragraph.wrap(width * MM, 1000 * MM)
    paragraph.drawOn(canvas, x * MM, top * MM - height)
    return top - height / MM


def _style(size: float, font: str = REGULAR, colour: Color = INK) -> ParagraphStyle:
    return ParagraphStyle(font + str(size), fontName=font, fontSize=size, leading=size * 1.25, textColor=colour)


def _heading(canvas: Canvas, report: BalanceReport, lang: str, top: float, width: float) -> float:
    top = _paragraph(canvas, WORDS.title(lang), MARGIN, top, width, _style(17, BOLD))
    kinds = ", ".join(f"{kind_name(kind, lang)} ×{report.kinds.count(kind)}" for kind in dict.fromkeys(report.kinds))
    games, first = report.standard.games, report.seed
    fill = {"variant": variant_name(report, lang), "players": len(report.kinds), "kinds": kinds}
    subtitle = WORDS.subtitle(lang).format(**fill, games=games, first=first, last=first + games - 1)
    top = _paragraph(canvas, subtitle, MARGIN, top - 1.5, width, _style(9, colour=SOFT_INK))
    if report.set_names:
        sets = WORDS.your_cards(lang).format(sets=", ".join(report.set_names))
        top = _paragraph(canvas, sets, MARGIN, top - 0.5, width, _style(9, colour=SOFT_INK))
    top = _paragraph(canvas, WORDS.values_only(lang), MARGIN, top - 1.5, width, _style(9))
    return _paragraph(canvas, sentence(report, lang), MARGIN, top - 4, width, _style(12, BOLD, CUSTOM_COLOUR)) - 4


def _measures(canvas: Canvas, report: BalanceReport, lang: str, top: float, width: float) -> float:
    """measure | standard deck | your cards | difference | verdict, one row per measure."""
    columns = [0.0, 0.34, 0.52, 0.70, 0.84]
    headings = [WORDS.measure, WORDS.standard, WORDS.custom, WORDS.difference, WORDS.verdict]
    row = min(ROW, TABLE_ROOM / (len(report.differences) + 1))
    size = max(MIN_TEXT_SIZE, 7.5 * row / ROW)  # 27 rows of 2.9 mm take 6 pt
    canvas.setFont(BOLD, size + 0.5)
    canvas.setFillColor(INK)
    for column, heading in zip(columns, headings):
        canvas.drawString((MARGIN + column * width) * MM, (top - 0.75 * row) * MM, heading(lang))
    top -= row
    canvas.setStrokeColor(LINE)
    canvas.setLineWidth(0.5)
    canvas.line(MARGIN * MM, (top + 0.3) * MM, (MARGIN + width) * MM, (top + 0.3) * MM)
    for difference in report.differences:
        cells = measure_row(report, difference, lang)
        canvas.setFillColor(FINDING if difference.significant else INK)
        for index, (column, cell) in enumerate(zip(columns, cells)):
            canvas.setFont(BOLD if difference.significant and index >= 3 else REGULAR, size)
            canvas.drawString((MARGIN + column * width) * MM, (top - 0.75 * row) * MM, cell)
        top -= row
    return top - 4


def _draw(canvas: Canvas, drawing: Drawing, x: float, top: float) -> None:
    renderPDF.draw(drawing, canvas, x * MM, top * MM - drawing.height)


def _chart(width: float, height: float, categories: list[str], data: list[list[float]], lang: str):
    """A drawing `width` × `height` mm with a bar chart of the two decks, and its chart."""
    # its own font from the start: reportlab's default, Helvetica, is a font the PDF would not embed
    drawing = Drawing(width * MM, height * MM, initialFontName=REGULAR)
    chart = VerticalBarChart()
    # whole points, as reportlab's stubs type them
    chart.x, chart.y = round(10 * MM), round(15 * MM)
    chart.width, chart.height = round((width - 12) * MM), round((height - 17) * MM)
    chart.data = data
    chart.categoryAxis.categoryNames = categories
    chart.barSpacing = 1
    chart.groupSpacing = 2
    for index, colour in enumerate((STANDARD_COLOUR, CUSTOM_COLOUR)):
        chart.bars[index].fillColor = colour
        chart.bars[index].strokeColor = None
    for axis in (chart.categoryAxis, chart.valueAxis):
        axis.labels.fontName = REGULAR
        axis.labels.fontSize = 6
        axis.strokeColor = SOFT_INK
    chart.categoryAxis.labels.angle = 90 if len(categories) > 10 else 0
    chart.categoryAxis.labels.boxAnchor = "e" if len(categories) > 10 else "n"
    chart.valueAxis.valueMin = 0
    chart.valueAxis.labelTextFormat = lambda value: percent(value / 100, lang, 0)
    drawing.add(chart)
    legend = Legend()
    legend.x, legend.y = round(10 * MM), round(3 * MM)
    legend.fontName, legend.fontSize = REGULAR, 6.5
    legend.alignment = "right"
    legend.columnMaximum = 1
    legend.dx = legend.dy = 6
    legend.deltax = round((width - 12) * MM / 2)
    legend.colorNamePairs = [(STANDARD_COLOUR, WORDS.standard(lang)), (CUSTOM_COLOUR, WORDS.custom(lang))]
    drawing.add(legend)
    return drawing, chart


def _score_chart(report: BalanceReport, lang: str, width: float, height: float) -> Drawing:
    """The share of player-rounds (%) by round score, in bins of equal width."""
    highest = max([*report.standard.round_scores, *report.custom.round_scores, 0])
    step = max(1, math.ceil((highest + 1) / MOST_BINS))
    bins = range(0, highest + 1, step)
    categories = [str(low) if step == 1 else f"{low}–{low + step - 1}" for low in bins]
    data = [_binned(side.round_scores, bins, step) for side in (report.standard, report.custom)]
    drawing, _ = _chart(width, height, categories, data, lang)
    return drawing


def _binned(scores: dict[int, int], bins: range, step: int) -> list[float]:
    rounds = sum(scores.values()) or 1
    return [100 * sum(scores.get(score, 0) for score in range(low, low + step)) / rounds for low in bins]


def _win_chart(report: BalanceReport, lang: str, width: float, height: float) -> Drawing:
    """Win rates (%) by seat, each with its 95 % interval as a line across the bar."""
    sides = (report.standard, report.custom)
    seats = range(len(report.kinds))
    categories = [str(seat + 1) for seat in seats]
    data = [[100 * side.win_rates[seat].value for seat in seats] for side in sides]
    drawing, chart = _chart(width, height, categories, data, lang)
    chart.valueAxis.valueMax = min(
        100, 10 * math.ceil(max(100 * i.high for s in sides for i in s.win_rates) / 10 + 0.01)
    )
    chart.draw()  # lays the bars out: _barPositions[series][category] = (x, y, width, height)
    for index, side in enumerate(sides):
        for seat in seats:
            interval = side.win_rates[seat]
            x, _, bar, _ = chart._barPositions[index][seat]
            x += bar / 2
            low, high = chart.valueAxis.scale(100 * interval.low), chart.valueAxis.scale(100 * interval.high)
            drawing.add(Line(x, low, x, high, strokeColor=INK, strokeWidth=0.6))
            for y in (low, high):
                drawing.add(Line(x - 1.5, y, x + 1.5, y, strokeColor=INK, strokeWidth=0.6))
    return drawing


def _cards_shown(report: BalanceReport, room: float) -> int:
    """How many new cards get a line: every one when the `room` (mm) holds them all,
    else as many as leave a line to say how many more there are."""
    count = len(report.new_cards)
    if _new_cards_height(report, count) <= room:
        return count
    return max(0, math.floor((room - 5) / ROW) - 2)


def _new_cards_height(report: BalanceReport, shown: int) -> float:
    """The room the new cards take, in mm: the heading, then a line per card shown (and
    a line saying how many more), or the line saying there are none."""
    if not report.new_cards:
        return 5 + 2 * ROW
    return 5 + (shown + 1 + (len(report.new_cards) > shown)) * ROW


def _new_cards(canvas: Canvas, report: BalanceReport, lang: str, top: float, width: float, shown: int) -> float:
    top = _paragraph(canvas, WORDS.new_cards(lang), MARGIN, top, width, _style(9, BOLD)) - 1
    if not report.new_cards:
        return _paragraph(canvas, WORDS.no_new_cards(lang), MARGIN, top, width, _style(8)) - 3
    columns = [0.0, 0.12, 0.32, 0.6]
    headings = [WORDS.card(lang), WORDS.heads(lang), WORDS.in_pile(lang), WORDS.haul(lang)]
    canvas.setFont(BOLD, 7.5)
    canvas.setFillColor(INK)
    for column, heading in zip(columns, headings):
        canvas.drawString((MARGIN + column * width) * MM, (top - 3.2) * MM, heading)
    top -= ROW
    canvas.setFont(REGULAR, 7.5)
    for cells in new_card_rows(report, lang)[:shown]:
        for column, cell in zip(columns, cells):
            canvas.drawString((MARGIN + column * width) * MM, (top - 3.2) * MM, cell)
        top -= ROW
    left = len(report.new_cards) - shown
    if left > 0:
        canvas.drawString(MARGIN * MM, (top - 3.2) * MM, WORDS.more_cards(lang).format(count=left))
        top -= ROW
    return top - 3


def _method(canvas: Canvas, report: BalanceReport, lang: str, width: float) -> float:
    """The paragraph on how the test works, at the foot of the page; its height in mm."""
    count = len(report.differences)
    level = 1 - (1 - LEVEL) / count
    text = WORDS.method(lang).format(seed=report.seed, count=count, level=percent(level, lang, 2))
    paragraph = text_paragraph(text, _style(6.5, colour=SOFT_INK))
    _, height = paragraph.wrap(width * MM, 1000 * MM)
    paragraph.drawOn(canvas, MARGIN * MM, MARGIN * MM)
    return height / MM
