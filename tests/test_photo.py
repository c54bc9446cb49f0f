"""A printer's back offset read from a photo of the calibration sheet held against a light
(`cardgen calibrate --read`): synthetic photos made from the PDF cardgen draws
(tests/synthetic_photos.py), a few here at 3 MP; benchmarks/bench_photo.py reads 200 at 8-12 MP."""

from __future__ import annotations

import json
import math
import sys

import numpy as np
import pytest
from clirun import cardgen_in_process

cv2 = pytest.importorskip("cv2", reason="reading photos needs the photo extra: pip install 'cardgen[photo]'")

from synthetic_photos import Shot, pages, photo, random_shot  # noqa: E402  (it needs OpenCV too)

from cardgen.formats import FLIPS, PAPERS  # noqa: E402
from cardgen.messages import Message  # noqa: E402
from cardgen.photo import REASONS, PhotoRefused, read_photo  # noqa: E402
from cardgen.render.calibration import (  # noqa: E402
    BACK_MARKER_IDS,
    FRONT_MARKER_IDS,
    MARKER_CELLS,
    MARKER_MM,
    MARKER_REACH,
    calibration_pdf,
    calibration_record,
)
from cardgen.texts import LANGUAGES  # noqa: E402

CHEAP = 3  # megapixels: the suite's photos
PRINTABLE_MM = 6.35  # what common lasers leave blank at every edge (layouts/standard.yaml)


# -- read ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "paper, built, printed, seed, bars",
    [
        ("a4", "long", "long", 1, 0),
        ("letter", "long", "short", 2, 0),
        ("a4", "short", "short", 3, 2),  # a window's bars behind the sheet
        ("letter", "short", "long", 4, 0),
    ],
)
def test_a_photo_gives_the_offset_that_cancels_the_shift_and_the_flip_printed(paper, built, printed, seed, bars):
    rng = np.random.default_rng(seed)
    shot = random_shot(rng, paper, printed, built_flip=built, megapixels=CHEAP, tilt_deg=25.0, bars=bars)
    reading = read_photo(photo(shot), "sheet.jpg")
    assert reading.flip == printed
    assert reading.paper == paper
    assert math.dist(reading.back_offset, shot.truth) <= 0.15, (reading, shot)
    assert reading.corners == 4 and reading.spread_mm < 0.1


def test_the_offset_is_the_one_the_back_offset_option_takes():
    """A back shifted right and up on its own page is cancelled by moving it left and down."""
    reading = read_photo(photo(Shot(shift=(2.0, 1.0), megapixels=CHEAP)), "sheet.jpg")
    assert reading.back_offset == pytest.approx((-2.0, -1.0), abs=0.1)


def test_a_thumb_over_one_corner_leaves_three_to_read_even_of_a_back_turned_a_little():
    """The offset cancels the back's move at the page's centre, which the three corners left
    give right though the printer turns the back by 0.1° (0.2 mm at a corner)."""
    shot = Shot(shift=(-1.5, 2.25), skew_deg=0.1, thumb=2, megapixels=CHEAP, tilt_deg=15.0, tilt_axis_deg=200.0)
    reading = read_photo(photo(shot), "sheet.jpg")
    assert reading.corners == 3
    assert math.dist(reading.back_offset, shot.truth) <= 0.1


# -- refusals ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "reason, changes",
    [
        ("one_sided", {"darkening": 0.0}),
        ("too_dark", {"darkening": 0.04}),  # no light behind: the back shows faintly, by the paper's opacity
        ("from_back", {"from_back": True}),
        ("oblique", {"tilt_deg": 55.0, "tilt_axis_deg": 30.0}),
        ("blurred", {"blur_px": 2.5}),
        ("no_sheet", {"sheet": False}),
        ("too_far", {"fill": 0.38}),
        ("moved_far", {"shift": (7.0, -2.0)}),  # beyond the markers' reach (and the scales')
    ],
)
def test_a_photo_that_cannot_be_read_is_refused_saying_what_to_do(reason, changes):
    shot = random_shot(np.random.default_rng(7), "a4", "long", **({"megapixels": CHEAP, "tilt_deg": 10.0} | changes))
    with pytest.raises(PhotoRefused) as refused:
        read_photo(photo(shot), "sheet.jpg")
    assert refused.value.reason == reason
    assert str(refused.value).startswith("sheet.jpg ")


def test_a_file_that_is_no_picture_is_refused():
    with pytest.raises(PhotoRefused) as refused:
        read_photo(b"%PDF-1.7 not a photo", "sheet.pdf")
    assert refused.value.reason == "not_a_picture"


def test_every_refusal_is_one_sentence_in_every_language():
    for reason in REASONS:
        for lang in LANGUAGES:
            said = Message(f"photo.{reason}", file="sheet.jpg", reach=5.0, most=40).text(lang)
            assert said != f"photo.{reason}" and said.endswith(".") and "\n" not in said, (reason, lang)
            assert ("sheet.jpg" in said) == (reason != "no_opencv"), (reason, lang)


# -- the sheet's markers -----------------------------------------------------------------------


def test_the_markers_drawn_are_opencvs_patterns_and_name_their_sheet():
    dictionary = cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50)
    fronts = [ids for ids in FRONT_MARKER_IDS.values()]
    assert len({i for ids in fronts for i in ids} | set(BACK_MARKER_IDS)) == 4 * len(fronts) + 4  # none shared
    for paper in PAPERS:
        for flip in FLIPS:
            record = calibration_record(paper, flip)
            for marker in record.markers:
                bits = cv2.aruco.Dictionary.getBitsFromByteList(dictionary.bytesList[marker.id : marker.id + 1], 4)
                assert int("".join(str(int(b)) for b in bits.flatten()), 2) == marker.bits


@pytest.mark.parametrize("paper", list(PAPERS))
@pytest.mark.parametrize("flip", FLIPS)
def test_markers_are_read_from_the_pdf_and_lie_inside_the_printable_area(paper, flip):
    """OpenCV reads every front marker of the rendered front page, and every back marker of
    the back page seen through the paper (mirrored), where the record says; nothing reads
    from a page seen from the wrong side."""
    record = calibration_record(paper, flip)
    px = 8.0
    front, back = pages(paper, flip, px)
    width, height = PAPERS[paper]
    seen_back = back[:, ::-1] if flip == "long" else back[::-1, :]
    detector = cv2.aruco.ArucoDetector(cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50))
    for ink, side in ((front, "front"), (seen_back, "back")):
        picture = np.clip(255 * (1 - ink), 0, 255).astype(np.uint8)
        corners, ids, _ = detector.detectMarkers(picture)
        found = dict(zip(ids.flatten().tolist(), corners)) if ids is not None else {}
        expected = {m.id: m.corners_mm for m in record.markers if m.side == side}
        assert set(found) == set(expected)
        for key, points in found.items():
            page = [((u + 0.5) / px, height - (v + 0.5) / px) for u, v in points.reshape(4, 2)]
            assert np.allclose(page, expected[key], atol=0.2), (key, page, expected[key])
        mirrored, mirrored_ids, _ = detector.detectMarkers(np.ascontiguousarray(picture[:, ::-1]))
        assert not set(mirrored_ids.flatten().tolist() if mirrored_ids is not None else ()) & set(expected)
    for marker in record.markers:
        xs, ys = [x for x, _ in marker.corners_mm], [y for _, y in marker.corners_mm]
        assert PRINTABLE_MM <= min(xs) and max(xs) <= width - PRINTABLE_MM
        assert PRINTABLE_MM <= min(ys) and max(ys) <= height - PRINTABLE_MM


@pytest.mark.parametrize("paper", list(PAPERS))
@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_back_marker_may_move_its_reach_over_blank_front_paper(paper, lang):
    """For either flip the sheet is drawn for and either the printer uses, around each back
    marker as far as a shift may move it (and a cell more), the front has no ink in any
    language; nor has the back behind a front marker."""
    px = 6.0
    height = PAPERS[paper][1]
    cell = MARKER_MM / (MARKER_CELLS + 2)

    def ink_in(ink, corners, grow):
        xs, ys = [x for x, _ in corners], [y for _, y in corners]
        x0, x1 = int((min(xs) - grow) * px), int(math.ceil((max(xs) + grow) * px))
        y0, y1 = int((height - max(ys) - grow) * px), int(math.ceil((height - min(ys) + grow) * px))
        return float(ink[max(y0, 0) : y1, max(x0, 0) : x1].max())

    for flip in FLIPS:
        record = calibration_record(paper, flip)
        front, back = (1 - np.asarray(page, np.float32) / 255 for page in _rendered(paper, flip, lang, px))
        for flip_seen in FLIPS:
            seen_back = back[:, ::-1] if flip_seen == "long" else back[::-1, :]
            for marker in record.markers:
                if marker.side == "back":
                    corners = marker.corners_mm if flip_seen == flip else marker.other_flip_corners_mm
                    assert ink_in(front, corners, MARKER_REACH + cell) < 0.05, (marker.id, flip, flip_seen)
                else:
                    assert ink_in(seen_back, marker.corners_mm, cell) < 0.05, (marker.id, flip, flip_seen)


def _rendered(paper, flip, lang, px):
    import pypdfium2

    document = pypdfium2.PdfDocument(calibration_pdf(paper=paper, flip=flip, lang=lang))
    return [document[i].render(scale=px * 25.4 / 72, grayscale=True).to_pil().convert("L") for i in range(2)]


# -- the command ------------------------------------------------------------------------------


@pytest.fixture
def sheet_photo(tmp_path):
    path = tmp_path / "sheet.jpg"
    path.write_bytes(photo(Shot(shift=(1.0, -0.5), printer_flip="short", megapixels=CHEAP, tilt_deg=12.0)))
    return path


def test_calibrate_read_prints_the_offset_and_saves_the_printer(sheet_photo, tmp_path, monkeypatch):
    monkeypatch.setenv("CARDGEN_CONFIG_DIR", str(tmp_path / "config"))
    result = cardgen_in_process("calibrate", "--read", sheet_photo, "--json", "--save", "office")
    assert result.returncode == 0, result.stderr
    read = json.loads(result.stdout)
    assert read["flip"] == "short" and read["saved_as"] == "office"
    assert read["back_offset"] == pytest.approx([-1.0, 0.5], abs=0.15)
    listed = json.loads(cardgen_in_process("printer", "list", "--json").stdout)
    assert listed["office"]["back_offset"] == read["back_offset"] and listed["office"]["flip"] == "short"
    plain = cardgen_in_process("calibrate", "--read", sheet_photo, "--lang", "fr").stdout
    assert "en retournant sur le bord court" in plain and "cardgen printer add NAME --back-offset -1" in plain


def test_calibrate_read_refuses_in_one_line_with_exit_2(tmp_path):
    path = tmp_path / "blank.jpg"
    path.write_bytes(photo(Shot(darkening=0.0, megapixels=CHEAP)))
    result = cardgen_in_process("calibrate", "--read", path, "--lang", "de")
    assert result.returncode == 2 and not result.stdout
    assert result.stderr.strip().count("\n") == 0 and "Rückseite" in result.stderr
    as_json = cardgen_in_process("calibrate", "--read", path, "--json")
    assert json.loads(as_json.stdout)["error"]["id"] == "photo.one_sided"


def test_without_opencv_one_sentence_says_how_to_install_it(sheet_photo, monkeypatch):
    monkeypatch.setitem(sys.modules, "cv2", None)  # import cv2 now fails
    result = cardgen_in_process("calibrate", "--read", sheet_photo)
    assert result.returncode == 2
    assert "pip install 'cardgen[photo]'" in result.stderr and result.stderr.strip().count("\n") == 0
