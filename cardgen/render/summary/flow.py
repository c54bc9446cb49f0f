"""The flow of a summary's blocks through the columns of one page or two: no widow or
orphan, a heading keeps the start of its text, an example waits for a column it fits."""

from __future__ import annotations

from dataclasses import dataclass

from cardgen.formats import MM
from cardgen.render.summary.blocks import COLUMN_GAP, FOOTER_HEIGHT, HEADER_HEIGHT, MARGIN, Block, Frame


@dataclass
class Placed:
    block: Block
    page: int
    x: float
    top: float


class Overflow(Exception):
    def __init__(self, section: int, reason: str):
        super().__init__(reason)
        self.section = section


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

    def place(self, block: Block) -> Placed:
        top = self.y - (0.0 if self.empty else block.space_before)
        self.y = top - block.height
        return Placed(block, self.page, self.x, top)


def _needed(queue: list[tuple[int, Block]]) -> float:
    """The height the first block of `queue` needs in a column: a heading brings the
    start of the block after it."""
    block = queue[0][1]
    if block.keep_with_next and len(queue) > 1:
        after = queue[1][1]
        return block.height + after.space_before + after.least_height()
    return block.height


def flow(blocks: list[tuple[int, Block]], pages: int, frame: Frame, raise_bottom: float = 0.0) -> list[Placed]:
    """Place the blocks in the columns of `pages` pages; raise Overflow when they do not fit.
    Paragraphs break between columns with two lines or more on each side, headings stay
    with the start of their text, and an example that does not fit the rest of a column
    waits at the top of the next one while the text after it (of the next section at
    most) fills the column."""
    queue = list(blocks)
    waiting: list[tuple[int, Block]] = []
    placed: list[Placed] = []
    for column in (Column(*spec) for spec in columns(pages, frame, raise_bottom)):
        if queue and queue[0][1].continued and not _place_first(column, queue, placed, frame):
            continue  # a paragraph ends before any example
        while waiting and waiting[0][1].height <= column.room(waiting[0][1]):
            placed.append(column.place(waiting.pop(0)[1]))
        if waiting and column.empty:
            raise Overflow(waiting[0][0], "a drawing is taller than a whole column")
        while queue:
            section, block = queue[0]
            if waiting and section > waiting[0][0] + 1:  # no further than the next section's text
                break
            if block.floats and (waiting or (_needed(queue) > column.room(block) and not column.empty)):
                waiting.append(queue.pop(0))  # examples keep their order
            elif not _place_first(column, queue, placed, frame):
                break
        if not queue and not waiting:
            return placed
    raise Overflow((waiting or queue)[0][0], f"it runs past page {pages}")


def _place_first(column: Column, queue: list[tuple[int, Block]], placed: list[Placed], frame: Frame) -> bool:
    """Place the first block of `queue` in `column`, or as much of it as fits; False when
    the column is full."""
    section, block = queue[0]
    if _needed(queue) <= column.room(block):
        placed.append(column.place(block))
        queue.pop(0)
        return True
    parts = block.split(frame.column_width, column.room(block))
    if parts:
        placed.append(column.place(parts[0]))
        queue[0] = (section, parts[1])
    elif column.empty:
        raise Overflow(section, "a drawing is taller than a whole column")
    return False
