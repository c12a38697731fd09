"""Requirement keeping: are people where their day's requirement says, when it says?

A persona's ``daily_plan_requirement`` often names a place and a time ("meets the boats on Harbour
Quay at 5 am, sells fish at Merrow Fish Market from 6 am until 1 pm"). Nothing in a run forces an agent
there: the requirement is one line of the day-planning prompt, and what the model makes of it decides
where the agent goes. So whether a town keeps it is a measure of behaviour, and one a cache of plans
can move (a reused day built for another day's requirement).

The requirement is free text, so it is read by hand here (no library parses "from 6 am until 1 pm, then
home at 5"), conservatively: a *window* is a place the text names (a sector of the town by its name, a
unique leading part of it of two words or more such as "The Willows", or "home") with the times that
follow it in the same clause (a clause ends at a comma, a full stop or "then"):

- two or more times: from the first to the last ("opens Hobbs Cafe at 8 am ... until 8 pm");
- one time after "from" / "after": until the next window's start, else two hours;
- one time after "at" / "around" / anything else: one hour ("goes home at 5 pm");
- one time after "until" / "by" / "before", or none: no window (it does not say when it starts).

A clause without a place, or a place without a time, gives nothing: "the pub" or "the cafe" is not a
name the town has, and a guess would measure the guess. A window is *kept* on a day when the agent's
actions put it at that sector for at least half of the window's minutes (an action counts from its
start until its planned end or the agent's next action; a conversation or wait, which has no place of
its own, keeps the agent where it was). Only windows the run covers whole are judged.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta

HOME = "home"
# Share of a window's minutes the agent must spend at the place for the window to be kept.
KEPT_AT = 0.5
OPEN_MINUTES = 120  # a "from 2 pm" with nothing after it
AT_MINUTES = 60  # an "at 5 pm"

_TIME = re.compile(
    r"\b(?:(?P<word>from|at|around|about|by|until|till|to|between|and|after|before)\s+)?"
    r"(?:(?P<h>\d{1,2})(?::(?P<m>\d{2}))?\s*(?P<ap>am|pm)\b"
    r"|(?P<h24>[01]?\d|2[0-3])[:h](?P<m24>[0-5]\d)\b(?!\s*[ap]m)"  # a 24-hour clock: "06:00", "19h30"
    r"|(?P<named>noon|midday|midnight))",
    re.IGNORECASE,
)
_CLAUSES = re.compile(r"[,;.!?]\s+|\.$|\s+then\s+", re.IGNORECASE)
_HOME = re.compile(r"\bhome\b")  # lower case: "Home" may begin a name


@dataclass(frozen=True)
class Window:
    """A place the requirement names for a span of the day (minutes after midnight; ``end`` past 1440
    for a window that runs into the next morning)."""

    place: str  # a sector name, or HOME
    start: int
    end: int
    text: str  # the clause it was read from


@dataclass(frozen=True)
class Interval:
    """Where one agent was from ``start`` to ``end`` (the sector of its action, "" where none is known)."""

    start: datetime
    end: datetime
    sector: str


@dataclass
class RequirementFit:
    """Windows judged and kept, per agent, with each judged window's share of minutes at its place."""

    checked: int = 0
    kept: int = 0
    by_agent: dict[str, list[tuple[Window, str, float]]] = field(default_factory=dict)  # (window, day, share)

    @property
    def share(self) -> float | None:
        return self.kept / self.checked if self.checked else None


def _minutes(match: re.Match[str]) -> int:
    named = (match.group("named") or "").lower()
    if named in ("noon", "midday"):
        return 12 * 60
    if named == "midnight":
        return 24 * 60
    if match.group("h24") is not None:
        return int(match.group("h24")) * 60 + int(match.group("m24"))
    hour = int(match.group("h")) % 12 + (12 if match.group("ap").lower() == "pm" else 0)
    return hour * 60 + int(match.group("m") or 0)


def _place_names(sectors: Sequence[str]) -> dict[str, str]:
    """Each way the text may name a sector: its whole name, and each leading part of two words or more
    that no other sector's name begins with ("The Willows" for "The Willows Market and Pharmacy")."""
    names: dict[str, str] = {s: s for s in sectors}
    prefixes: dict[str, set[str]] = {}
    for sector in sectors:
        words = sector.split()
        for n in range(2, len(words)):
            if words[n - 1][:1].isupper():  # "The Rose and" is no name; "The Rose" is
                prefixes.setdefault(" ".join(words[:n]), set()).add(sector)
    for prefix, owners in prefixes.items():
        if len(owners) == 1 and prefix not in names:
            names[prefix] = next(iter(owners))
    return names


def read_windows(requirement: str, sectors: Sequence[str], home: str = "") -> list[Window]:
    """The windows ``requirement`` names (see the module's rules), in the order it names them.

    ``sectors`` are the town's sector names; ``home`` the persona's home sector (a window the text puts
    "home" gets it, and naming the home sector itself counts as home too)."""
    text = re.sub(r"\b([ap])\.m\.", r"\1m", requirement, flags=re.IGNORECASE)
    names = _place_names(sectors)
    pattern = re.compile(r"\b(" + "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True)) + r")\b")
    named = [(m.start(), m.end(), names[m.group(1)]) for m in pattern.finditer(text)] if names else []

    def in_name(at: int) -> bool:
        return any(a <= at < b for a, b, _ in named)

    # Clauses end at punctuation or "then", but not inside a place's name ("St. Ives Quay").
    ends = [m.start() for m in _CLAUSES.finditer(text) if not in_name(m.start())]
    marks: list[tuple[int, str, object]] = [(a, "place", sector) for a, _, sector in named]
    marks += [(m.start(), "place", HOME) for m in _HOME.finditer(text) if not in_name(m.start())]
    marks += [
        (m.start(), "time", ((m.group("word") or "").lower(), _minutes(m)))
        for m in _TIME.finditer(text)
        if not in_name(m.start())
    ]
    # A time belongs to the place named before it in its clause; one before any place is left out
    # ("drinks at the pub at 6 pm and sits at Gull Rock Light at 8 pm": 6 pm is the pub's, not a name).
    found: list[tuple[str, list[tuple[str, int]], str]] = []  # (place, [(word, minutes)], clause)
    current: list[tuple[str, int]] | None = None
    clause_of = None
    for at, kind, value in sorted(marks, key=lambda m: m[0]):
        clause = sum(1 for e in ends if e < at)
        if clause != clause_of:
            current, clause_of = None, clause
        if kind == "place":
            lo = max([e for e in ends if e < at], default=0)
            hi = min([e for e in ends if e > at], default=len(text))
            found.append((HOME if value == home and home else str(value), [], text[lo:hi].strip(" ,;.!?")))
            current = found[-1][1]
        elif current is not None:
            current.append(value)  # type: ignore[arg-type]
    windows: list[Window] = []
    starts = [(i, _start(times)) for i, (_, times, _) in enumerate(found)]
    for i, (place, times, clause) in enumerate(found):
        start = starts[i][1]
        if start is None:
            continue
        if len(times) >= 2:
            end = times[-1][1]
        elif times[0][0] in ("from", "after"):
            later = [s for j, s in starts if j > i and s is not None and s != start]
            end = later[0] if later else start + OPEN_MINUTES
        else:
            end = start + AT_MINUTES
        if end <= start:
            end += 24 * 60  # "from 8 pm until 6 am"
        windows.append(Window(place, start, end, clause))
    return windows


def _start(times: Sequence[tuple[str, int]]) -> int | None:
    if not times or (len(times) == 1 and times[0][0] in ("until", "till", "by", "before", "to")):
        return None
    return times[0][1]


def intervals(actions: Sequence[tuple[datetime, int, str]]) -> list[Interval]:
    """One agent's actions (start, planned minutes, sector or "" for none; in order) as where it was:
    each until its planned end or the next action, whichever is first; an action with no sector (a chat,
    a wait) leaves the agent where it was."""
    out: list[Interval] = []
    where = ""
    for i, (start, minutes, sector) in enumerate(actions):
        end = start + timedelta(minutes=max(0, minutes))
        if i + 1 < len(actions):
            end = min(end, actions[i + 1][0])
        where = sector or where
        if end > start:
            out.append(Interval(start, end, where))
    return out


def requirement_fit(
    windows: Mapping[str, Sequence[Window]], timelines: Mapping[str, Sequence[Interval]], homes: Mapping[str, str]
) -> RequirementFit:
    """Per agent, every window on every day the agent's timeline covers whole, kept or not."""
    fit = RequirementFit()
    for agent, mine in windows.items():
        spans = list(timelines.get(agent, ()))
        if not mine or not spans:
            continue
        first, last = spans[0].start, spans[-1].end
        judged: list[tuple[Window, str, float]] = []
        day = datetime.combine(first.date(), datetime.min.time())
        while day < last:
            for window in mine:
                lo, hi = day + timedelta(minutes=window.start), day + timedelta(minutes=window.end)
                if lo < first or hi > last:
                    continue
                place = homes.get(agent, "") if window.place == HOME else window.place
                if not place:
                    continue  # "home" for an agent whose home is not known: "" would match placeless spans
                there = sum(
                    (min(s.end, hi) - max(s.start, lo)).total_seconds()
                    for s in spans
                    if s.sector == place and s.end > lo and s.start < hi
                )
                share = there / (hi - lo).total_seconds()
                judged.append((window, day.date().isoformat(), round(share, 3)))
                fit.checked += 1
                fit.kept += share >= KEPT_AT
            day += timedelta(days=1)
        fit.by_agent[agent] = judged
    return fit
