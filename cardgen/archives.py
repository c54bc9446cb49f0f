"""Zip files a person gives cardgen (a set saved with its pictures, an export), unpacked
within bounds: how many entries, how large unpacked (counted as written, whatever the zip
claims), how deep its folders, no links, each part of a path a plain name."""

from __future__ import annotations

import io
import re
import stat
import zipfile
import zlib
from pathlib import Path, PurePosixPath

from cardgen.errors import InputError
from cardgen.messages import Message

MOST_ENTRIES = 2_000  # an export of the 104 cards holds 106 files
MOST_BYTES = 300_000_000
MOST_DEPTH = 3  # pictures/2024/sun.png
_UNSAFE = re.compile(r"[^\w.+-]+")
_LONGEST_NAME = 120


def plain_name(name: str) -> str:
    """The last part of a name, with nothing a file name should not hold."""
    last = name.replace("\\", "/").rsplit("/", 1)[-1].strip()
    plain = _UNSAFE.sub("_", last).lstrip(".")[:_LONGEST_NAME]
    if not plain:
        raise InputError(Message("archive.no_name", name=name))
    return plain


def unpack(content: bytes, target: Path, shown: str, suffixes: tuple[str, ...] = ()) -> list[Path]:
    """Every file of the zip `content` written under `target`, its folders kept; `suffixes`:
    the only kinds of file it may hold (empty: any). Returns the files written."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(content))
    except (zipfile.BadZipFile, OSError):
        raise InputError(Message("studio.not_a_zip", name=shown)) from None
    written = []
    with archive:
        entries = [entry for entry in archive.infolist() if not entry.is_dir()]
        if len(entries) > MOST_ENTRIES:
            raise InputError(Message("studio.zip_too_many", name=shown, entries=len(entries), most=MOST_ENTRIES))
        if sum(entry.file_size for entry in entries) > MOST_BYTES:
            raise InputError(Message("studio.zip_too_large", name=shown, most=MOST_BYTES // 1_000_000))
        for entry in entries:
            if stat.S_ISLNK(entry.external_attr >> 16):
                raise InputError(Message("studio.zip_link", name=shown, entry=entry.filename))
            parts = PurePosixPath(entry.filename.replace("\\", "/")).parts
            names = [plain_name(part) for part in parts if part not in ("", ".", "..", "/")]
            if not names or len(names) > MOST_DEPTH:
                raise InputError(Message("studio.zip_too_deep", name=shown, entry=entry.filename))
            if suffixes and not names[-1].lower().endswith(suffixes):
                raise InputError(Message("studio.not_a_set_file", name=names[-1]))
            path = target.joinpath(*names)
            path.parent.mkdir(parents=True, exist_ok=True)
            path.unlink(missing_ok=True)
            unpack_entry(archive, entry, path, shown, MOST_BYTES)
            written.append(path)
    return written


def unpack_entry(archive: zipfile.ZipFile, entry: zipfile.ZipInfo, path: Path, shown: str, most: int) -> None:
    """One entry, counted as it is written: a zip that lies about its sizes stops at its own
    size or at `most` bytes."""
    written = 0
    try:
        with archive.open(entry) as source, path.open("xb") as out:
            while chunk := source.read(1 << 20):
                written += len(chunk)
                if written > entry.file_size or written > most:
                    raise InputError(Message("archive.lies", name=shown, entry=entry.filename))
                out.write(chunk)
    except (zipfile.BadZipFile, zlib.error, OSError, EOFError, NotImplementedError, RuntimeError) as exc:
        raise InputError(Message("archive.damaged", name=shown, entry=entry.filename, reason=str(exc))) from None
