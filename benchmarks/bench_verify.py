"""Whole-process time and peak memory (RSS) of `cardgen verify`: on the default deck
(`deck-duplex.pdf --set numbered`, 104 cards, 24 pages, every check including the pixel
ones; target under 2 s), on the duplex sheet of a 2,000-card set, and with --hostile on
the tampered PDFs of tests/hostile_pdfs.py (a compression bomb, lying records).

    python benchmarks/bench_verify.py [--runs 3] [--hostile] [--code /tmp/old-checkout]

--code runs the cardgen of another checkout (e.g. an older commit, for a before/after
figure); the PDFs are always built with this checkout's cardgen.
"""

import argparse
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(HERE / "tests"))

# runs the command in a child and prints its peak RSS (KiB) and wall time on stderr's last line
MEASURE = """
import resource, subprocess, sys, time
start = time.perf_counter()
result = subprocess.run(sys.argv[1:], capture_output=True, text=True)
elapsed = time.perf_counter() - start
peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
lines = (result.stdout + result.stderr).strip().splitlines()
print(result.returncode, elapsed, peak, lines[-1] if lines else "", sep="\\t")
"""


def measure(code: Path, args: list[str]) -> tuple[int, float, int, str]:
    """(exit status, seconds, peak RSS in MB, last line printed) of `cardgen verify ARGS`."""
    env = {"PYTHONPATH": str(code), "PATH": "/usr/bin:/bin"}
    out = subprocess.run([sys.executable, "-c", MEASURE, sys.executable, "-m", "cardgen", "verify", *args],
                         capture_output=True, text=True, env=env, check=True).stdout
    status, seconds, peak, line = out.rstrip("\n").split("\t", 3)
    return int(status), float(seconds), int(peak) // 1024, line


def big_set(folder: Path, count: int = 2000) -> Path:
    lines = ["name: big", 'title: "Two thousand cards"', "custom_heads: true", "cards:"]
    lines += [f'  - {{id: "c{i}", kind: number, value: {i}, heads: 1}}' for i in range(1, count + 1)]
    path = folder / "big.yaml"
    path.write_text("\n".join(lines) + "\n")
    return path


def build(folder: Path, *args: str) -> None:
    subprocess.run([sys.executable, "-m", "cardgen", "build", "-o", str(folder), *args], check=True,
                   capture_output=True, cwd=HERE)


def report(title: str, code: Path, args: list[str], runs: int) -> None:
    measured = [measure(code, args) for _ in range(runs)]
    status, _, _, line = measured[-1]
    times = [m[1] for m in measured]
    peak = max(m[2] for m in measured)
    print(f"{title}: exit {status}, median {statistics.median(times):.2f} s, best {min(times):.2f} s, "
          f"peak RSS {peak} MB\n    {line[:150]}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--hostile", action="store_true", help="also the tampered PDFs (built by tests/hostile_pdfs.py)")
    parser.add_argument("--code", type=Path, default=HERE, help="the checkout whose cardgen runs verify")
    args = parser.parse_args()
    print(f"cardgen verify, code from {args.code}, {args.runs} runs each")
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        build(folder)
        report("deck-duplex.pdf --set numbered (104 cards)", args.code,
               [str(folder / "deck-duplex.pdf"), "--set", "numbered"], args.runs)
        build(folder, "--set", str(big_set(folder)), "--mode", "duplex")
        big = folder / "big-duplex.pdf"
        report("big-duplex.pdf --set big.yaml (2,000 cards, 446 pages)", args.code,
               [str(big), "--set", str(folder / "big.yaml")], args.runs)
        if args.hostile:
            import hostile_pdfs

            for case, content in hostile_pdfs.cases((folder / "deck-duplex.pdf").read_bytes()):
                path = folder / f"hostile-{case}.pdf"
                path.write_bytes(content)
                report(f"hostile: {case} ({len(content) // 1024} KB)", args.code, [str(path)], 1)


if __name__ == "__main__":
    main()
