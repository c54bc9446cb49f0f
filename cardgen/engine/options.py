"""How a game is played: the variant, and the options docs/RULES.md allows for it (§13, §14)."""

from __future__ import annotations

from dataclasses import dataclass

from cardgen.engine.deck import BUNDLED, CardPool
from cardgen.engine.variants import VARIANTS, Variant
from cardgen.messages import Message


class OptionError(ValueError):
    """Options or a player count that the rules do not allow, said as a Message (a clause,
    without its full stop: whoever shows it may say more after it)."""

    def __init__(self, message: Message):
        super().__init__(message)
        self.message = message


@dataclass(frozen=True)
class Options:
    """A variant (its key in `VARIANTS`) and its options.

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
            raise OptionError(Message("options.unknown_variant", variant=self.variant, choices=list(VARIANTS)))
        if self.threshold is not None and self.rounds is not None:
            raise OptionError(Message("options.threshold_or_rounds"))
        if self.threshold is not None and self.threshold < 1:
            raise OptionError(Message("options.threshold_at_least"))
        if self.rounds is not None and self.rounds < 1:
            raise OptionError(Message("options.rounds_at_least"))
        problem = self.rules.check_options(self)
        if problem:
            raise OptionError(problem)

    @property
    def rules(self) -> Variant:
        """The variant itself."""
        return VARIANTS[self.variant]

    @property
    def name(self) -> str:
        return self.rules.name

    @property
    def words(self) -> Message:
        """The variant's name in the reader's language."""
        return self.rules.words

    @property
    def negative(self) -> bool:
        """True when bull heads are bad for the player who collects them."""
        return self.rules.negative

    def player_limits(self, pool: CardPool = BUNDLED) -> tuple[int, int]:
        return self.rules.player_limits(self, pool)

    def check_players(self, count: int, pool: CardPool = BUNDLED) -> None:
        low, high = self.player_limits(pool)
        if high < low:
            raise OptionError(Message("options.too_few_cards", variant=self.words, players=low))
        if not low <= count <= high:
            more = "max_players" in self.rules.takes  # Pro: up to 10 with the option
            said = "options.players_range_max" if more else "options.players_range"
            raise OptionError(Message(said, variant=self.words, low=low, high=high, players=count))

    def rounds_to_play(self, players: int) -> int | None:
        """A fixed number of rounds, or None when the game ends on the threshold."""
        return self.rules.rounds_to_play(self, players)

    @property
    def end_threshold(self) -> int:
        return self.threshold or self.rules.threshold or 0
