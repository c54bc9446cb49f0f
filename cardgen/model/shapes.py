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
