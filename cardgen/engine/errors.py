"""Exceptions the engine raises, and the sentences of the rules a play can break."""

from __future__ import annotations

from collections.abc import Sequence

from cardgen.engine.cards import faces

# Every rule a play can break: its message id (the referee's `--json` gives it, with the
# parameters) and its sentence. {player} and {cards} (the play) are always given; the
# others are the parameters named. Kept together so that they move to the message
# catalogues as they are.
RULE_BREAKS = {
    "referee.no_cards_left": "{player} played {cards}, but {player} has no cards left this round",
    "referee.not_in_hand": "{player} played {cards}, but {card} is not in {player}'s hand",
    "referee.no_zero_held": "{player} played {cards}, but {player} holds no zero card",
    "referee.one_zero_held": "{player} played {cards}, but {player} holds only one zero card",
    "referee.played_nothing": "{player} played nothing, but every player who holds cards plays each turn",
    "referee.one_card_a_turn": "{player} played {cards}, but a player plays exactly one card in {variant}",
    "referee.one_or_two_cards": "{player} played {cards}, but a player plays one or two cards in {variant}",
    "referee.too_many_cards": "{player} played {cards}, but a player plays one to {most} cards in {variant}",
    "referee.no_jokers": "{player} played {cards}, but there are no jokers in {variant}",
    "referee.no_zero_cards": "{player} played {cards}, but there are no zero cards in {variant}",
    "referee.not_in_deck": "{player} played {cards}, but {card} is not a card of {deck}",
    "referee.no_zero_left": (
        "{player} played {cards}, but none of the {zeros} zero cards is left for {player} "
        "(played: {played}, in other hands: {held})"
    ),
    "referee.on_table": "{player} played {cards}, but {card} is already on the table",
    "referee.in_other_hand": "{player} played {cards}, but {card} is in another player's hand",
    "referee.already_collected": "{player} played {cards}, but {card} was already collected this round",
    "referee.already_played": "{player} played {cards}, but {card} was already played this round",
    "referee.joker_used": "{player} played {cards}, but each player is dealt one joker a round and {player} has played it",
    "referee.hand_used_up": "{player} played {cards}, but {player} has no {kind} left this round",
    "referee.row_out_of_range": "{player} played {cards} and named row {named}, but the rows are numbered 1 to {rows}",
    "referee.no_take": "{player} played {cards}, which is below every row end, but named no row to take",
    "referee.take_but_fits": (
        "{player} played {cards} and named row {named} to take, but it goes on row {row} after {end}; "
        "only a card below every row end takes a row"
    ),
    "referee.wrong_row": "{player} played {cards} and named row {named}, but the rules put {card} on row {row} after {end}",
    "referee.wrong_row_companion": (
        "{player} played {cards} and named row {named}, but the rules put {card} on row {row} after {end}: "
        "only under the free_companion option does a companion go on a row of its player's choice"
    ),
    "referee.row_not_take": (
        "{player} played {cards} and named row {named}, but it is below every row end, so it takes a row, "
        "which a record names with take"
    ),
    "referee.row_of_taken_row": (
        "{player} played {cards}, named row {take} to take and row {named} to go on; a card that takes a row "
        "starts that row"
    ),
    "referee.row_of_two_cards": (
        "{player} played {cards} and named row {named}, but one row cannot be named for two numbered cards"
    ),
    "referee.row_of_zero_card": "{player} played {cards} and named row {named}, but a zero card never goes on a row",
    "referee.take_in_plus": (
        "{player} played {cards} and named row {named} to take, but in Plus nobody takes a row: "
        "a card below every row end goes on the row with the highest end"
    ),
    "referee.joker_row_and_take": "{player} played {cards} and named both a row to join and a row to take; name one",
    "referee.joker_no_row": "{player} played {cards}, but named no row: a joker joins a row or takes one",
    "referee.joker_beside_joker": (
        "{player} played {cards} on row {named}, which ends with the joker {joker}; "
        "a joker never goes next to another joker"
    ),
    "referee.not_face_up": "{player} picked {cards} in the draft, but it is not among the face-up cards",
    "referee.playout_not_in_hand": "{player} played {what}, but a card of it is not in {player}'s hand",
}


class IllegalPlay(Exception):
    """A decision the rules do not allow: the seat, the cards it played and why, as a
    message id of RULE_BREAKS with its parameters (the referee fills in the player's name)."""

    def __init__(self, seat: int, cards: Sequence[int], message: str, **params) -> None:
        self.seat = seat
        self.cards = tuple(cards)
        self.message = message
        self.params = params
        super().__init__(self.describe(f"seat {seat + 1}"))

    def describe(self, player: str) -> str:
        return rule_broken(self.message, player, self.cards, self.params)


def rule_broken(message: str, player: str, cards: Sequence[int], params: dict) -> str:
    """The sentence of RULE_BREAKS[message] for `player`, who played `cards`."""
    return RULE_BREAKS[message].format(player=player, cards=faces(cards), **params)


class GameOver(Exception):
    """A round was started after the game had ended by the rules."""


class InvariantBroken(AssertionError):
    """The engine's own bookkeeping went wrong: a bug, never a player's mistake."""
