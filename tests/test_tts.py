"""`cardgen export --format tts`: a Tabletop Simulator deck (face sheets of at most 10 × 7
cards with the back in the hidden card's slot, a back image, a saved object), and `cardgen
verify` of such a folder, whole and tampered with."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from clirun import cardgen_in_process
from PIL import Image, ImageDraw

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "homemade" / "homemade-table.yaml"


def _export(set_file: Path, out: Path) -> dict:
    ran = cardgen_in_process("export", "--set", set_file, "--format", "tts", "-o", out)
    assert ran.returncode == 0, ran.stderr
    saves = list(out.glob("*.json"))
    assert len(saves) == 1
    return json.loads(saves[0].read_text())


def _verify(target: Path, *args) -> tuple[int, str]:
    ran = cardgen_in_process("verify", target, *args)
    return ran.returncode, ran.stdout


@pytest.fixture(scope="module")
def homemade(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("tts") / "deck"
    _export(EXAMPLE, out)
    return out


def test_a_small_set_is_one_sheet_with_its_back_in_the_last_slot(homemade):
    assert sorted(path.name for path in homemade.iterdir()) == [
        "homemade-table-back.png",
        "homemade-table-sheet.png",
        "homemade-table.json",
    ]
    save = json.loads((homemade / "homemade-table.json").read_text())
    deck = save["ObjectStates"][0]
    assert deck["Name"] == "Deck"
    assert deck["Nickname"] == save["SaveName"] == "Our homemade promo cards"  # the set's title, as TTS lists the deck
    assert deck["DeckIDs"] == [100, 101, 102, 103]  # P108's spare copy is for printing, not for the game
    assert [card["Nickname"] for card in deck["ContainedObjects"]] == [
        "Sunny day",
        "Star of the table",
        "House rule: no take-backs",
        "108",
    ]
    sheet = deck["CustomDeck"]["1"]
    assert (sheet["NumWidth"], sheet["NumHeight"]) == (5, 2)
    assert sheet["FaceURL"] == (homemade / "homemade-table-sheet.png").resolve().as_uri()
    assert sheet["BackURL"] == (homemade / "homemade-table-back.png").resolve().as_uri()
    with (
        Image.open(homemade / "homemade-table-sheet.png") as face,
        Image.open(homemade / "homemade-table-back.png") as back,
    ):
        assert max(face.size) <= 4096
        assert abs(face.width / 5 - back.width) <= 1 and abs(face.height / 2 - back.height) <= 1
        cell = face.crop((4 * back.width + 3, back.height + 3, 5 * back.width - 3, 2 * back.height - 3)).convert("RGB")
        assert cell.getpixel((cell.width // 2, 5)) == back.convert("RGB").getpixel((back.width // 2, 8))


def test_verify_passes_the_deck_and_its_set(homemade):
    status, report = _verify(homemade, "--set", EXAMPLE)
    assert status == 0, report
    assert "a card drawn in each cell the deck uses" in report
    assert "the deck holds every card of homemade-table once, nothing else" in report


def test_a_large_set_is_several_sheets_of_69_cards_and_one_deck(tmp_path):
    rows = "".join(f"X{v},number,{v},{1 + v % 7}\n" for v in range(105, 225))
    (tmp_path / "cards.csv").write_text("id,kind,value,heads\n" + rows)
    (tmp_path / "big.yaml").write_text("name: big\ntitle: Big\ncards: cards.csv\n")
    save = _export(tmp_path / "big.yaml", tmp_path / "out")
    deck = save["ObjectStates"][0]
    assert deck["DeckIDs"] == [*range(100, 169), *range(200, 251)]
    grids = {key: (sheet["NumWidth"], sheet["NumHeight"]) for key, sheet in deck["CustomDeck"].items()}
    assert grids == {"1": (10, 7), "2": (10, 6)}
    for name in ("big-sheet-1.png", "big-sheet-2.png"):
        with Image.open(tmp_path / "out" / name) as sheet:
            assert max(sheet.size) <= 4096 and max(sheet.size) > 3700, sheet.size  # as sharp as fits
    assert _verify(tmp_path / "out", "--set", tmp_path / "big.yaml")[0] == 0


def test_one_card_is_a_card_not_a_deck(tmp_path):
    (tmp_path / "one.yaml").write_text(
        "name: one\ntitle: One\ncards:\n  - {id: J, kind: joker, value: 0.4, heads: 1}\n"
    )
    save = _export(tmp_path / "one.yaml", tmp_path / "out")
    assert [(item["Name"], item["CardID"], item["Nickname"]) for item in save["ObjectStates"]] == [("Card", 100, "0.4")]
    assert _verify(tmp_path / "out")[0] == 0


def test_the_same_input_gives_the_same_bytes(tmp_path):
    for run in ("first", "second"):
        _export(EXAMPLE, tmp_path / "out")
        shutil.copytree(tmp_path / "out", tmp_path / run)
        shutil.rmtree(tmp_path / "out")
    for path in (tmp_path / "first").iterdir():
        assert path.read_bytes() == (tmp_path / "second" / path.name).read_bytes(), path.name


@pytest.fixture
def spoiled(homemade, tmp_path) -> Path:
    """A copy of the deck to spoil: verify looks up the files its URLs name by name in the
    saved object's own folder, so the copy is what is checked."""
    copy = tmp_path / "deck"
    shutil.copytree(homemade, copy)
    return copy


def test_verify_fails_a_sheet_with_a_card_painted_over(spoiled):
    sheet = spoiled / "homemade-table-sheet.png"
    with Image.open(sheet) as image:
        image = image.convert("RGB")
    width = image.width / 5
    ImageDraw.Draw(image).rectangle((2 * width, 0, 3 * width, image.height / 2), fill="white")
    image.save(sheet)
    status, report = _verify(spoiled)
    assert status == 1
    assert "sheet 1, slot 3: card 102 is not drawn there" in report


def test_verify_fails_a_missing_back_and_a_deck_out_of_order(spoiled):
    (spoiled / "homemade-table-back.png").unlink()
    status, report = _verify(spoiled)
    assert status == 1 and "1 file the deck names is not in the folder: homemade-table-back.png" in report
    save_file = spoiled / "homemade-table.json"
    save = json.loads(save_file.read_text())
    save["ObjectStates"][0]["DeckIDs"].reverse()
    save_file.write_text(json.dumps(save))
    status, report = _verify(spoiled)
    assert status == 1 and "its DeckIDs are not the ids of the cards it contains" in report


def test_verify_fails_a_deck_of_other_cards(homemade, tmp_path):
    other = tmp_path / "other.yaml"
    other.write_text("name: other\ntitle: Other\ncards:\n  - {id: A, kind: number, value: 150, heads: 1}\n")
    status, report = _verify(homemade, "--set", other)
    assert status == 1
    assert "the deck's cards are not those of other: missing 150; extra 108, House rule" in report


@pytest.mark.parametrize(
    "text",
    ["[" * 100_000 + "]" * 100_000, '{"ObjectStates": [{"Name": "Deck", "CustomDeck": [1, 2]}]}', "[1, 2]", "\ufeff{"],
    ids=["nested deep", "a list for a mapping", "no save", "not JSON"],
)
def test_a_damaged_saved_object_is_one_failed_line(tmp_path, text):
    (tmp_path / "deck.json").write_text(text)
    status, report = _verify(tmp_path / "deck.json")
    assert status == 1
    assert "FAIL  tts.save: deck.json is not a deck TTS loads" in report


def test_sets_of_two_backs_make_a_sheet_for_each_back_in_one_deck(tmp_path):
    for name, faces in (("dark", "standard"), ("pale", "light")):
        cards = "".join(f"  - {{id: {name}{v}, kind: number, value: {v}, heads: 1}}\n" for v in (105, 106, 107))
        (tmp_path / f"{name}.yaml").write_text(f"name: {name}\ntitle: {name}\nfaces: {faces}\ncards:\n{cards}")
    out = tmp_path / "out"
    ran = cardgen_in_process(
        "export", "--set", tmp_path / "dark.yaml", "--set", tmp_path / "pale.yaml", "--format", "tts", "-o", out
    )
    assert ran.returncode == 0, ran.stderr
    assert sorted(path.name for path in out.glob("*.png")) == [
        "dark+pale-back-1.png",
        "dark+pale-back-2.png",
        "dark+pale-sheet-1.png",
        "dark+pale-sheet-2.png",
    ]
    deck = json.loads((out / "dark+pale.json").read_text())["ObjectStates"][0]
    assert deck["DeckIDs"] == [100, 101, 102, 200, 201, 202]
    assert deck["CustomDeck"]["1"]["BackURL"].endswith("back-1.png") and deck["CustomDeck"]["2"]["BackURL"].endswith(
        "back-2.png"
    )
    assert _verify(out, "--set", tmp_path / "dark.yaml", "--set", tmp_path / "pale.yaml")[0] == 0


def test_what_verify_says_of_a_spoiled_deck_comes_from_the_catalogues(spoiled, homemade, tmp_path):
    from cardgen.model.cards import load_card_set
    from cardgen.verify.report import render_text
    from cardgen.verify.tts import tts_save, verify_tts
    from tests.pseudo import english_in_reports

    sheet = spoiled / "homemade-table-sheet.png"
    with Image.open(sheet) as image:
        image = image.convert("RGB")
    ImageDraw.Draw(image).rectangle((2 * image.width / 5, 0, 3 * image.width / 5, image.height / 2), fill="white")
    ImageDraw.Draw(image).rectangle((image.width - 5, image.height - 5, image.width, image.height), fill="red")
    image.save(sheet)
    (tmp_path / "deck.json").write_text('{"ObjectStates": [{"Name": "Deck", "CustomDeck": [1, 2]}]}')
    other = tmp_path / "other.yaml"
    other.write_text("name: other\ntitle: Other\ncards:\n  - {id: A, kind: number, value: 150, heads: 1}\n")
    reports = [
        verify_tts(str(folder), tts_save(folder), [load_card_set(str(other))])
        for folder in (spoiled, tmp_path / "deck.json")
    ]
    failed = {check.name for report in reports for check in report.failures}
    assert failed == {"tts.save", "tts.sheets", "tts.contents"}
    assert english_in_reports(reports) == []
    assert "planche 1, case 3\u00a0: la carte 102 n’y est pas dessinée" in render_text(reports, "fr")
