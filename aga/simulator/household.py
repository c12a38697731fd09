"""Answers of the household tasks (AGA appendix C), from what each prompt lists.

The activities come from the usable things the prompt lists by room, phrased by what can be done with
them (the prompt shows their properties); the things an activity needs are the listed names it mentions
or comes closest to in meaning; the next command follows what a person does (go to the thing, then act
on it), reading the executed and forbidden commands the prompt shows; the item chosen is the one in the
room the prompt says the resident is in, else one in the room the activity names; the critic calls an
activity done once a command has acted on a thing it names, and (as the AGA paper observed of models)
sometimes a little early. It knows no home: every name comes from the prompt.
"""

from __future__ import annotations

import re

import numpy as np

from aga.simulator.meaning import similarities
from aga.simulator.prompt import Prompt, answers

# What a person does with a thing of each property: (phrase, the actions it takes). Properties as
# VirtualHome names them; the prompt shows them in lower case.
USES: dict[str, tuple[str, tuple[str, ...]]] = {
    "has_switch": ("switch on the {thing} and use it", ("switchon", "switchoff")),
    "readable": ("read the {thing}", ("grab", "read")),
    "lieable": ("lie down on the {thing} to rest", ("lie",)),
    "sittable": ("sit on the {thing} for a while", ("sit",)),
    "can_open": ("open the {thing} and tidy it", ("open", "close")),
    "drinkable": ("drink the {thing}", ("grab", "drink")),
    "eatable": ("eat the {thing}", ("grab", "eat")),
    "clothes": ("change into the {thing}", ("grab", "puton")),
    "grabbable": ("pick up the {thing} and put it back", ("grab", "putobjback")),
    "movable": ("move the {thing}", ("push",)),
}
_LINE = re.compile(r"^-\s*(?P<room>[\w ]+):\s*(?P<things>.*)$")
_THING = re.compile(r"(?P<name>[\w ]+?)\s*\((?P<props>[^)]*)\)")
_COMMAND = re.compile(r"\[(?P<action>\w+)\]\s*<(?P<name>[^>]+)>\s*\((?P<id>\d+)\)")
_CANDIDATE = re.compile(r"^(?P<name>[\w ]+) \((?P<id>\d+)\)(?: in the (?P<room>\w+))?")


def _rooms(text: str) -> dict[str, list[tuple[str, list[str]]]]:
    """room -> [(thing, properties)] from the activities prompt's list."""
    out: dict[str, list[tuple[str, list[str]]]] = {}
    for line in text.splitlines():
        match = _LINE.match(line.strip())
        if match is None:
            continue
        things = [(m["name"].strip(), [p.strip() for p in m["props"].split(",") if p.strip()])
                  for m in _THING.finditer(match["things"])]  # fmt: skip
        out[match["room"].strip()] = things
    return out


@answers("household.activities")
def activities(p: Prompt) -> dict[str, list[str]]:
    """A day of activities on things the prompt lists, phrased by what each thing allows, drawn with
    weights that favour what the identity is about (a reader reads, a cook cooks) without fixing the
    day: the same prompt on another day draws another, mostly familiar, day."""
    rooms = _rooms(p.get("rooms"))
    options: list[str] = []
    for room, things in rooms.items():
        for thing, props in things:
            for use in (u for u in props if u in USES):
                text = f"{USES[use][0].format(thing=thing.replace('_', ' '))} in the {room.replace('_', ' ')}"
                if text not in options:
                    options.append(text)
    if not options:
        return {"activities": ["rest at home"]}
    count = max(1, min(16, p.number("count", 6), len(options)))
    scores = similarities(p.get("identity"), options)
    weights = np.exp((scores - scores.max()) / 0.05)
    chosen: list[str] = []
    for _ in range(count):
        pick = p.rng.choices(range(len(options)), weights=list(weights))[0]
        chosen.append(options[pick])
        weights[pick] = 0.0
        if not weights.any():
            break
    return {"activities": chosen}


def _mentions(text: str, name: str) -> bool:
    # Whole words only: "table" is not in "tablelamp", nor "cup" in "cupboard".
    return re.search(rf"\b{re.escape(name.replace('_', ' '))}\b", text) is not None


@answers("household.needs")
def needs(p: Prompt) -> dict[str, list[str]]:
    """The listed things the activity names (or the closest in meaning), and the actions its verb takes."""
    activity = p.get("activity").lower()
    names = [n.strip() for n in p.get("items").split(",") if n.strip()]
    named = [n for n in names if _mentions(activity, n)]
    # A name inside a longer one the activity also says is that one ("food" of "food food"), by whole
    # words: "bed" is not part of "bedroom" (lying on the bed in the bedroom is lying on the bed).
    named = [n for n in named if not any(o != n and _mentions(o.replace("_", " "), n) and _mentions(activity, o)
                                         for o in named)]  # fmt: skip
    if not named and names:
        scores = similarities(activity, [n.replace("_", " ") for n in names])
        named = [names[int(scores.argmax())]]
    rooms = [n for n in named if f"the {n.replace('_', ' ')}" in activity and activity.endswith(n.replace("_", " "))]
    things = [n for n in named if n not in rooms] or named
    actions = ["walk"]
    for _, (phrase, acts) in USES.items():
        verb = phrase.split(" the ")[0]
        if activity.startswith(verb):
            actions += [a for a in acts if a not in actions]
            break
    listed = {a.strip() for a in p.get("actions").split(",")}
    return {"items": things[:4], "actions": [a for a in actions if a in listed] or ["walk"]}


@answers("household.command")
def command(p: Prompt) -> dict[str, str]:
    """Go to the thing, then take each of the activity's actions on it, skipping what failed."""
    things = [t.strip() for t in p.get("items").split(",") if t.strip()]
    actions = [a.strip() for a in p.get("actions").split(",") if a.strip()]
    done = [(m["action"].lower(), m["name"]) for m in _COMMAND.finditer(p.get("executed"))]
    failed = [(m["action"].lower(), m["name"]) for m in _COMMAND.finditer(p.get("forbidden"))]
    failed_text = p.get("forbidden").lower()
    last_failure = failed_text.strip().splitlines()[-1] if failed_text.strip() else ""
    if re.search(r"is (sitting|lying)", last_failure) and "[standup]" not in last_failure:
        return {"action": "standup", "item": p.get("room"), "target": ""}  # the reason says why: get up first
    closed = re.search(r"is inside <(?P<name>[^>]+)> \(\d+\), which is closed", last_failure)
    if closed and ("open", closed["name"]) not in done and ("open", closed["name"]) not in failed:
        # The reason names what is closed around the thing: open it first (walking to it if need be).
        first = "walk" if ("walk", closed["name"]) not in done else "open"
        return {"action": first, "item": closed["name"], "target": ""}
    for thing in things or [p.get("room")]:
        plan = ["walk"] + [a for a in actions if a != "walk"]
        if p.rng.random() < 0.2:  # people (and models) look before they act, now and then
            plan.insert(1, p.rng.choice(("find", "turnto", "lookat")))
        for action in plan:
            # Refused once on one of the kind, a command is tried once more (the choice can go to another
            # of the kind: "too many things on" this mat, not on every mat); refused twice, it is not.
            if (action, thing) in done or failed.count((action, thing)) >= 2 or f"{action} {thing}:" in failed_text:
                continue
            return {"action": action, "item": thing, "target": ""}
    # Everything tried: act again on a thing with an action that ran (the critic may end it), else look
    # at it, never with a command the prompt lists as failed (it says they must not be repeated); else
    # walk into the room.
    thing = things[0] if things else p.get("room")
    looks = [(a, thing) for a in ("find", "turnto", "lookat")]
    for action, item in [*reversed(done), *looks]:
        if (action, item) not in failed and f"{action} {item}" not in failed_text:
            return {"action": action, "item": item, "target": ""}
    return {"action": "walk", "item": p.get("room"), "target": ""}


@answers("household.choose_item")
def choose_item(p: Prompt) -> dict[str, int]:
    """The candidate the resident is next to, else one in the resident's room, else one in a room the
    activity names, else any."""
    here = p.get("room")
    activity = p.get("activity").lower()
    lines = [line.strip() for line in p.get("candidates").splitlines()]
    rows = [m for line in lines if (m := _CANDIDATE.match(line))]
    if not rows:
        return {"id": 0}
    refused = set(re.findall(r"\((\d+)\):", p.get("refused")))
    rows = [m for m in rows if m["id"] not in refused] or rows  # another of the kind, if there is one
    near = [m for line in lines if line.endswith("; next to you") and (m := _CANDIDATE.match(line))]
    near = [m for m in near if m["id"] not in refused]
    if near:  # the one walked to: what the prompt says the resident is standing at
        return {"id": int(p.rng.choice(near)["id"])}
    for wanted in (here, *re.findall(r"in the (\w[\w ]*)$", activity)):
        wanted = wanted.replace(" ", "_")
        local = [m for m in rows if m["room"] == wanted]
        if local:
            return {"id": int(p.rng.choice(local)["id"])}
    return {"id": int(p.rng.choice(rows)["id"])}


@answers("household.critic")
def critic(p: Prompt) -> dict[str, bool]:
    """Done once a command other than walking or looking acted on a thing the activity names."""
    activity = p.get("activity").lower()
    acted = [
        (m["action"].lower(), m["name"].replace("_", " "))
        for m in _COMMAND.finditer(p.get("executed"))
        if m["action"].lower() not in ("walk", "run", "find", "turnto", "lookat")
    ]
    if any(_mentions(activity, name) for _, name in acted):
        # A first action on the thing ends the activity only sometimes: "switch on and use" takes more.
        return {"done": len(acted) >= 2 or p.rng.random() < 0.5}
    return {"done": p.rng.random() < 0.05}  # an early call, as models make on precise tasks
