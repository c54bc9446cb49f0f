"""What a cardgen card sheet actually draws, read back from pixels and text and held
against the sheet's own list of what sits where.

Every pixel check renders only a small window of the page, at a resolution fine
enough for 0.1 mm (filled rectangles are not anti-aliased by pdfium, so an edge is
only as exact as a pixel): whole pages at that resolution would take seconds.
"""

from __future__ import annotations

import pypdfium2
from PIL import Image

from cardgen.verify.readback import MM, PageImage, text_in_box
from cardgen.verify.report import Report

DPI = 600  # 0.042 mm per pixel
TOLERANCE_MM = 0.1
MARGIN_MM = 0.45  # a card's window reaches this far beyond its bleed, at most (half the default gap)


class Sheet:
    """The PDF's pages as pypdfium2 loads them, each loaded once."""

    def __init__(self, content: bytes, record: dict) -> None:
        self.document = pypdfium2.PdfDocument(content)
        self.count = len(self.document)
        self.paper = tuple(record["paper_mm"])
        self._pages: dict[int, object] = {}

    def page(self, number: int):
        if number not in self._pages:
            self._pages[number] = self.document[number - 1]
        return self._pages[number]

    def window(self, number: int, window_mm: list[float], dpi: int = DPI) -> PageImage:
        page = self.page(number)
        size = tuple(v / MM for v in page.get_size())  # a page of the wrong size is drawn as it is
        return PageImage.of_page(page, size, dpi, window_mm)


def verify_drawing(content: bytes, record: dict, report: Report) -> list[str | None]:
    """Run every drawing check; return the value read back from each listed card's slot."""
    sheet = Sheet(content, record)
    labels = _cards_on_slots(sheet, record, report)
    faces = _faces_on_slots(sheet, record, report)
    if record["mode"] != "sleeve":
        _backs_behind_faces(sheet, record, faces, report)
    _cut_marks(sheet, record, report)
    _targets(sheet, record, report)
    _rulers(sheet, record, report)
    return labels


def _slot_place(card: dict, side: str = "front") -> str:
    entry = card if side == "front" else card["back"]
    x, y, w, h = entry["trim_mm"]
    return f"page {entry['page']}, slot {card['slot'] + 1}, card {card['id']} at x {x:.1f} mm, y {y:.1f} mm"


def _grown(box: list[float], by: float) -> list[float]:
    x, y, w, h = box
    return [x - by, y - by, w + 2 * by, h + 2 * by]


def _printed_forms(label: str) -> set[str]:
    """A joker's value may be printed with a decimal comma (0,4)."""
    return {label, label.replace(".", ",")}


def _cards_on_slots(sheet: Sheet, record: dict, report: Report) -> list[str | None]:
    """Read each card's value back from the text inside its trim box."""
    text_pages: dict[int, object] = {}
    labels: list[str | None] = []
    wrong = 0
    for card in record["cards"]:
        if card["page"] > sheet.count:
            labels.append(None)
            wrong += 1
            report.failed("pdf.cards", f"card {card['id']} should be on page {card['page']}, but the file ends "
                          f"at page {sheet.count}", _slot_place(card), card=card["id"])
            continue
        if card["kind"] == "blank":
            labels.append("")
            continue
        if card["page"] not in text_pages:
            text_pages[card["page"]] = sheet.page(card["page"]).get_textpage()
        found = text_in_box(text_pages[card["page"]], card["trim_mm"]).split()
        forms = _printed_forms(card["label"])
        if forms & set(found):
            labels.append(card["label"])
        else:
            labels.append(found[0].replace(",", ".") if found else None)
            wrong += 1
            seen = f"found {' '.join(sorted(set(found)))!r}" if found else "found no text"
            report.failed("pdf.cards", f"{card['label']} is not printed in its slot ({seen})", _slot_place(card),
                          card=card["id"], found=found)
    if not wrong:
        count = len(record["cards"])
        report.passed("pdf.cards", ("the one card of the list is printed in its slot " if count == 1 else
                                    f"all {count} cards of the list are printed in their slots ")
                      + "(values read back from the page)")
    return labels


def _extent_box(sheet: Sheet, page: int, trim: list[float], reach: float) -> list[float] | None:
    """The drawn box of a card [x0, y0, x1, y1], from a band across its middle each way:
    the face's bleed edges, or a glue outline's outer edge."""
    x, y, w, h = trim
    across = [x - reach, y + h / 2 - 1, w + 2 * reach, 2]
    along = [x + w / 2 - 1, y - reach, 2, h + 2 * reach]
    horizontal = sheet.window(page, across).extent(across, "x")
    vertical = sheet.window(page, along).extent(along, "y")
    if horizontal is None or vertical is None:
        return None
    return [horizontal[0], vertical[0], horizontal[1], vertical[1]]


def _centre(box: list[float]) -> tuple[float, float]:
    return (box[0] + box[2]) / 2, (box[1] + box[3]) / 2


def _reach(record: dict) -> float:
    """How far beyond the trim a card's window may look without seeing its neighbour:
    the bleed and up to half the gap between neighbouring bleeds."""
    gaps = [MARGIN_MM * 2]
    for a in record["cards"]:
        for b in record["cards"]:
            if a["page"] == b["page"] and a is not b:
                (ax, ay, aw, ah), (bx, by, _, _) = a["trim_mm"], b["trim_mm"]
                if bx > ax and abs(by - ay) < 1e-3:
                    gaps.append(bx - ax - aw - 2 * record["bleed_mm"])
                if by > ay and abs(bx - ax) < 1e-3:
                    gaps.append(by - ay - ah - 2 * record["bleed_mm"])
    return record["bleed_mm"] + max(min(gaps) / 2 - 0.05, 0.0)


def _faces_on_slots(sheet: Sheet, record: dict, report: Report) -> dict[int, tuple[float, float]]:
    """Each face drawn centred on its slot and covering it to the cut; returns the
    measured face centres by card index."""
    reach = _reach(record)
    centres = {}
    worst = (0.0, None)
    problems = 0
    for index, card in enumerate(record["cards"]):
        if card["page"] > sheet.count:
            continue
        box = _extent_box(sheet, card["page"], card["trim_mm"], reach)
        if box is None:
            problems += 1
            report.failed("pdf.faces", "nothing is drawn in this slot", _slot_place(card), card=card["id"])
            continue
        centres[index] = _centre(box)
        x, y, w, h = card["trim_mm"]
        dx, dy = centres[index][0] - (x + w / 2), centres[index][1] - (y + h / 2)
        off = max(abs(dx), abs(dy))
        worst = max(worst, (off, card["id"]), key=lambda item: item[0])
        if off > TOLERANCE_MM:
            problems += 1
            report.failed("pdf.faces", f"the face is off its slot by ({dx:+.2f}, {dy:+.2f}) mm", _slot_place(card),
                          card=card["id"], offset_mm=[round(dx, 3), round(dy, 3)])
        elif box[0] > x + TOLERANCE_MM or box[1] > y + TOLERANCE_MM or box[2] < x + w - TOLERANCE_MM \
                or box[3] < y + h - TOLERANCE_MM:
            problems += 1
            report.failed("pdf.faces", "the face stops short of the cut line: a white edge would show",
                          _slot_place(card), card=card["id"])
    if not problems:
        report.passed("pdf.faces", f"every face is centred on its slot within {TOLERANCE_MM} mm and reaches "
                      f"the cut (worst {worst[0]:.3f} mm, card {worst[1]})")
    return centres


def behind(point: tuple[float, float], paper, flip: str, offset) -> tuple[float, float]:
    """Where a front point lies on the back page: mirrored for the flip, then moved by
    the back offset (as seen on the back page)."""
    x, y = point
    paper_w, paper_h = paper
    bx, by = (paper_w - x, y) if flip == "long" else (x, paper_h - y)
    return bx + offset[0], by + offset[1]


def _backs_behind_faces(sheet: Sheet, record: dict, faces: dict, report: Report) -> None:
    reach = _reach(record)
    flip, offset = record["flip"], record["back_offset_mm"]
    what = "glue outline" if record["mode"] == "glue" else "back"
    worst = (0.0, None)
    problems = 0
    for index, card in enumerate(record["cards"]):
        back = card.get("back")
        if back is None or index not in faces:
            continue
        if back["page"] > sheet.count:
            problems += 1
            report.failed("pdf.backs", f"the {what} should be on page {back['page']}, but the file ends at page "
                          f"{sheet.count}", _slot_place(card, "back"), card=card["id"])
            continue
        box = _extent_box(sheet, back["page"], back["trim_mm"], reach)
        if box is None:
            problems += 1
            report.failed("pdf.backs", f"no {what} is drawn behind this card", _slot_place(card, "back"),
                          card=card["id"])
            continue
        ex, ey = behind(faces[index], sheet.paper, flip, offset)
        bx, by = _centre(box)
        dx, dy = bx - ex, by - ey
        off = max(abs(dx), abs(dy))
        worst = max(worst, (off, card["id"]), key=lambda item: item[0])
        if off > TOLERANCE_MM:
            problems += 1
            report.failed("pdf.backs", f"the {what} is ({dx:+.2f}, {dy:+.2f}) mm away from behind its face "
                          f"(flip {flip}, back offset {offset[0]:g}, {offset[1]:g} mm)", _slot_place(card, "back"),
                          card=card["id"], offset_mm=[round(dx, 3), round(dy, 3)])
    if not problems:
        report.passed("pdf.backs", f"every {what} sits behind its face within {TOLERANCE_MM} mm for the {flip}-edge "
                      f"flip and back offset {offset[0]:g}, {offset[1]:g} mm (worst {worst[0]:.3f} mm, card {worst[1]})")


def _page_rects(record: dict) -> dict[int, list[list[float]]]:
    """The trim boxes drawn on each page: fronts, and backs where they sit on their page."""
    rects: dict[int, list] = {}
    for card in record["cards"]:
        rects.setdefault(card["page"], []).append(card["trim_mm"])
        if "back" in card:
            rects.setdefault(card["back"]["page"], []).append(card["back"]["trim_mm"])
    return rects


def _bounds(rects) -> tuple[float, float, float, float]:
    return (min(r[0] for r in rects), min(r[1] for r in rects),
            max(r[0] + r[2] for r in rects), max(r[1] + r[3] for r in rects))


def _cut_marks(sheet: Sheet, record: dict, report: Report) -> None:
    """A short line in the margin in line with every cut, on every page (front and back)."""
    bleed = record["bleed_mm"]
    marks = record.get("cut_marks_mm", {"style": "lines", "offset": 1.0, "length": 3.0})
    if marks["style"] == "none":
        report.info("pdf.cut-marks", "the layout asks for no cut marks: cut along the card edges by eye")
        return
    near, far = max(marks["offset"] - 0.7, 0.0), marks["offset"] + marks["length"] - 0.7
    problems = 0
    checked = 0
    for number, rects in sorted(_page_rects(record).items()):
        if number > sheet.count:
            continue
        x0, y0, x1, y1 = _bounds(rects)
        xs = sorted({round(v, 3) for r in rects for v in (r[0], r[0] + r[2])})
        ys = sorted({round(v, 3) for r in rects for v in (r[1], r[1] + r[3])})
        # look in a band that starts just after the marks' offset beyond the bleed
        reach = far - near
        strips = {
            "below": ([x0 - bleed, y0 - bleed - far, x1 - x0 + 2 * bleed, reach], xs, "x"),
            "above": ([x0 - bleed, y1 + bleed + near, x1 - x0 + 2 * bleed, reach], xs, "x"),
            "left": ([x0 - bleed - far, y0 - bleed, reach, y1 - y0 + 2 * bleed], ys, "y"),
            "right": ([x1 + bleed + near, y0 - bleed, reach, y1 - y0 + 2 * bleed], ys, "y"),
        }
        for side, (strip, cuts, axis) in strips.items():
            image = sheet.window(number, strip)
            for cut in cuts:
                checked += 1
                if axis == "x":
                    window = [cut - 0.6, strip[1], 1.2, strip[3]]
                else:
                    window = [strip[0], cut - 0.6, strip[2], 1.2]
                found = image.centroid(window, axis, threshold=20)
                if found is None or abs(found - cut) > TOLERANCE_MM:
                    problems += 1
                    seen = "missing" if found is None else f"at {found:.2f} mm instead of {cut:.2f} mm"
                    report.failed("pdf.cut-marks", f"the cut mark {side} the cards for the cut at {axis} {cut:.2f} mm "
                                  f"is {seen}", f"page {number}", page=number, cut_mm=cut, side=side)
    if not problems:
        sides = "on every page" if record["mode"] == "sleeve" else "on fronts and backs"
        report.passed("pdf.cut-marks", f"all {checked} cut marks are drawn in line with the cuts, {sides}")


def _targets(sheet: Sheet, record: dict, report: Report) -> None:
    """Registration targets on every page: on back pages where they land behind the front's."""
    flip, offset = record["flip"], record["back_offset_mm"]
    problems = 0
    checked = 0
    for page in record["pages"]:
        number = page["page"]
        if number > sheet.count:
            continue
        for target in record["targets_mm"]:
            if page["side"] == "back":
                x, y = behind(tuple(target), sheet.paper, flip, offset)
            else:
                x, y = target
            checked += 1
            half = record.get("target_size_mm", 6.0) / 2 + 1
            window = [x - half, y - half, 2 * half, 2 * half]
            image = sheet.window(number, window)
            cx, cy = image.centroid(window, "x", 20), image.centroid(window, "y", 20)
            if cx is None or cy is None:
                problems += 1
                report.failed("pdf.targets", f"no registration target at ({x:.1f}, {y:.1f}) mm", f"page {number}",
                              page=number, expected_mm=[x, y])
            elif max(abs(cx - x), abs(cy - y)) > TOLERANCE_MM:
                problems += 1
                report.failed("pdf.targets", f"the registration target is ({cx - x:+.2f}, {cy - y:+.2f}) mm from "
                              f"({x:.1f}, {y:.1f}) mm, where it must sit to meet the other side's",
                              f"page {number}", page=number, offset_mm=[round(cx - x, 3), round(cy - y, 3)])
    if not problems:
        where = "in place on every page" if record["mode"] == "sleeve" else "where they meet through the paper"
        report.passed("pdf.targets", f"all {checked} registration targets are {where}")


def _rulers(sheet: Sheet, record: dict, report: Report) -> None:
    """The ruler in the left margin of every page measures what it says, end tick to end tick."""
    length = record.get("ruler_mm") or 0
    if not length:
        report.info("pdf.ruler", "the layout asks for no ruler: measure a card to check the print scale")
        return
    rects = _page_rects(record)
    measured = []
    problems = 0
    for page in record["pages"]:
        number = page["page"]
        if number > sheet.count or number not in rects:
            continue
        found = _measure_ruler(sheet, number, _bounds(rects[number])[0] - record["bleed_mm"] - 3.5)
        if isinstance(found, str):
            problems += 1
            report.failed("pdf.ruler", found, f"page {number}", page=number)
            continue
        measured.append(found)
        if abs(found - length) > TOLERANCE_MM:
            problems += 1
            report.failed("pdf.ruler", f"the ruler measures {found:.2f} mm between its end ticks, not {length:g} mm",
                          f"page {number}", page=number, measured_mm=round(found, 3))
    if not problems:
        spread = f"{min(measured):.2f}–{max(measured):.2f}" if measured else "?"
        report.passed("pdf.ruler", f"the ruler measures {length:g} mm on every page ({spread} mm between its end ticks)")


def _measure_ruler(sheet: Sheet, number: int, right_mm: float) -> float | str:
    """Find the ruler's line (the longest vertical line in the left margin), then its end
    ticks; return the distance between them in mm, or what went wrong."""
    strip = [0.5, 0.0, max(right_mm - 0.5, 1.0), sheet.paper[1]]
    coarse = sheet.window(number, strip, dpi=150)
    line = _longest_vertical_line(coarse)
    if line is None:
        return "no ruler found in the left margin"
    x, bottom, top = line
    if top - bottom < 20:
        return "no ruler found in the left margin (no vertical line longer than 20 mm)"
    ends = []
    for end in (bottom, top):
        window = [x - 2.0, end - 1.0, 1.6, 2.0]
        image = sheet.window(number, window)
        ticks = _tick_rows(image, window)
        tick = min(ticks, key=lambda t: abs(t - end)) if ticks else None
        if tick is None:
            return f"the ruler's end tick near y {end:.1f} mm is missing"
        ends.append(tick)
    return ends[1] - ends[0]


def _longest_vertical_line(image: PageImage) -> tuple[float, float, float] | None:
    """(x, y_bottom, y_top) in mm of the longest unbroken vertical run of ink, looked
    for in the few columns that hold the most ink."""
    ink = image.image.point(lambda v: 255 if v < 160 else 0)
    width, height = ink.size
    totals = ink.resize((width, 1), Image.Resampling.BOX).tobytes()
    best = None
    for column in sorted(range(width), key=lambda c: -totals[c])[:4]:
        run = _longest_run(ink.crop((column, 0, column + 1, height)).tobytes())
        if run[0] and (best is None or run[0] > best[0]):
            best = (run[0], column, run[1], run[2])
    if best is None:
        return None
    _, column, first, last = best
    return image.to_mm_x(column + 0.5), image.to_mm_y(last), image.to_mm_y(first)


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


def _tick_rows(image: PageImage, window: list[float]) -> list[float]:
    """The y centre (mm) of each horizontal tick in the window."""
    values, start = image.profile(window, "y")
    ticks, run = [], []
    for index, value in enumerate(values + [0.0]):
        if value > 20:
            run.append(index)
        elif run:
            weight = sum(values[i] for i in run)
            ticks.append(start + sum((i + 0.5) * values[i] for i in run) / weight / image.px)
            run = []
    return ticks
