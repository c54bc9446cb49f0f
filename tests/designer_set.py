"""A German designer's set of twelve cards as she brings it to the studio: a table of her
cards saved by German Excel and a phone's photo of each card, for the studio's tests and
the README's screenshot of its page."""

from pathlib import Path

from PIL import Image, ImageDraw

PHOTOS = 12
NAMES = ("Sonnenblume", "Gänseblümchen", "Kürbis", "Straßenkatze", "Möwe", "Bär", "Fuchs", "Igel", "Eichhörnchen")


def designer_files(folder: Path) -> list[Path]:
    """A German designer's twelve cards: a CSV file as Excel saves it in German (Windows-1252,
    semicolons, decimal commas) and a phone's photo of each card (3000 × 4000 pixels)."""
    rows = ["id;kind;value;heads;title;picture"]
    for n in range(PHOTOS):
        photo = Image.new("RGB", (3000, 4000), (40 + 15 * n, 120, 200 - 10 * n))
        drawn = ImageDraw.Draw(photo)
        drawn.ellipse((500, 800, 2500, 3200), fill=(250, 200 - 10 * n, 60))
        drawn.rectangle((0, 3400, 3000, 4000), fill=(30, 90 + 10 * n, 40))
        photo.save(folder / f"foto-{n + 1:02d}.jpg", quality=80)
        if n < len(NAMES):
            rows.append(f"W{105 + n};number;{105 + n};{1 + n % 5};{NAMES[n]};foto-{n + 1:02d}.jpg")
    rows += [
        "J3;joker;0,3;2;Glückspilz;foto-10.jpg",
        "J5;joker;0,5;1;;foto-11.jpg",
        "J7;joker;0,7;3;Pechvogel;foto-12.jpg",
    ]
    (folder / "karten.csv").write_bytes(("\r\n".join(rows) + "\r\n").encode("cp1252"))
    return [folder / "karten.csv", *sorted(folder.glob("foto-*.jpg"))]


SET_YAML = "name: garten\ntitle: Tiere und Pflanzen aus dem Garten\ncards: karten.csv\n"
