"""Deterministic repairs of weak models' answers."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from aga.cognition.plan_action import DECOMPOSE
from aga.cognition.repair import coherent_day, compress, nearest, rescale, splice
from tests.fakes import HashEmbedder


@given(st.lists(st.integers(min_value=-5, max_value=500), min_size=1, max_size=30), st.integers(1, 1440))
def test_rescale_sums_exactly_and_keeps_parts(minutes, total):
    out = rescale(minutes, total)
    assert sum(out) == total and len(out) == len(minutes)
    if total >= len(minutes):
        assert min(out) >= 1


def test_decomposition_is_rescaled_to_its_block():
    # The 1.5B model's habit: five 30-minute steps for a 60-minute block.
    answer = DECOMPOSE.parse('{"subtasks": [' + ", ".join(['{"subtask": "step", "minutes": 30}'] * 5) + "]}")
    fixed = DECOMPOSE.repair(answer, {"_minutes": 60, "_task": "studying"})
    assert sum(s.minutes for s in fixed.subtasks) == 60 and fixed != answer


def test_coherent_day_sleeps_at_night():
    hourly = ["working"] * 24
    fixed = coherent_day(hourly, wake_hour=7, bed_hour=23)
    assert fixed[:7] == ["sleeping"] * 7 and fixed[23] == "sleeping" and fixed[12] == "working"
    assert coherent_day(["sleeping"] * 24, 7, 23)[8] == "resting at home"  # no sleeping right after waking
    blocks = compress(fixed)
    assert sum(b.minutes for b in blocks) == 24 * 60 and blocks[0].task == "sleeping"


def test_unknown_place_maps_to_the_nearest_known_one():
    embed = HashEmbedder().embed
    options = ["Hobbs Cafe", "Oak Hill College", "Johnson Park"]
    assert nearest("hobbs cafe", options, embed) == "Hobbs Cafe"
    assert nearest("the Oak Hill College library", options, embed) == "Oak Hill College"
    assert nearest("a walk by the lake in the park", options, embed) == "Johnson Park"  # by embedding


def test_splice_puts_the_new_activity_in_and_fills_the_window():
    items = splice([("working", 10)], "chatting with Maria", 15, [("working", 50), ("lunch", 60)], 90)
    assert items == [("working", 10), ("chatting with Maria", 15), ("working", 50), ("lunch", 15)]
    assert sum(m for _, m in items) == 90


def test_sleep_happens_at_home_whatever_the_model_says():
    from aga.cognition.answers import Choice
    from aga.cognition.plan_action import _arena_repair, _sector_repair
    from aga.scenario.loader import load_scenario
    from aga.sim.engine import initial_agents

    isabella = initial_agents(load_scenario("ville3"))["Isabella Rodriguez"]
    embed = HashEmbedder().embed
    sectors = ["The Rose and Crown Pub", "Isabella Rodriguez's apartment", "Hobbs Cafe"]
    pub = Choice(choice="The Rose and Crown Pub")
    assert _sector_repair(pub, sectors, "Isabella Rodriguez's apartment", "sleeping", embed).choice == (
        "Isabella Rodriguez's apartment"
    )
    assert _sector_repair(pub, sectors, "Isabella Rodriguez's apartment", "having a drink", embed) == pub
    room = _arena_repair(
        Choice(choice="bathroom"),
        ["main room", "bathroom"],
        "Isabella Rodriguez's apartment",
        isabella,
        "going to sleep",
        embed,
    )
    assert room.choice == "main room"
