"""The calibrate page's photos of the calibration sheet: each read by the action the command
line runs (`cardgen calibrate --read`), no larger than any picture the studio holds, and
what it read, or why it was refused, kept in the workspace (photos/<id>.json, the last
MOST_PHOTOS) under an id the page's address names: a reload or another language loses
nothing. The photo itself is not kept."""

from __future__ import annotations

import json
import secrets

from cardgen.errors import InputError
from cardgen.files import keep_newest
from cardgen.messages import Message
from cardgen.studio.uploads import plain_name
from cardgen.studio.workspace import SET_ID, Workspace

MOST_PHOTOS = 20
FOLDER = "photos"


def read(workspace: Workspace, name: str, data: bytes) -> str:
    """The photo `data`, sent as `name`, read; its reading or its refusal kept; its id."""
    from cardgen.actions.calibrate import read as read_photo
    from cardgen.actions.calibrate import reading_data
    from cardgen.actions.pictures import MOST_PIXELS

    try:
        file = plain_name(name)
    except InputError:
        file = "photo"
    with workspace.library:  # one photo in memory at a time
        try:
            kept = {"file": file, "reading": reading_data(read_photo(data, file, MOST_PIXELS))}
        except InputError as exc:  # the photo refused (PhotoRefused): said again in any language
            said = exc.data()
            kept = {"file": file, "refused": {"id": said["id"], "params": said["params"]}}
    folder = workspace.folder / FOLDER
    photo_id = secrets.token_hex(8)
    with workspace.folders:
        folder.mkdir(parents=True, exist_ok=True)
        (folder / f"{photo_id}.json").write_text(json.dumps(kept), encoding="utf-8")
        keep_newest(folder, MOST_PHOTOS)
    return photo_id


def _kept(workspace: Workspace, photo_id: str | None) -> dict | None:
    if not SET_ID.fullmatch(photo_id or ""):
        return None
    try:
        return json.loads((workspace.folder / FOLDER / f"{photo_id}.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def shown(workspace: Workspace, photo_id: str | None, lang: str) -> dict | None:
    """What the page shows of a photo kept: the figures it read, or its refusal in `lang`;
    None for a photo no longer kept."""
    kept = _kept(workspace, photo_id)
    if kept is None:
        return None
    if "refused" in kept:
        refusal = Message(kept["refused"]["id"], **kept["refused"]["params"])
        return {"id": photo_id, "file": kept["file"], "error": refusal.text(lang)}
    paper = Message(f"field.paper.{kept['reading']['paper']}").text(lang)
    return {"id": photo_id, "file": kept["file"], "reading": kept["reading"], "paper": paper}


def reading(workspace: Workspace, photo_id: str) -> dict:
    """The figures a photo kept read, to save as a printer; InputError if it is gone."""
    kept = _kept(workspace, photo_id)
    if kept is None or "reading" not in kept:
        raise InputError(Message("studio.photo_unknown"))
    return kept["reading"]
