"""A variant is one engine object: registering a new one reaches the command line, the
referee and the invariant checks with no other change. And a strategy sees its own seat only."""

import json
import re
import shutil
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

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
from cardgen.engine.cards import FIRST_JOKER
from cardgen.engine.variants.classic import Classic
from tests.clirun import cardgen_in_process

RULES_MD = Path(__file__).resolve().parent.parent / "docs" / "RULES.md"


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
    assert "threerows is not one of" in ran.stderr and all(name in ran.stderr for name in VARIANTS)


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


def test_every_bundled_variant_has_its_rules_in_docs_rules_md():
    headings = re.findall(r"^## \d+\. (.+)$", RULES_MD.read_text(encoding="utf-8"), re.M)
    assert VARIANTS and all(variant.name in headings for variant in VARIANTS.values())


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


class Witness(HeuristicPlayer):
    """The heuristic player, asked turn by turn, noting what its view shows of the others' plays."""

    def __init__(self, log):
        self.log = log  # shared by the table: (what, seat, view.revealed, view.history, view.played, choice)

    def choose_cards(self, view):
        cards = super().choose_cards(view)
        self.log.append(("cards", view.seat, view.revealed, view.history, view.played, cards))
        return cards

    def choose_take(self, view, card):
        self.log.append(("take", view.seat, view.revealed, view.history, view.played, card))
        return super().choose_take(view, card)

    def place_joker(self, view, joker):
        self.log.append(("joker", view.seat, view.revealed, view.history, view.played, joker))
        return super().place_joker(view, joker)

    def companion_row(self, view, card):
        self.log.append(("companion", view.seat, view.revealed, view.history, view.played, card))
        return view.highest_row()


SEEING_TABLES = [
    ("classic", {}),
    ("jokers", {}),
    ("pro", {}),
    ("plus", {"rounds": 1, "free_companion": True}),
]


@settings(max_examples=12, deadline=None)
@given(st.sampled_from(SEEING_TABLES), st.integers(0, 10**6), st.integers(2, 5))
def test_a_seat_sees_who_played_what_on_which_rows_once_it_is_face_up_and_never_before(table, seed, players):
    variant, options = table
    log: list = []
    game = Game(Options(variant, **options), [Witness(log) for _ in range(players)], seed=seed)
    game.deal()
    rows_before: list = []
    while not game.round_over:
        del log[:]
        rows_before.append(tuple(map(tuple, game.table.rows)))
        game.play_turn()
        # and the rows each of those turns began with
        assert game.views[0].history_rows == tuple(rows_before)
        choices = [entry for entry in log if entry[0] == "cards"]
        turn = tuple(sorted((seat, card) for _, seat, *_, cards in choices for card in _cards(cards)))
        for what, seat, revealed, history, played, card in log:
            # the turns before are public, the same for every seat, and they are what was played
            assert history == tuple(game.turns_by_seat[:-1])
            before = {card for earlier in history for _, card in earlier}
            if what == "cards":
                assert revealed == ()  # a card still being chosen is hidden, even once chosen
                assert before == set(played)
            else:  # a decision made while the turn's cards lie face up: it sees them all
                assert revealed == turn and (seat, card) in revealed
                assert before <= set(played) <= before | {card for _, card in turn}
        assert game.turns_by_seat[-1] == turn
    assert len(game.turns_by_seat) == game.turn


class Counting(HeuristicPlayer):
    """The heuristic player, asked every turn, noting how many cards its view says each hand holds."""

    plays_last_card = False

    def __init__(self, seen):
        self.seen = seen

    def choose_cards(self, view):
        self.seen.append(view.hand_sizes)
        return super().choose_cards(view)


@pytest.mark.parametrize("variant, options", SEEING_TABLES)
def test_a_seat_asked_after_others_still_counts_the_cards_they_chose_face_down(variant, options):
    seen: list = []
    game = Game(Options(variant, **options), [Counting(seen) for _ in range(4)], seed=3)
    game.deal()
    while not game.round_over:
        before = tuple(len(hand) for hand in game.hands)
        del seen[:]
        game.play_turn()
        assert len(seen) == sum(map(bool, before)) and all(sizes == before for sizes in seen)
    assert game.views[0].hand_sizes == (0, 0, 0, 0)


def _cards(cards):
    return (cards,) if isinstance(cards, int) else cards


def _first_plays(variant, rounds=3000):
    """For each of `rounds` deals, the rank in its sorted hand of the card a random player plays first."""
    ranks = []
    for seed in range(rounds):
        game = Game(Options(variant), [RandomPlayer(), RandomPlayer()], seed=seed)
        game.deal()
        hand = sorted(game.hands[0])
        game.play_turn()
        ranks.append(hand.index(next(card for card in hand if card not in game.hands[0])))
    return ranks


@pytest.mark.parametrize("variant, size", [("classic", 10), ("jokers", 11), ("pro", 10)])
def test_a_random_player_plays_any_card_of_its_hand_alike(variant, size):
    """The fast path plays a hand's last card: the deal must put hands in random order
    (a joker dealt last, or a Pro draft, would otherwise bias it)."""
    ranks = _first_plays(variant)
    expected = len(ranks) / size
    chi_square = sum((ranks.count(rank) - expected) ** 2 / expected for rank in range(size))
    assert chi_square < 30, chi_square  # 9-10 degrees of freedom: p < 0.001 above 30


def _broken_when_a_row_is_first_taken(monkeypatch, broken):
    from cardgen.engine.table import Table

    real = Table.take

    def wrong(self, *args):
        real(self, *args)
        if not hasattr(self, "broken"):
            self.broken = broken(self)

    monkeypatch.setattr(Table, "take", wrong)


class _AskedHeuristicPlayer(HeuristicPlayer):
    """The heuristic player, asked turn by turn (a subclass: its rounds are not compiled)."""


@pytest.mark.parametrize(
    "broken, message",
    [
        (lambda table: table.rows[0].append(table.rows[0][0]), "more than one place or lost"),
        (lambda table: table.row_heads.__setitem__(0, table.row_heads[0] + 1), "bull heads"),
    ],
)
@pytest.mark.parametrize("players", [RandomPlayer, _AskedHeuristicPlayer])
def test_a_broken_invariant_names_the_turn_and_the_seed(monkeypatch, broken, message, players):
    """Random players place a round in one pass, checked at its end: the game is then
    played again turn by turn to name the turn, as other players' games do at once."""
    _broken_when_a_row_is_first_taken(monkeypatch, broken)
    game = Game(Options("classic"), [players(), players()], seed=11, check=True)
    with pytest.raises(InvariantBroken, match=rf"round 1, turn \d+: .*{message}.*\(seed 11\)") as caught:
        game.play()
    turn = int(re.search(r"turn (\d+)", str(caught.value))[1])
    assert turn < 10  # the turn it broke, not the round's end


@pytest.mark.parametrize(
    "fault",
    [
        lambda order: order[1:],  # a card lost
        lambda order: [FIRST_JOKER, *order[1:]],  # and a card from no Classic deck instead
    ],
)
def test_a_fault_of_the_one_pass_placement_names_the_round_and_the_seed(monkeypatch, fault):
    """A fault in the random players' one-pass placement, absent when played turn by turn,
    is still caught at the round's end, naming the round and the seed."""
    real = Classic.order_of_round
    monkeypatch.setattr(Classic, "order_of_round", lambda self, turns: fault(real(self, turns)))
    game = Game(Options("classic"), [RandomPlayer(), RandomPlayer()], seed=11, check=True)
    with pytest.raises(InvariantBroken, match=r"round 1, turn 10: cards in more than one place .*\(seed 11\)"):
        game.play()


class _AskedRandomPlayer(RandomPlayer):
    """The random player, asked turn by turn like any strategy (no fast path)."""

    plays_last_card = False


@pytest.mark.parametrize("variant, players", [("classic", 4), ("classic", 10), ("pro", 3), ("jokers", 5)])
def test_the_fast_round_plays_the_same_games_as_turn_by_turn(variant, players):
    """The random players' whole-round loop must not change a single decision or score."""
    for seed in range(40):
        fast = Game(Options(variant), [RandomPlayer() for _ in range(players)], seed=seed, check=True)
        asked = Game(Options(variant), [_AskedRandomPlayer() for _ in range(players)], seed=seed, check=True)
        assert fast.pops_last_cards and not asked.pops_last_cards
        assert fast.play() == asked.play()
        assert fast.round_scores == asked.round_scores and fast.round_scores


@pytest.mark.parametrize("variant, players", [("classic", 4), ("pro", 3), ("jokers", 5), ("plus", 3)])
@pytest.mark.parametrize("check", [False, True])
def test_a_game_played_again_is_the_game_of_its_seed(variant, players, check):
    """`again` reuses one table and its views across a simulation's games: nothing of a
    game may leak into the next."""
    players = [RandomPlayer() for _ in range(players)]
    reused = Game(Options(variant), players, seed=0, check=check)
    for seed in range(30):
        reused.again(seed)
        fresh = Game(Options(variant), players, seed=seed, check=check)
        assert reused.play() == fresh.play()
        assert reused.round_scores == fresh.round_scores and reused.table.rows == fresh.table.rows
        assert reused.table.collected == fresh.table.collected


# --- the toy variant in print: its rule summary, reference card and score sheet ---------

TOY_RULES = """\
variant: threerows
sections: [goal, placing, end]
examples:
  - id: low-card
    kind: turn
    section: placing
    rows: [[8], [24], [69]]
    turn: {Ana: 29, Ben: {card: 3, take: 3}}
    expect:
      rows: [[8], [24, 29], [3]]
      collected: {Ben: [69]}
"""
TOY_WORDS = {
    "title": "6 nimmt! on three rows",
    "sections": {
        "goal": {"heading": "Goal", "text": "Collect as few bull heads as you can."},
        "placing": {"heading": "Three rows", "text": "As in the classic game, on three rows instead of four."},
        "end": {"heading": "End of the game", "text": "The game ends with the round in which someone reaches 66."},
    },
    "examples": {"low-card": "Ben's 3 is below every row end: he takes the third row."},
    "reference_card": {"title": "Three rows", "lines": ["Lay out three rows, not four."]},
}
TOY_SCORE = {"title": "Three rows — score sheet", "rules": "The game ends at {limit} bull heads."}


@pytest.fixture
def three_rows_in_print(tmp_path, monkeypatch):
    """The toy variant registered with its texts, in a copy of the templates holding English only."""
    import yaml

    import cardgen.model.rules
    import cardgen.texts
    from cardgen.paths import TEMPLATES

    monkeypatch.setitem(VARIANTS, "threerows", ThreeRows())
    rules = tmp_path / "rules"
    shutil.copytree(TEMPLATES / "rules", rules)
    (rules / "threerows.yaml").write_text(TOY_RULES, encoding="utf-8")
    english = tmp_path / "locales" / "en"
    shutil.copytree(TEMPLATES / "locales" / "en", english)
    (english / "rules-threerows.yaml").write_text(yaml.safe_dump(TOY_WORDS), encoding="utf-8")
    for name, add in (("score", TOY_SCORE), ("cards", {"variants": "Three rows"})):
        words = yaml.safe_load((english / f"{name}.yaml").read_text(encoding="utf-8"))
        for group, text in add.items():
            words[group]["threerows"] = text
        (english / f"{name}.yaml").write_text(yaml.safe_dump(words, allow_unicode=True), encoding="utf-8")
    monkeypatch.setattr(cardgen.model.rules, "RULES_DIR", rules)
    monkeypatch.setattr(cardgen.texts, "LOCALES", tmp_path / "locales")
    yield tmp_path
    cardgen.model.rules.read_summary.cache_clear()


def test_a_registered_variant_with_its_texts_gets_a_summary_a_reference_card_and_a_score_sheet(three_rows_in_print):
    from pdfcheck import page_text

    def printed(*args) -> str:
        out = three_rows_in_print / "out.pdf"
        ran = cardgen_in_process(*args, "-o", out)
        assert ran.returncode == 0, ran.stderr
        return " ".join(page_text(out.read_bytes()).replace("\u00a0", " ").split())

    summary = printed("rules", "threerows")
    assert "6 nimmt! on three rows" in summary and "Ben's 3 is below every row end" in summary
    assert "Lay out three rows, not four." in printed("rules", "threerows", "--reference")
    sheet = printed("sheet", "threerows", "--players", "3")
    assert "Three rows — score sheet" in sheet and "The game ends at 66 bull heads." in sheet
