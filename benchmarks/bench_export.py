"""Whole-process time and peak memory of `cardgen export` for the 104 numbered cards at
300 dpi (PNG files and the PDF), the size of what it writes, and the time of `cardgen
verify` on it. CPU time is given beside wall time: on a shared machine it is the
steadier figure.

    python benchmarks/bench_export.py [--runs 3] [--layout standard]
"""

import argparse
import tempfile
from pathlib import Path

from bench_build import one_run, summary  # the same measures as the build's benchmark


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--layout", default="standard", help="whose card: a layout's name or file, or WxH")
    options = parser.parse_args()
    print(f"cardgen export --set numbered --layout {options.layout} --dpi 300, {options.runs} runs")
    for file_format in ("png", "pdf"):
        with tempfile.TemporaryDirectory() as folder:
            args = ["--set", "numbered", "--dpi", "300", "--layout", options.layout, "--format", file_format]
            exports = [one_run("export", *args, "-o", folder) for _ in range(options.runs)]
            files = [path for path in Path(folder).iterdir() if path.name != "manifest.json"]
            megabytes = sum(path.stat().st_size for path in files) / 1e6
            verifies = [one_run("verify", folder, "--set", "numbered") for _ in range(options.runs)]
        print(summary(f"{file_format}, whole process", exports))
        print(f"  peak memory: {max(run[2] for run in exports):.1f} MB; {len(files)} files, {megabytes:.1f} MB")
        print(summary(f"verify of the {file_format} export", verifies))


if __name__ == "__main__":
    main()
