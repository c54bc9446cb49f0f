"""`cardgen printer add|list|remove`: saved printer profiles (flip, paper, back offset, the
ruler's measure)."""

import json

import click

from cardgen.cli.options import FLIP_CHOICE, PAPER_CHOICE, back_offset_option, json_option, ruler_measured_option
from cardgen.errors import printable


@click.group("printer")
def command() -> None:
    """Printer profiles: the flip, paper, back offset and print scale of each of your printers."""


@command.command("add")
@click.argument("name")
@back_offset_option("The values read on the calibration sheet, in mm (needed for a new profile).")
@click.option("--flip", type=FLIP_CHOICE, help="The edge the printer turns the sheet on (a new profile: long).")
@click.option("--paper", type=PAPER_CHOICE, help="Paper size (a new profile: a4).")
@ruler_measured_option(
    "card sheets built with --printer NAME are then drawn larger or smaller by as much "
    "(a new profile: 100,100, a printer true to size)."
)
def add(name, back_offset, flip, paper, ruler_measured):
    """Save the profile NAME, or change the options given of the one saved, keeping the others."""
    from cardgen.printers import parse_offset, parse_ruler_measured, profiles_path, update_profile

    offset = parse_offset(back_offset) if back_offset else None
    measured = parse_ruler_measured(ruler_measured) if ruler_measured else None
    profile, kept, changed = update_profile(name.strip(), offset, flip, paper, measured)
    verb = "changed" if changed else "saved"
    from cardgen.formats import TRUE_RULER

    if profile.ruler_measured == TRUE_RULER:  # a printer true to size has no measure worth naming
        kept = [field for field in kept if field != "ruler_measured"]
    keeping = f"; kept its {', '.join(KEPT_WORDS[field] for field in kept)}" if kept else ""
    click.echo(printable(f"{verb} printer {profile.name!r} ({_summary(profile)}) in {profiles_path()}{keeping}"))


@command.command("list")
@json_option("Print the profiles as JSON.")
def list_(as_json):
    """Show the saved profiles."""
    from cardgen.printers import load_profiles, profile_data, profiles_path

    profiles = load_profiles()
    if as_json:
        data = {name: profile_data(p) for name, p in sorted(profiles.items())}
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


KEPT_WORDS = {"back_offset": "back offset", "flip": "flip", "paper": "paper", "ruler_measured": "ruler's measure"}


def _summary(profile) -> str:
    from cardgen.formats import TRUE_RULER

    x, y = profile.back_offset
    words = f"back offset {x:g},{y:g} mm, {profile.flip}-edge flip, {profile.paper}"
    if profile.ruler_measured != TRUE_RULER:
        across, down = profile.ruler_measured
        words += f", 100 mm printed as {across:g} mm across and {down:g} mm down"
    return words
