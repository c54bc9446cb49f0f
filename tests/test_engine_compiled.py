"""engine/compiled.py plays as the engine's classes do: the same heuristic choices, the same
rollout sums, compiled or interpreted; and a fault in it is still caught at the round's end."""

import importlib.util
import random
import time

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgen.engine import Game, HeuristicPlayer, IllegalPlay, InvariantBroken, Options, RolloutPlayer, compiled
from cardgen.engine.deck import BUNDLED, changed_pool
from cardgen.engine.kernel import PLAIN
from cardgen.engine.playout import Playouts

pytestmark = pytest.mark.skipif(importlib.util.find_spec("numba") is None, reason="numba is not installed here")


def test_with_numba_the_players_use_the_compiled_functions():
    assert compiled.in_use()  # numba compiled them, and its twister draws as Python's


class _Asked(HeuristicPlayer):
    """The heuristic player asked turn by turn (a subclass: its rounds are not compiled)."""


EXTENDED = changed_pool({number: 1 + number % 7 for number in range(105, 131)} | {55: 3, 10: 7}, [], {})


def _games(variant, players, seed, pool):
    made = []
    for kind in (HeuristicPlayer, _Asked):
        game = Game(Options(variant), [kind() for _ in range(players)], seed=seed, pool=pool, check=True)
        game.play()
        made.append(game)
    return made


@settings(max_examples=60, deadline=None)
@given(
    variant=st.sampled_from(["classic", "pro", "jokers", "plus"]),
    players=st.integers(2, 6),
    seed=st.integers(0, 10**9),
    extended=st.booleans(),
)
def test_compiled_rounds_make_the_heuristic_players_choices(variant, players, seed, extended):
    fast, asked = _games(variant, players, seed, EXTENDED if extended else BUNDLED)
    assert fast.compiled_rounds and not asked.compiled_rounds
    assert fast.round_scores == asked.round_scores and fast.winners() == asked.winners()


def test_ten_players_and_a_game_of_fixed_rounds_too():
    for seed in range(30):
        fast, asked = _games("classic", 10, seed, BUNDLED)
        assert fast.round_scores == asked.round_scores
    fast = Game(Options("classic", rounds=3), [HeuristicPlayer() for _ in range(4)], seed=5)
    assert fast.play() and len(fast.round_scores) == 3


def _positions(variant, players, seeds):
    """Views of seat 0 at every turn of heuristic games: what a rollout player is shown."""
    for seed in seeds:
        game = Game(Options(variant), [_Asked() for _ in range(players)], seed=seed)
        game.deal()
        while not game.round_over:
            yield game, game.views[0]
            game.play_turn()


@pytest.mark.parametrize("variant, players", [("classic", 4), ("classic", 7), ("pro", 3), ("jokers", 5), ("plus", 5)])
def test_compiled_rollouts_add_up_the_same_sums_as_rollouts_in_python(monkeypatch, variant, players):
    player = RolloutPlayer(samples=6)
    compared = 0
    for game, view in _positions(variant, players, range(7)):  # 63 to 93 positions
        if len(view.hand) < 2:  # (in Plus a hand may run out before the others)
            continue
        candidates = player.candidates(view)
        state = game.rng.getstate()  # the rollout draws its guesses' seed from the game's generator
        fast = player.rollout_values(view, candidates)
        game.rng.setstate(state)
        with monkeypatch.context() as python:
            python.setattr(compiled, "in_use", lambda: False)
            slow = player.rollout_values(view, candidates)
        assert fast == slow
        compared += 1
    assert compared > 50


@pytest.mark.parametrize("variant, players", [("classic", 4), ("classic", 9), ("pro", 5), ("jokers", 4), ("plus", 4)])
def test_compiled_playouts_score_as_the_scratch_game_does(variant, players):
    compared = 0
    for game, view in _positions(variant, players, range(8)):
        fast = Playouts(view)
        slow = Playouts(view)
        slow.kernel = PLAIN
        rng = random.Random(compared)
        hands = [list(hand) for hand in game.hands]
        rows = [list(row) for row in game.table.rows]
        scripts = [rng.sample(hand, rng.randrange(min(len(hand), 3) + 1)) for hand in hands]
        turns = rng.randrange(1, 11)
        chance = rng.choice([0, rng.randrange(1, 2**31 - 1)])  # heuristic seats, or random safe cards
        assert fast.kernel.in_use()
        assert fast.scores(rows, hands, [], scripts, turns, chance) == slow.scores(
            rows, hands, [], scripts, turns, chance
        )
        compared += 1
        openings = hands[0][:4]
        assert fast.scores_of_openings(rows, hands, 0, openings, turns, chance) == slow.scores_of_openings(
            rows, hands, 0, openings, turns, chance
        )
    assert compared >= 8 * 10
    with pytest.raises(IllegalPlay, match="not in"):
        fast.scores(rows, hands, [], [[999]] + scripts[1:], 1)
    with pytest.raises(IllegalPlay, match="not in"):
        fast.scores_of_openings(rows, hands, 0, [hands[0][0], 999], 1)


def test_the_functions_give_the_same_round_when_numba_is_not_there():
    spec = importlib.util.spec_from_file_location("interpreted", compiled.__file__)
    interpreted = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(interpreted)  # never compiled: plain Python on the arrays
    pool = BUNDLED
    for seed in range(6):
        rng = random.Random(seed)
        cards = list(range(1, 105))
        rng.shuffle(cards)
        rows = [[cards.pop()] for _ in range(4)]
        hands = [[cards.pop() for _ in range(10)] for _ in range(4)]
        both = [
            module.play_round(rows, [hand[:] for hand in hands], 5, pool.heads, False)
            for module in (compiled, interpreted)
        ]
        assert both[0] == both[1]


def test_the_twister_draws_what_pythons_random_draws():
    for seed in (0, 1, 2**40, 123456789):
        rng = random.Random(seed)
        twister = np.array(rng.getstate()[1], np.int64)
        cards = np.arange(300, dtype=np.int64)
        expected = list(range(300))
        for _ in range(5):  # past the twister's first 624 words
            rng.shuffle(expected)
            compiled._shuffle(twister, cards)
            assert cards.tolist() == expected


def test_a_fault_in_a_compiled_round_is_caught_at_the_rounds_end(monkeypatch):
    real = compiled.play_round

    def losing_a_card(*args):
        rows, piles, scores, drops, turns = real(*args)
        piles[0] = piles[0][1:] if piles[0] else piles[0]
        rows[0] = rows[0][1:] or rows[0]
        return rows, piles, scores, drops, turns

    monkeypatch.setattr(compiled, "play_round", losing_a_card)
    game = Game(Options(), [HeuristicPlayer() for _ in range(3)], seed=11, check=True)
    with pytest.raises(InvariantBroken, match=r"round 1, turn 10: .*\(seed 11\)"):
        game.play()


def test_a_slow_preparation_is_told_once_and_a_quick_one_not_at_all(monkeypatch):
    told = []
    compiled.prepare(True, lambda: None)  # compiled, or loaded from the cache
    compiled.prepare(True, lambda: told.append("slow"))  # ready now: quick
    assert told == []
    real = compiled.play_round

    def compiling(*args):
        time.sleep(0.3)  # longer than SLOW, as the first run on a machine is
        return real(*args)

    monkeypatch.setattr(compiled, "SLOW", 0.1)
    monkeypatch.setattr(compiled, "play_round", compiling)
    compiled.prepare(False, lambda: told.append("slow"))
    assert told == ["slow"]
