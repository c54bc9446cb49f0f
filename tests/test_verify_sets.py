"""`cardgen verify` on card sets: the bundled sets pass, and a card removed or
duplicated, a bull head changed, or a broken game is caught with its place."""

import json
import re
import time

import pytest
from clirun import cardgen_in_process

from cardgen.engine import FIRST_JOKER, FIRST_ZERO, VARIANTS
from cardgen.model.cards import SETS_DIR
from cardgen.verify import play, sets
from cardgen.verify.sets import verify_set

GAMES = 40  # enough to reach every player count of a variant


def fails(report, name=None):
    return [c for c in report.checks if c.result == "fail" and (name is None or c.name.startswith(name))]


def checks(report, name):
    return [c for c in report.checks if c.name.startswith(name)]


def tampered(tmp_path, set_name, change, file_name="tampered.yaml"):
    text = (SETS_DIR / f"{set_name}.yaml").read_text()
    changed = change(text)
    assert changed != text
    path = tmp_path / file_name
    path.write_text(changed)
    return path


# the variants each bundled set serves: every one, those with zero cards, those with jokers
EVERY_VARIANT = list(VARIANTS)  # numbered cards play in every variant
SERVED = {
    "numbered": EVERY_VARIANT,
    "zero-cards": [key for key, rules in VARIANTS.items() if rules.holds(FIRST_ZERO)],
    "jokers": [key for key, rules in VARIANTS.items() if rules.holds(FIRST_JOKER)],
}


@pytest.mark.parametrize("name, variants", SERVED.items())
def test_the_bundled_sets_pass_and_say_what_they_serve(name, variants):
    report = verify_set(name, games=GAMES)
    assert report.ok, [c.line() for c in fails(report)]
    played = [c.name.removeprefix("set.games.") for c in checks(report, "set.games")]
    assert played == variants
    assert all(c.result == "pass" for c in checks(report, "set.games"))


def test_zero_cards_alone_serve_plus_with_the_bundled_numbered_cards():
    report = verify_set("zero-cards", games=GAMES)
    [variants] = checks(report, "set.variants")
    assert "Plus" in variants.message and "bundled numbered cards" in variants.message
    [players] = checks(report, "set.players.plus")
    assert "2–7 players" in players.message and "107" in players.message
    assert "2p×" in checks(report, "set.games.plus")[0].message and "7p×" in checks(report, "set.games.plus")[0].message


def test_a_card_removed_from_the_deck_is_caught_and_named(tmp_path):
    path = tampered(
        tmp_path, "numbered", lambda t: t.replace('  - {id: "55", kind: number, value: 55, heads: 7}\n', "")
    )
    report = verify_set(path, games=GAMES)
    [found] = checks(report, "set.classic")
    assert found.result == "fail" and "55 missing" in found.message
    assert not report.ok


def test_a_jokers_set_that_lost_a_joker_is_caught(tmp_path):
    path = tampered(
        tmp_path, "jokers", lambda t: t.replace('  - {id: "J0.4", kind: joker, value: 0.4, heads: 1}\n', "")
    )
    report = verify_set(path, games=GAMES)
    assert [c.result for c in checks(report, "set.jokers")] == ["fail"]


def test_a_promo_joker_is_a_replacement_for_a_bundled_one(tmp_path):
    path = tmp_path / "promo.yaml"
    path.write_text("name: promo\ntitle: A promo joker\ncards:\n  - {id: P5, kind: joker, value: 0.5, heads: 1}\n")
    report = verify_set(path, games=GAMES)
    [found] = checks(report, "set.jokers")
    assert found.result == "info" and "replacement jokers" in found.message and "0.5" in found.message
    assert report.ok
    assert checks(report, "set.games.jokers")


REPLACEMENTS = """name: lost
title: Two lost cards
cards:
  - {id: "55", kind: number, value: 55, heads: 7}
  - {id: "12", kind: number, value: 12, heads: 1}
"""


def test_a_few_numbered_cards_are_replacement_cards_for_the_bundled_deck(tmp_path):
    path = tmp_path / "lost.yaml"
    path.write_text(REPLACEMENTS)
    report = verify_set(path, games=GAMES)
    assert report.ok, [c.line() for c in fails(report)]
    [classic] = checks(report, "set.classic")
    assert classic.result == "info" and classic.message.startswith("replacement cards for the bundled deck: 12, 55")
    assert "every variant plays with the bundled numbered cards" in classic.message
    assert "more than that is a deck, which needs all 104" in classic.message  # the rule, in one sentence
    assert classic.details["replaces"] == [12, 55]
    played = [c.name.removeprefix("set.games.") for c in checks(report, "set.games")]
    assert played == EVERY_VARIANT and all(c.result == "pass" for c in checks(report, "set.games"))


def test_replacement_cards_play_with_their_own_bull_heads(tmp_path, monkeypatch):
    path = tmp_path / "lost.yaml"
    path.write_text(
        REPLACEMENTS.replace("value: 55, heads: 7", "value: 55, heads: 4").replace(
            "cards:\n", "custom_heads: true\ncards:\n"
        )
    )
    deals = []
    real = sets.play_games

    def spy(variant, counts, games, deal, seed, jobs):
        deals.append(deal)
        return real(variant, counts, games, deal, seed, jobs)

    monkeypatch.setattr(sets, "play_games", spy)
    report = verify_set(path, games=GAMES)
    assert report.ok and [c.result for c in checks(report, "set.heads")] == ["info"]
    assert deals and all(d.heads[55] == 4 and d.heads[12] == 1 and d.heads[11] == 5 for d in deals)


def test_a_replacement_card_twice_is_caught_and_nothing_said_missing(tmp_path):
    path = tmp_path / "lost.yaml"
    path.write_text(REPLACEMENTS + '  - {id: "55b", kind: number, value: 55, heads: 7}\n')
    report = verify_set(path, games=GAMES)
    [found] = fails(report)
    assert found.name == "set.classic" and "card 55 is there 2 times" in found.message
    assert "missing" not in found.message


def test_a_card_duplicated_under_another_id_is_caught(tmp_path):
    path = tampered(tmp_path, "numbered", lambda t: t + '  - {id: "17b", kind: number, value: 17, heads: 1}\n')
    [found] = fails(verify_set(path, games=GAMES))
    assert found.name == "set.classic" and "card 17 is there 2 times" in found.message
    assert found.place == "lines 23, 111"


def test_a_card_duplicated_with_its_id_is_caught_as_a_check_not_a_crash(tmp_path):
    path = tampered(tmp_path, "jokers", lambda t: t + '  - {id: "J0.4", kind: joker, value: 0.4, heads: 1}\n')
    report = verify_set(path, games=GAMES)
    [identity] = fails(report, "set.identity")
    assert "'J0.4'" in identity.message and identity.place == "lines 9, 15"


def test_a_duplicated_joker_is_caught(tmp_path):
    path = tampered(
        tmp_path,
        "jokers",
        lambda t: t.replace('id: "J0.3", kind: joker, value: 0.3', 'id: "J0.3", kind: joker, value: 0.4'),
    )
    messages = [c.message for c in fails(verify_set(path, games=GAMES), "set.jokers")]
    assert any("joker 0.4 is there 2 times" in m for m in messages)
    assert any("0.3 missing" in m for m in messages)


def test_a_changed_bull_head_is_caught_with_its_line(tmp_path):
    path = tampered(tmp_path, "numbered", lambda t: t.replace("value: 17, heads: 1", "value: 17, heads: 2"))
    [found] = fails(verify_set(path, games=GAMES))
    assert found.name == "set.heads" and "card 17 carries 2" in found.message and found.place == "line 23"


def test_a_deliberate_bull_head_change_is_reported_as_such(tmp_path):
    def change(text):
        return text.replace("value: 17, heads: 1", "value: 17, heads: 2").replace(
            "cards:\n", "custom_heads: true\ncards:\n"
        )

    report = verify_set(tampered(tmp_path, "numbered", change), games=GAMES)
    assert report.ok
    [heads] = checks(report, "set.heads")
    assert heads.result == "info" and "deliberate change" in heads.message and "17 has 2" in heads.message


def test_fewer_zero_cards_say_what_changes(tmp_path):
    def keep_four(text):
        return "".join(line for line in text.splitlines(True) if not any(f"id: Z{n}," in line for n in (5, 6, 7)))

    report = verify_set(tampered(tmp_path, "zero-cards", keep_four), games=GAMES)
    assert report.ok
    [players] = checks(report, "set.players.plus")
    assert "2–6 players" in players.message and "104" in players.message
    [games] = checks(report, "set.games.plus")
    assert "6p×" in games.message and "7p×" not in games.message


def test_a_broken_game_is_reported_with_the_seed_that_replays_it(monkeypatch):
    deal = play.Game.deal

    def deal_a_card_twice(self):
        deal(self)
        if self.seed == 5:
            self.hands[0].append(self.hands[1][0])

    monkeypatch.setattr(play.Game, "deal", deal_a_card_twice)
    report = verify_set("jokers", games=GAMES, seed=1)
    [broken] = fails(report)
    assert broken.details["seed"] == 5 and "seed 5" in broken.place
    assert "more than one place" in broken.message


def test_broken_games_are_listed_in_seed_order_whatever_the_number_of_jobs(monkeypatch):
    deal = play.Game.deal

    def deal_a_card_twice(self):
        deal(self)
        if self.seed == 4:
            time.sleep(0.3)  # with two jobs, the later broken games are found first
        if self.seed in (4, 21, 33):
            self.hands[0].append(self.hands[1][0])

    monkeypatch.setattr(play.Game, "deal", deal_a_card_twice)  # workers are forked with it
    one, two = (cardgen_in_process("verify", "jokers", "--games", "40", "--jobs", jobs) for jobs in (1, 2))
    assert one.returncode == two.returncode == 1
    assert one.stdout == two.stdout
    assert re.findall(r"seed (\d+), \d+ players", one.stdout) == ["4", "21", "33"]


def test_schema_errors_are_a_failed_check_with_file_line_and_field(tmp_path):
    path = tampered(tmp_path, "jokers", lambda t: t.replace("value: 0.2, heads: 1", "value: 0.2, heads: lots"))
    [schema] = fails(verify_set(path))
    assert schema.name == "set.schema" and schema.message.startswith("line 7, field cards[2].heads")


def test_command_line_on_sets(tmp_path, monkeypatch):
    monkeypatch.chdir(SETS_DIR.parent.parent)
    good = cardgen_in_process("verify", "templates/sets/zero-cards.yaml", "--games", "20")
    assert good.returncode == 0, good.stderr
    lines = good.stdout.splitlines()
    assert lines[0].startswith("templates/sets/zero-cards.yaml") and lines[-1].startswith("summary: all checks passed")

    bad = tampered(tmp_path, "numbered", lambda t: t.replace("value: 17, heads: 1", "value: 17, heads: 2"))
    result = cardgen_in_process("verify", bad, "--games", "20", "--json")
    assert result.returncode == 1
    data = json.loads(result.stdout)
    assert not data["ok"] and data["summary"]["failed"] == 1

    (tmp_path / "broken.yaml").write_text("cards: [\n")
    for name, why in [(tmp_path / "broken.yaml", "not valid YAML"), ("no-such-set", "no such file")]:
        result = cardgen_in_process("verify", name)  # status 2 from the real entry point: test_cli
        assert result.returncode == 2 and why in result.stderr and "Traceback" not in result.stderr


@pytest.mark.parametrize("value, shown", [("true", "true"), ('"105"', "'105'"), ("[1]", "[1]")])
def test_a_value_is_a_number_not_a_yes_nor_a_text_that_looks_like_one(tmp_path, value, shown):
    path = tmp_path / "loose.yaml"
    path.write_text(f"name: loose\ntitle: Loose\ncards:\n  - {{id: a, kind: number, value: {value}, heads: 1}}\n")
    [failed] = [check for check in verify_set(path, games=0).checks if check.result == "fail"]
    assert (
        failed.name == "set.schema" and f"line 4, field cards[0].value: must be a number, not {shown}" in failed.message
    )
    built = cardgen_in_process("build", "--set", path, "-o", tmp_path / "out")
    assert built.returncode == 2 and "must be a number" in built.stderr and not (tmp_path / "out").exists()


@pytest.mark.parametrize("command", [["build"], ["export"]])
def test_build_and_export_refuse_a_set_verify_fails_in_its_words_and_write_nothing(tmp_path, command):
    path = tmp_path / "promo.yaml"
    path.write_text("name: promo\ntitle: Promo\ncards:\n  - {id: '55', kind: number, value: 55, heads: 3}\n")
    [failed] = [check for check in verify_set(path, games=0).checks if check.result == "fail"]
    ran = cardgen_in_process(*command, "--set", path, "-o", tmp_path / "out")
    assert ran.returncode == 2 and ran.stderr == f"cardgen: {path}, {failed.place}: {failed.message}.\n"
    assert not (tmp_path / "out").exists()
    path.write_text(path.read_text().replace("title: Promo", "title: Promo\ncustom_heads: true"))  # meant so
    assert cardgen_in_process(*command, "--set", path, "-o", tmp_path / "out").returncode == 0
