"""The card painter: draws one card face or back into a box on a reportlab canvas.

Box convention: the trim box has its lower-left corner at (x, y) and the size
width × height, in PDF points. The background runs `bleed` points beyond the trim
box on every side; nothing is drawn outside that bleed box.

Pictures used more than once (bull head, emblems, the whole back) are Form
XObjects, defined once per canvas and then only referenced.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from contextlib import contextmanager
from functools import cache

from reportlab.lib.colors import Color, HexColor
from reportlab.pdfbase import pdfmetrics

from cardgen.errors import InputError
from cardgen.formats import MM
from cardgen.messages import Message
from cardgen.model.cards import Card
from cardgen.model.faces import FONT_ROLES, TEXT_FONTS, FaceStyle, Tone, title_size
from cardgen.model.textbox import LEADING, PARAGRAPH_GAP
from cardgen.model.turnable import is_ambiguous
from cardgen.render import art
from cardgen.render.fonts import register, require_glyphs
from cardgen.render.pictures import box_in_card, draw_picture, ensure_form, fitted
from cardgen.texts import DEFAULT_LANG, check_lang, with_decimal_separator

FORM_PREFIX = "cardgen-"
# Long values are first condensed down to this horizontal scale, then shrunk.
_MIN_CONDENSE = 0.8


@cache
def _colour(hex_value: str) -> Color:
    return HexColor(hex_value)


@cache
def _cap_height(font_name: str) -> float:
    """Height of the digits as a fraction of the font size."""
    return pdfmetrics.getFont(font_name).face.capHeight / 1000  # type: ignore[attr-defined]  # every reportlab font has a face; the stubs omit it


def fit_text(text: str, font: str, size: float, max_width: float) -> tuple[float, float, float]:
    """(font size, horizontal scale, drawn width) so that `text` fits `max_width`.

    Slightly long values are condensed, keeping their height like their neighbours';
    only much longer ones get smaller.
    """
    width = pdfmetrics.stringWidth(text, font, size)
    if width <= max_width:
        return size, 1.0, width
    ratio = max_width / width
    if ratio >= _MIN_CONDENSE:
        return size, ratio, max_width
    return size * ratio / _MIN_CONDENSE, _MIN_CONDENSE, max_width


@contextmanager
def card_space(canvas, x, y, width, height, rotate180=False):
    """Card-local coordinates: origin at the trim box's lower-left, turned 180° if asked."""
    canvas.saveState()
    if rotate180:
        canvas.transform(-1, 0, 0, -1, x + width, y + height)
    else:
        canvas.translate(x, y)
    try:
        yield
    finally:
        canvas.restoreState()


def draw_art(canvas, name: str, cx: float, cy: float, size: float) -> None:
    """Draw picture `name` (art.PICTURES) centred on (cx, cy), `size` points high, in the
    current fill colour: a Form XObject defined once per canvas."""
    form = _art_form(canvas, name)
    factor = size / art.UNIT
    canvas.saveState()
    canvas.transform(factor, 0, 0, factor, cx - size / 2, cy - size / 2)
    canvas.doForm(form)
    canvas.restoreState()


def _art_form(canvas, name: str) -> str:
    form = FORM_PREFIX + name
    if not canvas.hasForm(form):
        canvas.beginForm(form, 0, 0, art.UNIT, art.UNIT)
        art.PICTURES[name](canvas)
        canvas.endForm()
    return form


class CardPainter:
    """Draws faces in one style and language.

    `cards`: the set being printed; a number that reads as one of its cards (or as one
    of 1–104) when turned 180° gets a bar under its digits (style field mark_turnable).
    """

    def __init__(
        self, canvas, style: FaceStyle, lang: str = DEFAULT_LANG, cards: Iterable[Card] = (), least_text: float = 0.0
    ):
        self.canvas = canvas
        self.least_text = least_text  # pt: a text that would print smaller is left out (a card in miniature)
        self.style = style
        self.lang = check_lang(lang)
        self._checked_labels: set[str] = set()
        self._scale_now = MM
        self._set_labels = frozenset(map(self._label, cards))
        for role in FONT_ROLES:
            register(style.font(role), style.font_file(role))

    def _label(self, card: Card) -> str:
        return with_decimal_separator(card.label(), self.lang, self.style.joker.decimal_separator.get(self.lang, ""))

    # -- the contract -------------------------------------------------------

    def front(
        self, card: Card, x: float, y: float, width: float, height: float, bleed: float, rotate180: bool = False
    ) -> None:
        """Draw `card`'s face into the trim box (x, y, width, height), background into the bleed."""
        label = self._label(card)
        self._check_label(label)
        tone = self._tone(card)
        scale = self._scale(width, height)
        self._scale_now = scale  # the halo's width scales with the card, as every size does
        canvas = self.canvas
        with card_space(self.canvas, x, y, width, height, rotate180):
            canvas.setFillColor(_colour(tone.border))
            canvas.rect(-bleed, -bleed, width + 2 * bleed, height + 2 * bleed, stroke=0, fill=1)
            self._panel(tone, width, height, scale)
            self._backdrop(card, tone, width, height, scale)
            self._heads(card.heads, tone, width, height, scale)
            if label:
                marked = self._marked(label)
                self._big_value(label, tone, width, height, scale, marked)
                self._indices(label, tone, width, height, scale, marked)
            caption = self._special(card).caption if card.kind in ("zero", "joker") else None
            if caption:
                self._caption(caption, tone, width, height, scale)
            if card.title:
                self._title(card, tone, width, height, scale)
            if card.text:
                self._text_box(card.text, tone, width, height, scale)

    def back(self, x: float, y: float, width: float, height: float, bleed: float, rotate180: bool = False) -> None:
        """Draw our back design into the trim box (x, y, width, height), background into the bleed."""
        name = self._back_form(width, height, bleed)
        with card_space(self.canvas, x, y, width, height, rotate180):
            self.canvas.doForm(name)

    # -- geometry -----------------------------------------------------------

    def _scale(self, width: float, height: float) -> float:
        """Points per style millimetre on a card of this size."""
        design = self.style.design_size
        return MM * min(width / (design.width * MM), height / (design.height * MM))

    # -- parts of a face ----------------------------------------------------

    def _special(self, card: Card):
        return self.style.zero if card.kind == "zero" else self.style.joker

    def _tone(self, card: Card) -> Tone:
        """The style's colours for the card, with the card's own ink and background."""
        if card.kind in ("zero", "joker"):
            tone = self._special(card).tone
        elif card.kind == "blank":
            tone = self.style.blank
        else:
            tone = self.style.tone_for(card.heads)
        own = {"ink": card.ink, "border": card.background}
        return tone.model_copy(update={key: value for key, value in own.items() if value})

    def _panel(self, tone: Tone, width, height, scale) -> None:
        """The panel's rounded rectangle is a form per card size; its colours come from here."""
        panel = self.style.panel
        key = f"{panel.model_dump_json()}|{width:.3f}|{height:.3f}"
        form = FORM_PREFIX + "panel-" + hashlib.sha1(key.encode()).hexdigest()[:10]
        canvas = self.canvas
        if not canvas.hasForm(form):
            canvas.beginForm(form, 0, 0, width, height)
            inset, stroke = panel.inset * scale, panel.outline > 0
            if stroke:
                canvas.setLineWidth(panel.outline * scale)
            canvas.roundRect(
                inset, inset, width - 2 * inset, height - 2 * inset, panel.radius * scale, stroke=int(stroke), fill=1
            )
            canvas.endForm()
        canvas.setFillColor(_colour(panel.colour))
        canvas.setStrokeColor(_colour(tone.ink))
        canvas.doForm(form)

    def _backdrop(self, card: Card, tone: Tone, width, height, scale) -> None:
        """The large faint picture behind the value: a bull, or the zero or joker emblem;
        or, in its place, the card's own picture or the style's."""
        from_file = self.style.front_picture(card)
        if from_file:
            draw_picture(self.canvas, *from_file, box_in_card(self.style.front_box(card), width, height, scale))
            return
        symbol: str
        if card.kind in ("zero", "joker"):
            symbol, placement = card.kind, self._special(card).emblem
        else:
            symbol, placement = "watermark", self.style.watermark
        self.canvas.setFillColor(_colour(tone.watermark))
        self._symbol(symbol, width / 2, height / 2 + placement.y * scale, placement.size * scale)

    def _heads(self, count: int, tone: Tone, width, height, scale) -> None:
        if count <= 0:
            return
        heads = self.style.heads
        origin_x, origin_y = width / 2, height - heads.from_top * scale
        self.canvas.setFillColor(_colour(tone.ink))
        for dx, dy in self.style.positions_for(count):
            self._symbol("bull", origin_x + dx * scale, origin_y + dy * scale, heads.symbol * scale)

    def _symbol(self, name: str, cx: float, cy: float, size: float) -> None:
        """A bundled picture (the watermark is the bull) in the fill colour, or the style's
        own in its place, in the same square."""
        own = self.style.symbol(name)
        if own:
            draw_picture(self.canvas, *own, (cx, cy, size, size))
        else:
            draw_art(self.canvas, "bull" if name == "watermark" else name, cx, cy, size)

    def _marked(self, label: str) -> bool:
        """Does this number get a bar under it (it reads as another card upside down)?"""
        return self.style.mark_turnable.style != "none" and is_ambiguous(label, self._set_labels)

    def _big_value(self, label: str, tone: Tone, width, height, scale, marked=False) -> None:
        value, font = self.style.value, self.style.font("value")
        size, max_width, centre_y = value.size * scale, value.max_width * scale, height / 2 + value.y * scale
        self._text(label, font, size, max_width, tone.ink, width / 2, centre_y, "middle", marked=marked, role="value")

    def _indices(self, label: str, tone: Tone, width, height, scale, marked=False) -> None:
        index = self.style.index
        font, size = self.style.font("index"), index.size * scale
        # an index may not reach past the panel edge nor the card's middle
        max_width = 2 * (index.x - self.style.panel.inset - 0.9) * scale
        cx, top = index.x * scale, height - index.y * scale
        self._text(label, font, size, max_width, tone.ink, cx, top, "top", marked=marked, role="index")
        canvas = self.canvas
        canvas.saveState()
        if index.turn_lower:
            # drawn in turned coordinates: the bar lies under the digits as they read
            canvas.transform(-1, 0, 0, -1, width, height)
            self._text(label, font, size, max_width, tone.ink, cx, top, "top", marked=marked, role="index")
        else:
            lower = (width - cx, index.y * scale, "bottom")
            self._text(label, font, size, max_width, tone.ink, *lower, marked=marked, role="index")
        canvas.restoreState()

    def _caption(self, caption, tone: Tone, width, height, scale) -> None:
        font, size, y = self.style.font("caption"), caption.size * scale, height / 2 + caption.y * scale
        self._text(
            caption.text, font, size, width * 0.8, tone.ink, width / 2, y, "middle", spacing=0.12, role="caption"
        )

    def _title(self, card: Card, tone: Tone, width, height, scale) -> None:
        """The card's title: one line, shrunk to fit (the set's loader refuses one that cannot)."""
        assert card.title is not None
        size = title_size(self.style, card.title)
        if size is None:
            raise InputError(f"card {card.id}'s title is too long for one line; shorten it.")
        title, font = self.style.title, self.style.font("caption")
        y = height / 2 + title.y * scale
        self._text(
            card.title, font, size * scale, title.max_width * scale, tone.ink, width / 2, y, "middle", role="title"
        )

    def _text_box(self, text: str, tone: Tone, width, height, scale) -> None:
        """The card's text in the style's box, line by line as the model laid it out, the lines
        centred in the box's height."""
        laid = self.style.text_lines(text)
        if laid is None:
            raise InputError(f"a card's text does not fit the text box of {self.style.source}; shorten it.")
        place = self.style.text
        cx, cy, box_width, _ = box_in_card(place.box, width, height, scale)
        size = laid.size * scale
        if size < self.least_text:
            return
        canvas = self.canvas
        canvas.setFillColor(_colour(place.colour or tone.ink))
        halo = self.style.halo if self.style.halo and "text" in self.style.halo.texts else None
        y = cy + laid.height * scale / 2
        for number, line in enumerate(laid.lines):
            if line.paragraph_start and number:
                y -= PARAGRAPH_GAP * size
            y -= LEADING * size
            baseline = y + (LEADING - 1) * size
            line_width = line.width * scale
            starts = {
                "left": cx - box_width / 2,
                "centre": cx - line_width / 2,
                "right": cx + box_width / 2 - line_width,
            }
            x = starts[place.align]
            for run in line.runs:
                if run.bull:
                    self._symbol("bull", x + size / 2, baseline + size * 0.36, size * 0.95)
                elif run.text != " ":
                    font = self.style.font(TEXT_FONTS[run.face])
                    if halo:
                        self._halo(run.text, font, size, 1.0, 0.0, (x, baseline), None, halo)
                    canvas.drawText(self._text_object(run.text, font, size, 1.0, 0.0, x, baseline))
                x += run.width * scale

    def _text(self, text, font, size, max_width, colour, cx, y, vertical, spacing=0.0, marked=False, role="") -> None:
        """Real (extractable) text centred on cx; `y` is the top, middle or bottom of its capitals.

        `marked`: a bar under the text (mark_turnable), in the text's colour. `role`: which
        text it is, for the style's halo.
        """
        size, horizontal, drawn_width = fit_text(text, font, size, max_width)
        if size < self.least_text:
            return
        letter_space = spacing * size
        drawn_width += letter_space * (len(text) - 1) * horizontal
        cap = _cap_height(font) * size
        baseline = {"top": y - cap, "middle": y - cap / 2, "bottom": y}[vertical]
        bar = None
        if marked:
            mark = self.style.mark_turnable
            bar_width, thickness = drawn_width * mark.width, size * mark.thickness
            bar = (cx - bar_width / 2, baseline - size * mark.gap - thickness, bar_width, thickness)
        halo = self.style.halo
        if halo is not None and role in halo.texts:
            self._halo(text, font, size, horizontal, letter_space, (cx - drawn_width / 2, baseline), bar, halo)
        text_object = self._text_object(text, font, size, horizontal, letter_space, cx - drawn_width / 2, baseline)
        self.canvas.setFillColor(_colour(colour))
        self.canvas.drawText(text_object)
        if bar:
            self.canvas.rect(*bar, stroke=0, fill=1)

    def _text_object(self, text, font, size, horizontal, letter_space, x, baseline, stroked=False):
        text_object = self.canvas.beginText(x, baseline)
        text_object.setFont(font, size)
        # Tz and Tc outlive ET in the PDF's graphics state: always set both
        text_object.setHorizScale(horizontal * 100)
        text_object.setCharSpace(letter_space)
        if stroked:
            text_object.setTextRenderMode(1)  # the outlines only; Tr outlives ET too, inside q … Q here
        text_object.textOut(text)
        return text_object

    def _halo(self, text, font, size, horizontal, letter_space, at, bar, halo) -> None:
        """The letters' outlines stroked in the halo's colour, twice its width wide and round at
        the corners, under the text: half of the stroke lies outside each letter."""
        canvas = self.canvas
        canvas.saveState()
        canvas.setStrokeColor(_colour(halo.colour))
        canvas.setLineWidth(2 * halo.width * self._scale_now)
        canvas.setLineJoin(1)
        canvas.setLineCap(1)
        x, baseline = at
        canvas.drawText(self._text_object(text, font, size, horizontal, letter_space, x, baseline, stroked=True))
        if bar:
            canvas.rect(*bar, stroke=1, fill=0)
        canvas.restoreState()

    def _check_label(self, label: str) -> None:
        if label in self._checked_labels:
            return
        for role in ("value", "index"):
            require_glyphs(
                self.style.font(role), label, Message("font.style_field", style=self.style.source, role=role)
            )
        self._checked_labels.add(label)

    def _back_form(self, width: float, height: float, bleed: float) -> str:
        """The whole back as one form per canvas, for each back design and card size."""
        style, canvas = self.style, self.canvas
        key = (
            f"{style.back.model_dump_json(exclude_none=True)}|{style.font('caption')}|{width:.3f}|{height:.3f}|"
            f"{bleed:.3f}|{style.design_size.model_dump_json()}|{style.panel.radius}|{_picture_key(style)}"
        )
        form = FORM_PREFIX + "back-" + hashlib.sha1(key.encode()).hexdigest()[:10]
        if canvas.hasForm(form):
            return form
        _art_form(canvas, "bull")  # defined before, not inside, the back's form
        back_picture = style.back_picture()
        if back_picture:
            picture, place = back_picture
            box = box_in_card(style.back_box(), width, height, self._scale(width, height))
            ensure_form(canvas, picture, fitted(picture, *box, place.fit).width)
        canvas.beginForm(form, -bleed, -bleed, width + bleed, height + bleed)
        _BackDrawing(self, width, height, bleed).draw()
        canvas.endForm()
        return form


def _picture_key(style: FaceStyle) -> str:
    """What the back draws from files: its picture, and the style's own bull for its pattern."""
    key = ""
    back_picture = style.back_picture()
    if back_picture:
        picture, place = back_picture
        key = f"{picture.key}|{place.model_dump_json()}|{style.back_box().model_dump_json()}"
    bull = style.symbol("bull")
    if bull:
        key += f"|bull:{bull[0].key}|{bull[1].opacity}"
    return key


class _BackDrawing:
    """Our back: a deep colour, a lattice of small bull heads and a light medallion.

    The pattern, the medallion and the two titles look the same after a 180° turn.
    """

    def __init__(self, painter: CardPainter, width: float, height: float, bleed: float):
        self.painter = painter
        self.canvas = painter.canvas
        self.back = painter.style.back
        self.width, self.height, self.bleed = width, height, bleed
        self.scale = painter._scale(width, height)

    def draw(self) -> None:
        canvas, back = self.canvas, self.back
        w, h, b = self.width, self.height, self.bleed
        canvas.setFillColor(_colour(back.background))
        canvas.rect(-b, -b, w + 2 * b, h + 2 * b, stroke=0, fill=1)
        self._pattern()
        self._frame()
        self._medallion()

    def _pattern(self) -> None:
        canvas, back, scale = self.canvas, self.back, self.scale
        w, h, b = self.width, self.height, self.bleed
        canvas.saveState()
        clip = canvas.beginPath()
        clip.rect(-b, -b, w + 2 * b, h + 2 * b)
        canvas.clipPath(clip, stroke=0, fill=0)
        canvas.setFillColor(_colour(back.pattern))
        pitch = back.pattern_spacing * scale
        symbol = back.pattern_symbol * scale
        rows = int((h / 2 + b) / pitch) + 2
        columns = int((w / 2 + b) / pitch) + 2
        for row in range(-rows, rows):
            # rows sit symmetrically about the centre line; the upper half upright, the lower turned
            distance = row if row >= 0 else -1 - row
            y = h / 2 + (row + 0.5) * pitch
            shift = pitch / 2 if distance % 2 else 0.0
            for column in range(-columns, columns + 1):
                x = w / 2 + column * pitch + shift
                self._bull(x, y, symbol, upright=row >= 0)
        canvas.restoreState()

    def _bull(self, cx, cy, size, upright=True) -> None:
        """A bull head of the pattern or the medallion: the bundled one, or the style's own."""
        canvas = self.canvas
        canvas.saveState()
        canvas.translate(cx, cy)
        if not upright:
            canvas.rotate(180)
        own = self.painter.style.symbol("bull")
        if own:
            draw_picture(canvas, *own, (0, 0, size, size))
            canvas.restoreState()
            return
        factor = size / art.UNIT
        canvas.transform(factor, 0, 0, factor, -size / 2, -size / 2)
        canvas.doForm(FORM_PREFIX + "bull")
        canvas.restoreState()

    def _frame(self) -> None:
        back, scale = self.back, self.scale
        if back.frame_inset <= 0 or back.frame_width <= 0:
            return
        inset = back.frame_inset * scale
        canvas = self.canvas
        canvas.setStrokeColor(_colour(back.frame))
        canvas.setLineWidth(back.frame_width * scale)
        w, h = self.width - 2 * inset, self.height - 2 * inset
        canvas.roundRect(inset, inset, w, h, self.painter.style.panel.radius * scale, stroke=1, fill=0)

    def _medallion(self) -> None:
        back, scale, canvas = self.back, self.scale, self.canvas
        cx, cy = self.width / 2, self.height / 2
        rx, ry = back.medallion_width * scale / 2, back.medallion_height * scale / 2
        canvas.setFillColor(_colour(back.medallion))
        canvas.ellipse(cx - rx, cy - ry, cx + rx, cy + ry, stroke=0, fill=1)
        canvas.setStrokeColor(_colour(back.medallion_ink))
        canvas.setLineWidth(0.5 * scale)
        ring = 1.6 * scale
        canvas.ellipse(cx - rx + ring, cy - ry + ring, cx + rx - ring, cy + ry - ring, stroke=1, fill=0)
        picture = self.painter.style.back_picture()
        if picture:
            box = box_in_card(self.painter.style.back_box(), self.width, self.height, scale)
            draw_picture(canvas, *picture, box)
            return
        canvas.setFillColor(_colour(back.medallion_ink))
        bull = min(rx * 1.05, ry * 0.7)
        self._bull(cx, cy + ry * 0.54, bull, upright=True)
        self._bull(cx, cy - ry * 0.54, bull, upright=False)
        self._titles(cx, cy)

    def _titles(self, cx, cy) -> None:
        """The title across the middle of the medallion, once each way up."""
        canvas, back = self.canvas, self.back
        font = self.painter.style.font("caption")
        size = back.title_size * self.scale
        gap, max_width = 0.7 * self.scale, back.medallion_width * self.scale * 0.8
        for turned in (False, True):
            canvas.saveState()
            if turned:
                canvas.transform(-1, 0, 0, -1, 2 * cx, 2 * cy)
            self.painter._text(
                back.title, font, size, max_width, back.medallion_ink, cx, cy + gap, "bottom", spacing=0.08
            )
            canvas.restoreState()
