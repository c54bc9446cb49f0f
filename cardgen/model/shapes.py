"""The small shapes card sets and face styles share: colours, lengths in mm, and a box on
the card (a style's picture area, or a card's own)."""

from __future__ import annotations

import re
from typing import Annotated

from pydantic import AfterValidator, BaseModel, ConfigDict, Field

from cardgen.errors import InvalidValue
from cardgen.messages import Message


def _hex_colour(value: str) -> str:
    if not re.fullmatch(r"#[0-9a-fA-F]{6}", value):
        raise InvalidValue(Message("value.colour", value=value))
    return value.lower()


Colour = Annotated[str, AfterValidator(_hex_colour)]
Size = Annotated[float, Field(gt=0, le=300)]  # mm; over 300 mm is no card
Length = Annotated[float, Field(ge=0, le=300)]  # mm, may be zero
Offset = Annotated[float, Field(ge=-300, le=300)]  # mm, signed


class Box(BaseModel):
    """A rectangle on the card: its centre x and y from the card's centre (right and up), its size."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    x: Offset = 0
    y: Offset = 0
    width: Size
    height: Size

    def edges(self) -> tuple[float, float, float, float]:
        """Its left, bottom, right and top edges, in mm from the card's centre."""
        return self.x - self.width / 2, self.y - self.height / 2, self.x + self.width / 2, self.y + self.height / 2

    def overlap(self, other: Box) -> float:
        """How far this box reaches into `other` (mm): the shorter of the two ways it would
        have to move, across or up and down, to leave it; 0 when they do not meet."""
        left, bottom, right, top = self.edges()
        other_left, other_bottom, other_right, other_top = other.edges()
        across = min(right, other_right) - max(left, other_left)
        upright = min(top, other_top) - max(bottom, other_bottom)
        return max(0.0, min(across, upright))

    def clear_of(self, other: Box, gap: float) -> Box:
        """This box cut above or below `other` (the taller part kept), `gap` mm away from it;
        itself where they do not meet, or where nothing would be left of it."""
        if self.overlap(other) <= 0:
            return self
        _, bottom, _, top = self.edges()
        _, other_bottom, _, other_top = other.edges()
        above, below = (max(bottom, other_top + gap), top), (bottom, min(top, other_bottom - gap))
        low, high = max(above, below, key=lambda part: part[1] - part[0])
        if high - low <= 0:
            return self
        return Box(x=self.x, y=(low + high) / 2, width=self.width, height=high - low)
