"""`extends:` for face styles, as layouts have it: a style is the one it names plus the
fields it changes, mappings merged field by field; a chain ends at 20, a circle is one
line naming the file, and files a style names lie beside the style that names them."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from cardgen.errors import InputError
from cardgen.model.faces import load_face_style
from cardgen.model.fonts import BUNDLED
from cardgen.yamlio import MAX_EXTENDS

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "homemade" / "homemade-faces.yaml"


def _write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def _refused(path: Path) -> str:
    with pytest.raises(InputError) as caught:
        load_face_style(path)
    message = str(caught.value)
    assert "\n" not in message, message
    return message


def test_a_style_is_the_standard_one_with_only_the_fields_it_changes(tmp_path):
    standard = load_face_style("standard")
    mine = load_face_style(
        _write(tmp_path / "mine.yaml", 'extends: standard\nname: mine\ntones:\n  1: {border: "#123456"}\n')
    )
    assert mine.name == "mine"
    assert mine.tones[1].border == "#123456"
    assert mine.tones[1].ink == standard.tones[1].ink  # the rest of the tone is the standard's
    assert mine.tones[2] == standard.tones[2]
    assert (mine.value, mine.back, mine.heads) == (standard.value, standard.back, standard.heads)


def test_the_homemade_example_is_a_few_lines_over_the_standard_style():
    fields = [line for line in EXAMPLE.read_text().splitlines() if line.strip() and not line.lstrip().startswith("#")]
    assert fields[0] == "extends: standard"
    assert len(fields) <= 8, fields
    style = load_face_style(EXAMPLE)
    assert style.back_picture() is not None and style.back_picture()[0].file.name == "logo.svg"
    assert style.design_size == load_face_style("standard").design_size


def test_a_chain_ends_at_twenty(tmp_path):
    _write(tmp_path / "s0.yaml", "extends: standard\nname: s0\n")
    for index in range(1, MAX_EXTENDS + 2):
        _write(tmp_path / f"s{index}.yaml", f"extends: s{index - 1}.yaml\nname: s{index}\n")
    assert load_face_style(tmp_path / f"s{MAX_EXTENDS - 1}.yaml").name == f"s{MAX_EXTENDS - 1}"
    message = _refused(tmp_path / f"s{MAX_EXTENDS + 1}.yaml")
    assert "line 1, field extends: a face style may stand at most 20 face styles away" in message


def test_a_circle_of_styles_is_one_line(tmp_path):
    _write(tmp_path / "a.yaml", "extends: b.yaml\nname: a\n")
    _write(tmp_path / "b.yaml", "name: b\nextends: a.yaml\n")
    message = _refused(tmp_path / "a.yaml")
    assert message == (
        f"{tmp_path / 'a.yaml'}, line 1, field extends: face styles extend each other in a circle "
        "(a.yaml → b.yaml → a.yaml)."
    )


def test_a_style_outside_the_allowed_folders_is_refused(tmp_path):
    _write(tmp_path / "elsewhere" / "base.yaml", "extends: standard\nname: base\n")
    message = _refused(_write(tmp_path / "set" / "mine.yaml", "extends: ../elsewhere/base.yaml\nname: mine\n"))
    assert "line 1, field extends: ../elsewhere/base.yaml lies outside" in message


def test_an_error_names_the_file_that_gives_the_field(tmp_path):
    _write(tmp_path / "base.yaml", "extends: standard\nname: base\nvalue: {size: -3}\n")
    message = _refused(_write(tmp_path / "mine.yaml", "extends: base.yaml\nname: mine\n"))
    assert message.startswith(f"{tmp_path / 'base.yaml'}, line 3, field value.size: must be more than 0")
    message = _refused(_write(tmp_path / "mine.yaml", "extends: standard\nname: mine\nindex: {x: 100}\n"))
    assert message.startswith(f"{tmp_path / 'mine.yaml'}, line 3, field index.x")


def test_a_font_is_found_beside_the_style_that_names_it(tmp_path):
    (tmp_path / "fonts").mkdir()
    shutil.copy(BUNDLED["Vera-Bold"], tmp_path / "fonts" / "own.ttf")
    _write(tmp_path / "fonts" / "base.yaml", "extends: standard\nname: base\nfonts: {caption: own.ttf}\n")
    style = load_face_style(_write(tmp_path / "mine.yaml", "extends: fonts/base.yaml\nname: mine\n"))
    assert style.font_file("caption") == (tmp_path / "fonts" / "own.ttf").resolve()
    assert style.font_file("value") == BUNDLED[style.fonts.value]
