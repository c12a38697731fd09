"""The yes rate of the original's decide-to-talk, estimated from the sightings and conversations of its day."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from aga.simulator.talk import TALK_CHANCE
from benchmarks import talk_reference as ref


def _day(seen: dict[str, list[tuple[int, str, int]]], chats: dict[str, list[tuple[int, str, int]]]) -> dict:
    return {
        "personas": {
            p: {
                "seen": [{"second": s, "other": o, "conversing": c} for s, o, c in seen.get(p, [])],
                "chats": [{"second": s, "with": w, "lines": n} for s, w, n in chats.get(p, [])],
            }
            for p in dict.fromkeys([*seen, *chats])
        }
    }


def test_the_original_day_gives_eight_conversations_in_eleven_meetings() -> None:
    """The recorded day: every meeting both could start became a conversation, three one-sided chances
    did not; the estimate is the one TALK_CHANCE cites."""
    found = ref.chances(ref.load())
    together = ref.meetings(found)
    estimate = ref.yes_rate(together)
    assert (len(found), estimate["meetings"], estimate["conversations"]) == (19, 11, 8)
    assert sum(m.sides == 2 for m in together) == 8
    assert estimate["rate"] == pytest.approx(0.60, abs=0.01)
    assert estimate["low"] < 0.35 and estimate["high"] > 0.85
    assert pytest.approx(estimate["rate"], abs=0.01) == TALK_CHANCE


def test_a_town_that_never_talks_gives_a_low_rate() -> None:
    """The estimate can fail: meetings that never became a conversation give a rate near zero."""
    seen = {
        "Ana Ruiz": [(3600 * h, "Bo Lenn", 0) for h in range(8, 18)],
        "Bo Lenn": [(3600 * h, "Ana Ruiz", 0) for h in range(8, 18)],
    }
    estimate = ref.yes_rate(ref.meetings(ref.chances(_day(seen, {}))))
    assert estimate["meetings"] == 10 and estimate["conversations"] == 0
    assert estimate["rate"] < 0.01 and estimate["high"] < 0.15


def test_conversing_and_buffered_sightings_are_not_chances() -> None:
    """Seen while conversing, or within 800 steps of their last conversation, the partner is not asked
    about; a conversation with someone else starts a new buffer, which forgets the old one."""
    seen = {
        "Ana Ruiz": [
            (36000, "Bo Lenn", 0),  # 10:00, followed by a conversation
            (36100, "Bo Lenn", 1),  # conversing
            (37000, "Bo Lenn", 0),  # inside the buffer
            (40000, "Cy Dodd", 0),  # followed by a conversation with Cy: Bo's buffer is forgotten
            (41000, "Bo Lenn", 0),  # a chance again
        ],
    }
    chats = {"Ana Ruiz": [(36010, "Bo Lenn", 6), (40010, "Cy Dodd", 4)]}
    found = ref.chances(_day(seen, chats))
    assert [(c.second, c.other, c.talked) for c in found] == [
        (36000, "Bo Lenn", True),
        (40000, "Cy Dodd", True),
        (41000, "Bo Lenn", False),
    ]
    # Once the buffer runs out, the partner is a chance again.
    later = ref.chances(_day({"Ana Ruiz": [(36000, "Bo Lenn", 0), (36100 + 8000, "Bo Lenn", 0)]}, chats))
    assert [c.second for c in later] == [36000, 44100]


def test_one_side_seen_twice_is_two_decisions_not_a_meeting_of_two() -> None:
    # Two new events of Bo in consecutive steps: Ana is asked at each, alone.
    seen = {"Ana Ruiz": [(60000, "Bo Lenn", 0), (60010, "Bo Lenn", 0)]}
    assert [m.asked for m in ref.meetings(ref.chances(_day(seen, {})))] == [("Ana Ruiz",), ("Ana Ruiz",)]
    # Seen by both in the same step: one meeting of two.
    seen = {"Ana Ruiz": [(60000, "Bo Lenn", 0)], "Bo Lenn": [(60000, "Ana Ruiz", 0)]}
    assert [m.asked for m in ref.meetings(ref.chances(_day(seen, {})))] == [("Ana Ruiz", "Bo Lenn")]


def test_a_missing_or_malformed_file_is_named(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="cannot read"):
        ref.load(tmp_path / "none.json")
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"people": {}}))
    with pytest.raises(ValueError, match="bad.json: no 'personas'"):
        ref.load(bad)
    with pytest.raises(ValueError, match="no meetings"):
        ref.yes_rate([])


def test_a_runs_memories_are_counted_by_the_same_rules() -> None:
    """A run stores the chat in the step of the sighting that started it, the original one step later:
    dated a step on, it follows the sighting; a sighting of someone chatting is no chance."""
    events = [
        ("Ana Ruiz", 36000, "Bo Lenn", "Bo Lenn is mending a net"),
        ("Bo Lenn", 36000, "Ana Ruiz", "Ana Ruiz is selling fish"),
        ("Ana Ruiz", 36060, "Bo Lenn", "Bo Lenn is chatting with Ana Ruiz"),
        ("Ana Ruiz", 50000, "Cy Dodd", "Cy Dodd is walking to the yard"),
        ("Ana Ruiz", 60000, "Cy Dodd", "Cy Dodd is sleeping"),  # nobody is asked about a sleeper
        ("Ana Ruiz", 23 * 3600 + 60, "Cy Dodd", "Cy Dodd is reading"),  # nor in the 11 pm hour
    ]
    chats = [("Ana Ruiz", 36000, "Bo Lenn"), ("Bo Lenn", 36000, "Ana Ruiz")]
    document = ref.from_memories(events, chats, step_seconds=10)
    together = ref.meetings(ref.chances(document))
    assert [(m.asked, m.talked) for m in together] == [(("Ana Ruiz", "Bo Lenn"), True), (("Ana Ruiz",), False)]
    assert ref.summary(document) == {"meetings": 2, "talked_share": 0.5}
    # Undated by a step, the chat would not follow the sighting: the rule is the original's timing.
    assert ref.summary(ref.from_memories(events, chats, step_seconds=0))["talked_share"] == 0.0


def test_a_sighting_made_in_bed_is_no_chance():
    """Nobody is asked while asleep: a spouse's sightings from the bed were a third of a harbour6 day's
    chances, counted as meetings that never became a conversation."""
    events = [("Ana Ruiz", 3600, "Bo Lenn", "Bo Lenn is reading"), ("Ana Ruiz", 30000, "Bo Lenn", "Bo Lenn is reading")]
    actions = [("Ana Ruiz", 0, "sleeping"), ("Ana Ruiz", 25000, "having breakfast (pouring the tea)")]
    asleep_then = ref.summary(ref.from_memories(events, [], actions=actions))
    assert asleep_then["meetings"] == 1
    assert ref.summary(ref.from_memories(events, []))["meetings"] == 2


def test_several_people_seen_in_one_step_are_one_decision():
    """The original focuses one new event of another persona a step: in a crowded room, a step's
    sightings are one chance, the one talked to if any."""
    seen = {"Ana Ruiz": [(36000, "Bo Lenn", 0), (36000, "Cy Dodd", 0), (36000, "Di Moss", 0), (39000, "Bo Lenn", 0)]}
    chats = {"Ana Ruiz": [(36010, "Cy Dodd", 4)]}
    found = ref.chances(_day(seen, chats))
    assert [(c.second, c.other, c.talked) for c in found] == [(36000, "Cy Dodd", True), (39000, "Bo Lenn", False)]
