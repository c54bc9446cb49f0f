"""Rule summaries ready to print: every example proved by the rules before a page is
drawn. A turn example is replayed by the referee (one whole legal turn); its `expect` is a
claim: when the engine does not reproduce it, loading fails naming the file, the line and
the example. A tally is scored with the engine's options (threshold, fixed rounds, lowest
or highest wins).

    summary = load_summary("plus")            # or a YAML file of the same form
    summary.outcome("zero-order").after        # the rows after the turn, as the engine plays it
    pdf = summary_pdf("plus", "de", "letter")
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from functools import cache
from pathlib import Path

from cardgen.engine import Options, face
from cardgen.errors import CardgenError, InputError, sentence
from cardgen.messages import Message
from cardgen.model.rules import RuleSummary, TallyExample, TallyOutcome, TurnExample, TurnOutcome, read_summary
from cardgen.referee import replay
from cardgen.referee.verdicts import by_name
from cardgen.render.summary import draw_summary
from cardgen.yamlio import YamlDocument


@cache
def load_summary(variant_or_file: str | Path) -> RuleSummary:
    """A rule summary with every example proved: InputError naming the example otherwise."""
    summary = read_summary(variant_or_file)
    outcomes: dict[str, TurnOutcome | TallyOutcome] = {}
    for index, example in enumerate(summary.examples):
        if isinstance(example, TurnExample):
            outcomes[example.id] = _replay_turn(summary.doc, index, summary.variant, example)
        else:
            outcomes[example.id] = _score_tally(summary.doc, index, summary.variant, example)
    return dataclasses.replace(summary, outcomes=outcomes)


def summary_pdf(variant_or_file: str, lang: str, paper: str = "a4", flip: str = "long") -> bytes:
    """The rule summary of a variant (or of a rule YAML file) in `lang` on `paper`
    (a4 or letter), as PDF bytes; on two pages, printed turning on the `flip` edge."""
    return draw_summary(load_summary(variant_or_file), lang, paper, flip)


class _ExampleRecord(YamlDocument):
    """A referee record made of one example: its errors name the example in the rule file."""

    def __init__(self, rules: YamlDocument, index: int, example_id: str, data: dict):
        super().__init__(rules.file, data, {})
        self.rules, self.index, self.example_id = rules, index, example_id

    def error(self, path, problem: Message | str) -> InputError:
        in_example = Message("summary.in_example", id=self.example_id, problem=sentence(problem))
        return self.rules.error(self._in_rules(tuple(path)), in_example)

    def _in_rules(self, path: tuple) -> tuple:
        here = ("examples", self.index)
        if path[:3] == ("rounds", 0, "rows"):
            return here + ("rows",) + path[3:]
        if path[:4] == ("rounds", 0, "turns", 0):
            return here + ("turn",) + path[4:]
        if path[:1] == ("players",):
            return here + ("turn",)
        return here


def _replay_turn(doc: YamlDocument, index: int, variant: str, example: TurnExample) -> TurnOutcome:
    record = {
        "variant": variant,
        "players": list(example.turn),
        "rounds": [{"rows": example.rows, "turns": [example.turn]}],
    }
    here = ("examples", index)
    try:
        report = replay(_ExampleRecord(doc, index, example.id, record))
    except InputError:
        raise
    except CardgenError as exc:  # a play the rules refuse: what the referee says of it, without where
        said = exc.message
        reason = said.params.get("what", said) if isinstance(said, Message) else said
        raise doc.error(here + ("turn",), Message("summary.breaks_rules", id=example.id, reason=reason)) from None
    round_ = report.rounds[0]
    turn = round_.turns[0]
    outcome = TurnOutcome(
        before=[list(row) for row in round_.start_rows],
        after=[list(row) for row in turn.rows],
        collected={name: list(cards) for name, cards in turn.collected.items() if cards},
        plays={name: play.cards for name, play in turn.plays.items()},
    )
    _compare_turn(doc, here, example, outcome)
    return outcome


def _shown(raw: int | float) -> str:
    """A card as written in the YAML, as the engine's face() shows it."""
    if isinstance(raw, float):
        return f"{raw:.1f}"
    return str(raw)


def _compare_turn(doc: YamlDocument, here: tuple, example: TurnExample, outcome: TurnOutcome) -> None:
    engine_rows = [[face(card) for card in row] for row in outcome.after]
    claimed_rows = [[_shown(card) for card in row] for row in example.expect.rows]
    if engine_rows != claimed_rows:
        said = Message("summary.rows_differ", id=example.id, rows=_rows(engine_rows), written=_rows(claimed_rows))
        raise doc.error(here + ("expect", "rows"), said)
    engine = {name: Counter(face(card) for card in cards) for name, cards in outcome.collected.items()}
    claimed = {
        name: Counter(_shown(card) for card in cards) for name, cards in example.expect.collected.items() if cards
    }
    if engine != claimed:
        said = Message("summary.collected_differ", id=example.id, found=_collected(engine), written=_collected(claimed))
        raise doc.error(here + ("expect", "collected"), said)


def _rows(rows: list[list[str]]) -> str:
    return " | ".join(" ".join(row) for row in rows)


def _collected(collected: dict[str, Counter]) -> Message:
    """Who collects which cards, or that nobody does."""
    if not collected:
        return Message("summary.nobody_collects")
    said = [
        Message("summary.collects", name=name, cards=" ".join(sorted(cards.elements(), key=float)))
        for name, cards in sorted(collected.items())
    ]
    return Message("summary.collecting", who=said)


def _score_tally(doc: YamlDocument, index: int, variant: str, example: TallyExample) -> TallyOutcome:
    """Totals, end of game and winners by the engine's options for the variant."""
    here = ("examples", index)
    options = Options(variant)
    names = list(example.scores)
    rounds = {len(scores) for scores in example.scores.values()}
    if len(rounds) != 1 or not names:
        raise doc.error(here + ("scores",), Message("summary.score_each_round", id=example.id))
    (count,) = rounds
    fixed = options.rounds_to_play(len(names))
    totals = dict.fromkeys(names, 0)
    over = False
    for round_number in range(count):
        if over:
            raise doc.error(here + ("scores",), Message("summary.over_before", id=example.id, round=round_number))
        for name in names:
            totals[name] += example.scores[name][round_number]
        over = round_number + 1 >= fixed if fixed is not None else max(totals.values()) >= options.end_threshold
    best = (min if options.negative else max)(totals.values())
    winners = [name for name in names if totals[name] == best] if over else []
    outcome = TallyOutcome(totals=totals, game_over=over, winners=winners)
    claimed = example.expect
    if claimed.totals != totals:
        said = Message("summary.totals_differ", id=example.id, totals=by_name(totals), written=by_name(claimed.totals))
        raise doc.error(here + ("expect", "totals"), said)
    if claimed.game_over != over:
        state = "summary.game_over" if over else "summary.game_not_over"
        raise doc.error(here + ("expect", "game_over"), Message(state, id=example.id))
    if sorted(claimed.winners) != sorted(winners):
        said = Message(
            "summary.winners_differ", id=example.id, winners=_winners(winners), written=_winners(claimed.winners)
        )
        raise doc.error(here + ("expect", "winners"), said)
    return outcome


def _winners(names: list[str]) -> list[str] | Message:
    return names or Message("summary.nobody")
