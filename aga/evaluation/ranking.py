"""TrueSkill ratings from the judge's rankings, as Park et al. reported them (mu and sigma per
condition), with effect sizes against a reference condition.

Every ranking is one multi-player match (``trueskill.rate`` with ranks; answers the judge left out tie
for last). TrueSkill depends on the order of matches, and with few of them much: a condition that won
7 of 9 verdicts against another came out 1.2 below it when its two losses happened to be played last
(TrueSkill reads an upset after a run of wins as news). So the matches are played in ``ORDERS`` seeded
shuffled orders and each condition's mu and sigma are the means over them.
The effect size is Cohen's d of the places (0 best, scaled to 0-1 by the number of answers) between a
condition and the reference, pooled standard deviation; positive means better than the reference.
"""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Sequence
from dataclasses import dataclass

import trueskill

from aga.evaluation.judge import Judged


@dataclass(frozen=True)
class Rated:
    """One condition's standing."""

    condition: str
    mu: float
    sigma: float
    matches: int
    mean_place: float  # 0 best, 1 worst
    effect_vs_reference: float | None  # Cohen's d; None for the reference itself


ORDERS = 100  # shuffled orders averaged over: 630 verdicts take about 5 s


def rate(judged: Sequence[Judged], conditions: Sequence[str], *, reference: str, seed: int = 0) -> list[Rated]:
    """Ratings of ``conditions`` from the usable rankings (fail-safes and all-tied ones carry nothing)."""
    env = trueskill.TrueSkill(draw_probability=0.05)  # ties only where the judge left answers out
    usable = [j for j in judged if not j.failsafe and len(set(j.places.values())) > 1]
    places: dict[str, list[float]] = {c: [] for c in conditions}
    for match in usable:
        players = [c for c in conditions if c in match.places]
        worst = max(1, len(players) - 1)
        for c in players:
            places[c].append(match.places[c] / worst)
    mus: dict[str, list[float]] = {c: [] for c in conditions}
    sigmas: dict[str, list[float]] = {c: [] for c in conditions}
    rng = random.Random(seed)
    for _ in range(ORDERS if usable else 1):
        ratings = {c: env.create_rating() for c in conditions}
        order = list(range(len(usable)))
        rng.shuffle(order)
        for i in order:
            match = usable[i]
            players = [c for c in conditions if c in match.places]
            groups = env.rate([(ratings[c],) for c in players], ranks=[match.places[c] for c in players])
            for c, (new,) in zip(players, groups, strict=True):
                ratings[c] = new
        for c in conditions:
            mus[c].append(ratings[c].mu)
            sigmas[c].append(ratings[c].sigma)
    out = []
    for c in conditions:
        mine = places[c]
        out.append(
            Rated(
                condition=c,
                mu=statistics.fmean(mus[c]),
                sigma=statistics.fmean(sigmas[c]),
                matches=len(mine),
                mean_place=statistics.fmean(mine) if mine else math.nan,
                effect_vs_reference=None if c == reference else cohens_d(places[reference], mine),
            )
        )
    return sorted(out, key=lambda r: -r.mu)


def cohens_d(reference: Sequence[float], other: Sequence[float]) -> float:
    """Cohen's d of ``other``'s places against ``reference``'s; positive: ``other`` placed better."""
    if len(reference) < 2 or len(other) < 2:
        return math.nan
    pooled = math.sqrt(
        ((len(reference) - 1) * statistics.variance(reference) + (len(other) - 1) * statistics.variance(other))
        / (len(reference) + len(other) - 2)
    )
    if pooled == 0:
        diff = statistics.fmean(reference) - statistics.fmean(other)
        return 0.0 if diff == 0 else math.copysign(math.inf, diff)
    return (statistics.fmean(reference) - statistics.fmean(other)) / pooled
