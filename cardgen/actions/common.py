"""Fields several actions share, declared once: the paper, the flip, the language, the
printer's saved profile and what it corrects, card sets."""

from __future__ import annotations

from cardgen.actions.fields import Field, OneOf, Parsed, Text
from cardgen.formats import FLIPS, PAPERS


def _languages():
    from cardgen.texts import languages

    return languages()


def _read_offset(text: str):
    from cardgen.printers import parse_offset

    return parse_offset(text)


def _read_ruler(text: str):
    from cardgen.printers import parse_ruler_measured

    return parse_ruler_measured(text)


def _bundled_sets():
    from cardgen.model.cards import bundled_set_names

    return bundled_set_names()


LANG = Field(
    "lang", OneOf(_languages), default=None, named_by="languages"
)  # None: the face's language (the command's, the page's)
PAPER = Field("paper", OneOf(tuple(PAPERS)), default=None)  # None: the printer's, else the layout's, else A4
FLIP = Field("flip", OneOf(FLIPS), default=None)  # None: the printer's, else the layout's, else the long edge
BACK_OFFSET = Field("back_offset", Parsed(_read_offset, longest=40), metavar="X,Y")
RULER_MEASURED = Field("ruler_measured", Parsed(_read_ruler, longest=40), metavar="ACROSS,DOWN")
PRINTER = Field("printer", Text(60), metavar="NAME")
LAYOUT = Field("layout", Text(1000), default="standard", metavar="NAME|FILE|WxH")
FACES = Field("faces", Text(1000), metavar="STYLE|FILE")
SETS = Field("sets", Text(1000), many=True, option="--set", metavar="NAME|FILE")
BUNDLED_SET = Field("set", OneOf(_bundled_sets))
