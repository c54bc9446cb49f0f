"""Score sheets: a column per player (the points of the round and the running total),
a row per round, the end-of-game rule printed below. As many sheets a page (A4 or
Letter) as fit, one above the other, with cut lines between them (a short table of two
or three rounds: three or four); one page per player count.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from reportlab.lib.colors import HexColor
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import stringWidth

from cardgen.engine import OptionError, Options
from cardgen.errors import InputError
from cardgen.formats import MM
from cardgen.messages import Message
from cardgen.model.layout import paper_size
from cardgen.model.rules import score_texts, summary_variants
from cardgen.render.fonts import draw_fitted, register, require_glyphs
from cardgen.render.palette import ACCENT, BOLD, INK, LINE, REGULAR, SOFT_INK
from cardgen.render.paragraphs import Paragraph, text_paragraph
from cardgen.render.pdf import finish, new_document, sides_flip
from cardgen.texts import DEFAULT_LANG, check_lang, locale_file

MARGIN = 9.0  # mm, inside each half page
TITLE_HEIGHT = 9.0  # the title line above the table
RULE_GAP = 2.5  # between the table and the rule below it
ROW_HEIGHT = 8.5  # mm: room to write by hand
MIN_ROW_HEIGHT = 8.0  # rows may shrink this far to fit one more sheet a page
NAME_HEIGHT = 10.0
SUBHEAD_HEIGHT = 5.0
ROUND_COLUMN = 16.0
MAX_PLAYER_COLUMN = 38.0
# Games to 66 last 3 to 8 rounds in the engine's simulations (95 % within 7, any
# player count); ten rows leave room for long, careful games.
THRESHOLD_ROUNDS = 10

CREAM = HexColor("#f6ecdc")
TOTAL_FILL = HexColor("#fbf3e6")


@dataclass(frozen=True)
class SheetPlan:
    variant: str
    players: int
    rounds: int
    limit: int | None  # the end-of-game threshold, None for a fixed number of rounds


def player_range(variant: str) -> tuple[int, int]:
    """The player counts a score sheet is made for: every count the variant allows with
    some option (Pro's max_players, for one, takes it up to 10)."""
    return _widest_options(variant).player_limits()


def _widest_options(variant: str) -> Options:
    known = summary_variants()
    if variant not in known:
        raise InputError(Message("rules.no_such_variant", variant=variant, variants=known))
    return Options(variant, max_players=10) if "max_players" in Options(variant).rules.takes else Options(variant)


def kit_variants() -> list[str]:
    """The score sheets of a kit: one per way a game ends (on a threshold, after a number of
    rounds), of the first variant that ends that way."""
    firsts: dict[bool, str] = {}
    for variant in summary_variants():
        firsts.setdefault(Options(variant).rules.threshold is None, variant)
    return list(firsts.values())


def plan(variant: str, players: int) -> SheetPlan:
    low, high = player_range(variant)
    if not low <= players <= high:
        raise InputError(
            Message("sheet.players_range", variant=Options(variant).words, low=low, high=high, players=players)
        )
    options = _widest_options(variant)
    try:
        options.check_players(players)
    except OptionError as exc:
        raise InputError(Message("input.sentence", clause=exc.message)) from None
    fixed = options.rounds_to_play(players)
    if fixed is not None:
        return SheetPlan(variant, players, fixed, None)
    return SheetPlan(variant, players, THRESHOLD_ROUNDS, options.end_threshold)


def score_sheet_pdf(
    variant: str,
    lang: str = DEFAULT_LANG,
    players: int | None = None,
    paper: str = "a4",
    flip: str = "long",
    copies: int = 1,
) -> bytes:
    """Score sheets of `variant` in `lang` on `paper` (a4 or letter): one page for
    `players`, or a page per player count, printed on both sides turning on the `flip`
    edge; as many sheets a page as fit, and at least `copies` sheets of each count."""
    check_lang(lang)
    size = paper_size(paper)
    low, high = player_range(variant)
    counts = [players] if players is not None else list(range(low, high + 1))
    register(REGULAR)
    register(BOLD)
    _check_glyphs(variant, lang)
    pages = []
    for sheet in (plan(variant, count) for count in counts):
        count, row_height = sheets_per_page(sheet, lang, size)
        pages += [(sheet, count, row_height)] * math.ceil(copies / count)
    title = score_texts().title(variant)(lang)
    canvas, buffer = new_document("score", size, sides_flip(len(pages), flip), title, lang, variant)
    for sheet, count, row_height in pages:
        height = size[1] / count
        for part in reversed(range(count)):  # the upper sheet first
            _sheet(canvas, sheet, lang, size, part * height, height, row_height)
        for part in range(1, count):
            _cut_line(canvas, lang, size[0], part * height)
        canvas.showPage()
    return finish(canvas, buffer)


def sheets_per_page(sheet: SheetPlan, lang: str, paper: tuple[float, float]) -> tuple[int, float]:
    """How many sheets go on a page and the height of their rows (mm): as many, one above
    the other, as fit with rows of at least MIN_ROW_HEIGHT (no paper left blank that could
    hold another), their rows ROW_HEIGHT where they have room; else one with rows of
    ROW_HEIGHT; an error when not even one fits."""
    fixed = _sheet_height(sheet, lang, paper, 0.0)
    count = int(paper[1] // (fixed + sheet.rounds * MIN_ROW_HEIGHT))
    if count >= 2:
        return count, min(ROW_HEIGHT, (paper[1] / count - fixed) / sheet.rounds)
    needed = fixed + sheet.rounds * ROW_HEIGHT
    if needed > paper[1]:
        said = Message("sheet.too_long", lang=lang, players=sheet.players, needed=round(needed), page=paper[1])
        raise InputError(Message("input.in_file", file=locale_file("score", lang).doc.file, problem=said))
    return 1, ROW_HEIGHT


def _table_span(sheet: SheetPlan, paper: tuple[float, float]) -> tuple[float, float]:
    """The table's left edge and the width of a player's column, in mm, centred on the page."""
    player_width = min(MAX_PLAYER_COLUMN, (paper[0] - 2 * MARGIN - ROUND_COLUMN) / sheet.players)
    return (paper[0] - ROUND_COLUMN - player_width * sheet.players) / 2, player_width


def _rule(sheet: SheetPlan, lang: str, width: float) -> tuple[Paragraph, float]:
    """The end-of-game rule wrapped to `width` mm, and its height in mm."""
    style = ParagraphStyle("rule", fontName=REGULAR, fontSize=8.5, leading=10.5, textColor=INK)
    rule = text_paragraph(score_texts().rules(sheet.variant)(lang).format(limit=sheet.limit or ""), style)
    _, height = rule.wrap(width * MM, 1000 * MM)
    return rule, height / MM


def _sheet_height(sheet: SheetPlan, lang: str, paper: tuple[float, float], row_height: float) -> float:
    """The height one sheet needs with rows `row_height` high, its margins included, in mm."""
    _, player_width = _table_span(sheet, paper)
    rule_height = _rule(sheet, lang, ROUND_COLUMN + player_width * sheet.players)[1]
    table = NAME_HEIGHT + SUBHEAD_HEIGHT + sheet.rounds * row_height
    return 2 * MARGIN + TITLE_HEIGHT + table + RULE_GAP + rule_height


def _check_glyphs(variant: str, lang: str) -> None:
    texts = score_texts()
    labels = texts.labels
    every = (
        texts.title(variant)(lang)
        + texts.rules(variant)(lang)
        + "".join(getattr(labels, name)(lang) for name in ("player", "round", "points", "total", "limit", "cut_here"))
    )
    for font in (REGULAR, BOLD):
        require_glyphs(font, every, locale_file("score", lang).doc.file)


def _sheet(
    canvas, sheet: SheetPlan, lang: str, paper: tuple[float, float], bottom: float, height: float, row_height: float
) -> None:
    """One sheet in the part of the page from `bottom` mm up, `height` mm high."""
    texts = score_texts()
    labels = texts.labels
    top = bottom + height - MARGIN
    left, player_width = _table_span(sheet, paper)
    table_width = ROUND_COLUMN + player_width * sheet.players
    right = left + table_width

    # the title, made smaller where the limit beside it leaves too little room (few players)
    title = texts.title(sheet.variant)(lang)
    room = table_width
    canvas.setFillColor(ACCENT)
    if sheet.limit is not None:
        limit = labels.limit(lang).format(limit=sheet.limit)
        canvas.setFont(BOLD, 10)
        canvas.drawRightString(right * MM, (top - 5) * MM, limit)
        room -= stringWidth(limit, BOLD, 10) / MM + 4
    draw_fitted(canvas, title, left * MM, (top - 5) * MM, BOLD, 13, room * MM)
    y = top - TITLE_HEIGHT

    half = player_width / 2
    columns = [left, left + ROUND_COLUMN] + [
        left + ROUND_COLUMN + seat * player_width + part * half for seat in range(sheet.players) for part in (1, 2)
    ]
    names_bottom = y - NAME_HEIGHT
    head_bottom = names_bottom - SUBHEAD_HEIGHT
    bottom = head_bottom - sheet.rounds * row_height

    # shading first: the label column, the sub-header and the running totals
    _fill(canvas, CREAM, left, bottom, ROUND_COLUMN, y - bottom)
    _fill(canvas, CREAM, left, head_bottom, right - left, SUBHEAD_HEIGHT)
    for seat in range(sheet.players):
        _fill(canvas, TOTAL_FILL, columns[3 + 2 * seat] - half, bottom, half, head_bottom - bottom)

    # the grid: thin lines between cells, heavier ones between players
    canvas.setStrokeColor(LINE)
    canvas.setLineWidth(0.5)
    lines = [
        (left, row, right, row)
        for row in [names_bottom, head_bottom] + [head_bottom - n * row_height for n in range(1, sheet.rounds)]
    ]
    lines += [(x, bottom, x, names_bottom) for x in columns[2::2]]
    canvas.lines([tuple(v * MM for v in line) for line in lines])
    _player_borders(canvas, left, bottom, y, player_width, sheet.players)

    # names across the top
    _label(canvas, labels.player(lang), left + 1.5, y - NAME_HEIGHT / 2 - 1.2, ROUND_COLUMN - 3, BOLD, 8.5)
    canvas.setFillColor(SOFT_INK)
    canvas.setFont(REGULAR, 6.5)
    for seat in range(sheet.players):
        x = left + ROUND_COLUMN + seat * player_width
        canvas.drawString((x + 1.2) * MM, (y - 2.9) * MM, f"{labels.player(lang)} {seat + 1}")

    # points and running total under each name
    _label(canvas, labels.round(lang), left + 1.5, head_bottom + 1.5, ROUND_COLUMN - 3, BOLD, 7.5)
    for seat in range(sheet.players):
        x = left + ROUND_COLUMN + seat * player_width
        _label(canvas, labels.points(lang), x + half / 2, head_bottom + 1.5, half - 1.2, REGULAR, 7, centred=True)
        _label(canvas, labels.total(lang), x + 1.5 * half, head_bottom + 1.5, half - 1.2, BOLD, 7, centred=True)

    # a row per round
    for number in range(1, sheet.rounds + 1):
        baseline = head_bottom - (number - 1) * row_height - row_height / 2 - 1.4
        _label(canvas, str(number), left + ROUND_COLUMN / 2, baseline, ROUND_COLUMN, BOLD, 10, centred=True)

    # the end of the game and who wins
    rule, rule_height = _rule(sheet, lang, table_width)
    rule.drawOn(canvas, left * MM, (bottom - RULE_GAP - rule_height) * MM)


def _fill(canvas, colour, x, y, width, height) -> None:
    canvas.setFillColor(colour)
    canvas.rect(x * MM, y * MM, width * MM, height * MM, stroke=0, fill=1)


def _player_borders(canvas, left, bottom, top, player_width, players) -> None:
    """Heavier lines between players, so each pair of columns reads as one."""
    canvas.setStrokeColor(ACCENT)
    canvas.setLineWidth(1.0)
    xs = [(left + ROUND_COLUMN + seat * player_width) * MM for seat in range(players + 1)]
    canvas.lines([(x, bottom * MM, x, top * MM) for x in xs])
    canvas.rect(left * MM, bottom * MM, (ROUND_COLUMN + players * player_width) * MM, (top - bottom) * MM)


def _label(canvas, text, x, y, width, font, size, centred=False) -> None:
    """`text` from x (or centred on it) at the baseline y, in mm, fitted to `width` if longer."""
    canvas.setFillColor(INK)
    draw_fitted(canvas, text, x * MM, y * MM, font, size, width * MM, centred)


def _cut_line(canvas, lang: str, page_width: float, y: float) -> None:
    """A dashed line across the page at `y` mm, labelled at both ends."""
    label = score_texts().labels.cut_here(lang)
    width = stringWidth(label, REGULAR, 7) / MM
    canvas.setStrokeColor(SOFT_INK)
    canvas.setLineWidth(0.5)
    canvas.setDash(3, 2)
    canvas.line((6 + width + 2) * MM, y * MM, (page_width - 6 - width - 2) * MM, y * MM)
    canvas.setDash()
    canvas.setFillColor(SOFT_INK)
    canvas.setFont(REGULAR, 7)
    canvas.drawString(6 * MM, (y - 1) * MM, label)
    canvas.drawRightString((page_width - 6) * MM, (y - 1) * MM, label)
