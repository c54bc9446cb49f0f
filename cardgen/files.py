"""Writing output files: all of a run's files or none, never through a planted link.

A run writes every file into a fresh private folder inside the output folder (same
file system), marks it complete, and only then moves the files into place. A run
killed before the mark leaves the old files; one killed after it, in the instant of
moving, leaves a complete new set that the next run in that folder moves into place
before doing anything else. One run at a time holds the output folder (a lock on the
folder itself), so concurrent runs, such as two `cardgen printer add`, never lose
each other's changes.
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from cardgen.errors import InputError, system_reason
from cardgen.messages import Message

STAGE_PREFIX = ".cardgen-stage-"
_COMMIT = "commit.json"  # written last into a stage folder: the names it holds, ready to move
_NEW_FILE = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)


def write_files(folder: str | Path, files: dict[str, bytes]) -> list[Path]:
    """Write every file (name -> bytes) into `folder`: all of them, or none on failure."""
    with output_folder(folder) as out:
        return out.write(files)


def write_file(path: str | Path, content: bytes) -> Path:
    path = Path(path)
    return write_files(path.parent, {path.name: content})[0]


def keep_newest(folder: Path, most: int) -> None:
    """The `most` entries of `folder` changed last kept; the older ones removed, files or
    folders (a workspace's uploads, sets, photos and tables do not pile up)."""
    for old in sorted(folder.iterdir(), key=lambda path: path.stat().st_mtime_ns)[:-most]:
        if old.is_dir() and not old.is_symlink():
            shutil.rmtree(old, ignore_errors=True)
        else:
            old.unlink(missing_ok=True)


@contextmanager
def output_folder(folder: str | Path) -> Iterator[OutputFolder]:
    """The folder, created if needed, held by this process alone until the block ends
    (read, change and write a file in it without losing another process's change)."""
    folder = Path(folder)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        handle = _lock(folder)
    except OSError as exc:
        raise InputError(Message("output.folder_refused", folder=str(folder), reason=system_reason(exc))) from None
    try:
        out = OutputFolder(folder)
        out.finish_interrupted_runs()
        yield out
    finally:
        if handle is not None:
            os.close(handle)  # releases the lock


class OutputFolder:
    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def write(self, files: dict[str, bytes]) -> list[Path]:
        names = [_plain_name(name) for name in files]
        for name in names:
            standing = _not_a_file(self.folder / name)
            if standing:
                raise InputError(Message(standing.id, file=str(self.folder / name)))
        stage = self._stage(files)
        self._move_in(stage, names)
        return [self.folder / name for name in names]

    def _stage(self, files: dict[str, bytes]) -> Path:
        """Every file in a fresh folder of ours, then the mark that the set is complete."""
        stage = self.folder / f"{STAGE_PREFIX}{secrets.token_hex(8)}"
        writing = None
        try:
            os.mkdir(stage, 0o700)  # fails if anything, a link included, has that name
            for writing, content in files.items():
                _write_new(stage / writing, content)
            writing = None
            _write_new(stage / f"{_COMMIT}.tmp", json.dumps(list(files)).encode())
            os.rename(stage / f"{_COMMIT}.tmp", stage / _COMMIT)
            _sync_folder(stage)
        except OSError as exc:
            _remove_stage(stage)
            what = self.folder / writing if writing else self.folder
            raise InputError(Message("output.unwritable", file=str(what), reason=system_reason(exc))) from None
        except BaseException:
            _remove_stage(stage)
            raise
        return stage

    def _move_in(self, stage: Path, names: list[str]) -> None:
        try:
            for name in names:
                os.replace(stage / name, self.folder / name)  # replaces a link, never follows it
            _sync_folder(self.folder)
        except OSError as exc:
            raise InputError(Message("output.not_moved", folder=str(self.folder), reason=system_reason(exc))) from None
        _remove_stage(stage)

    def finish_interrupted_runs(self) -> None:
        """A complete stage left by a killed run is moved into place; an incomplete one removed."""
        for stage in self.folder.glob(f"{STAGE_PREFIX}*"):
            if not _is_real_folder(stage):
                continue
            names = _committed_names(stage)
            if names:
                self._move_in(stage, [name for name in names if (stage / name).exists()])
            else:
                _remove_stage(stage)


def _plain_name(name: str) -> str:
    if not name or name in (".", "..") or "/" in name or "\\" in name or "\0" in name or name.startswith(STAGE_PREFIX):
        raise InputError(Message("output.bad_name", name=name.replace("\0", "\\0")))
    return name


def _write_new(path: Path, content: bytes) -> None:
    handle = os.open(path, _NEW_FILE, 0o666)  # the user's umask decides the permissions
    with os.fdopen(handle, "wb") as stream:
        stream.write(content)
        stream.flush()
        os.fsync(stream.fileno())


def _committed_names(stage: Path) -> list[str] | None:
    try:
        names = json.loads((stage / _COMMIT).read_text(encoding="utf-8"))
        return [_plain_name(name) for name in names]
    except (OSError, ValueError, TypeError, InputError):
        return None


def _not_a_file(path: Path) -> Message | None:
    """What is said of what stands at `path` that a file may not replace (a folder, a device,
    a pipe, a socket); None for nothing, a file or a link (replaced, never followed)."""
    try:
        mode = os.lstat(path).st_mode
    except OSError:
        return None
    if stat.S_ISREG(mode) or stat.S_ISLNK(mode):
        return None
    if stat.S_ISDIR(mode):
        return Message("output.folder_in_the_way")
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return Message("output.device_in_the_way")
    return Message("output.pipe_in_the_way")


def _is_real_folder(path: Path) -> bool:
    try:
        return stat.S_ISDIR(os.lstat(path).st_mode)
    except OSError:
        return False


def _remove_stage(stage: Path) -> None:
    shutil.rmtree(stage, ignore_errors=True)  # never follows links inside it


def _sync_folder(folder: Path) -> None:
    """Make renames in `folder` durable; some file systems cannot, which is fine."""
    try:
        handle = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(handle)
    except OSError:
        pass
    finally:
        os.close(handle)


def _lock(folder: Path) -> int | None:
    """An open handle on `folder` holding its lock, released when the handle is closed."""
    try:
        import fcntl
    except ImportError:  # Windows: no advisory locks on folders; runs are not serialised there
        return None
    handle = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    try:
        fcntl.flock(handle, fcntl.LOCK_EX)
    except BaseException:
        os.close(handle)
        raise
    return handle
