"""`cardgen printer add|list|remove` and the studio's calibration page: saved printer
profiles (flip, paper, back offset, what the printer makes of 100 mm)."""

from __future__ import annotations

from cardgen.actions.common import BACK_OFFSET, RULER_MEASURED
from cardgen.actions.fields import Field, OneOf, Text
from cardgen.formats import FLIPS, PAPERS, TRUE_RULER
from cardgen.messages import Message

NAME = "printer"
PROFILE = Field("name", Text(60), argument=True, required=True, metavar="NAME")
FIELDS = (
    PROFILE,
    Field(BACK_OFFSET.name, BACK_OFFSET.kind, metavar=BACK_OFFSET.metavar, words="profile_back_offset"),
    Field("flip", OneOf(FLIPS), words="profile_flip"),
    Field("paper", OneOf(tuple(PAPERS)), words="profile_paper"),
    Field(RULER_MEASURED.name, RULER_MEASURED.kind, metavar=RULER_MEASURED.metavar, words="profile_ruler_measured"),
)


def add(values: dict, replace: bool = True) -> Message:
    """Save the profile, or change the values given of the one saved and keep the others;
    with `replace` False, a profile of that name is refused rather than changed."""
    from cardgen.printers import load_profiles, parse_offset, parse_ruler_measured, profiles_path, update_profile

    name = values["name"].strip()
    if not replace and name in load_profiles():
        from cardgen.errors import InputError

        raise InputError(Message("printer.exists", name=name))
    offset = parse_offset(values["back_offset"]) if values.get("back_offset") else None
    measured = parse_ruler_measured(values["ruler_measured"]) if values.get("ruler_measured") else None
    profile, kept, changed = update_profile(name, offset, values.get("flip"), values.get("paper"), measured)
    if profile.ruler_measured == TRUE_RULER:  # a printer true to size has no measure worth naming
        kept = [field for field in kept if field != "ruler_measured"]
    said = {"name": profile.name, "summary": summary(profile), "file": str(profiles_path())}
    if not changed:
        return Message("printer.saved", **said)
    if not kept:
        return Message("printer.changed", **said)
    return Message("printer.changed_keeping", **said, kept=[Message(f"printer.kept.{field}") for field in kept])


def profiles() -> dict:
    from cardgen.printers import load_profiles

    return dict(sorted(load_profiles().items()))


def readable_profiles() -> dict:
    """The saved profiles; none while their file cannot be read (said where files are made
    with one)."""
    from cardgen.errors import CardgenError

    try:
        return profiles()
    except CardgenError:
        return {}


def profiles_file() -> str:
    from cardgen.printers import profiles_path

    return str(profiles_path())


def data(profile) -> dict:
    """A profile as JSON holds it."""
    from cardgen.printers import profile_data

    return profile_data(profile)


def remove(name: str) -> Message:
    from cardgen.printers import remove_profile

    return Message("printer.removed", name=remove_profile(name).name)


def summary(profile) -> Message:
    """A profile in words: its offset, flip, paper and, if not true to size, its ruler's measure."""
    from cardgen.formats import PAPER_TITLES

    x, y = profile.back_offset
    shown = {"x": x, "y": y, "flip": Message(f"printer.flip.{profile.flip}"), "paper": PAPER_TITLES[profile.paper]}
    if profile.ruler_measured == TRUE_RULER:
        return Message("printer.summary", **shown)
    across, down = profile.ruler_measured
    return Message("printer.summary_scaled", **shown, across=across, down=down)
