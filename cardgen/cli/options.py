"""The commands' options, one decorator per family; how the printing ones combine
(explicit options win over a saved printer profile, which wins over the layout) is
cardgen.choices, which the studio shares."""

from pathlib import Path
from typing import NoReturn

import click

from cardgen.engine.strategies import KINDS
from cardgen.formats import FLIPS, PAPERS, RULER_MEASURED, RULER_MM
from cardgen.messages import REFERENCE, Message, choose_language, language_of_environment
from cardgen.texts import LANGUAGES


def refuse(message: Message, param, ctx) -> NoReturn:
    """An option's value refused, said in the command's language (the Message goes as it is)."""
    raise click.BadParameter(message, ctx, param)  # type: ignore[arg-type]


class _Choice(click.Choice):
    """click's Choice, its refusal said in the command's language."""

    def convert(self, value, param, ctx):
        try:
            return super().convert(value, param, ctx)
        except click.BadParameter:
            refuse(Message("cli.not_one_of", value=value, choices=list(self.choices)), param, ctx)


class _Whole(click.IntRange):
    """A whole number within bounds, its refusal said in the command's language."""

    def convert(self, value, param, ctx):
        try:
            return super().convert(value, param, ctx)
        except click.BadParameter:
            try:
                int(value)
            except (TypeError, ValueError):
                refuse(Message("cli.not_whole", value=value), param, ctx)
            if self.max is None:
                refuse(Message("cli.too_small", value=value, low=self.min), param, ctx)
            refuse(Message("cli.out_of_range", value=value, low=self.min, high=self.max), param, ctx)


def whole(low: int | None = None, high: int | None = None) -> click.IntRange:
    """A whole number from `low` to `high` (either may be open)."""
    return _Whole(low, high)


class _Decimal(click.ParamType):
    """A number, with a decimal point or a decimal comma (0.75 or 0,75)."""

    name = "number"

    def convert(self, value, param, ctx):
        if isinstance(value, float):
            return value
        try:
            return float(str(value).replace(",", "."))
        except ValueError:
            refuse(Message("cli.not_a_number", value=value), param, ctx)


DECIMAL = _Decimal()


def choice(values) -> click.Choice:
    """One of `values`, in any case: --paper Letter is --paper letter."""
    return _Choice(list(values), case_sensitive=False)


LANGS = choice(LANGUAGES)
PAPER_CHOICE = choice(PAPERS)
FLIP_CHOICE = choice(FLIPS)


def _layout_option(what: str):
    words = f"{what}: a bundled layout, a layout YAML file, or WIDTHxHEIGHT in mm, or in inches as 2.5x3.5in (the standard layout with that card)."
    return click.option("--layout", default="standard", show_default=True, metavar="NAME|FILE|WxH", help=words)


card_layout_option = _layout_option("The card")  # preview, export: a layout's card alone


BUNDLED_SETS = "A bundled card set (numbered, zero-cards, jokers) or a set YAML; repeatable."


def set_option(help: str = BUNDLED_SETS, dest: str = "sets", required: bool = False):
    """--set NAME|FILE, repeatable: card sets by bundled name or YAML file."""
    return click.option("--set", dest, multiple=True, required=required, metavar="NAME|FILE", help=help)


def faces_option(help: str):
    return click.option("--faces", metavar="STYLE|FILE", help=help)


def lang_option(help: str, expose: bool = True):
    """--lang: the language of what the command prints and says; else the environment's
    (LANGUAGE, LC_ALL, LC_MESSAGES, LANG, as gettext reads them), else English. Read before
    the other options, so that a mistake in them is said in it."""
    return click.option(
        "--lang",
        type=LANGS,
        default=_default_language,
        show_default="the system's language, else en",
        is_eager=True,
        callback=_speak,
        expose_value=expose,
        help=help,
    )


def _default_language() -> str:
    return language_of_environment() or REFERENCE


LANG_META = "cardgen.lang"  # where the chosen language waits for an error to be said in it


def _speak(ctx: click.Context, param: click.Parameter, lang: str) -> str:
    choose_language(lang)  # until the command line's run ends (cardgen.cli's `speaking` block)
    ctx.meta[LANG_META] = lang
    return lang


def output_option(help: str, default: str | None = None, folder: bool | None = None):
    """-o/--output: a folder (folder=True), a file (folder=False) or either (None)."""
    path = click.Path(file_okay=folder is not True, dir_okay=folder is not False, path_type=Path)
    return click.option("-o", "--output", type=path, default=default, show_default=True, help=help)


def dpi_option(default: int, help: str, type: click.ParamType | type = int):
    return click.option("--dpi", type=type, default=default, show_default=True, help=help)


def json_option(help: str = "Print one JSON object."):
    return click.option("--json", "as_json", is_flag=True, help=help)


def paper_option(fallback: str | None = None):
    """--paper: A4 unless given; with a fallback, the --printer's paper, else the fallback."""
    return _profile_option("--paper", PAPER_CHOICE, "a4", "Paper size", fallback)


def flip_option(fallback: str | None = None):
    """--flip: the long edge unless given; with a fallback, the --printer's flip, else the fallback."""
    return _profile_option("--flip", FLIP_CHOICE, "long", "The edge the printer turns the sheet on", fallback)


def _profile_option(name: str, choice: click.Choice, default: str, what: str, fallback: str | None):
    if fallback is None:
        return click.option(name, type=choice, default=default, show_default=True, help=f"{what}.")
    return click.option(name, type=choice, help=f"{what} (default: the --printer's, else {fallback}).")


def back_offset_option(help: str, required: bool = False):
    return click.option("--back-offset", metavar="X,Y", required=required, help=help)


RULER_WORDS = (
    f"What the {RULER_MM:g} mm rulers of the calibration sheet (`cardgen calibrate`) measure on your printout, "
    f"across the page and down it, in mm ({RULER_MEASURED[0]:g} to {RULER_MEASURED[1]:g}), like 99.6,100.2"
)


def ruler_measured_option(help: str):
    return click.option("--ruler-measured", metavar="ACROSS,DOWN", help=f"{RULER_WORDS}: {help}")


def printer_option(takes: str):
    return click.option(
        "--printer", metavar="NAME", help=f"Take {takes} from a saved printer profile (options given here win)."
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
            paper_option("the layout's, A4"),
            flip_option("the layout's, long"),
            back_offset_option(
                "Move back pages X mm right and Y mm up, as seen on the back, to cancel a printer's shift."
            ),
            ruler_measured_option(
                "every card sheet is drawn larger or smaller by as much, so that the cards come out at their size."
            ),
            printer_option("paper, flip, back offset and the ruler's measure"),
            lang_option("Language of the printed texts and the joker's decimal separator."),
        ],
    )


def paper_options(function):
    """--paper, --flip and --printer, for the pages that have no card layout (rules, score
    sheets): a PDF of one page prints one-sided whatever the flip."""
    return _apply(
        function,
        [paper_option("A4"), flip_option("long; a one-page PDF prints one-sided"), printer_option("paper and flip")],
    )


class VariantChoice(click.ParamType):
    """A variant of the engine, looked up when the command runs: a variant registered
    by a plug-in or a test is a choice like the bundled ones; in any case."""

    name = "variant"

    def get_metavar(self, *args, **kwargs) -> str:
        from cardgen.engine import VARIANTS

        return "[" + "|".join(VARIANTS) + "]"

    def convert(self, value, param, ctx):
        from cardgen.engine import VARIANTS, variant_words

        if value in VARIANTS or value.lower() in VARIANTS:
            return value if value in VARIANTS else value.lower()
        self.fail(f"{value!r} is not one of {variant_words()}.", param, ctx)


def table_options(function):
    """--variant and --players: the game and how many play it."""
    return _apply(
        function,
        [
            click.option("--variant", type=VariantChoice(), default="classic", show_default=True),
            click.option("--players", "player_count", type=whole(2, 99), default=4, show_default=True),
        ],
    )


def players_kind_option(default: str):
    return click.option(
        "--players-kind",
        multiple=True,
        default=[default],
        show_default=True,
        help=f"Strategy of each seat, comma-separated or one option per seat: {', '.join(KINDS)}; "
        "rollout:N tries each card on N guessed deals (20 by default), search:N and expert:N play N "
        "guessed deals to the round's end for each move (3,000 and 5,000 by default); one name is used for every seat.",
    )


MOST_GAMES = 10_000_000  # a quarter of an hour of random players on two cores
MOST_JOBS = 64  # each worker holds a Python of its own: 1,000 would ask for 33 GB


def games_option(default: int, help: str | None = None, most: int = MOST_GAMES):
    return click.option("--games", type=whole(1, most), default=default, show_default=True, help=help)


def seed_option(help: str = "Game i is played with seed SEED+i."):
    return click.option("--seed", type=whole(), default=1, show_default=True, help=help)


def scheduler_option(function):
    """--scheduler ADDRESS: simulated games on the workers of a Dask cluster."""
    return click.option(
        "--scheduler",
        metavar="ADDRESS",
        help="Play the games on the workers of the Dask scheduler at ADDRESS (tcp://host:8786) instead; "
        'needs pip install "cardgen[cluster]". The results are the same as on this machine.',
    )(function)


def jobs_option(function):
    """--jobs N: simulated games on N processes; None means every core."""
    return click.option(
        "--jobs",
        type=whole(1, MOST_JOBS),
        metavar="N",
        help="Play the games on N processes (default: one per core); the results are the same for any N.",
    )(function)
