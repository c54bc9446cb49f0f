"""`cardgen help [FIELD]` and the studio's page of fields: what every field of a card set, a
face style and a layout means, the values it takes, its default and an example, in the
reader's language, from the models that check them (cardgen/model/schema.py)."""

from __future__ import annotations

import difflib
import json
import textwrap
from typing import TYPE_CHECKING, Any

from cardgen.actions import ACTIONS, Result
from cardgen.actions.common import LANG
from cardgen.actions.fields import Field, Text
from cardgen.actions.runs import AS_JSON
from cardgen.errors import InputError
from cardgen.messages import Message

if TYPE_CHECKING:
    from cardgen.model.schema import Entry, Section, Shape

NAME = "help"
FIELDS = (
    Field("topic", Text(200), argument=True, studio=False, metavar="[FIELD]"),
    LANG,
    AS_JSON,
)
WIDTH = 88  # the command line's lines, wrapped
EXAMPLE_TOPICS = ("card.heads", "heads", "layout")  # what `cardgen help` shows as examples


def run(values: dict) -> Result:
    """Every section (no topic), or what the topic names: a section, a field, every field of that name."""
    topic = values.get("topic")
    return Result(report=found(topic) if topic else None)


def found(topic: str) -> list[Section | Entry]:
    """What `topic` names: a section (`card`), a field by its key (`card.heads`), by its path
    in a file (`cards[2].heads`, `layout.cut_marks.length`, `text.size`), or by its name
    alone (`heads`: every field so named); InputError naming the likeliest, if none."""
    from cardgen.model import schema

    text = topic.strip()
    path = schema.parse_path(text)
    named: list[Section | Entry] = [entry for entry in schema.entries() if entry.key == text]
    if not named and len(path) == 1:
        named = [entry for entry in schema.entries() if entry.name == text]
    elif not named and path:
        roots = {schema.key_of(root) for root in schema.ROOTS}
        places = [schema.entry_in(str(path[0]), path[1:])] if path[0] in roots else []
        places += [schema.entry_in(root, path) for root in roots]
        named = [entry for entry in places if entry is not None]
    section = schema.section(text)
    named += [section] if section else []
    if not named:
        raise InputError(_unknown(text))
    return list(dict.fromkeys(named))


def _unknown(topic: str) -> Message:
    from cardgen.model import schema

    if topic in {command for command, _ in ACTIONS.values() if command}:
        return Message("help.a_command", topic=topic)
    known = [entry.key for entry in schema.entries()] + [entry.name for entry in schema.entries()]
    known += [section.key for section in schema.sections()]
    likeliest = difflib.get_close_matches(topic, list(dict.fromkeys(known)), n=3)
    if likeliest:
        return Message("help.unknown_but", topic=topic, likeliest=likeliest)
    return Message("help.unknown", topic=topic)


# --- the command line ---------------------------------------------------------------------


def said(result: Result, lang: str, as_json: bool = False) -> str:
    from cardgen.errors import printable_lines
    from cardgen.model import schema

    if as_json:
        shown = result.report if result.report is not None else schema.sections()
        return json.dumps([_data(item, lang, Message.data) for item in shown], ensure_ascii=False)
    if result.report is None:
        return printable_lines(_overview(lang))
    return printable_lines("\n\n".join(_block(item, lang) for item in result.report))


def _overview(lang: str) -> str:
    from cardgen.model import schema

    examples = [f"cardgen help {topic}" for topic in EXAMPLE_TOPICS]
    lines = [_wrapped(Message("help.overview", examples=examples).text(lang)), ""]
    for section in schema.sections():
        indent = "" if section.key == section.root else "  "
        line = Message("help.line", title=section.title(), key=section.key, fields=_names(section)).text(lang)
        lines.append(textwrap.fill(line, WIDTH, initial_indent=indent, subsequent_indent=indent + "    "))
    return "\n".join(lines)


def _names(section: Section) -> list[str]:
    return [entry.name for entry in section.entries]


def _block(item: Section | Entry, lang: str) -> str:
    from cardgen.model.schema import Section

    if isinstance(item, Section):
        head = [f"{item.title().text(lang)} ({item.key})", _wrapped(item.about().text(lang))]
        head += [_wrapped(line.text(lang)) for line in _section_notes(item)]
        return "\n".join(head) + "\n\n" + "\n\n".join(_entry_block(entry, lang) for entry in item.entries)
    return _entry_block(item, lang)


def _section_notes(section: Section) -> list[Message]:
    """Where a section's mapping is written, and the section whose fields it has too."""
    from cardgen.model import schema

    notes = [Message("help.used_in", fields=list(section.used_in))] if section.used_in else []
    if section.base:
        base = schema.section(section.base)
        assert base is not None
        notes.append(Message("help.also", section=base.title(), key=base.key))
    return notes


def _entry_block(entry: Entry, lang: str) -> str:
    lines = [entry.key, _wrapped(entry.meaning().text(lang), "  ")]
    lines += [_wrapped(fact.text(lang), "  ") for fact in _facts(entry)]
    lines += [_wrapped(Message("help.see", topic=key).text(lang), "  ") for key in _sections_of(entry.shape)]
    lines.append("  " + Message("help.example").text(lang))
    lines += ["    " + line for line in example_lines(entry, lang)]
    return "\n".join(lines)


def _facts(entry: Entry) -> list[Message]:
    """What a field takes and what it is when left out."""
    default = entry.default_said()
    rest = Message("help.required") if default is None else Message("help.default", default=default)
    return [Message("help.value", kind=entry.shape.said()), rest]


def _sections_of(shape: Shape) -> list[str]:
    from cardgen.model.schema import key_of

    return list(dict.fromkeys(key_of(model) for model in shape.models()))


def _wrapped(text: str, indent: str = "") -> str:
    return "\n".join(
        textwrap.fill(paragraph, WIDTH, initial_indent=indent, subsequent_indent=indent)
        for paragraph in text.split("\n")
    )


def example_lines(entry: Entry, lang: str) -> list[str]:
    """The field and its example as a file writes them: `heads: 3`, or a mapping or a list below its name."""
    import yaml

    text = entry.example().text(lang).strip("\n")
    try:
        block = isinstance(yaml.safe_load(text), dict) or text.startswith("- ")
    except yaml.YAMLError:
        block = False  # said as it is; the tests find an example that is no YAML
    if block:
        return [f"{entry.name}:", *("  " + line for line in text.split("\n"))]
    return [f"{entry.name}: {text}"]


# --- data, for --json and the studio's page -------------------------------------------------


def _data(item: Section | Entry, lang: str, said) -> dict[str, Any]:
    """A section or an entry as data: its words said by `said(message, lang)` (a text for
    the page, the id, parameters and text for --json)."""
    from cardgen.model.schema import Section

    if isinstance(item, Section):
        return {
            "section": item.key,
            "file": item.root,
            "title": said(item.title(), lang),
            "about": said(item.about(), lang),
            "used_in": list(item.used_in),
            "also": item.base,
            "fields": [_data(entry, lang, said) for entry in item.entries],
        }
    default = item.default_said()
    return {
        "field": item.key,
        "name": item.name,
        "meaning": said(item.meaning(), lang),
        "value": said(item.shape.said(), lang),
        "shape": _shape_data(item.shape),
        "required": item.required,
        "default": None if default is None else said(default, lang) if isinstance(default, Message) else default,
        "default_is_yaml": isinstance(default, str),
        "example": "\n".join(example_lines(item, lang)),
        "sections": _sections_of(item.shape),
    }


def _shape_data(shape: Shape) -> dict[str, Any]:
    """A shape as a script reads it: what it is, its bounds, words, section and inner shapes."""
    from cardgen.model.schema import key_of

    data: dict[str, Any] = {"what": shape.what}
    data |= {"bounds": shape.bounds.given()} if shape.bounds.given() else {}
    data |= {"words": list(shape.words)} if shape.words else {}
    data |= {"section": key_of(shape.model)} if shape.model else {}
    data |= {"items": [_shape_data(item) for item in shape.items]} if shape.items else {}
    return data


def _text(message: Message, lang: str) -> str:
    return message.text(lang)


MARK = "\x00"  # a parameter's place in a sentence, where the page puts a link or a piece of YAML


def around(message: Message, lang: str) -> list[str]:
    """`message`'s text in two, before and after its parameter given as MARK."""
    before, _, after = message.text(lang).partition(MARK)
    return [before, after]


def labels(lang: str) -> dict[str, str]:
    """The words the page repeats for every field."""
    return {name: Message(f"help.{name}").text(lang) for name in ("required", "example")}


def page(lang: str) -> list[list[dict[str, Any]]]:
    """The studio's page: for each kind of file (card set, face style, layout), its
    sections, the file's own first; their words and fields in `lang`, and the sentences the
    page puts links or YAML into, in two around their place."""
    from cardgen.model import schema

    files = []
    for root in schema.ROOTS:
        shown = []
        for section in schema.sections():
            if section.root != schema.key_of(root):
                continue
            data = _data(section, lang, _text)
            data["used_in_words"] = around(Message("help.used_in", fields=[MARK]), lang)
            if section.base:
                base = schema.section(section.base)
                data["also_words"] = around(Message("help.also", section=MARK, key=section.base), lang)
                data["also_title"] = base.title().text(lang) if base else section.base
            for entry, described in zip(data["fields"], section.entries):
                entry["value_words"] = Message("help.value", kind=described.shape.said()).text(lang)
                entry["default_words"] = around(Message("help.default", default=MARK), lang)
                entry["sections"] = [(key, _title(key, lang)) for key in entry["sections"]]
            shown.append(data)
        files.append(shown)
    return files


def _title(key: str, lang: str) -> str:
    from cardgen.model import schema

    found = schema.section(key)
    return found.title().text(lang) if found else key


def anchor_of(file: str, path: tuple) -> str | None:
    """The page's anchor of the field at `path` in a file of kind `file` (card_set,
    face_style, layout): where a mistake found there is explained."""
    from cardgen.model.schema import entry_in

    entry = entry_in(file, path)
    return entry.key if entry else None


def anchor_of_mistake(message: Message) -> str | None:
    """The anchor of the field a mistake in a designer's file names (`yaml.at_field`: file,
    line, field), if the reference has it: a set's own field, else a style's or a layout's."""
    from cardgen.model.schema import ROOTS, key_of, parse_path

    field = message.params.get("field") if message.id == "yaml.at_field" else None
    if not isinstance(field, str):
        return None
    path = parse_path(field)
    return next(filter(None, (anchor_of(key_of(root), path) for root in ROOTS)), None)
