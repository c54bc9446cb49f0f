"""Where the bundled data folders are, installed or in a source checkout."""

from pathlib import Path

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
