"""`cardgen printer add|list|remove`: saved printer profiles (flip, paper, back offset, the
ruler's measure)."""

import json

import click

from cardgen.actions import printer
from cardgen.actions.runs import AS_JSON
from cardgen.cli.commands import param_of
from cardgen.errors import printable
from cardgen.messages import Message


def command() -> click.Group:
    """The group and its commands, their words in the language of this run."""
    group = click.Group("printer", help=Message("action.printer.help").text())
    add = click.Command("add", params=[param_of(field) for field in printer.FIELDS], callback=_add, help=_help("add"))
    list_ = click.Command("list", params=[param_of(AS_JSON)], callback=_list, help=_help("list"))
    remove = click.Command("remove", params=[click.Argument(["name"])], callback=_remove, help=_help("remove"))
    for sub in (add, list_, remove):
        group.add_command(sub)
    return group


def _help(name: str) -> str:
    return Message(f"action.printer_{name}.help").text()


def _add(**given):
    click.echo(printable(printer.add(given).text()))


def _list(as_json):
    profiles = printer.profiles()
    if as_json:
        click.echo(json.dumps({name: printer.data(p) for name, p in profiles.items()}, indent=2, sort_keys=True))
        return
    if not profiles:
        click.echo(printable(Message("printer.none", file=printer.profiles_file()).text()))
    for name, profile in profiles.items():
        click.echo(printable(f"{name}: {printer.summary(profile).text()}"))


def _remove(name):
    click.echo(printable(printer.remove(name).text()))
