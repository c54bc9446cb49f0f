"""The statistics of the balance report, and the test that tells a finding from noise.

Both decks play the same seeds, game i with seed SEED + i, so each game gives a pair
(standard, custom) of every measure. For a measure, the report gives each side's mean
with its 95 % interval (mean ± t standard errors, Student's t for n − 1 degrees of
freedom: 1.98 for 100 games, 2.26 for 10), and the mean of the paired differences
(custom − standard) with an interval of the same kind. The differences' intervals are
simultaneous: with m measures each is widened to the 1 − 0.05 / m level (Bonferroni),
so that, when the set changes nothing, the chance that *any* difference of the report
is called significant is at most 5 %. A difference is significant when its interval
leaves out zero; otherwise it is within the noise.

Student's t is exact for normal measures and sound for means of a few games and more;
the normal approximation it replaces was 24 % too narrow for 10 games and 10 measures,
which called noise a finding. Pairing removes most of the deal's luck when
the set keeps the deck's size (the same seed deals the same positions); a set that
adds cards changes the deals, and its intervals are the wider for it.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from statistics import NormalDist

LEVEL = 0.95
FEWEST_GAMES = 10  # t_quantile is within 0.02 % of the exact value from 9 degrees of freedom


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


def mean_interval(values: Sequence[float], level: float = LEVEL) -> Interval:
    """The mean of `values` with its interval at `level`: mean ± t standard errors
    (sample standard deviation, Student's t)."""
    count = len(values)
    mean = math.fsum(values) / count
    if count < 2:
        return Interval(mean, mean, mean)
    variance = math.fsum((value - mean) ** 2 for value in values) / (count - 1)
    margin = t_quantile(level, count - 1) * math.sqrt(variance / count)
    return Interval(mean, mean - margin, mean + margin)


def t_quantile(level: float, freedom: int) -> float:
    """t such that |T| <= t with probability `level`, T following Student's t with
    `freedom` degrees of freedom: the Cornish-Fisher expansion in the normal quantile z
    (Abramowitz and Stegun 26.7.5), within 0.02 % of the exact value from 9 degrees of
    freedom and 0.3 % from 5, even at the Bonferroni levels of the report."""
    z = NormalDist().inv_cdf(0.5 + level / 2)
    terms = (
        (z**3 + z) / 4,
        (5 * z**5 + 16 * z**3 + 3 * z) / 96,
        (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / 384,
        (79 * z**9 + 776 * z**7 + 1482 * z**5 - 1920 * z**3 - 945 * z) / 92160,
    )
    return z + sum(term / freedom**power for power, term in enumerate(terms, start=1))


def simultaneous_level(measures: int) -> float:
    """The level of intervals that hold all `measures` at once at the 95 % level (Bonferroni)."""
    return 1 - (1 - LEVEL) / max(measures, 1)


def paired_differences(pairs: Mapping[str, tuple[Sequence[float], Sequence[float]]]) -> list[Difference]:
    """For each measure, (standard values, custom values) game by game: the mean paired
    difference custom − standard with its simultaneous interval."""
    level = simultaneous_level(len(pairs))
    return [
        Difference(measure, mean_interval([c - s for s, c in zip(standard, custom)], level))
        for measure, (standard, custom) in pairs.items()
    ]


def _round(value: float) -> float:
    return round(value, 4) + 0.0  # + 0.0: never "-0.0"
