"""Remake the README's pictures from the tool's real output.

python docs/make_images.py
"""

import subprocess
import sys
import tempfile
from pathlib import Path

import pypdfium2

IMAGES = Path(__file__).resolve().parent / "images"
DPI = 110  # enough to read a page on screen, small enough for the repository


def cardgen(*args: str) -> None:
    subprocess.run([sys.executable, "-m", "cardgen", *args], check=True, capture_output=True)


def page_png(pdf: Path, index: int, target: str) -> None:
    page = pypdfium2.PdfDocument(pdf)[index]
    image = page.render(scale=DPI / 72).to_pil().quantize(256)  # flat colours: a palette loses nothing visible
    image.save(IMAGES / target, optimize=True)


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder)
        cardgen("build", "-o", str(out))
        page_png(out / "zero-cards-glue.pdf", 0, "sheet-zero-cards-glue-front.png")
        page_png(out / "zero-cards-glue.pdf", 1, "sheet-zero-cards-glue-back.png")
        page_png(out / "calibration.pdf", 0, "calibration.png")
        cardgen("build", "--set", "jokers", "--mode", "fold", "-o", str(out / "fold"))
        page_png(out / "fold" / "jokers-fold.pdf", 0, "sheet-jokers-fold.png")
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
        cardgen("preview", "--cards", "55", "--dpi", "200", "-o", str(out / "single"))
        (out / "single" / "55.png").replace(IMAGES / "card-55.png")


if __name__ == "__main__":
    main()
