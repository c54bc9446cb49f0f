"""The rollout player: legal in every variant, replayable from a seed, blind to other hands.
(How much it beats the heuristic player is measured by benchmarks/bench_rollout.py.)"""

import random

import pytest

from cardgen.engine import JOKER_CARDS, KINDS, Game, HeuristicPlayer, Options, RolloutPlayer, compiled
from cardgen.engine import rollout as rollout_module
from cardgen.simulate import make_players
from tests import lookahead
from tests.clirun import cardgen_in_process

LIGHT = {"samples": 3, "depth": 2}  # enough to exercise every path, fast


def table_of(variant, seed, players=4, **options):
    return lookahead.table_of(RolloutPlayer(**LIGHT), variant, seed, players, **options)


@pytest.mark.parametrize("variant, options", lookahead.EVERY_VARIANT)
def test_it_plays_whole_legal_games_in_every_variant(variant, options):
    game = table_of(variant, seed=5, **options)
    assert game.play()  # check=True: every turn's counts and every round's invariants hold
    assert game.over


def test_a_game_replays_from_its_seed():
    lookahead.check_replays(table_of, "jokers")


def test_its_choice_does_not_depend_on_the_cards_other_players_hold(monkeypatch):
    chosen = lookahead.choices(lambda: RolloutPlayer(samples=6))
    assert chosen[0::2] == chosen[1::2]
    # and the test can tell: a player that rolled out the true hands chooses otherwise
    monkeypatch.setattr(compiled, "in_use", lambda: False)  # the guesser is Python's
    cheats = lookahead.cheating_choices(monkeypatch, lambda: RolloutPlayer(samples=6), rollout_module.Guesser)
    assert cheats[0::2] != cheats[1::2]


def test_guessed_hands_are_as_large_as_the_real_ones_with_a_joker_where_one_is_still_held():
    game = Game(Options("jokers"), [HeuristicPlayer() for _ in range(4)], seed=3)
    game.deal()
    while not any(card in JOKER_CARDS for card in game.played_now):
        game.play_turn()  # until somebody has played a joker
    view = game.views[0]
    holding = [any(card in JOKER_CARDS for card in hand) for hand in game.hands[1:]]
    assert not all(holding)
    guesser = rollout_module.Guesser(view, random.Random(1))
    for _ in range(20):
        hands, out_of_play = guesser.deal()
        assert [len(hand) for hand in hands] == list(view.hand_sizes)
        assert hands[0] == list(view.hand)
        # a seat that has played its joker this round holds none; every other seat holds its own
        assert [sum(card in JOKER_CARDS for card in hand) for hand in hands[1:]] == holding
        assert sorted(out_of_play + [card for hand in hands[1:] for card in hand]) == sorted(view.unseen())


@pytest.mark.parametrize("kind, effort", [("rollout", "samples"), ("search", "playouts")])
def test_the_command_line_takes_a_kind_and_kind_n(kind, effort):
    players = make_players([kind, f"{kind}:7", "heuristic"])
    assert [player.name for player in players] == [kind, kind, "heuristic"]
    assert getattr(players[1], effort) == 7 and getattr(players[0], effort) > 7
    ran = cardgen_in_process(
        "simulate", "--games", "1", "--players", "3", "--players-kind", f"{kind}:2,heuristic,random"
    )
    assert ran.returncode == 0, ran.stderr
    assert f"   1  {kind}:2" in ran.stdout


@pytest.mark.parametrize(
    "kind, message",
    [
        ("rollout:0", "in the player kind 'rollout:0', the N of rollout:N must be a whole number from 1 to 100000."),
        (
            "rollout:many",
            "in the player kind 'rollout:many', the N of rollout:N must be a whole number from 1 to 100000.",
        ),
        ("heuristic:5", "the player kind 'heuristic' takes no number: write heuristic, not heuristic:5."),
        ("clever:5", f"there is no player kind 'clever': choose {', '.join(list(KINDS)[:-1])}, or {list(KINDS)[-1]}."),
        ("search:0", "in the player kind 'search:0', the N of search:N must be a whole number from 1 to 100000."),
        ("search:x", "in the player kind 'search:x', the N of search:N must be a whole number from 1 to 100000."),
    ],
)
def test_a_bad_kind_or_number_is_one_line_and_exit_2(kind, message):
    ran = cardgen_in_process("simulate", "--games", "1", "--players-kind", kind)
    assert ran.returncode == 2
    assert ran.stderr.strip() == f"cardgen: {message}"


def test_a_position_played_forward_values_a_joker_after_a_card_as_the_card_and_its_tenths():
    game = Game(Options("jokers"), [HeuristicPlayer() for _ in range(4)], seed=1)
    game.start_round([[79, 81, 1012], [1015, 46], [20], [30]], [[50], [60], [70], [80]], [])
    assert game.table.ends == [815, 460, 200, 300]  # 81 and the joker 0.5; 46 after the joker 0.8
    assert game.table.row_below(820) == 0  # so 82 goes after it
