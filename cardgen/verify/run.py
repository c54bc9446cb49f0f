"""Verify what the user names: card sets (YAML or a bundled name) and PDFs, told apart
by their content."""

from __future__ import annotations

from pathlib import Path

from cardgen.errors import InputError
from cardgen.formats import EXPORT_MANIFEST
from cardgen.messages import Message
from cardgen.model.cards import SETS_DIR, CardSet, bundled_set_names, load_card_set
from cardgen.paths import check_input
from cardgen.verify.bounds import INPUT_HINT
from cardgen.verify.cutfile import verify_cut_file
from cardgen.verify.export import is_export, verify_export
from cardgen.verify.pdfs import verify_pdf
from cardgen.verify.report import Report
from cardgen.verify.sets import verify_set
from cardgen.verify.tts import tts_save, verify_tts

SET_SUFFIXES = (".yaml", ".yml")
CUT_FILE_SUFFIXES = (".svg", ".dxf")


def input_kind(name: str) -> str:
    """ "pdf", "cut-file" (an SVG or DXF, by its name), "set" or "export"; InputError for a file
    that is missing or is none of them. A file named .yaml or .yml is a card set whatever it
    holds (a set's title may well say %PDF-); a folder, or a file named manifest.json, is an export."""
    path = Path(name)
    if path.exists() and tts_save(path):
        return "tts"
    if path.exists() and is_export(path):
        return "export"
    if not path.exists():
        if path.suffix:  # a file's name, never a bundled set's
            raise InputError(Message("verify.input.no_such_file", name=name))
        if (SETS_DIR / f"{name}.yaml").is_file():
            return "set"
        raise InputError(Message("verify.input.no_such_file_or_set", name=name, sets=bundled_set_names()))
    check_input(path, name, None, "", INPUT_HINT)  # its size is bounded by the reader of its kind
    if path.suffix.lower() in SET_SUFFIXES:
        return "set"
    if path.suffix.lower() in CUT_FILE_SUFFIXES:
        return "cut-file"
    try:
        with path.open("rb") as file:
            start = file.read(1024)
    except OSError as exc:
        raise InputError(Message("verify.input.unreadable", name=name, reason=exc.strerror)) from None
    if b"%PDF-" in start:
        return "pdf"
    if path.suffix.lower() == ".pdf":
        raise InputError(Message("verify.input.not_pdf", name=name))
    return "set"


def verify_inputs(
    inputs: list[str], expected_sets: list[str] | None = None, games: int = 300, seed: int = 1, jobs: int = 1
) -> list[Report]:
    """One report per input. `expected_sets` are the sets the PDFs must hold, exactly;
    a set's games are played on `jobs` processes.
    Raises InputError, before checking anything, when an input cannot be read."""
    expected = _load_sets(expected_sets or [])
    kinds = [(name, input_kind(name)) for name in _with_folders_opened(inputs)]
    reports = []
    for name, kind in kinds:
        if kind == "set":
            reports.append(verify_set(name, games=games, seed=seed, jobs=jobs))
        elif kind == "cut-file":
            reports.append(verify_cut_file(name))
        elif kind == "export":
            reports.append(verify_export(name, expected))
        elif kind == "tts":
            save = tts_save(Path(name))
            assert save is not None, "input_kind found it"
            reports.append(verify_tts(name, save, expected))
        else:
            reports.append(verify_pdf(name, expected))
    return reports


def _with_folders_opened(inputs: list[str]) -> list[str]:
    """The inputs, a folder that `cardgen build` wrote (no export's manifest.json, no Tabletop
    Simulator deck) given as its PDFs and cut files, in name order."""
    opened = []
    for name in inputs:
        path = Path(name)
        if not path.is_dir() or (path / EXPORT_MANIFEST).exists() or tts_save(path):
            opened.append(name)
            continue
        files = sorted(
            str(file)
            for file in path.iterdir()
            if file.is_file() and file.suffix.lower() in (".pdf", *CUT_FILE_SUFFIXES)
        )
        if not files:
            raise InputError(Message("verify.input.empty_folder", name=name, manifest=EXPORT_MANIFEST))
        opened += files
    return opened


def _load_sets(names: list[str]) -> list[CardSet]:
    return [load_card_set(name) for name in names]
