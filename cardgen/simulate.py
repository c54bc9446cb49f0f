"""Play many games with player strategies and sum them up.

    result = simulate(Options("plus"), ["heuristic", "random", "random"], games=1000, seed=1)
    result.as_json(); result.summary()

Game number i (from 0) is played with seed `seed + i`, so any single game can
be replayed on its own with `games=1, seed=seed + i`.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from operator import add

from cardgen.batch import START_METHOD, run_chunks
from cardgen.engine import (
    BUNDLED,
    FIRST_JOKER,
    FIRST_ZERO,
    KINDS,
    CardPool,
    Game,
    IllegalPlay,
    InvariantBroken,
    Options,
)
from cardgen.engine.deck import never_dealt
from cardgen.engine.kernel import kernel_for
from cardgen.errors import CheckFailed, InputError
from cardgen.messages import Message, language

MOST_EFFORT = 100_000  # playouts or samples a player of kind:N may take


@dataclass
class SimulationResult:
    options: Options
    kinds: list[str]
    games: int
    seconds: float
    mean_totals: list[float]
    win_rates: list[float]  # a shared win counts as a win for each winner
    mean_rounds: float
    cards: Message = field(default_factory=lambda: Message("simulate.dealt", kinds=[]))  # what was played
    never_dealt: list[int] = field(default_factory=list)  # the set's cards these games never dealt

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else float("inf")

    def as_json(self) -> dict:
        return {
            "variant": self.options.variant,
            "players": self.kinds,
            "games": self.games,
            "seconds": round(self.seconds, 3),
            "games_per_second": round(self.games_per_second, 1),
            "mean_totals": [round(total, 3) for total in self.mean_totals],
            "win_rates": [round(rate, 4) for rate in self.win_rates],
            "mean_rounds": round(self.mean_rounds, 3),
            "cards": self.cards.data(),
            "never_dealt": self.never_dealt,
        }

    def summary(self, lang: str | None = None) -> str:
        """The run in words and a table of the seats, in `lang`."""
        lang = lang or language()
        rate = round(min(self.games_per_second, 1e12))
        said = [
            Message(
                "simulate.heading",
                variant=self.options.words,
                players=Message("simulate.players", count=len(self.kinds)),
                games=Message("simulate.games", count=self.games),
                seconds=self.seconds,
                rate=rate,
            ),
            Message("simulate.cards", cards=self.cards),
            *([Message("cli.note", note=self.never_dealt_said())] if self.never_dealt else []),
            Message("simulate.mean_rounds", rounds=self.mean_rounds),
        ]
        return "\n".join([*(message.text(lang) for message in said), *self._table(lang)])

    def never_dealt_said(self) -> Message:
        return never_dealt_words(self.options, len(self.kinds), self.never_dealt)

    def _table(self, lang: str) -> list[str]:
        """Each seat's player, mean total and win rate, every figure ending under its heading."""
        seat, player, total, rate = (
            Message(f"simulate.column.{name}").text(lang) for name in ("seat", "player", "total", "win_rate")
        )
        width = max(len(player), *map(len, self.kinds))  # rollout:20 is wider
        lines = [f"{seat}  {player:<{width}}  {total}  {rate}"]
        for number, kind in enumerate(self.kinds):
            mean = Message("simulate.mean_total", total=self.mean_totals[number]).text(lang)
            won = Message("simulate.win_rate", rate=self.win_rates[number]).text(lang)
            lines.append(
                f"{number + 1:>{len(seat)}}  {kind:<{width}}  {mean:>{max(len(total), 10)}}  {won:>{len(rate)}}"
            )
        return lines


def make_players(kinds: list[str]) -> list:
    """A strategy for each kind: a name of KINDS, or "name:N" for one that takes an effort."""
    return [make_player(kind) for kind in kinds]


def make_player(kind: str):
    name, colon, effort = kind.partition(":")
    if name not in KINDS:
        raise InputError(Message("simulate.unknown_kind", kind=name, choices=list(KINDS)))
    strategy = KINDS[name].player
    if not colon:
        return strategy()
    if not (effort.isascii() and effort.isdigit() and 1 <= int(effort) <= MOST_EFFORT):
        raise InputError(Message("simulate.kind_effort", kind=kind, name=name, most=MOST_EFFORT))
    player = strategy.with_effort(int(effort))
    if player is None:
        raise InputError(Message("simulate.kind_without_number", kind=kind, name=name))
    return player


def simulate(
    options: Options,
    kinds: list[str],
    games: int,
    seed: int = 1,
    check: bool = True,
    progress: Callable[[int], None] | None = None,
    jobs: int = 1,
    pool: CardPool = BUNDLED,
    sets: Sequence[str] = (),
    start_method: str | None = START_METHOD,  # "spawn" from a process with threads (the studio)
    scheduler: str | None = None,  # a Dask scheduler's address: its workers play instead
    slow: Callable[[], None] | None = None,  # told when preparing the players takes a while
) -> SimulationResult:
    """Play `games` games with the cards of `pool` (the bundled ones changed by the card
    sets named `sets`) on `jobs` processes; `progress(done)` is called now and then.

    A broken engine invariant (or a strategy's illegal decision) stops the run
    with CheckFailed naming the seed that replays that game: the first such game
    in seed order, whatever the number of jobs.
    """
    make_players(kinds)  # an unknown kind is reported here, before any worker starts
    prepare_players(options, kinds, slow)
    started = time.perf_counter()
    work = partial(play_chunk, options, tuple(kinds), seed, check, pool=pool)
    sums = run_chunks(work, games, jobs, add, Sums.empty(len(kinds)), progress, start_method, scheduler)
    seconds = time.perf_counter() - started
    played = max(games, 1)
    dealt = options.rules.deck(len(kinds), pool)
    return SimulationResult(
        options=options,
        kinds=list(kinds),
        games=games,
        seconds=seconds,
        mean_totals=[total / played for total in sums.totals],
        win_rates=[won / played for won in sums.wins],
        mean_rounds=sums.rounds / played,
        cards=played_cards(options, dealt, pool, sets),
        never_dealt=never_dealt(pool, dealt),
    )


def prepare_players(options: Options, kinds: Sequence[str], slow: Callable[[], None] | None = None) -> None:
    """Where a run's players play through engine/compiled.py (a table of heuristic players
    only, or players that look ahead, in a variant it plays), compile it or load it from the
    cache before any game or worker starts, so that its workers find it ready; `slow()`
    once that has lasted two seconds (on a machine's first run only)."""
    table = [KINDS[name.split(":")[0]] for name in kinds]
    looks_ahead = any(kind.looks_ahead for kind in table)
    if looks_ahead or all(kind.rounds_compiled for kind in table):
        kernel_for(options.rules).prepare(looks_ahead, slow or (lambda: None))


def played_cards(options: Options, dealt: Sequence[int], pool: CardPool, sets: Sequence[str] = ()) -> Message:
    """The cards the games were dealt from (`dealt`, the variant's deck), in words: "numbered
    1–116 and 7 zero cards (the bundled cards changed by twelve.yaml)"."""
    numbered = sorted(card for card in dealt if card < FIRST_ZERO)
    low, high = numbered[0], numbered[-1]
    if len(numbered) == high:
        kinds = [Message("simulate.numbered", low=low, high=high)]
    else:
        kinds = [Message("simulate.numbered_some", low=low, high=high, count=len(numbered))]
    if options.rules.holds(FIRST_ZERO):
        kinds.append(Message("simulate.zero_cards", count=sum(card in pool.zeros for card in dealt)))
    if options.rules.holds(FIRST_JOKER):
        kinds.append(Message("simulate.jokers", count=sum(card in pool.jokers for card in dealt)))
    if sets:
        return Message("simulate.dealt_changed", kinds=kinds, sets=list(sets))
    return Message("simulate.dealt", kinds=kinds)


def never_dealt_words(options: Options, players: int, cards: list[int]) -> Message:
    return Message("simulate.never_dealt", deck=options.rules.deck_words(players), cards=listed_cards(cards))


def listed_cards(cards: list[int]) -> Message:
    """A few cards by number: 105, 106 … and 4 more."""
    if len(cards) > 8:
        return Message("simulate.cards_and_more", cards=cards[:8], count=len(cards) - 8)
    return Message("simulate.listed_cards", cards=list(cards))


def failed_game(index: int, game_seed: int, broken: InvariantBroken | IllegalPlay) -> CheckFailed:
    """A broken invariant (a bug of the engine, said as the engine says it) or an illegal
    decision in game `index`, as CheckFailed naming the seed that replays it."""
    said = (
        broken.said(Message("simulate.seat", seat=broken.seat + 1)) if isinstance(broken, IllegalPlay) else str(broken)
    )
    return CheckFailed(Message("simulate.game_failed", game=index + 1, seed=game_seed, problem=said))


@dataclass(frozen=True)
class Sums:
    """Whole-number sums over some games: added up exactly, in any grouping, before
    the means are taken once."""

    totals: tuple[int, ...]
    wins: tuple[int, ...]  # a shared win counts as a win for each winner
    rounds: int

    @classmethod
    def empty(cls, seats: int) -> Sums:
        return cls((0,) * seats, (0,) * seats, 0)

    def __add__(self, other: Sums) -> Sums:
        return Sums(
            tuple(map(add, self.totals, other.totals)),
            tuple(map(add, self.wins, other.wins)),
            self.rounds + other.rounds,
        )


def play_chunk(
    options: Options, kinds: tuple[str, ...], seed: int, check: bool, indexes: range, *, pool: CardPool = BUNDLED
) -> Sums:
    """Games number `indexes` of a run, game i with seed `seed + i`."""
    players = make_players(list(kinds))
    totals = [0] * len(players)
    wins = [0] * len(players)
    rounds = 0
    game = Game(options, players, pool=pool, check=check)
    for index in indexes:
        game_seed = seed + index
        try:
            winners = game.again(game_seed).play()
        except (InvariantBroken, IllegalPlay) as exc:
            raise failed_game(index, game_seed, exc) from None
        totals = [*map(add, totals, game.totals)]
        for seat in winners:
            wins[seat] += 1
        rounds += game.round
    return Sums(tuple(totals), tuple(wins), rounds)
