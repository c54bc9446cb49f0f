"""What the referee reports: the rows and collected cards of every turn, the scores,
as an account a player reads or as JSON."""

from __future__ import annotations

from dataclasses import dataclass, field

from cardgen.engine import STANDARD_HEADS, Move, Options, Play, face, is_joker, is_zero, shown
from cardgen.messages import Message
from cardgen.referee.verdicts import Failure, by_name


@dataclass
class TurnReport:
    plays: dict[str, Play]  # by name: the cards and the rows named
    rows: list[list[int]]
    collected: dict[str, list[int]]
    moves: list[Move] = field(default_factory=list)  # how the cards went down, in order


@dataclass
class RoundReport:
    number: int  # the round's number in the game (a record entered from the middle starts later)
    start_rows: list[list[int]]
    turns: list[TurnReport] = field(default_factory=list)
    scores: dict[str, int] = field(default_factory=dict)
    finished: bool = False
    replayed: bool = True  # False: its scores alone were written down, and stand as written


@dataclass
class Report:
    variant: str
    options: Options
    players: list[str]
    rounds: list[RoundReport]
    totals: dict[str, int]
    game_over: bool
    winners: list[str]
    heads: tuple[int, ...] = STANDARD_HEADS
    failure: Failure | None = None  # what stopped the replay: a broken rule or a wrong sum
    before: tuple[int, dict[str, int]] | None = None  # entered from the middle: rounds played before, totals

    def as_json(self, lang: str | None = None) -> dict:
        return {
            "variant": self.variant,
            "rounds": [
                {
                    "round": round_.number,
                    "replayed": round_.replayed,
                    "turns": [
                        {
                            "rows": [[shown(card) for card in row] for row in turn.rows],
                            "collected": {
                                name: [shown(card) for card in cards] for name, cards in turn.collected.items()
                            },
                        }
                        for turn in round_.turns
                    ],
                    "scores": round_.scores,
                }
                for round_ in self.rounds
            ],
            "totals": self.totals,
            "game_over": self.game_over,
            "winners": self.winners,
            "before": None if self.before is None else {"rounds": self.before[0], "totals": self.before[1]},
            "failure": None if self.failure is None else self.failure.as_json(lang),
        }

    def account(self, lang: str | None = None) -> str:
        """The replay as a player reads it, turn by turn, in `lang` (None: the language messages
        are said in)."""
        return "\n".join("  " * depth + said.text(lang) if said else "" for depth, said in self.said())

    def said(self) -> list[tuple[int, Message | None]]:
        """The account's lines: (indent, what; None for a blank line)."""
        names = self.players
        lines: list[tuple[int, Message | None]] = [
            (0, Message("referee.account.players", variant=_variant(self.variant), count=len(names), names=names))
        ]
        if self.before is not None:
            lines.append((0, Message("referee.entered_after", rounds=self.before[0], totals=by_name(self.before[1]))))
        for round_ in self.rounds:
            lines += [(0, None), (0, Message("referee.account.round", round=round_.number))]
            if not round_.replayed:
                lines.append((1, Message("referee.scores_as_written", scores=by_name(round_.scores))))
                continue
            lines.append((1, Message("referee.account.start_rows", rows=rows_text(round_.start_rows))))
            for number, turn in enumerate(round_.turns, 1):
                lines.append((1, Message("referee.account.turn", turn=number, plays=plays_said(turn))))
                lines += [(2, said) for said in self.moves_said(turn)]
                lines.append((2, Message("referee.account.rows", rows=rows_text(turn.rows))))
            finished = "referee.account.scores" if round_.finished else "referee.account.scores_so_far"
            lines.append((1, Message(finished, scores=by_name(round_.scores))))
        lines += [(0, None), (0, Message("referee.account.totals", totals=by_name(self.totals)))]
        if self.game_over:
            lines.append((0, Message("referee.account.won", count=len(self.winners), winners=self.winners)))
        else:
            lines.append((0, Message("referee.account.not_over")))
        return lines

    def moves_said(self, turn: TurnReport) -> list[Message]:
        """How the cards of a turn went down, in order: where each went, what each collected
        (a Plus turn's companions of zero cards first, said before the first of them)."""
        said = []
        companions = [move.card for move in turn.moves if _is_companion(move, turn.plays[self.players[move.seat]])]
        for move in turn.moves:
            name = self.players[move.seat]
            if companions and move.card == companions[0]:
                said.append(
                    Message("referee.account.companions_first", count=len(companions), cards=_faces(companions))
                )
            if move.how == "pile":
                said.append(Message("referee.account.pile", player=name, count=self.heads[move.card]))
                continue
            said.append(_move_said(move, name))
            if move.taken:
                heads = sum(self.heads[card] for card in move.taken)
                said.append(Message("referee.account.collects", player=name, cards=_faces(move.taken), count=heads))
        return said


def plays_said(turn: TurnReport) -> list[Message]:
    """What each player played in a turn, with the rows they named."""
    said = []
    for name, play in turn.plays.items():
        cards = [face(card) for card in play.cards]
        if play.take is not None:
            said.append(Message("referee.account.play_take", player=name, cards=cards, row=play.take + 1))
        elif play.row is not None:
            said.append(Message("referee.account.play_row", player=name, cards=cards, row=play.row + 1))
        else:
            said.append(Message("referee.account.play", player=name, cards=cards))
    return said


def _move_said(move: Move, player: str) -> Message:
    card = face(move.card)
    row = None if move.row is None else move.row + 1
    after = None if move.after is None else face(move.after)
    if move.how == "take" and is_joker(move.card):
        return Message("referee.account.joker_take", player=player, card=card, row=row)
    if move.how == "chosen" and is_joker(move.card):
        return Message("referee.account.joker_on", player=player, card=card, row=row, after=after)
    return Message(f"referee.account.{move.how}", player=player, card=card, row=row, after=after)


def _is_companion(move: Move, play: Play) -> bool:
    """A numbered card played with a zero card (Plus): it goes down before the others."""
    return len(play.cards) == 2 and move.card in play.cards and not is_zero(move.card) and any(map(is_zero, play.cards))


def _variant(key: str) -> Message:
    return Message(f"variant.{key}")


def _faces(cards) -> str:
    return " ".join(face(card) for card in cards)


def rows_text(rows: list[list[int]]) -> str:
    """The rows as the account shows them: "1: 8 | 2: 24 29 | 3: 3 | 4: 81"."""
    return " | ".join(f"{index}: {_faces(row)}" for index, row in enumerate(rows, 1))
