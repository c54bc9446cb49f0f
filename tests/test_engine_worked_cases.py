"""The worked cases of docs/RULES.md (§17, cases 1-9), played through the engine."""

import re
from pathlib import Path

import pytest

from cardgen.engine import Game, IllegalPlay, Options, Play, joker, zero_card

ZERO_A, ZERO_B = zero_card(0), zero_card(1)


def start(variant, rows, hands, **options):
    game = Game(Options(variant, **options), len(hands))
    game.start_round(rows, hands)
    return game


def turn(game, *plays):
    """plays: per seat a card, a tuple of cards, a Play or None."""
    recorded = []
    for play in plays:
        if isinstance(play, int):
            play = Play((play,))
        elif isinstance(play, tuple) and not isinstance(play, Play):
            play = Play(play)
        recorded.append(play)
    return game.play_turn(recorded)


def test_case_1_a_card_goes_after_the_closest_lower_end():
    game = start("classic", [[8], [24], [69], [81]], [[29], [90]])
    turn(game, 29, 90)
    assert game.table.rows == [[8], [24, 29], [69], [81, 90]]


@pytest.mark.parametrize("row", [0, 1, 2, 3])
def test_case_1_a_card_below_every_row_end_collects_the_row_its_player_chooses(row):
    rows = [[8], [24], [69], [81]]
    game = start("classic", rows, [[3], [90]])
    collected = turn(game, Play((3,), take=row), 90)
    assert collected[0] == (0, rows[row])
    assert game.table.rows[row][0] == 3


def test_case_2_the_closest_lower_end_wins_even_when_others_are_close():
    game = start("classic", [[12], [37], [43], [58]], [[44], [100]])
    turn(game, 44, 100)
    assert game.table.rows[2] == [43, 44]


def test_case_3_a_sixth_card_collects_the_five_and_starts_the_row():
    game = start("classic", [[3], [23, 25, 30, 41, 44], [52], [88]], [[45], [100]])
    collected = turn(game, 45, 100)
    assert collected == [(0, [23, 25, 30, 41, 44])]
    assert game.table.scores[0] == 12
    assert game.table.rows[1] == [45]


def test_case_4_a_card_lands_on_a_row_restarted_earlier_in_the_turn():
    game = start("classic", [[50], [60], [70], [80]], [[71], [5]])
    collected = turn(game, 71, Play((5,), take=2))
    assert collected == [(1, [70])]
    assert game.table.scores == [0, 3]
    assert game.table.rows == [[50], [60, 71], [5], [80]]


def test_case_5_a_later_card_follows_a_sixth_card_on_the_restarted_row():
    game = start("classic", [[2, 4, 6, 8, 10], [20], [30], [40]], [[12], [15]])
    collected = turn(game, 12, 15)
    assert collected == [(0, [2, 4, 6, 8, 10])]
    assert game.table.scores == [7, 0]
    assert game.table.rows[0] == [12, 15]


def test_case_6_plus_a_card_below_every_end_goes_on_the_highest_row_for_free():
    game = start("plus", [[10], [20], [30], [40]], [[5], [100]])
    collected = turn(game, 5, 100)
    assert collected == []
    # the row now ends with 5, so 100 goes after 30
    assert game.table.rows == [[10], [20], [30, 100], [40, 5]]


def test_case_6_plus_a_low_card_that_is_sixth_collects_the_highest_row():
    game = start("plus", [[10], [20], [30], [40, 41, 42, 43, 44]], [[5], [6]])
    collected = turn(game, 5, 6)
    assert collected == [(0, [40, 41, 42, 43, 44])]
    assert game.table.rows[3] == [5, 6]


def test_case_7_plus_companions_of_zero_cards_resolve_first():
    # 5+6, 27, 49+0, 53+0 resolve as 49, 53, 5, 6, 27
    rows = [[1], [100], [101], [102]]
    hands = [[5, 6], [27], [49, ZERO_A], [53, ZERO_B]]
    game = start("plus", rows, hands)
    collected = turn(game, (5, 6), 27, (49, ZERO_A), (53, ZERO_B))
    assert game.table.rows == [[1, 49, 53], [100], [101], [102, 5, 6, 27]]
    assert sorted(collected) == [(2, [ZERO_A]), (3, [ZERO_B])]


def test_case_7_in_ascending_order_the_same_plays_would_collect():
    # the control: without the zeros, 53 is the sixth card of row 1
    game = start("plus", [[1], [100], [101], [102]], [[5, 6], [27], [49], [53]])
    turn(game, (5, 6), 27, 49, 53)
    assert game.table.rows[0] == [53]


def test_case_8_jokers_a_joker_adds_its_face_and_a_later_card_compares_against_it():
    game = start("jokers", [[17], [30], [40], [50]], [[joker(4)], [18]])
    turn(game, Play((joker(4),), row=0), 18)
    assert game.table.rows[0] == [17, joker(4), 18]
    assert game.table.ends[0] == 180


def test_case_8_jokers_the_joker_end_is_worth_seventeen_point_four():
    game = start("jokers", [[17], [30], [40], [50]], [[joker(4), 99], [18, 98]])
    turn(game, Play((joker(4),), row=0), 98)
    assert game.table.ends[0] == 174
    # 17.4 is below 18: 18 goes after the joker, not on a new row
    turn(game, 99, 18)
    assert game.table.rows[0] == [17, joker(4), 18]


# Case 9: three rounds whose scores are those of docs/RULES.md, case 9 (tests/records/case9.yaml).
CASE_9_ROUNDS = [
    (
        [[2, 3, 5, 10, 11], [13, 14, 15, 16, 20], [22, 25, 30, 33, 40], [45, 50, 60, 70, 71]],
        [[12], [21], [41, 1]],
        [[12, 21, 41], [None, None, Play((1,), take=3)]],
    ),
    (
        [[11, 22, 33, 44, 50], [52, 55, 60, 62, 70], [72, 75, 80, 85, 86], [100]],
        [[51], [71], [87]],
        [[51, 71, 87]],
    ),
    (
        [[22, 23, 24, 33, 44], [50, 55, 60, 65, 66], [68, 70, 75, 80, 85], [87, 88, 90, 99, 100]],
        [[45, 1], [67], [86]],
        [[45, 67, 86], [Play((1,), take=3), None, None]],
    ),
]


def test_case_9_the_game_stops_at_66_and_the_lowest_total_wins():
    game = Game(Options("classic"), 3)
    for rows, hands, turns in CASE_9_ROUNDS:
        assert not game.over
        game.start_round(rows, hands)
        for plays in turns:
            turn(game, *plays)
        assert game.round_over
    assert game.round_scores == [[12, 8, 30], [23, 15, 9], [34, 20, 11]]
    assert game.totals == [69, 43, 50]
    assert game.over
    assert game.winners() == [1]


def test_case_9_with_a_threshold_above_69_the_game_goes_on():
    game = Game(Options("classic", threshold=70), 3)
    for rows, hands, turns in CASE_9_ROUNDS:
        game.start_round(rows, hands)
        for plays in turns:
            turn(game, *plays)
    assert not game.over
    assert game.winners() == []


def test_the_only_card_that_chooses_is_the_one_resolved():
    # 3 takes row 4; 4 is then placed normally, after 3
    game = start("classic", [[8], [24], [69], [81]], [[3], [4]])
    with pytest.raises(IllegalPlay):
        turn(game, Play((3,), take=3), Play((4,), take=0))
    game = start("classic", [[8], [24], [69], [81]], [[3], [4]])
    turn(game, Play((3,), take=3), 4)
    assert game.table.rows[3] == [3, 4]


# --- citations of docs/RULES.md ------------------------------------------------

ROOT = Path(__file__).parents[1]


def rules_text():
    return (ROOT / "docs" / "RULES.md").read_text(encoding="utf-8")


def cited_places():
    """(file, "§N" or "case N") for every place the code, tests and records cite docs/RULES.md."""
    files = [*ROOT.glob("cardgen/**/*.py"), *ROOT.glob("tests/**/*.py"), *ROOT.glob("tests/records/*.yaml")]
    for path in files:
        for line in path.read_text(encoding="utf-8").splitlines():
            for after in line.split("docs/RULES.md")[1:]:
                citation = after.split(")")[0].split(":")[0]
                for number in re.findall(r"§(\d+)", citation):
                    yield path.name, f"§{number}"
                for number in re.findall(r"case (\d+)", citation):
                    yield path.name, f"case {number}"


def test_every_citation_of_docs_rules_names_a_section_or_case_it_has():
    text = rules_text()
    sections = {f"§{n}" for n in re.findall(r"^## (\d+)\. ", text, re.MULTILINE)}
    cases = {f"case {n}" for n in re.findall(r"^\*\*Case (\d+) ", text, re.MULTILINE)}
    cited = set(cited_places())
    assert cited, "nothing cites docs/RULES.md"
    assert [(name, place) for name, place in sorted(cited) if place not in sections | cases] == []


def test_each_case_record_cites_its_own_case_in_docs_rules():
    text = rules_text()
    records = sorted((ROOT / "tests" / "records").glob("case*.yaml"))
    assert len(records) == 9
    for record in records:
        number = record.stem.removeprefix("case")
        assert re.match(rf"# docs/RULES\.md, case {number}\D", record.read_text(encoding="utf-8"))
        assert f"`case{number}.yaml`" in text
