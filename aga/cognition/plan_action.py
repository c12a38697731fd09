"""Planning the next action: decomposing the hour, choosing the place and object, describing it.

When the current action ends, the agent takes the schedule item that covers the current minute. An
item of an hour or more (not sleep) is first decomposed into 5-15 minute subtasks, together with the
next such item, as in the original. Then, as in the original, eight calls describe the action: sector,
arena and object (from the places the agent knows, leaving out other people's homes), an emoji, the
event triple, the object's state, its emoji and its triple.

With the Lifestyle Policy (``lifestyle`` module) the decomposition and the eight calls are first
looked up in the policy store, and what the LLM decides on a miss is stored for next time.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from aga.agents import Action, Agent, ScheduleItem
from aga.agents.state import is_sleep
from aga.cognition import lifestyle
from aga.cognition import wandering as wander
from aga.cognition.answers import Choice, Decomposition, Emoji, ObjectState, Subtask, Triple
from aga.cognition.common import Runtime, fmt_date, fmt_minute, identity, task
from aga.cognition.repair import nearest
from aga.cognition.wandering import wandering_text
from aga.routine import sleeps_at
from aga.world import Address
from aga.world.town import SLEEP_OBJECTS
from policy_store import rescale


@dataclass(frozen=True)
class BlockFacts:
    """The schedule block being decomposed: its activity and its length in minutes."""

    task: str
    minutes: int


@dataclass(frozen=True)
class OptionFacts:
    """The places or objects on offer, as a list (the prompt shows them joined), and the default pick."""

    options: tuple[str, ...]
    default: str


@dataclass(frozen=True)
class SubjectFacts:
    """Whose triple it is: the subject a triple must keep."""

    subject: str


def _decomposition_failsafe(context: dict, facts: BlockFacts) -> Decomposition:
    return Decomposition(subtasks=[Subtask(subtask=facts.task, minutes=facts.minutes)])


def _fit_block(value: Decomposition, context: dict, facts: BlockFacts) -> Decomposition:
    """Rescale subtask minutes to the block's duration (small models' sums are off)."""
    total = facts.minutes
    parts = [s for s in value.subtasks if s.subtask.strip()]
    minutes = rescale([s.minutes for s in parts], total)
    fixed = [Subtask(subtask=s.subtask.strip(), minutes=m) for s, m in zip(parts, minutes, strict=True) if m > 0]
    fixed = fixed or [Subtask(subtask=facts.task, minutes=total)]
    return value if fixed == value.subtasks else Decomposition(subtasks=fixed)


def _subject_is(value: Triple, context: dict, facts: SubjectFacts | None) -> Triple:
    subject = facts.subject if facts is not None else ""
    return (
        value
        if not subject or value.subject == subject
        else Triple(subject=subject, predicate=value.predicate, object=value.object)
    )


def _default_choice(context: dict, facts: OptionFacts) -> Choice:
    return Choice(choice=facts.default)


DECOMPOSE = task("plan.decompose", Decomposition, _decomposition_failsafe, max_tokens=700, repair=_fit_block)
SECTOR = task("act.sector", Choice, _default_choice, max_tokens=40, temperature=0.3)
ARENA = task("act.arena", Choice, _default_choice, max_tokens=40, temperature=0.3)
OBJECT = task("act.object", Choice, _default_choice, max_tokens=40, temperature=0.3)
EMOJI = task("act.emoji", Emoji, Emoji(emoji="🙂"), max_tokens=16)
TRIPLE = task(
    "act.triple",
    Triple,
    lambda ctx, _: Triple(subject=ctx["name"], predicate="is", object=str(ctx["action_description"])[:100]),
    max_tokens=60,
    temperature=0.2,
    repair=_subject_is,
)
OBJECT_STATE = task("act.object_state", ObjectState, ObjectState(state="being used"), max_tokens=30)
OBJECT_EMOJI = task("act.object_emoji", Emoji, Emoji(emoji="🙂"), max_tokens=16)
OBJECT_TRIPLE = task(
    "act.object_triple",
    Triple,
    lambda ctx, _: Triple(subject=ctx["object"], predicate="is", object=str(ctx["state"])[:100]),
    max_tokens=60,
    temperature=0.2,
    repair=_subject_is,
)


def decompose_item(rt: Runtime, agent: Agent, index: int) -> None:
    """Replace schedule item ``index`` by its subtasks (once; sleep and short items are not decomposed)."""
    schedule = agent.state.schedule
    item = schedule[index]
    if item.decomposed or item.minutes < 60 or is_sleep(item.task):
        return
    if rt.hour_blocks and item.minutes >= 120:
        # Acted at the baseline's grain: its hourly schedule gives a block an hour, each decomposed on
        # its own, where one call for a four-hour block gives a few long steps (a model does not split
        # four hours four times as finely as one). Cut into hours (the last takes what is left over) and
        # decompose the one due now; the next ones are decomposed when they come.
        hours = item.minutes // 60
        cut = [*([60] * (hours - 1)), item.minutes - 60 * (hours - 1)]
        schedule[index : index + 1] = [ScheduleItem(item.task, m, origin=item.origin) for m in cut]
        item = schedule[index]
    start = sum(s.minutes for s in schedule[:index])
    context = {
        "identity": identity(agent, rt.now),
        "name": agent.name,
        "date": fmt_date(rt.now),
        "inspiration": "",
        "surrounding": _surrounding(schedule, index),
        "task": item.task,
        "start": fmt_minute(start),
        "end": fmt_minute(start + item.minutes),
        "minutes": item.minutes,
    }
    reused = lifestyle.reuse_plan(rt, agent, item, start)
    if reused is not None:
        schedule[index : index + 1] = reused
        return
    context["inspiration"] = wandering_text(rt, agent, wander.DECOMPOSE)  # empty without mind wandering
    with rt.gateway.tally() as tally:
        subtasks = rt.call(DECOMPOSE, agent, context, facts=BlockFacts(item.task, item.minutes)).subtasks
    steps = [s.subtask for s in subtasks]
    learn = rt.lifestyle is not None and not tally.failsafes
    origins = lifestyle.origins(item, start, steps, f"{rt.step}:{index}", tally) if learn else [None] * len(steps)
    schedule[index : index + 1] = [
        ScheduleItem(f"{item.task} ({s.subtask})", s.minutes, decomposed=True, origin=o)
        for s, o in zip(subtasks, origins, strict=True)
    ]


def _surrounding(schedule: list[ScheduleItem], index: int) -> str:
    parts = []
    start = sum(s.minutes for s in schedule[: max(0, index - 1)])
    for item in schedule[max(0, index - 1) : index + 2]:
        parts.append(f"from {fmt_minute(start)} to {fmt_minute(start + item.minutes)}, {item.task}")
        start += item.minutes
    return "Planned: " + "; ".join(parts) + "."


def next_action(rt: Runtime, agent: Agent) -> Action:
    """Start the action the schedule has for now (decomposing its hour first when needed)."""
    state = agent.state
    now = rt.now
    index, _ = state.schedule_index(now)
    decompose_item(rt, agent, index)
    index, start = state.schedule_index(now)
    for later in range(index + 1, len(state.schedule)):  # the next long block too, as the original does
        if state.schedule[later].minutes >= 60 and not state.schedule[later].decomposed:
            decompose_item(rt, agent, later)
            break
    index, start = state.schedule_index(now)
    item = state.schedule[index]
    minute = now.hour * 60 + now.minute
    minutes = max(1, start + item.minutes - minute)
    action = lifestyle.reuse_action(rt, agent, item, minutes)
    if action is None:
        with rt.gateway.tally() as tally:
            action = describe(rt, agent, item.task, minutes)
        lifestyle.learn_action(rt, agent, item, action, tally)
    state.action = action
    rt.timeline.add(
        rt.step, now, agent.name, "action", item.task, address=action.address, emoji=action.emoji, minutes=minutes
    )
    return action


def known_sectors(rt: Runtime, agent: Agent) -> list[str]:
    """Sectors the agent knows, leaving out other people's homes."""
    town = rt.scenario.town
    home = agent.home[0]
    out = []
    for sector in agent.state.known:
        info = town.sectors.get(sector)
        if info is None or (info.private and sector != home and agent.name not in info.residents):
            continue
        out.append(sector)
    return out


def _offered(options: list[str]) -> dict[str, list[str]] | None:
    """The options a place prompt lists as the answer's choices: a model whose server enforces the
    schema names one verbatim; the repairs remain for one that does not (JSON mode only)."""
    return {"choice": options} if options else None


def describe(rt: Runtime, agent: Agent, description: str, minutes: int) -> Action:
    """Choose where the action happens and describe it (the eight per-action calls)."""
    now = rt.now
    town = rt.scenario.town
    embed = rt.embedder.embed
    here = town.address_at(agent.state.tile)
    home_sector = agent.home[0]
    known = agent.state.known
    current_sector = here.sector or home_sector
    sectors = known_sectors(rt, agent)
    base = {"identity": identity(agent, now), "name": agent.name, "action_description": description}
    own_words = (agent.state.daily_plan_requirement, agent.persona.lifestyle)  # where they say they sleep

    def place() -> tuple[Address, str | None, tuple[str, tuple[str, str, str]] | None]:
        """Sector, arena and object, one after another (each offers what the last chose), then the
        object's state and, at once, its emoji and triple."""
        sector = rt.call(
            SECTOR,
            agent,
            {
                **base,
                "home_sector": home_sector,
                "home_arenas": ", ".join(known.get(home_sector, {})),
                "current_sector": current_sector,
                "current_arenas": ", ".join(known.get(current_sector, {})),
                "requirement": agent.state.daily_plan_requirement,
                "options": ", ".join(sectors),
            },
            facts=OptionFacts(tuple(sectors), home_sector),
            repair=lambda v: _sector_repair(v, sectors, home_sector, description, embed, own_words),
            choices=_offered(sectors),
        ).choice
        arenas = list(known.get(sector, {})) or list(town.sectors[sector].arenas)
        arena = rt.call(
            ARENA,
            agent,
            {
                **base,
                "sector": sector,
                "current_arena": here.arena or "the street",
                "current_sector": current_sector,
                "options": ", ".join(arenas),
            },
            facts=OptionFacts(tuple(arenas), arenas[0]),
            repair=lambda v: _arena_repair(v, arenas, sector, agent, description, embed),
            choices=_offered(arenas),
        ).choice
        objects = known.get(sector, {}).get(arena) or list(town.arena(sector, arena).objects)
        # An exclusive object someone else is using is not offered (the shower, behind the counter).
        free = [o for o in objects if not rt.occupant(str(Address(town.world, sector, arena, o)), besides=agent.name)]
        objects = free or objects
        obj = None
        if objects:
            obj = rt.call(
                OBJECT,
                agent,
                {**base, "options": ", ".join(objects)},
                facts=OptionFacts(tuple(objects), objects[0]),
                repair=lambda v: _object_repair(v, objects, town.arena(sector, arena).bed, description, embed),
                choices=_offered(objects),
            ).choice
        address = Address(town.world, sector, arena, obj)
        if obj is None:
            return address, None, None
        obj_context = {**base, "object": obj}
        state = rt.call(OBJECT_STATE, agent, obj_context).state
        obj_context = {**obj_context, "state": state}
        obj_emoji, obj_triple = rt.gather(
            agent,
            lambda: rt.call(OBJECT_EMOJI, agent, obj_context).emoji,
            lambda: _triple(rt.call(OBJECT_TRIPLE, agent, obj_context, facts=SubjectFacts(obj))),
        )
        return address, state, (obj_emoji, obj_triple)

    # The action's emoji and triple need only its description: asked while its place is being chosen.
    (address, state, looks), emoji, (s, p, o) = rt.gather(
        agent,
        place,
        lambda: rt.call(EMOJI, agent, base).emoji,
        lambda: _triple(rt.call(TRIPLE, agent, base, facts=SubjectFacts(agent.name))),
    )
    action = Action(
        description=description, address=str(address), start=now, minutes=minutes, emoji=emoji, event=(s, p, o)
    )
    if state is not None and looks is not None:
        action = replace(action, obj_description=state, obj_emoji=looks[0], obj_event=looks[1])
    return action


def _sector_repair(
    value: Choice, sectors: list[str], home: str, description: str, embed: Any, own_words: tuple[str, ...] = ()
) -> Choice:
    """A known sector; and sleep happens at home (the 1.5B model sent a sleeper to the pub), or where the persona's
    own words put it ("sleeps in the bunk room at the station", see ``sleeps_at``)."""
    if is_sleep(description) and home in sectors:
        if value.choice in sectors and sleeps_at(value.choice, *own_words):
            return value
        return value if value.choice == home else Choice(choice=home)
    return value if value.choice in sectors else Choice(choice=nearest(value.choice, sectors, embed))


def _arena_repair(value: Choice, arenas: list[str], sector: str, agent: Agent, description: str, embed: Any) -> Choice:
    """A known arena of the sector; sleep happens in the agent's own room."""
    home_sector, home_arena = agent.home
    if is_sleep(description) and sector == home_sector and home_arena in arenas:
        return value if value.choice == home_arena else Choice(choice=home_arena)
    return value if value.choice in arenas else Choice(choice=nearest(value.choice, arenas, embed))


def _object_repair(value: Choice, objects: list[str], bed: str | None, description: str, embed: Any) -> Choice:
    """A listed object; and sleep happens on what the room has to sleep on (an outside tester's bus
    driver slept "at" her alarm clock, a cook at his wardrobe: MiniLM puts "sleeping" near neither a
    futon nor a bed)."""
    if is_sleep(description) and bed in objects and not SLEEP_OBJECTS.search(value.choice.lower()):
        return Choice(choice=bed)
    return value if value.choice in objects else Choice(choice=nearest(value.choice, objects, embed))


def _triple(value: Triple) -> tuple[str, str, str]:
    return value.subject, value.predicate, value.object
