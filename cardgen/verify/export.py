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
from cardgen.messages import Message
from cardgen.model.cards import CardSet
from cardgen.paths import check_input, read_input
from cardgen.record import MAX_RECORD_BYTES, DamagedRecord, ExportManifest, parse_manifest
from cardgen.verify.bounds import INPUT_HINT, READS_IMAGES, check_pages, read_pdf_bytes, stream_limits
from cardgen.verify.pdfs import check_structure, damage
from cardgen.verify.readback import box_mm, reader
from cardgen.verify.report import Report, first_of, page_place, reason_of, some_of

MAX_IMAGE_BYTES = 200_000_000


def is_export(path: Path) -> bool:
    """A folder, or a file named manifest.json: what `cardgen export` wrote."""
    return path.is_dir() or path.name == EXPORT_MANIFEST


def verify_export(name: str, expected_sets: list[CardSet] | None = None) -> Report:
    """The checks of an export folder (or of the folder of the manifest.json named)."""
    path = Path(name)
    folder, manifest_path = (path, path / EXPORT_MANIFEST) if path.is_dir() else (path.parent, path)
    reads = Message("verify.input.reads_manifests")
    raw = read_input(manifest_path, str(manifest_path), MAX_RECORD_BYTES, reads, INPUT_HINT)
    report = Report(name, "export")
    try:
        manifest = parse_manifest(raw)
    except DamagedRecord as exc:
        said = Message("verify.export.manifest_damaged", manifest=EXPORT_MANIFEST, reason=damage(exc))
        report.failed("export.manifest", said)
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


def _manifest(manifest: ExportManifest, report: Report) -> None:
    """The manifest's sizes agree with each other: the whole is the trim plus twice the bleed."""
    (width, height), bleed = manifest.trim_mm, manifest.bleed_mm
    whole = (width + 2 * bleed, height + 2 * bleed)
    trim = {"trim_width": width, "trim_height": height, "bleed": bleed}
    problems = []
    if any(abs(a - b) > EXACT_MM for a, b in zip(manifest.size_mm, whole)):
        size = {"width": manifest.size_mm[0], "height": manifest.size_mm[1]}
        problems.append(Message("verify.export.size_not_trim", **size, **trim))
    if manifest.format == "png" and manifest.dpi and manifest.pixels:
        expected = tuple(pixels(side, manifest.dpi) for side in whole)
        if tuple(manifest.pixels) != expected:
            found = {"pixels_width": manifest.pixels[0], "pixels_height": manifest.pixels[1]}
            meant = {"expected_width": expected[0], "expected_height": expected[1]}
            size = {"width": whole[0], "height": whole[1], "dpi": manifest.dpi}
            problems.append(Message("verify.export.pixels_wrong", **found, **size, **meant))
    fronts = sum(1 for entry in manifest.files if entry.side == "front")
    said = {
        "format": manifest.format.upper(),
        "fronts": Message("verify.count.fronts", count=fronts),
        "backs": Message("verify.count.backs", count=len(manifest.files) - fronts),
        "width": whole[0],
        "height": whole[1],
        **trim,
    }
    if manifest.pixels:
        px = {"pixels_width": manifest.pixels[0], "pixels_height": manifest.pixels[1], "dpi": manifest.dpi}
        passed = Message("verify.export.manifest_png", **said, **px)
    else:
        passed = Message("verify.export.manifest", **said)
    _outcome(report, "export.manifest", problems, passed)


def _outcome(report: Report, check: str, problems: list[Message], passed: Message) -> None:
    """A failed line for each problem of the manifest, or the passed line."""
    for problem in problems:
        report.failed(check, Message("verify.export.manifest_problem", manifest=EXPORT_MANIFEST, problem=problem))
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
        said = Message("verify.export.file_missing", file=name, manifest=EXPORT_MANIFEST)
        report.failed("export.files", said, _file_place(name))
    for name in extra:
        said = Message("verify.export.file_extra", file=name, manifest=EXPORT_MANIFEST)
        report.failed("export.files", said, _file_place(name))
    if not missing and not extra:
        report.passed("export.files", Message("verify.export.files", count=len(listed)))
    return present


def _file_place(name: str) -> Message:
    return Message("verify.place.file", file=name)


def _images(folder: Path, manifest: ExportManifest, present: set[str], report: Report) -> None:
    """Each PNG: its pixel size, its dpi, RGB with an sRGB profile."""
    assert manifest.pixels is not None and manifest.dpi is not None  # the manifest's schema holds them for PNG
    expected, dpi = tuple(manifest.pixels), manifest.dpi
    wrong: dict[str, list[str]] = {"export.size": [], "export.dpi": [], "export.colour": []}
    for name in sorted(present):
        problems = _image_problems(folder / name, expected, dpi)
        for check, problem in problems:
            wrong[check].append(name)
            report.failed(check, problem, _file_place(name))
    size = {"pixels_width": expected[0], "pixels_height": expected[1], "dpi": dpi, "bleed": manifest.bleed_mm}
    size |= {"width": manifest.size_mm[0], "height": manifest.size_mm[1]}
    passes = {
        "export.size": Message("verify.export.images_size", **size),
        "export.dpi": Message("verify.export.images_dpi", dpi=dpi),
        "export.colour": Message("verify.export.images_colour"),
    }
    for check, message in passes.items():
        if not wrong[check] and present:
            report.passed(check, message)


def _image_problems(path: Path, expected: tuple[int, ...], dpi: int) -> list[tuple[str, Message]]:
    file = path.name
    try:
        check_input(path, file, MAX_IMAGE_BYTES, READS_IMAGES, INPUT_HINT)
        with warnings.catch_warnings():  # only its header is read: a size over pillow's warning is no bomb
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            with Image.open(path) as image:
                size, mode, kind, info = image.size, image.mode, image.format, dict(image.info)
    except (CardgenError, OSError, SyntaxError, ValueError, Image.DecompressionBombError) as exc:
        return [("export.size", Message("verify.export.image_unreadable", file=file, reason=reason_of(exc)))]
    problems = []
    if kind != "PNG":
        problems.append(("export.size", Message("verify.export.image_not_png", file=file, kind=str(kind))))
    if size != expected:
        sizes = {"width": size[0], "height": size[1], "expected_width": expected[0], "expected_height": expected[1]}
        problems.append(("export.size", Message("verify.export.image_size", file=file, **sizes)))
    found = info.get("dpi")
    if not found or any(round(value) != dpi for value in found):
        if found:
            said = Message("verify.export.image_dpi", file=file, dpi_x=round(found[0]), dpi_y=round(found[1]), dpi=dpi)
        else:
            said = Message("verify.export.image_no_dpi", file=file, dpi=dpi)
        problems.append(("export.dpi", said))
    if mode != "RGB" or not _is_srgb(info):
        problems.append(("export.colour", Message("verify.export.image_colour", file=file, mode=mode)))
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
            said = Message("verify.export.pdf_refused", file=name, problem=reason_of(exc, 1000))
            report.failed("export.pages", said, _file_place(name))
        except Exception as exc:  # pypdf raises many kinds of errors on a damaged file
            report.failed("export.pages", Message("verify.export.pdf_damaged", file=name, reason=reason_of(exc)))


def _pdf_pages(name: str, pdf, manifest: ExportManifest, listed: list[int], report: Report) -> None:
    count = len(pdf.pages)
    if sorted(listed) != list(range(1, count + 1)):
        pages = first_of(sorted(listed), 12)
        said = Message("verify.export.pages_wrong", file=name, count=count, manifest=EXPORT_MANIFEST, pages=pages)
        report.failed("export.pages", said, _file_place(name))
    else:
        report.passed("export.pages", Message("verify.export.pages", file=name, count=count))
    width, height = manifest.size_mm
    bleed = manifest.bleed_mm
    cut = [bleed, bleed, width - 2 * bleed, height - 2 * bleed]
    wrong = 0
    for number, page in enumerate(pdf.pages, start=1):
        for problem in _page_problems(page, [0.0, 0.0, width, height], cut):
            wrong += 1
            said = Message("verify.export.page_problem", file=name, page=number, problem=problem)
            report.failed("export.boxes", said, page_place(number))
    if not wrong:
        trim_width, trim_height = manifest.trim_mm
        sizes = {"width": width, "height": height, "trim_width": trim_width, "trim_height": trim_height}
        report.passed("export.boxes", Message("verify.export.boxes", **sizes, bleed=bleed))


def _page_problems(page, whole: list[float], cut: list[float]) -> list[Message]:
    def differs(box, expected) -> bool:
        return any(abs(a - b) > EXACT_MM for a, b in zip(box_mm(box), expected))

    def shown(box) -> dict:
        x, y, w, h = box_mm(box)
        return {"width": w, "height": h, "x": x, "y": y}

    problems = []
    if differs(page.mediabox, whole):
        meant = {"expected_width": whole[2], "expected_height": whole[3]}
        problems.append(Message("verify.export.page_size", **shown(page.mediabox), **meant))
    if "/BleedBox" not in page or differs(page.bleedbox, whole):
        problems.append(Message("verify.export.bleed_box"))
    if "/TrimBox" not in page:
        problems.append(Message("verify.export.no_trim_box"))
    elif differs(page.trimbox, cut):
        meant = {"cut_width": cut[2], "cut_height": cut[3], "cut_x": cut[0], "cut_y": cut[1]}
        problems.append(Message("verify.export.trim_box", **shown(page.trimbox), **meant))
    return problems


def _cards(manifest: ExportManifest, report: Report) -> None:
    """One front per card, as many as the manifest says; each front's back is an entry of
    the export, and each back's copies are the copies of the fronts it goes behind."""
    fronts = [entry for entry in manifest.files if entry.side == "front"]
    backs = {(entry.file, entry.page): entry for entry in manifest.files if entry.side == "back"}
    problems = []
    twice = [card for card, count in Counter(entry.card for entry in fronts).items() if count > 1]
    if twice:
        problems.append(Message("verify.export.two_fronts", count=len(twice), cards=some_of(twice)))
    cards = Message("verify.count.cards", count=manifest.cards)
    if len(fronts) != manifest.cards:
        counted = Message("verify.count.fronts", count=len(fronts))
        problems.append(Message("verify.export.fronts_for_cards", fronts=counted, cards=cards))
    behind: Counter = Counter()
    for entry in fronts:
        assert entry.back is not None  # the manifest's schema holds a back for every front
        place = (entry.back.file, entry.back.page)
        if place not in backs:
            problems.append(Message("verify.export.back_absent", card=str(entry.card), back=_shown(place)))
        behind[place] += entry.copies
    for place, back in backs.items():
        if back.copies != behind[place]:
            times = Message("verify.count.times", count=back.copies)
            printed = Message("verify.count.printed_cards", count=behind[place])
            problems.append(Message("verify.export.back_copies", back=_shown(place), times=times, cards=printed))
    distinct = Message("verify.count.distinct_backs", count=len(backs))
    _outcome(report, "export.cards", problems, Message("verify.export.cards", cards=cards, backs=distinct))


def _shown(place: tuple[str, int | None]) -> Message:
    file, page = place
    return (
        Message("verify.place.file", file=file)
        if page is None
        else Message("verify.export.back_page", file=file, page=page)
    )


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
        said = Message("verify.export.cards_missing", count=len(missing), sets=names, cards=some_of(missing))
        report.failed("export.contents", said)
    if extra:
        report.failed(
            "export.contents", Message("verify.export.cards_extra", count=len(extra), sets=names, cards=some_of(extra))
        )
    for card in miscounted:
        times = Message("verify.count.times", count=have[card])
        said = Message("verify.export.card_copies", card=card, times=times, sets=names, wanted=wanted[card])
        report.failed("export.contents", said)
    if not missing and not extra and not miscounted:
        report.passed("export.contents", Message("verify.export.contents", sets=names))
