"""The flow of a summary's blocks through the columns of one page or two, in reading
order: no widow or orphan, a heading keeps the start of its text, and an example stays
in its section: after the section's text, before the next heading (a column with no
room for it is left short, never filled with the text that follows)."""

from __future__ import annotations

from dataclasses import dataclass

from cardgen.formats import MM
from cardgen.messages import Message
from cardgen.render.summary.blocks import COLUMN_GAP, FOOTER_HEIGHT, HEADER_HEIGHT, MARGIN, Block, Frame


@dataclass
class Placed:
    """Where a block went: its page, its column's left edge and its top (points), and
    the index of the section it belongs to."""

    block: Block
    page: int
    x: float
    top: float
    section: int = 0


class Overflow(Exception):
    """What does not fit: the section it stopped at and why, as a Message."""

    def __init__(self, section: int, reason: Message):
        super().__init__(reason)
        self.section = section
        self.reason = reason


def columns(pages: int, frame: Frame, raise_bottom: float = 0.0) -> list[tuple[int, float, float, float]]:
    """(page, x, top, bottom) of every column, in reading order; `raise_bottom` points
    of each column left empty (to balance a two-page summary)."""
    width, height = frame.column_width, frame.size[1]
    found = []
    for page in range(pages):
        top = height - MARGIN - (HEADER_HEIGHT + 2 * MM if page == 0 else 0)
        for column in range(2):
            found.append((page, MARGIN + column * (width + COLUMN_GAP), top, MARGIN + FOOTER_HEIGHT + raise_bottom))
    return found


class Column:
    """A column being filled from its top down to its bottom."""

    def __init__(self, page: int, x: float, top: float, bottom: float):
        self.page, self.x, self.top, self.bottom = page, x, top, bottom
        self.y = top

    @property
    def empty(self) -> bool:
        return self.y == self.top

    def room(self, block: Block) -> float:
        """The height left for `block` below its space before."""
        return self.y - (0.0 if self.empty else block.space_before) - self.bottom

    def place(self, block: Block, section: int) -> Placed:
        top = self.y - (0.0 if self.empty else block.space_before)
        self.y = top - block.height
        return Placed(block, self.page, self.x, top, section)


KEEP_LINES = 3  # a heading stands with at least this many lines of its section below it


def _needed(queue: list[tuple[int, Block]]) -> float:
    """The height the first block of `queue` needs in a column: a heading brings the
    start of its section, KEEP_LINES lines of text or up to its first drawing."""
    section, block = queue[0]
    if not block.keep_with_next:
        return block.height
    needed, wanted = block.height, KEEP_LINES
    for next_section, after in queue[1:]:
        if next_section != section:
            break
        lines = getattr(after, "lines", 0)
        needed += after.space_before + (after.height if lines <= wanted else after.least_height(wanted))
        wanted -= lines
        if wanted <= 0 or not lines:
            break
    return needed


def flow(blocks: list[tuple[int, Block]], pages: int, frame: Frame, raise_bottom: float = 0.0) -> list[Placed]:
    """Place the blocks in the columns of `pages` pages, in their order; raise Overflow
    when they do not fit. Paragraphs break between columns with two lines or more on
    each side; a heading, an example or a bullet item that does not fit the rest of a
    column starts the next one."""
    queue = list(blocks)
    placed: list[Placed] = []
    for column in (Column(*spec) for spec in columns(pages, frame, raise_bottom)):
        while queue and _place_first(column, queue, placed, frame):
            pass
        if not queue:
            return placed
    raise Overflow(queue[0][0], Message("summary.past_page", page=pages))


def _place_first(column: Column, queue: list[tuple[int, Block]], placed: list[Placed], frame: Frame) -> bool:
    """Place the first block of `queue` in `column`, or as much of it as fits; False when
    the column is full."""
    section, block = queue[0]
    if _needed(queue) <= column.room(block):
        placed.append(column.place(block, section))
        queue.pop(0)
        return True
    parts = block.split(frame.column_width, column.room(block))
    if parts:
        placed.append(column.place(parts[0], section))
        queue[0] = (section, parts[1])
    elif column.empty:
        raise Overflow(section, Message("summary.drawing_too_tall"))
    return False
