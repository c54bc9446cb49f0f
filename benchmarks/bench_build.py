"""Whole-process time and peak memory of `cardgen build` (the default kit), the time of
`cardgen verify` on what it wrote, the size of deck-duplex.pdf, and the time of the
deck's fold sheet (`--set numbered --mode fold`). Targets: build under
1 s, under 150 MB, deck under 150 KB. CPU time is given beside wall time: on a shared
machine it is the steadier figure. Where PYTHONDONTWRITEBYTECODE is set, every run also
compiles the cardgen sources it loads (about 0.1 s of a build's CPU time), which an
installed cardgen does once.

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


def one_run(*args: str, check: bool = True) -> tuple[float, float, float]:
    """Wall time (s), CPU time (s) and the child's peak resident memory (MB) of one
    `cardgen` command."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "cardgen", *args], check=check, capture_output=True)
    elapsed = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    return elapsed, cpu, max(after.ru_maxrss, before.ru_maxrss) / 1024


def summary(label: str, runs: list[tuple[float, float, float]]) -> str:
    walls, cpus, _ = zip(*runs)
    return (
        f"  {label}: median {statistics.median(walls):.3f} s, best {min(walls):.3f} s; "
        f"CPU median {statistics.median(cpus):.3f} s"
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    runs = parser.parse_args().runs
    with tempfile.TemporaryDirectory() as folder:
        folder = Path(folder)
        builds = [one_run("build", "-o", str(folder)) for _ in range(runs)]
        pdfs = sorted(str(p) for p in folder.glob("*.pdf"))
        verifies = [one_run("verify", *pdfs, check=False) for _ in range(runs)]
        deck = (folder / "deck-duplex.pdf").stat().st_size / 1024
        total = sum(p.stat().st_size for p in folder.glob("*.pdf")) / 1024
        folds = [
            one_run("build", "--set", "numbered", "--mode", "fold", "-o", str(folder / "fold")) for _ in range(runs)
        ]
    print(f"cardgen build (default kit), {runs} runs")
    print(summary("build, whole process", builds) + " (target < 1 s)")
    print(f"  peak memory:   {max(run[2] for run in builds):.1f} MB (target < 150 MB)")
    print(summary(f"verify of its {len(pdfs)} PDFs", verifies))
    print(f"  deck-duplex.pdf: {deck:.1f} KB (target < 150 KB); whole kit {total:.1f} KB")
    print(summary("fold sheet of the 104 numbered cards, whole process", folds))


if __name__ == "__main__":
    main()
