"""What a player chooses, turned into the files cardgen makes: the one place both faces
(the command line and the studio) resolve their choices, so the same choices give the
same bytes whichever face they were made in.

    settings = resolve_print_settings("standard", "letter", None, None, "office", "fr")
    files = print_files(PrintChoice(cards="jokers", two_sided=False, material="card_stock"))

Explicit options win over a saved printer profile, which wins over the layout. A player's
answers ("my printer prints both sides", "I print on card stock") become a sheet mode of
`cardgen.formats.MODES`, a print-shop export or a cutting machine's sheets here, and the
command line that makes the same files is said beside them (`command_line`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Literal

from cardgen.errors import InputError
from cardgen.texts import DEFAULT_LANG

if TYPE_CHECKING:
    from cardgen.build import PrintSettings
    from cardgen.formats import ModeName


def resolve_print_settings(layout, paper, flip, back_offset, printer, lang, ruler_measured=None) -> PrintSettings:
    """Explicit options win over the printer profile, which wins over the layout."""
    from cardgen.build import PrintSettings
    from cardgen.formats import TRUE_RULER

    offset, measured = (0.0, 0.0), TRUE_RULER
    if printer:  # the printer profiles load only when asked for: a plain build does without platformdirs
        from cardgen.printers import load_profile

        profile = load_profile(printer)
        paper = paper or profile.paper
        flip = flip or profile.flip
        offset, measured = profile.back_offset, profile.ruler_measured
    if back_offset:
        from cardgen.printers import parse_offset

        offset = parse_offset(back_offset)
    if ruler_measured:
        from cardgen.printers import parse_ruler_measured

        measured = parse_ruler_measured(ruler_measured)
    return PrintSettings(layout=layout, paper=paper, flip=flip, back_offset=offset, lang=lang, ruler_measured=measured)


def resolve_paper_and_flip(paper: str | None, flip: str | None, printer: str | None) -> tuple[str, str]:
    """The paper and flip of pages without a card layout: the options, else the printer
    profile's, else A4 and the long edge."""
    settings = resolve_print_settings("standard", paper, flip, None, printer, DEFAULT_LANG)
    return settings.paper or "a4", settings.flip or "long"


# --- card sheets, from a player's answers -------------------------------------------

CardsChoice = Literal["kit", "zero-cards", "jokers", "numbered"]
CARDS: dict[str, tuple[str, ...]] = {  # the kit: every sheet cardgen build makes with no --set
    "kit": (),
    "zero-cards": ("zero-cards",),
    "jokers": ("jokers",),
    "numbered": ("numbered",),
}
Material = Literal["spare_cards", "card_stock", "sleeves", "print_shop", "cutting_machine"]
MATERIALS: tuple[Material, ...] = ("spare_cards", "card_stock", "sleeves", "print_shop", "cutting_machine")
EVERY_SET = ("zero-cards", "jokers", "numbered")  # what a print shop is sent for the kit
CUTTER_LAYOUT = "silhouette"


@dataclass(frozen=True)
class PrintChoice:
    """A player's answers: which cards, whether the printer prints both sides, what the
    cards end up on, and the paper, flip, language and back offset (or saved printer)."""

    cards: CardsChoice = "kit"
    two_sided: bool = True
    material: Material = "spare_cards"
    paper: str | None = None  # None: the printer's, else the layout's
    flip: str | None = None
    lang: str = DEFAULT_LANG
    back_offset: str | None = None  # "X,Y" in mm, as typed
    printer: str | None = None  # a saved printer profile


def sheet_mode(material: Material, two_sided: bool) -> ModeName | None:
    """The sheet mode that answers make; None: the kit's own modes (glue sheets for the box's
    spare cards, duplex for the rest), on a two-sided printer gluing onto spare cards."""
    if material == "spare_cards":
        return None if two_sided else "sticker"
    if material == "sleeves":
        return "sleeve"
    if material == "cutting_machine":
        return "duplex" if two_sided else "sleeve"  # a fold sheet takes no cutting-machine marks
    return "duplex" if two_sided else "fold"


def _sets_and_mode(choice: PrintChoice) -> tuple[tuple[str, ...], ModeName | None]:
    sets = CARDS[choice.cards]
    mode = sheet_mode(choice.material, choice.two_sided)
    if mode is None and sets:  # a chosen set on spare cards, two-sided: the glue sheet
        mode = "glue"
    return sets, mode


def print_files(choice: PrintChoice, warn=lambda message: None) -> dict[str, bytes]:
    """Every file the choice makes, by name, as `command_line(choice)` writes them."""
    if choice.material == "print_shop":
        from cardgen.export import export

        return export(_export_request(choice))
    from cardgen.build import build

    sets, mode = _sets_and_mode(choice)
    return build(_build_settings(choice), sets, mode, warn=warn)


def _export_request(choice: PrintChoice):
    from cardgen.export import ExportRequest

    return ExportRequest(CARDS[choice.cards] or EVERY_SET, format="pdf", lang=choice.lang)


def _build_settings(choice: PrintChoice) -> PrintSettings:
    cutting = choice.material == "cutting_machine"
    layout = CUTTER_LAYOUT if cutting else "standard"
    settings = resolve_print_settings(
        layout, choice.paper, _flip(choice), choice.back_offset, choice.printer, choice.lang
    )
    if cutting:
        settings = replace(settings, cutter_marks="silhouette", cut_file="svg")
    return settings


def _flip(choice: PrintChoice) -> str | None:
    return choice.flip if choice.two_sided else None


def command_line(choice: PrintChoice) -> list[str]:
    """The cardgen command that writes the same files as `print_files(choice)`."""
    if choice.material == "print_shop":
        request = _export_request(choice)
        named = [arg for name in request.sets for arg in ("--set", name)]
        return ["cardgen", "export", *named, "--format", "pdf", "--lang", choice.lang]
    sets, mode = _sets_and_mode(choice)
    words = ["cardgen", "build", *(arg for name in sets for arg in ("--set", name))]
    words += ["--mode", mode] if mode else []
    if choice.material == "cutting_machine":
        words += ["--layout", CUTTER_LAYOUT, "--cut-marks", "silhouette", "--cut-file", "svg"]
    words += _print_options(choice.paper, _flip(choice), choice.back_offset, choice.printer)
    return words + ["--lang", choice.lang]


def _print_options(paper, flip, back_offset=None, printer=None) -> list[str]:
    given = {"--paper": paper, "--flip": flip, "--back-offset": back_offset, "--printer": printer}
    return [word for option, value in given.items() if value for word in (option, value)]


def in_pairs(name: str) -> bool:
    """Whether the file `name` that cardgen build wrote holds its pages in front/back pairs
    (its mode prints the backs through the paper); a print shop's PDF never does."""
    from cardgen.formats import MODES

    return any(name.endswith(mode.suffix) and mode.through_paper for mode in MODES.values())


# --- rule summaries and score sheets --------------------------------------------------


def rule_summary_files(variants: list[str], lang: str, paper: str, flip: str) -> dict[str, bytes]:
    """The rule summary of each variant (a name or a rule YAML file), by file name."""
    from pathlib import Path

    from cardgen.summaries import summary_pdf

    return {f"rules-{Path(v).stem}-{lang}.pdf": summary_pdf(v, lang, paper, flip) for v in variants}


def reference_files(variants: list[str], lang: str, paper: str, every: bool) -> dict[str, bytes]:
    """The sheet of the variants' reference cards (`every`: all of them, named so)."""
    from cardgen.render.reference import reference_sheet_pdf

    return {f"reference-{'all' if every else variants[0]}-{lang}.pdf": reference_sheet_pdf(variants, lang, paper)}


def score_sheet_files(
    variants: list[str], players: int | None, copies: int, lang: str, paper: str, flip: str
) -> dict[str, bytes]:
    """The score sheets of each variant (every player count, or `players`), by file name."""
    from cardgen.render.scoresheet import score_sheet_pdf

    suffix = f"-{players}p" if players is not None else ""
    return {f"score-{v}{suffix}-{lang}.pdf": score_sheet_pdf(v, lang, players, paper, flip, copies) for v in variants}


def check_variant(variant: str) -> str:
    """`variant` if it has a rule summary, else the error naming those that do."""
    from cardgen.engine import variant_words
    from cardgen.model.rules import summary_variants

    if variant not in summary_variants():
        raise InputError(f"there is no variant {variant!r}: choose {variant_words(summary_variants())}.")
    return variant


def calibration_file(paper: str | None, flip: str | None, back_offset, printer, lang: str) -> bytes:
    """The calibration sheet, its paper, flip and back offset as `cardgen calibrate` resolves them."""
    from cardgen.render.calibration import calibration_pdf

    settings = resolve_print_settings("standard", paper, flip, back_offset, printer, lang)
    return calibration_pdf(
        paper=settings.paper or "a4", flip=settings.flip or "long", back_offset=settings.back_offset, lang=lang
    )


def scale_lines() -> tuple[tuple[int, ...], tuple[float, ...]]:
    """What one scale of the calibration sheet can read: whole mm on its coarse row, the
    fraction of a mm on its fine row."""
    from cardgen.render.calibration import COARSE_LINES, FINE_LINES, FINE_STEP

    return COARSE_LINES, tuple(line * FINE_STEP for line in FINE_LINES)


def scale_reading(whole: str, fraction: str, axis: str) -> float:
    """The mm a scale reads: its coarse row's number plus its fine row's fraction."""
    coarse, fine = scale_lines()
    try:
        value = (int(whole), float(fraction))
    except ValueError:
        value = (None, None)  # type: ignore[assignment]
    if value[0] not in coarse or value[1] not in fine:
        raise InputError(
            f"the {axis} scale reads {', '.join(map(str, coarse))} on its row of whole mm "
            f"and {', '.join(f'{f:+g}' for f in fine)} on its row of quarters, not {whole!r} and {fraction!r}."
        )
    return value[0] + value[1]


# --- games ---------------------------------------------------------------------------


def game_settings(
    variant, player_count, players_kind, card_sets, threshold, rounds, free_companion, one_zero_each, max_players
):
    """(options, a player kind per seat, the cards) from the options of simulate and balance,
    on the command line or in the studio; InputError when they do not make a game."""
    from cardgen.engine import OptionError, Options
    from cardgen.model.play import check_players, load_pool

    kinds = [kind.strip() for given in players_kind for kind in given.split(",")]  # the option may be repeated
    if len(kinds) == 1:
        kinds *= player_count
    if len(kinds) != player_count:
        raise InputError(f"--players-kind names {len(kinds)} players but --players is {player_count}")
    try:
        options = Options(
            variant,
            threshold=threshold,
            rounds=rounds,
            free_companion=free_companion,
            one_zero_each=one_zero_each,
            max_players=max_players,
        )
    except OptionError as exc:
        raise InputError(str(exc)) from None
    pool = load_pool(card_sets)
    check_players(options, player_count, pool, card_sets)
    return options, kinds, pool


def balance_run(
    card_sets,
    variant: str,
    players: int,
    players_kind,
    games: int,
    seed: int,
    jobs: int,
    progress=None,
    shown_as=None,
    **how,
):
    """`cardgen balance`: the report, and the notes said beside it (cards the variant never
    deals, games that never vary). `shown_as`: the sets' names in the report, if not their
    paths; `how`: where and how its workers start (balance's start_method, scheduler)."""
    from cardgen.balance import balance
    from cardgen.simulate import never_dealt_words

    options, kinds, pool = game_settings(variant, players, players_kind, card_sets, None, None, False, False, None)
    named = shown_as or [str(name) for name in card_sets]
    report = balance(options, kinds, games, seed, pool, jobs, named, progress=progress, **how)
    notes = []
    if report.never_dealt:
        notes.append(f"{never_dealt_words(options, len(kinds), report.never_dealt)}.")
    if not report.games_vary:
        notes.append(
            "every game was the same game (these players never choose at random): "
            "the report can tell no finding; add a random player."
        )
    return report, notes


def calibration_scales(pdf: bytes) -> list[dict]:
    """Where the calibration sheet `pdf` draws each of its scales, from its record: the axis
    and station, every line of its two rows with what it reads (whole mm, fractions of a
    mm) and where it stands on the front page (mm from the lower left), and a box around it
    all, to show the scale as a picture and to tell which line a reader points at."""
    import io
    import json

    import pypdf

    from cardgen.formats import CALIBRATION_ATTACHMENT

    (data,) = pypdf.PdfReader(io.BytesIO(pdf)).attachments[CALIBRATION_ATTACHMENT]
    record = json.loads(data)
    found = []
    for scale in record["scales"]:
        direction, across = scale["value_direction"], scale["across"]
        rows = {
            "whole": _row(scale["coarse_zero"], direction, record["coarse"], 1.0),
            "fine": _row(scale["fine_zero"], direction, record["fine"], record["fine"]["step"]),
        }
        points = [line["at_mm"] for row in rows.values() for line in row]
        # the lines rise 6 mm towards their numbers (across), the rows' names stand beyond
        # their ends (along): room for both on every side
        corners = [(x + a * across[0] + d * direction[0], y + a * across[1] + d * direction[1])
                   for x, y in points for a in (-4.0, 15.0) for d in (-26.0, 26.0)]  # fmt: skip
        xs, ys = [x for x, _ in corners], [y for _, y in corners]
        box = [round(min(xs), 2), round(min(ys), 2), round(max(xs), 2), round(max(ys), 2)]
        found.append({"station": scale["station"], "axis": scale["axis"], "rows": rows, "box_mm": box})
    return found


def _row(zero, direction, row: dict, step: float) -> list[dict]:
    pitch = row["front_pitch"]
    return [
        {"reads": k * step, "at_mm": [zero[0] + k * pitch * direction[0], zero[1] + k * pitch * direction[1]]}
        for k in row["lines"]
    ]
