"""A card's `text:` in its style's text box: paragraphs, **bold**, *italic* and {bull},
broken into lines and shrunk to fit; a text that cannot fit, a glyph a font lacks or a
marker left open stops the build in one line naming the card, and verify fails the set."""

from __future__ import annotations

from pathlib import Path

import pypdf
import pytest
from clirun import cardgen_in_process
from pdfcheck import positioned_texts, text_runs

from cardgen.formats import MM
from cardgen.model.cards import Card
from cardgen.model.faces import TEXT_FONTS, bundled_face_names, load_face_style
from cardgen.model.shapes import Box
from cardgen.model.textbox import lay_out, pieces

LONG = "A long text that goes on and on, to see it shrink: the lowest card takes {bull} from each row it touches."


def _files():
    style = load_face_style("standard")
    return {face: style.font_file(role) for face, role in TEXT_FONTS.items()}


def test_markers_make_faces_and_blank_lines_paragraphs():
    assert pieces("a **b *c*** d\n\n{bull} e") == [
        [("a ", "regular", False), ("b ", "bold", False), ("c", "bold_italic", False), (" d", "regular", False)],
        [("{bull}", "regular", True), (" e", "regular", False)],
    ]
    with pytest.raises(ValueError, match=r"leaves \*\* open"):
        pieces("**bold that never ends")


def test_a_long_text_shrinks_to_fit_and_a_longer_one_does_not():
    short = lay_out("Short.", _files(), 3.0, 1.8, 44, 11)
    assert short is not None and short.size == 3.0 and len(short.lines) == 1
    long = lay_out(LONG, _files(), 3.0, 1.8, 44, 11)
    assert long is not None and 1.8 <= long.size < 3.0 and long.height <= 11
    assert all(line.width <= 44 for line in long.lines) and len(long.lines) > 2
    assert lay_out(LONG * 3, _files(), 3.0, 1.8, 44, 11) is None


def _set(tmp_path: Path, text: str, faces: str = "") -> Path:
    quoted = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    faces_line = "faces: faces.yaml\n" if faces else ""
    if faces:
        (tmp_path / "faces.yaml").write_text(f"extends: standard\nname: mine\n{faces}")
    file = tmp_path / "texts.yaml"
    file.write_text(
        f'name: texts\ntitle: Texts\n{faces_line}cards:\n  - {{id: T1, kind: number, value: 105, heads: 2, text: "{quoted}"}}\n'
    )
    return file


def _build(set_file: Path, out: Path):
    return cardgen_in_process("build", "--set", set_file, "-o", out)


def test_a_text_is_printed_in_its_fonts_with_its_bulls(tmp_path):
    set_file = _set(tmp_path, "When you play it, **take** a row.\n\n*Worth* {bull}{bull} more.")
    ran = _build(set_file, tmp_path / "out")
    assert ran.returncode == 0, ran.stderr
    content = (tmp_path / "out" / "texts-duplex.pdf").read_bytes()
    words = [text for text, _, _ in positioned_texts(content, 0)]
    assert {"When", "take", "Worth", "more."} <= set(words)
    page = pypdf.PdfReader(tmp_path / "out" / "texts-duplex.pdf").pages[0]
    fonts = {str(font["/BaseFont"]) for font in page["/Resources"]["/Font"].values()}
    assert any(name.endswith("-Bold") for name in fonts) and any(name.endswith("-Oblique") for name in fonts), fonts
    drawn = page.get_contents().get_data().count(b"/FormXob.cardgen-bull Do")
    assert drawn == 2 + 2 + 1  # its two bull heads, the text's two, the watermark
    assert cardgen_in_process("verify", tmp_path / "out" / "texts-duplex.pdf", "--set", set_file).returncode == 0


@pytest.mark.parametrize("align", ["left", "right"])
def test_the_style_aligns_the_lines(tmp_path, align):
    set_file = _set(tmp_path, "Wide words here.\nOne.", faces=f"text: {{align: {align}}}\n")
    assert _build(set_file, tmp_path / "out").returncode == 0
    found = {text: x for text, x, _ in positioned_texts((tmp_path / "out" / "texts-duplex.pdf").read_bytes(), 0)}
    if align == "left":
        assert abs(found["Wide"] - found["One."]) < 0.01
    else:
        assert found["One."] > found["Wide"] + 5


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            LONG * 3,
            "field cards[0].text: card T1's text does not fit the text box of templates/faces/standard.yaml (44 × 11 mm) even at 1.8 mm",
        ),
        ("a **bold", "field cards[0].text: card T1's text: a paragraph leaves ** open: close it"),
        (
            "a snowman ☃",
            "field cards[0].text: the font Vera of templates/faces/standard.yaml (fonts.text) has no glyph for '☃'",
        ),
        ("{bull}" * 10_000, "field cards[0].text: must have at most 2000 characters"),
    ],
    ids=["too long", "open marker", "missing glyph", "10,000 bulls"],
)
def test_a_text_that_cannot_be_printed_is_one_line_and_nothing_is_written(tmp_path, text, message):
    set_file = _set(tmp_path, text)
    ran = _build(set_file, tmp_path / "out")
    assert ran.returncode == 2
    assert len(ran.stderr.strip().splitlines()) == 1
    assert message in ran.stderr, ran.stderr
    assert not (tmp_path / "out").exists()


def test_verify_fails_a_set_whose_text_does_not_fit(tmp_path):
    ran = cardgen_in_process("verify", _set(tmp_path, LONG * 3), "--games", 1)
    assert ran.returncode == 1
    assert "card T1's text does not fit the text box" in ran.stdout


def test_a_table_cell_holds_a_text_of_several_lines(tmp_path):
    (tmp_path / "cards.csv").write_text('id,kind,value,heads,text\nT1,number,105,1,"First line\nsecond **line**"\n')
    (tmp_path / "texts.yaml").write_text("name: texts\ntitle: Texts\ncards: cards.csv\n")
    ran = _build(tmp_path / "texts.yaml", tmp_path / "out")
    assert ran.returncode == 0, ran.stderr
    words = {text for text, _, _ in positioned_texts((tmp_path / "out" / "texts-duplex.pdf").read_bytes(), 0)}
    assert {"First", "second", "line"} <= words


THREE_LINES = "First line of the text\\nsecond line\\nthird line"
GREEN = (0, 160, 0)


def _picture_card(folder: Path, faces: str, text: str = THREE_LINES, extra: str = "") -> Path:
    """A set of one card with a photo (a tall green strip, so that it fills its picture area
    from top to bottom) and a text, in the style `faces`."""
    from PIL import Image

    Image.new("RGB", (300, 1200), GREEN).save(folder / "strip.png", dpi=(300, 300))
    file = folder / "photo.yaml"
    card = f'{{id: P1, kind: number, value: 105, heads: 2, picture: strip.png, text: "{text}"{extra}}}'
    file.write_text(f"name: photo\ntitle: Photo\nfaces: {faces}\ncards:\n  - {card}\n")
    return file


def _green_rows_mm(content: bytes, dpi: int = 150) -> tuple[float, float]:
    """The lowest and highest green on the first page, in mm from its bottom edge."""
    import pypdfium2

    page = pypdfium2.PdfDocument(content)[0]
    image = page.render(scale=dpi / 72).to_pil().convert("RGB")
    green = [y for y in range(image.height) for x in range(0, image.width, 4) if image.getpixel((x, y)) == GREEN]
    height_mm = image.height * 25.4 / dpi
    return height_mm - (max(green) + 1) * 25.4 / dpi, height_mm - min(green) * 25.4 / dpi


@pytest.mark.parametrize("style", bundled_face_names())
def test_in_every_bundled_style_a_cards_text_prints_below_its_photo_not_on_it(tmp_path, style):
    ran = _build(_picture_card(tmp_path, style), tmp_path / "out")
    assert ran.returncode == 0 and "text box" not in ran.stderr, ran.stderr
    content = (tmp_path / "out" / "photo-duplex.pdf").read_bytes()
    photo_bottom, photo_top = _green_rows_mm(content)
    assert photo_top - photo_bottom > 30  # the photo is there, its picture area's height
    runs = [run for run in text_runs(content)[0] if run.text in ("First", "second", "third")]
    assert [run.text for run in runs] == ["First", "second", "third"]
    first_line_top = runs[0].y + 0.76 * runs[0].size / MM  # Vera's ascent above the baseline, in mm
    assert first_line_top < photo_bottom - 0.5, (first_line_top, photo_bottom)


def test_every_bundled_and_example_style_leaves_a_cards_text_box_clear_of_its_picture_area():
    texted = Card(id="P1", kind="number", value=105, heads=1, text="Some words")
    styles = [load_face_style(name) for name in bundled_face_names()]
    styles += [load_face_style(path) for path in sorted(Path("examples").rglob("*faces*.yaml"))]
    for style in styles:
        assert style.front_box(texted).overlap(style.text.box) == 0, style.source


def test_a_card_without_a_text_keeps_the_watermarks_square_for_its_picture():
    style = load_face_style("standard")
    plain = Card(id="P1", kind="number", value=105, heads=1)
    assert style.front_box(plain) == Box(y=-3, width=44, height=44)
    texted = style.front_box(plain.model_copy(update={"text": "Some words"}))
    assert texted == Box(y=2.25, width=44, height=33.5)  # from 1 mm above the text box to the square's top


def test_a_style_whose_text_box_reaches_into_its_picture_area_is_warned_of_at_its_field(tmp_path):
    (tmp_path / "mine.yaml").write_text(
        "extends: standard\nname: mine\n# as large as the watermark\npicture: {box: {x: 0, y: -3, width: 44, height: 44}}\n"
    )
    set_file = _picture_card(tmp_path, "mine.yaml")
    ran = _build(set_file, tmp_path / "out")
    assert ran.returncode == 0 and (tmp_path / "out" / "photo-duplex.pdf").exists()
    assert ran.stderr.splitlines() == [
        f"cardgen: warning: {tmp_path / 'mine.yaml'}, line 4, field picture.box: the text box (text.box) reaches "
        "9.5 mm into the picture area (picture.box), so the text of card P1 prints on its picture; move the boxes "
        "apart, or give the text a halo (halo.texts) if it is meant to lie on the picture."
    ]
    verified = cardgen_in_process("verify", set_file, "--games", 1)
    assert "INFO  set.pictures: " in verified.stdout and "line 4, field picture.box: the text box" in verified.stdout
    german = cardgen_in_process("build", "--set", set_file, "-o", tmp_path / "de", "--lang", "de")
    assert "Feld picture.box: Der Textbereich (text.box) ragt 9,5 mm in den Bildbereich" in german.stderr


@pytest.mark.parametrize(
    ("style", "extra"),
    [
        ("picture: {box: {x: 0, y: -3, width: 44, height: 44}}\nhalo: {texts: [value, text]}\n", ""),
        ("text: {box: {y: -5, width: 44, height: 11}}\n", ""),  # the picture area left above it
        ("", ", box: {width: 56, height: 87}, fit: cover"),  # a full-art card: its own choice
    ],
    ids=["a halo on the text", "a text box moved", "a card's own box"],
)
def test_a_text_meant_to_lie_on_a_picture_or_clear_of_it_is_not_warned_of(tmp_path, style, extra):
    (tmp_path / "mine.yaml").write_text(f"extends: standard\nname: mine\n{style}")
    ran = _build(_picture_card(tmp_path, "mine.yaml", extra=extra), tmp_path / "out")
    assert ran.returncode == 0 and "text box" not in ran.stderr, ran.stderr
