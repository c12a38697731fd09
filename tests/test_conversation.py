"""A conversation between two agents, and the preconditions for starting one."""

from __future__ import annotations

from datetime import timedelta

import pytest

from aga.agents import Action
from aga.cognition.converse import converse
from aga.cognition.perceive import Perceived
from aga.cognition.plan_action import next_action
from aga.cognition.react import _step_of, can_chat, decide, may_wait
from aga.memory import MemoryKind
from aga.sim.run import Run
from tests.fakes import HashEmbedder


@pytest.fixture
def morning(tmp_path):
    run = Run.create("ville3", model="scripted/default", hours=12, run_id="talk", seed=5, embedder=HashEmbedder())
    run.rt.clock.advance(10 * 360)  # 10:00, everyone awake
    for agent in run.rt.agents.values():
        from aga.cognition.plan_day import plan_new_day

        plan_new_day(run.rt, agent)
        next_action(run.rt, agent)
    return run


def test_conversation_alternates_and_both_remember_it(morning):
    rt = morning.rt
    klaus, maria = rt.agents["Klaus Mueller"], rt.agents["Maria Lopez"]
    assert can_chat(rt, klaus, maria)
    lines = converse(rt, klaus, maria)
    assert 1 <= len(lines) <= 2 * rt.scenario.params.max_conversation_rounds
    assert [who for who, _ in lines] == [("Klaus Mueller", "Maria Lopez")[i % 2] for i in range(len(lines))]
    for me, other in ((klaus, maria), (maria, klaus)):
        action = me.state.action
        assert action.chatting_with == other.name and action.event == (me.name, "chat with", other.name)
        chats = rt.memory.latest(me.name, 20, kinds=[MemoryKind.CHAT])
        assert chats and chats[0].object == other.name and "conversing about" in chats[0].description
        assert sum(i.minutes for i in me.state.schedule) == 24 * 60
        assert me.state.last_chats == {other.name: lines}  # remembered per partner
        assert any(f"chatting with {other.name}" in i.task for i in me.state.schedule)
    assert klaus.state.action.minutes == maria.state.action.minutes
    calls = {t.key: t.llm_calls for t in rt.gateway.ledger.totals("task")}
    # Baseline: a relationship summary and an utterance per line, one summary per conversation.
    assert calls["converse.utterance"] == calls["converse.relationship"] == len(lines)
    assert calls["converse.summary"] == 1
    assert calls["perceive.chat_importance"] == 2
    assert calls["react.replan"] == 2
    entry = rt.timeline.entries(kinds=["chat"])[-1]
    assert entry.to_json()["data"]["partner"] == "Maria Lopez"
    # ... and where it was held, for `aga log`'s "where" column (it was empty for every chat)
    assert entry.to_json()["data"]["address"] == str(rt.scenario.town.address_at(klaus.state.tile))


def test_no_second_chat_during_the_cooldown_nor_at_eleven_pm(morning):
    rt = morning.rt
    klaus, maria, isabella = rt.agents["Klaus Mueller"], rt.agents["Maria Lopez"], rt.agents["Isabella Rodriguez"]
    converse(rt, klaus, maria)
    assert not can_chat(rt, klaus, maria)  # chatting now
    rt.clock.advance(int(timedelta(minutes=30).total_seconds() // 10))
    next_action(rt, klaus)
    next_action(rt, maria)
    assert not can_chat(rt, klaus, maria)  # cooldown of two hours
    assert can_chat(rt, klaus, isabella)
    rt.clock.advance(int(timedelta(hours=13).total_seconds() // 10) - 180)  # 23:00
    assert rt.now.hour == 23
    assert not can_chat(rt, klaus, isabella)


def test_a_wait_is_for_the_step_and_is_not_itself_a_step():
    # As the original words it: "waiting to start eating slowly", with no bracketed step that would make
    # the wait look like a step of the lunch it interrupts.
    assert _step_of("having lunch (eating slowly)") == "eating slowly"
    assert _step_of("having lunch") == "having lunch"


def _at(rt, name: str, description: str, address: str, *, walking: bool) -> Action:
    action = Action(description, address, rt.now, 240, path=[(0, 0)] if walking else [], path_set=True)
    rt.agents[name].state.action = action
    return action


@pytest.mark.parametrize(
    ("mine", "theirs", "hour", "waits"),
    [
        ("reading (settling in)", "reading a novel", 10, True),
        ("going to bed (lying down)", "reading a novel", 10, False),  # the waiter would be sleeping
        ("reading (settling in)", "sleeping", 10, False),  # a sleeper's bed is shared, not queued for
        ("reading (settling in)", "reading a novel", 23, False),  # nobody reacts in the 11 pm hour
    ],
)
def test_a_wait_needs_the_same_object_and_nobody_asleep(morning, mine, theirs, hour, waits):
    rt = morning.rt
    bed = "the Ville:Lin family's house:Mei and John Lin's bedroom:bed"
    rt.clock.advance((hour - rt.now.hour) * 360)
    _at(rt, "Klaus Mueller", mine, bed, walking=True)
    _at(rt, "Maria Lopez", theirs, bed, walking=False)
    klaus, maria = rt.agents["Klaus Mueller"], rt.agents["Maria Lopez"]
    assert may_wait(rt, klaus, maria) is waits
    _at(rt, "Maria Lopez", theirs, bed.replace(":bed", ":desk"), walking=False)
    assert not may_wait(rt, klaus, maria)  # another object: nothing to wait for


def test_nobody_is_asked_whether_to_wait_for_a_sleeper(morning):
    # The reported fault: a spouse stood by the shared bed for the partner's whole night (250 minutes).
    rt = morning.rt
    place = "the Ville:Lin family's house:Mei and John Lin's bedroom:bed"
    _at(rt, "Klaus Mueller", "reading (settling in)", place, walking=True)
    _at(rt, "Maria Lopez", "sleeping", place, walking=False)
    before = {t.key: t.llm_calls for t in rt.gateway.ledger.totals("task")}
    seen = [Perceived("Maria Lopez", "is", "sleeping", "Maria Lopez is sleeping", 1.0, actor="Maria Lopez")]
    reaction = decide(rt, rt.agents["Klaus Mueller"], seen)
    after = {t.key: t.llm_calls for t in rt.gateway.ledger.totals("task")}
    assert reaction is None or reaction.kind == "talk"
    assert after.get("react.decide_wait", 0) == before.get("react.decide_wait", 0)


def test_the_utterance_prompt_says_the_relation_the_way_round_the_cast_gives_it():
    """The cast's label is what the listener is to the speaker (Nessa's "with = Morwenna, label = aunt"):
    the prompt once read "Nessa Pellow is aunt of Morwenna Vane", the relation backwards."""
    from pathlib import Path

    run = Run.create("harbour6", model="scripted/default", hours=12, run_id="aunt", seed=5, embedder=HashEmbedder())
    rt = run.rt
    rt.clock.advance(10 * 360)
    for agent in rt.agents.values():
        from aga.cognition.plan_day import plan_new_day

        plan_new_day(rt, agent)
        next_action(rt, agent)
    shown: list[dict] = []
    call = rt.call

    def recording(task, agent, context, **kwargs):
        if task.name == "converse.utterance":
            shown.append(dict(context))
        return call(task, agent, context, **kwargs)

    rt.call = recording  # type: ignore[method-assign]
    converse(rt, rt.agents["Nessa Pellow"], rt.agents["Morwenna Vane"])
    assert shown[0]["relation_phrase"] == "Morwenna Vane is Nessa Pellow's aunt"
    template = (Path(__file__).parents[1] / "aga/cognition/prompts/converse.utterance.txt").read_text()
    assert "\n$relation_phrase.\n" in template
