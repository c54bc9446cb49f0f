"""The calibration sheet read back as a user would: printed (rendered), the back seen
through the paper (mirrored onto the front), the scales read, and the values typed
back in cancel the printer's shift."""

from __future__ import annotations

import json
import re
from functools import cache

import pytest
from pdfcheck import font_is_embedded_truetype, fonts_of, reader, render, small_texts
from PIL import Image, ImageOps

from cardgen.layout.geometry import behind_point
from cardgen.record import parse_record
from cardgen.render.calibration import ATTACHMENT, attached_record, calibration_pdf, calibration_record, scales_shown
from cardgen.texts import LANGUAGES, messages

DPI = 300
PERPENDICULAR_REACH = 5.5  # a shift moves the back's marks this far at most across the scale


@cache
def sheet(paper="a4", flip="long", offset=(0.0, 0.0)) -> bytes:
    return calibration_pdf(paper=paper, flip=flip, back_offset=offset)


def description(content: bytes) -> dict:
    return json.loads(reader(content).attachments[ATTACHMENT][0])


@cache
def pages(paper="a4", flip="long", offset=(0.0, 0.0)):
    content = sheet(paper, flip, offset)
    return ImageOps.invert(render(content, 0, DPI)), ImageOps.invert(render(content, 1, DPI))


def marks(ink: Image.Image, paper, axis: str, along: tuple[float, float], across: tuple[float, float]):
    """Centres (mm, page coordinates, along `axis`) of the lines crossing the window
    `along` x `across` (mm ranges) of a page's ink image."""
    page_w, page_h = paper
    # pdfium rounds the image up to whole pixels and stretches the page to fill it
    per_mm_x, per_mm_y = ink.width / page_w, ink.height / page_h
    if axis == "x":
        x0, x1, y0, y1 = *along, *across
    else:
        x0, x1, y0, y1 = *across, *along
    box = (round(x0 * per_mm_x), round((page_h - y1) * per_mm_y), round(x1 * per_mm_x), round((page_h - y0) * per_mm_y))
    window = ink.crop(box)
    if axis == "x":
        profile = list(window.resize((window.width, 1), Image.BOX).get_flattened_data())
        start = box[0]
    else:
        profile = list(window.resize((1, window.height), Image.BOX).get_flattened_data())
        start = box[1]
    centres = []
    for run in _runs(profile, threshold=max(profile) * 0.25 if profile else 0):
        weight = sum(profile[i] for i in run)
        centre_px = start + sum((i + 0.5) * profile[i] for i in run) / weight
        centres.append(centre_px / per_mm_x if axis == "x" else page_h - centre_px / per_mm_y)
    return sorted(centres)


def _runs(profile, threshold):
    run = []
    for i, value in enumerate(profile):
        if value > threshold:
            run.append(i)
        elif run:
            yield run
            run = []
    if run:
        yield run


def seen_from_front(back_marks, axis, paper, flip):
    """Back-page positions along `axis` mapped to where they show on the front."""
    index = 0 if axis == "x" else 1
    return sorted(behind_point(v, v, paper, flip)[index] for v in back_marks)


class Reading:
    """What a user reads on one scale: the front's numbered lines and the back's marks
    that show through, along the scale's value direction (0 = the front's zero)."""

    def __init__(self, scale: dict, front: Image.Image, back: Image.Image, info: dict):
        paper, flip = tuple(info["paper_mm"]), info["flip"]
        self.axis = scale["axis"]
        index = 0 if self.axis == "x" else 1
        self.sign = scale["value_direction"][index]
        across = [v for v in scale["across"]]
        sign_across = across[0] + across[1]  # +1 or -1: which way the labels lie
        fine, coarse = scale["fine_zero"], scale["coarse_zero"]
        other = 1 - index

        def window(zero, reach, b0, b1):
            lo, hi = sorted((zero[other] + sign_across * b0, zero[other] + sign_across * b1))
            return (zero[index] - reach, zero[index] + reach), (lo, hi)

        def front_marks(zero, reach, b0, b1):
            along, across_range = window(zero, reach, b0, b1)
            return [self.value(v, zero) for v in marks(front, paper, self.axis, along, across_range)]

        def back_marks(zero, reach, b0, b1):
            reach += PERPENDICULAR_REACH
            along, across_range = window(zero, reach, b0 - PERPENDICULAR_REACH, b1 + PERPENDICULAR_REACH)
            # the same window on the back page: behind the front window
            if self.axis == "x":
                corners = [behind_point(x, y, paper, flip) for x in along for y in across_range]
            else:
                corners = [behind_point(x, y, paper, flip) for x in across_range for y in along]
            xs, ys = sorted(c[0] for c in corners), sorted(c[1] for c in corners)
            back_along = (xs[0], xs[-1]) if self.axis == "x" else (ys[0], ys[-1])
            back_across = (ys[0], ys[-1]) if self.axis == "x" else (xs[0], xs[-1])
            found = marks(back, paper, self.axis, back_along, back_across)
            return [self.value(v, zero) for v in seen_from_front(found, self.axis, paper, flip)]

        self.fine_pitch = info["fine"]["front_pitch"]
        self.coarse_pitch = info["coarse"]["front_pitch"]
        fine_reach = max(abs(k) for k in info["fine"]["lines"]) * self.fine_pitch + 0.5
        coarse_reach = max(abs(k) for k in info["coarse"]["lines"]) * self.coarse_pitch + 0.5
        self.fine_front = front_marks(fine, fine_reach, 0.5, 2.5)
        self.comb = back_marks(fine, fine_reach, -3.0, -0.5)
        self.coarse_front = front_marks(coarse, coarse_reach, 0.5, 1.5)
        self.coarse_comb = back_marks(coarse, coarse_reach, -3.5, -0.5)

    def value(self, position: float, zero) -> float:
        index = 0 if self.axis == "x" else 1
        return (position - zero[index]) * self.sign

    @staticmethod
    def _misses(front, back, pitch):
        """Each numbered front line's distance to the nearest back line, by its number."""
        return {round(v / pitch): min(abs(v - c) for c in back) for v in front}

    def as_a_user(self) -> float:
        """The whole number whose line best meets a back line, plus the quarter line that
        meets one; when both half lines meet, the half between the two best whole numbers."""
        whole = self._misses(self.coarse_front, self.coarse_comb, self.coarse_pitch)
        best = sorted(whole, key=whole.get)
        misses = self._misses(self.fine_front, self.comb, self.fine_pitch)
        quarters = min(misses, key=misses.get)
        if abs(quarters) == 2:
            return (best[0] + best[1]) / 2
        return best[0] + quarters / 4


def readings(paper="a4", flip="long", offset=(0.0, 0.0)) -> list[Reading]:
    content = sheet(paper, flip, offset)
    info = description(content)
    front, back = pages(paper, flip, offset)
    return [Reading(scale, front, back, info) for scale in info["scales"]]


# -- the file ------------------------------------------------------------------


@pytest.mark.parametrize("paper, size", [("a4", (210, 297)), ("letter", (215.9, 279.4))])
def test_two_pages_of_exactly_the_paper_size(paper, size):
    document = reader(sheet(paper))
    assert len(document.pages) == 2
    for page in document.pages:
        width, height = (float(v) * 25.4 / 72 for v in page.mediabox.upper_right)
        assert (width, height) == pytest.approx(size, abs=0.01)
        assert [float(v) for v in page.trimbox] == pytest.approx([float(v) for v in page.mediabox])
        assert [float(v) for v in page.bleedbox] == pytest.approx([float(v) for v in page.mediabox])


@pytest.mark.parametrize("flip, mode", [("long", "/DuplexFlipLongEdge"), ("short", "/DuplexFlipShortEdge")])
def test_the_viewer_is_told_not_to_scale_and_which_edge_to_flip(flip, mode):
    document = reader(sheet(flip=flip))
    prefs = document.trailer["/Root"]["/ViewerPreferences"]
    assert prefs["/PrintScaling"] == "/None"
    assert prefs["/Duplex"] == mode
    assert document.pdf_header.endswith("1.7")


def test_only_embedded_truetype_fonts():
    for page in reader(sheet()).pages:
        fonts = fonts_of(page)
        assert fonts
        assert all(font_is_embedded_truetype(font) for font in fonts)


def test_same_input_gives_the_same_bytes():
    assert calibration_pdf("a4", "short", (0.5, -1.25), "en") == calibration_pdf("a4", "short", (0.5, -1.25), "en")
    assert calibration_pdf("a4", "long") != calibration_pdf("a4", "short")


def test_the_attachment_says_what_the_sheet_is():
    info = description(sheet("letter", "short", (0.5, -1.25)))
    assert info["kind"] == "calibration"
    assert (info["paper"], info["flip"], info["back_offset"]) == ("letter", "short", [0.5, -1.25])
    # two scales per axis, as far apart as the page allows: a turned back makes them disagree
    assert sorted((s["station"], s["axis"]) for s in info["scales"]) == [
        ("bottom", "x"),
        ("left", "y"),
        ("right", "y"),
        ("top", "x"),
    ]


def test_the_attachment_is_the_record_calibration_record_gives_and_an_older_one_still_reads():
    """The record is typed (record.CalibrationRecord) and the same without drawing the sheet;
    a version 2 record, as sheets printed before the markers carry it (directions written as
    1.0 and -0.0), still gives the studio its scales."""
    content = sheet("letter", "short", (0.5, -1.25))
    record = attached_record(content)
    assert record == calibration_record("letter", "short", (0.5, -1.25))
    older = description(content)
    del older["markers"]
    older["version"] = 2
    for scale in older["scales"]:
        scale["value_direction"] = [float(v) for v in scale["value_direction"]]
        scale["across"] = [-0.0 if v == 0 else float(v) for v in scale["across"]]
    parsed = parse_record(json.dumps(older).encode(), ATTACHMENT)
    assert parsed.version == 2 and parsed.markers == ()
    assert scales_shown(parsed) == scales_shown(record)


def test_the_instructions_say_what_to_type():
    text = "".join(page.extract_text() for page in reader(sheet(flip="short")).pages)
    assert "cardgen printer add NAME --back-offset X,Y --flip short" in text.replace("\n", " ")
    assert "100%" in text and "BACK" in text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_steps_name_the_studios_page_first_and_the_command_line_second(lang):
    """What the sheet reads goes into cardgen studio, on its calibration page (a photo or the
    scales read by eye), or else on the command line: the photo's command, then printer add."""
    text = " ".join(reader(calibration_pdf(lang=lang)).pages[0].extract_text().replace("\xa0", " ").split())
    words = messages("calibration", lang)
    studio_page = messages("studio", lang)["menu.calibrate"]
    photo_command = words["photo_command"]
    add_command = words["command"].format(flip_option="long", paper_option="a4")
    assert "cardgen studio" in text and photo_command.startswith("cardgen calibrate --read ")
    assert text.index(studio_page) < text.index(photo_command) < text.index(add_command)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_ruler_across_and_one_down_each_measure_100_mm_and_say_what_to_type(paper):
    """What a player measures to find a printer that shrinks or stretches: 101 ticks 1 mm
    apart, across the page and down it, and the command that takes the two lengths."""
    content = sheet(paper)
    info, size = description(content)["ruler"], description(content)["paper_mm"]
    ink = pages(paper)[0]
    (x, y), (down_x, down_top) = info["start"], info["down_start"]
    across = marks(ink, size, "x", (x - 1, x + 101), (y + 0.3, y + 1.0))
    down = marks(ink, size, "y", (down_top - 101, down_top + 1), (down_x - 1.0, down_x - 0.3))
    for ticks in (across, down):
        assert len(ticks) == 101
        assert max(ticks) - min(ticks) == pytest.approx(100.0, abs=0.05)  # a 300 dpi pixel is 0.085 mm
        assert all(b - a == pytest.approx(1.0, abs=0.05) for a, b in zip(sorted(ticks), sorted(ticks)[1:]))
    assert down_x > size[0] - 10 and abs((down_top - 50) - size[1] / 2) < 0.01  # down the right edge, centred
    text = " ".join(page.extract_text() for page in reader(content).pages).replace("\n", " ")
    assert "cardgen printer add NAME --ruler-measured ACROSS,DOWN" in text


# -- the scales, from pixels ---------------------------------------------------


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("flip", ["long", "short"])
def test_with_an_exact_printer_every_back_mark_lands_on_its_front_line(paper, flip):
    for reading in readings(paper, flip):
        coarse_zero = min(reading.coarse_front, key=abs)
        fine_zero = min(reading.fine_front, key=abs)
        # the scales are where the attachment says (within a pixel's rounding)
        assert coarse_zero == pytest.approx(0, abs=0.15) and fine_zero == pytest.approx(0, abs=0.15)
        # seen through the paper, back lines sit on the front's zero lines
        assert min(reading.coarse_comb, key=lambda c: abs(c - coarse_zero)) == pytest.approx(coarse_zero, abs=0.1)
        assert min(reading.comb, key=lambda c: abs(c - fine_zero)) == pytest.approx(fine_zero, abs=0.1)
        assert reading.as_a_user() == 0


def printer_shift_reads(flip, shift):
    """A printer that moves the back by `shift` prints the same as an exact printer
    given `--back-offset shift`: read that sheet."""
    found = {}
    for reading in readings("a4", flip, shift):
        found.setdefault(reading.axis, set()).add(reading.as_a_user())
    return found


SHIFTS = [
    (1.0, 0.0),
    (0.0, 1.0),
    (0.5, -1.25),
    (-2.75, 0.25),
    (3.3, -4.6),
    (-4.9, 4.1),
    (0.4, 0.6),
    (1.75, -2.5),
    (5.0, -5.0),
]


@pytest.mark.parametrize("flip", ["long", "short"])
@pytest.mark.parametrize("shift", SHIFTS)
def test_the_numbers_read_are_the_offset_that_cancels_the_shift(flip, shift):
    found = printer_shift_reads(flip, shift)
    assert len(found["x"]) == 1 and len(found["y"]) == 1, found  # both scales of each axis agree
    (x,), (y,) = found["x"], found["y"]
    assert x == pytest.approx(-shift[0], abs=0.125 + 1e-6)
    assert y == pytest.approx(-shift[1], abs=0.125 + 1e-6)
    # typed back in, the values bring the marks into line: the scales read 0
    residual = (round(shift[0] + x, 6), round(shift[1] + y, 6))
    corrected = printer_shift_reads(flip, residual)
    assert corrected == {"x": {0.0}, "y": {0.0}}


@pytest.mark.parametrize("flip", ["long", "short"])
def test_the_flip_check_shows_back_behind_its_box(flip):
    content = sheet(flip=flip)
    info = description(content)
    x, y, w, h = info["flip_check"]["front_box"]
    word = [(t, tx, ty) for t, tx, ty in _texts(content, 1) if t == "BACK"]
    assert len(word) == 1
    _, tx, ty = word[0]
    fx, fy = behind_point(tx, ty, tuple(info["paper_mm"]), flip)
    assert x < fx < x + w and y < fy < y + h


def _texts(content, index):
    from pdfcheck import positioned_texts

    return positioned_texts(content, index)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_language_says_what_to_type_with_embedded_fonts(lang):
    texts = messages("calibration", lang).values()
    said = " ".join(line for text in texts for line in ([text] if isinstance(text, str) else text))
    (name,) = set(re.findall(r"cardgen\sprinter\sadd\s(\S+) ", said))  # NAME as the language says it
    content = calibration_pdf("letter", flip="long", back_offset=(0.5, -1.0), lang=lang)
    text = " ".join(page.extract_text() for page in reader(content).pages).replace("\xa0", " ")
    # the command for the paper and flip the sheet was printed on, no option parted from its value
    one_line = text.replace("\n", " ")
    assert f"cardgen printer add {name} --back-offset X,Y --flip long --paper letter" in one_line
    for option in ("--back-offset X,Y", "--flip long", "--paper letter", f"printer add {name}"):
        assert option in text, option
    assert "--back-offset 0.5,-1" in text and "100%" in re.sub(r"\s%", "%", text)  # "100 %" in fr and de
    assert all(font_is_embedded_truetype(font) for page in reader(content).pages for font in fonts_of(page))


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_command_to_type_stands_whole_on_a_line_of_its_own(lang, paper):
    # it broke inside itself: "… --back-offset X,Y --flip / long", in French "… X,Y / --flip long"
    from pdfcheck import positioned_texts

    for flip in ("long", "short"):
        command = messages("calibration", lang)["command"].format(flip_option=flip, paper_option=paper)
        lines = [text for text, x, y in positioned_texts(calibration_pdf(paper, flip=flip, lang=lang), 0)]
        assert command in lines
        # and no line ends on an opening quote (French: « then a no-break space, which holds)
        opening = {"fr": "«", "de": "„"}.get(lang, "“")
        assert not [line for line in lines if line.rstrip().endswith(opening)]


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_nothing_is_drawn_where_a_common_laser_cannot_print(paper, lang):
    """6.35 mm at the sides, 4.2 mm at the top and bottom, front and back (moved by an offset):
    the left Y scale's name "quarters" once began 6.0 mm from the paper's left edge."""
    content = calibration_pdf(paper, "long", (1.5, -0.5), lang)
    for index in range(2):
        image = render(content, index, 100)
        width, height = image.size
        side, end = (round((mm - 0.15) / 25.4 * 100) for mm in (6.35, 4.2))
        for box in [
            (0, 0, side, height),
            (width - side, 0, width, height),
            (0, 0, width, end),
            (0, height - end, width, height),
        ]:
            assert image.crop(box).getextrema()[0] > 245, (index + 1, box)


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_check_sheet_keeps_the_rulers_step_and_writes_its_offset_as_the_language_writes_numbers(lang, paper):
    # printed with --back-offset, the sheet lost the step that says what to type for the rulers;
    # its header showed "0,0" without an offset (zero, in French) and "1.25,-0.5" with one
    from pdfcheck import positioned_texts

    words = messages("calibration", lang)
    comma = lang != "en"
    for offset, x, y in (
        ((0.0, 0.0), "0", "0"),
        ((1.25, -0.5), "1,25" if comma else "1.25", "−0,5" if comma else "−0.5"),
    ):
        lines = [
            text.replace("\xa0", " ")
            for text, _, _ in positioned_texts(calibration_pdf(paper, "long", offset, lang), 0)
        ]
        header = next(line for line in lines if line.startswith(str(words["front"]).split(" ")[0]))
        assert f"X = {x} mm" in header and f"Y = {y} mm" in header, header
        assert words["ruler_command"] in lines
        assert not small_texts(calibration_pdf(paper, "long", offset, lang))
        steps = [line for line in lines if re.fullmatch(r"\d\.", line)]
        assert len(steps) == len(words["steps"]) + 1 + (offset != (0.0, 0.0))
