"""Two whole paths through the studio in a real browser, at a phone's width, in the user's
language, as people who never open a terminal take them: a French player with a one-sided
printer and no spare cards prints the Plus zero cards and measures her printer; a German
designer makes twelve cards from a spreadsheet and photos, downloads every file and opens
the set again. At every step a reload, the Back button and a switch of language lose
nothing, the page shows no English line, and the browser's console shows no error; every
download passes `cardgen verify`."""

import signal
import zipfile
from pathlib import Path

from tests import test_studio_browser as shared
from tests.clirun import cardgen_in_process
from tests.designer_set import SET_YAML, designer_files
from tests.pseudo import english_shown
from tests.test_studio_browser import PHONE, Player, start_studio, until, verified

studio, browser = shared.studio, shared.browser  # a studio of this module's own, and chromium

ANSWERS = """() => {
  const found = {};
  document.querySelectorAll("main form").forEach((form) => [...form.elements].forEach((field) => {
    if (!field.name || ["file", "submit", "button"].includes(field.type)) return;
    const key = form.id + " " + field.name;
    if (field.type !== "radio") found[key] = field.value;
    else if (field.checked || !(key in found)) found[key] = field.checked ? field.value : null;
  }));
  const kept = document.getElementById("pictures-kept");
  if (kept) found.kept = kept.textContent.match(/[\\w-]+\\.(csv|jpg|png|svg|xlsx|yaml)\\b/g);
  return found;
}"""
SHOWN_TEXT = """() => [...document.querySelectorAll("code, pre")].reduce(
  (text, code) => code.innerText ? text.split(code.innerText).join("") : text, document.body.innerText)"""
SETTLED = """() => {
  const [status, download, error] = ["status", "download", "error"].map((id) => document.getElementById(id));
  const waiting = document.getElementById("waiting-for-answers");
  return document.readyState === "complete" && !(status && status.textContent)
    && (!download || !download.disabled || !error.hidden || (waiting && !waiting.hidden));
}"""


def answers(player: Player) -> dict:
    """What the page holds once its pictures are made, after checking it says no English
    line in a language other than English."""
    page = player.page
    until(page, SETTLED, timeout=60)
    lang = page.get_attribute("html", "lang")
    if lang != "en":
        assert english_shown(page.evaluate(SHOWN_TEXT), lang) == [], page.url
    return page.evaluate(ANSWERS)


def nothing_lost(player: Player, other: str) -> dict:
    """A reload; the menu to another page, then Back; the language switched to `other` and
    back: every answer as it was, and no English line on any page. Returns the answers."""
    page = player.page
    lang = page.get_attribute("html", "lang")
    before = answers(player)
    page.reload()
    assert answers(player) == before
    page.click("header nav a[href^='/check']")
    page.wait_for_load_state()
    answers(player)
    page.go_back()
    assert answers(player) == before
    for going in (other, lang):
        page.click(f"nav.languages a[hreflang={going}]")
        page.wait_for_load_state()
        assert page.get_attribute("html", "lang") == going
        assert answers(player) == before
    return before


def downloaded(player: Player, folder: Path, button: str = "#download") -> Path:
    with player.page.expect_download() as event:
        player.page.click(button)
    saved = folder / event.value.suggested_filename
    event.value.save_as(saved)
    return saved


def verified_against(path: Path, the_set: Path) -> None:
    """`cardgen verify PATH --set THE_SET` passes: every card of the set, each once."""
    ran = cardgen_in_process("verify", path, "--set", the_set)
    assert ran.returncode == 0, ran.stdout + ran.stderr


def unzipped(archive: Path) -> Path:
    folder = archive.with_suffix("")
    with zipfile.ZipFile(archive) as opened:
        opened.extractall(folder)
    return folder


HER_ANSWERS = {"choices material": "sleeves", "choices cards": "zero-cards", "choices two_sided": "no"}
SLEEVES = "Une boîte sans cartes de réserve : je glisse les nouvelles faces dans des protège-cartes"


def test_a_french_player_with_a_one_sided_printer_and_no_spare_cards(studio, browser, tmp_path):
    address, config = studio
    player = Player(browser, address, "/print", "fr-FR", PHONE)
    page = player.page
    assert page.get_attribute("html", "lang") == "fr"
    assert page.locator("#waiting-for-answers").is_visible()
    nothing_lost(player, "de")

    # no spare cards in a French box: sleeves, the new faces slid in front of unused cards
    page.get_by_label(SLEEVES).check()
    assert "L’édition française, par exemple, n’a pas de cartes de réserve." in page.locator("main").inner_text()
    page.get_by_label("Les 7 cartes zéro de 6 qui prend\u00a0! Plus").check()
    page.get_by_label("Non", exact=True).check()
    until(page, "() => document.getElementById('command').textContent.includes('--mode sleeve')")
    assert player.pictures_shown() == 1
    assert nothing_lost(player, "de").items() >= HER_ANSWERS.items()
    assert page.locator(".advice .sides").inner_text() == "Imprimez sur une seule face du papier."
    sleeves = downloaded(player, tmp_path)
    assert sleeves.name == "zero-cards-sleeve.pdf"
    verified(sleeves)

    # or card stock, one-sided: each back folded behind its face, and a warning
    page.get_by_label("Du papier épais (bristol) : j’imprime des cartes entières, recto et verso").check()
    until(page, "() => document.getElementById('command').textContent.includes('--mode fold')")
    player.pictures_shown()
    assert "verso de cardgen" in page.locator("#warnings").inner_text()
    nothing_lost(player, "de")
    folded = downloaded(player, tmp_path)
    assert folded.name == "zero-cards-fold.pdf"
    verified(folded)
    page.get_by_label(SLEEVES).check()
    until(page, "() => document.getElementById('command').textContent.includes('--mode sleeve')")

    # her printer measured: the calibration sheet, the scales read by eye, the rulers with a decimal comma
    page.click("text=Les versos sortent décalés ? Réglez votre imprimante une fois pour toutes.")
    assert page.get_attribute("html", "lang") == "fr"
    assert player.pictures_shown() == 2
    verified(downloaded(player, tmp_path))
    for station in ("top", "bottom"):
        page.locator(f"select[name=x_{station}_whole]").select_option("-1")
        page.locator(f"select[name=x_{station}_fine]").select_option("0.25")
    for station in ("left", "right"):
        page.locator(f"select[name=y_{station}_fine]").select_option("-0.5")
    page.get_by_label("Dans la largeur (mm)").fill("9,96")  # a slip of the finger: refused, in French
    page.get_by_label("Dans la hauteur (mm)").fill("100,2")
    page.get_by_label("Un nom pour cette imprimante").fill("bureau")
    page.get_by_label("Un nom pour cette imprimante").press("Enter")
    until(page, "() => !document.getElementById('save-error').hidden")
    assert english_shown(page.locator("#save-error").inner_text(), "fr") == []
    page.get_by_label("Dans la largeur (mm)").fill("99,6")
    said = "Décalage de votre verso, vu côté verso\u00a0: 0,75 mm vers la gauche et 0,5 mm vers le bas."
    assert page.locator("#offset").inner_text() == said
    nothing_lost(player, "de")
    assert page.locator("#offset").inner_text() == said
    page.get_by_label("Un nom pour cette imprimante").press("Enter")
    page.wait_for_selector("#use-printer:not([hidden])")
    saved = (config / "printers.yaml").read_text()
    assert "bureau" in saved and "99.6" in saved

    # and she prints with it: the print page says it is in use
    page.click("#use-printer")
    assert page.locator("select[name=printer]").input_value() == "bureau"
    until(page, "() => document.getElementById('printer-in-use').textContent.startsWith('Utilisée\u00a0: bureau')")
    assert nothing_lost(player, "de").items() >= HER_ANSWERS.items()
    until(page, "() => document.getElementById('command').textContent.includes('--printer bureau')")
    verified(downloaded(player, tmp_path))
    player.close()


def test_a_german_designer_with_a_spreadsheet_and_twelve_photos(studio, browser, tmp_path):
    address, _ = studio
    files = designer_files(tmp_path)
    player = Player(browser, address, "/cards", "de-DE", PHONE)
    page = player.page
    assert page.get_attribute("html", "lang") == "de"
    player.pictures_shown(2)
    nothing_lost(player, "nl")

    page.get_by_label("Sprache auf den gedruckten Bögen").select_option("de")  # her cards are German
    page.fill("input[name=tts_folder]", str(tmp_path / "tts"))  # where she will unzip the deck
    page.set_input_files("#pictures input[type=file]", [str(path) for path in files])
    until(page, "() => document.getElementById('pictures-kept').textContent.includes('karten.csv')")
    kept = nothing_lost(player, "nl")["kept"]
    assert kept == [path.name for path in sorted(files)]

    page.fill("#yaml", SET_YAML)
    until(page, "() => document.querySelectorAll('.pages img').length === 4", timeout=60)
    player.pictures_shown(4)
    assert "Windows-1252" in page.locator("#warnings").inner_text()
    assert nothing_lost(player, "nl")["choices yaml"] == SET_YAML

    # mistakes, each said in the page's language
    for mistake, said in (
        (SET_YAML.replace("cards:", "farbe: rot\ncards:"), "Zeile 3, Feld farbe"),
        (SET_YAML.replace("Tiere und", "Tiere und " * 20), "Zeile 2, Feld title"),
    ):
        page.fill("#yaml", mistake)
        until(page, "said => document.getElementById('error').textContent.includes(said)", said)
        assert nothing_lost(player, "nl")["choices yaml"] == mistake  # said in Dutch on the way
    (tmp_path / "notizen.txt").write_text("Ideen")
    for lang in ("nl", "de"):
        page.click(f"nav.languages a[hreflang={lang}]")
        page.wait_for_load_state()  # the page's script listening: a file chosen before would go unheard
        page.set_input_files("#pictures input[type=file]", str(tmp_path / "notizen.txt"))
        until(
            page, "() => !document.getElementById('pictures-error').hidden", timeout=60
        )  # after the sheet being drawn
        assert "notizen.txt" in page.locator("#pictures-error").inner_text()
        assert english_shown(page.locator("#pictures-error").inner_text(), lang) == []
    page.fill("#yaml", SET_YAML)
    until(page, "() => document.querySelectorAll('.pages img').length === 4 && document.getElementById('error').hidden")

    # every file downloaded, each verified against the set saved as a zip
    saved = unzipped(downloaded(player, tmp_path, "button[value=set]"))
    assert (saved / "my-cards.yaml").read_text() == SET_YAML
    the_set = saved / "my-cards.yaml"
    verified(saved / "my-cards.yaml")
    sheet = downloaded(player, tmp_path)
    assert sheet.name == "my-cards-duplex.pdf"
    verified_against(sheet, the_set)
    print_shop = unzipped(downloaded(player, tmp_path, "button[value=print_shop]"))
    verified_against(print_shop, the_set)
    tts = downloaded(player, tmp_path, "button[value=tts]")
    with zipfile.ZipFile(tts) as opened:
        opened.extractall(tmp_path / "tts")
    verified_against(tmp_path / "tts", the_set)
    nothing_lost(player, "nl")
    player.close()

    # the set opened again, on another day: a new studio, the saved zip sent to its page
    process, other, _ = start_studio(tmp_path / "again", tmp_path / "again" / "config")
    try:
        player = Player(browser, other, "/cards", "de-DE", PHONE)
        page = player.page
        player.pictures_shown(2)
        page.get_by_label("Sprache auf den gedruckten Bögen").select_option("de")
        page.set_input_files("#pictures input[type=file]", str(tmp_path / "my-cards.zip"))
        until(page, "() => document.getElementById('yaml').value.includes('karten.csv')")
        until(page, "() => document.querySelectorAll('.pages img').length === 4", timeout=60)
        reopened = nothing_lost(player, "nl")
        assert reopened["choices yaml"] == SET_YAML and reopened["kept"] == kept
        assert downloaded(player, tmp_path / "again").read_bytes() == sheet.read_bytes()
        player.close()
    finally:
        process.send_signal(signal.SIGINT)
        process.communicate(timeout=20)
