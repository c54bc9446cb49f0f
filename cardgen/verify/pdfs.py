"""A PDF checked before printing: paper, pages, print hints, boxes and fonts from its
structure; for a cardgen PDF also what is actually drawn (cardgen.verify.drawn) and,
against a card set, whether every card is there exactly once."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pypdf

from cardgen.engine import VARIANTS
from cardgen.errors import CardgenError, InputError
from cardgen.formats import DUPLEX_HINTS, EXACT_MM, LAYOUT_ATTACHMENT, PAPER_TITLES, PAPERS, RULER_MM, TRUE_RULER
from cardgen.layout.geometry import Rect, drawn_box
from cardgen.model.cards import CardSet
from cardgen.record import ATTACHMENTS, CalibrationRecord, DamagedRecord, DocumentRecord, LayoutRecord, parse_record
from cardgen.verify.bounds import check_pages, check_streams, read_pdf_bytes, stream_limits
from cardgen.verify.drawn import verify_drawing
from cardgen.verify.readback import all_fonts_of, box_mm, font_is_embedded, font_name, reader
from cardgen.verify.report import Report, plural
from cardgen.verify.resources import check_resources


def verify_pdf(path: str | Path, expected_sets: list[CardSet] | None = None) -> Report:
    """The checks of one PDF. InputError (one line naming the file) for a file that is
    too large, not a regular file, or so damaged that pypdf or pdfium give up on it."""
    content = read_pdf_bytes(path)
    try:
        with stream_limits():
            return _verify(str(path), content, expected_sets)
    except CardgenError:
        raise
    except Exception as exc:  # pypdf and pdfium raise many kinds of errors on a damaged file
        reason = " ".join(str(exc).split())[:200] or type(exc).__name__
        raise InputError(f"{path}: this PDF is damaged and cannot be read ({reason}).") from None


def card_sheet_record(path: str | Path) -> LayoutRecord:
    """The record of the card sheet at `path`. InputError (one line naming the file) when the
    file is not a PDF cardgen drew a card sheet into, or its record is damaged."""
    content = read_pdf_bytes(path)
    try:
        with stream_limits():
            attached = _attached_record(reader(content))
    except CardgenError:
        raise
    except Exception as exc:  # as in verify_pdf: a damaged file raises many kinds of errors
        reason = " ".join(str(exc).split())[:200] or type(exc).__name__
        raise InputError(f"{path}: this PDF is damaged and cannot be read ({reason}).") from None
    if attached is None:
        raise InputError(f"{path}: this is not a card sheet made by cardgen (it carries no {LAYOUT_ATTACHMENT}).")
    try:
        record = parse_record(*attached)
    except DamagedRecord as exc:
        raise InputError(f"{path}: its record ({attached[1]}) is damaged: {exc}") from None
    if not isinstance(record, LayoutRecord):
        raise InputError(f"{path}: this is {_what(record)} made by cardgen, not a card sheet.")
    return record


def _verify(shown: str, content: bytes, expected_sets: list[CardSet] | None) -> Report:
    pdf = reader(content)
    check_pages(shown, pdf)
    attached = _attached_record(pdf)
    if attached is None:
        made_by = _cardgen_creator(pdf)
        if made_by:
            return _verify_cardgen_document(shown, pdf, made_by)
        return _verify_other_pdf(shown, pdf)
    report = Report(shown, "cardgen-pdf")
    try:
        record = parse_record(*attached)
    except DamagedRecord as exc:
        return _verify_damaged_record(pdf, report, attached[1], str(exc).rstrip("."))
    if not isinstance(record, LayoutRecord):
        return _verify_document(pdf, report, record)
    _paper(pdf, report, record.paper_mm)
    _pages(pdf, record, report)
    _hints(pdf, report, record.flip)
    _scale(record, report)
    _boxes(pdf, record, report)
    check_structure(pdf, report)  # its streams bounded before pdfium decodes them on its own
    read_labels = verify_drawing(content, record, report)
    if expected_sets:
        _contents(record, read_labels, expected_sets, report)
    return report


def _attached_record(pdf: pypdf.PdfReader) -> tuple[bytes, str] | None:
    """(the record's bytes, its attachment name), or None when the PDF carries none."""
    attachments = pdf.attachments
    for name in ATTACHMENTS.values():
        if name in attachments:
            return attachments[name][0], name
    return None


def _verify_document(pdf, report: Report, record: CalibrationRecord | DocumentRecord) -> Report:
    """A calibration sheet, rule summary, score sheet or balance report: what its record says
    it is, its paper and its print hints; its drawing is not checked."""
    _paper(pdf, report, record.paper_mm)
    _hints(pdf, report, record.flip)
    _boxes_if_any(pdf, report)
    check_structure(pdf, report)
    report.info(
        "pdf.drawing",
        f"made by cardgen: {_what(record)}; its drawing is not checked, only its structure (paper, hints, boxes, fonts)",
    )
    return report


def _verify_damaged_record(pdf, report: Report, name: str, reason: str) -> Report:
    """A card sheet whose record cannot be trusted: its structure is checked, and the
    record's damage is a failed check, never a pass with the card checks skipped."""
    _paper(pdf, report, None)
    _hints(pdf, report, "any")
    _boxes_present(pdf, report)
    check_structure(pdf, report)
    report.failed(
        "pdf.record",
        f"this PDF's record ({name}) is damaged: {reason}; which card sits where, backs, "
        "cut marks, targets and the ruler cannot be checked",
        reason=reason,
    )
    return report


def _page_size(page) -> tuple[float, float]:
    _, _, width, height = box_mm(page.mediabox)
    return width, height


def paper_name(size: tuple[float, ...], tolerance: float = EXACT_MM) -> str | None:
    for name, (w, h) in PAPERS.items():
        for a, b in ((w, h), (h, w)):
            if abs(size[0] - a) <= tolerance and abs(size[1] - b) <= tolerance:
                return PAPER_TITLES[name]
    return None


def _fmt(size) -> str:
    return f"{size[0]:.2f} × {size[1]:.2f} mm"


def _paper(pdf, report: Report, paper: tuple[float, ...] | None) -> None:
    wrong = 0
    for number, page in enumerate(pdf.pages, start=1):
        size = _page_size(page)
        expected = paper or size
        if abs(size[0] - expected[0]) > EXACT_MM or abs(size[1] - expected[1]) > EXACT_MM:
            wrong += 1
            report.failed(
                "pdf.paper",
                f"the page is {_fmt(size)}, not {_fmt(expected)}: a printer would scale or crop it",
                f"page {number}",
                page=number,
                size_mm=list(size),
            )
        crop = page.get("/CropBox")
        if crop is not None and [round(v, 2) for v in box_mm(page.cropbox)] != [
            round(v, 2) for v in box_mm(page.mediabox)
        ]:
            wrong += 1
            report.failed(
                "pdf.paper",
                "the CropBox differs from the paper: viewers print the CropBox",
                f"page {number}",
                page=number,
            )
    if not wrong:
        shown = paper or _page_size(pdf.pages[0])
        name = paper_name(shown)
        report.passed("pdf.paper", f"every page is exactly {_fmt(shown)}" + (f" ({name})" if name else ""))


def _pages(pdf, record: LayoutRecord, report: Report) -> None:
    listed = record.pages
    count = len(pdf.pages)
    problems = []
    if count != len(listed):
        absent = [p.page for p in listed if p.page > count]
        problems.append(
            f"the file has {plural(count, 'page')} but its list of what sits where describes "
            f"{len(listed)}"
            + (
                f": {'page' if len(absent) == 1 else 'pages'} "
                f"{', '.join(map(str, absent))} {'is' if len(absent) == 1 else 'are'} "
                "missing"
                if absent
                else ""
            )
        )
    sheet = record.sheet_mode
    if sheet.through_paper:
        for index, page in enumerate(listed):
            side = "front" if index % 2 == 0 else "back"
            if page.side != side or (side == "back" and page.behind != listed[index - 1].page):
                problems.append(f"page {page.page} should be the {side} of a front/back pair")
        if count % 2:
            problems.append(
                f"a {record.mode} sheet prints in front/back pairs, but the file has an odd number of pages ({count})"
            )
    elif any(page.side != "front" for page in listed):
        problems.append(f"a {record.mode} sheet prints on one side: front pages only")
    for problem in problems:
        report.failed("pdf.pages", problem)
    if not problems:
        report.passed("pdf.pages", f"{plural(count, 'page')} {sheet.pages}, as a {record.mode} sheet prints")


def _preferences(pdf) -> dict:
    root = pdf.trailer["/Root"]
    preferences = root.get("/ViewerPreferences")
    return preferences.get_object() if preferences is not None else {}


SIMPLEX = f"/{DUPLEX_HINTS[None]}"


def _hints(pdf, report: Report, flip) -> None:
    """PrintScaling /None, and the Duplex hint `flip` calls for: that of "long", "short" or
    None (one-sided); either flip for "two-sided" (an older cardgen's pages without a record);
    any hint at all for "any" (a PDF that says nothing of how it prints)."""
    scaling = _preferences(pdf).get("/PrintScaling")
    if scaling == "/None":
        report.passed("pdf.scaling", "PrintScaling /None: viewers are told to print at 100 %")
    else:
        found = "no PrintScaling hint" if scaling is None else f"PrintScaling {scaling}"
        report.failed("pdf.scaling", f"{found}: a viewer may shrink the page to fit and every card comes out small")
    duplex = _preferences(pdf).get("/Duplex")
    expected = None if flip in ("any", "two-sided") else f"/{DUPLEX_HINTS[flip]}"
    problem = _duplex_problem(duplex, expected, flip not in (None, "any"), len(pdf.pages))
    if problem:
        report.failed("pdf.duplex", problem)
    elif expected:
        report.passed(
            "pdf.duplex", f"Duplex {duplex}, matching the {flip or 'one-sided'} {'flip' if flip else 'sheet'}"
        )
    else:
        report.passed("pdf.duplex", f"Duplex {duplex}")


def _duplex_problem(duplex, expected: str | None, two_sided: bool, pages: int) -> str | None:
    if duplex is None and expected:
        return f"no Duplex hint; this sheet needs {expected}"
    if duplex is None:
        return "no Duplex hint: the printer dialog will not propose the flip edge"
    if two_sided and duplex == SIMPLEX:
        return (
            f"Duplex {duplex}, but its {pages} pages print on both sides of a sheet: "
            "the printer dialog would put each page on a sheet of its own"
        )
    if expected and duplex != expected:
        return (
            f"Duplex {duplex}, but the sheet was laid out for {expected}: backs would "
            "land on the wrong cards or upside down"
        )
    return None


def _has_box(page, name: str) -> bool:
    return name in page  # pypdf falls back to the CropBox for a missing box: look at the page itself


def _pages_without_boxes(pdf) -> list[int]:
    """The numbers of the pages that lack a TrimBox or a BleedBox."""
    return [
        number
        for number, page in enumerate(pdf.pages, start=1)
        if not (_has_box(page, "/TrimBox") and _has_box(page, "/BleedBox"))
    ]


def _boxes_present(pdf, report: Report) -> list[int]:
    missing = _pages_without_boxes(pdf)
    for number in missing:
        report.failed("pdf.boxes", "no TrimBox or no BleedBox", f"page {number}", page=number)
    if not missing:
        report.passed("pdf.boxes", "every page has a TrimBox and a BleedBox")
    return missing


def _boxes(pdf, record: LayoutRecord, report: Report) -> None:
    """Boxes present, and the same on every page: centred on the paper, lying along it, holding
    every card's face, the BleedBox around the TrimBox by the bleed. CUPS centres each page on
    its TrimBox (and turns it when the box lies across the paper): a box that differs from page
    to page moves the pages that carry it."""
    missing = _pages_without_boxes(pdf)
    for number in missing:
        report.failed(
            "pdf.boxes",
            "no TrimBox or no BleedBox: imposition tools cannot find the cut",
            f"page {number}",
            page=number,
        )
    boxed = [
        (n, _landed(box_mm(page.trimbox), record), _landed(box_mm(page.bleedbox), record))
        for n, page in enumerate(pdf.pages, 1)
        if n not in missing
    ]
    wrong = [
        (n, problem) for n, trim, bleed in boxed for problem in _box_problems(record, boxed[0][:2], n, trim, bleed)
    ]
    for number, problem in wrong:
        report.failed("pdf.boxes", problem, f"page {number}", page=number)
    if not missing and not wrong:
        report.passed(
            "pdf.boxes",
            "every page has the same TrimBox, centred on the paper around the cards, and a BleedBox "
            "around it: printing through CUPS moves no page",
        )


def _box_problems(record: LayoutRecord, first, number: int, trim: list[float], bleed: list[float]) -> list[str]:
    """What is wrong with page `number`'s boxes, each as a sentence; `first` is the first boxed
    page's (number, TrimBox), which every other page must repeat."""
    first_number, first_trim = first
    paper_w, paper_h = record.paper_mm
    move = (paper_w / 2 - (trim[0] + trim[2] / 2), paper_h / 2 - (trim[1] + trim[3] / 2))
    shown = f"({move[0]:+.2f}, {move[1]:+.2f}) mm"
    problems = []
    offset = record.back_offset_mm
    if any(abs(a - b) > 0.02 for a, b in zip(trim, first_trim)):
        if any(offset) and max(abs(move[0] + offset[0]), abs(move[1] + offset[1])) <= 0.02:
            problems.append(
                f"the TrimBox is moved by the back offset ({offset[0]:g}, {offset[1]:g}) mm: CUPS centres "
                f"every page on its TrimBox, so it would move this page back by {shown} and undo the offset"
            )
        else:
            problems.append(
                f"the TrimBox differs from page {first_number}'s: CUPS centres every page on its TrimBox "
                f"and would print this page moved by {shown}" + (", or turned" if _across(trim, record) else "")
            )
    elif number == first_number:
        if max(map(abs, move)) > 0.02:
            problems.append(f"the TrimBox is off the paper's centre: CUPS would print every page moved by {shown}")
        if _across(trim, record):
            problems.append("the TrimBox lies across the paper: CUPS would print every page turned a quarter turn")
        if not all(_holds(trim, card.trim_mm) for card in record.cards):
            problems.append("the TrimBox does not hold every card of the sheet")
    if any(abs(a - b) > 0.02 for a, b in zip(bleed, _grown(trim, record.bleed_mm))):
        problems.append(f"the BleedBox is not the TrimBox grown by the {record.bleed_mm:g} mm bleed")
    return problems


def _landed(box: list[float], record: LayoutRecord) -> list[float]:
    """A box of the PDF where it lands on the paper, for the printer the sheet is drawn for."""
    sx, sy = record.scale
    return drawn_box(Rect(*box), record.paper_mm, (1 / sx, 1 / sy)).rounded(6) if (sx, sy) != (1.0, 1.0) else box


def _scale(record: LayoutRecord, report: Report) -> None:
    """Say how much larger the pages are drawn than they land, for a printer that shrinks or stretches."""
    if record.ruler_measured_mm == TRUE_RULER:
        return
    (sx, sy), (across, down) = record.scale, record.ruler_measured_mm
    report.info(
        "pdf.scale",
        f"drawn at {sx:.2%} across and {sy:.2%} down, for a printer that prints {RULER_MM:g} mm as {across:g} mm "
        f"across and {down:g} mm down: the checks read every page at the size it lands on the paper",
    )


def _across(box: list[float], record: LayoutRecord) -> bool:
    """True when the box is wider than tall on upright paper, or the reverse."""
    paper_w, paper_h = record.paper_mm
    return box[2] - box[3] > 0.02 and paper_w < paper_h or box[3] - box[2] > 0.02 and paper_h < paper_w


def _holds(box: list[float], card) -> bool:
    x, y, w, h = card
    return (
        box[0] <= x + 0.02
        and box[1] <= y + 0.02
        and x + w <= box[0] + box[2] + 0.02
        and y + h <= box[1] + box[3] + 0.02
    )


def _grown(box: list[float], by: float) -> list[float]:
    return [box[0] - by, box[1] - by, box[2] + 2 * by, box[3] + 2 * by]


def check_structure(pdf, report: Report, shown: str | None = None) -> None:
    """The streams within bounds (an InputError naming `shown` otherwise), every font
    embedded, and every resource the drawing names there."""
    check_streams(shown or report.input, pdf)
    check_fonts(pdf, report)
    check_resources(pdf, report)


def check_fonts(pdf, report: Report) -> None:
    loose: dict[str, list[int]] = {}
    count = 0
    for number, page in enumerate(pdf.pages, start=1):
        for font in all_fonts_of(page):
            count += 1
            if not font_is_embedded(font):
                loose.setdefault(font_name(font), []).append(number)
    for name, pages in loose.items():
        report.failed(
            "pdf.fonts",
            f"the font {name} is not embedded: the printer substitutes another one",
            f"page {_page_list(pages)}",
            font=name,
            pages=pages,
        )
    if not loose:
        report.passed("pdf.fonts", "every font is embedded" if count else "no fonts used")


def _page_list(pages: list[int]) -> str:
    return ", ".join(map(str, pages[:8])) + (" …" if len(pages) > 8 else "")


def _cardgen_creator(pdf) -> str | None:
    """'cardgen 0.1.0' when cardgen wrote the PDF (cardgen.render.pdf.new_canvas sets the /Creator)."""
    try:
        creator = (pdf.metadata or {}).get("/Creator")
    except Exception:
        return None
    return str(creator) if creator and str(creator).startswith("cardgen ") else None


DOCUMENTS = {"rules": "a rule summary", "score": "a score sheet", "balance": "a balance report"}


def _what(record: CalibrationRecord | DocumentRecord) -> str:
    """'a rule summary of Classic, in en'"""
    if isinstance(record, CalibrationRecord):
        return "a calibration sheet"
    of = f" of {_variant_name(record.variant)}" if record.variant else ""
    return f"{DOCUMENTS[record.kind]}{of}, in {record.lang}"


def _variant_name(key: str | None) -> str:
    return VARIANTS[key].name if key in VARIANTS else str(key)


def _boxes_if_any(pdf, report: Report) -> None:
    """A TrimBox and a BleedBox on every page, or on none: a page printed whole."""
    if not _pages_without_boxes(pdf):
        report.passed("pdf.boxes", "every page has a TrimBox and a BleedBox")
    elif not any(_has_box(p, "/TrimBox") or _has_box(p, "/BleedBox") for p in pdf.pages):
        report.info("pdf.boxes", "no TrimBox or BleedBox: the page is printed whole, nothing is cut to a box")
    else:
        _boxes_present(pdf, report)


def _verify_cardgen_document(shown: str, pdf, made_by: str) -> Report:
    """A PDF an older cardgen made without a record (rule summaries and score sheets were):
    the general checks, with either flip for several pages (cardgen.render.pdf.sides_flip)."""
    report = Report(shown, "cardgen-pdf")
    _paper(pdf, report, None)
    _hints(pdf, report, "two-sided" if len(pdf.pages) > 1 else "any")
    _boxes_if_any(pdf, report)
    check_structure(pdf, report)
    report.info(
        "pdf.drawing",
        "made by cardgen, but it carries no record of what it is, so its drawing is not checked, "
        f"only its structure (paper, hints, boxes, fonts) [{made_by}]",
    )
    return report


def _verify_other_pdf(shown: str, pdf) -> Report:
    report = Report(shown, "pdf")
    sizes = Counter(tuple(round(v, 1) for v in _page_size(page)) for page in pdf.pages)
    for size, count in sizes.items():
        name = paper_name(size, tolerance=0.5)
        pages = plural(count, "page")
        if name:
            report.passed("pdf.paper", f"{pages} of {_fmt(size)}: {name}")
        else:
            report.failed("pdf.paper", f"{pages} of {_fmt(size)}: neither A4 nor Letter")
    _hints(pdf, report, "any")
    if _pages_without_boxes(pdf):
        report.info("pdf.boxes", "not every page has a TrimBox and a BleedBox (only needed to cut cards)")
    else:
        report.passed("pdf.boxes", "every page has a TrimBox and a BleedBox")
    check_structure(pdf, report)
    report.info(
        "pdf.drawing",
        "not made by cardgen (no cardgen-layout.json inside): which card sits where, "
        "whether backs sit behind faces, cut marks, registration targets and the ruler cannot be checked",
    )
    return report


def _contents(
    record: LayoutRecord, read_labels: list[str | None], expected_sets: list[CardSet], report: Report
) -> None:
    """Every card of the sets printed as many times as its `count` (by id in the list, and
    by the value read back from its slot), and nothing else."""
    wanted = Counter({card.id: card.count for s in expected_sets for card in s.cards})
    listed = Counter(card.id for card in record.cards)
    pages_of: dict[str, list[int]] = {}
    for card in record.cards:
        pages_of.setdefault(card.id, []).append(card.page)
    labels = {card.id: card.label() for s in expected_sets for card in s.cards}
    names = " + ".join(s.name for s in expected_sets)
    problems = 0
    missing = [card_id for card_id in wanted if not listed[card_id]]
    miscounted = [card_id for card_id in wanted if listed[card_id] and listed[card_id] != wanted[card_id]]
    foreign = [card for card in record.cards if card.id not in wanted and card.kind not in ("blank", "reference")]
    if missing:
        problems += 1
        report.failed(
            "pdf.contents",
            f"{plural(len(missing), 'card')} of {names} "
            f"{'is' if len(missing) == 1 else 'are'} not printed: {_ids(missing)}",
            cards=missing,
        )
    for card_id in miscounted:
        problems += 1
        report.failed(
            "pdf.contents",
            f"card {card_id!r} is printed {plural(listed[card_id], 'time')}, "
            f"the set has it {'once' if wanted[card_id] == 1 else plural(wanted[card_id], 'time')}",
            f"page {_page_list(pages_of[card_id])}",
            card=card_id,
        )
    if foreign:
        problems += 1
        report.failed(
            "pdf.contents",
            f"{plural(len(foreign), 'printed card')} {'is' if len(foreign) == 1 else 'are'} "
            f"not in {names}: "
            f"{_ids([c.id for c in foreign])}",
            f"page {_page_list(sorted({c.page for c in foreign}))}",
            cards=[c.id for c in foreign],
        )
    drawn = Counter(label for label in read_labels if label)
    expected_labels = Counter(labels[card_id] for card_id in wanted.elements() if labels[card_id])
    if drawn != expected_labels:
        problems += 1
        short = sorted((expected_labels - drawn).elements(), key=_label_key)
        extra = sorted((drawn - expected_labels).elements(), key=_label_key)
        report.failed(
            "pdf.contents",
            "the values printed on the cards are not the set's: "
            + "; ".join(
                filter(
                    None, [f"missing {', '.join(short)}" if short else "", f"extra {', '.join(extra)}" if extra else ""]
                )
            ),
            missing=short,
            extra=extra,
        )
    if not problems:
        often = "exactly once" if set(wanted.values()) == {1} else "as many times as its count says"
        report.passed(
            "pdf.contents",
            f"every card of {names} is printed {often} "
            + _printed(record, wanted, {card.id for s in expected_sets for card in s.cards if card.kind == "blank"})
            + ", nothing else",
        )


ORDINALS = "first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth".split()


def _printed(record: LayoutRecord, wanted: Counter, blank_ids: set[str]) -> str:
    """'(7 cards) and the Plus reference card in the eighth slot': the set's cards, its
    blank ones, and what the sheet adds (a reference card in a free slot, blank cards)."""
    blanks = sum(wanted[card_id] for card_id in blank_ids)
    cards = sum(wanted.values()) - blanks
    blanks += sum(1 for card in record.cards if card.kind == "blank" and card.id not in wanted)
    references = [card for card in record.cards if card.kind == "reference"]
    text = f"({plural(cards, 'card')}" + (f" and {plural(blanks, 'blank card')}" if blanks else "") + ")"
    pages = len({card.page for card in record.cards})
    for card in references:
        slot = card.slot
        where = f"the {ORDINALS[slot]} slot" if slot < len(ORDINALS) else f"slot {slot + 1}"
        text += f" and the {_variant_name(card.variant)} reference card in {where}" + (
            f" of page {card.page}" if pages > 1 else ""
        )
    return text


def _ids(ids: list[str]) -> str:
    return ", ".join(ids[:12]) + (f" and {len(ids) - 12} more" if len(ids) > 12 else "")


def _label_key(label: str):
    try:
        return (0, float(label))
    except ValueError:
        return (1, label)
