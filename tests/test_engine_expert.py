"""The expert player: legal in every variant, replayable from a seed, blind to other hands,
a row taken with the turn's face-up cards in mind, and the coach's figures. (How strong it
is: benchmarks/bench_strength.py and benchmarks/bench_vs_take5bot.py.)"""

import pytest

from cardgen.engine import ExpertPlayer, Game, HeuristicPlayer, Options, Player, coach
from cardgen.engine import search as search_module
from tests import lookahead

LIGHT = 12  # playouts a decision: enough to exercise every path, fast


def table_of(variant, seed, players=4, **options):
    return lookahead.table_of(ExpertPlayer(LIGHT), variant, seed, players, **options)


@pytest.mark.parametrize("variant, options", lookahead.EVERY_VARIANT)
def test_it_plays_whole_legal_games_in_every_variant(variant, options):
    game = table_of(variant, seed=5, **options)
    assert game.play()  # check=True: every turn's counts and every round's invariants hold


def test_a_game_replays_from_its_seed():
    lookahead.check_replays(table_of, "classic")


def test_its_choice_does_not_depend_on_the_cards_other_players_hold(monkeypatch):
    chosen = lookahead.choices(lambda: ExpertPlayer(40))
    assert chosen[0::2] == chosen[1::2]
    cheats = lookahead.cheating_choices(monkeypatch, lambda: ExpertPlayer(40), search_module.Dealer)
    assert cheats[0::2] != cheats[1::2]


class FirstCard(Player):
    """Plays the first card of its hand; takes the cheapest row."""

    def choose_cards(self, view):
        return view.hand[0]

    def choose_take(self, view, card):
        return HeuristicPlayer().choose_take(view, card)


class Takes(ExpertPlayer):
    """The expert player made to play its first card, noting the row it takes."""

    taken = None

    def choose_cards(self, view):
        return view.hand[0]

    def choose_take(self, view, card):
        self.taken = super().choose_take(view, card)
        return self.taken


def test_it_takes_the_row_whose_loss_sends_another_players_card_onto_a_full_row():
    # rows 1 and 3 cost one bull head each; taking row 3 leaves 37, face up, no row
    # but the full one (eight heads), while taking row 1 lets it follow 36
    rows = [[91], [30, 31, 32, 34, 35], [36], [99]]
    hands = [[3, 60, 70], [37, 61, 71], [100, 62, 72], [101, 63, 73]]
    expert = Takes(LIGHT)
    game = Game(Options("classic"), [expert, FirstCard(), FirstCard(), FirstCard()], seed=1)
    game.start_round(rows, hands)
    game.play_turn()
    assert HeuristicPlayer().choose_take(game.views[0], 3) == 0  # the cheapest and first
    assert expert.taken == 2 and game.table.scores[:2] == [1, 8]


def test_the_coach_gives_each_card_its_expected_bull_heads_the_same_for_a_seed():
    rows = [[10], [20, 21, 22, 23, 24], [50], [80]]  # row 2 is full: 25 takes its eleven heads
    hands = [[25, 51, 81, 90], [52, 82, 91, 95], [53, 83, 92, 96]]
    game = Game(Options("classic"), 3, seed=1)
    game.start_round(rows, hands)
    view = game.views[0]
    figures = coach(view, seed=7, playouts=200)
    assert set(figures) == set(view.hand)
    assert figures[25] >= 11 > figures[81]  # taking the row is certain; 81 is safe now
    assert coach(view, seed=7, playouts=200) == figures
    assert coach(view, seed=8, playouts=200) != figures
