"""An agent's state round-trips to JSON, and the hand-written schedule serialiser says what asdict says."""

from __future__ import annotations

import json
from dataclasses import asdict
from datetime import date, datetime

from aga.agents.state import Action, AgentState, PlanStep, ScheduleItem

ORIGIN = PlanStep(
    group="g1", plan="work on the mural", minutes=120, start=540, step="sketch the outline", steps=3,
    cost={"plan.decompose": [812.0, 96.0, 0.0]},
)  # fmt: skip
SPEC = {"address": "w:park:garden:bench", "emoji": "🎨", "event": ["a", "paints at", "bench"], "obj_state": "in use"}
ITEMS = [
    ScheduleItem("sleeping", 360),
    ScheduleItem("sketch the outline", 40, decomposed=True, origin=ORIGIN, spec=SPEC, similarity=0.93),
    ScheduleItem("lunch", 60, decomposed=False, origin=None, spec=SPEC, similarity=None),
]


def test_schedule_items_serialise_as_asdict_does():
    for item in ITEMS:
        assert item.to_json() == asdict(item)
        # The same keys in the same order: a checkpoint's JSON text stays the same as before.
        assert json.dumps(item.to_json()) == json.dumps(asdict(item))
        assert ScheduleItem.from_json(item.to_json()) == item


def test_a_schedule_items_json_does_not_change_with_the_item():
    item = ScheduleItem("sketch", 40, origin=PlanStep(**{**asdict(ORIGIN), "cost": {"t": [1.0]}}))
    data = item.to_json()
    item.origin.cost["t"].append(2.0)
    assert data["origin"]["cost"] == {"t": [1.0]}


def test_agent_state_round_trips_through_json():
    state = AgentState(
        name="A", tile=(3, 4), currently="painting", daily_plan_requirement="paint", day=date(2023, 2, 13),
        wake_hour=7, daily_plan=["wake up"], schedule=list(ITEMS),
        action=Action("painting", "w:park:garden:bench", datetime(2023, 2, 13, 9), 30, event=("A", "paints", "x")),
        chat_cooldowns={"B": datetime(2023, 2, 13, 8)}, last_chats={"B": [("A", "hi")]},
        inner_thoughts=["a thought"], known={"park": {"garden": ["bench"]}},
    )  # fmt: skip
    again = AgentState.from_json(json.loads(json.dumps(state.to_json())))
    assert again == state
