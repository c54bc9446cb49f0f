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
from cardgen.messages import Message
from cardgen.model.cards import CardSet
from cardgen.record import ATTACHMENTS, CalibrationRecord, DamagedRecord, DocumentRecord, LayoutRecord, parse_record
from cardgen.verify.bounds import check_pages, check_streams, read_pdf_bytes, stream_limits
from cardgen.verify.drawn import verify_drawing
from cardgen.verify.readback import all_fonts_of, box_mm, font_is_embedded, font_name, reader
from cardgen.verify.report import Report, first_of, page_place, pages_place, some_of, variant_name
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
        raise _damaged(path, exc) from None


def _damaged(path: str | Path, exc: Exception) -> InputError:
    """The file is damaged, as pypdf or pdfium say it (or we, in a Message)."""
    said = exc.args[0] if exc.args else None
    reason = said if isinstance(said, Message) else " ".join(str(exc).split())[:200] or type(exc).__name__
    return InputError(Message("verify.input.damaged", name=str(path), reason=reason))


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
        raise _damaged(path, exc) from None
    if attached is None:
        raise InputError(Message("verify.input.not_card_sheet", name=str(path), record=LAYOUT_ATTACHMENT))
    try:
        record = parse_record(*attached)
    except DamagedRecord as exc:
        raise InputError(
            Message("verify.input.record_damaged", name=str(path), record=attached[1], reason=damage(exc))
        ) from None
    if not isinstance(record, LayoutRecord):
        raise InputError(Message("verify.input.not_card_sheet_but", name=str(path), what=_what(record)))
    return record


def damage(exc: DamagedRecord) -> Message:
    """What is wrong with a record, as its exception says it."""
    said = exc.args[0] if exc.args else ""
    return said if isinstance(said, Message) else Message("cli.as_is", text=str(said))


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
        return _verify_damaged_record(pdf, report, attached[1], exc)
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
    report.info("pdf.drawing", Message("verify.pdf.document", what=_what(record)))
    return report


def _verify_damaged_record(pdf, report: Report, name: str, exc: DamagedRecord) -> Report:
    """A card sheet whose record cannot be trusted: its structure is checked, and the
    record's damage is a failed check, never a pass with the card checks skipped."""
    _paper(pdf, report, None)
    _hints(pdf, report, "any")
    _boxes_present(pdf, report)
    check_structure(pdf, report)
    report.failed("pdf.record", Message("verify.pdf.record_damaged", record=name, reason=damage(exc)), reason=str(exc))
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


def _paper(pdf, report: Report, paper: tuple[float, ...] | None) -> None:
    wrong = 0
    for number, page in enumerate(pdf.pages, start=1):
        size = _page_size(page)
        expected = paper or size
        if abs(size[0] - expected[0]) > EXACT_MM or abs(size[1] - expected[1]) > EXACT_MM:
            wrong += 1
            report.failed(
                "pdf.paper",
                Message(
                    "verify.pdf.paper_wrong",
                    width=size[0],
                    height=size[1],
                    expected_width=expected[0],
                    expected_height=expected[1],
                ),
                page_place(number),
                page=number,
                size_mm=list(size),
            )
        crop = page.get("/CropBox")
        if crop is not None and [round(v, 2) for v in box_mm(page.cropbox)] != [
            round(v, 2) for v in box_mm(page.mediabox)
        ]:
            wrong += 1
            report.failed("pdf.paper", Message("verify.pdf.crop_box"), page_place(number), page=number)
    if not wrong:
        shown = paper or _page_size(pdf.pages[0])
        name = paper_name(shown)
        measured = {"width": shown[0], "height": shown[1]}
        said = Message("verify.pdf.paper_exact_named", **measured, paper=name) if name else None
        report.passed("pdf.paper", said or Message("verify.pdf.paper_exact", **measured))


def _pages(pdf, record: LayoutRecord, report: Report) -> None:
    listed = record.pages
    count = len(pdf.pages)
    problems = []
    if count != len(listed):
        absent = [p.page for p in listed if p.page > count]
        pages = Message("verify.count.pages", count=count)
        if absent:
            missing = Message("verify.pdf.pages_missing", count=len(absent), pages=first_of(absent))
            problems.append(Message("verify.pdf.pages_count_missing", pages=pages, listed=len(listed), missing=missing))
        else:
            problems.append(Message("verify.pdf.pages_count", pages=pages, listed=len(listed)))
    sheet = record.sheet_mode
    if sheet.through_paper:
        for index, page in enumerate(listed):
            side = "front" if index % 2 == 0 else "back"
            if page.side != side or (side == "back" and page.behind != listed[index - 1].page):
                wanted = "verify.pdf.page_not_front" if side == "front" else "verify.pdf.page_not_back"
                problems.append(Message(wanted, page=page.page))
        if count % 2:
            problems.append(Message("verify.pdf.pages_odd", mode=record.mode, pages=count))
    elif any(page.side != "front" for page in listed):
        problems.append(Message("verify.pdf.pages_one_side", mode=record.mode))
    for problem in problems:
        report.failed("pdf.pages", problem)
    if not problems:
        report.passed("pdf.pages", Message(sheet.pages, count=count, mode=record.mode))


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
        report.passed("pdf.scaling", Message("verify.pdf.scaling"))
    elif scaling is None:
        report.failed("pdf.scaling", Message("verify.pdf.scaling_missing"))
    else:
        report.failed("pdf.scaling", Message("verify.pdf.scaling_wrong", scaling=str(scaling)))
    duplex = _preferences(pdf).get("/Duplex")
    expected = None if flip in ("any", "two-sided") else f"/{DUPLEX_HINTS[flip]}"
    problem = _duplex_problem(duplex, expected, flip not in (None, "any"), len(pdf.pages))
    if problem:
        report.failed("pdf.duplex", problem)
    elif expected:
        report.passed("pdf.duplex", Message(DUPLEX_MATCHED[flip], duplex=str(duplex)))
    else:
        report.passed("pdf.duplex", Message("verify.pdf.duplex", duplex=str(duplex)))


DUPLEX_MATCHED = {
    "long": "verify.pdf.duplex_long",
    "short": "verify.pdf.duplex_short",
    None: "verify.pdf.duplex_one_sided",
}


def _duplex_problem(duplex, expected: str | None, two_sided: bool, pages: int) -> Message | None:
    if duplex is None and expected:
        return Message("verify.pdf.duplex_missing_needed", expected=expected)
    if duplex is None:
        return Message("verify.pdf.duplex_missing")
    if two_sided and duplex == SIMPLEX:
        return Message("verify.pdf.duplex_simplex", duplex=str(duplex), count=pages)
    if expected and duplex != expected:
        return Message("verify.pdf.duplex_wrong", duplex=str(duplex), expected=expected)
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
        report.failed("pdf.boxes", Message("verify.pdf.boxes_missing"), page_place(number), page=number)
    if not missing:
        report.passed("pdf.boxes", Message("verify.pdf.boxes_present"))
    return missing


def _boxes(pdf, record: LayoutRecord, report: Report) -> None:
    """Boxes present, and the same on every page: centred on the paper, lying along it, holding
    every card's face, the BleedBox around the TrimBox by the bleed. CUPS centres each page on
    its TrimBox (and turns it when the box lies across the paper): a box that differs from page
    to page moves the pages that carry it."""
    missing = _pages_without_boxes(pdf)
    for number in missing:
        report.failed("pdf.boxes", Message("verify.pdf.boxes_missing_cut"), page_place(number), page=number)
    boxed = [
        (
            n,
            _landed(box_mm(page.trimbox), record),
            _landed(box_mm(page.bleedbox), record),
            _across(page.trimbox, record),
        )
        for n, page in enumerate(pdf.pages, 1)
        if n not in missing
    ]
    wrong = [
        (n, problem)
        for n, trim, bleed, across in boxed
        for problem in _box_problems(record, boxed[0][:2], n, trim, bleed, across)
    ]
    for number, problem in wrong:
        report.failed("pdf.boxes", problem, page_place(number), page=number)
    if not missing and not wrong:
        report.passed("pdf.boxes", Message("verify.pdf.boxes_centred"))


def _box_problems(
    record: LayoutRecord, first, number: int, trim: list[float], bleed: list[float], across: bool
) -> list[Message]:
    """What is wrong with page `number`'s boxes (where they land), each as a sentence; `first`
    is the first boxed page's (number, TrimBox), which every other page must repeat; `across`:
    whether CUPS would turn the page for its TrimBox as written."""
    first_number, first_trim = first
    paper_w, paper_h = record.paper_mm
    move = {"dx": paper_w / 2 - (trim[0] + trim[2] / 2), "dy": paper_h / 2 - (trim[1] + trim[3] / 2)}
    problems = []
    offset = record.back_offset_mm
    if any(abs(a - b) > 0.02 for a, b in zip(trim, first_trim)):
        if any(offset) and max(abs(move["dx"] + offset[0]), abs(move["dy"] + offset[1])) <= 0.02:
            problems.append(Message("verify.pdf.trim_box_offset", offset_x=offset[0], offset_y=offset[1], **move))
        else:
            differs = "verify.pdf.trim_box_differs_turned" if across else "verify.pdf.trim_box_differs"
            problems.append(Message(differs, first=first_number, **move))
    elif number == first_number:
        if max(map(abs, move.values())) > 0.02:
            problems.append(Message("verify.pdf.trim_box_off_centre", **move))
        if across:
            problems.append(Message("verify.pdf.trim_box_across"))
        if not all(_holds(trim, card.trim_mm) for card in record.cards):
            problems.append(Message("verify.pdf.trim_box_short"))
    if any(abs(a - b) > 0.02 for a, b in zip(bleed, _grown(trim, record.bleed_mm))):
        problems.append(Message("verify.pdf.bleed_box", bleed=record.bleed_mm))
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
        Message("verify.pdf.scale", across_scale=sx, down_scale=sy, ruler=RULER_MM, across=across, down=down),
    )


CUPS_ROUNDING_PT = 1e-4  # a box's sides as written, to about seven digits, may differ by this much


def _across(box, record: LayoutRecord) -> bool:
    """Whether CUPS (cups-filters' pdftopdf) turns the page for its TrimBox as written: when the
    box is wider than tall on upright or square paper, by any fraction of a point beyond the
    rounding of its written corners, or not wider than tall on paper lying down."""
    x0, y0, x1, y1 = (float(v) for v in box)
    paper_w, paper_h = record.paper_mm
    wider = (x1 - x0) - (y1 - y0) > CUPS_ROUNDING_PT
    return wider != (paper_w > paper_h)


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
        said = Message("verify.pdf.font_loose", font=name) if name else Message("verify.pdf.font_loose_unnamed")
        report.failed("pdf.fonts", said, pages_place(pages), font=name, pages=pages)
    if not loose:
        report.passed("pdf.fonts", Message("verify.pdf.fonts_embedded" if count else "verify.pdf.no_fonts"))


def _cardgen_creator(pdf) -> str | None:
    """'cardgen 0.1.0' when cardgen wrote the PDF (cardgen.render.pdf.new_canvas sets the /Creator)."""
    try:
        creator = (pdf.metadata or {}).get("/Creator")
    except Exception:
        return None
    return str(creator) if creator and str(creator).startswith("cardgen ") else None


# what a document's record says it is, with its variant and without
DOCUMENTS = {
    "rules": ("verify.document.rules_of", "verify.document.rules"),
    "score": ("verify.document.score_of", "verify.document.score"),
    "balance": ("verify.document.balance_of", "verify.document.balance"),
}


def _what(record: CalibrationRecord | DocumentRecord) -> Message:
    """'a rule summary of Classic, in en'"""
    if isinstance(record, CalibrationRecord):
        return Message("verify.document.calibration")
    with_variant, alone = DOCUMENTS[record.kind]
    if record.variant:
        return Message(with_variant, variant=_variant_name(record.variant), lang=record.lang)
    return Message(alone, lang=record.lang)


def _variant_name(key: str) -> Message:
    return variant_name(key, VARIANTS[key].name if key in VARIANTS else key)


def _boxes_if_any(pdf, report: Report) -> None:
    """A TrimBox and a BleedBox on every page, or on none: a page printed whole."""
    if not _pages_without_boxes(pdf):
        report.passed("pdf.boxes", Message("verify.pdf.boxes_present"))
    elif not any(_has_box(p, "/TrimBox") or _has_box(p, "/BleedBox") for p in pdf.pages):
        report.info("pdf.boxes", Message("verify.pdf.boxes_none"))
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
    report.info("pdf.drawing", Message("verify.pdf.document_unknown", creator=made_by))
    return report


def _verify_other_pdf(shown: str, pdf) -> Report:
    report = Report(shown, "pdf")
    sizes = Counter(tuple(round(v, 1) for v in _page_size(page)) for page in pdf.pages)
    for size, count in sizes.items():
        name = paper_name(size, tolerance=0.5)
        if name:
            report.passed(
                "pdf.paper", Message("verify.pdf.paper_named", count=count, width=size[0], height=size[1], paper=name)
            )
        else:
            report.failed("pdf.paper", Message("verify.pdf.paper_unknown", count=count, width=size[0], height=size[1]))
    _hints(pdf, report, "any")
    if _pages_without_boxes(pdf):
        report.info("pdf.boxes", Message("verify.pdf.boxes_some"))
    else:
        report.passed("pdf.boxes", Message("verify.pdf.boxes_present"))
    check_structure(pdf, report)
    report.info("pdf.drawing", Message("verify.pdf.not_cardgen", record=LAYOUT_ATTACHMENT))
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
        said = Message("verify.pdf.contents_missing", count=len(missing), sets=names, cards=some_of(missing))
        report.failed("pdf.contents", said, cards=missing)
    for card_id in miscounted:
        problems += 1
        printed, meant = (Message("verify.count.times", count=n) for n in (listed[card_id], wanted[card_id]))
        report.failed(
            "pdf.contents",
            Message("verify.pdf.contents_miscounted", card=card_id, printed=printed, wanted=meant),
            pages_place(pages_of[card_id]),
            card=card_id,
        )
    if foreign:
        problems += 1
        ids = [c.id for c in foreign]
        report.failed(
            "pdf.contents",
            Message("verify.pdf.contents_foreign", count=len(foreign), sets=names, cards=some_of(ids)),
            pages_place(sorted({c.page for c in foreign})),
            cards=ids,
        )
    drawn = Counter(label for label in read_labels if label)
    expected_labels = Counter(labels[card_id] for card_id in wanted.elements() if labels[card_id])
    if drawn != expected_labels:
        problems += 1
        short = sorted((expected_labels - drawn).elements(), key=_label_key)
        extra = sorted((drawn - expected_labels).elements(), key=_label_key)
        values = "verify.pdf.contents_values_" + ("both" if short and extra else "missing" if short else "extra")
        report.failed("pdf.contents", Message(values, missing=short, extra=extra), missing=short, extra=extra)
    if not problems:
        often = Message("verify.pdf.exactly_once" if set(wanted.values()) == {1} else "verify.pdf.as_counted")
        blank_ids = {card.id for s in expected_sets for card in s.cards if card.kind == "blank"}
        printed, references = _printed(record, wanted, blank_ids)
        whole = {"sets": names, "often": often, "printed": printed}
        if references:
            report.passed("pdf.contents", Message("verify.pdf.contents_with", **whole, references=references))
        else:
            report.passed("pdf.contents", Message("verify.pdf.contents", **whole))


SLOTS = [  # "the eighth slot"
    Message("verify.slot.first"),
    Message("verify.slot.second"),
    Message("verify.slot.third"),
    Message("verify.slot.fourth"),
    Message("verify.slot.fifth"),
    Message("verify.slot.sixth"),
    Message("verify.slot.seventh"),
    Message("verify.slot.eighth"),
    Message("verify.slot.ninth"),
    Message("verify.slot.tenth"),
    Message("verify.slot.eleventh"),
    Message("verify.slot.twelfth"),
]


def _printed(record: LayoutRecord, wanted: Counter, blank_ids: set[str]) -> tuple[Message, list[Message]]:
    """'(7 cards)', and 'the Plus reference card in the eighth slot': the set's cards, its
    blank ones, and what the sheet adds (a reference card in a free slot, blank cards)."""
    blanks = sum(wanted[card_id] for card_id in blank_ids)
    cards = sum(wanted.values()) - blanks
    blanks += sum(1 for card in record.cards if card.kind == "blank" and card.id not in wanted)
    if blanks:
        blank_cards = Message("verify.count.blank_cards", count=blanks)
        printed = Message("verify.pdf.printed_cards_and_blanks", count=cards, blanks=blank_cards)
    else:
        printed = Message("verify.pdf.printed_cards", count=cards)
    pages = len({card.page for card in record.cards})
    references = []
    for card in (card for card in record.cards if card.kind == "reference"):
        slot = SLOTS[card.slot] if card.slot < len(SLOTS) else Message("verify.slot.number", slot=card.slot + 1)
        variant = _variant_name(str(card.variant))
        if pages > 1:
            references.append(Message("verify.pdf.reference_card_on_page", variant=variant, slot=slot, page=card.page))
        else:
            references.append(Message("verify.pdf.reference_card", variant=variant, slot=slot))
    return printed, references


def _label_key(label: str):
    try:
        return (0, float(label))
    except ValueError:
        return (1, label)
