"""Whole-process time and peak memory of `cardgen build` (the default kit), and the
size of deck-duplex.pdf. Targets: under 1 s, under 150 MB, deck under 150 KB.

    python benchmarks/bench_build.py [--runs 5]
"""

import argparse
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def one_build(folder: Path) -> tuple[float, float]:
    """Wall time (s) and the child's peak resident memory (MB) of one build."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "cardgen", "build", "-o", str(folder)], check=True, capture_output=True)
    elapsed = time.perf_counter() - start
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return elapsed, max(peak, before) / 1024


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    runs = parser.parse_args().runs
    with tempfile.TemporaryDirectory() as folder:
        folder = Path(folder)
        times, peaks = zip(*(one_build(folder) for _ in range(runs)))
        deck = (folder / "deck-duplex.pdf").stat().st_size / 1024
        total = sum(p.stat().st_size for p in folder.glob("*.pdf")) / 1024
    print(f"cardgen build (default kit), {runs} runs")
    print(f"  whole process: median {statistics.median(times):.3f} s, best {min(times):.3f} s (target < 1 s)")
    print(f"  peak memory:   {max(peaks):.1f} MB (target < 150 MB)")
    print(f"  deck-duplex.pdf: {deck:.1f} KB (target < 150 KB); whole kit {total:.1f} KB")


if __name__ == "__main__":
    main()
