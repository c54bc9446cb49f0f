"""Where the bundled data folders are, installed or in a source checkout."""

from pathlib import Path

from cardgen.errors import InputError

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


def bundled_names(folder: Path) -> list[str]:
    """The names of the bundled YAML files in `folder` (e.g. the card sets)."""
    return sorted(path.stem for path in folder.glob("*.yaml"))


def find_data_file(name_or_file: str | Path, folder: Path, what: str, relative_to: Path | None = None) -> tuple[Path, str]:
    """A bundled file by name ('jokers' -> templates/sets/jokers.yaml) or a user's file,
    and the name to show in messages. A bare name that is neither is an InputError."""
    text = str(name_or_file)
    bare = "/" not in text and not text.endswith((".yaml", ".yml"))
    bundled = folder / f"{text}.yaml"
    if bare and bundled.is_file():
        return bundled, str(bundled.relative_to(TEMPLATES.parent))
    path = Path(text)
    if relative_to is not None and not path.is_absolute():
        path = relative_to / path
    if bare and not path.exists():
        names = ", ".join(bundled_names(folder))
        raise InputError(f"there is no bundled {what} {text!r} (the bundled ones: {names}) and no file of that name.")
    return path, str(path)
