"""Whole-process time and peak memory (RSS) of `cardgen verify`: on the default deck
(`deck-duplex.pdf --set numbered`, 104 cards, 24 pages, every check including the pixel
ones; target under 2 s), on the duplex sheet of a 2,000-card set, and with --hostile on
the tampered PDFs of tests/hostile_pdfs.py (compression bombs of 1 and 4 GB, lying
records), each capped at 8 GB of address space and 120 s.

    python benchmarks/bench_verify.py [--runs 3] [--hostile] [--code /tmp/old-checkout]

--code runs the cardgen of another checkout (e.g. an older commit, for a before/after
figure); the PDFs are always built with this checkout's cardgen.
"""

import argparse
import resource
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

MEMORY_CAP = 8 << 30
HERE = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(HERE / "tests"))

# runs the command in a child and prints its peak RSS (KiB) and wall time on stderr's last line
MEASURE = """
import resource, subprocess, sys, time
start = time.perf_counter()
result = subprocess.run(sys.argv[1:], capture_output=True, text=True)
elapsed = time.perf_counter() - start
usage = resource.getrusage(resource.RUSAGE_CHILDREN)
lines = (result.stdout + result.stderr).strip().splitlines()
print(result.returncode, elapsed, usage.ru_utime + usage.ru_stime, usage.ru_maxrss, lines[-1] if lines else "", sep="\\t")
"""


def measure(code: Path, args: list[str], timeout: float) -> tuple[int, float, float, int, str]:
    """(exit status, seconds, CPU seconds, peak RSS in MB, last line printed) of `cardgen verify ARGS`
    (CPU time varies less than wall time on a machine shared with others);
    its address space is capped so that a blow-up cannot take the machine down."""
    env = {"PYTHONPATH": str(code), "PATH": "/usr/bin:/bin"}

    def cap():
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY_CAP, MEMORY_CAP))

    try:
        out = subprocess.run(
            [sys.executable, "-c", MEASURE, sys.executable, "-m", "cardgen", "verify", *args],
            capture_output=True,
            text=True,
            env=env,
            check=True,
            timeout=timeout,
            preexec_fn=cap,
            cwd=code,
        ).stdout  # -m puts the working folder first on the path
    except subprocess.TimeoutExpired:
        return -1, timeout, timeout, 0, f"did not finish in {timeout:.0f} s"
    status, seconds, cpu, peak, line = out.rstrip("\n").split("\t", 4)
    return int(status), float(seconds), float(cpu), int(peak) // 1024, line


def big_set(folder: Path, count: int = 2000) -> Path:
    lines = ["name: big", 'title: "Two thousand cards"', "custom_heads: true", "cards:"]
    lines += [f'  - {{id: "c{i}", kind: number, value: {i}, heads: 1}}' for i in range(1, count + 1)]
    path = folder / "big.yaml"
    path.write_text("\n".join(lines) + "\n")
    return path


def build(folder: Path, *args: str) -> None:
    subprocess.run(
        [sys.executable, "-m", "cardgen", "build", "-o", str(folder), *args], check=True, capture_output=True, cwd=HERE
    )


def report(title: str, code: Path, args: list[str], runs: int, timeout: float = 600) -> None:
    measured = [measure(code, args, timeout) for _ in range(runs)]
    status, line = measured[-1][0], measured[-1][-1]
    times, cpu = [m[1] for m in measured], [m[2] for m in measured]
    peak = max(m[3] for m in measured)
    print(
        f"{title}: exit {status}, median {statistics.median(times):.2f} s, best {min(times):.2f} s, "
        f"CPU best {min(cpu):.2f} s, peak RSS {peak} MB\n    {line[:150]}"
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument(
        "--hostile", action="store_true", help="also the tampered PDFs (built by tests/hostile_pdfs.py)"
    )
    parser.add_argument("--code", type=Path, default=HERE, help="the checkout whose cardgen runs verify")
    args = parser.parse_args()
    print(f"cardgen verify, code from {args.code}, {args.runs} runs each")
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        build(folder)
        report(
            "deck-duplex.pdf --set numbered (104 cards)",
            args.code,
            [str(folder / "deck-duplex.pdf"), "--set", "numbered"],
            args.runs,
        )
        build(folder, "--set", str(big_set(folder)), "--mode", "duplex")
        big = folder / "big-duplex.pdf"
        report(
            "big-duplex.pdf --set big.yaml (2,000 cards, 446 pages)",
            args.code,
            [str(big), "--set", str(folder / "big.yaml")],
            args.runs,
        )
        if args.hostile:
            import hostile_pdfs

            deck = (folder / "deck-duplex.pdf").read_bytes()
            cases = [("bomb-4GB", hostile_pdfs.with_bomb(deck, 4 << 30))] + hostile_pdfs.cases(deck)
            for case, content in cases:
                path = folder / f"hostile-{case}.pdf"
                path.write_bytes(content)
                report(f"hostile: {case} ({len(content) // 1024} KB)", args.code, [str(path)], 1, timeout=120)


if __name__ == "__main__":
    main()
