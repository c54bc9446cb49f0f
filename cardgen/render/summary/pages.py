"""A rule summary's pages: its blocks laid out on one page or both sides of a sheet,
with header and footer, as PDF bytes."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from cardgen.errors import InputError
from cardgen.messages import Message
from cardgen.model.faces import load_face_style
from cardgen.model.layout import paper_size
from cardgen.model.rules import RuleSummary, TurnExample, summary_words
from cardgen.render.faces import CardPainter
from cardgen.render.fonts import register, require_glyphs
from cardgen.render.palette import ACCENT, BOLD, MIN_TEXT_SIZE, REGULAR, SOFT_INK
from cardgen.render.pdf import finish, new_document, sides_flip
from cardgen.render.summary.blocks import (
    CREAM,
    FOOTER_HEIGHT,
    HEADER_HEIGHT,
    MARGIN,
    MAX_PAGES,
    MM,
    Block,
    Frame,
    HeadingBlock,
    Page,
    TextBlock,
    model_card,
    paragraph,
)
from cardgen.render.summary.examples import TallyBlock, TurnBlock
from cardgen.render.summary.flow import Overflow, Placed, columns, flow
from cardgen.texts import DEFAULT_LANG, check_lang, sheet_strings


def summary_blocks(summary: RuleSummary, lang: str, frame: Frame) -> list[tuple[int, Block]]:
    register(REGULAR)
    register(BOLD)
    _check_glyphs(summary, lang)
    blocks: list[tuple[int, Block]] = []
    for index, section in enumerate(summary.sections):
        blocks.append((index, HeadingBlock(section.heading(lang))))
        lines = [line for line in section.text(lang).splitlines() if line.strip()]
        for number, line in enumerate(lines):
            item = line.startswith("- ")
            # a list has two items or more: a lone one is set apart, indented, with no bullet
            neighbours = lines[number - 1 : number] + lines[number + 1 : number + 2]  # [-1:0] is none
            bullet = item and any(other.startswith("- ") for other in neighbours)
            text = paragraph(line[2:] if item else line, "bullet" if bullet else "aside" if item else "body", bullet)
            blocks.append((index, TextBlock(text, 0.8 * MM if item else 1.3 * MM, splits=not bullet)))
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
    said = Message("summary.does_not_fit", lang=lang, paper=paper, reason=problem.reason, section=section.id)
    raise section.text.error(lang, said)


def _balanced(blocks: list[tuple[int, Block]], pages: int, frame: Frame) -> list[Placed]:
    """The flow with the columns as short as they can be: both sides of the sheet get
    their share of the text instead of a nearly empty back."""
    fits, fails = 0.0, columns(pages, frame)[0][2] - MARGIN - FOOTER_HEIGHT
    while fails - fits > 2 * MM:
        middle = (fits + fails) / 2
        try:
            flow(blocks, pages, frame, middle)
            fits = middle
        except Overflow:
            fails = middle
    return flow(blocks, pages, frame, fits)


# --- the pages ---------------------------------------------------------------------


def draw_summary(summary: RuleSummary, lang: str = DEFAULT_LANG, paper: str = "a4", flip: str = "long") -> bytes:
    """A proved rule summary (cardgen.summaries) in `lang` on `paper` (a4 or letter), as PDF
    bytes; two pages ask for the printer to turn the sheet on its `flip` edge."""
    check_lang(lang)
    layout = layout_summary(summary, lang, paper)
    frame = layout.frame
    title = f"{summary.title(lang)} — {summary_words().kicker(lang)}"
    canvas, buffer = new_document("rules", frame.paper, sides_flip(layout.pages, flip), title, lang, summary.variant)
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
    """The painter of the cards in the examples and the header, pictures of cards at a few mm:
    their corner numbers, a speck at that size, are left out rather than printed under 6 pt."""
    return CardPainter(canvas, _card_style(), lang, least_text=MIN_TEXT_SIZE)


@cache
def _card_style():
    """The printed cards' style, read once for every summary of a run."""
    return load_face_style("standard")


def _check_glyphs(summary: RuleSummary, lang: str) -> None:
    every = "".join(
        [summary.title(lang)]
        + [s.heading(lang) + s.text(lang) for s in summary.sections]
        + [e.caption(lang) for e in summary.examples]
    )
    for font in (REGULAR, BOLD):
        require_glyphs(font, every, summary.source)


def _header(page: Page, summary: RuleSummary) -> None:
    canvas, lang = page.canvas, page.lang
    words = summary_words()
    width = page.size[0] - 2 * MARGIN
    top = page.size[1] - MARGIN
    canvas.setFillColor(ACCENT)
    canvas.roundRect(MARGIN, top - HEADER_HEIGHT, width, HEADER_HEIGHT, 3 * MM, stroke=0, fill=1)
    canvas.setFillColor(CREAM)
    canvas.setFont(BOLD, 20)
    canvas.drawString(MARGIN + 6 * MM, top - 8.4 * MM, summary.title(lang))
    canvas.setFont(REGULAR, 10.5)
    players = words.players(lang).format(min=summary.players.min, max=summary.players.max)
    canvas.drawString(MARGIN + 6 * MM, top - 13.0 * MM, f"{words.kicker(lang)}  ·  {players}")
    fan = summary.fan
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
