"""Score sheets: a column per player (the points of the round and the running total),
a row per round, the end-of-game rule printed below. Two sheets per A4 page, one
above the other, with a cut line between them; one page per player count.
"""

from __future__ import annotations

from dataclasses import dataclass
from xml.sax.saxutils import escape

from reportlab.lib.colors import HexColor
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Paragraph

from cardgen.engine import Options, OptionError
from cardgen.errors import InputError
from cardgen.model.rules import VARIANTS, score_texts
from cardgen.render.fonts import register, require_glyphs
from cardgen.render.pdf import finish, new_canvas
from cardgen.texts import check_lang

MM = 72 / 25.4
PAPER = (210.0, 297.0)
SHEET_HEIGHT = PAPER[1] / 2      # two sheets per page
MARGIN = 9.0                     # mm, inside each half page
ROW_HEIGHT = 8.5                 # mm: room to write by hand (at least 8)
NAME_HEIGHT = 10.0
SUBHEAD_HEIGHT = 5.0
ROUND_COLUMN = 16.0
MAX_PLAYER_COLUMN = 38.0
# Games to 66 last 3 to 8 rounds in the engine's simulations (95 % within 7, any
# player count); ten rows leave room for long, careful games.
THRESHOLD_ROUNDS = 10

REGULAR, BOLD = "Vera", "Vera-Bold"
INK = HexColor("#2b2622")
SOFT_INK = HexColor("#6b6158")
ACCENT = HexColor("#6e1c28")
CREAM = HexColor("#f6ecdc")
TOTAL_FILL = HexColor("#fbf3e6")
GRID = HexColor("#b9ab98")


@dataclass(frozen=True)
class SheetPlan:
    variant: str
    players: int
    rounds: int
    limit: int | None     # the end-of-game threshold, None for a fixed number of rounds


def player_range(variant: str) -> tuple[int, int]:
    """The player counts a score sheet is made for: Classic, Pro and Jokers 2 to 10, Plus 2 to 7."""
    _check_variant(variant)
    return (2, 7) if variant == "plus" else (2, 10)


def _check_variant(variant: str) -> None:
    if variant not in VARIANTS:
        raise InputError(f"the variant {variant!r} is not one of {', '.join(VARIANTS)}.")


def plan(variant: str, players: int) -> SheetPlan:
    low, high = player_range(variant)
    if not low <= players <= high:
        raise InputError(f"a {Options(variant).name} score sheet is for {low} to {high} players, not {players}.")
    options = Options(variant, max_players=10) if variant == "pro" else Options(variant)
    try:
        options.check_players(players)
    except OptionError as exc:
        raise InputError(f"{exc}.") from None
    fixed = options.rounds_to_play(players)
    if fixed is not None:
        return SheetPlan(variant, players, fixed, None)
    return SheetPlan(variant, players, THRESHOLD_ROUNDS, options.end_threshold)


def score_sheet_pdf(variant: str, lang: str = "en", players: int | None = None) -> bytes:
    """Score sheets of `variant` in `lang`: one page for `players`, or a page per player count."""
    check_lang(lang)
    low, high = player_range(variant)
    counts = [players] if players is not None else list(range(low, high + 1))
    plans = [plan(variant, count) for count in counts]
    texts = score_texts()
    register(REGULAR)
    register(BOLD)
    _check_glyphs(variant, lang)
    title = texts.title(variant)(lang)
    canvas, buffer = new_canvas(PAPER, None, title)
    for sheet in plans:
        for half in (1, 0):  # the upper sheet first
            _sheet(canvas, sheet, lang, half * SHEET_HEIGHT)
        _cut_line(canvas, lang)
        canvas.showPage()
    return finish(canvas, buffer)


def _check_glyphs(variant: str, lang: str) -> None:
    texts = score_texts()
    labels = texts.labels
    every = texts.title(variant)(lang) + texts.rules(variant)(lang) + "".join(
        getattr(labels, name)(lang) for name in ("player", "round", "points", "total", "limit", "cut_here")
    )
    for font in (REGULAR, BOLD):
        require_glyphs(font, every, "templates/sheets/score.yaml")


def _sheet(canvas, sheet: SheetPlan, lang: str, bottom: float) -> None:
    """One sheet in the half page whose lower edge is `bottom` mm."""
    texts = score_texts()
    labels = texts.labels
    left, right = MARGIN, PAPER[0] - MARGIN
    top = bottom + SHEET_HEIGHT - MARGIN
    player_width = min(MAX_PLAYER_COLUMN, (right - left - ROUND_COLUMN) / sheet.players)
    table_width = ROUND_COLUMN + player_width * sheet.players
    left = (PAPER[0] - table_width) / 2
    right = left + table_width

    canvas.setFillColor(ACCENT)
    canvas.setFont(BOLD, 13)
    canvas.drawString(left * MM, (top - 5) * MM, texts.title(sheet.variant)(lang))
    if sheet.limit is not None:
        canvas.setFont(BOLD, 10)
        canvas.drawRightString(right * MM, (top - 5) * MM, labels.limit(lang).format(limit=sheet.limit))
    y = top - 9

    half = player_width / 2
    columns = [left, left + ROUND_COLUMN] + [
        left + ROUND_COLUMN + seat * player_width + part * half for seat in range(sheet.players) for part in (1, 2)
    ]
    names_bottom = y - NAME_HEIGHT
    head_bottom = names_bottom - SUBHEAD_HEIGHT
    bottom = head_bottom - sheet.rounds * ROW_HEIGHT

    # shading first: the label column, the sub-header and the running totals
    _fill(canvas, CREAM, left, bottom, ROUND_COLUMN, y - bottom)
    _fill(canvas, CREAM, left, head_bottom, right - left, SUBHEAD_HEIGHT)
    for seat in range(sheet.players):
        _fill(canvas, TOTAL_FILL, columns[3 + 2 * seat] - half, bottom, half, head_bottom - bottom)

    # the grid: thin lines between cells, heavier ones between players
    canvas.setStrokeColor(GRID)
    canvas.setLineWidth(0.5)
    lines = [(left, row, right, row) for row in
             [names_bottom, head_bottom] + [head_bottom - n * ROW_HEIGHT for n in range(1, sheet.rounds)]]
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
        _centred(canvas, labels.points(lang), x + half / 2, head_bottom + 1.5, half - 1.2, REGULAR, 7)
        _centred(canvas, labels.total(lang), x + 1.5 * half, head_bottom + 1.5, half - 1.2, BOLD, 7)

    # a row per round
    for number in range(1, sheet.rounds + 1):
        row_top = head_bottom - (number - 1) * ROW_HEIGHT
        _centred(canvas, str(number), left + ROUND_COLUMN / 2, row_top - ROW_HEIGHT / 2 - 1.4, ROUND_COLUMN, BOLD, 10)
    y = bottom

    # the end of the game and who wins
    style = ParagraphStyle("rule", fontName=REGULAR, fontSize=8.5, leading=10.5, textColor=INK)
    rule = Paragraph(escape(texts.rules(sheet.variant)(lang).format(limit=sheet.limit or "")), style)
    _, height = rule.wrap((right - left) * MM, 100 * MM)
    rule.drawOn(canvas, left * MM, (y - 2.5) * MM - height)


def _fill(canvas, colour, x, y, width, height) -> None:
    canvas.setFillColor(colour)
    canvas.rect(x * MM, y * MM, width * MM, height * MM, stroke=0, fill=1)


def _player_borders(canvas, left, bottom, top, player_width, players) -> None:
    """Heavier lines between players, so each pair of columns reads as one."""
    canvas.setStrokeColor(ACCENT)
    canvas.setLineWidth(1.0)
    canvas.lines([((left + ROUND_COLUMN + seat * player_width) * MM, bottom * MM,
                   (left + ROUND_COLUMN + seat * player_width) * MM, top * MM) for seat in range(players + 1)])
    canvas.rect(left * MM, bottom * MM, (ROUND_COLUMN + players * player_width) * MM, (top - bottom) * MM)


def _fitted_size(text: str, font: str, size: float, width: float) -> float:
    drawn = stringWidth(text, font, size)
    return size if drawn <= width * MM else size * width * MM / drawn


def _label(canvas, text, x, y, width, font, size) -> None:
    canvas.setFillColor(INK)
    canvas.setFont(font, _fitted_size(text, font, size, width))
    canvas.drawString(x * MM, y * MM, text)


def _centred(canvas, text, cx, y, width, font, size) -> None:
    canvas.setFillColor(INK)
    canvas.setFont(font, _fitted_size(text, font, size, width))
    canvas.drawCentredString(cx * MM, y * MM, text)


def _cut_line(canvas, lang: str) -> None:
    """A dashed line across the middle of the page, labelled at both ends."""
    label = score_texts().labels.cut_here(lang)
    y = SHEET_HEIGHT
    width = stringWidth(label, REGULAR, 7) / MM
    canvas.setStrokeColor(SOFT_INK)
    canvas.setLineWidth(0.5)
    canvas.setDash(3, 2)
    canvas.line((6 + width + 2) * MM, y * MM, (PAPER[0] - 6 - width - 2) * MM, y * MM)
    canvas.setDash()
    canvas.setFillColor(SOFT_INK)
    canvas.setFont(REGULAR, 7)
    canvas.drawString(6 * MM, (y - 1) * MM, label)
    canvas.drawRightString((PAPER[0] - 6) * MM, (y - 1) * MM, label)
