"""The play page in a real browser (Debian's chromium driven by Playwright): a whole game
played by clicking the cards and rows the page marks (data-card, data-row, data-phase), one
turn undone and one played with the keyboard alone, the record downloaded and replayed by
`cardgen referee` to the scores the page showed; a phone's width in French."""

import json

from tests import test_studio_browser as shared
from tests.clirun import cardgen_in_process
from tests.test_studio_browser import DESKTOP, PHONE, Player, until

studio, browser = shared.studio, shared.browser  # a studio of this module's own, and chromium

SETTLED = "n => Number(document.getElementById('table-place').dataset.shown || 0) > n"


class Table:
    """The play page's table, driven as a player would."""

    def __init__(self, player: Player) -> None:
        self.page = player.page
        self.shown = 0

    def settled(self) -> None:
        """Wait until the studio's next answer is drawn."""
        until(self.page, SETTLED, self.shown, timeout=60)
        self.shown = int(self.page.evaluate("document.getElementById('table-place').dataset.shown"))

    def phase(self) -> str:
        return self.page.get_attribute("[data-phase]", "data-phase")

    def hand(self) -> list[int]:
        return [
            int(card) for card in self.page.eval_on_selector_all("[data-card]", "all => all.map(b => b.dataset.card)")
        ]

    def deal(self) -> None:
        """The new game's choices sent: the page goes to its table."""
        self.page.click("#new-table button[type=submit]")
        self.page.wait_for_url("**table=*")
        self.shown = 0
        self.settled()

    def click(self, selector: str) -> None:
        self.page.click(selector)
        self.settled()

    def totals(self) -> dict[str, int]:
        rows = self.page.eval_on_selector_all(
            "table.scores tbody tr",
            "rows => rows.map(r => [r.querySelector('th').firstChild.textContent.trim(), r.lastElementChild.textContent])",
        )
        return {name: int(total) for name, total in rows}


def test_a_whole_classic_game_against_three_careful_players_then_its_record_replays(studio, browser, tmp_path):
    address, _ = studio
    player = Player(browser, address, "/play", "en-GB", DESKTOP)
    page = player.page
    table = Table(player)
    assert page.locator("#new-table select[name=variant]").input_value() == "classic"
    page.get_by_label("Careful players", exact=False).check()
    page.fill("#new-table input[name=name]", "Tess")
    table.deal()
    assert table.phase() == "choose" and len(table.hand()) == 10
    assert "table=" in page.url  # a reload finds the same game

    first = table.hand()
    table.click(f"[data-card='{first[0]}']")
    if table.phase() == "take-row":
        table.click("[data-row]")
    assert len(table.hand()) == 9 and first[0] not in table.hand()
    table.click("[data-do=undo]")  # the turn undone: the card back in hand, the turn to play again
    assert table.phase() == "choose" and table.hand() == first

    page.keyboard.press("Tab")  # from the question the page says, on to the first card
    assert page.evaluate("document.activeElement.dataset.card") == str(first[0])
    page.keyboard.press("Enter")
    table.settled()

    turns = 1
    while table.phase() != "over":
        if table.phase() == "take-row":
            rows = page.eval_on_selector_all("[data-row]", "all => all.map(b => b.dataset.row)")
            assert rows == ["1", "2", "3", "4"]
            table.click("[data-row='1']")
        else:
            assert table.phase() == "choose"
            table.click("[data-card]")
            turns += 1
        assert turns < 200
    totals = table.totals()
    assert set(totals) == {"Tess", "Ada", "Bert", "Cleo"} and max(totals.values()) >= 66
    said = page.locator("#asked").inner_text()
    assert said.startswith("The game is over:")

    with page.expect_download() as event:
        page.click("a[download]")
    record = tmp_path / event.value.suggested_filename
    event.value.save_as(record)
    replayed = cardgen_in_process("referee", record, "--json")
    assert replayed.returncode == 0, replayed.stderr
    report = json.loads(replayed.stdout)
    assert report["game_over"] is True and report["totals"] == totals
    assert page.evaluate("document.documentElement.scrollWidth") <= DESKTOP["width"]
    player.close()


def test_on_a_phone_in_french_a_turn_and_the_coach(studio, browser):
    address, _ = studio
    player = Player(browser, address, "/play", "fr-FR", PHONE)
    page = player.page
    table = Table(player)
    assert page.locator("#new-table h2").inner_text() == "Nouvelle partie"
    table.deal()
    assert page.locator("#asked").inner_text() == "À vous\u00a0: choisissez une carte à jouer."
    table.click("[data-do=coach]")
    figures = page.locator(".hand .coach").all_inner_texts()
    assert len(figures) == 10 and all(figure.startswith("≈ ") for figure in figures)
    assert page.locator(".coach.best").count() == 1
    table.click("[data-card]")
    if table.phase() == "take-row":
        table.click("[data-row]")
    assert page.locator(".last-turn h3").inner_text() == "Dernier tour"
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]  # nothing wider than the phone
    player.close()
