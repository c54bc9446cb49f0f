"""The pseudo-language: every catalogue text marked, so that a sentence that did not come
from a catalogue shows. `with pseudo_messages():` marks every message's text (its letters
accented, the whole between ⟦ and ⟧, the parameters as given); `english_left(text)` is what
of `text` reads as English once the marked parts are taken out."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager

import cardgen.messages

_ACCENTED = str.maketrans(
    "aceinorsuyACEINORSUY",
    "àçéîñöŕšûýÀÇÉÎÑÖŔŠÛÝ",
)
_PLACEHOLDER = re.compile(r"(\{[^{}]*\})")


def pseudo(text: str) -> str:
    """`text` marked: accents on its own letters, its parameters left as they are."""
    parts = _PLACEHOLDER.split(text)
    return "⟦" + "".join(part if _PLACEHOLDER.fullmatch(part) else part.translate(_ACCENTED) for part in parts) + "⟧"


@contextmanager
def pseudo_messages() -> Iterator[None]:
    """Every message, in whatever language, in the pseudo-language inside the block."""
    original = cardgen.messages._template

    def marked(message_id, lang, count):
        return pseudo(original(message_id, "en", count))

    cardgen.messages._template = marked
    try:
        yield
    finally:
        cardgen.messages._template = original


# Words that do not come up in a file name, an id or a value a user gives, but in any
# English sentence: two of them outside the marked parts make a sentence that leaked.
ENGLISH = set(
    """the a an is are was be been not no must can cannot may of to in on at by for from with
    without this that these those it its there here and or but than then which what where when
    how only more less most least each every any all one two has have had does do should would
    could will your you give given name named file line field value values page pages card
    cards set sets card's choose chosen found read write written holds missing""".split()
)


def english_left(text: str) -> list[str]:
    """The English words of `text` outside its marked parts, if two or more are left."""
    unmarked = re.sub(r"⟦[^⟧]*⟧", " ", text)
    words = [word for word in re.findall(r"[A-Za-z']+", unmarked) if word.lower() in ENGLISH]
    return words if len(words) >= 2 else []
