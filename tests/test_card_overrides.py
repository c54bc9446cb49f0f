"""What a card changes of its style for itself alone: its picture's box and fit, its ink
and its background; in YAML and as table columns (`box.width` …)."""

from __future__ import annotations

from pathlib import Path

import pypdfium2
import pytest
from clirun import cardgen_in_process
from PIL import Image

PURPLE = (120, 20, 160)


def _build(tmp_path: Path, cards: str) -> tuple[Image.Image, str]:
    Image.new("RGB", (600, 600), PURPLE).save(tmp_path / "purple.png", dpi=(300, 300))
    (tmp_path / "own.yaml").write_text(f"name: own\ntitle: Own\ncards:\n{cards}")
    ran = cardgen_in_process("build", "--set", tmp_path / "own.yaml", "-o", tmp_path / "out")
    assert ran.returncode == 0, ran.stderr
    page = pypdfium2.PdfDocument(tmp_path / "out" / "own-duplex.pdf")[0]
    return page.render(scale=2).to_pil().convert("RGB"), ran.stderr


def _card_pixel(image: Image.Image, x_mm: float, y_mm: float) -> tuple[int, int, int]:
    """The pixel x_mm right and y_mm down of the first slot's top-left corner (the standard layout's)."""
    from cardgen.layout.plan import plan_sheets
    from cardgen.model.layout import load_layout

    plan = plan_sheets(1, load_layout("standard")[0])
    slot = plan.pages[0].slots[0]
    left, bottom, height = slot.trim.x, slot.trim.y, slot.trim.height
    scale = 2 * 72 / 25.4
    return image.getpixel((round((left + x_mm) * scale), round(image.height - (bottom + height - y_mm) * scale)))


def test_a_cards_ink_and_background_are_its_own(tmp_path):
    image, _ = _build(
        tmp_path, '  - {id: A, kind: number, value: 105, heads: 1, ink: "#d01010", background: "#10a040"}\n'
    )
    assert _card_pixel(image, 1.0, 40.0) == (16, 160, 64)  # the border, around the panel
    red = image.point(lambda v: v).convert("RGB")
    mask = Image.eval(red.getchannel("R"), lambda v: 255 if v > 180 else 0)
    low = Image.eval(red.getchannel("G"), lambda v: 255 if v < 60 else 0)
    assert (
        Image.composite(mask, Image.new("L", mask.size), low).histogram()[255] > 2000
    )  # the value, the indices and the bull head in the card's ink


def test_a_cards_picture_box_and_fit_cover_the_whole_card(tmp_path):
    plain, _ = _build(tmp_path, "  - {id: A, kind: number, value: 105, heads: 1, picture: purple.png}\n")
    assert _card_pixel(plain, 14.0, 20.0) != PURPLE  # the style's box: the watermark's square, lower down
    own = "{x: 0, y: 0, width: 56, height: 87}"
    image, warned = _build(
        tmp_path, f"  - {{id: A, kind: number, value: 105, heads: 1, picture: purple.png, box: {own}, fit: cover}}\n"
    )
    assert _card_pixel(image, 14.0, 20.0) == PURPLE
    assert "prints at 175 dpi" in warned  # the sharpness is measured in the card's own box


def test_a_table_fills_the_box_from_dotted_columns(tmp_path):
    Image.new("RGB", (600, 600), PURPLE).save(tmp_path / "purple.png", dpi=(300, 300))
    (tmp_path / "cards.csv").write_text(
        "id,kind,value,heads,picture,fit,box.width,box.height,ink\nA,number,105,1,purple.png,cover,56,87,#d01010\n"
    )
    (tmp_path / "own.yaml").write_text("name: own\ntitle: Own\ncards: cards.csv\n")
    from cardgen.model.cards import load_card_set

    card = load_card_set(tmp_path / "own.yaml").cards[0]
    assert (card.box.width, card.box.height, card.box.x, card.fit, card.ink) == (56, 87, 0, "cover", "#d01010")


@pytest.mark.parametrize(
    ("header", "row", "message"),
    [
        ("box.depth", "4", "row 1, column box.depth: is not a card field; the columns of a card set are id, kind"),
        ("box.width", "40", "row 2, column box.height: is missing"),
        ("box.width", "wide", "row 2, column box.width: must be a number such as 17, 0.4 or 0,4, not 'wide'"),
        ("ink", "red", "row 2, column ink: must be a colour written #rrggbb, not 'red'"),
        ("fit", "stretch", "row 2, column fit: must be one of"),
    ],
)
def test_a_bad_override_in_a_table_names_its_row_and_column(tmp_path, header, row, message):
    (tmp_path / "cards.csv").write_text(f"id,kind,value,heads,{header}\nA,number,105,1,{row}\n")
    (tmp_path / "own.yaml").write_text("name: own\ntitle: Own\ncards: cards.csv\n")
    ran = cardgen_in_process("build", "--set", tmp_path / "own.yaml", "-o", tmp_path / "out")
    assert ran.returncode == 2 and len(ran.stderr.strip().splitlines()) == 1
    assert message in ran.stderr, ran.stderr
