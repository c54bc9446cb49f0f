"""The four variants and the options docs/RULES.md allows for them (§13, §14)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from cardgen.engine.cards import FIRST_JOKER

VARIANTS = ("classic", "pro", "plus", "jokers")
VARIANT_NAMES = {"classic": "Classic", "pro": "Pro", "plus": "Plus", "jokers": "Jokers"}
HAND_SHAPE = {  # what a dealt hand holds, by kind of card (see Options.card_kind)
    "classic": {"numbered card": 10},
    "pro": {"numbered card": 10},
    "plus": {"card": 15},
    "jokers": {"numbered card": 10, "joker": 1},
}
PLAYER_LIMITS = {"classic": (2, 10), "pro": (2, 6), "plus": (2, 7), "jokers": (2, 10)}
DEFAULT_THRESHOLD = 66


class OptionError(ValueError):
    """Options or a player count that the rules do not allow."""


@dataclass(frozen=True)
class Options:
    """How a game is played.

    threshold: the game ends after the round in which a total reaches it
        (Classic, Pro, Jokers; default 66).
    rounds: play exactly this many rounds instead (Plus: default one per player).
    free_companion: Plus, a card played with a zero may go on any row.
    one_zero_each: Plus, every player is dealt one zero card first.
    max_players: Pro, the largest player count allowed (6 by default, up to 10).
    """

    variant: str = "classic"
    threshold: int | None = None
    rounds: int | None = None
    free_companion: bool = False
    one_zero_each: bool = False
    max_players: int | None = None

    def __post_init__(self) -> None:
        if self.variant not in VARIANTS:
            raise OptionError(f"unknown variant {self.variant!r}: choose one of {', '.join(VARIANTS)}")
        if self.threshold is not None and self.rounds is not None:
            raise OptionError("give either a threshold or a number of rounds, not both")
        if self.threshold is not None and self.variant == "plus":
            raise OptionError("Plus has no threshold: it lasts a fixed number of rounds")
        if self.threshold is not None and self.threshold < 1:
            raise OptionError("the threshold must be at least 1")
        if self.rounds is not None and self.rounds < 1:
            raise OptionError("the number of rounds must be at least 1")
        if (self.free_companion or self.one_zero_each) and self.variant != "plus":
            raise OptionError("free_companion and one_zero_each are options of Plus only")
        if self.max_players is not None:
            if self.variant != "pro":
                raise OptionError("max_players is an option of Pro only")
            if not 2 <= self.max_players <= 10:
                raise OptionError("max_players must be between 2 and 10")

    @property
    def name(self) -> str:
        return VARIANT_NAMES[self.variant]

    @property
    def hand_shape(self) -> dict[str, int]:
        """How many cards of each kind a dealt hand holds (a new dict)."""
        return dict(HAND_SHAPE[self.variant])

    def card_kind(self, card: int) -> str:
        """The kind a hand counts `card` as: "numbered card", "joker", or in Plus just "card"."""
        if self.variant == "plus":
            return "card"
        return "joker" if card >= FIRST_JOKER else "numbered card"

    def hand_overflow(self, cards: Iterable[int]) -> str | None:
        """Why `cards` hold more than a dealt hand, or None when they do not."""
        counts = Counter(map(self.card_kind, cards))
        for kind, most in HAND_SHAPE[self.variant].items():
            if counts[kind] > most:
                kinds = kind if most == 1 else kind + "s"
                return f"a hand in {self.name} holds at most {most} {kinds}, not {counts[kind]}"
        return None

    @property
    def negative(self) -> bool:
        """True when bull heads are bad for the player who collects them (all but Plus)."""
        return self.variant != "plus"

    def player_limits(self) -> tuple[int, int]:
        low, high = PLAYER_LIMITS[self.variant]
        if self.variant == "pro" and self.max_players is not None:
            high = self.max_players
        return low, high

    def check_players(self, count: int) -> None:
        low, high = self.player_limits()
        if not low <= count <= high:
            extra = " (the max_players option allows up to 10)" if self.variant == "pro" else ""
            raise OptionError(f"{self.name} is played by {low} to {high} players, not {count}{extra}")

    def rounds_to_play(self, players: int) -> int | None:
        """A fixed number of rounds, or None when the game ends on the threshold."""
        if self.rounds is not None:
            return self.rounds
        return players if self.variant == "plus" else None

    @property
    def end_threshold(self) -> int:
        return DEFAULT_THRESHOLD if self.threshold is None else self.threshold
