"""A print-shop export (`cardgen export`) checked before it is uploaded: the folder holds
every file its manifest.json lists and nothing else; each PNG is exactly the trim plus
bleed at the dpi, with that dpi and an sRGB profile in the file; each PDF page is the
trim plus bleed, its BleedBox the page and its TrimBox the cut; one front per card, each
with a back, and the backs' copies adding up."""

from __future__ import annotations

import io
import warnings
from collections import Counter
from pathlib import Path

from PIL import Image, ImageCms

from cardgen.errors import CardgenError
from cardgen.formats import EXACT_MM, EXPORT_MANIFEST
from cardgen.layout.geometry import pixels
from cardgen.model.cards import CardSet
from cardgen.paths import check_input, read_input
from cardgen.record import MAX_RECORD_BYTES, DamagedRecord, ExportManifest, parse_manifest
from cardgen.verify.bounds import INPUT_HINT, check_pages, read_pdf_bytes, stream_limits
from cardgen.verify.pdfs import check_structure
from cardgen.verify.readback import box_mm, reader
from cardgen.verify.report import Report, plural

MAX_IMAGE_BYTES = 200_000_000


def is_export(path: Path) -> bool:
    """A folder, or a file named manifest.json: what `cardgen export` wrote."""
    return path.is_dir() or path.name == EXPORT_MANIFEST


def verify_export(name: str, expected_sets: list[CardSet] | None = None) -> Report:
    """The checks of an export folder (or of the folder of the manifest.json named)."""
    path = Path(name)
    folder, manifest_path = (path, path / EXPORT_MANIFEST) if path.is_dir() else (path.parent, path)
    raw = read_input(manifest_path, str(manifest_path), MAX_RECORD_BYTES, "verify reads manifests", INPUT_HINT)
    report = Report(name, "export")
    try:
        manifest = parse_manifest(raw)
    except DamagedRecord as exc:
        report.failed(
            "export.manifest", f"{EXPORT_MANIFEST} is damaged: {str(exc).rstrip('.')}; nothing else can be checked"
        )
        return report
    _manifest(manifest, report)
    present = _files(folder, manifest, report)
    if manifest.format == "png":
        _images(folder, manifest, present, report)
    else:
        _pdfs(folder, manifest, present, report)
    _cards(manifest, report)
    if expected_sets:
        _contents(manifest, expected_sets, report)
    return report


def _mm(size) -> str:
    return f"{size[0]:g} × {size[1]:g} mm"


def _manifest(manifest: ExportManifest, report: Report) -> None:
    """The manifest's sizes agree with each other: the whole is the trim plus twice the bleed."""
    (width, height), bleed = manifest.trim_mm, manifest.bleed_mm
    whole = (width + 2 * bleed, height + 2 * bleed)
    problems = []
    if any(abs(a - b) > EXACT_MM for a, b in zip(manifest.size_mm, whole)):
        problems.append(
            f"its size {_mm(manifest.size_mm)} is not the trim {_mm(manifest.trim_mm)} plus {bleed:g} mm a side"
        )
    if manifest.format == "png" and manifest.dpi and manifest.pixels:
        expected = tuple(pixels(side, manifest.dpi) for side in whole)
        if tuple(manifest.pixels) != expected:
            problems.append(
                f"its pixels {manifest.pixels[0]} × {manifest.pixels[1]} are not {_mm(whole)} at {manifest.dpi} dpi "
                f"({expected[0]} × {expected[1]})"
            )
    fronts = sum(1 for entry in manifest.files if entry.side == "front")
    pixels_text = f", {manifest.pixels[0]} × {manifest.pixels[1]} px at {manifest.dpi} dpi" if manifest.pixels else ""
    passed = (
        f"{manifest.format.upper()}, {plural(fronts, 'front')} and {plural(len(manifest.files) - fronts, 'back')}: "
        f"{_mm(manifest.trim_mm)} cards with {bleed:g} mm bleed, {_mm(whole)} in all{pixels_text}"
    )
    _outcome(report, "export.manifest", problems, passed)


def _outcome(report: Report, check: str, problems: list[str], passed: str) -> None:
    """A failed line for each problem of the manifest, or the passed line."""
    for problem in problems:
        report.failed(check, f"{EXPORT_MANIFEST}: {problem}")
    if not problems:
        report.passed(check, passed)


def _files(folder: Path, manifest: ExportManifest, report: Report) -> set[str]:
    """Every listed file is in the folder, and the folder holds nothing else a print shop
    would be sent (hidden files aside). Returns the listed files that are there."""
    listed = list(dict.fromkeys(entry.file for entry in manifest.files))
    present = {name for name in listed if (folder / name).is_file()}
    missing = [name for name in listed if name not in present]
    extra = sorted(
        path.name
        for path in folder.iterdir()
        if path.name not in listed and path.name != EXPORT_MANIFEST and not path.name.startswith(".")
    )
    for name in missing:
        report.failed("export.files", f"{name} is listed in {EXPORT_MANIFEST} but is not in the folder", name)
    for name in extra:
        report.failed(
            "export.files",
            f"{name} is in the folder but not in {EXPORT_MANIFEST}: a print shop given the folder would print it too",
            name,
        )
    if not missing and not extra:
        report.passed(
            "export.files", f"the folder holds the {plural(len(listed), 'file')} the manifest lists, nothing else"
        )
    return present


def _images(folder: Path, manifest: ExportManifest, present: set[str], report: Report) -> None:
    """Each PNG: its pixel size, its dpi, RGB with an sRGB profile."""
    assert manifest.pixels is not None and manifest.dpi is not None  # the manifest's schema holds them for PNG
    expected, dpi = tuple(manifest.pixels), manifest.dpi
    wrong: dict[str, list[str]] = {"export.size": [], "export.dpi": [], "export.colour": []}
    for name in sorted(present):
        problems = _image_problems(folder / name, expected, dpi)
        for check, problem in problems:
            wrong[check].append(name)
            report.failed(check, f"{name} {problem}", name)
    size_text = f"{expected[0]} × {expected[1]} px, {_mm(manifest.size_mm)} at {dpi} dpi"
    passes = {
        "export.size": f"every image is {size_text}: the trim and {manifest.bleed_mm:g} mm of bleed a side",
        "export.dpi": f"every image says {dpi} dpi, so it prints at its size",
        "export.colour": "every image is RGB with an sRGB profile",
    }
    for check, message in passes.items():
        if not wrong[check] and present:
            report.passed(check, message)


def _image_problems(path: Path, expected: tuple[int, ...], dpi: int) -> list[tuple[str, str]]:
    try:
        check_input(path, path.name, MAX_IMAGE_BYTES, "verify reads images", INPUT_HINT)
        with warnings.catch_warnings():  # only its header is read: a size over pillow's warning is no bomb
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            with Image.open(path) as image:
                size, mode, kind, info = image.size, image.mode, image.format, dict(image.info)
    except (CardgenError, OSError, SyntaxError, ValueError, Image.DecompressionBombError) as exc:
        return [("export.size", f"cannot be read as an image ({' '.join(str(exc).split())[:120]})")]
    problems = []
    if kind != "PNG":
        problems.append(("export.size", f"is a {kind} image, not a PNG"))
    if size != expected:
        scaled = f"is {size[0]} × {size[1]} px, not {expected[0]} × {expected[1]}: a print shop would scale it"
        problems.append(("export.size", scaled))
    found = info.get("dpi")
    if not found or any(round(value) != dpi for value in found):
        said = f"says {round(found[0])} × {round(found[1])} dpi" if found else "says no dpi"
        problems.append(("export.dpi", f"{said}, not {dpi}: it would print at another size"))
    if mode != "RGB" or not _is_srgb(info):
        problems.append(("export.colour", f"is {mode} without an sRGB profile: its colours may print otherwise"))
    return problems


def _is_srgb(info: dict) -> bool:
    if "srgb" in info:  # the PNG's sRGB chunk
        return True
    profile = info.get("icc_profile")
    if not profile:
        return False
    try:
        description = ImageCms.getProfileDescription(ImageCms.ImageCmsProfile(io.BytesIO(profile)))
    except (OSError, ImageCms.PyCMSError):
        return False
    return "srgb" in description.lower()


def _pdfs(folder: Path, manifest: ExportManifest, present: set[str], report: Report) -> None:
    """Each PDF: a page per entry, every page the trim plus bleed with its boxes at the cut,
    fonts embedded."""
    pages_of: dict[str, list[int]] = {}
    for entry in manifest.files:
        pages_of.setdefault(entry.file, []).append(entry.page or 0)
    for name in sorted(present):
        try:
            content = read_pdf_bytes(folder / name)
            with stream_limits():
                pdf = reader(content)
                check_pages(name, pdf)
                _pdf_pages(name, pdf, manifest, pages_of[name], report)
                check_structure(pdf, report, name)
        except CardgenError as exc:
            report.failed("export.pages", f"{name}: {exc}", name)
        except Exception as exc:  # pypdf raises many kinds of errors on a damaged file
            report.failed("export.pages", f"{name} is damaged and cannot be read ({' '.join(str(exc).split())[:120]})")


def _pdf_pages(name: str, pdf, manifest: ExportManifest, listed: list[int], report: Report) -> None:
    count = len(pdf.pages)
    if sorted(listed) != list(range(1, count + 1)):
        report.failed(
            "export.pages",
            f"{name} has {plural(count, 'page')}, but {EXPORT_MANIFEST} lists pages {_numbers(sorted(listed))}",
            name,
        )
    else:
        report.passed("export.pages", f"{name}: {plural(count, 'page')}, each listed once")
    width, height = manifest.size_mm
    bleed = manifest.bleed_mm
    cut = [bleed, bleed, width - 2 * bleed, height - 2 * bleed]
    wrong = 0
    for number, page in enumerate(pdf.pages, start=1):
        for problem in _page_problems(page, [0.0, 0.0, width, height], cut):
            wrong += 1
            report.failed("export.boxes", f"{name}, page {number}: {problem}", f"page {number}")
    if not wrong:
        report.passed(
            "export.boxes",
            f"every page is {_mm(manifest.size_mm)}, its BleedBox the page and its TrimBox the "
            f"{_mm(manifest.trim_mm)} cut, {bleed:g} mm inside",
        )


def _page_problems(page, whole: list[float], cut: list[float]) -> list[str]:
    def differs(box, expected) -> bool:
        return any(abs(a - b) > EXACT_MM for a, b in zip(box_mm(box), expected))

    def shown(box) -> str:
        x, y, w, h = box_mm(box)
        return f"{w:.2f} × {h:.2f} mm at ({x:.2f}, {y:.2f})"

    problems = []
    if differs(page.mediabox, whole):
        problems.append(f"the page is {shown(page.mediabox)}, not {_mm(whole[2:])}: the trim and its bleed")
    if "/BleedBox" not in page or differs(page.bleedbox, whole):
        problems.append("the BleedBox is not the whole page")
    if "/TrimBox" not in page:
        problems.append("no TrimBox: the print shop cannot find the cut")
    elif differs(page.trimbox, cut):
        problems.append(
            f"the TrimBox is {shown(page.trimbox)}, not the {_mm(cut[2:])} cut at ({cut[0]:g}, {cut[1]:g}): "
            "the cards would be cut in the wrong place"
        )
    return problems


def _numbers(numbers: list[int]) -> str:
    return ", ".join(map(str, numbers[:12])) + (" …" if len(numbers) > 12 else "")


def _cards(manifest: ExportManifest, report: Report) -> None:
    """One front per card, as many as the manifest says; each front's back is an entry of
    the export, and each back's copies are the copies of the fronts it goes behind."""
    fronts = [entry for entry in manifest.files if entry.side == "front"]
    backs = {(entry.file, entry.page): entry for entry in manifest.files if entry.side == "back"}
    problems = []
    twice = [card for card, count in Counter(entry.card for entry in fronts).items() if count > 1]
    if twice:
        problems.append(
            f"{plural(len(twice), 'card')} {'has' if len(twice) == 1 else 'have'} two fronts: {_ids(twice)}"
        )
    if len(fronts) != manifest.cards:
        problems.append(f"it lists {plural(len(fronts), 'front')} for {plural(manifest.cards, 'card')}")
    behind: Counter = Counter()
    for entry in fronts:
        assert entry.back is not None  # the manifest's schema holds a back for every front
        place = (entry.back.file, entry.back.page)
        if place not in backs:
            problems.append(f"card {entry.card!r} names a back ({_shown(place)}) that the export does not hold")
        behind[place] += entry.copies
    for place, back in backs.items():
        if back.copies != behind[place]:
            problems.append(
                f"the back {_shown(place)} is to be printed {plural(back.copies, 'time')} "
                f"but goes behind {plural(behind[place], 'printed card')}"
            )
    each = f"one front for each of the {plural(manifest.cards, 'card')}, each with its back"
    _outcome(report, "export.cards", problems, f"{each} ({plural(len(backs), 'distinct back')})")


def _shown(place: tuple[str, int | None]) -> str:
    file, page = place
    return file if page is None else f"{file}, page {page}"


def _ids(ids: list) -> str:
    return ", ".join(map(str, ids[:12])) + (f" and {len(ids) - 12} more" if len(ids) > 12 else "")


def _contents(manifest: ExportManifest, expected_sets: list[CardSet], report: Report) -> None:
    """The fronts are exactly the cards of the sets named with --set, each to be printed as
    many times as its `count` says."""
    wanted = {card.id: card.count for card_set in expected_sets for card in card_set.cards}
    have = {entry.card: entry.copies for entry in manifest.files if entry.side == "front"}
    names = " + ".join(card_set.name for card_set in expected_sets)
    missing = [card for card in wanted if card not in have]
    extra = sorted(card for card in set(have) - set(wanted) if card is not None)
    miscounted = [card for card in wanted if card in have and have[card] != wanted[card]]
    if missing:
        report.failed("export.contents", f"{plural(len(missing), 'card')} of {names} missing: {_ids(missing)}")
    if extra:
        report.failed("export.contents", f"{plural(len(extra), 'card')} not in {names}: {_ids(extra)}")
    for card in miscounted:
        report.failed(
            "export.contents",
            f"card {card!r} is to be printed {plural(have[card], 'time')}, its count in {names} is {wanted[card]}",
        )
    if not missing and not extra and not miscounted:
        report.passed("export.contents", f"every card of {names} has its front and its copies, nothing else")
