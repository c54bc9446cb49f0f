"""Remake the README's pictures from the tool's real output.

python docs/make_images.py             # all of them
python docs/make_images.py play        # the play page's screenshots alone
python docs/make_images.py calibrate   # the calibrate page's, a photo read
python docs/make_images.py paths       # two paths through the studio, a player's and a designer's
"""

import io
import re
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from contextlib import contextmanager
from pathlib import Path

import pypdfium2
from PIL import Image, ImageDraw

IMAGES = Path(__file__).resolve().parent / "images"
DPI = 110  # enough to read a page on screen, small enough for the repository


def cardgen(*args: str) -> None:
    subprocess.run([sys.executable, "-m", "cardgen", *args], check=True, capture_output=True)


def page_png(pdf: Path, index: int, target: str) -> None:
    page = pypdfium2.PdfDocument(pdf)[index]
    image = page.render(scale=DPI / 72).to_pil().quantize(256)  # flat colours: a palette loses nothing visible
    image.save(IMAGES / target, optimize=True)


def cut_file_png(pdf: Path, svg: Path, target: str) -> None:
    """The PDF's first page with the SVG cut file's paths drawn over it: the cut lines in
    red, the registration marks outlined in cyan. Béziers are followed in 8 steps."""
    image = pypdfium2.PdfDocument(pdf)[0].render(scale=DPI / 72).to_pil().convert("RGB")
    draw, px = ImageDraw.Draw(image), DPI / 25.4
    for group in ET.parse(svg).getroot().iter("{http://www.w3.org/2000/svg}g"):
        colour = {"cut": (230, 0, 0), "registration": (0, 200, 255)}.get(group.get("id"))
        for path in group if colour else ():
            points: list[tuple[float, float]] = []
            for letter, numbers in re.findall(r"([MLCZ])([^MLCZ]*)", path.get("d")):
                xy = [float(v) for v in re.findall(r"-?[\d.]+", numbers)]
                pairs = list(zip(xy[0::2], xy[1::2]))
                if letter == "C":
                    (p0, (p1, p2, p3)) = points[-1], pairs
                    for t in (i / 8 for i in range(1, 9)):
                        points.append(
                            tuple(
                                (1 - t) ** 3 * a + 3 * (1 - t) ** 2 * t * b + 3 * (1 - t) * t**2 * c + t**3 * d
                                for a, b, c, d in zip(p0, p1, p2, p3)
                            )
                        )
                else:
                    points += pairs
            closing = points[:1] if path.get("d").rstrip().endswith("Z") else []  # a shared cut line stays open
            draw.line([(x * px, y * px) for x, y in points + closing], fill=colour, width=2)
    image.quantize(256).save(IMAGES / target, optimize=True)


def cut_file_images(out: Path) -> None:
    cardgen("build", "--set", "jokers", "--layout", "silhouette", "--cut-marks", "silhouette",
            "--cut-file", "svg", "-o", str(out))  # fmt: skip
    cut_file_png(out / "jokers-duplex.pdf", out / "jokers-duplex-cut-p1.svg", "cut-file-over-sheet.png")


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder)
        cardgen("build", "-o", str(out))
        page_png(out / "zero-cards-glue.pdf", 0, "sheet-zero-cards-glue-front.png")
        page_png(out / "zero-cards-glue.pdf", 1, "sheet-zero-cards-glue-back.png")
        cut_file_images(out)
        page_png(out / "calibration.pdf", 0, "calibration.png")
        cardgen("build", "--set", "jokers", "--mode", "fold", "-o", str(out / "fold"))
        page_png(out / "fold" / "jokers-fold.pdf", 0, "sheet-jokers-fold.png")
        cardgen("build", "--set", "numbered", "--layout", "poker", "--mode", "sleeve", "-o", str(out / "poker"))
        page_png(out / "poker" / "numbered-sleeve.pdf", 0, "sheet-poker.png")
        page_png(out / "rules-plus-en.pdf", 0, "rules-plus-en.png")
        cardgen("sheet", "classic", "--players", "4", "-o", str(out / "score-classic-4.pdf"))
        page_png(out / "score-classic-4.pdf", 0, "score-classic-4-en.png")
        cards = "1,5,10,66,55,Z1,J0.4"  # 66: the bar under numbers that read as another card upside down
        for style in ("standard", "light"):
            cardgen(
                "preview",
                "--cards",
                cards,
                "--faces",
                style,
                "--contact-sheet",
                "--back",
                "--dpi",
                "100",
                "-o",
                str(out / style),
            )
            (out / style / "contact-sheet.png").replace(IMAGES / f"cards-{style}.png")
        balance = str(out / "balance.pdf")
        cardgen("balance", "--set", "docs/examples/promo.yaml", "--games", "2000",
                "--players-kind", "heuristic,heuristic,random,random", "-o", balance)  # fmt: skip
        page_png(out / "balance.pdf", 0, "balance-report.png")
        cardgen("preview", "--cards", "55", "--dpi", "200", "-o", str(out / "single"))
        (out / "single" / "55.png").replace(IMAGES / "card-55.png")
        homemade_cards(out / "homemade")
        cardgen("build", "--set", "zero-cards", "--mode", "sticker", "-o", str(out / "sticker"))
        page_png(out / "sticker" / "zero-cards-sticker.pdf", 0, "sheet-zero-cards-sticker.png")
        phone_photo_card(out / "photo")
        tts_sheet(out / "tts")
        halo_cards(out / "halo")
        text_card(out / "text")
    studio_screenshots()
    play_screenshots()
    calibrate_screenshot()
    path_screenshots()


def text_card(out: Path) -> None:
    """A card with a text of two paragraphs, bold, italic and bull heads in the line."""
    out.mkdir(parents=True)
    text = (
        "Play this card *face down*. When it is revealed, **take any row** you like.\\n\\n"
        "Worth {bull}{bull} more at the end of the round."
    )
    (out / "text.yaml").write_text(
        "name: text\ntitle: Text\ncards:\n"
        f'  - {{id: T1, kind: number, value: 105, heads: 2, title: The sly one, text: "{text}"}}\n'
    )
    cardgen("preview", "--set", str(out / "text.yaml"), "--dpi", "200", "-o", str(out / "card"))
    Image.open(out / "card" / "T1.png").convert("RGB").quantize(256).save(IMAGES / "card-text.png", optimize=True)


def halo_cards(out: Path) -> None:
    """A card on a busy photo without and with the style's halo around its texts."""
    out.mkdir(parents=True)
    photo = Image.new("RGB", (700, 1100), (30, 60, 40))  # stripes: dark and light behind every letter
    draw = ImageDraw.Draw(photo)
    for x in range(0, 700, 40):
        draw.rectangle((x, 0, x + 19, 1100), fill=(200, 140, 60))
    photo.save(out / "stripes.png", dpi=(300, 300))
    cards = "  - {id: P1, kind: number, value: 166, heads: 3, title: On the stripes, picture: stripes.png}\n"
    pictures = "picture: {box: {x: 0, y: 0, width: 56, height: 87}, fit: cover}\n"
    shots = []
    for name, halo in (("plain", ""), ("halo", 'halo: {colour: "#ffffff", width: 0.6}\n')):
        (out / f"{name}-faces.yaml").write_text(f"extends: standard\nname: {name}\n{pictures}{halo}")
        (out / f"{name}.yaml").write_text(f"name: {name}\ntitle: Halo\nfaces: {name}-faces.yaml\ncards:\n{cards}")
        cardgen("preview", "--set", str(out / f"{name}.yaml"), "--dpi", "150", "-o", str(out / name))
        shots.append(Image.open(out / name / "P1.png").convert("RGB"))
    both = Image.new("RGB", (2 * shots[0].width + 20, shots[0].height), "white")
    both.paste(shots[0], (0, 0))
    both.paste(shots[1], (shots[0].width + 20, 0))
    both.quantize(256).save(IMAGES / "card-halo.png", optimize=True)


def tts_sheet(out: Path) -> None:
    """The example expansion's Tabletop Simulator sheet, its back in the last slot."""
    example = Path(__file__).resolve().parent.parent / "examples" / "homemade" / "homemade-table.yaml"
    cardgen("export", "--set", str(example), "--format", "tts", "-o", str(out))
    sheet = Image.open(out / "homemade-table-sheet.png").convert("RGB")
    sheet.thumbnail((900, 900))
    sheet.quantize(256).save(IMAGES / "tts-sheet.png", optimize=True)


def homemade_cards(out: Path) -> None:
    """The example expansion's cards, their pictures and titles, and its back with our logo."""
    example = Path(__file__).resolve().parent.parent / "examples" / "homemade" / "homemade.yaml"
    cardgen("preview", "--set", str(example), "--contact-sheet", "--back", "--dpi", "100", "-o", str(out))
    (out / "contact-sheet.png").replace(IMAGES / "cards-homemade.png")


def phone_photo_card(out: Path) -> None:
    """A photo stored on its side, as phones store them, with the EXIF orientation that says
    so (6: turn it a quarter clockwise), side by side as stored and as cardgen prints it."""
    out.mkdir(parents=True)
    upright = Image.new("RGB", (300, 400), (120, 190, 240))  # a sky, a field and a tree: drawn here
    draw = ImageDraw.Draw(upright)
    draw.rectangle((0, 280, 300, 400), fill=(90, 170, 70))
    draw.rectangle((140, 170, 160, 290), fill=(110, 70, 40))
    draw.ellipse((85, 60, 215, 200), fill=(40, 120, 50))
    draw.ellipse((215, 25, 275, 85), fill=(250, 220, 60))
    stored = upright.transpose(Image.Transpose.ROTATE_90)  # what the phone wrote
    exif = Image.Exif()
    exif[0x0112] = 6
    stored.save(out / "photo.jpg", exif=exif, quality=90)
    (out / "photo.yaml").write_text(
        "name: photo\ntitle: A phone photo\ncards:\n"
        "  - {id: T1, kind: number, value: 105, heads: 1, title: The old oak, picture: photo.jpg}\n"
    )
    cardgen("preview", "--set", str(out / "photo.yaml"), "--dpi", "150", "-o", str(out / "card"))
    card = Image.open(out / "card" / "T1.png").convert("RGB")
    shown = stored.resize((round(stored.width * card.height / stored.height), card.height))
    both = Image.new("RGB", (shown.width + 20 + card.width, card.height), "white")
    both.paste(shown, (0, 0))
    both.paste(card, (shown.width + 20, 0))
    both.quantize(256).save(IMAGES / "card-phone-photo.png", optimize=True)


@contextmanager
def studio_in_chromium():
    """`cardgen studio` and Debian's chromium: (its address, the browser); None where chromium
    or Playwright is missing (a line says so, the screenshots are kept as they are)."""
    import shutil

    browser = shutil.which("chromium")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        browser = None
    if browser is None:
        print("make_images: no chromium or Playwright here; the studio's screenshots are kept as they are")
        yield None
        return
    studio = subprocess.Popen(
        [sys.executable, "-m", "cardgen", "studio", "--no-browser"], stdout=subprocess.PIPE, text=True
    )
    try:
        address = re.search(r"http://\S+", studio.stdout.readline()).group(0)
        with sync_playwright() as playwright:
            chromium = playwright.chromium.launch(executable_path=browser, args=["--no-sandbox"])
            yield address, chromium
            chromium.close()
    finally:
        studio.terminate()
        studio.wait()


def studio_screenshots() -> None:
    """The studio's main page at a desktop's width in English and at a phone's in German, as
    Debian's chromium shows them."""
    import time

    with studio_in_chromium() as found:
        if found is None:
            return
        address, chromium = found
        for target, size, lang, jokers in (
            ("studio-print.png", (1366, 900), "en-GB", False),
            ("studio-phone-de.png", (390, 844), "de-DE", True),
        ):
            page = chromium.new_page(viewport={"width": size[0], "height": size[1]}, locale=lang)
            page.goto(address)
            if jokers:
                page.get_by_label("Die 10 Joker").check()
            time.sleep(2)  # the pictures drawn and shown
            if jokers:  # the download button, the advice and the first front beside its back
                page.evaluate(
                    "() => window.scrollTo(0, document.getElementById('download').getBoundingClientRect().top + scrollY - 60)"
                )
                time.sleep(0.5)
            page.screenshot(path=str(IMAGES / target))
            page.close()


def play_screenshots() -> None:
    """The play page at a phone's width: in French, a Classic game's third turn with the coach's
    figures under the hand; in German, a game of Jokers where a joker's row is chosen. The same
    deals each time (their seeds)."""
    with studio_in_chromium() as found:
        if found is None:
            return
        address, chromium = found
        for target, lang, variant, seed, wanted in (
            ("studio-play-phone-fr.png", "fr-FR", "classic", 12, "coach"),
            ("studio-play-phone-de.png", "de-DE", "jokers", 5, "joker-row"),
        ):
            page = chromium.new_page(viewport={"width": 390, "height": 844}, locale=lang)
            page.goto(address.replace("/print?", "/play?"))
            page.wait_for_selector("#new-table")
            made = f"fetch('/table', {{method: 'POST', body: new URLSearchParams({{variant: '{variant}', seed: '{seed}', players: '4'}})}})"
            table = page.evaluate(f"async () => (await (await {made}).json()).table")
            page.goto(address.split("/print?")[0] + f"/play?table={table}")
            turn = 0
            while True:
                page.wait_for_function(
                    "() => document.getElementById('table-place').getAttribute('aria-busy') === 'false'"
                )
                phase = page.get_attribute("[data-phase]", "data-phase")
                if phase == wanted or (wanted == "coach" and turn == 3):
                    break
                jokers = page.query_selector_all(".hand [data-card] .joker")
                chosen = "[data-row]" if phase != "choose" else ("[data-card]:has(.joker)" if jokers else "[data-card]")
                page.click(chosen)
                turn += phase == "choose"
            if wanted == "coach":
                page.click("[data-do=coach]")
                page.wait_for_selector(".coach")
            page.evaluate(
                "() => window.scrollTo(0, document.querySelector('.table').getBoundingClientRect().top + scrollY - 8)"
            )
            page.wait_for_timeout(300)
            page.screenshot(path=str(IMAGES / target))
            page.close()


def calibrate_screenshot() -> None:
    """The calibrate page on a phone (a touch screen: the camera's button shows), in French, a
    photo of the sheet read: a synthetic one (tests/synthetic_photos.py, needs OpenCV), the
    printer shifting the back 0.6 mm right and 1.1 mm down."""
    try:
        sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
        from synthetic_photos import Shot, photo
    except ImportError:
        print("make_images: no OpenCV here; the calibrate page's screenshot is kept as it is")
        return
    with studio_in_chromium() as found, tempfile.TemporaryDirectory() as folder:
        if found is None:
            return
        address, chromium = found
        sheet = Path(folder) / "IMG_2041.jpg"
        sheet.write_bytes(photo(Shot(shift=(0.6, -1.1), megapixels=12, tilt_deg=12.0)))
        context = chromium.new_context(
            viewport={"width": 390, "height": 844}, locale="fr-FR", is_mobile=True, has_touch=True
        )
        page = context.new_page()
        page.goto(address.replace("/print?", "/calibrate?"))
        page.set_input_files("#photo-file", str(sheet))
        page.wait_for_selector("#photo-read:not([hidden])")
        page.wait_for_load_state("networkidle")  # the sheet's pictures above in place: nothing moves
        page.evaluate(
            "() => window.scrollTo(0, document.getElementById('photo-part').getBoundingClientRect().top + scrollY - 8)"
        )
        page.wait_for_timeout(300)
        page.screenshot(path=str(IMAGES / "studio-calibrate-photo-fr.png"))
        context.close()


def path_screenshots() -> None:
    """Two paths through the studio on a phone, each a few screens side by side: a French
    player with no spare cards and a one-sided printer prints the zero cards for sleeves; a
    German designer's twelve cards from a spreadsheet and photos (tests/designer_set.py)."""
    sys.path.insert(0, str(IMAGES.parent.parent))
    from tests.designer_set import SET_YAML, designer_files

    with studio_in_chromium() as found, tempfile.TemporaryDirectory() as folder:
        if found is None:
            return
        address, chromium = found
        page = chromium.new_page(viewport={"width": 390, "height": 844}, locale="fr-FR")
        page.goto(address)
        page.check("input[name=material][value=sleeves]")
        page.check("input[name=cards][value=zero-cards]")
        page.check("input[name=two_sided][value=no]")
        page.wait_for_selector("#download:not([disabled]) >> text=Télécharger le PDF")
        screens(page, ["[data-field=material]", "[data-field=cards]", "#preview-title"], "studio-print-fr-onesided.png")
        page = chromium.new_page(viewport={"width": 390, "height": 844}, locale="de-DE")
        page.goto(address.replace("/print?", "/cards?"))
        page.set_input_files("#pictures input[type=file]", [str(path) for path in designer_files(Path(folder))])
        page.wait_for_selector("#pictures-kept >> text=karten.csv")
        page.fill("#yaml", SET_YAML)
        page.wait_for_selector(".pages .pair:nth-child(2) img", timeout=120_000)
        screens(page, ["main h1", "#preview-title", ".pages button.page"], "studio-designer-de.png")


def screens(page, tops: list[str], target: str) -> None:
    """The page scrolled to each of `tops` in turn, the screens side by side in one picture; a
    page's picture (`.pages button.page`) is shown larger, as a click on it shows it."""
    page.mouse.move(0, 0)
    page.wait_for_function("() => [...document.images].every((image) => image.complete)")
    page.wait_for_timeout(500)
    shots = []
    for top in tops:
        if top == ".pages button.page":
            page.locator(top).first.click()
            page.wait_for_function("() => document.querySelector('#larger img').complete")
        else:
            page.locator(top).first.evaluate("(part) => scrollTo(0, part.getBoundingClientRect().top + scrollY - 12)")
        page.wait_for_timeout(300)
        shots.append(Image.open(io.BytesIO(page.screenshot())))
    gap = 16
    width, height = shots[0].size
    whole = Image.new("RGB", (len(shots) * (width + gap) - gap, height), "white")
    for number, shot in enumerate(shots):
        whole.paste(shot, (number * (width + gap), 0))
    whole.quantize(256).save(IMAGES / target, optimize=True)


if __name__ == "__main__":
    partial = {"play": play_screenshots, "calibrate": calibrate_screenshot, "paths": path_screenshots}
    partial[sys.argv[1]]() if sys.argv[1:] else main()
