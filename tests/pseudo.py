"""The pseudo-language: every catalogue text marked, so that a sentence that did not come
from a catalogue shows. `with pseudo_messages():` marks every message's text, and every text
of the locale files (studio.yaml, balance.yaml, …): its letters accented, the whole between
⟦ and ⟧, the parameters as given. `english_left(text)` is what of `text` reads as English
once the marked parts are taken out; `visible_text(html)` what a page shows a reader."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator
from contextlib import contextmanager
from html.parser import HTMLParser

import babel.lists

import cardgen.messages
import cardgen.texts

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

    def marked_file(name, lang, root=None):
        found = original_file(name, "en", root)
        texts = {key: _marked(text) for key, text in found.texts.items()}
        return dataclasses.replace(found, texts=texts)

    def marked_list(items, style="standard", locale=None):  # "a, b and c": the language's words too
        return "⟦, ⟧".join(items)

    original_file, original_list = cardgen.texts.locale_file, babel.lists.format_list
    cardgen.messages._template = marked
    cardgen.texts.locale_file = marked_file
    babel.lists.format_list = marked_list
    try:
        yield
    finally:
        cardgen.messages._template = original
        cardgen.texts.locale_file = original_file
        babel.lists.format_list = original_list


def _marked(text: str | list[str]) -> str | list[str]:
    return [pseudo(item) for item in text] if isinstance(text, list) else pseudo(text)


# Words that do not come up in a file name, an id or a value a user gives, but in any
# English sentence: two of them outside the marked parts make a sentence that leaked.
ENGLISH = set(
    """the a an is are was be been not no must can cannot may of to in on at by for from with
    without this that these those it its there here and or but than then which what where when
    how only more less most least each every any all one two has have had does do should would
    could will your you give given name named file line field value values page pages card
    cards set sets card's choose chosen found read write written holds missing""".split()
)


def unmarked(text: str) -> str:
    """`text` without its marked parts (a text inside a text: the inner one first)."""
    while True:
        shorter = re.sub(r"⟦[^⟦⟧]*⟧", " ", text)
        if shorter == text:
            return text
        text = shorter


def english_left(text: str) -> list[str]:
    """The English words of `text` outside its marked parts, if two or more are left."""
    left = unmarked(text)
    words = [word for word in re.findall(r"[A-Za-z_'][A-Za-z_'-]*", left) if _english(word)]  # --one-zero-each: a name
    return words if len(words) >= 2 else []


def _english(word: str) -> bool:
    """An English word, not a name (card_set, one-zero-each) or a placeholder (NAME|FILE)."""
    return word.lower() in ENGLISH and not (len(word) > 1 and word.isupper())


def english_lines(text: str) -> list[str]:
    """The lines of `text` that read as English once its marked parts (which may run over
    several lines, as a command's help wraps them) are taken out."""
    return [line for line in unmarked(text).splitlines() if english_left(line)]


def english_in_reports(reports) -> list[str]:
    """The lines of verify's report (cardgen.verify.report.render_text) that read as English
    once the catalogues' texts are taken out."""
    from cardgen.verify.report import render_text

    with pseudo_messages():
        text = render_text(reports)
    return [line for line in text.splitlines() if english_left(line)]


_SHOWN_ATTRIBUTES = ("title", "alt", "placeholder", "aria-label")
_NOT_SHOWN = ("script", "style", "textarea")


class _Visible(HTMLParser):
    """The text a page shows: its text outside scripts, styles and the editor of a file (a
    set's YAML is the file's words), and the attributes a reader sees or hears (a title, an
    alternative text, a label, the words a script shows)."""

    def __init__(self):
        super().__init__()
        self.parts: list[str] = []
        self.hidden = 0

    def handle_starttag(self, tag, attrs):
        if tag in _NOT_SHOWN:
            self.hidden += 1
        for name, value in attrs:
            if value and (name in _SHOWN_ATTRIBUTES or (name.startswith("data-") and " " in value)):
                self.parts.append(value)

    def handle_endtag(self, tag):
        if tag in _NOT_SHOWN:
            self.hidden -= 1

    def handle_data(self, data):
        if not self.hidden and data.strip():
            self.parts.append(data.strip())


def visible_text(html: str) -> list[str]:
    """The texts `html` shows a reader, one item each."""
    parser = _Visible()
    parser.feed(html)
    return parser.parts


def english_said(message) -> list[str]:
    """The English left in what `message` (a Message, or a text made without one) says in the
    pseudo-language."""
    with pseudo_messages():
        said = message.text() if isinstance(message, cardgen.messages.Message) else str(message)
    return [said] if english_left(said) else []
