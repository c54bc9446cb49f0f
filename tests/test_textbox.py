"""A card's `text:` in its style's text box: paragraphs, **bold**, *italic* and {bull},
broken into lines and shrunk to fit; a text that cannot fit, a glyph a font lacks or a
marker left open stops the build in one line naming the card, and verify fails the set."""

from __future__ import annotations

from pathlib import Path

import pypdf
import pytest
from clirun import cardgen_in_process
from pdfcheck import positioned_texts

from cardgen.model.faces import TEXT_FONTS, load_face_style
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
