"""Where the simulator puts an action (``act.sector``) for routines that name home as well as work.

Found by an outside tester's town: a night nurse's routine "... until 7 am and walks home at 7 am" gave
its "walks home" clause to the clinic (the place named last in the sentence), so her waking up at 4 pm
and her going to bed were done on the ward.
"""

from __future__ import annotations

import pytest

from tests.test_simulator_answers import ask

NURSE = {
    "name": "Siobhán Ní Dhúbhghaill",
    "home_sector": "Ødegaard & Ní Dhúbhghaill's house",
    "home_arenas": "Jürgen Ødegaard's room, Siobhán Ní Dhúbhghaill's room, bathroom, kitchen",
    "current_sector": "Ødegaard & Ní Dhúbhghaill's house",
    "current_arenas": "Jürgen Ødegaard's room, Siobhán Ní Dhúbhghaill's room, bathroom, kitchen",
    "requirement": (
        "Siobhán Ní Dhúbhghaill works the night shift at St. Ólafur's Clinic from 8 pm until 7 am, checks "
        "the patients on the ward every hour and walks home at 7 am."
    ),
    "options": "Ødegaard & Ní Dhúbhghaill's house, St. Ólafur's Clinic, Ma's Bakery & Café, Fjordgata Square",
}


@pytest.mark.parametrize("action", ["waking up for the morning routine (stretching)", "going to bed (reading a book)"])
def test_a_night_worker_wakes_and_goes_to_bed_at_home(action):
    chosen = [ask("act.sector", seed, action_description=action, **NURSE)["choice"] for seed in range(20)]
    assert chosen.count(NURSE["home_sector"]) == 20, chosen


def test_her_work_is_still_done_at_work():
    action = "checking the patients on the ward every hour (reading the charts)"
    chosen = [ask("act.sector", seed, action_description=action, **NURSE)["choice"] for seed in range(20)]
    assert chosen.count("St. Ólafur's Clinic") == 20, chosen


def test_a_clause_saying_home_belongs_to_home_not_to_the_place_named_before_it():
    from aga.simulator.act import _where

    options = ["Ødegaard & Ní Dhúbhghaill's house", "St. Ólafur's Clinic"]
    by_place = _where(NURSE["requirement"], options, options[0])
    assert by_place[options[0]] == ["walks home at 7 am"]
    assert "walks home at 7 am" not in by_place[options[1]]


ANIMAL = ("animal", "owner", "kennel", "claws", "livestock")


def _steps(identity: str, task: str, seed: int) -> list[str]:
    shown = {"identity": identity, "task": task, "minutes": "120"}
    return [s["subtask"] for s in ask("plan.decompose", seed, **shown)["subtasks"]]


def test_a_nurse_on_a_human_ward_is_not_given_a_vets_steps():
    """Patients and animals were one pool of steps: the night nurse calmed frightened animals."""
    identity = "Name: Siobhán Ní Dhúbhghaill\nLearned traits: Siobhán is a night nurse at St. Ólafur's Clinic."
    for seed in range(30):
        steps = _steps(identity, "checking the patients on the ward every hour", seed)
        assert not [s for s in steps if any(w in s for w in ANIMAL)], steps


def test_a_vet_still_has_them():
    identity = "Name: Tomasz Wren\nLearned traits: Tomasz is the village vet; he treats dogs, cats and farm animals."
    said = [s for seed in range(30) for s in _steps(identity, "seeing the animals booked in at the surgery", seed)]
    assert sum(any(w in s for w in ANIMAL) for s in said) >= 10, said
