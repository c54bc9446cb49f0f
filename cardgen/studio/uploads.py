"""Files a player hands the studio, kept inside its workspace and bounded: how many, how
large, and, for a zip (an export folder sent as one file), how many entries and how large
unpacked. A name is reduced to a plain file name before anything is written; nothing is
written outside the upload's own new folder, nor through a link."""

from __future__ import annotations

import re
import shutil
import stat
import tempfile
import zipfile
import zlib
from pathlib import Path, PurePosixPath

from cardgen.archives import unpack
from cardgen.errors import InputError
from cardgen.messages import Message

MOST_FILES = 20
MOST_UPLOAD_BYTES = 100_000_000  # the whole request; verify itself reads a PDF of up to 200 MB
MOST_ZIP_ENTRIES = 2_000  # an export of the 104 cards holds 106 files
MOST_UNZIPPED_BYTES = 300_000_000
KEPT_UPLOADS = 5  # the folders of the last checks; older ones are removed
_UNSAFE = re.compile(r"[^\w.+-]+")
_LONGEST_NAME = 120


def plain_name(name: str) -> str:
    """The last part of a name a browser sent, with nothing a file name should not hold."""
    last = name.replace("\\", "/").rsplit("/", 1)[-1].strip()
    plain = _UNSAFE.sub("_", last).lstrip(".")[:_LONGEST_NAME]
    if not plain:
        raise InputError(Message("archive.no_name", name=name))
    return plain


def new_folder(workspace: Path) -> Path:
    """A new folder for one check, the oldest beyond KEPT_UPLOADS removed."""
    uploads = workspace / "uploads"
    uploads.mkdir(parents=True, exist_ok=True)
    folder = Path(tempfile.mkdtemp(prefix="check-", dir=uploads))
    for old in sorted(uploads.iterdir(), key=lambda path: path.stat().st_mtime_ns)[:-KEPT_UPLOADS]:
        shutil.rmtree(old, ignore_errors=True)
    return folder


def keep(folder: Path, files: list[tuple[str, bytes]]) -> list[Path]:
    """Write the uploaded files into `folder`; a zip is unpacked into a folder of its own.
    Returns what to verify: each file, and each unpacked zip as a folder."""
    if not files:
        raise InputError(Message("studio.no_file_to_check"))
    if len(files) > MOST_FILES:
        raise InputError(Message("studio.too_many_files", count=len(files), most=MOST_FILES))
    names = [plain_name(name) for name, _ in files]
    twice = next((name for name in names if names.count(name) > 1), None)
    if twice:
        raise InputError(Message("studio.same_name_twice", name=twice))
    kept = []
    for name, (_, content) in zip(names, files):
        if name.lower().endswith(".zip"):
            kept.append(_unpacked(folder / Path(name).stem, name, content))
        else:
            (folder / name).write_bytes(content)
            kept.append(folder / name)
    return kept


def _unpacked(target: Path, shown: str, content: bytes) -> Path:
    import io

    try:
        archive = zipfile.ZipFile(io.BytesIO(content))
    except (zipfile.BadZipFile, OSError):
        raise InputError(Message("studio.not_a_zip", name=shown)) from None
    with archive:
        entries = [entry for entry in archive.infolist() if not entry.is_dir()]
        _check_entries(shown, entries)
        target.mkdir()
        for entry in entries:
            _unpack(archive, entry, target / plain_name(entry.filename), shown)
    return target


def _check_entries(shown: str, entries: list[zipfile.ZipInfo]) -> None:
    if len(entries) > MOST_ZIP_ENTRIES:
        raise InputError(Message("studio.zip_too_many", name=shown, count=len(entries), most=MOST_ZIP_ENTRIES))
    if sum(entry.file_size for entry in entries) > MOST_UNZIPPED_BYTES:
        raise InputError(Message("studio.zip_too_large", name=shown, most=MOST_UNZIPPED_BYTES // 1_000_000))
    folders = {PurePosixPath(entry.filename.replace("\\", "/")).parent for entry in entries}
    if len(folders) > 1 or any(len(folder.parts) > 1 for folder in folders):
        raise InputError(Message("studio.zip_not_one_folder", name=shown))
    names = [plain_name(entry.filename) for entry in entries]
    twice = next((name for name in names if names.count(name) > 1), None)
    if twice:
        raise InputError(Message("studio.zip_same_name_twice", name=shown, entry=twice))
    link = next((entry for entry in entries if stat.S_ISLNK(entry.external_attr >> 16)), None)
    if link is not None:
        raise InputError(Message("studio.zip_link", name=shown, entry=link.filename))


def _unpack(archive: zipfile.ZipFile, entry: zipfile.ZipInfo, path: Path, shown: str) -> None:
    """One entry, counted as it is written: a zip that lies about its sizes stops at the bound."""
    written = 0
    try:
        with archive.open(entry) as source, path.open("xb") as out:
            while chunk := source.read(1 << 20):
                written += len(chunk)
                if written > entry.file_size or written > MOST_UNZIPPED_BYTES:
                    raise InputError(Message("archive.lies", name=shown, entry=entry.filename))
                out.write(chunk)
    except (zipfile.BadZipFile, zlib.error, OSError, EOFError, NotImplementedError, RuntimeError) as exc:
        raise InputError(Message("archive.damaged", name=shown, entry=entry.filename, reason=str(exc))) from None


# --- files beside a designer's set ---------------------------------------------------------

SET_SUFFIXES = (".png", ".jpg", ".jpeg", ".svg", ".csv", ".xlsx", ".ods", ".yaml", ".yml", ".ttf")


def keep_beside_set(folder: Path, sent: list[tuple[str, bytes]], set_file: str) -> list[str]:
    """A designer's files written beside their set: pictures, a spreadsheet of cards, a face
    style, a font; a zip unpacked with its folders (pictures/sun.png), each part of a path a
    plain name (a zip the page saved holds the set itself: it is opened again). Returns
    every file beside the set, as the set names them."""
    for name, content in sent:
        plain = plain_name(name)
        if plain.lower().endswith(".zip"):
            unpack(content, folder, plain, SET_SUFFIXES)
            continue
        if not plain.lower().endswith(SET_SUFFIXES):
            raise InputError(Message("studio.not_a_set_file", name=plain))
        if plain == set_file:
            raise InputError(Message("studio.name_of_the_set", name=plain))
        (folder / plain).write_bytes(content)
    return sorted(
        str(path.relative_to(folder)) for path in folder.rglob("*") if path.is_file() and path.name != set_file
    )
