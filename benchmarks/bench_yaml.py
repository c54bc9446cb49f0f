"""Time of the bounded YAML loader: every bundled YAML file and test record read 20
times, a 1 MB card set (refused at 100,000 values) and an alias bomb (refused).

    python benchmarks/bench_yaml.py
"""

import time
from pathlib import Path

from cardgen.errors import InputError
from cardgen.paths import LAYOUTS, TEMPLATES
from cardgen.yamlio import load_yaml, parse_yaml

RECORDS = Path(__file__).resolve().parents[1] / "tests" / "records"


def timed(action) -> float:
    start = time.perf_counter()
    try:
        action()
    except InputError:
        pass
    return time.perf_counter() - start


def main() -> None:
    files = sorted([*TEMPLATES.rglob("*.yaml"), *LAYOUTS.glob("*.yaml"), *RECORDS.glob("*.yaml")])
    seconds = timed(lambda: [load_yaml(file) for _ in range(20) for file in files])
    print(f"{len(files)} bundled files x 20: {seconds:.2f} s")
    cards = "".join(f'  - {{id: "{i}", kind: number, value: {i % 999}, heads: 1}}\n' for i in range(20_000))
    print(f"1 MB card set (refused): {timed(lambda: parse_yaml('cards:' + chr(10) + cards, 'big')):.2f} s")
    bomb = ['a0: &a0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    bomb += [f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 9)}]" for i in range(1, 10)]
    print(f"alias bomb (refused): {timed(lambda: parse_yaml(chr(10).join(bomb), 'bomb')):.2f} s")


if __name__ == "__main__":
    main()
