"""`cardgen printer add|list|remove`: saved printer profiles (flip, paper, back offset, the
ruler's measure)."""

import json

import click

from cardgen.actions import printer
from cardgen.actions.runs import AS_JSON
from cardgen.cli.commands import param_of
from cardgen.errors import printable
from cardgen.messages import Message


@click.group("printer", help=Message("action.printer.help").text())
def command() -> None:
    pass


@command.command("add", help=Message("action.printer_add.help").text())
def add(**given):
    click.echo(printable(printer.add(given).text()))


for _field in reversed(printer.FIELDS):
    add.params.insert(0, param_of(_field))


@command.command("list", help=Message("action.printer_list.help").text())
def list_(as_json):
    profiles = printer.profiles()
    if as_json:
        click.echo(json.dumps({name: printer.data(p) for name, p in profiles.items()}, indent=2, sort_keys=True))
        return
    if not profiles:
        click.echo(printable(Message("printer.none", file=printer.profiles_file()).text()))
    for name, profile in profiles.items():
        click.echo(printable(f"{name}: {printer.summary(profile).text()}"))


list_.params.append(param_of(AS_JSON))


@command.command("remove", help=Message("action.printer_remove.help").text())
@click.argument("name")
def remove(name):
    click.echo(printable(printer.remove(name).text()))
