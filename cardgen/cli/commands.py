"""The commands made from the actions (cardgen/actions/): each field an option or an
argument, its help from the catalogue in the command's language, its value checked by the
field's kind. What an action made is shown the command line's way: the files written into
--output, a report on standard output (--json: as JSON), notes on standard error, exit
status 1 when a check failed."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import click

from cardgen.actions import ACTIONS, Result, action
from cardgen.actions.fields import Field, Flag, Kind, Refused
from cardgen.cli.options import lang_option, refuse
from cardgen.errors import CheckFailed, printable
from cardgen.messages import Message, language

COMMANDS = {command: name for name, (command, _) in ACTIONS.items() if command}


def command_of(command: str) -> click.Command:
    """The click command `command`, from its action's fields."""
    module = action(COMMANDS[command])
    params = [param_of(field) for field in module.FIELDS if field.cli]
    return click.Command(
        command,
        params=params,
        callback=lambda **given: _run(module, given),
        help=Message(f"action.{module.NAME}.help").text(),
        short_help=Message(f"action.{module.NAME}").text(),
    )


class _KindType(click.ParamType):
    """A field's kind as click's type: the same check as the studio's form."""

    def __init__(self, kind: Kind):
        self.kind = kind
        self.name = type(kind).__name__.lower()

    def convert(self, value, param, ctx):
        if not isinstance(value, str):
            return value
        try:
            return self.kind.parse(value)
        except Refused as exc:
            refuse(exc.message, param, ctx)  # type: ignore[arg-type]

    def get_metavar(self, *args, **kwargs) -> str | None:
        choices = self.kind.choices()
        return "[" + "|".join(choices) + "]" if choices else None


def param_of(field: Field) -> click.Parameter:
    """The option (or argument) of `field`."""
    if field.name == "lang":
        return lang_option(_help(field))(_Holder()).__click_params__[0]
    if field.argument:
        return click.Argument(
            [field.name], type=_KindType(field.kind), nargs=-1 if field.many else 1,
            required=field.required, metavar=field.metavar or None,
        )  # fmt: skip
    if isinstance(field.kind, Flag):
        return click.Option([*field.spellings, field.name], is_flag=True, default=False, help=_help(field))
    return click.Option(
        [*field.spellings, field.name],
        type=_KindType(field.kind),
        multiple=field.many,
        required=field.required,
        default=field.default if field.default is not None else None,
        show_default=field.default not in (None, ()) and not field.many,
        metavar=field.metavar or None,
        help=_help(field),
    )


def _help(field: Field) -> str:
    return field.help().text()


class _Holder:
    __click_params__: list


def _run(module: ModuleType, given: dict[str, Any]) -> None:
    from cardgen.cli.progress import LineProgress

    values = {field.name: given.get(field.name, field.default) for field in module.FIELDS}
    values = {name: (tuple(value) if isinstance(value, list) else value) for name, value in values.items()}
    how = _how(module.run)
    timed = getattr(module, "TIMED", False)  # long runs of games: shown once they last a second
    with LineProgress(module.NAME, timed=timed, after=1.0 if timed else 0.0) as line:
        if "progress" in inspect.signature(module.run).parameters:
            how["progress"] = line
        result = module.run(values, **how)
    _show(module, result, values)


def _how(run: Callable) -> dict:
    """What the command line hands an action beyond its values: warnings as they come, a
    note when preparing the computer players takes a while."""
    from cardgen.cli.progress import preparing_note, warn

    accepts = inspect.signature(run).parameters
    how: dict[str, Any] = {}
    if "warn" in accepts:
        how["warn"] = warn
    if "slow" in accepts:
        how["slow"] = preparing_note
    return how


def _show(module: ModuleType, result: Result, values: dict) -> None:
    from cardgen.cli.progress import note, warn
    from cardgen.files import write_files

    for said in result.notes:
        note(said)
    as_json = bool(values.get("as_json"))
    if result.files and "output" in values and values["output"] is not None:
        for path in write_files(*_where(values["output"], result.files)):
            named = module.written(result, path) if hasattr(module, "written") else path
            if not as_json:  # what a script reads is the JSON alone
                click.echo(printable(str(named)))
    for warning in result.warnings:
        warn(warning)
    if hasattr(module, "said"):
        text = module.said(result, values.get("lang") or language(), as_json)
        if text:
            click.echo(text)
    if not result.ok:
        failure = module.broken(result) if hasattr(module, "broken") else None
        if failure is not None:
            raise failure
        raise SystemExit(CheckFailed.exit_code)


def _where(output: Path, files: dict[str, bytes]) -> tuple[Path, dict[str, bytes]]:
    """The folder to write into, and the files by name: one file into a path that is not a
    folder is written as that file."""
    if len(files) == 1 and not output.is_dir() and output.suffix:
        ((_, content),) = files.items()
        return output.parent, {output.name: content}
    return output, files
