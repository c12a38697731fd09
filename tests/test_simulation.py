"""The baseline agent loop with the scripted simulator: coherent days, conversations, reflection."""

from __future__ import annotations

import itertools
import json
import shutil
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from aga.agents.state import is_sleep
from aga.scenario.loader import scenarios_root
from aga.sim.run import Run
from aga.world import Address
from tests.fakes import HashEmbedder


def one_agent_scenario(tmp_path: Path, who: str = "Klaus Mueller") -> Path:
    """ville3 with a cast of one (relationships dropped), in a temporary folder."""
    import tomllib

    folder = tmp_path / "solo"
    folder.mkdir()
    shutil.copytree(scenarios_root() / "smallville", tmp_path / "smallville")
    cast = tomllib.loads((scenarios_root() / "ville3" / "cast.toml").read_text())
    persona = next(p for p in cast["persona"] if p["name"] == who)
    persona.pop("relationship", None)
    lines = ["[[persona]]"]
    for key, value in persona.items():
        if isinstance(value, list):
            items = ", ".join('"' + v.replace('"', '\\"') + '"' for v in value)
            lines.append(f"{key} = [{items}]")
        elif isinstance(value, str):
            lines.append(f'{key} = "{value.replace(chr(34), chr(92) + chr(34))}"')
        else:
            lines.append(f"{key} = {value}")
    (folder / "cast.toml").write_text("\n".join(lines) + "\n")
    scenario = (scenarios_root() / "ville3" / "scenario.toml").read_text()
    scenario = scenario.replace('name = "ville3"', 'name = "solo"').split("[[news]]")[0]
    (folder / "scenario.toml").write_text(scenario)
    return folder


@pytest.fixture(scope="module")
def klaus_day(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("day")
    import os

    old = os.environ.get("AGA_RUNS_DIR")
    os.environ["AGA_RUNS_DIR"] = str(tmp / "runs")
    try:
        run = Run.create(
            str(one_agent_scenario(tmp)),
            model="scripted/default",
            hours=24.2,
            run_id="day",
            seed=3,
            embedder=HashEmbedder(),
        )
        actions = []
        last = None

        def record(current):
            action = current.rt.agents["Klaus Mueller"].state.action
            if action is not last:
                actions.append(
                    (
                        action.start,
                        action.minutes,
                        action.description,
                        action.address,
                        current.rt.agents["Klaus Mueller"].state.tile,
                    )
                )
            return None

        def on_step(current):
            nonlocal last
            record(current)
            last = current.rt.agents["Klaus Mueller"].state.action

        assert run.advance(on_step=on_step) == "finished"
        yield run, actions
    finally:
        if old is None:
            os.environ.pop("AGA_RUNS_DIR", None)
        else:
            os.environ["AGA_RUNS_DIR"] = old


def test_schedule_covers_the_day_without_overlaps(klaus_day):
    run, _ = klaus_day
    state = run.rt.agents["Klaus Mueller"].state
    # The schedule planned for Feb 13 was replaced at midnight by Feb 14's; both must cover 24 hours.
    assert sum(item.minutes for item in state.schedule) == 24 * 60
    assert all(item.minutes > 0 for item in state.schedule)


def test_actions_follow_each_other_and_sleep_is_at_night(klaus_day):
    _, actions = klaus_day
    assert len(actions) > 20
    for (start, minutes, *_), (next_start, *_) in itertools.pairwise(actions):
        assert start + timedelta(minutes=minutes) <= next_start + timedelta(seconds=10)
    day = datetime(2023, 2, 13)
    at_3am = [a for a in actions if a[0] <= day + timedelta(hours=3)][-1]
    assert is_sleep(at_3am[2])
    at_2pm = [a for a in actions if a[0] <= day + timedelta(hours=14)][-1]
    assert not is_sleep(at_2pm[2])


def test_every_action_is_at_a_place_the_agent_knows(klaus_day):
    run, actions = klaus_day
    state = run.rt.agents["Klaus Mueller"].state
    town = run.rt.scenario.town
    for _, _, description, address, _ in actions:
        place = Address.parse(address)
        assert place.sector in state.known, (description, address)
        assert place.arena in state.known[place.sector], (description, address)
        assert town.tiles_of(place), address
        private = town.sectors[place.sector]
        assert not private.private or "Klaus Mueller" in private.residents


def test_day_planning_and_actions_are_in_the_ledger(klaus_day):
    run, _ = klaus_day
    calls = {t.key: t.llm_calls for t in run.rt.gateway.ledger.totals("task")}
    assert calls["plan.wake_up"] == 2 and calls["plan.daily"] == 2  # Feb 13 and Feb 14 (at midnight)
    assert calls["plan.revise_note"] == 1  # the new-day identity revision
    assert 14 <= calls["plan.hourly"] / 2 <= 18  # one call per waking hour
    started = run.rt.timeline.entries(kinds=["action"], limit=10_000)
    described = [e for e in started if not e.text.startswith("waiting")]
    # Eight calls describe every action: sector, arena, object, emoji, triple, object state/emoji/triple.
    assert calls["act.sector"] == calls["act.arena"] == calls["act.emoji"] == len(described)
    assert calls["act.object"] == calls["act.object_state"] == calls["act.object_triple"] == len(described)
    assert calls["act.triple"] >= len(described)  # thoughts get triples too
    assert calls["perceive.importance"] > 10


def test_reflection_fires_and_cites_evidence(klaus_day):
    run, _ = klaus_day
    from aga.memory import MemoryKind

    reflections = [n for n in run.rt.memory.latest("Klaus Mueller", 5000, kinds=[MemoryKind.REFLECTION]) if n.evidence]
    assert reflections, "no reflection with evidence in a day"
    cited = run.rt.memory.get(reflections[0].evidence)
    assert cited and all(c.agent == "Klaus Mueller" for c in cited)


@pytest.fixture
def planner(tmp_path, monkeypatch):
    """A one-agent run a minute in, ready to plan a new day with any hourly answers."""
    monkeypatch.setenv("AGA_RUNS_DIR", str(tmp_path / "runs"))
    run = Run.create(
        str(one_agent_scenario(tmp_path)),
        model="scripted/default",
        hours=0.02,
        run_id="plan",
        seed=3,
        embedder=HashEmbedder(),
    )
    assert run.advance() == "finished"
    return run


def _plan_with_hours(run: Run, monkeypatch, answer: str) -> dict:
    from aga.cognition import plan_day
    from aga.cognition.answers import HourActivity

    rt = run.rt
    asked = rt.call

    def call(task_, agent, context, **kwargs):
        if task_ is plan_day.HOURLY:
            return HourActivity(activity=answer)
        return asked(task_, agent, context, **kwargs)

    monkeypatch.setattr(rt, "call", call)
    monkeypatch.setattr(rt, "one_call_schedule", False)
    plan_day.plan_new_day(rt, rt.agents["Klaus Mueller"])
    entry = rt.timeline.entries(kinds=["plan"], limit=100)[-1]
    return json.loads(entry.data_json)


def test_a_model_that_sleeps_all_day_shows_in_the_day_repairs(planner, monkeypatch):
    # Every waking hour answered "sleeping": the day repair makes them waking time, and says so.
    slept = _plan_with_hours(planner, monkeypatch, "sleeping")
    state = planner.rt.agents["Klaus Mueller"].state
    waking = sum(m.minutes for m in state.schedule if not is_sleep(m.task)) // 60
    assert waking >= 12 and slept["repaired_hours"] >= waking
    # A day whose waking hours are all awake needs no repair.
    awake = _plan_with_hours(planner, monkeypatch, "writing his research paper")
    assert awake["repaired_hours"] == 0


def test_a_one_call_day_that_ends_by_going_to_bed_at_bedtime_needs_no_repair(planner, monkeypatch):
    # The models end a one-call day with the plan's bedtime item at its hour; the repair puts that hour
    # to sleep, which is what the answer said. An answer awake past bedtime is repaired, and counted.
    from aga.cognition import plan_day
    from aga.cognition.answers import DaySchedule, ScheduleBlock

    rt = planner.rt
    asked = rt.call
    agent = rt.agents["Klaus Mueller"]

    def plan_with(last: str) -> dict:
        def call(task_, who, context, **kwargs):
            if task_ is plan_day.SCHEDULE:
                wake, bed = kwargs["facts"].wake_hour, kwargs["facts"].bed_hour
                blocks = [
                    ScheduleBlock(activity="writing his research paper", start=f"{wake:02d}:00", end=f"{bed:02d}:00"),
                    ScheduleBlock(activity=last, start=f"{bed:02d}:00", end=f"{(bed + 2) % 24:02d}:00"),
                ]
                return DaySchedule(blocks=blocks)
            return asked(task_, who, context, **kwargs)

        monkeypatch.setattr(rt, "call", call)
        monkeypatch.setattr(rt, "one_call_schedule", True)
        plan_day.plan_new_day(rt, agent)
        return json.loads(rt.timeline.entries(kinds=["plan"], limit=100)[-1].data_json)

    assert plan_with("making my way to bed")["repaired_hours"] == 0
    assert plan_with("writing his research paper")["repaired_hours"] == 2


def test_an_insight_drawn_twice_in_one_reflection_is_stored_once(planner, monkeypatch):
    """An outside tester's hut keeper stored the same insight seven times at one minute."""
    from aga.cognition import reflect
    from aga.cognition.answers import Insight, Insights
    from aga.memory import MemoryKind

    rt = planner.rt
    agent = next(iter(rt.agents.values()))
    asked = rt.call

    def call(task_, who, context, **kwargs):
        if task_ is reflect.INSIGHTS:
            return Insights(insights=[Insight(insight="Ana keeps thinking about the regatta", evidence=[1])] * 2)
        return asked(task_, who, context, **kwargs)

    monkeypatch.setattr(rt, "call", call)
    before = len(rt.memory.latest(agent.name, 5000, kinds=[MemoryKind.REFLECTION]))
    created = reflect.reflect(rt, agent)
    stored = rt.memory.latest(agent.name, 5000, kinds=[MemoryKind.REFLECTION])
    assert len(created) == 1 and len(stored) == before + 1
    assert stored[0].description == "Ana keeps thinking about the regatta"


def test_an_insight_said_again_in_other_words_in_one_reflection_is_stored_once(planner, monkeypatch):
    """The steppe camp's outside tester (session 66) found 204 of 729 insights to be an earlier one's claim
    in another frame ("It seems that ..." / "It is clear that ..."). The embedder decides what is the same
    claim: this one reads past the frames, as MiniLM does (0.96-0.99 for such pairs)."""
    import re

    from aga.cognition import reflect
    from aga.cognition.answers import Insight, Insights
    from aga.memory import MemoryKind

    class FrameBlind(HashEmbedder):
        def embed(self, texts):
            return super().embed([re.sub(r"^It (?:seems|is clear) that ", "", t) for t in texts])

    rt = planner.rt
    agent = next(iter(rt.agents.values()))
    asked = rt.call
    said = ["It seems that Ana keeps thinking about the regatta",
            "It is clear that Ana keeps thinking about the regatta",
            "It seems that the harbour wall needs mending before winter"]  # fmt: skip

    def call(task_, who, context, **kwargs):
        if task_ is reflect.INSIGHTS:
            return Insights(insights=[Insight(insight=x, evidence=[1]) for x in said])
        return asked(task_, who, context, **kwargs)

    monkeypatch.setattr(rt, "call", call)
    monkeypatch.setattr(rt, "embedder", FrameBlind())
    before = len(rt.memory.latest(agent.name, 5000, kinds=[MemoryKind.REFLECTION]))
    reflect.reflect(rt, agent)
    stored = rt.memory.latest(agent.name, 5000, kinds=[MemoryKind.REFLECTION])
    assert len(stored) == before + 2
    assert {n.description for n in stored[:2]} == {said[0], said[2]}


def test_a_cast_relation_is_remembered_in_words_that_read_whatever_the_feeling_is(tmp_path, monkeypatch):
    """The feeling stands apart in brackets: casts write it as a verb phrase, an adjective or a noun
    phrase, and joined with "and" a seeded memory read "... knows Ann as neighbour and friendly"."""
    from aga.sim.engine import SEED_STEP

    monkeypatch.setenv("AGA_RUNS_DIR", str(tmp_path / "runs"))
    run = Run.create("harbour6", model="scripted/default", hours=0.05, run_id="seed", seed=0, embedder=HashEmbedder())
    seeded = {text for _, text in run.rt.memory.descriptions_at(SEED_STEP)}
    run.close()
    assert "Idris Vane knows Morwenna Vane as wife (feeling: misses her on the long nights)." in seeded
    assert "Bram Okafor knows Harriet Lusk as acquaintance (feeling: friendly)." in seeded
    assert "Idris Vane knows Nessa Pellow as niece by marriage (feeling: proud of her)." in seeded
