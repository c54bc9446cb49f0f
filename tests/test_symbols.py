"""`symbols:` in a face style: the bull heads, the watermark and the zero and joker emblems
from the designer's own SVG or PNG files, drawn where the bundled ones are, checked and
read like every picture a style names."""

from __future__ import annotations

from pathlib import Path

import pypdf
import pytest
from clirun import cardgen_in_process
from PIL import Image

from cardgen.errors import InputError
from cardgen.model.faces import load_face_style

STAR = (
    '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" viewBox="0 0 100 100">'
    '<polygon points="50,5 61,38 95,38 67,58 78,92 50,72 22,92 33,58 5,38 39,38" fill="#c0392b"/></svg>'
)
SET = """name: sym
title: Symbols
faces: faces.yaml
cards:
  - {id: A, kind: number, value: 105, heads: 3}
  - {id: J, kind: joker, value: 0.4, heads: 1}
  - {id: Z, kind: zero, value: 0, heads: 0}
"""


def _style(folder: Path, symbols: str) -> Path:
    (folder / "star.svg").write_text(STAR)
    Image.new("RGB", (500, 500), (250, 200, 40)).save(folder / "sun.png", dpi=(300, 300))
    (folder / "faces.yaml").write_text(f"extends: standard\nname: mine\nsymbols:\n{symbols}")
    (folder / "set.yaml").write_text(SET)
    return folder / "faces.yaml"


def _forms(pdf: Path) -> dict[str, int]:
    """How often each form is drawn on the first page, its own and its forms' drawings counted."""
    page = pypdf.PdfReader(pdf).pages[0]
    counts: dict[str, int] = {}
    for line in page.get_contents().get_data().split(b"\n"):
        if line.endswith(b" Do"):
            name = line.split()[-2].decode()
            counts[name] = counts.get(name, 0) + 1
    return counts


def test_own_symbols_take_the_place_of_the_bundled_ones(tmp_path):
    _style(tmp_path, "  bull: star.svg\n  watermark: {file: sun.png, opacity: 0.35}\n  joker: star.svg\n")
    ran = cardgen_in_process("build", "--set", tmp_path / "set.yaml", "-o", tmp_path / "out")
    assert ran.returncode == 0, ran.stderr
    forms = _forms(tmp_path / "out" / "set-duplex.pdf")
    bundled = {name.removeprefix("/FormXob.cardgen-"): count for name, count in forms.items() if "cardgen-" in name}
    assert bundled.get("bull", 0) == 0  # no bundled bull on any face: heads and the watermark are our own
    assert bundled.get("joker", 0) == 0
    assert bundled.get("zero") == 1  # the zero card keeps the bundled emblem
    own = {name: count for name, count in forms.items() if "cardgen-picture-" in name}
    assert sorted(own.values()) == [1, 5]  # the sun once (the watermark), the star five times: 3 + 1 heads, the joker
    checked = cardgen_in_process("verify", tmp_path / "out" / "set-duplex.pdf", "--set", tmp_path / "set.yaml")
    assert checked.returncode == 0, checked.stdout


def test_the_standard_style_still_draws_its_own(tmp_path):
    (tmp_path / "set.yaml").write_text(SET.replace("faces: faces.yaml\n", ""))
    assert cardgen_in_process("build", "--set", tmp_path / "set.yaml", "-o", tmp_path / "out").returncode == 0
    forms = _forms(tmp_path / "out" / "set-duplex.pdf")
    assert forms["/FormXob.cardgen-bull"] == 5 and forms["/FormXob.cardgen-joker"] == 1


@pytest.mark.parametrize(
    ("symbols", "message"),
    [
        ("  bull: nothere.svg\n", "line 4, field symbols.bull: nothere.svg: there is no such file"),
        ("  bull: ../star.svg\n", "line 4, field symbols.bull: the picture ../star.svg lies outside"),
        ("  heads: star.svg\n", "line 4, field symbols.heads: is not a known field"),
        ("  zero: {file: star.svg, opacity: 2}\n", "field symbols.zero.opacity: must be at most 1"),
    ],
)
def test_a_bad_symbol_is_one_line_naming_its_field(tmp_path, symbols, message):
    (tmp_path / "style").mkdir()
    style = _style(tmp_path / "style", symbols)
    with pytest.raises(InputError) as caught:
        load_face_style(style)
    assert message in str(caught.value), caught.value


def test_a_coarse_symbol_warns_as_a_coarse_picture_does(tmp_path):
    _style(tmp_path, "  watermark: sun.png\n")
    Image.new("RGB", (50, 50), (250, 200, 40)).save(tmp_path / "sun.png")
    ran = cardgen_in_process("build", "--set", tmp_path / "set.yaml", "-o", tmp_path / "out")
    assert ran.returncode == 0
    assert "the style's watermark symbol: the picture sun.png prints at 28 dpi" in ran.stderr


def test_the_styles_own_bull_draws_the_backs_pattern_and_a_back_of_its_own_in_exports(tmp_path):
    _style(tmp_path, "  bull: star.svg\n")
    ran = cardgen_in_process("preview", "--set", tmp_path / "set.yaml", "--back", "--dpi", 100, "-o", tmp_path / "p")
    assert ran.returncode == 0, ran.stderr
    back = Image.open(tmp_path / "p" / "back.png").convert("RGB")
    red = Image.eval(back.getchannel("R"), lambda v: 255 if 170 < v < 215 else 0)
    blue = Image.eval(back.getchannel("B"), lambda v: 255 if 25 < v < 60 else 0)
    assert Image.composite(red, Image.new("L", red.size), blue).histogram()[255] > 500  # the stars' red
    standard = tmp_path / "standard.yaml"
    standard.write_text(
        SET.replace("name: sym", "name: std").replace("faces: faces.yaml\n", "").replace("id: ", "id: S")
    )
    ran = cardgen_in_process(
        "export", "--set", tmp_path / "set.yaml", "--set", standard, "--dpi", 72, "-o", tmp_path / "e"
    )
    assert ran.returncode == 0, ran.stderr
    assert sorted(path.name for path in (tmp_path / "e").glob("back*.png")) == ["back-mine.png", "back-standard.png"]
