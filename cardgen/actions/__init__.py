"""The things a person does with cardgen, one module each, behind both faces: the command
line (cardgen/cli/) and the studio (cardgen/studio/) reach the library only through here.

Each action module declares its parameters once (`FIELDS`, cardgen/actions/fields.py: kind,
bounds, choices, default, which faces offer it; their words in the message catalogues) and
`run(values, …)` returns a `Result`: the files made, the command line that makes the same
bytes, notes, and a report for the face to show. A face turns what it was given into
values with `fields.values_of` (the same checks for a command-line word and a form's
field), and shows the result in its own way.

    from cardgen.actions import result_of
    result = result_of("print", {"cards": "jokers", "two_sided": "no"})
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from importlib import import_module
from types import ModuleType
from typing import Any

from cardgen.messages import Message

# every action by name, in the order a menu offers them; `cli`: the command that runs it
# (None: the studio's alone), `page`: the studio's page that offers it (None: the command line's alone)
ACTIONS: dict[str, tuple[str | None, str | None]] = {
    "print": (None, "print"),
    "build": ("build", None),
    "export": ("export", None),
    "preview": ("preview", None),
    "documents": (None, "rules"),
    "rules": ("rules", None),
    "sheet": ("sheet", None),
    "calibrate": ("calibrate", "calibrate"),
    "printer": ("printer", None),
    "check": ("verify", "check"),
    "cards": (None, "cards"),
    "simulate": ("simulate", None),
    "balance": ("balance", None),
    "referee": ("referee", None),
    "play": (None, "play"),
    "help": ("help", "help"),
}


@dataclass(frozen=True)
class Result:
    """What an action made."""

    files: dict[str, bytes] = field(default_factory=dict)  # by file name, in the order made
    command: tuple[str, ...] = ()  # the cardgen command that makes the same files
    notes: tuple[Message, ...] = ()  # said beside the files
    warnings: tuple[Message, ...] = ()  # what may be wrong with them
    pairs: frozenset[str] = frozenset()  # the files whose pages are front/back pairs (printed through the paper)
    report: Any = None  # what the action found (a verify report, a simulation), for a face to show
    ok: bool = True  # False: a check failed or a play broke a rule (exit status 1)


def action(name: str) -> ModuleType:
    """The module of the action `name` (loaded when first asked for)."""
    if name not in ACTIONS:
        raise KeyError(name)
    return import_module(f"cardgen.actions.{name}")


def result_of(name: str, given: Mapping[str, Any], face: str = "studio", **how) -> Result:
    """Run the action `name` on what a face gave (texts, checked by the action's fields)."""
    from cardgen.actions.fields import values_of

    module = action(name)
    return module.run(values_of(module.FIELDS, given, face), **how)
