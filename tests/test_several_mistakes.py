"""A designer's set with several mistakes: every one said at once, each its own sentence
naming the file, the line (or row) and the field, in the order they stand in the files, in
the reader's language; at most twenty, then how many more; exit 2 and nothing written."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from clirun import cardgen_in_process
from spreadsheets import write_xlsx

from cardgen.errors import MOST_MISTAKES_SAID

# three cards with a bad field each, an id used twice, a picture that is not there
MISTAKEN = """\
name: mistaken
title: Five mistakes
cards:
  - {id: P105, kind: number, value: 105, heads: 9}
  - {id: P106, kind: animal, value: 106, heads: 1}
  - {id: P107, kind: number, value: 107, heads: two}
  - {id: P105, kind: number, value: 108, heads: 1}
  - {id: P109, kind: number, value: 109, heads: 1, picture: missing.png}
"""
SAID = [
    "mistaken.yaml, line 4, field cards[0].heads: must be at most 7, not 9.",
    "mistaken.yaml, line 5, field cards[1].kind: must be one of 'number', 'zero', 'joker', or 'blank', not 'animal'.",
    "mistaken.yaml, line 6, field cards[2].heads: must be a whole number.",
    "mistaken.yaml, line 7, field cards[3].id: the id 'P105' is already used by card 1 (line 4).",
    "mistaken.yaml, line 8, field cards[4].picture: missing.png: there is no such file.",
]
ROWS = [
    ["id", "kind", "value", "heads", "picture"],
    ["P105", "number", 105, 9, ""],
    ["P106", "animal", 106, 1, ""],
    ["P107", "number", 107, "two", ""],
    ["P105", "number", 108, 1, ""],
    ["P109", "number", 109, 1, "missing.png"],
]


@pytest.fixture(autouse=True)
def _in_tmp_path(tmp_path, monkeypatch):
    """Files named relative to the folder, as a user types them: messages name them so."""
    monkeypatch.chdir(tmp_path)


def _refused(*args) -> list[str]:
    """The lines of a build that fails on bad input, having written nothing."""
    ran = cardgen_in_process("build", "-o", "out", *args)
    assert ran.returncode == 2, ran.stdout + ran.stderr
    assert not Path("out").exists()
    lines = ran.stderr.splitlines()
    assert all(line.startswith("cardgen: ") for line in lines), lines
    return [line.removeprefix("cardgen: ") for line in lines]


def test_every_mistake_of_a_yaml_set_is_a_line_of_its_own_in_the_order_of_the_file():
    Path("mistaken.yaml").write_text(MISTAKEN)
    assert _refused("--set", "mistaken.yaml") == SAID


def test_the_mistakes_are_said_in_the_readers_language():
    Path("mistaken.yaml").write_text(MISTAKEN)
    said = _refused("--set", "mistaken.yaml", "--lang", "fr")
    assert (
        said[0] == "mistaken.yaml, ligne 4, champ cards[0].heads\u00a0: doit valoir au plus 7 (valeur donnée\u00a0: 9)."
    )
    assert (
        said[3]
        == "mistaken.yaml, ligne 7, champ cards[3].id\u00a0: l’identifiant «\u00a0P105\u00a0» est déjà celui de la carte 1 (ligne 4)."
    )
    assert len(said) == 5


@pytest.mark.parametrize("table", ["cards.csv", "cards.xlsx"])
def test_every_mistake_of_a_table_is_a_line_naming_its_row_and_column(table):
    if table.endswith(".csv"):
        Path(table).write_text("".join(",".join(map(str, row)) + "\n" for row in ROWS))
    else:
        write_xlsx(Path(table), ROWS)
    Path("mistaken.yaml").write_text(f"name: mistaken\ntitle: From a table\ncards: {table}\n")
    assert _refused("--set", "mistaken.yaml") == [
        f"{table}, row 2, column heads: must be at most 7, not 9.",
        f"{table}, row 3, column kind: must be one of 'number', 'zero', 'joker', or 'blank', not 'animal'.",
        f"{table}, row 4, column heads: must be a whole number, not 'two'.",
        f"{table}, row 5, column id: the id 'P105' is already used by card 1 ({table}, row 2).",
        f"{table}, row 6, column picture: missing.png: there is no such file.",
    ]


def test_a_set_s_own_mistakes_come_before_its_table_s_and_each_unknown_column_is_named():
    Path("cards.csv").write_text("id,kind,value,heads,colour,size\nP1,number,1,1,red,2\n")
    Path("mistaken.yaml").write_text("name: mistaken\ncards: cards.csv\n")
    said = _refused("--set", "mistaken.yaml")
    assert [line.split(":")[0] for line in said] == ["cards.csv, row 1, column colour", "cards.csv, row 1, column size"]
    Path("cards.csv").write_text("id,kind,value,heads,count\nP1,number,1e2,1,x\nP2,number,2,9,\n")
    assert _refused("--set", "mistaken.yaml") == [
        "mistaken.yaml, line 1, field title: is missing.",
        "cards.csv, row 2, column value: must be a number such as 17, 0.4 or 0,4, not '1e2'.",
        "cards.csv, row 2, column count: must be a whole number, not 'x'.",
        "cards.csv, row 3, column heads: must be at most 7, not 9.",
    ]


def test_past_twenty_mistakes_one_line_says_how_many_more():
    cards = "".join(f"  - {{id: P{value}, kind: number, value: {value}, heads: 9}}\n" for value in range(200, 230))
    Path("many.yaml").write_text(f"name: many\ntitle: Thirty mistakes\ncards:\n{cards}")
    said = _refused("--set", "many.yaml")
    assert len(said) == MOST_MISTAKES_SAID + 1 == 21
    assert said[0].startswith("many.yaml, line 4, field cards[0].heads:")
    assert said[19].startswith("many.yaml, line 23, field cards[19].heads:")
    assert said[20] == "and 10 more mistakes, shown once these are mended."
    assert _refused("--set", "many.yaml", "--lang", "de")[20] == (
        "und 10 weitere Fehler, die erscheinen, sobald diese behoben sind."
    )


def test_json_gives_every_mistake_with_its_id_and_parameters():
    Path("mistaken.yaml").write_text(MISTAKEN)
    ran = cardgen_in_process("balance", "--set", "mistaken.yaml", "--json", "--games", "10")
    assert ran.returncode == 2
    data = json.loads(ran.stdout)
    assert data["exit_status"] == 2
    assert [error["text"] for error in data["errors"]] == SAID
    assert data["error"] == data["errors"][0]
    assert [(error["id"], error["params"]["line"], error["params"]["field"]) for error in data["errors"]] == [
        ("yaml.at_field", 4, "cards[0].heads"),
        ("yaml.at_field", 5, "cards[1].kind"),
        ("yaml.at_field", 6, "cards[2].heads"),
        ("yaml.at_field", 7, "cards[3].id"),
        ("yaml.at_field", 8, "cards[4].picture"),
    ]
    assert data["errors"][0]["params"]["problem"] == {"id": "value.at_most", "params": {"limit": 7, "value": 9}}
    assert data["errors"][3]["params"]["problem"]["id"] == "set.duplicate_id"


def test_titles_and_texts_that_do_not_fit_their_style_are_each_named():
    long_title = "A title far too long for the one line a card gives it"
    Path("words.yaml").write_text(
        "name: words\ntitle: Words\ncards:\n"
        f"  - {{id: P105, kind: number, value: 105, heads: 2, title: {long_title}}}\n"
        "  - {id: P106, kind: number, value: 106, heads: 3, text: '**open'}\n"
        f"  - {{id: P107, kind: number, value: 107, heads: 1, title: {long_title}}}\n"
    )
    said = _refused("--set", "words.yaml")
    assert [line.split(":")[0] for line in said] == [
        "words.yaml, line 4, field cards[0].title",
        "words.yaml, line 5, field cards[1].text",
        "words.yaml, line 6, field cards[2].title",
    ]


def test_every_check_verify_fails_is_a_line_of_its_own():
    Path("heads.yaml").write_text(
        "name: heads\ntitle: Heads\ncards:\n"
        "  - {id: '55', kind: number, value: 55, heads: 3}\n"
        "  - {id: '11', kind: number, value: 11, heads: 1}\n"
    )
    said = _refused("--set", "heads.yaml")
    assert [line.split(":")[0] for line in said] == ["heads.yaml, line 4", "heads.yaml, line 5"]
    assert "card 55 carries 3 bull heads" in said[0] and "card 11 carries 1 bull head" in said[1]
