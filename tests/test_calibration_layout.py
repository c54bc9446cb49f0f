"""The calibration sheet's layout read back with pypdfium2: the text's glyph boxes and
the marks where the attachment says they are. Nothing may touch anything else, in any
language, on any paper, for either flip, and seen against a lamp (the back's words
mirrored onto the front)."""

from __future__ import annotations

import ctypes
import json
import math
from functools import cache

import pypdfium2
import pypdfium2.raw as pdfium_c
import pytest
from pdfcheck import MM, reader

from cardgen.layout.geometry import behind_point
from cardgen.render.calibration import ATTACHMENT, _texts, calibration_pdf
from cardgen.texts import LANGUAGES

GAP = 1.0  # mm: the least clear space between two things, or between a thing and a box's line
LABEL_REACH = 2.0  # mm: text this close to a scale's (or the ruler's) lines is one of its labels
BACK_CLEAR = 2.4  # mm: the back's words from the flip box's edges
BOX_LINE = 0.5  # mm: the widest box outline; half of it lies inside the box

OFFSETS = [(0.0, 0.0), (0.5, -1.25)]  # the second adds a step to the instructions


class Box:
    def __init__(self, x0, y0, x1, y1, name=""):
        self.x0, self.y0, self.x1, self.y1 = min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)
        self.name = name

    def __or__(self, other):
        return Box(
            min(self.x0, other.x0),
            min(self.y0, other.y0),
            max(self.x1, other.x1),
            max(self.y1, other.y1),
            self.name or other.name,
        )

    def grown(self, d):
        return Box(self.x0 - d, self.y0 - d, self.x1 + d, self.y1 + d, self.name)

    def distance(self, other) -> float:
        """The clear space between two boxes, negative when they overlap."""
        dx = max(other.x0 - self.x1, self.x0 - other.x1)
        dy = max(other.y0 - self.y1, self.y0 - other.y1)
        return max(dx, dy)

    def inside(self, other) -> float:
        """How far this box stays inside `other`, negative when it sticks out."""
        return min(self.x0 - other.x0, self.y0 - other.y0, other.x1 - self.x1, other.y1 - self.y1)

    def __repr__(self):
        return f"{self.name!r}[{self.x0:.1f},{self.y0:.1f} {self.x1:.1f},{self.y1:.1f}]"


def _union(boxes, name=""):
    boxes = list(boxes)
    found = boxes[0]
    for box in boxes[1:]:
        found = found | box
    found.name = name or found.name
    return found


# -- reading the text back ------------------------------------------------------


def glyphs(text_page):
    """(index, char, box in mm, em in mm) of every drawn, non-blank character, in drawing order."""
    found = []
    matrix = pdfium_c.FS_MATRIX()
    for index in range(text_page.count_chars()):
        char = text_page.get_text_range(index, 1)
        if not char or char.isspace() or pdfium_c.FPDFText_IsGenerated(text_page, index):
            continue
        left, bottom, right, top = (v / MM for v in text_page.get_charbox(index))
        pdfium_c.FPDFText_GetMatrix(text_page, index, ctypes.byref(matrix))
        em = pdfium_c.FPDFText_GetFontSize(text_page, index) * math.hypot(matrix.c, matrix.d) / MM
        found.append((index, char, Box(left, bottom, right, top), em))
    return found


def runs(found):
    """Glyphs drawn one after the other along one line, no more than a word space apart:
    [(first index, last index, text, box)]."""
    lines = []
    for index, char, box, em in found:
        if lines:
            first, last, text, line, line_em = lines[-1]
            same_line = abs((box.y0 + box.y1) / 2 - (line.y0 + line.y1) / 2) < 0.4 * max(em, line_em)
            near = -0.1 * em < box.x0 - line.x1 < 0.75 * em
            if same_line and near and abs(em - line_em) < 0.01:
                lines[-1] = (first, index, text + char, line | box, em)
                continue
        lines.append((index, index, char, box, em))
    return [(first, last, text, Box(b.x0, b.y0, b.x1, b.y1, text)) for first, last, text, b, _ in lines]


def _compact(text: str) -> str:
    return "".join(c for c in text if not c.isspace())


def spans_of(text_page, words: str):
    """The index ranges (first, last) of the characters that spell `words`, spaces and
    line breaks aside, wherever they are drawn."""
    full = text_page.get_text_range()
    kept = [i for i, c in enumerate(full) if not c.isspace()]
    compact = "".join(full[i] for i in kept)
    target = _compact(words)
    spans, start = [], compact.find(target)
    while start >= 0:
        spans.append((kept[start], kept[start + len(target) - 1]))
        start = compact.find(target, start + 1)
    return spans


# -- the page as things that must not touch --------------------------------------


@cache
def sheet(paper, flip, lang, offset):
    return calibration_pdf(paper, flip, offset, lang)


def scale_regions(info):
    """Where each scale row's lines lie (front lines up, back lines down), in page mm."""
    regions = []
    front, back = info["front_lines"]["length"], info["back_lines"]["length"]
    for scale in info["scales"]:
        along = (1.0, 0.0) if scale["axis"] == "x" else (0.0, 1.0)
        across = scale["across"]
        for row, zero in (("fine", scale["fine_zero"]), ("coarse", scale["coarse_zero"])):
            spec = info[row]
            reach = max(
                max(abs(k) for k in spec["lines"]) * spec["front_pitch"],
                max(abs(k) for k in spec["back_lines"]) * spec["back_pitch"],
            )
            corners = []
            for a in (-reach, reach):
                for b in (-back, front + 1.0):  # the zero line rises 1 mm further
                    corners.append((zero[0] + a * along[0] + b * across[0], zero[1] + a * along[1] + b * across[1]))
            xs, ys = [c[0] for c in corners], [c[1] for c in corners]
            regions.append(Box(min(xs), min(ys), max(xs), max(ys), f"{scale['station']} {row} lines"))
    return regions


def layout(paper, flip, lang, offset):
    """The front's things, each a box: the instructions as one block, each scale row with
    its numbers, the ruler with its numbers, every other text line, and the back's words
    where they show through; plus the two flip boxes."""
    content = sheet(paper, flip, lang, offset)
    info = json.loads(reader(content).attachments[ATTACHMENT][0])
    document = pypdfium2.PdfDocument(content)
    front_page = document[0].get_textpage()
    lines = runs(glyphs(front_page))
    texts = _texts(lang, paper, flip, offset)

    claimed: set[int] = set()
    things = []

    def block(span, name):
        first, last = span
        members = [r for r in lines if r[0] >= first and r[1] <= last]
        assert members, name
        claimed.update(id(r) for r in members)
        things.append(_union([r[3] for r in members], name))

    steps = texts["steps"]
    ((start, _),) = spans_of(front_page, "1." + steps[0])
    ((_, end),) = spans_of(front_page, f"{len(steps)}." + steps[-1])
    block((start, end), "instructions")
    legends = spans_of(front_page, texts["match"])
    assert len(legends) == 2
    for span in legends:
        block(span, "legend")
    (wrong_words,) = spans_of(front_page, texts["flip_wrong"])
    block(wrong_words, "wrong-flip words")

    ruler_x, ruler_y = info["ruler"]["start"]
    length = info["ruler"]["length"]
    down_x, down_top = info["ruler"]["down_start"]
    marked = scale_regions(info) + [
        Box(ruler_x, ruler_y, ruler_x + length, ruler_y + 3.0, "ruler"),
        Box(down_x - 3.0, down_top - length, down_x, down_top, "ruler down"),
    ]
    for region in marked:
        labels = [r for r in lines if id(r) not in claimed and r[3].distance(region) < LABEL_REACH]
        claimed.update(id(r) for r in labels)
        things.append(_union([region] + [r[3] for r in labels], region.name))
    things += [r[3] for r in lines if id(r) not in claimed]

    # the back's words, seen through the paper from the front: the printer's shift that
    # --back-offset cancels puts them back where an exact printer prints them
    back_words = []
    size = tuple(info["paper_mm"])
    for _, _, text, box in runs(glyphs(document[1].get_textpage())):
        corners = [
            behind_point(x - offset[0], y - offset[1], size, flip) for x in (box.x0, box.x1) for y in (box.y0, box.y1)
        ]
        back_words.append(
            Box(
                min(c[0] for c in corners),
                min(c[1] for c in corners),
                max(c[0] for c in corners),
                max(c[1] for c in corners),
                "back: " + text,
            )
        )
    flip_boxes = [
        Box(x, y, x + w, y + h, name)
        for name, (x, y, w, h) in (
            ("flip box", info["flip_check"]["front_box"]),
            ("wrong-flip box", info["flip_check"]["wrong_flip_box"]),
        )
    ]
    return things, back_words, flip_boxes


CASES = [
    (paper, flip, lang, offset)
    for paper in ("a4", "letter")
    for flip in ("long", "short")
    for lang in sorted(LANGUAGES)
    for offset in OFFSETS
]
IDS = [f"{paper}-{flip}-{lang}-{'offset' if any(offset) else 'exact'}" for paper, flip, lang, offset in CASES]


@pytest.mark.parametrize("paper, flip, lang, offset", CASES, ids=IDS)
def test_nothing_on_the_front_touches_anything_else(paper, flip, lang, offset):
    things, back_words, flip_boxes = layout(paper, flip, lang, offset)
    names = [t.name for t in things]
    assert "instructions" in names and sum(n.endswith("lines") for n in names) == 8
    everything = things + back_words
    for i, one in enumerate(everything):
        for other in everything[i + 1 :]:
            assert one.distance(other) >= GAP, (one, other, round(one.distance(other), 2))


@pytest.mark.parametrize("paper, flip, lang, offset", CASES, ids=IDS)
def test_text_keeps_clear_of_the_flip_boxes_lines(paper, flip, lang, offset):
    things, back_words, flip_boxes = layout(paper, flip, lang, offset)
    clearance = GAP + BOX_LINE / 2
    for box in flip_boxes:
        for thing in things + back_words:
            # wholly inside, clear of the line, or wholly outside it
            ok = thing.inside(box) >= clearance or thing.distance(box) >= clearance
            assert ok, (thing, box, round(thing.inside(box), 2), round(thing.distance(box), 2))
    flip_box, wrong_box = flip_boxes
    # BACK and its caption well inside, so that what is left of a printer's shift once
    # calibrated (a quarter mm) cannot bring them near the line either
    assert len(back_words) == 2
    for word in back_words:
        assert word.inside(flip_box) >= BACK_CLEAR, (word, flip_box, round(word.inside(flip_box), 2))
    assert [t for t in things if t.name == "wrong-flip words"][0].inside(wrong_box) >= clearance
