"""The judge's own checks: can it tell the full architecture from no memory at all, and does the order
in which answers are shown decide its verdicts?

A believability rating is only as good as its judge, and a small judge can fail silently: its ratings
still come out with a mu and a sigma. These two figures go into every report that has the conditions
for them, so that a reader sees a judge's failure before reading its ratings.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from aga.evaluation.judge import Judged


def head_to_head(judged: Sequence[Judged], first: str, second: str) -> dict[str, Any]:
    """How often the judge placed ``first`` above ``second`` where it saw both, with a 95% interval.

    The judge's own check: the full architecture against the agents without memory (Park et al.'s
    largest gap, 29.89 against 21.21). A judge that cannot tell these apart cannot tell the modes apart
    either, and the ratings are its noise.
    """
    from scipy.stats import binomtest

    seen = [j for j in judged if not j.failsafe and first in j.places and second in j.places]
    decided = [j for j in seen if j.places[first] != j.places[second]]
    wins = sum(1 for j in decided if j.places[first] < j.places[second])
    out: dict[str, Any] = {"first": first, "second": second, "verdicts": len(decided), "first_wins": wins}
    if decided:
        ci = binomtest(wins, len(decided)).proportion_ci(confidence_level=0.95, method="wilson")
        out.update(share=wins / len(decided), low=ci.low, high=ci.high)
    return out


def position_bias(judged: Sequence[Judged]) -> dict[str, Any]:
    """How often the judge chose the answer shown first, over its pairwise calls, with a 95% interval
    (0.5 for a judge the order does not sway; shown orders are drawn, so a bias is noise, not favour)."""
    from scipy.stats import binomtest

    picks = [first for j in judged if not j.failsafe for first in j.firsts]
    out: dict[str, Any] = {"calls": len(picks), "first_chosen": sum(picks)}
    if picks:
        ci = binomtest(sum(picks), len(picks)).proportion_ci(confidence_level=0.95, method="wilson")
        out.update(share=sum(picks) / len(picks), low=ci.low, high=ci.high)
    return out


def check_lines(check: dict[str, Any] | None, bias: dict[str, Any] | None, judging: str) -> list[str]:
    """Both checks as a paragraph of a report (none where the judge never saw the two conditions)."""
    if not check or not check.get("verdicts"):
        return []
    shown = f"{check['first']} above {check['second']} in {check['first_wins']} of {check['verdicts']} verdicts"
    share = f"{check['share']:.0%} (95% interval {check['low']:.0%}-{check['high']:.0%})"
    if check["low"] > 0.5:
        verdict = "the judge tells them apart"
    else:
        verdict = (
            "the judge does not tell the full architecture from agents without memory, so the ratings above "
            "are its noise and say nothing about the modes"
        )
    if judging == "scores":
        verdict += ". Each answer was scored alone, so no shown order could sway the judge"
    if bias and bias.get("calls"):
        remedy = (
            "a verdict the order decided is a tie here" if judging == "pairwise-both"
            else "--judging pairwise-both counts only verdicts that survive swapping the order"
        )  # fmt: skip
        verdict += (
            f". It chose the answer shown first in {bias['first_chosen']} of its {bias['calls']} pairwise calls "
            f"({bias['share']:.0%}, 95% interval {bias['low']:.0%}-{bias['high']:.0%}; {remedy})"
        )
    return [f"Judge's check: {shown}, {share}: {verdict}.", ""]
