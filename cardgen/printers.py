"""Printer profiles: a printer's duplex flip, paper, the back offset that cancels its
front/back shift, and what it makes of the calibration sheet's 100 mm rulers (a printer
that shrinks or stretches), kept in `printers.yaml` in the user's configuration folder.

The back offset convention: (X, Y) moves everything on back pages X mm to the right
and Y mm up, as seen on that back page, in that page's own coordinates. The ruler's
measure (ACROSS, DOWN): the mm the ruler across the page and the one down it measure on
paper; 100, 100 for a printer that prints at its true size.

Two numbers typed as one text (`--back-offset`, `--ruler-measured`) are parted by a
semicolon or by spaces, each with a decimal point or comma as French, German and Dutch
write them (0,5;-1,25 or 0,5 -1,25); or by a single comma, their decimals then after a
point (0.5,-1.25). So "0,5" is 0 and 5, never one half; a text with more commas and no
semicolon or space between two numbers (0,5,-1,25) is refused, never guessed.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path

import yaml
from platformdirs import user_config_dir

from cardgen.errors import InputError
from cardgen.files import output_folder
from cardgen.formats import TRUE_RULER
from cardgen.messages import Message
from cardgen.model.layout import check_flip, check_offset, check_ruler_measured, paper_size
from cardgen.yamlio import load_yaml

PROFILES_FILE = "printers.yaml"
MAX_NAME = 60


@dataclass(frozen=True)
class PrinterProfile:
    name: str
    back_offset: tuple[float, float]
    flip: str  # 'long' | 'short'
    paper: str  # 'a4' | 'letter'
    ruler_measured: tuple[float, float] = TRUE_RULER  # mm, across and down


def config_dir() -> Path:
    """The user's cardgen configuration folder; CARDGEN_CONFIG_DIR overrides it."""
    override = os.environ.get("CARDGEN_CONFIG_DIR")
    if override:
        return Path(override)
    return Path(user_config_dir("cardgen"))


def profiles_path() -> Path:
    return config_dir() / PROFILES_FILE


def parse_offset(text: str) -> tuple[float, float]:
    """'0.5,-1.25', '0,5;-1,25' or '0,5 -1,25' -> (0.5, -1.25), in mm."""
    what = Message("printer.offset_given", text=str(text))
    pair = two_numbers(text)
    if pair is None:
        raise InputError(Message("printer.offset_form", text=str(text)))
    return check_offset(pair, what)


def parse_ruler_measured(text: str) -> tuple[float, float]:
    """'99.6,100.2', '99,6;100,2' or '99,6 100,2' -> (99.6, 100.2): what the calibration
    sheet's rulers measure, in mm."""
    pair = two_numbers(text)
    if pair is None:
        raise InputError(Message("printer.ruler_form", text=str(text)))
    return check_ruler_measured(pair, Message("printer.ruler_given", text=str(text)))


_NUMBER = re.compile(r"[-+]?[0-9]+(?:[.,][0-9]+)?")  # one number, its decimals after a point or a comma


def two_numbers(text: str) -> tuple[float, float] | None:
    """The two numbers of `text` by the rule of this module's docstring; None if it holds
    anything else."""
    text = str(text).strip()
    spaced = text.split()
    if ";" in text:
        parts = text.split(";")
    elif len(spaced) == 2 and all(_NUMBER.fullmatch(part) for part in spaced):
        parts = spaced
    elif text.count(",") == 1:
        parts = text.split(",")  # the comma parts the numbers: their decimals take a point
    else:
        return None
    try:
        x, y = (float(part.strip().replace(",", ".")) for part in parts)
    except ValueError:  # not two parts, or a part that is no number
        return None
    return x, y


def check_name(name: str) -> str:
    text = str(name).strip()
    if not text:
        raise InputError(Message("printer.no_name"))
    if "/" in text or "\\" in text or any(ord(ch) < 32 for ch in text):
        raise InputError(Message("printer.bad_name", name=text))
    if len(text) > MAX_NAME:
        raise InputError(Message("printer.long_name", name=text[:20], limit=MAX_NAME))
    return text


def make_profile(
    name: str, back_offset, flip: str = "long", paper: str = "a4", ruler_measured=TRUE_RULER
) -> PrinterProfile:
    """A checked profile: every field as `load_profile` would return it."""
    check_flip(flip)
    paper_size(paper)
    measured = check_ruler_measured(ruler_measured)
    return PrinterProfile(check_name(name), check_offset(back_offset), flip, paper, measured)


def load_profiles() -> dict[str, PrinterProfile]:
    """Every saved profile by name (none if the file does not exist yet)."""
    path = profiles_path()
    if not path.exists():
        return {}
    try:
        data = load_yaml(path).data or {}
    except InputError as exc:
        raise InputError(Message("printer.unreadable_profiles", problem=exc.message)) from None
    printers = data.get("printers") if isinstance(data, dict) else None
    if not isinstance(printers, dict):
        raise InputError(Message("printer.no_mapping", file=str(path)))
    profiles = {}
    for name, fields in printers.items():
        try:
            profiles[str(name)] = make_profile(
                str(name),
                fields["back_offset"],
                fields.get("flip", "long"),
                fields.get("paper", "a4"),
                fields.get("ruler_measured", TRUE_RULER),
            )
        except (KeyError, TypeError):
            raise InputError(Message("printer.no_offset", file=str(path), name=str(name))) from None
        except InputError as exc:
            raise InputError(
                Message("printer.bad_profile", file=str(path), name=str(name), problem=exc.message)
            ) from None
    return profiles


def load_profile(name: str) -> PrinterProfile:
    profile = load_profiles().get(str(name).strip())
    if profile is None:
        raise InputError(Message("printer.unknown", name=str(name)))
    return profile


def save_profile(profile: PrinterProfile) -> bool:
    """Add or replace `profile`; True if it replaced one of the same name."""
    fields = (profile.back_offset, profile.flip, profile.paper, profile.ruler_measured)
    return update_profile(profile.name, *fields)[2]


def update_profile(name: str, back_offset=None, flip: str | None = None, paper: str | None = None, ruler_measured=None):
    """Save the profile `name` with the values given, keeping its others (a new one: long
    edge, A4, a printer true to size); (the profile, the fields it kept, whether one was there)."""
    name = check_name(name)
    with output_folder(config_dir()) as folder:  # held: a concurrent change is never lost
        profiles = load_profiles()
        old = profiles.get(name)
        if old is None and back_offset is None:
            raise InputError(Message("printer.new_needs_offset"))
        given = {"back_offset": back_offset, "flip": flip, "paper": paper, "ruler_measured": ruler_measured}
        kept = [field for field, value in given.items() if value is None and old is not None]
        fields = {field: getattr(old, field) if field in kept else value for field, value in given.items()}
        profile = make_profile(
            name,
            fields["back_offset"],
            fields["flip"] or "long",
            fields["paper"] or "a4",
            fields["ruler_measured"] or TRUE_RULER,
        )
        profiles[name] = profile
        folder.write({PROFILES_FILE: _profiles_text(profiles)})
    return profile, kept, old is not None


def remove_profile(name: str) -> PrinterProfile:
    """Remove the profile `name` and return it."""
    with output_folder(config_dir()) as folder:
        profile = load_profile(name)
        profiles = load_profiles()
        del profiles[profile.name]
        folder.write({PROFILES_FILE: _profiles_text(profiles)})
    return profile


def profile_data(profile: PrinterProfile) -> dict:
    """A profile's fields as printers.yaml and `printer list --json` hold them (the ruler's
    measure where it is not the true size)."""
    data: dict = {"back_offset": list(profile.back_offset), "flip": profile.flip, "paper": profile.paper}
    if profile.ruler_measured != TRUE_RULER:
        data["ruler_measured"] = list(profile.ruler_measured)
    return data


def _profiles_text(profiles: dict[str, PrinterProfile]) -> bytes:
    data = {"printers": {name: profile_data(p) for name, p in sorted(profiles.items())}}
    header = "# cardgen printer profiles: edit with `cardgen printer add|remove`.\n"
    text = header + yaml.safe_dump(data, sort_keys=True, allow_unicode=True, default_flow_style=None)
    return text.encode("utf-8")
