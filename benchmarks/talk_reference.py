"""How often GPT-3.5 decided to talk in the original study's 3-agent day, read from its memories.

The original asks "should X start a conversation with Y?" when X perceives a new event of Y and neither
rule below rules it out (``plan.py``: ``_should_react`` -> ``lets_talk``). Its saved day
(``benchmarks/data/original_ville3_encounters.json``: when each persona stored an event of another, and
when each conversation began) shows every such chance and whether a conversation followed within two
steps. The decisions themselves were never saved, so the yes rate is estimated: the two sides of one
meeting are asked in turn (the second only when the first said no), so a meeting both could start
becomes a conversation with probability ``1 - (1 - r)^2``, a one-sided chance with ``r``. The maximum
likelihood ``r`` and its 95% likelihood-ratio interval are what the simulator's ``TALK_CHANCE`` is
calibrated against.

Rules read from the original's code (commit of the data file):
- a persona who is conversing, or whose partner is, is not asked (its event reads "is conversing
  about");
- nobody is asked about someone sleeping, nor in the 11 pm hour (``lets_talk``; no sighting of the
  original's day is of either);
- after a conversation, the persona is not asked about the same partner for 800 steps of 10 s
  (``chatting_with_buffer``), counted from the conversation's end; a conversation with someone else
  starts a new buffer, which forgets the old one.

Run ``python -m benchmarks.talk_reference`` for the table of chances and the estimate.
"""

from __future__ import annotations

import bisect
import json
import math
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

DATA = Path(__file__).parent / "data" / "original_ville3_encounters.json"
BUFFER_SECONDS = 800 * 10  # chatting_with_buffer: 800 steps of 10 simulated seconds
FOLLOWS_SECONDS = 20  # a conversation that starts within two steps of the sighting followed it
CHAT_WINDOW_SECONDS = 30 * 60  # the partner seen conversing this long after the start is that conversation
_SLEEP = re.compile(r"\bsleep", re.IGNORECASE)
LATE_HOUR = 23  # lets_talk: nobody starts a conversation in the 11 pm hour
CHI2_95 = 3.841  # 95% point of chi-square with one degree of freedom (likelihood-ratio interval)


@dataclass(frozen=True)
class Chance:
    """One persona's new sighting of another that the original would have asked about."""

    persona: str
    other: str
    second: int
    talked: bool


@dataclass(frozen=True)
class Meeting:
    """The chances of one pair at one moment: the sides (1 or 2) that were asked."""

    pair: tuple[str, ...]
    second: int
    asked: tuple[str, ...]
    talked: bool

    @property
    def sides(self) -> int:
        """How many of the two were asked."""
        return len(self.asked)


def load(path: Path = DATA) -> dict[str, Any]:
    """The encounters file, with a clear error for a missing or malformed one."""
    try:
        document = json.loads(path.read_text())
    except (OSError, json.JSONDecodeError) as error:
        raise ValueError(f"{path}: cannot read the encounters file ({error})") from error
    if not isinstance(document.get("personas"), Mapping):
        raise ValueError(f"{path}: no 'personas' table (persona -> {{'seen': [...], 'chats': [...]}})")
    return document


def _chat_spans(chats: Sequence[Mapping[str, Any]], seen: Sequence[Mapping[str, Any]]) -> list[tuple[int, int, str]]:
    """(start, end, partner) of each conversation: it ends at the last sighting of the partner
    conversing within half an hour of its start (at its start when there is none)."""
    spans = []
    for chat in sorted(chats, key=lambda c: c["second"]):
        start, partner = int(chat["second"]), str(chat["with"])
        during = [
            int(s["second"])
            for s in seen
            if s["other"] == partner and s["conversing"] and start <= int(s["second"]) <= start + CHAT_WINDOW_SECONDS
        ]
        spans.append((start, max([start, *during]), partner))
    return spans


def chances(document: Mapping[str, Any]) -> list[Chance]:
    """Every sighting of another persona the original would have asked about, and whether a
    conversation of the pair followed it."""
    out: list[Chance] = []
    for persona, record in document["personas"].items():
        seen, chats = record.get("seen", []), record.get("chats", [])
        spans = _chat_spans(chats, seen)
        for sight in seen:
            second, other = int(sight["second"]), str(sight["other"])
            if sight["conversing"] or sight.get("asleep") or second // 3600 % 24 == LATE_HOUR:
                continue
            if any(a <= second <= b for a, b, _ in spans):
                continue
            before = [span for span in spans if span[0] <= second]
            if before and before[-1][2] == other and second < before[-1][1] + BUFFER_SECONDS:
                continue  # still in the buffer of their last conversation
            talked = any(w == other and 0 < a - second <= FOLLOWS_SECONDS for a, _, w in spans)
            out.append(Chance(persona, other, second, talked))
    # One decision a step: the original focuses one of the step's new events of other personas
    # (``_choose_retrieved``), so several people seen at once are one chance, the one talked to if any.
    # (A ville25 day counted 1,732 meetings when every sighting was one.)
    one: dict[tuple[str, int], Chance] = {}
    for chance in out:
        kept = one.get((chance.persona, chance.second))
        if kept is None or (chance.talked and not kept.talked):
            one[chance.persona, chance.second] = chance
    return list(one.values())


def meetings(found: Iterable[Chance]) -> list[Meeting]:
    """The chances grouped by pair and moment: the two sides' sightings within two steps are one meeting;
    one side's sightings at different steps are separate decisions."""
    out: list[Meeting] = []
    for chance in sorted(found, key=lambda c: (c.second, c.persona)):
        pair = tuple(sorted((chance.persona, chance.other)))
        last = next((i for i in range(len(out) - 1, -1, -1) if out[i].pair == pair), None)
        if (
            last is not None
            and chance.second - out[last].second <= FOLLOWS_SECONDS
            and chance.persona not in out[last].asked
        ):
            m = out[last]
            out[last] = Meeting(pair, m.second, (*m.asked, chance.persona), m.talked or chance.talked)
        else:
            out.append(Meeting(pair, chance.second, (chance.persona,), chance.talked))
    return out


def from_memories(
    events: Iterable[tuple[str, int, str, str]],
    chats: Iterable[tuple[str, int, str]],
    *,
    step_seconds: int = 10,
    actions: Iterable[tuple[str, int, str]] = (),
) -> dict[str, Any]:
    """A run's day in the encounters file's form, so that its meetings are counted by the same rules.

    ``events``: (agent, second, subject, description) of event memories whose subject is another agent;
    ``chats``: (agent, second, partner) of chat memories; ``actions``: (agent, second, description) of
    each agent's actions, so that a sighting made while the one who made it sleeps is no chance (the
    original's ``lets_talk`` asks neither side asleep; a spouse's sighting from the bed was a third of
    a harbour6 day's chances). A chat is stored in the step of the sighting that started it here, one
    step later in the original, so it is dated a step on.
    """
    doing: dict[str, list[tuple[int, str]]] = {}
    for agent, second, description in actions:
        doing.setdefault(agent, []).append((second, description))
    for rows in doing.values():
        rows.sort()

    def sleeping(agent: str, second: int) -> bool:
        rows = doing.get(agent, [])
        at = bisect.bisect_right(rows, (second, "\uffff")) - 1
        return at >= 0 and _SLEEP.search(rows[at][1]) is not None

    personas: dict[str, dict[str, list[dict[str, Any]]]] = {}
    for agent, second, subject, description in events:
        conversing = int(" is chatting with " in description or " is conversing about " in description)
        asleep = int(_SLEEP.search(description) is not None or sleeping(agent, second))
        row = {"second": second, "other": subject, "conversing": conversing, "asleep": asleep}
        personas.setdefault(agent, {"seen": [], "chats": []})["seen"].append(row)
    for agent, second, partner in chats:
        row = {"second": second + step_seconds, "with": partner, "lines": 0}
        personas.setdefault(agent, {"seen": [], "chats": []})["chats"].append(row)
    return {"personas": personas}


def summary(document: Mapping[str, Any]) -> dict[str, float]:
    """Meetings the decision to talk was asked about (by the original's rules), and the share of them
    that became a conversation."""
    together = meetings(chances(document))
    talked = sum(m.talked for m in together)
    return {"meetings": len(together), "talked_share": round(talked / len(together), 4) if together else 0.0}


def _log_likelihood(rate: float, found: Sequence[Meeting]) -> float:
    total = 0.0
    for m in found:
        no = (1 - rate) ** m.sides
        total += math.log(1 - no) if m.talked else math.log(no)
    return total


def yes_rate(found: Sequence[Meeting]) -> dict[str, float]:
    """The maximum-likelihood rate of yes per decision and its 95% likelihood-ratio interval, on a grid
    of 0.001 (a closed form exists only when every meeting has the same number of sides)."""
    if not found:
        raise ValueError("no meetings to estimate a yes rate from")
    grid = [i / 1000 for i in range(1, 1000)]
    scores = [_log_likelihood(r, found) for r in grid]
    best = max(range(len(grid)), key=scores.__getitem__)
    inside = [r for r, s in zip(grid, scores, strict=True) if 2 * (scores[best] - s) <= CHI2_95]
    return {
        "rate": grid[best],
        "low": min(inside),
        "high": max(inside),
        "meetings": len(found),
        "conversations": sum(m.talked for m in found),
    }


def main() -> None:
    """Print every chance of the original's day and the yes rate it implies."""
    found = chances(load())
    for c in found:
        print(f"{c.second // 3600:02d}:{c.second % 3600 // 60:02d}:{c.second % 60:02d} {c.persona} sees {c.other}: "
              f"{'conversation' if c.talked else 'none'}")  # fmt: skip
    together = meetings(found)
    estimate = yes_rate(together)
    print(
        f"{len(found)} chances in {estimate['meetings']} meetings ({sum(m.sides == 2 for m in together)} with both "
        f"sides free), {estimate['conversations']} conversations; yes rate per decision "
        f"{estimate['rate']:.2f} (95% {estimate['low']:.2f}-{estimate['high']:.2f})"
    )


if __name__ == "__main__":
    main()
