"""What every command line shares: --lang (the language of what a command prints and says,
read before the other options, so that a mistake in them is said in it), and the way a
refused value is said."""

from typing import NoReturn

import click

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
    return language_of_environment() or REFERENCE


def _speak(ctx: click.Context, param: click.Parameter, lang: str) -> str:
    choose_language(lang)  # until the command line's run ends (cardgen.cli's `speaking` block)
    ctx.meta[LANG_META] = lang
    return lang
