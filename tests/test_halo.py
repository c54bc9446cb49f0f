"""`halo:` in a face style: a band of colour around the letters of the value, the indices,
the title and the captions, so that they read on a photo; drawn under the text, as wide as
the style says on a card of its design size, and checked by verify like any sheet."""

from __future__ import annotations

from pathlib import Path

import pypdf
import pypdfium2
import pytest
from clirun import cardgen_in_process
from PIL import Image, ImageDraw

from cardgen.errors import InputError
from cardgen.model.faces import load_face_style

STYLE = """extends: standard
name: photos
picture: {{box: {{x: 0, y: 0, width: 56, height: 87}}, fit: cover}}
{halo}
"""
SET = """name: photos
title: Photos
faces: faces.yaml
cards:
  - {id: P1, kind: number, value: 166, heads: 3, title: Stripes, picture: photo.png}
"""


def _card(tmp_path: Path, halo: str) -> Path:
    photo = Image.new("RGB", (700, 1100), (30, 60, 40))
    draw = ImageDraw.Draw(photo)
    for x in range(0, 700, 40):
        draw.rectangle((x, 0, x + 19, 1100), fill=(200, 140, 60))
    photo.save(tmp_path / "photo.png", dpi=(300, 300))
    (tmp_path / "faces.yaml").write_text(STYLE.format(halo=halo))
    (tmp_path / "photos.yaml").write_text(SET)
    out = tmp_path / "out"
    ran = cardgen_in_process("build", "--set", tmp_path / "photos.yaml", "-o", out)
    assert ran.returncode == 0, ran.stderr
    return out / "photos-duplex.pdf"


def _whites(pdf: Path) -> int:
    """Near-white pixels, not the paper's white, in the first slot (the photo and the card's inks have none)."""
    page = pypdfium2.PdfDocument(pdf)[0]
    image = page.render(scale=100 / 72).to_pil().convert("RGB")
    card = image.crop((20, 20, image.width // 3, image.height // 3))  # the first slot, the paper's margin left out
    return card.convert("L").point(lambda value: 255 if 235 < value < 255 else 0).histogram()[255]


def test_a_halo_rings_the_texts_on_a_photo(tmp_path):
    (tmp_path / "plain").mkdir()
    (tmp_path / "halo").mkdir()
    plain = _card(tmp_path / "plain", "")
    halo = _card(tmp_path / "halo", 'halo: {colour: "#f4f4f4", width: 0.6}')
    assert _whites(halo) > _whites(plain) + 1000
    content = pypdf.PdfReader(halo).pages[0].get_contents().get_data()
    assert content.count(b"1 Tr") == 4  # the value, both indices and the title
    assert b".956863 .956863 .956863 RG\n3.401575 w\n1 j\n1 J" in content  # twice 0.6 mm, round joins and caps


def test_a_halo_on_the_value_alone(tmp_path):
    pdf = _card(tmp_path, "halo: {width: 0.3, texts: [value]}")
    content = pypdf.PdfReader(pdf).pages[0].get_contents().get_data()
    assert content.count(b"1 Tr") == 1


def test_a_sheet_with_halos_passes_verify(tmp_path):
    pdf = _card(tmp_path, "halo: {width: 0.6}")
    ran = cardgen_in_process("verify", pdf, "--set", tmp_path / "photos.yaml")
    assert ran.returncode == 0, ran.stdout


@pytest.mark.parametrize(
    ("halo", "message"),
    [
        ("halo: {width: 0}", "field halo.width: must be more than 0"),
        ("halo: {width: 5}", "field halo.width: must be at most 3"),
        ("halo: {texts: [heads]}", "field halo.texts[0]: must be one of"),
        ('halo: {colour: "white"}', "field halo.colour: must be a colour written #rrggbb"),
    ],
)
def test_a_bad_halo_is_one_line_naming_its_field(tmp_path, halo, message):
    (tmp_path / "faces.yaml").write_text(STYLE.format(halo=halo))
    with pytest.raises(InputError) as caught:
        load_face_style(tmp_path / "faces.yaml")
    assert message in str(caught.value) and "line 4" in str(caught.value)
