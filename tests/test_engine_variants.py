"""A variant is one engine object: registering a new one reaches the command line, the
referee and the invariant checks with no other change. And a strategy sees its own seat only."""

import json

import pytest

from cardgen.engine import (
    VARIANTS,
    Game,
    HeuristicPlayer,
    InvariantBroken,
    Options,
    Player,
    RandomPlayer,
    check_invariants,
    register,
    unregister,
)
from cardgen.engine.variants.classic import Classic
from tests.clirun import cardgen_in_process


class ThreeRows(Classic):
    """Classic on a table of three rows: the toy variant of docs/ARCHITECTURE.md."""

    key = "threerows"
    name = "Three rows"
    rows = 3


@pytest.fixture
def three_rows():
    register(ThreeRows())
    yield
    unregister("threerows")


def test_a_registered_variant_is_played_by_cardgen_simulate(three_rows):
    ran = cardgen_in_process("simulate", "--variant", "threerows", "--players", "10", "--games", "30", "--json")
    assert ran.returncode == 0, ran.stderr
    report = json.loads(ran.stdout)
    assert report["variant"] == "threerows" and report["games"] == 30
    assert "threerows" in cardgen_in_process("simulate", "--help").stdout


def test_without_registration_the_command_line_refuses_it():
    ran = cardgen_in_process("simulate", "--variant", "threerows")
    assert ran.returncode == 2
    assert "'threerows' is not one of classic, pro, plus or jokers" in ran.stderr


def test_a_registered_variant_deals_and_keeps_its_invariants(three_rows):
    game = Game(Options("threerows"), [HeuristicPlayer(), RandomPlayer(), RandomPlayer()], seed=3, check=True)
    game.deal()
    assert len(game.table.rows) == 3 and all(len(hand) == 10 for hand in game.hands)
    assert len(game.out_of_play) == 104 - 3 - 30
    game.play()
    assert game.over and game.winners()
    game.table.rows[2].append(game.table.rows[2][0])  # a card in two places
    with pytest.raises(InvariantBroken, match="more than one place"):
        check_invariants(game)


RECORD = """\
variant: threerows
players: [Ana, Ben]
rounds:
  - rows: {rows}
    turns:
      - {{Ana: 29, Ben: {{card: 3, take: 3}}}}
"""


def test_the_referee_plays_a_registered_variant(three_rows, tmp_path):
    record = tmp_path / "game.yaml"
    record.write_text(RECORD.format(rows="[[8], [24], [69]]"))
    ran = cardgen_in_process("referee", record, "--json")
    assert ran.returncode == 0, ran.stderr
    turn = json.loads(ran.stdout)["rounds"][0]["turns"][-1]
    assert turn["rows"] == [[8], [24, 29], [3]]
    record.write_text(RECORD.format(rows="[[8], [24], [69], [81]]"))
    ran = cardgen_in_process("referee", record)
    assert ran.returncode == 2 and "must list 3 rows, not 4" in ran.stderr


def test_the_four_bundled_variants_are_the_engine_list():
    assert list(VARIANTS) == ["classic", "pro", "plus", "jokers"]


class Snoop(Player):
    """A strategy that tries every way the view offers to learn another hand or change the game."""

    def __init__(self):
        self.findings = []

    def choose_cards(self, view):
        for name in ("hands", "game", "_game", "table", "players", "out_of_play"):
            self.findings.append((name, hasattr(view, name)))
        with pytest.raises((AttributeError, TypeError)):
            view.rows[0].append(1)  # type: ignore[attr-defined]
        with pytest.raises(AttributeError):
            view.__dict__  # noqa: B018 - slots only: nothing else hangs off a view
        self.seen = (view.hand, view.hand_sizes, view.unseen(), view.rows, view.piles, view.played)
        return view.hand[0]

    def choose_take(self, view, card):
        return 0


def test_a_strategy_sees_its_own_hand_and_the_sizes_of_the_others_only():
    snoop = Snoop()
    game = Game(Options("classic"), [snoop, RandomPlayer()], seed=1)
    game.deal()
    other = set(game.hands[1])
    out = set(game.out_of_play)
    game.play_turn()
    assert all(not found for _, found in snoop.findings), snoop.findings
    hand, sizes, unseen, rows, piles, played = snoop.seen
    assert not other & set(hand) and sizes == (10, 10)
    # the unseen cards mix the other hand with the cards out of play: nothing tells them apart
    assert unseen == other | out
    assert isinstance(rows, tuple) and all(isinstance(row, tuple) for row in rows)
    assert piles == ((), ()) and played == ()
