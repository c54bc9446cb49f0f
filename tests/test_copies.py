"""`count:` on a card: copies of one card on the sheets of every mode, in exports and their
manifest; the game and verify's set checks hold them as one card, and verify's read-back of
a sheet wants every copy."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from clirun import cardgen_in_process
from pdfcheck import layout_record

from cardgen.formats import MODES
from cardgen.model.play import load_pool

SET = """name: spares
title: Spare cards
cards:
  - {{id: P105, kind: number, value: 105, heads: 2, count: {count}}}
  - {{id: J4, kind: joker, value: 0.4, heads: 1, count: 2}}
  - {{id: P106, kind: number, value: 106, heads: 1}}
"""


def _set(folder: Path, count: int = 3, name: str = "spares.yaml") -> Path:
    file = folder / name
    file.write_text(SET.format(count=count))
    return file


@pytest.mark.parametrize("mode", list(MODES))
def test_every_mode_prints_each_card_as_many_times_as_its_count(tmp_path, mode):
    out = tmp_path / "out"
    ran = cardgen_in_process("build", "--set", _set(tmp_path), "--mode", mode, "-o", out)
    assert ran.returncode == 0, ran.stderr
    sheet = out / f"spares{MODES[mode].suffix}"
    ids = [card["id"] for card in layout_record(sheet.read_bytes())["cards"]]
    assert sorted(ids) == ["J4", "J4", "P105", "P105", "P105", "P106"]
    verified = cardgen_in_process("verify", sheet, "--set", tmp_path / "spares.yaml")
    assert verified.returncode == 0, verified.stdout
    assert "printed as many times as its count says" in verified.stdout


def test_a_sheet_missing_a_copy_fails_verify(tmp_path):
    out = tmp_path / "out"
    assert cardgen_in_process("build", "--set", _set(tmp_path, count=2), "-o", out).returncode == 0
    wants_three = _set(tmp_path, count=3, name="three.yaml")
    ran = cardgen_in_process("verify", out / "spares-duplex.pdf", "--set", wants_three)
    assert ran.returncode == 1, ran.stdout
    assert "card 'P105' is printed 2 times, the set has it 3 times" in ran.stdout
    assert "the values printed on the cards are not the set's: missing 105" in ran.stdout


def test_copies_are_one_card_to_the_game_and_to_verify(tmp_path):
    set_file = _set(tmp_path)
    pool = load_pool([set_file])
    assert pool.numbered.count(105) == 1 and len(pool.numbered) == 106
    ran = cardgen_in_process("verify", set_file, "--games", 20)
    assert ran.returncode == 0, ran.stdout
    assert "2 times" not in ran.stdout and "3 times" not in ran.stdout


def test_an_export_prints_each_front_count_times_and_its_back_behind_every_copy(tmp_path):
    out = tmp_path / "out"
    set_file = _set(tmp_path)
    assert cardgen_in_process("export", "--set", set_file, "--dpi", 72, "-o", out).returncode == 0
    manifest = json.loads((out / "manifest.json").read_text())
    copies = {entry.get("card") or entry["side"]: entry["copies"] for entry in manifest["files"]}
    assert copies == {"P105": 3, "J4": 2, "P106": 1, "back": 6}
    assert cardgen_in_process("verify", out, "--set", set_file).returncode == 0
    ran = cardgen_in_process("verify", out, "--set", _set(tmp_path, count=4, name="four.yaml"))
    assert ran.returncode == 1
    assert "card 'P105' is to be printed 3 times, its count in spares is 4" in ran.stdout


@pytest.mark.parametrize(
    ("cell", "message"),
    [("0", "must be at least 1"), ("101", "must be at most 100"), ("1.5", "must be a whole number")],
)
def test_a_count_out_of_bounds_is_refused_in_a_table_row(tmp_path, cell, message):
    (tmp_path / "cards.csv").write_text(f"id,kind,value,heads,count\nP105,number,105,2,{cell}\n")
    (tmp_path / "set.yaml").write_text("name: s\ntitle: S\ncards: cards.csv\n")
    ran = cardgen_in_process("build", "--set", tmp_path / "set.yaml", "-o", tmp_path / "out")
    assert ran.returncode == 2
    assert f"cards.csv, row 2, column count: {message}" in ran.stderr
