"""The referee: replay a recorded game by the rules.

    report = referee_file("game.yaml")     # or replay(parse_yaml(text, name))
    report.as_json(); report.account()
    text = record_of(game, names)          # a Game played with history=True, written down

A record that is not of the expected form raises InputError (file, line and
field named); a play that breaks a rule raises BrokenRule (a CheckFailed) naming
the round, the turn, the player, the play and the rule (or the wrong sum), and carrying
the report of the legal plays before it. See README for the format.

Modules: record (the record's shape, its cards and plays read into card ids),
replay (the record played on the engine, its written scores checked), report (the
account and the JSON), verdicts (what went wrong, as a message id and its parameters),
write (a played game written down as a record).
"""

from __future__ import annotations

from pathlib import Path

from cardgen.engine import BUNDLED, CardPool, OptionError, Options
from cardgen.errors import InputError
from cardgen.messages import Message
from cardgen.model.cards import SETS_DIR, load_card_set
from cardgen.model.play import set_pool
from cardgen.paths import find_referenced_file
from cardgen.referee.record import Record
from cardgen.referee.replay import BrokenRule, Replay
from cardgen.referee.report import Report
from cardgen.referee.write import record_of
from cardgen.yamlio import YamlDocument, load_yaml, validate

__all__ = ["BrokenRule", "Report", "record_of", "referee_file", "replay"]


def referee_file(path: str | Path) -> Report:
    return replay(load_yaml(path))


def replay(doc: YamlDocument, pool: CardPool | None = None) -> Report:
    """Replay a record; raise InputError for a malformed one, BrokenRule for a broken rule.
    `pool`: the cards of its `set:`, where the caller has read them already."""
    record = validate(doc, Record)
    players = _players(doc, record)
    pool = pool or _pool(doc, record)
    options = _options(doc, record, len(players), pool)
    return Replay(doc, options, players, pool).run(record)


def _pool(doc: YamlDocument, record: Record) -> CardPool:
    """The cards of the record's `set:` (a bundled name or a file beside the record), else the bundled ones."""
    if record.set is None:
        return BUNDLED
    try:
        path, _ = find_referenced_file(record.set, SETS_DIR, "card set", named_by=Path(doc.file))
    except InputError as exc:
        raise doc.error(("set",), exc.message) from None
    return set_pool([load_card_set(path)])


def _players(doc: YamlDocument, record: Record) -> list[str]:
    seen = set()
    for index, name in enumerate(record.players):
        if name in seen:
            raise doc.error(("players", index), Message("record.named_twice", name=name))
        seen.add(name)
    return list(record.players)


def _options(doc: YamlDocument, record: Record, players: int, pool: CardPool) -> Options:
    try:
        options = Options(record.variant, **record.options.model_dump())
    except OptionError as exc:
        raise doc.error(("options",), Message("input.sentence", clause=exc.message)) from None
    try:
        options.check_players(players, pool)
    except OptionError as exc:
        raise doc.error(("players",), Message("input.sentence", clause=exc.message)) from None
    return options
