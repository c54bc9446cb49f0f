"""Where the bundled data folders are, installed or in a source checkout; which files a
file may name; and reading a user's file within bounds."""

import stat
from pathlib import Path

from cardgen.errors import InputError, system_reason
from cardgen.messages import Message

_PACKAGE = Path(__file__).resolve().parent


def data_dir(name: str) -> Path:
    """The bundled folder `name` (templates, layouts or assets)."""
    installed = _PACKAGE / name
    if installed.is_dir():
        return installed
    return _PACKAGE.parent / name


TEMPLATES = data_dir("templates")
LAYOUTS = data_dir("layouts")
ASSETS = data_dir("assets")
YAML_SUFFIXES = (".yaml", ".yml")


def bundled_names(folder: Path) -> list[str]:
    """The names of the bundled YAML files in `folder` (e.g. the card sets)."""
    return sorted(path.stem for path in folder.glob("*.yaml"))


# What is said of a missing bundled file or file of each kind that a name may stand for:
# the words agree with the kind's noun in each language.
_NO_BUNDLED = {
    "card set": Message("set.no_bundled"),
    "layout": Message("layout.no_bundled"),
    "face style": Message("style.no_bundled"),
}
_NO_FILE = {
    "card set": Message("set.no_file"),
    "layout": Message("layout.no_file"),
    "face style": Message("style.no_file"),
}


def find_data_file(name_or_file: str | Path, folder: Path, what: str) -> tuple[Path, str]:
    """A bundled file by name ('jokers' -> templates/sets/jokers.yaml) or a user's file,
    and the name to show in messages. A bare name that is neither is an InputError.
    `what` is one of the kinds of _NO_BUNDLED ("card set", "layout", "face style")."""
    text = str(name_or_file)
    if _is_bare_name(text) and ((folder / f"{text}.yaml").is_file() or not Path(text).exists()):
        return _bundled_file(text, folder, what)
    return Path(text), text


def _is_bare_name(text: str) -> bool:
    return "/" not in text and not text.lower().endswith(YAML_SUFFIXES)


def _bundled_file(name: str, folder: Path, what: str) -> tuple[Path, str]:
    bundled = folder / f"{name}.yaml"
    if not bundled.is_file():
        raise InputError(Message(_NO_BUNDLED[what].id, name=name, names=bundled_names(folder)))
    return bundled, str(bundled.relative_to(TEMPLATES.parent))


def allowed_folders(own_folder: Path) -> list[Path]:
    """Where a file named inside another file may lie: the bundled folders, and the folder
    of the naming file with its subfolders. Nothing else on the machine is ever read for it."""
    return [folder.resolve() for folder in (TEMPLATES, LAYOUTS, ASSETS, own_folder)]


def confined_file(reference: str, own_folder: Path) -> Path | None:
    """`reference` resolved against `own_folder`, or None if it leaves the allowed folders.
    InputError for a name no file can have (a NUL byte) or links that lead round in a loop."""
    try:
        file = (own_folder / reference).resolve()
    except ValueError:
        raise InputError(Message("input.nul_in_name", name=reference.replace("\0", "\\0"))) from None
    except (RuntimeError, OSError):  # Python 3.11 raises RuntimeError for a loop of links
        raise InputError(Message("input.link_loop", name=reference)) from None
    if any(file.is_relative_to(folder) for folder in allowed_folders(own_folder)):
        return file
    return None


def find_referenced_file(reference: str, folder: Path, what: str, named_by: Path) -> tuple[Path, str]:
    """A file that another file names (a layout's `extends:`, a set's `faces:`): a bundled
    name, or a YAML file beside `named_by` (or below it) or in a bundled folder, and the name
    to show. The InputError's message leaves naming `named_by` and its line to the caller."""
    text = str(reference)
    if _is_bare_name(text):
        return _bundled_file(text, folder, what)
    if not text.lower().endswith(YAML_SUFFIXES):
        raise InputError(Message("input.not_yaml", name=text))
    own_folder = Path(named_by).resolve().parent
    file = confined_file(text, own_folder)
    if file is None:
        raise InputError(Message("input.outside", name=text))
    if not file.is_file():
        raise InputError(Message(_NO_FILE[what].id, name=text))
    return file, str(Path(named_by).parent / text)


def check_input(path: Path, name: str, limit: int | None, reader: Message | str, hint: Message | str) -> None:
    """Refuse, before anything is read, a missing file, a folder, a device or a pipe (so
    /dev/zero never fills memory), and a file over `limit` bytes. `reader` completes
    "… up to N MB" (a Message such as "verify reads PDFs"); `hint` says what to name
    instead ("name a PDF file", its full stop the sentence's)."""
    try:
        status = path.stat()
    except FileNotFoundError:
        raise InputError(Message("input.no_such_file", file=name)) from None
    except OSError as exc:
        raise InputError(Message("input.unreadable", file=name, reason=system_reason(exc))) from None
    if stat.S_ISDIR(status.st_mode):
        raise InputError(Message("input.a_folder", file=name, hint=hint))
    if not stat.S_ISREG(status.st_mode):
        raise InputError(Message("input.not_a_file", file=name, hint=hint))
    if limit is not None and status.st_size > limit:
        size = _megabytes(status.st_size)
        raise InputError(Message("input.too_large", file=name, size=size, reader=reader, limit=limit // 1_000_000))


def read_input(path: str | Path, name: str, limit: int, reader: Message | str, hint: Message | str) -> bytes:
    """The bytes of the regular file at `path`, after `check_input`; a file that grew past
    `limit` since is refused all the same."""
    path = Path(path)
    check_input(path, name, limit, reader, hint)
    try:
        with path.open("rb") as stream:
            data = stream.read(limit + 1)
    except OSError as exc:
        raise InputError(Message("input.unreadable", file=name, reason=system_reason(exc))) from None
    if len(data) > limit:
        raise InputError(Message("input.over_limit", file=name, reader=reader, limit=limit // 1_000_000))
    return data


def _megabytes(size: int) -> int:
    return -(-size // 1_000_000)  # rounded up: a file just over the limit never reads as equal to it
