"""Files a player hands the studio, kept inside its workspace and bounded: how many, how
large, and, for a zip (an export folder sent as one file), how many entries and how large
unpacked. A name is reduced to a plain file name before anything is written; nothing is
written outside the upload's own new folder, nor through a link."""

from __future__ import annotations

import io
import stat
import tempfile
import zipfile
from pathlib import Path, PurePosixPath

from cardgen.archives import plain_name, unpack_entry
from cardgen.errors import InputError
from cardgen.files import keep_newest
from cardgen.messages import Message

MOST_FILES = 20
MOST_UPLOAD_BYTES = 100_000_000  # the whole request; verify itself reads a PDF of up to 200 MB
MOST_ZIP_ENTRIES = 2_000  # an export of the 104 cards holds 106 files
MOST_UNZIPPED_BYTES = 300_000_000
KEPT_UPLOADS = 5  # the folders of the last checks; older ones are removed


def new_folder(workspace: Path) -> Path:
    """A new folder for one check, the oldest beyond KEPT_UPLOADS removed."""
    uploads = workspace / "uploads"
    uploads.mkdir(parents=True, exist_ok=True)
    folder = Path(tempfile.mkdtemp(prefix="check-", dir=uploads))
    keep_newest(uploads, KEPT_UPLOADS)
    return folder


def keep(folder: Path, files: list[tuple[str, bytes]]) -> list[Path]:
    """Write the uploaded files into `folder`; a zip is unpacked into a folder of its own,
    named as the zip without .zip. Returns what to verify: each file, and each unpacked zip
    as a folder."""
    if not files:
        raise InputError(Message("studio.check_nothing"))
    if len(files) > MOST_FILES:
        raise InputError(Message("studio.check_too_many", sent=len(files), most=MOST_FILES))
    names = [plain_name(name) for name, _ in files]
    kept = [folder / (name[: -len(".zip")] if _is_zip(name) else name) for name in names]
    twice = next((path.name for path in kept if kept.count(path) > 1), None)
    if twice:  # a.pdf twice, or a file `a` beside a zip `a.zip`
        raise InputError(Message("studio.same_name", name=twice))
    for name, path, (_, content) in zip(names, kept, files):
        if _is_zip(name):
            _unpacked(path, name, content)
        else:
            path.write_bytes(content)
    return kept


def _is_zip(name: str) -> bool:
    return name.lower().endswith(".zip")


def _unpacked(target: Path, shown: str, content: bytes) -> None:
    try:
        archive = zipfile.ZipFile(io.BytesIO(content))
    except (zipfile.BadZipFile, OSError):
        raise InputError(Message("studio.not_a_zip", name=shown)) from None
    with archive:
        entries = [entry for entry in archive.infolist() if not entry.is_dir()]
        _check_entries(shown, entries)
        target.mkdir()
        for entry in entries:
            unpack_entry(archive, entry, target / plain_name(entry.filename), shown, MOST_UNZIPPED_BYTES)


def _check_entries(shown: str, entries: list[zipfile.ZipInfo]) -> None:
    if len(entries) > MOST_ZIP_ENTRIES:
        raise InputError(Message("studio.zip_too_many", name=shown, entries=len(entries), most=MOST_ZIP_ENTRIES))
    if sum(entry.file_size for entry in entries) > MOST_UNZIPPED_BYTES:
        raise InputError(Message("studio.zip_too_large", name=shown, most=MOST_UNZIPPED_BYTES // 1_000_000))
    folders = {PurePosixPath(entry.filename.replace("\\", "/")).parent for entry in entries}
    if len(folders) > 1 or any(len(folder.parts) > 1 for folder in folders):
        raise InputError(Message("studio.zip_not_flat", name=shown))
    names = [plain_name(entry.filename) for entry in entries]
    twice = next((name for name in names if names.count(name) > 1), None)
    if twice:
        raise InputError(Message("studio.zip_same_name", name=shown, entry=twice))
    link = next((entry for entry in entries if stat.S_ISLNK(entry.external_attr >> 16)), None)
    if link is not None:
        raise InputError(Message("studio.zip_link", name=shown, entry=link.filename))
