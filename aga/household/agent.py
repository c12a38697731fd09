"""The household agent of AGA's appendix C: a day of activities, each turned into commands one at a time.

For the day: the activities, planned from the persona and every usable thing in the home. For each
activity: the things and actions it involves; then, until the critic says it is done, a rough command
("grab cup"), the item meant when the home has several of that kind (chosen by id from their room,
place and states), the final command (``<char0> [grab] <cup> (12)``, formatted here: the verb and the
id fix it), executed on the home; a failed command goes to the forbidden list that the next prompt
shows, a successful one to the executed list, after which the critic judges completion. The things,
actions and ids a prompt lists are its answer's choices (an enum in the schema a grammar enforces).

With a policy store (``policy_store``, the same library as the town's Lifestyle Policy), an activity
that was completed is stored with its commands and, as its condition, the states of the items it used
when it began; a similar activity later is replayed without the LLM when those items are in those
states. A replay that fails to execute is counted and the activity falls back to the LLM from there.

With ``reuse_day`` (the ``routine`` mode; ours, not the paper's) the day's list of activities is a
policy too: the first day planned by the LLM is stored with its activities, keyed by who the resident
is, on condition that the things those activities used are still in the home; a later day whose home
satisfies it lives that routine again without asking the LLM for a plan (each activity then replayed
when it was completed before, else asked of the LLM again). The paper regenerates the activities every
day (its 1.2k tokens a day are about that one call).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from contextlib import nullcontext
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from aga.household.answers import DayActivities, ItemChoice, Needs, RoughCommand, Verdict
from aga.household.environment import Command, Household, Item
from aga.llm.tasks import Task

PROMPTS = Path(__file__).parent / "prompts"
KIND = "household"  # the policy kind of a completed activity
DAY_KIND = "household.day"  # the policy kind of a day's activities (the routine mode)
MAX_COMMANDS = 24  # commands tried per activity (executed or failed) before giving it up
MAX_FAILURES = 8
_REQUIREMENT = re.compile(r"^(?P<name>.+) \((?P<id>\d+)\)$")
_ITEM = re.compile(r"<(?P<name>[^>]+)> \((?P<id>\d+)\)")  # an item of a command line


@dataclass(frozen=True)
class Facts:
    """What a fail-safe needs beyond the prompt: the home as it is."""

    home: Household
    candidates: tuple[int, ...] = ()


def _failsafe_activities(context: Any, facts: Facts) -> DayActivities:
    # Resting in the first room is always possible; the day goes on rather than stopping.
    return DayActivities(activities=[f"rest in the {facts.home.rooms()[0]}"])


def _failsafe_needs(context: Any, facts: Facts) -> Needs:
    return Needs(items=[facts.home.character_room() or facts.home.rooms()[0]], actions=["walk"])


def _failsafe_command(context: Any, facts: Facts) -> RoughCommand:
    return RoughCommand(action="walk", item=facts.home.character_room() or facts.home.rooms()[0])


def _failsafe_choice(context: Any, facts: Facts) -> ItemChoice:
    return ItemChoice(id=facts.candidates[0] if facts.candidates else 0)


ACTIVITIES = Task("household.activities", PROMPTS / "household.activities.txt", DayActivities, _failsafe_activities,
                  max_tokens=400)  # fmt: skip
NEEDS = Task("household.needs", PROMPTS / "household.needs.txt", Needs, _failsafe_needs)
COMMAND = Task("household.command", PROMPTS / "household.command.txt", RoughCommand, _failsafe_command, max_tokens=80)
CHOOSE = Task("household.choose_item", PROMPTS / "household.choose_item.txt", ItemChoice, _failsafe_choice,
              max_tokens=20)  # fmt: skip
# The critic's fail-safe gives the activity up: a critic that cannot answer must not keep it going.
CRITIC = Task("household.critic", PROMPTS / "household.critic.txt", Verdict, Verdict(done=True), max_tokens=20)


@dataclass(frozen=True)
class Resident:
    """Who lives in the home: a name and the identity text every prompt opens with."""

    name: str
    identity: str


@dataclass
class ActivityRecord:
    """What one activity took: its commands, failures, whether it was completed, and how."""

    activity: str
    executed: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)  # "command: reason"
    done: bool = False
    source: str = "llm"  # "llm", "policy" (replayed), "policy+llm" (a replay that failed part way)
    replay_failed: bool = False
    similarity: float | None = None  # of the policy replayed

    def to_json(self) -> dict[str, Any]:
        """Plain data for reports."""
        return dict(self.__dict__)


class HomeChecker:
    """The policy store's condition checker: does an item named ``name (id)`` exist with the states
    it had when the activity was recorded?"""

    def __init__(self, home: Household) -> None:
        self.home = home

    def unmet(self, requirement: Any) -> str | None:
        """Why the requirement does not hold in the home now, or None."""
        match = _REQUIREMENT.match(requirement.target)
        if match is None:
            return f"{requirement.target} is not an item of this home"
        item = self.home.item(int(match["id"]))
        if item is None or item.name != match["name"]:
            return f"no {requirement.target} in this home"
        wanted = {s for s in (requirement.state or "").split(",") if s}
        if not wanted <= set(item.states):
            return f"{requirement.target} is {', '.join(item.states) or 'in no state'}, not {', '.join(sorted(wanted))}"
        return None


class HouseholdAgent:
    """One resident living days in one home, every LLM call through ``gateway``."""

    def __init__(
        self, resident: Resident, gateway: Any, store: Any = None, *, activities: int = 6, reuse_day: bool = False
    ) -> None:
        self.resident = resident
        self.gateway = gateway
        self.store = store
        self.count = activities
        self.reuse_day = reuse_day and store is not None
        # The plan of the day being lived: where it came from and what the LLM's plan cost (for learning).
        self.day_source = "llm"
        self._day_cost: dict[str, list[float]] = {}

    # ------------------------------------------------------------------ the day
    def plan_day(self, home: Household) -> list[str]:
        """The day's activities: a stored routine whose things are all in the home (``reuse_day``),
        else planned by the LLM from the persona and the usable things of every room."""
        if self.reuse_day:
            routine = self._routine(home)
            if routine:
                self.day_source = "policy"
                return routine
        self.day_source = "llm"
        tally = getattr(self.gateway, "tally", None)
        with tally() if tally is not None else nullcontext() as spent:
            planned = self._plan_with_llm(home)
        self._day_cost = spent.tasks if spent is not None else {}
        return planned

    def _routine(self, home: Household) -> list[str]:
        from policy_store import Query

        found = self.store.lookup(Query(kind=DAY_KIND, owner=self.resident.name, text=self.resident.identity),
                                  HomeChecker(home))  # fmt: skip
        if not found.hit or found.match is None or not found.match.steps:
            return []
        self._record_hit(found.match, kind=DAY_KIND, default_task=ACTIVITIES.name)
        return [step.text for step in found.match.steps]

    def learn_day(self, records: Sequence[ActivityRecord]) -> None:
        """After a day the LLM planned (``reuse_day``): store its activities, in order, as the routine,
        on condition that every thing they acted on is in the home (in any state: each activity checks
        its own states when it is replayed). Activities that were not completed stay in it: a routine
        is the day as planned, and dropping what failed would make the replayed days look more
        successful than the planned ones only by leaving the hard part out; they ask the LLM again."""
        if not self.reuse_day or self.day_source != "llm" or not records:
            return
        from policy_store import Condition, Draft, Requirement, Step

        used = sorted({(m["name"], int(m["id"])) for r in records for m in _ITEM.finditer("\n".join(r.executed))},
                      key=lambda item: item[1])  # fmt: skip
        requires = tuple(Requirement(target=f"{name} ({i})", kind="object") for name, i in used)
        steps = tuple(Step(text=r.activity, minutes=0) for r in records)
        self.store.write(Draft(kind=DAY_KIND, owner=self.resident.name, text=self.resident.identity, steps=steps,
                               condition=Condition(requires=requires), cost=self._day_cost))  # fmt: skip

    def _plan_with_llm(self, home: Household) -> list[str]:
        rooms = []
        for room in home.rooms():
            things = sorted({_thing(i) for i in home.items(room=room) if _usable(i)})
            if things:
                rooms.append(f"- {room}: {'; '.join(things)}")
        context = {"identity": self.resident.identity, "rooms": "\n".join(rooms), "count": str(self.count)}
        answer = self.gateway.call(ACTIVITIES, context, agent=self.resident.name, facts=Facts(home))
        return [a.strip() for a in answer.activities if a.strip()][: self.count * 2]

    def live_day(self, home: Household) -> list[ActivityRecord]:
        """Plan the day, do every activity in order, and learn the day as a routine (``reuse_day``)."""
        records = [self.do(activity, home) for activity in self.plan_day(home)]
        self.learn_day(records)
        return records

    # ------------------------------------------------------------------ one activity
    def do(self, activity: str, home: Household) -> ActivityRecord:
        """Carry out one activity: from the policy store when a stored one fits, else with the LLM."""
        record = ActivityRecord(activity)
        start_states = {i.id: i for i in home.items()} if self.store is not None else {}
        if self.store is not None:
            self._replay(activity, home, record)
            if record.done:
                return record
        tally = getattr(self.gateway, "tally", None)
        with tally() if tally is not None else nullcontext() as spent:
            self._ask(activity, home, record)
        if record.done and self.store is not None and record.source == "llm":
            self._learn(activity, record, start_states, spent.tasks if spent is not None else {})
        return record

    def _replay(self, activity: str, home: Household, record: ActivityRecord) -> None:
        from policy_store import Query

        found = self.store.lookup(Query(kind=KIND, owner=self.resident.name, text=activity), HomeChecker(home))
        if not found.hit or found.match is None:
            return
        record.similarity = found.match.similarity
        for step in found.match.steps:
            outcome = home.execute(step.text)
            if not outcome.ok:
                # The home differs in a way the condition did not capture: the LLM takes over from here.
                record.replay_failed = True
                record.failed.append(f"{outcome.command}: {outcome.reason}")
                record.source = "policy+llm"
                return
            record.executed.append(outcome.command)
        record.done = True
        record.source = "policy"
        self._record_hit(found.match, kind=KIND, default_task=COMMAND.name)

    def _record_hit(self, match: Any, *, kind: str, default_task: str) -> None:
        """One ledger row per call the replay avoided, with what it cost when it was learned (the town's
        Lifestyle Policy records its hits the same way)."""
        record_hit = getattr(self.gateway, "record_cache_hit", None)
        if record_hit is None:  # a bare answerer (tests) keeps no ledger
            return
        for n, (task, cost) in enumerate(sorted(match.cost.items()) or [(default_task, None)]):
            record_hit(task, kind=kind, agent=self.resident.name, similarity=match.similarity, saved=cost,
                       decision=n == 0)  # fmt: skip

    def _ask(self, activity: str, home: Household, record: ActivityRecord) -> None:
        names = sorted({i.name for i in home.items() if _usable(i)} | set(home.rooms()))
        needs = self.gateway.call(
            NEEDS,
            {"identity": self.resident.identity, "activity": activity, "items": ", ".join(names),
             "actions": ", ".join(home.actions())},
            agent=self.resident.name,
            facts=Facts(home),
            choices={"items": names, "actions": list(home.actions())},
        )  # fmt: skip
        items, actions = _known_needs(needs, names, home.actions())
        tries = 0
        while tries < MAX_COMMANDS and len(record.failed) < MAX_FAILURES:
            tries += 1
            context = {
                "activity": activity,
                "room": home.character_room() or "home",
                "held": ", ".join(f"{i.name} ({i.id})" for i in home.held()) or "nothing",
                "items": ", ".join(items),
                "actions": ", ".join(actions),
                "executed": "\n".join(record.executed) or "(none yet)",
                "forbidden": "\n".join(record.failed) or "(none)",
            }
            things = _named_things(context, names)
            rough = self.gateway.call(
                COMMAND, context, agent=self.resident.name, facts=Facts(home),
                choices={"item": things, "target": ["", *things]} if things else None,
            )  # fmt: skip
            line = self._command(activity, rough, home, record)
            if line is None:
                continue
            outcome = home.execute(line)
            if not outcome.ok:
                record.failed.append(f"{outcome.command}: {outcome.reason}")
                continue
            record.executed.append(outcome.command)
            verdict = self.gateway.call(
                CRITIC,
                {
                    "activity": activity,
                    "executed": "\n".join(record.executed),
                    "states": "\n".join(i.describe() for i in self._involved(record, home)),
                },
                agent=self.resident.name,
                facts=Facts(home),
            )
            if verdict.done:
                record.done = True
                return

    def _command(self, activity: str, rough: RoughCommand, home: Household, record: ActivityRecord) -> str | None:
        """The final command for a rough one (the item chosen by id), or None after recording why not."""
        action = _verb(rough.action, home.actions())
        if action not in home.actions():
            record.failed.append(f"{action} {rough.item}: there is no action [{action}]")
            return None
        arity = home.arity(action)
        names = [rough.item, rough.target][:arity]
        if any(not n.strip() for n in names):
            record.failed.append(f"{action} {rough.item}: [{action}] acts on {arity} things; name the second as target")
            return None
        arguments: list[tuple[str, int]] = []
        for name in names:
            chosen = self._choose(activity, f"{action} {' '.join(names)}", name, home, record)
            if chosen is None:
                return None
            arguments.append((chosen.name, chosen.id))
        return Command(action.upper(), tuple(arguments)).line()

    def _choose(self, activity: str, command: str, name: str, home: Household, record: ActivityRecord) -> Item | None:
        candidates = home.find(name)
        if not candidates:
            record.failed.append(f"{command}: there is no {name} in this home")
            return None
        if len(candidates) == 1:  # nothing to choose: no call
            return candidates[0]
        answer = self.gateway.call(
            CHOOSE,
            {
                "activity": activity,
                "room": home.character_room() or "home",
                "command": command,
                "name": name,
                "candidates": "\n".join(i.describe() for i in candidates),
                # A refused choice named, so that the same command goes to another of the kind ("Too many
                # things on mat (401)": another mat may do) rather than to the refused one again.
                "refused": _refused_choices(record.failed, command.split()[0], candidates) or "(none)",
            },
            agent=self.resident.name,
            facts=Facts(home, tuple(i.id for i in candidates)),
            choices={"id": [i.id for i in candidates]},
        )
        chosen = next((i for i in candidates if i.id == answer.id), None)
        if chosen is None:
            record.failed.append(f"{command}: {answer.id} is not the id of a {name}")
        return chosen

    def _involved(self, record: ActivityRecord, home: Household) -> list[Item]:
        ids = {int(i) for line in record.executed for i in re.findall(r"\((\d+)\)", line)}
        return [i for i in (home.item(n) for n in sorted(ids)) if i is not None]

    def _learn(
        self, activity: str, record: ActivityRecord, start: dict[int, Item], cost: dict[str, list[float]]
    ) -> None:
        """Store a completed activity: its commands, and the states its items had when it began."""
        from policy_store import ActionSpec, Condition, Draft, Requirement, Step

        ids = sorted({int(i) for line in record.executed for i in re.findall(r"\((\d+)\)", line)})
        requires = tuple(
            Requirement(target=f"{start[i].name} ({i})", kind="object", state=",".join(start[i].states) or None)
            for i in ids
            if i in start
        )
        steps = tuple(
            Step(text=line, minutes=0, action=ActionSpec(address=",".join(re.findall(r"\((\d+)\)", line))))
            for line in record.executed
        )
        self.store.write(Draft(kind=KIND, owner=self.resident.name, text=activity, steps=steps,
                               condition=Condition(requires=requires), cost=cost))  # fmt: skip


def _verb(text: str, known: Sequence[str]) -> str:
    """The action a rough command names: its text, or its first word when that alone is an action
    ("sit down" -> "sit", "grab coffee" -> "grab"); small models put the object in the verb's field."""
    action = text.strip().lower().strip("[]").strip()
    if action in known or not action:
        return action
    first = action.split()[0].strip("[]")
    return first if first in known else action


def _known_needs(needs: Needs, names: Sequence[str], known: Sequence[str]) -> tuple[list[str], list[str]]:
    """The needs answer kept to what the home has: its things that exist and its actions that are
    actions (first words of phrases such as "sit down"), with walking always among them. A thing or
    action the home lacks would only be copied into every command that follows and refused; when
    nothing the answer names exists, it is kept as said, and the refusals tell the model why."""
    listed = set(names)
    # A model writes "coffee maker" for the listed "coffee_maker".
    items = [n for n in (i.strip().lower().replace(" ", "_") for i in needs.items) if n in listed] or list(needs.items)
    actions: list[str] = ["walk"]
    for action in (_verb(a, known) for a in needs.actions):
        if action in known and action not in actions:
            actions.append(action)
    return items, actions


def _named_things(context: dict[str, str], names: Sequence[str]) -> list[str]:
    """The home's things and rooms a command prompt names: the activity's things, the room, what is
    held, and what its commands and refusals name (a closed container a refusal reason names). A
    command on any other thing would be refused as "there is no nothing in this home"."""
    text = "\n".join(context[k] for k in ("room", "held", "items", "executed", "forbidden"))
    return [n for n in names if re.search(rf"(?<![\w]){re.escape(n)}(?![\w])", text)]


def _refused_choices(failed: Sequence[str], action: str, candidates: Sequence[Item]) -> str:
    """The candidates ``action`` was refused on, with why: "mat (401): Too many things on <mat> (401)"."""
    ids = {i.id: i.name for i in candidates}
    out: list[str] = []
    for failure in failed:
        m = re.match(rf"<char0> \[{re.escape(action)}\] <[^>]+> \((\d+)\)[^:]*: (.*)", failure)
        if m and int(m[1]) in ids:
            out.append(f"{ids[int(m[1])]} ({m[1]}): {m[2].split(' when executing')[0]}")
    return "; ".join(dict.fromkeys(out))


def _usable(item: Item) -> bool:
    # Things a person does something with: anything with a property (grabbable, has a switch, can be
    # opened, sat or lain on ...); bare decor and structure are left out of the prompts.
    return bool(item.properties)


def _thing(item: Item) -> str:
    return f"{item.name} ({', '.join(p.lower() for p in item.properties)})"


def records_summary(records: Sequence[ActivityRecord]) -> dict[str, Any]:
    """Counts over a day's activities."""
    return {
        "activities": len(records),
        "done": sum(r.done for r in records),
        "from_policy": sum(r.source == "policy" for r in records),
        "replay_failed": sum(r.replay_failed for r in records),
        "commands": sum(len(r.executed) for r in records),
        "failed_commands": sum(len(r.failed) for r in records),
    }
