"""Card face and back styles (templates/faces/*.yaml): colours, fonts, sizes in mm.

Every size and position is in millimetres on a card of `design_size`. A card of
another size is drawn at the scale `min(width / design width, height / design
height)`, with corner items kept in their corners and centred items at the centre,
so one style serves 56 × 87, 63 × 88 or 44 × 68 mm cards.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, PrivateAttr

from cardgen.errors import InputError, InvalidValue, sentence
from cardgen.messages import Message
from cardgen.model import fonts
from cardgen.model.cards import Card, CardSet
from cardgen.model.shapes import Box, Colour, Length, Offset, Size
from cardgen.model.textbox import Face, Laid, lay_out
from cardgen.model.textbox import characters as text_characters
from cardgen.paths import TEMPLATES, bundled_names, confined_file, find_data_file, find_referenced_file
from cardgen.yamlio import Mistake, YamlDocument, load_extended, validate

if TYPE_CHECKING:
    from cardgen.model.pictures import Picture

FACES_DIR = TEMPLATES / "faces"
TEXT_FONTS: dict[Face, str] = {
    "regular": "text",
    "bold": "text_bold",
    "italic": "text_italic",
    "bold_italic": "text_bold_italic",
}
FONT_ROLES = ("value", "index", "caption", *TEXT_FONTS.values())  # the fields of `fonts:`
TEXT_GAP = 1.0  # mm between the text box and the picture area the style leaves it by default
# Characters every card label may use: digits, the decimal separators, a minus.
LABEL_CHARACTERS = "0123456789.,"


Position = tuple[Offset, Offset]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class DesignSize(_Strict):
    width: Size
    height: Size


class Fonts(_Strict):
    """A bundled font name (Vera, Vera-Bold, ...) or a .ttf file beside the style or under assets/."""

    value: str = Field(min_length=1, max_length=200)
    index: str = Field(min_length=1, max_length=200)
    caption: str = Field(min_length=1, max_length=200)
    # a card's text: its regular, **bold**, *italic* and ***both*** words
    text: str = Field(default="Vera", min_length=1, max_length=200)
    text_bold: str = Field(default="Vera-Bold", min_length=1, max_length=200)
    text_italic: str = Field(default="Vera-Italic", min_length=1, max_length=200)
    text_bold_italic: str = Field(default="Vera-BoldItalic", min_length=1, max_length=200)


class Tone(_Strict):
    """The colours of one kind of card."""

    border: Colour  # the full-bleed background around the panel
    ink: Colour  # value, indices, bull heads
    watermark: Colour  # the large faint picture behind the value


class Panel(_Strict):
    """The light body of the card inside the coloured border."""

    inset: Length
    radius: Length
    colour: Colour
    outline: Length  # line width in mm, drawn in the tone's ink; 0 for none


class BigValue(_Strict):
    size: Size  # font size (em) in mm
    max_width: Size  # the text shrinks to fit this width
    y: Offset  # centre of the digits above (+) or below (−) the card centre


class CornerIndex(_Strict):
    size: Size
    x: Length  # from the left edge to the centre of the index
    y: Length  # from the top edge to the top of the digits
    turn_lower: bool = True  # the lower-right index reads from the other side


class MarkTurnable(_Strict):
    """A bar under numbers that read as another card upside down (6, 9, 66, 99, ...).

    Sizes are fractions of the text's font size, the width a fraction of the drawn
    number's width; the bar sits under the digits in their own reading direction.
    """

    style: Literal["underline", "none"] = "underline"
    width: Annotated[float, Field(gt=0, le=1.5)] = 0.8  # of the number's width
    thickness: Annotated[float, Field(gt=0, le=0.5)] = 0.07  # of the font size
    gap: Annotated[float, Field(ge=0, le=1)] = 0.1  # below the baseline, of the font size


class Heads(_Strict):
    symbol: Size  # height of one bull head
    from_top: Length  # the arrangement's origin, below the top edge
    arrangements: dict[int, list[Position]]  # positions (x right, y up) by head count
    from_bottom: Length | None = None  # repeat the arrangement turned 180°, this far above the bottom edge


class Watermark(_Strict):
    size: Size
    y: Offset


class Caption(_Strict):
    text: str = Field(max_length=30)
    size: Size
    y: Offset


class SpecialCard(_Strict):
    """Zero cards and jokers: their own tone, emblem size and caption."""

    tone: Tone
    emblem: Watermark
    caption: Caption | None = None


class Joker(SpecialCard):
    # By language, where a style wants another separator than the locale's
    # (locales/LANG/cards.yaml, decimal_separator).
    decimal_separator: dict[str, str] = {}


class PicturePlace(_Strict):
    """Where and how a picture is drawn: in `box` (default: the watermark's square on the
    front, the medallion on the back), the whole picture (contain) or the box filled and
    the picture cropped (cover), at `opacity`. `file`: a picture the style itself draws."""

    file: str | None = Field(default=None, min_length=1, max_length=300)
    box: Box | None = None
    fit: Literal["contain", "cover"] = "contain"
    opacity: Annotated[float, Field(gt=0, le=1)] = 1.0


def _file_alone(value):
    """`picture: logo.svg` is short for `picture: {file: logo.svg}`."""
    return {"file": value} if isinstance(value, str) else value


class Symbol(_Strict):
    """A picture of the designer's own in place of a bundled one: drawn in the square the
    bundled one fills, whole, in its own colours, at `opacity`."""

    file: str = Field(min_length=1, max_length=300)
    opacity: Annotated[float, Field(gt=0, le=1)] = 1.0


OwnSymbol = Annotated[Symbol | None, BeforeValidator(_file_alone)]
SYMBOLS = ("bull", "watermark", "zero", "joker")  # the fronts' bundled pictures a style may replace


class Symbols(_Strict):
    """The fronts' pictures of the style's own: the bull heads, the watermark behind a
    number's value, and the zero cards' and jokers' emblems."""

    bull: OwnSymbol = None
    watermark: OwnSymbol = None
    zero: OwnSymbol = None
    joker: OwnSymbol = None


class CardTitle(_Strict):
    """A card's `title:`: one line across the front, its capitals' middle `y` from the
    centre, shrunk from `size` down to `min_size` to fit `max_width` (font: the caption's)."""

    size: Size = 4.2
    min_size: Size = 2.4
    max_width: Size = 38
    y: Offset = -30


HaloText = Literal["value", "index", "title", "caption", "text"]


class Halo(_Strict):
    """A band of `colour` around the letters of the face's texts, so that they read on a
    photo: `width` mm out from each letter's edge (a thin one is an outline)."""

    colour: Colour = "#ffffff"
    width: Annotated[float, Field(gt=0, le=3)] = 0.5
    texts: list[HaloText] = ["value", "index", "title", "caption", "text"]  # which texts have it


class TextBox(_Strict):
    """Where a card's `text:` goes: its `box` (mm from the card's centre), the font size it
    starts at and the smallest it may shrink to, the lines' alignment, and its colour (none:
    the tone's ink). The fonts are the style's `fonts.text…`."""

    box: Box = Box(y=-21, width=44, height=11)  # between the value and the title line
    size: Size = 3.0
    min_size: Size = 1.8
    align: Literal["left", "centre", "right"] = "centre"
    colour: Colour | None = None


class Back(_Strict):
    background: Colour
    pattern: Colour
    pattern_symbol: Size  # height of one bull head of the pattern
    pattern_spacing: Size  # distance between pattern rows and columns
    medallion: Colour
    medallion_ink: Colour
    medallion_width: Size
    medallion_height: Size
    frame: Colour
    frame_inset: Length  # a thin frame this far inside the trim edge; 0 for none
    frame_width: Length
    title: str = Field(max_length=30)
    title_size: Size
    # drawn in the medallion instead of its bull heads and title
    picture: Annotated[PicturePlace | None, BeforeValidator(_file_alone)] = None


class FaceStyle(_Strict):
    name: str = Field(min_length=1, max_length=60)
    design_size: DesignSize
    fonts: Fonts
    panel: Panel
    value: BigValue
    index: CornerIndex
    mark_turnable: MarkTurnable = MarkTurnable()
    heads: Heads
    watermark: Watermark
    tones: dict[int, Tone]  # by bull heads; a card takes the tone of the largest count ≤ its heads
    zero: SpecialCard
    joker: Joker
    blank: Tone
    back: Back
    picture: Annotated[PicturePlace, BeforeValidator(_file_alone)] = PicturePlace()  # the front's
    title: CardTitle = CardTitle()
    text: TextBox = TextBox()
    halo: Halo | None = None  # none: the texts are drawn as they are
    symbols: Symbols = Symbols()

    _source: str = PrivateAttr(default="")
    _doc: YamlDocument | None = PrivateAttr(default=None)
    _pictures: dict[str, Picture] = PrivateAttr(default_factory=dict)
    _font_names: dict[str, str] = PrivateAttr(default_factory=dict)
    _font_files: dict[str, Path] = PrivateAttr(default_factory=dict)

    @property
    def source(self) -> str:
        """The file the style came from, as shown in messages."""
        return self._source

    def font(self, role: str) -> str:
        """The font name for 'value', 'index' or 'caption', as rendering registers it."""
        return self._font_names[role]

    def font_file(self, role: str) -> Path:
        """The TrueType file of that font."""
        return self._font_files[role]

    def front_picture(self, card: Card) -> tuple[Picture, PicturePlace] | None:
        """The picture on the card's front, in place of its watermark: its own, else the style's,
        fitted as the card says, else as the style does."""
        picture = card.artwork or self._pictures.get("front")
        if picture is None:
            return None
        return picture, self.picture.model_copy(update={"fit": card.fit}) if card.fit else self.picture

    def text_lines(self, text: str) -> Laid | None:
        """A card's text laid out in the text box (mm on a card of design_size), or None when it
        does not fit even at the smallest size."""
        box, files = self.text.box, {face: self.font_file(role) for face, role in TEXT_FONTS.items()}
        return lay_out(text, files, self.text.size, self.text.min_size, box.width, box.height)

    def symbol(self, name: str) -> tuple[Picture, PicturePlace] | None:
        """The style's own picture for a bundled one of SYMBOLS, and how it is drawn; None: the bundled one."""
        own: Symbol | None = getattr(self.symbols, name)
        if own is None:
            return None
        return self._pictures[f"symbol-{name}"], PicturePlace(opacity=own.opacity)

    def back_picture(self) -> tuple[Picture, PicturePlace] | None:
        picture = self._pictures.get("back")
        return (picture, self.back.picture) if picture and self.back.picture else None

    def front_box(self, card: Card | None = None) -> Box:
        """The front's picture area in mm on a card of design_size: the card's own `box`, else
        the style's, else the watermark's square, on a card with a text cut clear of the text
        box (a card's text never lies on its picture unless a style or the card puts it there)."""
        chosen = (card.box if card else None) or self.picture.box
        if chosen:
            return chosen
        square = Box(y=self.watermark.y, width=self.watermark.size, height=self.watermark.size)
        return square.clear_of(self.text.box, TEXT_GAP) if card and card.text else square

    def back_box(self) -> Box:
        """The back's picture area: by default the rectangle inside the medallion's ring."""
        if self.back.picture and self.back.picture.box:
            return self.back.picture.box
        inside = 0.68  # of the medallion's width and height: clear of its ring
        return Box(width=self.back.medallion_width * inside, height=self.back.medallion_height * inside)

    def tone_for(self, heads: int) -> Tone:
        counts = sorted(self.tones)
        chosen = [count for count in counts if count <= heads]
        return self.tones[chosen[-1] if chosen else counts[0]]

    def positions_for(self, heads: int) -> list[Position]:
        """Where the bull heads sit; a count the style does not arrange gets rows of up to four."""
        if heads in self.heads.arrangements:
            return list(self.heads.arrangements[heads])
        pitch = self.heads.symbol * 1.1
        rows = [min(4, heads - start) for start in range(0, heads, 4)]
        positions = []
        for row, count in enumerate(rows):
            for column in range(count):
                positions.append(((column - (count - 1) / 2) * pitch, -row * pitch * 0.9))
        return positions


def bundled_face_names() -> list[str]:
    return bundled_names(FACES_DIR)


def load_set_faces(card_set: CardSet, faces: str | Path | None = None) -> FaceStyle:
    """The face style a set's cards are drawn in: `faces` (a bundled name or a file) when
    given, else the one the set names, a bundled style or a style file beside the set's file.
    The set's titles must fit the style's title line in its caption font."""
    if faces is not None:
        style = load_face_style(faces)
    else:
        try:
            path, shown = find_referenced_file(card_set.faces, FACES_DIR, "face style", card_set.source_file)
        except InputError as exc:
            raise card_set.doc.error(("faces",), exc.message) from None
        style = _load_style_file(path, shown)
    mistakes = [*_title_mistakes(card_set, style), *_text_mistakes(card_set, style)]
    if mistakes:
        raise card_set.doc.errors(mistakes)
    return style


def _text_mistakes(card_set: CardSet, style: FaceStyle) -> Iterator[Mistake]:
    """Each card's text well formed, drawable in its fonts and fitting the style's text box."""
    for index, card in enumerate(card_set.cards):
        if card.text is None:
            continue
        where = ("cards", index, "text")
        try:
            drawn = text_characters(card.text)
        except InvalidValue as exc:
            yield where, Message("style.card_text", id=card.id, problem=exc.message)
            continue
        lacking = _lacking_glyphs(style, drawn)
        if lacking:
            role, missing = lacking
            font = getattr(style.fonts, role)
            shown = fonts.shown(missing)
            yield where, Message("style.text_font_glyphs", font=font, style=style.source, role=role, missing=shown)
        elif style.text_lines(card.text) is None:
            box = style.text.box
            yield (
                where,
                Message(
                    "style.text_too_long",
                    id=card.id,
                    style=style.source,
                    width=box.width,
                    height=box.height,
                    size=style.text.min_size,
                ),
            )


def _lacking_glyphs(style: FaceStyle, drawn: dict[Face, str]):
    """The first of the text's fonts that lacks characters the text draws in it, and those."""
    for face, characters in drawn.items():
        role = TEXT_FONTS[face]
        missing = fonts.missing_glyphs(style.font_file(role), characters)
        if missing:
            return role, missing
    return None


def _title_mistakes(card_set: CardSet, style: FaceStyle) -> Iterator[Mistake]:
    font_file = style.font_file("caption")
    for index, card in enumerate(card_set.cards):
        if card.title is None:
            continue
        where = ("cards", index, "title")
        missing = fonts.missing_glyphs(font_file, card.title)
        if missing:
            font = style.fonts.caption
            yield where, Message("style.title_font_glyphs", font=font, style=style.source, missing=fonts.shown(missing))
        elif title_size(style, card.title) is None:
            size, width = style.title.min_size, style.title.max_width
            yield where, Message("style.title_too_long", id=card.id, size=size, width=width)


MOST_CARDS_NAMED = 8


def text_over_picture(card_set: CardSet, style: FaceStyle) -> Message | None:
    """A warning for a style whose text box reaches into its picture area where a card of the
    set has both a picture and a text (in the style's picture area, not a box of its own):
    the style's file, line and field, how far, and the cards. None where the style gives its
    texts a halo, as a text meant to lie on a picture has."""
    if style.halo and "text" in style.halo.texts:
        return None
    cards = [card for card in card_set.cards if card.text and card.box is None and style.front_picture(card)]
    depth = style.front_box(cards[0]).overlap(style.text.box) if cards else 0
    if depth <= 0 or style._doc is None:
        return None
    doc, ids = style._doc, [card.id for card in cards]
    field = ("text", "box") if doc.sets(("text", "box")) and not doc.sets(("picture", "box")) else ("picture", "box")
    named: list[str] | Message = ids
    if len(ids) > MOST_CARDS_NAMED:
        named = Message("verify.ids_and_more", ids=ids[:MOST_CARDS_NAMED], more=len(ids) - MOST_CARDS_NAMED)
    problem = Message("style.text_over_picture", count=len(ids), cards=named, depth=depth)
    return sentence(doc.error(field, problem).message)


def title_size(style: FaceStyle, text: str) -> float | None:
    """The font size (mm on a card of design_size) that fits `text` on the title line, or
    None if it is too long even at the smallest size. Scales with the card like everything else."""
    title, font_file = style.title, style.font_file("caption")
    width = fonts.text_width(font_file, text, title.size)
    if width <= title.max_width:
        return title.size
    size = title.size * title.max_width / width
    return size if size >= title.min_size else None


def load_face_style(name_or_file: str | Path) -> FaceStyle:
    """A bundled style by name ('standard') or a user's YAML file; errors name file, line and field."""
    return _load_style_file(*find_data_file(name_or_file, FACES_DIR, "face style"))


def _load_style_file(path: Path, shown: str) -> FaceStyle:
    doc = load_extended(path, shown, FACES_DIR, "face style")
    style = validate(doc, FaceStyle)
    _check_arrangements(doc, style)
    _check_geometry(doc, style)
    _check_tones(doc, style)
    style._source, style._doc = shown, doc
    fonts_by_role = _resolve_fonts(doc, style)
    style._font_names = {role: name for role, (name, _) in fonts_by_role.items()}
    style._font_files = {role: file for role, (_, file) in fonts_by_role.items()}
    _check_glyphs(doc, style)
    style._pictures = _read_pictures(doc, style)
    return style


def _read_pictures(doc: YamlDocument, style: FaceStyle) -> dict[str, Picture]:
    """The pictures the style draws itself, on the front and on the back, each beside the
    file that names it (the style, or a style it extends)."""
    from cardgen.model.pictures import find_picture  # pillow loads only for a style with pictures

    found = {}
    symbols = [(f"symbol-{name}", getattr(style.symbols, name), ("symbols", name)) for name in SYMBOLS]
    for side, place, where in (
        ("front", style.picture, ("picture",)),
        ("back", style.back.picture, ("back", "picture")),
        *symbols,
    ):
        if place is None or place.file is None:
            continue
        field = (*where, "file") if doc.sets((*where, "file")) else where
        try:
            found[side] = find_picture(place.file, _folder_of(doc, (*where, "file")))
        except InputError as exc:
            raise doc.error(field, exc.message) from None
    return found


def _check_arrangements(doc: YamlDocument, style: FaceStyle) -> None:
    for count, positions in style.heads.arrangements.items():
        where = ("heads", "arrangements", count)
        if not 1 <= count <= 20:
            raise doc.error(where, Message("style.arranged_heads", low=1, high=20, value=count))
        if len(positions) != count:
            raise doc.error(where, Message("style.positions", count=count, given=len(positions)))


def _check_geometry(doc: YamlDocument, style: FaceStyle) -> None:
    design, panel = style.design_size, style.panel
    if 2 * panel.inset >= min(design.width, design.height):
        raise doc.error(("panel", "inset"), Message("style.no_room_for_panel"))
    if style.index.x < panel.inset + 1.5 or style.index.x > design.width / 2:
        between = Message("style.index_x", low=panel.inset + 1.5, high=design.width / 2)
        raise doc.error(("index", "x"), between)


def _check_tones(doc: YamlDocument, style: FaceStyle) -> None:
    if not style.tones:
        raise doc.error(("tones",), Message("style.no_tones"))
    for count in style.tones:
        if not 0 <= count <= 20:
            raise doc.error(("tones", count), Message("style.arranged_heads", low=0, high=20, value=count))
    for language, separator in style.joker.decimal_separator.items():
        if len(separator) != 1:
            raise doc.error(("joker", "decimal_separator", language), Message("style.one_character"))


def _folder_of(doc: YamlDocument, path: tuple[str, ...]) -> Path:
    folder = doc.folder_of(path)
    assert folder is not None, "a style is loaded from a file"
    return folder


def _resolve_fonts(doc: YamlDocument, style: FaceStyle) -> dict[str, tuple[str, Path]]:
    """Each role's font name and file; a file must lie where a style may name files and be
    a TrueType font reportlab can embed."""
    found = {}
    for role in FONT_ROLES:
        value = getattr(style.fonts, role)
        where = ("fonts", role)
        if value in fonts.BUNDLED:
            found[role] = (value, fonts.BUNDLED[value])
            continue
        try:
            file = confined_file(value, _folder_of(doc, where))
        except InputError as exc:  # a name no file can have
            raise doc.error(where, exc.message) from None
        if file is None:
            raise doc.error(where, Message("font.outside", name=value))
        if not file.is_file():
            raise doc.error(where, Message("font.no_file", name=value, bundled=list(fonts.BUNDLED)))
        try:
            fonts.characters(file)
        except InputError as exc:
            raise doc.error(where, exc.message) from None
        digest = hashlib.sha1(str(file).encode()).hexdigest()[:8]
        found[role] = (f"{file.stem}-{digest}", file)
    return found


def _check_glyphs(doc: YamlDocument, style: FaceStyle) -> None:
    needs = {
        "value": LABEL_CHARACTERS,
        "index": LABEL_CHARACTERS,
        "caption": "".join(c.caption.text for c in (style.zero, style.joker) if c.caption) + style.back.title,
    }
    for role, text in needs.items():
        missing = fonts.missing_glyphs(style.font_file(role), text)
        if missing:
            raise doc.error(
                ("fonts", role),
                Message("font.no_glyphs", font=getattr(style.fonts, role), missing=fonts.shown(missing)),
            )
