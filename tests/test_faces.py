"""Card faces and backs as a player sees them: values readable, full bleed, the right
number of bull heads, and clear errors for a bad style file."""

import io
import re
from decimal import Decimal

import pypdf
import pypdfium2
import pytest
from pdfcheck import text_runs
from PIL import ImageChops
from reportlab.pdfgen.canvas import Canvas

from cardgen.errors import InputError
from cardgen.model.cards import Card, bundled_set_names, load_card_set
from cardgen.model.faces import FACES_DIR, bundled_face_names, load_face_style
from cardgen.render import fonts
from cardgen.render.faces import MM, CardPainter
from cardgen.texts import LANGUAGES, sheet_strings

CARD = (56 * MM, 87 * MM)
BLEED = 2.5 * MM
ALL_CARDS = [card for name in bundled_set_names() for card in load_card_set(name).cards]


@pytest.fixture(scope="module")
def style():
    return load_face_style("standard")


def draw(style, cards, lang="en", size=CARD, bleed=BLEED, margin=20.0, backs=False, rotate180=False):
    """One card (or back) per page, the trim box at (margin, margin); returns the PDF bytes."""
    fonts.register(fonts.DEFAULT_FONT)
    buffer = io.BytesIO()
    page = (size[0] + 2 * margin, size[1] + 2 * margin)
    canvas = Canvas(buffer, pagesize=page, invariant=1, initialFontName=fonts.DEFAULT_FONT)
    painter = CardPainter(canvas, style, lang)
    for card in cards:
        if backs:
            painter.back(margin, margin, size[0], size[1], bleed, rotate180=rotate180)
        else:
            painter.front(card, margin, margin, size[0], size[1], bleed, rotate180=rotate180)
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def biggest_texts(content: bytes) -> list[str]:
    """On each page, the text drawn at the largest size: the card's big value (None on a page without text)."""
    return [max((run.size, run.text) for run in runs)[1] if runs else None for runs in text_runs(content)]


def card(kind, value, heads, card_id="T1"):
    return Card(id=card_id, kind=kind, value=value, heads=heads)


def test_every_bundled_card_draws_and_its_value_reads_back(style):
    biggest = biggest_texts(draw(style, ALL_CARDS))
    assert len(biggest) == len(ALL_CARDS) == 121
    for text, drawn in zip(biggest, ALL_CARDS):
        assert text == drawn.label(), drawn.id


@pytest.mark.parametrize("lang", LANGUAGES)
def test_joker_decimal_separator_follows_the_language(style, lang):
    joker = card("joker", Decimal("0.4"), 1, "J0.4")
    shown = f"0{sheet_strings(lang)['decimal_separator']}4"
    content = draw(style, [joker], lang=lang)
    page = pypdf.PdfReader(io.BytesIO(content)).pages[0]
    assert biggest_texts(content) == [shown]
    assert page.extract_text().count(shown) == 3  # the big value and both corner indices


@pytest.mark.parametrize("name", bundled_face_names())
def test_every_bundled_style_draws_every_kind_of_card(name):
    bundled = load_face_style(name)
    drawn = [ALL_CARDS[0], ALL_CARDS[20], ALL_CARDS[-1], card("blank", 0, 0)]
    assert biggest_texts(draw(bundled, drawn))[:3] == [c.label() for c in drawn[:3]]
    assert pypdf.PdfReader(io.BytesIO(draw(bundled, [None], backs=True))).pages[0].extract_text().count("cardgen") == 2


def test_only_embedded_truetype_fonts(style):
    reader = pypdf.PdfReader(io.BytesIO(draw(style, ALL_CARDS[:3] + ALL_CARDS[-3:])))
    for page in reader.pages:
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            assert font["/Subtype"] == "/TrueType"
            assert "/FontFile2" in font["/FontDescriptor"].get_object()


def test_drawing_is_deterministic(style):
    assert draw(style, ALL_CARDS[:12]) == draw(style, ALL_CARDS[:12])


# -- full bleed, checked on the rendered pixels -------------------------------------

DPI = 144
PX = DPI / 72


def rendered(pdf: bytes, page=0):
    document = pypdfium2.PdfDocument(pdf)
    image = document[page].render(scale=PX).to_pil().convert("RGB")
    document.close()
    return image


def hex_rgb(value: str):
    return tuple(int(value[i : i + 2], 16) for i in (1, 3, 5))


def close(pixel, colour, tolerance=6):
    return all(abs(a - b) <= tolerance for a, b in zip(pixel, colour))


def bleed_edges(size, margin, bleed):
    """Pixel coordinates just inside and just outside each side of the bleed box (image y down)."""
    page_height = size[1] + 2 * margin
    left, right = (margin - bleed) * PX, (margin + size[0] + bleed) * PX
    top, bottom = (page_height - margin - size[1] - bleed) * PX, (page_height - margin + bleed) * PX
    middle_x, middle_y = (left + right) / 2, (top + bottom) / 2
    inside = {
        "left": (left + 2, middle_y),
        "right": (right - 3, middle_y),
        "top": (middle_x, top + 2),
        "bottom": (middle_x, bottom - 3),
    }
    outside = {
        "left": (left - 3, middle_y),
        "right": (right + 2, middle_y),
        "top": (middle_x, top - 3),
        "bottom": (middle_x, bottom + 2),
    }
    # corners too: the background fills the bleed box's corners, nothing beyond
    inside.update({"corner": (left + 2, top + 2), "corner2": (right - 3, bottom - 3)})
    outside.update({"corner": (left - 3, top - 3), "corner2": (right + 2, bottom + 2)})
    return inside, outside


def no_ink_outside(image, size, margin, bleed):
    """Every pixel outside the bleed box (with a pixel of antialiasing) is still white paper."""
    page_height = size[1] + 2 * margin
    box = (
        int((margin - bleed) * PX) - 1,
        int((page_height - margin - size[1] - bleed) * PX) - 1,
        int((margin + size[0] + bleed) * PX) + 2,
        int((page_height - margin + bleed) * PX) + 2,
    )
    width, height = image.size
    pixels = image.load()
    for y in range(0, height, 2):
        for x in range(0, width, 2):
            if box[0] <= x < box[2] and box[1] <= y < box[3]:
                continue
            if pixels[x, y] != (255, 255, 255):
                return (x, y)
    return None


@pytest.mark.parametrize(
    "drawn",
    [
        card("number", 1, 1),
        card("number", 55, 7),
        card("zero", 0, 0),
        card("joker", Decimal("0.4"), 1),
        card("blank", 0, 0),
    ],
    ids=["1", "55", "zero", "joker", "blank"],
)
@pytest.mark.parametrize("rotate180", [False, True])
def test_face_background_fills_the_bleed_and_nothing_lies_beyond(style, drawn, rotate180):
    margin = 20.0
    image = rendered(draw(style, [drawn], margin=margin, rotate180=rotate180))
    if drawn.kind in ("zero", "joker"):
        border = getattr(style, drawn.kind).tone.border
    elif drawn.kind == "blank":
        border = style.blank.border
    else:
        border = style.tone_for(drawn.heads).border
    inside, outside = bleed_edges(CARD, margin, BLEED)
    for side, point in inside.items():
        assert close(image.getpixel(point), hex_rgb(border)), f"no background at the {side} bleed edge"
    for side, point in outside.items():
        assert image.getpixel(point) == (255, 255, 255), f"ink beyond the {side} bleed edge"
    assert no_ink_outside(image, CARD, margin, BLEED) is None


@pytest.mark.parametrize("size", [(56, 87), (63, 88), (44, 68)])
def test_back_fills_the_bleed_for_any_card_size(style, size):
    size_pt = (size[0] * MM, size[1] * MM)
    margin = 20.0
    image = rendered(draw(style, [None], size=size_pt, margin=margin, backs=True))
    inside, outside = bleed_edges(size_pt, margin, BLEED)
    background = hex_rgb(style.back.background)
    pattern = hex_rgb(style.back.pattern)
    for side, point in inside.items():
        pixel = image.getpixel(point)
        assert close(pixel, background, 12) or close(pixel, pattern, 12), f"no back colour at the {side} edge"
    assert no_ink_outside(image, size_pt, margin, BLEED) is None


@pytest.mark.parametrize("size", [(63, 88), (44, 68)])
def test_other_card_sizes_keep_everything_inside(style, size):
    size_pt = (size[0] * MM, size[1] * MM)
    pdf = draw(style, [card("number", 104, 1), card("number", 55, 7), card("joker", Decimal("0.9"), 1)], size=size_pt)
    assert biggest_texts(pdf) == ["104", "55", "0.9"]
    for page in range(3):
        assert no_ink_outside(rendered(pdf, page), size_pt, 20.0, BLEED) is None


# -- bull heads -------------------------------------------------------------------


def form_uses(pdf: bytes, page: int, name: str) -> int:
    content = pypdf.PdfReader(io.BytesIO(pdf)).pages[page].get_contents().get_data().decode("latin-1")
    return len(re.findall(rf"/FormXob\.cardgen-{name} Do", content))


@pytest.mark.parametrize("heads", [1, 2, 3, 4, 5, 6, 7])
def test_number_card_shows_as_many_bull_heads_as_it_counts(style, heads):
    pdf = draw(style, [card("number", 10, heads)])
    assert form_uses(pdf, 0, "bull") == heads + 1  # one more: the faint bull behind the value


@pytest.mark.parametrize("kind, emblem", [("zero", "zero"), ("joker", "joker")])
@pytest.mark.parametrize("heads", [0, 1, 2])
def test_zero_and_joker_show_their_heads_and_emblem(style, kind, emblem, heads):
    value = 0 if kind == "zero" else Decimal("0.3")
    pdf = draw(style, [card(kind, value, heads)])
    assert form_uses(pdf, 0, "bull") == heads
    assert form_uses(pdf, 0, emblem) == 1


def test_bundled_heads_arrangements_have_one_position_per_head(style):
    for count in (1, 2, 3, 5, 7):
        positions = style.positions_for(count)
        assert len(positions) == count == len(set(positions))


def test_pictures_are_defined_once_however_often_used(style):
    pdf = draw(style, ALL_CARDS[:30])
    reader = pypdf.PdfReader(io.BytesIO(pdf))
    bulls = {page["/Resources"]["/XObject"].raw_get("/FormXob.cardgen-bull").idnum for page in reader.pages}
    assert len(bulls) == 1


def test_two_painters_on_one_canvas_share_the_forms(style):
    fonts.register(fonts.DEFAULT_FONT)
    buffer = io.BytesIO()
    canvas = Canvas(buffer, invariant=1, initialFontName=fonts.DEFAULT_FONT)
    for lang in LANGUAGES[:2]:
        painter = CardPainter(canvas, style, lang)
        painter.front(ALL_CARDS[0], 50, 50, *CARD, BLEED)
        painter.back(250, 50, *CARD, BLEED)
    canvas.showPage()
    canvas.save()
    reader = pypdf.PdfReader(buffer)
    forms = sorted(name.split("-")[1] for name in reader.pages[0]["/Resources"]["/XObject"])
    assert forms == ["back", "bull", "joker", "panel"]
    assert (
        form_uses(buffer.getvalue(), 0, "bull") == 2
    )  # the joker's head, twice; the backs' bulls are inside their form


# -- bad style files ----------------------------------------------------------------

STANDARD = (FACES_DIR / "standard.yaml").read_text(encoding="utf-8")


def style_error(tmp_path, text: str, name="mine.yaml") -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    with pytest.raises(InputError) as caught:
        load_face_style(path)
    message = str(caught.value)
    assert "\n" not in message and message.startswith(str(path))
    return message


def test_unknown_field_names_file_line_and_field(tmp_path):
    message = style_error(tmp_path, STANDARD.replace("  from_top: 9.6", "  from_top: 9.6\n  form_bottom: 3"))
    line = STANDARD.splitlines().index("  from_top: 9.6") + 2
    assert f"line {line}, field heads.form_bottom" in message and "not a known field" in message


def test_missing_field(tmp_path):
    message = style_error(tmp_path, STANDARD.replace("  symbol: 6.6\n", ""))
    assert "field heads.symbol: is missing" in message


def test_negative_size(tmp_path):
    message = style_error(tmp_path, STANDARD.replace("value: {size: 30,", "value: {size: -30,"))
    assert "field value.size: must be more than 0" in message


def test_absurd_size(tmp_path):
    message = style_error(tmp_path, STANDARD.replace("medallion_width: 34", "medallion_width: 3400"))
    assert "field back.medallion_width: must be at most 300" in message


def test_wrong_type_and_bad_colour(tmp_path):
    assert "field index.size: must be a number" in style_error(tmp_path, STANDARD.replace("size: 5.6,", "size: big,"))
    message = style_error(tmp_path, STANDARD.replace('background: "#6e1c28"', 'background: "dark red"'))
    assert "field back.background: must be a colour written #rrggbb" in message


def test_corner_index_outside_the_panel(tmp_path):
    message = style_error(tmp_path, STANDARD.replace("x: 8.4,", "x: 1.0,"))
    assert "field index.x: must lie between 4.5 (the panel's edge) and 28" in message


def test_arrangement_with_the_wrong_number_of_positions(tmp_path):
    message = style_error(tmp_path, STANDARD.replace("2: [[-4.0, 0], [4.0, 0]]", "2: [[-4.0, 0]]"))
    assert "field heads.arrangements[2]: 2 bull heads need 2 positions, not 1" in message


def test_missing_font_file(tmp_path):
    message = style_error(tmp_path, STANDARD.replace("value: Vera-Bold", "value: fonts/Nowhere.ttf"))
    assert "field fonts.value: there is no font file fonts/Nowhere.ttf" in message


def test_an_opentype_font_with_postscript_outlines_says_so_and_suggests_the_truetype_one(tmp_path):
    (tmp_path / "Fancy.otf").write_bytes(b"OTTO" + bytes(100))
    message = style_error(tmp_path, STANDARD.replace("index: Vera-Bold", "index: Fancy.otf"))
    assert "field fonts.index: Fancy.otf: this OpenType font has PostScript (CFF) outlines" in message
    assert "reportlab cannot embed; use the TrueType version of the font (.ttf) instead" in message


def test_a_font_file_larger_than_any_font_is_refused_before_it_is_read(tmp_path):
    with (tmp_path / "Huge.ttf").open("wb") as sparse:  # 2.5 GB on paper, nothing on the disk
        sparse.truncate(2_500_000_000)
    message = style_error(tmp_path, STANDARD.replace("index: Vera-Bold", "index: Huge.ttf"))
    assert "field fonts.index: Huge.ttf: this font file is 2500 MB; a font may have at most 50 MB" in message


def test_a_font_that_is_neither_ttf_nor_otf_is_refused(tmp_path):
    (tmp_path / "Fancy.woff").write_bytes(b"wOFF" + bytes(100))
    message = style_error(tmp_path, STANDARD.replace("index: Vera-Bold", "index: Fancy.woff"))
    assert "field fonts.index: Fancy.woff: only TrueType (.ttf) fonts can be embedded, not .woff" in message


def test_an_opentype_font_with_truetype_outlines_is_embedded(tmp_path):
    (tmp_path / "Vera.otf").write_bytes(fonts.BUNDLED["Vera"].read_bytes())
    style_file = tmp_path / "mine.yaml"
    style_file.write_text(STANDARD.replace("caption: Vera-Bold", "caption: Vera.otf"))
    assert load_face_style(style_file).font_file("caption") == (tmp_path / "Vera.otf").resolve()


def test_broken_ttf_file(tmp_path):
    (tmp_path / "Broken.ttf").write_bytes(b"not a font at all")
    message = style_error(tmp_path, STANDARD.replace("caption: Vera-Bold", "caption: Broken.ttf"))
    assert "field fonts.caption:" in message and "not a TrueType font" in message


def test_font_outside_the_data_folders(tmp_path):
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    (outside / "Vera.ttf").write_bytes(fonts.BUNDLED["Vera"].read_bytes())
    inside = tmp_path / "style"
    inside.mkdir()
    message = style_error(inside, STANDARD.replace("value: Vera-Bold", "value: ../elsewhere/Vera.ttf"))
    assert "field fonts.value: the font file ../elsewhere/Vera.ttf lies outside" in message


def test_font_beside_the_style_is_used(tmp_path):
    (tmp_path / "MyVera.ttf").write_bytes(fonts.BUNDLED["Vera-Bold"].read_bytes())
    path = tmp_path / "mine.yaml"
    path.write_text(STANDARD.replace("value: Vera-Bold", "value: MyVera.ttf"), encoding="utf-8")
    mine = load_face_style(path)
    assert biggest_texts(draw(mine, [card("number", 42, 1)])) == ["42"]


def test_caption_with_a_glyph_the_font_lacks(tmp_path):
    message = style_error(tmp_path, STANDARD.replace('text: "JOKER"', 'text: "JO\u202fKER"'))
    assert "field fonts.caption: the font Vera-Bold has no glyph for '\\u202f'" in message


def test_unknown_language_for_the_joker(style):
    with pytest.raises(
        InputError, match=f"the language 'it' is not one of {', '.join(LANGUAGES[:-1])}, or {LANGUAGES[-1]}"
    ):
        CardPainter(Canvas(io.BytesIO()), style, "it")


def test_a_style_may_write_the_joker_with_its_own_decimal_separator(tmp_path):
    path = tmp_path / "mine.yaml"
    path.write_text(
        STANDARD.replace(
            'caption: {text: "JOKER", size: 5.0, y: -25}',
            'caption: {text: "JOKER", size: 5.0, y: -25}\n  decimal_separator: {en: ","}',
        ),
        encoding="utf-8",
    )
    joker = card("joker", Decimal("0.4"), 1, "J0.4")
    style = load_face_style(path)
    assert [biggest_texts(draw(style, [joker], lang=lang)) for lang in ("en", "de")] == [["0,4"], ["0,4"]]


# -- numbers that read as another card upside down ------------------------------------

from cardgen.model.turnable import is_ambiguous, turned_reading  # noqa: E402


@pytest.mark.parametrize(
    "label, turned",
    [
        ("6", "9"),
        ("9", "6"),
        ("16", "91"),
        ("18", "81"),
        ("19", "61"),
        ("66", "99"),
        ("68", "89"),
        ("86", "98"),
        ("69", "69"),
        ("88", "88"),
        ("101", "101"),
        ("10", "01"),
        ("7", None),
        ("56", None),
        ("0.6", None),
        ("0,9", None),
        ("", None),
    ],
)
def test_turned_reading(label, turned):
    assert turned_reading(label) == turned


@pytest.mark.parametrize("label", ["6", "9", "16", "91", "18", "81", "19", "61", "66", "99", "68", "89", "86", "98"])
def test_numbers_that_read_as_another_card_are_ambiguous(label):
    assert is_ambiguous(label)


@pytest.mark.parametrize(
    "label",
    [
        "69",
        "96",
        "88",
        "11",
        "101",
        "1",
        "8",
        "10",
        "60",
        "90",
        "100",
        "7",
        "55",
        "104",
        "0",
        "0.6",
        "0.9",
        "0,6",
        "0,9",
    ],
)
def test_numbers_that_turn_into_themselves_or_no_card_are_not(label):
    assert not is_ambiguous(label)


def test_the_set_being_printed_adds_its_own_numbers():
    assert not is_ambiguous("161") and not is_ambiguous("106")  # 191 and 901: no card of 1–104
    assert is_ambiguous("161", ["161", "191"]) and is_ambiguous("191", ["161", "191"])
    assert not is_ambiguous("106", [str(n) for n in range(1, 201)])  # 901: none of 1–200


def test_numbers_marked_in_the_bundled_deck():
    deck = [c.label() for c in load_card_set("numbered").cards]
    marked = [label for label in deck if is_ambiguous(label, deck)]
    assert marked == ["6", "9", "16", "18", "19", "61", "66", "68", "81", "86", "89", "91", "98", "99"]


def bars(pdf: bytes, page=0) -> int:
    """Filled rectangles drawn straight on the page (the background is one of them)."""
    content = pypdf.PdfReader(io.BytesIO(pdf)).pages[page].get_contents().get_data().decode("latin-1")
    return len(re.findall(r" re f\b", content))


def test_six_and_nine_get_a_bar_under_the_value_and_both_indices(style):
    pdf = draw(style, [card("number", n, 1) for n in (6, 9, 7, 69, 101)])
    counts = [bars(pdf, page) for page in range(5)]
    assert counts[0] == counts[1] == counts[2] + 3 == counts[3] + 3 == counts[4] + 3


def test_no_bar_when_the_style_says_none(tmp_path):
    path = tmp_path / "plain.yaml"
    path.write_text(
        STANDARD.replace("mark_turnable: {style: underline", "mark_turnable: {style: none"), encoding="utf-8"
    )
    plain = load_face_style(path)
    pdf = draw(plain, [card("number", 6, 1), card("number", 7, 1)])
    assert bars(pdf, 0) == bars(pdf, 1)


def test_a_style_without_the_field_marks_by_default(tmp_path):
    path = tmp_path / "old.yaml"
    path.write_text(
        "\n".join(line for line in STANDARD.splitlines() if not line.startswith("mark_turnable")), encoding="utf-8"
    )
    old = load_face_style(path)
    assert old.mark_turnable.style == "underline"
    pdf = draw(old, [card("number", 9, 1), card("number", 7, 1)])
    assert bars(pdf, 0) == bars(pdf, 1) + 3


def test_bad_mark_style(tmp_path):
    message = style_error(tmp_path, STANDARD.replace("mark_turnable: {style: underline", "mark_turnable: {style: dot"))
    assert "field mark_turnable.style: must be one of 'underline' or 'none', not 'dot'" in message


def ink_rows(image, box, ink, tolerance=40):
    """Image rows (y down) inside `box` holding a pixel close to the ink colour."""
    left, top, right, bottom = box
    pixels = image.load()
    return sorted({y for y in range(top, bottom) for x in range(left, right) if close(pixels[x, y], ink, tolerance)})


def differing_pixels(one, other):
    """(x, y) of every pixel where two images of one size differ, row by row."""
    changed = ImageChops.difference(one, other).point(lambda v: 255 if v else 0).convert("L").tobytes()
    return [divmod(found.start(), one.width)[::-1] for found in re.finditer(rb"[^\x00]", changed)]


@pytest.mark.parametrize("rotate180", [False, True])
def test_the_bar_lies_under_the_digits_in_each_index_and_inside_the_panel(style, tmp_path, rotate180):
    path = tmp_path / "plain.yaml"
    path.write_text(
        STANDARD.replace("mark_turnable: {style: underline", "mark_turnable: {style: none"), encoding="utf-8"
    )
    plain = load_face_style(path)
    margin = 20.0
    ink = hex_rgb(style.tone_for(1).ink)
    six = card("number", 6, 1)
    marked = rendered(draw(style, [six], margin=margin, rotate180=rotate180))
    unmarked = rendered(draw(plain, [six], margin=margin, rotate180=rotate180))
    bars = [  # a bar's pixel has the ink in one image and not in the other, so the two differ there
        (x, y)
        for x, y in differing_pixels(marked, unmarked)
        if close(marked.getpixel((x, y)), ink, 40) and not close(unmarked.getpixel((x, y)), ink, 40)
    ]
    panel = style.panel.inset * MM * PX
    left, top = margin * PX + panel, margin * PX + panel
    right, bottom = (margin + CARD[0]) * PX - panel, (margin + CARD[1]) * PX - panel
    assert bars and all(left < x < right and top < y < bottom for x, y in bars)
    # three bars: under the big value, and under each index as it reads; on the page,
    # the upper index's bar lies below its digits, the lower (upside down) one's above them
    corner, inner = 16 * MM * PX, 4  # inner: pixels clear of the panel's outline
    upper_box = (int(left) + inner, int(top) + inner, int(left + corner / 2), int(top + corner))
    lower_box = (int(right - corner / 2), int(bottom - corner), int(right) - inner, int(bottom) - inner)
    middle = [y for x, y in bars if top + corner < y < bottom - corner]
    upper = [y for x, y in bars if upper_box[0] <= x < upper_box[2] and upper_box[1] <= y < upper_box[3]]
    lower = [y for x, y in bars if lower_box[0] <= x < lower_box[2] and lower_box[1] <= y < lower_box[3]]
    assert middle and upper and lower and len(middle) + len(upper) + len(lower) == len(bars)
    big_digits = ink_rows(
        unmarked, (int(left) + inner, int(top + corner), int(right) - inner, int(bottom - corner)), ink
    )
    if rotate180:  # the card's own 'under' is the page's 'above'
        assert max(middle) < min(big_digits)
    else:
        assert min(middle) > max(big_digits)
    # the top-left index on the page reads upright, whichever way the card is turned
    assert min(upper) > max(ink_rows(unmarked, upper_box, ink))
    assert max(lower) < min(ink_rows(unmarked, lower_box, ink))


def test_the_painter_marks_numbers_that_read_as_a_card_of_its_own_set(style):
    pair = [card("number", 161, 1, "161"), card("number", 191, 1, "191")]
    fonts.register(fonts.DEFAULT_FONT)
    counts = []
    for known in ((), pair):
        buffer = io.BytesIO()
        canvas = Canvas(buffer, invariant=1, initialFontName=fonts.DEFAULT_FONT)
        CardPainter(canvas, style, "en", cards=known).front(pair[0], 20, 20, *CARD, BLEED)
        canvas.showPage()
        canvas.save()
        counts.append(bars(buffer.getvalue()))
    assert counts[1] == counts[0] + 3
