"""Whole-process time of `cardgen verify output/deck-duplex.pdf --set numbered` (104
cards, 24 pages, every check including the pixel ones), and the time of the library
call alone. Target: under 2 s.

    python benchmarks/bench_verify.py [--runs 5] [--pdf output/deck-duplex.pdf]

Without --pdf the deck is built first into a temporary folder.
"""

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def one_run(pdf: Path) -> float:
    start = time.perf_counter()
    result = subprocess.run([sys.executable, "-m", "cardgen", "verify", str(pdf), "--set", "numbered"],
                            capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    if result.returncode != 0:
        sys.exit(f"verify failed:\n{result.stdout}{result.stderr}")
    return elapsed


def library_time(pdf: Path) -> float:
    from cardgen.model.cards import load_card_set
    from cardgen.verify.pdfs import verify_pdf

    expected = [load_card_set("numbered")]
    start = time.perf_counter()
    verify_pdf(pdf, expected)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--pdf", type=Path)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        pdf = args.pdf
        if pdf is None:
            subprocess.run([sys.executable, "-m", "cardgen", "build", "-o", folder], check=True, capture_output=True)
            pdf = Path(folder) / "deck-duplex.pdf"
        times = [one_run(pdf) for _ in range(args.runs)]
        library = min(library_time(pdf) for _ in range(args.runs))
    print(f"cardgen verify {pdf.name} --set numbered, {args.runs} runs")
    print(f"  whole process: median {statistics.median(times):.3f} s, best {min(times):.3f} s (target < 2 s)")
    print(f"  verify_pdf() alone: best {library:.3f} s")


if __name__ == "__main__":
    main()
