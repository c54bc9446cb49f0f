"""The play page's table through Starlette's test client, and its action (cardgen/actions/play.py):
Pro's draft, a Plus zero card and its companion, a joker's row, a designer's own set, undo
and the same deal again, the computers' decisions asked once, the record replayed by
`cardgen referee`, every word from the catalogues."""

import io
import json
import re
import zipfile
from pathlib import Path
from textwrap import dedent

import pytest
from PIL import Image

from cardgen.actions import play
from cardgen.actions.fields import values_of
from cardgen.engine import HeuristicPlayer
from cardgen.engine import face as engine_face
from tests import test_studio
from tests.clirun import cardgen_in_process
from tests.pseudo import english_left, pseudo_messages

studio = test_studio.studio  # the studio through the test client, on a workspace of its own


class Fragment:
    """The table's part of the page as the studio answered it."""

    def __init__(self, html: str) -> None:
        self.html = html

    def phase(self) -> str:
        return re.search(r'data-phase="([a-z-]+)"', self.html).group(1)

    def cards(self) -> list[int]:
        """The cards the person may click, as the page marks them."""
        return [int(card) for card in re.findall(r'data-card="(\d+)"', self.html)]

    def zeros(self) -> list[int]:
        return [int(card) for card in re.findall(r'data-card="(\d+)" data-zero', self.html)]

    def rows(self, how: str) -> list[str]:
        return re.findall(rf'data-row="(\d*)" data-how="{how}"', self.html)

    def text(self) -> str:
        """What the page shows, the tags and the cards' own faces taken out."""
        shown = re.sub(r'<span class="value">[^<]*</span>', " ", self.html)
        return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", shown))


def new_table(studio, **choices) -> str:
    answer = studio.post(
        "/table", data={"lang": "en", "players": "3", "opponents": "heuristic", "name": "Sam"} | choices
    )
    assert "table" in answer.json(), answer.json()
    return answer.json()["table"]


def look(studio, table_id: str, lang: str = "en") -> Fragment:
    answer = studio.get(f"/table/{table_id}?lang={lang}")
    assert answer.status_code == 200
    return Fragment(answer.text)


def act(studio, table_id: str, **given) -> Fragment:
    answer = studio.post(f"/table/{table_id}", data={"lang": "en"} | given)
    assert answer.status_code == 200
    return Fragment(answer.text)


def test_pro_the_draft_picked_card_by_card_makes_the_hand(studio):
    table_id = new_table(studio, variant="pro", seed="5")
    table = look(studio, table_id)
    assert table.phase() == "draft" and len(table.cards()) == 3 * 10 + 4  # every card face up
    picked = []
    for _ in range(10):
        assert table.phase() == "draft"
        picked.append(max(table.cards()))
        table = act(studio, table_id, do="play", cards=str(picked[-1]))
    assert table.phase() == "choose"
    assert sorted(table.cards()) == sorted(picked)  # the hand is what was picked
    record = studio.get(f"/table/{table_id}/record").text
    assert "  - draft: [" in record


def seed_with_a_zero(studio, **choices) -> tuple[str, Fragment]:
    """A table of Plus whose person's hand holds a zero card (the first seed that deals one)."""
    for seed in range(1, 40):
        table_id = new_table(studio, variant="plus", seed=str(seed), **choices)
        table = look(studio, table_id)
        if table.zeros():
            return table_id, table
    raise AssertionError("no deal of 39 gave the person a zero card")


def test_plus_a_zero_card_and_its_companion_on_the_row_its_player_chooses(studio):
    table_id, table = seed_with_a_zero(studio, free_companion="yes")
    assert table.phase() == "choose" and "data-pairs" in table.html
    zero = table.zeros()[0]
    companion = min(card for card in table.cards() if card not in table.zeros())
    table = act(studio, table_id, do="play", cards=f"{companion},{zero}")
    assert table.phase() == "companion-row"
    assert table.rows("row") == ["1", "2", "3", "4"] and table.rows("rules") == [""]
    table = act(studio, table_id, do="play", row="2")
    assert table.phase() == "choose"
    said = table.text()
    assert "Sam plays a zero card: it goes straight to their own pile" in said
    assert re.search(r"companions? go(es)? down first", said)
    assert f"Sam puts {companion} on row 2, after" in said
    assert companion not in table.cards() and zero not in table.cards()


def test_plus_a_companion_goes_where_the_rules_put_it_without_the_option(studio):
    table_id, table = seed_with_a_zero(studio)
    zero = table.zeros()[0]
    companion = max(card for card in table.cards() if card not in table.zeros())
    table = act(studio, table_id, do="play", cards=f"{companion},{zero}")
    assert table.phase() == "choose"  # nothing to ask: the rules place it, first
    assert re.search(rf"companions? go(es)? down first[^.]*{companion}", table.text())


def test_jokers_the_joker_joins_a_row_or_takes_one_at_its_player_s_choice(studio):
    table_id = new_table(studio, variant="jokers", seed="3")
    table = look(studio, table_id)
    joker = max(table.cards())  # the jokers' ids follow every number's
    table = act(studio, table_id, do="play", cards=str(joker))
    assert table.phase() == "joker-row"
    assert table.rows("take") == ["1", "2", "3", "4"] and table.rows("row")
    face = engine_face(joker)
    table = act(studio, table_id, do="play", row="3", how="take")
    assert table.phase() in ("choose", "take-row")
    said = table.text()
    assert f"Sam takes row 3 with the joker {face}" in said
    assert re.search(r"Sam collects [\d .]+ \(\d+ bull heads?\)", said)


def test_an_answer_the_table_does_not_ask_for_is_refused_and_the_table_stays(studio):
    table_id = new_table(studio, variant="classic", seed="8")
    table = look(studio, table_id)
    refused = act(studio, table_id, do="play", cards="999")
    assert "that card cannot be played now" in refused.text()
    assert refused.cards() == table.cards()
    assert "that card cannot be played now" in act(studio, table_id, do="play", row="2").text()  # a card is asked
    assert "no longer kept" in look(studio, "0123456789abcdef").text()


def my_set(workspace, set_id: str) -> None:
    folder = workspace / "sets" / set_id
    folder.mkdir(parents=True)
    Image.new("RGB", (60, 90), (40, 90, 160)).save(folder / "wave.png")
    (folder / "my-cards.yaml").write_text(
        dedent("""\
        name: my-cards
        title: Waves
        cards:
          - {id: W17, kind: number, value: 17, heads: 7, picture: wave.png}
          - {id: W105, kind: number, value: 105, heads: 2}
          - {id: W106, kind: number, value: 106, heads: 3}
        """)
    )


def test_a_designer_s_own_set_is_dealt_and_its_record_replays_with_its_pictures(studio, tmp_path):
    set_id = "0123456789abcdef"
    my_set(tmp_path / "workspace", set_id)
    assert "My own cards: Waves" in Fragment(studio.get("/play?lang=en").text).text()
    table_id = new_table(studio, variant="classic", players="2", cards=set_id, seed="11")
    kept = json.loads((tmp_path / "workspace" / "tables" / table_id / "table.json").read_text())
    assert kept["pool"]["numbered"][-2:] == [105, 106] and kept["pool"]["heads"][17] == 7
    table = look(studio, table_id)
    table = act(studio, table_id, do="play", cards=str(table.cards()[0]))
    if table.phase() == "take-row":
        table = act(studio, table_id, do="play", row="1")
    download = studio.get(f"/table/{table_id}/record")
    assert download.headers["content-disposition"] == f'attachment; filename="game-{table_id}.zip"'
    files = zipfile.ZipFile(io.BytesIO(download.content))
    assert sorted(files.namelist()) == ["game.yaml", "my-cards.yaml", "wave.png"]
    files.extractall(tmp_path / "record")
    assert "set: my-cards.yaml" in (tmp_path / "record" / "game.yaml").read_text()
    replayed = cardgen_in_process("referee", tmp_path / "record" / "game.yaml", "--json")
    assert replayed.returncode == 0, replayed.stderr
    shown = dict(
        re.findall(r'<th scope="row">(\w+) <small>[^<]*</small></th><td>\d+</td><td>\d+</td><td>(\d+)</td>', table.html)
    )
    assert json.loads(replayed.stdout)["totals"] == {name: int(total) for name, total in shown.items()}


def test_a_set_that_is_not_there_is_refused_in_the_page_s_language(studio):
    answer = studio.post(
        "/table", data={"lang": "de", "variant": "classic", "players": "3", "cards": "fedcba9876543210"}
    )
    assert answer.json()["error"] and "set" not in answer.json()["error"].split()
    too_many = studio.post("/table", data={"lang": "fr", "variant": "plus", "players": "9", "opponents": "random"})
    assert too_many.json()["error"] == (
        "la variante Plus se joue de 2 à 7 joueurs, pas à 9\u00a0: choisissez un autre nombre de joueurs."
    )


# --- the action itself ---------------------------------------------------------------------------


def table_of(**given) -> play.Table:
    return play.new_table(values_of(play.FIELDS, {"players": "4", "name": "Sam"} | given))


def play_turn(table: play.Table, card_index: int = 0) -> play.Seen:
    seen = play.decide(table, {"cards": str(play.position(table).choices[card_index])})
    while seen.phase == "take-row":
        seen = play.decide(table, {"row": "1"})
    return seen


def test_undo_takes_back_the_last_turn_and_the_same_deal_starts_over():
    table = table_of(variant="classic", seed="21")
    first = play.position(table)
    dealt, rows = first.hand, [list(row) for row in first.game.table.rows]
    play_turn(table)
    before = play.position(table).hand
    kept = list(table.decisions)
    play_turn(table, card_index=2)
    play.undo(table)
    assert play.position(table).hand == before and table.decisions == kept
    play_turn(table, card_index=2)  # the same answer: the same turn (the computers decide as before)
    again = list(table.decisions)
    play.undo(table)
    play_turn(table, card_index=2)
    assert table.decisions == again
    play.again(table)
    seen = play.position(table)
    assert table.decisions == [] and seen.hand == dealt and [list(row) for row in seen.game.table.rows] == rows


def test_a_computer_s_decision_is_asked_once_then_read_back(monkeypatch):
    table = table_of(variant="classic", seed="4")
    play_turn(table)
    asked = []
    original = HeuristicPlayer.choose_cards
    monkeypatch.setattr(HeuristicPlayer, "choose_cards", lambda self, view: asked.append(1) or original(self, view))
    play.position(table)
    assert asked == []  # the turn played again, every decision read
    play_turn(table)
    assert len(asked) == 3  # the next turn's three computers, once each


def test_the_coach_estimates_every_card_of_the_hand_the_same_way_each_time():
    table = table_of(variant="classic", seed="6")
    play_turn(table)
    seen = play.position(table, coach=True)
    assert sorted(seen.coach) == seen.hand
    assert all(0 <= heads <= 100 for heads in seen.coach.values())
    assert play.position(table, coach=True).coach == seen.coach
    shown = seen.shown()["coach"]
    assert sum(1 for figures in shown.values() if figures.get("best")) == 1


def test_the_record_of_a_finished_game_replays_to_its_scores(tmp_path):
    table = table_of(variant="jokers", seed="2", players="3")
    seen = play.position(table)
    while seen.phase != "over":
        if seen.phase == "choose":
            seen = play.decide(table, {"cards": str(seen.choices[-1])})
        elif seen.phase == "take-row":
            seen = play.decide(table, {"row": "2"})
        else:
            assert seen.phase == "joker-row"
            seen = play.decide(table, {"row": "1", "how": "take"})
    path = tmp_path / "game.yaml"
    path.write_text(play.record(table))
    replayed = json.loads(cardgen_in_process("referee", path, "--json").stdout)
    assert replayed["game_over"] and replayed["totals"] == dict(zip(table.names, seen.totals))
    assert replayed["winners"] == [table.names[seat] for seat in seen.game.winners()]


@pytest.mark.parametrize("variant", ["classic", "plus", "jokers", "pro"])
def test_the_table_says_nothing_that_is_not_from_the_catalogues(studio, variant):
    table_id = new_table(studio, variant=variant, seed="9")
    if variant != "pro":
        table = look(studio, table_id)
        act(studio, table_id, do="play", cards=str(table.cards()[0]))
    with pseudo_messages():
        table = act(studio, table_id, do="coach")
        page = studio.get("/play?lang=en").text
    setup = Fragment(page[page.index('<div id="table-place"') : page.index('<script src="/static/play.js"')])
    names = ("Sam", "Ada", "Bert", "Cleo")
    for shown in (table.text(), setup.text()):
        left = english_left(" ".join(word for word in shown.split() if word not in names))
        assert left == [], left


def test_every_message_the_play_page_names_is_in_the_catalogue():
    from cardgen.messages import known

    pages = Path(play.__file__).parent.parent / "studio" / "pages"
    named = set()
    for template in ("play.html", "play_table.html"):
        named |= set(re.findall(r"said\(['\"]([a-z_.]*[a-z_])['\"]", (pages / template).read_text()))
    named |= {f"play.kind.{kind}" for kind in play.OPPONENTS} | {
        f"field.opponents.hint.{kind}" for kind in play.OPPONENTS
    }
    named |= {f"play.ask_{what}" for what in ("take", "joker", "companion")}
    assert len(named) > 40 and [name for name in sorted(named) if not known(name)] == []
