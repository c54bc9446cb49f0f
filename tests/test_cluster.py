"""simulate and balance on a Dask cluster (--scheduler): a LocalCluster of two worker
processes on the loopback address plays the same seeded chunks, so the figures are those of
--jobs 1; a worker that dies has its chunk played again; a scheduler out of reach or Dask
missing is one line."""

import os
import sys
from functools import partial
from operator import add
from pathlib import Path

import pytest
from clirun import cardgen_in_process

distributed = pytest.importorskip("distributed", reason='Dask is an extra: pip install ".[cluster]"')

import cloudpickle  # noqa: E402  (comes with Dask)

from cardgen import cluster  # noqa: E402
from cardgen.balance import balance  # noqa: E402
from cardgen.batch import run_chunks  # noqa: E402
from cardgen.engine import Options  # noqa: E402
from cardgen.model.play import load_pool  # noqa: E402
from cardgen.simulate import Sums, play_chunk, simulate  # noqa: E402

cloudpickle.register_pickle_by_value(sys.modules[__name__])  # the workers cannot import this test file
PROMO = str(Path(__file__).resolve().parent.parent / "docs" / "examples" / "promo.yaml")


@pytest.fixture(scope="module")
def scheduler():
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1", dashboard_address=None
    ) as local:
        yield local.scheduler_address


def _untimed(figures: dict) -> dict:
    return {key: value for key, value in figures.items() if key not in ("seconds", "games_per_second")}


def test_a_simulation_on_the_cluster_gives_the_figures_of_one_process(scheduler):
    options, kinds = Options("plus"), ["heuristic", "random", "random"]
    here = simulate(options, kinds, 300, seed=5, jobs=1)
    there = simulate(options, kinds, 300, seed=5, scheduler=scheduler)
    assert _untimed(there.as_json()) == _untimed(here.as_json())


def test_a_balance_study_on_the_cluster_gives_the_report_of_one_process(scheduler):
    pool = load_pool([PROMO])
    kinds = ["heuristic", "random", "random", "random"]
    here = balance(Options("classic"), kinds, 200, seed=3, pool=pool, jobs=1)
    there = balance(Options("classic"), kinds, 200, seed=3, pool=pool, scheduler=scheduler)
    assert there.as_json() == here.as_json()


def _dies_once(marker: str, indexes: range) -> Sums:
    """A chunk whose first worker dies mid-way, as a machine that goes down would."""
    if indexes.start == 0 and os.path.exists(marker):
        os.remove(marker)
        os._exit(1)
    return play_chunk(Options("classic"), ("random",) * 4, 1, True, indexes)


def test_the_chunk_of_a_worker_that_dies_is_played_again(scheduler, tmp_path):
    marker = tmp_path / "die"
    marker.write_text("once")
    done = run_chunks(partial(_dies_once, str(marker)), 200, 1, add, Sums.empty(4), scheduler=scheduler)
    assert not marker.exists()  # a worker did die
    assert done == run_chunks(
        partial(play_chunk, Options("classic"), ("random",) * 4, 1, True), 200, 1, add, Sums.empty(4)
    )


def test_a_scheduler_out_of_reach_is_one_line(monkeypatch):
    monkeypatch.setattr(cluster, "CONNECT_SECONDS", 1)
    result = cardgen_in_process("simulate", "--games", "10", "--scheduler", "tcp://127.0.0.1:9")
    assert result.returncode == 2
    assert result.stderr == "cardgen: cannot reach a Dask scheduler at tcp://127.0.0.1:9 within 1 s (OSError).\n"


def test_without_dask_the_option_says_what_to_install(monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)
    result = cardgen_in_process("balance", "--set", PROMO, "--games", "100", "--scheduler", "tcp://127.0.0.1:9")
    assert result.returncode == 2 and 'pip install "cardgen[cluster]"' in result.stderr
