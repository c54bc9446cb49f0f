"""`cardgen preview`: PNG images of the right size, named by card id, and nothing
written when the input is wrong."""

import io
import os

import pytest
from click.testing import CliRunner
from PIL import Image

from cardgen.cli import main
from cardgen.model.faces import FACES_DIR


def run(*args):
    return CliRunner().invoke(main, ["preview", *args])


@pytest.mark.parametrize("dpi, size", [(150, (331, 514)), (100, (220, 343)), (300, (661, 1028))])
def test_one_png_per_card_at_the_size_the_dpi_gives(tmp_path, dpi, size):
    result = run("--cards", "1,55,Z1,J0.4", "--dpi", str(dpi), "-o", str(tmp_path))
    assert result.exit_code == 0, result.output
    assert sorted(path.name for path in tmp_path.iterdir()) == ["1.png", "55.png", "J0.4.png", "Z1.png"]
    for path in tmp_path.iterdir():
        with Image.open(path) as image:
            assert image.size == size


def test_card_size_option_changes_the_image(tmp_path):
    result = run("--cards", "7", "--layout", "63x88", "--dpi", "254", "-o", str(tmp_path))
    assert result.exit_code == 0, result.output
    with Image.open(tmp_path / "7.png") as image:
        assert image.size == (630, 880)


def test_the_image_shows_the_card_colours(tmp_path):
    run("--cards", "55", "--dpi", "72", "-o", str(tmp_path))
    with Image.open(tmp_path / "55.png") as image:
        image = image.convert("RGB")
        corner = image.getpixel((1, 1))
        middle_colours = {image.getpixel((x, image.height // 2)) for x in range(image.width)}
    assert corner == (0xA2, 0x3C, 0x8E)  # the 7-head tone runs to the edge
    assert (0x6C, 0x1D, 0x5E) in middle_colours  # the value in the 7-head ink


def test_contact_sheet_holds_all_chosen_cards(tmp_path):
    result = run("--set", "jokers", "--contact-sheet", "--back", "--dpi", "50", "-o", str(tmp_path))
    assert result.exit_code == 0, result.output
    assert [path.name for path in tmp_path.iterdir()] == ["contact-sheet.png"]
    with Image.open(tmp_path / "contact-sheet.png") as image:
        # 11 slots (10 jokers and the back): 5 columns, 3 rows of 56 × 87 mm cards with 3 mm gaps
        assert image.size == (round((5 * 59 + 3) / 25.4 * 50), round((3 * 90 + 3) / 25.4 * 50))


def test_contact_sheet_holds_the_card_of_the_layout(tmp_path):
    result = run("--cards", "1,2", "--contact-sheet", "--layout", "poker", "--dpi", "50", "-o", str(tmp_path))
    assert result.exit_code == 0, result.output
    with Image.open(tmp_path / "contact-sheet.png") as image:
        # two 63 × 88 mm cards side by side, 3 mm apart and 3 mm from the edges
        assert image.size == (round((2 * 63 + 9) / 25.4 * 50), round((88 + 6) / 25.4 * 50))


def test_contact_sheet_and_singles_together(tmp_path):
    result = run("--cards", "3,4", "--contact-sheet", "--singles", "--back", "--dpi", "40", "-o", str(tmp_path))
    assert result.exit_code == 0, result.output
    assert sorted(path.name for path in tmp_path.iterdir()) == ["3.png", "4.png", "back.png", "contact-sheet.png"]


def test_default_is_every_card_of_the_chosen_set(tmp_path):
    result = run("--set", "zero-cards", "--dpi", "30", "-o", str(tmp_path))
    assert result.exit_code == 0, result.output
    assert sorted(path.name for path in tmp_path.iterdir()) == [f"Z{n}.png" for n in range(1, 8)]


def test_same_input_same_bytes(tmp_path):
    run("--cards", "J0.4", "--lang", "fr", "--dpi", "60", "-o", str(tmp_path / "a"))
    run("--cards", "J0.4", "--lang", "fr", "--dpi", "60", "-o", str(tmp_path / "b"))
    assert (tmp_path / "a" / "J0.4.png").read_bytes() == (tmp_path / "b" / "J0.4.png").read_bytes()


@pytest.mark.parametrize(
    "args, words",
    [
        (["--cards", "1,999"], "no card '999' in the chosen sets"),
        (["--set", "no-such-set"], "there is no bundled card set 'no-such-set'"),
        (["--faces", "missing-style.yaml"], "missing-style.yaml: there is no such file"),
    ],
)
def test_bad_input_exits_2_with_one_line_and_writes_nothing(tmp_path, args, words):
    output = tmp_path / "out"
    result = run(*args, "-o", str(output))
    assert result.exit_code == 2
    assert words in result.output
    assert len(result.output.strip().splitlines()) == 1
    assert not output.exists()


def test_bad_style_file_names_its_line(tmp_path):
    style = tmp_path / "style.yaml"
    style.write_text((FACES_DIR / "standard.yaml").read_text().replace("symbol: 6.6", "symbol: -1"))
    result = run("--cards", "1", "--faces", str(style), "-o", str(tmp_path / "out"))
    assert result.exit_code == 2
    assert "field heads.symbol: must be more than 0" in result.output
    assert not (tmp_path / "out").exists()


def test_existing_images_are_replaced_whole(tmp_path):
    (tmp_path / "1.png").write_bytes(b"old")
    assert run("--cards", "1", "--dpi", "30", "-o", str(tmp_path)).exit_code == 0
    Image.open(io.BytesIO((tmp_path / "1.png").read_bytes())).verify()
    assert [path.name for path in tmp_path.iterdir()] == ["1.png"]  # no temporary file left


def test_images_get_the_usual_file_permissions(tmp_path):
    umask = os.umask(0o022)
    try:
        assert run("--cards", "2", "--dpi", "30", "-o", str(tmp_path)).exit_code == 0
    finally:
        os.umask(umask)
    assert (tmp_path / "2.png").stat().st_mode & 0o777 == 0o644


def test_a_users_set_marks_its_own_upside_down_pairs(tmp_path):
    """161 and 191 read as each other upside down: marked when both are in the set, as in the build."""
    cards = tmp_path / "cards"
    images = {}
    for name, numbers in (("pair", (161, 191)), ("single", (161, 7))):
        path = tmp_path / f"{name}.yaml"
        path.write_text(
            f"name: {name}\ntitle: {name}\ncards:\n"
            + "".join(f"  - {{id: '{n}', kind: number, value: {n}, heads: 1}}\n" for n in numbers),
            encoding="utf-8",
        )
        result = run("--set", str(path), "--cards", "161", "--dpi", "100", "-o", str(cards / name))
        assert result.exit_code == 0, result.output
        with Image.open(cards / name / "161.png") as image:
            images[name] = image.convert("L")
    # the marked card has more ink: its three bars
    ink = {name: sum(image.histogram()[:100]) for name, image in images.items()}
    assert ink["pair"] > ink["single"] + 50
