"""Every kit verifies itself: in each language, on A4 and Letter, for either flip, and
with the longest set title the schema allows; and no margin text runs over a target,
the ruler or a cut mark."""

import subprocess
import sys
from functools import cache, lru_cache
from itertools import product
from unittest.mock import patch

import pypdfium2
import pytest
from pdfcheck import MM, layout_record, reader, small_texts

from cardgen.build import PrintSettings, build
from cardgen.formats import FLIPS, PAPERS
from cardgen.layout.plan import plan_sheets
from cardgen.model.layout import load_layout
from cardgen.render.scoresheet import score_sheet_pdf
from cardgen.summaries import summary_pdf
from cardgen.texts import LANGUAGES, sheet_strings
from cardgen.verify.run import verify_inputs

LANGS = LANGUAGES
# every language on each paper, turning on the other edge on the other paper, so that each
# language meets both flips and each paper both flips with half the languages
MATRIX = [(lang, paper, FLIPS[(i + j) % 2]) for i, lang in enumerate(LANGS) for j, paper in enumerate(PAPERS)]
CARD_SHEETS = ("zero-cards-glue.pdf", "jokers-glue.pdf", "jokers-duplex.pdf", "deck-duplex.pdf")
# Verifying the 104-card deck reads back every slot (most of a kit's verify time): it is
# verified in two opposite corners of the matrix, the smaller sheets everywhere.
DECK_VERIFIED = {MATRIX[0], MATRIX[-1]}
# a test for each kit of the matrix, the tests grouped by kit (a parameter of module scope):
# each worker builds few of the kits
EVERY_KIT = pytest.mark.parametrize("lang,paper,flip", MATRIX, scope="module")
LONGEST_TITLE = (
    "Die Nullkarten, die Joker und die übrigen Sonderkarten der Jubiläumsausgabe — "
    "selbst gedruckt, für Übungsrunden am Wochenende"
)[:120].ljust(120, "x")
TARGET_WINDOW = 1.0  # mm around a target's cross that verify reads to find it
PRINTABLE = (6.35, 4.2)  # mm along the sides and the top and bottom that a common laser does not print


# Rule summaries and score sheets depend on language and paper, not on the flip: the
# two kits of each language and paper share them, drawn once (both are byte-identical on
# every rebuild, as test_rules_pdf and test_scoresheet check).
_summary_pdf = lru_cache(maxsize=None)(summary_pdf)
_score_sheet_pdf = lru_cache(maxsize=None)(score_sheet_pdf)


@cache
def kit(lang: str, paper: str, flip: str) -> dict[str, bytes]:
    with (
        patch("cardgen.summaries.summary_pdf", _summary_pdf),
        patch("cardgen.render.scoresheet.score_sheet_pdf", _score_sheet_pdf),
    ):
        return build(PrintSettings(paper=paper, flip=flip, lang=lang))


def _write(files: dict[str, bytes], folder, names) -> list[str]:
    paths = []
    for name in names:
        path = folder / name
        path.write_bytes(files[name])
        paths.append(str(path))
    return paths


def _failures(reports) -> list[str]:
    return [
        f"{report.input}: {check.line()}"
        for report in reports
        if not report.ok
        for check in report.checks
        if check.result == "fail"
    ]


@EVERY_KIT
def test_every_pdf_of_the_kit_passes_verify(lang, paper, flip, tmp_path):
    files = kit(lang, paper, flip)
    names = [name for name in sorted(files) if name != "deck-duplex.pdf" or (lang, paper, flip) in DECK_VERIFIED]
    reports = verify_inputs(_write(files, tmp_path, names))
    assert len(reports) == len(names)
    assert not _failures(reports)


@pytest.mark.parametrize("paper", PAPERS)
def test_a_set_with_the_longest_title_passes_verify(paper, tmp_path):
    card_set = tmp_path / "long-title.yaml"
    card_set.write_text(
        f'name: long-title\ntitle: "{LONGEST_TITLE}"\ncards:\n'
        + "".join(f'  - {{id: "J0.{n}", kind: joker, value: 0.{n}, heads: 1}}\n' for n in range(10)),
        encoding="utf-8",
    )
    files = build(PrintSettings(paper=paper, lang="de"), sets=[str(card_set)], mode="duplex")
    reports = verify_inputs(_write(files, tmp_path, files))
    assert not _failures(reports)
    notes = PageTexts(files["long-title-duplex.pdf"]).text(1)
    assert "Seite 1 von 4" in notes and "Mit 100 %" in notes  # the title is the part cut short,
    assert LONGEST_TITLE[:30] in notes  # from its end


@EVERY_KIT
def test_the_whole_note_is_printed_clear_of_targets_ruler_and_cut_marks(lang, paper, flip):
    files, words = kit(lang, paper, flip), sheet_strings(lang)
    for name in CARD_SHEETS:
        pages = PageTexts(files[name])
        for page in pages.checked:
            text = pages.text(page)
            assert _words(words["print_actual_size"]) in text, (name, page)
            assert _words(words["page"].format(n=page, total=pages.count)) in text, (name, page)
        clashes = list(_clashes(name, pages))
        assert not clashes, clashes[:5]


class PageTexts:
    """The text pages of a card sheet's PDF. The pages checked are the first two and the
    last two: the others differ from them only by a page number of the same width."""

    def __init__(self, content: bytes) -> None:
        self.record = layout_record(content)
        self.document = pypdfium2.PdfDocument(content)
        self.count = len(self.document)
        self.checked = sorted({1, 2, self.count - 1, self.count} & set(range(1, self.count + 1)))

    def text(self, page: int) -> str:
        return _words(self.document[page - 1].get_textpage().get_text_range())


def _words(text: str) -> str:
    return " ".join(text.split())  # no-break spaces read back as spaces


def test_a_longest_title_is_kept_off_the_marks_too(tmp_path):
    card_set = tmp_path / "long-title.yaml"
    card_set.write_text(
        f'name: long-title\ntitle: "{LONGEST_TITLE}"\ncards:\n  - {{id: "Z", kind: zero, value: 0, heads: 0}}\n',
        encoding="utf-8",
    )
    for paper, lang in product(PAPERS, LANGS):
        files = build(PrintSettings(paper=paper, lang=lang), sets=[str(card_set)], mode="glue")
        assert not list(_clashes("long-title-glue.pdf", PageTexts(files["long-title-glue.pdf"]))), (paper, lang)


def _clashes(name: str, pages: PageTexts, layout: str = "standard"):
    """Every character outside the cards that overlaps a target, the ruler or the cut
    marks, or leaves the printable area, named with what it touches."""
    record = pages.record
    for page in record["pages"]:
        if page["page"] not in pages.checked:
            continue
        keep_out = _keep_out_boxes(record, page, load_layout(layout)[0])
        cards = [box for what, box in keep_out if what == "card"]
        text = pages.document[page["page"] - 1].get_textpage()
        for index in range(text.count_chars()):
            char = text.get_text_range(index, 1)
            if not char.strip():
                continue
            box = [v / MM for v in text.get_charbox(index)]  # left, bottom, right, top
            if any(_inside(box, card) for card in cards):
                continue  # a card's own text
            where = f"{name} page {page['page']}: {char!r} at x {box[0]:.1f}, y {box[1]:.1f} mm"
            for what, keep in keep_out:
                if what != "card" and _overlap(box, keep):
                    yield f"{where} overlaps the {what}"
            (width, height), (sides, ends) = record["paper_mm"], PRINTABLE
            if box[0] < sides or box[1] < ends or box[2] > width - sides or box[3] > height - ends:
                yield f"{where} is where a common laser printer does not print"


def _keep_out_boxes(record: dict, page: dict, layout) -> list[tuple[str, list[float]]]:
    """(what, [x0, y0, x1, y1] mm) of the cards with their bleed, each cut mark (where the
    sheet's plan puts it), the targets with the window verify reads, and the ruler with its ticks."""
    side, paper = page["side"], record["paper_mm"]
    rects = [
        card["trim_mm"] if side == "front" else card["back"]["trim_mm"]
        for card in record["cards"]
        if (card["page"] if side == "front" else card["back"]["page"]) == page["page"]
    ]
    bleed = record["bleed_mm"]
    boxes = [("card", [x - bleed, y - bleed, x + w + bleed, y + h + bleed]) for x, y, w, h in rects]
    plan = plan_sheets(
        len(record["cards"]),
        layout,
        tuple(record["paper_mm"]),
        record["mode"],
        record["flip"] or "long",
        tuple(record["back_offset_mm"]),
    )
    half_width = layout.cut_marks.width / 2
    for mark in plan.pages[page["page"] - 1].cut_marks:  # as long as the margins leave them
        xs, ys = sorted((mark.x0, mark.x1)), sorted((mark.y0, mark.y1))
        boxes.append(("cut marks", [xs[0] - half_width, ys[0] - half_width, xs[1] + half_width, ys[1] + half_width]))
    half = record["target_size_mm"] / 2 + TARGET_WINDOW
    for x, y in record["targets_mm"]:
        if side == "back":
            x, y = _behind(x, y, paper, record["flip"], record["back_offset_mm"])
        boxes.append(("target", [x - half, y - half, x + half, y + half]))
    if page.get("ruler_line_mm"):
        x0, y0, x1, y1 = page["ruler_line_mm"]
        tx, ty = page["ruler_ticks"]  # the ticks reach 2.2 mm that way
        xs, ys = sorted((x0 + 2.25 * tx, x1 - 0.1 * tx)), sorted((y0 + 2.25 * ty, y1 - 0.1 * ty))
        boxes.append(("ruler", [xs[0], ys[0], xs[1], ys[1]]))
    return boxes


def _behind(x: float, y: float, paper, flip: str, offset) -> tuple[float, float]:
    width, height = paper
    x, y = (width - x, y) if flip == "long" else (x, height - y)
    return x + offset[0], y + offset[1]


def _inside(box, outer) -> bool:
    return box[0] >= outer[0] and box[1] >= outer[1] and box[2] <= outer[2] and box[3] <= outer[3]


def _overlap(box, other) -> bool:
    return box[0] < other[2] and other[0] < box[2] and box[1] < other[3] and other[1] < box[3]


def test_the_margin_marks_are_stored_once_per_distinct_page():
    """Cut marks, targets and ruler are one shared drawing for all full fronts, one for
    all full backs (and one each for a part-filled last sheet): a smaller file."""
    content = kit("en", "a4", "long")["deck-duplex.pdf"]
    pdf = reader(content)
    shared = {
        xobject.idnum
        for page in pdf.pages
        for name, xobject in page["/Resources"]["/XObject"].items()
        if "furniture" in name
    }
    assert len(pdf.pages) == 24 and len(shared) == 4


def test_a_sheet_without_a_reference_card_does_not_load_its_module():
    """The reference card's module is a sixth of a second to import: a deck build skips it."""
    script = (
        "import sys; from cardgen.build import PrintSettings, jobs_for, render_jobs; "
        "render_jobs(jobs_for(['numbered'], 'duplex'), PrintSettings()); "
        "print('cardgen.render.reference' in sys.modules)"
    )
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert run.stdout.strip() == "False"


def test_a_layout_with_narrow_side_margins_moves_targets_note_and_ruler_to_the_top_and_bottom(tmp_path):
    """Poker cards leave too little room beside them for a target, a line of the note or the
    ruler beyond the cut marks: the targets sit in the bottom and top margins, in line with
    the outer columns, the note runs across the bottom margin and the ruler across the top,
    all inside a common laser's printable area and clear of each other, on A4 and Letter."""
    for paper in PAPERS:
        files = build(PrintSettings(layout="poker", paper=paper, lang="nl"), sets=["jokers"], mode="duplex")
        pages = PageTexts(files["jokers-duplex.pdf"])
        record = pages.record
        (width, height), half = record["paper_mm"], record["target_size_mm"] / 2
        for x, y in record["targets_mm"]:
            assert PRINTABLE[0] <= x - half and x + half <= width - PRINTABLE[0], (x, y)
            assert PRINTABLE[1] <= y - half and y + half <= height - PRINTABLE[1], (x, y)
            bottom = min(card["trim_mm"][1] for card in record["cards"]) - record["bleed_mm"]
            top = max(card["trim_mm"][1] + card["trim_mm"][3] for card in record["cards"]) + record["bleed_mm"]
            assert y + half < bottom or y - half > top, (x, y)  # below or above the cards
        x0, y0, x1, y1 = record["pages"][0]["ruler_line_mm"]
        assert y0 == y1 > height - 10
        for page in pages.checked:
            assert _words(sheet_strings("nl")["print_actual_size"]) in pages.text(page), page
        clashes = list(_clashes("jokers-duplex.pdf", pages, "poker"))
        assert not clashes, clashes[:5]


@EVERY_KIT
def test_no_text_of_the_kit_is_printed_under_6_pt(lang, paper, flip):
    # the ruler's labels were 5 pt, German score sheets' "Summe" 5.1 pt, the summaries'
    # little cards' corner numbers 1.4 pt
    for name, content in kit(lang, paper, flip).items():
        small = small_texts(content, PageTexts(content).checked if name in CARD_SHEETS else None)
        assert not small, (name, small[:5])


@EVERY_KIT
def test_every_margin_note_names_its_set_whole(lang, paper, flip):
    # the sticker sheet's long instructions cut the name ("Les 7…", "D…") or dropped it (de):
    # a note shortens its instructions first
    words = sheet_strings(lang)
    files = dict(kit(lang, paper, flip))
    for mode in ("sticker", "fold", "sleeve"):
        files |= build(PrintSettings(paper=paper, flip=flip, lang=lang), sets=["zero-cards", "jokers"], mode=mode)
    for name in [name for name in files if name.startswith(("deck", "zero-cards", "jokers"))]:
        title = _words(words["card_sets." + {"deck": "numbered"}.get(name.split("-")[0], name.rsplit("-", 1)[0])])
        pages = PageTexts(files[name])
        for page in pages.checked:
            assert title in pages.text(page), (name, page, pages.text(page)[-300:])
        assert not small_texts(files[name], pages.checked), name
