"""`cardgen printer add|list|remove`: saved printer profiles (flip, paper, back offset)."""

import json

import click

from cardgen.cli.options import back_offset_option, flip_option, json_option, paper_option
from cardgen.errors import printable


@click.group("printer")
def command() -> None:
    """Printer profiles: the flip, paper and back offset of each of your printers."""


@command.command("add")
@click.argument("name")
@back_offset_option("The values read on the calibration sheet, in mm.", required=True)
@flip_option()
@paper_option()
def add(name, back_offset, flip, paper):
    """Save (or replace) the profile NAME."""
    from cardgen.printers import PrinterProfile, parse_offset, profiles_path, save_profile

    profile = PrinterProfile(name.strip(), parse_offset(back_offset), flip, paper)
    replaced = save_profile(profile)
    verb = "replaced" if replaced else "saved"
    click.echo(printable(f"{verb} printer {profile.name!r} ({_summary(profile)}) in {profiles_path()}"))


@command.command("list")
@json_option("Print the profiles as JSON.")
def list_(as_json):
    """Show the saved profiles."""
    from cardgen.printers import load_profiles, profiles_path

    profiles = load_profiles()
    if as_json:
        data = {
            name: {"back_offset": list(p.back_offset), "flip": p.flip, "paper": p.paper}
            for name, p in sorted(profiles.items())
        }
        click.echo(json.dumps(data, indent=2, sort_keys=True))
        return
    if not profiles:
        click.echo(printable(f"no printer profiles yet ({profiles_path()}); add one with `cardgen printer add`."))
        return
    for name, profile in sorted(profiles.items()):
        click.echo(f"{name}: {_summary(profile)}")


@command.command("remove")
@click.argument("name")
def remove(name):
    """Delete the profile NAME."""
    from cardgen.printers import remove_profile

    profile = remove_profile(name)
    click.echo(f"removed printer {profile.name!r}")


def _summary(profile) -> str:
    x, y = profile.back_offset
    return f"back offset {x:g},{y:g} mm, {profile.flip}-edge flip, {profile.paper}"
