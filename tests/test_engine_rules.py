"""Engine rules beyond the worked cases: variants' deals, options, card sets, refusals."""

import pytest

from cardgen.engine import (
    NUMBERED_CARDS,
    ZERO_CARDS,
    CardPool,
    Game,
    HeuristicPlayer,
    IllegalPlay,
    OptionError,
    Options,
    Play,
    RandomPlayer,
    check_invariants,
    heads_table,
    is_zero,
    joker,
    standard_heads,
    zero_card,
)


def test_the_standard_deck_has_171_bull_heads_in_the_stated_mix():
    heads = [standard_heads(card) for card in NUMBERED_CARDS]
    assert sum(heads) == 171
    assert [heads.count(n) for n in (1, 2, 3, 5, 7)] == [76, 9, 10, 8, 1]


def test_a_card_set_decides_the_bull_heads_of_zero_cards_jokers_and_numbers():
    heads = heads_table({55: 1}, zero_heads=2, joker_heads=3)
    game = Game(Options("plus"), 2, pool=CardPool(heads=heads))
    game.start_round([[10], [20], [30], [50, 51, 52, 53, 54]], [[55, zero_card(0)], [60]])
    game.play_turn([Play((55, zero_card(0))), Play((60,))])
    # the zero card is worth 2, the row 7; 55 starts the row and is worth 1 in this set
    assert game.table.scores == [2 + 7, 0]
    assert game.table.rows[3] == [55, 60] and game.table.row_heads[3] == 1 + 3


class Picker(RandomPlayer):
    def __init__(self, log):
        self.log = log

    def draft(self, view, pool):
        self.log.append(view.seat)
        return super().draft(view, pool)


def test_pro_uses_cards_up_to_10n_plus_4_drafted_in_turn_with_the_first_chooser_rotating():
    log = []
    game = Game(Options("pro", rounds=3), [Picker(log) for _ in range(3)], seed=2)
    for round_number in range(3):
        del log[:]
        game.deal()
        cards = sorted(card for hand in game.hands for card in hand) + [row[0] for row in game.table.rows]
        assert sorted(cards) == list(range(1, 35))
        assert all(len(hand) == 10 for hand in game.hands)
        assert log[:4] == [(round_number + k) % 3 for k in range(4)]
        while not game.round_over:
            game.play_turn()
    assert game.over


def test_pro_allows_up_to_ten_players_only_with_the_option():
    with pytest.raises(OptionError, match="Pro is played by 2 to 6 players, not 7"):
        Game(Options("pro"), 7)
    game = Game(Options("pro", max_players=10), [RandomPlayer()] * 10, seed=1, check=True)
    game.play()
    assert game.over


def test_plus_deals_fifteen_cards_from_numbers_and_zeros_and_one_zero_each_option():
    game = Game(Options("plus"), [RandomPlayer()] * 7, seed=3)
    game.deal()
    assert all(len(hand) == 15 for hand in game.hands)
    assert len(game.out_of_play) == 2
    check_invariants(game)
    game = Game(Options("plus", one_zero_each=True), [RandomPlayer()] * 5, seed=3)
    game.deal()
    assert all(any(is_zero(card) for card in hand) for hand in game.hands)


def test_plus_lasts_one_round_per_player_and_the_highest_total_wins():
    game = Game(Options("plus"), [HeuristicPlayer(), RandomPlayer(), RandomPlayer()], seed=4)
    winners = game.play()
    assert game.round == 3
    assert all(game.totals[seat] == max(game.totals) for seat in winners)


def test_plus_free_companion_goes_on_the_named_row_and_only_with_the_option():
    rows = [[10], [20], [30], [40]]
    game = Game(Options("plus", free_companion=True), 2)
    game.start_round(rows, [[25, zero_card(0)], [60]])
    game.play_turn([Play((25, zero_card(0)), row=3), Play((60,))])
    assert game.table.rows[3] == [40, 25]
    assert game.table.rows[2] == [30, 60]  # 60 compares with the new end 25 like any other
    game = Game(Options("plus"), 2)
    game.start_round(rows, [[25, zero_card(0)], [60]])
    with pytest.raises(IllegalPlay, match="the rules put 25 on row 2 after 20: only under the free_companion option"):
        game.play_turn([Play((25, zero_card(0)), row=3), Play((60,))])


class CompanionOnRowFour(RandomPlayer):
    def choose_cards(self, view):
        return (25, zero_card(0))

    def companion_row(self, view, card):
        return 3


def test_plus_free_companion_goes_on_the_row_a_strategy_names():
    game = Game(Options("plus", free_companion=True), [CompanionOnRowFour(), RandomPlayer()], seed=1)
    game.start_round([[10], [20], [30], [40]], [[25, zero_card(0)], [60]])
    game.play_turn()
    assert game.table.rows[3] == [40, 25]


def test_zero_cards_score_nothing_and_jokers_one_in_the_bundled_set():
    game = Game(Options("plus"), 2)
    game.start_round([[10], [20], [30], [40]], [[zero_card(0)], [60]])
    game.play_turn([Play((zero_card(0),)), Play((60,))])
    assert game.table.scores == [0, 0]
    game = Game(Options("jokers"), 2)
    game.start_round([[12, 13, 14, 16], [20], [30], [40]], [[joker(3)], [17]])
    game.play_turn([Play((joker(3),), row=0), Play((17,))])
    assert game.table.scores == [0, 4 + 1]  # 17 is the sixth card after 16.3


def test_plus_two_zeros_just_go_to_the_pile():
    game = Game(Options("plus"), 2)
    game.start_round([[10], [20], [30], [40]], [[zero_card(0), zero_card(1)], [60]])
    collected = game.play_turn([Play((zero_card(0), zero_card(1))), Play((60,))])
    assert collected == [(0, [zero_card(0)]), (0, [zero_card(1)])]
    assert game.table.rows == [[10], [20], [30], [40, 60]]


def test_jokers_take_starts_the_row_at_the_bare_face_and_a_one_follows_it():
    game = Game(Options("jokers"), 2)
    game.start_round([[17], [30], [40], [50]], [[joker(4)], [1]])
    collected = game.play_turn([Play((joker(4),), take=2), Play((1,))])
    assert collected == [(0, [40])]
    assert game.table.rows[2] == [joker(4), 1]  # 1 is above 0.4, the lowest end


def test_jokers_resolve_before_numbers_lowest_face_first():
    game = Game(Options("jokers"), 3)
    game.start_round([[17], [30], [40], [50]], [[2], [joker(7)], [joker(3)]])
    game.play_turn([Play((2,), take=0), Play((joker(7),), row=1), Play((joker(3),), row=0)])
    # 0.3 joins 17 (17.3), 0.7 joins 30 (30.7), then 2 is below every end and takes row 1
    assert game.table.rows[:2] == [[2], [30, joker(7)]]
    assert game.table.ends[1] == 307


def test_a_joker_as_sixth_card_collects_and_keeps_its_value():
    game = Game(Options("jokers"), 2)
    game.start_round([[11, 12, 13, 14, 17], [5], [40], [50]], [[joker(5)], [18]])
    collected = game.play_turn([Play((joker(5),), row=0), Play((18,))])
    assert collected == [(0, [11, 12, 13, 14, 17])]
    # the joker restarted row 1 worth 17.5, the closest end below 18 (not 0.5, below 5)
    assert game.table.rows[:2] == [[joker(5), 18], [5]]


def test_a_joker_cannot_join_a_row_ending_with_a_joker():
    game = Game(Options("jokers"), 2)
    game.start_round([[17], [30], [40], [50]], [[joker(1)], [joker(2)]])
    with pytest.raises(IllegalPlay, match="never goes next to another joker"):
        game.play_turn([Play((joker(1),), row=0), Play((joker(2),), row=0)])


def test_strategies_never_put_two_jokers_side_by_side_when_every_row_ends_with_one():
    game = Game(Options("jokers"), [RandomPlayer(), RandomPlayer()], seed=1)
    game.start_round([[17, joker(1)], [30, joker(2)], [40, joker(3)], [50, joker(4)]], [[joker(5)], [99]])
    for _ in range(20):
        assert RandomPlayer().place_joker(game.views[0], joker(5))[0] == "take"
    assert HeuristicPlayer().place_joker(game.views[0], joker(5))[0] == "take"


@pytest.mark.parametrize(
    "options, message",
    [
        (dict(variant="bridge"), "no variant bridge"),
        (dict(variant="plus", threshold=50), "Plus has no threshold"),
        (dict(variant="classic", threshold=50, rounds=2), "not both"),
        (dict(variant="classic", max_players=8), "max_players is an option of Pro only"),
    ],
)
def test_options_the_rules_do_not_allow_are_refused(options, message):
    with pytest.raises(OptionError, match=message):
        Options(**options)


def test_a_round_cannot_start_once_the_game_is_over():
    from cardgen.engine import GameOver

    game = Game(Options("classic", rounds=1), [RandomPlayer()] * 2, seed=1)
    game.play()
    with pytest.raises(GameOver):
        game.deal()


def test_zero_cards_are_seven_distinct_cards():
    assert len(set(ZERO_CARDS)) == 7 and all(is_zero(card) for card in ZERO_CARDS)
