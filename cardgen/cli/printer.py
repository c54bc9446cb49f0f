"""`cardgen printer add|list|remove`: saved printer profiles (flip, paper, back offset)."""

import json

import click

from cardgen.cli.options import FLIP_CHOICE, PAPER_CHOICE, back_offset_option, json_option
from cardgen.errors import printable


@click.group("printer")
def command() -> None:
    """Printer profiles: the flip, paper and back offset of each of your printers."""


@command.command("add")
@click.argument("name")
@back_offset_option("The values read on the calibration sheet, in mm (needed for a new profile).")
@click.option("--flip", type=FLIP_CHOICE, help="The edge the printer turns the sheet on (a new profile: long).")
@click.option("--paper", type=PAPER_CHOICE, help="Paper size (a new profile: a4).")
def add(name, back_offset, flip, paper):
    """Save the profile NAME, or change the options given of the one saved, keeping the others."""
    from cardgen.printers import parse_offset, profiles_path, update_profile

    offset = parse_offset(back_offset) if back_offset else None
    profile, kept, changed = update_profile(name.strip(), offset, flip, paper)
    verb = "changed" if changed else "saved"
    keeping = f"; kept its {', '.join(field.replace('_', ' ') for field in kept)}" if kept else ""
    click.echo(printable(f"{verb} printer {profile.name!r} ({_summary(profile)}) in {profiles_path()}{keeping}"))


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
