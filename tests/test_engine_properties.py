"""Property-based tests over random games of every variant."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgen.engine import (
    FIRST_JOKER,
    FIRST_ZERO,
    STRATEGIES,
    VARIANTS,
    Game,
    IllegalPlay,
    InvariantBroken,
    Options,
    Play,
    check_invariants,
    invariants,
    is_joker,
    is_zero,
    joker,
    value,
)
from cardgen.engine.history import Recording

SETTINGS = settings(max_examples=60, deadline=None)

CONFIGS = [
    ("classic", {}, 2, 10),
    ("classic", {"threshold": 30}, 2, 10),
    ("pro", {}, 2, 6),
    ("pro", {"max_players": 10}, 7, 10),
    ("plus", {}, 2, 7),
    ("plus", {"free_companion": True}, 2, 7),
    ("plus", {"one_zero_each": True, "rounds": 2}, 2, 7),
    ("jokers", {}, 2, 10),
]


@st.composite
def games(draw):
    variant, options, low, high = draw(st.sampled_from(CONFIGS))
    count = draw(st.integers(low, high))
    # the fast strategies: the rollout player, built on them, has its own tests (a game of it takes seconds)
    kinds = draw(st.lists(st.sampled_from(["heuristic", "random"]), min_size=count, max_size=count))
    seed = draw(st.integers(0, 2**32))
    return Options(variant, **options), kinds, seed


def trace(options, kinds, seed):
    """Play a whole game, checking invariants after the deal and every turn; return its history."""
    game = Game(options, [STRATEGIES[kind]() for kind in kinds], seed=seed, check=True)
    history = []
    while not game.over:
        assert game.round < 100, "the game does not end"
        game.deal()
        check_invariants(game)
        history.append(("deal", [list(row) for row in game.table.rows], [list(h) for h in game.hands]))
        while not game.round_over:
            collected = game.play_turn()
            history.append(([list(row) for row in game.table.rows], [(s, list(c)) for s, c in collected]))
    history.append(("end", game.totals, game.winners()))
    return game, history


@SETTINGS
@given(games())
def test_random_games_keep_every_invariant_and_end(config):
    options, kinds, seed = config
    game, _ = trace(options, kinds, seed)
    assert game.over and game.winners()
    if options.variant == "plus":
        assert game.round == (options.rounds or len(kinds))
        best = max(game.totals)
    else:
        best = min(game.totals)
        if options.rounds is None:
            assert max(game.totals) >= options.end_threshold
            assert all(max(totals) < options.end_threshold for totals in _running_totals(game)[:-1])
    assert all(game.totals[seat] == best for seat in game.winners())


def _running_totals(game):
    running, totals = [], [0] * game.player_count
    for scores in game.round_scores:
        totals = [a + b for a, b in zip(totals, scores)]
        running.append(totals)
    return running


@SETTINGS
@given(games())
def test_a_seed_replays_the_same_game(config):
    options, kinds, seed = config
    assert trace(options, kinds, seed)[1] == trace(options, kinds, seed)[1]


@SETTINGS
@given(games(), st.booleans())
def test_replaying_the_recorded_plays_gives_the_same_game(config, hands_known):
    """What the referee does (recorded plays, hands known or not) agrees with the simulator."""
    options, kinds, seed = config
    recorders = [Recording(STRATEGIES[kind]()) for kind in kinds]
    played = Game(options, recorders, seed=seed)
    replayed = Game(options, len(kinds), check=True)
    while not played.over:
        played.deal()
        hands = [list(hand) if hands_known else None for hand in played.hands]
        replayed.start_round([list(row) for row in played.table.rows], hands)
        while not played.round_over:
            seats = [seat for seat in range(len(kinds)) if played.holds_cards(seat)]
            collected = played.play_turn()
            plays = [recorders[seat].play if seat in seats else None for seat in range(len(kinds))]
            assert replayed.play_turn(plays) == collected
            assert replayed.table.rows == played.table.rows
        assert replayed.round_over
    assert replayed.over and replayed.totals == played.totals


@SETTINGS
@given(games())
def test_a_card_outside_the_hand_is_refused(config):
    options, kinds, seed = config
    game = Game(options, [STRATEGIES[kind]() for kind in kinds], seed=seed)
    game.deal()
    stranger = game.table.rows[0][0]
    plays = [Play((hand[0],)) for hand in game.hands]
    plays[0] = Play((stranger,))
    try:
        game.play_turn(plays)
    except IllegalPlay as exc:
        assert exc.seat == 0 and exc.message == "referee.not_in_hand"
    else:
        raise AssertionError("a card from the rows was accepted")


def test_jokers_never_sit_side_by_side_in_many_games():
    for seed in range(30):
        game = Game(Options("jokers"), [STRATEGIES["random"]() for _ in range(10)], seed=seed, check=True)
        game.play()
        for row in game.table.rows:
            assert not any(is_joker(a) and is_joker(b) for a, b in zip(row, row[1:]))


class Rows:
    """docs/RULES.md §4-§6, §11 and §12 read literally and slowly: a second opinion on the engine.

    Keeps its own row end values (a joker's depends on where it went) from the
    start of the round on, and resolves a turn of recorded plays.
    """

    def __init__(self, options, rows):
        self.options = options
        self.rows = [list(row) for row in rows]
        self.ends = [value(row[-1]) for row in rows]

    def turn(self, plays):
        self.collected = []
        played = [(seat, play) for seat, play in enumerate(plays) if play is not None]
        if self.options.variant == "plus":
            self._plus(played)
        else:
            for card, seat in sorted((card, seat) for seat, play in played for card in play.cards if is_joker(card)):
                self._joker(seat, card, plays[seat])
            for card, seat in sorted(
                (card, seat) for seat, play in played for card in play.cards if not is_joker(card)
            ):
                self._place(seat, card, plays[seat])
        return self.collected

    def _plus(self, played):
        companions, others = [], []
        for seat, play in played:
            numbered = [card for card in play.cards if not is_zero(card)]
            self.collected += [(seat, [card]) for card in play.cards if is_zero(card)]
            with_zero = len(numbered) == 1 and len(play.cards) == 2
            (companions if with_zero else others).extend((card, seat, play) for card in numbered)
        for card, seat, play in sorted(companions):
            if self.options.free_companion and play.row is not None:
                self._append(seat, play.row, card, value(card))
            else:
                self._place(seat, card, play)
        for card, seat, play in sorted(others):
            self._place(seat, card, play)

    def _joker(self, seat, card, play):
        if play.take is not None:
            self._collect(seat, play.take, card, value(card))
        else:
            self._append(seat, play.row, card, self.ends[play.row] + value(card))

    def _place(self, seat, card, play):
        lower = [row for row in range(4) if self.ends[row] < value(card)]
        if lower:
            self._append(seat, max(lower, key=self.ends.__getitem__), card, value(card))
        elif self.options.variant == "plus":
            self._append(seat, max(range(4), key=self.ends.__getitem__), card, value(card))
        else:
            self._collect(seat, play.take, card, value(card))

    def _append(self, seat, row, card, worth):
        if len(self.rows[row]) == 5:
            self._collect(seat, row, card, worth)
        else:
            self.rows[row].append(card)
            self.ends[row] = worth

    def _collect(self, seat, row, card, worth):
        self.collected.append((seat, self.rows[row]))
        self.rows[row], self.ends[row] = [card], worth


@SETTINGS
@given(games())
def test_every_turn_agrees_with_a_literal_reading_of_the_rules(config):
    options, kinds, seed = config
    recorders = [Recording(STRATEGIES[kind]()) for kind in kinds]
    game = Game(options, recorders, seed=seed)
    while not game.over:
        game.deal()
        literal = Rows(options, game.table.rows)
        while not game.round_over:
            seats = [seat for seat in range(len(kinds)) if game.holds_cards(seat)]
            collected = game.play_turn()
            plays = [recorders[seat].play if seat in seats else None for seat in range(len(kinds))]
            assert collected == literal.turn(plays)
            assert game.table.rows == literal.rows


def _corrupt(change):
    game = Game(Options("jokers"), 2)
    game.start_round([[12, 13], [20], [30], [40]], [[joker(3), 50], [60, 70]])
    change(game)
    return game


def _lay(game, row, cards):
    """Move out-of-play cards onto a row, bypassing the rules."""
    for card in cards:
        game.out_of_play.remove(card)
    game.table.rows[row].extend(cards)
    game.table.row_heads[row] += sum(game.heads[card] for card in cards)


@pytest.mark.parametrize(
    "change, message",
    [
        (lambda game: game.hands[1].append(12), "more than one place"),
        (lambda game: game.hands[0].remove(50), "cards nowhere: \\[50\\]"),
        (lambda game: game.table.rows[0].reverse(), "row 1 does not increase"),
        (lambda game: _lay(game, 0, [14, 15, 16, 17]), "row 1 holds 6 cards"),
        (lambda game: _lay(game, 1, [joker(1), joker(2)]), "two jokers side by side"),
        (lambda game: game.table.scores.__setitem__(0, 1), "seat 1 scored 1"),
        (lambda game: game.table.ends.__setitem__(2, 310), "sorted row ends disagree"),
    ],
)
def test_the_invariant_checks_catch_broken_bookkeeping(change, message):
    """The property tests rely on these checks: each must fail when its invariant is broken."""
    with pytest.raises(InvariantBroken, match=message):
        check_invariants(_corrupt(change))


def _detailed_checks_pass(game) -> bool:
    try:
        invariants._every_card_once(game)
        invariants._rows_well_formed(game)
        invariants._heads_conserved(game)
    except InvariantBroken:
        return False
    return True


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(list(VARIANTS)), st.integers(2, 6), st.integers(0, 10**6), st.data())
def test_the_quick_pass_answers_yes_only_where_the_detailed_checks_pass(variant, players, seed, data):
    """The full check trusts its quick pass (bytes, plain loops) whenever it answers yes:
    after one to three changes to a finished round's cards or figures, a yes must mean
    that the detailed checks find nothing either."""
    game = Game(Options(variant), [STRATEGIES["random"]() for _ in range(players)], seed=seed, check=True)
    game.deal()
    while not game.round_over:
        game.play_turn()
    table = game.table
    if not VARIANTS[variant].holds(FIRST_ZERO) and not VARIANTS[variant].holds(FIRST_JOKER):
        # numbered cards only: a sound round gets its yes
        assert game.tally.all_plainly_right(game)
    cards = [*table.rows, *table.piles, game.out_of_play]
    figures = [table.row_heads, table.scores, table.ends, table.sorted_ends, table.sorted_rows]
    for _ in range(data.draw(st.integers(1, 3))):
        _change(data, data.draw(st.sampled_from(cards + figures)), cards, game.deck)
    assert not game.tally.all_plainly_right(game) or _detailed_checks_pass(game)


def _change(data, target: list[int], cards: list[list[int]], deck: list[int]) -> None:
    """One change to `target`: a card or figure set, added, removed or swapped with another."""
    is_cards = any(target is place for place in cards)
    near = st.sampled_from(target or [0]).flatmap(lambda old: st.integers(old - 2, old + 2))
    new = st.one_of(st.sampled_from(deck), st.integers(-1, 1100)) if is_cards else st.one_of(near, st.integers(-1, 6))
    change = data.draw(st.sampled_from(["set", "swap", *(["add", "remove"] if is_cards else [])]))
    if change == "add":
        target.insert(data.draw(st.integers(0, len(target))), data.draw(new))
    elif target:
        index = data.draw(st.integers(0, len(target) - 1))
        if change == "remove":
            del target[index]
        elif change == "set":
            target[index] = data.draw(new)
        else:
            other = data.draw(st.integers(0, len(target) - 1))
            target[index], target[other] = target[other], target[index]


def _finished_classic_round():
    game = Game(Options("classic"), [STRATEGIES["random"]() for _ in range(4)], seed=5, check=True)
    game.deal()
    while not game.round_over:
        game.play_turn()
    return game


def _highest_end_moved(game):
    """The highest row's end and its sorted copy agree with each other, not with the row."""
    table = game.table
    table.ends[table.sorted_rows[-1]] += 1
    table.sorted_ends[-1] += 1


def _sorted_ends_swapped(game):
    """The sorted ends and their rows swapped together: each pair agrees, the order does not."""
    table = game.table
    table.sorted_ends[:2] = table.sorted_ends[1::-1]
    table.sorted_rows[:2] = table.sorted_rows[1::-1]


def _lowest_row_made_six_long(game):
    """Six cards in a row, with every figure made to agree."""
    table = game.table
    row = table.sorted_rows[0]
    above = sorted(card for card in game.out_of_play if card > table.rows[row][-1])
    _lay(game, row, above[: 6 - len(table.rows[row])])
    table.ends[row] = value(table.rows[row][-1])
    table.sorted_ends[:] = sorted(table.ends)
    table.sorted_rows[:] = sorted(range(len(table.rows)), key=table.ends.__getitem__)


@pytest.mark.parametrize("change", [_highest_end_moved, _sorted_ends_swapped, _lowest_row_made_six_long])
def test_the_quick_pass_says_no_to_what_one_change_cannot_show(change):
    """Faults that need two matching changes, which random changes seldom make."""
    game = _finished_classic_round()
    assert game.tally.all_plainly_right(game)
    change(game)
    assert not game.tally.all_plainly_right(game)
    assert not _detailed_checks_pass(game)
