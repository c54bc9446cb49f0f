"""A card's `text:` set in its style's text box: paragraphs (a blank line between them),
line breaks, `**bold**`, `*italic*` and `{bull}` for a bull-head symbol in the line; broken
into lines that fit the box's width, shrunk from the style's size towards its smallest
until the lines fit its height. Pure: the fonts' widths come from cardgen.model.fonts, and
render/faces.py draws the lines as they are laid out here, so what verify and the build
check is what is printed."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from cardgen.errors import InvalidValue
from cardgen.messages import Message
from cardgen.model import fonts

Face = Literal["regular", "bold", "italic", "bold_italic"]
BULL = "{bull}"
BULL_WIDTH = 1.0  # a bull-head symbol is this many ems wide in the line
LEADING = 1.25  # a line's height, in its font size
PARAGRAPH_GAP = 0.5  # more between paragraphs, in the font size
SHRINK_STEP = 0.95  # each try is this much smaller than the last
_MARKER = re.compile(r"\*\*|\*|\{bull\}")


@dataclass(frozen=True)
class Run:
    """Words in one face, or a bull-head symbol (`bull`), and its width at the size tried."""

    text: str
    face: Face
    width: float
    bull: bool = False


@dataclass(frozen=True)
class Line:
    runs: tuple[Run, ...]
    width: float
    paragraph_start: bool  # a paragraph's first line: the gap above it


@dataclass(frozen=True)
class Laid:
    size: float  # the font size that fits, in the unit the box is given in
    lines: tuple[Line, ...]
    height: float


def pieces(text: str) -> list[list[tuple[str, Face, bool]]]:
    """The text's paragraphs, each a list of (text, face, is-a-bull) in order; a single line
    break is kept as "\\n". ValueError for a `*` or `**` left open at a paragraph's end."""
    paragraphs = []
    for paragraph in re.split(r"\n\s*\n", text.strip()):
        bold = italic = False
        parts: list[tuple[str, Face, bool]] = []
        position = 0
        for marker in _MARKER.finditer(paragraph):
            if marker.start() > position:
                parts.append((paragraph[position : marker.start()], _face(bold, italic), False))
            if marker.group() == BULL:
                parts.append((BULL, _face(bold, italic), True))
            elif marker.group() == "**":
                bold = not bold
            else:
                italic = not italic
            position = marker.end()
        if position < len(paragraph):
            parts.append((paragraph[position:], _face(bold, italic), False))
        if bold or italic:
            raise InvalidValue(Message("text.open_marker", marker="**" if bold else "*"))
        paragraphs.append(parts)
    return paragraphs


def _face(bold: bool, italic: bool) -> Face:
    return "bold_italic" if bold and italic else "bold" if bold else "italic" if italic else "regular"


def lay_out(
    text: str, font_files: dict[Face, Path], size: float, min_size: float, width: float, height: float
) -> Laid | None:
    """The lines at the largest size from `size` down to `min_size` at which they fit
    `width` × `height`, or None if they do not fit even at `min_size`."""
    paragraphs = pieces(text)
    tried = size
    while True:
        laid = _at(paragraphs, font_files, tried, width)
        if laid.height <= height and not any(line.width > width + 1e-9 for line in laid.lines):
            return laid
        if tried <= min_size:
            return None
        tried = max(min_size, tried * SHRINK_STEP)


def _at(paragraphs, font_files: dict[Face, Path], size: float, width: float) -> Laid:
    lines: list[Line] = []
    for paragraph in paragraphs:
        words = _words(paragraph, font_files, size)
        for index, line in enumerate(_broken(words, width)):
            lines.append(Line(tuple(line), sum(run.width for run in line), paragraph_start=index == 0))
    paragraphs_after_first = sum(line.paragraph_start for line in lines) - 1
    height = size * (LEADING * len(lines) + PARAGRAPH_GAP * max(paragraphs_after_first, 0))
    return Laid(size, tuple(lines), height)


def _words(paragraph, font_files: dict[Face, Path], size: float) -> list[Run | None]:
    """The paragraph as words and spaces (None: a line break), each measured."""
    words: list[Run | None] = []
    for text, face, bull in paragraph:
        if bull:
            words.append(Run(BULL, face, BULL_WIDTH * size, bull=True))
            continue
        for piece in re.split(r"(\s+)", text):
            if not piece:
                continue
            if "\n" in piece:
                words.append(None)
            elif piece.isspace():
                words.append(Run(" ", face, fonts.text_width(font_files[face], " ", size)))
            else:
                words.append(Run(piece, face, fonts.text_width(font_files[face], piece, size)))
    return words


def _broken(words: list[Run | None], width: float) -> list[list[Run]]:
    """Greedy lines: a word goes on the line while it fits; spaces at a line's ends are dropped.
    A word wider than the whole line gets a line of its own (and the size is then too large)."""
    lines: list[list[Run]] = [[]]
    used = 0.0
    for word in words:
        if word is None:
            lines.append([])
            used = 0.0
            continue
        if word.text == " ":
            if lines[-1]:
                lines[-1].append(word)
                used += word.width
            continue
        if lines[-1] and used + word.width > width:
            while lines[-1] and lines[-1][-1].text == " ":
                used -= lines[-1].pop().width
            lines.append([])
            used = 0.0
        lines[-1].append(word)
        used += word.width
    for line in lines:
        while line and line[-1].text == " ":
            line.pop()
    return lines


def characters(text: str) -> dict[Face, str]:
    """The characters each face draws (a bull is no character)."""
    found: dict[Face, set[str]] = {}
    for paragraph in pieces(text):
        for piece, face, bull in paragraph:
            if not bull:
                found.setdefault(face, set()).update(piece)
    return {face: "".join(sorted(chars - {"\n", "\t"})) for face, chars in found.items()}
