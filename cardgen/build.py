"""`cardgen build`: the print kit, rendered in memory first and written only when every
file is ready, so a failed run leaves existing output as it was."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import partial
from importlib import import_module
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from cardgen.batch import alongside
from cardgen.errors import InputError
from cardgen.formats import CUT_FILE_NAME, MODES, TRUE_RULER, ModeName
from cardgen.layout.geometry import GridError, make_grid
from cardgen.messages import Message
from cardgen.model.cards import Card, CardSet, RulesCard, SheetCard, bundled_set_names, load_card_set
from cardgen.model.faces import FaceStyle, load_set_faces, text_over_picture
from cardgen.model.layout import PAPERS, Layout, load_layout
from cardgen.render.faces import CardPainter
from cardgen.render.pictures import coarse_pictures
from cardgen.texts import DEFAULT_LANG, sheet_strings
from cardgen.yamlio import YamlDocument

if TYPE_CHECKING:
    from cardgen.layout.plan import CutterStyle
    from cardgen.render.reference import ReferencePainter

# A normal box holds 8 spare cards: the zero-card glue sheet puts the Plus reference
# card in the eighth slot.
SPARE_CARDS_IN_A_BOX = 8


@dataclass(frozen=True)
class PrintSettings:
    layout: str = "standard"
    paper: str | None = None  # None: the layout's
    flip: str | None = None  # None: the layout's
    back_offset: tuple[float, float] = (0.0, 0.0)
    lang: str = DEFAULT_LANG
    ruler_measured: tuple[float, float] = TRUE_RULER  # what the printer makes of 100 mm: card sheets drawn to cancel it
    cutter_marks: CutterStyle = "none"  # a cutting machine's registration marks on the card sheets' fronts
    cut_file: str | None = None  # "svg" or "dxf": a cut file beside each card sheet, one per sheet
    faces: str | None = None  # a face style (bundled name or file) for every set; None: each set's own


@dataclass(frozen=True)
class Job:
    stem: str
    set_names: tuple[str, ...]  # one set, or the sets that share the sheet's slots in turn
    mode: ModeName

    @property
    def file_name(self) -> str:
        return self.stem + MODES[self.mode].suffix


DEFAULT_MODE: ModeName = "duplex"
DEFAULT_KIT = (
    Job("zero-cards", ("zero-cards",), "glue"),
    Job("jokers", ("jokers",), "glue"),
    Job("jokers", ("jokers",), "duplex"),
    Job("deck", ("numbered",), "duplex"),
)


def jobs_for(sets: list[str], mode: ModeName | None, together: bool = False) -> list[Job]:
    """The default kit when no set is named; else one sheet per named set, or with
    `together` one sheet whose slots the named sets fill in turn."""
    if together:
        return [_together_job(sets, mode or DEFAULT_MODE)]
    if not sets:
        jobs = [Job(j.stem, j.set_names, mode) if mode else j for j in DEFAULT_KIT]
    else:
        jobs = [Job(_stem(name), (name,), mode or DEFAULT_MODE) for name in sets]
    return list({job.file_name: job for job in jobs}.values())  # once each


def _together_job(sets: list[str], mode: ModeName) -> Job:
    names = tuple(dict.fromkeys(sets))  # once each, in the order given
    if len(names) < 2:
        raise InputError(Message("build.together_one_set", example="--set zero-cards --set jokers --together"))
    return Job("+".join(_stem(name) for name in names), names, mode)


def _stem(set_name: str) -> str:
    return Path(set_name).stem


class _SheetPainter:
    """Card faces and backs, each card in its own set's style (a sheet of sets together
    holds several), and the reference cards that share a sheet with them. The reference
    card module (a fifth of a build's time to import) loads only for a sheet that has one."""

    def __init__(self, canvas, sets: tuple[tuple[CardSet, FaceStyle], ...], lang: str):
        self.canvas, self.lang = canvas, lang
        self.painters: dict[str, CardPainter] = {}
        for card_set, style in sets:
            painter = CardPainter(canvas, style, lang, card_set.cards)
            self.painters.update((card.id, painter) for card in card_set.cards)
        self.references: ReferencePainter | None = None

    def front(self, card: SheetCard, *box, **options) -> None:
        if isinstance(card, Card):
            self.painters[card.id].front(card, *box, **options)
            return
        if self.references is None:
            from cardgen.render.reference import ReferencePainter

            self.references = ReferencePainter(self.canvas, self.lang)
        self.references.front(card, *box, **options)

    def back(self, card: SheetCard, *box, **options) -> None:
        """The back of the card's own set (a reference card, glued or sleeved, has none)."""
        assert isinstance(card, Card), "reference cards join glue sheets only, which draw outlines"
        self.painters[card.id].back(*box, **options)


def build(
    settings: PrintSettings,
    sets: Sequence[str] = (),
    mode: ModeName | None = None,
    together: bool = False,
    warn: Callable[[Message], None] = lambda message: None,
) -> dict[str, bytes]:
    """Everything `cardgen build` writes, as bytes keyed by file name: the card sheets
    and, for the default kit, the rule summaries, score sheets and (where the sheets print
    on both sides: a kit printed on one side has no use for it) the calibration sheet.
    `together`: the named sets share one sheet's slots. `warn` hears of what prints
    poorly but prints all the same (a picture under 300 dpi)."""
    jobs = jobs_for(list(sets), mode, together)
    pages = _page_setup(settings)
    if sets:
        return _render_jobs(jobs, settings, pages, warn)
    # A worker draws the rule summaries and score sheets while this process draws the
    # card sheets and the calibration sheet (each side ~0.2 s): the files are the same bytes.
    _load_kit_extras()
    two_sided = mode is None or MODES[mode].through_paper
    with alongside(partial(_summaries_and_score_sheets, settings, pages)) as worker_files:
        files = _render_jobs(jobs, settings, pages, warn)
        files |= _calibration_sheet(settings, pages) if two_sided else {}
        return files | worker_files()


@dataclass(frozen=True)
class _PageSetup:
    """The layout, paper and flip a build prints with, from its settings and layout."""

    layout: Layout
    layout_doc: YamlDocument  # to name the file, line and field of a layout that does not print
    paper_mm: tuple[float, float]
    paper_name: str  # for the pages that have no card layout: a4 or letter
    flip: str


def _page_setup(settings: PrintSettings) -> _PageSetup:
    layout, layout_doc = load_layout(settings.layout)
    if layout.paper == "fit" and not settings.paper:
        raise layout_doc.error(("paper",), Message("build.fit_paper"))
    paper_mm = PAPERS[settings.paper] if settings.paper else layout.paper_size
    try:
        make_grid(layout, paper_mm)
    except GridError as exc:
        field = (exc.field,) if layout_doc.sets((exc.field,)) else _grid_field(layout_doc)
        raise layout_doc.error(field, exc.message) from None
    paper_name = settings.paper or (layout.paper if isinstance(layout.paper, str) else "a4")
    return _PageSetup(layout, layout_doc, paper_mm, paper_name, settings.flip or layout.flip)


def _load_kit_extras() -> None:
    """What both sides draw with, loaded once before the worker starts: the rule summaries'
    drawing (platypus, the rules, the engine), which the zero cards' sheet uses too for its
    reference card. What one side alone uses loads on that side, after the fork."""
    import_module("cardgen.render.summary")


def _calibration_sheet(settings: PrintSettings, pages: _PageSetup) -> dict[str, bytes]:
    # imported here, as the summaries and score sheets: a build of chosen sets (`--set`)
    # never loads them, nor the referee behind the summaries
    from cardgen.render.calibration import calibration_pdf

    sheet = calibration_pdf(
        paper=pages.paper_name, flip=pages.flip, back_offset=settings.back_offset, lang=settings.lang
    )
    return {"calibration.pdf": sheet}


def _summaries_and_score_sheets(settings: PrintSettings, pages: _PageSetup) -> dict[str, bytes]:
    from cardgen.model.rules import summary_variants
    from cardgen.render.scoresheet import kit_variants, score_sheet_pdf
    from cardgen.summaries import summary_pdf

    paper, flip, lang = pages.paper_name, pages.flip, settings.lang
    summaries = {
        f"rules-{variant}-{lang}.pdf": summary_pdf(variant, lang, paper, flip) for variant in summary_variants()
    }
    score_sheets = {
        f"score-{variant}-{lang}.pdf": score_sheet_pdf(variant, lang, paper=paper, flip=flip)
        for variant in kit_variants()
    }
    return summaries | score_sheets


class StaleCutFile(NamedTuple):
    path: Path
    sheet: Path  # the card sheet written now that it lies beside


def stale_cut_files(folder: str | Path, written: Iterable[str]) -> list[StaleCutFile]:
    """The cut files in `folder` beside a card sheet of `written` (file names) that are
    not themselves in `written`: an earlier build left them, and the sheet may have
    changed since."""
    names = set(written)
    stale = []
    for path in sorted(Path(folder).iterdir()):
        match = CUT_FILE_NAME.match(path.name)
        if match and path.name not in names and f"{match['stem']}.pdf" in names:
            stale.append(StaleCutFile(path, path.with_name(f"{match['stem']}.pdf")))
    return stale


def render_jobs(jobs: list[Job], settings: PrintSettings) -> dict[str, bytes]:
    """Every card sheet of the jobs, as bytes, keyed by file name. Raises InputError on bad input."""
    return _render_jobs(jobs, settings, _page_setup(settings))


def _render_jobs(
    jobs: list[Job], settings: PrintSettings, pages: _PageSetup, warn: Callable[[Message], None] = lambda message: None
) -> dict[str, bytes]:
    # here, not above: the kit's worker, forked before this runs, never plans or draws a card sheet
    from cardgen.layout.plan import CutterMarksError, MarginError, check_margins
    from cardgen.render.sheets import SheetRequest, render_sheet, sheet_plan

    layout, paper, flip = pages.layout, pages.paper_mm, pages.flip
    words = sheet_strings(settings.lang)
    files = {}
    for job in jobs:
        sets = tuple(
            (card_set, load_set_faces(card_set, settings.faces)) for card_set in map(load_card_set, job.set_names)
        )
        if any(name not in bundled_set_names() for name in job.set_names):  # verify loads for a user's set only
            from cardgen.verify.sets import refuse_failing_sets

            refuse_failing_sets(job.set_names)
        _check_together(job, sets)
        for card_set, style in sets:
            for note in card_set.doc.notes:
                warn(note)
            for message in coarse_pictures(card_set, style, (layout.card.width, layout.card.height)):
                warn(Message("input.in_file", file=card_set.doc.file, problem=message))
            over = text_over_picture(card_set, style)
            if over:
                warn(over)
        request = SheetRequest(
            title=" + ".join(words.get(f"card_sets.{name}", s.title) for name, (s, _) in zip(job.set_names, sets)),
            cards=_sheet_cards([card_set for card_set, _ in sets], job.mode),
            mode=job.mode,
            layout=layout,
            painter_factory=partial(_SheetPainter, sets=sets, lang=settings.lang),
            paper=paper,
            flip=flip,
            back_offset=settings.back_offset,
            words=words,
            cutter_marks=settings.cutter_marks,
            ruler_measured=settings.ruler_measured,
        )
        try:
            plan = sheet_plan(request)
            check_margins(plan)
        except CutterMarksError as exc:
            remedy = _REMEDIES.get(exc.cause or "")
            on_sheet = {"style": settings.cutter_marks, "file": job.file_name, "problem": exc.message}
            if remedy is None:
                raise InputError(Message("build.cutter_marks", **on_sheet)) from None
            raise InputError(Message("build.cutter_marks_remedy", **on_sheet, remedy=remedy)) from None
        except MarginError as exc:
            doc = pages.layout_doc  # the user's own field if the user's file gives it, else what they changed
            field = (exc.field,) if doc.sets((exc.field,)) else _grid_field(doc)
            remedy = _REMEDIES.get(exc.cause)
            if remedy is None:
                raise doc.error(
                    field, Message("build.on_paper", paper=_paper_words(paper), problem=exc.message)
                ) from None
            on_paper = Message("build.on_paper_remedy", paper=_paper_words(paper), problem=exc.message, remedy=remedy)
            raise doc.error(field, on_paper) from None
        files[job.file_name] = render_sheet(request, plan)
        if settings.cut_file:
            from cardgen.render.cutfile import cut_files  # here: its XML writer pulls in half of urllib

            files.update(
                cut_files(job.file_name, plan, plan.layout.card.corner_radius, request.title, settings.cut_file)
            )
    return files


# What to do when what a layout field asks for lies where it cannot print (a MarginError's
# field, a CutterMarksError's cause): the layout's settings quoted as they are written.
_FEWER_CARDS = {"layout": "--layout silhouette", "per_page": 6}
_REMEDIES = {
    "cards": Message("build.remedy_fewer_cards", **_FEWER_CARDS),
    "cut_marks": Message("build.remedy_fewer_cards_or", **_FEWER_CARDS, setting="cut_marks: {style: none}"),
    "registration": Message("build.remedy_fewer_cards_or", **_FEWER_CARDS, setting="registration: none"),
    "ruler": Message("build.remedy_setting", setting="ruler: 0"),
    "note": Message("build.remedy_setting", setting="note: false"),
    "fold": Message("build.remedy_duplex"),
    "cut_room": Message("build.remedy_fewer_columns"),
}


def _paper_words(paper: tuple[float, float]) -> Message | str:
    named = {size: name for name, size in PAPERS.items()}
    return named[paper].capitalize() if paper in named else Message("layout.size_mm", width=paper[0], height=paper[1])


def _check_together(job: Job, sets: tuple[tuple[CardSet, FaceStyle], ...]) -> None:
    """Sets that share a sheet: cards drawn for one size, each card id once."""
    if len(sets) < 2:
        return
    sizes = {(style.design_size.width, style.design_size.height) for _, style in sets}
    if len(sizes) > 1:
        drawn = [
            Message("build.drawn_for", set=name, width=style.design_size.width, height=style.design_size.height)
            for name, (_, style) in zip(job.set_names, sets)
        ]
        raise InputError(Message("build.together_sizes", drawn=drawn))
    owner: dict[str, str] = {}
    for name, (card_set, _) in zip(job.set_names, sets):
        for card in card_set.cards:
            if card.id in owner:
                raise InputError(Message("build.together_card_twice", first=owner[card.id], second=name, card=card.id))
            owner[card.id] = name


# The fields that decide whether the cards fit the paper, the likeliest culprit first.
_GRID_FIELDS = ("paper", "card", "bleed", "gap", "margins", "columns", "rows", "cut_marks")


def _grid_field(layout_doc) -> tuple[str]:
    """The field to name when no card fits: the first of them the user's own file gives."""
    return next(((name,) for name in _GRID_FIELDS if layout_doc.sets((name,))), ("card",))


def _sheet_cards(card_sets: list[CardSet], mode: str) -> tuple[SheetCard, ...]:
    """The sets' cards in turn, each as many times as its `count`, each set's reference
    cards after its own (once a sheet): zero cards and jokers together put the Plus
    reference card in the eighth slot."""
    cards: list[SheetCard] = []
    for card_set in card_sets:
        cards += card_set.printed_cards()
        cards += [card for card in _references_for(card_set, mode) if card not in cards]
    return tuple(cards)


def _references_for(card_set: CardSet, mode: str) -> tuple[RulesCard, ...]:
    """The reference cards that join the set's cards on its sheet: the Plus reference card
    fills the zero cards' glue sheet up to a box's spare cards."""
    cards = card_set.printed_cards()
    if MODES[mode].spare_cards and all(card.kind == "zero" for card in cards) and len(cards) < SPARE_CARDS_IN_A_BOX:
        return (RulesCard("plus"),)
    return ()
