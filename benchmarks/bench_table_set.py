"""Whole-process time and peak memory of a 120-card expansion whose cards come from a
table: values 105 to 224, every card with its own 300 dpi photo from a `pictures:` folder,
read from a CSV file and from an .xlsx sheet of the same cells; `cardgen build` of its
duplex sheets, `cardgen export` of its print-shop PNGs at 300 dpi and of its Tabletop
Simulator deck, and `cardgen verify` of the set. Targets: the build and the TTS export
each under 2 s.

    python benchmarks/bench_table_set.py [--runs 3]
"""

import argparse
import sys
import tempfile
from pathlib import Path

from bench_build import one_run, summary
from PIL import Image

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from spreadsheets import write_xlsx  # the tests' writer of small spreadsheets

CARDS = 120
PICTURE_PX = 520  # the standard style's 44 mm picture square at 300 dpi


def make_expansion(folder: Path) -> None:
    """The set, its cards as CSV and as .xlsx, a photo for each card and the style."""
    (folder / "photos").mkdir()
    rows = [["id", "kind", "value", "heads", "title"]]
    for index in range(CARDS):
        value = 105 + index
        rows.append([f"X{value}", "number", value, 1 + index % 7, f"Card {value}" if index % 2 else ""])
        photo = Image.linear_gradient("L").resize((PICTURE_PX, PICTURE_PX)).convert("RGB")
        photo.putpixel((index, index), (255, 0, 0))  # each photo a file of its own
        photo.save(folder / "photos" / f"X{value}.png", dpi=(300, 300))
    (folder / "cards.csv").write_text("".join(",".join(map(str, row)) + "\n" for row in rows))
    write_xlsx(folder / "cards.xlsx", rows)
    for suffix in ("csv", "xlsx"):
        (folder / f"expansion-{suffix}.yaml").write_text(
            f"name: expansion\ntitle: A 120-card expansion\ncards: cards.{suffix}\npictures: photos\n"
        )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=3)
    runs = parser.parse_args().runs
    with tempfile.TemporaryDirectory() as folder:
        folder = Path(folder)
        make_expansion(folder)
        print(f"a {CARDS}-card expansion from a table, a 300 dpi photo on every card, {runs} runs")
        for suffix in ("csv", "xlsx"):
            set_file = str(folder / f"expansion-{suffix}.yaml")
            builds = [one_run("build", "--set", set_file, "-o", str(folder / f"out-{suffix}")) for _ in range(runs)]
            print(summary(f"build from .{suffix}, whole process", builds) + " (target < 2 s)")
            print(f"  peak memory:   {max(run[2] for run in builds):.1f} MB")
        set_file = str(folder / "expansion-csv.yaml")
        exports = [one_run("export", "--set", set_file, "-o", str(folder / "export")) for _ in range(runs)]
        print(summary("export, 300 dpi PNGs", exports))
        tts = [one_run("export", "--set", set_file, "--format", "tts", "-o", str(folder / "tts")) for _ in range(runs)]
        print(summary("export --format tts (2 sheets of up to 4096 px)", tts) + " (target < 2 s)")
        verifies = [one_run("verify", set_file) for _ in range(runs)]
        print(summary("verify of the set (schema, pictures, games)", verifies))


if __name__ == "__main__":
    main()
