"""A played game written down as a record (`record_of`) replays to the same game through
the referee: random games of every variant, finished or stopped at any turn."""

from hypothesis import given, settings
from hypothesis import strategies as st
from test_engine_properties import games

from cardgen.engine import STRATEGIES, Game, HeuristicPlayer, Options
from cardgen.referee import record_of, replay
from cardgen.yamlio import parse_yaml

# names a person might give, YAML's special words and characters among them
NAMES = st.lists(
    st.text(st.characters(categories=["L", "N", "P", "S", "Zs"]), min_size=1, max_size=12),
    min_size=10,
    max_size=10,
    unique=True,
)


def played(options, kinds, seed, turns):
    """A game with its history, played turn by turn until it is over or `turns` turns are played."""
    game = Game(options, [STRATEGIES[kind]() for kind in kinds], seed=seed, history=True)
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
