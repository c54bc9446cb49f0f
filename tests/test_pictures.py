"""Pictures and titles on the cards: a set's PNG, JPEG and SVG pictures drawn in each card's
slot and embedded once, a style's logo on the back, a title on one line, a warning for a
coarse picture, and one error line (file, line, field) for each bad picture or font."""

from __future__ import annotations

import io
import struct
import zlib
from pathlib import Path

import pypdfium2
import pytest
from clirun import cardgen_in_process
from pdfcheck import MM, layout_record, reader
from PIL import Image, ImageChops, ImageStat

from cardgen.build import PrintSettings, build
from cardgen.verify.pdfs import verify_pdf

ROOT = Path(__file__).resolve().parent.parent
STANDARD = (ROOT / "templates" / "faces" / "standard.yaml").read_text()
GREEN, BLUE = (0, 160, 0), (0, 0, 200)
BLUE_SVG = """<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40" viewBox="0 0 40 40">
  <rect x="0" y="0" width="40" height="40" fill="#0000c8"/>
</svg>
"""
SET = """\
name: pictured
title: Pictured cards
cards:
  - {{id: G1, kind: number, value: 105, heads: 1, picture: {green}, title: Green one}}
  - {{id: B1, kind: number, value: 106, heads: 1, picture: blue.svg}}
  - {{id: N1, kind: number, value: 107, heads: 1}}
  - {{id: G2, kind: number, value: 108, heads: 2, picture: {green}}}
  - {{id: B2, kind: number, value: 109, heads: 1, picture: blue.svg, title: Blue two}}
  - {{id: G3, kind: number, value: 110, heads: 3, picture: {green}}}
"""


def green_png(path: Path, side: int = 600) -> Path:
    """A green square with a transparent border: alpha to keep."""
    image = Image.new("RGBA", (side, side), (0, 0, 0, 0))
    image.paste((*GREEN, 255), (side // 8, side // 8, side - side // 8, side - side // 8))
    image.save(path)
    return path


def pictured_set(tmp_path: Path, green: str = "green.png", **files: str) -> Path:
    green_png(tmp_path / "green.png")
    (tmp_path / "blue.svg").write_text(BLUE_SVG)
    for name, text in files.items():
        (tmp_path / name).write_text(text)
    path = tmp_path / "pictured.yaml"
    path.write_text(SET.format(green=green))
    return path


def _share(crop: Image.Image, colour: tuple[int, int, int]) -> float:
    """The share of the crop's pixels within a few levels of `colour`."""
    data = crop.tobytes()
    pixels = list(zip(data[0::3], data[1::3], data[2::3]))
    near = sum(all(abs(a - b) <= 12 for a, b in zip(pixel, colour)) for pixel in pixels)
    return near / len(pixels)


def _trim_crop(content: bytes, page_index: int, trim_mm, dpi: int = 40) -> Image.Image:
    document = pypdfium2.PdfDocument(content)
    image = document[page_index].render(scale=dpi / 72).to_pil().convert("RGB")
    paper_h = float(reader(content).pages[page_index].mediabox[3]) / MM
    x, y, width, height = trim_mm
    box = (x, paper_h - (y + height), x + width, paper_h - y)
    return image.crop(tuple(round(v * dpi / 25.4) for v in box))


def test_each_cards_picture_is_drawn_inside_its_own_slot(tmp_path):
    content = build(PrintSettings(), [str(pictured_set(tmp_path))], "duplex")["pictured-duplex.pdf"]
    for card in layout_record(content)["cards"]:
        crop = _trim_crop(content, card["page"] - 1, card["trim_mm"])
        green, blue = _share(crop, GREEN), _share(crop, BLUE)
        if card["id"].startswith("G"):
            assert green > 0.1 and blue == 0, card["id"]
        elif card["id"].startswith("B"):
            assert blue > 0.1 and green == 0, card["id"]
        else:
            assert green == blue == 0, card["id"]


def _xobjects(content: bytes) -> list:
    """Every XObject the pages draw, each once, forms' own XObjects with them."""
    found: dict[int, object] = {}

    def visit(resources) -> None:
        for reference in resources.get("/XObject", {}).values():
            if reference.idnum not in found:
                found[reference.idnum] = xobject = reference.get_object()
                visit(xobject.get("/Resources", {}))

    for page in reader(content).pages:
        visit(page.get("/Resources", {}))
    return list(found.values())


def test_each_picture_file_is_embedded_once_however_many_cards_use_it(tmp_path):
    content = build(PrintSettings(), [str(pictured_set(tmp_path))], "duplex")["pictured-duplex.pdf"]
    objects = _xobjects(content)
    images = [obj for obj in objects if obj.get("/Subtype") == "/Image" and obj.get("/ColorSpace") == "/DeviceRGB"]
    assert len(images) == 1  # one PNG, drawn on three cards
    assert images[0]["/Width"] == 600 and "/SMask" in images[0]  # its own pixels, its alpha kept
    svg_forms = [obj for obj in objects if obj.get("/Subtype") == "/Form" and b"0 0 .784314 rg" in obj.get_data()]
    assert len(svg_forms) == 1  # the SVG as vectors in one form, drawn on two cards
    assert not [obj for obj in objects if obj.get("/Subtype") == "/Image" and obj.get("/Width") == 40]


def test_a_huge_photo_goes_in_at_600_dpi_and_the_sheet_still_verifies(tmp_path):
    # 18 megapixels, 44 mm wide on the card: 2,400 dpi; as it is, its colours alone would make a
    # stream of 53 MB, more than verify decodes of one (a phone's 50-megapixel photo is the same case)
    green_png(tmp_path / "huge.png", side=4200)
    content = build(PrintSettings(), [str(pictured_set(tmp_path, green="huge.png"))], "duplex")["pictured-duplex.pdf"]
    [image] = [obj for obj in _xobjects(content) if obj.get("/Subtype") == "/Image" and "/SMask" in obj]
    [card] = [card for card in layout_record(content)["cards"] if card["id"] == "G1"]
    assert _share(_trim_crop(content, card["page"] - 1, card["trim_mm"]), GREEN) > 0.1
    drawn_inches = card["trim_mm"][2] / 25.4  # the picture is about as wide as the card
    assert 300 * drawn_inches < image["/Width"] <= 600 * drawn_inches
    (tmp_path / "sheet.pdf").write_bytes(content)
    assert verify_pdf(tmp_path / "sheet.pdf").ok


def test_a_phone_photo_goes_in_as_a_jpeg_at_600_dpi_and_the_sheet_stays_small(tmp_path):
    # 12 megapixels of noise (no compression helps it), 44 mm wide on the card: its pixels
    # bare would be 8 MB on the sheet, as a JPEG again well under 2 MB
    noise = Image.effect_noise((3000, 4000), 60).convert("RGB")
    Image.merge("RGB", (noise.getchannel(0).point(lambda v: v // 4), noise.getchannel(0), noise.getchannel(0))).save(
        tmp_path / "photo.jpg", quality=90
    )
    content = build(PrintSettings(), [str(pictured_set(tmp_path, green="photo.jpg"))], "duplex")["pictured-duplex.pdf"]
    [photo] = [obj for obj in _xobjects(content) if obj.get("/Subtype") == "/Image" and obj.get("/Width", 0) > 700]
    assert str(photo["/Filter"]) == "['/DCTDecode']"
    [card] = [card for card in layout_record(content)["cards"] if card["id"] == "G1"]
    assert 300 * card["trim_mm"][2] / 25.4 < photo["/Width"] <= 600 * card["trim_mm"][2] / 25.4
    assert len(content) < 2_000_000
    (tmp_path / "sheet.pdf").write_bytes(content)
    assert verify_pdf(tmp_path / "sheet.pdf").ok


def test_a_page_made_only_to_be_rasterised_takes_its_pictures_at_its_own_dpi(tmp_path):
    from cardgen.preview import choose_cards, sheet_layout, sheet_pdf

    green_png(tmp_path / "huge.png", side=3000)
    cards = [
        card for card in choose_cards([str(pictured_set(tmp_path, green="huge.png"))], None) if card.card.id == "G1"
    ]
    content = sheet_pdf(cards, sheet_layout("one-up"), "en", dpi=100)
    [image] = [obj for obj in _xobjects(content) if obj.get("/Subtype") == "/Image" and "/SMask" in obj]
    assert image["/Width"] <= 100 * 56 / 25.4  # no more pixels than the 100 dpi picture of the card shows


def test_a_title_is_one_line_of_text_on_its_card(tmp_path):
    content = build(PrintSettings(), [str(pictured_set(tmp_path))], "sleeve")["pictured-sleeve.pdf"]
    text = reader(content).pages[0].extract_text()
    assert "Green one" in text and "Blue two" in text


def test_a_picture_under_300_dpi_warns_and_the_build_goes_on(tmp_path):
    green_png(tmp_path / "small.png", side=125)  # 44 mm wide on the card: 72 dpi
    set_file = pictured_set(tmp_path, green="small.png")
    result = cardgen_in_process("build", "--set", set_file, "-o", tmp_path / "out")
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "out" / "pictured-duplex.pdf").is_file()
    warning = result.stderr.strip()
    assert len(warning.splitlines()) == 1
    assert "warning" in warning and "cards G1, G2, and G3" in warning and "72 dpi" in warning
    verified = cardgen_in_process("verify", set_file, "--games", "1")
    assert "INFO  set.pictures: cards G1, G2, and G3: the picture small.png prints at 72 dpi" in verified.stdout


def test_many_coarse_pictures_are_one_warning_not_one_a_card(tmp_path):
    cards = []
    for number in range(10):
        green_png(tmp_path / f"photo{number}.png", side=100 + 5 * number)  # 57 to 83 dpi
        cards.append(
            f"  - {{id: C{number}, kind: number, value: {105 + number}, heads: 1, picture: photo{number}.png}}"
        )
    set_file = tmp_path / "photos.yaml"
    set_file.write_text("name: photos\ntitle: Photos\ncards:\n" + "\n".join(cards) + "\n")
    result = cardgen_in_process("build", "--set", set_file, "-o", tmp_path / "out")
    assert result.returncode == 0, result.stderr
    [warning] = result.stderr.strip().splitlines()
    assert "cards C0, C1, C2, C3, C4, C5, C6, C7 and 2 more: 10 pictures print at 57 to 83 dpi" in warning


def test_verify_passes_a_set_whose_pictures_are_sharp(tmp_path):
    result = cardgen_in_process("verify", pictured_set(tmp_path), "--games", "1")
    assert (
        "PASS  set.pictures: 5 card pictures, the style's own, every title and every text read and fit" in result.stdout
    )


def _png_header(width: int, height: int) -> bytes:
    """A PNG that claims `width` × `height` pixels and holds none."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(b"\0" * 64)) + chunk(b"IEND", b"")
    )


def _use_bomb(levels: int = 6) -> str:
    """An SVG of a few hundred bytes whose <use> elements would draw 10 ** levels squares."""
    groups = ['<g id="a0"><rect width="1" height="1"/></g>']
    for level in range(1, levels):
        groups.append(f'<g id="a{level}">' + f'<use href="#a{level - 1}"/>' * 10 + "</g>")
    return BLUE_SVG.replace("<rect", f"<defs>{''.join(groups)}</defs><use href='#a{levels - 1}'/><rect")


BAD_PICTURES = {
    "missing": (None, "there is no such file"),
    "not an image": (b"just some words, no picture", "is not a PNG, JPEG or SVG picture"),
    "over 50 megapixels": (_png_header(8000, 7000), "8000 × 7000 pixels (56 megapixels)"),
    "decompression bomb": (_png_header(100_000, 100_000), "decompression bomb"),
    "a line of 50,000,000 pixels": (_png_header(50_000_000, 1), "a picture's side may be at most 65535 pixels"),
    "a column of 50,000,000 pixels": (_png_header(1, 50_000_000), "a picture's side may be at most 65535 pixels"),
    "damaged": ("cut", "damaged or cut-short"),
    "script": (BLUE_SVG.replace("<rect", "<script>alert(1)</script><rect"), "holds a <script>"),
    "event handler": (BLUE_SVG.replace("<rect", '<rect onclick="steal()"'), "script in its onclick"),
    "external image": (
        BLUE_SVG.replace("<rect", '<image href="/etc/passwd" width="9" height="9"/><rect'),
        "names '/etc/passwd' in an href",
    ),
    "xlink to a web page": (
        BLUE_SVG.replace(
            'xmlns="http://www.w3.org/2000/svg"',
            'xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"',
        ).replace("<rect", '<use xlink:href="http://example.com/a.svg#x"/><rect'),
        "in an href",
    ),
    "image of an id": (
        BLUE_SVG.replace("<rect", '<rect id="r" width="4" height="4"/><image href="#r" width="9" height="9"/><rect'),
        "holds an <image>, a picture inside the picture",
    ),
    "text": (BLUE_SVG.replace("<rect", "<text>Hi</text><rect"), "holds text"),
    "use bomb": (_use_bomb(), "draws over 50,000 elements once its <use> elements are followed"),
    "use of itself": (BLUE_SVG.replace("<rect", '<g id="me"><use href="#me"/></g><rect'), "refers to itself"),
    "css import": (BLUE_SVG.replace("<rect", "<style>@import url(a.css);</style><rect"), "stylesheet"),
    "entity": ('<?xml version="1.0"?>\n<!DOCTYPE svg [<!ENTITY boom "boom">]>\n' + BLUE_SVG, "DTD or entities"),
    "UTF-7": ('<?xml version="1.0" encoding="UTF-7"?>\n' + BLUE_SVG, "declares an encoding"),
    "a size no PDF holds": (
        BLUE_SVG.replace('width="40" height="40" viewBox', 'width="1e308" height="40" viewBox'),
        "too small or too large a drawing",
    ),
    "a width too small to draw": (
        BLUE_SVG.replace('width="40" height="40" viewBox', 'width="1e-20" height="40" viewBox'),
        "too small or too large a drawing",
    ),
    "a denormal width": (
        BLUE_SVG.replace('width="40" height="40" viewBox', 'width="1e-310" height="40" viewBox'),
        "too small or too large a drawing",
    ),
    "a transform no PDF holds": (
        BLUE_SVG.replace('fill="#0000c8"', 'fill="#0000c8" transform="scale(1e300)"'),
        "no PDF can hold",
    ),
    "an encoding with no name": ('<?xml version="1.0" encoding="x-nothing"?>\n' + BLUE_SVG, "declares an encoding"),
}


def bad_picture(tmp_path: Path, case: str) -> str:
    """The picture of BAD_PICTURES[case] written into `tmp_path` (none for a missing one); its name."""
    content = BAD_PICTURES[case][0]
    name = "bad.svg" if isinstance(content, str) and "<svg" in content else "bad.png"
    if content == "cut":
        content = green_png(tmp_path / "whole.png").read_bytes()[:300]
    if content is not None:
        (tmp_path / name).write_bytes(content.encode() if isinstance(content, str) else content)
    return name


@pytest.mark.parametrize("case", BAD_PICTURES)
def test_a_bad_picture_is_a_line_at_each_card_naming_it_and_nothing_is_written(tmp_path, case):
    message = BAD_PICTURES[case][1]
    name = bad_picture(tmp_path, case)
    set_file = pictured_set(tmp_path, green=name)
    out = tmp_path / "out"
    result = cardgen_in_process("build", "--set", set_file, "-o", out)
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 3, result.stderr  # the cards G1, G2 and G3 name it
    for line, (at, card) in zip(lines, [(4, 0), (7, 3), (9, 5)]):
        place = f"pictured.yaml, line {at}, field cards[{card}].picture:"
        assert f"{place} the picture {name}" in line or f"{place} {name}" in line, line
        assert message in line
    assert not out.exists()


def test_of_many_pictures_read_at_once_each_bad_one_is_named_in_card_order(tmp_path):
    whole = green_png(tmp_path / "green.png").read_bytes()
    for name in ("third.png", "sixth.png"):
        (tmp_path / name).write_bytes(whole[:300])  # cut short: found bad only once decoded
    lines = ["name: many", "title: Many pictures", "cards:"]
    for index in range(12):
        picture = {2: "third.png", 5: "sixth.png"}.get(index, "green.png")
        lines.append(f"  - {{id: C{index}, kind: number, value: {105 + index}, heads: 1, picture: {picture}}}")
    (tmp_path / "many.yaml").write_text("\n".join(lines) + "\n")
    result = cardgen_in_process("build", "--set", tmp_path / "many.yaml", "-o", tmp_path / "out")
    assert result.returncode == 2
    third, sixth = result.stderr.strip().splitlines()
    assert "many.yaml, line 6, field cards[2].picture: third.png is a damaged or cut-short PNG" in third, third
    assert "many.yaml, line 9, field cards[5].picture: sixth.png is a damaged or cut-short PNG" in sixth, sixth


def test_a_picture_outside_the_allowed_folders_is_refused(tmp_path):
    (tmp_path / "set").mkdir()
    set_file = pictured_set(tmp_path / "set", green="../green.png")
    green_png(tmp_path / "green.png")
    result = cardgen_in_process("build", "--set", set_file, "-o", tmp_path / "out")
    assert result.returncode == 2
    assert "field cards[0].picture: the picture ../green.png lies outside" in result.stderr


def _style(tmp_path: Path, old: str, new: str) -> Path:
    """The bundled standard style with `old` replaced by `new`, as mine.yaml."""
    assert old in STANDARD
    path = tmp_path / "mine.yaml"
    path.write_text(STANDARD.replace(old, new))
    return path


def test_a_logo_on_the_backs_medallion(tmp_path):
    (tmp_path / "logo.svg").write_text(BLUE_SVG)
    _style(tmp_path, "title_size: 3.6", "title_size: 3.6\n  picture: logo.svg")
    set_file = pictured_set(tmp_path)
    set_file.write_text(
        set_file.read_text().replace("title: Pictured cards", "title: Pictured cards\nfaces: mine.yaml")
    )
    content = build(PrintSettings(), [str(set_file)], "duplex")["pictured-duplex.pdf"]
    for card in layout_record(content)["cards"]:
        back = _trim_crop(content, card["back"]["page"] - 1, card["back"]["trim_mm"])
        assert _share(back, BLUE) > 0.05, card["id"]


def test_a_bad_picture_in_a_style_names_the_styles_field(tmp_path):
    style = _style(tmp_path, "title_size: 3.6", "title_size: 3.6\n  picture: {file: nowhere.png, fit: cover}")
    result = cardgen_in_process("build", "--set", "jokers", "--faces", style, "-o", tmp_path / "out")
    assert result.returncode == 2
    assert "mine.yaml, line " in result.stderr and "field back.picture.file: " in result.stderr
    assert "nowhere.png: there is no such file" in result.stderr
    (tmp_path / "plain.yaml").write_text(
        "name: plain\ntitle: Plain\nfaces: mine.yaml\ncards:\n  - {id: A, kind: number, value: 1, heads: 1}\n"
    )
    verified = cardgen_in_process("verify", tmp_path / "plain.yaml", "--games", "1")
    assert verified.returncode == 1
    assert "FAIL  set.pictures: " in verified.stdout and "field back.picture.file: " in verified.stdout


def test_build_faces_draws_every_set_in_the_named_style(tmp_path):
    set_file = pictured_set(tmp_path)
    forced = build(PrintSettings(faces="light"), [str(set_file)], "duplex")
    set_file.write_text(set_file.read_text().replace("title: Pictured cards", "title: Pictured cards\nfaces: light"))
    assert forced == build(PrintSettings(), [str(set_file)], "duplex")
    assert forced != build(PrintSettings(faces="standard"), [str(set_file)], "duplex")
    result = cardgen_in_process("build", "--set", set_file, "--faces", "nosuch", "-o", tmp_path / "out")
    assert result.returncode == 2 and "no bundled face style 'nosuch'" in result.stderr


def test_a_title_too_long_for_one_line_names_the_card(tmp_path):
    set_file = pictured_set(tmp_path)
    set_file.write_text(set_file.read_text().replace("title: Blue two", "title: " + "A very long title " * 4))
    result = cardgen_in_process("build", "--set", set_file, "-o", tmp_path / "out")
    assert result.returncode == 2
    assert "line 8, field cards[4].title: card B2's title is too long for one line, even at 2.4 mm" in result.stderr


def test_a_title_with_a_character_the_font_lacks_names_it(tmp_path):
    set_file = pictured_set(tmp_path)
    set_file.write_text(set_file.read_text().replace("title: Green one", "title: Green ☃"))
    result = cardgen_in_process("build", "--set", set_file, "-o", tmp_path / "out")
    assert result.returncode == 2
    assert "line 4, field cards[0].title: the caption font Vera-Bold" in result.stderr
    assert "has no glyph for '☃'" in result.stderr


def test_the_example_expansion_in_the_readme_builds_and_verifies(tmp_path):
    example = ROOT / "examples" / "homemade" / "homemade.yaml"
    result = cardgen_in_process("build", "--set", example, "-o", tmp_path)
    assert result.returncode == 0 and result.stderr == "", result.stderr
    content = (tmp_path / "homemade-duplex.pdf").read_bytes()
    assert "Sunny day" in reader(content).pages[0].extract_text()
    assert cardgen_in_process("verify", example, "--games", "1").returncode == 0
    # the sheet passes verify too: every card in its slot, every font embedded (an SVG names none)
    checked = cardgen_in_process("verify", tmp_path / "homemade-duplex.pdf", "--set", example)
    assert checked.returncode == 0, checked.stdout


def test_a_jpeg_keeps_its_own_compression_and_a_cmyk_one_is_converted_to_rgb(tmp_path):
    Image.new("RGB", (700, 500), GREEN).save(tmp_path / "green.jpg", quality=90)
    Image.new("CMYK", (700, 500), (200, 40, 200, 30)).save(tmp_path / "print.jpg")
    set_file = tmp_path / "photos.yaml"
    set_file.write_text(
        "name: photos\ntitle: Photos\ncards:\n"
        "  - {id: A, kind: number, value: 1, heads: 1, picture: green.jpg}\n"
        "  - {id: B, kind: number, value: 2, heads: 1, picture: print.jpg}\n"
        "  - {id: C, kind: number, value: 3, heads: 1, picture: green.jpg}\n"
    )
    content = build(PrintSettings(), [str(set_file)], "sleeve")["photos-sleeve.pdf"]
    images = [obj for obj in _xobjects(content) if obj.get("/Subtype") == "/Image"]
    assert sorted((image["/ColorSpace"], str(image["/Filter"])) for image in images) == [
        ("/DeviceRGB", "['/DCTDecode']"),  # the green photo as it was, once for two cards
        ("/DeviceRGB", "['/FlateDecode']"),  # the CMYK one in RGB
    ]
    first = layout_record(content)["cards"][0]
    assert _share(_trim_crop(content, 0, first["trim_mm"]), GREEN) > 0.1


def _corner_grey(content: bytes, card: dict) -> float:
    """The mean grey of the back's upper-left 12 × 12 mm, where its frame turns the corner."""
    back = _trim_crop(content, card["back"]["page"] - 1, card["back"]["trim_mm"]).convert("L")
    side = round(12 * 40 / 25.4)
    corner = back.crop((0, 0, side, side))
    return sum(corner.tobytes()) / (side * side)


def test_sets_whose_backs_differ_only_by_the_panels_corner_keep_their_own_backs_on_one_sheet(tmp_path):
    for name, radius in (("square", 1), ("round", 14)):
        (tmp_path / f"{name}-faces.yaml").write_text(
            STANDARD.replace("radius: 3.0", f"radius: {radius}").replace("frame_width: 0.4", "frame_width: 2.0")
        )
        (tmp_path / f"{name}.yaml").write_text(
            f"name: {name}\ntitle: {name}\nfaces: {name}-faces.yaml\ncards:\n"
            f"  - {{id: {name}1, kind: number, value: 1, heads: 1}}\n"
        )
    sets = [str(tmp_path / "square.yaml"), str(tmp_path / "round.yaml")]
    alone = {}
    for content in build(PrintSettings(), sets, "duplex").values():
        card = layout_record(content)["cards"][0]
        alone[card["id"]] = _corner_grey(content, card)
    assert abs(alone["square1"] - alone["round1"]) > 10  # the test can tell the two backs apart
    together = build(PrintSettings(), sets, "duplex", together=True)["square+round-duplex.pdf"]
    for card in layout_record(together)["cards"]:
        assert _corner_grey(together, card) == pytest.approx(alone[card["id"]], abs=3), card["id"]


@pytest.mark.parametrize("fit, opacity", [("contain", 1), ("cover", 1), ("cover", 0.4)])
def test_a_styles_box_fit_and_opacity_decide_how_a_picture_fills_the_card(tmp_path, fit, opacity):
    Image.new("RGB", (400, 400), GREEN).save(tmp_path / "square.png")
    picture_area = f"picture: {{box: {{x: -10, y: 0, width: 20, height: 60}}, fit: {fit}, opacity: {opacity}}}\n"
    (tmp_path / "tall.yaml").write_text(STANDARD + picture_area)
    set_file = tmp_path / "one.yaml"
    set_file.write_text(
        "name: one\ntitle: One\nfaces: tall.yaml\ncards:\n"
        "  - {id: A, kind: number, value: 1, heads: 1, picture: square.png}\n"
    )
    content = build(PrintSettings(), [str(set_file)], "sleeve")["one-sleeve.pdf"]
    card = layout_record(content)["cards"][0]
    crop = _trim_crop(content, 0, card["trim_mm"])
    left, right = (
        crop.crop((0, 0, crop.width // 2, crop.height)),
        crop.crop((crop.width // 2, 0, crop.width, crop.height)),
    )
    box_share = 20 * 60 / (28 * 87)  # the box fills this much of the card's left half
    if opacity < 1:  # the panel shows through: no pixel is the picture's own green, but the half is green-tinted
        assert _share(left, GREEN) == 0
        red, green, blue = (sum(band) / len(band) for band in (left.tobytes()[i::3] for i in range(3)))
        assert green > red + 15 and green > blue + 15
    elif fit == "cover":  # the whole box, cropped to it
        assert _share(left, GREEN) == pytest.approx(box_share, abs=0.05)
    else:  # the whole picture inside the box: a 20 mm square
        assert _share(left, GREEN) == pytest.approx(box_share / 3, abs=0.04)
    assert _share(right, GREEN) == 0  # nothing beyond the box


GRADIENT_SVG = """<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40" viewBox="0 0 40 40">
  <defs>
    <linearGradient id="across"><stop offset="0" stop-color="#c80000"/><stop offset="1" stop-color="#0000c8"/></linearGradient>
  </defs>
  <rect x="0" y="0" width="40" height="40" fill="url(#across)"/>
</svg>
"""


def _one_card_sheet(tmp_path: Path, picture: str, content: str | bytes) -> bytes:
    """A sleeve sheet of one card whose picture is `content`, written as `picture`."""
    (tmp_path / picture).write_bytes(content.encode() if isinstance(content, str) else content)
    path = tmp_path / "pictured.yaml"
    path.write_text(
        f"name: pictured\ntitle: T\ncards:\n  - {{id: R1, kind: number, value: 105, heads: 1, picture: {picture}}}\n"
    )
    return build(PrintSettings(), [str(path)], "sleeve")["pictured-sleeve.pdf"]


def test_an_svg_gradient_is_drawn_as_it_says_in_a_pdf_every_reader_accepts(tmp_path):
    content = _one_card_sheet(tmp_path, "gradient.svg", GRADIENT_SVG)
    [card] = layout_record(content)["cards"]
    crop = _trim_crop(content, 0, card["trim_mm"], dpi=100)
    row = [crop.getpixel((x, crop.height // 2)) for x in range(crop.width)]
    reds = [x for x, (r, g, b) in enumerate(row) if r > 150 and g < 60 and b < 60]
    blues = [x for x, (r, g, b) in enumerate(row) if b > 150 and r < 60 and g < 60]
    assert reds and blues and max(reds) < min(blues)  # red on the left, fading to blue on the right
    (tmp_path / "sheet.pdf").write_bytes(content)
    report = verify_pdf(tmp_path / "sheet.pdf")
    assert {c.name: c.result for c in report.checks}["pdf.resources"] == "pass"


def test_a_pdf_whose_drawing_names_a_missing_resource_fails_verify(tmp_path):
    content = _one_card_sheet(tmp_path, "gradient.svg", GRADIENT_SVG)
    spoiled = tmp_path / "spoiled.pdf"
    spoiled.write_bytes(content.replace(b"/Shading <<", b"/Shadeng <<"))  # the shadings, under a name no reader reads
    result = cardgen_in_process("verify", spoiled)
    assert result.returncode == 1
    assert "FAIL  pdf.resources: the drawing names the shading /Sh0" in result.stdout


@pytest.mark.parametrize("orientation", [6, 8, 3])
def test_a_phone_photo_is_placed_the_way_its_exif_orientation_says(tmp_path, orientation):
    """Stored on its side (red left half, green right half) with the turn that shows it
    upright; drawn on a card, the red half is where the turn puts it."""
    photo = Image.new("RGB", (300, 200), GREEN)
    photo.paste((200, 0, 0), (0, 0, 150, 200))
    exif = Image.Exif()
    exif[0x0112] = orientation  # 6: turn a quarter clockwise to view, 8: anticlockwise, 3: half a turn
    jpeg = io.BytesIO()
    photo.save(jpeg, format="JPEG", exif=exif.tobytes(), quality=95)
    content = _one_card_sheet(tmp_path, "phone.jpg", jpeg.getvalue())
    [card] = layout_record(content)["cards"]
    crop = _trim_crop(content, 0, card["trim_mm"], dpi=60)
    halves = {
        "top": crop.crop((0, 0, crop.width, crop.height // 2)),
        "bottom": crop.crop((0, crop.height // 2, crop.width, crop.height)),
        "left": crop.crop((0, 0, crop.width // 2, crop.height)),
        "right": crop.crop((crop.width // 2, 0, crop.width, crop.height)),
    }
    red_side, other_side = {6: ("top", "bottom"), 8: ("bottom", "top"), 3: ("right", "left")}[orientation]
    red = {side: _share(half, (200, 0, 0)) for side, half in halves.items()}
    assert red[red_side] > 0.05 and red[other_side] < red[red_side] / 3, red


@pytest.mark.parametrize("orientation", [1, 6, 8])
def test_a_large_photo_in_a_picture_of_its_card_looks_as_the_same_photo_whole(tmp_path, orientation):
    """A picture of a card (a preview, an export, a Tabletop Simulator sheet) decodes a large
    JPEG at a fraction of its size: turned as its EXIF says and covering its box as the same
    photo given whole, as a PNG, does."""
    from cardgen.preview import choose_cards, render_previews

    photo = Image.new("RGB", (1203, 803), GREEN)  # a quarter of it a side: 301 × 201 pixels, the last ones partly
    photo.paste((200, 0, 0), (0, 0, 401, 803))  # a red third on the left, as stored
    exif = Image.Exif()
    exif[0x0112] = orientation
    photo.save(tmp_path / "phone.jpg", exif=exif.tobytes(), quality=95)
    turn = {1: None, 6: Image.Transpose.ROTATE_270, 8: Image.Transpose.ROTATE_90}[orientation]
    (photo.transpose(turn) if turn else photo).save(tmp_path / "whole.png")
    images = []
    for name in ("phone.jpg", "whole.png"):
        (tmp_path / "one.yaml").write_text(
            f"name: one\ntitle: T\ncards:\n  - {{id: R1, kind: number, value: 105, heads: 1, picture: {name}}}\n"
        )
        [png] = render_previews(choose_cards([str(tmp_path / "one.yaml")], None), dpi=60).values()
        images.append(Image.open(io.BytesIO(png)).convert("L"))
    difference = ImageChops.difference(*images)
    assert difference.getextrema()[1] <= 24, "the photo lies elsewhere or is turned otherwise"
    assert ImageStat.Stat(difference).mean[0] < 1


@pytest.mark.parametrize("case", ["a loop of links", "a NUL byte"])
def test_a_picture_path_no_file_can_have_is_a_line_at_each_card_naming_it(tmp_path, case):
    if case == "a loop of links":
        (tmp_path / "a.png").symlink_to("b.png")
        (tmp_path / "b.png").symlink_to("a.png")
        name, message = "a.png", "a.png: its links lead round in a loop to no file"
    else:
        name, message = "a\\0b.png", "cannot be a file's name (it holds a NUL byte)"
    set_file = pictured_set(tmp_path, green=f'"{name}"')
    result = cardgen_in_process("build", "--set", set_file, "-o", tmp_path / "out")
    lines = result.stderr.strip().splitlines()
    assert result.returncode == 2 and len(lines) == 3 and all(message in line for line in lines), lines
    assert not (tmp_path / "out").exists()
