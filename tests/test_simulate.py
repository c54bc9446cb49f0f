"""`cardgen simulate` and the simulation library."""

import json

import pytest
from click.testing import CliRunner

from cardgen.cli import main
from cardgen.engine import Game, Options, RandomPlayer
from cardgen.errors import CheckFailed
from cardgen.simulate import simulate


def run(*args):
    return CliRunner().invoke(main, ["simulate", *args])


def test_json_reports_games_rates_totals_and_rounds():
    result = run("--variant", "plus", "--players", "5", "--games", "40", "--seed", "1", "--json")
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["games"] == 40
    assert report["games_per_second"] > 0
    assert len(report["mean_totals"]) == len(report["win_rates"]) == 5
    assert report["mean_rounds"] == 5  # Plus lasts one round per player
    assert sum(report["win_rates"]) >= 1  # every game has at least one winner
    assert result.stderr == ""  # no progress bar when stderr is not a terminal


def test_the_same_seed_gives_the_same_figures():
    args = ("--variant", "jokers", "--players", "4", "--games", "30", "--seed", "7", "--json")
    first, second = json.loads(run(*args).stdout), json.loads(run(*args).stdout)
    for key in ("mean_totals", "win_rates", "mean_rounds"):
        assert first[key] == second[key]
    other = json.loads(run(*args[:-3], "--seed", "8", "--json").stdout)
    assert other["mean_totals"] != first["mean_totals"]


def test_the_heuristic_player_beats_random_players_in_every_variant():
    for variant in ("classic", "pro", "plus", "jokers"):
        result = simulate(Options(variant), ["heuristic", "random", "random", "random"], 150, seed=3)
        assert result.win_rates[0] > 2 * max(result.win_rates[1:]), variant


def test_the_readable_summary_names_each_seat():
    result = run("--players", "3", "--games", "20", "--players-kind", "heuristic,random,random")
    assert result.exit_code == 0
    assert "Classic, 3 players, 20 games" in result.stdout
    assert "   1  heuristic" in result.stdout and "   3  random" in result.stdout


def test_a_classic_game_ends_once_a_total_reaches_the_threshold():
    result = simulate(Options("classic", threshold=20), ["random"] * 4, 50, seed=1)
    assert 1 <= result.mean_rounds < 4
    fixed = simulate(Options("classic", rounds=2), ["random"] * 4, 20, seed=1)
    assert fixed.mean_rounds == 2


@pytest.mark.parametrize(
    "args, message",
    [
        (("--players", "3", "--players-kind", "random,heuristic"), "--players-kind names 2 players but --players is 3"),
        (("--players-kind", "clever"), "unknown player kind 'clever': choose among random, heuristic, rollout"),
        (("--variant", "plus", "--players", "8"), "Plus is played by 2 to 7 players, not 8"),
        (("--variant", "classic", "--free-companion"), "free_companion is an option of Plus only"),
        (("--threshold", "50", "--rounds", "3"), "give either a threshold or a number of rounds, not both"),
    ],
)
def test_bad_settings_are_one_line_and_exit_2(args, message):
    result = run(*args)
    assert result.exit_code == 2
    assert result.stderr.strip() == f"cardgen: {message}"


def test_an_invariant_violation_stops_with_the_seed_that_replays_it(monkeypatch):
    from cardgen.engine import table

    original = table.Table.take

    def careless_take(self, seat, row, card, value):
        original(self, seat, row, card, value)
        self.piles[seat].pop()  # lose a card

    monkeypatch.setattr(table.Table, "take", careless_take)
    with pytest.raises(CheckFailed) as caught:
        simulate(Options("classic"), ["random"] * 4, 50, seed=100)
    message = str(caught.value)
    seed = int(message.split("replay it with --games 1 --seed ")[1])
    assert f"(seed {seed})" in message
    # that seed alone breaks the same way
    with pytest.raises(CheckFailed):
        simulate(Options("classic"), ["random"] * 4, 1, seed=seed)
    # and without checks the run does not notice
    simulate(Options("classic"), ["random"] * 4, 50, seed=100, check=False)


def test_game_seeds_replay_single_games():
    result = simulate(Options("pro"), ["random"] * 4, 5, seed=40)
    games = [Game(Options("pro"), [RandomPlayer()] * 4, seed=40 + index) for index in range(5)]
    for game in games:
        game.play()
    means = [sum(game.totals[seat] for game in games) / 5 for seat in range(4)]
    assert means == pytest.approx(result.mean_totals)
