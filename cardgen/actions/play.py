"""The studio's table: a person plays a game against computer players, one decision at a
time, to the game's end.

A table is its deal (the variant and its options, the players and the computers' kind, the
cards, the seed) and every decision made so far, the person's and the computers', in the
order the game asked them. Each look at the table plays the game again from its seed with
those decisions and stops where the person decides next (`position`); a computer's decision
is asked of its strategy once and kept, then read back (a searching player costs its time
once). Undo drops the person's last turn and what followed it; a new game with the same deal
keeps the seed and drops the decisions. What each turn did is said by the referee, from the
record of the game so far (`cardgen referee` replays that record to the same scores).

    table = new_table(values)               # values of FIELDS
    seen = position(table)                  # what the person sees and is asked
    seen = decide(table, {"cards": "17"})   # their answer; InputError if it is not allowed

The studio keeps each table in a folder of its own (`keep_new`, `at_table`, `record_file`):
the game as table.json and, for a game with the designer's own cards, a copy of their set as
it was dealt (my-cards.yaml and its pictures), which the game's record names.
"""

from __future__ import annotations

import json
import os
import random
import re
import secrets
import shutil
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from cardgen.actions import Result
from cardgen.actions.cards import SET_FILE  # an own set, as the record names it (beside the record)
from cardgen.actions.fields import Field, Flag, OneOf, Text, Whole
from cardgen.errors import InputError
from cardgen.files import keep_newest
from cardgen.messages import Message

NAME = "play"
HUMAN = 0  # the person's seat: the game asks it first in every turn
# The computer players a table offers, weakest first: each is a kind of the engine's
# strategies (engine/players.py STRATEGIES); their strength said in words by the choice's
# words, field.opponents.KIND, in the catalogues.
OPPONENTS = ("random", "heuristic", "rollout", "search")
COMPUTER_NAMES = ("Ada", "Bert", "Cleo", "Dan", "Ella", "Finn", "Gus", "Hana", "Ivo")
MOST_PLAYERS = len(COMPUTER_NAMES) + 1
MOST_DECISIONS = 20_000  # a game of ten players of Plus asks about 3,000
ASKED = ("cards", "take", "joker", "companion", "draft")  # what the game asks a seat
MOST_TABLES = 20  # kept in a folder, the last ones
TABLE_ID = re.compile(r"[0-9a-f]{16}")
TABLE_FILE = "table.json"
SET_FOLDER = "set"  # the own set a kept table was dealt with, as it was then


def _variants():
    from cardgen.engine import VARIANTS

    return VARIANTS


SEED = Field("seed", Whole(0, 2**31 - 1), default=1, studio=False)  # the studio deals a new one, or the one asked for
FIELDS = (
    Field("variant", OneOf(_variants), default="classic", named_by="variants"),
    Field("players", Whole(2, MOST_PLAYERS), default=4, words="table_players"),
    Field("opponents", OneOf(OPPONENTS), default="heuristic"),
    Field("name", Text(24)),
    Field("free_companion", Flag(), default=False, shown_if=(("variant", "plus"),)),
    SEED,
    Field("card_set", Text(1000), studio=False),  # a set's file; the studio offers the sets of its own page
)


@dataclass
class Table:
    """A game at the table, as it is kept: its deal and the decisions made so far, each
    [seat, what was asked (ASKED), the answer]."""

    variant: str
    players: int
    opponents: str
    name: str
    seed: int
    free_companion: bool = False
    pool: dict[str, list[int]] | None = None  # the cards of an own set (engine CardPool); None: the bundled ones
    decisions: list[list[Any]] = field(default_factory=list)

    @property
    def names(self) -> list[str]:
        return [self.name, *COMPUTER_NAMES[: self.players - 1]]

    def options(self):
        from cardgen.engine import Options

        return Options(self.variant, free_companion=self.free_companion)

    def card_pool(self):
        from cardgen.engine import BUNDLED, CardPool

        return BUNDLED if self.pool is None else CardPool(**{key: tuple(cards) for key, cards in self.pool.items()})

    def as_json(self) -> dict:
        return asdict(self)

    @classmethod
    def of_json(cls, data: dict) -> Table:
        """A table as kept; InputError if it is not one (a file changed by hand, an older studio's)."""
        try:
            table = cls(**data)
            ok = (
                table.variant in _variants()
                and table.opponents in OPPONENTS
                and 2 <= table.players <= MOST_PLAYERS
                and len(table.decisions) <= MOST_DECISIONS
                and all(len(kept) == 3 and kept[1] in ASKED for kept in table.decisions)
            )
        except (TypeError, ValueError):
            ok = False
        if not ok:
            raise InputError(Message("play.table_broken"))
        return table


def new_table(values: dict) -> Table:
    """A table of these values, its cards read from `card_set` (a set's file) if one is given;
    InputError when they make no game."""
    from cardgen.engine import BUNDLED
    from cardgen.model.play import load_pool

    pool = load_pool([values["card_set"]]) if values.get("card_set") else BUNDLED
    table = Table(
        variant=values["variant"],
        players=values["players"],
        opponents=values["opponents"],
        name=values["name"] or Message("play.default_name").text(),
        seed=values["seed"],
        free_companion=values["free_companion"] and "free_companion" in _variants()[values["variant"]].takes,
        pool=None if pool is BUNDLED else {key: list(cards) for key, cards in asdict(pool).items()},
    )
    low, high = table.options().player_limits(pool)
    if not low <= table.players <= high:
        variant = Message(f"variant.{table.variant}")
        raise InputError(Message("play.players_range", variant=variant, low=low, high=high, players=table.players))
    return table


def player_ranges() -> dict[str, tuple[int, int]]:
    """How many may play each variant at a table (with the bundled cards): (fewest, most)."""
    from cardgen.engine import BUNDLED, Options

    ranges = {key: Options(key).player_limits(BUNDLED) for key in _variants()}
    return {key: (low, min(high, MOST_PLAYERS)) for key, (low, high) in ranges.items()}


def run(values: dict) -> Result:
    """A new table (the report), as new_table makes it."""
    return Result(report=new_table(values))


# --- playing the game again up to the person's next decision ------------------------------


class Asked(Exception):
    """The game stops: the person's seat is asked `what` (one of ASKED), about `card` (the card
    a row is wanted for) or among `pool` (Pro's face-up cards)."""

    def __init__(self, what: str, card: int | None = None, pool: tuple[int, ...] = ()) -> None:
        super().__init__(what)
        self.what, self.card, self.pool = what, card, pool


class _Book:
    """The table's decisions in the order the game asks for them: each read back while there
    are some, then asked of the computers' strategies (and kept), until the person is asked."""

    def __init__(self, table: Table) -> None:
        self.decisions = table.decisions
        self.seed = table.seed
        self.read = 0

    def decide(self, seat: int, what: str, view, strategy, asked: Asked):
        if self.read < len(self.decisions):
            kept_seat, kept_what, answer = self.decisions[self.read]
            if (kept_seat, kept_what) != (seat, what):
                raise InputError(Message("play.table_broken"))
            self.read += 1
            return answer
        if strategy is None:
            raise asked
        if len(self.decisions) >= MOST_DECISIONS:
            raise InputError(Message("play.table_broken"))
        # each decision its own random numbers: the same position asks the same, however the game got there
        view.random = random.Random(f"{self.seed}/{self.read}").random
        answer = _kept(strategy(view))
        self.decisions.append([seat, what, answer])
        self.read += 1
        return answer


def _kept(answer):
    """A decision as JSON keeps it: a card or a tuple of cards as a list, a joker's (how, row) as a list."""
    return list(answer) if isinstance(answer, tuple) else answer


class _Seat:
    """A seat of the table: its decisions from the book, else from its strategy (None: the person's)."""

    plays_last_card = False

    def __init__(self, seat: int, book: _Book, strategy) -> None:
        self.seat, self.book, self.strategy = seat, book, strategy
        self.name = strategy.name if strategy else "person"

    def _decide(self, what: str, view, ask, asked: Asked):
        return self.book.decide(self.seat, what, view, ask if self.strategy else None, asked)

    def choose_cards(self, view):
        answer = self._decide("cards", view, lambda v: self.strategy.choose_cards(v), Asked("cards"))
        return tuple(answer) if isinstance(answer, list) else answer

    def choose_take(self, view, card):
        return self._decide("take", view, lambda v: self.strategy.choose_take(v, card), Asked("take", card))

    def place_joker(self, view, joker):
        answer = self._decide("joker", view, lambda v: self.strategy.place_joker(v, joker), Asked("joker", joker))
        return tuple(answer)

    def companion_row(self, view, card):
        return self._decide("companion", view, lambda v: self.strategy.companion_row(v, card), Asked("companion", card))

    def draft(self, view, pool):
        return self._decide("draft", view, lambda v: self.strategy.draft(v, pool), Asked("draft", pool=tuple(pool)))


@dataclass
class Seen:
    """What the person sees at the table and what they are asked."""

    table: Table
    game: Any  # the engine's Game, stopped where the person decides (or over)
    asked: Asked | None  # None: the game is over
    report: Any  # the referee's replay of the game so far (cardgen.referee.Report)
    coach: dict | None = None  # each play of the hand (a card, or a tuple with a zero card): the bull heads expected

    @property
    def phase(self) -> str:
        """What the table waits for: choose (a card), take-row, joker-row, companion-row, draft, or over."""
        if self.asked is None:
            return "over"
        return {"cards": "choose", "take": "take-row", "joker": "joker-row", "companion": "companion-row"}.get(
            self.asked.what, self.asked.what
        )

    @property
    def hand(self) -> list[int]:
        return sorted(self.game.hands[HUMAN] or ())

    @property
    def choices(self) -> list[int]:
        """The cards the person may click now: their hand, or Pro's face-up cards in the draft."""
        if self.asked is None or self.asked.what not in ("cards", "draft"):
            return []
        return sorted(self.asked.pool) if self.asked.what == "draft" else self.hand

    def rows_open(self, how: str = "take") -> list[int]:
        """The rows (from 0) the person may name now: to take, or for a joker or a companion to go on."""
        if self.asked is None or self.asked.what not in ("take", "joker", "companion"):
            return []
        rows = range(self.game.table.row_count)
        if self.asked.what == "joker" and how == "row":
            return [row for row in rows if not self.game.table.ends_with_joker(row)]
        if self.asked.what == "take" and how != "take":
            return []
        return list(rows)

    @property
    def revealed(self) -> list[tuple[int, int]]:
        """(seat, card) of the cards played this turn, while the turn is being placed."""
        if self.asked is None or self.asked.what in ("cards", "draft"):
            return []
        return sorted(((self.game.owner[card], card) for card in self.game.played_now), key=lambda pair: pair[1])

    @property
    def picks(self) -> list[list[int]]:
        """Pro's draft: each seat's picks so far, face up."""
        if self.asked is None or self.asked.what != "draft":
            return []
        return [list(hand) for hand in self.game.hands]

    @property
    def scores(self) -> list[int]:
        """Each seat's bull heads: this round's so far, or the last round's when the game is over."""
        game = self.game
        if self.asked is None or self.asked.what == "draft":
            return list(game.round_scores[-1]) if game.round_scores else [0] * game.player_count
        return list(game.table.scores)

    @property
    def totals(self) -> list[int]:
        """Each seat's total with this round's bull heads so far."""
        game = self.game
        if game.round_over:
            return list(game.totals)
        return [total + now for total, now in zip(game.totals, game.table.scores)]

    @property
    def round(self) -> int:
        return self.game.round + (1 if self.asked is not None and self.asked.what == "draft" else 0)

    def last_turn(self) -> list[Message]:
        """The referee's account of the last turn played: what everyone played, how the cards
        went down in order, and the round's scores when it ended the round."""
        from cardgen.referee.report import plays_said

        rounds = [round_ for round_ in self.report.rounds if round_.turns]
        if not rounds:
            return []
        round_, turn = rounds[-1], rounds[-1].turns[-1]
        said = [Message("referee.account.turn", turn=len(round_.turns), plays=plays_said(turn))]
        said += self.report.moves_said(turn)
        if round_.finished:
            from cardgen.referee.verdicts import by_name

            said.append(Message("play.round_over", round=round_.number, scores=by_name(round_.scores)))
        return said

    def said(self) -> Message:
        """What the table says the person is to do, or how the game ended."""
        game, asked = self.game, self.asked
        if asked is None:
            winners = [self.table.names[seat] for seat in game.winners()]
            return Message("referee.account.won", count=len(winners), winners=winners)
        if asked.what == "cards":
            return Message("play.ask_cards_plus" if game.rules.cards_per_turn > 1 else "play.ask_cards")
        if asked.what == "draft":
            rules = game.rules
            picks = rules.hand["numbered card"]
            return Message("play.ask_draft", round=self.round, picked=len(game.hands[HUMAN]), picks=picks)
        from cardgen.engine import face

        return Message(f"play.ask_{asked.what}", card=face(asked.card))  # type: ignore[arg-type]

    def shown(self) -> dict:
        """Everything a face shows, as plain data: cards as {id, face, heads, kind}, rows and
        players numbered from 1, and Messages for what is said (the face says them in its language)."""
        from cardgen.engine.search import COACH_PLAYOUTS

        game, table = self.game, self.table
        card = _Card(game.heads).of
        names = table.names
        seats = [
            {"name": name, "you": seat == HUMAN, "kind": None if seat == HUMAN else table.opponents,
             "hand": len(game.hands[seat] or ()), "round": score, "total": total}
            for seat, (name, score, total) in enumerate(zip(names, self.scores, self.totals))
        ]  # fmt: skip
        rows = [] if self.phase == "draft" else [list(row) for row in game.table.rows]
        last = self._last_plays()
        return {
            "phase": self.phase,
            "variant": table.variant,
            "round": self.round,
            "asked": self.said(),
            "asked_card": None if self.asked is None or self.asked.card is None else card(self.asked.card),
            "rows": [
                {
                    "number": index + 1,
                    "cards": [card(c) for c in row],
                    "heads": sum(game.heads[c] for c in row),
                    "take": index in self.rows_open("take"),
                    "join": index in self.rows_open("row"),
                }
                for index, row in enumerate(rows)
            ],  # fmt: skip
            "hand": [card(c) | {"playable": c in self.choices} for c in self.hand],
            "pool": [card(c) for c in self.choices] if self.phase == "draft" else [],
            "picks": [
                {"name": names[seat], "cards": [card(c) for c in sorted(p)]} for seat, p in enumerate(self.picks)
            ],
            "revealed": [{"name": names[seat], "card": card(c)} for seat, c in self.revealed],
            "played": [{"name": name, "cards": [card(c) for c in cards]} for name, cards in last],
            "account": self.last_turn(),
            "seats": seats,
            "negative": game.rules.negative,
            "pairs": game.rules.cards_per_turn > 1,
            "can_undo": any(seat == HUMAN for seat, _, _ in table.decisions),
            "coach": _coached(self.coach, game.rules.negative),
            "playouts": COACH_PLAYOUTS,
            "whole": self.report.said(),
        }

    def _last_plays(self) -> list[tuple[str, tuple[int, ...]]]:
        """What everyone played in the last turn, by name."""
        rounds = [round_ for round_ in self.report.rounds if round_.turns]
        return [(name, play.cards) for name, play in rounds[-1].turns[-1].plays.items()] if rounds else []


class _Card:
    def __init__(self, heads) -> None:
        self.heads = heads

    def of(self, card: int) -> dict:
        from cardgen.engine import face, is_joker, is_zero

        kind = "zero" if is_zero(card) else "joker" if is_joker(card) else "number"
        return {"id": card, "face": face(card), "heads": self.heads[card], "kind": kind}


def _coached(coach: dict | None, negative: bool) -> dict | None:
    """The coach's figures by card id: the card alone, and with a zero card (Plus); `best`
    on the card of the best play (the fewest bull heads, or in Plus the most)."""
    if not coach:
        return None
    found: dict[int, dict] = {}
    for play, heads in coach.items():
        cards = play if isinstance(play, tuple) else (play,)
        found.setdefault(cards[0], {})["with_zero" if len(cards) > 1 else "alone"] = round(heads, 1)
    best = (min if negative else max)(coach, key=coach.__getitem__)
    found[best[0] if isinstance(best, tuple) else best]["best"] = True
    return found


def position(table: Table, coach: bool = False) -> Seen:
    """The game played again with the table's decisions (computers asked for the ones that
    follow, and kept) up to the person's next decision, or to the end; with `coach`, the
    search player's estimate of each card the person may play."""
    from cardgen.engine import STRATEGIES, Game
    from cardgen.engine.errors import IllegalPlay

    book = _Book(table)
    kind = STRATEGIES[table.opponents]
    seats = [_Seat(seat, book, kind() if seat != HUMAN else None) for seat in range(table.players)]
    game = Game(table.options(), seats, seed=table.seed, pool=table.card_pool(), check=True, history=True)  # type: ignore[arg-type]
    asked = None
    try:
        game.play()
    except Asked as exc:
        asked = exc
    except IllegalPlay as exc:
        raise InputError(exc.said(table.names[exc.seat])) from None
    if book.read < len(book.decisions):  # decisions beyond where the game stops
        raise InputError(Message("play.table_broken"))
    seen = Seen(table, game, asked, _replayed(table, game))
    if coach and asked is not None and asked.what == "cards":
        from cardgen.engine.search import coach as estimates

        seen.coach = estimates(game.views[HUMAN], seed=hash((table.seed, len(table.decisions))) & 0xFFFFFFFF)
    return seen


def record(table: Table, game=None) -> str:
    """The referee's record of the game so far (YAML): `cardgen referee` replays it to the
    same scores (an own set beside it as my-cards.yaml)."""
    from cardgen.referee import record_of

    game = game if game is not None else position(table).game
    return record_of(game, table.names, card_set=SET_FILE if table.pool is not None else None)


def _replayed(table: Table, game):
    """The referee's report of the game's record: every turn as the referee tells it."""
    from cardgen.referee import replay
    from cardgen.yamlio import parse_yaml

    return replay(parse_yaml(record(table, game), "game.yaml"), pool=table.card_pool())


# --- what the person does ---------------------------------------------------------------


def act(table: Table, do: str, given: dict[str, str]) -> Seen:
    """What the page asks of the table: `play` (the person's answer, `decide`), `undo`,
    `again` (the same deal), `coach` (the table with the coach's figures), or a look."""
    if do == "play":
        return decide(table, given)
    if do == "undo":
        undo(table)
    elif do == "again":
        again(table)
    return position(table, coach=do == "coach")


def decide(table: Table, given: dict[str, str]) -> Seen:
    """The person's answer to what they are asked, from a form: `cards` (card ids, a comma
    between two), or `row` (1 to 4; empty for a companion's usual row) and, for a joker,
    `how` ("row" or "take"). InputError when it is not what is asked or breaks a rule (the
    table then stays as it was)."""
    seen = position(table)
    answer = _answer(seen, given)
    kept = len(table.decisions)
    table.decisions.append([HUMAN, seen.asked.what, answer])  # type: ignore[union-attr]  # _answer: asked
    try:
        return position(table)
    except InputError:
        del table.decisions[kept:]
        raise


def _answer(seen: Seen, given: dict[str, str]):
    asked = seen.asked
    if asked is None:
        raise InputError(Message("play.game_over"))
    if asked.what in ("cards", "draft"):
        cards = _cards(given.get("cards", ""))
        if not cards or any(card not in seen.choices for card in cards):
            raise InputError(Message("play.not_a_choice"))
        if asked.what == "draft":
            if len(cards) != 1:
                raise InputError(Message("play.not_a_choice"))
            return cards[0]
        return cards[0] if len(cards) == 1 else cards
    row = _row(given.get("row", ""))
    if asked.what == "companion" and row is None:
        return None
    how = given.get("how", "take") if asked.what == "joker" else "take"
    if row is None or how not in ("row", "take") or row not in seen.rows_open(how):
        raise InputError(Message("play.not_a_row"))
    return [how, row] if asked.what == "joker" else row


def _cards(text: str) -> list[int]:
    try:
        return [int(part) for part in str(text).split(",")[:3] if part.strip()]
    except ValueError:
        return []


def _row(text: str) -> int | None:
    text = str(text).strip()
    return int(text) - 1 if text.isdigit() and 1 <= int(text) <= 9 else None


def undo(table: Table) -> None:
    """The person's last turn undone: their last choice of cards (or pick of Pro's draft) and
    every decision after it dropped."""
    own = [
        index for index, (seat, what, _) in enumerate(table.decisions) if seat == HUMAN and what in ("cards", "draft")
    ]
    if own:
        del table.decisions[own[-1] :]


def again(table: Table) -> None:
    """A new game with the same deal: the same seed, no decision made yet."""
    table.decisions.clear()


# --- tables kept in a folder, each in a folder of its own: a reload loses nothing ---------


def keep_new(root: Path, table: Table, own_set: Path | None) -> str:
    """A new table kept in `root` (its own set copied beside it): its id; the oldest beyond
    MOST_TABLES removed."""
    table_id = secrets.token_hex(8)
    folder = root / table_id
    folder.mkdir(parents=True)
    if own_set is not None:
        _copy_set(own_set.parent, folder / SET_FOLDER)
    _save(folder, table)
    keep_newest(root, MOST_TABLES)
    return table_id


def _copy_set(source: Path, target: Path) -> None:
    """The set's folder as it is now: its files linked where the system allows, else copied."""
    target.mkdir()
    for path in source.iterdir():
        if path.is_file() and not path.is_symlink():
            try:
                os.link(path, target / path.name)
            except OSError:
                shutil.copyfile(path, target / path.name)


def at_table(root: Path, table_id: str, do: str, given: dict[str, str]) -> tuple[Seen, Message | str | None]:
    """What the page asks of a kept table (`act`), the table kept again: what the person sees,
    and an answer the table refused (said beside it, the table as it was)."""
    folder = _folder(root, table_id)
    table = _load(folder)
    error = None
    try:
        seen = act(table, do, given)
    except InputError as exc:
        error, seen = exc.message, position(table)
    _save(folder, table)
    return seen, error


def record_file(root: Path, table_id: str) -> tuple[str, bytes]:
    """The referee's record of a kept table's game so far, as a file's name and bytes: with
    the own set it was dealt with, a zip of both."""
    from cardgen.actions.cards import zipped

    folder = _folder(root, table_id)
    table = _load(folder)
    text = record(table).encode()
    _save(folder, table)
    dealt = folder / SET_FOLDER
    if not dealt.is_dir():
        return f"game-{table_id}.yaml", text
    beside = {path.name: path.read_bytes() for path in sorted(dealt.iterdir()) if path.is_file()}
    return f"game-{table_id}.zip", zipped({"game.yaml": text} | beside)


def _folder(root: Path, table_id: str) -> Path:
    folder = root / (table_id or "")
    if not TABLE_ID.fullmatch(table_id or "") or not (folder / TABLE_FILE).is_file():
        raise InputError(Message("play.unknown_table"))
    return folder


def _load(folder: Path) -> Table:
    try:
        data = json.loads((folder / TABLE_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        raise InputError(Message("play.table_broken")) from None
    return Table.of_json(data)


def _save(folder: Path, table: Table) -> None:
    """The table written whole (a new file moved into place): a reload finds it as it was."""
    path = folder / TABLE_FILE
    staged = path.with_suffix(".new")
    staged.write_text(json.dumps(table.as_json(), separators=(",", ":")), encoding="utf-8")
    staged.replace(path)
