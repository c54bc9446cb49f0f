"""Writing output files so that a failure never leaves a half-written or lost file."""

from __future__ import annotations

import os
from pathlib import Path

from cardgen.errors import InputError


def write_atomically(path: str | Path, content: bytes) -> None:
    """Write to a temporary file beside `path`, then rename: a failure leaves `path` as it was."""
    path = Path(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise InputError(f"{path.parent}: cannot create this folder ({exc.strerror}).") from None
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        # 0o666: the user's umask decides the permissions, as for any file they write
        handle = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o666)
        with os.fdopen(handle, "wb") as stream:
            stream.write(content)
        os.replace(temporary, path)
    except OSError as exc:
        temporary.unlink(missing_ok=True)
        raise InputError(f"{path}: cannot be written ({exc.strerror}).") from None
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise
