"""`cardgen referee`: worked cases, illegal plays and malformed records."""

import json
import re
import subprocess
import sys
from pathlib import Path
from textwrap import dedent

import pytest
from click.testing import CliRunner

from cardgen.cli import main

ROOT = Path(__file__).resolve().parent.parent
RECORDS = ROOT / "tests" / "records"


def referee(path, *options):
    result = CliRunner().invoke(main, ["referee", str(path), *options])
    return result


def referee_json(path):
    result = referee(path, "--json")
    assert result.exit_code == 0, result.stderr
    return json.loads(result.stdout)


def write(tmp_path, text, name="game.yaml"):
    path = tmp_path / name
    path.write_text(dedent(text).lstrip())
    return path


def last_turn(report):
    return report["rounds"][-1]["turns"][-1]


# --- the worked cases of docs/RULES.md (§17) -----------------------------------


def test_case_1_card_after_closest_lower_end_and_a_take_of_the_named_row():
    turn = last_turn(referee_json(RECORDS / "case1.yaml"))
    assert turn == {"rows": [[8], [24, 29], [3], [81]], "collected": {"Ben": [69]}}


def test_case_2():
    assert last_turn(referee_json(RECORDS / "case2.yaml"))["rows"][2] == [43, 44]


def test_case_3_sixth_card_collects_twelve_bull_heads():
    report = referee_json(RECORDS / "case3.yaml")
    assert last_turn(report) == {
        "rows": [[3], [45], [52], [88, 100]],
        "collected": {"Ana": [23, 25, 30, 41, 44]},
    }
    assert report["rounds"][0]["scores"] == {"Ana": 12, "Ben": 0}


def test_case_4_a_card_lands_after_the_row_restarted_before_it():
    report = referee_json(RECORDS / "case4.yaml")
    assert last_turn(report) == {"rows": [[50], [60, 71], [5], [80]], "collected": {"Ben": [70]}}
    assert report["totals"] == {"Ana": 0, "Ben": 3}


def test_case_5():
    report = referee_json(RECORDS / "case5.yaml")
    assert last_turn(report)["rows"][0] == [12, 15]
    assert report["rounds"][0]["scores"]["Ana"] == 7


def test_case_6_plus_low_card_goes_after_the_highest_end():
    report = referee_json(RECORDS / "case6.yaml")
    assert last_turn(report) == {"rows": [[10], [20], [30, 60, 70], [40, 5]], "collected": {}}


def test_case_7_plus_companions_first():
    turn = last_turn(referee_json(RECORDS / "case7.yaml"))
    assert turn["rows"] == [[1, 49, 53], [100], [101], [102, 5, 6, 27]]
    assert turn["collected"] == {"Cleo": [0], "Dan": [0]}


def test_case_8_jokers_are_strings_and_eighteen_follows_seventeen_point_four():
    assert last_turn(referee_json(RECORDS / "case8.yaml"))["rows"][0] == [17, "0.4", 18]


def test_case_9_game_over_and_lowest_total_wins():
    report = referee_json(RECORDS / "case9.yaml")
    assert [r["scores"] for r in report["rounds"]] == [
        {"Ana": 12, "Ben": 8, "Cleo": 30},
        {"Ana": 23, "Ben": 15, "Cleo": 9},
        {"Ana": 34, "Ben": 20, "Cleo": 11},
    ]
    assert report["totals"] == {"Ana": 69, "Ben": 43, "Cleo": 50}
    assert report["game_over"] is True
    assert report["winners"] == ["Ben"]


def test_the_issue_example_record_is_a_legal_partial_game():
    report = referee_json(RECORDS / "example.yaml")
    assert report["game_over"] is False and report["winners"] == []
    assert report["totals"] == {"Ana": 0, "Ben": 1, "Cleo": 0}


def test_the_readable_account_shows_turns_collections_scores_and_winners():
    result = referee(RECORDS / "case9.yaml")
    assert result.exit_code == 0
    text = result.stdout
    assert "turn 2: Ana 1 (takes row 4)" in text
    assert "Ana collects 87 88 90 99 100 (17 bull heads)" in text
    assert "Totals: Ana 69, Ben 43, Cleo 50" in text
    assert "The game is over: Ben wins." in text


def test_the_account_tells_how_the_cards_went_down_in_order():
    classic = referee(RECORDS / "case1.yaml").stdout
    assert "    3 (Ben) is below every row end: Ben takes row 3\n    Ben collects 69 (1 bull head)\n" in classic
    assert "    29 (Ana) goes on row 2, after 24\n" in classic
    assert classic.index("3 (Ben) is below") < classic.index("29 (Ana) goes on")  # the lowest card first
    plus = referee(RECORDS / "case7.yaml").stdout.splitlines()
    moves = plus[plus.index("  turn 1: Ana 5 and 6, Ben 27, Cleo 49 and 0, Dan 53 and 0") + 1 :][:8]
    assert moves == [
        "    Cleo plays a zero card: it goes straight to their own pile (0 bull heads)",
        "    Dan plays a zero card: it goes straight to their own pile (0 bull heads)",
        "    zero cards' companions go down first, lowest first: 49 53",
        "    49 (Cleo) goes on row 1, after 1",
        "    53 (Dan) goes on row 1, after 49",
        "    5 (Ana) is below every row end, so it goes on the row with the highest end, row 4, after 102",
        "    6 (Ana) goes on row 4, after 5",
        "    27 (Ben) goes on row 4, after 6",
    ]
    jokers = referee(RECORDS / "case8.yaml", "--lang", "fr").stdout
    assert "    Ana pose le joker 0.4 sur la rangée 1, après le 17\n" in jokers
    assert "Totaux\u00a0: Ana 0, Ben 0" in jokers


@pytest.mark.parametrize("case", ["case1", "case7", "case8", "case9"])
def test_the_account_says_nothing_that_is_not_from_the_catalogues(case):
    from cardgen.referee import referee_file
    from tests.pseudo import english_left, pseudo_messages

    report = referee_file(RECORDS / f"{case}.yaml")
    with pseudo_messages():
        lines = report.account().splitlines()
    names = set(report.players)
    assert [
        line for line in lines if english_left(" ".join(w for w in line.split() if w.strip(",") not in names))
    ] == []


def test_a_round_after_the_end_of_the_game_is_refused(tmp_path):
    text = (RECORDS / "case9.yaml").read_text() + "  - rows: [[10], [20], [30], [40]]\n"
    path = tmp_path / "game.yaml"
    path.write_text(text)
    result = referee(path)
    assert result.exit_code == 1
    assert result.stderr.strip() == (
        "cardgen: round 4: the game was already over after round 3 "
        "(totals Ana 69, Ben 43, and Cleo 50), so no further round is played"
    )


# --- plays that break a rule: exit 1, one line ------------------------------------

CLASSIC = """\
    variant: {variant}
    players: [Ana, Ben]
    rounds:
      - rows: {rows}
        {hands}
        turns:
          - {turn}
    """


def broken(path):
    """`cardgen referee --json` of a record that breaks a rule: (the failure's line on stderr,
    the JSON report of what was legal before it, whose `failure` says the same)."""
    result = referee(path, "--json")
    assert result.exit_code == 1, result.output
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
    message = result.stderr.strip().removeprefix("cardgen: ")
    report = json.loads(result.stdout)
    assert report["failure"]["text"] == message and report["exit_status"] == 1  # as every command's failure
    return message, report


def rule_error(tmp_path, turn, variant="classic", rows="[[8], [24], [69], [81]]", hands="", more=""):
    text = CLASSIC.format(variant=variant, rows=rows, hands=hands, turn=turn) + more
    return broken(write(tmp_path, text))[0]


def test_no_row_named_for_a_card_below_every_row_end(tmp_path):
    assert rule_error(tmp_path, "{Ana: 29, Ben: 3}") == (
        "round 1, turn 1: Ben played 3, which is below every row end, but named no row to take"
    )


def test_a_take_named_for_a_card_that_fits(tmp_path):
    assert rule_error(tmp_path, "{Ana: {card: 29, take: 1}, Ben: 70}") == (
        "round 1, turn 1: Ana played 29 and named row 1 to take, but it goes on row 2 after 24; "
        "only a card below every row end takes a row"
    )


def test_a_card_not_in_the_hand(tmp_path):
    assert rule_error(tmp_path, "{Ana: 30, Ben: 70}", hands="hands: {Ana: [29]}") == (
        "round 1, turn 1: Ana played 30, but 30 is not in Ana's hand"
    )


def test_two_zeros_played_from_a_hand_with_one(tmp_path):
    hands = "hands: {Ana: [0, 30, 31]}"
    assert rule_error(tmp_path, "{Ana: [0, 0], Ben: 70}", variant="plus", hands=hands) == (
        "round 1, turn 1: Ana played 0 and 0, but Ana holds only one zero card"
    )
    assert rule_error(tmp_path, "{Ana: [30, 0], Ben: 70}", variant="plus", hands="hands: {Ana: [30]}") == (
        "round 1, turn 1: Ana played 30 and 0, but Ana holds no zero card"
    )


def test_a_card_on_the_table(tmp_path):
    assert rule_error(tmp_path, "{Ana: 24, Ben: 70}") == (
        "round 1, turn 1: Ana played 24, but 24 is already on the table"
    )


def test_a_card_played_twice(tmp_path):
    message = rule_error(tmp_path, "{Ana: 29, Ben: 70}", more="      - {Ana: 30, Ben: 29}\n")
    assert message == "round 1, turn 2: Ben played 29, but 29 is already on the table"


def test_a_card_already_collected(tmp_path):
    more = "      - {Ana: 30, Ben: 8}\n"
    message = rule_error(tmp_path, "{Ana: 29, Ben: {card: 3, take: 1}}", more=more)
    assert message == "round 1, turn 2: Ben played 8, but 8 was already collected this round"


def test_two_cards_outside_plus(tmp_path):
    assert rule_error(tmp_path, "{Ana: [29, 30], Ben: 70}") == (
        "round 1, turn 1: Ana played 29 and 30, but a player plays exactly one card in Classic"
    )


def test_three_cards_in_plus(tmp_path):
    assert rule_error(tmp_path, "{Ana: [29, 30, 31], Ben: 70}", variant="plus") == (
        "round 1, turn 1: Ana played 29, 30, and 31, but a player plays one or two cards in Plus"
    )


def test_a_take_in_plus(tmp_path):
    message = rule_error(tmp_path, "{Ana: {card: 3, take: 2}, Ben: 70}", variant="plus")
    assert message.startswith("round 1, turn 1: Ana played 3 and named row 2 to take, but in Plus nobody takes a row")


def test_a_free_row_without_the_free_companion_option(tmp_path):
    assert rule_error(tmp_path, "{Ana: {cards: [30, 0], row: 1}, Ben: 70}", variant="plus") == (
        "round 1, turn 1: Ana played 30 and 0 and named row 1, but the rules put 30 on row 2 after 24: "
        "only under the free_companion option does a companion go on a row of its player's choice"
    )


def test_a_wrong_row_written_for_a_numbered_card_names_the_row_the_rules_give(tmp_path):
    # 29 goes on row 2 whatever the record says: players never choose that row
    message, report = broken(
        write(
            tmp_path,
            CLASSIC.format(
                variant="classic", rows="[[8], [24], [69], [81]]", hands="", turn="{Ana: {card: 29, row: 4}, Ben: 70}"
            ),
        )
    )
    assert message == "round 1, turn 1: Ana played 29 and named row 4, but the rules put 29 on row 2 after 24"
    assert report["failure"] == {
        "round": 1,
        "turn": 1,
        "player": "Ana",
        "cards": [29],
        "message": "referee.wrong_row",
        "params": {"named": 4, "card": 29, "row": 2, "end": 24},
        "text": message,
    }
    assert report["rounds"][0]["turns"] == [] and report["totals"] == {"Ana": 0, "Ben": 0}
    # after the joker 0.4 joined row 1, 70 follows 69 on row 3 still: row 2 is wrong
    message = rule_error(tmp_path, "{Ana: {card: 0.4, row: 1}, Ben: {card: 70, row: 2}}", variant="jokers")
    assert message == "round 1, turn 1: Ben played 70 and named row 2, but the rules put 70 on row 3 after 69"
    message = rule_error(tmp_path, "{Ana: {cards: [30, 50], row: 2}, Ben: 70}", variant="plus")
    assert message.endswith("named row 2, but one row cannot be named for two numbered cards")


def test_the_right_row_written_for_a_card_is_accepted(tmp_path):
    """A score keeper writes where each card went: the rules' row, a sixth card's row, the row a low
    card took; in Plus the highest row for a low card and a companion's row without the option."""
    classic = """\
        variant: classic
        players: [Ana, Ben]
        rounds:
          - rows: [[8], [24, 25, 26, 27, 28], [69], [81]]
            turns:
              - {Ana: {card: 29, row: 2}, Ben: {card: 3, take: 3, row: 3}}
              - {Ana: {card: 90, row: 4}, Ben: {card: 70, row: 2}}
        """
    report = referee_json(write(tmp_path, classic))
    assert last_turn(report)["rows"] == [[8], [29, 70], [3], [81, 90]]
    assert report["totals"] == {"Ana": 6, "Ben": 1}
    plus = """\
        variant: plus
        players: [Ana, Ben]
        rounds:
          - rows: [[8], [24], [69], [81]]
            turns:
              - {Ana: {cards: [30, 0], row: 2}, Ben: {card: 5, row: 4}}
        """
    assert last_turn(referee_json(write(tmp_path, plus)))["rows"] == [[8], [24, 30], [69], [81, 5]]


def test_a_row_written_for_a_card_below_every_row_end_is_the_row_it_takes(tmp_path):
    assert rule_error(tmp_path, "{Ana: 29, Ben: {card: 3, row: 2}}") == (
        "round 1, turn 1: Ben played 3 and named row 2, but it is below every row end, so it takes a row, "
        "which a record names with take"
    )
    assert rule_error(tmp_path, "{Ana: 29, Ben: {card: 3, take: 1, row: 2}}") == (
        "round 1, turn 1: Ben played 3, named row 1 to take and row 2 to go on; a card that takes a row starts that row"
    )


def test_a_row_named_for_zero_cards_alone_under_the_free_companion_option(tmp_path):
    # a zero card never enters a row, so the named row would be silently ignored
    message = rule_error(
        tmp_path, "{Ana: {cards: [0], row: 4}, Ben: 70}", variant="plus\n    options: {free_companion: true}"
    )
    assert message == "round 1, turn 1: Ana played 0 and named row 4, but a zero card never goes on a row"


def test_a_joker_next_to_a_joker(tmp_path):
    turn = "{Ana: {card: 0.4, row: 1}, Ben: {card: 0.7, row: 1}}"
    assert rule_error(tmp_path, turn, variant="jokers", rows="[[17], [30], [40], [50]]") == (
        "round 1, turn 1: Ben played 0.7 on row 1, which ends with the joker 0.4; "
        "a joker never goes next to another joker"
    )


def test_a_joker_without_a_row(tmp_path):
    assert rule_error(tmp_path, "{Ana: 0.4, Ben: 70}", variant="jokers") == (
        "round 1, turn 1: Ana played 0.4, but named no row: a joker joins a row or takes one"
    )


def test_a_second_joker_in_one_round(tmp_path):
    message = rule_error(
        tmp_path,
        "{Ana: {card: 0.4, take: 1}, Ben: 70}",
        variant="jokers",
        more="      - {Ana: {card: 0.5, row: 2}, Ben: 71}\n",
    )
    assert message == (
        "round 1, turn 2: Ana played 0.5, but each player is dealt one joker a round and Ana has played it"
    )


def test_a_row_number_out_of_range(tmp_path):
    assert rule_error(tmp_path, "{Ana: 29, Ben: {card: 3, take: 5}}") == (
        "round 1, turn 1: Ben played 3 and named row 5, but the rows are numbered 1 to 4"
    )


def test_a_joker_outside_the_jokers_variant(tmp_path):
    assert rule_error(tmp_path, "{Ana: 0.4, Ben: 70}") == (
        "round 1, turn 1: Ana played 0.4, but there are no jokers in Classic"
    )


def test_a_zero_card_outside_plus(tmp_path):
    assert rule_error(tmp_path, "{Ana: 0, Ben: 70}") == (
        "round 1, turn 1: Ana played 0, but there are no zero cards in Classic"
    )


def test_a_player_who_does_not_play(tmp_path):
    assert rule_error(tmp_path, "{Ana: 29}") == (
        "round 1, turn 1: Ben played nothing, but every player who holds cards plays each turn"
    )


def test_a_player_whose_hand_is_empty(tmp_path):
    message = rule_error(
        tmp_path, "{Ana: 29, Ben: 70}", hands="hands: {Ana: [29]}", more="      - {Ana: 30, Ben: 71}\n"
    )
    assert message == "round 1, turn 2: Ana played 30, but Ana has no cards left this round"


def test_a_card_outside_the_pro_deck(tmp_path):
    assert rule_error(tmp_path, "{Ana: 30, Ben: 21}", variant="pro", rows="[[1], [2], [3], [4]]") == (
        "round 1, turn 1: Ana played 30, but 30 is not a card of Pro with 2 players (cards 1 to 24)"
    )


def test_a_turn_after_the_round_is_over(tmp_path):
    message = rule_error(
        tmp_path,
        "{Ana: 29, Ben: 70}",
        hands="hands: {Ana: [29], Ben: [70]}",
        more="      - {Ana: 30, Ben: 71}\n",
    )
    assert message == "round 1, turn 2: the round is already over: every hand is empty"


def test_a_new_round_before_the_last_one_is_finished(tmp_path):
    more = "  - rows: [[8], [24], [69], [81]]\n"
    assert rule_error(tmp_path, "{Ana: 29, Ben: 70}", more=more) == (
        "round 2: round 1 is not finished: Ana and Ben still hold cards"
    )


# --- records that are not of the form: exit 2, file, line and field -------------


def form_error(tmp_path, text):
    path = write(tmp_path, text)
    result = referee(path)
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
    return result.stderr.strip().removeprefix(f"cardgen: {path}, ")


def test_not_yaml(tmp_path):
    message = form_error(tmp_path, "variant: classic\nplayers: [Ana, Ben\n")
    assert message.startswith("line 3: this is not valid YAML")


def test_an_unknown_variant(tmp_path):
    message = form_error(tmp_path, "variant: poker\nplayers: [Ana, Ben]\n")
    assert message.startswith("line 1, field variant: must be one of classic, pro, plus, or jokers, not 'poker'")


def test_missing_players(tmp_path):
    assert form_error(tmp_path, "variant: classic\n") == "line 1, field players: is missing."


def test_too_many_players_for_plus(tmp_path):
    text = "variant: plus\nplayers: [A, B, C, D, E, F, G, H]\n"
    assert form_error(tmp_path, text) == "line 2, field players: Plus is played by 2 to 7 players, not 8."


def test_an_unknown_option(tmp_path):
    text = "variant: classic\noptions: {colour: red}\nplayers: [Ana, Ben]\n"
    assert form_error(tmp_path, text) == ("line 2, field options.colour: is not a known field (check its spelling).")


def test_an_option_of_another_variant(tmp_path):
    text = "variant: classic\noptions: {free_companion: true}\nplayers: [Ana, Ben]\n"
    assert form_error(tmp_path, text) == ("line 2, field options: free_companion is an option of Plus only.")


def test_three_rows(tmp_path):
    text = """\
        variant: classic
        players: [Ana, Ben]
        rounds:
          - rows: [[8], [24], [69]]
        """
    assert form_error(tmp_path, text) == "line 4, field rounds[0].rows: must list 4 rows, not 3."


def test_a_row_of_six_cards(tmp_path):
    text = """\
        variant: classic
        players: [Ana, Ben]
        rounds:
          - rows:
              - [8]
              - [9, 10, 11, 12, 13, 14]
              - [69]
              - [81]
        """
    assert form_error(tmp_path, text) == "line 6, field rounds[0].rows[1]: a row holds 1 to 5 cards, not 6."


def test_a_card_that_does_not_exist(tmp_path):
    text = """\
        variant: classic
        players: [Ana, Ben]
        rounds:
          - rows: [[8], [24], [69], [81]]
            turns:
              - {Ana: 105, Ben: 3}
        """
    assert form_error(tmp_path, text) == (
        "line 6, field rounds[0].turns[0].Ana: must be a card (1 to 104, 0 for a zero card, "
        "or a joker 0.0 to 0.9), not 105."
    )


def test_a_player_who_is_not_in_the_game(tmp_path):
    text = """\
        variant: classic
        players: [Ana, Ben]
        rounds:
          - rows: [[8], [24], [69], [81]]
            turns:
              - {Ana: 29, Ben: 30}
              - {Ana: 31, Dan: 40}
        """
    assert form_error(tmp_path, text) == ("line 7, field rounds[0].turns[1].Dan: Dan is not one of the players.")


def test_a_card_twice_in_rows_and_hands(tmp_path):
    text = """\
        variant: classic
        players: [Ana, Ben]
        rounds:
          - rows: [[8], [24], [69], [81]]
            hands:
              Ana: [29, 24]
        """
    assert form_error(tmp_path, text) == (
        "line 6, field rounds[0].hands.Ana[1]: 24 appears twice in the round's rows and hands."
    )


def test_a_hand_with_more_cards_than_a_dealt_hand(tmp_path):
    text = """\
        variant: classic
        players: [Ana, Ben]
        rounds:
          - rows: [[8], [24], [69], [81]]
            hands:
              Ana: [1, 2, 3, 4, 5, 6, 7, 9, 10, 11, 12]
        """
    assert form_error(tmp_path, text) == (
        "line 6, field rounds[0].hands.Ana: a hand in Classic holds at most 10 numbered cards, not 11."
    )


def test_a_jokers_hand_with_two_jokers(tmp_path):
    text = """\
        variant: jokers
        players: [Ana, Ben]
        rounds:
          - rows: [[8], [24], [69], [81]]
            hands:
              Ana: [0.1, 30, 0.2]
        """
    assert form_error(tmp_path, text) == (
        "line 6, field rounds[0].hands.Ana: a hand in Jokers holds at most 1 joker, not 2."
    )


def test_a_zero_card_refused_while_others_hold_the_rest_says_so(tmp_path):
    text = """\
        variant: plus
        players: [Ana, Ben]
        rounds:
          - rows: [[8], [24], [69], [81]]
            hands: {Ben: [0, 0, 0, 0, 0, 50, 51]}
            turns:
              - {Ana: [0, 0], Ben: 50}
              - {Ana: [0, 30], Ben: 51}
        """
    result = referee(write(tmp_path, text))
    assert result.exit_code == 1
    assert result.stderr.strip() == (
        "cardgen: round 1, turn 2: Ana played 0 and 30, but none of the 7 zero cards is left for Ana "
        "(played: 2, in other hands: 5)"
    )


def test_a_take_that_is_not_a_number(tmp_path):
    text = """\
        variant: classic
        players: [Ana, Ben]
        rounds:
          - rows: [[8], [24], [69], [81]]
            turns:
              - {Ana: 29, Ben: {card: 3, take: two}}
        """
    assert form_error(tmp_path, text) == (
        "line 6, field rounds[0].turns[0].Ben.take: must be a row number, 1 to 4, not 'two'."
    )


def test_a_missing_file(tmp_path):
    result = referee(tmp_path / "nowhere.yaml")
    assert result.exit_code == 2
    assert result.stderr.strip().endswith("nowhere.yaml: there is no such file.")


def _referee_two_players(tmp_path, turns: str) -> subprocess.CompletedProcess:
    """`cardgen referee` on a Classic round of Ana and Ben from rows 8, 24, 69, 81; `turns` in YAML lines."""
    record = tmp_path / "game.yaml"
    record.write_text(
        "variant: classic\nplayers: [Ana, Ben]\nrounds:\n  - rows: [[8], [24], [69], [81]]\n    turns:\n" + turns
    )
    return subprocess.run([sys.executable, "-m", "cardgen", "referee", str(record)], capture_output=True, text=True)


def test_a_broken_rule_comes_after_the_table_as_it_stood(tmp_path):
    result = _referee_two_players(tmp_path, "      - {Ana: 29, Ben: 70}\n      - {Ana: 30, Ben: 3}\n")
    assert result.returncode == 1
    assert "turn 1: Ana 29, Ben 70" in result.stdout and "rows: 1: 8 | 2: 24 29 | 3: 69 70 | 4: 81" in result.stdout
    assert "turn 2" not in result.stdout
    assert result.stderr.strip() == (
        "cardgen: round 1, turn 2: Ben played 3, which is below every row end, but named no row to take"
    )


def test_a_rule_broken_on_the_first_turn_still_shows_every_players_score(tmp_path):
    result = _referee_two_players(tmp_path, "      - {Ana: 29, Ben: 3}\n")
    assert result.returncode == 1
    assert "  scores (round not finished): Ana 0, Ben 0\n" in result.stdout


# --- the figures a score keeper writes down -------------------------------------

CASE_9 = (RECORDS / "case9.yaml").read_text()
CASE_9_SCORES = ["{Ana: 12, Ben: 8, Cleo: 30}", "{Ana: 23, Ben: 15, Cleo: 9}", "{Ana: 34, Ben: 20, Cleo: 11}"]


def case_9_with(tmp_path, scores=CASE_9_SCORES, totals=(None, None, None)):
    """Case 9 with the scores (and totals) its table wrote down after each round."""
    rounds = CASE_9.split("  - rows:")
    text = rounds[0]
    for round_, score, total in zip(rounds[1:], scores, totals):
        text += "  - rows:" + round_.rstrip("\n") + "\n"
        if score:
            text += f"    scores: {score}\n"
        if total:
            text += f"    totals: {total}\n"
    return write(tmp_path, text)


def test_written_scores_and_totals_that_add_up_are_accepted(tmp_path):
    totals = ("{Ana: 12, Ben: 8, Cleo: 30}", "{Ana: 35, Ben: 23, Cleo: 39}", "{Ana: 69, Ben: 43, Cleo: 50}")
    report = referee_json(case_9_with(tmp_path, totals=totals))
    assert report["totals"] == {"Ana": 69, "Ben": 43, "Cleo": 50} and report["failure"] is None


def test_a_wrong_round_score_names_the_round_the_player_and_both_figures(tmp_path):
    scores = [CASE_9_SCORES[0], "{Ana: 23, Ben: 14, Cleo: 9}", CASE_9_SCORES[2]]
    message, report = broken(case_9_with(tmp_path, scores))
    assert message == "round 2: Ben's score is written as 14, but the bull heads Ben collected come to 15"
    failure = report["failure"]
    assert (failure["round"], failure["turn"], failure["player"]) == (2, None, "Ben")
    assert failure["message"] == "referee.wrong_score"
    assert failure["params"] == {"player": "Ben", "written": 14, "counted": 15}
    assert len(report["rounds"]) == 2  # the account goes as far as the wrong figure


def test_a_wrong_total_names_the_round_the_player_and_both_figures(tmp_path):
    totals = (None, "{Cleo: 38}", None)
    message, report = broken(case_9_with(tmp_path, totals=totals))
    assert message == "round 2: Cleo's total is written as 38, but Cleo's scores add up to 39"
    assert report["failure"]["message"] == "referee.wrong_total"


def test_rounds_of_written_scores_alone_count_towards_the_end_of_the_game(tmp_path):
    text = """\
        variant: classic
        players: [Ana, Ben, Cleo]
        rounds:
          - scores: {Ana: 12, Ben: 8, Cleo: 30}
          - scores: {Ana: 23, Ben: 15, Cleo: 9}
            totals: {Ana: 35, Ben: 23, Cleo: 39}
          - rows: [[22, 23, 24, 33, 44], [50, 55, 60, 65, 66], [68, 70, 75, 80, 85], [87, 88, 90, 99, 100]]
            hands: {Ana: [45, 1], Ben: [67], Cleo: [86]}
            turns:
              - {Ana: 45, Ben: 67, Cleo: 86}
              - {Ana: {card: 1, take: 4}}
            scores: {Ana: 34, Ben: 20, Cleo: 11}
        """
    path = write(tmp_path, text)
    report = referee_json(path)
    assert report["totals"] == {"Ana": 69, "Ben": 43, "Cleo": 50}
    assert report["game_over"] is True and report["winners"] == ["Ben"]
    assert [r["replayed"] for r in report["rounds"]] == [False, False, True]
    assert "Round 2\n  scores as written: Ana 23, Ben 15, and Cleo 9" in referee(path).stdout


def test_a_game_entered_from_the_middle_starts_from_its_totals(tmp_path):
    third = "  - rows:" + CASE_9.split("  - rows:")[3]
    text = "variant: classic\nplayers: [Ana, Ben, Cleo]\nbefore: {rounds: 2, totals: {Ana: 35, Ben: 23, Cleo: 39}}\n"
    report = referee_json(write(tmp_path, text + "rounds:\n" + third + "    totals: {Ana: 69, Ben: 43, Cleo: 50}\n"))
    assert report["rounds"][0]["round"] == 3
    assert report["totals"] == {"Ana": 69, "Ben": 43, "Cleo": 50} and report["winners"] == ["Ben"]
    over = "before: {rounds: 4, totals: {Ana: 70, Ben: 23, Cleo: 39}}\n"
    message, _ = broken(write(tmp_path, text.replace(text.splitlines()[2] + "\n", over) + "rounds:\n" + third))
    assert message == (
        "round 5: the game was already over after round 4 (totals Ana 70, Ben 23, and Cleo 39), so no further round is played"
    )


def test_scores_written_before_the_round_is_over_are_refused(tmp_path):
    message, _ = broken(
        write(
            tmp_path,
            CLASSIC.format(variant="classic", rows="[[8], [24], [69], [81]]", hands="", turn="{Ana: 29, Ben: 70}")
            + "    scores: {Ana: 0, Ben: 0}\n",
        )
    )
    assert message == "round 1: scores are written down, but the round is not finished: Ana and Ben still hold cards"


def test_figures_of_the_wrong_form(tmp_path):
    base = "variant: classic\nplayers: [Ana, Ben]\n"
    assert form_error(tmp_path, base + "rounds:\n  - scores: {Ana: 3}\n") == (
        "line 4, field rounds[0].scores: gives no figure for Ben: write one for every player."
    )
    assert form_error(tmp_path, base + "before: {rounds: 2, totals: {Ana: 3, Dan: 4}}\n").startswith(
        "line 3, field before.totals.Dan: Dan is not one of the players"
    )
    assert form_error(tmp_path, base + "rounds:\n  - scores: {Ana: 3, Ben: two}\n").startswith(
        "line 4, field rounds[0].scores.Ben:"
    )
    assert form_error(tmp_path, base + "rounds:\n  - turns: [{Ana: 3, Ben: 4}]\n") == (
        "line 4, field rounds[0].turns: a round without rows has no hands or turns to replay."
    )


# --- Pro's draft, written down ------------------------------------------------------

PRO_DRAFT = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20]  # Ana takes the odd, Ben the even


def pro_draft(tmp_path, picks, turns="      - {Ana: 1, Ben: 2}\n"):
    text = f"variant: pro\nplayers: [Ana, Ben]\nrounds:\n  - draft: {picks}\n    turns:\n{turns}"
    return write(tmp_path, text)


def test_a_written_draft_deals_the_hands_and_leaves_the_rows(tmp_path):
    report = referee_json(pro_draft(tmp_path, PRO_DRAFT, "      - {Ana: {card: 1, take: 1}, Ben: 2}\n"))
    assert last_turn(report)["rows"] == [[1, 2], [22], [23], [24]]  # 21 to 24, the cards left, start the rows
    # Ana drafted the odd cards: an even one is not hers
    message, report = broken(pro_draft(tmp_path, PRO_DRAFT, "      - {Ana: 2, Ben: 4}\n"))
    assert message == "round 1, turn 1: Ana played 2, but 2 is not in Ana's hand"


def test_a_draft_pick_that_is_not_face_up_is_refused(tmp_path):
    message, report = broken(pro_draft(tmp_path, PRO_DRAFT[:5] + [3] + PRO_DRAFT[6:]))
    assert message == "round 1, the draft: Ben picked 3 in the draft, but it is not among the face-up cards"
    assert report["failure"]["turn"] is None and report["failure"]["message"] == "referee.not_face_up"


def test_a_draft_of_the_wrong_length_or_variant(tmp_path):
    assert form_error(tmp_path, pro_draft(tmp_path, PRO_DRAFT[:19]).read_text()) == (
        "line 4, field rounds[0].draft: a draft of 2 players has 20 picks, not 19."
    )
    classic = pro_draft(tmp_path, PRO_DRAFT).read_text().replace("variant: pro", "variant: classic")
    assert form_error(tmp_path, classic) == "line 4, field rounds[0].draft: a round of Classic is not dealt by a draft."


def test_every_rule_and_verdict_the_referee_names_is_in_the_catalogue():
    """The ids the engine raises (IllegalPlay) and the referee finds are messages of every language."""
    ids = set()
    for path in [*ROOT.glob("cardgen/engine/**/*.py"), *ROOT.glob("cardgen/referee/*.py")]:
        ids |= set(re.findall(r'"((?:referee|engine)\.[a-z_]+)"', path.read_text(encoding="utf-8")))
    assert len(ids) > 40
    for lang in ("en", "fr", "de", "nl"):
        catalogue = (ROOT / "templates" / "locales" / lang / "messages.po").read_text(encoding="utf-8")
        assert ids <= set(re.findall(r'^msgid "(.+)"$', catalogue, re.MULTILINE)), lang


def test_a_broken_rule_is_said_in_the_language_asked_for(tmp_path):
    path = write(
        tmp_path,
        CLASSIC.format(
            variant="jokers",
            rows="[[17], [30], [40], [50]]",
            hands="",
            turn="{Ana: {card: 0.4, row: 1}, Ben: {card: 0.7, row: 1}}",
        ),
    )
    result = referee(path, "--lang", "fr")
    assert result.exit_code == 1
    assert result.stderr.strip() == (
        "cardgen: manche 1, tour 1\u00a0: Ben a joué 0,7 sur la rangée 1, qui finit par le joker 0,4\u00a0; "
        "un joker ne se pose jamais à côté d’un autre"
    )
    report = json.loads(referee(path, "--json", "--lang", "de").stdout)
    assert report["failure"]["text"].startswith("Runde 1, Zug 1: Ben hat 0,7 an Reihe 1 angelegt")
    assert report["failure"]["params"] == {"named": 1, "joker": 0.4}


def test_the_score_keepers_example_record_replays():
    report = referee_json(RECORDS / "score-keeper.yaml")
    assert report["before"] == {"rounds": 1, "totals": {"Ana": 12, "Ben": 8, "Cleo": 30}}
    assert [r["round"] for r in report["rounds"]] == [2, 3]
    assert report["totals"] == {"Ana": 69, "Ben": 43, "Cleo": 50} and report["winners"] == ["Ben"]
    assert (
        "Entered after round 1, with the totals Ana 12, Ben 8, and Cleo 30"
        in referee(RECORDS / "score-keeper.yaml").stdout
    )


def test_whole_games_of_2_and_10_players_replay_with_the_scores_they_wrote_down():
    for players, rounds in ((2, 5), (10, 3)):
        report = referee_json(RECORDS / f"full-game-{players}.yaml")
        assert len(report["totals"]) == players and len(report["rounds"]) == rounds and report["game_over"]


def test_a_zero_card_named_out_of_range_or_twice(tmp_path):
    base = "variant: plus\nplayers: [Ana, Ben]\nrounds:\n  - rows: [[8], [24], [69], [81]]\n"
    assert form_error(tmp_path, base + "    hands: {Ana: [30, {zero: 8}]}\n") == (
        "line 5, field rounds[0].hands.Ana[1]: a zero card is written 0, or by its place among the set's zero "
        "cards as zero: N between braces (N from 1 to 7)."
    )
    assert form_error(tmp_path, base + "    hands: {Ana: [{zero: 2}], Ben: [{zero: 2}]}\n") == (
        "line 5, field rounds[0].hands.Ben[0]: 0 appears twice in the round's rows and hands."
    )
