"""The play page's tables, kept in the workspace so that a reload loses nothing: each in
its folder tables/<id>/, the game as table.json (its deal and every decision made, see
cardgen/actions/play.py) and, for a game with the designer's own cards, a copy of their set
as it was dealt (my-cards.yaml and its pictures), which the game's record names. The last
MOST_TABLES are kept."""

from __future__ import annotations

import json
import os
import secrets
import shutil
from pathlib import Path

from cardgen.actions.play import SET_FILE, Table
from cardgen.errors import InputError
from cardgen.messages import Message
from cardgen.studio.workspace import SET_ID, Workspace

MOST_TABLES = 20
TABLE_FILE = "table.json"
SET_FOLDER = "set"


def own_sets(workspace: Workspace) -> list[tuple[str, str]]:
    """(id, title) of each own set the "My own cards" page wrote, the last written first."""
    root = workspace.folder / "sets"
    found = [path for path in root.glob(f"*/{SET_FILE}") if SET_ID.fullmatch(path.parent.name) and path.stat().st_size]
    found.sort(key=lambda path: path.stat().st_mtime_ns, reverse=True)
    return [(path.parent.name, _title(path)) for path in found]


def _title(path: Path) -> str:
    """The set's title (else its name) as its file's first lines write it, without reading the set."""
    with path.open(encoding="utf-8", errors="replace") as lines:
        first = [line.partition(":") for _, line in zip(range(40), lines)]
    found = {key: value.strip().strip("\"'") for key, _, value in first if key in ("title", "name")}
    return (found.get("title") or found.get("name") or path.parent.name)[:60]


def set_file(workspace: Workspace, set_id: str) -> Path:
    """The file of an own set the "My own cards" page wrote; InputError if there is none."""
    path = workspace.folder / "sets" / set_id / SET_FILE
    if not SET_ID.fullmatch(set_id or "") or not path.is_file():
        raise InputError(Message("studio.unknown_set"))
    return path


def keep_new(workspace: Workspace, table: Table, own_set: Path | None) -> str:
    """A new table in the workspace (its own set copied beside it); the oldest beyond MOST_TABLES removed."""
    table_id = secrets.token_hex(8)
    root = workspace.folder / "tables"
    folder = root / table_id
    folder.mkdir(parents=True)
    if own_set is not None:
        _copy_set(own_set.parent, folder / SET_FOLDER)
    save(workspace, table_id, table)
    kept = sorted(root.iterdir(), key=lambda path: path.stat().st_mtime_ns)
    for old in kept[:-MOST_TABLES]:
        shutil.rmtree(old, ignore_errors=True)
    return table_id


def _copy_set(source: Path, target: Path) -> None:
    """The set's folder as it is now: its files linked where the system allows, else copied."""
    target.mkdir()
    for path in source.iterdir():
        if path.is_file() and not path.is_symlink():
            try:
                os.link(path, target / path.name)
            except OSError:
                shutil.copyfile(path, target / path.name)


def folder_of(workspace: Workspace, table_id: str) -> Path:
    folder = workspace.folder / "tables" / (table_id or "")
    if not SET_ID.fullmatch(table_id or "") or not (folder / TABLE_FILE).is_file():
        raise InputError(Message("play.unknown_table"))
    return folder


def load(workspace: Workspace, table_id: str) -> Table:
    path = folder_of(workspace, table_id) / TABLE_FILE
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        raise InputError(Message("play.table_broken")) from None
    return Table.of_json(data)


def save(workspace: Workspace, table_id: str, table: Table) -> None:
    """The table written whole (a new file moved into place): a reload finds it as it was."""
    path = workspace.folder / "tables" / table_id / TABLE_FILE
    staged = path.with_suffix(".new")
    staged.write_text(json.dumps(table.as_json(), separators=(",", ":")), encoding="utf-8")
    staged.replace(path)


def set_files(workspace: Workspace, table_id: str) -> dict[str, bytes]:
    """The own set the table was dealt with, by file name (none for the bundled cards)."""
    folder = folder_of(workspace, table_id) / SET_FOLDER
    if not folder.is_dir():
        return {}
    return {path.name: path.read_bytes() for path in sorted(folder.iterdir()) if path.is_file()}
