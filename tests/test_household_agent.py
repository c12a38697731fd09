"""The household agent (AGA appendix C) with the simulator and with fake answers; its Lifestyle Policy."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from aga.household import Household
from aga.household.agent import CHOOSE, COMMAND, CRITIC, MAX_FAILURES, HouseholdAgent, Resident, records_summary
from aga.household.answers import ItemChoice, RoughCommand, Verdict
from aga.llm.gateway import Gateway
from policy_store import ActionSpec, Condition, Draft, PolicyStore, Requirement, Step
from tests.fakes import HashEmbedder

SCENE = "TrimmedTestScene1:file1003_2"
RESIDENT = Resident(
    "Mia", "Name: Mia\nAge: 34\nInnate traits: tidy, curious\nLifestyle: works from home at her computer"
)
ACTIVITY = "switch on the computer and use it in the home office"


@pytest.fixture
def gateway(ledger) -> Gateway:
    return Gateway("scripted/default", ledger=ledger, seed=3)


def test_a_day_at_home_runs_every_task_through_the_gateway(gateway: Gateway, ledger):
    home = Household.load(SCENE)
    records = HouseholdAgent(RESIDENT, gateway, activities=4).live_day(home)
    summary = records_summary(records)
    assert summary["activities"] == 4 and summary["commands"] > 0 and summary["from_policy"] == 0
    tasks = {t.key for t in ledger.totals("task")}
    assert {"household.activities", "household.needs", "household.command", "household.critic"} <= tasks
    for record in records:
        for line in record.executed:
            assert line.startswith("<char0> [")  # every executed command is a full VirtualHome line
        assert len(record.executed) + len(record.failed) > 0


def test_a_completed_activity_is_replayed_from_the_store_without_the_llm(gateway: Gateway, ledger):
    store = PolicyStore.in_memory(HashEmbedder())
    agent = HouseholdAgent(RESIDENT, gateway, store)
    first = agent.do(ACTIVITY, Household.load(SCENE))
    assert first.done and first.source == "llm", first
    calls = ledger.totals()[0].llm_calls
    again = agent.do(ACTIVITY, Household.load(SCENE))  # the next morning: the home as it was
    assert again.source == "policy" and again.done and again.executed == first.executed
    assert ledger.totals()[0].llm_calls == calls  # no call at all
    # The same activity when an item it used is in another state: the condition fails, the LLM decides.
    home = Household.load(SCENE)
    computer = next(line for line in first.executed if "<computer>" in line).split("(")[1].rstrip(")")
    for command in (f"<char0> [walk] <computer> ({computer})", f"<char0> [switchon] <computer> ({computer})"):
        assert home.execute(command).ok
    changed = agent.do(ACTIVITY, home)
    assert changed.source == "llm" and ledger.totals()[0].llm_calls > calls


def test_a_stored_sequence_that_no_longer_executes_falls_back_to_the_llm(gateway: Gateway):
    store = PolicyStore.in_memory(HashEmbedder())
    bad = "<char0> [grab] <computer> (417)"  # a computer cannot be grabbed: the replay fails on it
    needs = Condition(requires=(Requirement(target="computer (417)", kind="object", state="OFF"),))
    steps = (Step(text=bad, minutes=0, action=ActionSpec(address="417")),)
    store.write(Draft(kind="household", owner="Mia", text=ACTIVITY, steps=steps, condition=needs))
    record = HouseholdAgent(RESIDENT, gateway, store).do(ACTIVITY, Household.load(SCENE))
    assert record.replay_failed and record.source == "policy+llm"
    assert record.failed[0].startswith(bad) and "not grabbable" in record.failed[0]


class Stubborn:
    """Answers that never complete anything: the same impossible command, a critic that says no."""

    def __init__(self) -> None:
        self.calls: list[str] = []

    def call(self, task: Any, context: Any, **_: Any) -> Any:
        self.calls.append(task.name)
        if task is COMMAND:
            return RoughCommand(action="grab", item="computer")
        if task is CRITIC:
            return Verdict(done=False)
        if task is CHOOSE:
            return ItemChoice(id=417)
        from aga.household.answers import Needs

        return Needs(items=["computer"], actions=["grab"])


def test_an_activity_that_cannot_be_done_is_given_up_and_counted_as_not_done():
    stubborn = Stubborn()
    record = HouseholdAgent(RESIDENT, stubborn).do(ACTIVITY, Household.load(SCENE))
    assert not record.done and record.executed == [] and len(record.failed) == MAX_FAILURES
    assert records_summary([record])["done"] == 0
    assert stubborn.calls.count("household.command") == MAX_FAILURES


def test_the_simulator_reads_only_what_the_household_prompts_show(gateway: Gateway, tmp_path: Path):
    from aga.llm.providers import scripted

    seen: list[Any] = []
    scripted.observers.append(lambda asked, reply: seen.append(asked))
    try:
        HouseholdAgent(RESIDENT, gateway, activities=2).live_day(Household.load(SCENE))
    finally:
        scripted.observers.pop()
    assert {a.task for a in seen} >= {"household.activities", "household.command"}
    for asked in seen:
        for value in asked.shown.values():
            assert value in asked.text  # every value the simulator may read is in the prompt


def test_a_needs_answer_is_kept_to_the_things_and_actions_of_the_home():
    from aga.household.agent import _known_needs, _verb
    from aga.household.answers import Needs

    known = Household.load(SCENE).actions()
    assert _verb("sit down", known) == "sit" and _verb("[Grab]", known) == "grab"
    assert _verb("teleport", known) == "teleport"  # not an action: left for the refusal to explain
    items, actions = _known_needs(
        Needs(items=["book", "Coffee maker", "sofa"], actions=["sit down", "read book", "fly"]),
        ["coffee_maker", "sofa", "kitchen"], known,
    )  # fmt: skip
    assert items == ["coffee_maker", "sofa"] and actions == ["walk", "sit", "read"]
    # Nothing the answer names exists: it is kept as said, so the refusals that follow say why.
    assert _known_needs(Needs(items=["child"], actions=["play"]), ["sofa"], known) == (["child"], ["walk"])


def _without(home: Household, item_id: int) -> Household:
    """The home with one item (and its relations) taken out."""
    graph = home.to_json()["graph"]
    graph["nodes"] = [n for n in graph["nodes"] if n["id"] != item_id]
    graph["edges"] = [e for e in graph["edges"] if item_id not in (e["from_id"], e["to_id"])]
    return Household(graph)


def test_a_routine_replays_the_day_plan_and_is_dropped_when_its_things_are_gone(gateway: Gateway, ledger):
    store = PolicyStore.in_memory(HashEmbedder())
    agent = HouseholdAgent(RESIDENT, gateway, store, activities=3, reuse_day=True)
    first = agent.live_day(Household.load(SCENE))
    assert agent.day_source == "llm" and first

    def plans() -> int:
        return sum(t.llm_calls for t in ledger.totals("task") if t.key == "household.activities")

    assert plans() == 1
    second = agent.live_day(Household.load(SCENE))  # the next morning
    assert agent.day_source == "policy" and plans() == 1  # no plan asked of the LLM
    assert [r.activity for r in second] == [r.activity for r in first]  # failed activities stay in it
    learned = [f.activity for f in first if f.done and f.source == "llm"]
    assert learned and [r.activity for r in second if r.source == "policy"][:1] == learned[:1]
    hits = next(t for t in ledger.totals("task") if t.key == "household.activities")
    assert hits.cache_hits == 1 and hits.saved_prompt_tokens > 0  # the plan's cost is recorded as saved
    # A home without a thing the routine used: its condition fails and the LLM plans the day.
    used = next(int(line.split("(")[-1].rstrip(")")) for r in first for line in r.executed)
    agent.live_day(_without(Household.load(SCENE), used))
    assert agent.day_source == "llm" and plans() == 2


def test_without_reuse_day_every_day_is_planned_by_the_llm(gateway: Gateway):
    agent = HouseholdAgent(RESIDENT, gateway, PolicyStore.in_memory(HashEmbedder()), activities=2)
    agent.live_day(Household.load(SCENE))
    agent.live_day(Household.load(SCENE))
    assert agent.day_source == "llm"


def test_the_prompts_of_a_home_do_not_depend_on_the_interpreter_s_hash_seed():
    # EvolvingGraph keeps states and properties in sets: listed as they come, a prompt (and so a
    # seeded run) differed from one process to the next.
    code = (
        "from aga.household import Household; from aga.household.agent import _thing\n"
        f"h = Household.load({SCENE!r})\n"
        "print([(_thing(i), i.describe()) for i in h.items()])"
    )
    outputs = set()
    for seed in (1, 2, 3):
        env = {**os.environ, "PYTHONHASHSEED": str(seed)}
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env)
        outputs.add(done.stdout)
    assert len(outputs) == 1


def test_a_refused_choice_is_shown_to_the_next_choice_of_the_same_command():
    from aga.household.agent import _refused_choices
    from aga.household.environment import Item

    mats = [Item(401, "mat", "Furniture", "home_office", (), ()), Item(236, "mat", "Furniture", "bedroom", (), ())]
    failed = [
        '<char0> [sit] <mat> (401): Too many things on <mat> (401) when executing "[SIT] <mat> (401)"',
        '<char0> [lie] <mat> (236): <character> (65) is not close to <mat> (236) when executing "[LIE] <mat> (236)"',
        "sit mat: there is no action [sit]",
    ]
    assert _refused_choices(failed, "sit", mats) == "mat (401): Too many things on <mat> (401)"
    assert _refused_choices(failed, "grab", mats) == ""


def test_the_simulator_chooses_what_it_stands_at_and_repeats_no_refused_command():
    import random

    import aga.simulator  # noqa: F401  (registers the answer routines)
    from aga.simulator.prompt import HOOKS, Prompt

    def ask(task: str, seed: int, **shown: str) -> dict:
        return HOOKS[task](Prompt(task, "\n".join(shown.values()), shown, None, random.Random(seed)))  # type: ignore[return-value]

    candidates = "\n".join(
        [f"drawing ({i}) in the dining_room; states: CLEAN" for i in (238, 239, 240)]
        + ["drawing (241) in the dining_room; states: CLEAN; next to you"]
    )
    shown = {"activity": "pick up the drawing", "room": "dining_room", "command": "grab drawing", "name": "drawing",
             "candidates": candidates, "refused": "(none)"}  # fmt: skip
    assert {ask("household.choose_item", s, **shown)["id"] for s in range(20)} == {241}
    refused = {**shown, "refused": "drawing (241): Too many things on <drawing> (241)"}
    assert 241 not in {ask("household.choose_item", s, **refused)["id"] for s in range(20)}
    # Everything tried, some of it refused twice: never a command the prompt lists as failed.
    forbidden = "\n".join(
        ['<char0> [close] <cupboard> (229): <cupboard> (229) is not open when executing "[CLOSE] <cupboard> (229)"'] * 2
        + ['<char0> [open] <cupboard> (229): <cupboard> (229) is not closed when executing "[OPEN] <cupboard> (229)"']
        * 2
    )
    command = {"activity": "open the cupboard and tidy it", "room": "dining_room", "held": "nothing",
               "items": "cupboard", "actions": "walk, open, close",
               "executed": "<char0> [walk] <cupboard> (229)\n<char0> [close] <cupboard> (229)",
               "forbidden": forbidden}  # fmt: skip
    answers = [ask("household.command", s, **command) for s in range(20)]
    assert not [a for a in answers if a["action"] in ("open", "close")]
    # Told what is closed around the thing, it opens that first.
    inside = {**command, "items": "tray", "actions": "walk, grab, putobjback",
              "executed": "<char0> [walk] <tray> (296)",
              "forbidden": "<char0> [grab] <tray> (296): <tray> (296) is inside <oven> (295), which is closed when "
              'executing "[GRAB] <tray> (296)"'}  # fmt: skip
    assert ask("household.command", 0, **inside) == {"action": "walk", "item": "oven", "target": ""}
    walked = {**inside, "executed": inside["executed"] + "\n<char0> [walk] <oven> (295)"}
    assert ask("household.command", 0, **walked) == {"action": "open", "item": "oven", "target": ""}


def test_the_simulator_reads_the_bed_in_the_bedroom_as_the_bed():
    # "bed" was dropped as a part of "bedroom", and the resident tried to lie on the room 23 times.
    import random

    import aga.simulator  # noqa: F401  (registers the answer routines)
    from aga.simulator.prompt import HOOKS, Prompt

    shown = {"identity": "x", "activity": "lie down on the bed to rest in the bedroom",
             "items": "bed, bedroom, food, food_food, mat", "actions": "walk, lie, grab, eat"}  # fmt: skip
    assert HOOKS["household.needs"](Prompt("household.needs", "", shown, None, random.Random(0)))["items"] == ["bed"]
    food = {**shown, "activity": "eat the food food in the dining room"}
    assert HOOKS["household.needs"](Prompt("household.needs", "", food, None, random.Random(0)))["items"] == [
        "food_food"
    ]


def test_the_items_and_ids_a_prompt_lists_are_the_answer_schema_s_choices(gateway: Gateway):
    """A model whose server enforces the schema can only name a listed thing or id (the 1.5B model
    answered ids 0 and 1 for a chair whose ids are 103 and 356)."""
    seen: list[tuple[str, dict]] = []

    class Spy:
        def call(self, task: Any, context: Any, **kwargs: Any) -> Any:
            seen.append((task.name, dict(kwargs.get("choices") or {})))
            if task is CHOOSE:
                listed = [int(n) for n in re.findall(r"^\S+ \((\d+)\)", context["candidates"], re.M)]
                assert kwargs["choices"]["id"] == listed and len(listed) >= 2
                assert task.json_schema(kwargs["choices"])["properties"]["id"]["enum"] == listed
            if task is COMMAND:
                # The things the prompt names (the activity's, the room, a refused command's), no other.
                things = kwargs["choices"]["item"]
                assert context["room"] in things and kwargs["choices"]["target"] == ["", *things]
                prompt = task.render(context)
                assert all(re.search(rf"(?<!\w){re.escape(t)}(?!\w)", prompt) for t in things)
            return gateway.call(task, context, **kwargs)

    home = Household.load(SCENE)
    HouseholdAgent(RESIDENT, Spy(), activities=4).live_day(home)
    needs = [c for name, c in seen if name == "household.needs"]
    assert needs and all(set(c) == {"items", "actions"} and "walk" in c["actions"] for c in needs)
    assert any(name == "household.choose_item" for name, _ in seen), "no call chose among several of a kind"


def test_a_command_may_name_only_the_things_its_prompt_names():
    from aga.household.agent import _named_things

    context = {"room": "kitchen", "held": "nothing", "items": "cupboard, mug", "executed": "(none yet)",
               "forbidden": "<char0> [grab] <mug> (5): <mug> (5) is inside <fridge> (9), which is closed"}  # fmt: skip
    # "cup" is not in "cupboard"; the fridge is named only by a refusal's reason, and may be opened.
    assert _named_things(context, ["cup", "cupboard", "fridge", "kitchen", "mug", "sofa"]) == [
        "cupboard", "fridge", "kitchen", "mug"]  # fmt: skip
