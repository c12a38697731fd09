"""The hours of a persona's routine, read from the lifestyle sentence of the scenario.

A scenario states sleep in words ("goes to sleep around 11 pm and gets up around 6 am"; a night
nurse's "goes to sleep around 8 am and gets up around 4 pm"). The runtime reads those hours the same
way for every model: for fail-safes, for the repairs that keep the night asleep, and for the bedtime
a schedule is cut at. The day is circular: sleep is the span from bedtime to waking, wherever
midnight falls in it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

DEFAULT_WAKE = 7
DEFAULT_BED = 23

_WAKE_VERBS = (
    "gets up", "get up", "wakes up", "wake up", "wakes", "awakes", "rises", "is up", "starts the day",
    "starts her day", "starts his day", "starts their day",
    # (and as said in short, or by the alarm: "Up by six", "bed by half ten, up at seven", "her alarm goes at a
    # quarter to six"; an outside tester's circus cast, session 72)
    "up at", "up by", "up around", "up before", "alarm goes", "alarm goes off", "alarm rings",
)  # fmt: skip
_BED_VERBS = (
    "goes to sleep", "go to sleep", "goes to bed", "go to bed", "falls asleep", "turns in", "is asleep", "sleeps",
    "asleep", "retires", "stays up", "stays awake", "bed",
    # (and a bunk, as on a ship or at a fire station: "is in his bunk by ten", an outside tester's fire captain, read
    # as no bedtime; session 73)
    "bunk", "hammock", "lights out", "hits the sack", "hits the hay",
)  # fmt: skip
_CLOCK = r"(\d{1,2})(?::\d\d)?\s*(am|pm|a\.m\.|p\.m\.)?"
# "sleeps from 8 am to 4 pm", "is asleep between noon and 8 pm", "sleeps 9 am-5 pm": both ends at once.
_SPAN = re.compile(
    # Sleep words only: "rests from 2 pm to 3 pm" or "reads in bed from 10 to 11 pm" is no night.
    # (a few words between: "sleeps through the day, roughly from eight in the morning till four in the afternoon")
    r"(?:sleeps?|asleep|sleeping)\s+(?:[^\d.;]{0,40}?\b(?:from|between)\s+)?\s*"
    + _CLOCK
    + r"\s*(?:to|until|till|and|-|–)\s*"
    + _CLOCK
)
# Numbers said in words, read as an hour where a time is said: "up at seven", "in bed before eleven", "half past
# four", "a quarter to six", "half ten" (half past ten, as said in Britain and Ireland).
_NUMBERS = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve")
_NUMBER_AT = re.compile(
    r"\b(at|by|around|about|before|after|till|until|from|to|past|half|gone|between) (" + "|".join(_NUMBERS) + r")\b"
    r"(?!\s+(?:of|another|side|point|time|go|or|more|less|years?|hours?|minutes?|days?|weeks?|months?|people)\b)"
)
# Clock times said in words, rewritten to the "8 am" form the patterns read.
_WORDS = (
    (_NUMBER_AT, lambda m: f"{m[1]} {_NUMBERS.index(m[2]) + 1}"),
    (re.compile(r"\bhalf past (\d{1,2})\b(?!:)"), r"\1:30"),
    (re.compile(r"\b(?:a )?quarter past (\d{1,2})\b(?!:)"), r"\1:15"),
    (re.compile(r"\b(?:a )?quarter to (\d{1,2})\b(?!:)"), lambda m: f"{(int(m[1]) - 2) % 12 + 1}:45"),
    (re.compile(r"\bhalf (\d{1,2})\b(?!:)"), r"\1:30"),
    (re.compile(r"\bout of bed\b"), "up"),  # "gets out of bed at 6 am" is waking, not a bedtime
    (re.compile(r"\b(?:noon|midday)\b"), "12 pm"),
    (re.compile(r"\bmidnight\b"), "12 am"),
    (re.compile(r"\b(\d{1,2})(:\d\d)?\s*(?:o'clock\s*)?in the morning\b"), r"\1\2 am"),
    (re.compile(r"\b(\d{1,2})(:\d\d)?\s*(?:o'clock\s*)?in the (?:afternoon|evening)\b"), r"\1\2 pm"),
    # "10 at night" is 10 pm, "2 at night" is 2 am.
    (re.compile(r"\b([1-4])(:\d\d)?\s*(?:o'clock\s*)?at night\b"), r"\1\2 am"),
    (re.compile(r"\b(\d{1,2})(:\d\d)?\s*(?:o'clock\s*)?at night\b"), r"\1\2 pm"),
)


def spoken(text: str) -> str:
    """``text`` in lower case, with clock times said in words written as "8 am"."""
    out = text.lower()
    for pattern, replacement in _WORDS:
        out = pattern.sub(replacement, out)
    return out


def _hour(number: str, half: str | None) -> int:
    hour = int(number) % 12 if half else int(number)
    if half and half.startswith("p"):
        hour += 12
    return hour % 24


def hour_in(text: str, verbs: Sequence[str]) -> int | None:
    """The hour (0-23) that follows one of ``verbs`` in ``text`` ("gets up around 6 am" -> 6), if any.

    The hour must follow within the same sentence ("gets up, usually around 6 am"), and times said in
    words count ("at noon", "8 in the morning", "midnight").
    """
    pattern = r"\b(?:" + "|".join(re.escape(v) for v in verbs) + r")\b[^\d.;]{0,30}?" + _CLOCK
    m = re.search(pattern, spoken(text))
    return _hour(m.group(1), m.group(2)) if m else None


def stated_sleep(lifestyle: str) -> tuple[int | None, int | None]:
    """(wake hour, bed hour) as the lifestyle states them; None for what it does not say. An hour said without
    am or pm is read as people mean it: a bedtime from 6 to 11 in the evening ("in bed by ten"), twelve at
    midnight; a waking hour in the morning ("up at seven")."""
    text = spoken(lifestyle)
    span = _SPAN.search(text)
    if span:
        return _hour(span.group(3), span.group(4)), _hour(span.group(1), span.group(2))
    wake, bed = _clock_after(text, _WAKE_VERBS), _clock_after(text, _BED_VERBS)
    return (
        None if wake is None else _hour(*wake),
        None if bed is None else _hour(bed[0], bed[1] or _bed_half(bed[0])),
    )


def _bed_half(number: str) -> str | None:
    """Whether a bedtime said without am or pm is in the evening: "in bed by ten" is 10 pm, "by twelve" midnight;
    a 24-hour clock ("23:00", "07:30") says it already."""
    if number.startswith("0") or int(number) > 12:
        return None
    return "pm" if 6 <= int(number) <= 11 else "am"


def _clock_after(text: str, verbs: Sequence[str]) -> tuple[str, str | None] | None:
    """(number, am or pm or None) of the clock time after one of ``verbs`` in ``text`` (see :func:`hour_in`)."""
    pattern = r"\b(?:" + "|".join(re.escape(v) for v in verbs) + r")\b[^\d.;]{0,30}?" + _CLOCK
    m = re.search(pattern, text)
    return (m.group(1), m.group(2)) if m else None


# A night is 5 to 11 hours: a default for the end the lifestyle leaves out is kept only inside that,
# else it follows from the end it states (a day sleeper in bed at 8 am gets up at 4 pm, not at 7 am).
_NIGHT = range(5, 12)
_USUAL_NIGHT = 8


def _night(lifestyle: str) -> tuple[int | None, int | None]:
    """(wake hour, bed hour) as stated, the end left out filled from the stated one where the default
    does not fit it; None where neither end says anything."""
    wake, bed = stated_sleep(lifestyle)
    if wake is None and bed is not None and (DEFAULT_WAKE - bed) % 24 not in _NIGHT:
        wake = (bed + _USUAL_NIGHT) % 24
    elif bed is None and wake is not None and (wake - DEFAULT_BED) % 24 not in _NIGHT:
        bed = (wake - _USUAL_NIGHT) % 24
    return wake, bed


def stated_wake_hour(lifestyle: str) -> int | None:
    """The hour the lifestyle says (or, from its bedtime, implies) the persona gets up; None when silent."""
    return _night(lifestyle)[0]


def wake_hour_of(lifestyle: str) -> int:
    """The hour the lifestyle says the persona gets up (7 when it does not say)."""
    wake = _night(lifestyle)[0]
    return wake if wake is not None else DEFAULT_WAKE


def bed_hour_of(lifestyle: str) -> int:
    """The hour the lifestyle says the persona goes to bed (from its waking hour, or 23, when it does not say)."""
    bed = _night(lifestyle)[1]
    return bed if bed is not None else DEFAULT_BED


_SLEEP_WORDS = re.compile(r"\b(?:sleep\w*|asleep|bed|wakes?|awake|gets? up|night shift|nights)\b")


# A clock time as written: "25:00", "13 am", "7:75 pm" (a bare number is no time: "for 30 years").
_WRITTEN_TIME = re.compile(r"\b(\d{1,2})(?::(\d\d))?\s*(am|pm|a\.m\.|p\.m\.)|\b(\d{1,2}):(\d\d)\b")


def _impossible_time(lifestyle: str) -> str | None:
    """The first clock time in ``lifestyle`` that no clock shows, as written, or None."""
    for m in _WRITTEN_TIME.finditer(spoken(lifestyle)):
        if m.group(3):
            hour, minutes, ok_hours = int(m.group(1)), m.group(2), range(1, 13)
        else:
            hour, minutes, ok_hours = int(m.group(4)), m.group(5), range(24)
        if hour not in ok_hours or (minutes is not None and int(minutes) > 59):
            return m.group(0)
    return None


def _hour_of(written: str) -> int:
    """The hour the readers take from a written time (as :func:`_hour` does), for saying what was read."""
    m = re.match(_CLOCK, written)
    assert m
    return _hour(m.group(1), m.group(2))


def sleep_warning(lifestyle: str) -> str | None:
    """Why the hours read from ``lifestyle`` are probably not what its author meant, or None.

    For ``aga scenario check``: a lifestyle without an hour of sleep or waking the runtime can read
    gets the default night (11 pm to 7 am), whatever it says. That is warned about whether or not it
    talks about sleep: "keeps irregular hours" or "works nights" says nothing the runtime can use, and
    every bundled persona states its hours.
    """
    wrong = _impossible_time(lifestyle)
    if wrong:
        return (
            f"'{wrong}' is no time of day, yet an hour is read from it ({clock_hour(_hour_of(wrong))}); write "
            "hours as '11 pm' or '23:00'"
        )
    wake, bed = stated_sleep(lifestyle)
    if wake is None and bed is None:
        said = (
            "mentions sleep but gives no hour of going to bed or getting up that can be read"
            if _SLEEP_WORDS.search(lifestyle.lower())
            else "gives no hour of going to bed or getting up"
        )
        return (
            f"{said}, so the default night (11 pm to 7 am) applies; say it as 'goes to sleep around "
            "8 am and gets up around 4 pm'"
        )
    wake, bed = wake_hour_of(lifestyle), bed_hour_of(lifestyle)
    night = (wake - bed) % 24
    if night not in range(3, 15):
        return (
            f"reads as asleep from {clock_hour(bed)} to {clock_hour(wake)} ({night} hours a day); "
            "say it as 'goes to sleep around 8 am and gets up around 4 pm'"
        )
    return None


def asleep_at(hour: int, wake: int, bed: int) -> bool:
    """Whether the persona is asleep at ``hour`` of a day that starts at midnight.

    A night that starts before midnight (11 pm to 7 am) is slept from midnight to waking and again from bedtime.
    One that starts after midnight is slept from bedtime to waking: someone in bed at 2 am is up at 1 am, a watch
    officer in bed at 4:30 am after "the 12-to-4 watch from midnight until 4 am" keeps it, and a day sleeper (a night
    nurse in bed from 8 am to 4 pm) is awake from midnight to bedtime and again from waking until midnight.

    (The original started every day asleep, as if the small hours before a bedtime after midnight belonged to the
    evening before: a day plan made at midnight then slept them, and an outside tester's ship slept every midnight
    watch on both nights, session 74.)
    """
    if bed == wake:
        return False
    if bed > wake:  # 11 pm to 7 am
        return hour >= bed or hour < wake
    return bed <= hour < wake  # 2 am to 9 am; a day sleeper's 8 am to 4 pm


_TIME = re.compile(r"(\d{1,2})(?::(\d\d))?\s*(am|pm|a\.m\.|p\.m\.)", re.IGNORECASE)
_HALF = r"(?:\s*(?:am|pm|a\.m\.|p\.m\.))"
# A time, a span or a list of times with what leads into it: "at 6 pm", "from 9 am to 5 pm", "10-11 pm",
# "at 5 am and 6 pm". Numbers alone ("2 loaves") are kept: a run goes only if it holds an am or pm.
_TIME_RUN = re.compile(
    r"\s*\b(?:at|from|around|by|until|till|between)?\s*\b\d{1,2}(?::\d\d)?" + _HALF + r"?"
    r"(?:\s*(?:to|until|till|and|&|-|–|or|,)\s*\d{1,2}(?::\d\d)?" + _HALF + r"?)*",
    re.IGNORECASE,
)
_HAS_HALF = re.compile(r"\d" + _HALF, re.IGNORECASE)


def timed_items(items: Sequence[str]) -> list[tuple[int, str]]:
    """(hour, item) for the plan items that name a clock time ("have lunch at 12:00 pm" -> 12)."""
    out = []
    for item in items:
        m = _TIME.search(item)
        if m:
            out.append((int(m.group(1)) % 12 + (12 if m.group(3).lower().startswith("p") else 0), item))
    return out


def without_time(item: str) -> str:
    """'have lunch at 12:00 pm' -> 'have lunch'; 'work from 9 am to 5 pm' -> 'work'."""
    return _TIME_RUN.sub(lambda m: "" if _HAS_HALF.search(m.group(0)) else m.group(0), item).strip(" ,;.")


def clock_hour(hour: int) -> str:
    """'6:00 am', '4:00 pm' for an hour of the day."""
    h = hour % 24
    return f"{(h % 12) or 12}:00 {'am' if h < 12 else 'pm'}"


# A clause of a routine about where one sleeps: "sleeps in the bunk room at the station until the shift ends".
_SLEEPING = re.compile(r"\b(?:sleeps?|sleeping|asleep|bunk|bunks|beds? down|spends the night|stays the night)\b")
_CLAUSE_END = re.compile(r"[.;,]|\b(?:and|then|before|after|until|till|when|while)\b")


def sleeps_at(place: str, *texts: str) -> bool:
    """Whether the persona's own words (their daily plan requirement, their lifestyle) put their sleep at
    ``place``, by its name or by the last word of it ("sleeps in the bunk room at the station" for "Cold Hollow
    Fire Station"). A fire crew on a 24-hour shift, a ship's crew or a hospital's doctor on call sleep at work;
    everyone else sleeps at home, whatever a model says (the 1.5B sent a sleeper to the pub), and so did an outside
    tester's fire captain whose routine said the bunk room (session 73)."""
    last = place.split()[-1].lower() if place.split() else ""
    for text in texts:
        for m in _SLEEPING.finditer(text.lower()):
            # what follows the sleep word up to the clause's end, and what comes before it in its clause
            before = _CLAUSE_END.split(text.lower()[: m.start()])[-1]
            after = _CLAUSE_END.split(text.lower()[m.end() :])[0]
            clause = f"{before} {after}"
            if "home" in clause:
                continue
            if place.lower() in clause or (last and len(last) > 3 and re.search(rf"\bthe {re.escape(last)}\b", clause)):
                return True
    return False
