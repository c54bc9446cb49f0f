"""`cardgen referee`: worked cases, illegal plays and malformed records."""

import json
import subprocess
import sys
from pathlib import Path
from textwrap import dedent

from click.testing import CliRunner

from cardgen.cli import main
from cardgen.engine import variant_words

RECORDS = Path(__file__).parent / "records"


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


def test_a_round_after_the_end_of_the_game_is_refused(tmp_path):
    text = (RECORDS / "case9.yaml").read_text() + "  - rows: [[10], [20], [30], [40]]\n"
    path = tmp_path / "game.yaml"
    path.write_text(text)
    result = referee(path)
    assert result.exit_code == 1
    assert result.stderr.strip() == (
        "cardgen: round 4: the game was already over after round 3 "
        "(totals Ana 69, Ben 43, Cleo 50), so no further round is played"
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


def rule_error(tmp_path, turn, variant="classic", rows="[[8], [24], [69], [81]]", hands="", more=""):
    text = CLASSIC.format(variant=variant, rows=rows, hands=hands, turn=turn) + more
    result = referee(write(tmp_path, text), "--json")
    assert result.exit_code == 1, result.output
    assert json.loads(result.stdout)["exit_status"] == 1  # a script reads the failure
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
    return result.stderr.strip().removeprefix("cardgen: ")


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
        "round 1, turn 1: Ana played 29, 30 and 31, but a player plays one or two cards in Plus"
    )


def test_a_take_in_plus(tmp_path):
    message = rule_error(tmp_path, "{Ana: {card: 3, take: 2}, Ben: 70}", variant="plus")
    assert message.startswith("round 1, turn 1: Ana played 3 and named row 2 to take, but in Plus nobody takes a row")


def test_a_free_row_without_the_free_companion_option(tmp_path):
    message = rule_error(tmp_path, "{Ana: {cards: [30, 0], row: 1}, Ben: 70}", variant="plus")
    assert message.startswith("round 1, turn 1: Ana played 30 and 0 and named row 1, but only a companion")


def test_a_row_named_for_a_numbered_card_outside_the_free_companion_option(tmp_path):
    # 29 goes on row 2 whatever the record says: players never choose that row
    assert rule_error(tmp_path, "{Ana: {card: 29, row: 4}, Ben: 70}") == (
        "round 1, turn 1: Ana played 29 and named row 4, but a numbered card goes on the row "
        "the rules give it: here row 2 after 24"
    )
    message = rule_error(tmp_path, "{Ana: {card: 0.4, row: 1}, Ben: {card: 70, row: 3}}", variant="jokers")
    assert message.startswith("round 1, turn 1: Ben played 70 and named row 3, but a numbered card goes")


def test_a_row_named_for_zero_cards_alone_under_the_free_companion_option(tmp_path):
    # a zero card never enters a row, so the named row would be silently ignored
    message = rule_error(
        tmp_path, "{Ana: {cards: [0], row: 4}, Ben: 70}", variant="plus\n    options: {free_companion: true}"
    )
    assert message.startswith("round 1, turn 1: Ana played 0 and named row 4, but only a companion of a zero card")


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
    assert message.startswith(f"line 1, field variant: must be one of {variant_words()}, not 'poker'")


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
        "line 6, field rounds[0].turns[0].Ana: must be a card: 1 to 104, 0 for a zero card, "
        "or a joker 0.0 to 0.9, not 105."
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
