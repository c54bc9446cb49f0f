"""The search player: legal in every variant, replayable from a seed, blind to other hands,
and scoring a playout by the game it leaves. (How strong it is against the other players
is measured by benchmarks/bench_strength.py.)"""

import random
from collections import Counter

import numpy as np
import pytest

from cardgen.balance.words import kind_name
from cardgen.engine import STRATEGIES, Game, HeuristicPlayer, Options, SearchPlayer
from cardgen.engine import search as search_module
from cardgen.engine.beliefs import BELIEF_POWER, Beliefs
from cardgen.engine.cards import FIRST_JOKER
from cardgen.engine.chance import Chance, policy_weight
from cardgen.engine.history import Play
from cardgen.engine.search import Dealer, WinChances
from cardgen.texts import LANGUAGES
from tests import lookahead
from tests.clirun import cardgen_in_process

LIGHT = 12  # playouts a decision: enough to exercise every path, fast


def table_of(variant, seed, players=4, **options):
    return lookahead.table_of(SearchPlayer(LIGHT), variant, seed, players, **options)


@pytest.mark.parametrize("variant, options", lookahead.EVERY_VARIANT)
@pytest.mark.parametrize("seed", [5, 6])
def test_it_plays_whole_legal_games_in_every_variant(variant, options, seed):
    game = table_of(variant, seed=seed, **options)
    assert game.play()  # check=True: every turn's counts and every round's invariants hold
    assert game.over


@pytest.mark.parametrize(
    "variant, options, games",
    [
        ("classic", {}, 10),
        ("pro", {}, 10),
        ("plus", {"rounds": 1, "free_companion": True}, 3),  # a long round, many plays to try each turn
        ("jokers", {"threshold": 20}, 10),
    ],
)
def test_it_plays_legally_beside_another_search_player_over_many_seeds(variant, options, games):
    seats = [SearchPlayer(1), HeuristicPlayer(), SearchPlayer(2), HeuristicPlayer()]
    game = Game(Options(variant, **options), seats, check=True)
    for seed in range(1, games + 1):
        assert game.again(seed).play()


def test_a_game_replays_from_its_seed():
    lookahead.check_replays(table_of, "classic")


def test_its_choice_does_not_depend_on_the_cards_other_players_hold(monkeypatch):
    chosen = lookahead.choices(lambda: SearchPlayer(40))
    assert chosen[0::2] == chosen[1::2]
    # and the test can tell: a player that played out the true hands chooses otherwise
    cheats = lookahead.cheating_choices(monkeypatch, lambda: SearchPlayer(40), search_module.Dealer)
    assert cheats[0::2] != cheats[1::2]


def chances_after_rounds(totals, played=3, variant="classic"):
    """Seat 0's chances at the start of a round, after `played` rounds that gave these totals."""
    game = Game(Options(variant), 4, seed=1)
    game.deal()
    game.totals = list(totals)
    game.round = played + 1
    return WinChances(game.views[0])


def test_a_round_that_ends_the_game_is_won_or_lost():
    chances = chances_after_rounds([50, 40, 55, 60])
    assert chances.of([0, 12, 4, 6]) == 1.0  # 50 against 52, 59 and 66: the game ends, won
    assert chances.of([3, 12, 4, 6]) == 0.0  # 53 against 52: lost
    assert chances.of([2, 12, 4, 6]) == 1.0  # 52 and 52: a shared win


def test_a_round_that_does_not_end_it_weighs_each_lead_against_the_rounds_left():
    early = chances_after_rounds([12, 12, 12, 12], played=1)
    late = chances_after_rounds([48, 48, 48, 48], played=4)
    ahead, behind = [2, 10, 10, 10], [10, 2, 2, 2]
    assert early.of(ahead) > 0.25 > early.of(behind)
    # the same eight heads weigh more with fewer rounds left
    assert late.of(ahead) > early.of(ahead) and late.of(behind) < early.of(behind)
    # not the others' mean alone: one player ahead weighs more than two far behind
    assert early.of([5, 10, 15, 15]) > early.of([5, 0, 20, 20])
    # in Plus the most heads win
    plus = chances_after_rounds([10, 10, 10, 10], played=2, variant="plus")
    assert plus.of([10, 2, 2, 2]) > 0.25 > plus.of([2, 10, 10, 10])


def test_the_command_line_help_names_search():
    helped = cardgen_in_process("simulate", "--help")
    assert "search" in " ".join(helped.stdout.split())


def test_its_guessed_hands_are_as_large_as_the_real_ones_and_deal_every_unseen_card_alike():
    game = Game(Options("classic"), [HeuristicPlayer() for _ in range(4)], seed=3)
    game.deal()
    for _ in range(4):
        game.play_turn()
    view = game.views[1]
    unseen = view.unseen()
    hands, seeds = Dealer(view, random.Random(1)).deals(3000)
    assert len(set(seeds)) == 3000 and len({hand.tobytes() for hand in hands[:, 0]}) == 3000
    held = Counter()
    for deal in hands.tolist():
        assert deal[1][:6] == list(view.hand) and not any(deal[1][6:])
        hidden = [card for seat in (0, 2, 3) for card in deal[seat]]
        assert all(hidden) and len(set(hidden)) == 18 and set(hidden) <= unseen
        held.update(deal[2])
    # each unseen card lands in a given other hand as often as any other: 6 of the unseen
    share = 6 / len(unseen)
    assert all(abs(held[card] / 3000 - share) < 0.04 for card in unseen)


@pytest.mark.parametrize("seed", range(4))
def test_its_guessed_hands_in_jokers_give_a_joker_to_each_seat_that_has_not_played_its_own(seed):
    game = Game(Options("jokers"), [HeuristicPlayer() for _ in range(4)], seed=seed)
    game.deal()
    for _ in range(6):
        game.play_turn()
    holding = [any(card >= FIRST_JOKER for card in game.hands[seat]) for seat in (0, 2, 3)]
    assert not all(holding)  # some have played their joker
    hands, _ = Dealer(game.views[1], random.Random(seed)).deals(500)
    for deal in hands.tolist():
        assert [len([card for card in hand if card]) for hand in deal] == [len(hand) for hand in game.hands]
        assert [any(card >= FIRST_JOKER for card in deal[seat]) for seat in (0, 2, 3)] == holding


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_balance_report_names_every_player_kind_in_its_language(lang):
    names = [kind_name(f"{kind}:5", lang) for kind in STRATEGIES]
    search = names[list(STRATEGIES).index("search")]
    assert search == {"en": "search:5", "fr": "par recherche:5", "de": "suchend:5", "nl": "zoekend:5"}[lang]
    assert len(set(names)) == len(STRATEGIES)


def test_its_playouts_seats_play_each_card_as_often_as_the_policy_weighs_it():
    """Rows ending 10, 30, 50 (full, 12 bull heads) and 70; in a hand of 5, 12, 35, 55 and 75,
    12, 35 and 75 join a row without taking it, 55 would take the full row and 5 is below
    every end (it would take a row of 3 heads)."""
    game = Game(Options("classic"), [HeuristicPlayer() for _ in range(4)], seed=1)
    game.deal()
    hand = [5, 12, 35, 55, 75]
    game.start_round([[10], [29, 30], [44, 45, 46, 47, 50], [70]], [hand, [11], [13], [14]], [])
    view = game.views[0]
    chance = Chance(12345)
    draws = Counter(chance.policy_card(view) for _ in range(20_000))
    weights = {card: policy_weight(view, card, 5, 75) for card in hand}
    for card in hand:
        assert abs(draws[card] / 20_000 - weights[card] / sum(weights.values())) < 0.01, card
    assert draws[55] < 200 < draws[5] < min(draws[12], draws[35], draws[75])  # the full row hardly ever
    assert Chance(7).policy_card(view) == Chance(7).policy_card(view)  # the same seed, the same card


def test_a_seat_that_took_a_full_row_is_believed_to_have_held_no_safe_card():
    """Rows ending 5 (full), 30, 50 and 70; the other seat played 6 and took the full row.
    A guess that left it 31 then (a safe card) is about half as likely, before tempering, as
    one that left it 7 (which would have taken the row too); before any turn is played every
    guess is as likely."""
    game = Game(Options("classic"), [HeuristicPlayer(), HeuristicPlayer()], seed=1)
    game.deal()
    game.start_round([[1, 2, 3, 4, 5], [30], [50], [70]], [[60, 90, 95], None])
    mine = [60, 90, 95]
    assert Beliefs(game.views[0]).weights(np.array([[mine, [6, 7, 0]], [mine, [6, 31, 0]]])) is None
    game.play_turn([Play((90,)), Play((6,))])
    weights = Beliefs(game.views[0]).weights(np.array([[[60, 95], [7, 96]], [[60, 95], [31, 96]]]))
    assert weights[0] == 1 and 0.4 < weights[1] ** (1 / BELIEF_POWER) < 0.6


class _TakingSearch(SearchPlayer):
    """Plays its lowest card; the row it takes is the search player's."""

    def choose_cards(self, view):
        return min(view.hand)

    def choose_take(self, view, card):
        self.taken = super().choose_take(view, card)
        return self.taken


def test_it_takes_the_dearer_row_now_when_the_cheap_one_leaves_its_last_card_a_full_row():
    """Rows [50 … 54] (full, 7 bull heads), [21], [31] and [41]; its 3 is below every row, and
    its last card, 55, would be the sixth on the full row next turn: taking the cheap [21] now
    costs 1 + 7 heads, taking the full row now 7. The heuristic player takes [21]."""
    players = [_TakingSearch(), HeuristicPlayer(), HeuristicPlayer()]
    game = Game(Options("classic"), players, seed=1)
    game.deal()
    game.start_round([[50, 51, 52, 53, 54], [21], [31], [41]], [[3, 55], [22, 23], [32, 33]], [])
    assert HeuristicPlayer().choose_take(game.views[0], 3) == 1
    game.play_turn()
    assert players[0].taken == 0
    game.play_turn()
    assert game.table.scores[0] == 7


class _BelievingTwice(HeuristicPlayer):
    """Keeps the beliefs of each turn's choice, and at a row to take compares them with the
    beliefs then, on the same guessed deals (each other seat's face-up card back in its hand)."""

    def __init__(self) -> None:
        self.compared = 0

    def choose_cards(self, view):
        self.before = Beliefs(view)
        return super().choose_cards(view)

    def choose_take(self, view, card):
        hands, _ = Dealer(view, random.Random(self.compared)).deals(50)
        shown = np.zeros((hands.shape[0], hands.shape[1], hands.shape[2] + 1), np.int64)
        shown[:, :, :-1] = hands
        for seat, played in view.revealed:
            if seat != view.seat:
                shown[:, seat, np.count_nonzero(hands[0, seat])] = played
        now, then = Beliefs(view).weights(hands), self.before.weights(shown)
        if now is not None:
            assert np.allclose(now, then)
            self.compared += 1
        return super().choose_take(view, card)


def test_its_beliefs_at_a_row_to_take_weigh_a_deal_as_they_did_before_the_cards_were_shown():
    seat = _BelievingTwice()
    for seed in range(1, 30):
        Game(Options("classic"), [seat, HeuristicPlayer(), HeuristicPlayer(), HeuristicPlayer()], seed=seed).play()
    assert seat.compared > 20


def test_it_takes_a_row_with_its_last_card_while_another_hand_still_holds_cards():
    game = Game(Options("classic"), [SearchPlayer(60), HeuristicPlayer()], seed=1)
    game.deal()
    game.start_round([[10], [20], [30], [40, 41, 42, 43, 44]], [[5], [50, 60]])
    game.play_turn()
    assert game.table.scores[0] == 3 and game.table.rows[0] == [5]  # the cheapest: 10, three heads
