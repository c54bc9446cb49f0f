"""The message catalogues, templates/locales/<lang>/messages.po:

    python tools/catalogues.py compile      # each messages.mo from its .po (a test fails while one is stale)
    python tools/catalogues.py update       # every language gets the ids English has, the English
                                            # shown to its translator; fuzzy where the English changed
    python tools/catalogues.py add NEW.yaml # messages written in every language at once, then both above

NEW.yaml maps each new id to its text in each language; a plural message gives a list,
one text per plural form of the language (English: one, other):

    verify.pages_failed:
      en: ["{count} page failed.", "{count} pages failed."]
      fr: ["{count} page a échoué.", "{count} pages ont échoué."]
"""

from __future__ import annotations

import io
import sys
from datetime import UTC, datetime
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parent.parent
LOCALES = ROOT / "templates" / "locales"
REFERENCE = "en"
ENGLISH_NOTE = "en: "  # the extracted comment that shows a translator the English text
FIXED_DATE = datetime(2026, 1, 1, tzinfo=UTC)  # the same catalogue, the same .mo


def po_path(lang: str) -> Path:
    return LOCALES / lang / "messages.po"


def read(lang: str) -> Catalog:
    with po_path(lang).open("rb") as file:
        return read_po(file, locale=lang)


def compiled(catalog: Catalog) -> bytes:
    """The .mo of `catalog`: fuzzy entries left out, as gettext's msgfmt does; no clock inside."""
    catalog.creation_date = catalog.revision_date = FIXED_DATE
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def languages() -> list[str]:
    return sorted(path.parent.name for path in LOCALES.glob("*/messages.po"))


def compile_all() -> None:
    for lang in languages():
        (LOCALES / lang / "messages.mo").write_bytes(compiled(read(lang)))


def update_all() -> None:
    english = read(REFERENCE)
    for lang in languages():
        if lang == REFERENCE:
            continue
        catalog = read(lang)
        for message in english:
            if not message.id:
                continue
            note = ENGLISH_NOTE + _text(message.string)
            entry = catalog.get(_singular(message.id))
            if entry is None:
                empty = ("",) * len(message.string) if isinstance(message.string, tuple) else ""
                catalog.add(message.id, empty, auto_comments=[note])
            elif note.strip() not in (comment.strip() for comment in entry.auto_comments):
                if entry.auto_comments and entry.string:
                    entry.flags.add("fuzzy")
                entry.auto_comments = [note]
        write(lang, catalog)


def write(lang: str, catalog: Catalog) -> None:
    """The catalogue back into its .po file: its own header kept, the entries sorted by id."""
    text = po_path(lang).read_text(encoding="utf-8")
    header = text[: text.index("\n\n") + 2]
    entries = sorted((m for m in catalog if m.id), key=lambda m: _singular(m.id))
    po_path(lang).write_text(header + "\n".join(_entry(m) for m in entries), encoding="utf-8")


def _entry(message) -> str:
    lines = [f"#. {comment}" for comment in message.auto_comments]
    lines += [f"#, {', '.join(sorted(message.flags))}"] if message.flags else []
    if isinstance(message.id, tuple):
        lines += [f"msgid {_quoted(message.id[0])}", f"msgid_plural {_quoted(message.id[1])}"]
        lines += [f"msgstr[{n}] {_quoted(text)}" for n, text in enumerate(message.string)]
    else:
        lines += [f"msgid {_quoted(message.id)}", f"msgstr {_quoted(message.string)}"]
    return "\n".join(lines) + "\n"


def _quoted(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t")
    return f'"{escaped}"'


def _singular(message_id) -> str:
    return message_id[0] if isinstance(message_id, tuple) else message_id


def _text(string) -> str:
    """The English shown to a translator in a comment: on one line (a comment ends at a line break)."""
    return (" | ".join(string) if isinstance(string, tuple) else string).replace("\n", "\\n")


def add_all(path: str) -> None:
    import yaml

    new = yaml.safe_load(Path(path).read_text(encoding="utf-8"))
    for lang in languages():
        catalog = read(lang)
        for message_id, texts in new.items():
            text = texts[lang]
            if catalog.get(message_id) is not None:
                catalog.delete(message_id)
            if isinstance(text, list):
                catalog.add((message_id, message_id), tuple(text))
            else:
                catalog.add(message_id, text)
        write(lang, catalog)
    update_all()
    compile_all()


if __name__ == "__main__":
    {"compile": compile_all, "update": update_all, "add": add_all}[sys.argv[1]](*sys.argv[2:])
