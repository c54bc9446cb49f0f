"""Card sets as a person names them: a bundled name, a set's YAML, or a set saved as a zip
with its pictures, spreadsheet and style (the studio's "save my set"), which is unpacked
for the run into a temporary folder and said by its own name in every message."""

from __future__ import annotations

import tempfile
from collections.abc import Iterator, Sequence
from contextlib import ExitStack, contextmanager
from functools import partial
from pathlib import Path

from cardgen.errors import CardgenError, InputError
from cardgen.messages import Message


@contextmanager
def opened(names: Sequence[str]) -> Iterator[tuple[str, ...]]:
    """The sets `names` as the library reads them, for the block: a zip unpacked, its set
    the YAML at its top (the one of the zip's name, else its only one)."""
    with ExitStack() as stack:
        unpacked: dict[str, str] = {}
        found = []
        for name in names:
            if not str(name).lower().endswith(".zip"):
                found.append(str(name))
                continue
            folder = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="cardgen-set-")))
            found.append(str(_set_in(Path(name), folder)))
            unpacked[str(folder)] = f"{Path(name).name}/"
        try:
            yield tuple(found)
        except CardgenError as exc:
            for unzipped, shown in unpacked.items():
                exc.reword(partial(shown_as, folder=unzipped, name=shown))
            raise


def shown_as(message: Message | str, folder: str, name: str) -> Message | str:
    """`message` with the folder `folder` said as `name` wherever it names a file in it."""
    if isinstance(message, Message):
        return message.shown_as(folder, name)
    return message.replace(folder + "/", name)  # a sentence not yet from the catalogues


def _set_in(zip_file: Path, folder: Path) -> Path:
    from cardgen.archives import unpack
    from cardgen.paths import read_input

    data = read_input(zip_file, str(zip_file), 300_000_000, Message("sets.zip_reader"), Message("sets.zip_hint"))
    unpack(data, folder, zip_file.name)
    tops = sorted(path for path in folder.iterdir() if path.suffix in (".yaml", ".yml"))
    named = [path for path in tops if path.stem == zip_file.stem]
    if named or len(tops) == 1:
        return (named or tops)[0]
    raise InputError(Message("sets.zip_without_set", name=zip_file.name, stem=zip_file.stem))
