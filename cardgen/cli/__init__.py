"""The `cardgen` command line: a thin layer over the library.

One module per command, loaded when its command runs; each keeps its heavy imports
inside the command so that `cardgen --help` and the engine commands start fast. Every
command takes --lang, the language of what it says (and prints), else the environment's.
"""

import difflib
import json
import re
import sys
from collections.abc import Iterator, MutableMapping
from importlib import import_module

import click

from cardgen import __version__
from cardgen.cli.options import LANG_META, Context, lang_option
from cardgen.errors import CardgenError, Terminated, printable
from cardgen.messages import REFERENCE, Message, speaking
from cardgen.texts import LANGUAGES

INTERRUPTED = 130  # the shell's status for a command stopped by Ctrl-C (128 + SIGINT)
TERMINATED = 143  # and by SIGTERM (128 + SIGTERM)


# click 8.2+ raises this for a bare `cardgen`: show the help, as older versions do
_NoArgsIsHelp = getattr(click.exceptions, "NoArgsIsHelpError", ())


class _Cardgen(click.Group):
    """Every error is one line on stderr with its exit status, never a traceback: a
    CardgenError as it says, a usage mistake with a pointer to the command's help, Ctrl-C
    as `stopped.` with status 130. Control characters in the line are shown escaped. With
    --json, the failure's message id, parameters and text go to stdout as JSON too."""

    json = False
    context_class = Context

    def format_help_text(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        self.help = Message("cli.help").text()  # in the language of this run, known by now
        for param in self.params:
            if param.name == "lang" and isinstance(param, click.Option):  # made at import: said now
                param.help = Message("cli.lang").text()
                param.show_default = Message("cli.lang_default", reference=REFERENCE).text()
        super().format_help_text(ctx, formatter)

    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except CardgenError as exc:
            _fail(exc.message, exc.exit_code, ctx, as_json=self.json, error=exc)
        except Terminated:
            _fail(Message("cli.stopped"), TERMINATED, ctx)
        except KeyboardInterrupt:
            _fail(Message("cli.stopped"), INTERRUPTED, ctx)

    def main(self, args=None, *rest, **kwargs):
        kwargs["standalone_mode"] = False
        given = sys.argv[1:] if args is None else list(args)
        self.json = "--json" in given  # a script reads the failure too
        empty = _first_empty(given)
        with speaking(_asked_language(given)):  # for a mistake found before --lang is read
            if empty:
                _fail(Message("cli.empty_value", option=empty), 2)
            self._run(args, rest, kwargs)
        sys.exit(0)

    def _run(self, args, rest, kwargs) -> None:
        try:
            super().main(args, *rest, **kwargs)
        except _NoArgsIsHelp as exc:
            click.echo(exc.ctx.get_help())
            sys.exit(0)
        except click.UsageError as exc:
            where = exc.ctx.command_path if exc.ctx else "cardgen"
            problem = Message("cli.usage", problem=_usage_problem(exc), command=where)
            _fail(problem, exc.exit_code, exc.ctx, as_json=self.json)
        except click.ClickException as exc:
            _fail(_one_line(exc.format_message()), exc.exit_code)
        except (click.Abort, KeyboardInterrupt):
            _fail(Message("cli.stopped"), INTERRUPTED)


def _asked_language(args: list[str]) -> str | None:
    """The --lang given among `args`, if it is one of ours."""
    for index, arg in enumerate(args):
        value = arg.partition("=")[2] if arg.startswith("--lang=") else None
        if arg == "--lang" and index + 1 < len(args):
            value = args[index + 1]
        if value in LANGUAGES:
            return value
    return None


def _first_empty(args: list[str]) -> str | Message | None:
    """The first option (or argument) given an empty value: `-o ""` would write into the
    current folder, `--printer ""` quietly use none."""
    for index, arg in enumerate(args):
        if arg.startswith("--") and arg.endswith("="):
            return arg[:-1]
        if not arg.strip():
            before = args[index - 1] if index else ""
            return before if before.startswith("-") else Message("cli.an_argument")
    return None


def _usage_problem(exc: click.UsageError) -> Message:
    """What click found wrong with the command line, by the kind of mistake (click's own
    sentences are English)."""
    if isinstance(exc, click.NoSuchOption):
        if exc.possibilities:
            return Message("cli.no_such_option_but", option=exc.option_name, possibilities=sorted(exc.possibilities))
        return Message("cli.no_such_option", option=exc.option_name)
    if isinstance(exc, click.MissingParameter) and exc.param is not None:
        if isinstance(exc.param, click.Argument):
            return Message("cli.missing_argument", argument=exc.param.make_metavar(exc.ctx))  # type: ignore[arg-type]
        return Message("cli.missing_option", option=exc.param.opts[0])
    if isinstance(exc, click.BadParameter):
        hint = exc.param.opts[0] if exc.param is not None and exc.param.opts else exc.param_hint
        return Message("cli.bad_value", option=hint, problem=exc.message)
    if isinstance(exc, click.BadOptionUsage):
        return Message("cli.needs_value", option=exc.option_name)
    extra = re.match(r"Got unexpected extra arguments? \((.*)\)", exc.message)
    if extra:
        return Message("cli.extra_arguments", arguments=extra.group(1))
    command = re.match(r"No such command '(.*)'", exc.message)
    if command:
        likeliest = difflib.get_close_matches(command.group(1), _Commands.NAMES, n=1)
        if likeliest:
            return Message("cli.no_such_command_but", name=command.group(1), likeliest=likeliest[0])
        return Message("cli.no_such_command", name=command.group(1))
    return Message("cli.as_is", text=_one_line(exc.format_message()))


def _one_line(message: str) -> str:
    return " ".join(message.split())


def _fail(
    message: Message | str,
    status: int,
    ctx: click.Context | None = None,
    as_json: bool = False,
    error: CardgenError | None = None,
) -> None:
    """The one line on stderr (a line each for several mistakes), in the command's language;
    with --json, the message's id, parameters and text on stdout too (an error's own JSON,
    when it has more to say)."""
    lang = ctx.meta.get(LANG_META) if ctx else None
    if not isinstance(message, Message):
        message = Message("cli.as_is", text=message)
    if error is None:
        error = CardgenError(message)
        error.exit_code = status
    if as_json:
        click.echo(json.dumps(error.as_json(lang), ensure_ascii=False))
    for line in error.lines():
        said = line.text(lang) if isinstance(line, Message) else line
        click.echo(f"cardgen: {printable(said)}", err=True)
    sys.exit(status)


@click.group(cls=_Cardgen, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="cardgen")
@lang_option("", expose=False)
def main() -> None:
    """Print-and-play cards, rules and score sheets for 6 nimmt!, and a referee for its games."""


class _Commands(MutableMapping[str, click.Command]):
    """The commands by name, one module each (cardgen/cli/NAME.py, defining `command`),
    each loaded when its command is first looked up: `cardgen build` loads none of the
    other eleven. Their names are known beforehand, for the help and for 'Did you mean'."""

    NAMES = (
        "balance",
        "build",
        "calibrate",
        "export",
        "help",
        "preview",
        "printer",
        "referee",
        "rules",
        "sheet",
        "simulate",
        "studio",
        "verify",
    )

    def __getitem__(self, name: str) -> click.Command:
        if name not in self.NAMES:
            raise KeyError(name)
        if name in ("printer", "studio"):  # not an action's files: a command of its own
            return _speaking(import_module(f"cardgen.cli.{name}").command())
        from cardgen.cli.commands import command_of

        return _speaking(command_of(name))

    def __iter__(self) -> Iterator[str]:
        return iter(self.NAMES)

    def __len__(self) -> int:
        return len(self.NAMES)

    def __setitem__(self, name: str, command: click.Command) -> None:
        raise TypeError("a command is a module of cardgen.cli, named in _Commands.NAMES")

    def __delitem__(self, name: str) -> None:
        raise TypeError("a command is a module of cardgen.cli, named in _Commands.NAMES")


def _speaking(command: click.Command) -> click.Command:
    """`command` (and each of a group's) with --lang: what it says, in that language, its
    help too."""
    command.context_class = Context
    if isinstance(command, click.Group):
        for sub in command.commands.values():
            _speaking(sub)
    elif not any(param.name == "lang" for param in command.params):
        command.params.append(lang_option(Message("cli.lang").text(), expose=False)(_Holder()).__click_params__[0])
    return command


class _Holder:
    """Something for a click decorator to hang its option on."""

    __click_params__: list


main.commands = _Commands()
