"""Variety statistics for generated text, and the reference figures of the original study's day.

The functions take plain lists of strings (or of integers, for importance ratings), so the same measures
apply to any source: the original study's saved simulation, the scripted simulator, real local models.
Semantic similarity (MiniLM) is deliberately left out; every measure here is lexical, after
:func:`normalise` (lower case, punctuation dropped, whitespace collapsed).

- :func:`distinct_share` / :func:`exact_repeats`: how many answers are new, how many repeat an earlier one;
- :func:`schedule_stats`: blocks per agent-day and distinct activities among them;
- :func:`substeps_per_block`, :func:`cross_block_repeat_share`: variety of task decompositions;
- :func:`importance_distribution`: mean, spread and 1..10 histogram of importance (poignancy) ratings;
- :func:`original_statistics`: all of the above for one persona of the original
  (``scratch.json`` + ``associative_memory/nodes.json`` of a saved Smallville run), figures only.

``benchmarks/data/original_ville3_day1.json`` holds the figures :func:`original_statistics` gives for the
three personas of ``July1_the_ville_isabella_maria_klaus`` on its first simulated day (2023-02-13).
"""

from __future__ import annotations

import math
import re
import statistics
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

_PUNCT = re.compile(r"[^\w\s]", re.UNICODE)
_SPACE = re.compile(r"\s+")

# Sub-steps the original inserts when a conversation interrupts a decomposed block: "on the way to <next
# sub-step>" and "conversing about <summary>". They are not decomposition output, so the decomposition
# measures leave them out by default.
CHAT_INSERT_PREFIXES = ("on the way to ", "conversing about ")


def normalise(text: str) -> str:
    """Lower-case ``text``, drop punctuation (underscores too) and collapse whitespace."""
    text = _PUNCT.sub(" ", text.lower()).replace("_", " ")
    return _SPACE.sub(" ", text).strip()


def distinct_share(answers: Sequence[str]) -> float:
    """Distinct normalised answers / answers (0.0 for no answers; 1.0 means every answer differs)."""
    if not answers:
        return 0.0
    return len({normalise(a) for a in answers}) / len(answers)


def exact_repeats(answers: Sequence[str]) -> float:
    """Share of answers whose normalised text equals an earlier answer's (0.0 for no answers)."""
    if not answers:
        return 0.0
    seen: set[str] = set()
    repeats = 0
    for answer in answers:
        key = normalise(answer)
        if key in seen:
            repeats += 1
        seen.add(key)
    return repeats / len(answers)


def count_blocks(activities: Sequence[str], merge_adjacent: bool = True) -> int:
    """Blocks in one agent-day: entries, with runs of the same (normalised) activity counted once."""
    if not merge_adjacent:
        return len(activities)
    keys = [normalise(a) for a in activities]
    return sum(1 for i, key in enumerate(keys) if i == 0 or key != keys[i - 1])


def distinct_activities(activities: Sequence[str]) -> int:
    """Distinct normalised activities in one agent-day's schedule."""
    return len({normalise(a) for a in activities})


def schedule_stats(activities: Sequence[str]) -> dict[str, float]:
    """Blocks and distinct activities of one agent-day (``activities``: the blocks in order)."""
    return {
        "blocks": count_blocks(activities),
        "distinct_activities": distinct_activities(activities),
        "distinct_share": round(distinct_share(activities), 4),
    }


def mean_per_day(days: Iterable[Sequence[str]]) -> dict[str, float]:
    """Mean blocks and distinct activities per agent-day over several schedules (zeros for none)."""
    stats = [schedule_stats(day) for day in days]
    if not stats:
        return {"days": 0, "blocks_mean": 0.0, "distinct_activities_mean": 0.0}
    return {
        "days": len(stats),
        "blocks_mean": round(statistics.fmean(s["blocks"] for s in stats), 4),
        "distinct_activities_mean": round(statistics.fmean(s["distinct_activities"] for s in stats), 4),
    }


def is_chat_insert(substep: str) -> bool:
    """Whether a sub-step is one the original inserts for a conversation rather than a decomposed one."""
    return normalise(substep).startswith(tuple(normalise(p) + " " for p in CHAT_INSERT_PREFIXES))


def substeps_per_block(blocks: Sequence[Sequence[str]]) -> float:
    """Mean number of distinct normalised sub-steps per block (blocks without sub-steps are skipped)."""
    counts = [len({normalise(s) for s in block}) for block in blocks if block]
    return statistics.fmean(counts) if counts else 0.0


def cross_block_repeat_share(blocks: Sequence[Sequence[str]], pooled: bool = False) -> float:
    """Share of a block's sub-steps whose normalised text also occurs in another block of the same list.

    By default the share is computed per block and averaged over blocks with sub-steps; with
    ``pooled=True`` it is computed over all sub-steps at once. 0.0 when there are no sub-steps.
    """
    counts = _cross_block_hits(blocks)
    if pooled:
        total = sum(n for _, n in counts)
        return sum(h for h, _ in counts) / total if total else 0.0
    return statistics.fmean(h / n for h, n in counts) if counts else 0.0


def _cross_block_hits(blocks: Sequence[Sequence[str]]) -> list[tuple[int, int]]:
    """Per block with sub-steps: (sub-steps whose normalised text occurs in another block, sub-steps)."""
    keyed = [[normalise(s) for s in block] for block in blocks]
    in_blocks: Counter[str] = Counter()
    for block in keyed:
        in_blocks.update(set(block))
    return [(sum(1 for s in block if in_blocks[s] > 1), len(block)) for block in keyed if block]


def importance_distribution(ratings: Sequence[int | float]) -> dict[str, Any]:
    """Count, mean, population standard deviation and 1..10 histogram of importance ratings.

    Ratings are rounded to the nearest integer for the histogram; ones outside 1..10 are counted in
    ``out_of_range`` (and still enter the mean and sd). Mean and sd are 0.0 for no ratings.
    """
    values = [float(r) for r in ratings]
    histogram = {str(k): 0 for k in range(1, 11)}
    out_of_range = 0
    for value in values:
        key = round(value)
        if 1 <= key <= 10:
            histogram[str(key)] += 1
        else:
            out_of_range += 1
    return {
        "n": len(values),
        "mean": round(statistics.fmean(values), 4) if values else 0.0,
        "sd": round(statistics.pstdev(values), 4) if values else 0.0,
        "histogram": histogram,
        "out_of_range": out_of_range,
    }


def split_decomposed(entry: str) -> tuple[str, str | None]:
    """Split ``"<block> (<sub-step>)"`` into block and sub-step; ``(entry, None)`` when not decomposed."""
    head, sep, tail = entry.partition(" (")
    if not sep or not tail.endswith(")"):
        return entry, None
    return head, tail[:-1]


def group_blocks(entries: Sequence[str]) -> list[tuple[str, list[str]]]:
    """Group decomposed entries into block instances: runs of consecutive entries with the same block.

    Entries that are not decomposed (no ``" (...)"``) end the current run and are left out.
    """
    return [(block, subs) for block, subs, _ in group_timed_blocks([(entry, 0) for entry in entries])]


# A block "of about an hour", for comparing how finely blocks of equal length are split: the GPT-3.5 day
# keeps an activity for hours and the small models change it every hour, so a mean over all blocks
# mostly measures how long the blocks are.
HOUR_BLOCK = (45, 75)


def group_timed_blocks(schedule: Sequence[tuple[str, int]]) -> list[tuple[str, list[str], int]]:
    """:func:`group_blocks` of ``(entry, minutes)`` pairs, each block with its minutes (every entry of the
    run summed, a chat insert's included: the time the block took)."""
    groups: list[tuple[str, list[str], list[int]]] = []
    previous: str | None = None
    for entry, minutes in schedule:
        block, substep = split_decomposed(entry)
        if substep is None:
            previous = None
            continue
        if block != previous:
            groups.append((block, [], []))
            previous = block
        groups[-1][1].append(substep)
        groups[-1][2].append(max(0, int(minutes)))
    return [(block, subs, sum(minutes)) for block, subs, minutes in groups]


def hour_block_figures(blocks: Sequence[tuple[Sequence[str], int]]) -> dict[str, float]:
    """From ``(sub-steps without chat inserts, minutes)`` per decomposed block: how many blocks last about
    an hour (:data:`HOUR_BLOCK`), their mean distinct sub-steps, and decomposed actions per decomposed hour
    (over all blocks). Zeros where there is nothing to count."""
    lo, hi = HOUR_BLOCK
    hour = [len({normalise(s) for s in subs}) for subs, minutes in blocks if subs and lo <= minutes <= hi]
    actions = sum(len(subs) for subs, _ in blocks)
    minutes = sum(m for subs, m in blocks if subs)
    return {
        "hour_blocks": len(hour),
        "hour_block_distinct_substeps_mean": round(statistics.fmean(hour), 4) if hour else 0.0,
        "actions_per_decomposed_hour": round(actions / (minutes / 60), 4) if minutes else 0.0,
    }


def per_block_figures(blocks: Sequence[tuple[Sequence[str], int]]) -> dict[str, list[float]]:
    """From ``(sub-steps without chat inserts, minutes)`` per block: each decomposed block's distinct
    sub-steps and share of sub-steps found in another block, and the distinct sub-steps of the blocks of
    about an hour: the values whose means :func:`substeps_per_block`, :func:`cross_block_repeat_share` and
    :func:`hour_block_figures` give, kept one by one so that :func:`bootstrap_day` can resample them."""
    lo, hi = HOUR_BLOCK
    steps = [list(subs) for subs, _ in blocks if subs]
    return {
        "distinct_substeps": [len({normalise(s) for s in subs}) for subs in steps],
        "cross_block_repeat_share": [round(h / n, 4) for h, n in _cross_block_hits(steps)],
        "hour_block_distinct_substeps": [
            len({normalise(s) for s in subs}) for subs, minutes in blocks if subs and lo <= minutes <= hi
        ],
    }


# The day figures :func:`bootstrap_day` gives an interval for: the overall key (a mean over agents of
# per-agent means) and the per-block list it is the mean of.
BOOTSTRAPPED = {
    "distinct_substeps_per_block_mean": "distinct_substeps",
    "cross_block_repeat_share_mean": "cross_block_repeat_share",
    "hour_block_distinct_substeps_mean": "hour_block_distinct_substeps",
}


def bootstrap_day(
    per_agent: Mapping[str, Mapping[str, Any]], rounds: int = 4000, seed: int = 0, level: float = 0.95
) -> dict[str, list[float]]:
    """How far a day's per-block means could move by chance alone: a percentile bootstrap interval for each
    key of :data:`BOOTSTRAPPED`, resampling each agent's blocks (with replacement, as many as it had) and
    averaging the per-agent means, as the figure itself is computed.

    One simulated day of three personas is all the original study's GPT-3.5 output there is; the
    interval says which differences from it a second day of the same model could make (blocks of one
    day are not independent draws, so it is a lower bound on that spread). A cross-block share is
    resampled as the block's own value, not recomputed among the resampled blocks."""
    import random

    rng = random.Random(seed)
    out: dict[str, list[float]] = {}
    for key, listed in BOOTSTRAPPED.items():
        samples = [list(a["decomposition"]["per_block"][listed]) for a in per_agent.values()]
        samples = [values for values in samples if values]
        if not samples:
            continue
        means = sorted(
            statistics.fmean(statistics.fmean(rng.choices(values, k=len(values))) for values in samples)
            for _ in range(rounds)
        )
        tail = (1 - level) / 2
        out[key] = [round(means[int(tail * rounds)], 4), round(means[min(rounds - 1, int((1 - tail) * rounds))], 4)]
    return out


def _is_chat_event(node: Mapping[str, Any]) -> bool:
    """Whether an event node is the "<persona> is conversing about ..." event a chat leaves behind."""
    return " is conversing about " in str(node.get("description", ""))


def chat_lines(filling: Any) -> int:
    """Lines of one chat node's ``filling`` (a list of ``[speaker, line]`` pairs); 0 if it is not one."""
    if not isinstance(filling, list):
        return 0
    return sum(1 for item in filling if isinstance(item, list | tuple) and len(item) == 2)


_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")


def sentences_of(line: str) -> list[str]:
    """The normalised sentences of one utterance ("Hi Maria! How are you?" -> ["hi maria", "how are you"])."""
    return [key for part in _SENTENCE_END.split(line.strip()) if (key := normalise(part))]


def said_again_pairs(conversations: Sequence[Sequence[Sequence[str]]]) -> list[list[float]]:
    """How much of what one says in a conversation one says word for word in another conversation of the
    same day: per speaker, per ordered pair of their conversations (a, b), the share of their distinct
    sentences in ``a`` that they also say in ``b``, as ``[speaker, a, b, share]`` (speakers numbered in
    order of first appearance, conversations by their place in ``conversations``).

    ``conversations`` is one day's conversations, each a list of ``[speaker, line]`` pairs, each
    conversation once. A pair measure, so that a town with many conversations a day is not more repetitive
    by count alone: stock small talk ("I have been busy with my work lately.") said in talk after talk is
    what it finds; a greeting that names the partner differs by partner, as a model's does.
    """
    by_speaker: dict[str, list[tuple[int, set[str]]]] = {}
    for index, conversation in enumerate(conversations):
        said: dict[str, set[str]] = {}
        for item in conversation:
            if isinstance(item, list | tuple) and len(item) == 2:
                said.setdefault(str(item[0]), set()).update(sentences_of(str(item[1])))
        for speaker, keys in said.items():
            if keys:
                by_speaker.setdefault(speaker, []).append((index, keys))
    return [
        [number, a, b, round(len(mine & other) / len(mine), 4)]
        for number, talks in enumerate(by_speaker.values())
        for a, mine in talks
        for b, other in talks
        if a != b
    ]


def said_again_share(conversations: Sequence[Sequence[Sequence[str]]]) -> dict[str, float]:
    """The mean share of :func:`said_again_pairs` over all pairs (``mean``; 0.0 without any) and how many
    pairs there were (``pairs``)."""
    pairs = said_again_pairs(conversations)
    return {"mean": round(statistics.fmean(p[3] for p in pairs), 4) if pairs else 0.0, "pairs": len(pairs)}


def bootstrap_said_again(
    pairs: Sequence[Sequence[float]], rounds: int = 4000, seed: int = 0, level: float = 0.95
) -> list[float]:
    """A percentile bootstrap interval of the mean of :func:`said_again_pairs`' shares, resampling the day's
    conversations (with replacement, as many as there were) and keeping the pairs of two resampled
    conversations that are not the same one (a conversation drawn twice is no second talk)."""
    import random

    talks = sorted({int(p[1]) for p in pairs} | {int(p[2]) for p in pairs})
    if not talks:
        return [0.0, 0.0]
    share = {(int(p[0]), int(p[1]), int(p[2])): float(p[3]) for p in pairs}
    speakers = sorted({int(p[0]) for p in pairs})
    rng = random.Random(seed)
    means: list[float] = []
    for _ in range(rounds):
        drawn = rng.choices(talks, k=len(talks))
        values = [
            share[(who, a, b)]
            for who in speakers
            for i, a in enumerate(drawn)
            for j, b in enumerate(drawn)
            if i != j and a != b and (who, a, b) in share
        ]
        if values:
            means.append(statistics.fmean(values))
    means.sort()
    tail = (1 - level) / 2
    return [round(means[int(tail * len(means))], 4), round(means[min(len(means) - 1, int((1 - tail) * len(means)))], 4)]


def day_conversations(nodes: Mapping[str, Mapping[str, Mapping[str, Any]]]) -> list[list[Any]]:
    """Each conversation of the personas' chat nodes once, in time order (``nodes``: persona -> their nodes;
    a conversation is stored in both participants' memories, with the same time and lines)."""
    import json

    talks: dict[tuple[str, str], list[Any]] = {}
    for agent_nodes in nodes.values():
        for node in agent_nodes.values():
            filling = node.get("filling")
            if node.get("type") == "chat" and chat_lines(filling):
                talks.setdefault((str(node.get("created")), json.dumps(filling)), filling)
    return [talks[key] for key in sorted(talks)]


def chat_figures(nodes: Mapping[str, Mapping[str, Mapping[str, Any]]]) -> dict[str, Any]:
    """The conversation figures of the personas' day (figures only): :func:`said_again_share` over
    :func:`day_conversations`, its pairs and their bootstrap interval."""
    talks = day_conversations(nodes)
    pairs = said_again_pairs(talks)
    return {
        "conversations": len(talks),
        "said_again_share_mean": said_again_share(talks)["mean"],
        "said_again_pairs": pairs,
        "said_again_bootstrap_95": bootstrap_said_again(pairs),
    }


def original_statistics(scratch: Mapping[str, Any], nodes: Mapping[str, Mapping[str, Any]]) -> dict[str, Any]:
    """Figures (no text) for one persona of a saved run of the original study.

    ``scratch`` is the persona's ``bootstrap_memory/scratch.json`` saved at the end of a simulated day
    (``f_daily_schedule_hourly_org``: the day's blocks; ``f_daily_schedule``: the same day with decomposed
    blocks as ``"<block> (<sub-step>)"``). ``nodes`` is its ``associative_memory/nodes.json`` (every event,
    thought and chat node, with ``type``, ``subject``, ``description``, ``poignancy``, ``filling``).
    """
    name = scratch["name"]
    hourly = [activity for activity, minutes in scratch["f_daily_schedule_hourly_org"] if minutes > 0]
    timed_groups = group_timed_blocks([(activity, int(minutes)) for activity, minutes in scratch["f_daily_schedule"]])
    groups = [(block, subs) for block, subs, _ in timed_groups]
    all_substeps = [s for _block, subs in groups for s in subs]
    inserts = [s for s in all_substeps if is_chat_insert(s)]
    decomposed = [[s for s in subs if not is_chat_insert(s)] for _block, subs in groups]
    decomposed = [subs for subs in decomposed if subs]
    actions = [s for subs in decomposed for s in subs]
    full_entries = [f"{block} ({s})" for block, subs in groups for s in subs if not is_chat_insert(s)]
    undecomposed = sum(1 for activity, minutes in scratch["f_daily_schedule"] if minutes > 0 and "(" not in activity)
    timed = [([s for s in subs if not is_chat_insert(s)], minutes) for _block, subs, minutes in timed_groups]

    node_list = list(nodes.values())
    events = [n for n in node_list if n.get("type") == "event"]
    thoughts = [n for n in node_list if n.get("type") == "thought"]
    chats = [n for n in node_list if n.get("type") == "chat"]
    own = [n for n in events if n.get("subject") == name]
    own_chat_events = [n for n in own if _is_chat_event(n)]
    own_actions = [n for n in own if not _is_chat_event(n)]
    persona_names = {n.get("subject") for n in events if ":" not in str(n.get("subject", ""))}
    others = [n for n in events if n.get("subject") != name and n.get("subject") in persona_names]
    objects = [n for n in events if n.get("subject") not in persona_names]
    lines = [chat_lines(n.get("filling")) for n in chats]

    def ratings(ns: Iterable[Mapping[str, Any]]) -> list[int]:
        return [int(n["poignancy"]) for n in ns]

    return {
        "schedule": {
            "blocks": count_blocks(hourly),
            "blocks_unmerged": len(hourly),
            "distinct_activities": distinct_activities(hourly),
            "minutes": sum(m for _a, m in scratch["f_daily_schedule_hourly_org"] if m > 0),
        },
        "decomposition": {
            "block_instances": len(decomposed),
            "actions": len(actions),
            "distinct_actions": len({normalise(a) for a in actions}),
            "distinct_share": round(distinct_share(actions), 4),
            "repeat_share": round(exact_repeats(actions), 4),
            "full_entries_distinct_share": round(distinct_share(full_entries), 4),
            "substeps_per_block_mean": round(statistics.fmean(len(b) for b in decomposed), 4) if decomposed else 0.0,
            "substeps_per_block_min": min((len(b) for b in decomposed), default=0),
            "substeps_per_block_max": max((len(b) for b in decomposed), default=0),
            "distinct_substeps_per_block_mean": round(substeps_per_block(decomposed), 4),
            "cross_block_repeat_share": round(cross_block_repeat_share(decomposed), 4),
            "cross_block_repeat_share_pooled": round(cross_block_repeat_share(decomposed, pooled=True), 4),
            "chat_inserted_substeps": len(inserts),
            "undecomposed_entries": undecomposed,
            **hour_block_figures(timed),
            "per_block": per_block_figures(timed),
        },
        "memory": {
            "nodes": len(node_list),
            "events": len(events),
            "own_action_events": len(own_actions),
            "own_action_events_distinct": len({normalise(str(n.get("description", ""))) for n in own_actions}),
            "own_action_events_repeat_share": round(
                exact_repeats([str(n.get("description", "")) for n in own_actions]), 4
            ),
            "own_chat_events": len(own_chat_events),
            "other_persona_events": len(others),
            "object_events": len(objects),
            "thoughts": len(thoughts),
            "chats": len(chats),
            "chat_lines_mean": round(statistics.fmean(lines), 4) if lines else 0.0,
            "chat_lines_min": min(lines, default=0),
            "chat_lines_max": max(lines, default=0),
        },
        "importance": {
            "events_all": importance_distribution(ratings(events)),
            "events_own_actions": importance_distribution(ratings(own_actions)),
            "events_objects": importance_distribution(ratings(objects)),
            "thoughts": importance_distribution(ratings(thoughts)),
            "chats": importance_distribution(ratings(chats)),
        },
    }


def overall_statistics(per_agent: Mapping[str, Mapping[str, Any]], nodes: Mapping[str, Mapping[str, Any]]) -> dict:
    """Pool per-agent figures: means of per-agent counts, and importance distributions over all nodes.

    ``nodes`` maps agent name to that agent's nodes (the importance lists are pooled from them, with the
    same node selection as :func:`original_statistics`).
    """
    agents = list(per_agent.values())

    def mean_of(section: str, key: str) -> float:
        return round(statistics.fmean(float(a[section][key]) for a in agents), 4) if agents else 0.0

    pooled: dict[str, list[int]] = {"events_all": [], "events_own_actions": [], "thoughts": [], "chats": []}
    for name, agent_nodes in nodes.items():
        for node in agent_nodes.values():
            kind = node.get("type")
            rating = int(node["poignancy"])
            if kind == "event":
                pooled["events_all"].append(rating)
                if node.get("subject") == name and not _is_chat_event(node):
                    pooled["events_own_actions"].append(rating)
            elif kind == "thought":
                pooled["thoughts"].append(rating)
            elif kind == "chat":
                pooled["chats"].append(rating)
    return {
        "agents": len(agents),
        "blocks_mean": mean_of("schedule", "blocks"),
        "distinct_activities_mean": mean_of("schedule", "distinct_activities"),
        "actions_mean": mean_of("decomposition", "actions"),
        "distinct_actions_mean": mean_of("decomposition", "distinct_actions"),
        "repeat_share_mean": mean_of("decomposition", "repeat_share"),
        "substeps_per_block_mean": mean_of("decomposition", "substeps_per_block_mean"),
        "distinct_substeps_per_block_mean": mean_of("decomposition", "distinct_substeps_per_block_mean"),
        "cross_block_repeat_share_mean": mean_of("decomposition", "cross_block_repeat_share"),
        "hour_block_distinct_substeps_mean": mean_of("decomposition", "hour_block_distinct_substeps_mean"),
        "actions_per_decomposed_hour_mean": mean_of("decomposition", "actions_per_decomposed_hour"),
        # A conversation is stored in both participants' memories, so this counts copies, not conversations.
        "chat_nodes_total": sum(int(a["memory"]["chats"]) for a in agents),
        "importance": {key: importance_distribution(values) for key, values in pooled.items()},
    }


def is_finite_number(value: Any) -> bool:
    """Whether ``value`` is an int or a finite float (a figure that can go into the reference JSON)."""
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


# --- The original's first simulated day (figures in benchmarks/data/original_ville3_day1.json) -------------

REPOSITORY = "joonspk-research/generative_agents"
COMMIT = "7ad910cac16f59b444df6bba45752a4fc1cde7da"
RUN_DIR = "environment/frontend_server/storage/July1_the_ville_isabella_maria_klaus-step-3-19/personas"
PERSONAS = ("Isabella Rodriguez", "Klaus Mueller", "Maria Lopez")

HOW = {
    "day": "2023-02-13, the run's first simulated day; both files are the state saved at 23:59 that day.",
    "schedule.blocks": "entries of f_daily_schedule_hourly_org with minutes > 0, runs of the same activity once",
    "schedule.distinct_activities": "distinct normalise()d activity names among those blocks",
    "decomposition.actions": "sub-steps of f_daily_schedule entries '<block> (<sub-step>)', without the "
    "'on the way to ...' / 'conversing about ...' ones the original inserts when a chat interrupts a block",
    "decomposition.block_instances": "runs of consecutive entries with the same <block> (a block the day "
    "revisits counts once per visit)",
    "decomposition.distinct_actions": "distinct normalise()d sub-steps over the day (distinct_actions / "
    "actions = distinct_share; repeat_share = exact_repeats() = 1 - distinct_share)",
    "decomposition.substeps_per_block_mean": "sub-steps per block instance (mean, min, max)",
    "decomposition.distinct_substeps_per_block_mean": "substeps_per_block(): distinct sub-steps per block "
    "instance, mean",
    "decomposition.cross_block_repeat_share": "cross_block_repeat_share(): per block instance, share of its "
    "sub-steps whose text also occurs in another block instance of the day, averaged (and pooled)",
    "decomposition.hour_block_distinct_substeps_mean": "hour_block_figures(): distinct sub-steps of the block "
    "instances of 45-75 minutes (minutes: their f_daily_schedule entries summed, chat inserts included), mean; "
    "hour_blocks: how many; actions_per_decomposed_hour: actions / hours of all decomposed block instances",
    "decomposition.per_block": "per_block_figures(): each decomposed block instance's distinct sub-steps and "
    "cross-block share, and the distinct sub-steps of each block of about an hour, in the day's order",
    "overall.bootstrap_95": "bootstrap_day(): 95% percentile interval of those three day means over 4000 "
    "resamplings of each agent's blocks (seed 0); one day's blocks are not independent, so a lower bound on "
    "how far another GPT-3.5 day could fall",
    "decomposition.full_entries_distinct_share": "distinct_share() of the full '<block> (<sub-step>)' strings",
    "memory": "node counts by type in nodes.json; own_action_events: events whose subject is the persona, "
    "without the '<persona> is conversing about ...' events chats leave; object_events: subjects that are "
    "addresses ('...:...'); chat_lines: len(filling) of each chat node ([speaker, line] pairs)",
    "importance": "importance_distribution() of the poignancy field (1..10 as the model rated it); "
    "events_all includes the many perceived object events ('<object> is idle' is fixed at 1); thoughts "
    "include the day's plan, the seeded whisper thoughts and reflections",
    "overall": "means over the three agents of their counts; importance pooled over all three agents' nodes",
    "overall.said_again": "said_again_pairs() over day_conversations() of the three personas' chat nodes: per "
    "speaker, per ordered pair of their conversations (a, b), the share of their distinct sentences in a that they "
    "say word for word in b, as [speaker, a, b, share]; said_again_share_mean is their mean, and bootstrap_95's "
    "said_again_share_mean is bootstrap_said_again() (conversations resampled, seed 0)",
}


def reference_from_files(scratch_paths: Mapping[str, str], nodes_paths: Mapping[str, str]) -> dict[str, Any]:
    """Figures of :func:`original_statistics` per persona and pooled, from saved scratch/nodes JSON files."""
    import json
    from pathlib import Path

    per_agent: dict[str, dict[str, Any]] = {}
    all_nodes: dict[str, dict[str, Any]] = {}
    for name in scratch_paths:
        scratch = json.loads(Path(scratch_paths[name]).read_text())
        nodes = json.loads(Path(nodes_paths[name]).read_text())
        if scratch["name"] != name:
            raise ValueError(f"{scratch_paths[name]} is {scratch['name']}'s scratch, not {name}'s")
        per_agent[name] = original_statistics(scratch, nodes)
        all_nodes[name] = nodes
    return {"per_agent": per_agent, "overall": overall_statistics(per_agent, all_nodes)}


def add_block_figures(document: dict[str, Any], scratch_paths: Mapping[str, str]) -> dict[str, Any]:
    """``document`` (the reference figures) with the hour-block figures added, from the personas' scratch
    files alone (the nodes are only needed for memory and importance figures, which are kept as they are).
    The schedule and decomposition figures it holds must come out the same: a check that the scratch
    copies are the files the document was computed from."""
    import json
    from pathlib import Path

    per_agent = document["per_agent"]
    for name, path in scratch_paths.items():
        fresh = original_statistics(json.loads(Path(path).read_text()), {})
        for section in ("schedule", "decomposition"):
            for key, value in per_agent[name][section].items():
                if fresh[section].get(key) != value:
                    raise ValueError(
                        f"{path}: {section}.{key} comes out {fresh[section].get(key)}, the reference holds {value}: "
                        "not a copy of the file the reference was computed from"
                    )
            per_agent[name][section] = fresh[section]
    overall = overall_statistics(per_agent, {})
    for key in ("hour_block_distinct_substeps_mean", "actions_per_decomposed_hour_mean"):
        document["overall"][key] = overall[key]
    document["overall"]["bootstrap_95"] = bootstrap_day(per_agent)
    document["how"] = HOW
    return document


def add_chat_figures(document: dict[str, Any], nodes_paths: Mapping[str, str]) -> dict[str, Any]:
    """``document`` (the reference figures) with :func:`chat_figures` added to its ``overall``, from the personas'
    nodes files (whole, or their chat nodes alone). The conversations must be as many as the chat nodes the
    document counted make (each is stored twice): a check that the copies hold the day's every conversation."""
    import json
    from pathlib import Path

    nodes = {name: json.loads(Path(path).read_text()) for name, path in nodes_paths.items()}
    figures = chat_figures(nodes)
    expected = int(document["overall"]["chat_nodes_total"]) // 2
    if figures["conversations"] != expected:
        raise ValueError(
            f"{', '.join(nodes_paths.values())}: {figures['conversations']} conversations, the reference counted "
            f"{expected} (chat_nodes_total / 2): not copies of the day's nodes"
        )
    overall = document["overall"]
    overall["said_again_share_mean"] = figures["said_again_share_mean"]
    overall["said_again_pairs"] = figures["said_again_pairs"]
    overall.setdefault("bootstrap_95", {})["said_again_share_mean"] = figures["said_again_bootstrap_95"]
    document["how"] = HOW
    return document


def figures_only(value: Any, path: str = "") -> list[str]:
    """Paths in a figures dict whose leaves are not finite numbers (empty when it holds figures only)."""
    if isinstance(value, Mapping):
        return [p for key, item in value.items() for p in figures_only(item, f"{path}.{key}" if path else key)]
    if isinstance(value, list | tuple):
        return [p for i, item in enumerate(value) for p in figures_only(item, f"{path}[{i}]")]
    return [] if is_finite_number(value) else [path]


def main(argv: Sequence[str] | None = None) -> None:
    """Recompute benchmarks/data/original_ville3_day1.json's figures from locally saved copies.

    ``--dir`` holds ``<first name>_scratch.json`` and ``<first name>_nodes.json`` for the three personas
    (copies of the files under :data:`RUN_DIR` at :data:`COMMIT`); ``--source`` is a JSON file with the
    provenance block to embed (kept as is). With ``--scratch-only``, ``--out`` is the existing reference,
    to which the figures computed from the scratch files alone are added (:func:`add_block_figures`); with
    ``--chats-only``, those computed from the nodes files' chat nodes (:func:`add_chat_figures`: the files may
    hold the chat nodes alone).
    """
    import argparse
    import json
    from pathlib import Path

    parser = argparse.ArgumentParser(description=main.__doc__)
    parser.add_argument("--dir", required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--source")
    parser.add_argument("--scratch-only", action="store_true")
    parser.add_argument("--chats-only", action="store_true")
    args = parser.parse_args(argv)
    folder = Path(args.dir)
    scratch = {n: str(folder / f"{n.split()[0].lower()}_scratch.json") for n in PERSONAS}
    if args.chats_only:
        nodes = {n: str(folder / f"{n.split()[0].lower()}_nodes.json") for n in PERSONAS}
        document = add_chat_figures(json.loads(Path(args.out).read_text()), nodes)
        Path(args.out).write_text(json.dumps(document, indent=2) + "\n")
        return
    if args.scratch_only:
        document = add_block_figures(json.loads(Path(args.out).read_text()), scratch)
        Path(args.out).write_text(json.dumps(document, indent=2) + "\n")
        return
    if not args.source:
        parser.error("--source is needed unless --scratch-only")
    nodes = {n: str(folder / f"{n.split()[0].lower()}_nodes.json") for n in PERSONAS}
    figures = reference_from_files(scratch, nodes)
    bad = figures_only(figures)
    if bad:
        raise SystemExit(f"non-numeric leaves in the figures: {bad[:5]}")
    document = {"source": json.loads(Path(args.source).read_text()), "how": HOW, **figures}
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    Path(args.out).write_text(json.dumps(document, indent=2) + "\n")


if __name__ == "__main__":
    main()
