"""Where the simulator puts an action (``act.sector``) for routines that name home as well as work.

Found by an outside tester's town: a night nurse's routine "... until 7 am and walks home at 7 am" gave
its "walks home" clause to the clinic (the place named last in the sentence), so her waking up at 4 pm
and her going to bed were done on the ward.
"""

from __future__ import annotations

import re

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


def test_a_crew_on_a_24_hour_shift_sleeps_where_the_routine_says():
    """Session 73's fire captain "sleeps in the bunk room at the station until the shift ends at 7 am" and slept at
    home, 415 minutes of his shift night; nor was his night's sleep an item of the day, planned from 7 pm."""
    from aga.simulator.plan import routine

    captain = {
        **NURSE,
        "name": "Ed Kowalski",
        "home_sector": "Kowalski House",
        "home_arenas": "Ed and Linda's bedroom, kitchen",
        "current_sector": "Cold Hollow Fire Station",
        "current_arenas": "day room, bunk room, apparatus bay",
        "requirement": (
            "Ed goes on shift at the Cold Hollow Fire Station at 7 am, eats the crew dinner at the station at 6 pm, "
            "and sleeps in the bunk room at the station until the shift ends at 7 am."
        ),
        "options": "Kowalski House, Cold Hollow Fire Station, Birch Street Diner",
    }
    chosen = [ask("act.sector", seed, action_description="sleeping", **captain)["choice"] for seed in range(20)]
    assert chosen.count("Cold Hollow Fire Station") == 20, chosen
    home = {**captain, "requirement": "Ed goes on shift at the Cold Hollow Fire Station at 7 am."}
    chosen = [ask("act.sector", seed, action_description="sleeping", **home)["choice"] for seed in range(20)]
    assert chosen.count("Kowalski House") == 20, chosen
    assert not [t for _, t in routine(captain["requirement"], 6) if "sleep" in t]
    # ... in its bunk room, not by the day room's television where he was (session 73)
    room = {"name": "Ed Kowalski", "current_arena": "day room", "current_sector": "Cold Hollow Fire Station"}
    room |= {"sector": "Cold Hollow Fire Station", "options": "apparatus bay, watch office, day room, bunk room"}
    chosen = [ask("act.arena", seed, action_description="sleeping", **room)["choice"] for seed in range(20)]
    assert chosen.count("bunk room") == 20, chosen


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


# An outside tester's hut town: the night radio operator's hour "walking the corridors with a torch" (a
# step of keeping watch) scored his own room ("corridors" is near "room" in MiniLM) and his routine's
# "walks home at 7 am" above the station his routine names for the watch, so his whole first night
# passed at home. A model knows that walking the corridors with a torch is part of a night watch.
OPERATOR = {
    "name": "Jonas Keller",
    "home_sector": "Guides' bunkhouse",
    "home_arenas": "Jonas Keller's room, washroom",
    "current_sector": "Guides' bunkhouse",
    "current_arenas": "Jonas Keller's room, washroom",
    "requirement": (
        "Jonas Keller keeps the night watch in the radio room of the Mountain Rescue Station from 8 pm "
        "until 7 am and walks home at 7 am."
    ),
    "options": "Guides' bunkhouse, Brunner cabin, Grauhorn Hut, Mountain Rescue Station, Summit trail",
}


@pytest.mark.parametrize(
    "action",
    [
        "walking the corridors with a torch (answering a call)",
        "answering a call (writing it in the logbook)",
        "keeping the night watch (logging the weather reports)",
    ],
)
def test_a_step_of_the_routines_work_is_done_where_the_routine_puts_that_work(action):
    chosen = [ask("act.sector", seed, action_description=action, **OPERATOR)["choice"] for seed in range(20)]
    assert chosen.count("Mountain Rescue Station") >= 19, chosen


@pytest.mark.parametrize(
    "action", ["walking home (picking up the pace)", "going to bed (drawing the blackout curtains)"]
)
def test_the_operator_still_walks_home_and_sleeps_there(action):
    chosen = [ask("act.sector", seed, action_description=action, **OPERATOR)["choice"] for seed in range(20)]
    assert chosen.count("Guides' bunkhouse") >= 19, chosen


def test_a_walk_for_its_own_sake_is_not_drawn_home_by_a_walk_home_in_the_routine():
    # Kinds that are no trade (a walk, a meal, housework) do not tie an action to a routine's place.
    action = "going for a walk along the trail (taking photos of the peaks)"
    chosen = [ask("act.sector", seed, action_description=action, **OPERATOR)["choice"] for seed in range(20)]
    assert chosen.count("Summit trail") >= 15, chosen


BUNKHOUSE = {
    "name": "Jonas Keller",
    "options": "Jonas Keller's room, washroom",
    "current_arena": "Jonas Keller's room",
    "sector": "Guides' bunkhouse",
    "current_sector": "Guides' bunkhouse",
}


@pytest.mark.parametrize(
    "action", ["having dinner (passing the salt)", "having breakfast (setting the table for breakfast)"]
)
def test_a_meal_in_a_home_without_a_kitchen_is_not_eaten_in_the_washroom(action):
    chosen = [ask("act.arena", seed, action_description=action, **BUNKHOUSE)["choice"] for seed in range(20)]
    assert chosen.count("washroom") == 0, chosen


@pytest.mark.parametrize("action", ["taking a shower (washing hair)", "brushing teeth (rinsing the mouth)"])
def test_washing_still_goes_to_the_washroom(action):
    chosen = [ask("act.arena", seed, action_description=action, **BUNKHOUSE)["choice"] for seed in range(20)]
    assert chosen.count("washroom") == 20, chosen


CLEANER = {
    "name": "Maeve Quill",
    "home_sector": "Quill cottage",
    "home_arenas": "Maeve Quill's bedroom, bathroom, kitchen",
    "current_sector": "Quill cottage",
    "current_arenas": "Maeve Quill's bedroom, bathroom, kitchen",
    "requirement": (
        "Maeve Quill cleans at Ballyre Services from 5 am until 10 am: she cleans the washrooms of the toilet "
        "block from 5 am until 7 am, mops The Kettle Diner's floor from 7 am until 8 am and cleans the fuel "
        "kiosk's shop floor from 8 am until 10 am."
    ),
    "options": (
        "Quill cottage, Ballyre Services toilet block, The Kettle Diner, Ballyre Services fuel kiosk, "
        "Ballyre Services lorry park"
    ),
}


@pytest.mark.parametrize(
    ("action", "place"),
    [
        ("cleaning the fuel kiosk's shop floor (mopping the floor)", "Ballyre Services fuel kiosk"),
        ("cleaning the washrooms of the toilet block (scrubbing the sinks)", "Ballyre Services toilet block"),
        ("mopping The Kettle Diner's floor (wringing out the mop)", "The Kettle Diner"),
    ],
)
def test_a_routine_may_name_a_place_by_the_end_of_its_name(action: str, place: str):
    """An outside tester's cleaner: "the fuel kiosk" and "the toilet block" were not read as "Upton Stoke
    Services fuel kiosk" and "... toilet block", so their clauses went to the diner named before them and
    she mopped the diner's kitchen all morning."""
    chosen = [ask("act.sector", seed, action_description=action, **CLEANER)["choice"] for seed in range(20)]
    assert chosen.count(place) >= 18, chosen


def test_a_shared_end_of_a_name_names_neither():
    from aga.simulator.act import _short_names

    short = _short_names(["North Beach Cafe", "South Beach Cafe", "Fenlow Tyre and Repair", "Oak Hill College"])
    assert short == {"Oak Hill College": "hill college"}  # "beach cafe" is both's, "and repair" no name


DEVELOPER = {
    "name": "Oskar Lindqvist",
    "home_sector": "Canal View flats",
    "current_sector": "Canal View flats",
    "home_arenas": "kitchen, Oskar Lindqvist's bedroom, Oskar Lindqvist's study, bathroom",
    "current_arenas": "kitchen, Oskar Lindqvist's bedroom, Oskar Lindqvist's study, bathroom",
    "requirement": (
        "Oskar Lindqvist works at his desk in Oskar Lindqvist's study from 9 am until 5:30 pm, joins a video "
        "stand-up at 9:30 am, buys lunch at Golden Wok takeaway at 1 pm, goes for a run at 6 pm and plays "
        "darts at The Lamplighter at 8 pm."
    ),
    "options": "Golden Wok takeaway, The Lamplighter, Rao's Corner Shop, Harrow Street Library, Canal View flats",
}


@pytest.mark.parametrize(
    "action",
    [
        # a clause at an hour of its own after an errand ("goes for a run at 6 pm") is not at the errand's place
        "going for a run around the block (warming up)",
        # an action unrelated to any clause is pulled to none of their places
        "waking up (stretching)",
        # a room of home named in the routine ("in Oskar Lindqvist's study") is home
        "joining the video stand-up (turning on the camera)",
    ],
)
def test_a_developer_runs_wakes_and_meets_from_home(action):
    """An outside tester's developer woke up and went running at the takeaway he buys lunch from."""
    chosen = [ask("act.sector", seed, action_description=action, **DEVELOPER)["choice"] for seed in range(20)]
    assert chosen.count("Canal View flats") >= 18, chosen


def test_the_errand_and_the_evening_out_are_still_where_the_routine_says():
    for action, place in (("buying lunch at the takeaway (paying)", "Golden Wok takeaway"),
                          ("playing darts (throwing)", "The Lamplighter")):  # fmt: skip
        chosen = [ask("act.sector", seed, action_description=action, **DEVELOPER)["choice"] for seed in range(20)]
        assert chosen.count(place) == 20, chosen


SCHOLAR = {
    "name": "Ines Varga",
    "home_sector": "Varga flat",
    "current_sector": "Eastbrook University",
    "home_arenas": "Ines Varga's room, kitchen, bathroom",
    "current_arenas": "library, lecture hall",
    "requirement": "Ines Varga goes to the library at Eastbrook University early in the morning and spends most "
    "of the day on her thesis, with breaks at Quill Lane Cafe.",
    "options": "Eastbrook University, Quill Lane Cafe, The Otter Pub, Varga flat",
}


def test_breaks_at_a_cafe_are_for_a_coffee_not_for_breakfast_or_dinner():
    """ "with breaks at the cafe" names no meal, yet a coffee on a break is had there; breakfast and dinner
    are not (the routine's lunch at a takeaway drew every meal there once)."""
    for had in ("taking a coffee break (ordering a latte)", "taking a lunch break (ordering soup)"):
        chosen = [ask("act.sector", s, action_description=had, **SCHOLAR)["choice"] for s in range(20)]
        assert chosen.count("Quill Lane Cafe") >= 18, chosen
    for meal in ("having breakfast (eating toast)", "having dinner (eating pasta)"):
        chosen = [ask("act.sector", s, action_description=meal, **SCHOLAR)["choice"] for s in range(20)]
        assert "Quill Lane Cafe" not in chosen, chosen


def test_a_meal_away_from_home_is_had_at_home_when_nothing_here_is_for_it():
    """ "Stay in the current area if the activity can be done there": a ville3 student had his breakfast and his
    dinner at the college's blackboard, as no room of his dorm scored above MiniLM's noise by its name (session
    75). A college of a library and a lecture hall has nothing to eat at; home has a kitchen."""
    for meal in ("eating breakfast, passing the salt (savouring breakfast)", "having dinner (passing the salt)"):
        chosen = [ask("act.sector", s, action_description=meal, **SCHOLAR)["choice"] for s in range(20)]
        assert chosen.count("Varga flat") == 20, chosen
    # ... not the work, a break the routine puts elsewhere, nor what the place one is at has a room for
    thesis = [
        ask("act.sector", s, action_description="working on her thesis (making a call)", **SCHOLAR) for s in range(20)
    ]
    assert {x["choice"] for x in thesis} == {"Eastbrook University"}
    canteen = {**SCHOLAR, "current_arenas": "library, lecture hall, canteen"}
    supper = [ask("act.sector", s, action_description="having dinner (eating pasta)", **canteen) for s in range(20)]
    assert {x["choice"] for x in supper} == {"Eastbrook University"}
    cafe = {**SCHOLAR, "current_sector": "Quill Lane Cafe", "current_arenas": "cafe"}
    lunch = [ask("act.sector", s, action_description="having lunch (eating a sandwich)", **cafe) for s in range(20)]
    assert {x["choice"] for x in lunch} == {"Quill Lane Cafe"}


PUPIL = {
    "name": "Ruari Quennell",
    "home_sector": "Quennell flat",
    "current_sector": "Quennell flat",
    "home_arenas": "Marisol Quennell's bedroom, Ruari Quennell's bedroom, bathroom, kitchen, living room",
    "current_arenas": "Marisol Quennell's bedroom, Ruari Quennell's bedroom, bathroom, kitchen, living room",
    "requirement": "Ruari Quennell walks to Sallowford Academy at 8 am, has lessons until 3 pm and plays football "
    "on Weaver's Green at 4 pm.",
    "options": "Sallowford Academy, Weaver's Green, Sallowford Towpath, Lisowska's Launderette, The Windlass Inn, "
    "Quennell flat",
}


@pytest.mark.parametrize(
    "action", ["looking at old photos (making a cup of tea)", "napping on the sofa (stretching on the sofa)"]
)
def test_an_hour_at_home_stays_at_home_when_no_other_place_fits_it(action):
    """An outside tester's pupil, at home looking at old photos, made his tea in the launderette's back room
    (MiniLM 0.27 against home's 0.24) and moved between four places in an hour."""
    chosen = [ask("act.sector", seed, action_description=action, **PUPIL)["choice"] for seed in range(20)]
    assert chosen.count("Quennell flat") == 20, chosen


def test_a_place_the_hour_names_is_still_gone_to():
    named = (
        ("playing football on Weaver's Green (warming up)", "Weaver's Green"),
        ("taking the washing to the launderette (carrying the bag)", "Lisowska's Launderette"),
    )
    for action, place in named:
        chosen = [ask("act.sector", seed, action_description=action, **PUPIL)["choice"] for seed in range(20)]
        assert chosen.count(place) == 20, chosen


def test_streaming_from_her_room_is_done_at_home():
    """A ville3 student "streaming games from her room" streamed from Hobbs Cafe, where she had studied."""
    shown = {
        "options": "Oak Hill College, Hobbs Cafe, Dorm for Oak Hill College",
        "home_sector": "Dorm for Oak Hill College",
        "current_sector": "Hobbs Cafe",
        "home_arenas": "Maria Lopez's room, kitchen, common room",
        "current_arenas": "cafe",
        "requirement": "Maria Lopez studies at Hobbs Cafe in the afternoon and streams games from her room in the "
        "evening.",
    }
    action = "streaming games from her room (playing a game)"
    chosen = [ask("act.sector", seed, action_description=action, **shown)["choice"] for seed in range(20)]
    assert chosen.count("Dorm for Oak Hill College") == 20, chosen


def test_a_room_named_for_whom_its_building_is_named_for_is_the_buildings():
    """Session 64's tea estate: the manager wrote his letters "in his study" in the dining room, as the
    "Manager's Study" of the "Manager's Bungalow" was taken for someone else's room."""
    import random

    import aga.simulator  # noqa: F401
    from aga.simulator.prompt import HOOKS, Prompt

    shown = {
        "name": "Rajiv Barua", "current_arena": "Dining Room", "current_sector": "Manager's Bungalow",
        "sector": "Manager's Bungalow", "options": "Manager's Bedroom, Manager's Study, Dining Room, Verandah",
        "action_description": "writing letters to head office in his study (drafting the first paragraph)",
    }  # fmt: skip
    chosen = [
        HOOKS["act.arena"](Prompt("act.arena", "\n".join(shown.values()), shown, None, random.Random(s)))["choice"]
        for s in range(30)
    ]
    assert chosen.count("Manager's Study") >= 25, chosen
    # ... but another person's own room in a house is still theirs
    other = {**shown, "sector": "Ana Lima's house", "current_sector": "Ana Lima's house",
             "options": "Ana Lima's bedroom, kitchen, living room",
             "action_description": "having a cup of tea"}  # fmt: skip
    chosen = [
        HOOKS["act.arena"](Prompt("act.arena", "\n".join(other.values()), other, None, random.Random(s)))["choice"]
        for s in range(30)
    ]
    assert chosen.count("Ana Lima's bedroom") <= 3, chosen


# An outside tester's Antarctic station: its doctor, at home when an hour of "changing a dressing" came,
# changed dressings at the lounge's bookshelf and in the leader's cabin. The step after the block ("putting
# on gloves") read as getting dressed, so the block's care work did not tie it to the routine's Medical Room.
DOCTOR = {
    "name": "Tomás Echeverría",
    "home_sector": "Living Module",
    "home_arenas": "Cabin 1, Cabin 2, Crew Lounge, Washroom, Gym, Leader's Office",
    "current_sector": "Living Module",
    "current_arenas": "Cabin 1, Cabin 2, Crew Lounge, Washroom, Gym, Leader's Office",
    "requirement": (
        "Tomás holds surgery hours at the Medical Room from 9 am until noon, checks the medical stores and writes "
        "up the health log at the Medical Room from 1 pm until 3 pm, and is on call for emergencies through the "
        "night."
    ),
    "options": "Living Module, Galley, Medical Room, Comms Room, Science Lab, Garage",
}


@pytest.mark.parametrize("step", ["putting on gloves", "measuring the blood sugar", "handing over to a colleague"])
def test_a_step_is_done_where_the_routine_puts_its_blocks_work(step):
    action = f"changing a dressing ({step})"
    chosen = [ask("act.sector", seed, action_description=action, **DOCTOR)["choice"] for seed in range(20)]
    assert chosen.count("Medical Room") >= 19, chosen


def test_a_step_of_work_in_an_hour_of_rest_still_stays_at_home():
    action = "resting in the lounge (reading a book)"
    chosen = [ask("act.sector", seed, action_description=action, **DOCTOR)["choice"] for seed in range(20)]
    assert chosen.count("Living Module") >= 19, chosen


def test_a_doctor_on_call_is_no_ambulance_crew():
    """A doctor "on call for emergencies" drew an ambulance's steps: "washing down the vehicle", "checking the
    hoses" at his sick bay."""
    identity = "Name: Tomás Echeverría\nLearned traits: Tomás is the station's doctor, on call for emergencies."
    vehicle = ("vehicle", "hose", "siren", "stretcher", "breathing apparatus", "crew", "hospital", "address")
    said = [s for seed in range(40) for s in _steps(identity, "being on call for emergencies through the night", seed)]
    assert not [s for s in said if any(w in s for w in vehicle)], said


def test_a_paramedic_still_washes_down_the_vehicle():
    identity = "Name: Dara Quinn\nLearned traits: Dara is a paramedic on the town's ambulance."
    vehicle = ("vehicle", "hose", "siren", "stretcher", "crew", "hospital", "address")
    said = [s for seed in range(40) for s in _steps(identity, "waiting for a call-out at the ambulance station", seed)]
    assert sum(any(w in s for w in vehicle) for s in said) >= 10, said


# An outside tester's slate village: the minister's lifestyle "has dinner at the manse at 1 pm", and his home is
# "Tŷ Capel manse"; at the chapel when the hour came, he ate his breakfast and dinner there.
MINISTER = {
    "name": "Owain Pughe",
    "home_sector": "Tŷ Capel manse",
    "home_arenas": "Owain Pughe's bedroom, study, kitchen",
    "current_sector": "Capel Bethesda",
    "current_arenas": "chapel, vestry",
    "requirement": "Owain Pughe holds a prayer meeting in the chapel at Capel Bethesda at 7 pm.",
    "options": "Tŷ Capel manse, Capel Bethesda, Siop Llanllechwedd, Cae Mawr Quarry, Catrin Parry's lodging house",
}


def test_a_place_said_by_the_end_of_its_name_is_gone_to():
    action = "having dinner at the manse (cutting the bread)"
    chosen = [ask("act.sector", seed, action_description=action, **MINISTER)["choice"] for seed in range(20)]
    assert chosen.count("Tŷ Capel manse") == 20, chosen
    # ... but not "the house", which may be anyone's
    houses = {**MINISTER, "options": "Tŷ Capel manse, Capel Bethesda, Catrin Parry's lodging house"}
    action = "tidying the house (sweeping the floor)"
    chosen = [ask("act.sector", seed, action_description=action, **houses)["choice"] for seed in range(20)]
    assert "Catrin Parry's lodging house" not in chosen, chosen


def test_a_meal_the_lifestyle_has_at_a_place_said_by_what_it_is_is_planned_there():
    lifestyle = "Owain Pughe goes to bed around 10 pm and gets up around 6 am. He has dinner at the manse at 1 pm."
    shown = {"lifestyle": lifestyle, "requirement": MINISTER["requirement"], "wake_hour": "6", "identity": "Name: O"}
    items = ask("plan.daily", 0, **shown)["items"]
    assert [x for x in items if re.fullmatch(r"\w+ dinner at the manse at 1:00 pm", x)], items


CAMP = {
    "name": "Luis Ortega",
    "options": "Luis Ortega's camp cabin, outhouse",
    "current_arena": "outhouse",
    "sector": "Tulik River weir camp",
    "current_sector": "Tulik River weir camp",
}


@pytest.mark.parametrize(
    "action",
    ["relaxing at home, scrolling through the news (reading a book)", "going home for the day (changing into pajamas)"],
)
def test_an_outhouse_is_for_the_toilet_only(action):
    """Session 69: an outside tester's fish counter spent 275 waking minutes in his camp's outhouse, reading
    the news and changing into pajamas; an outhouse is a washroom by another word."""
    chosen = [ask("act.arena", seed, action_description=action, **CAMP)["choice"] for seed in range(20)]
    assert chosen.count("outhouse") == 0, chosen


def test_a_meal_at_a_place_said_by_the_first_word_of_its_name_is_had_there():
    """Session 72's circus: "eating breakfast at the cookhouse" was had in the Practice Barn; its lifestyles say
    "takes his meals with the company at the Cookhouse Wagon", "eats at the cookhouse and always goes back for
    seconds", "Breakfast, dinner and tea he has at the cookhouse like everyone else"."""
    from aga.simulator.plan import _where_eaten, meal_places

    flyer = {
        "name": "Ines Duarte",
        "home_sector": "Ines Duarte's caravan",
        "home_arenas": "Ines Duarte's caravan",
        "current_sector": "Practice Barn",
        "current_arenas": "flying trapeze rig, practice ring",
        "requirement": "Ines rehearses on the flying trapeze in the Practice Barn with Tomasz at 10 am and 3 pm.",
        "options": "Ines Duarte's caravan, Practice Barn, Cookhouse Wagon, Wardrobe Wagon, The Old Dairy",
    }
    for action in ("eating breakfast at the cookhouse (pouring another cup)", "having dinner at the cookhouse"):
        chosen = [ask("act.sector", seed, action_description=action, **flyer)["choice"] for seed in range(20)]
        assert chosen.count("Cookhouse Wagon") == 20, chosen
    said = {
        "takes his meals with the company at the Cookhouse Wagon": "have lunch at the Cookhouse Wagon",
        "He eats at the cookhouse and always goes back for seconds.": "have lunch at the cookhouse",
        "Breakfast, dinner and tea he has at the cookhouse like everyone else.": "have dinner at the cookhouse",
    }
    for lifestyle, item in said.items():
        assert _where_eaten(item.split(" at the ")[0], meal_places(lifestyle)) == item, lifestyle


def test_an_activity_in_ones_caravan_is_at_home():
    """Session 72's circus: "doing his shoulder exercises in his caravan" was done in the Practice Barn for ten
    hours, and "I see you are doing your shoulder exercises in your caravan" said to him there."""
    catcher = {
        "name": "Tomasz Wieczorek",
        "home_sector": "Tomasz Wieczorek's caravan",
        "home_arenas": "Tomasz Wieczorek's caravan",
        "current_sector": "Practice Barn",
        "current_arenas": "flying trapeze rig, practice ring, weights corner",
        "requirement": "Tomasz does his shoulder exercises in his caravan at 7 am and lifts weights in the Practice "
        "Barn for an hour after dinner.",
        "options": "Tomasz Wieczorek's caravan, Practice Barn, Cookhouse Wagon, The Old Dairy",
    }
    action = "doing his shoulder exercises in his caravan (stretching the shoulder)"
    chosen = [ask("act.sector", seed, action_description=action, **catcher)["choice"] for seed in range(20)]
    assert chosen.count("Tomasz Wieczorek's caravan") == 20, chosen


def test_a_thought_is_had_where_the_hour_is_spent():
    """A ville3 student "scrolling through the news (mulling over working towards her physics degree)" at 9 pm went
    to the college's blackboard for the thought (session 75)."""
    shown = {
        **SCHOLAR,
        "current_sector": "Quill Lane Cafe",
        "current_arenas": "cafe",
        "requirement": "Ines Varga attends lectures at Eastbrook University, studies at Quill Lane Cafe in the "
        "afternoon and plays chess online from her room in the evening.",
    }
    for thought in ("mulling over working towards her history degree", "thinking about the lectures at Eastbrook"):
        action = f"scrolling through the news ({thought})"
        chosen = {ask("act.sector", s, action_description=action, **shown)["choice"] for s in range(30)}
        assert chosen == {"Quill Lane Cafe"}, chosen


def test_at_home_what_a_room_of_home_is_for_stays_at_home():
    """A ville3 student "having a snack on the sofa" at 10 pm went to the cafe her routine studies at (her routine's
    "streams games from her room in the evening" was given to the cafe named before it, and MiniLM puts a snack near
    a cafe), and a walk was drawn there by the study clause alone (0.28; session 75)."""
    from aga.simulator.act import _where
    from aga.simulator.text import listed

    shown = {
        **SCHOLAR,
        "current_sector": "Varga flat",
        "current_arenas": SCHOLAR["home_arenas"] + ", living room",
        "home_arenas": SCHOLAR["home_arenas"] + ", living room",
        "requirement": "Ines Varga attends lectures at Eastbrook University, studies at Quill Lane Cafe in the "
        "afternoon and plays chess online from her room in the evening.",
    }
    where = _where(shown["requirement"], listed(shown["options"]), "Varga flat", ["Ines Varga's room"])
    assert where["Varga flat"] == ["plays chess online from her room in the evening"], where
    for action in ("having a snack on the sofa (playing a game)", "going for a walk (looking at the trees)"):
        chosen = {ask("act.sector", s, action_description=action, **shown)["choice"] for s in range(30)}
        assert "Quill Lane Cafe" not in chosen, (action, chosen)
    # ... while what the routine puts at the cafe is still done there
    cafe = {ask("act.sector", s, action_description="studying (highlighting key passages)", **shown)["choice"]
            for s in range(30)}  # fmt: skip
    assert "Quill Lane Cafe" in cafe and "Varga flat" not in cafe, cafe
