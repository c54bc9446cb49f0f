"""What the referee reports: the rows and collected cards of every turn, the scores,
as an account a player reads or as JSON."""

from __future__ import annotations

from dataclasses import dataclass, field

from cardgen.engine import STANDARD_HEADS, Options, face, shown
from cardgen.messages import Message
from cardgen.referee.verdicts import Failure, by_name


@dataclass
class TurnReport:
    plays: dict[str, tuple[tuple[int, ...], str]]  # name -> (cards, how they were placed)
    rows: list[list[int]]
    collected: dict[str, list[int]]


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

    def account(self) -> str:
        """The replay as a player reads it, turn by turn."""
        lines = [f"{self.options.name}, {len(self.players)} players: {', '.join(self.players)}"]
        if self.before is not None:
            lines.append(str(Message("referee.entered_after", rounds=self.before[0], totals=by_name(self.before[1]))))
        for round_ in self.rounds:
            if not round_.replayed:
                written = Message("referee.scores_as_written", scores=by_name(round_.scores))
                lines += ["", f"Round {round_.number}", f"  {written}"]
                continue
            lines += ["", f"Round {round_.number}", f"  rows at the start: {_rows_text(round_.start_rows)}"]
            for turn_number, turn in enumerate(round_.turns, 1):
                plays = ", ".join(f"{name} {how}" for name, (_, how) in turn.plays.items())
                lines.append(f"  turn {turn_number}: {plays}")
                for name, cards in turn.collected.items():
                    heads = sum(self.heads[card] for card in cards)
                    lines.append(
                        f"    {name} collects {' '.join(face(card) for card in cards)} "
                        f"({heads} bull head{'s' if heads != 1 else ''})"
                    )
                lines.append(f"    rows: {_rows_text(turn.rows)}")
            state = "" if round_.finished else " (round not finished)"
            lines.append(f"  scores{state}: {_scores_text(round_.scores)}")
        lines += ["", f"Totals: {_scores_text(self.totals)}"]
        if self.game_over:
            verb = "wins" if len(self.winners) == 1 else "share the win"
            lines.append(f"The game is over: {' and '.join(self.winners)} {verb}.")
        else:
            lines.append("The game is not over yet.")
        return "\n".join(lines)


def _rows_text(rows: list[list[int]]) -> str:
    return " | ".join(f"{index}: {' '.join(face(card) for card in row)}" for index, row in enumerate(rows, 1))


def _scores_text(scores: dict[str, int]) -> str:
    return ", ".join(f"{name} {score}" for name, score in scores.items())
