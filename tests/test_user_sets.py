"""A user's card set in play (docs/RULES.md §18): `simulate --set`, `verify`, a referee
record's `set:`, and the sets that cannot be played, named with their reason."""

import json

import pytest
from clirun import cardgen_in_process

from cardgen.engine import BUNDLED, VARIANTS, Game, HeuristicPlayer, Options
from cardgen.model.play import load_pool

PROMO = """name: promo
title: Promo cards
custom_heads: true
cards:
  - {id: P1, kind: number, value: 105, heads: 2}
  - {id: P2, kind: number, value: 110, heads: 3}
  - {id: P3, kind: number, value: 111, heads: 5}
  - {id: P4, kind: number, value: 112, heads: 1}
  - {id: P5, kind: number, value: 113, heads: 1}
  - {id: P6, kind: number, value: 114, heads: 1}
  - {id: P7, kind: number, value: 115, heads: 1}
  - {id: P8, kind: number, value: 116, heads: 1}
  - {id: P9, kind: number, value: 117, heads: 1}
  - {id: P10, kind: number, value: 118, heads: 1}
  - {id: "55", kind: number, value: 55, heads: 1}
  - {id: Z, kind: zero, value: 0, heads: 3}
  - {id: J4, kind: joker, value: 0.4, heads: 6}
"""


@pytest.fixture
def promo(tmp_path):
    path = tmp_path / "promo.yaml"
    path.write_text(PROMO)
    return path


def test_a_set_replaces_extends_and_brings_its_own_zero_cards_and_jokers(promo):
    pool = load_pool([promo])
    assert pool.numbered == tuple(range(1, 105)) + tuple(range(105, 106)) + tuple(range(110, 119))
    assert pool.heads[55] == 1 and pool.heads[110] == 3 and pool.heads[54] == 1  # 55 replaced, 54 as bundled
    assert len(pool.zeros) == 1 and pool.heads[pool.zeros[0]] == 3
    assert pool.jokers == BUNDLED.jokers and pool.heads[BUNDLED.jokers[4]] == 6 and pool.heads[BUNDLED.jokers[5]] == 1


def test_cards_above_104_are_dealt_and_seat_an_eleventh_player(promo):
    pool = load_pool([promo])  # 114 numbered cards: (114 - 4) / 10 = 11 players
    assert Options("classic").player_limits(pool) == (2, 11)
    assert Options("jokers").player_limits(pool) == (2, 10)  # a joker each, and there are ten
    game = Game(Options("classic"), [HeuristicPlayer() for _ in range(11)], seed=3, pool=pool, check=True)
    game.deal()
    dealt = {card for hand in game.hands for card in hand} | {row[0] for row in game.table.rows}
    assert len(dealt) == 114 and max(dealt) == 118
    game.play()


def test_simulate_plays_the_set_and_refuses_a_player_too_many(promo):
    plain = cardgen_in_process("simulate", "--games", "20", "--players", "4", "--json")
    played = cardgen_in_process("simulate", "--set", promo, "--games", "20", "--players", "4", "--json")
    assert plain.returncode == played.returncode == 0, played.stderr
    assert json.loads(plain.stdout)["mean_totals"] != json.loads(played.stdout)["mean_totals"]
    eleven = cardgen_in_process("simulate", "--set", promo, "--games", "3", "--players", "11")
    assert eleven.returncode == 0, eleven.stderr
    twelve = cardgen_in_process("simulate", "--set", promo, "--games", "3", "--players", "12")
    assert twelve.returncode == 2
    assert twelve.stderr == f"cardgen: Classic is played by 2 to 11 players, not 12 (with {promo})\n"


@pytest.mark.parametrize(
    "extra, line, reason",
    [
        ("  - {id: X, kind: number, value: 110, heads: 1}\n", 18, "card 'X' shows 110, as card 'P2' does (line 6)"),
        ("  - {id: X, kind: joker, value: 0.4, heads: 1}\n", 18, "card 'X' shows 0.4, as card 'J4' does (line 17)"),
        ("  - {id: X, kind: number, value: 12.5, heads: 1}\n", 18, "a whole number from 1 to 999, not 12.5"),
        ("  - {id: X, kind: number, value: 0, heads: 1}\n", 18, "a whole number from 1 to 999, not 0"),
        ("".join(f"  - {{id: Z{n}, kind: zero, value: 0, heads: 0}}\n" for n in range(7)), 24, "at most 7 zero cards"),
    ],
)
def test_a_set_that_cannot_be_played_is_named_with_its_reason(tmp_path, extra, line, reason):
    path = tmp_path / "bad.yaml"
    path.write_text(PROMO + extra)
    result = cardgen_in_process("simulate", "--set", path, "--games", "2", "--variant", "plus")
    assert result.returncode == 2
    assert result.stderr.startswith(f"cardgen: {path}, line {line}") and reason in result.stderr
    assert result.stderr.count("\n") == 1


def test_a_value_twice_across_two_sets_names_both_files(tmp_path, promo):
    other = tmp_path / "other.yaml"
    other.write_text("name: o\ntitle: O\ncards:\n  - {id: Q, kind: number, value: 105, heads: 1}\n")
    result = cardgen_in_process("simulate", "--set", promo, "--set", other, "--games", "2")
    assert result.returncode == 2
    assert f"{other}, line 4, field cards[0].value: card 'Q' shows 105, as card 'P1' does ({promo}, line 5)" in (
        result.stderr
    )


def test_one_zero_each_with_a_single_zero_card_is_too_few(tmp_path, promo):
    result = cardgen_in_process("simulate", "--set", promo, "--variant", "plus", "--one-zero-each", "--games", "2")
    assert result.returncode == 2
    assert "these cards are too few for a round of Plus with 2 players" in result.stderr


def test_verify_plays_cards_above_104(promo):
    result = cardgen_in_process("verify", promo, "--games", "40", "--json")
    assert result.returncode == 0, result.stdout
    checks = json.loads(result.stdout)["inputs"][0]["checks"]
    messages = {check["check"]: check["message"] for check in checks}  # the last of each name
    assert "extend the deck" in messages["set.values"] and "belong to no variant" not in result.stdout
    assert messages["set.players.classic"].startswith("Classic: 2–11 players")
    assert "set.games.classic" in messages and "set.games.jokers" in messages


RECORD = """variant: classic
set: promo.yaml
players: [Ana, Ben]
rounds:
  - rows: [[8], [24], [69], [104]]
    turns:
      - {Ana: 110, Ben: 105}
      - {Ana: 111, Ben: {card: 3, take: 1}}
"""


TWELVE = "name: twelve\ntitle: Twelve\ncards:\n" + "".join(
    f"  - {{id: N{value}, kind: number, value: {value}, heads: {1 + value % 3}}}\n" for value in range(105, 117)
)


def test_verify_serves_exactly_the_variants_simulate_plays_and_simulate_names_the_cards(tmp_path):
    path = tmp_path / "twelve.yaml"
    path.write_text(TWELVE)
    verified = cardgen_in_process("verify", path, "--games", "1", "--json")
    checks = json.loads(verified.stdout)["inputs"][0]["checks"]
    served = [check["check"].removeprefix("set.games.") for check in checks if check["check"].startswith("set.games.")]
    assert served == list(VARIANTS)  # extra numbered cards play in every variant, the bundled zeros and jokers beside
    [variants] = [check["message"] for check in checks if check["check"] == "set.variants"]
    assert "Plus, and Jokers" in variants and "bundled zero cards" in variants and "bundled jokers" in variants
    for variant in VARIANTS:
        played = cardgen_in_process("simulate", "--variant", variant, "--set", path, "--games", "2")
        assert played.returncode == 0, played.stderr
        assert "(the bundled cards changed by " in played.stdout and "twelve.yaml" in played.stdout
    pro = cardgen_in_process("simulate", "--variant", "pro", "--set", path, "--games", "2").stdout
    assert "cards: numbered 1–44 (" in pro and "never deals cards 105, 106" in pro


def test_the_referee_plays_a_record_with_the_set_beside_it(tmp_path, promo):
    record = tmp_path / "game.yaml"
    record.write_text(RECORD)
    result = cardgen_in_process("referee", record, "--json")
    assert result.returncode == 0, result.stderr
    turns = json.loads(result.stdout)["rounds"][0]["turns"]
    assert turns[1]["rows"][3] == [104, 105, 110, 111]
    record.write_text(RECORD.replace("set: promo.yaml\n", ""))
    without = cardgen_in_process("referee", record)
    assert without.returncode == 2 and "must be a card (1 to 104" in without.stderr and "not 110" in without.stderr
    record.write_text(RECORD.replace("promo.yaml", "lost.yaml"))
    missing = cardgen_in_process("referee", record)
    assert missing.returncode == 2
    assert missing.stderr == f"cardgen: {record}, line 2, field set: there is no card set file lost.yaml.\n"
