"""A played game written down as a referee's record (YAML, as a person would type it),
which `cardgen referee` replays to the same scores: every decision of every variant is
in it (the cards each player played, the row a low card or a joker took, the row a joker
or a free companion went on, Pro's draft picks, which zero card each hand held where a
set's zero cards differ), and the scores of each finished round."""

from __future__ import annotations

from dataclasses import fields

import yaml

from cardgen.engine import BUNDLED, Game, Options, Play, RoundHistory, written


def record_of(game: Game, names: list[str] | None = None, card_set: str | None = None) -> str:
    """The record of `game`, played from its first round with `history=True`; `names`:
    the players' names (else Player 1, Player 2, ...); `card_set`: the file of the cards
    it was played with, beside the record, when they are not the bundled ones."""
    if game.history is None or len(game.history) != game.round:
        raise ValueError("only a game played from its first round with Game(..., history=True) can be written down")
    if game.pool != BUNDLED and card_set is None:
        raise ValueError("a game played with a card set of its own names it: give card_set")
    names = names or [f"Player {seat + 1}" for seat in range(game.player_count)]
    lines = [f"variant: {game.options.variant}"]
    options = _options(game.options)
    if options:
        lines.append(f"options: {_flow(options)}")
    if card_set is not None:
        lines.append(f"set: {_flow([card_set])[1:-1]}")
    lines += [f"players: {_flow(names)}", "rounds:" if game.history else "rounds: []"]
    zeros = _zero_names(game)
    for index, round_ in enumerate(game.history):
        scores = game.round_scores[index] if index < len(game.round_scores) else None
        lines += _round_lines(round_, names, scores, zeros)
    return "\n".join(lines) + "\n"


def _options(options: Options) -> dict:
    """The options that differ from the variant's own."""
    default = Options(options.variant)
    return {
        field.name: getattr(options, field.name)
        for field in fields(Options)
        if field.name != "variant" and getattr(options, field.name) != getattr(default, field.name)
    }


def _zero_names(game: Game) -> dict[int, dict] | None:
    """Where a set's zero cards differ in bull heads, each one as a hand names it
    ({zero: 3}: the set's third); None where any zero card is as good as another."""
    zeros = game.pool.zeros
    if len({game.heads[card] for card in zeros}) < 2:
        return None
    return {card: {"zero": place} for place, card in enumerate(zeros, 1)}


def _round_lines(
    round_: RoundHistory, names: list[str], scores: list[int] | None, zeros: dict[int, dict] | None
) -> list[str]:
    if round_.draft is not None:
        lines = [f"  - draft: {_flow(_cards(round_.draft))}"]
    else:
        lines = [f"  - rows: {_flow([_cards(row) for row in round_.rows])}"]
        hands = {name: _hand(hand, round_.turns, zeros) for name, hand in zip(names, round_.hands) if hand is not None}
        if hands:
            lines.append("    hands:")
            lines += [f"      {_flow({name: hand})[1:-1]}" for name, hand in hands.items()]
    if round_.turns:
        lines.append("    turns:")
        for plays in round_.turns:
            turn = {name: _play(play) for name, play in zip(names, plays) if play is not None}
            lines.append(f"      - {_flow(turn)}")
    if scores is not None:
        lines.append(f"    scores: {_flow(dict(zip(names, scores)))}")
    return lines


def _hand(hand: list[int], turns: list[list[Play | None]], zeros: dict[int, dict] | None) -> list:
    """A dealt hand as written; zero cards that differ named, in the order they are played
    (the referee gives a player who plays 0 the first zero card of the hand still held)."""
    if zeros is None:
        return _cards(hand)
    played = {card: turn for turn, plays in enumerate(turns) for play in plays if play for card in play.cards}
    in_order = [card for card in hand if card not in zeros]
    in_order += sorted((card for card in hand if card in zeros), key=lambda card: played.get(card, len(turns)))
    return [zeros.get(card, written(card)) for card in in_order]


def _play(play: Play):
    """A play as a person writes it: 29, [49, 0], {card: 3, take: 2}, {cards: [49, 0], row: 2}."""
    cards = _cards(play.cards)
    if play.take is None and play.row is None:
        return cards[0] if len(cards) == 1 else cards
    written: dict = {"card": cards[0]} if len(cards) == 1 else {"cards": cards}
    if play.take is not None:
        written["take"] = play.take + 1
    if play.row is not None:
        written["row"] = play.row + 1
    return written


def _cards(cards) -> list:
    """Cards as a record writes them: 17, 0 for a zero card, 0.4 for a joker."""
    return [written(card) for card in cards]


def _flow(value) -> str:
    """A list or mapping on one line, in YAML's flow style (names quoted where YAML needs it)."""
    return yaml.safe_dump(value, default_flow_style=True, width=10**9, sort_keys=False, allow_unicode=True).strip()
