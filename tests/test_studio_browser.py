"""cardgen studio in a real browser (Debian's chromium driven by Playwright), clicked
through as a player would: choose, look at the pictures, download, and the download
passes `cardgen verify`; in several languages, at a phone's width and a desktop's, with
the keyboard alone, and no error in the browser's console. The studio runs as the
player starts it, `cardgen studio`, in a process of its own."""

import os
import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.clirun import cardgen_in_process

# Debian's headless shell where it is installed: the same engine without the desktop browser
# around it, the whole suite a fifth faster (measured: 117 s against 149 s on two cores)
BROWSERS = ("chromium-headless-shell", "chromium", "chromium-browser")
CHROMIUM = next((found for name in BROWSERS if (found := shutil.which(name))), None)
sync_api = pytest.importorskip("playwright.sync_api", reason="Playwright for Python is not installed")
if CHROMIUM is None:
    pytest.skip("no chromium on this machine (apt-get install chromium-headless-shell)", allow_module_level=True)

# no sandbox (tests run as root); the pages drawn without a GPU process, and none of the
# browser's own traffic (updates, extensions): a tenth of its CPU in these tests
QUIET_CHROMIUM = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-extensions",
    "--disable-background-networking",
    "--disable-component-update",
]
DESKTOP = {"width": 1366, "height": 900}
PHONE = {"width": 390, "height": 844}


def _ctrl_c_as_in_a_terminal():
    signal.signal(signal.SIGINT, signal.SIG_DFL)  # a shell's background jobs start with Ctrl-C ignored


def start_studio(tmp_path: Path, config: Path) -> tuple[subprocess.Popen, str, float]:
    """`cardgen studio`, its address with the token, and the seconds until it printed it."""
    env = {**os.environ, "CARDGEN_CONFIG_DIR": str(config)}
    started = time.monotonic()
    process = subprocess.Popen(
        [sys.executable, "-m", "cardgen", "studio", "--no-browser", "--workspace", str(tmp_path / "workspace")],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        preexec_fn=_ctrl_c_as_in_a_terminal,
    )
    line = process.stdout.readline()
    found = re.search(r"http://\S+", line)
    assert found, line + process.stderr.read()
    return process, found.group(0), time.monotonic() - started


@pytest.fixture(scope="module")
def studio(tmp_path_factory):
    folder = tmp_path_factory.mktemp("studio")
    process, address, _ = start_studio(folder, folder / "config")
    yield address, folder / "config"
    process.send_signal(signal.SIGINT)
    try:
        process.communicate(timeout=20)
    finally:
        process.kill()


@pytest.fixture(scope="module")
def browser():
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=QUIET_CHROMIUM)
        yield launched
        launched.close()


def until(page, expression: str, arg=None, timeout: float = 20.0) -> None:
    """Wait until `expression` (a JavaScript function of `arg`) is true, asked from outside
    the page: Playwright's own waiting evaluates strings, which the studio's policy forbids."""
    deadline = time.monotonic() + timeout
    while not _asked(page, expression, arg):
        assert time.monotonic() < deadline, f"still false after {timeout} s: {expression}"
        time.sleep(0.05)


def _asked(page, expression: str, arg) -> bool:
    """What `expression` says, or False while a new page is loading (no document to ask yet)."""
    from playwright.sync_api import Error

    try:
        return page.evaluate(expression, arg)
    except Error:
        return False


class Player:
    """A browser tab, and every error its console showed."""

    def __init__(self, browser, address: str, path: str, lang: str, viewport: dict):
        self.context = browser.new_context(viewport=viewport, locale=lang, accept_downloads=True)
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.page.on("console", lambda message: self.errors.append(message.text) if message.type == "error" else None)
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.page.goto(address.replace("/print?", f"{path}?"))

    def pictures_shown(self, at_least: int = 1) -> int:
        until(
            self.page,
            "n => document.querySelectorAll('.pages img').length >= n && !document.getElementById('download')?.disabled",
            at_least,
        )
        until(
            self.page,
            "() => [...document.querySelectorAll('.pages img')].slice(0, 2).every(i => i.complete && i.naturalWidth > 0)",
        )
        return self.page.locator(".pages img").count()

    def download(self, folder: Path, by_keyboard: bool = False) -> Path:
        with self.page.expect_download() as event:
            self.page.keyboard.press("Enter") if by_keyboard else self.page.click("#download")
        saved = folder / event.value.suggested_filename
        event.value.save_as(saved)
        return saved

    def download_passes_verify(self, folder: Path, name: str, by_keyboard: bool = False) -> Path:
        """The download is the file named so, and cardgen verify passes it."""
        saved = self.download(folder, by_keyboard)
        assert saved.name == name
        verified(saved)
        return saved

    def close(self) -> None:
        self.context.close()
        assert self.errors == []


def verified(path: Path) -> str:
    ran = cardgen_in_process("verify", path)
    assert ran.returncode == 0, ran.stdout + ran.stderr
    return ran.stdout


def test_print_my_cards_in_french_at_a_desktop_one_sided_on_card_stock(studio, browser, tmp_path):
    address, _ = studio
    player = Player(browser, address, "/print", "fr-FR", DESKTOP)
    page = player.page
    assert page.get_attribute("html", "lang") == "fr"
    assert page.locator("#waiting-for-answers").is_visible()  # nothing is chosen for her: what does she have?
    assert page.locator(".pages img").count() == 0
    page.get_by_label("Du papier épais (bristol) : j’imprime des cartes entières, recto et verso").check()
    page.get_by_label("Les 10 jokers").check()
    page.get_by_label("Non", exact=True).check()
    until(page, "() => document.getElementById('command').textContent.includes('--mode fold')")
    assert player.pictures_shown() == 3  # three fold pages, one at a time
    assert page.locator("#download").inner_text() == "Télécharger le PDF"
    assert "verso de cardgen" in page.locator("#warnings").inner_text()  # the jokers' back gives them away
    assert page.locator(".advice .sides").inner_text() == "Imprimez sur une seule face du papier."
    player.download_passes_verify(tmp_path, "jokers-fold.pdf")
    player.close()


def test_print_my_cards_with_the_keyboard_alone_on_a_phone_in_german(studio, browser, tmp_path):
    address, _ = studio
    player = Player(browser, address, "/print", "de-DE", PHONE)
    page = player.page
    assert page.get_attribute("html", "lang") == "de"
    for _ in range(40):  # to the first question: what she has
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.name") == "material":
            break
    page.keyboard.press("Space")  # a box with spare cards
    player.pictures_shown()
    for _ in range(10):  # on to the choice of cards
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.name") == "cards":
            break
    page.keyboard.press("ArrowDown")  # the zero cards
    until(page, "() => document.getElementById('command').textContent.includes('--set zero-cards')")
    assert player.pictures_shown() == 2  # a front and its back
    assert page.locator(".pair figcaption").all_inner_texts() == ["Seite 1 · Vorderseite", "Seite 2 · Rückseite"]
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]  # nothing wider than the phone
    for _ in range(60):  # on to the download button
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.id") == "download":
            break
    player.download_passes_verify(tmp_path, "zero-cards-glue.pdf", by_keyboard=True)
    player.close()


def test_score_sheets_in_dutch_on_a_phone(studio, browser, tmp_path):
    address, _ = studio
    player = Player(browser, address, "/rules", "nl-NL", PHONE)
    page = player.page
    player.pictures_shown()
    page.get_by_label("Scorebladen").check()
    page.locator("select[name=players]").select_option("4")
    until(page, "() => document.getElementById('command').textContent.includes('--players 4')")
    player.pictures_shown()
    player.download_passes_verify(tmp_path, "score-classic-4p-nl.pdf")
    player.close()


def test_calibrate_read_the_scales_save_the_printer_and_print_with_it(studio, browser, tmp_path):
    address, config = studio
    player = Player(browser, address, "/calibrate", "en-GB", DESKTOP)
    page = player.page
    assert player.pictures_shown() == 2
    player.download_passes_verify(tmp_path, "calibration.pdf")
    for station in ("top", "bottom"):
        page.locator(f"select[name=x_{station}_whole]").select_option("-1")
    for station in ("left", "right"):
        page.locator(f"select[name=y_{station}_fine]").select_option("-0.5")
    # the quarter read by pointing at its line on the picture of the X scale
    from cardgen.actions import result_of
    from cardgen.actions.calibrate import FILE, scales

    (top, *_) = scales(result_of("calibrate", {"paper": "a4", "flip": "long", "lang": "en"}).files[FILE])
    (line,) = [line for line in top["rows"]["fine"] if line["reads"] == 0.25]
    x0, y0, x1, y1 = top["box_mm"]
    picture = page.locator(".scales img").first
    size = picture.bounding_box()
    at = {
        "x": (line["at_mm"][0] - x0) / (x1 - x0) * size["width"],
        "y": (y1 - line["at_mm"][1] - 3) / (y1 - y0) * size["height"],
    }
    picture.click(position=at)
    assert page.locator("select[name=x_top_fine]").input_value() == "0.25"
    page.locator("select[name=x_bottom_fine]").select_option("0.25")
    assert (
        page.locator("#offset").inner_text()
        == "Your back offset, as seen on the back: 0.75 mm to the left and 0.5 mm down."
    )
    assert page.locator("#scales-differ").is_hidden()
    page.get_by_label("A name for this printer").fill("study")
    page.get_by_label("A name for this printer").press("Enter")
    page.wait_for_selector("#use-printer:not([hidden])")
    assert "study" in (config / "printers.yaml").read_text()
    page.click("#use-printer")
    until(page, "() => document.querySelector('select[name=printer]')?.value === 'study'")
    until(
        page,
        "() => document.getElementById('printer-in-use').textContent.startsWith('In use: study — back offset -0.75,-0.5 mm')",
    )
    page.get_by_label("A box with spare cards: I glue the new faces onto them").check()
    until(page, "() => document.getElementById('command').textContent.includes('--printer study')")
    # the same name again: the page asks before the saved printer is replaced
    page.goto(page.url.replace("/print?", "/calibrate?"))
    player.pictures_shown()
    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_label("A name for this printer").fill("study")
    page.locator("select[name=y_left_whole]").select_option("1")
    page.get_by_label("A name for this printer").press("Enter")
    until(page, "() => document.getElementById('saved').textContent.includes('study')")
    assert "- 0.5" not in (config / "printers.yaml").read_text()
    player.close()


def test_calibrate_from_a_photo_on_a_phone_in_french_then_in_german(studio, browser, tmp_path):
    """She photographs the sheet against the light (a synthetic photo, 3 MP): a refusal first,
    then what the photo reads, in words; another language keeps it; she saves the printer."""
    pytest.importorskip("cv2", reason="reading photos needs the photo extra: pip install 'cardgen[photo]'")
    import yaml

    from cardgen.actions.calibrate import read
    from tests.synthetic_photos import Shot, photo

    address, config = studio
    sheet, blank = tmp_path / "IMG_2041.jpg", tmp_path / "blank.jpg"
    sheet.write_bytes(photo(Shot(shift=(1.0, -0.5), printer_flip="short", megapixels=3, tilt_deg=12.0)))
    blank.write_bytes(photo(Shot(darkening=0.0, megapixels=3)))
    x, y = read(sheet.read_bytes(), sheet.name).back_offset  # the offset that cancels the shift: left and up
    player = Player(browser, address, "/calibrate", "fr-FR", PHONE)
    page = player.page
    assert page.locator("input[type=file][accept='image/*'][capture=environment]").count() == 1  # the camera
    page.set_input_files("#photo-file", str(blank))
    until(page, "() => !document.getElementById('photo-error').hidden")
    assert page.locator("#photo-error").inner_text().startswith("blank.jpg ne montre rien d’imprimé au verso")
    page.set_input_files("#photo-file", str(sheet))
    until(page, "() => !document.getElementById('photo-read').hidden")
    french = {"x": f"{-x:g}".replace(".", ","), "y": f"{y:g}".replace(".", ",")}
    assert page.locator("#offset").inner_text() == (
        f"Décalage de votre verso, vu côté verso\xa0: {french['x']} mm vers la gauche et {french['y']} mm vers le haut."
    )
    assert page.locator("#photo-read").inner_text() == (
        "Lu sur la photo IMG_2041.jpg\xa0: votre imprimante retourne la feuille sur le bord court, papier A4."
    )
    assert page.locator("#photo-error").is_hidden() and not page.evaluate("document.getElementById('by-eye').open")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.click("text=Deutsch")  # the reading is in the address: the page in German shows it again
    until(page, "() => document.documentElement.lang === 'de' && !document.getElementById('photo-read').hidden")
    assert "nach links" in page.locator("#offset").inner_text()
    assert "an der kurzen Kante" in page.locator("#photo-read").inner_text()
    page.get_by_label("Ein Name für diesen Drucker").fill("handy")
    page.get_by_label("Ein Name für diesen Drucker").press("Enter")
    page.wait_for_selector("#use-printer:not([hidden])")
    saved = yaml.safe_load((config / "printers.yaml").read_text())["printers"]["handy"]
    assert saved["back_offset"] == [x, y] and saved["flip"] == "short"
    # a scale read by eye puts the eye reading in use again
    page.click("#by-eye summary")
    page.locator("select[name=x_top_whole]").select_option("1")
    assert page.locator("#photo-read").is_hidden() and "photo=" not in page.url
    assert page.locator("#offset").inner_text().endswith(": 0,5 mm nach rechts und 0 mm nach oben.")  # the mean of two
    player.close()


def test_the_language_switch_and_the_menu_reach_every_page(studio, browser):
    address, _ = studio
    player = Player(browser, address, "/print", "en-US", DESKTOP)
    page = player.page
    page.click("text=Nederlands")
    until(page, "() => document.documentElement.lang === 'nl'")
    page.click("text=Regels en scorebladen")
    until(page, "() => document.documentElement.lang === 'nl' && document.title.startsWith('Regels en scorebladen')")
    player.pictures_shown()
    player.close()


def test_the_studio_is_usable_within_seconds_and_ctrl_c_stops_it_in_one_line(tmp_path):
    import http.cookiejar
    import urllib.request

    process, address, seconds = start_studio(tmp_path, tmp_path / "config")
    try:
        browser_like = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
        with browser_like.open(address, timeout=10) as answer:  # the token, then the page
            assert answer.status == 200 and b'<html lang="' in answer.read()
        assert seconds < 10
        process.send_signal(signal.SIGINT)
        _, stderr = process.communicate(timeout=20)
    finally:
        process.kill()
    assert process.returncode == 130
    assert stderr.splitlines() == ["cardgen: stopped."]


def test_check_before_printing_a_downloaded_sheet_in_french_on_a_phone(studio, browser, tmp_path):
    address, _ = studio
    player = Player(browser, address, "/print", "fr-FR", PHONE)
    player.page.get_by_label("Une boîte avec des cartes de réserve : j’y colle les nouvelles faces").check()
    player.page.get_by_label("Les 7 cartes zéro de 6 qui prend\u00a0! Plus").check()
    until(player.page, "() => document.getElementById('command').textContent.includes('--set zero-cards')")
    player.pictures_shown()
    saved = player.download_passes_verify(tmp_path, "zero-cards-glue.pdf")
    player.page.click("text=Vérifier avant d’imprimer")
    page = player.page
    assert page.get_attribute("html", "lang") == "fr"
    page.set_input_files("#files", str(saved))
    page.locator("select[name=expected]").select_option("zero-cards")
    page.get_by_role("button", name="Vérifier", exact=True).click()
    until(page, "() => !document.getElementById('verdict').hidden")
    assert page.locator("#verdict").get_attribute("class") == "verdict pass"
    assert page.locator(".checks li.fail").count() == 0 and page.locator(".checks li.pass").count() > 5
    player.pictures_shown(2)
    player.close()


def test_my_own_cards_a_mistake_then_the_sheet_then_a_balance_run_in_english(studio, browser, tmp_path):
    address, _ = studio
    player = Player(browser, address, "/cards", "en-US", DESKTOP)
    page = player.page
    player.pictures_shown(2)
    box = page.get_by_label("Your card set (YAML)")
    box.fill(box.input_value().replace("heads: 3", "heads: 3, colour: red"))
    until(page, "() => !document.getElementById('error').hidden")
    assert "line 5, field cards[1].colour: is not a known field" in page.locator("#error").inner_text()
    box.fill(box.input_value().replace(", colour: red", ""))
    until(page, "() => document.getElementById('error').hidden && !document.getElementById('download').disabled")
    player.download_passes_verify(tmp_path, "my-cards-duplex.pdf")
    page.locator("select[name=games]").select_option("200")
    page.click("#balance")
    page.wait_for_selector("#report:not([hidden])", timeout=60_000)
    assert page.locator("#games-played").get_attribute("value") == "200"
    assert "are as with the standard deck" in page.locator("#report-text").text_content()
    until(page, "() => document.getElementById('report-picture').naturalWidth > 0")  # the report's charts
    page.set_input_files("#referee input[type=file]", "tests/records/case1.yaml")
    until(page, "() => !document.getElementById('referee-verdict').hidden")
    assert page.locator("#referee-verdict").inner_text() == "Every play follows the rules."
    page.click("#simulate")
    until(page, "() => document.getElementById('report-text').textContent.includes('mean rounds per game')")
    assert page.locator("#report-picture").is_hidden()  # a simulation has no chart
    player.close()


def test_a_page_reloaded_in_the_middle_of_a_run_follows_it_on_and_can_stop_it(studio, browser):
    address, _ = studio
    player = Player(browser, address, "/cards", "de-DE", DESKTOP)
    page = player.page
    player.pictures_shown(2)
    page.locator("select[name=games]").select_option("10000")
    page.click("#balance")
    until(page, "() => Number(document.getElementById('games-played').value) > 0")
    page.reload()
    until(
        page,
        "() => !document.getElementById('stop').hidden && Number(document.getElementById('games-played').value) > 0",
    )
    page.click("#stop")
    until(page, "() => document.getElementById('play-status').textContent === 'Abgebrochen: kein Bericht.'")
    assert page.locator("#report").is_hidden() and page.locator("#balance").is_enabled()
    player.close()


@pytest.mark.parametrize("stop", [signal.SIGINT, signal.SIGTERM, signal.SIGHUP])
def test_the_studio_s_own_workspace_goes_when_it_stops_however_it_is_stopped(tmp_path, stop):
    """Ctrl-C, a `kill` and a closed terminal window alike; a workspace asked for stays."""
    temporary = tmp_path / "tmp"
    temporary.mkdir()
    env = {**os.environ, "CARDGEN_CONFIG_DIR": str(tmp_path / "config"), "TMPDIR": str(temporary)}
    for kept in (None, tmp_path / "kept"):
        command = [sys.executable, "-m", "cardgen", "studio", "--no-browser"]
        command += ["--workspace", str(kept)] if kept else []
        process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
                                   preexec_fn=_ctrl_c_as_in_a_terminal)  # fmt: skip
        assert "http://" in process.stdout.readline()
        made = kept or next(temporary.glob("cardgen-studio-*"))
        assert made.is_dir()
        process.send_signal(stop)
        _, stderr = process.communicate(timeout=20)
        assert stderr.splitlines() == ["cardgen: stopped."], stderr
        assert made.is_dir() == bool(kept)


def test_every_mistake_of_my_set_is_listed_marked_in_the_gutter_and_leads_to_its_line(studio, browser):
    """Three mistakes: three items under the set, each at its line; their lines marked beside
    the text; the sentence above the pictures says how many; a click puts the cursor on the line."""
    address, _ = studio
    player = Player(browser, address, "/cards", "en-GB", DESKTOP)
    page = player.page
    cards = "".join(
        f"  - {{id: P{n}, kind: number, value: {n}, heads: {heads}}}\n"
        for n, heads in [(105, 9), (106, 1), (107, "two"), (108, 8)]
    )
    page.fill("#yaml", f"name: my-cards\ntitle: Test\ncards:\n{cards}")
    until(page, "() => document.querySelectorAll('#yaml-problems li').length === 3")
    assert page.eval_on_selector_all("#yaml-problems li", "items => items.map(i => i.dataset.line)") == ["4", "6", "7"]
    assert page.eval_on_selector_all(".gutter .problem", "marks => marks.map(m => m.textContent)") == ["4", "6", "7"]
    assert page.inner_text("#error") == "3 mistakes: you will find each under your card set, with its line number."
    page.click("#yaml-problems li:nth-child(2) button")
    caret = page.evaluate(
        "() => { const e = document.getElementById('yaml'); return e.value.slice(0, e.selectionStart).split('\\n').length; }"
    )
    assert caret == 6
    page.fill("#yaml", "name: my-cards\ntitle: Test\ncards:\n  - {id: P105, kind: number, value: 105, heads: 2}\n")
    until(page, "() => document.querySelectorAll('#yaml-problems li').length === 0")
    assert page.locator(".gutter .problem").count() == 0
    player.close()


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_my_own_cards_lead_to_every_field_in_german_each_at_its_own_address(studio, browser, viewport):
    """From 'My own cards' to the page of every field, in the page's language (a mistake at a
    field links to its entry); a field's address shows its entry, nothing is wider than the screen."""
    address, _ = studio
    player = Player(browser, address, "/cards", "de-DE", viewport)
    page = player.page
    page.fill("#yaml", "name: my-cards\ntitle: Test\ncards:\n  - {id: P1, kind: number, value: 105, heads: 9}\n")
    until(page, "() => document.querySelector('#yaml-problems a.field-help') !== null")
    assert page.get_attribute("#yaml-problems a.field-help", "href") == "/help?lang=de#card.heads"
    page.click("text=Alle Felder eines Satzes und seiner Karten, erklärt")
    # asked until true: the new page's title may be read before its document is parsed
    until(page, "() => document.title.startsWith('Alle Felder') && location.hash === '#card_set'")
    page.goto(page.url.split("#")[0] + "#card.heads")
    entry = page.locator('[id="card.heads"]')
    assert "Wert: eine ganze Zahl von 0 bis 7." in entry.inner_text()
    until(
        page,
        "() => { const r = document.getElementById('card.heads').getBoundingClientRect(); return r.top >= 0 && r.top < innerHeight / 2; }",
    )
    assert page.evaluate("() => document.documentElement.scrollWidth <= innerWidth")
    page.click('[id="card.box"] a[href="#box"]')
    until(page, "() => location.hash === '#box'")
    player.close()
