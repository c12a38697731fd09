"""Deterministic repairs of weak models' answers."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from aga.cognition.answers import DaySchedule, ScheduleBlock
from aga.cognition.plan_action import DECOMPOSE
from aga.cognition.plan_day import SCHEDULE
from aga.cognition.repair import clock_minutes, coherent_day, compress, hours_of_blocks, nearest, rescale, splice
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
    from aga.cognition.plan_action import BlockFacts

    fixed = DECOMPOSE.repair(answer, {}, BlockFacts("studying", 60))
    assert sum(s.minutes for s in fixed.subtasks) == 60 and fixed != answer


def test_coherent_day_sleeps_at_night():
    hourly = ["working"] * 24
    fixed = coherent_day(hourly, wake_hour=7, bed_hour=23)
    assert fixed[:7] == ["sleeping"] * 7 and fixed[23] == "sleeping" and fixed[12] == "working"
    assert coherent_day(["sleeping"] * 24, 7, 23)[8] == "resting at home"  # no sleeping right after waking
    blocks = compress(fixed)
    assert sum(b.minutes for b in blocks) == 24 * 60 and blocks[0].task == "sleeping"


def test_a_night_that_starts_after_midnight_is_slept_from_its_bedtime():
    """The original started every day asleep: a day plan made at midnight slept the small hours before a bedtime
    after midnight, and an outside tester's ship slept every midnight watch on both nights (session 74)."""
    watch = coherent_day(["keeping the watch"] * 24, wake_hour=11, bed_hour=4)  # in bed at 4:30 am after it
    assert watch[:4] == ["keeping the watch"] * 4 and watch[4:11] == ["sleeping"] * 7 and watch[11] != "sleeping"
    late = coherent_day(["reading"] * 24, wake_hour=9, bed_hour=2)
    assert late[:2] == ["reading"] * 2 and late[2:9] == ["sleeping"] * 7
    day_sleeper = coherent_day(["on the ward"] * 24, wake_hour=16, bed_hour=8)
    assert day_sleeper[:8] == ["on the ward"] * 8 and day_sleeper[8:16] == ["sleeping"] * 8


def test_unknown_place_maps_to_the_nearest_known_one():
    embed = HashEmbedder().embed
    options = ["Hobbs Cafe", "Oak Hill College", "Johnson Park"]
    assert nearest("hobbs cafe", options, embed) == "Hobbs Cafe"
    assert nearest("the Oak Hill College library", options, embed) == "Oak Hill College"
    assert nearest("a walk by the lake in the park", options, embed) == "Johnson Park"  # by embedding


def test_replan_failsafe_is_valid_for_long_names_and_crowded_windows():
    """Found in a 25-agent run: a wait named after a long action made the fail-safe itself invalid."""
    from aga.cognition.replan import REPLAN, WindowFacts

    long_wait = "waiting to start " + "preparing the cafe for the Valentine's Day party, " * 6
    context = {"inserted": long_wait, "inserted_minutes": 10, "total_minutes": 75}
    window = WindowFacts(before=(("working", 5),), after=tuple((f"step {i}", 1) for i in range(60)))
    schedule = REPLAN.failsafe_value(context, window)
    assert len(schedule.items) <= 40 and sum(i.minutes for i in schedule.items) == 75
    assert all(len(i.subtask) <= 200 for i in schedule.items)
    assert schedule.items[1].subtask.startswith("waiting to start preparing") and schedule.items[1].subtask.endswith(
        "..."
    )


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
    # ... unless the persona's own words put their sleep there: session 73's fire captain "sleeps in the bunk room at
    # the station until the shift ends at 7 am", and slept at home
    station = Choice(choice="Cold Hollow Fire Station")
    places = ["Cold Hollow Fire Station", "Kowalski House", "Birch Street Diner"]
    captain = ("Ed eats the crew dinner at the station, and sleeps in the bunk room at the station until 7 am.",)
    assert _sector_repair(station, places, "Kowalski House", "sleeping", embed, captain) == station
    assert _sector_repair(station, places, "Kowalski House", "sleeping", embed).choice == "Kowalski House"
    diner = Choice(choice="Birch Street Diner")
    after = ("Gus has breakfast at the Birch Street Diner before going home to bed.",)
    assert _sector_repair(diner, places, "Kowalski House", "sleeping", embed, after).choice == "Kowalski House"
    room = _arena_repair(
        Choice(choice="bathroom"),
        ["main room", "bathroom"],
        "Isabella Rodriguez's apartment",
        isabella,
        "going to sleep",
        embed,
    )
    assert room.choice == "main room"
    # ... and on what the room has to sleep on: an outside tester's bus driver slept at her alarm clock.
    from aga.cognition.plan_action import _object_repair

    objects = ["alarm clock", "wardrobe", "futon"]
    clock = Choice(choice="alarm clock")
    assert _object_repair(clock, objects, "futon", "sleeping", embed).choice == "futon"
    assert _object_repair(clock, objects, "futon", "setting the alarm clock", embed) == clock
    assert _object_repair(clock, ["alarm clock", "desk"], None, "sleeping", embed) == clock  # no bed: no bed
    two = Choice(choice="Ann's bunk")
    assert _object_repair(two, ["Ann's bunk", "Bo's bunk"], "Bo's bunk", "sleeping", embed) == two


def test_clock_times_in_the_forms_models_write():
    assert clock_minutes("07:30") == 450
    assert clock_minutes("7:30 pm") == 1170
    assert clock_minutes("12 am") == 0 and clock_minutes("12:15 PM") == 735
    assert clock_minutes("24:00") == 1440
    for bad in ("noon", "25:00", "7:75", "13 pm", ""):
        assert clock_minutes(bad) is None, bad


def test_blocks_become_hours_by_largest_overlap_and_gaps_continue():
    blocks = [("having breakfast", 420, 450), ("reading", 450, 540), ("working", 600, 720), ("having lunch", 720, 780)]
    hours = hours_of_blocks(blocks, wake_hour=7)
    assert hours[:7] == ["sleeping"] * 7
    assert hours[7] == "having breakfast"  # 30 minutes each: a tie goes to the earlier block
    assert hours[8] == "reading"
    assert hours[9] == "reading"  # no block touches 9-10: the previous hour continues
    assert hours[10:12] == ["working", "working"] and hours[12] == "having lunch"
    assert hours[23] == "having lunch" and len(hours) == 24


def test_a_block_of_no_length_does_not_take_the_rest_of_the_day():
    blocks = [("having lunch", 720, 720), ("working", 780, 1020), ("having dinner", 1080, 1140), ("reading", 1320, 60)]
    hours = hours_of_blocks(blocks, wake_hour=7)
    assert hours[13:17] == ["working"] * 4 and hours[18] == "having dinner"
    assert hours[22:] == ["reading", "reading"]  # a block ending after midnight still runs to midnight


def test_a_schedule_without_usable_times_falls_back_to_the_plan():
    from aga.cognition.plan_day import DayFacts

    day = DayFacts(
        wake_hour=6, bed_hour=23, plan_hours=((7, "have breakfast at 7:00 am"), (9, "work at the cafe from 9 am"))
    )
    context: dict = {}
    bad = DaySchedule(blocks=[ScheduleBlock(activity="working", start="morning", end="noon")])
    fixed = SCHEDULE.repair(bad, context, day)
    assert [(b.activity, b.start, b.end) for b in fixed.blocks] == [
        ("have breakfast", "07:00", "09:00"),
        ("work at the cafe", "09:00", "24:00"),
    ]
    mixed = DaySchedule(blocks=[*bad.blocks, ScheduleBlock(activity="reading", start="10:00", end="11:00")])
    assert [b.activity for b in SCHEDULE.repair(mixed, context, day).blocks] == ["reading"]
