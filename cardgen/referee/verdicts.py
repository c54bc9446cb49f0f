"""What the referee finds wrong with a game: where (round, turn, player, cards), a message
id of the catalogues and its parameters, as a sentence in the reader's language or as
JSON for scripts. The rules a play can break are raised by the engine (IllegalPlay); the
referee's own findings (a wrong sum, a round after the end) are made here."""

from __future__ import annotations

from dataclasses import dataclass, field

from cardgen.engine import IllegalPlay, shown
from cardgen.messages import Message


@dataclass
class Failure:
    """A broken rule or a wrong sum; `params` are plain data, as --json gives them."""

    round: int
    message: str
    params: dict = field(default_factory=dict)
    turn: int | None = None
    player: str | None = None
    cards: tuple[int, ...] | None = None  # the play that broke a rule; None: no play's fault
    draft: bool = False  # found while replaying the round's draft

    @classmethod
    def of_play(cls, exc: IllegalPlay, player: str, round_: int, turn: int | None) -> Failure:
        return cls(round_, exc.message, exc.params, turn, player, exc.cards, draft=turn is None)

    def said(self) -> Message:
        """The one sentence a player reads: where, then what."""
        if self.cards is not None:
            what = IllegalPlay(0, self.cards, self.message, **self.params).said(self.player or "")
        else:
            what = Message(self.message, **_spoken({"player": self.player, **self.params}))
        where = "referee.at_draft" if self.draft else "referee.at_turn" if self.turn else "referee.at_round"
        return Message(where, round=self.round, turn=self.turn, what=what)

    def as_json(self, lang: str | None = None) -> dict:
        return {
            "round": self.round,
            "turn": self.turn,
            "player": self.player,
            "cards": None if self.cards is None else [shown(card) for card in self.cards],
            "message": self.message,
            "params": self.params,
            "text": self.said().text(lang),
        }


def by_name(figures: dict[str, int]) -> list[Message]:
    """Figures by player as a sentence lists them: "Ana 12, Ben 30 and Cleo 7"."""
    return [Message("referee.name_figure", name=name, figure=figure) for name, figure in figures.items()]


def _spoken(params: dict) -> dict:
    """Parameters as a sentence takes them: figures by name as a list; a list of names
    also gives the count its plural follows."""
    spoken = {name: by_name(param) if isinstance(param, dict) else param for name, param in params.items()}
    if "holding" in params:
        spoken["count"] = len(params["holding"])
    return spoken
