"""What a cardgen card sheet actually draws, read back from pixels and text and held
against the sheet's own list of what sits where.

What is read and what is measured are kept apart on purpose. Read: where each face, back,
target, ruler and cutter mark should be comes from the record (cardgen.record), where a
front point lands behind it from cardgen.layout.geometry.behind_point, the formula the plan
placed the backs with, and the window kept clear around a target from cardgen.layout.plan.
Measured: what is drawn there, the faces and backs, cut marks, targets, the ruler's length,
ink outside the printable area, is found in the pixels and the text alone, never from how
cardgen.render drew it: a second witness, not the same formulas typed twice.

Every pixel check renders only a small window of the page, at a resolution fine
enough for 0.1 mm (filled rectangles are not anti-aliased by pdfium, so an edge is
only as exact as a pixel): whole pages at that resolution would take seconds.
"""

from __future__ import annotations

import ctypes

import pypdfium2
import pypdfium2.raw as pdfium_c
from PIL import Image

from cardgen.formats import MM
from cardgen.layout.geometry import Rect, behind_point, safe_area
from cardgen.layout.plan import TARGET_WINDOW
from cardgen.messages import Message
from cardgen.record import BackPlace, CardPlace, LayoutRecord, PagePlace
from cardgen.verify.readback import PageImage, text_in_box
from cardgen.verify.report import Report, page_place, pages_place, some_of

DPI = 600  # 0.042 mm per pixel
TOLERANCE_MM = 0.1
MARGIN_MM = 0.45  # a card's window reaches this far beyond its bleed, at most: verify's own choice


class Sheet:
    """The PDF as pypdfium2 loads it, opened one page at a time: a page is loaded
    once, every check looks at it, and it is closed before the next one is loaded.
    A sheet drawn `scale` times larger than it lands (for a printer that shrinks or
    stretches) is read as that printer lands it: each page is first drawn back to size."""

    def __init__(self, content: bytes, scale: tuple[float, float] = (1.0, 1.0)) -> None:
        self.document = pypdfium2.PdfDocument(content)
        self.count = len(self.document)
        self.scale = scale
        self.landed: set[int] = set()

    def open(self, number: int) -> SheetPage | None:
        """The page, loaded; None for a page past the file's end. Close it when done."""
        if number > self.count:
            return None
        if self.scale != (1.0, 1.0) and number not in self.landed:
            self._as_landed(number)
            self.landed.add(number)
        return SheetPage(self.document[number - 1])

    def _as_landed(self, number: int) -> None:
        """Page `number` drawn `1 / scale` times as large about the paper's centre, as the
        printer the sheet was drawn for lands it (pdfium rewrites its drawing, read anew)."""
        page = self.document[number - 1]
        try:
            (sx, sy), (width, height) = self.scale, page.get_size()
            matrix = pdfium_c.FS_MATRIX(1 / sx, 0, 0, 1 / sy, width / 2 * (1 - 1 / sx), height / 2 * (1 - 1 / sy))
            pdfium_c.FPDFPage_TransFormWithClip(page, ctypes.byref(matrix), None)
        finally:
            page.close()

    def close(self) -> None:
        self.document.close()


class SheetPage:
    def __init__(self, page) -> None:
        self.page = page
        self.size = tuple(v / MM for v in page.get_size())  # a page of the wrong size is drawn as it is
        self._text = None

    def window(self, window_mm: list[float], dpi: int = DPI) -> PageImage:
        return PageImage.of_page(self.page, self.size, dpi, window_mm)

    def text_in(self, box_mm) -> str:
        if self._text is None:
            self._text = self.page.get_textpage()
        return text_in_box(self._text, box_mm)

    def close(self) -> None:
        if self._text is not None:
            self._text.close()
        self.page.close()


class PageCheck:
    """One check of the drawing, fed one page at a time; its findings are kept apart
    and reported together at the end, so that each check's lines stay together."""

    file_pages = 0  # how many pages the PDF has (set once it is open)

    def __init__(self, record: LayoutRecord, report: Report) -> None:
        self.record = record
        self.found = Report(report.input, report.kind)
        self.problems = 0
        self.checked = 0  # how many things were measured, for the PASS line

    def failed(self, *args, **details) -> None:
        self.problems += 1
        self.found.failed(*args, **details)

    def page(self, number: int, view: SheetPage | None, on_page: PageContents) -> None:
        raise NotImplementedError

    def finish(self) -> None:
        """Add the check's PASS line (or its note) when nothing failed."""


class PageContents:
    """What the record puts on one page: its entry, the cards whose face it holds and
    the cards whose back it holds, by their index in the record."""

    def __init__(self, entry: PagePlace) -> None:
        self.entry = entry
        self.fronts: list[tuple[int, CardPlace]] = []
        self.backs: list[tuple[int, CardPlace, BackPlace]] = []

    @property
    def rects(self) -> list:
        return [card.trim_mm for _, card in self.fronts] + [back.trim_mm for _, _, back in self.backs]


def _contents_by_page(record: LayoutRecord) -> list[PageContents]:
    pages = {entry.page: PageContents(entry) for entry in record.pages}
    for index, card in enumerate(record.cards):
        pages[card.page].fronts.append((index, card))
        if card.back is not None:
            pages[card.back.page].backs.append((index, card, card.back))
    return [pages[number] for number in sorted(pages)]


def verify_drawing(content: bytes, record: LayoutRecord, report: Report) -> list[str | None]:
    """Run every drawing check, page by page; return the value read back from each
    listed card's slot."""
    reach = _reach(record)
    cards = CardsCheck(record, report)
    faces = FacesCheck(record, report, reach)
    checks = [cards, faces]
    if record.sheet_mode.backs is not None:
        checks.append(BacksCheck(record, report, reach, faces.centres))
    checks += [CutMarksCheck(record, report), TargetsCheck(record, report), RulerCheck(record, report)]
    checks.append(NoteCheck(record, report))
    if record.sheet_mode.rounded_faces:
        checks.append(CornersCheck(record, report))
    if record.printable_mm is not None:
        checks.append(PrintableCheck(record, report))
    if record.cutter_marks is not None:
        checks.append(CutterMarksCheck(record, report))
    sheet = Sheet(content, record.scale)
    try:
        for check in checks:
            check.file_pages = sheet.count
        for on_page in _contents_by_page(record):
            number = on_page.entry.page
            view = sheet.open(number)
            try:
                for check in checks:
                    check.page(number, view, on_page)
            finally:
                if view is not None:
                    view.close()
    finally:
        sheet.close()
    for check in checks:
        check.finish()
        report.checks.extend(check.found.checks)
    return cards.labels


def _slot_place(card: CardPlace, back: BackPlace | None = None) -> Message:
    """Where the card's face stands, or its back when that is given."""
    entry = card if back is None else back
    x, y, w, h = entry.trim_mm
    return Message("verify.place.slot", page=entry.page, slot=card.slot + 1, card=card.id, x=x, y=y)


def _slot_details(card: CardPlace, back: BackPlace | None = None) -> dict:
    """The card, and the page and trim box (mm, from the page's lower left) of its face or
    of its back: what a picture of the page outlines."""
    entry = card if back is None else back
    return {"card": card.id, "page": entry.page, "box_mm": [round(value, 3) for value in entry.trim_mm]}


def _printed_forms(label: str) -> set[str]:
    """A joker's value as any language prints it (0.4, 0,4)."""
    from cardgen.texts import languages, with_decimal_separator

    return {label} | {with_decimal_separator(label, lang) for lang in languages()}


class CardsCheck(PageCheck):
    """Each card's value read back from the text inside its trim box."""

    def __init__(self, record: LayoutRecord, report: Report) -> None:
        super().__init__(record, report)
        self.labels: list[str | None] = [None] * len(record.cards)
        self.past_end: list[tuple[CardPlace, int]] = []  # cards on pages the file does not have

    def page(self, number, view, on_page) -> None:
        for index, card in on_page.fronts:
            if view is None:
                self.past_end.append((card, number))
                continue
            if card.kind in ("blank", "reference"):
                self.labels[index] = ""
                continue
            found = view.text_in(card.trim_mm).split()
            if _printed_forms(card.label) & set(found):
                self.labels[index] = card.label
            else:
                self.labels[index] = found[0].replace(",", ".") if found else None
                if found:
                    said = Message("verify.pdf.card_not_printed", label=card.label, found=" ".join(sorted(set(found))))
                else:
                    said = Message("verify.pdf.card_not_printed_no_text", label=card.label)
                self.failed(
                    "pdf.cards",
                    said,
                    _slot_place(card),
                    **_slot_details(card),
                    found=found,
                )

    def finish(self) -> None:
        if self.past_end:
            self._past_end()
        if not self.problems:
            self.found.passed("pdf.cards", Message("verify.pdf.cards_printed", count=len(self.record.cards)))

    def _past_end(self) -> None:
        """The cards the record puts past the file's last page, in one line however many
        (a record that lies about 20,000 cards is one finding, not 20,000)."""
        if len(self.past_end) == 1:
            [(card, page)] = self.past_end
            said = Message("verify.pdf.card_past_end", card=card.id, page=page, last=self.file_pages)
            self.failed("pdf.cards", said, _slot_place(card), **_slot_details(card))
            return
        pages = sorted({page for _, page in self.past_end})
        ids = some_of([card.id for card, _ in self.past_end])
        said = Message("verify.pdf.cards_past_end", ids=ids, first=pages[0], final=pages[-1], last=self.file_pages)
        self.failed("pdf.cards", said, pages_place(pages))


def _drawn_offsets(view: SheetPage, trims: list, reach: float, shared: bool) -> list[tuple[list, bool]]:
    """For each card (its trim box), how far its drawing sits off its slot ([dx, dy], an
    entry None where nothing is drawn) and whether it stops short of a cut. Measured on a band
    across the middle each way: the face's bleed edges, or a glue outline's outer edge.
    Cards that share their cuts are measured as the row or column they make, from the outer
    edges of its ends, and between neighbours the band must hold ink across the cut."""
    found: list[tuple[list, bool]] = [([None, None], False) for _ in trims]
    for axis, name in ((0, "x"), (1, "y")):
        runs = _runs(trims, axis) if shared else [[index] for index in range(len(trims))]
        for run in runs:
            first, last = trims[run[0]], trims[run[-1]]
            low, high = first[axis], last[axis] + last[axis + 2]
            middle = first[1 - axis] + first[3 - axis] / 2
            window = _band(axis, low - reach, high + reach, middle, 1.0)
            edges = view.window(window).extent(window, name)
            if edges is None:
                continue
            offset = (edges[0] + edges[1]) / 2 - (low + high) / 2
            short = edges[0] > low + TOLERANCE_MM or edges[1] < high - TOLERANCE_MM
            short = short or any(_white_seam(view, trims[index], axis, middle) for index in run[:-1])
            for index in run:
                offsets, was_short = found[index]
                offsets[axis] = offset
                found[index] = (offsets, was_short or short)
    return found


SEAM_MM = 0.3  # mm each side of a cut two cards share that must hold ink


def _band(axis: int, low: float, high: float, middle: float, half: float) -> list[float]:
    """A window from `low` to `high` along `axis` (0: x), `half` mm either side of `middle` across it."""
    if axis == 0:
        return [low, middle - half, high - low, 2 * half]
    return [middle - half, low, 2 * half, high - low]


def _white_seam(view: SheetPage, trim, axis: int, middle: float) -> bool:
    """Whether paper shows at the cut after `trim` along `axis`, where its neighbour starts."""
    cut = trim[axis] + trim[axis + 2]
    window = _band(axis, cut - SEAM_MM, cut + SEAM_MM, middle, 1.0)
    values, _ = view.window(window).profile(window, "x" if axis == 0 else "y")
    return not values or min(values) <= 12


def _runs(trims: list, axis: int) -> list[list[int]]:
    """The trims' indexes in runs of cards that adjoin along `axis` (0: rows, 1: columns),
    each in order; a card that no other adjoins is a run of its own."""
    lines: dict[tuple, list[int]] = {}
    for index, trim in enumerate(trims):
        lines.setdefault((round(trim[1 - axis], 3), round(trim[3 - axis], 3)), []).append(index)
    runs = []
    for members in lines.values():
        members.sort(key=lambda index: trims[index][axis])
        run = [members[0]]
        for index in members[1:]:
            before = trims[run[-1]]
            if abs(trims[index][axis] - before[axis] - before[axis + 2]) < 1e-3:
                run.append(index)
            else:
                runs.append(run)
                run = [index]
        runs.append(run)
    return runs


def _centre_of(trim, offsets: list) -> tuple[float, float]:
    x, y, w, h = trim
    return x + w / 2 + offsets[0], y + h / 2 + offsets[1]


def _reach(record: LayoutRecord) -> float:
    """How far beyond the trim a card's window may look without seeing its neighbour:
    the bleed and up to half the narrowest gap between neighbouring bleeds, found
    between each card and the next one along its row or column (linear in the cards)."""
    gaps = [MARGIN_MM * 2]
    for along, across in ((0, 1), (1, 0)):
        lines: dict[tuple, list] = {}
        for card in record.cards:
            trim = card.trim_mm
            lines.setdefault((card.page, round(trim[across], 3)), []).append(trim)
        for trims in lines.values():
            trims.sort(key=lambda trim: trim[along])
            for a, b in zip(trims, trims[1:]):
                if record.shared_cuts and abs(b[along] - a[along] - a[along + 2]) < 1e-3:
                    continue  # neighbours that share their cut: measured together
                if b[along] > a[along]:
                    gaps.append(b[along] - a[along] - a[along + 2] - 2 * record.bleed_mm)
    return record.bleed_mm + max(min(gaps) / 2 - 0.05, 0.0)


class _Worst:
    """The largest offset measured, and on which card."""

    def __init__(self) -> None:
        self.offset = 0.0
        self.card: str | None = None

    def add(self, offset: float, card: str) -> None:
        if self.card is None or offset > self.offset:
            self.offset, self.card = offset, card

    def params(self) -> dict:
        """For a message: `tolerance`, `worst` and its `card`."""
        return {"tolerance": TOLERANCE_MM, "worst": self.offset, "card": str(self.card)}


def _off(check, name: str, card: CardPlace, back, dx: float, dy: float, said: str, **params) -> bool:
    """Keep the check's worst offset; fail, saying message `said` with dx, dy and `params`,
    when (dx, dy) passes the tolerance; `back`: the card's back, when it is the back that is off."""
    off = max(abs(dx), abs(dy))
    check.worst.add(off, card.id)
    if off <= TOLERANCE_MM:
        return False
    offset = [round(dx, 3), round(dy, 3)]
    message = Message(said, dx=dx, dy=dy, **params)
    check.failed(name, message, _slot_place(card, back), **_slot_details(card, back), offset_mm=offset)
    return True


class FacesCheck(PageCheck):
    """Each face drawn centred on its slot and covering it to the cut; keeps the
    measured face centres by card index for the backs."""

    def __init__(self, record: LayoutRecord, report: Report, reach: float) -> None:
        super().__init__(record, report)
        self.reach = reach
        self.centres: dict[int, tuple[float, float]] = {}
        self.worst = _Worst()

    def page(self, number, view, on_page) -> None:
        if view is None:
            return
        drawn = _drawn_offsets(view, [card.trim_mm for _, card in on_page.fronts], self.reach, self.record.shared_cuts)
        for (index, card), (offsets, short) in zip(on_page.fronts, drawn):
            if None in offsets:
                self.failed("pdf.faces", Message("verify.pdf.face_missing"), _slot_place(card), **_slot_details(card))
                continue
            self.centres[index] = _centre_of(card.trim_mm, offsets)
            dx, dy = offsets
            if _off(self, "pdf.faces", card, None, dx, dy, "verify.pdf.face_off"):
                continue
            if short:
                said = Message("verify.pdf.face_short")
                self.failed("pdf.faces", said, _slot_place(card), **_slot_details(card))

    def finish(self) -> None:
        if not self.problems:
            self.found.passed("pdf.faces", Message("verify.pdf.faces_centred", **self.worst.params()))


def _behind_in(record: LayoutRecord, point: tuple[float, float]) -> tuple[float, float]:
    """Where `point` of a face lies on its back: across the fold line of a fold sheet,
    else through the paper."""
    if record.fold_mm is not None:
        return 2 * record.fold_mm - point[0], point[1]
    assert record.flip is not None, "the record refuses a sheet with backs that names neither flip nor fold"
    return behind_point(*point, record.paper_mm, record.flip, record.back_offset_mm)


class BacksCheck(PageCheck):
    """Each back (or glue outline) behind its face, for the flip and the back offset."""

    def __init__(self, record: LayoutRecord, report: Report, reach: float, faces: dict) -> None:
        super().__init__(record, report)
        self.reach, self.faces = reach, faces
        self.said = BACK_MESSAGES[record.sheet_mode.backs == "outline"]
        if record.fold_mm is not None:
            self.how = Message("verify.pdf.behind_fold", fold=record.fold_mm)
        else:
            offset = record.back_offset_mm
            flip = "verify.pdf.behind_long" if record.flip == "long" else "verify.pdf.behind_short"
            self.how = Message(flip, offset_x=offset[0], offset_y=offset[1])
        self.worst = _Worst()

    def page(self, number, view, on_page) -> None:
        record = self.record
        backs = [entry for entry in on_page.backs if entry[0] in self.faces]
        if view is None:
            for _, card, back in backs:
                self.failed(
                    "pdf.backs",
                    Message(self.said["past_end"], page=number, last=self.file_pages),
                    _slot_place(card, back),
                    **_slot_details(card, back),
                )
            return
        drawn = _drawn_offsets(view, [back.trim_mm for _, _, back in backs], self.reach, record.shared_cuts)
        for (index, card, back), (offsets, _) in zip(backs, drawn):
            if None in offsets:
                said = Message(self.said["missing"])
                self.failed("pdf.backs", said, _slot_place(card, back), **_slot_details(card, back))
                continue
            ex, ey = _behind_in(record, self.faces[index])
            bx, by = _centre_of(back.trim_mm, offsets)
            _off(self, "pdf.backs", card, back, bx - ex, by - ey, self.said["off"], how=self.how)

    def finish(self) -> None:
        if not self.problems:
            said = Message(self.said["behind"], how=self.how, **self.worst.params())
            self.found.passed("pdf.backs", said)


# what BacksCheck says of a back, and of a glue outline (True)
BACK_MESSAGES = {
    False: {
        "past_end": "verify.pdf.back_past_end",
        "missing": "verify.pdf.back_missing",
        "off": "verify.pdf.back_off",
        "behind": "verify.pdf.backs_behind",
    },
    True: {
        "past_end": "verify.pdf.outline_past_end",
        "missing": "verify.pdf.outline_missing",
        "off": "verify.pdf.outline_off",
        "behind": "verify.pdf.outlines_behind",
    },
}


class CutMarksCheck(PageCheck):
    """Every cut mark the record lists, drawn in line with its cut (read from the pixels), and
    every cut of the page's cards with a mark in line with it at one end or the other (the plan
    shortens or leaves out a mark where the paper's printable edge is near)."""

    def __init__(self, record: LayoutRecord, report: Report) -> None:
        super().__init__(record, report)
        self.listed = any(page.cut_marks_mm for page in record.pages)  # an older record lists none

    def page(self, number, view, on_page) -> None:
        rects = on_page.rects
        if self.record.cut_marks_mm.style == "none" or not self.listed or view is None or not rects:
            return
        marked = set()
        for mark in on_page.entry.cut_marks_mm:
            self.checked += 1
            axis, cut, low, high = _across_its_cut(mark)
            marked.add((axis, round(cut, 2)))
            window = [cut - 0.6, low, 1.2, high - low] if axis == "x" else [low, cut - 0.6, high - low, 1.2]
            found = view.window(window).centroid(window, axis, threshold=20)
            if found is None or abs(found - cut) > TOLERANCE_MM:
                at = {"x": mark[0], "y": mark[1], "axis": axis, "cut": cut}
                if found is None:
                    said = Message("verify.pdf.cut_mark_missing", **at)
                else:
                    said = Message("verify.pdf.cut_mark_off", **at, found=found)
                self.failed("pdf.cut-marks", said, page_place(number), page=number, cut_mm=cut)
        for axis, index in (("x", 0), ("y", 1)):
            for cut in sorted({round(v, 2) for r in rects for v in (r[index], r[index] + r[index + 2])}):
                if (axis, cut) not in marked:
                    said = Message("verify.pdf.cut_unmarked", axis=axis, cut=cut)
                    self.failed("pdf.cut-marks", said, page_place(number), page=number, cut_mm=cut)

    def finish(self) -> None:
        if self.record.cut_marks_mm.style == "none":
            self.found.info("pdf.cut-marks", Message("verify.pdf.cut_marks_none"))
        elif not self.listed:
            self.found.info("pdf.cut-marks", Message("verify.pdf.cut_marks_unlisted"))
        elif not self.problems:
            both = self.record.sheet_mode.through_paper
            said = "verify.pdf.cut_marks_both_sides" if both else "verify.pdf.cut_marks_every_page"
            self.found.passed("pdf.cut-marks", Message(said, count=self.checked))


def _across_its_cut(mark) -> tuple[str, float, float, float]:
    """A cut mark [x0, y0, x1, y1] as the axis of the cut it marks, where that cut is, and the
    mark's two ends along it (a vertical mark marks a cut at an x)."""
    x0, y0, x1, y1 = mark
    if x0 == x1:
        return ("x", x0, *sorted((y0, y1)))
    return ("y", y0, *sorted((x0, x1)))


class TargetsCheck(PageCheck):
    """Registration targets on every page: on back pages where they land behind the front's."""

    def page(self, number, view, on_page) -> None:
        record = self.record
        if view is None:
            return
        for target in record.targets_mm:
            if on_page.entry.side == "back" and record.flip is not None:  # no flip: a sleeve sheet, no backs
                x, y = behind_point(*target, record.paper_mm, record.flip, record.back_offset_mm)
            else:
                x, y = target
            self.checked += 1
            half = record.target_size_mm / 2 + TARGET_WINDOW
            window = [x - half, y - half, 2 * half, 2 * half]
            image = view.window(window)
            cx, cy = image.centroid(window, "x", 20), image.centroid(window, "y", 20)
            if cx is None or cy is None:
                said = Message("verify.pdf.target_missing", x=x, y=y)
                self.failed("pdf.targets", said, page_place(number), page=number, expected_mm=[x, y])
            elif max(abs(cx - x), abs(cy - y)) > TOLERANCE_MM:
                said = Message("verify.pdf.target_off", dx=cx - x, dy=cy - y, x=x, y=y)
                offset = [round(cx - x, 3), round(cy - y, 3)]
                self.failed("pdf.targets", said, page_place(number), page=number, offset_mm=offset)

    def finish(self) -> None:
        if not self.record.targets_mm:
            folded = self.record.sheet_mode.folded
            self.found.info("pdf.targets", Message("verify.pdf.targets_folded" if folded else "verify.no_targets"))
        elif not self.problems:
            said = "verify.pdf.targets_meet" if self.record.sheet_mode.backs else "verify.pdf.targets_in_place"
            self.found.passed("pdf.targets", Message(said, count=self.checked))


class CornersCheck(PageCheck):
    """Faces cut round (a sticker's: glued inside a card's rounded corner, a square one would
    overhang it) stop at their rounded cut in each corner: the paper shows just outside the
    arc, inside the square the cut marks frame."""

    BEYOND_MM = 0.4  # how far outside the arc the window lies, along the corner's diagonal
    HALF_MM = 0.15  # half the window's side
    CORNERS = {"lower_left": (0, 0), "lower_right": (1, 0), "upper_right": (1, 1), "upper_left": (0, 1)}

    def page(self, number, view, on_page) -> None:
        radius = self.record.face_corner_mm
        if view is None or not radius:
            return
        for _, card in on_page.fronts:
            x, y, w, h = card.trim_mm
            for name, (right, top) in self.CORNERS.items():
                self.checked += 1
                sx, sy = (-1 if right else 1), (-1 if top else 1)  # from the corner into the card
                along = radius - (radius + self.BEYOND_MM) / 2**0.5  # from the corner, along each edge
                px, py = x + right * w + sx * along, y + top * h + sy * along
                window = [px - self.HALF_MM, py - self.HALF_MM, 2 * self.HALF_MM, 2 * self.HALF_MM]
                if view.window(window).ink_box(window) is not None:
                    square = Message("verify.corner_square", radius=radius, corner=Message(f"verify.corner_{name}"))
                    self.failed(
                        "pdf.corners",
                        square,
                        _slot_place(card),
                        **_slot_details(card),
                        corner=name,
                    )

    def finish(self) -> None:
        if not self.record.face_corner_mm:
            self.found.info("pdf.corners", Message("verify.corners_unchecked"))
        elif not self.problems:
            self.found.passed("pdf.corners", Message("verify.corners_round", radius=self.record.face_corner_mm))


class CutterMarksCheck(PageCheck):
    """A cutting machine's registration marks on every front page, each alone in its window
    and filling the box the record gives it."""

    def page(self, number, view, on_page) -> None:
        marks = self.record.cutter_marks
        if view is None or marks is None or on_page.entry.side != "front":
            return
        for index, shape in enumerate(marks.shapes_mm, start=1):
            xs, ys = [x for x, _ in shape], [y for _, y in shape]
            expected = [min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)]
            window = [expected[0] - 1.5, expected[1] - 1.5, expected[2] + 3, expected[3] + 3]
            found = view.window(window).ink_box(window)
            self.checked += 1
            if found is None or max(abs(a - b) for a, b in zip(found, expected)) > TOLERANCE_MM:
                x, y, width, height = expected
                at = {"mark": index, "width": width, "height": height, "x": x, "y": y}
                if found is None:
                    said = Message("verify.pdf.cutter_mark_missing", **at)
                else:
                    said = Message("verify.pdf.cutter_mark_off", **at, found_width=found[2], found_height=found[3])
                self.failed("pdf.cutter-marks", said, page_place(number), page=number)

    def finish(self) -> None:
        if not self.problems:
            self.found.passed("pdf.cutter-marks", Message("verify.pdf.cutter_marks", count=self.checked))


class PrintableCheck(PageCheck):
    """No ink in the strips along the paper's edges that the sheet's printable area keeps clear,
    as drawn and where the printer lands it (a back page moved back by its offset, a page drawn
    larger for a printer that shrinks it brought back to size): a printer may clip the page as
    drawn, and print nothing near the paper's edge. The page is read as it lands (Sheet)."""

    SLACK_MM = 0.15  # a line that ends at the printable edge: its anti-aliased end
    DPI = 300

    def page(self, number, view, on_page) -> None:
        record = self.record
        if view is None or record.printable_mm is None:
            return
        sides, ends = record.printable_mm
        width, height = record.paper_mm
        shift = record.back_offset_mm if on_page.entry.side == "back" else (0.0, 0.0)
        area = safe_area(Rect(sides, ends, width - 2 * sides, height - 2 * ends), record.paper_mm, record.scale, shift)
        slack = self.SLACK_MM
        strips = {
            "left": [0.0, 0.0, area.x - slack, height],
            "right": [area.right + slack, 0.0, width - area.right - slack, height],
            "bottom": [0.0, 0.0, width, area.y - slack],
            "top": [0.0, area.top + slack, width, height - area.top - slack],
        }
        for edge, strip in strips.items():
            self.checked += 1
            if strip[2] <= 0 or strip[3] <= 0:
                continue
            found = view.window(strip, dpi=self.DPI).ink_box(strip)
            if found is not None:
                said = self._near_edge(found, edge, shift)
                ink = [round(v, 2) for v in found]
                self.failed("pdf.printable", said, page_place(number), page=number, edge=edge, ink_mm=ink)

    def _near_edge(self, ink: list[float], edge: str, shift: tuple[float, float]) -> Message:
        """How near the paper's `edge` the ink comes where it lands and, if not the same, as drawn."""
        axis = 0 if edge in ("left", "right") else 1
        paper, scale = self.record.paper_mm[axis], self.record.scale[axis]
        near = ink[axis] if edge in ("left", "bottom") else ink[axis] + ink[axis + 2]  # as it lands, offset and all
        drawn = paper / 2 + (near - paper / 2) * scale
        landed = near - shift[axis]
        if edge in ("right", "top"):
            drawn, landed = paper - drawn, paper - landed
        assert self.record.printable_mm is not None, "checked only where the record gives a printable area"
        inset = self.record.printable_mm[axis]
        where = {"x": ink[0], "y": ink[1], "edge": Message(f"verify.near_edge_{edge}"), "inset": inset}
        if abs(drawn - landed) < 0.005:
            return Message("verify.ink_near_edge", distance=landed, **where)
        return Message("verify.ink_near_edge_drawn", drawn=drawn, landed=landed, **where)

    def finish(self) -> None:
        if not self.problems and self.record.printable_mm is not None:
            sides, ends = self.record.printable_mm
            self.found.passed("pdf.printable", Message("verify.pdf.printable", sides=sides, ends=ends))


EDGES = {  # "the paper's left edge"
    "left": Message("verify.pdf.edge_left"),
    "right": Message("verify.pdf.edge_right"),
    "bottom": Message("verify.pdf.edge_bottom"),
    "top": Message("verify.pdf.edge_top"),
}


class NoteCheck(PageCheck):
    """Every page whose record gives a margin note carries one there: a sheet's only word on
    how to print it and what to do after (a page once printed none when its words did not fit)."""

    def page(self, number, view, on_page) -> None:
        box = on_page.entry.note_mm
        if box is None or view is None:
            return
        self.checked += 1
        if not view.text_in(box).strip():
            self.failed("pdf.note", Message("verify.pdf.note_missing"), page_place(number), page=number)

    def finish(self) -> None:
        if self.checked and not self.problems:
            self.found.passed("pdf.note", Message("verify.pdf.notes", count=self.checked))


class RulerCheck(PageCheck):
    """The ruler of every page (where the record says it lies: a side margin, or the top or
    bottom one where the sides are narrow) measures what it says, end tick to end tick."""

    def __init__(self, record: LayoutRecord, report: Report) -> None:
        super().__init__(record, report)
        self.length = record.ruler_mm or 0
        self.measured: list[float] = []
        self.lines_listed = any(len(page.ruler_line_mm or ()) == 4 for page in record.pages)  # older: none

    def page(self, number, view, on_page) -> None:
        rects = on_page.rects
        if not self.length or view is None or not rects:
            return
        entry = on_page.entry
        if entry.ruler_line_mm is None and self.lines_listed:
            return  # a back page moved by its offset with no room for the ruler as drawn: its front has it
        if entry.ruler_line_mm is not None and len(entry.ruler_line_mm) == 4 and entry.ruler_ticks is not None:
            found = _measure_ruler_near(view, entry.ruler_line_mm, entry.ruler_ticks)
        else:  # an older sheet's: up the left margin
            left = min(r[0] for r in rects)
            found = _measure_ruler(view, self.record.paper_mm, left - self.record.bleed_mm - 3.5)
        if isinstance(found, Message):
            self.failed("pdf.ruler", found, page_place(number), page=number)
            return
        self.measured.append(found)
        if abs(found - self.length) > TOLERANCE_MM:
            said = self._wrong(found, entry.ruler_line_mm)
            self.failed("pdf.ruler", said, page_place(number), page=number, measured_mm=round(found, 3))

    def _wrong(self, found: float, line) -> Message:
        """The ruler's length, and for a sheet drawn for a printer that shrinks or stretches,
        how large the page is drawn along the ruler against what its record says."""
        measured = {"measured": found, "length": self.length}
        if self.record.scale == (1.0, 1.0) or line is None or len(line) != 4:
            return Message("verify.pdf.ruler_wrong", **measured)
        axis = 1 if line[0] == line[2] else 0
        listed = self.record.scale[axis]
        said = ("verify.pdf.ruler_wrong_across", "verify.pdf.ruler_wrong_down")[axis]
        return Message(said, **measured, drawn=found / self.length * listed, listed=listed)

    def finish(self) -> None:
        if not self.length:
            self.found.info("pdf.ruler", Message("verify.pdf.ruler_none"))
        elif not self.measured and not self.problems:
            self.found.info("pdf.ruler", Message("verify.pdf.ruler_unmeasured"))
        elif not self.problems:
            low, high = min(self.measured), max(self.measured)
            self.found.passed("pdf.ruler", Message("verify.pdf.ruler", length=self.length, low=low, high=high))


def _measure_ruler(view: SheetPage, paper, right_mm: float) -> float | Message:
    """An older sheet's ruler, which records no place: its line (the longest vertical line in
    the left margin), then its end ticks; the distance between them in mm, or what went wrong."""
    strip = [0.5, 0.0, max(right_mm - 0.5, 1.0), paper[1]]
    return _ruler_length(view, strip, 1, (-1, 0), listed=False)


def _measure_ruler_near(view: SheetPage, line: list[float], ticks) -> float | Message:
    """The same for the ruler whose line the record gives, looked for along it and up to a
    tenth of its length beyond each end (a page drawn at another scale moves them)."""
    x0, y0, x1, y1 = line
    axis = 1 if x0 == x1 else 0
    spare = (abs(x1 - x0) + abs(y1 - y0)) / 10 + 3
    across = x0 if axis == 1 else y0
    low, high = (y0, y1) if axis == 1 else (x0, x1)
    step = ticks[1 - axis]
    near, far = sorted((across - step * 0.6, across + step * 3.0))  # short of the cut marks, past the ticks
    strip = _band(axis, max(low - spare, 0.0), high + spare, (near + far) / 2, (far - near) / 2)
    return _ruler_length(view, strip, axis, ticks, listed=True)


SHORTEST_RULER_MM = 20  # a shorter line is no ruler


def _ruler_length(view: SheetPage, strip: list[float], axis: int, ticks, listed: bool) -> float | Message:
    """The longest line along `axis` in the strip, and the distance between the ticks at its ends;
    `listed`: the strip is where the sheet's record puts the ruler (else the left margin)."""
    line = _longest_line(view.window(strip, dpi=150), axis)
    if line is None:
        return Message("verify.pdf.ruler_not_found_listed" if listed else "verify.pdf.ruler_not_found")
    across, low, high = line
    if high - low < SHORTEST_RULER_MM:
        said = "verify.pdf.ruler_too_short_listed" if listed else "verify.pdf.ruler_too_short"
        return Message(said, shortest=SHORTEST_RULER_MM)
    step = ticks[1 - axis]  # the ticks stand off the line this way: -1 left or down, +1 right or up
    ends = []
    for end in (low, high):
        near, far = sorted((across + step * 0.4, across + step * 2.0))
        window = _band(axis, end - 1.0, end + 1.0, (near + far) / 2, (far - near) / 2)
        found = _tick_rows(view.window(window), window, "y" if axis == 1 else "x")
        tick = min(found, key=lambda t: abs(t - end)) if found else None
        if tick is None:
            return Message("verify.pdf.ruler_tick_missing", axis="y" if axis == 1 else "x", end=end)
        ends.append(tick)
    return ends[1] - ends[0]


def _longest_line(image: PageImage, axis: int) -> tuple[float, float, float] | None:
    """(where across, low end, high end) in mm of the longest unbroken run of ink along
    `axis` (1: up the page, 0: across it), looked for in the few columns (or rows) that
    hold the most ink."""
    ink = image.image.point(lambda v: 255 if v < 160 else 0)
    if axis == 0:
        ink = ink.transpose(Image.Transpose.TRANSPOSE)  # rows become columns
    found = _longest_column_run(ink)
    if found is None:
        return None
    column, first, last = found
    if axis == 1:
        return image.to_mm_x(column + 0.5), image.to_mm_y(last), image.to_mm_y(first)
    return image.to_mm_y(column + 0.5), image.to_mm_x(first), image.to_mm_x(last)


def _longest_column_run(ink: Image.Image) -> tuple[int, int, int] | None:
    """(column, first row, end row) of the longest run of ink down a column of the image."""
    width, height = ink.size
    totals = ink.resize((width, 1), Image.Resampling.BOX).tobytes()
    best = None
    for column in sorted(range(width), key=lambda c: -totals[c])[:4]:
        run = _longest_run(ink.crop((column, 0, column + 1, height)).tobytes())
        if run[0] and (best is None or run[0] > best[0]):
            best = (run[0], column, run[1], run[2])
    return best and best[1:]


def _longest_run(values: bytes) -> tuple[int, int, int]:
    """(length, first, end) of the longest run of non-zero bytes."""
    longest = (0, 0, 0)
    start = None
    for index, value in enumerate(values + b"\0"):
        if value and start is None:
            start = index
        elif not value and start is not None:
            longest = max(longest, (index - start, start, index))
            start = None
    return longest


def _tick_rows(image: PageImage, window: list[float], axis: str = "y") -> list[float]:
    """The centre (mm along `axis`) of each tick across it in the window."""
    values, start = image.profile(window, axis)
    ticks, run = [], []
    for index, value in enumerate(values + [0.0]):
        if value > 20:
            run.append(index)
        elif run:
            weight = sum(values[i] for i in run)
            ticks.append(start + sum((i + 0.5) * values[i] for i in run) / weight / image.px)
            run = []
    return ticks
