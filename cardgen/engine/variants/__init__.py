"""The variants: one object each, and `VARIANTS`, the only list of them.

A variant says what its deck holds, how a round is dealt, how many may play,
what a turn may hold and how it is resolved, which way bull heads count, when
the game ends and which options it takes. Everything else in cardgen (the
command line, the referee, the texts, verify) asks `VARIANTS`.

A new variant is a subclass of `Variant` (or of one of the four) in a module of
its own, passed to `register()`; its player texts go in templates/.
"""

from __future__ import annotations

from cardgen.engine.variants.base import CardPool, Variant
from cardgen.engine.variants.classic import Classic
from cardgen.engine.variants.jokers import Jokers
from cardgen.engine.variants.plus import Plus
from cardgen.engine.variants.pro import Pro

VARIANTS: dict[str, Variant] = {}


def register(variant: Variant) -> Variant:
    """Make `variant` known to the engine and everything built on it, under `variant.key`."""
    VARIANTS[variant.key] = variant
    return variant


def unregister(key: str) -> None:
    VARIANTS.pop(key, None)


for _variant in (Classic(), Pro(), Plus(), Jokers()):
    register(_variant)

__all__ = ["VARIANTS", "CardPool", "Variant", "register", "unregister"]
