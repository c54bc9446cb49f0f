"""Where a line of text may break, in every language and on every page cardgen draws:
a number keeps its word, a sum its signs, a range its ends, a list its numbers, and a
no-break space holds.
Paragraphs (cardgen.render.paragraphs) and the short notes drawn line by line
(split_lines) follow the same rule."""

from __future__ import annotations

import re

from reportlab.pdfbase.pdfmetrics import stringWidth

NO_BREAK = "\u00a0"
_SIGNS = "+−×=÷"
_AROUND_SIGN = re.compile(rf" (?=[{_SIGNS}][ \u00a0])|(?<=[ \u00a0][{_SIGNS}]) ")  # "players + 4", "12 + 23 = 35"
_BEFORE_NUMBER = re.compile(r"(?<=[^\s;:,.!?]) (?=\d)")  # "the 8", "row 2", "Ana’s 71"; not "lasts: 10"
_IN_RANGE = re.compile(r"(?<=\d) (?=[\w/]{1,4}\u00a0\d)")  # "1 to 44", "1 ou 2", "2 bis 6", "1 t/m 44"
_BEFORE_ELLIPSIS = re.compile(r" (?=…)")  # "22 … 99"
_IN_LIST = re.compile(r"(?<=\d,) (?=\d)")  # "49, 53, 5, 6, 27": no number of a list alone on a line
# "4 joueurs : 1 à 44": a count's label keeps the range it introduces (once _IN_RANGE has tied it)
_COUNTED = re.compile(r"(\d[ \u00a0][^\W\d_]{1,12}[ \u00a0]?:) (?=\d+\u00a0[\w/]{1,4}\u00a0\d)")


def keep_together(text: str) -> str:
    """`text` with no-break spaces where a line must not break: a number keeps the word
    before it (its article, noun or preposition), a sign of a sum both its sides, a short
    word between two numbers (a range) both numbers, an ellipsis what it follows, a list
    of numbers its numbers, and a count's label ("4 players:") the range it introduces."""
    for rule in (_AROUND_SIGN, _BEFORE_NUMBER, _IN_RANGE, _BEFORE_ELLIPSIS, _IN_LIST):
        text = rule.sub(NO_BREAK, text)
    return _COUNTED.sub(r"\1" + NO_BREAK, text)


def unbreakable_parts(text: str) -> list[str]:
    """The pieces of `text` a line never breaks inside, once kept together."""
    return keep_together(text).split(" ")


def split_lines(text: str, font: str, size: float, width: float) -> list[str]:
    """`text` in lines no wider than `width` (in the unit of `size`), broken only where
    keep_together allows: at plain spaces (reportlab's simpleSplit breaks at no-break
    spaces too). A piece wider than `width` stands on a line of its own."""
    lines = [""]
    for part in unbreakable_parts(text):
        joined = f"{lines[-1]} {part}" if lines[-1] else part
        if lines[-1] and stringWidth(joined, font, size) > width:
            lines.append(part)
        else:
            lines[-1] = joined
    return lines
