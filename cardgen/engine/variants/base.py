"""What every variant answers, with the answers most variants share."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Literal

from cardgen.engine.cards import FIRST_JOKER, FIRST_ZERO, written
from cardgen.engine.deck import BUNDLED, CardPool
from cardgen.engine.errors import IllegalPlay
from cardgen.messages import Message

if TYPE_CHECKING:
    from cardgen.engine.game import Game, Play

    Plays = Sequence[Play | None] | None

OPTIONS = ("threshold", "rounds", "free_companion", "one_zero_each", "max_players")


class Variant:
    """One way to play. Subclasses set the attributes and override what differs."""

    key = ""  # its name in files and on the command line: "classic"
    name = ""  # its name in messages: "Classic"
    rows = 4  # rows on the table
    row_limit = 5  # cards a row holds; the next card that goes there collects them
    rows_increase = True  # False where a card may sit below the one before it (Plus)
    hand: dict[str, int] = {"numbered card": 10}  # a dealt hand, by kind of card (see card_kind)
    most_players: int | None = None  # None: as many as the deck deals a round to (docs/RULES.md §18)
    cards_per_turn = 1  # the most a player plays in one turn
    negative = True  # bull heads count against the player who collects them
    threshold: int | None = 66  # the game ends after the round in which a total reaches it (None: fixed rounds)
    # Which rules engine/compiled.py plays its rounds by: "classic" (one card a turn, jokers
    # first, then lowest first; a card below every row end takes a row), "plus" (one or two
    # cards, zero cards, a card below every row end joins the highest row); None: not compiled.
    # A variant says so itself: one that changes a rule of a compiled one is not compiled.
    compiled_rules: Literal["classic", "plus"] | None = None
    drafts = False  # True where a round is dealt by a draft, which a record may write down (`drafted`)
    takes: frozenset[str] = frozenset({"threshold", "rounds"})  # the options it accepts
    refused_because: dict[str, Message] = {}  # a better reason than "X is an option of ... only"

    def __init_subclass__(cls, **kwargs) -> None:
        super().__init_subclass__(**kwargs)
        cls.compiled_rules = cls.__dict__.get("compiled_rules")

    # --- the deck and the deal ---------------------------------------------

    def deck(self, players: int, pool: CardPool = BUNDLED) -> list[int]:
        """Every card a round uses with this many players (dealt or not)."""
        return list(pool.numbered)

    @property
    def words(self) -> Message:
        """Its name in the reader's language."""
        return Message(f"variant.{self.key}")

    def deck_words(self, players: int) -> Message:
        return self.words

    def deal(self, game: Game) -> tuple[list[list[int]], list[list[int]], list[int]]:
        """A random deal: (rows, hands, cards out of play), each hand in random order."""
        raise NotImplementedError

    def drafted(self, game: Game, picks: list[int]) -> tuple[list[list[int]], list[list[int]]]:
        """Where `drafts`: the rows and hands a draft of these picks leaves."""
        raise NotImplementedError

    def holds(self, card: int) -> bool:
        """Whether the variant plays with this kind of card at all."""
        return card < FIRST_ZERO

    def card_kind(self, card: int) -> str:
        """The kind a hand counts `card` as (a key of `hand`)."""
        return "joker" if card >= FIRST_JOKER else "numbered card"

    def hand_overflow(self, cards: Iterable[int]) -> Message | None:
        """Why `cards` hold more than a dealt hand, or None when they do not."""
        counts = Counter(map(self.card_kind, cards))
        for kind, most in self.hand.items():
            if counts[kind] > most:
                most_cards = Message(f"record.hand_of_{kind.replace(' ', '_')}", count=most)
                return Message("record.hand_too_big", variant=self.words, most=most_cards, found=counts[kind])
        return None

    # --- players and options -------------------------------------------------

    def player_limits(self, options, pool: CardPool = BUNDLED) -> tuple[int, int]:
        most = self.most_dealt(pool)
        return 2, most if self.most_players is None else min(self.most_players, most)

    def most_dealt(self, pool: CardPool) -> int:
        """How many players the pool can deal a round to."""
        return (len(pool.numbered) - self.rows) // sum(self.hand.values())

    def check_options(self, options) -> Message | None:
        """Why `options` do not suit this variant, or None."""
        for option in OPTIONS:
            if getattr(options, option) not in (None, False) and option not in self.takes:
                return self.refused_because.get(option) or Message(
                    "options.only_of", option=option, variants=_takers(option)
                )
        return None

    def rounds_to_play(self, options, players: int) -> int | None:
        """A fixed number of rounds, or None when the game ends on the threshold."""
        return options.rounds

    # --- a turn --------------------------------------------------------------

    def resolve_turn(self, game: Game, plays: Plays) -> None:
        """Take each seat's cards out of its hand and put them where the rules say."""
        raise NotImplementedError

    def place_played(self, game: Game, chosen: list[int], plays: Plays) -> None:
        """One-card variants: put the cards played this turn, out of their hands already,
        where the rules say (the random players' fast path plays a round with it)."""
        raise NotImplementedError

    def order_of_round(self, turns: list[tuple[int, ...]]) -> list[int] | None:
        """One-card variants: the cards of a whole round's turns in the order they are
        placed, where that order alone decides the round (one pass places them all);
        None where each turn must be placed on its own."""
        return None

    def below_all_rule(self, game: Game) -> Callable[[int, int, int], None]:
        """What happens to a strategy's card below every row end: f(seat, card, value)."""
        raise NotImplementedError


def check_named_row(seat: int, play, card: int, row: int, end: int | float, message: str = "referee.wrong_row") -> None:
    """A row a record names for `card`, which the rules put on `row` after `end`: the same one, or none."""
    if play.row is not None and play.row != row:
        raise IllegalPlay(seat, play.cards, message, named=play.row + 1, card=written(card), row=row + 1, end=end)


def _takers(option: str) -> list[Message]:
    from cardgen.engine.variants import VARIANTS

    return [variant.words for variant in VARIANTS.values() if option in variant.takes]
