"""The Lifestyle Policy in the town: where plan, action and importance decisions meet the policy store.

Three kinds of decision are reused (paper section 3.1, and the rating cache the reference code left
as a to-do):

- ``plan``: an hour-long schedule item's decomposition, with each step's action. Stored once every
  step of an LLM decomposition has been executed; its condition needs every place and object the
  steps used to exist, be known to the agent and be reachable, around the same time of day and for a
  similar duration.
- ``action``: the eight per-action calls (sector, arena, object, emoji, event triple, object state,
  its emoji and triple) for one action text. Its condition also needs the object free.
- ``importance``: the rating of an event the agent already rated in other words.

Each hit is written to the ledger per avoided task, with the similarity and the tokens that task cost
when the decision was first asked of the LLM. Decisions the gateway had to fill with a fail-safe are
never stored: a cache must not make an LLM failure permanent.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any

from aga.agents import Action, Agent, ScheduleItem
from aga.agents.state import PlanStep
from aga.cognition.common import Runtime
from aga.concurrency import defer
from aga.world import Address
from policy_store import (
    ACTION,
    IMPORTANCE,
    PLAN,
    ActionSpec,
    ConditionChecker,
    Draft,
    Lookup,
    Match,
    PolicyStore,
    Query,
    Requirement,
    Step,
)

if TYPE_CHECKING:
    from aga.llm.gateway import Tally


class TownChecker:
    """Whether a place or object requirement holds for one agent in the town right now."""

    def __init__(self, rt: Runtime, agent: Agent) -> None:
        self.rt = rt
        self.agent = agent

    def unmet(self, requirement: Requirement) -> str | None:
        """Why the requirement does not hold (None when it does)."""
        address = Address.parse(requirement.target)
        town = self.rt.scenario.town
        sector = town.sectors.get(address.sector or "")
        if sector is None or address.arena not in sector.arenas:
            return "no such place in the town"
        arena = sector.arenas[address.arena]
        known = self.agent.state.known.get(sector.name, {})
        if address.arena not in known:
            return "not a place the agent knows"
        if sector.private and sector.name != self.agent.home[0] and self.agent.name not in sector.residents:
            return "someone else's home"
        if not town.reachable(self.agent.state.tile, arena):
            return "cannot be reached"
        if requirement.kind == "object":
            if address.obj not in arena.objects:
                return "no such object there"
            if address.obj not in known[address.arena]:
                return "an object the agent has not seen"
            if requirement.free:
                user = self.rt.occupant(requirement.target, besides=self.agent.name)
                if user:
                    return f"in use by {user}"
            if requirement.state is not None:
                state = self.rt.object_state(requirement.target)
                if state.lower() != requirement.state.lower():
                    return f"is {state}, not {requirement.state}"
        return None


def bindings(agent: Agent) -> dict[str, str]:
    """The names an agent's decisions mention, by role (for borrowing in the shared scope)."""
    sector, arena = agent.home
    return {
        "self": agent.name,
        "first": agent.first_name,
        "last": agent.name.split()[-1],
        "home": sector,
        "room": f"{sector}:{arena}",
    }


def _minute(rt: Runtime) -> int:
    return rt.now.hour * 60 + rt.now.minute


# ---------------------------------------------------------------------- specs <-> actions
def spec_of(action: Action, cost: dict[str, list[float]]) -> ActionSpec:
    """What reusing ``action`` needs (and what describing it cost)."""
    return ActionSpec(
        address=action.address,
        emoji=action.emoji,
        event=action.event,
        obj_state=action.obj_description,
        obj_emoji=action.obj_emoji,
        obj_event=action.obj_event,
        extra={"cost": cost},
    )


def requirements(spec: ActionSpec, *, free: bool) -> list[Requirement]:
    """The place (and object) an action needs; ``free``: nobody else may be using it (if it is exclusive)."""
    address = Address.parse(spec.address)
    if address.arena is None:
        return []
    arena = str(address.arena_address)
    needs = [Requirement(target=arena, kind="place")]
    if address.obj is not None:
        needs.append(Requirement(target=spec.address, kind="object", free=free))
    return needs


def action_from(spec: ActionSpec, description: str, rt: Runtime, minutes: int) -> Action:
    """An action executing ``spec`` now."""
    return Action(
        description=description,
        address=spec.address,
        start=rt.now,
        minutes=minutes,
        emoji=spec.emoji,
        event=spec.event,
        obj_description=spec.obj_state,
        obj_emoji=spec.obj_emoji,
        obj_event=spec.obj_event,
    )


def _record_hits(
    rt: Runtime, agent: Agent, cost: dict[str, list[float]], kind: str, similarity: float, tasks: Iterable[str]
) -> int:
    """One ledger row per avoided call; returns the tokens avoided in all."""
    saved = 0
    for n, name in enumerate(tasks):
        row = rt.gateway.record_cache_hit(
            name, kind=kind, agent=agent.name, similarity=similarity, saved=cost.get(name), decision=n == 0
        )
        saved += row.saved_prompt_tokens + row.saved_completion_tokens
    return saved


def _action_tasks(spec: ActionSpec, cost: dict[str, list[float]]) -> list[str]:
    """The per-action tasks a reused action avoids (those it cost when learned, else the usual ones)."""
    if cost:
        return sorted(cost)
    tasks = ["act.sector", "act.arena", "act.emoji", "act.triple"]
    if Address.parse(spec.address).obj is not None:
        tasks += ["act.object", "act.object_state", "act.object_emoji", "act.object_triple"]
    return tasks


def unusable(kind: str, steps: Sequence[Step], value: dict[str, Any]) -> str | None:
    """What keeps a stored decision of ``kind`` from being carried out in the town (None: nothing).

    Decisions the town writes always pass; an imported one (`aga policy import`, or a store filled by
    other code) may not, and reusing it would fail mid-run (a rating "high") or do nothing (a plan of no
    steps). The import refuses such decisions, and a lookup treats one as a miss."""
    if kind == IMPORTANCE:
        rating = value.get("rating")
        if isinstance(rating, bool) or not isinstance(rating, int) or not 1 <= rating <= 10:
            return f"its rating {rating!r} is not a whole number from 1 to 10"
    elif kind == PLAN and not any(step.minutes > 0 for step in steps):
        return "it has no step that lasts a minute or more"
    elif kind == ACTION and (not steps or steps[0].action is None or not steps[0].action.address.strip()):
        return "its first step has no action with an address"
    return None


def _lookup(
    store: PolicyStore,
    query: Query,
    checker: ConditionChecker | None = None,
    also: Callable[[Match], str | None] | None = None,
) -> Lookup:
    """Look up, counting the hit on the policy as a deferred write: in a phased step, hits are counted
    in the agents' fixed order, so that the store's recency and hit order, which break ties in later
    lookups, do not depend on which agent's thread ran first. A match the town cannot use (see
    :func:`unusable`, and ``also``: why else it cannot, or None) is a miss, and is not counted as used."""
    found = store.lookup(query, checker, defer_use=True)
    if found.match is not None:
        problem = unusable(query.kind, found.match.steps, found.match.value)
        if problem is None and also is not None:
            problem = also(found.match)
        if problem is not None:
            return found.refuse(problem)
        match = found.match
        defer(lambda: store.use(match, query.kind))
    return found


def _write(store: PolicyStore, draft: Draft) -> None:
    """Store a decision; in a phased step at the end of the phase, in the agents' fixed order."""
    defer(lambda: store.write(draft))


# ---------------------------------------------------------------------- plans
def reuse_plan(rt: Runtime, agent: Agent, item: ScheduleItem, start: int) -> list[ScheduleItem] | None:
    """The steps of a stored decomposition of ``item`` valid now (durations fitted), or None."""
    store = rt.lifestyle
    if store is None:
        return None
    found = _lookup(
        store,
        Query(
            kind=PLAN,
            owner=agent.name,
            text=item.task,
            minutes=item.minutes,
            minute_of_day=start % 1440,  # a schedule that runs past midnight wraps, as its window does
            bindings=bindings(agent),
        ),
        TownChecker(rt, agent),
    )
    if found.match is None:
        _log(rt, agent, item.task, found, PLAN)
        return None
    match = found.match
    saved = _record_hits(rt, agent, match.cost, PLAN, match.similarity, sorted(match.cost) or ["plan.decompose"])
    _log(rt, agent, item.task, found, PLAN, tokens_saved=saved)
    return [
        ScheduleItem(
            f"{item.task} ({step.text})",
            step.minutes,
            decomposed=True,
            spec=step.action.model_dump(mode="json") if step.action else None,
            similarity=match.similarity,
        )
        for step in match.steps
    ]


def origins(item: ScheduleItem, start: int, steps: list[str], group: str, tally: Tally) -> list[PlanStep]:
    """Where each step of a fresh LLM decomposition of ``item`` came from."""
    return [
        PlanStep(
            group=group,
            plan=item.task,
            minutes=item.minutes,
            start=start,
            step=step,
            steps=len(steps),
            cost={k: list(v) for k, v in tally.tasks.items()},
        )
        for step in steps
    ]


def _learn_plan(rt: Runtime, agent: Agent, origin: PlanStep) -> None:
    """Store the decomposition ``origin`` belongs to once all its steps have been executed."""
    store = rt.lifestyle
    assert store is not None
    group = [i for i in agent.state.schedule if i.origin is not None and i.origin.group == origin.group]
    if len(group) != origin.steps or any(i.spec is None for i in group):
        return
    steps = tuple(
        Step(text=i.origin.step, minutes=i.minutes, action=ActionSpec.model_validate(i.spec))
        for i in group
        if i.origin is not None and i.spec is not None
    )
    needs = [r for s in steps if s.action is not None for r in requirements(s.action, free=False)]
    _write(
        store,
        Draft(
            kind=PLAN,
            owner=agent.name,
            text=origin.plan,
            steps=steps,
            condition=store.config.condition(PLAN, needs, minute_of_day=origin.start, minutes=origin.minutes),
            minutes=origin.minutes,
            bindings=bindings(agent),
            cost=origin.cost,
        ),
    )
    for i in group:
        i.origin = None  # stored; a later pass must not store it again


# ---------------------------------------------------------------------- actions
def reuse_action(rt: Runtime, agent: Agent, item: ScheduleItem, minutes: int) -> Action | None:
    """An action for ``item`` without the LLM: the reused plan's step if still valid, else a stored action."""
    store = rt.lifestyle
    if store is None:
        return None
    checker = TownChecker(rt, agent)
    if item.spec is not None and item.origin is None:
        spec = ActionSpec.model_validate(item.spec)
        if not any(checker.unmet(r) for r in requirements(spec, free=True)):
            cost = spec.extra.get("cost", {})
            saved = _record_hits(rt, agent, cost, ACTION, item.similarity or 1.0, _action_tasks(spec, cost))
            _log(rt, agent, item.task, None, ACTION, similarity=item.similarity, tokens_saved=saved)
            return action_from(spec, item.task, rt, minutes)

    def unmet_place(match: Match) -> str | None:
        # The stored condition names the action's place and object for what the town wrote (so they are
        # checked already, and nothing is checked twice); an imported condition may not.
        spec = match.steps[0].action
        if spec is None:  # refused by unusable() before this is asked
            return "no action"
        checked = {r.target for r in match.condition.requires}
        needs = [r for r in requirements(spec, free=True) if r.target not in checked]
        why = next((why for r in needs if (why := checker.unmet(r))), None)
        return f"{spec.address}: {why}" if why else None

    found = _lookup(
        store,
        Query(kind=ACTION, owner=agent.name, text=item.task, minute_of_day=_minute(rt), bindings=bindings(agent)),
        checker,
        unmet_place,
    )
    if found.match is None or found.match.steps[0].action is None:
        _log(rt, agent, item.task, found, ACTION)
        return None
    spec = found.match.steps[0].action
    cost = spec.extra.get("cost", {})
    saved = _record_hits(rt, agent, cost, ACTION, found.match.similarity, _action_tasks(spec, cost))
    _log(rt, agent, item.task, found, ACTION, tokens_saved=saved)
    item.spec = spec.model_dump(mode="json")
    if item.origin is not None:  # a step of a fresh decomposition executed from the cache still completes it
        _learn_plan(rt, agent, item.origin)
    return action_from(spec, item.task, rt, minutes)


def learn_action(rt: Runtime, agent: Agent, item: ScheduleItem, action: Action, tally: Tally) -> None:
    """Store an action the LLM just described (not if any of its calls fell back to a fail-safe)."""
    store = rt.lifestyle
    if store is None or tally.failsafes:
        return
    spec = spec_of(action, {k: list(v) for k, v in tally.tasks.items()})
    item.spec = spec.model_dump(mode="json")
    _write(
        store,
        Draft(
            kind=ACTION,
            owner=agent.name,
            text=item.task,
            steps=(Step(text=item.task, minutes=action.minutes, action=spec),),
            condition=store.config.condition(ACTION, requirements(spec, free=True), minute_of_day=_minute(rt)),
            minutes=action.minutes,
            bindings=bindings(agent),
        ),
    )
    if item.origin is not None:
        _learn_plan(rt, agent, item.origin)


# ---------------------------------------------------------------------- importance
def reuse_rating(rt: Runtime, agent: Agent, description: str) -> int | None:
    """The rating the agent gave an event like ``description`` before, or None."""
    store = rt.lifestyle
    if store is None or not store.config.serves(IMPORTANCE):
        return None
    found = _lookup(store, Query(kind=IMPORTANCE, owner=agent.name, text=description, bindings=bindings(agent)))
    if found.match is None:
        _log(rt, agent, description, found, IMPORTANCE)
        return None
    saved = _record_hits(rt, agent, found.match.cost, IMPORTANCE, found.match.similarity, ["perceive.importance"])
    _log(rt, agent, description, found, IMPORTANCE, tokens_saved=saved)
    return int(found.match.value["rating"])


def learn_rating(rt: Runtime, agent: Agent, description: str, rating: int, tally: Tally) -> None:
    """Store a rating the LLM gave (not a fail-safe)."""
    store = rt.lifestyle
    if store is None or tally.failsafes or not store.config.serves(IMPORTANCE):
        return
    _write(
        store,
        Draft(
            kind=IMPORTANCE,
            owner=agent.name,
            text=description,
            value={"rating": rating},
            bindings=bindings(agent),
            cost={k: list(v) for k, v in tally.tasks.items()},
        ),
    )


def _log(
    rt: Runtime,
    agent: Agent,
    query_text: str,
    found: Lookup | None,
    kind: str,
    *,
    tokens_saved: int | None = None,
    **reused: Any,
) -> None:
    """Log the decision in the run and count a miss for Prometheus (the gateway counts hits with their tokens).

    ``found`` is None for a step of a reused plan executed as planned (``reused`` gives its similarity).
    """
    hit = found is None or found.hit
    if not hit:
        rt.gateway.record_cache_miss(kind)
    if rt.decisions is None:
        return
    if found is None:
        extra = {"similarity": reused.get("similarity"), "reason": "step of a reused plan", "matched": query_text}
    else:
        match = found.match
        extra = {
            "similarity": match.similarity if match else found.best_similarity,
            "reason": found.reason,
            "policy_id": match.policy_id if match else None,
            "borrowed": bool(match and match.borrowed),
            "matched": match.text if match else None,
        }
    rt.decisions.add(rt.step, rt.now, agent.name, kind, query_text, hit=hit, tokens_saved=tokens_saved, **extra)
