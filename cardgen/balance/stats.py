"""The statistics of the balance report, and the test that tells a finding from noise.

Both decks play the same seeds, game i with seed SEED + i, so each game gives a pair
(standard, custom) of every measure. For a measure, the report gives each side's mean
with its 95 % interval (mean ± 1.96 standard errors), and the mean of the paired
differences (custom − standard) with an interval of the same kind. The differences'
intervals are simultaneous: with m measures each is widened to the 1 − 0.05 / m level
(Bonferroni), so that, when the set changes nothing, the chance that *any* difference
of the report is called significant is at most 5 %. A difference is significant when
its interval leaves out zero; otherwise it is within the noise.

The normal approximation is sound for means of a few hundred games and more; the
report says how many games it rests on. Pairing removes most of the deal's luck when
the set keeps the deck's size (the same seed deals the same positions); a set that
adds cards changes the deals, and its intervals are the wider for it.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from statistics import NormalDist

LEVEL = 0.95
Z95 = NormalDist().inv_cdf(0.5 + LEVEL / 2)  # 1.96


@dataclass(frozen=True)
class Interval:
    value: float
    low: float
    high: float

    @property
    def margin(self) -> float:
        return (self.high - self.low) / 2


@dataclass(frozen=True)
class Difference:
    measure: str  # a stable key: "rounds", "total.seat1", "win.seat1", "total.heuristic", "round_score"
    interval: Interval

    @property
    def significant(self) -> bool:
        return self.interval.low > 0 or self.interval.high < 0

    def as_json(self) -> dict:
        return {
            "measure": self.measure,
            "value": _round(self.interval.value),
            "low": _round(self.interval.low),
            "high": _round(self.interval.high),
            "significant": self.significant,
        }


def mean_interval(values: Sequence[float], z: float = Z95) -> Interval:
    """The mean of `values` with mean ± z standard errors (sample standard deviation)."""
    count = len(values)
    mean = math.fsum(values) / count
    if count < 2:
        return Interval(mean, mean, mean)
    variance = math.fsum((value - mean) ** 2 for value in values) / (count - 1)
    margin = z * math.sqrt(variance / count)
    return Interval(mean, mean - margin, mean + margin)


def simultaneous_z(measures: int) -> float:
    """The z of intervals that hold all `measures` at once at the 95 % level (Bonferroni)."""
    return NormalDist().inv_cdf(1 - (1 - LEVEL) / (2 * max(measures, 1)))


def paired_differences(pairs: Mapping[str, tuple[Sequence[float], Sequence[float]]]) -> list[Difference]:
    """For each measure, (standard values, custom values) game by game: the mean paired
    difference custom − standard with its simultaneous interval."""
    z = simultaneous_z(len(pairs))
    return [
        Difference(measure, mean_interval([c - s for s, c in zip(standard, custom)], z))
        for measure, (standard, custom) in pairs.items()
    ]


def _round(value: float) -> float:
    return round(value, 4) + 0.0  # + 0.0: never "-0.0"
