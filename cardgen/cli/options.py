"""Options the printing commands share, and how they combine: explicit options win
over a saved printer profile, which wins over the layout."""

import click

from cardgen.texts import LANGUAGES

LANGS = click.Choice(LANGUAGES)
LANGS_METAVAR = "|".join(LANGUAGES)


def _layout_option(what: str):
    words = f"{what}: a bundled layout, a layout YAML file, or WIDTHxHEIGHT in mm (the standard layout with that card)."
    return click.option("--layout", default="standard", show_default=True, metavar="NAME|FILE|WxH", help=words)


card_layout_option = _layout_option("The card")  # preview, export: a layout's card alone


def _paper_option(default: str):
    return click.option(
        "--paper", type=click.Choice(["a4", "letter"]), help=f"Paper size (default: the --printer's, else {default})."
    )


def _printer_option(takes: str):
    return click.option(
        "--printer", metavar="NAME", help=f"Take {takes} from a saved printer profile (options given here win)."
    )


def _flip_option(default: str):
    return click.option(
        "--flip",
        type=click.Choice(["long", "short"]),
        help=f"The edge the printer turns the sheet on (default: the --printer's, else {default}).",
    )


def _apply(function, options):
    for option in reversed(options):
        function = option(function)
    return function


def print_options(function):
    """The options every printing command shares."""
    return _apply(
        function,
        [
            _layout_option("The page layout"),
            _paper_option("the layout's, A4"),
            _flip_option("the layout's, long"),
            click.option(
                "--back-offset",
                metavar="X,Y",
                help="Move back pages X mm right and Y mm up, as seen on the back, to cancel a printer's shift.",
            ),
            _printer_option("flip, paper and back offset"),
            click.option(
                "--lang",
                type=LANGS,
                default="en",
                show_default=True,
                help="Language of the printed texts and the joker's decimal separator.",
            ),
        ],
    )


def paper_options(function):
    """--paper, --flip and --printer, for the pages that have no card layout (rules, score
    sheets): a PDF of one page prints one-sided whatever the flip."""
    return _apply(
        function,
        [_paper_option("A4"), _flip_option("long; a one-page PDF prints one-sided"), _printer_option("paper and flip")],
    )


def resolve_paper_and_flip(paper: str | None, flip: str | None, printer: str | None) -> tuple[str, str]:
    """The paper and flip of pages without a card layout: the options, else the printer
    profile's, else A4 and the long edge."""
    settings = resolve_print_settings("standard", paper, flip, None, printer, "en")
    return settings.paper or "a4", settings.flip or "long"


def resolve_print_settings(layout, paper, flip, back_offset, printer, lang):
    """Explicit options win over the printer profile, which wins over the layout."""
    from cardgen.build import PrintSettings

    offset = (0.0, 0.0)
    if printer:  # the printer profiles load only when asked for: a plain build does without platformdirs
        from cardgen.printers import load_profile

        profile = load_profile(printer)
        paper = paper or profile.paper
        flip = flip or profile.flip
        offset = profile.back_offset
    if back_offset:
        from cardgen.printers import parse_offset

        offset = parse_offset(back_offset)
    return PrintSettings(layout=layout, paper=paper, flip=flip, back_offset=offset, lang=lang)


class VariantChoice(click.ParamType):
    """A variant of the engine, looked up when the command runs: a variant registered
    by a plug-in or a test is a choice like the four bundled ones."""

    name = "variant"

    def get_metavar(self, *args, **kwargs) -> str:
        from cardgen.engine import VARIANTS

        return "[" + "|".join(VARIANTS) + "]"

    def convert(self, value, param, ctx):
        from cardgen.engine import VARIANTS, variant_words

        if value in VARIANTS:
            return value
        self.fail(f"{value!r} is not one of {variant_words()}.", param, ctx)


def jobs_option(function):
    """--jobs N: simulated games on N processes; None means every core."""
    return click.option(
        "--jobs",
        type=click.IntRange(1),
        metavar="N",
        help="Play the games on N processes (default: one per core); the results are the same for any N.",
    )(function)
