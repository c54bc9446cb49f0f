"""`cardgen balance`: do your cards change the game? The same seeds played with the
standard deck and with the user's set, side by side, with intervals, and the paired
differences that tell a finding from noise (cardgen/balance/stats.py).

    report = balance(Options("classic"), ["heuristic"] * 4, 2000, seed=1, pool=load_pool(["promo.yaml"]))
    report.as_json(); report.summary("en"); balance_pdf(report, "fr", "a4")

Modules: play (the games), stats (intervals and the test), words (the sentence and the
labels in the user's language), pdf (the one-page report with its charts).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial

from cardgen.balance.play import Side, Sides, play_chunk
from cardgen.balance.stats import FEWEST_GAMES, Difference, Interval, mean_interval, paired_differences
from cardgen.batch import START_METHOD, run_chunks
from cardgen.engine import BUNDLED, CardPool, OptionError, Options
from cardgen.engine.deck import changed_cards, never_dealt
from cardgen.errors import InputError
from cardgen.messages import Message
from cardgen.simulate import listed_cards, make_players, prepare_players

__all__ = ["BalanceReport", "balance"]


@dataclass(frozen=True)
class NewCard:
    card: int
    heads: int
    standard_heads: int | None  # the bundled card of that value, if there is one
    in_pile: tuple[float, float | None]  # share of rounds it ended in a pile: custom, standard
    haul: tuple[float | None, float | None]  # mean bull heads collected with it: custom, standard


@dataclass(frozen=True)
class SideFigures:
    games: int
    mean_totals: list[Interval]
    win_rates: list[Interval]
    mean_rounds: Interval
    round_score: Interval  # a player's score in a round
    by_kind: dict[str, tuple[Interval, Interval]]  # kind -> (mean total, win rate)
    round_scores: dict[int, int]  # score -> how many player-rounds

    def as_json(self) -> dict:
        return {
            "games": self.games,
            "mean_totals": [_num(i.value) for i in self.mean_totals],
            "win_rates": [_num(i.value) for i in self.win_rates],
            "mean_rounds": _num(self.mean_rounds.value),
            "intervals": {
                "mean_totals": [[_num(i.low), _num(i.high)] for i in self.mean_totals],
                "win_rates": [[_num(i.low), _num(i.high)] for i in self.win_rates],
                "mean_rounds": [_num(self.mean_rounds.low), _num(self.mean_rounds.high)],
            },
            "mean_round_score": _num(self.round_score.value),
            "by_kind": {
                kind: {"mean_total": _num(total.value), "win_rate": _num(win.value)}
                for kind, (total, win) in self.by_kind.items()
            },
            "round_scores": {str(score): count for score, count in sorted(self.round_scores.items())},
        }


@dataclass(frozen=True)
class BalanceReport:
    options: Options
    kinds: list[str]
    seed: int
    standard: SideFigures
    custom: SideFigures
    differences: list[Difference]
    new_cards: list[NewCard]
    set_names: list[str]
    never_dealt: list[int]  # cards the user's set adds or changes that this variant and player count never deal

    @property
    def games_vary(self) -> bool:
        """False when every game is the same game (players who never choose at random, a deal that
        never changes): no interval has any width, and nothing can be a finding."""
        figures = (*self.standard.mean_totals, *self.custom.mean_totals)
        return any(interval.low != interval.high for interval in figures)

    def difference(self, measure: str) -> Difference:
        return next(d for d in self.differences if d.measure == measure)

    def as_json(self) -> dict:
        return {
            "variant": self.options.variant,
            "players": self.kinds,
            "sets": self.set_names,
            "never_dealt": self.never_dealt,
            "games_vary": self.games_vary,
            "seeds": [self.seed, self.seed + self.standard.games - 1],
            "standard": self.standard.as_json(),
            "custom": self.custom.as_json(),
            "differences": [difference.as_json() for difference in self.differences],
            "new_cards": [
                {
                    "card": card.card,
                    "heads": card.heads,
                    "standard_heads": card.standard_heads,
                    "in_pile": _num(card.in_pile[0]),
                    "standard_in_pile": None if card.in_pile[1] is None else _num(card.in_pile[1]),
                    "mean_heads_collected": None if card.haul[0] is None else _num(card.haul[0]),
                }
                for card in self.new_cards
            ],
        }


def balance(
    options: Options,
    kinds: list[str],
    games: int,
    seed: int = 1,
    pool: CardPool = BUNDLED,
    jobs: int = 1,
    set_names: list[str] | None = None,
    check: bool = True,
    progress=None,
    start_method: str | None = START_METHOD,  # "spawn" from a process with threads (the studio)
    scheduler: str | None = None,  # a Dask scheduler's address: its workers play instead
    slow=None,  # told when preparing the players takes a while (simulate.prepare_players)
) -> BalanceReport:
    if games < FEWEST_GAMES:
        raise InputError(Message("balance.too_few_games", least=FEWEST_GAMES, games=games))
    make_players(kinds)  # an unknown kind is reported before any worker starts
    prepare_players(options, kinds, slow)
    players = len(kinds)
    try:
        options.check_players(players, BUNDLED)
    except OptionError as exc:
        raise InputError(Message("balance.standard_deck_refused", problem=exc.message)) from None
    deck = options.rules.deck(players, pool)
    tracked = changed_cards(pool, deck)
    never = never_dealt(pool, deck)
    if never and not tracked:
        said = Message("balance.nothing_changed", deck=options.rules.deck_words(players), cards=listed_cards(never))
        raise InputError(said)
    work = partial(play_chunk, options, tuple(kinds), seed, (BUNDLED, pool), frozenset(tracked), check)
    sides: Sides = run_chunks(work, games, jobs, _added, Sides(), progress, start_method, scheduler)
    return BalanceReport(
        options=options,
        kinds=list(kinds),
        seed=seed,
        standard=_figures(sides.standard, kinds),
        custom=_figures(sides.custom, kinds),
        differences=_differences(sides, kinds),
        new_cards=[_new_card(card, pool, sides) for card in tracked],
        set_names=list(set_names or []),
        never_dealt=never,
    )


def _added(total: Sides, part: Sides) -> Sides:
    total += part
    return total


def _figures(side: Side, kinds: list[str]) -> SideFigures:
    games = side.games
    seats = range(len(kinds))
    return SideFigures(
        games=len(games),
        mean_totals=[mean_interval([g.totals[seat] for g in games]) for seat in seats],
        win_rates=[_share_interval([g.wins[seat] for g in games]) for seat in seats],
        mean_rounds=mean_interval([g.rounds for g in games]),
        round_score=mean_interval(_per_game_score(side, len(kinds))),
        by_kind={
            kind: (
                mean_interval(_by_kind(side, kinds, kind, "totals")),
                mean_interval(_by_kind(side, kinds, kind, "wins")),
            )
            for kind in _kinds(kinds)
        },
        round_scores=dict(side.round_scores),
    )


def _share_interval(wins: list[int]) -> Interval:
    """A win rate's interval, kept within 0 to 1."""
    found = mean_interval(wins)
    return Interval(found.value, max(found.low, 0.0), min(found.high, 1.0))


def _kinds(kinds: list[str]) -> list[str]:
    """The kinds of player, each once, in seat order; none when every seat plays alike."""
    distinct = list(dict.fromkeys(kinds))
    return distinct if len(distinct) > 1 else []


def _by_kind(side: Side, kinds: list[str], kind: str, what: str) -> list[float]:
    """Game by game, the mean total (or win share) of the seats of `kind`."""
    seats = [seat for seat, other in enumerate(kinds) if other == kind]
    return [sum(getattr(game, what)[seat] for seat in seats) / len(seats) for game in side.games]


def _per_game_score(side: Side, players: int) -> list[float]:
    """Game by game, a player's mean score in a round."""
    return [sum(game.totals) / (game.rounds * players) for game in side.games]


def _differences(sides: Sides, kinds: list[str]) -> list[Difference]:
    standard, custom = sides.standard.games, sides.custom.games
    pairs: dict[str, tuple[list[float], list[float]]] = {
        "rounds": ([g.rounds for g in standard], [g.rounds for g in custom]),
        "round_score": (_per_game_score(sides.standard, len(kinds)), _per_game_score(sides.custom, len(kinds))),
    }
    for seat in range(len(kinds)):
        pairs[f"total.seat{seat + 1}"] = ([g.totals[seat] for g in standard], [g.totals[seat] for g in custom])
        pairs[f"win.seat{seat + 1}"] = ([g.wins[seat] for g in standard], [g.wins[seat] for g in custom])
    for kind in _kinds(kinds):
        for what, key in (("totals", "total"), ("wins", "win")):
            pairs[f"{key}.{kind}"] = (
                _by_kind(sides.standard, kinds, kind, what),
                _by_kind(sides.custom, kinds, kind, what),
            )
    return paired_differences(pairs)


def _new_card(card: int, pool: CardPool, sides: Sides) -> NewCard:
    in_bundle = card in set(BUNDLED.numbered + BUNDLED.zeros + BUNDLED.jokers)
    custom, standard = sides.custom, sides.standard
    return NewCard(
        card=card,
        heads=pool.heads[card],
        standard_heads=BUNDLED.heads[card] if in_bundle else None,
        in_pile=(
            _share(custom.in_pile[card], custom.rounds),
            _share(standard.in_pile[card], standard.rounds) if in_bundle else None,
        ),
        haul=(
            _mean(custom.haul[card], custom.in_pile[card]),
            _mean(standard.haul[card], standard.in_pile[card]) if in_bundle else None,
        ),
    )


def _share(count: int, rounds: int) -> float:
    return count / rounds if rounds else 0.0


def _mean(total: int, count: int) -> float | None:
    return total / count if count else None


def _num(value: float) -> float:
    return round(value, 4) + 0.0
