"""The benchmarks are not run by the suite (they print figures and take minutes), but each
must still load against today's code: a renamed function must not silently break one."""

import importlib.util
import sys
from pathlib import Path

import pytest

BENCHMARKS = sorted((Path(__file__).parent.parent / "benchmarks").glob("bench_*.py"))


@pytest.mark.parametrize("path", BENCHMARKS, ids=lambda path: path.stem)
def test_each_benchmark_loads(path, monkeypatch):
    monkeypatch.syspath_prepend(str(path.parent))  # as `python benchmarks/bench_x.py` has it
    spec = importlib.util.spec_from_file_location(path.stem, path)
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, path.stem, module)  # dataclasses look their module up
    spec.loader.exec_module(module)  # its imports run; its main() does not
    assert callable(module.main)


def test_there_are_benchmarks():
    assert len(BENCHMARKS) >= 8
