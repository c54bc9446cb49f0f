"""What every command line shares: --lang (the language of what a command prints and says,
read before the other options, so that a mistake in them is said in it), and the way a
refused value is said."""

from typing import NoReturn

import click
from click.core import ParameterSource

from cardgen.messages import REFERENCE, Message, choose_language, language_of_environment
from cardgen.texts import LANGUAGES

LANG_META = "cardgen.lang"  # where the chosen language waits for an error to be said in it


def refuse(message: Message, param, ctx) -> NoReturn:
    """An option's value refused, said in the command's language (the Message goes as it is)."""
    raise click.BadParameter(message, ctx, param)  # type: ignore[arg-type]


class _Language(click.Choice):
    def convert(self, value, param, ctx):
        try:
            return super().convert(value, param, ctx)
        except click.BadParameter:
            refuse(Message("cli.not_one_of", value=value, choices=list(self.choices)), param, ctx)


def lang_option(help: str, expose: bool = True):
    """--lang: the language of what the command prints and says; else the environment's
    (LANGUAGE, LC_ALL, LC_MESSAGES, LANG, as gettext reads them), else English."""
    return click.option(
        "--lang",
        type=_Language(list(LANGUAGES), case_sensitive=False),
        default=_default_language,
        show_default=Message("cli.lang_default", reference=REFERENCE).text(),
        is_eager=True,
        callback=_speak,
        expose_value=expose,
        help=help,
    )


def _default_language() -> str:
    """The language given before the command's name (cardgen --lang fr build), else the
    environment's, else English."""
    context = click.get_current_context(silent=True)
    given = context.meta.get(LANG_META) if context is not None else None
    return given or language_of_environment() or REFERENCE


def _speak(ctx: click.Context, param: click.Parameter, lang: str) -> str:
    if ctx.parent is None and ctx.get_parameter_source("lang") is ParameterSource.DEFAULT:
        return lang  # no --lang before the command's name: the command's own --lang decides
    choose_language(lang)  # until the command line's run ends (cardgen.cli's `speaking` block)
    ctx.meta[LANG_META] = lang
    return lang


class HelpFormatter(click.HelpFormatter):
    """A command's --help with click's own words (the usage line's prefix, the headings, the
    help and version options, a default, a required option) from the catalogues, in the
    language of the run. The placeholders (NAME, [OPTIONS]) stay as the options spell them."""

    def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
        super().write_usage(prog, args, Message("cli.click.usage").text() + " ")

    def write_heading(self, heading: str) -> None:
        super().write_heading(Message(_HEADINGS[heading]).text() if heading in _HEADINGS else heading)

    def write_dl(self, rows, *args, **kwargs) -> None:
        super().write_dl([(term, _in_our_words(text)) for term, text in rows], *args, **kwargs)


class Context(click.Context):
    formatter_class = HelpFormatter


_HEADINGS = {"Options": "cli.click.options", "Commands": "cli.click.commands"}
_PHRASES = {  # what click writes beside an option, by the id of our words for it
    "Show this message and exit.": "cli.click.help_option",
    "Show the version and exit.": "cli.click.version_option",
    "[default: ": "cli.click.default",
    "[required]": "cli.click.required",
}


def _in_our_words(text: str) -> str:
    for phrase, message_id in _PHRASES.items():
        if phrase in text:
            text = text.replace(phrase, Message(message_id).text())
    return text
