"""Every word the two faces show comes from the catalogues: each studio page, the play
table, the studio's refusals, and what the commands print after a run (a simulation's
summary, a balance report, the help of every command), shown in the pseudo-language, leave
no English. (The refusals the other tests reach are said again in the pseudo-language by
conftest's `says_no_english`.)"""

import json
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from cardgen.cli import main
from cardgen.studio.app import create_app
from cardgen.studio.guard import cookie_name
from cardgen.studio.pages import PAGES
from tests.clirun import cardgen_in_process
from tests.pseudo import english_left, english_lines, pseudo_messages, visible_text

PROMO = Path(__file__).resolve().parent.parent / "docs" / "examples" / "promo.yaml"  # cards 105-110
PORT = 8124
TOKEN = "a-token-for-the-pseudo-language"
HOME = f"http://127.0.0.1:{PORT}"


@pytest.fixture
def studio(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDGEN_CONFIG_DIR", str(tmp_path / "config"))
    made = TestClient(create_app(TOKEN, PORT, tmp_path / "workspace"), base_url=HOME, follow_redirects=False)
    made.cookies.set(cookie_name(PORT), TOKEN)
    return made


def english_on(html: str) -> list[str]:
    return [text for text in visible_text(html) if english_left(text)]


@pytest.mark.parametrize("page", list(PAGES))
def test_every_studio_page_shows_only_catalogue_words(studio, page):
    with pseudo_messages():
        answer = studio.get(f"/{page}?lang=fr")
    assert answer.status_code == 200
    assert english_on(answer.text) == []


def test_the_play_table_shows_only_catalogue_words(studio):
    with pseudo_messages():
        made = studio.post("/table", data={"lang": "fr", "variant": "pro", "players": "3", "seed": "7"}).json()
        table = studio.get(f"/table/{made['table']}?lang=fr")
        refused = studio.post(f"/table/{made['table']}", data={"lang": "fr", "do": "play", "card": "999"})
    assert english_on(table.text) == [] and english_on(refused.text) == []


def test_the_studio_s_door_refuses_in_the_browser_s_language(tmp_path):
    stranger = TestClient(create_app(TOKEN, PORT, tmp_path), base_url=HOME, follow_redirects=False)
    french = {"accept-language": "fr"}
    assert "jeton" in stranger.get("/print", headers=french).text
    with pseudo_messages():
        no_token = stranger.get("/print", headers=french)
        elsewhere = stranger.get("/print", headers=french | {"host": "evil.example"})
        stranger.cookies.set(cookie_name(PORT), TOKEN)
        other_page = stranger.post("/printer", headers=french | {"origin": "http://evil.example"})
    assert [no_token.status_code, elsewhere.status_code, other_page.status_code] == [403, 400, 403]
    for answer in (no_token, elsewhere, other_page):
        assert not english_left(answer.text), answer.text


def said_in_pseudo(*args) -> tuple[int, list[str]]:
    """The exit status of `cardgen ARGS`, and its lines of output that read as English."""
    with pseudo_messages():
        ran = cardgen_in_process(*args)
    return ran.returncode, english_lines(ran.stdout + ran.stderr)


@pytest.mark.parametrize(
    "args",
    [
        ("simulate", "--games", "20", "--players", "3"),
        ("simulate", "--variant", "plus", "--games", "10", "--players", "3", "--players-kind", "heuristic"),
        ("balance", "--set", PROMO, "--games", "100", "--players", "3", "--players-kind", "heuristic,random,random"),
        (
            "balance",
            "--set",
            PROMO,
            "--variant",
            "jokers",
            "--games",
            "100",
            "--players",
            "2",
            "--players-kind",
            "heuristic,random",
        ),
    ],
    ids=["simulate", "simulate-plus", "balance", "balance-jokers"],
)
def test_what_a_command_prints_after_its_run_is_from_the_catalogues(args):
    """(The pseudo-language's letters are not in the PDFs' fonts: these commands print text.)"""
    status, english = said_in_pseudo(*args)
    assert status == 0 and english == []


@pytest.mark.parametrize("command", [None, *main.commands])
def test_every_command_s_help_is_from_the_catalogues(command):
    """click's own words too: the usage line, the headings, the help option, a default."""
    status, english = said_in_pseudo(*([command] if command else []), "--help")
    assert status == 0
    assert english == []


def test_the_play_table_s_refusal_and_the_studio_s_error_pages_are_in_the_page_s_language(studio):
    with pseudo_messages():
        unknown_run = studio.get("/balance/nothing?lang=fr")
    assert unknown_run.status_code == 404 and not english_left(unknown_run.json()["error"])


def test_json_keeps_a_refusal_s_id_and_parameters_beside_its_text():
    ran = cardgen_in_process("simulate", "--players-kind", "nobody", "--json", "--lang", "de")
    error = json.loads(ran.stdout)["error"]
    assert ran.returncode == 2 and error["id"] == "simulate.unknown_kind"
    assert error["params"]["kind"] == "nobody" and "nobody" in error["text"]
