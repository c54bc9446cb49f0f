"""A played game written down as a record (`record_of`) replays to the same game through
the referee: random games of every variant, finished or stopped at any turn."""

from textwrap import dedent

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_engine_properties import games

from cardgen.engine import STRATEGIES, Game, HeuristicPlayer, Options
from cardgen.model.play import load_pool
from cardgen.referee import record_of, replay
from cardgen.yamlio import parse_yaml

# names a person might give, YAML's special words and characters among them
NAMES = st.lists(
    st.text(st.characters(categories=["L", "N", "P", "S", "Zs"]), min_size=1, max_size=12),
    min_size=10,
    max_size=10,
    unique=True,
)


def played(options, kinds, seed, turns, pool=None):
    """A game with its history, played turn by turn until it is over or `turns` turns are played."""
    players = [STRATEGIES[kind]() for kind in kinds]
    game = Game(options, players, seed=seed, history=True, **({"pool": pool} if pool else {}))
    for _ in range(turns):
        if game.over:
            break
        if game.round_over:
            game.deal()
        game.play_turn()
    return game


@settings(max_examples=40, deadline=None)
@given(games(), NAMES, st.integers(1, 200))
def test_a_record_of_a_played_game_replays_to_the_same_scores(config, names, turns):
    options, kinds, seed = config
    game = played(options, kinds, seed, turns)
    names = names[: len(kinds)]
    report = replay(parse_yaml(record_of(game, names), "game.yaml"))
    assert report.failure is None
    running = [score for score in game.table.scores] if not game.round_over else [0] * len(kinds)
    assert report.totals == dict(zip(names, [t + s for t, s in zip(game.totals, running)]))
    finished = [round_ for round_ in report.rounds if round_.finished]
    assert [list(round_.scores.values()) for round_ in finished] == game.round_scores
    assert report.game_over == game.over and report.winners == [names[seat] for seat in game.winners()]


def test_keeping_a_history_plays_the_same_game():
    """Its players are asked turn by turn, never in one pass: the same choices all the same."""
    for variant in ("classic", "pro", "plus", "jokers"):
        kinds = [HeuristicPlayer(), STRATEGIES["random"]()]
        plain = Game(Options(variant), kinds, seed=5)
        plain.play()
        kept = Game(Options(variant), [HeuristicPlayer(), STRATEGIES["random"]()], seed=5, history=True)
        kept.play()
        assert kept.round_scores == plain.round_scores


def test_the_record_reads_as_a_person_writes_it():
    game = Game(Options("jokers"), [HeuristicPlayer(), HeuristicPlayer()], seed=2, history=True)
    game.deal()
    game.play_turn()
    text = record_of(game, ["Ana", "yes"])
    assert text.startswith("variant: jokers\nplayers: [Ana, 'yes']\nrounds:\n  - rows: [[")
    assert "\n    hands:\n      Ana: [" in text and "\n    turns:\n      - {Ana: " in text
    assert "0." in text.split("hands:")[1].split("turns:")[0]  # a joker as 0.4, not an id


@pytest.fixture(scope="module")
def zeros_that_differ(tmp_path_factory):
    """A folder with a set whose seven zero cards carry different bull heads."""
    folder = tmp_path_factory.mktemp("zeros")
    cards = "".join(
        f"  - {{id: Z{n}, kind: zero, value: 0, heads: {heads}}}\n" for n, heads in enumerate([0, 1, 2, 3, 5, 7, 1], 1)
    )
    (folder / "zeros.yaml").write_text(f"name: zeros\ntitle: Zero cards that differ\ncards:\n{cards}")
    return folder


@settings(max_examples=15, deadline=None)
@given(
    st.sampled_from([{}, {"free_companion": True}, {"one_zero_each": True}]),
    st.integers(2, 7),
    st.integers(0, 2**32),
    st.integers(1, 200),
)
def test_a_game_whose_zero_cards_differ_replays_to_the_same_scores(zeros_that_differ, options, count, seed, turns):
    """Which zero card a player held then counts: the record names each one ({zero: 3})."""
    pool = load_pool([zeros_that_differ / "zeros.yaml"])
    kinds = (["random", "heuristic"] * 4)[:count]
    game = played(Options("plus", **options), kinds, seed, turns, pool)
    text = record_of(game, [f"P{seat}" for seat in range(count)], card_set="zeros.yaml")
    report = replay(parse_yaml(text, str(zeros_that_differ / "game.yaml")))
    running = game.table.scores if not game.round_over else [0] * count
    assert list(report.totals.values()) == [total + score for total, score in zip(game.totals, running)]


def test_a_zero_card_named_by_its_place_in_the_set(zeros_that_differ):
    def record(hands):
        return parse_yaml(
            dedent(f"""\
            variant: plus
            set: zeros.yaml
            players: [Ana, Ben]
            rounds:
              - rows: [[8], [24], [69], [81]]
                hands: {hands}
                turns:
                  - {{Ana: [30, 0], Ben: [0, 70]}}
            """),
            str(zeros_that_differ / "game.yaml"),
        )

    report = replay(record("{Ana: [30, {zero: 6}], Ben: [0, 70]}"))
    assert report.totals == {"Ana": 7, "Ben": 0}  # Ana's is the sixth (7 bull heads); Ben's a plain 0, the first
