"""What the studio keeps while it runs: its workspace folder (a designer's sets, uploads to
check), what each page's choices made (a few sets of files, a few hundred pictures, by the
last used), and the one lock the library's calls run under (its drawing and its rasteriser
are not made for threads)."""

from __future__ import annotations

import hashlib
import re
import secrets
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from pathlib import Path

from cardgen.actions import Result
from cardgen.actions.cards import SET_FILE, zipped
from cardgen.errors import InputError
from cardgen.files import keep_newest
from cardgen.messages import Message
from cardgen.studio.jobs import Jobs

SET_ID = re.compile(r"[0-9a-f]{16}")
MOST_SET_FOLDERS = 20
MOST_PRODUCTS = 6
MOST_PRODUCTS_BYTES = 100_000_000
MOST_PICTURES = 400
MOST_PICTURES_BYTES = 30_000_000


class Kept(OrderedDict):
    """The last used, by key: at most `most` of them, of at most `most_bytes` together (the
    last one kept whatever its size: its page is about to ask for it)."""

    def __init__(self, most: int, most_bytes: int):
        super().__init__()
        self.most, self.most_bytes = most, most_bytes

    def keep(self, key, value):
        self[key] = value
        self.move_to_end(key)
        while len(self) > 1 and (len(self) > self.most or sum(map(_size, self.values())) > self.most_bytes):
            self.popitem(last=False)
        return value

    def used(self, key):
        self.move_to_end(key)
        return self[key]


def _size(kept: bytes | Product) -> int:
    return len(kept) if isinstance(kept, bytes) else kept.size


@dataclass(frozen=True)
class Product:
    """What a page's choices made: its files, which of them are shown as pictures (and
    whether their pages pair up as front and back), the command line, the download's name."""

    files: dict[str, bytes]
    shown: tuple[tuple[str, bool], ...]  # (file name, front/back pairs)
    command: tuple[str, ...]
    stem: str  # the download's name without .zip, when it holds several files
    notes: tuple[Message, ...] = ()
    warnings: tuple[Message, ...] = ()

    @classmethod
    def of(cls, result: Result, stem: str, warned: tuple[Message, ...] = ()) -> Product:
        shown = tuple((name, name in result.pairs) for name in result.files if name.endswith(".pdf"))
        return cls(result.files, shown, result.command, stem, result.notes, (*warned, *result.warnings))

    @property
    def size(self) -> int:
        return sum(map(len, self.files.values()))

    def download(self) -> tuple[str, bytes]:
        """One file as it is, several as a zip of them."""
        if len(self.files) == 1:
            ((name, content),) = self.files.items()
            return name, content
        return f"{self.stem}.zip", zipped(dict(self.files))


@dataclass
class Workspace:
    folder: Path
    library: threading.Lock = field(default_factory=threading.Lock)
    products: Kept = field(default_factory=lambda: Kept(MOST_PRODUCTS, MOST_PRODUCTS_BYTES))
    pictures: Kept = field(default_factory=lambda: Kept(MOST_PICTURES, MOST_PICTURES_BYTES))
    jobs: Jobs = field(default_factory=Jobs)
    folders: threading.Lock = field(default_factory=threading.Lock)
    # the play page's games (kept by cardgen/actions/play.py), read and written one at a time
    tables: threading.Lock = field(default_factory=threading.Lock)

    def set_folder(self, set_id: str) -> Path:
        """The folder of one designer's set and its pictures, inside the workspace."""
        if not SET_ID.fullmatch(set_id or ""):
            raise InputError(Message("studio.unknown_set"))
        root = self.folder / "sets"
        folder = root / set_id
        with self.folders:  # several tabs may open new sets at once
            if not folder.is_dir():
                folder.mkdir(parents=True)
                keep_newest(root, MOST_SET_FOLDERS)
        return folder

    def open_set(self, set_id: str | None) -> tuple[str, str | None, list[str]]:
        """A designer's set: the one named, else the last one worked on, else a new one;
        its text as last written (None: not written yet) and its other files."""
        root = self.folder / "sets"
        if not (set_id and SET_ID.fullmatch(set_id) and (root / set_id).is_dir()):
            kept = sorted(root.iterdir(), key=lambda path: path.stat().st_mtime_ns) if root.is_dir() else []
            set_id = kept[-1].name if kept and not set_id else secrets.token_hex(8)
        folder = root / set_id
        written = folder / SET_FILE
        text = written.read_text(encoding="utf-8") if written.is_file() else None
        files = sorted(p.name for p in folder.iterdir() if p.name != SET_FILE) if folder.is_dir() else []
        return set_id, text, files

    def own_sets(self) -> list[tuple[str, str]]:
        """(id, title) of each own set the "My own cards" page wrote, the last written first."""
        found = [path for path in self.folder.glob(f"sets/*/{SET_FILE}") if SET_ID.fullmatch(path.parent.name)]
        found = [path for path in found if path.stat().st_size]
        found.sort(key=lambda path: path.stat().st_mtime_ns, reverse=True)
        return [(path.parent.name, _title(path)) for path in found]

    def set_file(self, set_id: str) -> Path:
        """The file of an own set the "My own cards" page wrote; InputError if there is none."""
        path = self.folder / "sets" / set_id / SET_FILE
        if not SET_ID.fullmatch(set_id or "") or not path.is_file():
            raise InputError(Message("studio.unknown_set"))
        return path

    def made(self, key: str, make) -> Product:
        """What `make()` makes, kept under `key` for the pictures and the download."""
        with self.library:
            if key in self.products:
                return self.products.used(key)
            return self.products.keep(key, make())


def _title(path: Path) -> str:
    """The set's title (else its name) as its file's first lines write it, without reading the set."""
    with path.open(encoding="utf-8", errors="replace") as lines:
        first = [line.partition(":") for _, line in zip(range(40), lines)]
    found = {key: value.strip().strip("\"'") for key, _, value in first if key in ("title", "name")}
    return (found.get("title") or found.get("name") or path.parent.name)[:60]


def key_of(*parts) -> str:
    """The same choices, the same key."""
    return hashlib.sha256(repr(parts).encode()).hexdigest()[:20]
