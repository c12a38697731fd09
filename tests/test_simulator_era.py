"""A town set in its own years: the identity's date states the year, and the simulator's know-how keeps to it.

Session 73's outside fire station of October 1978 listened to podcasts, texted and checked the phone 131 times in a
day, with no year in any prompt.
"""

from __future__ import annotations

import random
import re
from datetime import datetime

from aga.simulator import HOOKS
from aga.simulator.era import of_its_time, year_of
from aga.simulator.prompt import Prompt

_IDENTITY = (
    "Name: Ed Kowalski\nLearned traits: Ed Kowalski is the captain of A shift at the Cold Hollow Fire Station.\n"
    "Currently: Ed is worried about the old air packs.\nCurrent date: Thursday October 26, {year}"
)
_LATER = re.compile(r"podcast|text|online|e-?mail|laptop|computer|scroll|phone on charge|checking the phone", re.I)


def _steps(task: str, year: int | None, seeds: int = 40) -> list[str]:
    identity = _IDENTITY.format(year=year) if year else _IDENTITY.replace(", {year}", "")
    out = []
    for seed in range(seeds):
        shown = {"identity": identity, "task": task, "minutes": "60"}
        prompt = Prompt("plan.decompose", "\n".join(shown.values()), shown, None, random.Random(seed))
        out += [x["subtask"] for x in HOOKS["plan.decompose"](prompt)["subtasks"]]
    return out


def test_the_identity_states_the_year():
    from aga.cognition.common import fmt_dated

    assert fmt_dated(datetime(1978, 10, 26, 7)) == "Thursday October 26, 1978"
    assert year_of(_IDENTITY.format(year=1978)) == 1978
    assert year_of(_IDENTITY.replace(", {year}", "")) is None  # (a prompt recorded before: no year, no filter)


def test_no_step_of_a_later_time():
    for task in ("resting at home", "eating the crew dinner at the station", "writing up the logbook"):
        assert not [x for x in _steps(task, 1978) if _LATER.search(x)], task
    # ... which the same hours have today, and had with no year shown (the measure can fail)
    today = [x for task in ("resting at home", "writing up the logbook") for x in _steps(task, 2024)]
    assert [x for x in today if _LATER.search(x)]
    assert _steps("resting at home", None) == _steps("resting at home", 2024)


def test_each_thing_from_its_year():
    assert not of_its_time("listening to a podcast", 1978) and of_its_time("listening to a podcast", 2010)
    assert of_its_time("listening to the radio", 1978) and not of_its_time("listening to the radio", 1905)
    assert of_its_time("answering the phone", 1978) and not of_its_time("checking the phone", 1978)
    assert not of_its_time("watching a film", 1905) and of_its_time("reading a letter", 1905)
    assert of_its_time("sending an email", None)
    assert not of_its_time("reading through the inbox", 1978) and not of_its_time("logging in", 1978)


def test_a_programmers_a_weather_offices_and_a_card_schemes_things_from_their_years():
    """An outside tester's 1963 railway junction: a telegraph clerk (his Morse code read as software) "writing a commit
    message", a signalman "checking the forecast models", a tea stall "giving a customer a loyalty stamp" and a
    porter "looking up a missing postcode" (session 75)."""
    from aga.simulator.steps import suits

    for step in ("writing a commit message", "checking the forecast models", "giving a customer a loyalty stamp",
                 "looking up a missing postcode", "calibrating the sensor"):  # fmt: skip
        assert not of_its_time(step, 1963) and of_its_time(step, 2024), step
    assert not suits("writing a commit message", "sending telegrams in Morse code as the telegraph clerk", "desk work")
    assert suits("writing a commit message", "fixing the code as a software developer", "desk work")
