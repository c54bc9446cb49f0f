"""Card identities, faces, values and bull heads.

Every physical card has its own small integer id, so that "every card is in
exactly one place" can be checked and a bull-head table can be a plain list:

- numbered cards are their own number: 1-104 in the bundled deck, up to 999 in a
  user's set that extends it (docs/RULES.md §18);
- the 7 zero cards are 1000-1006 (they all show 0);
- the 10 jokers 0.0-0.9 are 1007-1016.

Placement compares *values* in tenths (card 17 is worth 170, joker 0.4 is 4),
so joker arithmetic is exact: 0.4 appended after 17 is worth 174.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

HIGHEST_NUMBER = 104  # of the bundled deck
MOST_NUMBER = 999  # the highest number a card may show (a set's MAX_VALUE)
FIRST_ZERO = MOST_NUMBER + 1
ZERO_CARDS = tuple(range(FIRST_ZERO, FIRST_ZERO + 7))
FIRST_JOKER = FIRST_ZERO + 7
JOKER_CARDS = tuple(range(FIRST_JOKER, FIRST_JOKER + 10))
NUMBERED_CARDS = tuple(range(1, HIGHEST_NUMBER + 1))
CARD_ID_LIMIT = FIRST_JOKER + 10  # ids are below this


def is_numbered(card: int) -> bool:
    return 1 <= card < FIRST_ZERO


def is_zero(card: int) -> bool:
    return FIRST_ZERO <= card < FIRST_JOKER


def is_joker(card: int) -> bool:
    return FIRST_JOKER <= card < CARD_ID_LIMIT


def joker(tenths: int) -> int:
    """The joker showing 0.<tenths>."""
    if not 0 <= tenths <= 9:
        raise ValueError(f"there is no joker 0.{tenths}")
    return FIRST_JOKER + tenths


def zero_card(index: int) -> int:
    """The zero card number `index` (0-6); they all show 0 but are distinct cards."""
    return ZERO_CARDS[index]


def value(card: int) -> int:
    """The card's own value in tenths: 17 -> 170, joker 0.4 -> 4, a zero card -> 0."""
    if card >= FIRST_JOKER:
        return card - FIRST_JOKER
    if card >= FIRST_ZERO:
        return 0
    return card * 10


VALUE = tuple(map(value, range(CARD_ID_LIMIT)))  # indexed by card id (0: no card)


def face(card: int) -> str:
    """What the card shows: "17", "0" or "0.4"."""
    if card >= FIRST_JOKER:
        return f"0.{card - FIRST_JOKER}"
    if card >= FIRST_ZERO:
        return "0"
    return str(card)


def written(card: int) -> int | float:
    """A card as a record and a sentence write it: 17, 0 for a zero card, 0.4 for a joker (a
    number, which each language writes with its own decimal separator)."""
    if card >= FIRST_JOKER:
        return (card - FIRST_JOKER) / 10
    return 0 if card >= FIRST_ZERO else card


def shown(card: int) -> int | str:
    """A card as data shows it (JSON, a record's parameters): 17, 0 for a zero card, "0.4" for a joker."""
    if card >= FIRST_JOKER:
        return face(card)
    return 0 if card >= FIRST_ZERO else card


def faces(cards: Iterable[int]) -> str:
    """ "5", "5 and 0", "5, 6 and 7"."""
    return and_joined(face(card) for card in cards)


def and_joined(words: Iterable[str]) -> str:
    """ "a", "a and b", "a, b and c": a list as the messages say it."""
    words = list(words)
    return ", ".join(words[:-1]) + " and " + words[-1] if len(words) > 1 else "".join(words)


def tenths_number(tenths: int) -> int | float:
    """A value in tenths as a number a sentence shows: 170 -> 17, 174 -> 17.4."""
    whole, tenth = divmod(tenths, 10)
    return tenths / 10 if tenth else whole


def standard_heads(number: int) -> int:
    """Bull heads of numbered card `number` by the standard rule."""
    if number == 55:
        return 7
    if number % 11 == 0:
        return 5
    if number % 10 == 0:
        return 3
    if number % 5 == 0:
        return 2
    return 1


def heads_table(
    card_heads: Mapping[int, int] | None = None, zero_heads: int = 0, joker_heads: int = 1
) -> tuple[int, ...]:
    """Bull heads of every card id, as a tuple indexed by id.

    Defaults are the bundled card set: the standard rule for numbered cards,
    0 for zero cards, 1 for jokers. `card_heads` overrides single cards by id.
    """
    table = [0] * CARD_ID_LIMIT
    for card in NUMBERED_CARDS:
        table[card] = standard_heads(card)
    for card in ZERO_CARDS:
        table[card] = zero_heads
    for card in JOKER_CARDS:
        table[card] = joker_heads
    for card, heads in (card_heads or {}).items():
        if not 1 <= card < CARD_ID_LIMIT:
            raise ValueError(f"there is no card with id {card}")
        table[card] = heads
    return tuple(table)


STANDARD_HEADS = heads_table()
