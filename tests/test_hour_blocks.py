"""``--hour-blocks``: the one-call day's long blocks decomposed an hour at a time, as the baseline's are."""

from __future__ import annotations

from datetime import time

import pytest

from aga.agents import ScheduleItem
from aga.cognition.plan_action import decompose_item
from aga.sim.policies import PolicyOptions
from aga.sim.run import Run
from tests.fakes import HashEmbedder


def _day(hour_blocks: bool, tmp_path, monkeypatch) -> tuple[Run, list[ScheduleItem]]:
    monkeypatch.setenv("AGA_RUNS_DIR", str(tmp_path / ("cut" if hour_blocks else "whole")))
    run = Run.create(
        "harbour6", model="scripted/default", mode="lifestyle", hours=2, seed=3, start=time(7, 0),
        embedder=HashEmbedder(), policies=PolicyOptions(fresh=True, hour_blocks=hour_blocks),
    )  # fmt: skip
    agent = next(iter(run.rt.agents.values()))
    agent.state.schedule = [
        ScheduleItem("sleeping", 420),
        ScheduleItem("mending the nets on the quay", 250),  # four hours and ten minutes
        ScheduleItem("having lunch", 60),
        ScheduleItem("sleeping", 710),
    ]
    decompose_item(run.rt, agent, 1)
    return run, agent.state.schedule


def test_a_long_block_is_cut_into_hours_and_only_the_first_is_decomposed(tmp_path, monkeypatch) -> None:
    run, schedule = _day(True, tmp_path, monkeypatch)
    steps = [s for s in schedule if s.decomposed]
    assert steps and all(s.task.startswith("mending the nets on the quay (") for s in steps)
    assert sum(s.minutes for s in steps) == 60  # the first hour, as an hour-long block is decomposed
    rest = [s for s in schedule if not s.decomposed and s.task == "mending the nets on the quay"]
    assert [s.minutes for s in rest] == [60, 60, 70]  # the last hour takes the ten minutes over
    assert sum(s.minutes for s in schedule) == 1440
    run.close()


def test_without_the_option_the_block_is_decomposed_whole(tmp_path, monkeypatch) -> None:
    run, schedule = _day(False, tmp_path, monkeypatch)
    steps = [s for s in schedule if s.decomposed]
    assert sum(s.minutes for s in steps) == 250  # one decomposition for the whole block
    assert not [s for s in schedule if not s.decomposed and s.task.startswith("mending")]
    run.close()


def test_the_option_is_refused_where_it_means_nothing() -> None:
    with pytest.raises(ValueError, match="--hour-blocks .* --hourly-schedule"):
        PolicyOptions.parse(hour_blocks=True, hourly_schedule=True)
    assert PolicyOptions.from_json(PolicyOptions(hour_blocks=True).to_json()).hour_blocks
