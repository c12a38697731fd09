"""The ahead rules' replay (benchmarks/ahead_replay.py) on a schedule small enough to count by hand."""

from __future__ import annotations

from typing import Any

import pytest

from benchmarks.ahead_replay import replay


def _schedule() -> dict[str, Any]:
    """A and B talk at step 0 (ten lines, one minute); C, next to B, thinks 1 call at step 0 and 5 at
    each of steps 1-3; A and B make no call of their own."""
    calls = [(0, "C", "plan.hourly")] + [(0, "A" if i % 2 == 0 else "B", "converse.utterance") for i in range(10)]
    calls += [(s, "C", "plan.decompose") for s in (1, 2, 3) for _ in range(5)]
    tiles = {"A": (0, 0), "B": (1, 0), "C": (2, 0)}
    return {
        "calls": calls,
        "chats": [(0, "A", "B", 1)],
        "tiles": {n: {s: t for s in range(4)} for n, t in tiles.items()},
        "radius": 2,
        "steps": 4,
        "steps_per_minute": 6,
    }


def test_a_conversation_held_apart_lets_its_neighbour_run_on() -> None:
    data = _schedule()
    # In the group's step: step 0 lasts C's call and the ten lines, then C's three steps of 5 calls.
    assert replay(data, 1.0, 4, inline_talks=True) == pytest.approx(11 + 15)
    # Held apart: C ends step 0 after its own call and runs on (A and B surely chat through step 5),
    # while the lines take 10; the town is done when C is.
    assert replay(data, 1.0, 4) == pytest.approx(1 + 15)


def test_a_neighbour_waits_once_the_conversation_may_be_over() -> None:
    data = _schedule()
    data["steps_per_minute"] = 1  # one step a minute: the conversation surely lasts step 0 only
    # C may not start step 1 while A and B could be there doing something else: it waits for the lines.
    assert replay(data, 1.0, 4) == pytest.approx(11 + 15)
