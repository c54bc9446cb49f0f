"""Card sets as the cards a game is played with (docs/RULES.md §18): each numbered card
1-104 replaces the bundled one, above 104 it extends the deck; zero cards and jokers
replace the bundled ones. A set that cannot be played is an InputError naming the
file, the line and the reason."""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from pathlib import Path

from cardgen.engine import BUNDLED, CardPool, OptionError, Options
from cardgen.engine.cards import FIRST_ZERO, ZERO_CARDS
from cardgen.engine.deck import changed_pool
from cardgen.errors import InputError
from cardgen.messages import Message
from cardgen.model.cards import Card, CardSet, load_card_set


def load_pool(names: Sequence[str | Path]) -> CardPool:
    """The bundled cards changed by the sets named (bundled names or files); the bundled
    cards when none is named."""
    return set_pool([load_card_set(name) for name in names]) if names else BUNDLED


def set_pool(sets: Sequence[CardSet]) -> CardPool:
    numbers: dict[int, int] = {}
    jokers: dict[int, int] = {}
    zero_heads: list[int] = []
    first_seen: dict[tuple[str, int], tuple[CardSet, int]] = {}
    for card_set in sets:
        for index, card in enumerate(card_set.cards):
            if card.kind == "blank":
                continue
            key = _play_key(card_set, index, card)
            if key[0] == "zero":
                if len(zero_heads) == len(ZERO_CARDS):
                    raise card_set.doc.error(("cards", index), Message("set.too_many_zeros", limit=len(ZERO_CARDS)))
                zero_heads.append(card.heads)
                continue
            if key in first_seen:
                other_set, other = first_seen[key]
                where = other_set.doc.place(("cards", other))
                if other_set is not card_set and not where.id.startswith("table."):  # a table's place names its file
                    where = Message("set.in_file", file=other_set.doc.file, place=where)
                twice = Message(
                    "set.card_twice", id=card.id, label=card.label(), other=other_set.cards[other].id, place=where
                )
                raise card_set.doc.error(("cards", index, "value"), twice)
            first_seen[key] = (card_set, index)
            (numbers if key[0] == "number" else jokers)[key[1]] = card.heads
    return changed_pool(numbers, zero_heads, jokers)


def _play_key(card_set: CardSet, index: int, card: Card) -> tuple[str, int]:
    """("number", 17), ("joker", 4) or ("zero", 0); an InputError for a value no game plays."""
    value = card.value
    if card.kind == "number":
        if isinstance(value, Decimal) or not 1 <= value < FIRST_ZERO:
            raise card_set.doc.error(
                ("cards", index, "value"), Message("set.number_in_play", low=1, high=FIRST_ZERO - 1, value=str(value))
            )
        return "number", value
    if card.kind == "joker":
        tenths = Decimal(value) * 10
        if tenths != tenths.to_integral_value() or not 0 <= tenths <= 9:
            raise card_set.doc.error(("cards", index, "value"), Message("set.joker_value", value=str(value)))
        return "joker", int(tenths)
    if value != 0:
        raise card_set.doc.error(("cards", index, "value"), Message("set.zero_value", value=str(value)))
    return "zero", 0


def check_players(options: Options, players: int, pool: CardPool, names: Sequence[str | Path] = ()) -> None:
    """An InputError when `players` cannot play `options` with these cards, naming the sets."""
    try:
        options.check_players(players, pool)
    except OptionError as exc:  # the engine says it as a clause, without a full stop
        problem = exc.message
        if names and pool is not BUNDLED:
            problem = Message("set.with_sets", sets=[str(name) for name in names], problem=problem)
        raise InputError(problem) from None
