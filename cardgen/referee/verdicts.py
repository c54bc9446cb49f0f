"""What the referee finds wrong with a game: where (round, turn, player, cards), a message
id and its parameters, as a sentence or as JSON for scripts. The rules a play can break
are the engine's (RULE_BREAKS); the referee's own findings are here, kept together so that
they move to the message catalogues as they are."""

from __future__ import annotations

from dataclasses import dataclass, field

from cardgen.engine import RULE_BREAKS, IllegalPlay, and_joined, rule_broken, shown

VERDICTS = {
    "referee.at_turn": "round {round}, turn {turn}: {what}",
    "referee.at_draft": "round {round}, the draft: {what}",
    "referee.at_round": "round {round}: {what}",
    "referee.game_over": "the game was already over after round {last} (totals {totals}), so no further round is played",
    "referee.round_unfinished": "round {last} is not finished: {holding} still hold cards",
    "referee.round_over": "the round is already over: every hand is empty",
    "referee.written_too_soon": "scores are written down, but the round is not finished: {holding} still hold cards",
    "referee.wrong_score": "{player}'s score is written as {written}, but the bull heads {player} collected come to {counted}",
    "referee.wrong_total": "{player}'s total is written as {written}, but {player}'s scores add up to {counted}",
}


@dataclass
class Failure:
    """A broken rule or a wrong sum: `message` is an id of RULE_BREAKS or VERDICTS."""

    round: int
    message: str
    params: dict = field(default_factory=dict)
    turn: int | None = None
    player: str | None = None
    cards: tuple[int, ...] = ()
    draft: bool = False  # found while replaying the round's draft

    @classmethod
    def of_play(cls, exc: IllegalPlay, player: str, round_: int, turn: int | None) -> Failure:
        return cls(round_, exc.message, exc.params, turn, player, exc.cards, draft=turn is None)

    def text(self) -> str:
        """The one sentence a player reads."""
        if self.message in RULE_BREAKS:
            what = rule_broken(self.message, self.player or "", self.cards, self.params)
        else:
            what = VERDICTS[self.message].format(**_as_text({"player": self.player, **self.params}))
        where = "referee.at_draft" if self.draft else "referee.at_turn" if self.turn else "referee.at_round"
        return VERDICTS[where].format(round=self.round, turn=self.turn, what=what)

    def as_json(self) -> dict:
        return {
            "round": self.round,
            "turn": self.turn,
            "player": self.player,
            "cards": [shown(card) for card in self.cards],
            "message": self.message,
            "params": self.params,
            "text": self.text(),
        }


def _as_text(params: dict) -> dict:
    """Parameters as a sentence shows them: names joined with "and", totals as "Ana 12, Ben 30"."""
    return {
        name: ", ".join(f"{key} {value}" for key, value in param.items())
        if isinstance(param, dict)
        else and_joined(param)
        if isinstance(param, list)
        else param
        for name, param in params.items()
    }
