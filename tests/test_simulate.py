"""`cardgen simulate` and the simulation library."""

import json
import multiprocessing
import re
import time

import pytest
from click.testing import CliRunner
from clirun import cardgen_in_process, cardgen_with_stderr_on

import cardgen.simulate
from cardgen.cli import main
from cardgen.engine import KINDS, VARIANTS, Game, InvariantBroken, Options, RandomPlayer
from cardgen.errors import CheckFailed
from cardgen.messages import Message
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
    for variant in VARIANTS:
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
        (
            ("--players-kind", "clever"),
            f"there is no player kind 'clever': choose {', '.join(list(KINDS)[:-1])}, or {list(KINDS)[-1]}.",
        ),
        (("--variant", "plus", "--players", "8"), "Plus is played by 2 to 7 players, not 8"),
        (("--variant", "classic", "--free-companion"), "free_companion is an option of Plus only."),
        (("--threshold", "50", "--rounds", "3"), "give either a threshold or a number of rounds, not both."),
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
    seed = int(message.split("replay it with --games 1 --seed ")[1].rstrip("."))
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


def without_timing(report: dict) -> dict:
    return {key: value for key, value in report.items() if key not in ("seconds", "games_per_second")}


TIMING = re.compile(r" in [\d.]+ s \([\d,]+ games/s\)")


def test_any_number_of_jobs_prints_the_same_figures():
    # 37 games: chunks of 3 games for 2 jobs and of 2 for 3 jobs, the last one shorter
    args = ("--variant", "jokers", "--players", "3", "--games", "37", "--seed", "5")
    reports = [json.loads(run(*args, "--json", "--jobs", jobs).stdout) for jobs in ("1", "2", "3")]
    assert without_timing(reports[0]) == without_timing(reports[1]) == without_timing(reports[2])
    texts = [run(*args, "--jobs", jobs).stdout for jobs in ("1", "3")]
    assert TIMING.search(texts[0]) and TIMING.search(texts[1])
    assert TIMING.sub("", texts[0]) == TIMING.sub("", texts[1])


class BreaksOnSeeds14And45(Game):
    """Game seed 14 breaks slowly in a worker, seed 45 at once: with two jobs, 45 breaks first."""

    def play(self):
        if self.seed == 14 and multiprocessing.parent_process() is not None:
            time.sleep(0.5)
        if self.seed in (14, 45):
            raise InvariantBroken("a card was lost")
        return super().play()


def test_the_first_broken_game_in_seed_order_is_named_whatever_the_number_of_jobs(monkeypatch):
    monkeypatch.setattr(cardgen.simulate, "Game", BreaksOnSeeds14And45)  # workers are forked with it
    messages = []
    for jobs in (1, 2):
        with pytest.raises(CheckFailed) as caught:
            simulate(Options("classic"), ["random"] * 4, 60, seed=1, check=False, jobs=jobs)
        messages.append(str(caught.value))
    expected = "game 14 (seed 14) went wrong: a card was lost; replay it with --games 1 --seed 14."
    assert messages == [expected, expected]


@pytest.mark.parametrize("command", ["simulate", "verify numbered"])
def test_jobs_must_be_one_or_more(command):
    result = CliRunner().invoke(main, [*command.split(), "--jobs", "0"])
    assert result.exit_code == 2
    assert result.stderr.count("\n") == 1 and "--jobs: 0 is not from 1 to 64." in result.stderr


def test_the_table_stays_in_line_with_a_long_player_name():
    result = cardgen.simulate.SimulationResult(
        options=Options("classic"),
        kinds=["rollout:200", "random"],
        games=10,
        seconds=1.0,
        mean_totals=[12.5, 80.25],
        win_rates=[1.0, 0.0],
        mean_rounds=4.0,
    )
    heading, *rows = result.summary().splitlines()[3:]
    for row in rows:  # each figure ends where its heading ends
        assert row.index(".", row.index("  ", 6)) + 3 == heading.index("mean total") + len("mean total"), row


def test_players_kind_may_be_given_once_per_seat():
    """Repeating the option names the seats in turn (it used to keep only the last one)."""
    result = run("--players", "2", "--players-kind", "heuristic", "--players-kind", "random", "--games", "5", "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["players"] == ["heuristic", "random"]
    short = run("--players", "3", "--players-kind", "heuristic", "--players-kind", "random", "--games", "5")
    assert short.exit_code == 2 and "names 2 players but --players is 3" in short.output


@pytest.mark.parametrize(
    "option, value, bound", [("--games", str(2**63), "from 1 to 10,000,000."), ("--jobs", "1000", "from 1 to 64.")]
)
def test_more_games_or_workers_than_the_machine_can_take_are_refused_saying_the_bound(option, value, bound):
    result = cardgen_in_process("simulate", option, value, "--games" if option == "--jobs" else "--seed", "10")
    assert result.returncode == 2 and bound in result.stderr and len(result.stderr.strip().splitlines()) == 1


def test_a_long_run_shows_games_done_a_second_and_time_left_on_a_terminal_only():
    # the line comes once a run has lasted a second: a run far too long for any machine, stopped
    # with Ctrl-C once it has drawn its line twice
    progress = r"playing: [\d,]+ of 10,000,000 games · [\d,]+ a second · about [\d,]+ s left *"
    args = ("simulate", "--games", "10000000", "--players-kind", "heuristic", "--jobs", "1", "--json")
    out, err = cardgen_with_stderr_on(True, *args, interrupt_after=f"(\r{progress}){{2}}")
    # the one-time notice of compiling the players may come first (a fresh clone, or another
    # test's process compiling them at the same moment): it is no progress line
    preparing = "cardgen: " + Message("cli.preparing").text()
    shown = [line for line in err.replace(preparing + "\n", "").split("\r") if line.strip()]
    assert len(shown) >= 2 and all(re.fullmatch(progress, line) for line in shown[:-1]), shown
    assert shown[-1].strip() == "cardgen: " + Message("cli.stopped").text() and out == ""
    out, err = cardgen_with_stderr_on(False, "simulate", "--games", "3000", "--players-kind", "heuristic", "--json")
    assert err.replace(preparing + "\n", "") == "" and json.loads(out)["games"] == 3000
