"""The simulator's answer routines on hand-made prompts of a town no bundled scenario has: what they read
from the text, how their answers vary across seeds, and the faults found in recorded answers (nested
insights, double openers, an object cut at "morning")."""

from __future__ import annotations

import itertools
import random
import re
from collections import Counter

import pytest

import aga.simulator  # noqa: F401  (registers the answer routines)
from aga.simulator.plan import END_OF_DAY, WORK_DONE
from aga.simulator.prompt import HOOKS, Prompt
from aga.simulator.talk import ECHOES, MENTION, TELL
from aga.simulator.text import clean_topic, gerund, thing_of


def ask(task: str, seed: int, /, **shown: str) -> dict:
    """One answer of ``task`` to a prompt showing ``shown``, with its own seed."""
    return HOOKS[task](Prompt(task, "\n".join(shown.values()), shown, None, random.Random(seed)))  # type: ignore[return-value]


@pytest.mark.parametrize(
    ("activity", "thing"),
    [
        ("spending most of the day working on his research paper", "the research paper"),
        ("waking up and complete the morning routine", "the morning routine"),
        ("streaming games from her room in the evening", "games"),
        ("mending nets on the quay", "nets"),
        ("serving behind the counter until the shop closes", "the counter"),
        ("eating breakfast (looking out of the window)", "breakfast"),
        # the main clause, not the detail after the comma; no particle, no route
        ("enjoying dinner, talking about the day over it", "dinner"),
        # a participle's phrase, a possessive's adjective in -ing, a readying, a room one is in (ville25, session 77:
        # "working on a photography series inspired", "working on space", "working on the room" were said)
        ("putting together a photography series inspired by her travels", "a photography series"),
        ("working mostly from the artists' co-living space", "working mostly from the artists' co-living space"),
        ("tidying the artists' co-living space", "the artists' co-living space"),
        ("getting ready for his first solo show", "the first solo show"),
        # ("labelling the prices for shoppers all day" was said)
        ("helping shoppers all day", "shoppers"),
        ("focusing on selling the shop's goods online", "the shop's goods"),
        ("painting in his room", "painting in his room"),
        # ... but what it is for is its thing ("reading about reading in the afternoons ..." was a step, session 78)
        ("reading in the afternoons for her nursing officer exam", "the nursing officer exam"),
        ("hauling boats out on the boat lift, talking with a passenger", "boats"),
        ("captaining the ferry across the bay", "the ferry"),
        # an "and" between people, then only a date or an hour: "inviting people to February 14" was shown
        ("organising a party at the cafe for her customers and neighbours on February 14", "a party"),
        ("seeing patients and visitors until 5 pm", "patients"),
        # "till" is a till here, not "until": steps "for the" were shown
        ("cashing up the till", "the till"),
        # a clause or a second object after the verb: "... for the doors are locked", "... for a customer the
        # change" were shown
        ("checking the doors are locked", "the doors"),
        ("giving a customer the change", "the change"),
        # "making sure" opens a clause: "reassuring a nervous patient for sure everyone" was shown
        ("making sure everyone has had their monthly health check", "the monthly health check"),
        ("making sure that the generator is fuelled", "the generator"),
        ("make sure everyone is fed", "everyone"),
        # ... but a question word is no thing ("outlining what", "writing a draft of what" were shown)
        ("marking what is still unclear", "what is still unclear"),
    ],
)
def test_what_an_activity_is_about(activity: str, thing: str):
    assert thing_of(activity) == thing


def test_a_second_verb_takes_the_same_form():
    assert gerund("wake up and complete the morning routine") == "waking up and completing the morning routine"
    assert gerund("have bread and butter") == "having bread and butter"
    # ... also when the first verb is in the form already ("waking up and complete the morning routine" was a
    # schedule's block that decompositions copied and talk told: benchmarks/results/realism.json)
    assert gerund("waking up and complete the morning routine") == "waking up and completing the morning routine"
    assert gerund("selling fish and chips") == "selling fish and chips"
    # A meal is the second verb's object too, and a verb in the third person is made plain first.
    assert gerund("go to the cafe and have lunch") == "going to the cafe and having lunch"
    assert gerund("wake up and completes the morning routine") == "waking up and completing the morning routine"
    # A clause with its subject is said without it, its verb in plan form first.
    assert gerund("he stays at home") == "staying at home"
    assert gerund("she is reading a book") == "reading a book"
    assert gerund("they go for a walk") == "going for a walk"


def test_insights_about_insights_do_not_nest():
    statements = "\n".join(
        f"{i + 1}. Tam Osei cares about this: Tam Osei cares about this: the ferry is late again" for i in range(4)
    )
    for seed in range(10):
        for item in ask("reflect.insights", seed, name="Tam Osei", statements=statements, n="3")["insights"]:
            text = item["insight"]
            assert text.count("the ferry is late again") == 1
            assert text.count("cares about this") <= 1, text


def test_an_insight_about_a_long_statement_keeps_within_the_answer_schema():
    from aga.cognition.answers import Insights

    said = "Ana and Bo talked about the regatta, the nets, the ferry timetable and the weather " * 8
    statements = "\n".join(f"{i + 1}. {said.strip()}. They agreed to meet." for i in range(3))
    for seed in range(10):
        answer = ask("reflect.insights", seed, name="Ana Lima-Okonkwo de la Cruz", statements=statements, n="3")
        Insights.model_validate(answer)  # at most 400 characters an insight, as a model is asked


def test_triples_read_the_action_at_different_lengths():
    action = "repairing the ferry engine (tightening the bolts)"
    objects = Counter(
        ask("act.triple", seed, name="Tam Osei", action_description=action)["object"] for seed in range(40)
    )
    assert len(objects) >= 2, objects  # one reading for every seed is more rigid than any real model
    for seed in range(40):
        answer = ask("act.triple", seed, name="Tam Osei", action_description=action)
        assert answer["subject"] == "Tam Osei" and answer["predicate"] == "repair"
    asleep = ask("act.triple", 1, name="Tam Osei", action_description="sleeping")
    assert (asleep["predicate"], asleep["object"]) == ("is", "sleep")
    # The verb's plain form, as a model says it: not "hav" or "servic" (a cut "-ing").
    for action, verb in (("having a midday meal", "have"), ("servicing boat engines", "service"),
                         ("writing up the log", "write"), ("mopping the deck", "mop")):  # fmt: skip
        assert ask("act.triple", 3, name="Tam Osei", action_description=action)["predicate"] == verb


HOURLY = {
    "identity": "Name: Tam Osei\nLifestyle: Tam goes to bed around 10 pm and wakes up around 6 am.\n"
    "Currently: Tam Osei is getting the ferry ready for the winter timetable.",
    "name": "Tam Osei",
    "daily_plan": "wake up at 6:00 am; have breakfast at 7:00 am; repair the ferry engine at 8:00 am; "
    "have lunch at 12:00 pm; paint the hull at 1:00 pm; have dinner at 6:00 pm; go to bed at 10:00 pm",
    "previous": "[Monday -- 06:00 AM] Activity: waking up\n[Monday -- 09:00 AM] Activity: repairing the ferry engine",
    "hour": "10:00 AM",
}


def test_an_hour_is_mostly_read_loosely_but_from_the_prompt():
    answers = [ask("plan.hourly", seed, **HOURLY)["activity"] for seed in range(200)]
    on_plan = sum(1 for a in answers if "ferry engine" in a) / len(answers)
    # The plan's own item for the hour about as often as the embedded models give it (ON_PLAN, plus the
    # off-plan answers that happen to name it), never every time and never almost never.
    assert 0.15 < on_plan < 0.6, on_plan
    assert len(set(answers)) >= 8
    assert not any("sleep" in a for a in answers)  # awake hours are never slept through
    night = {**HOURLY, "hour": "02:00 AM"}
    assert {ask("plan.hourly", seed, **night)["activity"] for seed in range(20)} == {"sleeping"}


def test_the_hour_of_waking_is_the_plans_not_the_lifestyles():
    """The hour-by-hour prompt shows today's plan, not the waking hour: a ville3 student who "gets up around
    7 am" was up at 6 today, and was said to be asleep at 6 (session 75)."""
    early = {**HOURLY, "daily_plan": HOURLY["daily_plan"].replace("wake up at 6:00 am", "wake up at 5:00 am")}
    for shown in ({**early, "hour": "05:00 AM", "previous": ""}, {**early, "hour": "06:00 AM", "previous": ""}):
        assert not [a for a in (ask("plan.hourly", s, **shown)["activity"] for s in range(40)) if "sleep" in a]
    late = {**HOURLY, "daily_plan": HOURLY["daily_plan"].replace("wake up at 6:00 am", "wake up at 7:00 am")}
    asleep = {ask("plan.hourly", s, **{**late, "hour": "06:00 AM", "previous": ""})["activity"] for s in range(20)}
    assert asleep == {"sleeping"}


def test_read_loosely_a_night_hour_holds_no_item_of_the_day():
    """A ville3 student in bed at 2 am was "attending physics classes at Oak Hill College" at midnight and 1 am,
    and "reading at Hobbs Cafe" at 11 pm: the day's items, read loosely into the night (session 75). The evening's
    own item still is, and in the day any item may be."""
    late = {
        "identity": "Name: Ida Lund\nLifestyle: Ida Lund goes to sleep around 2 am and gets up around 9 am.\n"
        "Daily plan requirement: Ida Lund attends lectures at Fenwick College and plays chess online at night.",
        "name": "Ida Lund",
        "daily_plan": "wake up at 9:00 am; attend lectures at Fenwick College at 10:00 am; have lunch at 1:00 pm; read "
        "at the Corner Cafe at 3:00 pm; have dinner at 6:00 pm; play chess online at 9:00 pm; go to bed at 2:00 am",
        "previous": "",
    }
    day = re.compile(r"lectures|Corner Cafe|lunch|dinner")
    for hour in ("11:00 PM", "12:00 AM", "01:00 AM"):
        said = [ask("plan.hourly", s, **late, hour=hour)["activity"] for s in range(80)]
        assert not [a for a in said if day.search(a)], (hour, said)
        assert [a for a in said if "chess" in a], said
    afternoon = [ask("plan.hourly", s, **late, hour="04:00 PM")["activity"] for s in range(80)]
    assert [a for a in afternoon if "lectures" in a], afternoon


def test_read_loosely_a_shift_is_not_given_to_the_evening_with_friends():
    """An outside tester's signalman, "from 6 am until 2 pm" on the morning shift, sat "with friends at the Hanuman
    Mandir" (his routine's evening, planned at 7 pm) through it; the afternoon shift "until 10 pm" was over at 6 pm,
    its name read as the afternoon it is in (session 75)."""
    from aga.simulator.plan import activity_at

    shown = {
        "identity": "Name: Bo Lind\nLifestyle: Bo Lind goes to bed around 9 pm and gets up around 4 am.\n"
        "Daily plan requirement: Bo Lind works the morning shift at the signal box from 6 am until 2 pm. In the "
        "evening he sits with friends at the Anchor Inn.",
        "name": "Bo Lind",
        "daily_plan": "wake up at 4:00 am; have breakfast at 5:00 am; work the morning shift at the signal box at "
        "6:00 am; have lunch at 3:00 pm; sit with friends at the Anchor Inn at 7:00 pm; go to bed at 9:00 pm",
        "previous": "",
    }
    for hour in ("08:00 AM", "11:00 AM", "01:00 PM"):
        said = [ask("plan.hourly", s, **shown, hour=hour)["activity"] for s in range(80)]
        assert not [a for a in said if "friends" in a or "Anchor" in a], (hour, said)
        assert [a for a in said if "signal box" in a], (hour, said)
    afternoon = [(14, "work the afternoon shift at the signal box"), (22, "go to bed")]
    assert activity_at(20, 6, 22, afternoon) == "work the afternoon shift at the signal box"


def test_an_errand_for_one_thing_is_not_run_again_when_the_day_read_loosely_has_had_it():
    """A ville25 watercolourist bought her art supplies at 6, 8, 1, 5 and 8 o'clock: the plan's errand at 1 pm, read
    loosely into four more hours (session 77). The prompt shows the hours before, where it was done."""
    shown = {
        **HOURLY,
        "identity": "Name: Ada Moss\nLifestyle: Ada goes to bed around 9 pm and wakes up around 5 am.",
        "name": "Ada Moss",
        "daily_plan": "wake up at 5:00 am; have breakfast at 6:00 am; paint at her easel at home at 7:00 am; "
        "have lunch at 12:00 pm; buy art supplies at the supply store at 1:00 pm; have dinner at 5:00 pm; "
        "go to bed at 9:00 pm",
        "hour": "03:00 PM",
    }
    before = "[Monday -- 07:00 AM] Activity: painting at her easel at home\n"
    bought = before + "[Monday -- 01:00 PM] Activity: buying art supplies at the supply store"
    after = [ask("plan.hourly", seed, **{**shown, "previous": bought})["activity"] for seed in range(150)]
    assert not [a for a in after if "art supplies" in a], after
    # (the measure can fail: before the errand is done, a loose reading still runs it now and then)
    loose = [ask("plan.hourly", seed, **{**shown, "previous": before})["activity"] for seed in range(150)]
    assert [a for a in loose if "art supplies" in a], loose


def test_after_closing_up_the_hour_is_no_work_of_the_day():
    """Session 73's diner owner, who "cashes up and closes the diner at 3 pm", was closing it and baking its pies
    until nine at night, and the postmistress made up the mail bag at 6 pm after closing at 5."""
    closing = {
        **HOURLY,
        "identity": "Name: Lin Kow\nLifestyle: Lin goes to bed around 9 pm and wakes up around 4 am.",
        "name": "Lin Kow",
        "daily_plan": "wake up at 4:00 am; open the diner at 5:00 am; serve breakfast at the counter at 6:00 am; "
        "bake pies in the diner kitchen at 3:00 pm; close the diner at 3:00 pm; go to bed at 9:00 pm",
        "hour": "06:00 PM",
    }
    evening = [ask("plan.hourly", seed, **closing)["activity"] for seed in range(120)]
    assert not [a for a in evening if re.search(r"diner|counter|pies", a)], evening
    # (closing the curtains ends no work, closing the diner does)
    from aga.simulator.plan import activity_at

    assert activity_at(7, 5, 22, [(6, "close the curtains"), (9, "serve customers")]) == "close the curtains"
    assert activity_at(7, 5, 22, [(6, "close the diner"), (9, "serve customers")]) == "relaxing at home"
    # ... and so does a meal one goes home for (ville25, session 77: a grocer helped shoppers until bedtime after
    # going home for dinner), while a meal had at work does not
    shop = [(8, "open the grocery store"), (10, "help shoppers all day"), (12, "eat lunch")]
    assert activity_at(19, 6, 23, [*shop, (17, "go home to have dinner with his wife")]) == "relax at home"
    assert activity_at(16, 6, 23, [*shop, (17, "go home to have dinner with his wife")]) == "help shoppers all day"
    assert activity_at(19, 6, 23, [*shop, (17, "have dinner in the back room")]) == "help shoppers all day"
    # ... while the hour of closing is still the day's
    at_three = [ask("plan.hourly", seed, **{**closing, "hour": "03:00 PM"})["activity"] for seed in range(60)]
    assert [a for a in at_three if re.search(r"diner|pies", a)], at_three


def test_utterances_carry_one_opener():
    said = "[Conversation]\nTam Osei: Hi Ana! How are you doing today?\nAna Ruiz: Hey Tam, good to see you."
    shown = {
        "identity": "Name: Tam Osei\nCurrently: Tam Osei is getting the ferry ready for the winter timetable.",
        "name": "Tam Osei",
        "other": "Ana Ruiz",
        "memories": "- The harbour master announced a storm warning for Friday\n- Ana Ruiz runs the net loft",
        "conversation": said,
    }
    lines = [ask("converse.utterance", seed, **shown)["utterance"] for seed in range(60)]
    double = re.compile(r"^(?:Well|I think|Honestly|So), (?:Funny thing|You know|I was just thinking|Did you hear)")
    assert not [x for x in lines if double.match(x)]
    assert len(set(lines)) >= 30  # a model does not say the same sentence again and again
    assert any("storm warning" in x for x in lines)  # news of this town is told, by its text alone


def test_a_secret_about_the_listener_and_a_past_conversation_are_not_told():
    # Seen in a ville3 day: "Guess what? I have a secret crush on you." said to the one concerned, and
    # "Truth is, I am chatting with Isabella" about a conversation hours before.
    said = "[Conversation]\nTam Osei: Hi Ana! How are you doing today?\nAna Ruiz: Hey Tam, good to see you."
    memories = (
        "- Tam Osei has a secret crush on Ana Ruiz\n- Tam Osei is chatting with Bo Lind\n"
        "- Ana Ruiz is talking with the harbour master about the storm\n- The ferry timetable changes on Monday"
    )
    shown = {"identity": "Name: Tam Osei", "name": "Tam Osei", "other": "Ana Ruiz", "memories": memories,
             "conversation": said}  # fmt: skip
    lines = [ask("converse.utterance", seed, **shown)["utterance"] for seed in range(80)]
    assert not [x for x in lines if "crush" in x or "chatting with" in x or "talking with" in x]
    assert any("timetable" in x for x in lines)  # what is still news is told
    # Told to someone else, the secret is gossip about a third person, which people do pass on.
    other = {**shown, "other": "Bo Lind", "memories": "- Tam Osei has a secret crush on Ana Ruiz"}
    assert any("crush" in ask("converse.utterance", seed, **other)["utterance"] for seed in range(80))


def test_a_relation_said_is_no_news_and_the_listeners_own_is_not_told_to_them():
    """The outside market town's second day (session 58): relations said as people say them were retold
    as news ("Word is, Funmilayo is Tunde Adeyemi's mother") and to Tunde himself ("By the way,
    Funmilayo is your mother"), and his own "Funmilayo is my mother" was said three times in one talk, the
    name whole or by its first word."""
    memories = (
        "- Adaeze Okafor is conversing about how Funmilayo is Tunde Adeyemi's mother\n"
        "- Funmilayo Adeyemi is Tunde Adeyemi's mother\n- The borehole at the market opens on Saturday June 8"
    )
    said = "[Conversation]\nAdaeze Okafor: Hello there, Tunde.\nTunde Adeyemi: Hi Adaeze! How are you doing today?"
    shown = {"identity": "Name: Adaeze Okafor", "name": "Adaeze Okafor", "other": "Tunde Adeyemi",
             "memories": memories, "conversation": said}  # fmt: skip
    lines = [ask("converse.utterance", seed, **shown)["utterance"] for seed in range(80)]
    assert not [x for x in lines if "mother" in x], [x for x in lines if "mother" in x][:3]
    assert any("borehole" in x for x in lines)
    # To someone else it is not news either: said at most when nothing else is left, as any relation.
    other = {**shown, "other": "Blessing Nwosu"}
    lines = [ask("converse.utterance", seed, **other)["utterance"] for seed in range(80)]
    assert not [x for x in lines if "mother" in x and x.startswith(TELL)], lines
    # One's own relation, said once, is not said again by the name's other form.
    tunde = "Tunde Adeyemi knows Funmilayo Adeyemi as mother"
    talk = f"{said}\nTunde Adeyemi: Oh, and Funmilayo is my mother\nAdaeze Okafor: Is that so?"
    mine = {"identity": "Name: Tunde Adeyemi", "name": "Tunde Adeyemi", "other": "Adaeze Okafor",
            "memories": f"- {tunde}\n- Funmilayo Adeyemi is Tunde Adeyemi's mother", "conversation": talk}  # fmt: skip
    lines = [ask("converse.utterance", seed, **mine)["utterance"] for seed in range(80)]
    assert not [x for x in lines if "is my mother" in x], [x for x in lines if "is my mother" in x][:3]


def test_what_is_said_back_of_someone_else_gets_no_word_on_the_listeners_own():
    """ "Oh, Elif Karsan has been opening the shop for much of the day? That must keep you busy." was said (harbour6,
    session 74)."""
    talk = ("[Conversation]\nBram Okafor: Hi Harriet! It crossed my mind that Elif Karsan has been opening the shop "
            "for much of the day.")  # fmt: skip
    shown = {"identity": "Name: Harriet Lusk", "name": "Harriet Lusk", "other": "Bram Okafor", "conversation": talk}
    lines = [ask("converse.utterance", seed, **shown)["utterance"] for seed in range(200)]
    back = [x for x in lines if "shop?" in x or "the day?" in x]
    assert back and not [x for x in back if re.search(r"keep you busy|Good for you|your plate", x)], back


def test_a_remark_suits_the_news_it_follows():
    """A night watchman's "Guess what? I am locking the market gate. Everyone's talking about it." and a
    vet's "I need another vet to share the weekend calls. I can hardly wait.": going and waiting are
    said of an occasion, what everyone talks about of someone else's news (session 58)."""
    from aga.simulator.talk import remarks_on

    own = remarks_on("I am locking the market gate")
    assert "Everyone's talking about it." not in own and "I can hardly wait." not in own and own
    assert "Are you going?" not in remarks_on("Ana is mending the nets")
    # ... and someone else's doing is nothing everyone talks about ("Word is, Morwenna Vane is still answering a call
    # on the radio. Everyone's talking about it.", session 74); their news may be
    assert "Everyone's talking about it." not in remarks_on("Ana is mending the nets")
    assert "Everyone's talking about it." not in remarks_on("Elif Karsan has been opening the shop for much of the day")
    assert "Everyone's talking about it." in remarks_on("Ana has sold her boat to the museum")
    assert {"Are you going?", "I can hardly wait."} <= set(remarks_on("the borehole opens on Saturday June 8"))
    mine = remarks_on("I am organising the regatta on Saturday")
    assert "Will you come?" in mine and "Are you going?" not in mine
    # one's past is no venture to wish one luck with ("I grew up in a village near Tafraoute before coming
    # to Fes. Any ideas?" was said in session 65's medina)
    past = remarks_on("I grew up in a village near Tafraoute before coming to Fes")
    assert not {"Any ideas?", "Wish me luck.", "I'll let you know how it goes."} & set(past) and past
    assert "Any ideas?" in remarks_on("I want to sell saffron to the riads")
    memories = "- Musa Abdullahi is locking the market gate"
    said = "[Conversation]\nMusa Abdullahi: Hi Bo! How are you doing today?\nBo Lenn: Hey Musa, good to see you."
    shown = {"identity": "Name: Musa Abdullahi", "name": "Musa Abdullahi", "other": "Bo Lenn",
             "memories": memories, "conversation": said}  # fmt: skip
    lines = [ask("converse.utterance", seed, **shown)["utterance"] for seed in range(120)]
    told = [x for x in lines if "market gate" in x]
    assert told and not [x for x in told if "Everyone's talking" in x or "Are you going" in x], told


def test_a_retold_talk_is_a_statement_and_a_framed_memory_keeps_its_sentence():
    """Session 58's market town: "You know, Blessing Nwosu sewing Ankara outfits" (a talk's summary
    retold without its verb) and "I keep thinking about how The new borehole ..." were said."""
    from aga.simulator.talk import _framed

    summary = "Adaeze Okafor is conversing about Blessing Nwosu sewing Ankara outfits for a wedding"
    assert clean_topic(summary) == "Blessing Nwosu is sewing Ankara outfits for a wedding"
    assert clean_topic("Bo is conversing about how their days are going") == "how their days are going"
    lines = {_framed("The borehole opens on Saturday", (*MENTION, *TELL), random.Random(s)) for s in range(40)}
    inside = [x for x in lines if re.search(r"(?:how|that|,) the borehole", x)]
    assert inside and not [x for x in lines if re.search(r"(?:how|that|,) The borehole", x)], lines
    assert any(x.endswith("? The borehole opens on Saturday") for x in lines), lines  # a new sentence keeps it
    kept = {_framed("Hobbs Cafe opens at 8", MENTION, random.Random(s)) for s in range(20)}
    assert not [x for x in kept if "hobbs" in x], kept  # a name keeps its capital


def test_news_is_told_whole_to_those_who_do_not_know_it_and_remarked_on_as_it_is():
    """Session 60's outside town (an Andean observatory): "I am worried about Wila, a pregnant llama who is
    not eating, and." (a telling clause cut, three times); "Oh, you have heard on the radio that a viento
    blanco snowstorm will?" (an echo cut on its verb); "Word is you have heard on the radio that ..." said
    to the one who heard it; "I can hardly wait." after a storm warning; "Someone told me you have been on
    my mind" (a ville3 day); "I noticed you are planning a party. I didn't know that."; "Rodrigo is running
    Valentina Huerta's programme" said by Valentina Huerta Araya."""
    from aga.simulator.talk import _NEWS_TO_ME, MENTION, _about_you, _follow_ups, _framed, _to_tell, _topics, remarks_on
    from aga.simulator.text import as_said_to

    worried = _to_tell(
        "Florencia is worried about Wila, a pregnant llama who is not eating, and wants to ask Carmen Araya "
        "whether the posta has any medicine for her."
    )
    assert worried == "Florencia is worried about Wila, a pregnant llama who is not eating"
    heard = "Héctor Flores Gallardo has heard on the radio that a snowstorm will close the road on Thursday night"
    assert _topics([heard], "", "Héctor Flores Gallardo", "Marisol Quispe Mamani") == []
    assert _topics([heard], "", "Carmen Araya Soto", "Marisol Quispe Mamani") == [heard]
    storm = "I have heard on the radio that a snowstorm will close the road on Thursday night"
    assert not {"I can hardly wait.", "Wish me luck.", "Are you going?"} & set(remarks_on(storm))
    # (nor an inspector's visit, and a joint that gives is no good news: session 72's circus)
    inspection = "An animal licensing inspector is coming to look over the horses on Thursday at 10 am"
    assert "I can hardly wait." not in remarks_on(inspection)
    assert not {"Good for you.", "That sounds great."} & set(_follow_ups("Tomasz's right shoulder slipped on Friday"))
    # (nor a thing that fails: "So, your collapsing ladder still collapses at the wrong moment. Good for you.", 73)
    ladder = "your collapsing ladder still collapses at the wrong moment"
    assert not {"Good for you.", "That sounds great."} & {*_follow_ups(ladder), *remarks_on(ladder)}
    assert "Everyone's talking about it." not in remarks_on("Maria Lopez has been on my mind")
    framed = {_framed("you have been on my mind", MENTION, random.Random(s)) for s in range(30)}
    assert not [x for x in framed if re.match(r"(?:I hear|Someone told me|Word is|I gather|I noticed)", x)], framed
    assert not [x for x in framed if "? you" in x], framed  # a new sentence after "Guess what?"
    assert not _NEWS_TO_ME & set(_about_you("you are planning a party at the cafe"))
    programme = "Rodrigo is running Valentina Huerta's exoplanet observing programme this week"
    assert as_said_to(programme, "Valentina Huerta Araya", "Rodrigo Catalán Vera") == (
        "you are running my exoplanet observing programme this week"
    )
    talk = "[Conversation]\nMarisol Quispe Mamani: Hi Héctor!\nHéctor Flores Gallardo: " + (
        "Guess what? I have heard on the radio that a viento blanco snowstorm will close the road up to Cerro "
        "Tololén on Thursday night."
    )
    shown = {"name": "Marisol Quispe Mamani", "other": "Héctor Flores Gallardo", "conversation": talk}
    echoes = [ask("converse.utterance", seed, **shown)["utterance"] for seed in range(80)]
    assert not [x for x in echoes if re.search(r"\b(?:will|and|that|a|snowstorm)\?", x)], echoes
    # What the listener is doing now is seen, not heard of ("Someone told me you are eating a piece of
    # toast"); one's own line gets no word meant for the other's ("So, I am eating a piece of toast. Good
    # for you.": "So, " opens both)
    doing = {_framed("you are eating a piece of toast", MENTION, random.Random(s)) for s in range(30)}
    assert not [x for x in doing if re.match(r"(?:I hear|Someone told me|Word is|I gather)", x)], doing
    own = "[Conversation]\nMarisol Quispe Mamani: Hi Héctor!\nHéctor Flores Gallardo: Hey Marisol."
    # (one's own meal is not told at all: see test_what_one_was_seen_doing_elsewhere_is_not_told_...)
    mine = {"identity": "Name: Héctor Flores Gallardo\nCurrently: Héctor Flores Gallardo is mending the llama pen.",
            "name": "Héctor Flores Gallardo", "other": "Marisol Quispe Mamani", "conversation": own,
            "memories": "- Héctor Flores Gallardo is mending the llama pen"}  # fmt: skip
    lines = [ask("converse.utterance", seed, **mine)["utterance"] for seed in range(120)]
    pen = [x for x in lines if "I am mending the llama pen" in x]
    assert pen and not [x for x in pen if re.search(r"Good for you|Since when|How is that going", x)], pen


def test_an_insight_on_an_action_leaves_its_step_out():
    """96 of 358 insights of session 60's outside town read "X has been thinking that X is enjoying dinner
    (answering a knock at the door)"."""
    statements = "1. Rodrigo Catalán Vera is enjoying dinner (answering a knock at the door)\n"
    shown = {"name": "Rodrigo Catalán Vera", "statements": statements, "n": "1"}
    said = {ask("reflect.insights", seed, **shown)["insights"][0]["insight"] for seed in range(10)}
    assert said and not [x for x in said if "(" in x or "knock" in x], said


def test_small_talk_fits_the_line_it_answers():
    """Session 60's ville3 day: "Well, same here. I didn't know that." answered "Someone told me you are
    opening Hobbs Cafe", and "I've been meaning to ask you something. I know what you mean." was one line.
    A reaction comes first and only after a statement it fits; a question ends a line."""
    from aga.simulator.paraphrase import canonical
    from aga.simulator.talk import _QUESTIONS, _SAME, _TOLD, FOLLOW_UP, SMALL_TALK

    def replies(last: str) -> list[str]:
        talk = f"[Conversation]\nAda Obi: Hello there, Bo.\nBo Lenn: {last}"
        shown = {
            "identity": "Name: Ada Obi",
            "name": "Ada Obi",
            "other": "Bo Lenn",
            "memories": "",
            "conversation": talk,
        }
        return [ask("converse.utterance", seed, **shown)["utterance"].split(" Anyway, ")[0] for seed in range(150)]

    def said(lines: list[str], phrases: tuple[str, ...]) -> list[str]:
        return [x for x in lines if any(canonical(p.rstrip(".?")) in canonical(x) for p in phrases)]

    same = [*_SAME, *_TOLD]
    reactions = [x for x in FOLLOW_UP if x not in ("Tell me more.",)]  # (in "Really? Tell me more.")
    after_question = replies("It's been a long day. How has your week been?")
    assert not said(after_question, (*same, *reactions)), said(after_question, (*same, *reactions))
    about_me = replies("Someone told me you are opening the bakery. I didn't know that.")
    assert not said(about_me, ("Same here", "I know what you mean", *_TOLD)), said(about_me, same)
    small = replies("It's been a long day. The weather has been something lately.")
    assert said(small, _SAME) and not said(small, reactions)  # small talk is met with small talk
    news = replies("Guess what? I am building a boat for the regatta. Wish me luck.")
    assert said(news, reactions) and not said(news, _SAME)
    # ... and in small talk a reaction is never the second part of a line, nor does anything follow a
    # question (an echo, "Oh, a boat? How do you feel about it?", is a reaction with its question)
    for line in [*after_question, *about_me, *small, *news]:
        parts = [p for p in re.split(r"(?<=[.!?])\s+", line) if p]
        if not said(parts[:1], (*SMALL_TALK, *FOLLOW_UP)):
            continue
        for later in parts[1:]:
            assert not said([later], (*_SAME, *reactions)), line
        firsts = [i for i, p in enumerate(parts) if p.endswith("?") and said([p], _QUESTIONS)]
        assert all(i == len(parts) - 1 for i in firsts), line


def test_a_talk_does_not_say_its_small_talk_twice_nor_a_joined_note_as_one_line():
    """Session 58's market town: "I have been busy with my work lately" opened four lines running of one
    talk; "I am the treasurer of ...; Blessing Nwosu is sewing ..." (a day's revised note) was one line;
    "Word is you are rebuilding the engine ... Keep it in mind." was said to the one rebuilding it."""
    from aga.simulator.talk import REMARKS, _topics

    talk = "\n".join(
        ["[Conversation]", "Ada Obi: Hi Bo! How are you doing today?", "Bo Lenn: Hey Ada, good to see you."]
        + [f"{w}: Well, I have been busy with my work lately. Same here." for w in ("Ada Obi", "Bo Lenn")]
    )
    shown = {"identity": "Name: Ada Obi", "name": "Ada Obi", "other": "Bo Lenn", "memories": "", "conversation": talk}
    lines = [ask("converse.utterance", seed, **shown)["utterance"] for seed in range(60)]
    assert not [x for x in lines if "busy with my work" in x], lines
    note = "Ada Obi is the treasurer of the market women; Blessing Nwosu is sewing outfits for a wedding"
    assert _topics([note], "", "Bo Lenn", "Ada Obi") == [
        "Ada Obi is the treasurer of the market women",
        "Blessing Nwosu is sewing outfits for a wedding",
    ]
    yours = {**shown, "conversation": talk.split("\nAda Obi: Well")[0],
             "memories": "- Bo Lenn is rebuilding the engine of an old motorbike for a young rider"}  # fmt: skip
    told = [ask("converse.utterance", seed, **yours)["utterance"] for seed in range(120)]
    told = [x for x in told if "engine" in x]
    assert told and not [x for x in told if any(r in x for r in REMARKS)], told


def test_an_hour_read_loosely_keeps_meals_near_their_hour():
    # Read loosely, a meal comes up from an hour before its hour to two after it (session 82: dinner planned at 6 pm
    # was had at 3 and 4 pm): at 10 am neither breakfast (7 am), lunch (12 pm) nor dinner (6 pm); at 11 am lunch.
    def answers(hour: str) -> list[str]:
        return [ask("plan.hourly", seed, **{**HOURLY, "hour": hour})["activity"] for seed in range(300)]

    assert not [a for a in answers("10:00 AM") if re.search(r"dinner|lunch|breakfast|midday|meal", a)]
    assert any("lunch" in a or "midday meal" in a for a in answers("11:00 AM"))
    assert not [a for a in answers("04:00 PM") if "dinner" in a or "evening meal" in a]


def test_a_long_block_is_not_the_same_list_for_every_seed():
    shown = {"identity": "Name: Tam Osei\nLearned traits: Tam Osei repairs boats.", "minutes": "240",
             "task": "rebuilding the ferry engine"}  # fmt: skip
    answers = [ask("plan.decompose", seed, **shown)["subtasks"] for seed in range(6)]
    lists = [[s["subtask"] for s in answer] for answer in answers]
    for a, b in itertools.pairwise(lists):
        shared = len(set(a) & set(b)) / min(len(set(a)), len(set(b)))
        assert shared < 0.8, (a, b)  # a model's samples of a four-hour block share some steps, not all
    assert len({len(x) for x in lists}) >= 3  # nor is every sample as fine-grained
    assert all(sum(s["minutes"] for s in answer) == 240 for answer in answers)


def test_how_many_steps_a_block_gets_follows_the_gpt_day():
    """An hour is split into as many steps as the GPT-3.5 day split its hour blocks (the counts are
    that day's, read from the recorded reference); a four-hour block into more, but far from four
    times as many: that day's long blocks had 5-12 distinct steps where a step count in proportion to
    the minutes gave the simulator 20-odd."""
    import json
    from pathlib import Path

    from aga.simulator.steps import STEPS_PER_HOUR

    reference = json.loads((Path(__file__).parent.parent / "benchmarks/data/original_ville3_day1.json").read_text())
    hour_blocks = [
        n
        for agent in reference["per_agent"].values()
        for n in agent["decomposition"]["per_block"]["hour_block_distinct_substeps"]
    ]
    assert sorted(STEPS_PER_HOUR) == sorted(hour_blocks)

    def steps(minutes: int) -> list[int]:
        shown = {"identity": "Name: Tam Osei\nLearned traits: Tam Osei repairs boats.", "minutes": str(minutes),
                 "task": "rebuilding the ferry engine"}  # fmt: skip
        return [len({s["subtask"] for s in ask("plan.decompose", seed, **shown)["subtasks"]}) for seed in range(200)]

    hour, four = steps(60), steps(240)
    assert 5.5 <= sum(hour) / len(hour) <= 7.5  # the GPT-3.5 day's hour blocks: 6.5 distinct steps
    assert min(hour) >= 3 and max(hour) <= 12
    assert 1.15 <= (sum(four) / len(four)) / (sum(hour) / len(hour)) <= 1.6


def test_a_step_drifting_to_what_the_persona_is_busy_with_says_it_short():
    # The embedded models never copied six words running of "Currently" into a step on the recorded
    # prompts; the simulator copied the whole sentence ("mulling over organising the regatta on Saturday
    # June 8: rowing races in the harbour from 10 am and ...") into one answer in six.
    aim = "organising the Port Merrow Regatta on Saturday June 8: rowing races in the harbour from 10 am"
    shown = {"identity": f"Name: Tam Osei\nCurrently: Tam Osei is {aim}.", "minutes": "120",
             "task": "mending nets on the quay"}  # fmt: skip
    steps = [s["subtask"] for seed in range(80) for s in ask("plan.decompose", seed, **shown)["subtasks"]]
    drifted = [s for s in steps if "Regatta" in s]
    assert drifted  # the drift still happens
    assert all(s.endswith("organising the Port Merrow Regatta") for s in drifted), drifted


def test_a_goal_the_work_serves_is_not_what_the_steps_work_on():
    """'working towards her physics degree' came back as 'outlining the physics degree' and 'writing a draft
    of the physics degree'; a step may be for the degree, not about it as a thing to write."""
    shown = {"identity": "Name: Ines Moreau\nLearned traits: Ines Moreau is a physics student.", "minutes": "180",
             "task": "working towards her physics degree"}  # fmt: skip
    steps = [s["subtask"] for seed in range(30) for s in ask("plan.decompose", seed, **shown)["subtasks"]]
    named = [s for s in steps if "physics degree" in s]
    assert named and all(
        re.search(r"\bfor the physics degree$|working towards her physics degree", s) for s in named
    ), named
    # A paper worked on is still what the steps work on.
    shown["task"] = "working on her physics paper"
    steps = [s["subtask"] for seed in range(30) for s in ask("plan.decompose", seed, **shown)["subtasks"]]
    assert any(re.search(r"(?:outlining|a draft of|reading about) the physics paper", s) for s in steps)


def test_a_name_with_a_particle_is_one_name():
    from aga.simulator.text import leading_name

    # (The words after a verb, "up", "off", once took the place of the name particles in text.py.)
    assert leading_name("Ana van Dijk mends the nets") == ("Ana van Dijk", "mends the nets")
    assert leading_name("Luis de Souza opens the shop") == ("Luis de Souza", "opens the shop")
    # Found on a town written by someone else: a one-letter part and a particle of two words each cut the
    # name short, and its first word was made a verb ("siobháning Ó Ceallaigh digs clay").
    assert leading_name("Siobhán Ó Ceallaigh digs clay") == ("Siobhán Ó Ceallaigh", "digs clay")
    assert leading_name("Anne de la Cruz works at the mill") == ("Anne de la Cruz", "works at the mill")
    assert leading_name("I go home") == ("", "I go home")
    assert leading_name("Bo de la mer") == ("Bo", "de la mer")  # particles before no name are not the name


def test_a_full_name_opening_an_activity_is_never_made_a_verb():
    from aga.simulator.text import gerund

    assert gerund("Nessa Pellow digs clay") == "digging clay"
    assert gerund("Siobhán Ó Ceallaigh digs clay at the pit") == "digging clay at the pit"
    assert gerund("Ana Lima is mending the nets") == "mending the nets"
    assert gerund("Ana Lima is at the quay") == "being at the quay"
    assert gerund("Have breakfast") == "having breakfast"  # one capital word is the verb


def test_a_particle_is_not_what_an_activity_is_about():
    from aga.simulator.text import thing_of

    assert thing_of("casting off") == "casting off"  # not "off": no "checking the moorings for off"
    assert thing_of("hauling boats out") == "boats"
    assert thing_of("wiping down the desk") == "the desk"  # not "down the desk": no "outlining down the desk"
    assert thing_of("putting together a photo series") == "a photo series"
    assert thing_of("working mostly on the paper") == "the paper"
    # A clause after "and" that opens with a question word is not a second activity.
    assert thing_of("writing a book about why art matters and how it shapes the world") != "how it shapes the world"
    assert thing_of("waking up and complete the morning routine") == "the morning routine"


def test_a_place_or_a_talk_over_a_meal_is_not_what_the_steps_work_on():
    """Seen in a simulated day: 'studying at the Net Loft' gave 'outlining the Net Loft', 'serving behind the
    counter' gave 'greeting customers for the counter', and 'talking about the day over breakfast' gave
    'eating the day over breakfast'."""

    def steps(task: str) -> list[str]:
        shown = {"identity": "Name: Ines Moreau\nLearned traits: Ines Moreau is a student.", "minutes": "120",
                 "task": task}  # fmt: skip
        return [s["subtask"] for seed in range(30) for s in ask("plan.decompose", seed, **shown)["subtasks"]]

    # (The activity itself may be a step of its block.)
    assert not [s for s in steps("studying at the Net Loft") if "Net Loft" in s and s != "studying at the Net Loft"]
    counter = steps("serving behind the counter")  # its own know-how may wipe the counter down
    assert not [s for s in counter if re.search(r"\b(?:for|with|on|about) the counter$", s)], counter
    breakfast = steps("talking about the day over breakfast")
    wrong = r"\b(?:eating|savouring|finishing|warming|getting|setting the table for) the day\b|over the day over"
    assert not [s for s in breakfast if re.search(wrong, s)], breakfast
    assert any(re.search(r"\b(?:eating|finishing|savouring) breakfast\b", s) for s in breakfast)
    # A break is the activity itself, not a piece of work: no "planning the next part of a break".
    assert not [s for s in steps("taking a break at the Net Loft") if "a break" in s and not s.startswith("taking")]
    # "an evening meal" is the meal, not "meal": no "taking a moment to enjoy meal".
    evening = steps("reading the news over an evening meal")
    assert not [s for s in evening if re.search(r"\b(?:enjoy|eating|finishing) meal\b", s)], evening
    # A meal that names no meal: no "eating the phone between bites".
    bites = steps("checking the phone between bites")
    eaten = r"(?:eating|getting|savouring|finishing|washing the dishes from|clearing the table after) the phone"
    assert not [s for s in bites if re.search(eaten, s)], bites
    assert "getting the meal ready" in bites or "eating the meal" in bites  # the meal itself
    # What a place-bound activity works on is still named: "repairing the nets at the quay".
    assert any("the nets" in s for s in steps("repairing the nets at the quay"))


def test_a_detail_of_the_hour_becomes_a_step_and_frames_only_fit_work():
    shown = {"identity": "Name: Tam Osei", "task": "eating lunch, checking the tide table", "minutes": "60"}
    for seed in range(20):
        steps = [s["subtask"] for s in ask("plan.decompose", seed, **shown)["subtasks"]]
        assert not any(re.search(r"double-checking|getting started on|a better way to do", s) for s in steps), steps
    assert any(
        "checking the tide table" in [s["subtask"] for s in ask("plan.decompose", seed, **shown)["subtasks"]]
        for seed in range(20)
    )


@pytest.mark.parametrize(
    ("topic", "expected"),
    [
        ("Tam Osei wants everyone to come to his regatta", "I want everyone to come to my regatta"),
        ("Ana Ruiz is mending the nets for her brother", "you are mending the nets for your brother"),
        # The other of the two, named in it, is "you" (or "me"), and so are the pronouns after their name.
        ("Tam Osei knows Ana Ruiz as a neighbour and admires her patience",
         "I know you as a neighbour and admire your patience"),
        ("Tam Osei knows Ana Ruiz as a boss and likes her but finds her strict",
         "I know you as a boss and like you but find you strict"),
        ("Ana Ruiz knows Tam Osei as a friend and trusts him", "you know me as a friend and trust me"),
        ("Tam Osei knows Lea Park as a friend and admires her poems",
         "I know Lea Park as a friend and admire her poems"),
        ("Tam's boat worries Ana Ruiz", "my boat worries you"),
        ("Lea Park is chatting with Tam Osei", "Lea Park is chatting with me"),
        ("Lea Park is mending the nets", "Lea Park is mending the nets"),
        # A place's name names no one, and a relation's "as his ..." is the subject's (an outside tester's
        # city: "I buy a newspaper at Rao's Corner Shop on his way home", "I know Femi as his barber").
        ("Tam Osei buys a paper at Rao's Corner Shop on his way home",
         "I buy a paper at Rao's Corner Shop on my way home"),
        ("Tam Osei knows Lea Park as his barber", "I know Lea Park as my barber"),
        # A first name's possessive is the same person's (an outside tester's widower said "Alaric visits
        # me every week since Lionel's wife died"); the first name alone is left as it is.
        ("Lea Park visits Tam Osei every week since Tam's wife died",
         "Lea Park visits me every week since my wife died"),
        ("Lea Park minds the shop while Tam works", "Lea Park minds the shop while Tam works"),
        # A short place's name and a feast's name no one; two things joined by "and" are not a verb
        ("Tam Osei is organising a Valentine's Day party at Kettle Cafe for his customers and neighbours",
         "I am organising a Valentine's Day party at Kettle Cafe for my customers and neighbours"),
        # a name or "she" as a clause's subject takes the verb of its person (an outside tester's mill town:
        # "I think you is kind", "a note on the table before she goes to work" said by her)
        ("Tam Osei thinks Ana Ruiz is kind and she helps a lot", "I think you are kind and you help a lot"),
        ("Lea Park thinks Tam Osei is kind", "Lea Park thinks I am kind"),
        ("Ana Ruiz irons the nets when she has time", "you iron the nets when you have time"),
        # someone just named by what they are owns the pronoun after them (session 65's hammam attendant said
        # "I've been busy preparing to scrub the bride and my friends")
        ("Ana Ruiz is getting ready to scrub the bride and her friends", "you are getting ready to scrub the bride and "
         "her friends"),
        ("Ana Ruiz is visiting her mother and her sister", "you are visiting your mother and your sister"),
        # the listener by the first name alone is "you" (session 73's fire station: "I have noticed Tom has been quiet"
        # was said to Tom, and "while Ann was at school" to Ann), and "himself" after the speaker's "I" "myself"
        ("Tam has noticed Ana has been quiet for two weeks", "I have noticed you have been quiet for two weeks"),
        ("Tam filled in the form while Ana was at school, and posted it himself",
         "I filled in the form while you were at school, and posted it myself"),
        ("Tam Osei is still training himself to use the radio", "I am still training myself to use the radio"),
        ("Lea Park thinks Ana works too hard", "Lea Park thinks you work too hard"),
        # a statement that opens with when it holds (session 75's railway junction: "In October 1963 me works the
        # afternoon shift"); the month and year of one's present go unsaid, a time of the past or a day stays
        ("In October 1963 Tam Osei works the afternoon shift", "I work the afternoon shift"),
        ("In 1950 Tam Osei moved to the valley", "In 1950 I moved to the valley"),
        ("On Saturdays Ana Ruiz plays carrom", "On Saturdays you play carrom"),
        # (a body of people is no person: "as secretary of the Railway Institute, he is organising" kept its "he")
        ("Tam Osei works the shift and, as secretary of the Railway Institute, he is organising the fair",
         "I work the shift and, as secretary of the Railway Institute, I am organising the fair"),
    ],
)  # fmt: skip
def test_a_topic_about_the_speaker_or_listener_is_said_in_their_person(topic: str, expected: str):
    from aga.simulator.text import as_said_to

    assert as_said_to(topic, "Tam Osei", "Ana Ruiz") == expected


@pytest.mark.parametrize(
    ("activity", "trade", "kind"),
    [
        ("working towards her physics degree", "", "study"),
        ("streaming games from her room in the evening", "", "leisure"),
        ("reading a journal article", "", "study"),
        ("mending nets on the quay", "", "fishing"),
        ("keeping the light at the lighthouse", "", "watch"),
        ("filleting fish at the stall", "Ana Ruiz runs the fish stall at the market.", "service"),
        # harbour6's fish seller meeting the boats was a crew's ("steering out of the harbour", "asking
        # the passengers to stay seated"); the ferry's captain and a fisherman still work theirs.
        ("meeting the fishing boats on Harbour Quay", "Ana Ruiz runs the fish stall at the market.", "buying"),
        ("meeting the fishing boats on Harbour Quay", "Mo Vane is the captain of the ferry.", "crew"),
        ("going out fishing", "Tom Lee is a fisherman who goes out on his own boat.", "fishing"),
        # Session 69, an outside tester's Alaskan cannery town: a set-net fisherman had a mechanic's steps,
        # a smokehouse a quarry's, a bush pilot a lorry's and a ferry's, a slime line a meal's, a fish counter
        # at his tower a sport's; none of their trades had a kind.
        ("picking salmon out of his set nets", "Pete Wass is a set-net fisherman.", "fishing"),
        ("splitting and hanging salmon in the smokehouse", "Ada Wass smokes the family's salmon.", "curing"),
        ("flying passengers up the coast", "Hana Brek is a bush pilot for Alder Air.", "flying"),
        ("fuelling and tying down the plane", "Hana Brek is a bush pilot for Alder Air.", "flying"),
        ("working the day shift on the slime line", "Kris Diz works on the slime line at the cannery.", "production"),
        ("counting salmon from the tower", "Luis Ort is a fisheries technician.", "measuring"),
        ("unloading the catch at the quay", "Tom Lee is a fisherman who goes out on his own boat.", "fishing"),
        ("buying groceries", "Ana Ruiz runs the fish stall at the market.", "errand"),
        # (session 73's night dispatcher: his radio check was an errand, "chatting with the cashier")
        (
            "doing the radio check with the county dispatcher",
            "Gus Lem is the night dispatcher at the fire station.",
            "emergency",
        ),
        (
            "trying to persuade the skippers to land more of their catch here instead of at the big auction",
            "Ana Ruiz runs the fish stall at the market.",
            "persuading",
        ),
        ("buying vegetables from the growers for the week", "Isabella owns the cafe.", "buying"),
        # Read otherwise in a simulated harbour day: a teacher's marking as shop work ("wrapping a purchase"),
        # refuelling as a meal ("having a second helping of the fuel"), a mechanic's engines as crewing
        # a ferry ("helping a passenger aboard"), eating a hot dinner as cooking ("washing the vegetables").
        ("marking work in the staff room", "Lea Park teaches the youngest class at the village school.", "teaching"),
        ("topping up the fuel", "Kit Doyle skippers the harbour ferry.", "crew"),  # a step of crew's know-how
        # A crew works a vessel: the same step with no vessel in sight is not a crew's.
        ("topping up the fuel", "", "manual"),
        ("servicing boat engines in the workshop", "Tam Osei is the mechanic at the slipway.", "manual"),
        ("eating dinner while it is hot", "", "meal"),
        ("tidying the tables", "Ana Ruiz runs the bakery on the square.", "service"),
        ("casting off", "Kit Doyle skippers the harbour ferry.", "crew"),
        # A town written from scratch by an outside tester (a mining settlement, 2026-12-03): the cook's
        # work was read as eating ("having a second helping") and as a night watch ("night-shift"), the
        # radio operator's aerial as a ferry's ("letting the passengers off").
        ("cooking breakfast for the day shift", "Dolores Ibarra is the cook at the Pithead Canteen.", "cooking"),
        ("baking the night-shift pasties", "Dolores Ibarra is the cook at the Pithead Canteen.", "cooking"),
        ("serving a midday meal at the serving hatch", "Dolores Ibarra is the cook at the Pithead Canteen.", "service"),
        ("checking the aerial mast", "Kwame Asante is the radio operator at the Ridge Radio Hut.", "manual"),
        # No kind for winning people over: a campaign was read as a walk, a negotiation as an errand.
        ("campaigning for the local election", "", "persuading"),
        ("negotiating with the suppliers", "", "persuading"),
        # "eating dinner" was as close to "cooking dinner" as to "having dinner": half its lists were cooked.
        ("eating dinner", "", "meal"),
        ("cooking dinner", "", "cooking"),
        ("chatting over lunch", "", "meal"),
        # A chat is no campaign.
        ("chatting with the cashier", "", "errand"),
        # An hour's answer that is one step of a kind's know-how is of that kind: in a simulated day of
        # ville25 these were a teacher's, a student's and a mechanic's.
        ("marking what is still unclear", "", "study"),
        ("counting the change", "", "service"),
        ("taking a photo of the progress", "", "creative"),
        # Housework had no kind: "tidying the house" gave "hammering in nails".
        ("tidying the house", "", "housework"),
        ("doing the laundry", "", "housework"),
        # An outside tester's hut: the warden's reception work was read as a night watch ("warden"), a
        # guide's training of clients as canvassing ("knocking on doors").
        (
            "work at the reception desk in the dining room of Grauhorn Hut",
            "Anna Brunner is the warden of Grauhorn Hut.",
            "lodging",
        ),
        ("assigning the bunks", "", "lodging"),
        (
            "training two clients for a traverse of the Grauhorn ridge",
            "Luca Ferrari is a certified mountain guide who leads climbers from the hut to the summit.",
            "guiding",
        ),
        ("guiding climbers on the Summit trail", "", "guiding"),
        ("hiking up the hill", "", "outdoor"),  # a hike of one's own is no guided tour
        ("teaching the youngest class", "", "teaching"),
        # Outside testers' motorway services: a cleaner's round was housework ("ironing a shirt" in the
        # washrooms), a lorry driver's loading was shopping, a postmistress's office an errand, her sorting
        # of the morning mail a morning routine.
        ("cleaning the changing rooms", "Maeve Quill is the night cleaner at Dunmore Leisure Centre.", "cleaning"),
        ("mopping the corridors of the town hall", "", "cleaning"),
        ("loading pallets at the depot", "Ravi Gill is a lorry driver who hauls frozen food.", "delivery"),
        ("unloading at the cash and carry", "Ravi Gill is a lorry driver who hauls frozen food.", "delivery"),
        ("running the post office", "", "service"),
        ("sorting the morning mail", "", "post"),
        ("going to the post office", "", "errand"),  # a customer's visit is still an errand
        ("cleaning the flat", "", "housework"),  # and one's own home still housework
        # An outside tester's canal-side mill town: a vicar's half of bitter was brewing and his visits to
        # lonely parishioners a tour guide's; a bread factory's night operative's shift a night watch, her
        # break in the canteen serving in it; a retired railwayman's paper a student's.
        (
            "having a half of bitter at The Windlass Inn",
            "Alaric Pennywell is the vicar of St Brannoc's Church.",
            "going out",
        ),
        ("visiting lonely parishioners", "Alaric Pennywell is the vicar of St Brannoc's Church.", "visiting"),
        (
            "working the night shift on the production floor at Corvid Bakeries",
            "Marisol Quennell is a night-shift operative at Corvid Bakeries, the bread factory by the canal.",
            "production",
        ),
        (
            "taking her break in the staff canteen",
            "Marisol Quennell is a night-shift operative at a bread factory.",
            "meal",
        ),
        ("reading the paper on a bench on the green", "Lionel Ashdown is a retired railwayman.", "leisure"),
        ("brewing the winter ale", "Marit Holgate is the head brewer at Crag End Brewery.", "brewing"),
        ("keeping the night watch at the lighthouse", "", "watch"),
        # ... and his morning prayer a morning routine ("washing the face"), his fundraising for the roof's
        # lead a tour guide's ("lead" is no leading of a group)
        ("saying morning prayer in the nave of St Brannoc's Church", "Alaric Pennywell is the vicar.", "worship"),
        ("raising money to mend the lead on the church roof", "Alaric Pennywell is the vicar.", "persuading"),
        # An outside tester's tea plucker "packing Tenzing's tiffin" was at desk work ("checking the opening
        # hours", session 71); packing boxes is still no cooking
        ("packing Tenzing's tiffin", "Pemba Tamang is a tea plucker at Glenmoor Tea Garden.", "cooking"),
        ("packing the boxes for delivery", "", "delivery"),
        # ... and its plucker's morning, "plucking tea in Section 7", was a meal (her afternoon's "plucking in Section
        # 12 Lower Slope", no crop named, is still read as sport); session 71's wine estate's pickers were at a
        # cafe, its cellar hand's pump-overs a joiner's
        ("plucking tea in Section 7 Upper Slope", "Pemba Tamang is a tea plucker at Glenmoor Tea Garden.", "farming"),
        ("picking grapes in the Nebbiolo rows", "Ioana Popescu is a seasonal grape picker from Iasi.", "farming"),
        ("leading the pickers in the Barbera rows", "Davide Bruno is the vineyard foreman.", "farming"),
        (
            "doing pump-overs on the Nebbiolo tanks",
            "Luca Rinaldi is the night cellar hand of Cascina Ferrero.",
            "brewing",
        ),
        ("picking salmon out of the set nets", "", "fishing"),
        ("picking the children up from school", "", "errand"),
        # ... and its cook "resting at Bruno Cottage" was serving customers (by her own name, "Rosa Bruno is the
        # cook ...") and "serving lunch at the Estate Canteen" ate it as a diner
        ("rest at Bruno Cottage", "Rosa Bruno is the cook of the Estate Canteen at Cascina Ferrero.", "leisure"),
        ("serving lunch at the Estate Canteen", "Rosa Bruno is the cook of the Estate Canteen.", "service"),
        ("serving breakfast at the Estate Canteen", "Rosa Bruno is the cook of the Estate Canteen.", "service"),
        # (session 72's abbey: a retreatant "buying bread at the Boulangerie Bonnet, brushing the tops with egg";
        # and a beekeeper's varroa treatment was worship)
        ("buy bread at the Boulangerie Bonnet", "Claire Fontaine is a lawyer on a week's retreat.", "errand"),
        # (and a meal said of when is no meal had: the circus's ringmaster "walking round the yard before tea")
        ("walking round the yard before tea", "Walter Fennimore is the ringmaster of a circus.", "outdoor"),
        (
            "treating the weaker colonies against varroa",
            "Hélène Mercier is a beekeeper in Saint-Aubin-sur-Vienne with sixty hives at the Mercier Apiary. She "
            "extracts and jars chestnut and heather honey in her Honey House and sells it at the Abbey Shop.",
            "farming",
        ),
    ],
)
def test_an_activity_is_read_as_the_kind_its_closest_example_names(activity: str, trade: str, kind: str):
    from aga.simulator.steps import kinds_of

    assert kinds_of(activity, trade)[0][0] == kind


def test_a_block_that_carries_on_the_same_work_does_not_start_or_end_it_again():
    from aga.simulator.steps import POOLS

    _, opening, _, closing = POOLS["service"]
    starts = {s.replace("{thing}", "") for s in opening}
    ends = {s.replace("{thing}", "") for s in closing}

    def steps(surrounding: str, seed: int) -> list[str]:
        shown = {"identity": "Name: Ana Ruiz\nLearned traits: Ana Ruiz runs the bakery.", "minutes": "120",
                 "task": "serving customers at the bakery", "start": "10:00 AM",
                 "surrounding": surrounding}  # fmt: skip
        return [s["subtask"] for s in ask("plan.decompose", seed, **shown)["subtasks"]]

    between = ("Planned: from 08:00 AM to 10:00 AM, serving at the counter; from 10:00 AM to 12:00 PM, "
               "serving customers at the bakery; from 12:00 PM to 02:00 PM, taking orders at the counter.")  # fmt: skip
    alone = ("Planned: from 08:00 AM to 10:00 AM, eating breakfast; from 10:00 AM to 12:00 PM, "
             "serving customers at the bakery; from 12:00 PM to 01:00 PM, having lunch.")  # fmt: skip
    carried = [steps(between, seed) for seed in range(40)]
    assert not [x for x in carried if x[0] in starts or x[-1] in ends]
    opened = [steps(alone, seed) for seed in range(40)]
    assert sum(x[0] in starts for x in opened) >= 10  # and otherwise it does, most of the time


def test_a_block_after_a_night_s_sleep_does_not_run_into_it():
    """A 6 am block of a simulated day began with the step "sleeping": a step that runs in from the block
    before is getting up when that block is the night."""
    shown = {"identity": "Name: Ana Ruiz\nLearned traits: Ana Ruiz runs the bakery.", "minutes": "60",
             "task": "baking the morning bread", "start": "06:00 AM",
             "surrounding": "Planned: from 12:00 AM to 06:00 AM, sleeping; from 06:00 AM to 07:00 AM, baking the "
                            "morning bread; from 07:00 AM to 08:00 AM, serving customers."}  # fmt: skip
    steps = [s["subtask"] for seed in range(80) for s in ask("plan.decompose", seed, **shown)["subtasks"]]
    assert not [s for s in steps if "sleep" in s or "into bed" in s or "bedside lamp" in s], steps
    assert "getting out of bed" in steps or "opening the curtains" in steps  # it does still run in, now and then


def test_a_closer_look_stays_a_look():
    from aga.simulator.paraphrase import vary

    said = {vary("taking a closer look at the nets, then check the boat", random.Random(s), rate=1) for s in range(30)}
    assert all(x.startswith("taking a closer look at the nets") for x in said), said
    assert len(said) > 1  # the verb "check" is still varied


def test_rest_had_or_needed_is_a_thing_not_a_verb():
    """A GP's step "giving advice on diet and rest" was said "diet and unwind" and "diet and relax" (session 79)."""
    from aga.simulator.paraphrase import vary

    for text in ("giving advice on diet and rest", "telling him to get some rest", "plenty of rest"):
        assert {vary(text, random.Random(s), rate=1) for s in range(30)} == {text}
    assert len({vary("rest at home after lunch", random.Random(s), rate=1) for s in range(30)}) > 1


def test_a_part_of_a_hyphenated_word_is_not_swapped():
    """An outside tester's pupil was "studying in the self-look through hall" and "the self-read hall" (session 79)."""
    from aga.simulator.paraphrase import vary

    said = {vary("study in the self-study hall", random.Random(s), rate=1) for s in range(30)}
    assert all(x.endswith("in the self-study hall") for x in said), said
    assert len(said) > 1
    assert {vary("a read-through", random.Random(s), rate=1) for s in range(10)} == {"a read-through"}


def test_a_check_of_a_thing_is_no_review_of_it():
    """An outside tester's jeep driver was "reviewing the oil and tyres of the jeep" all morning (session 71): a
    check is looked at, looked over or inspected; a review is gone through."""
    from aga.simulator.paraphrase import vary

    said = {vary("check the oil and tyres of the jeep", random.Random(s), rate=1) for s in range(40)}
    assert said == {f"{v} the oil and tyres of the jeep" for v in ("check", "look at", "look over", "inspect")}
    said = {vary("review the accounts", random.Random(s), rate=1) for s in range(40)}
    assert said == {"review the accounts", "go through the accounts"}
    assert {vary("check on the children", random.Random(s), rate=1) for s in range(40)} == {"check on the children"}


def test_a_verb_without_an_object_is_not_swapped_for_one_that_needs_one():
    """A simulated plan said "go over at Hobbs Cafe at 3:00 pm" for a routine's "studies at Hobbs Cafe"."""
    from aga.simulator.paraphrase import vary

    for text in ("study at the Net Loft at 3:00 pm", "read until late", "check, then rest"):
        said = {vary(text, random.Random(s), rate=1) for s in range(40)}
        assert not [
            x for x in said if re.match(r"(?:go over|look through|look at|look over|inspect|review|go through)\b", x)
        ], said
    said = {vary("read the letter", random.Random(s), rate=1) for s in range(40)}
    assert {"go over the letter", "look through the letter"} <= said  # with an object, all of its group


def _lines_after_greeting(memories: str, other: str = "Ana Ruiz") -> list[str]:
    """Tam's next line to Ana (or ``other``), after both greeted, over 60 seeds, with ``memories`` shown."""
    first = other.split()[0]
    shown = {
        "identity": "Name: Tam Osei\nCurrently: Tam Osei is getting the ferry ready for the winter timetable.",
        "name": "Tam Osei",
        "other": other,
        "memories": memories,
        "conversation": f"[Conversation]\nTam Osei: Hi {first}!\n{other}: Hey Tam, good to see you.",
    }
    return [ask("converse.utterance", seed, **shown)["utterance"] for seed in range(60)]


def test_a_line_says_an_activity_without_the_step_in_brackets_and_each_once():
    memories = "\n".join(
        f"- Ana Ruiz is mending the nets on the quay ({step})"
        for step in ("checking the floats", "tying knots", "cutting the twine", "rolling the net")
    )
    lines = _lines_after_greeting(memories)
    assert any("mending the nets" in x for x in lines)
    assert not [x for x in lines if re.search(r"\((?:checking|tying|cutting|rolling)", x)]


def _lines_to_ana(memories: str, other_action: str) -> list[str]:
    """Tam's lines to Ana, a talk begun, over 60 seeds, with ``memories`` and Ana doing ``other_action``."""
    shown = {
        "name": "Tam Osei",
        "other": "Ana Ruiz",
        "memories": memories,
        "other_action": other_action,
        "conversation": "[Conversation]\nTam Osei: Hi Ana!\nAna Ruiz: Hey Tam, good to see you.",
    }
    return [ask("converse.utterance", seed, **shown)["utterance"] for seed in range(60)]


def test_what_the_listener_was_seen_doing_is_not_said_as_what_they_do_now():
    """Session 73's circus: "you are doing a jigsaw puzzle" was said to a flyer on the trapeze, from what the speaker
    saw her doing at 9 am; 18 such lines."""
    memories = "- Ana Ruiz is doing a jigsaw puzzle (watching a film)\n- Ana Ruiz is grabbing breakfast at the Galley"
    now = _lines_to_ana(memories, "rehearsing on the trapeze (chalking the hands)")
    assert not [x for x in now if re.search(r"jigsaw|breakfast", x)], now
    assert any("jigsaw" in x for x in _lines_to_ana(memories, "doing a jigsaw puzzle (finding the corners)"))


def test_a_meal_the_listener_was_seen_at_is_not_said_as_what_they_do_now():
    """Session 78's Dar es Salaam town: "So, you are grabbing a morning meal" was said at 9 pm to a driver relaxing
    at home, from what the speaker saw him doing in the morning (a sight with neither a step nor a place)."""
    memories = "- Ana Ruiz is grabbing a morning meal\n- Ana Ruiz is resting"
    now = _lines_to_ana(memories, "sweeping the yard (gathering the leaves)")
    assert not [x for x in now if re.search(r"morning meal|breakfast|resting", x)], now
    eating = _lines_to_ana(memories, "grabbing a morning meal (buttering the bread)")
    assert any(re.search("morning meal|breakfast", x) for x in eating)
    assert any("resting" in x for x in _lines_to_ana(memories, "resting on the porch (closing the eyes)"))


def test_being_in_this_conversation_is_not_told_to_the_listener():
    memories = "- Tam Osei is chatting with Ana Ruiz\n- Tam Osei is painting the hull of the ferry"
    lines = _lines_after_greeting(memories)
    assert any("painting the hull" in x for x in lines)
    assert not [x for x in lines if "chatting with Ana" in x]


def test_a_question_gets_no_i_think_before_it():
    import random

    from aga.simulator.paraphrase import utterance

    said = [utterance("How has your week been?", random.Random(seed)) for seed in range(60)]
    assert not [x for x in said if x.startswith("I think")]


@pytest.mark.parametrize(
    ("requirement", "wake", "expected"),
    [
        # Times alone after a comma are the clause's before them; what follows two spans comes after the last
        # (an outside tester's ship: one of two watches was planned, and letters "after his afternoon watch" at 1 am;
        # session 74).
        (
            "Kenny keeps the watch on the bridge, from midnight until 4 am and from noon until 4 pm. From 4:30 pm "
            "until 5:30 pm he does odd jobs on the main deck.",
            11,
            [
                (0, "keep the watch on the bridge"),
                (12, "keep the watch on the bridge"),
                (16, "do odd jobs on the main deck"),
                (17, "go home for the day"),
            ],
        ),
        (
            "Marek keeps the watch in the engine room from midnight until 4 am and from noon until 4 pm. After his "
            "afternoon watch he writes letters home in his cabin.",
            11,
            [
                (0, "keep the watch in the engine room"),
                (12, "keep the watch in the engine room"),
                (16, "write letters home in his cabin"),
                (17, "go home for the day"),
            ],
        ),
        # "it" right after the verb is the thing before; "and again" with its time gone goes too ("serve it", "go up
        # to the bridge and again to look at the chart" were planned on an outside tester's ship, session 74).
        (
            "Sandra prepares lunch in the galley from 9:30 am and serves it at noon. Alistair goes up to the bridge at "
            "1 pm and again at 4 pm to look at the chart, and opens the bar at 5 pm and makes it to bed by 10 pm.",
            6,
            [
                (9, "prepare lunch in the galley"),
                (12, "serve lunch"),
                (13, "go up to the bridge to look at the chart"),
                (16, "go up to the bridge to look at the chart"),
                (17, "open the bar"),
                (22, "make it to bed"),
            ],
        ),
        # (and two spans said in the order of the day leave what follows to the clause after them)
        (
            "Henk keeps the watch on the bridge from 4 am until 8 am and from 4 pm until 8 pm. From 9 am until noon "
            "he does his deck work: he checks the lashings.",
            3,
            [
                (4, "keep the watch on the bridge"),
                (16, "keep the watch on the bridge"),
                (9, "do his deck work"),
                (10, "check the lashings"),
                (20, "go home for the day"),
            ],
        ),
        # Each of a list of times; a part of the day at its usual hour; "at noon".
        (
            "Tam feeds the goats at 6 am and 6 pm, then mends fences in the afternoon and eats at noon.",
            5,
            [(6, "feed the goats"), (18, "feed the goats"), (15, "mend fences"), (12, "eat")],
        ),
        (
            "He feeds the goats at 7 a.m., 1 pm and 6 pm.",
            5,
            [(7, "feed the goats"), (13, "feed the goats"), (18, "feed the goats")],
        ),
        # What follows a short span starts at its end; what follows a whole shift happens during it.
        (
            "Ana teaches at the school from 8 am until 3 pm and marks work in the staff room until 4 pm.",
            6,
            # The routine's last stated end is the end of its work: an outside tester's nurse, whose
            # routine ended "until 5 pm", stayed on the ward until bedtime.
            [(8, "teach at the school"), (15, "mark work in the staff room"), (16, END_OF_DAY)],
        ),
        (
            "Ivo keeps the watch from 8 pm until 7 am, lights the lamp at 8 pm and records the weather.",
            16,
            [(20, "keep the watch"), (20, "light the lamp"), (21, "record the weather"), (7, END_OF_DAY)],
        ),
        (
            "Ana teaches 9 am - 3 pm and marks work in the staff room.",
            6,
            [(9, "teach"), (15, "mark work in the staff room"), (16, END_OF_DAY)],
        ),
        # "St." ends no clause; "to the day staff at 8 am" is a start, not an end.
        (
            "Zoë works the night shift at St. Brigid's Hospital from 8 pm until 8 am and hands over to the day "
            "staff at 8 am.",
            17,
            [(20, "work the night shift at St. Brigid's Hospital"), (8, "hand over to the day staff"), (9, END_OF_DAY)],
        ),
        # An hour after "until" is an end, not a start; "goes" is "go"; "then" is after the end.
        (
            "Bea opens the shop at 8 am and serves until the shop closes at 8 pm, then goes for a walk.",
            6,
            [(8, "open the shop"), (9, "serve until the shop closes"), (20, "go for a walk"), (21, END_OF_DAY)],
        ),
        # What a colon lists happens during the span before it; "from noon" leaves no "from" behind.
        (
            "Tom runs the night shift at the mine from 10 pm until 6 am: he reads the gas detectors at 10 pm, "
            "sends the men down in the cage and signs the shift log at 6 am. He walks home at 7 am.",
            16,
            [
                (22, "run the night shift at the mine"),
                (22, "read the gas detectors"),
                (23, "send the men down in the cage"),
                (6, "sign the shift log"),
                (7, "walk home"),
            ],
        ),
        # A clock time's colon is no list's: an outside tester's "from 4:30 pm" was cut to "from 4".
        (
            "Tom writes up invoices in the office from 4:30 pm until 5:30 pm.",
            7,
            [(16, "write up invoices in the office"), (17, END_OF_DAY)],
        ),
        # Two spans of one clause: each is an item, and the "and" that joined them goes with the times.
        (
            "Hal serves customers at the counter from 9 am until 1 pm and from 2 pm until 5:30 pm.",
            7,
            [(9, "serve customers at the counter"), (14, "serve customers at the counter"), (17, END_OF_DAY)],
        ),
        (
            "Dee serves lunch at the hatch from noon until 2 pm and bakes the pasties until 4 pm.",
            4,
            [(12, "serve lunch at the hatch"), (14, "bake the pasties"), (16, END_OF_DAY)],
        ),
        # Work at home is finished, not gone home from: an outside tester's tailor "going home for the day, locking
        # the front door" (session 75).
        (
            "Ruth stitches clothes in the sitting room of the Hale family's quarter from 9 am until 5 pm.",
            7,
            [(9, "stitch clothes in the sitting room of the Hale family's quarter"), (17, WORK_DONE)],
        ),
        # An outside tester's muezzin (session 65): "calls and leads" was split into "call" (read as a
        # phone call) and "lead the prayer" ("noon" taken for the hour), and the prayers said without
        # their verb were dropped: two of five were called.
        (
            "Abdeslam Tazi calls the dawn prayer at the mosque at 5 am, calls and leads the noon prayer at the mosque"
            " at 1 pm, the afternoon prayer at 5 pm and the night prayer at 9 pm.",
            4,
            [
                (5, "call the dawn prayer at the mosque"),
                (13, "call and lead the noon prayer at the mosque"),
                (17, "call and lead the afternoon prayer"),
                (21, "call and lead the night prayer"),
            ],
        ),
        # What the day does not hold is no activity, and a clause's "he" is its subject: an outside
        # tester's retired resident planned to "have no job and no workplace", and was shown as "hing
        # stays at home".
        (
            "Łukasz Nowak has no job and no workplace; he stays at home and sits on the Village Green in the "
            "afternoon.",
            7,
            [(8, "stay at home"), (15, "sit on the Village Green")],
        ),
        (
            "Mia does not work on Sundays; she feeds the goats at 5 am. She never drives.",
            6,
            [(7, "feed the goats")],
        ),
    ],
)
def test_a_routine_is_placed_at_the_hours_it_states(requirement: str, wake: int, expected: list[tuple[int, str]]):
    from aga.simulator.plan import routine

    assert routine(requirement, wake) == expected


def test_third_person_verbs_take_the_plan_form():
    from aga.simulator.text import base_form

    assert [base_form(c) for c in ("goes for a walk", "is at the quay", "fixes nets", "studies")] == [
        "go for a walk", "be at the quay", "fix nets", "study",
    ]  # fmt: skip


def test_a_time_span_or_list_leaves_the_item_whole():
    from aga.routine import without_time

    said = ["work from 9 am to 5 pm", "read, 10-11 pm", "feed the goats at 5 am and 6 pm", "buy 2 loaves at 9 am"]
    assert [without_time(x) for x in said] == ["work", "read", "feed the goats", "buy 2 loaves"]


def test_a_period_after_a_title_or_an_initial_ends_no_sentence():
    from aga.simulator.text import sentences

    said = "Zoë works at St. Brigid's Hospital. Dr. Okafor sees J. Smith! Then home."
    assert sentences(said) == ["Zoë works at St. Brigid's Hospital.", "Dr. Okafor sees J. Smith!", "Then home."]


@pytest.mark.parametrize(
    ("action", "room"),
    [
        ("eating lunch", "kitchen"),
        ("enjoying dinner", "kitchen"),
        ("taking a shower", "bathroom"),
        ("sleeping", "Zoë's bedroom"),
    ],
)
def test_a_room_is_chosen_for_what_rooms_of_its_kind_are_for(action: str, room: str):
    # MiniLM alone ranks "bathroom" above "kitchen" for eating lunch; a model knows what kitchens are for.
    shown = {
        "name": "Zoë Ångström", "options": "bathroom, kitchen, Zoë's bedroom, garden", "action_description": action,
        "current_arena": "garden", "sector": "the chalet", "current_sector": "the chalet",
    }  # fmt: skip
    chosen = Counter(ask("act.arena", seed, **shown)["choice"] for seed in range(12))
    assert chosen.most_common(1)[0][0] == room, chosen


def test_a_greeting_is_not_taken_up_by_the_one_it_greets():
    # "Right, Hi Zoë! How are you doing today?" said by Zoë herself.
    hello = "Łukasz Nowak: Hi Zoë! How are you doing today?"
    conversation = f"{hello}\nZoë Ångström: Fine.\n{hello}"
    shown = {
        "name": "Zoë Ångström",
        "other": "Łukasz Nowak",
        "conversation": conversation,
        "memories": "",
        "identity": "",
    }
    for seed in range(40):
        said = ask("converse.utterance", seed, **shown)["utterance"]
        assert "Zoë" not in said, said


def test_a_clause_that_starts_with_a_preposition_is_no_activity():
    from aga.simulator.plan import routine

    said = "Aoife works at the pharmacy from 9 am until 6 pm, behind the pharmacy counter."
    assert routine(said, 7) == [(9, "work at the pharmacy"), (18, END_OF_DAY)]


def test_a_room_said_by_the_first_word_of_its_places_name_is_gone_to():
    """An outside tester's ship had its officers' stated meals "in the mess room" in their cabins, the radio room and
    on the poop deck: the prompt lists the rooms of home and of where one is only, and "the mess room" is a room of
    the "Mess deck" (session 74). A word any place may open with ties no room to it."""
    shown = {
        "name": "Alistair Munro",
        "home_sector": "Officers' deck",
        "home_arenas": "Alistair Munro's cabin, Henk Visser's cabin",
        "current_sector": "Navigation bridge",
        "current_arenas": "wheelhouse, chart room, radio room, ship's office",
        "requirement": "Alistair Munro does his paperwork in the ship's office from 8:30 am until noon.",
        "options": "Navigation bridge, Officers' deck, Crew deck, Mess deck, Engine room, Main deck",
    }
    for seed in range(6):
        for action in ("having lunch in the mess room", "grabbing breakfast in the mess room (warming it up)"):
            assert ask("act.sector", seed, action_description=action, **shown)["choice"] == "Mess deck"
        choice = ask("act.sector", seed, action_description="having lunch in the main hall", **shown)["choice"]
        assert choice != "Main deck"


def test_a_meal_that_the_place_one_is_at_has_a_room_for_is_had_there():
    """Mid-shift, the clinic's staff room serves a packed supper as well as the kitchen at home: the
    prompt says stay, so she does; sleep and a shower still need home."""
    shown = {
        "name": "Zoë Ångström",
        "home_sector": "Zoë Ångström's chalet",
        "home_arenas": "Zoë Ångström's bedroom, kitchen, bathroom",
        "current_sector": "Valley Clinic",
        "current_arenas": "ward, reception, staff room, pharmacy",
        "requirement": "Zoë Ångström is a night nurse at the Valley Clinic; she works from 8 pm until 6 am.",
        "options": "Zoë Ångström's chalet, Valley Clinic, The Edelweiss Inn, Village Bakery, Ski School",
    }
    for seed in range(6):
        for action in ("eating a packed supper", "having a cup of tea on her break"):
            assert ask("act.sector", seed, action_description=action, **shown)["choice"] == "Valley Clinic"
        for action in ("sleeping", "taking a shower"):
            assert ask("act.sector", seed, action_description=action, **shown)["choice"] == "Zoë Ångström's chalet"


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("Ola Berg teaches skiing to children and adults on the piste.",
         ["Ola Berg teaches skiing to children and adults on the piste"]),
        ("Mia bakes bread and cakes every morning and sells them at the bakery.",
         ["Mia bakes bread and cakes every morning", "sells them at the bakery"]),
        ("He serves tea and coffee at the cafe and chats with the regulars.",
         ["He serves tea and coffee at the cafe", "chats with the regulars"]),
        ("He checks the nets and lines, then mends what is torn.",
         ["He checks the nets and lines", "mends what is torn"]),
        ("She opens the shop at 8 am and serves customers until 6 pm.",
         ["She opens the shop at 8 am", "serves customers until 6 pm"]),
        ("He is training for his next race and studying for his exams.",
         ["He is training for his next race", "studying for his exams"]),
        ("He knows every skipper by name and can fillet a hake.",
         ["He knows every skipper by name", "can fillet a hake"]),
        ("She is curious about the vote and often brings it up.",
         ["She is curious about the vote", "often brings it up"]),
        ("wake up and complete the morning routine", ["wake up", "complete the morning routine"]),
    ],
)  # fmt: skip
def test_an_and_splits_a_clause_before_a_second_verb_not_a_second_thing(sentence: str, expected: list[str]):
    from aga.simulator.text import clauses

    assert clauses(sentence) == expected


def test_two_verbs_side_by_side_both_take_the_plan_form():
    from aga.simulator.plan import routine

    assert routine("Kai reads and writes in the library in the afternoon.", 7) == [
        (15, "read and write in the library")
    ]
    assert routine("Mia bakes bread and cakes at 9 am and sells them.", 7) == [
        (9, "bake bread and cakes"), (10, "sell them")
    ]  # fmt: skip


def test_an_hour_read_loosely_keeps_a_journey_near_its_hour():
    """A night watchman's plan walks him home at 7 am; read loosely, the hour at 9 pm may bring up
    another line of the plan, but not the walk home at the start of his shift."""
    shown = {
        **HOURLY,
        # (who keeps watch is said by the trade: the prompt's identity always shows it)
        "identity": "Name: Ivo Hale\nLearned traits: Ivo Hale is the night keeper of Skerry Lighthouse.\n"
        "Lifestyle: Ivo goes to bed around 8 am and wakes up around 4 pm.",
        "name": "Ivo Hale",
        "daily_plan": "wake up at 4:00 pm; have breakfast at 5:00 pm; keep the night watch at the lighthouse at "
        "8:00 pm; record the weather at 9:00 pm; walk home at 7:00 am; go to bed at 8:00 am",
        "previous": "[Monday -- 08:00 PM] Activity: keeping the night watch at the lighthouse",
        "hour": "09:00 PM",
    }
    answers = [ask("plan.hourly", seed, **shown)["activity"] for seed in range(300)]
    assert not [a for a in answers if "home" in a]
    assert any("weather" in a for a in answers)
    # At its hour it comes to mind, not before it (session 82: "going home for the day", planned at 1 am, came at
    # 11 pm in the middle of a samba school's rehearsal)
    at_six = [ask("plan.hourly", seed, **{**shown, "hour": "06:00 AM"})["activity"] for seed in range(300)]
    assert not [a for a in at_six if "home" in a]
    at_seven = [ask("plan.hourly", seed, **{**shown, "hour": "07:00 AM"})["activity"] for seed in range(300)]
    assert any("walking home" in a for a in at_seven)


def test_an_hour_given_as_a_part_of_the_work_says_what_it_is_about():
    """A part of the work read as the whole hour named its object "it" ("savouring it", "finishing it"),
    with nothing for "it" to stand for; a pronoun object takes a phrasal verb's particle after it."""
    answers = [ask("plan.hourly", seed, **HOURLY)["activity"] for seed in range(1000)]
    assert not [a for a in answers if re.match(r"^\w+ing (?:\w+ )?it$", a)]
    assert not [a for a in answers if re.search(r"\b(?:up|apart|down|out) it\b", a)]
    # (a part that names the ferry reads as a ferry crew's hour, not a mechanic's, and is no name for this one: see
    # test_a_part_of_the_work_named_as_the_hour_still_reads_as_the_work; a baker's parts name her bread)
    baking = {
        **HOURLY,
        "daily_plan": HOURLY["daily_plan"].replace("repair the ferry engine", "bake the bread for the shop"),
        "previous": HOURLY["previous"].replace("repairing the ferry engine", "baking the bread for the shop"),
    }
    baked = [ask("plan.hourly", seed, **baking)["activity"] for seed in range(1000)]
    assert any("the bread" in a and not re.match(r"(?:baking|having|grabbing|eating)\b", a) for a in baked)


# The frames the simulator's thoughts and the runtime's day plan put around a statement, as found in the
# chat of a town no bundled scenario has ("Apparently It matters to Ngọc that Ngọc knows Chloé ...").
FRAMED = re.compile(
    r"cares about this|It matters to|coming back to this|focused on the fact|been thinking that|found it "
    r"interesting|should remember|'s plan for|feel good about my days|(?:Truth is|Between us), (?:Truth is|Between us)",
    re.IGNORECASE,
)


def test_a_memory_is_told_without_the_frames_thoughts_put_around_it():
    memories = "\n".join(
        (
            "- It matters to Tam Osei that Tam Osei knows Ana Ruiz as a friend and trusts her",
            "- Tam Osei keeps coming back to this: It matters to Tam Osei that the harbour master announced a "
            "storm warning for Friday",
            "- I found it interesting that Truth is, I know Ana Ruiz as a friend and trust her",
            "- This is Tam Osei's plan for Monday March 10: wake up at 6:00 am; eat breakfast at 7:00 am; "
            "repair the ferry engine at 8:00 am; have dinner at 6:00 pm",
            "- Tam Osei seems to be focused on the fact that Lea Park is chatting with Tam Osei",
        )
    )
    lines = _lines_after_greeting(memories)
    assert not [x for x in lines if FRAMED.search(x)]
    assert not [x for x in lines if "wake up at 6:00 am" in x]  # a day plan's schedule is not told
    assert not [x for x in lines if "Ana Ruiz" in x or "Tam Osei" in x]  # the two are "you" and "I"/"me"
    assert any("storm warning" in x for x in lines)  # what the frame was around is told
    # How the speaker knows the listener is standing knowledge between them, not a topic ("I know you
    # as a friend and trust you" was said to that friend; the embedded models recite a relation in 8%
    # of their lines, benchmarks/results/talk_topics.md).
    assert not any("know you as" in x for x in lines)
    # A conversation remembered is over by the time it could be told ("Lea Park is chatting with me").
    assert not [x for x in lines if "chatting with" in x]


def test_a_line_taken_up_says_the_others_i_as_you_and_drops_their_opener():
    shown = {
        "identity": "Name: Tam Osei",
        "name": "Tam Osei",
        "other": "Ana Ruiz",
        "memories": "",
        "conversation": "[Conversation]\nTam Osei: Hi Ana!\nAna Ruiz: Hey Tam, good to see you.\n"
        "Tam Osei: How has your week been?\nAna Ruiz: Between us, I am checking the patients on the ward every hour",
    }
    lines = [ask("converse.utterance", seed, **shown)["utterance"] for seed in range(120)]
    echoes = [x for x in lines if "checking the patients" in x]
    assert echoes
    assert all("you are checking the patients" in x for x in echoes), echoes
    assert not [x for x in echoes if "Between us" in x or re.search(r"\bI am\b", x)], echoes
    from aga.simulator.text import swap_persons

    assert swap_persons("I was hoping I'd see you") == "you were hoping you'd see me"
    assert swap_persons("what do you make of my boat") == "what do I make of your boat"
    asked = {
        **shown,
        "conversation": shown["conversation"].rsplit("\n", 1)[0] + "\nAna Ruiz: So, what do you make of it?",
    }
    taken_up = re.compile(r"^(?:Oh|Hm|Right), [^?]*make of it\?")  # a question is answered, not said back
    assert not [x for x in (ask("converse.utterance", s, **asked)["utterance"] for s in range(60)) if taken_up.match(x)]


def test_a_memo_of_a_chat_tells_the_other_in_the_third_person_without_openers():
    conversation = (
        "Ana Ruiz: Hi Tam!\nTam Osei: Hey Ana.\n"
        "Ana Ruiz: Truth is, I am organising the harbour regatta and my brother is helping me with it. "
        "I can hardly wait."
    )
    for task in ("reflect.chat_memo", "reflect.chat_planning"):
        text = ask(task, 1, name="Tam Osei", conversation=conversation)["text"]
        assert "Ana Ruiz is organising the harbour regatta and their brother is helping them" in text, text
        assert "Truth is" not in text and " I am organising" not in text, text
    summary = ask("converse.summary", 1, conversation=conversation)["text"]
    assert summary.startswith("conversing about how Ana Ruiz is organising the harbour regatta"), summary
    # An ongoing activity alone is said as one does it: not "conversing about Ilse Brunnthaler is posting
    # the bulletin" (an outside tester's memories).
    alone = "Ana Ruiz: Hi Tam!\nTam Osei: Hey Ana.\nAna Ruiz: Truth is, I am organising the harbour regatta."
    assert (
        ask("converse.summary", 1, conversation=alone)["text"]
        == "conversing about Ana Ruiz organising the harbour regatta"
    )
    # Small talk and questions tell nothing to remember: not "Tam Osei could use a break themselves".
    chat = (
        "Ana Ruiz: Hi Tam!\nTam Osei: I could use a break myself. What do you make of it?\n"
        "Ana Ruiz: How has your week been?"
    )
    assert ask("converse.summary", 1, conversation=chat)["text"] == "conversing about how their days are going"
    # A verb of hearing before a thing is what one does, no opener: "I hear all the village gossip across my
    # counter" was summed up "conversing about all the village gossip across ...", then told as news ("Word is, all
    # the village gossip ...", session 72); before a clause it is one ("I hear the road will close").
    gossip = "Ana Ruiz: Hi Tam!\nTam Osei: So, I hear all the village gossip across my counter. Can you believe it?"
    assert "Tam Osei hears all the village gossip" in ask("converse.summary", 1, conversation=gossip)["text"]
    road = "Ana Ruiz: Hi Tam!\nTam Osei: I hear the pass road will close on Saturday. Can you believe it?"
    assert ask("converse.summary", 1, conversation=road)["text"] == (
        "conversing about how the pass road will close on Saturday"
    )
    assert ask("reflect.chat_memo", 1, name="Ana Ruiz", conversation=chat)["text"].endswith("we caught up briefly.")
    # What the other told is what one notes: session 73's postmistress, who told of her letter about the bridge,
    # noted it and not the postmaster's pancake breakfast on Saturday, which no one remembered after.
    both = (
        "Doris Pike: Morning, Hank.\nHank Bell: I am organising the pancake breakfast at the station on Saturday.\n"
        "Doris Pike: The state has closed the covered bridge to heavy vehicles after an inspection."
    )
    for task in ("reflect.chat_memo", "reflect.chat_planning"):
        assert "pancake" in ask(task, 1, name="Doris Pike", conversation=both)["text"]
        assert "bridge" in ask(task, 1, name="Hank Bell", conversation=both)["text"]


@pytest.mark.parametrize(
    "text", ["writes in her study", "writing a draft of the study", "reads in Ana's study", "tidies their study"]
)
def test_a_noun_after_a_possessive_or_an_article_is_not_swapped_for_a_verb(text: str):
    from aga.simulator.paraphrase import vary

    said = {vary(text, random.Random(seed), rate=1) for seed in range(30)}
    assert all(x.endswith("study") for x in said), said


def test_a_noun_after_an_article_and_a_word_is_not_swapped_for_a_verb():
    """ "reading the feedback on the last draft for a mind map" was "... the last write for a mind map" (session
    75); a verb after its object's article still varies."""
    from aga.simulator.paraphrase import vary

    said = {vary("reading the feedback on the last draft for a mind map", random.Random(s), rate=1) for s in range(30)}
    assert said == {"reading the feedback on the last draft for a mind map"}
    assert len({vary("going to write the report", random.Random(s), rate=1) for s in range(30)}) > 1


def test_a_replan_keeps_each_subtask_within_the_schema():
    from aga.cognition.answers import Decomposition, HourActivity, Schedule

    long = (
        "hosting a poetry evening at Ma's Bakery & Café on Monday March 10, chatting with a regular customer "
        "(making a note about hosting a poetry evening at Ma's Bakery & Café on Monday March 10 from 4 to 6 pm "
        "with readings, music, cake and a raffle for the new library roof)"
    )
    shown = {
        "name": "Tam Osei",
        "original": f"12:00 PM ~ 12:30 PM -- {long}\n12:30 PM ~ 01:00 PM -- {long}",
        "inserted": "chatting with Ana Ruiz",
        "inserted_minutes": "10",
        "now": "12:09 PM",
        "total_minutes": "60",
    }
    schema = Schedule.model_json_schema()
    for seed in range(5):
        answer = HOOKS["react.replan"](
            Prompt("react.replan", "\n".join(shown.values()), shown, schema, random.Random(seed))
        )
        Schedule.model_validate(answer)  # every subtask at most as long as the schema allows
        assert [i["subtask"] for i in answer["items"]][-1].startswith("hosting a poetry evening")  # shortened, kept
    # The same for the other answers that copy a line of the prompt.
    busy = {"identity": f"Name: Tam Osei\nCurrently: Tam Osei is {long}.", "task": long, "minutes": "60"}
    for seed in range(5):
        rng = random.Random(seed)
        Decomposition.model_validate(
            HOOKS["plan.decompose"](Prompt("plan.decompose", "", busy, Decomposition.model_json_schema(), rng))
        )
    hourly = {**HOURLY, "daily_plan": f"wake up at 6:00 am; {long} at 10:00 am; go to bed at 10:00 pm"}
    for seed in range(10):
        rng = random.Random(seed)
        HourActivity.model_validate(
            HOOKS["plan.hourly"](Prompt("plan.hourly", "", hourly, HourActivity.model_json_schema(), rng))
        )


def test_an_interview_answer_reads_as_said():
    """An outside tester read "Well, From what I remember, ... likes her tea.." from the simulator."""
    answers = [
        ask("user.interview_answer", seed, question="Who is Ana?", ideas="Ana Costa likes her tea.; she bakes")["text"]
        for seed in range(40)
    ]
    assert not [a for a in answers if ".." in a or re.search(r", From\b", a)], answers
    assert any(a.startswith(("Well, from", "So, from", "Honestly, from")) for a in answers)
    # A memory that opens with "This is ..." reads on inside the frame; a name keeps its capital.
    plan = ask("user.interview_answer", 1, question="Plans?", ideas="This is 王芳's plan for Tuesday: tea")["text"]
    assert "remember, this is 王芳's plan" in plan, plan
    assert all(re.search(r"remember, (?:Ana Costa likes|she bakes)", a) for a in answers if "remember, " in a)


def test_an_interview_answer_says_the_weightiest_idea_and_no_day_plan():
    """Of the ideas closest to the question, the one that weighs most is said: an outside tester's
    trader, asked whether anything was happening at the market, said she sells at her stall there rather
    than the borehole to be opened there; and a watchman answered with his day plan's list of hours."""
    ideas = (
        "Ada Obi is selling pepper at her stall in the market (restocking the shelves); "
        "The new borehole at the market will be opened by the chairman on Saturday at 10 am, with free water; "
        "This is Ada Obi's plan for Monday: wake up at 5:00 am; have breakfast at 6:00 am; sell at 7:00 am"
    )
    for seed in range(5):
        said = ask("user.interview_answer", seed, name="Ada Obi", question="Anything happening?", ideas=ideas)["text"]
        assert "borehole" in said and "5:00 am" not in said, said
    plain = (  # the ideas' "; " cuts the plan's list into items, "sell at 7:00 am" weighing as much as the stall
        "This is Ada Obi's plan for Monday: wake up at 5:00 am; have breakfast at 6:00 am; sell at 7:00 am; "
        "Ada Obi is selling pepper at her stall (restocking the shelves)"
    )
    said = ask("user.interview_answer", 0, name="Ada Obi", question="Anything happening?", ideas=plain)["text"]
    assert "selling pepper at my stall" in said and "restocking" not in said and ":00" not in said, said


def _day_plan_items(identity: str, seeds: int = 40) -> set[str]:
    """Every item of the day plans the simulator writes for ``identity`` over ``seeds`` seeds."""
    items: set[str] = set()
    for seed in range(seeds):
        items |= set(ask("plan.daily", seed, identity=identity, lifestyle="", requirement="", wake_hour="6")["items"])
    return items


def test_a_day_plans_no_errand_made_of_a_remembered_steps_brackets_or_of_a_thought_run_on():
    """The day's revision carries a thought into "Currently"; a remembered action's step in brackets is
    a detail of what was done, and the note it came from is a sentence of its own, so the day does not
    plan "crossing off the list (making a list of guests) I feel good about my days" (seen in a run)."""
    note = ask("plan.revise_note", 0, statements="- Ann is crossing off the list (making a list of guests)")["text"]
    assert note.endswith(".")
    identity = (
        "Name: Ann\nCurrently: Ann is crossing off the list (making a list of guests) I feel good about my days. "
        "Ann is mending the nets (checking the knots)\nLifestyle: Ann goes to bed around 10 pm, wakes up around 6 am"
    )
    items = _day_plan_items(identity)
    errands = [i for i in items if "list" in i or "nets" in i]
    assert errands and not any("(" in i or "feel" in i for i in errands)


def test_a_one_call_day_reads_the_plan_loosely_and_differently_each_time():
    """The policy modes' one-call day, as the embedded models write it (realism.md, session 41): each
    answer its own way (the plan's times kept in the words or not, items left out, a block from another
    line of the prompt), a resumed activity not said in the same words after a meal, and the plan's
    bedtime item at its hour."""
    shown = {
        "identity": "Name: Ada Quill\nCurrently: Ada Quill is sorting the parish records for the open day.\n"
        "Lifestyle: Ada Quill goes to sleep around 10 pm and gets up around 6 am.",
        "name": "Ada Quill",
        "daily_plan": "wake up for the morning routine at 6:00 am; have breakfast at 7:00 am; "
        "open the print shop at 8:00 am; set type for the weekly paper at 9:00 am; have lunch at 12:00 pm; "
        "have dinner at 6:00 pm; go to bed at 10:00 pm",
        "date": "Monday June 3",
        "wake_hour": "6",
    }
    answers = [ask("plan.schedule", seed, **shown) for seed in range(40)]
    texts = ["; ".join(b["activity"] for b in a["blocks"]) for a in answers]
    assert len(set(texts)) == len(texts)
    assert any(" at 9:00 am" in t for t in texts) and any(":00" not in t for t in texts)
    assert any("set" not in t.lower() for t in texts)  # an item left out now and then
    for a in answers:
        words = [b["activity"] for b in a["blocks"]]
        assert len(set(words)) >= len(words) - 1, words
        assert a["blocks"][0]["start"] == "06:00"
        for before, after in itertools.pairwise(a["blocks"]):
            assert before["end"] == after["start"]
    closing = [a["blocks"][-1] for a in answers]
    assert sum("bed" in b["activity"] for b in closing) >= 20
    assert all(b["start"] == "22:00" for b in closing if "bed" in b["activity"])


def test_a_one_call_day_is_closed_by_the_bedtime_item_not_by_a_chore_with_a_bed():
    shown = {
        "identity": "Name: Ada Quill\nLifestyle: Ada Quill goes to sleep around 10 pm and gets up around 6 am.",
        "name": "Ada Quill",
        "daily_plan": "wake up for the morning routine at 6:00 am; make the bed in the guest room at 9:00 am; "
        "have lunch at 12:00 pm; go to bed at 10:00 pm",
        "date": "Monday June 3",
        "wake_hour": "6",
    }
    for seed in range(30):
        blocks = ask("plan.schedule", seed, **shown)["blocks"]
        assert not [b for b in blocks if "guest room" in b["activity"] and b["start"] == "22:00"], blocks


def test_the_decision_to_talk_does_not_rise_with_the_relation_shown():
    """Neither embedded model says yes more often when shown a close relation (`aga bench talk`); the
    simulator's old rule did (12% -> 38%), which made Social Memory's runs talk more on its own. It says
    yes at the rate estimated from the original's GPT-3.5 day (`benchmarks/talk_reference.py`)."""
    about = "Ana Ruiz knows Bo Lenn mends boats at the yard. Bo Lenn is walking to the yard."
    shown = {"time": "10:00 AM", "name": "Ana Ruiz", "action": "selling fish", "other": "Bo Lenn",
             "other_action": "walking to the yard", "last_chat": ""}  # fmt: skip
    close = "Ana Ruiz sees Bo Lenn as her partner, feeling fond of him (closeness 10/10)."
    stranger = "Ana Ruiz sees Bo Lenn as a stranger (closeness 0/10)."

    def yes(context: str) -> float:
        return sum(ask("react.decide_talk", s, **shown, context=context)["decision"] for s in range(400)) / 400

    rates = [yes(f"{close}\n{about}"), yes(f"{stranger}\n{about}"), yes(about), yes(" ".join([about] * 8))]
    # 400 answers each: two standard errors of a 60% rate are 4.9 points.
    assert all(0.54 <= r <= 0.66 for r in rates), rates
    assert max(rates) - min(rates) < 0.09, rates
    asleep = {**shown, "other_action": "sleeping"}
    assert not any(ask("react.decide_talk", s, **asleep, context=about)["decision"] for s in range(50))


def test_a_relation_is_not_told_as_news_and_what_was_just_said_is_taken_up():
    # How two people know each other is standing knowledge: it rated high by its words ("loves", "by
    # marriage") and was told first, as news ("Did you hear? ..."), in a third of the lines where the
    # embedded models recite one in 8% (benchmarks/results/talk_topics.md).
    memories = "\n".join(
        (
            "- Tam Osei knows Lea Park as sister-in-law by marriage and loves her dearly",
            "- Tam Osei is getting the ferry ready for the winter timetable",
        )
    )
    lines = _lines_after_greeting(memories)
    relation = [x for x in lines if "Lea Park as" in x or "Lea is my" in x]
    news_only = tuple(t.strip() for t in set(TELL) - set(MENTION))  # "You know, " opens a mention too
    assert not [x for x in relation if x.startswith(news_only)]
    assert len(relation) <= len(lines) // 4
    # With nothing else to say, the relation is said as one says whom one knows, not as a thought.
    alone = [x for x in _lines_after_greeting(memories.splitlines()[0]) if "Lea" in x]
    assert alone and all("Lea is my sister-in-law by marriage" in x for x in alone), alone
    assert not [x for x in alone if re.search(r"thinking|and loves? her|Lea Park as", x)], alone
    # ... and what one feels for them is its own sentence, at times (the 1.5B recited 5 of its 9 relations
    # with the feeling, session 63)
    felt = [x for x in alone if "Lea is my sister-in-law by marriage. I love her dearly" in x]
    assert 0 < len(felt) < len(alone), alone
    # What the other just told is taken up in REACT_CHANCE of the lines that follow it (the 1.5B took
    # up an earlier line in 13-16% of all its lines), said back to them as "you".
    shown = {
        "identity": "Name: Tam Osei",
        "name": "Tam Osei",
        "other": "Ana Ruiz",
        "memories": memories,
        "conversation": "Tam Osei: Hi Ana!\nAna Ruiz: Hey Tam.\nTam Osei: Nice day.\n"
        "Ana Ruiz: Truth is, I am repairing the ferry engine before the storm, and it is slow work",
    }
    said = [ask("converse.utterance", seed, **shown)["utterance"] for seed in range(200)]
    # Said back in full ("you are repairing the ferry engine before the storm?") or by what it is about
    # ("the ferry engine?").
    taken = [x for x in said if x.startswith(ECHOES) and "ferry engine" in x.split("?")[0]]
    assert any("you are repairing the ferry engine before the storm?" in x for x in taken)
    assert 0.25 <= len(taken) / len(said) <= 0.55
    # Small talk is answered, not said back.
    small = {**shown, "conversation": shown["conversation"].rsplit("\n", 1)[0] + "\nAna Ruiz: How has your week been?"}
    answered = [ask("converse.utterance", seed, **small)["utterance"] for seed in range(100)]
    assert not [x for x in answered if x.startswith(ECHOES) and "week" in x]


def test_a_memory_once_said_is_not_said_again_in_the_first_person():
    # "Harriet Lusk knows Elif Karsan as flatmate" said by Harriet is "I know Elif Karsan as flatmate";
    # checked only in the third person, the same line came four times in one talk.
    memories = "- Tam Osei knows Lea Park as neighbour and fond of her\n- Tam Osei is mending the nets on the quay"
    shown = {
        "identity": "Name: Tam Osei",
        "name": "Tam Osei",
        "other": "Ana Ruiz",
        "memories": memories,
        "conversation": "Tam Osei: Hi Ana!\nAna Ruiz: Hey Tam.\nTam Osei: So, I know Lea Park as neighbour and fond "
        "of her\nAna Ruiz: It's been a long day.",
    }
    lines = [ask("converse.utterance", seed, **shown)["utterance"] for seed in range(100)]
    assert not [x for x in lines if "I know Lea Park as neighbour" in x]
    assert any("mending the nets" in x for x in lines)


@pytest.mark.parametrize(
    ("step", "context", "fits"),
    [
        ("lowering the gangway", "checking the aerial mast Kwame Asante is the radio operator at the hut.", False),
        ("lowering the gangway", "captaining the ferry Morwenna Vane is the captain of the ferry.", True),
        ("helping a passenger aboard", "driving the school bus Ada Lind drives the bus.", True),
        ("helping a passenger aboard", "sending the men down in the lift cage Tomasz is the mine foreman.", False),
        ("logging a passing light", "keeping the radio watch Kwame is the radio operator.", False),
        ("logging a passing light", "keeping the night watch Idris is the keeper of the lighthouse.", True),
        ("checking the gauges", "sending the men down in the lift cage Tomasz is the mine foreman.", True),
        ("crossing off the list", "buying flour at the store", True),  # a verb, not a ferry's crossing
        # A counter's work at a cafe or a food shop only: an outside tester's postmistress was writing the
        # specials on the board and slicing a cake for a customer.
        ("slicing a cake for a customer", "serving customers Ama Boateng is the postmistress of Ballyre.", False),
        ("slicing a cake for a customer", "serving customers Ama Boateng runs the tea room on the green.", True),
        ("checking the use-by dates", "serving customers Ama Boateng keeps the hardware store.", False),
        ("checking the use-by dates", "serving customers Ama Boateng keeps the village grocery.", True),
        ("cleaning the coffee machine", "serving customers Ama Boateng keeps the village grocery.", False),
    ],
)
def test_a_step_of_a_setting_is_taken_only_where_the_prompt_names_that_setting(step: str, context: str, fits: bool):
    """A crew's know-how is mostly a boat's: in a mining town written from scratch, the radio operator
    was "lowering the gangway" and "pointing out a seal to passengers" at his aerial mast."""
    from aga.simulator.steps import suits

    assert suits(step, context, "service") is fits


def test_a_meal_keeps_its_table_wherever_it_is_eaten():
    """The counter's cafe steps are gated, not every step that names a table or a coffee."""
    from aga.simulator.steps import know_how

    def steps(kind: str, context: str) -> set[str]:
        return {x for part in (1, 2, 3) for x in know_how(kind, part, context)}

    assert "sitting down at the table" in steps("meal", "having lunch Ama Boateng is the postmistress.")
    assert "making a flask of coffee" in steps("watch", "keeping watch Ama Boateng is the night porter.")


def test_no_step_of_the_sea_reaches_a_town_without_one():
    """Every decomposition of inland work in a town with no water keeps to steps that name none of it."""
    from aga.simulator.steps import _AT_SEA, _PASSENGERS

    identity = "Name: Kwame Asante\nLearned traits: Kwame Asante is the radio operator at the Ridge Radio Hut."
    said = []
    for activity in ("checking the aerial mast", "keeping the radio watch", "sending the men down in the lift cage"):
        for seed in range(40):
            answer = ask("plan.decompose", seed, identity=identity, task=activity, minutes="60")
            said += [s["subtask"] for s in answer["subtasks"]]
    assert len(said) > 300
    assert not [s for s in said if _AT_SEA.search(s) or _PASSENGERS.search(s)]


def test_the_evening_after_the_routine_s_last_end_is_the_persona_s_own():
    """An outside tester's nurse ("writes up the charts ... until 5 pm") was on the ward until bedtime:
    the hour takes the latest item begun, and nothing followed the charts."""
    from aga.simulator.plan import activity_at, routine

    plan = routine("Aurélie starts at the infirmary at 7 am and writes up the patient charts until 5 pm.", 6)
    assert activity_at(16, 6, 22, plan) == "write up the patient charts"
    assert activity_at(17, 6, 22, plan) == END_OF_DAY
    assert [activity_at(h, 6, 22, plan) for h in (18, 20, 21)] == ["relaxing at home"] * 3


def test_the_evening_after_a_last_timed_item_or_a_walk_home_is_the_persona_s_own():
    """Session 69: harbour6's ferry captain's last crossing at 5 pm, the span's end, held her hours until
    bedtime; so did a pharmacist's cashing up at 6, and a walk home at the end of a night watch."""
    from aga.simulator.plan import activity_at, routine

    plan = routine("Yusra serves customers from 9 am until 6 pm and cashes up the till at 6 pm.", 7)
    assert [activity_at(h, 7, 22, plan) for h in (17, 18, 19)] == ["serve customers", "cash up the till", END_OF_DAY]
    assert [activity_at(h, 7, 22, plan) for h in (20, 21)] == ["relaxing at home"] * 2
    plan = routine("Ellis keeps the night watch from 6 pm until 6 am, then walks home at 6 am.", 17)
    assert activity_at(6, 17, 9, plan) == "walk home"
    assert [activity_at(h, 17, 9, plan) for h in (7, 8)] == ["relaxing at home"] * 2


def test_one_of_a_day_s_several_is_not_read_loosely_far_from_its_hour():
    """Read loosely, the ferry captain's "captain the last crossing" (5 pm) was her hour at 10 am and noon;
    a timed one of several stays near its hour, as a gathering does."""
    plan = (
        "wake up for the morning routine at 5:00 am; have breakfast at 6:00 am; captain the ferry across the bay "
        "at 7:00 am; have lunch at 12:00 pm; captain the last crossing at 5:00 pm; go home for the day at 6:00 pm; "
        "have dinner at 7:00 pm; go to bed at 10:00 pm"
    )
    identity = "Name: Ann Fox\nLifestyle: Ann Fox goes to sleep around 10 pm and gets up around 5 am."
    said = {
        hour: [
            ask("plan.hourly", seed, identity=identity, name="Ann Fox", daily_plan=plan, previous="", hour=hour)[
                "activity"
            ]
            for seed in range(60)
        ]
        for hour in ("09:00 AM", "10:00 AM", "04:00 PM", "05:00 PM")
    }
    assert not [a for h in ("09:00 AM", "10:00 AM") for a in said[h] if "last crossing" in a]
    assert [a for a in said["05:00 PM"] if "last crossing" in a]


def test_an_activity_said_to_be_at_home_is_done_at_home():
    shown = {
        "action_description": "resting at home (listening to the radio)",
        "options": "Ridge Radio Hut, Crag Infirmary, Wróbel house",
        "home_sector": "Wróbel house",
        "current_sector": "Crag Infirmary",
        "home_arenas": "kitchen, bedroom",
        "current_arenas": "ward, nurses' station",
        "requirement": "Aurélie works at the Crag Infirmary from 7 am until 5 pm.",
    }
    assert {ask("act.sector", seed, **shown)["choice"] for seed in range(10)} == {"Wróbel house"}


def test_a_note_of_one_s_own_line_names_whom_its_you_meant():
    """Kept as "you", the note's line was later said to someone else as news about them."""
    conversation = (
        "Aurélie Fontaine: Kwame, there you are!\nKwame Asante: Oh, hi Aurélie!\n"
        "Aurélie Fontaine: I hear you are sending the weather report to the valley. How is that going?"
    )
    for task in ("reflect.chat_memo", "reflect.chat_planning"):
        text = ask(task, 1, conversation=conversation, name="Aurélie Fontaine")["text"]
        assert "Kwame Asante is sending the weather report" in text, text
        assert " you " not in f" {text} "


def test_a_one_call_day_leaves_out_meals_more_often_than_the_day_s_own_items(monkeypatch):
    """As the 1.5B's answers do (67% of waking, meals and bedtime kept against 80% of the day's own
    items): an outside tester's radio operator lost his whole watch to "relaxing at home". Measured
    against the same seeds with every item left out alike, since a kept item is not always said in
    its own words (a work item is often said by a step of it)."""
    import aga.simulator.plan as plan

    shown = {
        "identity": "Name: Ada Quill\nLifestyle: Ada Quill goes to sleep around 10 pm and gets up around 6 am.",
        "name": "Ada Quill",
        "daily_plan": "wake up for the morning routine at 6:00 am; have breakfast at 7:00 am; "
        "open the print shop at 8:00 am; set type for the weekly paper at 10:00 am; have lunch at 12:00 pm; "
        "deliver the proofs at 2:00 pm; have dinner at 6:00 pm; go to bed at 10:00 pm",
        "date": "Monday June 3",
        "wake_hour": "6",
    }

    def said() -> float:
        own = meals = 0
        for seed in range(300):
            day = " ".join(b["activity"].lower() for b in ask("plan.schedule", seed, **shown)["blocks"])
            own += sum(w in day for w in ("print shop", "set type", "proofs"))
            meals += sum(w in day for w in ("breakfast", "lunch", "dinner"))
        return own / meals

    weighted = said()
    monkeypatch.setattr(plan, "_KEEP", {True: 1.0, False: 1.0})
    assert weighted > 1.08 * said()


@pytest.mark.parametrize(
    ("sentence", "goods"),
    [
        # a list, its circumstances cut; whom a trade serves is no goods; "them" is no goods
        ("She bakes rye loaves, seed cakes and pretzels every morning, sells them at the market and serves "
         "coffee to the regulars.", {"cooking": ["rye loaves", "seed cakes", "pretzels"], "service": ["coffee"]}),
        ("He serves customers and the regulars behind the bar.", {}),
        # the list ends where another verb takes over; a past is no trade; a participle is an adjective
        ("She sells stamps, weighs parcels and pays out pensions.", {"service": ["stamps"]}),
        ("He repairs bicycles and sold his car.", {"manual": ["bicycles"]}),
        ("She sells tinned food, smoked fish and lamp oil.", {"service": ["tinned food", "smoked fish", "lamp oil"]}),
        # a possessive and "own" are no part of the goods; an activity's -ing form is no trade verb
        ("He mends the skippers' nets and his own lobster pots.", {"manual": ["nets", "lobster pots"]}),
        ("Selling bread is what she likes.", {}),
        ("She sells behind the counter of Dunmore Stores.", {}),
    ],
)  # fmt: skip
def test_what_a_trade_bakes_sells_or_mends(sentence: str, goods: dict[str, list[str]]):
    from aga.simulator.goods import goods_of

    assert goods_of(f"Name: Oona Reyes\nLearned traits: {sentence}") == goods


def test_a_trades_work_names_its_goods_and_nothing_else_does():
    """A model decomposing a baker's counter hour names her bread ("displaying the bread and pastries",
    the 1.5B); the simulator's general know-how never did. Her supper at home names none of it."""
    identity = ("Name: Oona Reyes\nLearned traits: Oona Reyes runs Reyes Bakehouse. She bakes rye loaves, seed "
                "cakes and pretzels.\nDaily plan requirement: Oona Reyes opens Reyes Bakehouse at 7 am and sells "
                "behind the counter until 1 pm.")  # fmt: skip
    goods = re.compile(r"rye loaves|seed cakes|pretzels")

    def named(task: str) -> int:
        shown = {"identity": identity, "minutes": "60", "task": task}
        return sum(
            any(goods.search(s["subtask"]) for s in ask("plan.decompose", seed, **shown)["subtasks"])
            for seed in range(60)
        )

    assert 10 <= named("selling behind the counter") <= 35  # about one answer in three, not every one
    assert named("opening the bakehouse") >= 10
    assert named("having dinner at home") == 0
    assert named("going for a walk by the river") == 0


def test_a_step_is_done_at_a_place_not_for_it():
    """'opening the shop' is about the shop, and a general step tied to it read 'restocking the fridge for
    the shop'; at a place of work it is done there."""
    shown = {"identity": "Name: Oona Reyes\nLearned traits: Oona Reyes keeps a corner shop.", "minutes": "120",
             "task": "opening the shop"}  # fmt: skip
    steps = [s["subtask"] for seed in range(40) for s in ask("plan.decompose", seed, **shown)["subtasks"]]
    assert not [s for s in steps if s.endswith(" for the shop") and "needed for" not in s]  # ("what is needed for")
    assert [s for s in steps if s.endswith("at the shop")]  # the tie itself still happens
    shown["task"] = "writing her memoir"  # a thing worked on is still worked on for
    steps = [s["subtask"] for seed in range(40) for s in ask("plan.decompose", seed, **shown)["subtasks"]]
    assert [s for s in steps if s.endswith("for the memoir")]


def share(identity: str, task: str, kind: str) -> float:
    """The share of 40 two-hour decompositions' steps that are ``kind``'s know-how."""
    from aga.simulator.steps import POOLS

    shown = {"identity": identity, "minutes": "120", "task": task}
    steps = [s["subtask"] for seed in range(40) for s in ask("plan.decompose", seed, **shown)["subtasks"]]
    pool = {x for part in POOLS[kind][1:] for x in part}
    return sum(s in pool for s in steps) / len(steps)


def test_a_cleaners_round_and_a_drivers_load_are_their_own_work():
    """An outside tester's motorway cleaner was ironing a shirt in the washrooms (housework) and a lorry
    driver loading at the depot was comparing prices (shopping): their trades had no kind of their own."""
    cleaner = "Name: Maeve Quill\nLearned traits: Maeve Quill is the night cleaner at Dunmore Leisure Centre."
    assert share(cleaner, "cleaning the changing rooms", "cleaning") > 0.6
    assert share(cleaner, "cleaning the changing rooms", "housework") < 0.15  # a step both know now and then
    driver = "Name: Ravi Gill\nLearned traits: Ravi Gill is a lorry driver who hauls frozen food."
    assert share(driver, "loading pallets at the depot", "delivery") > 0.6
    assert share(driver, "loading pallets at the depot", "errand") < 0.15


def test_a_near_tie_goes_to_the_kind_of_the_routines_clause_the_hour_carries_on():
    """An outside tester's cleaner "straightening up the fuel kiosk's shop floor" was as close to housework
    as to a cleaner's round, and made the beds in the kiosk: her routine says she cleans that floor."""
    from aga.simulator.steps import kinds_of

    routine = (
        "Maeve Quill cleans at Ballyre Services from 5 am until 10 am: she cleans the washrooms of the "
        "toilet block from 5 am until 7 am and cleans the fuel kiosk's shop floor from 8 am until 10 am."
    )
    trade = "Maeve Quill is the early cleaner at Ballyre Services."
    assert kinds_of("tidying up the kiosk", trade)[0][0] == "housework"
    assert kinds_of("tidying up the kiosk", trade, routine)[0][0] == "cleaning"
    # Only a near tie, and not by a name the two share: a party at the diner one opens is still a party.
    routine = "Ama Boateng opens The Kettle Diner at 8 am and serves breakfast behind the counter until noon."
    assert (
        kinds_of("organising a party at The Kettle Diner", "Ama Boateng runs The Kettle Diner.", routine)[0][0]
        == "event"
    )
    assert kinds_of("having dinner at home", "Ama Boateng runs The Kettle Diner.", routine)[0][0] == "meal"


@pytest.mark.parametrize(
    ("learned", "task", "own", "instead", "least"),
    [
        ("Bryn Tal runs Cwm Farm, a dairy farm of forty cows.", "milking the cows in the parlour", "farming",
         "animal care", 0.6),
        ("Ifor Lake is the blacksmith and farrier at Lake Forge.", "shoeing the ponies", "smithing", "manual", 0.6),
        ("Nia Rees is the brewer at Hafod Brewery; she brews bitter.", "mashing in at the mash tun", "brewing",
         "service", 0.6),
        ("Cai Moss is a paramedic at Llan Ambulance Station.", "waiting for calls in the crew room", "emergency",
         "crew", 0.5),
    ],
)  # fmt: skip
def test_a_farm_a_forge_a_brewery_and_an_ambulance_have_their_own_know_how(
    learned: str, task: str, own: str, instead: str, least: float
):
    """An outside tester's hill village: a dairy farmer's milking drew a pet surgery's steps ("scanning for
    a microchip"), a farrier's shoeing an engine's ("cutting a new gasket"), a brewer's mashing in a shop
    counter's ("giving a customer a loyalty stamp"); in a cottage hospital town a paramedic in the crew
    room eased a ferry into its berth. Each trade's hour is now mostly its own kind's steps."""
    identity = f"Name: {' '.join(learned.split()[:2])}\nLearned traits: {learned}"
    assert share(identity, task, own) > least
    assert share(identity, task, instead) < 0.1


@pytest.mark.parametrize(
    ("identity", "task", "never"),
    [
        # A flock's, a dairy's, a hive's steps only where the activity or trade names them.
        ("Bryn Tal keeps bees in the apiary behind his cottage.", "tending the beehives", r"cow|ewe|teat|tractor"),
        ("Bryn Tal is the shepherd of the hill flock.", "checking the ewes on the fell", r"cow|teat|udder|hive"),
        ("Bryn Tal runs a dairy farm of forty cows.", "milking the cows", r"ewe|flock|hive|queen"),
        # A pet surgery's steps not for a farmer's own sick cow, a lorry's not for a brewer's van.
        ("Bryn Tal runs a dairy farm of forty cows.", "nursing a lame cow", r"\bdog|\bcat\b|cage|microchip|owner"),
        ("Nia Rees is the brewer at Hafod Brewery.", "taking the casks to the inn in the van", r"lorry|tachograph"),
        # Cider has no hops, a blacksmith's gate hinge no horse.
        ("Nia Rees makes cider at Hafod Farm.", "pressing the apples for cider", r"hops|wort|mash|malt"),
        ("Ifor Lake is the blacksmith at Lake Forge.", "forging a gate hinge", r"hoof|horse|pony|\bshoe\b"),
    ],
)
def test_a_settings_steps_only_where_it_is_named(identity: str, task: str, never: str):
    shown = {"identity": f"Name: Bryn Tal\nLearned traits: {identity}", "minutes": "120", "task": task}
    steps = [s["subtask"] for seed in range(40) for s in ask("plan.decompose", seed, **shown)["subtasks"]]
    assert not [s for s in steps if re.search(never, s)]


def test_a_surgery_in_the_morning_a_drug_round_and_home_visits_are_a_doctors_or_nurses_work():
    """An outside tester's GP "holding morning surgery" had a morning toilette's steps ("combing hair"),
    a nurse's drug round a cleaner's ("washing the mop heads"), home visits housework ("vacuuming")."""
    from aga.simulator.steps import kinds_of

    vet = kinds_of("holding evening surgery", "Anjali Brough is the vet at Fellside Veterinary Practice.")
    assert vet[0][0] == "animal care" and vet[0][1] - vet[1][1] >= 0.05  # beyond a decomposition's hesitation
    gp = "Anwen Pryce is the GP at Mill Lane Surgery."
    assert kinds_of("holding morning surgery at Mill Lane Surgery", gp)[0][0] == "care"
    assert kinds_of("holding evening surgery", gp)[0][0] == "care"
    assert kinds_of("making home visits", gp)[0][0] == "care"
    # ... beyond a decomposition's hesitation, where the words alone sit near housework ("home"): an outside
    # tester's GP was "ironing a shirt" and "sorting the socks" on her rounds
    said = "Anwen Pryce makes home visits at 1 pm and holds evening surgery at 4 pm."
    visits = kinds_of("making home visits", gp, said)
    assert visits[0][0] == "care" and visits[0][1] - visits[1][1] >= 0.05
    assert kinds_of("doing the drug round", "Maeve Tillotson is a night nurse on Larch Ward.")[0][0] == "care"
    # ... and a morning routine, someone making guests feel at home and a pint at the inn stay as they were.
    assert kinds_of("waking up and completing the morning routine")[0][0] == "morning"
    assert kinds_of("having a pint at The Drover's Rest")[0][0] == "going out"  # a customer's, not at home
    assert kinds_of("listening to the radio")[0][0] == "leisure"  # not a night watch's "for calls"
    assert kinds_of("lighting the lamp at 8 pm", "Ezra Penn is the lighthouse keeper.")[0][0] == "watch"


@pytest.mark.parametrize(
    ("requirement", "expected"),
    [
        # A colon's list without verbs goes on with the verb before it: "lunching for the ward" was shown.
        (
            "Tomasz cooks in the hospital kitchen from 6 am until 2 pm: breakfast for the ward at 7 am, lunch "
            "for the ward at 12 pm, and he orders the next day's supplies at 1 pm.",
            [
                (6, "cook in the hospital kitchen"),
                (7, "cook breakfast for the ward"),
                (12, "cook lunch for the ward"),
                (13, "order the next day's supplies"),
                (14, END_OF_DAY),
            ],
        ),
        # "its kit" is a second thing checked, not a second verb ("itsing kit in the garage" was shown).
        (
            "Saoirse works at the ambulance station from 7 am until 7 pm: she checks the ambulance and its kit "
            "at 7 am.",
            [(7, "work at the ambulance station"), (7, "check the ambulance and its kit"), (19, END_OF_DAY)],
        ),
        # What the persona is, is no activity ("be retired at 8:00 am" was planned).
        ("Walter is retired. He tends his beehives in the morning.", [(9, "tend his beehives")]),
        ("Ann is out on the boat from 8 am.", [(8, "be out on the boat")]),
        # An outside tester's barber (session 53): "cut hair with lunch" at 9, "sweep up" at 10 and "cash up
        # the till" at 11 were planned; "till" is a cash till, and the hour said once is both verbs'.
        (
            "Kofi opens Kofi's Barbers at 8 am, cuts hair until 6 pm with lunch at 1 pm, sweeps up and cashes "
            "up the till at 6 pm.",
            [
                (8, "open Kofi's Barbers"),
                (9, "cut hair"),
                (13, "have lunch"),
                (18, "sweep up"),
                (18, "cash up the till"),
                (19, END_OF_DAY),
            ],
        ),
        # What a span holds, said after it, is a detail of it ("watering" at 1 pm, "weeding" at 2 were planned).
        (
            "Arthur volunteers at the garden from 9 am until 1 pm, watering and weeding the raised beds, and has "
            "lunch at home at 1 pm.",
            [
                (9, "volunteer at the garden, watering and weeding the raised beds"),
                (13, "have lunch at home"),
                (13, END_OF_DAY),
            ],
        ),
        # ... but a clause with its own end keeps its place before the next one's hour.
        (
            "Ada opens the store at 8 am, serves customers until 6 pm and counts the stock at 2 pm.",
            [(8, "open the store"), (9, "serve customers"), (14, "count the stock"), (18, END_OF_DAY)],
        ),
        # An outside tester's onsen town: a break without its hour made the whole drive a meal (had at 7
        # only: she never drove), and "and again" was left of a second span.
        (
            "Aiko checks the bus at the depot at 6 am, drives the mountain route from 7 am until 6 pm with a lunch "
            "break at the depot, and parks the bus at the depot at 6 pm.",
            [
                (6, "check the bus at the depot"),
                (7, "drive the mountain route"),
                (18, "park the bus at the depot"),
                (19, END_OF_DAY),
            ],
        ),
        (
            "Takeshi serves customers at the soba shop from 11 am until 2 pm and again from 5 pm until 8 pm.",
            [(11, "serve customers at the soba shop"), (17, "serve customers at the soba shop"), (20, END_OF_DAY)],
        ),
        # An item stands alone in the plan, so it says what "them" is (an outside tester's horse trainer,
        # session 67, spent his mornings "galloping them" and "tying them"); "saddles" alone is no antecedent.
        (
            "Bold saddles the racehorses at the tether post at 6 am, gallops them on the track from 7 am until "
            "9 am, scrapes the sweat off them and ties them at the tether post at 10 am, and mends saddles at 2 pm.",
            [
                (6, "saddle the racehorses at the tether post"),
                (7, "gallop the racehorses on the track"),
                (10, "scrape the sweat off the racehorses"),
                (10, "tie the racehorses at the tether post"),
                (14, "mend saddles"),
            ],
        ),
        (
            "Sara lets the sheep out of the fold at 6 am and milks them at 7 am. She picks up the children at 3 pm "
            "and feeds them at 4 pm.",
            [
                (6, "let the sheep out of the fold"),
                (7, "milk the sheep"),
                (15, "pick up the children"),
                (16, "feed the children"),
            ],
        ),
        # Session 69: harbour6's ferry captain had "captain the last" in her plan, and the crossing at the
        # span's end held the hours until bedtime (it was the latest item begun); a second milking said with
        # "again" was lost, and "the second" of two services was joined to the first.
        (
            "Morwenna opens the ticket office at 6 am and captains the ferry across the bay from 7 am until 5 pm, "
            "with the first crossing at 7 am and the last at 5 pm.",
            [
                (6, "open the ticket office"),
                (7, "captain the ferry across the bay"),
                (17, "captain the last crossing"),
                (18, END_OF_DAY),
            ],
        ),
        ("Ann milks the cows at 6 am and again at 5 pm.", [(6, "milk the cows"), (17, "milk the cows")]),
        # Session 69, an outside tester's Alaskan cannery town: a clause that says first when or how often
        # was planned as "lunch she sews at home", "most evenings he takes a steam bath" and "fishing periods
        # Nick Wassillie works on the boat", and "and after lunch mends nets from 2 pm until 6 pm" was lost;
        # the evening after a span's end, before a later item, was still the span's work.
        (
            "Peter picks salmon out of his set nets from 5 am until 11 am, runs the totes over to the cannery "
            "dock at noon, and after lunch mends nets on the beach from 2 pm until 6 pm. On most evenings he "
            "takes a steam bath at home at 8 pm.",
            [
                (5, "pick salmon out of his set nets"),  # (at the waking hour it states: session 74)
                (12, "run the totes over to the cannery dock"),
                (14, "mend nets on the beach after lunch"),
                (20, "take a steam bath at home on most evenings"),
                (18, END_OF_DAY),
            ],
        ),
        ("After lunch, she sews at home.", [(14, "sew at home")]),
        ("Between tides Bo Lenn mends nets on the quay.", [(6, "mend nets on the quay")]),
        # ... and a part of a span at an hour of its own is done as part of it, where it is (planned alone, the
        # skipper hung his boat's web on the set-net beach)
        (
            "Between fishing periods Nick works on the boat at the harbour from 7 am until 5 pm, hanging new web "
            "on the drift net in the morning. In the evening he helps his father on the beach from 7 pm until 9 pm.",
            [
                (7, "work on the boat at the harbour"),
                (9, "work on the boat at the harbour, hanging new web on the drift net"),
                (19, "help his father on the beach in the evening"),
                (17, END_OF_DAY),
                (21, END_OF_DAY),
            ],
        ),
        (
            "Ann does the morning milking at 6 am and the evening one at 5 pm.",
            [(6, "do the morning milking"), (17, "do the evening milking")],
        ),
        (
            "Ann leads the first service at 8 am and the second at 11 am.",
            [(8, "lead the first service"), (11, "lead the second service")],
        ),
        # ... and an ordinal with its noun, or one before no time, is left as said.
        (
            "Ann rings the first bell at 8 am and the last bell at 6 pm.",
            [(8, "ring the first bell"), (18, "ring the last bell")],
        ),
        (
            "Bo picks up the milk at 8 am and the children at 3 pm.",
            [(8, "pick up the milk"), (15, "pick up the children")],
        ),
    ],
)
def test_a_routine_reads_lists_possessives_and_states(requirement: str, expected: list[tuple[int, str]]):
    from aga.simulator.plan import routine

    assert routine(requirement, 5) == expected


def test_a_part_of_a_routine_for_another_day_is_not_planned_today():
    """ "On Thursday he is on the bridge from 3:30 am to take the ship in with the pilot" was planned on a Wednesday at
    8 pm, and on the Thursday the master slept through it (an outside tester's ship, session 74)."""
    from aga.simulator.plan import on_its_day

    lifestyle = "Alistair Munro goes to bed around 10:30 pm and gets up at 6:30 am."
    requirement = (
        "Alistair Munro does his paperwork from 8:30 am until noon, and on Sundays he reads the lesson at 10 am. On "
        "Thursday he is on the bridge from 3:30 am to take the ship in with the pilot."
    )

    def shown(day: str) -> dict[str, str]:
        identity = f"Name: Alistair Munro\nLifestyle: {lifestyle}\nDaily plan requirement: {requirement}\n"
        return {"identity": identity + f"Current date: {day} October 19, 1994", "lifestyle": lifestyle}

    wednesday, thursday = shown("Wednesday"), shown("Thursday")
    assert on_its_day(requirement, wednesday["identity"]) == (
        "Alistair Munro does his paperwork from 8:30 am until noon."
    )
    assert "he is on the bridge from 3:30 am" in on_its_day(requirement, thursday["identity"])
    assert on_its_day(requirement, "Name: Alistair Munro") == requirement  # (no day shown: as it is)
    assert {ask("plan.wake_up", seed, **thursday)["hour"] for seed in range(20)} == {3}
    assert 3 not in {ask("plan.wake_up", seed, **wednesday)["hour"] for seed in range(20)}
    items = ask("plan.daily", 1, **thursday, requirement=requirement, wake_hour="3")["items"]
    assert "be on the bridge to take the ship in with the pilot at 3:00 am" in items, items
    items = ask("plan.daily", 1, **wednesday, requirement=requirement, wake_hour="6")["items"]
    assert not [x for x in items if "bridge" in x or "lesson" in x], items


def test_breakfast_is_planned_at_the_hour_the_lifestyle_states():
    """A ship's master who "has breakfast at 7:30 am" had it at 6 when up at 5, and one up at 7 had it at 8, at the
    start of his paperwork (an outside tester's ship, session 74)."""
    stated = "Alistair Munro gets up at 6:30 am. He has breakfast at 7:30 am and lunch at noon in the mess room."
    skipped = "Alistair Munro gets up at 6:30 am. He skips breakfast and has lunch at noon."
    for wake in ("5", "6", "7"):
        for seed in range(5):
            items = ask("plan.daily", seed, lifestyle=stated, requirement="He works from 8 am.", wake_hour=wake)[
                "items"
            ]
            assert [x for x in items if "breakfast" in x and x.endswith("at 7:00 am")], items
            items = ask("plan.daily", seed, lifestyle=skipped, requirement="He works from 8 am.", wake_hour=wake)[
                "items"
            ]
            assert not [x for x in items if "breakfast" in x and x.endswith("at 12:00 pm")], items


def test_what_happened_is_no_errand():
    """ "On Tuesday evening Fiona took down the shipping forecast: ..., increasing severe gale 9 by Wednesday evening"
    was planned "even Fiona took down the BBC shipping forecast" and "increase severe gale 9", and "On Tuesday evening a
    telex changed the discharge port" "even a telex ..." (an outside tester's ship, session 74)."""
    from aga.simulator.plan import _errands

    currently = (
        "On Tuesday evening Fiona Gallacher took down the BBC shipping forecast: a gale warning for Forth, south-"
        "westerly gale 8, increasing severe gale 9 by Wednesday evening. On Tuesday evening a telex changed the port. "
        "Khadija Bent Omar is preparing the henna night. She is also mending the chart table."
    )
    assert _errands(f"Name: Fiona Gallacher\nCurrently: {currently}", []) == [
        "prepare the henna night", "mend the chart table",
    ]  # fmt: skip


def test_gerunds_of_verbs_in_oe_and_ye_keep_their_e():
    assert [gerund(x) for x in ("shoe horses", "hoe the beds", "dye wool", "make tea")] == [
        "shoeing horses", "hoeing the beds", "dyeing wool", "making tea",
    ]  # fmt: skip


def test_a_word_after_a_verb_in_ing_is_not_swapped_as_a_verb():
    from aga.simulator.paraphrase import vary

    assert {vary("delivering clean linen", random.Random(s), rate=1.0) for s in range(20)} == {"delivering clean linen"}
    assert len({vary("clean the ward", random.Random(s), rate=1.0) for s in range(20)}) > 1
    # A meal after a verb is still a meal to swap: "eating lunch" -> "eating a midday meal".
    assert len({vary("eating lunch", random.Random(s), rate=1.0) for s in range(20)}) > 1


def test_small_talk_said_in_other_words_is_not_what_a_talk_was_about():
    """ "It is lovely to run into you" (small talk varied) summed up an outside tester's talks as "conversing
    about It is lovely to run into Tomasz Wilk", rated 10 for its "love"; a thing's state and someone's
    sleep were told as news ("Did you hear? ambulance is being used")."""
    from aga.simulator.talk import _topics

    talk = "Ana Lima: Hi Bo!\nBo Reyes: It is lovely to run into you. How has your week been?\nAna Lima: Same here."
    assert ask("converse.summary", 1, conversation=talk)["text"] == "conversing about how their days are going"
    seen = ["ambulance is being used", "Bo Reyes is sleeping", "Ana Lima is planning the flu clinic on Saturday"]
    assert _topics(seen, "", "Bo Reyes", "Ana Lima") == ["Ana Lima is planning the flu clinic on Saturday"]


def test_a_room_the_activity_names_is_where_it_happens():
    """An outside tester's night nurse spent her shift in the "hospital kitchen", not on "Larch Ward":
    MiniLM reads a tree's name, and the kitchen has the hospital's own word."""
    shown = {
        "name": "Maeve Tillotson", "options": "hospital kitchen, Larch Ward, porters' lodge, nurses' station",
        "action_description": "working the night shift on Larch Ward (checking the drip)",
        "current_arena": "hospital kitchen", "sector": "Hollinbrook Cottage Hospital",
        "current_sector": "Hollinbrook Cottage Hospital",
    }  # fmt: skip
    assert {ask("act.arena", seed, **shown)["choice"] for seed in range(12)} == {"Larch Ward"}
    # A ward is for patients, whatever its name, when the activity names no room.
    shown["action_description"] = "checking on the patients in their beds (taking a temperature)"
    shown["options"] = "hospital kitchen, Larch Ward"
    chosen = Counter(ask("act.arena", seed, **shown)["choice"] for seed in range(12))
    assert chosen.most_common(1)[0][0] == "Larch Ward", chosen


def test_a_rooms_words_that_repeat_its_buildings_name_do_not_draw_the_activity():
    """An outside tester's GP "holding morning surgery" at Mill Lane Surgery sat at the "surgery waiting
    room" desk all day and never used her consulting room: the word was the building's."""
    shown = {
        "name": "Anwen Pryce", "options": "surgery waiting room, consulting room",
        "action_description": "holding morning surgery (writing a prescription)",
        "current_arena": "surgery waiting room", "sector": "Mill Lane Surgery", "current_sector": "Mill Lane Surgery",
    }  # fmt: skip
    chosen = Counter(ask("act.arena", seed, **shown)["choice"] for seed in range(20))
    assert chosen["consulting room"] >= 15, chosen
    shown["action_description"] = "waiting for an appointment"  # the waiting room is still for waiting
    assert Counter(ask("act.arena", seed, **shown)["choice"] for seed in range(20))["surgery waiting room"] >= 15


def test_no_conclusion_is_drawn_from_a_things_state():
    """An outside tester's farmer reflected "It matters to Gwen Aldersey that feed hopper is in use"."""
    statements = "\n".join(
        ["1. feed hopper is in use", "2. milking parlour is being used for washing the udders", "3. bed is idle",
         "4. Gwen Aldersey is worried about the milk price", "5. Gwen Aldersey is nursing a lame cow"]
    )  # fmt: skip
    said = [
        i["insight"]
        for seed in range(20)
        for i in ask("reflect.insights", seed, statements=statements, name="Gwen Aldersey", n="3")["insights"]
    ]
    assert said and not [s for s in said if re.search(r"hopper|parlour|bed is", s)], said
    only = ask("reflect.insights", 1, statements="1. feed hopper is in use", name="Gwen Aldersey", n="3")
    assert only["insights"] == [{"insight": "Gwen Aldersey has had a quiet time", "evidence": []}]


def test_a_state_with_what_it_holds_or_a_time_is_still_planned():
    from aga.simulator.plan import routine
    from aga.simulator.text import clauses

    said = "Ann is busy with the harvest all day. She is responsible for opening the shop at 7 am."
    assert routine(said, 5) == [(6, "be busy with the harvest all day"), (7, "be responsible for opening the shop")]
    # "this" is no possessive: what follows "and this afternoon" is a second verb, as it was.
    assert clauses("Ann opens the shop and this afternoon walks the dog") == [
        "Ann opens the shop", "this afternoon walks the dog",
    ]  # fmt: skip


def _decomposed(activity: str, identity: str, seeds: int = 6) -> list[str]:
    """The sub-steps of an hour of ``activity`` over ``seeds`` answers of the simulator."""
    import random

    from aga.simulator.prompt import HOOKS, Prompt

    out: list[str] = []
    for seed in range(seeds):
        shown = dict(identity=identity, inspiration="", date="Monday", surrounding="", name="X", task=activity,
                     start="09:00 AM", end="10:00 AM", minutes="60")  # fmt: skip
        prompt = Prompt("plan.decompose", "\n".join(shown.values()), shown, None, random.Random(seed))
        out += [s["subtask"] for s in HOOKS["plan.decompose"](prompt)["subtasks"]]
    return out


_STUDENT = (
    "Name: Mia Sato\nLearned traits: Mia Sato studies chemistry at Alder Bank University.\n"
    "Daily plan requirement: Mia Sato attends lectures at Alder Bank University and studies at Juniper Cafe "
    "in the afternoon."
)
_OWNER = "Name: Lena Ruiz\nLearned traits: Lena Ruiz owns Juniper Cafe and bakes its cakes herself."


def test_a_customer_at_a_cafe_does_not_do_its_staffs_work():
    """A student "spending time at" a cafe, a retired woman "having coffee" at a tea room were its staff
    ("checking the stock", "giving a customer a loyalty stamp", 45 of 52 steps of an outside tester's
    run); a pint at the pub was leisure at home ("finding the remote"). Its owner still works there."""
    from aga.simulator.steps import POOLS, kinds_of

    service = set(POOLS["service"][1]) | set(POOLS["service"][2]) | set(POOLS["service"][3])
    customer = set(POOLS["going out"][1]) | set(POOLS["going out"][2]) | set(POOLS["going out"][3])
    trade = "Mia Sato studies chemistry at Alder Bank University."
    for hour in ("spending time at Juniper Cafe", "having coffee at The Copper Kettle", "meeting a friend at the cafe"):
        assert kinds_of(hour, trade)[0][0] == "going out", hour
        steps = _decomposed(hour, _STUDENT)
        assert not service & set(steps), hour
        assert len(customer & set(steps)) >= len(steps) / 2, hour
    pub = _decomposed("having a pint at The Drover's Rest", "Name: Eben\nLearned traits: Eben is a shepherd.")
    assert "having a pint" in pub or "playing a game of darts" in pub or "buying a round" in pub
    assert not {"finding the remote", "getting comfortable on the sofa"} & set(pub)
    # A customer's coffee and cake only where the hour names a cafe or coffee; no darts at a cafe.
    assert not {"having a pint", "playing a game of darts", "buying a round"} & set(
        _decomposed("spending time at Juniper Cafe", _STUDENT, seeds=12)
    )
    # What is done there is read before where: studying at the cafe is studying.
    assert kinds_of("studying at Juniper Cafe in the afternoon", trade)[0][0] == "study"
    # The owner, and anyone opening or serving there, works at the cafe.
    owner = "Lena Ruiz owns Juniper Cafe and bakes its cakes herself."
    for hour in ("opening Juniper Cafe", "serving behind the counter", "spending time at Juniper Cafe",
                 "having a party at Juniper Cafe for her customers"):  # fmt: skip
        kinds = [k for k, _ in kinds_of(hour, owner)[:2]]
        assert "going out" not in kinds, hour
    assert not customer & set(_decomposed("opening the cafe", _OWNER))
    # A meal at home names no place out: its steps do not hesitate into a cafe's.
    assert kinds_of("eating lunch", trade)[1][0] != "going out"


def test_a_visit_to_someone_is_a_visitors_time_not_the_nurses_or_the_doctors_work():
    """An outside tester's patient's wife visiting her husband on the ward was read as care ("writing a
    prescription for the husband Walter"); a GP's home visits stay her work, and a visit to a place is
    no call on someone."""
    from aga.simulator.steps import POOLS, kinds_of

    wife = "Name: Ada Brill\nLearned traits: Ada Brill is a retired librarian."
    trade = "Ada Brill is a retired librarian."
    for hour in ("visiting her husband Tom on Rowan Ward at Kelby General Hospital", "visiting Tom on the ward",
                 "popping in on Mrs Dale next door", "going to see her sister at Pine Court care home"):  # fmt: skip
        assert kinds_of(hour, trade)[0][0] == "visiting", hour
    nursing = set(POOLS["care"][1]) | set(POOLS["care"][2]) | set(POOLS["care"][3])
    nursing -= {step for kind, pool in POOLS.items() if kind != "care" for part in pool[1:] for step in part}
    steps = _decomposed("visiting her husband Tom on Rowan Ward at Kelby General Hospital", wife, seeds=12)
    assert not nursing & set(steps)
    assert "sitting by the bed" in steps or "finding a chair by the bed" in steps  # the ward's own steps
    # ... which a call on a neighbour at home has not.
    assert not {"sitting by the bed", "signing in at the ward desk"} & set(
        _decomposed("popping in on Mrs Dale next door", wife, seeds=12)
    )
    gp = "Rhian Cole is the GP at Bank Street Surgery."
    assert kinds_of("making home visits", gp)[0][0] == "care"
    assert kinds_of("visiting housebound patients at home", gp)[0][0] == "care"
    assert kinds_of("visiting the market", trade)[0][0] != "visiting"
    assert kinds_of("visiting Kelby College", trade)[0][0] != "visiting"


@pytest.mark.parametrize(
    ("speaker", "line", "written"),
    [
        (
            "Ada Brill",
            "I am visiting my husband Walter on the ward",
            "Ada Brill is visiting their husband Walter on the ward",
        ),
        # "you" once named is theirs after: "... is visiting Ada Brill's husband" was written down
        (
            "Tom Ives",
            "I hear you are visiting your husband Walter",
            "Tom Ives hears Ada Brill is visiting their husband Walter",
        ),
        # "You know," is a way of speaking: "Tom Ives know, Ada Brill visits ..." was written down
        ("Ada Brill", "You know, I visit my husband every afternoon", "Ada Brill visits their husband every afternoon"),
        # the listener's verb agrees: "Walter Fennimore have had a letter" was written down (session 72's circus),
        # but not after "let you", nor in a question
        ("Tom Ives", "I gather you have had a letter", "Tom Ives gathers Ada Brill has had a letter"),
        ("Tom Ives", "I think you suspect a bruised sole", "Tom Ives thinks Ada Brill suspects a bruised sole"),
        ("Tom Ives", "I will let you know", "Tom Ives will let Ada Brill know"),
        ("Tom Ives", "Do you want tea?", "Do Ada Brill want tea?"),
        # a verb in -ed that is no past agrees too: "Margit Halász need Walter Fennimore for a fitting" (session 73)
        ("Tom Ives", "I need you for a fitting", "Tom Ives needs Ada Brill for a fitting"),
        ("Tom Ives", "I used the old ladder", "Tom Ives used the old ladder"),
        # the first "I" is the speaker even after a "my": "Ana Ruiz's wife and they have called a meeting" was
        # written down (session 80's Incheon block), the "they" read as the wife's
        ("Ada Brill", "My husband and I called a meeting", "Ada Brill's husband and Ada Brill called a meeting"),
        ("Ada Brill", "My ward is full, so I am staying", "Ada Brill's ward is full, so Ada Brill is staying"),
    ],
)
def test_a_line_written_down_as_said_of_the_two(speaker: str, line: str, written: str):
    """The talk's summary says a line of the two, not by either (an outside tester's cottage hospital)."""
    from aga.simulator.text import told_of

    listener = "Tom Ives" if speaker == "Ada Brill" else "Ada Brill"
    assert told_of(line, speaker, listener) == written


def test_desk_work_is_its_own_kind_and_code_only_for_software():
    """An outside tester's cook "ordering the next day's supplies" went shopping ("weighing the fruit",
    "carrying the bags home"); a shop's accounts were the post's work, a developer's code homework."""
    from aga.simulator.steps import kinds_of

    cook = "Name: Ivo Benn\nLearned traits: Ivo Benn is the cook at Kelby General Hospital."
    assert kinds_of("ordering the next day's supplies", "Ivo Benn is the cook at Kelby General Hospital.")[0][0] == (
        "desk work"
    )
    assert kinds_of("doing the accounts", "Lin Hart keeps the corner shop.")[0][0] == "desk work"
    dev = "Name: Ola Berg\nLearned traits: Ola Berg is a software developer who works from home."
    assert kinds_of("writing code", "Ola Berg is a software developer who works from home.")[0][0] == "desk work"
    shopping = {"weighing the fruit", "carrying the bags home", "putting the bags in the car", "walking to the store"}
    assert not shopping & set(_decomposed("ordering the next day's supplies", cook, seeds=12))
    code = {"writing a function", "running the tests", "fixing a bug", "pushing the changes"}
    assert code & set(_decomposed("working at the computer", dev, seeds=12))
    assert not code & set(_decomposed("ordering the next day's supplies", cook, seeds=12))
    # ... and studying, a paper or an essay, stays a student's.
    assert kinds_of("working on his research paper", "Kai Lund studies history at Kelby College.")[0][0] == "study"


def test_a_postmans_sorting_the_post_is_his_round_not_housework():
    """ "sorting the post" was a step of housework's know-how, so a postman's hour of it read as
    housework (an hour that is one step of a kind's know-how is of that kind)."""
    from aga.simulator.steps import kinds_of

    assert kinds_of("sorting the post", "Jo Pike is the village postman.")[0][0] == "post"


_CITY = {
    "barber": "Kofi Mensah is a barber who owns Kofi's Barbers on Mill Road.",
    "librarian": "Jean Pratt is the librarian at Mill Road Library and runs a story time for toddlers.",
    "volunteer": "Arthur Dunn is a retired postman who volunteers at Mill Road Community Garden.",
    "cabbie": "Lena Vos is a night-shift taxi driver working out of Mill Road Cabs.",
    "pupil": "Ivy Dunn is a Year 9 pupil at Mill Road Academy.",
    "porter": "Sid Lowe is the porter at Mill Road Hospital. He takes patients to X-ray.",
    "student": "Kai Lund studies history at Kelby College.",
}


@pytest.mark.parametrize(
    ("activity", "who", "kind"),
    [
        ("cutting hair until 6 pm", "barber", "hairdressing"),
        ("opening Mill Road Library", "librarian", "library"),
        ("running the toddlers' story time in the children's corner", "librarian", "library"),
        ("weeding the raised beds", "volunteer", "gardening"),
        ("volunteering at Mill Road Community Garden", "volunteer", "gardening"),
        ("driving her cab from the rank at Mill Road Cabs", "cabbie", "crew"),
        ("driving home", "cabbie", "travel"),
        ("being at school at Mill Road Academy", "pupil", "study"),
        ("working from the porters' lodge at Mill Road Hospital", "porter", "portering"),
        # the staff's kinds are the staff's: a reader at the library studies, a pupil is not cutting hair
        ("going to the library at Kelby College", "student", "study"),
    ],
)
def test_a_city_neighbourhoods_trades_have_their_own_know_how(activity: str, who: str, kind: str):
    """An outside tester's city neighbourhood (session 53): its barber never cut hair, its librarian had a
    nurse's and a hotel's steps, its garden volunteer a guest house's or a jog's, its night taxi driver a
    ferry's ("casting off", "watching the depth gauge"), its pupil a teacher's ("helping a pupil who is
    stuck"), and a hospital porter's lodge read as a shop's once a place's name counted half."""
    from aga.simulator.steps import kinds_of

    assert kinds_of(activity, _CITY[who])[0][0] == kind


def test_a_taxi_has_a_roads_steps_and_a_ferry_a_boats():
    boat = {"casting off", "watching the depth gauge", "checking the ropes for wear", "coming alongside",
            "loading the cargo", "going below to check the engine room", "making the lines fast"}  # fmt: skip
    road = {"picking up a fare", "waiting at the rank", "switching on the meter", "stopping at the lights",
            "checking the mirrors", "dropping a fare at the station"}  # fmt: skip
    cab = _decomposed(
        "driving her cab from the rank at Mill Road Cabs", f"Name: Lena Vos\nLearned traits: {_CITY['cabbie']}", 12
    )
    assert not boat & set(cab) and road & set(cab)
    ferry = "Name: Tom Reed\nLearned traits: Tom Reed is the captain of the Kelby ferry, which crosses the bay."
    crossing = _decomposed("captaining the ferry across the bay", ferry, 12)
    assert boat & set(crossing) and not road & set(crossing)


def test_a_pupils_school_day_has_a_schools_steps_not_a_universitys():
    pupil = _decomposed("being at school at Mill Road Academy", f"Name: Ivy Dunn\nLearned traits: {_CITY['pupil']}", 12)
    assert {"copying the notes off the board", "putting a hand up to answer", "filling in a worksheet"} & set(pupil)
    assert not {"reading the lecture slides", "emailing a question to the supervisor"} & set(pupil)
    student = _decomposed("working on his research paper", f"Name: Kai Lund\nLearned traits: {_CITY['student']}", 12)
    assert not {"putting a hand up to answer", "whispering to a friend in class"} & set(student)
    # "classes" alone says school; beside a college it does not
    college = "Name: Ana Ruiz\nLearned traits: Ana Ruiz is a student at Wrenfield College studying chemistry."
    classes = _decomposed("attending her morning classes at Wrenfield College", college, 12)
    school = {"putting a hand up to answer", "copying the notes off the board", "whispering to a friend in class"}
    assert not school & set(classes)


def test_story_time_for_toddlers_draws_no_nursing():
    librarian = f"Name: Jean Pratt\nLearned traits: {_CITY['librarian']}"
    steps = _decomposed("running the toddlers' story time in the children's corner", librarian, 24)
    assert not {"checking the oxygen level", "turning a patient in bed", "checking the drip"} & set(steps)
    assert {"reading a picture book to the children", "singing a rhyme with the toddlers"} & set(steps)


@pytest.mark.parametrize(
    ("event", "currently", "low", "high"),
    [
        # "newspaper" is near "news" in MiniLM: "buys a newspaper" was rated 9, a stand in use 8
        ("Tom Reed buys a newspaper at the corner shop on his way home", "", 1, 3),
        ("newspaper stand is in use", "", 1, 2),
        ("market barrow is being used", "", 1, 2),
        # ... and the library's closure, told to someone who cares about it, 1 or 2
        ("conversing about the council's plan to close the town library", "Ann Cole runs the library.", 6, 10),
        ("Sam Moore is running for mayor", "", 6, 9),
        ("Lionel Ashdown misses his late wife Peggy every evening", "", 6, 9),  # grief (was rated 3-4)
        ("brushing teeth", "", 1, 2),
        # "school" and "notice" alone are no news: a pupil "going to the village school" was rated 10 and
        # a forecaster posting her bulletin 7, as high as her avalanche warning (an outside tester's ski town)
        ("Lisl Pirchner is going to Zirbenau Village School (heading out)", "", 1, 4),
        ("Ilse Brunnthaler is posting the bulletin on the Village square notice board", "", 1, 4),
        ("the upper pass road will close on Saturday because of the high avalanche risk", "", 6, 9),
        ("The council plans to close the village school next year", "", 6, 9),
    ],
)
def test_an_events_importance_is_read_from_its_text(event: str, currently: str, low: int, high: int):
    """Ratings from the event's text without noise (an outside tester's city neighbourhood)."""
    from aga.simulator.importance import rate

    assert low <= rate(event, currently, 0.5, 0) <= high


def test_a_past_form_said_of_someone_stays_past():
    """ "I drove the number 38" written down was "Winston Clarke droves the number 38"."""
    from aga.simulator.text import as_said_to, told_of

    assert told_of("I drove the number 38 for thirty years", "Win Cole", "Ada Brill") == (
        "Win Cole drove the number 38 for thirty years"
    )
    assert told_of("I know the way", "Win Cole", "Ada Brill") == "Win Cole knows the way"
    # ... and a negative stays as it is, or says "does": "Hari Prasad Sharma can'ts stop thinking about the
    # estate's Durga Puja celebration" was a reflection of an outside tester's tea estate (session 71)
    for line, written in (
        ("I can't stop thinking about the Puja", "Win Cole can't stop thinking about the Puja"),
        ("I won't be late", "Win Cole won't be late"),
        ("I don't know the way", "Win Cole doesn't know the way"),
        ("I haven't seen the jeep", "Win Cole hasn't seen the jeep"),
        # (and "read" as likely its past: "Chiara Ferrero reads the forecast: a hailstorm will hit ...", session 71)
        ("I read the forecast: a storm will hit", "Win Cole read the forecast: a storm will hit"),
    ):
        assert told_of(line, "Win Cole", "Ada Brill") == written
    # ... and a thing in -s after "and" is no verb: "you are reviewing the oil and tyre of the jeep" (session 71)
    for said, to in (
        ("Nima Tamang is reviewing the oil and tyres of the jeep", "you are reviewing the oil and tyres of the jeep"),
        ("Nima Tamang checks the oil and tyres of the jeep", "you check the oil and tyres of the jeep"),
        ("Nima Tamang drives the jeep and sells tickets", "you drive the jeep and sell tickets"),
    ):
        assert as_said_to(said, "Asha Rai", "Nima Tamang") == to
    # ... and back: "I doesn't know the way" was said
    assert as_said_to("Win Cole doesn't know the way", "Win Cole", "Ada Brill") == "I do not know the way"
    assert as_said_to("Ada Brill isn't coming", "Win Cole", "Ada Brill") == "you are not coming"


def test_a_meal_the_routine_plans_is_not_planned_twice():
    """ "have lunch at home at 1:00 pm; have lunch at 1:00 pm" was an outside tester's day plan."""
    shown = {
        "wake_hour": "6",
        "lifestyle": "Arthur goes to sleep around 10 pm and gets up around 6 am.",
        "requirement": "Arthur volunteers at the garden from 9 am until 12 pm and has lunch at home at 1 pm. He "
        "has dinner with his daughter at 7 pm.",
        "identity": "Name: Arthur",
    }
    for seed in range(6):
        items = ask("plan.daily", seed, **shown)["items"]
        assert sum("lunch" in x for x in items) == 1, items
        assert sum("dinner" in x for x in items) == 1, items


def test_a_night_shifts_routine_keeps_every_time_and_meal():
    """Session 71's outside wine estate: a night cellar hand's "does pump-overs on the Nebbiolo tanks at 10 pm, at 1
    am and at 4 am, writes the tank temperatures in the cellar log, eats breakfast at the Estate Canteen at 6:30 am"
    was planned as pump-overs at 10 pm only and "write the tank temperatures in the cellar log eats a morning meal
    at the Estate Canteen at 4:00 am", with "eat lunch at 2:00 am" and breakfast twice; a tasting-room host's
    "closes the till at the Tasting Room at 6 pm" was "close the from 6:00 pm till at the Tasting Room"."""
    shown = {
        "wake_hour": "16",
        "lifestyle": "Luca Rinaldi works nights: he goes to sleep around 8 am and gets up around 4 pm. He eats dinner "
        "at 8 pm and breakfast at 6:30 am at the Estate Canteen.",
        "requirement": "Luca Rinaldi eats dinner at the Estate Canteen at 8 pm, works the night shift in the "
        "fermentation room from 9 pm until 6 am, does pump-overs on the tanks at 10 pm, at 1 am and at 4 am, writes "
        "the tank temperatures in the cellar log, eats breakfast at the Estate Canteen at 6:30 am and walks back to "
        "the dormitory at 7 am.",
        "identity": "Name: Luca Rinaldi",
    }
    for seed in range(6):
        items = ask("plan.daily", seed, **shown)["items"]
        pump = [x for x in items if "pump-overs" in x]
        assert [x.rsplit(" at ", 1)[1] for x in pump] == ["10:00 pm", "1:00 am", "4:00 am"], items
        assert sum("breakfast" in x for x in items) == 1 and not [x for x in items if "lunch" in x], items
        assert not [x for x in items if re.search(r"cellar log \w+s\b", x)], items
    shown = {
        "wake_hour": "7",
        "lifestyle": "Sofia Conti goes to bed around 11 pm and gets up around 7 am.",
        "requirement": "Sofia Conti pours tastings at the Tasting Room until 6 pm and closes the till at the Tasting "
        "Room at 6 pm.",
        "identity": "Name: Sofia Conti",
    }
    for seed in range(6):
        assert "close the till at the Tasting Room at 6:00 pm" in ask("plan.daily", seed, **shown)["items"]


@pytest.mark.parametrize(
    ("wake", "lifestyle", "first_meal"),
    [
        # harbour6's night keeper: "have breakfast at 5:00 pm; have dinner at 6:00 pm" was planned.
        ("16", "Idris sleeps from 8 am and gets up around 4 pm. He has dinner around 6 pm.", "dinner at 6:00 pm"),
        ("17", "Idris sleeps from 8 am and gets up around 4 pm. He has dinner around 6 pm.", "dinner at 6:00 pm"),
        ("11", "Ann goes to sleep around 1 am and gets up around 11 am. She has lunch at noon.", "lunch at 12:00 pm"),
    ],
)
def test_a_meal_stated_for_just_after_waking_is_the_waking_meal(wake: str, lifestyle: str, first_meal: str):
    for seed in range(6):
        shown = {"wake_hour": wake, "lifestyle": lifestyle, "requirement": "", "identity": "Name: X"}
        items = ask("plan.daily", seed, **shown)["items"]
        assert not any("breakfast" in x for x in items), items
        assert first_meal in items[1], items
    # Up at 7 with lunch at noon: breakfast on waking as before.
    early = "Ann goes to sleep around 11 pm and gets up around 7 am. She has lunch at noon."
    items = ask("plan.daily", 0, wake_hour="7", lifestyle=early, requirement="", identity="Name: X")["items"]
    assert "breakfast" in items[1] and any("lunch at 12:00 pm" in x for x in items), items


def test_a_meal_had_earlier_in_the_day_is_not_had_again():
    """An outside tester's developer had lunch at 11, 12 and 2: the prompt lists the hours before."""
    plan = (
        "wake up for the morning routine at 8:00 am; have breakfast at 9:00 am; work at his desk at 10:00 am; "
        "have lunch at 1:00 pm; go for a run at 6:00 pm; have dinner at 7:00 pm; go to bed at 11:00 pm"
    )
    previous = "\n".join(
        f"[Monday -- {h}] Activity: {a}"
        for h, a in [
            ("08:00 AM", "waking up"),
            ("09:00 AM", "having breakfast"),
            ("10:00 AM", "working at his desk"),
            ("11:00 AM", "having lunch"),
            ("12:00 PM", "working at his desk"),
        ]
    )
    shown = {
        "identity": "Name: Ola Berg\nLifestyle: Ola Berg goes to bed around 11 pm and gets up around 8 am.",
        "daily_plan": plan,
        "previous": previous,
        "hour": "01:00 PM",
        "wake_hour": "8",
    }
    answers = [ask("plan.hourly", seed, **shown)["activity"] for seed in range(40)]
    assert not [a for a in answers if "lunch" in a.lower()]
    # ... while a day without lunch yet has it at its hour now and then
    shown["previous"] = previous.replace("having lunch", "working at his desk")
    assert [a for a in (ask("plan.hourly", seed, **shown)["activity"] for seed in range(40)) if "lunch" in a.lower()]


def test_a_meal_is_eaten_at_home_unless_the_hour_names_an_eatery():
    """An outside tester's developer ate every meal in a takeaway's kitchen: his routine bought lunch there,
    and MiniLM puts any meal next to a takeaway's name."""
    shown = {
        "options": "Golden Wok takeaway, Mill Road Library, Canal View flats",
        "home_sector": "Canal View flats",
        "current_sector": "Canal View flats",
        "home_arenas": "kitchen, Ola Berg's bedroom, Ola Berg's study",
        "current_arenas": "kitchen, Ola Berg's bedroom, Ola Berg's study",
        "requirement": "Ola Berg works at his desk from 9 am until 5 pm, buys lunch at Golden Wok takeaway at 1 pm "
        "and plays darts at The Lamplighter at 8 pm.",
    }
    # (the routine's lunch at the takeaway is no pull for breakfast, dinner or a glass of water)
    for action in ("having breakfast (warming it up)", "having dinner (sitting down at the table)",
                   "refilling the water glass (filling a glass of water)"):  # fmt: skip
        assert {ask("act.sector", s, action_description=action, **shown)["choice"] for s in range(10)} == {
            "Canal View flats"
        }
    named = "buying lunch at Golden Wok takeaway (waiting for the order)"
    assert {ask("act.sector", s, action_description=named, **shown)["choice"] for s in range(10)} == {
        "Golden Wok takeaway"
    }


def test_what_the_other_said_of_oneself_is_confirmed_not_met_with_surprise():
    """ "I noticed you are planning the rest of the day while eating" was taken up as "Hm, I am planning the
    rest of the day while eating? I had no idea." (an outside tester's city neighbourhood)."""
    shown = {
        "identity": "Name: Kofi Mensah\nCurrently: Kofi Mensah is planning his shop's anniversary.",
        "name": "Kofi Mensah",
        "other": "Ivy Dunn",
        "memories": "",
        "conversation": "[Conversation]\nIvy Dunn: Hi Kofi!\nKofi Mensah: Hey Ivy, good to see you.\n"
        "Ivy Dunn: I noticed you are repainting the sign over the shop door.",
    }
    lines = [ask("converse.utterance", seed, **shown)["utterance"] for seed in range(60)]
    said_back = [x for x in lines if "repainting the sign" in x]
    assert said_back and not [x for x in said_back if "?" in x.split("repainting")[1][:40] or "no idea" in x]


def test_a_shopkeeper_serves_on_the_shop_floor_and_a_customer_stays_in_front_of_the_bar():
    """An outside tester's shopkeeper served "behind the shop counter" in the stockroom (83% of her shop
    hours), and customers stood "behind the bar" for their pints."""
    shop = {"options": "shop floor, stockroom", "sector": "Rao's Corner Shop", "current_sector": "Rao's Corner Shop",
            "current_arena": "stockroom", "name": "Sunita Rao"}  # fmt: skip
    served = {ask("act.arena", s, action_description="serving customers behind the shop counter", **shop)["choice"]
              for s in range(10)}  # fmt: skip
    assert served == {"shop floor"}
    stocked = {ask("act.arena", s, action_description="restocking the shelves from the stockroom", **shop)["choice"]
               for s in range(10)}  # fmt: skip
    assert stocked == {"stockroom"}
    bar = {"options": "behind the bar, bar, pub tables, dartboard, dominoes table"}
    pint = {ask("act.object", s, action_description="having a pint (ordering another drink)", **bar)["choice"]
            for s in range(10)}  # fmt: skip
    assert "behind the bar" not in pint
    pulling = {ask("act.object", s, action_description="serving behind the bar (pulling a pint)", **bar)["choice"]
               for s in range(10)}  # fmt: skip
    assert "behind the bar" in pulling


def test_a_confirmation_is_not_taken_up_again():
    """ "Right, that's right? Since when?" was said to "That's right, I am at school." """
    shown = {
        "identity": "Name: Ivy Dunn\nCurrently: Ivy Dunn is revising for her exams.",
        "name": "Ivy Dunn",
        "other": "Kofi Mensah",
        "memories": "",
        "conversation": "[Conversation]\nIvy Dunn: Hi Kofi!\nKofi Mensah: Hey Ivy, good to see you.\n"
        "Ivy Dunn: I noticed you are repainting the sign over the shop door.\n"
        "Kofi Mensah: That's right, I am repainting the sign over the shop door.",
    }
    lines = [ask("converse.utterance", seed, **shown)["utterance"] for seed in range(60)]
    assert not [x for x in lines if re.search(r"that's right\?|repainting the sign", x, re.IGNORECASE)], lines


def test_a_pharmacists_dispensary_and_a_lock_have_no_bedside_or_garden_bed_steps():
    """An outside tester's pharmacist was "adjusting the pillows" in her dispensary, and a lock keeper
    raking leaves out of his lock in November was "tying in the tomato plants"."""
    pharmacist = "Name: Yusra Fenwick\nLearned traits: Yusra Fenwick is the pharmacist who owns Fenwick's Pharmacy."
    jabs = _decomposed("giving flu jabs on the shop floor", pharmacist, 24)
    assert not {"adjusting the pillows", "turning a patient in bed", "helping a patient to the bathroom",
                "washing a patient's hands and face"} & set(jabs)  # fmt: skip
    nurse = "Name: Maeve Till\nLearned traits: Maeve Till is the night-shift staff nurse on Larch Ward."
    ward = _decomposed("checking the patients on the ward", nurse, 24)
    assert {"adjusting the pillows", "turning a patient in bed", "answering a call bell"} & set(ward)
    keeper = "Name: Gideon Thwaite\nLearned traits: Gideon Thwaite is the lock keeper at Sallow Lock on the canal."
    raking = _decomposed("raking leaves out of the lock", keeper, 24)
    assert not {"tying in the tomato plants", "picking the runner beans", "sowing a row of seeds"} & set(raking)
    retired = "Name: Ana Ruiz\nLearned traits: Ana Ruiz is a retired teacher."
    allotment = _decomposed("weeding the allotment", retired, 24)
    assert {"tying in the tomato plants", "picking the runner beans", "sowing a row of seeds",
            "planting out seedlings", "thinning out the seedlings"} & set(allotment)  # fmt: skip


def test_a_waking_hour_is_not_slept_through_what_the_routine_has_at_it():
    """An outside tester's vicar, up "around 6 am", now and then woke at 7 and lost his 7 am prayer."""
    lifestyle = "Alaric goes to sleep around 10:30 pm and gets up around 6 am."
    prayer = "Name: Alaric Pennywell\nDaily plan requirement: Alaric Pennywell says morning prayer at 7 am."
    later = "Name: Alaric Pennywell\nDaily plan requirement: Alaric Pennywell writes his sermon from 9 am."
    hours = [ask("plan.wake_up", s, identity=prayer, lifestyle=lifestyle)["hour"] for s in range(40)]
    assert set(hours) <= {5, 6} and 6 in hours
    assert 7 in {ask("plan.wake_up", s, identity=later, lifestyle=lifestyle)["hour"] for s in range(40)}


def test_what_the_speaker_is_to_tell_everyone_is_the_news_they_tell():
    """An outside tester's lock keeper "must warn the boaters and the town" that his lock will close, yet
    told a vicar's weekly visits (rated as high, by a death) in his talks and the closing in none."""
    said = "[Conversation]\nGil Thorne: Hi Ana! How are you doing today?\nAna Ruiz: Hey Gil, good to see you."
    memories = (
        "- Bo Lind visits Ana Ruiz every week since her husband died\n- Gil Thorne keeps the lock log book\n"
        "- Gil Thorne is raking leaves out of the lock"
    )
    duty = (
        "Name: Gil Thorne\nCurrently: Gil Thorne has been told by the canal trust that Fenn Lock will close "
        "for repairs from Monday, and he must warn the boaters and the town."
    )
    shown = {"identity": duty, "name": "Gil Thorne", "other": "Ana Ruiz", "memories": memories, "conversation": said}
    lines = [ask("converse.utterance", seed, **shown)["utterance"] for seed in range(80)]
    closing = [x for x in lines if "Fenn Lock will close" in x]
    assert len(closing) > 2 * len([x for x in lines if "husband died" in x])  # (mentioned, not told as news)
    assert all("I have been told by the canal trust" in x for x in closing), closing
    # Once told in this talk, it is not told again; with no such duty, the other news is told.
    again = {**shown, "conversation": said + f"\nGil Thorne: {closing[0]}\nAna Ruiz: Oh no."}
    assert not [x for x in (ask("converse.utterance", s, **again)["utterance"] for s in range(80)) if "Fenn" in x]
    calm = {**shown, "identity": "Name: Gil Thorne\nCurrently: Gil Thorne is raking leaves out of the lock."}
    assert [x for x in (ask("converse.utterance", s, **calm)["utterance"] for s in range(80)) if "husband" in x]


def test_a_sermon_is_written_not_recorded_or_painted():
    """An outside tester's vicar writing his sermon was "recording a take" and "mixing colours"."""
    vicar = "Name: Alaric Pennywell\nLearned traits: Alaric Pennywell is the vicar of St Brannoc's Church."
    sermon = _decomposed("writing Sunday's sermon in the vestry", vicar, 24)
    assert not {"recording a take", "mixing colours", "tuning the instrument", "cleaning the brushes"} & set(sermon)
    band = _decomposed("rehearsing with the band", "Name: Ana Ruiz\nLearned traits: Ana Ruiz plays guitar.", 24)
    assert {"recording a take", "tuning the instrument", "listening back to the recording"} & set(band)
    prayer = _decomposed("saying morning prayer in the nave", vicar, 6)
    assert not {"washing the face", "putting on some music", "stretching"} & set(prayer)


def test_a_hope_or_a_worry_is_planned_at_no_hour():
    """An outside tester's night operative had "hoping to be made shift supervisor at Corvid Bakeries at
    9:00 pm" in her day plan; what one is doing ("clearing the loft") is still planned."""
    identity = (
        "Name: Mai\nCurrently: Mai Lund is hoping to be made shift supervisor at the bakery, and she is worried "
        "that her son skips his homework. Mai Lund is clearing the loft. Mai Lund is saving up for a new car."
    )
    items = _day_plan_items(identity)
    assert not [i for i in items if re.search(r"\b(?:hop|worr|sav)\w*", i)], items
    assert [i for i in items if "loft" in i]


def test_an_hour_at_a_place_is_not_worked_on_as_a_thing():
    """ "going to the library at Oak Hill College" read as a step of study was "writing a draft of the
    library" in a ville3 day."""
    identity = (
        "Name: Kai Lund\nLearned traits: Kai Lund is a student at Eastbrook University writing a research paper.\n"
        "Currently: Kai Lund is writing a research paper on river towns."
    )
    shown = {
        **HOURLY,
        "identity": identity,
        "name": "Kai Lund",
        "daily_plan": "go to the library at Oak Hill College at 9:00 am; have lunch at 12:00 pm",
        "previous": "[Monday -- 09:00 AM] Activity: going to the library at Oak Hill College",
        "hour": "10:00 AM",
    }
    answers = [ask("plan.hourly", seed, **shown)["activity"] for seed in range(1000)]
    assert not [a for a in answers if re.search(r"\b(?:of|on|about|through|over) the library\b", a)]
    assert [a for a in answers if a in ("taking notes", "highlighting key passages")]  # its steps still come


def test_long_news_is_told_not_recited_word_for_word():
    """The 1.5B told a party "at Hobbs Cafe on February 14 from 5 pm to 7 pm" where its prompt said "for
    my customers and neighbours on February 14, 2023"; the simulator recited the 30 words on every seed."""
    from aga.simulator.talk import told_briefly

    news = (
        "I am organising a Valentine's Day party at the Lantern for my customers and neighbours on "
        "February 14, 2023, from 5 pm to 7 pm"
    )
    told = {told_briefly(news, random.Random(seed)) for seed in range(40)}
    assert len(told) >= 3, told
    # What it is and when stay; the head (how a talk knows it was told) stays word for word.
    assert all(t.startswith("I am organising a Valentine's Day party at the Lantern") for t in told)
    assert all("February 14" in t and "from 5 pm to 7 pm" in t for t in told)
    assert [t for t in told if "customers" not in t] and [t for t in told if "2023" not in t]
    # A short piece of news, or a phrase the verb needs, is told as it is.
    assert told_briefly("The bakery closes early on Friday", random.Random(1)) == "The bakery closes early on Friday"
    regatta = "I chair the committee and am organising the regatta on Saturday June 8: rowing races and a fair"
    told = {told_briefly(regatta, random.Random(seed)) for seed in range(40)}
    assert "I chair the committee and am organising the regatta on Saturday June 8" in told and len(told) > 1
    focus = "Klaus Mueller is writing a research paper that focuses on gentrification in the town"
    assert all("focuses on gentrification" in told_briefly(focus, random.Random(s)) for s in range(20))
    # (and "be" keeps what it needs: "... has been" was told, and cut to "I gather your party at Hobbs Cafe.")
    mind = "your Valentine's Day party at Hobbs Cafe has been on your mind"
    assert {told_briefly(mind, random.Random(s)) for s in range(20)} == {mind}


def test_a_crews_boat_is_what_they_are_on_not_a_piece_of_work():
    """A recorded realism answer had "signalling to the harbour for the ferry"; a ferry captain's hour
    also had "planning the next part of the ferry" and "finishing one part of the ferry"."""
    steps = _decomposed(
        "captaining the ferry across the bay", "Name: Ada\nLearned traits: Ada is the ferry captain.", 40
    )
    assert not [s for s in steps if re.search(r"for the ferry|part of the ferry|how the ferry is going", s)], steps
    aboard = [s for s in steps if s.endswith(" on the ferry")]
    assert aboard  # still tied to it, as a model ties its steps to the activity
    # ... but not where a step says where it is already.
    assert not [
        s for s in aboard if re.search(r"\b(?:in|at|from|aboard|ashore|alongside)\b", s[: -len(" on the ferry")])
    ]


@pytest.mark.parametrize(
    ("activity", "trade", "wrong", "right"),
    [
        # (an outside tester's ski village, session 55: each hour drew another trade's steps)
        ("grooming the runs of the pistes", "Jo Rainer drives the night piste groomer.",
         {"walking at an easy pace", "looking in the shop windows", "jogging a stretch"},
         {"lowering the blade", "making another pass", "checking the mirrors"}),
        ("nursing the old snowcat through one more winter", "Jo Rainer drives the night piste groomer.",
         {"washing a patient's hands and face", "checking the drip", "weighing the patient"}, set()),
        ("sorting his old maps", "Bert Gruber is a retired mountain guide.",
         {"franking the post", "sorting the returns", "weighing a parcel"}, set()),
        ("reading the instruments at the weather station", "Ilse Brun is the avalanche forecaster.",
         {"humming the melody", "recording a take", "changing the tempo"},
         {"noting the readings in the log", "reading the thermometer"}),
        ("making up prescriptions", "Vera Pirch is the pharmacist of the village pharmacy.",
         {"examining a rash", "taking a blood sample", "preparing an injection"},
         {"counting out the tablets", "checking the dose"}),
        ("driving the shuttle bus to the valley", "Emil Hasel drives the valley shuttle bus.",
         {"buying a ticket", "dozing for a while", "finding a seat", "showing the ticket"}, set()),
        ("baking in the bakehouse", "Burgi Hasel is the baker of the village bakery.",
         {"browning the meat", "crushing the garlic", "draining the pasta"},
         {"kneading the dough", "sifting the flour"}),
        ("coaching Lisl Pirch on the slalom course", "Cora Wald is a ski instructor at the ski school.",
         {"planning the next part of Lisl Pirch", "getting started on Lisl Pirch", "pointing out the view",
          "taking the register"},
         {"timing a run", "giving feedback on a run"}),
        ("marking homework in the staff room", "Tobi Enne teaches the older pupils at the village school.",
         {"taking the register", "wiping the board", "playing a learning game"}, {"adding up the marks"}),
        ("watching the football at the pub", "Femi Ade is a barber.",
         {"catching breath between runs", "doing a practice run", "timing a run"}, set()),
        # a walk to school is no bus ride and no slalom training, however the pupil's trade reads
        ("heading to the village school", "Lisl Pirch is a pupil at the village school and races slalom.",
         {"buying a ticket", "finding a seat", "doing a practice run", "adjusting the kit"}, set()),
    ],
)  # fmt: skip
def test_an_hour_draws_its_own_trades_steps_in_a_ski_village(activity, trade, wrong, right):
    steps = set(_decomposed(activity, f"Name: X\nLearned traits: {trade}", 24))
    assert not wrong & steps, wrong & steps
    assert right <= steps or not right, right - steps
    if "Lisl" in activity:
        assert not [s for s in steps if "Lisl" in s and s != activity], steps


def test_family_is_greeted_as_family():
    """An outside tester's night worker greeted his daughter at home with "Oh, hello! I didn't expect to see
    you here", and she called her mother "Vreni"."""
    start = "[The conversation has not started yet -- start it!]"
    to_mother = {"name": "Lisl Pirch", "other": "Vreni Pirch", "conversation": start,
                 "relation_phrase": "Vreni Pirch is Lisl Pirch's mother"}  # fmt: skip
    lines = [ask("converse.utterance", seed, **to_mother)["utterance"] for seed in range(40)]
    assert all("Vreni" not in x for x in lines), lines
    assert any("Mum" in x for x in lines)
    to_daughter = {**to_mother, "name": "Jo Pirch", "other": "Lisl Pirch",
                   "relation_phrase": "Lisl Pirch is Jo Pirch's daughter"}  # fmt: skip
    lines = [ask("converse.utterance", seed, **to_daughter)["utterance"] for seed in range(40)]
    assert not [x for x in lines if re.search(r"didn't expect|Fancy meeting|how have you been", x)], lines
    assert any("Lisl" in x for x in lines)
    # Social Memory's prompt shows the label itself; a stranger may still be met with surprise.
    social = {"name": "Lisl Pirch", "other": "Vreni Pirch", "label": "mother", "last_round": start}
    assert any("Mum" in ask("converse.utterance_social", s, **social)["utterance"] for s in range(40))
    in_law = {**to_mother, "relation_phrase": "Vreni Pirch is Lisl Pirch's mother-in-law"}
    assert not any("Mum" in ask("converse.utterance", s, **in_law)["utterance"] for s in range(40))
    stranger = {**to_daughter, "relation_phrase": "Jo Pirch is a stranger to Lisl Pirch"}
    lines = [ask("converse.utterance", seed, **stranger)["utterance"] for seed in range(60)]
    assert any(re.search(r"didn't expect|Fancy meeting|how have you been", x) for x in lines)


def test_what_was_just_said_is_taken_up_whole_and_fittingly():
    """An outside tester's ski village: "you fell off the magic carpet lift last week in front? Good for
    you.", "Ha, yes, I am driving the shuttle bus between the Village square." and "Hm, the but hate?"."""
    start = "[Conversation]\nAna Ruiz: Hi Bo!\nBo Lenn: Hey Ana.\nAna Ruiz: "

    def taken_up(said: str) -> list[str]:
        lines = [
            ask("converse.utterance", seed, name="Bo Lenn", other="Ana Ruiz", conversation=start + said)["utterance"]
            for seed in range(80)
        ]
        return [x for x in lines if x.startswith(ECHOES)]

    fall = taken_up("Guess what? I fell off the magic carpet lift last week in front of my pupils")
    assert fall and all("you fell off the magic carpet lift last week?" in x for x in fall if "fell" in x), fall
    assert not [x for x in fall if re.search(r"Since when|(?:Good|Great|Nice|Lovely) for you|sounds", x)], fall
    bus = taken_up("So, I am driving the shuttle bus between the Village square and the lift station every day")
    assert bus and not [x for x in bus if "between" in x], bus
    assert not taken_up("I know Vreni Pirch as daughter and love her but hate her fussing")
    # (an infinitive stays with its verb: "Oh, you want the hut keeper and the bus driver? Good for you.", session 72)
    want = taken_up("Truth is, I want the hut keeper and the bus driver to hear about the Falkenjoch closure first")
    assert want and not [x for x in want if "driver?" in x], want
    assert [x for x in want if "the bus driver to hear?" in x], want


def test_a_talk_about_a_statement_retold_is_not_how_how():
    """ "conversing about how how Jonas Pirchner worries ..." was written when a talk's summary was retold."""
    from aga.simulator.talk import _as_topic
    from aga.simulator.text import clean_topic

    remembered = "Vreni and Burgi were conversing about how Jonas Pirch worries that the tiller will break"
    assert clean_topic(remembered) == "Jonas Pirch worries that the tiller will break"
    assert (
        _as_topic("how Jo Pirch worries that the tiller will break")
        == "how Jo Pirch worries that the tiller will break"
    )
    assert clean_topic("conversing about how their days are going") == "how their days are going"
    # A sentence's first word is none inside "how ..." (session 61: "conversing about how The Port ...")
    assert _as_topic("The Sennen Regatta on Saturday is coming up") == "how the Sennen Regatta on Saturday is coming up"


def test_a_name_after_its_role_is_you_or_me_alone():
    """An outside tester's ski village: "I am training on the slalom course with her coach you" and "Vreni
    Pirchner's father you should see a doctor about his hip"."""
    from aga.simulator.text import as_said_to

    training = "Lisl Pirch is training on the slalom course of Gamsleiten Pistes with her coach Cora Wald"
    assert as_said_to(training, "Lisl Pirch", "Cora Wald") == (
        "I am training on the slalom course of Gamsleiten Pistes with you"
    )
    hip = "Vreni Pirch's father Bert Gruber should see a doctor about his hip"
    assert as_said_to(hip, "Lisl Pirch", "Bert Gruber").startswith("you should see a doctor")
    # ... and said by the one whose father he is: "So, my father you should see a doctor about his hip." (session 72)
    assert as_said_to(hip, "Vreni Pirch", "Bert Gruber") == "you should see a doctor about your hip"
    assert as_said_to(hip, "Vreni Pirch", "Cora Wald") == "my father Bert Gruber should see a doctor about his hip"
    assert as_said_to("Vreni Pirch's father Bert Gruber is ill", "Bert Gruber", "Vreni Pirch") == "I am ill"
    # ... and a clause joined to the speaker's own sentence is theirs, whoever was named between (session 72's farmer:
    # "I heard ... that the Met Office has an amber warning out ..., and he is getting extra feed and straw in")
    heard = "Geoff Pugh heard that the Met Office has an amber warning out, and he is getting extra feed in"
    assert as_said_to(heard, "Geoff Pugh", "Niamh Doyle") == (
        "I heard that the Met Office has an amber warning out, and I am getting extra feed in"
    )
    # someone else named after a role stays named, and a place before a name is no role
    assert as_said_to(hip, "Lisl Pirch", "Cora Wald") == hip
    assert as_said_to("Chloe Park is chatting at the cafe with Ana Lima", "Ana Lima", "Bo Reyes") == (
        "Chloe Park is chatting at the cafe with me"
    )


def test_a_relations_feeling_is_a_note_not_words_to_say():
    from aga.simulator.text import as_said_to, clean_topic

    remembered = "Harriet Lusk knows Elif Karsan as flatmate (feeling: fond of her)."
    assert clean_topic(remembered) == "Harriet Lusk knows Elif Karsan as flatmate"
    assert as_said_to(clean_topic(remembered), "Harriet Lusk", "Priya Castell") == "I know Elif Karsan as flatmate"


def test_a_family_name_written_first_is_neither_a_greeting_nor_the_speaker():
    """An outside tester's onsen town (names family name first): a husband greeted his wife "Hi Sato!",
    and "Sato Michiko is rehearsing ..." said by Sato Haruki came out as "I Michiko is rehearsing"."""
    from aga.simulator.text import as_said_to

    start = "[The conversation has not started yet -- start it!]"
    couple = {"name": "Sato Haruki", "other": "Sato Michiko", "conversation": start,
              "relation_phrase": "Sato Michiko is Sato Haruki's wife"}  # fmt: skip
    lines = [ask("converse.utterance", seed, **couple)["utterance"] for seed in range(30)]
    assert not [x for x in lines if "Sato" in x], lines
    assert any("Michiko" in x for x in lines)
    friends = {**couple, "other": "Ishikawa Goro", "relation_phrase": "Ishikawa Goro is Sato Haruki's friend"}
    assert any("Ishikawa" in ask("converse.utterance", s, **friends)["utterance"] for s in range(30))
    said = as_said_to("Sato Michiko is rehearsing a lantern song", "Sato Haruki", "Mori Aiko")
    assert said == "Sato Michiko is rehearsing a lantern song"
    assert as_said_to("Sato Haruki is checking the baths", "Sato Haruki", "Mori Aiko") == "I am checking the baths"
    assert as_said_to("Ana is baking", "Ana Lima", "Bo Reyes") == "I am baking"


def test_a_hyphenated_given_name_after_the_family_name_is_the_one_called():
    """Session 79's Incheon town: 13 of 15 talks opened "Hi Seo, what are you up to?" or "Hello there, Choi" (two of
    its people were Chois), from a pupil to his teacher Seo Ji-hye."""
    start = "[The conversation has not started yet -- start it!]"
    shown = {"name": "Choi Jae-won", "other": "Seo Ji-hye", "conversation": start,
             "relation_phrase": "Seo Ji-hye is Choi Jae-won's teacher"}  # fmt: skip
    lines = [ask("converse.utterance", seed, **shown)["utterance"] for seed in range(30)]
    assert not [x for x in lines if re.search(r"\bSeo\b(?! Ji-hye)", x)], lines
    assert any("Ji-hye" in x for x in lines)
    # (a double-barrelled family name is no given name)
    other = {**shown, "other": "Anna Smith-Jones", "relation_phrase": "Anna Smith-Jones is Choi Jae-won's teacher"}
    assert any(re.search(r"\bAnna\b", ask("converse.utterance", s, **other)["utterance"]) for s in range(30))


def test_a_standing_fact_of_the_two_of_them_is_no_news_to_either():
    """Session 79's Incheon pupil opened a talk with his teacher "Hi Ji-hye! Guess what? You teach me in my suneung
    English class.", and she told him "I teach you in your suneung English class ... I thought you'd want to know."."""
    fact = "Seo Ji-hye teaches Choi Jae-won in her suneung English class at Bright Star English Academy."
    start = "[The conversation has not started yet -- start it!]"
    shown = {"name": "Choi Jae-won", "other": "Seo Ji-hye", "conversation": start, "memories": f"- {fact}"}
    lines = [ask("converse.utterance", seed, **shown)["utterance"] for seed in range(40)]
    lines += [ask("converse.utterance", s, **shown | {"name": "Seo Ji-hye", "other": "Choi Jae-won"})["utterance"]
              for s in range(40)]  # fmt: skip
    assert not [x for x in lines if "English class" in x], lines
    # (told to a third, it is news)
    other = shown | {"other": "Park Dong-hyun"}
    assert any("English class" in ask("converse.utterance", s, **other)["utterance"] for s in range(40))


def test_a_later_he_or_she_after_ones_kin_is_the_speaker():
    """ "my wife died five years ago; he lives with his daughter Aiko" was an onsen cook's line."""
    from aga.simulator.text import as_said_to

    died = "Mori Takeshi's wife died five years ago; he lives with his daughter Aiko"
    assert as_said_to(died, "Mori Takeshi", "Sato Kenta") == "my wife died five years ago; I live with my daughter Aiko"
    fish = "Ana Lima's husband is a fisherman, and she sells his catch at her stall"
    assert as_said_to(fish, "Ana Lima", "Bo Reyes") == "my husband is a fisherman, and I sell his catch at my stall"
    # a brother's "he" may be the brother: left as it was
    assert as_said_to("Bo Reyes's brother is ill; he lives alone", "Bo Reyes", "Ana Lima") == (
        "my brother is ill; he lives alone"
    )


def test_the_one_at_the_wheel_drives_and_is_no_passenger():
    """An outside tester's bus driver: "driving the mountain route" was a drive in the hills, and "checking
    the mountain bus at the depot" was "buying a ticket" and "finding a seat"."""
    from aga.simulator.steps import kinds_of, know_how

    driver = "Aiko Mori is the bus driver on the mountain route between the onsen and the railway station"
    assert kinds_of("driving the mountain route", driver)[0][0] == "crew"
    assert kinds_of("driving home after work", driver)[0][0] == "travel"
    on_duty = "checking the mountain bus at the depot"
    steps = know_how("travel", 2, f"{on_duty} {driver}", on_duty)
    assert steps and not [x for x in steps if re.search(r"ticket|seat|dozing|passenger", x)], steps
    rider = know_how("travel", 2, "taking the bus to town a teacher", "taking the bus to town")
    assert "buying a ticket" in rider
    for seed in range(8):
        shown = {"identity": f"Name: Aiko Mori\nLearned traits: {driver}.", "task": on_duty, "minutes": "60"}
        said = " | ".join(x["subtask"] for x in ask("plan.decompose", seed, **shown)["subtasks"])
        assert not re.search(r"buying a ticket|finding a seat|dozing|another passenger", said), said


def test_meals_the_lifestyle_states_by_other_names_are_planned_as_stated():
    """An outside tester's night receptionist "has his first meal at 5 pm, a meal break at midnight and a
    light breakfast at 7 am before bed": he was planned breakfast at 5 pm, lunch at 7 pm, dinner at 2 am."""
    kenta = {
        "wake_hour": "16",
        "lifestyle": "Kenta goes to sleep around 8 am and gets up around 4 pm. He has his first meal at 5 pm, a "
        "meal break at midnight and a light breakfast at 7 am before bed.",
        "requirement": "Kenta works at the front desk of the inn from 7 pm until 7 am.",
        "identity": "Name: Kenta",
    }
    for seed in range(6):
        items = ask("plan.daily", seed, **kenta)["items"]
        assert "have the first meal at 5:00 pm" in items and "have a meal break at 12:00 am" in items, items
        assert "have a light breakfast at 7:00 am" in items, items
        assert not [x for x in items if re.search(r"\b(?:lunch|dinner|midday|evening meal)\b", x)], items
    # A snack is no meal in a meal's place; a late breakfast puts lunch after it.
    ann = {**kenta, "wake_hour": "6", "requirement": "",
           "lifestyle": "Ann goes to sleep around 11 pm and gets up around 6 am. She has breakfast at 10 am and a "
           "snack at 4 pm."}  # fmt: skip
    for seed in range(6):
        items = ask("plan.daily", seed, **ann)["items"]
        assert sum("breakfast" in x or "morning meal" in x for x in items) == 1 and "10:00 am" in items[1], items
        assert "have a snack at 4:00 pm" in items, items
        assert any(re.search(r"(?:lunch|midday meal) at (?:12|1):00 pm", x) for x in items), items
        assert any(re.search(r"(?:dinner|evening meal) at", x) for x in items), items


def test_a_habit_the_lifestyle_states_at_an_hour_is_planned_for_that_hour():
    """An outside tester's night watchman "prays at Amaoji Central Mosque at 4 pm": a model reading the
    lifestyle plans the prayer; the simulator planned sleep and meals from it and no prayer (session 58).
    The habit takes its hour, not the hours until the next item; sleep and meals are not planned twice,
    and an hour the routine holds stays the routine's."""
    musa = {
        "wake_hour": "15",
        "lifestyle": "Musa goes to sleep around 7 am and gets up around 3 pm. He prays at Amaoji Central Mosque "
        "at 4 pm and has his dinner around 7 pm before the night watch. He goes to work at 8 pm.",
        "requirement": "Musa guards Amaoji Main Market as night watchman from 8 pm until 6 am.",
        "identity": "Name: Musa",
    }
    for seed in range(6):
        items = ask("plan.daily", seed, **musa)["items"]
        assert "pray at Amaoji Central Mosque at 4:00 pm" in items, items
        assert [x for x in items if x.endswith("at 5:00 pm")] and "pray" not in next(
            x for x in items if x.endswith("at 5:00 pm")
        ), items
        assert sum("dinner" in x or "evening meal" in x for x in items) == 1, items
        assert not [x for x in items if x.startswith(("go to work", "go to sleep", "get up"))], items
    # A meal eaten at its hour is the plan's meal, not a habit of its own: said by what is eaten, it takes
    # the place of lunch (session 66), and is planned once, where the lifestyle says it is eaten (session 68).
    ann = {**musa, "wake_hour": "7", "requirement": "",
           "lifestyle": "Ann goes to sleep around 11 pm and gets up around 7 am. She eats a sandwich in her car at "
           "1 pm and has a pint at The Drover's Rest at 8 pm."}  # fmt: skip
    items = ask("plan.daily", 0, **ann)["items"]
    assert [x for x in items if "sandwich" in x] == ["eat a sandwich in her car at 1:00 pm"], items
    assert not [x for x in items if "lunch" in x] and "have a pint at The Drover's Rest at 8:00 pm" in items, items


def test_a_busy_day_plan_keeps_to_the_schemas_number_of_items():
    """The outside market town's night watchman: his routine's five clauses, a habit, three meals and two
    errands made 13 items where the answer schema allows 12, and the whole plan became the fail-safe (the
    routine's text pasted whole). The errands go first; the routine and bedtime stay."""
    from aga.cognition.answers import DailyPlan

    shown = {
        "wake_hour": "15",
        "lifestyle": "Musa goes to sleep around 7 am and gets up around 3 pm. He prays at Amaoji Central Mosque "
        "at 4 pm and has his dinner around 7 pm before the night watch.",
        "requirement": "Musa guards Amaoji Main Market as night watchman from 8 pm until 6 am, locks the market "
        "gate at 8 pm, patrols the stalls with his torch every hour and sits at the watchman's hut between "
        "rounds. He walks home at 6 am.",
        "identity": "Name: Musa\nCurrently: Musa is asking the market women for a second watchman, is saving to "
        "send his daughter to university, is mending his torch and is visiting his brother.",
    }
    schema = DailyPlan.model_json_schema()
    longest = 0
    for seed in range(12):
        prompt = Prompt("plan.daily", "\n".join(shown.values()), shown, schema, random.Random(seed))
        items = HOOKS["plan.daily"](prompt)["items"]
        DailyPlan.model_validate({"items": items})
        assert items[-1].startswith(("go to bed", "head to bed", "get ready for bed")) or "bed" in items[-1], items
        assert any("lock the market gate" in x for x in items) and any("walk home" in x for x in items), items
        longest = max(longest, len(items))
    assert longest == 12  # (the limit was met, not avoided: without it the longest plan had 13)


def test_a_room_named_for_who_uses_it_or_by_part_of_its_name_is_found():
    """An outside tester's onsen inn: nobody ever checked the "men's bath" or the "women's bath" (taken for
    someone else's rooms), and the night receptionist studied "at the front desk" on the guests' futons."""
    rooms = "front desk lobby, guest rooms, men's bath, women's bath, inn kitchen"
    shown = {"options": rooms, "name": "Sato Haruki", "sector": "Kiri-no-Yu Inn",
             "current_arena": "inn kitchen", "current_sector": "Kiri-no-Yu Inn"}  # fmt: skip
    baths = [
        ask("act.arena", s, **shown, action_description="checking the baths of the inn")["choice"] for s in range(8)
    ]
    assert all(x.endswith("'s bath") for x in baths), baths
    desk = "studying for the exam at the front desk (reading a chapter)"
    assert {ask("act.arena", s, **shown, action_description=desk)["choice"] for s in range(8)} == {"front desk lobby"}
    # A person's room is still someone else's: Eddy Lin does not sleep in Mei Lin's bedroom.
    homes = {**shown, "options": "Mei Lin's bedroom, Eddy Lin's bedroom", "name": "Eddy Lin", "current_arena": "x"}
    assert {ask("act.arena", s, **homes, action_description="sleeping")["choice"] for s in range(8)} == {
        "Eddy Lin's bedroom"
    }


def test_an_interview_answer_is_in_the_first_person():
    """An outside tester's receptionist, asked about himself: "Sato Kenta knows Mori Takeshi as Soba-oyaji"."""
    ideas = "Sato Kenta knows Mori Takeshi as Soba-oyaji (feeling: likes his gruff kindness); Sato Kenta is tired"
    said = ask("user.interview_answer", 0, name="Sato Kenta", ideas=ideas, question="Who is Mori Takeshi?")["text"]
    assert said.endswith("Mori is my Soba-oyaji.") and "Sato" not in said, said  # as one says whom one knows
    other = ask("user.interview_answer", 0, name="Sato Kenta", ideas="Mori Aiko drives the bus", question="q")
    assert other["text"].endswith("Mori Aiko drives the bus.")


def test_an_interview_answer_says_social_memorys_note_as_one_says_whom_one_knows():
    """With Social Memory an interview's ideas hold its note on the person: "I see Chukwuemeka Okafor as
    husband, feeling proud of ..." was said, score and all, by the outside market town's trader."""
    note = (
        "Adaeze Okafor sees Chukwuemeka Okafor as husband, feeling proud of his workshop (closeness 9/10). "
        "What Adaeze Okafor knows: he fixes motorbikes"
    )
    said = ask("user.interview_answer", 0, name="Adaeze Okafor", ideas=note, question="Who is he?")["text"]
    assert said.endswith("Chukwuemeka is my husband, and I feel proud of his workshop."), said
    stranger = "Adaeze Okafor sees Ngozi Eze as stranger (closeness 0/10)."
    said = ask("user.interview_answer", 0, name="Adaeze Okafor", ideas=stranger, question="Who is Ngozi?")["text"]
    assert said.endswith("I don't really know Ngozi Eze."), said
    # someone else's note is no relation of the speaker's
    said = ask("user.interview_answer", 0, name="Adaeze Okafor", ideas="Bo Lenn sees Ngozi Eze as co-worker "
               "(closeness 3/10).", question="q")["text"]  # fmt: skip
    assert said.endswith("Bo Lenn sees Ngozi Eze as co-worker."), said


def test_prayers_at_a_shrine_are_no_church_service():
    """An outside tester's shrine keeper ended his morning prayers "putting the hymn books back"."""
    shown = {"identity": "Name: Tetsuo Kobayashi\nLearned traits: Tetsuo Kobayashi is the keeper of Hakuun Shrine.",
             "task": "performing the morning prayers at Hakuun Shrine", "minutes": "60"}  # fmt: skip
    for seed in range(12):
        said = " | ".join(x["subtask"] for x in ask("plan.decompose", seed, **shown)["subtasks"])
        assert not re.search(r"\b(?:church|hymn|psalm|gospel|collect|parish|prayer book)\b", said), said


def test_prayer_steps_keep_to_their_part_of_the_day_and_to_prayer():
    """An outside tester's muezzin was "reciting the morning prayers" in a block at 1 pm (session 65)."""
    shown = {"identity": "Name: Hamid Ouali\nLearned traits: Hamid Ouali is the muezzin and imam of the mosque.",
             "task": "leading the noon prayer at the mosque", "minutes": "60", "start": "01:00 pm"}  # fmt: skip
    afternoon = [x["subtask"] for seed in range(40) for x in ask("plan.decompose", seed, **shown)["subtasks"]]
    assert not [x for x in afternoon if re.search(r"\bmorning\b", x)], afternoon
    morning = [x["subtask"] for seed in range(40)
               for x in ask("plan.decompose", seed, **{**shown, "start": "06:00 am"})["subtasks"]]  # fmt: skip
    assert [x for x in morning if "morning prayers" in x], morning  # (the filter, not the pool, left it out)
    # ... and prayer is read as nothing else: "trying a new technique" (a craft's) was said in it.
    from aga.simulator.steps import know_how

    crafts = set(know_how("creative", 2, "", "")) | set(know_how("meal", 2, "", ""))
    assert not crafts & set(afternoon + morning), crafts & set(afternoon + morning)


def test_what_is_made_for_an_occasion_is_the_making():
    """An outside tester's woodcarver, "carving a large cedar fox for the shrine's festival", was "inviting
    people to a large cedar fox" and "hanging up the lights for" it."""
    from aga.simulator.steps import kinds_of

    carver = "Goro Ishikawa is a woodcarver with a workshop on the main street"
    assert kinds_of("carving a large cedar fox for the shrine's festival", carver)[0][0] != "event"
    assert kinds_of("baking a cake for the party")[0][0] == "cooking"
    assert kinds_of("preparing for the party")[0][0] == "event"  # the occasion's own work
    shown = {"identity": f"Name: Goro Ishikawa\nLearned traits: {carver}.",
             "task": "carving a large cedar fox for the shrine's festival", "minutes": "60"}  # fmt: skip
    for seed in range(10):
        said = " | ".join(x["subtask"] for x in ask("plan.decompose", seed, **shown)["subtasks"])
        assert not re.search(r"invit|hanging up the lights|guest list", said), said


def test_noodles_are_no_bakers_work_and_a_lobby_is_where_guests_check_in():
    """An outside tester's soba cook was "grating cheese for soba dough" and "waiting for the oven"; the
    inn's night receptionist checked guests in among the guests' futons."""
    from aga.simulator.steps import know_how

    soba = "making soba dough in the soba kitchen"
    steps = know_how("cooking", 2, f"{soba} the cook of the town's noodle shop", soba)
    assert "kneading the dough" in steps and not [x for x in steps if re.search(r"cheese|oven|pastry|pasta", x)]
    assert "grating cheese" in know_how("cooking", 2, "cooking dinner a chef", "cooking dinner")
    rooms = "front desk lobby, guest rooms, inn kitchen"
    action = "checking a guest in (at the front desk)"
    shown = {"options": rooms, "name": "Kenta", "sector": "Kiri-no-Yu Inn", "current_arena": "inn kitchen",
             "current_sector": "Kiri-no-Yu Inn", "action_description": action}  # fmt: skip
    chosen = [ask("act.arena", s, **shown)["choice"] for s in range(12)]
    assert chosen.count("front desk lobby") >= 9, chosen  # (a model's noise: now and then the guests' rooms)
    # (MiniLM alone still puts "checking a guest in" nearest the "guest rooms": no test claims otherwise)


def test_what_a_talk_was_about_is_said_with_its_verb():
    """ "Guess what? I rehearsing a lantern song" and a summary "Sato Michiko rehearsings a lantern song"
    came of a remembered "conversing about Sato Michiko rehearsing a lantern song" (an onsen town)."""
    from aga.simulator.text import as_said_to, told_of

    about = "Sato Michiko rehearsing a lantern song with her pupils"
    assert as_said_to(about, "Sato Michiko", "Sato Kenta") == "I am rehearsing a lantern song with my pupils"
    assert as_said_to(about, "Sato Kenta", "Sato Michiko") == "you are rehearsing a lantern song with your pupils"
    assert told_of("I rehearsing a lantern song", "Sato Michiko", "Sato Kenta") == (
        "Sato Michiko is rehearsing a lantern song"
    )
    assert as_said_to("Ana Lima sings in the choir", "Ana Lima", "Bo Reyes") == "I sing in the choir"


def test_an_hour_read_loosely_keeps_a_part_of_the_day_to_its_part():
    """An outside tester's shrine keeper was "performing the morning prayer" at 4 and at 7 pm."""
    plan = ("wake up for the morning routine at 5:00 am; perform the morning prayers at Hakuun Shrine at 6:00 am; "
            "sweep the grounds at 9:00 am; keep the shrine office at 1:00 pm; go to bed at 9:00 pm")  # fmt: skip
    shown = {"identity": "Name: Tetsuo", "daily_plan": plan, "previous": "", "wake_hour": "5"}
    evening = [ask("plan.hourly", s, **shown, hour="07:00 PM")["activity"] for s in range(40)]
    assert not [x for x in evening if "morning" in x], evening
    morning = [ask("plan.hourly", s, **shown, hour="08:00 AM")["activity"] for s in range(40)]
    assert any("morning prayers" in x for x in morning), morning


def test_a_room_named_by_given_names_is_its_owners_whatever_the_name_order():
    """The onsen town's "Haruki and Michiko's bedroom" was someone else's room to Sato Haruki (his first
    word, the family name, is not in it); a shared last name makes no one's room one's own."""
    from aga.simulator.act import _someone_elses

    assert not _someone_elses("Haruki and Michiko's bedroom", "Sato Haruki")
    assert _someone_elses("Haruki and Michiko's bedroom", "Sato Kenta")
    assert not _someone_elses("Klaus's room", "Klaus Mueller") and not _someone_elses("Eddy Lin's bedroom", "Eddy Lin")
    assert _someone_elses("Eddy Lin's bedroom", "Mei Lin") and not _someone_elses("men's bath", "Mei Lin")


def test_a_cast_relation_is_said_as_people_say_whom_they_know():
    """An outside tester's trader said "Guess what? I know Chukwuemeka Okafor as husband. We'll see how it
    goes." and a watchman "... and hi friend's wife": a relation is said as one says whom one knows, its
    pronouns the speaker's, and only the speaker's own relation is said so."""
    from aga.simulator.talk import _relation_said
    from aga.simulator.text import as_said_to

    said = _relation_said("Ada Obi knows Emeka Obi as husband (feeling: loves him)", "Ada Obi")
    assert said == "Emeka is my husband"
    guard = "Musa Bello knows Ada Obi as trader whose stall he guards, and his friend's wife"
    assert _relation_said(guard, "Musa Bello") == "Ada is the trader whose stall I guard, and my friend's wife"
    assert _relation_said("Ada Obi knows Emeka Obi as husband", "Musa Bello") is None  # heard, not hers
    assert _relation_said("Ada Obi is selling pepper", "Ada Obi") is None
    assert as_said_to("Ada Obi bakes bread and sells it, and his friend helps", "Ada Obi", "") == (
        "I bake bread and sell it, and my friend helps"
    )


def test_a_synonym_swap_leaves_names_alone():
    """ "Good Health Chemist" was opened as "Lovely Health Chemist" and planned so the next day."""
    from aga.simulator.paraphrase import vary

    for seed in range(12):
        rng = random.Random(seed)
        assert "Good Health Chemist" in vary("opening Good Health Chemist at 8 am", rng, rate=1.0)
        assert vary("Good Health Chemist is open", rng, rate=1.0).startswith("Good Health Chemist")
    assert len({vary("It is nice to see you. Great day!", random.Random(s), rate=1.0) for s in range(12)}) > 2
    # ... and a meal a noun names: "the fire department's pancake breakfast" was "pancake a morning meal" (session 73)
    said = {vary("organising the town's pancake breakfast", random.Random(s), rate=1.0) for s in range(12)}
    assert not [x for x in said if "morning meal" in x], said
    assert any("morning meal" in vary("breakfast on Saturday", random.Random(s), rate=1.0) for s in range(12))


def test_an_errand_from_currently_is_planned_at_its_own_hour_only():
    """ "announcing on his show that the borehole will be opened on Saturday June 8 at 10 am at 11:00 am"
    was an outside tester's presenter's plan."""
    identity = (
        "Name: Tunde Ade\nCurrently: Tunde Ade is announcing on his show that the new borehole will be opened "
        "on Saturday June 8 at 10 am. Tunde Ade is preparing a feature on the market."
    )
    told = [i for i in _day_plan_items(identity) if i.startswith("announce")]
    assert told and all(len(re.findall(r"\d(?::\d\d)? ?[ap]m", i)) == 1 for i in told), told


def test_family_make_no_small_talk_of_a_chance_meeting():
    """An outside tester's trader told her husband "I'm glad I ran into you" and "Let's catch up again soon"."""
    from aga.simulator.paraphrase import canonical
    from aga.simulator.talk import _RARE_MEETING

    talk = "[Conversation]\nAda Obi: Hi Emeka!\nEmeka Obi: Hey Ada.\nAda Obi: Busy day?\nEmeka Obi: "
    rare = [canonical(x).rstrip(".?") for x in _RARE_MEETING]

    def lines(relation: str) -> list[str]:
        shown = {"name": "Emeka Obi", "other": "Ada Obi", "conversation": talk, "relation_phrase": relation}
        return [canonical(ask("converse.utterance", seed, **shown)["utterance"]) for seed in range(120)]

    spouse = lines("Ada Obi is Emeka Obi's wife")
    assert not [x for x in spouse if any(r in x for r in rare)], spouse
    assert any(any(r in x for r in rare) for x in lines("Ada Obi is Emeka Obi's neighbour"))


def test_whether_one_has_eaten_is_asked_over_a_meal():
    """Session 73's circus: "Have you eaten yet?" was 21 lines, at 8 and 10 am, to people rehearsing or sewing."""
    talk = "[Conversation]\nAda Obi: Hi Emeka!\nEmeka Obi: Hey Ada.\nAda Obi: Nice to see you.\nEmeka Obi: "

    def asked(action: str, other_action: str) -> int:
        shown = {"name": "Emeka Obi", "other": "Ada Obi", "conversation": talk}
        shown |= {"action": action, "other_action": other_action}
        lines = [ask("converse.utterance", seed, **shown)["utterance"] for seed in range(150)]
        return sum("eaten yet" in x for x in lines)

    assert asked("sewing costumes in the wardrobe wagon", "rehearsing on the trapeze") == 0
    assert asked("having lunch at the canteen", "rehearsing on the trapeze") > 0
    assert asked("sewing costumes", "eating breakfast at the cookhouse") > 0


def test_between_us_only_for_what_is_kept_quiet():
    """ "Between us, I am announcing on my show that ..." was an outside tester's radio presenter's news."""
    from aga.simulator.talk import OWN, _framed

    public = {_framed("I am announcing the borehole on my show", OWN, random.Random(s)) for s in range(60)}
    assert not [x for x in public if x.startswith("Between us")] and len(public) >= 5
    kept = {_framed("I have a secret crush on Klaus", OWN, random.Random(s)) for s in range(60)}
    assert any(x.startswith("Between us") for x in kept)


def test_i_think_opens_only_a_statement():
    """ "I think funny how the days go by.", "I think time flies, doesn't it?" and "I think you know, ..." were said."""
    from aga.simulator.paraphrase import utterance

    for line in ("Funny how the days go by.", "Time flies, doesn't it?", "You know, Klaus is writing a paper."):
        said = {utterance(line, random.Random(s)) for s in range(40)}
        assert not [x for x in said if x.startswith("I think")], said
    assert any(utterance("It's been a long day.", random.Random(s)).startswith("I think") for s in range(40))


def test_a_meal_hour_is_not_read_as_one_step_of_the_meal():
    """Read loosely, an hour may be a part of the work; a lunch hour read as "asking for the pepper"
    was a ville3 day's whole hour, and its reflections summed up her day as asking for the pepper."""
    from aga.simulator.steps import POOLS

    steps = {s for kind in ("meal", "cooking") for part in (1, 2, 3) for s in POOLS[kind][part]}
    lunch = {**HOURLY, "hour": "12:00 PM"}
    answers = [ask("plan.hourly", seed, **lunch)["activity"] for seed in range(300)]
    assert steps and not [a for a in answers if a in steps], Counter(a for a in answers if a in steps)
    assert any("lunch" in a for a in answers)


def test_a_morning_hour_is_not_read_as_one_step_of_getting_up():
    """ "washing the face" was a ville3 student's whole 9 am hour, with "putting on shoes" and "opening the post" as
    its steps (session 74): a part of getting up or going to bed takes minutes, not an hour."""
    from aga.simulator.steps import POOLS

    steps = {s for kind in ("morning", "evening") for part in (1, 2, 3) for s in POOLS[kind][part]}
    plan = "wake up and complete the morning routine at 6:00 am; repair the ferry engine at 8:00 am; go to bed at 10 pm"
    for hour in ("06:00 AM", "09:00 PM"):
        shown = {**HOURLY, "daily_plan": plan, "hour": hour, "previous": ""}
        answers = [ask("plan.hourly", seed, **shown)["activity"] for seed in range(300)]
        assert steps and not [a for a in answers if a in steps], Counter(a for a in answers if a in steps)


def _insights(statements: list[str], seeds: range = range(30), name: str = "Tam Osei") -> list[dict]:
    listed = "\n".join(f"{i + 1}. {s}" for i, s in enumerate(statements))
    return [i for seed in seeds for i in ask("reflect.insights", seed, name=name, statements=listed, n="5")["insights"]]


def test_an_insight_sums_up_what_several_statements_share_and_cites_them_all():
    """A model's reflection generalises across statements ("Klaus Mueller is dedicated to his research",
    citing several); one restating a single statement in a frame was every insight the simulator drew."""
    statements = [
        "Tam Osei is repairing the ferry engine, fitting a new belt (tightening the bolts)",
        "Tam Osei is having lunch (asking for the pepper)",
        "Tam Osei is repairing the ferry engine (checking the oil)",
        "Ana Ruiz is chatting with Tam Osei",
        "Tam Osei and Ana Ruiz were conversing about the winter timetable",
        "Tam Osei is having lunch (clearing the plate)",
        "Tam Osei is repairing the ferry engine (cleaning the spark plugs)",
        "Ferry Point Slipway is busy with boats",
        "Bo Lenn is mending nets at Ferry Point Slipway",
        "Tam Osei is sleeping",
        # Washing is no pursuit either: "has been drying off with a towel for much of the day" (session 69)
        "Tam Osei is drying off with a towel (hanging the towel up)",
        "Tam Osei is drying off with a towel (drying his hair)",
        # What the persona is about is no action seen: "... because the market has grown for much of the day"
        "Tam Osei is asking the council for a new slipway because the old one leaks",
        "Tam Osei is asking the council for a new slipway because the old one leaks.",
        # Nor is the way home: "I put a lot of time into going home for the day" was said (session 79)
        "Tam Osei is going home for the day (locking the door)",
        "Tam Osei is going home for the day (checking the bag)",
    ]
    drawn = _insights(statements)
    engine = [i for i in drawn if "repairing the ferry engine" in i["insight"] and len(i["evidence"]) > 1]
    assert engine and all(set(i["evidence"]) == {1, 3, 7} for i in engine)
    assert not [i for i in engine if "fitting a new belt" in i["insight"]]  # the pursuit, not its detail
    talks = [i for i in drawn if "Ana Ruiz" in i["insight"] and len(i["evidence"]) > 1]
    assert talks and all(set(i["evidence"]) == {4, 5} for i in talks)
    # A place named twice is nobody one sees; a meal twice is no pursuit; sleep is no conclusion.
    assert not [i for i in drawn if re.search(r"Ferry Point Slipway\b.*(?:mind|often|seeing)", i["insight"])]
    assert not [i for i in drawn if "having lunch" in i["insight"] and len(i["evidence"]) > 1]
    assert not [i for i in drawn if "sleeping" in i["insight"]]
    assert not [i for i in drawn if "towel" in i["insight"] and len(i["evidence"]) > 1]
    assert not [i for i in drawn if "slipway" in i["insight"] and len(i["evidence"]) > 1]
    assert not [i for i in drawn if "going home" in i["insight"] and len(i["evidence"]) > 1]
    # Most answers still hold insights on single statements besides the themes.
    assert sum(len(i["evidence"]) == 1 for i in drawn) > len(drawn) / 3


def test_a_chat_seen_is_summed_up_not_concluded_one_at_a_time():
    """Session 72's abbey: 120 of a day's 1335 insights were "It is clear that Luc Arnaud is chatting with Étienne
    Lacombe" and its like. A chat seen is concluded on only when nothing else is left; who talks with whom is
    summed up over several statements."""
    statements = [
        "Luc Arnaud is chatting with Étienne Lacombe",
        "Benoît Marchal is chatting with Thomas Girard",
        "Tam Osei is chatting with Bo Lenn",
        "Tam Osei is repairing the ferry engine (checking the oil)",
        "Bo Lenn is mending nets at Ferry Point Slipway",
        "Tam Osei is asking the council for a new slipway because the old one leaks",
        "Ana Ruiz is chatting with Tam Osei",
        "Tam Osei and Ana Ruiz were conversing about the winter timetable",
    ]
    drawn = _insights(statements)
    assert not [i for i in drawn if "is chatting with" in i["insight"]], drawn
    assert [i for i in drawn if "Ana Ruiz" in i["insight"] and len(i["evidence"]) > 1]
    # (with nothing else to draw on, a chat is what comes to mind)
    assert [i for i in _insights(statements[:3]) if "is chatting with" in i["insight"]]


def test_an_insight_on_a_statement_in_the_first_person_says_it_of_the_person():
    """A memo after a talk is written "I found it interesting that I am asking ...": the insight read
    "Maria Lopez has been thinking that I am asking for the pepper"."""
    drawn = _insights(["I found it interesting that I am carving a new oar."], range(10))
    assert drawn and all("Tam Osei is carving a new oar" in i["insight"] for i in drawn), drawn


def test_an_insight_on_a_statement_about_the_person_names_them_once():
    """ "Meena Chettri has been thinking that Meena Chettri is the wife of Nima Tamang" was most of an
    outside tester's single-statement insights; GPT-3.5 says such a thing once. A statement about someone
    else keeps the frame that names the person."""
    statements = [
        "Tam Osei is the husband of Mia Ruiz",
        "Tam is worried that the ferry will be late",
        "I found it interesting that I am carving a new oar.",
        "Bo Lenn is asking everyone to come to the regatta",
        "Tam Osei's boat needs a new sail",
        "Tam Lenn is mending the nets",
        # (a chat seen is no conclusion while others are drawn, session 72: someone else's doing that names him is)
        "Ana Ruiz is waving to Tam Osei from the quay",
        "I found it interesting that Bo is my cousin.",
    ]
    drawn = [i["insight"] for i in _insights(statements, range(20))]
    assert drawn
    for text in drawn:
        assert len(re.findall(r"\bTam\b(?! Lenn)", text)) <= 1, text
    # still framed (not the statement copied), and a frame of each kind is drawn
    assert not [t for t in drawn if t.rstrip(".") in statements], drawn
    assert [t for t in drawn if t.startswith(("It is clear that Tam", "It seems that Tam", "It has become plain"))]
    # someone else's statement, even one who shares the first name, says whose thought it is
    assert [t for t in drawn if "Bo Lenn" in t and "Tam Osei" in t]
    assert [t for t in drawn if "Tam Lenn" in t] and all("Tam Osei" in t for t in drawn if "Tam Lenn" in t)
    assert [t for t in drawn if "Ana Ruiz is waving to Tam Osei" in t]
    # a memo's first person is the person's, wherever it stands
    assert [t for t in drawn if "Bo is Tam Osei's cousin" in t] and not [t for t in drawn if " my " in t]
    # the frame is a frame: a later thought or talk reads the statement without it
    assert {clean_topic(t) for t in drawn if "ferry" in t} == {"Tam is worried that the ferry will be late"}


def test_an_hours_detail_says_what_it_works_on():
    """A step written for a thing, said after the activity, read "eating lunch, eating it" and
    "attending physics classes at Oak Hill College, writing a draft of it" (20 of a ville3 day's 338
    actions)."""
    lunch = {**HOURLY, "daily_plan": HOURLY["daily_plan"].replace("have lunch", "eat lunch"), "hour": "12:00 PM"}
    answers = [ask("plan.hourly", seed, **shown)["activity"] for shown in (HOURLY, lunch) for seed in range(300)]
    it = re.compile(r", \w+ing (?:it|(?:\w+ ){1,3}of it)$")  # not "running the engine to test it"
    assert not [a for a in answers if it.search(a)], Counter(a for a in answers if it.search(a))
    assert [a for a in answers if a.startswith("repairing the ferry engine, ")]  # details are still given


def test_what_one_drew_about_the_two_of_them_is_not_told_to_the_other():
    """A reflection's "Maria Lopez and Klaus Mueller talk often" was said to Klaus as "Truth is, I and you
    talk often"; to someone else it may still come up."""
    memories = "\n".join(
        (
            "- Tam Osei and Ana Ruiz talk often",
            "- Ana Ruiz has been on Tam Osei's mind",
            "- It matters to Tam Osei that Ana Ruiz is often around when Tam Osei is",
        )
    )
    to_ana = _lines_after_greeting(memories)
    assert not [x for x in to_ana if re.search(r"talk often|on my mind|often around", x)], to_ana
    to_bo = [x for x in _lines_after_greeting(memories, other="Bo Lenn") if re.search(r"talk often|mind|around", x)]
    assert to_bo, "told to a third person it is something to say"


def test_a_second_verb_of_the_same_i_is_written_down_in_the_third_person():
    from aga.simulator.text import told_of

    said = told_of("I chair the regatta committee and am organising the regatta", "Morwenna Vane")
    assert said == "Morwenna Vane chairs the regatta committee and is organising the regatta"
    # ... but an hour's "am" is no verb ("rowing races from 10 is" was written down; session 61)
    said = told_of("I am organising the regatta: races from 10 am and a supper at 6:30 am", "Morwenna Vane")
    assert said == "Morwenna Vane is organising the regatta: races from 10 am and a supper at 6:30 am"
    # ... nor is a "have" with a participle after "and" theirs to keep (session 80's Incheon block: "Lee Sung-ho is the
    # floor representative of Haneul Tower and have called a residents' meeting" was told on)
    said = told_of("I am the floor representative and have called a residents' meeting", "Lee Sung-ho")
    assert said == "Lee Sung-ho is the floor representative and has called a residents' meeting"
    rest = told_of("I told them to rest and have lunch", "Lee Sung-ho")
    assert rest == "Lee Sung-ho told them to rest and have lunch"


def test_older_pupils_get_no_young_childrens_steps():
    """An outside tester's secondary-school chemistry teacher was "counting with the little ones"."""
    from aga.simulator.steps import know_how

    young = re.compile(r"little ones|story aloud|book corner|hearing a pupil read|page of sums|after painting")
    older = know_how("teaching", 2, "teaching chemistry to Year 11 teaches chemistry at Amaoji Secondary School")
    assert older and not [x for x in older if young.search(x)]
    primary = know_how("teaching", 2, "teaching the infants teaches at Port Merrow Primary School")
    unsaid = know_how("teaching", 2, "teaching the class teaches")
    assert all(any(young.search(x) for x in steps) for steps in (primary, unsaid))


@pytest.mark.parametrize(
    ("news", "called"),
    [
        # one's own occasion is "my" party; where it is stays, whom for and from when to when do not
        ("I am organising a Valentine's Day party at the Mill Cafe for my customers on February 14, from 5 pm",
         "my Valentine's Day party at the Mill Cafe"),
        ("I chair the regatta committee and am organising the Sennen Regatta on Saturday June 8: rowing races",
         "the Sennen Regatta on Saturday June 8"),  # (a committee is no occasion)
        ("Ana Ruiz is planning a harvest supper party at the barn", "Ana's harvest supper party at the barn"),
        ("you are planning a ceilidh on Friday", "your ceilidh on Friday"),
        ("I am going to a wedding in May", "the wedding in May"),  # one goes to it, one does not give it
        ("Sam Okoro is asking a fair price for the boat", ""),  # "a fair price" is a price
        ("the town meeting hall needs a new roof", ""),
    ],
)  # fmt: skip
def test_the_occasion_news_names(news: str, called: str):
    from aga.simulator.occasions import occasion_in

    assert occasion_in(news) == called


def test_news_of_an_occasion_is_told_in_full_or_by_its_name_and_an_invitation_is_answered():
    """The 1.5B named the recorded prompts' party by its name in 3 of the 6 lines that brought it up;
    the simulator recited the news each time, thirty words under two openers on two seeds (session 61).
    An invitation was met with small talk ("Are you coming to my party?" - "Busy day?")."""
    from aga.simulator.occasions import _ACCEPTS, _SOLEMN
    from aga.simulator.paraphrase import canonical

    news = "Tam Osei is organising the Kelp Festival on the slipway on Saturday June 8 from noon to 6 pm"
    said = "[Conversation]\nTam Osei: Hi Ana! How are you doing today?\nAna Ruiz: Hey Tam, good to see you."
    shown = {"identity": f"Name: Tam Osei\nCurrently: {news}.", "name": "Tam Osei", "other": "Ana Ruiz",
             "memories": f"- {news}", "conversation": said}  # fmt: skip
    lines = [ask("converse.utterance", seed, **shown)["utterance"] for seed in range(300)]
    told = [x for x in lines if "Kelp Festival" in x]
    in_full = [x for x in told if "I am organising the Kelp Festival" in x]
    by_name = [x for x in told if x not in in_full]
    assert in_full and by_name, told
    assert 0.25 < len(by_name) / len(told) < 0.75, (len(by_name), len(told))
    # said as the organiser says it, and never as anyone else's ("Have you heard about ...")
    assert not [x for x in by_name if "heard about" in x or "going to" in x], by_name
    assert any(x.rstrip("?").endswith("Will you come") or "coming to the Kelp Festival" in x for x in by_name)
    # Named once, the news is told in full the next time it comes up.
    invite = "Tam Osei: Are you coming to the Kelp Festival on the slipway on Saturday June 8?"
    asked = f"{said}\n{invite}\nAna Ruiz: Busy day?"
    again = [ask("converse.utterance", seed, **{**shown, "conversation": asked})["utterance"] for seed in range(300)]
    assert not [x for x in again if "coming to the Kelp Festival" in x]
    assert any("I am organising the Kelp Festival" in x for x in again)
    # The listener answers the invitation.
    heard = {"identity": "Name: Ana Ruiz", "name": "Ana Ruiz", "other": "Tam Osei",
             "memories": "- Ana Ruiz runs the net loft", "conversation": f"{said}\n{invite}"}  # fmt: skip
    answers = [ask("converse.utterance", seed, **heard)["utterance"] for seed in range(40)]
    assert {canonical(a.split(" Anyway, ")[0]) for a in answers} <= {canonical(x) for x in _ACCEPTS}, answers
    # ... soberly, to a funeral
    sad = heard["conversation"].replace("the Kelp Festival on the slipway on Saturday June 8", "the funeral on Friday")
    answers = [ask("converse.utterance", seed, **{**heard, "conversation": sad})["utterance"] for seed in range(40)]
    assert {canonical(a.split(" Anyway, ")[0]) for a in answers} <= {canonical(x) for x in _SOLEMN}, answers
    # Bad news is not brought up by its name ("Have you heard about the funeral?").
    loss = "Old Mr Pender died on Monday and the funeral is on Friday at the chapel"
    mourning = {**shown, "identity": "Name: Tam Osei", "memories": f"- {loss}"}
    lines = [ask("converse.utterance", seed, **mourning)["utterance"] for seed in range(200)]
    assert any("funeral" in x for x in lines)
    assert not [x for x in lines if re.search(r"(?:heard about|going to|talking about) the funeral", x)]


def test_what_the_listener_is_seen_doing_is_remarked_on_as_seen():
    """The line "I see you are serving behind the counter until the cafe closes. What do you make of it?" was
    said word for word on two seeds of one prompt (benchmarks/results/realism.json, session 61)."""
    said = "[Conversation]\nTam Osei: Hi Ana! How are you doing today?\nAna Ruiz: Hey Tam, good to see you."
    shown = {"identity": "Name: Tam Osei", "name": "Tam Osei", "other": "Ana Ruiz",
             "memories": "- Ana Ruiz is mending the nets on the quay until dark", "conversation": said}  # fmt: skip
    lines = [ask("converse.utterance", seed, **shown)["utterance"] for seed in range(300)]
    seen = [x for x in lines if "mending the nets" in x]
    assert seen and not [x for x in seen if "What do you make of it" in x or "Since when" in x], seen
    assert any(re.search(r"\bStill mending the nets on the quay(?: until dark)?\? \S", x) for x in seen), seen
    assert not [x for x in seen if "?." in x]
    # ... said as one sees it, now and then without how long it goes on
    assert any(re.search(r"mending the nets on the quay(?:\?|\.|$)", x) for x in seen), seen
    assert any("until dark" in x for x in seen), seen
    # ... and a meal is no work to offer a hand with ("you are enjoying lunch. Rather you than me." was said)
    lunch = {**shown, "memories": "- Ana Ruiz is having lunch at the harbour cafe"}
    lines = [ask("converse.utterance", seed, **lunch)["utterance"] for seed in range(300)]
    seen = [x for x in lines if "having lunch" in x]
    assert seen and not [x for x in seen if re.search(r"Rather you than me|Need a hand|Nearly done", x)], seen
    # ... nor a step of one, which says no meal ("Still leaving a little on the plate? That must keep you busy." was
    # said to one having lunch, an outside tester's Incheon town, session 79)
    plate = {**shown, "other_action": "having lunch (leaving a little on the plate)", "conversation": ""}
    lines = [ask("converse.utterance", seed, **plate)["utterance"] for seed in range(300)]
    seen = [x for x in lines if "on the plate" in x]
    work = r"keep you busy|Rather you than me|Need a hand|Nearly done|How long have you|How is that going"
    assert seen and not [x for x in seen if re.search(work, x)], seen
    # ... while a step of work is work
    nets = {**plate, "other_action": "working on the quay (mending the nets)"}
    lines = [ask("converse.utterance", seed, **nets)["utterance"] for seed in range(300)]
    assert [x for x in lines if "mending the nets" in x and re.search(work, x)]


def test_a_talk_of_small_talk_alone_is_nothing_to_bring_up():
    """ "Oh, and how their days are going. I thought you'd want to know." was said in a ville3 day: the
    memory of an earlier talk that had been small talk only (session 61)."""
    from aga.simulator.talk import SMALL_TALK_ONLY, _topics

    memories = [f"Tam Osei is conversing about {SMALL_TALK_ONLY}.", "Tam Osei is mending the ferry's engine"]
    assert _topics(memories, "", "Ana Ruiz", "Tam Osei") == ["Tam Osei is mending the ferry's engine"]
    said = "[Conversation]\nTam Osei: Hi Ana! How are you doing today?\nAna Ruiz: Hey Tam, good to see you."
    shown = {"identity": "Name: Tam Osei", "name": "Tam Osei", "other": "Ana Ruiz", "conversation": said,
             "memories": "\n".join(f"- {m}" for m in memories)}  # fmt: skip
    lines = [ask("converse.utterance", seed, **shown)["utterance"] for seed in range(100)]
    assert not [x for x in lines if "days are going" in x]


def test_only_whoever_makes_an_occasion_asks_if_one_will_come():
    """An outside tester's carver: "I have promised the cedar fox to Guji-san before the lantern festival.
    Will you come?" (session 61); the one who organises it does ask."""
    from aga.simulator.talk import remarks_on

    carver = remarks_on("I have promised the cedar fox to the priest before the lantern festival")
    assert "Will you come?" not in carver and "Are you going?" in carver
    assert "Will you come?" in remarks_on("I am organising the regatta on Saturday")
    assert "Will you come?" in remarks_on("I am organising the beach clean-up on Saturday")


def test_a_pair_is_said_with_the_other_first_and_written_down_with_the_pairs_verb():
    """A ville3 day (session 61): "Truth is, I and Isabella Rodriguez have been talking a lot lately", summed
    up as "Klaus Mueller ands Isabella Rodriguez have been talking"."""
    from aga.simulator.text import as_said_to, told_of

    said = as_said_to("Tam Osei and Bo Lind have been talking a lot lately", "Tam Osei", "Ana Ruiz")
    assert said == "Bo Lind and I have been talking a lot lately"
    assert as_said_to("Tam Osei and Ana Ruiz talk often", "Tam Osei", "Ana Ruiz") == "you and I talk often"
    assert told_of(said, "Tam Osei", "Ana Ruiz") == "Bo Lind and Tam Osei have been talking a lot lately"
    assert told_of("I and Bo Lind have been talking", "Tam Osei") == "Tam Osei and Bo Lind have been talking"


def test_an_occasion_retold_as_coming_up_is_named_without_the_verb():
    """ "How is your Valentine's Day party at Hobbs Cafe is coming up coming along?" and "Guess what? My
    Valentine's Day party at Hobbs Cafe is coming up. Are you going?" were said (a ville3 day, session 61)."""
    from aga.simulator.occasions import by_its_name, occasion_in
    from aga.simulator.talk import remarks_on

    assert occasion_in("your harvest party at the barn is coming up") == "your harvest party at the barn"
    mine = "My harvest party at the barn is coming up"
    assert occasion_in(mine) == "my harvest party at the barn"
    assert "Will you come?" in remarks_on(mine) and "Are you going?" not in remarks_on(mine)
    lines = {by_its_name(mine, random.Random(seed)) for seed in range(40)}
    assert not [x for x in lines if " My " in x or "coming up coming" in x], lines


def _opening_prompt(**changes: str) -> dict[str, str]:
    shown = {
        "identity": "Name: Tam Osei\nCurrently: Tam Osei is getting the ferry ready for the winter timetable.",
        "name": "Tam Osei",
        "other": "Ana Ruiz",
        "action": "checking the ferry's ropes",
        "other_action": "mending the nets on the quay, tying a knot (cutting the twine)",
        "memories": "- Ana Ruiz runs the net loft\n- The harbour master announced a storm warning for Friday",
        "conversation": "[The conversation has not started yet -- start it!]",
    }
    return {**shown, **changes}


def test_a_first_line_greets_and_mostly_says_something():
    """GPT-3.5's first lines in the original's 3-agent day: 7 of 8 a greeting and a topic, 4 of 8 on what
    the listener was doing; the 1.5B's on 15 captured openings: 2 of 30 said nothing but a greeting.
    The simulator greeted and no more, so one prompt's three seeds said the same greeting twice
    (benchmarks/results/realism_utterance.md, session 62)."""
    from aga.simulator.talk import _is_greeting

    lines = [ask("converse.utterance", seed, **_opening_prompt())["utterance"] for seed in range(300)]
    assert all(re.match(r"(?:Hi|Hey|Oh|Hello|Good|Great|Lovely|Nice|Ana)\b", x) for x in lines), lines[:5]

    def says_nothing(sentence: str) -> bool:
        return _is_greeting(sentence, "Ana Ruiz") or (sentence.endswith("?") and len(sentence.split()) <= 6)

    bare = [x for x in lines if all(says_nothing(s) for s in re.split(r"(?<=[.!?])\s+", x))]
    seen = [x for x in lines if "mending the nets" in x or "cutting the twine" in x]
    news = [x for x in lines if "storm warning" in x]
    assert 0.02 < len(bare) / len(lines) < 0.25, len(bare)
    assert 0.35 < len(seen) / len(lines) < 0.65, len(seen)
    assert 0.2 < len(news) / len(lines) < 0.65, len(news)
    # What the listener is doing is its main clause, or a third of the time the runtime's step in brackets
    # (the two embedded models took up a listener's step 17 times in 116 first lines, the activity 35),
    # never both nor the clause between.
    step = [x for x in seen if "twine" in x]
    assert 0.15 < len(step) / len(seen) < 0.5, len(step)
    assert not [x for x in seen if ("twine" in x and "nets" in x) or "tying a knot" in x], seen
    thinking = _opening_prompt(other_action="mending the nets on the quay (thinking about the storm)")
    unseen = [ask("converse.utterance", seed, **thinking)["utterance"] for seed in range(100)]
    assert not [x for x in unseen if "thinking about the storm" in x]  # (not seen: no step to speak of)
    assert len(set(lines)) > 200  # no longer one of ten greetings
    # Asleep or in this very talk, there is nothing to see (no "I see you are chatting with me").
    chatting = _opening_prompt(other_action="chatting with Tam Osei")
    lines = [ask("converse.utterance", seed, **chatting)["utterance"] for seed in range(100)]
    assert not [x for x in lines if "chatting" in x]


def test_a_first_line_brings_up_what_the_speaker_is_to_tell_everyone_and_keeps_secrets():
    duty = "Tam Osei is organising the Kelp Festival on Saturday and invites everyone he meets to come."
    memories = "- Tam Osei has a secret crush on Bo Lind\n- Ana Ruiz runs the net loft"
    shown = _opening_prompt(identity=f"Name: Tam Osei\nCurrently: {duty}", memories=memories)
    lines = [ask("converse.utterance", seed, **shown)["utterance"] for seed in range(200)]
    told = [x for x in lines if "Kelp Festival" in x]
    assert len(told) / len(lines) > 0.65, len(told)
    assert not [x for x in lines if "crush" in x]  # one's secret opens no talk


def test_what_a_first_line_tells_is_taken_up_and_summed_up():
    """The reply takes up what follows the greeting ("Still mending the nets?" - "Yes, I am still mending
    the nets."), and the summary of a talk counts the first line's news, not its greeting."""
    asked = "Tam Osei: Hi Ana! Still mending the nets on the quay? Need a hand?"
    heard = {"identity": "Name: Ana Ruiz", "name": "Ana Ruiz", "other": "Tam Osei",
             "memories": "- Ana Ruiz runs the net loft", "conversation": f"[Conversation]\n{asked}"}  # fmt: skip
    answers = [ask("converse.utterance", seed, **heard)["utterance"] for seed in range(100)]
    confirmed = [x for x in answers if "I am still mending the nets on the quay." in x]
    assert 0.6 < len(confirmed) / len(answers) < 0.95, answers[:10]
    told = "Tam Osei: Hey Ana! I should tell you, I am organising the Kelp Festival on Saturday. Will you come?"
    talk = f"{told}\nAna Ruiz: Count me in.\nTam Osei: Have you eaten yet?\nAna Ruiz: Busy day?"
    text = ask("converse.summary", 1, conversation=talk)["text"]
    assert "Kelp Festival" in text, text
    greeted = "Tam Osei: Hey Ana, good to see you.\nAna Ruiz: Hi Tam! How are you doing today?"
    assert ask("converse.summary", 1, conversation=greeted)["text"].endswith("how their days are going")
    # A "Still ..." question names no one: "Still organising the Kelp Festival?" was summed up as "Still's".
    still = f"{greeted}\nTam Osei: Still organising a Kelp Festival on the slipway? How is that going?"
    assert "Still's" not in ask("converse.summary", 1, conversation=still)["text"]


def test_what_was_said_in_other_words_is_not_told_again_and_a_still_is_answered_in_ones_person():
    """Session 64's ville3 day: "I often study at the library", varied to "I often read at the library",
    was told again two lines after the listener took it up; "Still working towards your physics
    degree?" was met with "True, I am still working towards your physics degree"; and one's own bed
    making was told with "Keep it in mind."."""
    from aga.simulator.talk import _topics, remarks_on

    said = "I should tell you, I often read at the library of Oak Hill College. I'm curious what comes of it."
    note = "Klaus Mueller often studies at the library of Oak Hill College"
    assert _topics([note], said, "Maria Lopez", "Klaus Mueller") == []
    assert _topics([note], "Hi Maria!", "Maria Lopez", "Klaus Mueller") == [note]
    asked = "Klaus Mueller: Still working towards your physics degree, thinking it through? Don't let me keep you."
    shown = {"identity": "Name: Maria Lopez", "name": "Maria Lopez", "other": "Klaus Mueller",
             "memories": "- Maria Lopez studies physics", "conversation": f"[Conversation]\n{asked}"}  # fmt: skip
    lines = [ask("converse.utterance", seed, **shown)["utterance"] for seed in range(80)]
    still = [x for x in lines if "I am still working towards" in x]
    assert still and all("towards my physics degree" in x for x in still), still
    assert not [x for x in lines if "your physics degree" in x and "I am still" in x]
    kept = {"Keep it in mind.", "I thought you'd want to know."}
    assert not kept & set(remarks_on("I am making the bed"))
    assert kept <= set(remarks_on("I am organising the parade on Friday"))


def test_asked_how_one_is_one_now_and_then_says_so_from_what_one_is_doing():
    """ "What have you been up to?" was met only with more small talk ("Honestly, it is nice to run into
    you"); the 1.5B answered such questions now and then from what the prompt shows it doing ("I'm doing
    well, thanks for asking. I've been working on reordering the sections.")."""
    asked = "Tam Osei: It's been a long day. What have you been up to?"
    conv = f"[Conversation]\nTam Osei: Hi Ana!\nAna Ruiz: Hello Tam.\n{asked}"
    shown = {"identity": "Name: Ana Ruiz", "name": "Ana Ruiz", "other": "Tam Osei",
             "memories": "- Ana Ruiz runs the net loft", "action": "mending her nets on the quay (checking the floats)",
             "other_action": "walking home", "conversation": conv}  # fmt: skip
    lines = [ask("converse.utterance", seed, **shown)["utterance"] for seed in range(200)]
    answered = [x for x in lines if re.search(r"\b(?:been|[Jj]ust|Mostly) (?:busy )?mending my nets on the quay\.", x)]
    assert 0.1 < len(answered) / len(lines) < 0.4, len(answered)
    assert not [
        x
        for x in lines
        if "mending her nets" in x
        or re.match(r"(?:So|Honestly|Well),? (?:Not|Fine|Pretty|Can't|Nothing|Quite|Just|Work)\b", x)
    ]
    # Asked whether one has eaten while eating, one says so; the answer is no news to sum the talk up by.
    eating = {
        **shown,
        "action": "having lunch at the loft",
        "conversation": conv.replace("What have you been up to?", "Have you eaten yet?"),
    }
    said = {ask("converse.utterance", seed, **eating)["utterance"] for seed in range(200)}
    assert said & {"Just now, actually.", "I'm eating now."} and not [x for x in said if x.startswith("Not yet")]
    # A greeting is nothing to react to ("Hello there, Bram." was met with "I had no idea."); an offer of
    # help is answered now and then.
    greeted = {**shown, "conversation": "[Conversation]\nTam Osei: Hello there, Ana."}
    said = {ask("converse.utterance", seed, **greeted)["utterance"] for seed in range(100)}
    assert not [x for x in said if re.search(r"I had no idea|I didn't know that|Tell me more|Same here", x)], said
    offered = {
        **shown,
        "conversation": "[Conversation]\nTam Osei: Hi Ana! I see you are mending your nets. Need a hand?",
    }
    said = {ask("converse.utterance", seed, **offered)["utterance"] for seed in range(100)}
    assert said & {"Thanks, but I'm fine.", "That's kind of you, but I've got it.", "I'd be grateful, thanks."}
    talk = f"{conv}\nAna Ruiz: Not bad, thanks. How about you?\nTam Osei: Fine, thanks."
    assert ask("converse.summary", 1, conversation=talk)["text"].endswith("how their days are going")


def test_a_verb_after_how_often_is_said_in_the_speakers_person():
    """ "Guess what? I often studies at the library" was said (a ville3 day, session 62)."""
    from aga.simulator.text import as_said_to

    said = as_said_to("Tam Osei often mends nets at the loft", "Tam Osei", "Ana Ruiz")
    assert said == "I often mend nets at the loft"
    assert as_said_to("Ana Ruiz usually goes home early", "Tam Osei", "Ana Ruiz") == "you usually go home early"


def test_a_request_for_help_with_an_occasion_is_answered():
    """GPT-3.5's organiser and the 1.5B as her asked for help with getting the party ready in first lines;
    the simulator brings an occasion up that way too, and the listener answers it (session 62)."""
    from aga.simulator.occasions import _HELPS, by_its_name

    lines = {by_its_name("I am organising the Kelp Festival on Saturday", random.Random(s)) for s in range(60)}
    asked = next(x for x in lines if x.startswith("Could you help me"))
    talk = f"[Conversation]\nTam Osei: Hi Ana! {asked}"
    heard = {"identity": "Name: Ana Ruiz", "name": "Ana Ruiz", "other": "Tam Osei",
             "memories": "- Ana Ruiz runs the net loft", "conversation": talk}  # fmt: skip
    answers = [ask("converse.utterance", seed, **heard)["utterance"].split(" Anyway, ")[0] for seed in range(30)]
    assert set(answers) <= set(_HELPS), answers


def test_ones_occasion_is_also_brought_up_by_what_one_asks_of_everyone_or_does_for_it():
    """The 1.5B as the organiser asked "can you come over and help me with the decorations?" where the
    persona read "She is collecting decorations and supplies and invites everyone she meets to come"; the
    simulator had only the occasion's name or the first sentence of "Currently" to say (session 63)."""
    from aga.simulator.occasions import _AGREES, aspects_of, by_its_name
    from aga.simulator.paraphrase import canonical

    festival = "Tam Osei is organising the Kelp Festival on the slipway on Saturday."
    currently = f"{festival} He is collecting lanterns and bunting and asks everyone he meets to bring a dish."
    aspects = aspects_of(currently, "Tam Osei")
    mine = "I am organising the Kelp Festival on the slipway on Saturday"
    lines = {by_its_name(mine, random.Random(s), aspects) for s in range(200)}
    asked = [x for x in lines if "bring a dish" in x]
    doing = [x for x in lines if "collecting lanterns and bunting for the Kelp Festival" in x]
    assert asked and doing, lines
    assert not [x for x in lines if " asks " in x or " he " in x or "{" in x], lines
    # ... called by its name alone about half the time, by where or when it is too otherwise
    assert any(x.endswith("It's for the Kelp Festival.") for x in lines), lines
    assert any("the Kelp Festival on the slipway" in x for x in lines), lines
    # A sentence that neither asks nor tells is not done for the occasion; one with no ask gives none.
    assert aspects_of(f"{festival} He is also learning the fiddle.", "Tam Osei") == ()
    assert aspects_of("Tam Osei is mending his boat.", "Tam Osei") == ()
    # The ask is answered.
    talk = f"[Conversation]\nTam Osei: Hi Ana! {asked[0]}"
    heard = {"identity": "Name: Ana Ruiz", "name": "Ana Ruiz", "other": "Tam Osei",
             "memories": "- Ana Ruiz runs the net loft", "conversation": talk}  # fmt: skip
    answers = [ask("converse.utterance", seed, **heard)["utterance"].split(" Anyway, ")[0] for seed in range(30)]
    assert {canonical(x) for x in answers} <= {canonical(x) for x in _AGREES}, answers  # (in other words at times)
    # A first line of the organiser's brings them up.
    shown = _opening_prompt(identity=f"Name: Tam Osei\nCurrently: {currently}")
    firsts = [ask("converse.utterance", seed, **shown)["utterance"] for seed in range(200)]
    assert [x for x in firsts if "bring a dish" in x] and [x for x in firsts if "lanterns" in x]


def test_the_listeners_own_occasion_is_taken_up_by_its_name_not_cut_short():
    """ "I want as many people as possible to come to my Valentine's Day party" was said back as "you want
    as many people as possible?" on seed after seed; the 1.5B asked about the party or offered to help
    (realism_utterance.json, session 63)."""
    said = "Tam Osei: Actually, I want as many people as possible to come to my harvest party at the barn"
    talk = f"[Conversation]\nAna Ruiz: Hi Tam!\n{said}"
    heard = {"identity": "Name: Ana Ruiz", "name": "Ana Ruiz", "other": "Tam Osei",
             "memories": "- Ana Ruiz runs the net loft", "conversation": talk}  # fmt: skip
    lines = [ask("converse.utterance", seed, **heard)["utterance"] for seed in range(300)]
    named = [x for x in lines if "your harvest party" in x]
    # (said back, the infinitive stays with its verb: "you want as many people as possible to come?", session 72)
    cut = [x for x in lines if "as many people as possible to come?" in x]
    assert len(named) > 20 and len(cut) > 10, (len(named), len(cut))
    assert not [x for x in named if "Have you heard" in x or "Are you going" in x]  # (it is theirs)


def test_ones_own_doing_is_brought_up_by_what_it_is_about_half_the_time():
    """The 1.5B said "I've been really busy with my research paper" where the memory read "... is writing a
    research paper on how gentrification affects low-income communities"; the simulator recited the
    memory, so two seeds' tellings were one sentence under two openers (session 62)."""
    from aga.simulator.talk import _by_its_thing

    paper = "I am writing a research paper on how gentrification affects low-income communities"
    lines = [_by_its_thing(paper, [], random.Random(seed)) for seed in range(200)]
    short = [x for x in lines if x]
    assert 0.35 < len(short) / len(lines) < 0.65
    assert all("my research paper" in x or "My research paper" in x for x in short), short
    assert not _by_its_thing(paper, ["Hm, a research paper? Since when?"], random.Random(1))  # named already
    # Not someone else's doing, not bad news, not what is about no short thing.
    for topic in ("Bo Lind is writing a research paper on tides", "I am worried about the research paper",
                  "I am combing hair", "I am rebuilding the engine of an old wooden crabber that leaks",
                  # (nor someone asked to do something: "I've been busy with my friend to help.", session 71)
                  "I am asking a friend to help",
                  # (nor people one leads: "The pickers is keeping me busy.", session 71)
                  "I am leading the pickers"):  # fmt: skip
        assert not any(_by_its_thing(topic, [], random.Random(seed)) for seed in range(20)), topic
    said = {_by_its_thing("I am mending the nets", [], random.Random(seed)) for seed in range(40)}
    assert "The nets are keeping me busy." in said and "The nets is keeping me busy." not in said


def test_news_a_colon_opens_is_told_whole_and_a_past_read_stays_past():
    """Session 71's outside wine estate: "Chiara Ferrero read the forecast: a hailstorm will hit the Langhe on
    Thursday afternoon ..." was told as "Chiara Ferrero looks through the forecast." and "Chiara Ferrero go over
    the forecast: ...", and answered "I can hardly wait." and "Are you going?"."""
    from aga.simulator.talk import told_briefly

    news = ("Chiara Ferrero read the forecast: a hailstorm will hit the Langhe on Thursday afternoon, October 5, and "
            "the Nebbiolo must be picked before then")  # fmt: skip
    assert all("hailstorm" in told_briefly(news, random.Random(seed)) for seed in range(40))
    talk = "[Conversation]\nSofia Conti: Hi Giulia!\nGiulia Marchetti: Hello Sofia.\nSofia Conti: Any news?"
    shown = {"identity": "Name: Giulia Marchetti", "name": "Giulia Marchetti", "other": "Sofia Conti",
             "memories": f"- {news}.", "conversation": talk}  # fmt: skip
    lines = [ask("converse.utterance", seed, **shown)["utterance"] for seed in range(200)]
    told = [x for x in lines if "forecast" in x]
    assert len(told) > 50 and all("hailstorm" in x for x in told), told
    assert not [x for x in told if re.search(r"Ferrero (?:look|go over|study)|hardly wait|Are you going", x)], told


def test_a_line_said_back_is_not_cut_inside_a_quantity():
    """ "So, I put a lot of time into leading the pickers in the Nebbiolo rows ..." was said back "Oh, you put a
    lot? Tell me more." (session 71's wine estate)."""
    talk = ("[Conversation]\nIoana Popescu: Hi Davide!\nDavide Bruno: So, I put a lot of time into leading the "
            "pickers in the Nebbiolo rows of the Ferrero Vineyards. Keep it in mind.")  # fmt: skip
    shown = {"identity": "Name: Ioana Popescu", "name": "Ioana Popescu", "other": "Davide Bruno",
             "memories": "- Ioana is picking grapes", "conversation": talk}  # fmt: skip
    lines = [ask("converse.utterance", seed, **shown)["utterance"] for seed in range(100)]
    back = [x for x in lines if "put a lot" in x]
    assert back and all("put a lot of time into leading the pickers?" in x for x in back), back
    # (nor in a measure of something: "Hm, Giovanni Ferrero has been busy having a glass? Since when?")
    shown["conversation"] = (
        "[Conversation]\nIoana Popescu: Hi Chiara!\nChiara Ferrero: Speaking of which, Giovanni Ferrero has been busy "
        "having a glass of Barbera at Bar Sport. Can you believe it?"
    )
    shown["other"] = "Chiara Ferrero"
    lines = [ask("converse.utterance", seed, **shown)["utterance"] for seed in range(100)]
    assert not [x for x in lines if "having a glass?" in x], lines


def test_whom_someone_knows_by_a_hyphenated_word_is_a_relation_and_no_news():
    """ "You know, Sofia is Giovanni Ferrero's tasting-room host. Everyone's talking about it." (session 71's wine
    estate): a word in -ing inside another ("tasting-room") is no doing, so the relation was read as news."""
    talk = "[Conversation]\nRosa Bruno: Hi Giulia!\nGiulia Marchetti: Hello Rosa.\nRosa Bruno: Any news?"
    memories = ("- Giovanni Ferrero and Giulia Marchetti were conversing about how Sofia is Giovanni Ferrero's "
                "tasting-room host\n- Giulia Marchetti is picking grapes")  # fmt: skip
    shown = {"identity": "Name: Giulia Marchetti", "name": "Giulia Marchetti", "other": "Rosa Bruno",
             "memories": memories, "conversation": talk}  # fmt: skip
    lines = [ask("converse.utterance", seed, **shown)["utterance"] for seed in range(300)]
    assert not [x for x in lines if "host" in x], [x for x in lines if "host" in x]


def test_what_one_was_seen_doing_elsewhere_is_not_told_as_what_one_is_doing():
    """ "I am meeting friends at Bar Sport" was said over lunch at the canteen, 33 such lines in a day of session
    71's outside wine estate: a memory of oneself at something somewhere is told only while one is at it, or when
    "Currently" says one is busy with it."""
    talk = "[Conversation]\nRosa Bruno: Hi Sofia!\nSofia Conti: Hello Rosa.\nRosa Bruno: Any news?"
    memories = "- Sofia Conti is meeting friends at Bar Sport\n- Sofia Conti is planning a wine tasting on Saturday"
    identity = "Name: Sofia Conti\nCurrently: Sofia Conti is planning a wine tasting on Saturday."

    def told(action: str, about: str) -> int:
        shown = {"identity": identity, "name": "Sofia Conti", "other": "Rosa Bruno", "memories": memories,
                 "conversation": talk, "action": action}  # fmt: skip
        return sum(about in ask("converse.utterance", seed, **shown)["utterance"] for seed in range(200))

    assert told("eating lunch at the Estate Canteen", "Bar Sport") == 0
    assert told("eating lunch at the Estate Canteen", "wine tasting") > 20
    assert told("meeting friends at Bar Sport", "Bar Sport") > 10
    # ... nor what one did earlier anywhere, nor a meal one is at: "I am eating breakfast" was said at 3 pm, and
    # "Truth is, I am having lunch, finishing the last few bites. I'm curious what comes of it." (harbour6, session
    # 74)
    memories = "- Sofia Conti is eating breakfast\n- Sofia Conti is pruning the vines (tying the canes)"
    assert told("checking the fermentation tanks", "breakfast") == 0
    assert told("checking the fermentation tanks", "pruning") == 0
    assert told("eating breakfast", "breakfast") == 0
    assert told("pruning the vines (cutting the old wood)", "pruning") > 10


def test_what_the_listener_read_is_not_told_back_to_them():
    """Session 71's outside winemaker was told her own hail forecast back 11 times ("I gather you read the
    forecast: a hailstorm will hit ..."), once it was summed up as what she "reads"."""
    talk = "[Conversation]\nChiara Ferrero: Hi Dad!\nGiovanni Ferrero: Hello Chiara.\nChiara Ferrero: Any news?"
    for verb in ("read", "reads", "hears", "learns"):
        memories = (f"- It seems that Chiara Ferrero {verb} the forecast: a hailstorm will hit the Langhe on Thursday "
                    "afternoon")  # fmt: skip
        shown = {"identity": "Name: Giovanni Ferrero", "name": "Giovanni Ferrero", "other": "Chiara Ferrero",
                 "memories": memories, "conversation": talk}  # fmt: skip
        lines = [ask("converse.utterance", seed, **shown)["utterance"] for seed in range(100)]
        assert not [x for x in lines if "forecast" in x], (verb, [x for x in lines if "forecast" in x])


def test_every_line_ends_as_a_sentence_does():
    """ "Oh, and Rosa is my wife" and "So, Luca is my dormitory neighbour" ended on nothing (session 71)."""
    talk = "[Conversation]\nIoana Popescu: Hi Davide!\nDavide Bruno: Hello Ioana.\nIoana Popescu: Any news?"
    memories = "- Davide Bruno knows Rosa Bruno as wife (feeling: loves her)"
    shown = {"identity": "Name: Davide Bruno", "name": "Davide Bruno", "other": "Ioana Popescu", "conversation": talk,
             "memories": memories}  # fmt: skip
    lines = [ask("converse.utterance", seed, **shown)["utterance"] for seed in range(200)]
    assert any("Rosa is my wife" in x for x in lines)
    assert not [x for x in lines if not x.endswith((".", "!", "?"))], [
        x for x in lines if not x.endswith((".", "!", "?"))
    ]


def test_an_opener_is_followed_by_no_capital_but_a_names():
    """ "Honestly, Busy day?" and "I think Any news on your side?" were said (session 71)."""
    from aga.simulator.paraphrase import utterance

    for line in ("Busy day?", "Any news on your side?", "Nice to see you."):
        said = {utterance(line, random.Random(seed)) for seed in range(60)}
        assert len(said) > 2 and not [x for x in said if re.search(r"\w, [A-Z]|^I think [A-Z]", x)], said
    said = {utterance("Isabella said hi.", random.Random(seed)) for seed in range(60)}
    assert "Well, Isabella said hi." in said


@pytest.mark.parametrize(
    ("relation", "said"),
    [
        ("Elif Kaya knows Nessa Pell as fellow trader (feeling: likes her straight talk).",
         "Nessa is my fellow trader. I like her straight talk"),
        ("Mira Vane knows Idris Vane as husband (feeling: loves him and wishes he slept at night).",
         "Idris is my husband. I love him and wish he slept at night"),
        ("Nessa Pell knows Idris Vane as uncle by marriage and fond of his quiet ways",
         "Idris is my uncle by marriage. I'm fond of his quiet ways"),
        ("Ana Lima knows Bo Reyes as son (feeling: is proud of him and curious about his music)",
         "Bo is my son. I'm proud of him and curious about his music"),
        ("Bev Olsen knows Kristine Dizon as young friend (feeling: has taken the homesick girl under her wing)",
         "Kristine is my young friend. I have taken the homesick girl under my wing"),  # (session 69)
        ("Ana Lima knows Bo Reyes as neighbour (feeling: friendly)", "Bo is my neighbour"),  # (no clause)
        ("Ana Lima knows Bo Reyes as classmate and has a crush on him", "Bo is my classmate"),  # (kept quiet)
    ],
)  # fmt: skip
def test_a_relation_is_said_with_the_feeling_the_memory_holds_at_times(relation: str, said: str):
    """The 1.5B recited 5 of its 9 relations with the feeling ("I know Idris Vane as uncle by marriage and
    fond of his quiet ways"); the simulator said the label alone, the same words on every seed. The
    feeling's "her" and "him" stay the one felt for (session 63)."""
    from aga.simulator.talk import _relation_said

    speaker = relation.split(" knows")[0]
    lines = {_relation_said(relation, speaker, random.Random(seed)) for seed in range(20)}
    assert said in lines and len(lines) <= 2, lines
    assert _relation_said(relation, speaker) == said.split(". ")[0]  # (without a draw: the label alone)


def test_a_talk_is_ended_in_more_than_one_way():
    """One twelve-word sentence ended every talk on every seed (session 63): the line that ends a talk
    ends with one of several leave-takings, and only that line does."""
    from aga.simulator.talk import CLOSINGS

    talk = "[Conversation]\nAna Ruiz: Hi Tam!\nTam Osei: Hello Ana.\nAna Ruiz: Busy day?"
    shown = {"identity": "Name: Tam Osei", "name": "Tam Osei", "other": "Ana Ruiz",
             "memories": "- Tam Osei mends nets", "conversation": talk}  # fmt: skip
    answers = [ask("converse.utterance", seed, **shown) for seed in range(400)]
    ended = [a["utterance"] for a in answers if a["end"]]
    assert ended and all(x.endswith(CLOSINGS) for x in ended), ended
    assert len({c for c in CLOSINGS if any(x.endswith(c) for x in ended)}) >= 3
    assert not [a for a in answers if not a["end"] and a["utterance"].endswith(CLOSINGS)]


def test_a_tea_estates_work_is_no_meal_and_a_second_thing_is_no_verb():
    """Session 64's outside tea estate: "watches the fermenting and the tea dryer" became "watching the
    fermenting and thing tea dryer" ("the" made a verb before "tea"), and the hour was read as a meal
    ("passing the salt" all night at the dryer); "plucking tea leaves" was a meal too."""
    from aga.simulator.steps import kinds_of
    from aga.simulator.text import gerund

    assert gerund("watch the fermenting and the tea dryer") == "watching the fermenting and the tea dryer"
    assert gerund("go to the cafe and have lunch") == "going to the cafe and having lunch"
    trade = "Pemba Tamang plucks tea on the slopes of Glenmoor Tea Garden"
    for work in ("plucking tea leaves in Section 12", "watching the tea dryer at Glenmoor Tea Factory"):
        assert kinds_of(work, trade)[0][0] != "meal", work
    for meal in ("having tea with Asha", "having a tea break", "making a pot of tea"):
        assert kinds_of(meal, trade)[0][0] == "meal", meal


def test_session_64s_tea_estate_talks():
    """Lines of an outside tester's tea estate: a priest's relation "the teacher, whose mother he
    cremated" recited with its "he"; "So, you are the estate manager." said to him, and "Yes, I am the
    estate manager." met with "I didn't know that."; the runtime's wait ("waiting to start scrolling
    through the news") told three times; "Looks like you are eating rice with Asha" said by Asha."""
    from aga.simulator.talk import _relation_said, _small_talk_opening, _topics
    from aga.simulator.text import as_said_to

    label = "Hari Prasad Sharma knows Asha Rai as the teacher, whose mother he cremated (feeling: fond of her)."
    assert _relation_said(label, "Hari Prasad Sharma") == "Asha is the teacher whose mother I cremated"
    assert _relation_said("Ana Lima knows Bo Reyes as the man who helped her", "Ana Lima") == (
        "Bo is the man who helped me"
    )
    assert _relation_said("Pemba Tamang knows Ramesh Agarwal as shopkeeper who gives her credit", "Pemba Tamang") == (
        "Ramesh is the shopkeeper who gives me credit"
    )
    from aga.simulator.talk import _answered, _feeling_said, _how_one_is

    assert _feeling_said("depends on him, thinks he overcharges") == "I depend on him, think he overcharges"
    # (session 74's ship: "Kenny is my fellow AB. I find him too loud but likes him.")
    assert _feeling_said("finds him too loud but likes him") == "I find him too loud but like him"
    assert _feeling_said("curious about her") == "I'm curious about her"  # (session 70: "I curious about her")
    assert _feeling_said("jealous of his boat") == "I'm jealous of his boat"
    # (a meal keeps no one busy: "The usual. I've been busy having dinner." was said, session 79)
    dinner = {_answered("doing", "I am having dinner", random.Random(seed)) for seed in range(100)}
    assert [x for x in dinner if "having dinner" in x] and not [x for x in dinner if "busy" in x], dinner
    nets = {_answered("doing", "I am mending the nets", random.Random(seed)) for seed in range(100)}
    assert [x for x in nets if "busy mending" in x]
    assert _answered(_how_one_is("How long have you been at it?"), "", random.Random(1)) in (
        "A while now.", "Not long.", "Too long, if you ask me.", "Since early on."
    )  # fmt: skip
    notes = ["Rajiv Barua is the estate manager", "Nima Tamang is waiting to start scrolling through the news"]
    assert _topics(notes, "", "Rajiv Barua", "Nima Tamang") == []
    assert _topics(notes[:1], "", "Asha Rai", "Nima Tamang") == notes[:1]
    reactions = set(_small_talk_opening("Yes, I am the estate manager.", lambda x: list(x)))
    assert not reactions & {"I didn't know that.", "I had no idea.", "Really? Tell me more.", "Same here."}
    assert as_said_to("Bishnu Rai is eating rice with Asha", "Asha Rai", "Bishnu Rai") == "you are eating rice with me"
    # (a name in -s after "and" is no verb: "attending Vigils and Lauds" was said "... and Laud", session 70)
    assert as_said_to("Pascal Vidal is attending Vigils and Lauds", "Pascal Vidal", "Luc Arnaud") == (
        "I am attending Vigils and Lauds"
    )
    # (nor is a verb of another subject: "... : Bishop Vernier will visit the abbey and wish to meet every brother")
    letter = "Dom Benoît received a letter: Bishop Vernier will visit the abbey and wishes to meet every brother"
    assert as_said_to(letter, "Dom Benoît", "Luc Arnaud").endswith("and wishes to meet every brother")
    assert as_said_to("Ana Lima bakes bread and sells it", "Ana Lima", "Bo Reyes") == "I bake bread and sell it"
    # What a talk was about is its dated news, not a relation recited after it (both rated 7).
    talk = (
        "Hari Prasad Sharma: Hi Nima! I am organising the estate's Durga Puja celebration on Friday October 11.\n"
        "Nima Tamang: Count me in.\nHari Prasad Sharma: Oh, and Asha is the teacher whose mother I cremated."
    )
    assert "Durga Puja" in ask("converse.summary", 1, conversation=talk)["text"]


def test_what_someone_is_doing_is_not_said_again_in_other_words():
    """ "Still meeting the fishing boats on Harbour Quay?", confirmed ("That's right, I am still meeting
    ..."), was followed by "I noticed you are meeting the fishing boats on Harbour Quay." (harbour6)."""
    from aga.simulator.talk import _topics

    doing = "Nessa Pellow is meeting the fishing boats on Harbour Quay"
    said = (
        "Elif Karsan: Lovely to see you, Nessa. Still meeting the fishing boats on Harbour Quay?\n"
        "Nessa Pellow: That's right, I am still meeting the fishing boats on Harbour Quay."
    )
    other = "Bo Lenn is mending the nets by the slipway"
    assert _topics([doing, other], said, "Nessa Pellow", "Elif Karsan") == [other]
    # not yet said, it may be
    assert _topics([doing, other], "Elif Karsan: Hi Nessa!", "Nessa Pellow", "Elif Karsan") == [doing, other]


def test_an_insight_on_what_a_talk_was_about_is_framed_as_a_topic():
    """A talk's summary ("conversing about Khadija's daughter Salma's wedding") is no statement: "It matters
    to Youssef Amzil that Khadija Bent Omar El Alaoui's daughter Salma's wedding" was drawn (session 65)."""
    topic = "Youssef Amzil is conversing about Khadija Bent Omar El Alaoui's daughter Salma's wedding"
    drawn = [i["insight"] for i in _insights([topic, "the ferry is late again"], range(20), name="Youssef Amzil")]
    wedding = [t for t in drawn if "wedding" in t]
    assert wedding and not [t for t in wedding if " that Khadija" in t or ": Khadija" in t], wedding
    topical = re.compile(r"thinking about Khadija|Salma's wedding has been on|coming back to Khadija")
    assert all(topical.search(t) for t in wedding), wedding
    # a statement keeps a statement's frames
    assert [t for t in drawn if re.search(r"(?:that|this:) the ferry is late again", t)], drawn


def test_someone_is_often_around_only_by_what_was_seen_or_said():
    """ "Abdelkader and Khadija cross paths often" was drawn from his relation to her and from earlier
    thoughts; he had never seen her (session 65's medina)."""
    known = [
        "Tam Osei knows Bo Lenn as neighbour (feeling: fond of him)",
        "Tam Osei has been seeing a lot of Bo Lenn",
        "It seems that Tam Osei knows Bo Lenn as neighbour",
        "the ferry is late again",
    ]
    # (a theme on Bo cites every statement naming him; a single statement's insight cites one)
    themes = [i["insight"] for i in _insights(known, range(20)) if len(i["evidence"]) > 1]
    assert not [t for t in themes if "Bo Lenn" in t], themes
    sights = ["Bo Lenn is mending the nets by the slipway", "Bo Lenn is tarring the hull of his boat"]
    seen = [*(k for k in known if "seeing a lot" not in k), *sights]
    themes = [i["insight"] for i in _insights(seen, range(20)) if len(i["evidence"]) > 1]
    assert [t for t in themes if "Bo Lenn" in t], themes
    # ... and what was thought of the two before is not thought again in other words ("Chiara Ferrero had a talk
    # with Luca Rinaldi" nine times in a day, session 71's wine estate)
    themes = [i["insight"] for i in _insights([*known, *sights], range(20)) if len(i["evidence"]) > 1]
    assert not [t for t in themes if "Bo Lenn" in t], themes


def test_what_an_earlier_reflection_drew_is_not_drawn_again():
    """Session 71's outside wine estate: 415 of a day's 890 insights were one person's earlier insight word for
    word ("It is clear that Hari ... can't stop thinking about the Puja" four times); and "Franco Gallo is often
    around when Davide Bruno is" was drawn of two never together, from thoughts about him."""
    statements = [
        "It is clear that Tam Osei is rebuilding the crabber's engine",
        "Tam Osei is rebuilding the crabber's engine",
        "the ferry is late again",
        "Ana Ruiz is selling fish on the quay",
    ]
    drawn = [i["insight"] for i in _insights(statements, range(20))]
    assert drawn and not [x for x in drawn if "crabber" in x], drawn
    assert [x for x in drawn if "ferry" in x]
    # ... nor a relation summed up before ("Rosa Bruno is Davide Bruno's wife" was his insight 13 times), nor a wait
    # for something in use, the runtime's ("It seems that Ioana Popescu is waiting to start making a note ...")
    statements = ["Tam Osei knows Ana Ruiz as wife (feeling: loves her)",
                  "Ana Ruiz is Tam Osei's wife, and Tam loves her",
                  "Tam Osei is waiting to start making a note about the nets", "the ferry is late again"]  # fmt: skip
    drawn = [i["insight"] for i in _insights(statements, range(20))]
    assert drawn and not [x for x in drawn if "wife" in x or "waiting" in x], drawn
    told = ["It seems that Bo Lenn is tarring the hull", "Tam Osei cares about this: Bo Lenn is mending the nets"]
    themes = [i["insight"] for i in _insights([*told, "the ferry is late again"], range(20)) if len(i["evidence"]) > 1]
    assert not [t for t in themes if "Bo Lenn" in t], themes


def test_news_the_listener_remembers_is_no_surprise():
    """An outside tester's night watchman, told of the strike meeting three times in a day, answered "I didn't
    know that." each time: the memories his prompt showed held it."""
    said = (
        "[Conversation]\nDafydd Roberts: Hi Ellis!\nEllis Owen: Hello there, Dafydd.\n"
        "Dafydd Roberts: Word is, I have called a meeting of the union at the reading room to vote on a strike."
    )
    memory = "- Dafydd Roberts has called a meeting of the union at the reading room to vote on a strike"
    shown = {"identity": "Name: Ellis Owen", "name": "Ellis Owen", "other": "Dafydd Roberts", "conversation": said,
             "memories": memory}  # fmt: skip
    lines = [ask("converse.utterance", seed, **shown)["utterance"] for seed in range(200)]
    # (it is still taken up, as heard already: a ship's master who had handed the father the telex answered "Hm, your
    # wife Maureen gave birth to their first child? Since when?", session 74)
    taken_up = [x for x in lines if re.match(r"(?:Yes, I heard|So I heard|I know, I heard|Yes, I know)\b", x)]
    assert taken_up, lines
    assert not [x for x in lines if re.search(r"I didn't know that|I had no idea|Is that so\?|\bstrike\?", x)], lines
    # ... and told to one who has no such memory, it can be
    fresh = {**shown, "memories": "- Ellis Owen keeps the night watch at the quarry"}
    lines = [ask("converse.utterance", seed, **fresh)["utterance"] for seed in range(200)]
    assert [x for x in lines if re.search(r"I didn't know that|I had no idea|Is that so\?", x)], lines


def test_a_step_is_not_tied_to_what_one_does_to_oneself():
    """Session 69: harbour6's ferry captain spent an hour "fixing hair", and its steps were tied to the hair
    ("putting the kettle on for hair"); the tie suits what a block works on, not one's own hair or teeth."""
    identity = "Name: Ann Fox\nLearned traits: Ann Fox is the captain of the town ferry."
    for activity in ("fixing hair", "brushing her teeth"):
        steps = _decomposed(activity, identity, seeds=30)
        assert not [s for s in steps if re.search(r"\b(?:for|on|over|at) (?:her )?(?:hair|teeth)$", s)], activity
    # ... and a thing one works on is still tied to now and then ("taking notes for the research paper").
    steps = _decomposed("writing the research paper", "Name: Kai Ode\nLearned traits: Kai Ode is a historian.", 30)
    assert any(s.endswith("for the research paper") or "the research paper" in s for s in steps)
    # Nor is a thing one only handles what a step is for: "washing the face for the window", "stirring the pot for
    # the pan" and "serving a takeaway order for the milk" were a ski village's (session 72).
    baker = "Name: Burgi Hasel\nLearned traits: Burgi Hasel is the village baker."
    for activity, thing in (
        ("opening the window", "window"),
        ("heating the pan", "pan"),
        ("topping up the milk", "milk"),
    ):
        steps = _decomposed(activity, baker, seeds=40)
        assert not [s for s in steps if s.endswith(f"for the {thing}") and s != activity], (activity, steps)
    assert any(s.endswith("for the bread order") for s in _decomposed("writing up the bread order", baker, 40))


def test_writing_is_not_varied_into_rejecting_or_into_losing_its_particle():
    """Session 69: ville3's plan said "put down a research paper on ..." (to reject it) for "write", and a
    phrasal "write up the charts" must keep its "up"."""
    from aga.simulator.paraphrase import vary

    said = {vary("write a research paper on housing", random.Random(s), rate=1) for s in range(40)}
    assert not [x for x in said if "put down" in x], said
    assert {"draft a research paper on housing", "write up a research paper on housing"} <= said
    assert {vary("write up the charts", random.Random(s), rate=1) for s in range(40)} == {"write up the charts"}


def test_a_plan_item_with_its_end_said_takes_its_hour_as_its_start():
    """Said "at" its hour after "until the cafe closes", ville3's cafe owner served "until the cafe closes
    at 9:00 am"; the hour is the item's start, and read back it still is."""
    from aga.routine import timed_items

    shown = {
        "identity": "Name: Ida Lund",
        "lifestyle": "Ida Lund goes to sleep around 11 pm and gets up around 6 am.",
        "name": "Ida Lund",
        "requirement": "Ida Lund opens the cafe at 8 am and serves behind the counter until the cafe closes at 8 pm.",
        "inspiration": "",
        "date": "Monday June 3",
        "wake_hour": "6",
    }
    for seed in range(10):
        items = ask("plan.daily", seed, **shown)["items"]
        served = [x for x in items if "until the cafe closes" in x]
        assert served and all(re.search(r"from 9:00 am until the cafe closes$", x) for x in served), items
        assert timed_items(served) == [(9, served[0])]


def test_a_reflection_says_a_relation_with_its_feeling_and_a_passing_moment_last():
    """Session 69, a harbour6 night: every reflection of the keeper's held "It seems that Idris Vane knows
    Nessa Pellow as niece by marriage" (the feeling the cast gives lost) and "It has become plain that Idris
    Vane is having lunch"; a moment is summed up only when nothing else is left."""
    statements = "\n".join(
        f"{i}. {s}"
        for i, s in enumerate(
            [
                "Idris Vane knows Nessa Pellow as niece by marriage (feeling: proud of her).",
                "Idris Vane is having lunch (getting lunch ready)",
                "Idris Vane knows Elif Karsan as baker he sees at dawn (feeling: enjoys her cheerfulness).",
                "Idris Vane logs the wind, the sea state and the barometer every hour of his watch.",
                "Idris Vane knows Ann Lee as the chemist I buy my tablets from.",
                "Idris Vane is waking up for the morning routine (stretching)",
            ],
            start=1,
        )
    )
    said = [
        i["insight"]
        for seed in range(20)
        for i in ask("reflect.insights", seed, name="Idris Vane", statements=statements, n="3")["insights"]
    ]
    assert "Nessa Pellow is Idris Vane's niece by marriage, and Idris is proud of her" in said
    assert "Idris Vane knows Elif Karsan as the baker he sees at dawn, and Idris enjoys her cheerfulness" in said
    assert not [x for x in said if "knows Nessa Pellow as" in x or "lunch" in x or "waking" in x], said
    # ... a label in the knower's own words stays in its frame, and a moment is said when nothing else is left
    assert [x for x in said if x.endswith("knows Ann Lee as the chemist Idris Vane buys their tablets from")]
    only = ask("reflect.insights", 1, name="Idris Vane", statements="1. Idris Vane is having lunch (eating)", n="3")
    assert "Idris Vane is having" in only["insights"][0]["insight"]


def test_a_meal_not_had_by_the_hour_after_its_own_is_had_then():
    """Session 69: read loosely, an outside tester's storekeeper, fisherman and technician ate nothing in 30
    hours. The hour after a meal's own, a meal the day so far has not had is had; one had is not had again."""
    plan = (
        "wake up for the morning routine at 7:00 am; have breakfast at 8:00 am; open the store at 9:00 am; "
        "run the store counter at 10:00 am; have a midday meal at the store counter at 1:00 pm; "
        "have supper at home at 7:00 pm; go to bed at 11:00 pm"
    )
    identity = "Name: Bev Kow\nLifestyle: Bev Kow goes to sleep around 11 pm and gets up around 7 am."
    hours = ["07:00 AM", "08:00 AM", "09:00 AM", "10:00 AM", "11:00 AM", "12:00 PM", "01:00 PM"]

    def previous(activities: list[str]) -> str:
        return "\n".join(f"[Monday June 3 -- {h}] Activity: {a}" for h, a in zip(hours, activities, strict=False))

    without = previous(["waking up", "opening the store"] + ["running the store counter"] * 5)
    said = [
        ask("plan.hourly", seed, identity=identity, name="Bev Kow", daily_plan=plan, previous=without, hour="02:00 PM")[
            "activity"
        ]
        for seed in range(20)
    ]
    assert all(re.match(r"(?:having|eating|grabbing|enjoying) (?:a midday meal|lunch)", x) for x in said), said
    had = previous(["waking up", "having breakfast", "opening the store", "running the store counter",
                    "enjoying a midday meal", "running the store counter", "running the store counter"])  # fmt: skip
    said = [
        ask("plan.hourly", seed, identity=identity, name="Bev Kow", daily_plan=plan, previous=had, hour="02:00 PM")[
            "activity"
        ]
        for seed in range(40)
    ]
    assert not [x for x in said if "lunch" in x or "midday meal" in x], said


def test_a_surprise_is_not_told_to_the_one_it_is_for():
    """Session 69: an outside tester's night foreman told his niece, twice, of the surprise party for her
    birthday that his "Currently" said he kept secret from her; he told no one else. It is told to others."""
    identity = (
        "Name: Marlon Dizon\nCurrently: Marlon Dizon is keeping the canning line running, and he is secretly "
        "planning a surprise party for his niece Kristine Dizon's 21st birthday in the mess hall on Tuesday at "
        "8 pm. He is quietly asking everyone he trusts to come and keep it a secret from her."
    )
    memories = "\n".join(
        (
            "- Marlon Dizon is planning a surprise party for Kristine Dizon's 21st birthday on Tuesday at 8 pm.",
            "- Marlon Dizon has asked the mess hall cook to bake an ube cake for Kristine's birthday.",
            "- Marlon Dizon is checking the retort room log (noting the temperatures)",
        )
    )

    def lines(other: str) -> list[str]:
        first = other.split()[0]
        out = []
        for seed in range(40):
            for conversation in (
                "",
                f"[Conversation]\nMarlon Dizon: Hi {first}!\n{other}: Hey Marlon, good to see you.",
            ):
                shown = dict(identity=identity, name="Marlon Dizon", other=other, memories=memories,
                             conversation=conversation)  # fmt: skip
                out.append(ask("converse.utterance", seed, **shown)["utterance"])
        return out

    to_her = lines("Kristine Dizon")
    assert not [x for x in to_her if re.search(r"party|birthday|cake|surprise", x, re.IGNORECASE)], to_her
    to_peter = lines("Peter Wassillie")
    assert [x for x in to_peter if re.search(r"surprise party|birthday", x, re.IGNORECASE)]


def test_a_dispatcher_at_the_radio_does_no_call_outs_work():
    """Session 73's night dispatcher, at the radio in the watch office, was "driving out with the lights on" and
    "lifting the patient onto the stretcher"; the crew he sends out does that."""
    out = re.compile(r"driving out|patient|casualty|stretcher|hospital|oxygen|splinting")

    def steps(trade: str, task: str = "doing the radio check with the county dispatcher") -> list[str]:
        shown = {"identity": f"Name: Gus Lem\nLearned traits: {trade}", "task": task, "minutes": "60"}
        return [x["subtask"] for seed in range(30) for x in ask("plan.decompose", seed, **shown)["subtasks"]]

    dispatcher = steps("Gus Lem is the night dispatcher at the fire station. He works the radio in the watch office.")
    assert not [x for x in dispatcher if out.search(x)], dispatcher
    crew = "Tom Rey is a firefighter and EMT on the engine crew."
    checking = steps(crew, "checking Engine 1 and the air packs")  # (nor the crew's checking the engine)
    assert not [x for x in checking if out.search(x)], checking
    assert [x for x in steps(crew, "answering a call-out to a chimney fire") if out.search(x)]


def test_what_one_has_told_one_person_only_is_kept():
    """Session 73: the circus's apprentice, "the only person she has told the truth to is Margit Halász", told her
    nursing course to the horse master; "He has told only Linda Kowalski" is the fire station's garage rent."""
    from aga.simulator.talk import not_confided

    for now, told in (
        (
            "Her parents think she is on her nursing course; the only person she has told the truth to is Margit.",
            "Niamh is still on her nursing course.",
        ),
        ("Dale is three months behind on the garage rent. He has told only Linda Kowalski.", "Dale is behind, garage."),
    ):
        assert not_confided([told], now) == [], now
    assert not_confided(["Dale is behind on the garage rent."], "Dale told Linda about the rent.") != []


def test_what_is_kept_is_not_told_in_other_words():
    """Session 73's fire station: Tom "has applied for a job with the Burlington Fire Department ... He hasn't told his
    wife Ann or Captain Ed Kowalski", and told his wife "I filled in the Burlington Fire Department application at
    the kitchen table while Ann was at school, and posted it himself." (a statement of his, in other words)."""
    identity = (
        "Name: Tom Reyes\nCurrently: Tom has applied for a job with the Burlington Fire Department, which pays far "
        "more, and has an interview there next week. He hasn't told his wife Ann or Captain Ed Kowalski, and he will "
        "not tell them until he knows whether he has the job."
    )
    memories = (
        "- Tom filled in the Burlington Fire Department application at the kitchen table while Ann was at school, "
        "and posted it himself.\n- The pancake breakfast is on Saturday at the Cold Hollow Fire Station."
    )
    lines = []
    for seed in range(40):
        talk = "[Conversation]\nTom Reyes: Hi Ann!\nAnn Reyes: Hey Tom, good to see you."
        shown = dict(identity=identity, name="Tom Reyes", other="Ann Reyes", memories=memories, conversation=talk)
        lines.append(ask("converse.utterance", seed, **shown)["utterance"])
    assert not [x for x in lines if re.search(r"Burlington|application", x)], lines
    assert [x for x in lines if "pancake" in x], lines


def test_a_doing_said_without_a_subject_is_summed_up_as_the_speaker_s():
    """Session 69: "Mostly flying passengers up the coast." was summed up as "conversing about Mostly flying
    ...", and reflections read "Mostly" as a name ("It matters to Hannah Brekke that Mostly is flying ...")."""
    for line in ("Mostly flying passengers up the coast. And you?", "Just mending the nets on the quay all day."):
        conversation = (
            f"Agnes Wassillie: Hi Hannah! What have you been up to?\nHannah Brekke: {line}\nAgnes Wassillie: Same here."
        )
        text = ask("converse.summary", 1, conversation=conversation)["text"]
        assert text.startswith("conversing about Hannah Brekke "), text
        assert "Mostly" not in text and "Just" not in text
    conversation = (
        "Agnes Wassillie: Hi Hannah!\nHannah Brekke: Nothing much has changed at the store this week, really."
    )
    assert "Hannah Brekke" not in ask("converse.summary", 1, conversation=conversation)["text"]


def test_one_talk_is_no_talking_often_and_a_plan_is_no_sight():
    """Session 69, an outside tester's Alaskan town: one talk's summary, sights and memo were summed up as
    "talk often", and "has been seeing a lot of Kristine" was drawn from a plan and a relation, before the
    two had met."""
    from aga.simulator.text import OF_ONE_TALK, OF_SOMEONE, OF_TALKS

    def drawn(lines: list[str]) -> set[str]:
        statements = "\n".join(f"{i}. {s}" for i, s in enumerate(lines, start=1))
        return {
            i["insight"]
            for seed in range(30)
            for i in ask("reflect.insights", seed, name="Peter Wassillie", statements=statements, n="3")["insights"]
        }

    def of(templates: tuple[str, ...], other: str) -> set[str]:
        return {t.format(name="Peter Wassillie", other=other) for t in templates}

    once = drawn(
        [
            "Peter Wassillie is chatting with Bev Kowalczyk",
            "Bev Kowalczyk is chatting with Peter Wassillie",
            "Peter Wassillie and Bev Kowalczyk were conversing about the price of diesel at the store",
            "Peter Wassillie is mending nets on the beach (tying a knot)",
        ]
    )
    assert once & of(OF_ONE_TALK, "Bev Kowalczyk") and not once & of(OF_TALKS, "Bev Kowalczyk"), once
    twice = drawn(
        [
            "Peter Wassillie and Bev Kowalczyk were conversing about the price of diesel at the store",
            "Peter Wassillie and Bev Kowalczyk were conversing about the new freezer for the store",
            "Peter Wassillie is mending nets on the beach (tying a knot)",
        ]
    )
    assert twice & of(OF_TALKS, "Bev Kowalczyk"), twice
    never = drawn(
        [
            "Peter Wassillie is planning a surprise for Kristine Dizon's birthday on Tuesday",
            "Peter Wassillie knows Kristine Dizon as friend's niece (feeling: fond of her).",
            "Peter Wassillie is mending nets on the beach (tying a knot)",
        ]
    )
    pair = of(OF_SOMEONE, "Kristine Dizon") | of(OF_TALKS, "Kristine Dizon") | of(OF_ONE_TALK, "Kristine Dizon")
    assert not never & pair, never
    # ... nor is a note "from our talk" with a third that names the other a talk with them, nor an earlier
    # thought of one talk a reason to say "often"
    heard = drawn(
        [
            "For Peter Wassillie's planning: I should remember this from our talk: Marlon Dizon owes Nick a beer.",
            "I found it interesting that Marlon Dizon owes Nick a case of beer from a bet.",
            "Marlon Dizon is checking the retort log (noting the temperatures)",
            "Marlon Dizon is checking the retort log (writing down the time)",
        ]
    )
    assert not heard & (of(OF_TALKS, "Marlon Dizon") | of(OF_ONE_TALK, "Marlon Dizon")), heard
    again = drawn(
        [
            "Peter Wassillie had a talk with Bev Kowalczyk",
            "Peter Wassillie and Bev Kowalczyk were conversing about the price of diesel at the store",
            "Peter Wassillie is chatting with Bev Kowalczyk",
        ]
    )
    assert not again & of(OF_TALKS, "Bev Kowalczyk"), again


def test_a_cannery_s_and_a_fish_counter_s_steps_stay_where_fish_are():
    """Session 69 gave a cannery's line and a fish counter's tower steps of their own; a bread factory's
    line and a weather station's readings keep theirs."""
    baker = "Name: Mari Q\nLearned traits: Mari Q works the night shift on the production line at Corvid Bakeries."
    steps = _decomposed("working on the production line", baker, seeds=40)
    assert not [s for s in steps if re.search(r"\b(?:fish|slime|roe|retort|cans)\b", s)], steps
    observer = "Name: Ann Q\nLearned traits: Ann Q is the weather observer at the mountain station."
    steps = _decomposed("taking the weather observations", observer, seeds=40)
    assert not [s for s in steps if re.search(r"\b(?:fish|weir|tally counter|sockeye)\b", s)], steps
    cannery = "Name: Kris D\nLearned traits: Kris D works on the slime line at Tulik Bay Seafoods, gutting salmon."
    assert [s for s in _decomposed("working the day shift on the slime line", cannery, 40) if "fish" in s]


def test_whom_one_knows_is_not_recited_to_family():
    """Session 69: an outside tester's skipper told his partner "So, Agnes is my mother"; a friend may still
    be told it."""
    memories = "\n".join(
        (
            "- Nick Wass knows Agnes Wass as mother (feeling: loves her cooking).",
            "- Nick Wass knows Peter Wass as father (feeling: proud of him).",
        )
    )
    conversation = "[Conversation]\nNick Wass: Hi Hannah!\nHannah Brek: Hey Nick, good to see you."
    base = {"name": "Nick Wass", "other": "Hannah Brek", "memories": memories, "conversation": conversation}
    partner = {**base, "relation_phrase": "Hannah Brek is Nick Wass's partner"}
    lines = [ask("converse.utterance", seed, **partner)["utterance"] for seed in range(60)]
    assert not [x for x in lines if re.search(r"is my (?:mother|father)", x)], lines
    friend = {**base, "relation_phrase": "Hannah Brek is Nick Wass's friend"}
    lines = [ask("converse.utterance", seed, **friend)["utterance"] for seed in range(60)]
    assert [x for x in lines if re.search(r"is my (?:mother|father)", x)], lines


def test_thoughts_of_who_talks_with_whom_and_a_varied_frame_are_not_told():
    """Session 69: "So, I enjoy talking with Agnes Wassillie." and "I feel nice about my days, because Peter
    Wassillie knows Hannah Brekke as son's partner." were lines of an outside tester's talks."""
    from aga.simulator.text import clean_topic

    assert clean_topic("I feel nice about my days, because Bo Lenn is mending nets.") == "Bo Lenn is mending nets"
    memories = "\n".join(
        (
            "- Peter Wass enjoys talking with Agnes Wass",
            "- Peter Wass and Bev Kow talk often",
            "- Peter Wass is mending nets on the beach (tying a knot)",
        )
    )
    conversation = "[Conversation]\nPeter Wass: Hi Kris!\nKris Diz: Hey Peter, good to see you."
    shown = {"name": "Peter Wass", "other": "Kris Diz", "memories": memories, "conversation": conversation}
    lines = [ask("converse.utterance", seed, **shown)["utterance"] for seed in range(60)]
    assert not [x for x in lines if re.search(r"talking with|talk often", x)], lines


@pytest.mark.parametrize(
    ("aim", "gist"),
    [
        ("struggling to keep the shelves stocked during the busiest weeks of the year",
         "struggling to keep the shelves stocked"),
        ("fishing his set nets every tide while the sockeye are running strong", "fishing his set nets every tide"),
        ("checking the nets and the floats and the lines and the hooks", "checking the nets and the floats"),
    ],
)  # fmt: skip
def test_what_one_is_busy_with_is_said_short_and_ends_on_no_dangling_word(aim: str, gist: str):
    """Session 69: "jotting down ideas on struggling to keep the shelves stocked during the" was a step."""
    from aga.simulator.steps import _gist

    assert _gist(aim) == gist


def test_a_word_of_a_name_in_ing_is_no_verb():
    """Session 69: "Tulik Bay Trading Post" and "Tulik River Counting Tower" made their activities about
    "Post" and "Tower" ("(chatting with the cashier at Post)", "(tapping out a dent at Tower)")."""
    from aga.simulator.text import thing_of

    assert thing_of("counting salmon from the tower at Tulik River Counting Tower") == "salmon"
    assert thing_of("taking the strips to sell at Tulik Bay Trading Post") not in ("Post", "")


def test_news_one_means_to_tell_in_a_second_sentence_is_the_news_told():
    """Session 69: an outside tester's fish counter, whose "Currently" said Fish and Game had announced an
    opener "and Luis means to tell the fishermen he sees in town", told it to no one."""
    from aga.simulator.talk import _to_tell

    currently = (
        "Luis Ort is on the night count at the counting tower. Fish and Game has just announced a 12-hour "
        "drift gillnet opener on Wednesday July 9 from 6 am to 6 pm, and Luis means to tell the fishermen he sees."
    )
    assert _to_tell(currently).startswith("Fish and Game has just announced a 12-hour drift gillnet opener")
    # ... and one that goes on about the first sentence by its pronoun tells the first
    party = "Ida Lund is organising a party at the cafe on Friday at 7 pm. She is buying the food and invites everyone."
    assert _to_tell(party) == "Ida Lund is organising a party at the cafe on Friday at 7 pm."
    # ... and whom one wants to know it (session 72's farmer "will want the circus lot to know" of the snow warning)
    snow = "Geoff heard that heavy snow will close the lanes on Wednesday night. He will want the circus lot to know."
    assert _to_tell(snow) == "Geoff heard that heavy snow will close the lanes on Wednesday night."


def test_a_relation_summed_up_by_a_reflection_is_said_as_a_relation():
    """A harbour6 teacher opened a talk with "Honestly, you are my swimming friend, and Harriet confides in
    her." to that friend, from her reflection "Priya Castell is Harriet Lusk's swimming friend, and Harriet
    confides in her" (session 69's form of a relation summed up; session 70). It is no topic for the one it
    names, and to anyone else it is said as the speaker says whom she knows."""
    from aga.simulator.talk import _relation_said

    summed = "Priya Castell is Harriet Lusk's swimming friend, and Harriet confides in her"
    shown = {"identity": "Name: Harriet Lusk\nLearned traits: Harriet Lusk teaches at Port Merrow School.",
             "name": "Harriet Lusk", "other": "Priya Castell",
             "memories": f"- {summed}\n- Harriet Lusk is planning a rock-pool project for her class",
             "conversation": "[Conversation]\n"}  # fmt: skip
    lines = [ask("converse.utterance", seed, **shown)["utterance"] for seed in range(120)]
    assert not [x for x in lines if "swimming friend" in x or "confide" in x], lines
    talk = "[Conversation]\nBram Okafor: Hi Harriet!\nHarriet Lusk: Hello Bram.\nBram Okafor: Any news?"
    alone = {**shown, "other": "Bram Okafor", "memories": f"- {summed}", "conversation": talk}
    told = [ask("converse.utterance", seed, **alone)["utterance"] for seed in range(300)]
    relation = [x for x in told if "swimming friend" in x]
    assert relation and all("Harriet" not in x for x in relation), relation
    assert {_relation_said(summed, "Harriet Lusk", random.Random(s)) for s in range(20)} == {
        "Priya is my swimming friend", "Priya is my swimming friend. I confide in her"
    }  # fmt: skip
    clause = "Idris Vane knows Nessa Pellow as the girl he taught to row, and Idris is proud of her"
    assert _relation_said(clause, "Idris Vane") == "Nessa is the girl I taught to row"


def test_a_line_said_back_keeps_where_to():
    """A harbour6 ferry captain confirmed "That's right, I am asking the passenger where." (session 70): the
    "to" of "where to" was cut as a word a clause must not end on."""
    talk = "[Conversation]\nHarriet Lusk: Hi Morwenna! Looks like you are asking the passenger where to. Need a hand?"
    shown = {"identity": "Name: Morwenna Vane\nCurrently: Morwenna Vane is asking the passenger where to",
             "name": "Morwenna Vane", "other": "Harriet Lusk",
             "memories": "- Morwenna Vane is asking the passenger where to", "conversation": talk}  # fmt: skip
    lines = [ask("converse.utterance", seed, **shown)["utterance"] for seed in range(100)]
    back = [x for x in lines if "the passenger where" in x]
    assert back and all(x.endswith("where to.") for x in back), back

    # (and "who to talk to": "Yes, I am making a list of who to talk." was said, session 79)
    talk = (
        "[Conversation]\nHarriet Lusk: Hi Morwenna! I noticed you are making a list of who to talk to. How is it going?"
    )
    said = "Morwenna Vane is making a list of who to talk to"
    shown |= {"identity": f"Name: Morwenna Vane\nCurrently: {said}", "memories": f"- {said}", "conversation": talk}
    lines = [ask("converse.utterance", seed, **shown)["utterance"] for seed in range(100)]
    back = [x for x in lines if "a list of who" in x]
    assert back and all(x.endswith("who to talk to.") for x in back), back


def test_a_talk_going_on_is_not_taken_leave_of():
    """ "Let's catch up again soon." was said mid-talk in harbour6, and the talk went on with "How has your
    week been?" (session 70): small talk that takes leave is no small talk."""
    from aga.simulator.talk import SMALL_TALK

    leave = re.compile(r"\b(?:catch up again|see you (?:soon|later)|talk to you later|bye)\b", re.IGNORECASE)
    assert not [x for x in SMALL_TALK if leave.search(x)]
    talk = "[Conversation]\nAna Ruiz: Hi Tam!\nTam Osei: Hello Ana.\nAna Ruiz: Busy day?"
    shown = {"identity": "Name: Tam Osei", "name": "Tam Osei", "other": "Ana Ruiz", "conversation": talk}
    answers = [ask("converse.utterance", seed, **shown) for seed in range(300)]
    assert not [a["utterance"] for a in answers if not a["end"] and "catch up again" in a["utterance"]]


@pytest.mark.parametrize(
    "leave",
    ["Let's catch up again soon.", "Anyway, I must be off. Talk to you later!", "Take care, Tam!",
     "I should get back to the nets. See you!", "Bye for now."],
)  # fmt: skip
def test_a_goodbye_is_said_back_and_ends_the_talk(leave: str):
    """ "Let's catch up again soon." was said back as a question, "Right, Let's catch up again soon? Since when?",
    with the talk going on (benchmarks/results/realism.json, session 74): a model's goodbye need not end a talk."""
    talk = f"[Conversation]\nAna Ruiz: Hi Tam!\nTam Osei: Hello Ana. Busy day?\nAna Ruiz: {leave}"
    shown = {"identity": "Name: Tam Osei", "name": "Tam Osei", "other": "Ana Ruiz", "conversation": talk,
             "other_action": "mending the nets on the quay"}  # fmt: skip
    answers = [ask("converse.utterance", seed, **shown) for seed in range(60)]
    assert all(a["end"] for a in answers), [a for a in answers if not a["end"]]
    lines = [str(a["utterance"]) for a in answers]
    assert not [x for x in lines if "?" in x or x == leave], lines
    assert len(set(lines)) > 30, lines  # goodbyes vary as much as a talk's other lines
    if leave.startswith("Let's"):
        assert sum(x.startswith(("Yes, let's", "Definitely", "I'd like that", "Yes, soon")) for x in lines) > 50


@pytest.mark.parametrize("going_on", ["I should get back to you on that. How is the boat?", "See you at the party?",
                                      "We catch up on the news at the bar.", "Hey Tam, good to see you.",
                                      "Oh, hello! I didn't expect to see you here.",
                                      "I could use a break myself. I was hoping I'd see you."])  # fmt: skip
def test_a_line_that_only_mentions_leaving_is_no_goodbye(going_on: str):
    """What is no leave-taking goes on with the talk ("Hey Klaus, good to see you." and "I was hoping I'd see you."
    were taken for goodbyes)."""
    talk = f"[Conversation]\nAna Ruiz: Hi Tam!\nTam Osei: Hello Ana. Busy day?\nAna Ruiz: {going_on}"
    shown = {"identity": "Name: Tam Osei", "name": "Tam Osei", "other": "Ana Ruiz", "conversation": talk}
    assert not all(ask("converse.utterance", seed, **shown)["end"] for seed in range(20))


@pytest.mark.parametrize(
    ("activity", "trade", "not_tied"),
    [
        ("seeing more patients", "Priya Castell is the vet at Seaholly Veterinary Surgery.", "more patients"),
        ("operating on animals", "Priya Castell is the vet at Seaholly Veterinary Surgery.", "animals"),
        ("checking the animals' temperatures", "Priya Castell is the vet at Seaholly Veterinary Surgery.",
         "the animals' temperatures"),
        ("holding appointments at Seaholly Veterinary Surgery", "Priya Castell is the vet.", "appointments"),
        ("filling a water bottle for the night", "Priya Castell is the vet.", "a water bottle"),
        ("heading back home", "Idris Vane keeps the lighthouse.", "home"),
        ("relaxing at home", "Idris Vane keeps the lighthouse.", "home"),
        ("recording the weather every hour", "Idris Vane keeps the lighthouse.", "the weather"),
        ("hauling boats out on the boat lift", "Bram Okafor is a mechanic at Ravel Boatyard.", "boats"),
    ],
)  # fmt: skip
def test_a_step_is_tied_only_to_a_piece_of_work(activity: str, trade: str, not_tied: str):
    """A harbour6 day tied steps to what was no piece of work (session 70): "calling the next patient in for
    more patients", "weighing the animal for animals", "giving a tablet hidden in food for the animals'
    temperatures", "closing the curtains for a water bottle", "taking the long way round for home",
    "comparing with yesterday's figures for the weather every hour", and framed them ("getting started on
    more patients", "getting what is needed for boats")."""
    shown = {"identity": f"Name: X\nLearned traits: {trade}", "task": activity, "minutes": "60"}
    steps = [s["subtask"] for seed in range(30) for s in ask("plan.decompose", seed, **shown)["subtasks"]]
    tied = [s for s in steps if re.search(rf" (?:for|on|at|over) {re.escape(not_tied)}\b", s) and s != activity]
    from aga.simulator.steps import FRAMES

    framed = [s for s in steps if any(f.replace("{thing}", not_tied) in s for f in FRAMES)]
    assert not tied and not framed, (tied, framed)


def test_a_piece_of_work_is_still_tied_to():
    """... while a piece of work is, as a model ties its steps to it ("reviewing notes on the research paper",
    "measuring the flour for a seaweed loaf")."""
    for activity, thing in (("working on his research paper", "the research paper"),
                            ("baking a seaweed loaf", "a seaweed loaf")):  # fmt: skip
        shown = {"identity": "Name: X\nLearned traits: X is a student.", "task": activity, "minutes": "60"}
        steps = [s["subtask"] for seed in range(30) for s in ask("plan.decompose", seed, **shown)["subtasks"]]
        assert len([s for s in steps if s.endswith(f"for {thing}")]) >= 5, steps


def test_a_talk_is_summed_up_by_whose_occasion_it_said():
    """A ville3 talk opened "Hello Maria! Looks like you are looking something up online. ... Truth is, I am
    organising a Valentine's Day party at Hobbs Cafe ..." and was summed up as "conversing about Maria Lopez's
    Valentine's Day party": the line's first "you" made the party hers, and Maria spent the day thinking of
    "my Valentine's Day party" and asking for help with it (session 70)."""
    talk = (
        "Isabella Rodriguez: Hello Maria! Looks like you are looking something up online. That must keep you busy. "
        "Truth is, I am organising a Valentine's Day party at Hobbs Cafe for my customers and neighbours on "
        "February 14. Wish me luck.\nMaria Lopez: Between us, I have a secret crush on Klaus Mueller.\n"
        "Isabella Rodriguez: Oh, you have a secret crush on Klaus Mueller? That must keep you busy."
    )
    texts = {ask("converse.summary", seed, conversation=talk)["text"] for seed in range(10)}
    assert not [t for t in texts if "Maria Lopez's Valentine" in t], texts
    assert "conversing about Isabella Rodriguez's Valentine's Day party at Hobbs Cafe" in texts, texts


def test_a_talk_that_told_nothing_is_no_thought_and_no_news():
    """An outside tester's abbey drew 294 insights from the memo of a talk that told nothing ("It matters to
    Thomas Girard that we caught up briefly") and told it in 15% of its lines ("I was just thinking: We caught
    up briefly. Everyone's talking about it."; session 70)."""
    from aga.simulator.text import NOTHING_TOLD

    memos = [f"For Tam Osei's planning: I should remember this from our talk: {NOTHING_TOLD}.",
             "I found it interesting that we caught up for a bit."]  # fmt: skip
    memories = "\n".join(f"- {m}" for m in [*memos, "Tam Osei is mending nets on the quay"])
    talk = "[Conversation]\nAna Ruiz: Hi Tam!\nTam Osei: Hello.\nAna Ruiz: Busy day?"
    shown = {"identity": "Name: Tam Osei", "name": "Tam Osei", "other": "Ana Ruiz", "memories": memories,
             "conversation": talk}  # fmt: skip
    lines = [ask("converse.utterance", seed, **shown)["utterance"] for seed in range(200)]
    assert not [x for x in lines if "caught up" in x.lower()]
    drawn = _insights([*memos, "Tam Osei is mending nets on the quay (tying a knot)"])
    assert drawn and not [i for i in drawn if "caught up" in i["insight"]]


@pytest.mark.parametrize(
    ("speaker", "memory"),
    [
        ("Augustin Delmas", "Thomas Girard told Augustin Delmas on Monday that he is thinking of leaving the abbey "
                            "before his vows, and asked him to keep it secret"),
        ("Pascal Vidal", "Augustin Delmas said that Thomas Girard told him he is thinking of leaving the abbey, and "
                         "asked him to keep it secret"),
        ("Thomas Girard", "Thomas Girard told Augustin Delmas on Monday that he is thinking of leaving the abbey, and "
                          "asked him to tell no one"),
        # (session 71's wine estate: what one has told no one, or is the only one somewhere to know; its owner told
        # his sale 15 times, "I meant to say, he is the only one at Cascina Ferrero who knows" among them)
        ("Thomas Girard", "Thomas Girard has told no one else that he is leaving the abbey, not even his mother; he "
                          "is the only one at Abbey Farm who knows"),
        ("Luc Arnaud", "Thomas Girard has told no one else that he is leaving the abbey, not even his mother"),
        ("Thomas Girard", "Thomas Girard is leaving the abbey; he wants it kept secret until Sunday"),
    ],
)  # fmt: skip
def test_what_was_confided_is_told_to_no_one(speaker: str, memory: str):
    """An outside tester's novice master told a novice's wish to leave, confided to him "and asked him to keep
    it secret", seven times, and it reached the abbot within 75 minutes; the novice told it too, and so did
    those who heard it (session 70)."""
    talk = f"[Conversation]\nLuc Arnaud: Hi!\n{speaker}: Hello Luc.\nLuc Arnaud: Any news?"
    shown = {"identity": f"Name: {speaker}", "name": speaker, "other": "Luc Arnaud", "memories": f"- {memory}",
             "conversation": talk}  # fmt: skip
    lines = [ask("converse.utterance", seed, **shown)["utterance"] for seed in range(200)]
    assert not [x for x in lines if re.search(r"leaving|only one", x)], lines


def test_what_one_hides_or_has_not_told_is_told_to_no_one():
    """Session 72's circus: the catcher, who "hasn't told Ines, who would refuse to throw the double to him, and
    he is keeping it from Walter too", told his failing shoulder 11 times, 9 times to those two; his statement
    says "he hid the pain from Ines Duarte". What "it" is comes from the sentence before. Keeping a place safe
    from thieves keeps nothing from anyone."""
    currently = ("Currently: Since November Tomasz's right shoulder has been giving out on the heavy catches. He "
                 "hasn't told Ines, who would refuse to throw the double to him, and he is keeping it from Walter "
                 "too, for fear of being replaced before the season opens.")  # fmt: skip
    memories = [
        "- Tomasz Wieczorek's right shoulder slipped on the last catch on Friday and he hid the pain from Ines Duarte",
        "- Tomasz Wieczorek's right shoulder has been giving out on the heavy catches since November",
    ]
    for other in ("Walter Fennimore", "Dennis Mallory"):
        talk = f"[Conversation]\n{other}: Hi Tomasz!\nTomasz Wieczorek: Hello.\n{other}: Any news?"
        for memory in memories:
            shown = {"identity": f"Name: Tomasz Wieczorek\n{currently}", "name": "Tomasz Wieczorek",
                     "other": other, "memories": memory, "conversation": talk}  # fmt: skip
            lines = [ask("converse.utterance", seed, **shown)["utterance"] for seed in range(120)]
            assert not [x for x in lines if "shoulder" in x], (other, lines)
    guard = "- Eamon Quigley keeps the place safe from thieves and fire while everyone sleeps"
    talk = "[Conversation]\nDennis Mallory: Hi Eamon!\nEamon Quigley: Hello.\nDennis Mallory: Any news?"
    shown = {"identity": "Name: Eamon Quigley", "name": "Eamon Quigley", "other": "Dennis Mallory",
             "memories": guard, "conversation": talk}  # fmt: skip
    assert [x for seed in range(120) if "thieves" in (x := ask("converse.utterance", seed, **shown)["utterance"])]


def test_a_notes_later_part_says_who_its_pronoun_is():
    """ "I meant to say, he is the only one at Cascina Ferrero who knows." was said by the one it was about
    (session 71): a later part of a note joined by "; " has the name its first part opens with, or is not said."""
    from aga.simulator.talk import _parts

    assert _parts("Rosa Bruno cooks for the crew; she serves lunch at 12:30") == [
        "Rosa Bruno cooks for the crew",
        "Rosa Bruno serves lunch at 12:30",
    ]
    assert _parts("I am the treasurer; Blessing is sewing a dress") == [
        "I am the treasurer",
        "Blessing is sewing a dress",
    ]
    assert _parts("the crew eats at eight; they are tired") == ["the crew eats at eight"]
    talk = "[Conversation]\nLuca Rinaldi: Hi Rosa!\nRosa Bruno: Hello Luca.\nLuca Rinaldi: Any news?"
    memories = "- Rosa Bruno cooks for the harvest crew; she bakes focaccia for the pickers every morning"
    shown = {"identity": "Name: Rosa Bruno", "name": "Rosa Bruno", "other": "Luca Rinaldi", "conversation": talk,
             "memories": memories}  # fmt: skip
    lines = [ask("converse.utterance", seed, **shown)["utterance"] for seed in range(200)]
    assert any("I bake focaccia" in x for x in lines) and not [x for x in lines if re.search(r"\b[Ss]he bakes", x)]


def test_a_fear_about_the_listener_is_not_told_to_them():
    """ "Actually, I am afraid of disappointing Dom Benoît, the abbot." was said to the abbot (session 70)."""
    fear = "Thomas Girard is afraid of disappointing Dom Benoît, the abbot"
    talk = "[Conversation]\n{other}: Hi Thomas!\nThomas Girard: Hello.\n{other}: Any news?"
    for other, told in (("Benoît Marchal", False), ("Luc Arnaud", True)):
        shown = {"identity": "Name: Thomas Girard", "name": "Thomas Girard", "other": other,
                 "memories": f"- {fear}", "conversation": talk.format(other=other)}  # fmt: skip
        lines = [ask("converse.utterance", seed, **shown)["utterance"] for seed in range(300)]
        assert any("afraid" in x for x in lines) is told, (other, lines)


def test_news_told_to_someone_in_an_earlier_talk_is_not_told_them_again():
    """An outside tester's night porter told of the fox by the hen house to one novice four times in a day
    (session 70). What the memories show an earlier talk with the listener was about is not told to them
    again; to anyone else it still is."""
    identity = ("Name: Pascal Vidal\nCurrently: Pascal Vidal has heard a fox near the hen house on his last two "
                "rounds and means to tell the brothers.")  # fmt: skip
    earlier = "Pascal Vidal and {other} were conversing about how Pascal Vidal has heard a fox near the hen house"
    talk = "[Conversation]\nLuc Arnaud: Hi Pascal!\nPascal Vidal: Hello Luc.\nLuc Arnaud: Any news?"

    def told(other: str) -> int:
        memories = f"- {earlier.format(other=other)} on his last two rounds\n- Pascal Vidal is keeping the night watch"
        shown = {"identity": identity, "name": "Pascal Vidal", "other": "Luc Arnaud", "memories": memories,
                 "conversation": talk}  # fmt: skip
        return sum("fox" in ask("converse.utterance", seed, **shown)["utterance"] for seed in range(100))

    assert told("Luc Arnaud") == 0 and told("Thomas Girard") > 20


def test_news_the_past_context_shows_told_is_not_told_again():
    """The porter's fox, told to one novice four times in a day, each time with "Earlier they talked: ... I
    have heard a fox near the hen house ..." in his prompt (session 71): what the last talk with the listener
    said is not told again, whoever said it; with another last talk it still is."""
    identity = ("Name: Pascal Vidal\nCurrently: Pascal Vidal has heard a fox near the hen house on his last two "
                "rounds and means to tell the brothers.")  # fmt: skip
    memories = "- Pascal Vidal has heard a fox near the hen house on his last two rounds\n- Pascal is on his round"
    talk = "[Conversation]\nThomas Girard: Hi Pascal!\nPascal Vidal: Hello Thomas.\nThomas Girard: Any news?"
    last = {
        "his": "Earlier they talked: Thomas, there you are! So, I have heard a fox near the hen house on my last two "
        "rounds. Keep it in mind. Oh, you have heard a fox? Tell me more.",
        "other": "Earlier they talked: Hi Thomas! How are you doing today? I'm well. The bread was good today.",
    }

    def told(past: str) -> int:
        shown = {"identity": identity, "name": "Pascal Vidal", "other": "Thomas Girard", "memories": memories,
                 "past_context": past, "conversation": talk}  # fmt: skip
        return sum("fox" in ask("converse.utterance", seed, **shown)["utterance"] for seed in range(100))

    assert told(last["his"]) == 0 and told(last["other"]) > 20 and told("") > 20


def test_news_told_in_this_talk_is_not_told_again_in_other_words():
    """Session 71's winemaker told her hailstorm twice in one talk (and in five talks of a day), from two memories
    that say it in other words: "I have heard the forecast of a hailstorm on Thursday ..." and "I read the
    forecast: a hailstorm will hit the Langhe on Thursday ...". Once said, it is not told again; another doing at
    the same place still is."""
    identity = ("Name: Chiara Ferrero\nCurrently: Chiara Ferrero has heard the forecast of a hailstorm on Thursday "
                "afternoon, October 5, and must get all the Nebbiolo picked before then.")  # fmt: skip
    memories = ("- Chiara Ferrero read the forecast: a hailstorm will hit the Langhe on Thursday afternoon, October 5, "
                "and the Nebbiolo must be picked before then\n- Davide Bruno is leading the pickers in the Nebbiolo "
                "rows of the Ferrero Vineyards")  # fmt: skip
    told = ("Chiara Ferrero: Hi Ioana! I have heard the forecast of a hailstorm on Thursday afternoon, October 5, and "
            "must get all the Nebbiolo picked before then.\nIoana Popescu: I keep thinking about how Giulia is "
            "picking grapes in the Barbera rows of the Ferrero Vineyards.\nChiara Ferrero: Busy day?\n"
            "Ioana Popescu: Any news on your side?")  # fmt: skip

    def lines(talk: str) -> list[str]:
        shown = {"identity": identity, "name": "Chiara Ferrero", "other": "Ioana Popescu", "memories": memories,
                 "conversation": f"[Conversation]\n{talk}"}  # fmt: skip
        return [ask("converse.utterance", seed, **shown)["utterance"] for seed in range(80)]

    again = lines(told)
    assert not [x for x in again if "hail" in x], [x for x in again if "hail" in x][:3]
    assert [x for x in again if "leading the pickers" in x]
    assert len([x for x in lines("Ioana Popescu: Hi Chiara! Any news?") if "hail" in x]) > 10


def test_what_family_have_long_known_is_not_told_them():
    """ "Oh, hi Jonas! Guess what? I have run Talgasse Pharmacy for twelve years." was said to the speaker's husband
    (session 72, the ski village): what has long been so of the speaker is no news to family; to a newcomer it
    is."""
    memories = "- Vreni Pirchner has run Talgasse Pharmacy for twelve years\n- Vreni Pirchner is serving customers"
    start = "[The conversation has not started yet -- start it!]"

    def told(relation: str) -> int:
        shown = {"identity": "Name: Vreni Pirchner", "name": "Vreni Pirchner", "other": "Jonas Pirchner",
                 "memories": memories, "conversation": start, "relation_phrase": relation}  # fmt: skip
        return sum("twelve years" in ask("converse.utterance", seed, **shown)["utterance"] for seed in range(80))

    assert told("Jonas Pirchner is Vreni Pirchner's husband") == 0
    assert told("Jonas Pirchner is Vreni Pirchner's new neighbour") > 5


def test_a_musing_is_not_mused_about():
    """An outside tester's novice master was "thinking about thinking of leaving the abbey", and a retreatant
    "wondering about trying to decide whether" (session 70): a thought already a musing is said as it is, and
    what the persona is busy with, said short, ends on no word that needs its rest."""
    from aga.simulator.steps import _gist

    assert _gist("trying to decide whether to take his vows or leave the abbey") == "trying to decide"
    identity = ("Name: Augustin Delmas\nLearned traits: Augustin Delmas is the novice master.\n"
                "Currently: Augustin Delmas is thinking of leaving the abbey before his vows.")  # fmt: skip
    shown = {"identity": identity, "task": "cataloguing books", "minutes": "60"}
    steps = [s["subtask"] for seed in range(60) for s in ask("plan.decompose", seed, **shown)["subtasks"]]
    assert any("thinking of leaving the abbey" in x for x in steps)
    assert not [x for x in steps if re.search(r"\b(?:about|over|on) (?:thinking|wondering|trying)\b", x)], steps


def test_a_wine_estates_work_has_its_own_steps():
    """Session 71's outside wine estate: 159 sub-steps of its pickers held none about grapes ("waiting for the
    order to come", "ordering another drink"); its night cellar hand's pump-overs were "stacking the timber" and
    "waiting for the glue to dry", and the foreman's hours "sweeping the brewhouse floor". A harvest's steps and a
    winery's are theirs only: a dairy farmer has no bunches, a brewer no pump-over."""
    cases = [
        ("Ioana Popescu is a seasonal grape picker. She cuts bunches in the vineyard rows.", "picking grapes in the "
         "Nebbiolo rows", r"bunches|crate|vine\b", r"order|table|drink|brewhouse|hops|malt|wort"),
        # (at the rows, not the farmyard: "fixing a broken hinge on a gate", "driving the tractor to the top field")
        ("Giulia Marchetti is working her first grape harvest as a seasonal picker.", "picking grapes in the Barbera "
         "rows", r"bunches|crate|vine\b", r"tractor|fence|gate|yard|hinge|headland"),
        ("Jim Bell is a shepherd on the fells.", "gathering the flock on the fell", r"ewes|flock", r"bunches|crate"),
        ("Luca Rinaldi is the night cellar hand of the estate's winery.", "doing pump-overs on the Nebbiolo tanks",
         r"cap\b|tank temperatures|barrels|must\b", r"timber|glue|hinge|brewhouse|hops|malt|wort|sparging"),
        ("Jim Bell is a dairy farmer.", "milking the cows", r"cows?\b", r"bunches|secateurs|vine\b|crate"),
        ("Meg Hart is the head brewer at Crag End Brewery.", "brewing the winter ale", r"mash|hops|wort|malt",
         r"cap of skins|punching down|destemmer|must\b"),
    ]  # fmt: skip
    for trade, task, right, wrong in cases:
        shown = {"identity": f"Name: {trade.split(' is ')[0]}\nLearned traits: {trade}", "task": task, "minutes": "60"}
        steps = [s["subtask"] for seed in range(60) for s in ask("plan.decompose", seed, **shown)["subtasks"]]
        assert sum(bool(re.search(right, x)) for x in steps) >= 20, (task, steps)
        assert not [x for x in steps if re.search(wrong, x)], (task, [x for x in steps if re.search(wrong, x)])


def test_a_thought_in_the_steps_is_of_the_personas_own_doing():
    """An outside tester's abbey (session 71): the novice master was "thinking of leaving the abbey before his
    vows", the novice's wish he "knows that" of; the abbot "wondering about saying that Bishop ... will make a
    visitation", the news he keeps; the guestmaster "wondering about waiting for twenty jars of honey"; the
    beekeeper "mulling over treating them against varroa", and "preparing her hives for winter" beside
    "thinking about preparing her hives". What one does oneself, said with its object, is still mused about."""
    cases = {
        "Augustin Delmas knows that the novice Thomas Girard is thinking of leaving the abbey. He is preparing a talk "
        "on obedience for the novices.": ("cataloguing books", r"leaving the abbey", "preparing a talk"),
        "Benoît Marchal has received a letter saying that Bishop Laurent Vernier will make a visitation of the abbey. "
        "He is reading the history of the abbey.": ("answering letters", r"Bishop|saying", "reading the history"),
        "Jean-Baptiste Roux is expecting a group of twelve scouts and is waiting for twenty jars of honey. He is "
        "repainting the guest rooms.": ("making up the beds", r"expecting|waiting for", "repainting the guest rooms"),
        "Hélène Mercier is preparing her hives for winter, feeding the weaker colonies and treating them against "
        "varroa.": ("preparing her hives for winter", r"treating them|(?:about|over|on) preparing her hives",
                    "feeding the weaker colonies"),
        # (nor a word in -ing inside another: "wondering about tasting-room host", session 71)
        "Luca Rinaldi is in love with Sofia Conti, the tasting-room host. He is reading a book on winemaking.":
            ("doing pump-overs on the tanks", r"tasting-room", "reading a book"),
    }  # fmt: skip
    for currently, (task, wrong, right) in cases.items():
        shown = {"identity": f"Name: {currently.split(' ')[0]}\nCurrently: {currently}", "task": task, "minutes": "60"}
        steps = [s["subtask"] for seed in range(150) for s in ask("plan.decompose", seed, **shown)["subtasks"]]
        assert not [x for x in steps if re.search(wrong, x)], (task, [x for x in steps if re.search(wrong, x)])
        assert any(right in x for x in steps), (task, right)


def test_a_name_with_a_capital_of_any_alphabet_is_a_name():
    """ "Étienne Lacombe caught up with Luc Arnaud" was no thought about two people for a pattern of "[A-Z]"
    capitals, so an outside tester's abbey framed it anew in every reflection ("It seems that Étienne Lacombe
    caught up with Luc Arnaud"), session 70. A thought about who talks with whom is no statement to frame."""
    from aga.simulator.text import OF_A_PAIR, leading_name

    for name in ("Étienne Lacombe", "Łukasz Nowak", "Ömer Yılmaz", "Åsa Berg"):
        assert OF_A_PAIR.match(f"{name} caught up with Luc Arnaud"), name
        assert leading_name(f"{name} is making cheese") == (name, "is making cheese")
    statements = ["Étienne Lacombe caught up with Luc Arnaud", "Étienne Lacombe and Luc Arnaud had a chat",
                  "Étienne Lacombe is making cheese (pressing the curd)",
                  "Étienne Lacombe is making cheese (turning the wheels)"]  # fmt: skip
    drawn = _insights(statements, name="Étienne Lacombe")
    assert not [
        i
        for i in drawn
        if re.match(r"It (?:seems|is clear|has become plain) that .* (?:caught up|had a)", i["insight"])
    ]


def test_a_doing_said_without_a_subject_is_remembered_as_the_speakers():
    """ "I should remember this from our talk: Just making an offering." was an outside tester's memo, and "Just"
    a person in the reflections after it (session 70)."""
    talk = (
        "Pascal Vidal: Hi Marc!\nMarc Bonnet: Hello Pascal. What have you been up to?\n"
        "Pascal Vidal: Just making an offering."
    )
    assert ask("reflect.chat_memo", 1, name="Marc Bonnet", conversation=talk)["text"] == (
        "I found it interesting that Pascal Vidal is making an offering."
    )


def test_what_one_keeps_to_oneself_for_now_is_not_told():
    """An outside tester's abbot "has decided to keep the bishop's visit to himself until Chapter on Friday" ("so
    far he is the only one who knows"), and told three brothers "Guess what? I received a letter ... Bishop
    Laurent Vernier will visit the abbey" (session 70). What is kept is not told, nor what shares its words."""
    currently = ("Benoît Marchal has received a letter saying that Bishop Laurent Vernier will make a visitation of "
                 "the abbey on Saturday; so far he is the only one who knows, and he means to announce it at Chapter "
                 "on Friday morning.")  # fmt: skip
    letter = "Benoît Marchal received a letter from the bishop's secretary: Bishop Laurent Vernier will visit the abbey"
    talk = "[Conversation]\nLuc Arnaud: Hi Benoît!\nBenoît Marchal: Hello Luc.\nLuc Arnaud: Any news?"
    for memories, told in ((f"- {letter}\n- Benoît Marchal has decided to keep the bishop's visit to himself", False),
                           (f"- {letter}", True)):  # fmt: skip
        identity = f"Name: Benoît Marchal\nCurrently: {currently if not told else ''}"
        shown = {"identity": identity, "name": "Benoît Marchal", "other": "Luc Arnaud", "memories": memories,
                 "conversation": talk}  # fmt: skip
        lines = [ask("converse.utterance", seed, **shown)["utterance"] for seed in range(200)]
        assert any("bishop" in x.lower() for x in lines) is told, lines


def test_a_students_desk_has_no_business_papers():
    """A ville3 student writing up his research paper was "signing off an invoice", "checking the bank statement"
    and "reading through a contract": desk work's business papers, read as a second reading of his study
    (session 75). A shopkeeper's paperwork still has them."""
    papers = re.compile(r"invoice|bank statement|contract|order form|supplier|receipts|running low|the accounts")
    student = "Name: Kai Berg\nLearned traits: Kai Berg is a student at Fenwick College studying history."

    def steps(identity: str, task: str) -> list[str]:
        shown = {"identity": identity, "task": task, "minutes": "60", "start": "4:00 pm", "surrounding": ""}
        return [x["subtask"] for s in range(150) for x in ask("plan.decompose", s, **shown)["subtasks"]]

    for task in ("writing up an essay on the history of the harbour", "emailing a question to the supervisor"):
        assert not [x for x in steps(student, task) if papers.search(x)], task
    shopkeeper = "Name: Ann Fox\nLearned traits: Ann Fox runs the hardware store on Main Street."
    assert [x for x in steps(shopkeeper, "doing the paperwork in the back office") if papers.search(x)]


def test_an_hour_at_a_cafe_has_no_steps_of_home():
    """A ville3 student "reading at Hobbs Cafe" was "sorting through a drawer", "putting the cushions back" and
    "finding the remote" there (session 75). At home the same hour still has them."""
    from aga.simulator.steps import _HOME_STEP

    student = "Name: Ida Lund\nLearned traits: Ida Lund is a student at Fenwick College studying history."

    def steps(task: str) -> set[str]:
        shown = {"identity": student, "task": task, "minutes": "60", "start": "1:00 pm", "surrounding": ""}
        return {x["subtask"] for s in range(100) for x in ask("plan.decompose", s, **shown)["subtasks"]}

    assert not [x for x in steps("reading at the Corner Cafe") if _HOME_STEP.search(x)]
    assert len([x for x in steps("relaxing at home") if _HOME_STEP.search(x)]) >= 5


def test_a_notes_later_he_is_the_one_whose_kin_the_first_part_names():
    """ "Raghunath's wife and sons live in Allahabad; he lives alone in the bungalow" was told by him as "my lives
    alone in the bungalow" (session 75). A kin of the pronoun's own is still the one it stands for."""
    from aga.simulator.talk import _parts

    assert _parts("Tam Osei's wife and sons live in Accra; he lives alone in the bungalow.")[1] == (
        "Tam Osei lives alone in the bungalow."
    )
    assert _parts("Tam Osei's brother is ill; he cannot work")[1] == "Tam Osei's brother cannot work"


_PHARMACIST = (
    "Name: Wen Hollis\nLearned traits: Wen Hollis is the pharmacist at Alder Lane Pharmacy.\n"
    "Daily plan requirement: Wen Hollis works at Alder Lane Pharmacy from 9 am until 5 pm."
)


@pytest.mark.parametrize(
    "activity, kind",
    [
        ("taking online courses on new medications and treatments", "study"),
        ("studying for the pharmacy exam", "study"),
        ("attending a lecture on new drugs", "study"),
        ("watching a webinar about vaccines", "study"),
        ("taking classes on new pharmacy law", "study"),  # (a mathematician's were a teacher's, pupils and all)
        # (and a tax adviser's "taking classes to keep up with new tax laws" was "splitting the class into groups",
        # session 77)
        ("taking classes to keep up with new pharmacy law", "study"),
        # (work at the counter is still the trade's, and a class in a craft is not a lecture)
        ("making up prescriptions", "dispensing"),
        ("taking a class in pottery", None),
    ],
)
def test_learning_about_ones_trade_is_study_not_the_trade(activity: str, kind: str | None):
    """A ville25 pharmacist "taking online courses on new medications and treatments" in the evening was
    "advising a customer about a cough" and "putting away the delivery of medicines" (session 76): the words of
    what is learned pulled to the trade they are of."""
    from aga.simulator.steps import kinds_of

    first = kinds_of(activity, _PHARMACIST.split("Learned traits: ")[1])[0][0]
    assert first == kind if kind else first != "study"


def test_a_course_is_on_its_subject_not_a_piece_of_work():
    steps = _decomposed("taking online courses on new medications and treatments", _PHARMACIST, seeds=20)
    said = " | ".join(steps)
    assert "online courses" not in said.replace("taking online courses on", "")  # the course is no thing worked on
    assert not re.search(r"\b(?:outlining|a draft of|where) new medications", said)
    assert any(re.search(r"\b(?:on|about) new medications and treatments\b", s) for s in steps)
    assert not re.search(r"\b(?:customer|delivery|till|counter)\b", said)
    kept_up = _decomposed("taking classes to keep up with new tax laws", _PHARMACIST, seeds=20)
    assert any(re.search(r"\b(?:on|about) new tax laws\b", s) for s in kept_up)
    assert not [s for s in kept_up if re.search(r"\b(?:groups?|pupils'?|register|settling the class)\b", s)]


def test_an_errand_for_one_thing_is_not_a_round_of_errands():
    """A painter "buying art supplies at the supply store" was "weighing the fruit", "picking up a prescription"
    and "buying stamps" there, four times a day (ville25, session 76)."""
    painter = "Name: Ines Varga\nLearned traits: Ines Varga is a watercolour painter."
    others = re.compile(
        r"\b(?:fruit|fresh produce|prescription|stamps|a letter|dry cleaning|key cut|the bank|parcel)\b"
    )
    one = _decomposed("buying art supplies at the supply store", painter, seeds=40)
    assert not [s for s in one if others.search(s)]
    assert not [s for s in one if re.search(r"\b(?:invoice|contract|spreadsheet|accounts)\b", s)]  # nor an office's
    # ... while a round of shopping, or fruit bought, still has them
    rounds = _decomposed("doing the weekly shopping", painter, seeds=40)
    assert [s for s in rounds if others.search(s)]
    fruit = _decomposed("buying fruit at the market", painter, seeds=40)
    assert [s for s in fruit if re.search(r"\b(?:fruit|fresh produce)\b", s)]


_RETIRED_OFFICER = "Name: Ines Varga\nLearned traits: Ines Varga is a retired customs officer."


@pytest.mark.parametrize(
    "activity, own, others",
    [
        # (each named pastime's steps, and the other pastimes it was made of: a ville25 day, session 76)
        ("watching a film", r"\b(?:watch\w*|screen|credits|film)\b", r"\b(?:knitting|podcast|journal|crossword)\b"),
        ("reading at the corner cafe", r"\b(?:read\w*|pages?|chapter|book)\b", r"\b(?:playing cards|kettle|film)\b"),
        ("playing chess with a friend", r"\b(?:move|board|pieces|game)\b", r"\b(?:cards|hand|shuffl\w*|remote)\b"),
        ("listening to records", r"\b(?:listen\w*|record|album|song)\b", r"\b(?:reworking|colours|a section)\b"),
        ("exercising in his room", r"\b(?:push-ups|sit-ups|squats|stretch\w*|sets?|mat)\b", r"\b(?:hill|path)\b"),
    ],
)
def test_a_named_pastime_is_made_of_its_own_steps(activity: str, own: str, others: str):
    """A model decomposes "watching a film" into watching a film, not into the other pastimes of a free
    evening; a workout in one's room is no walk up a hill."""
    steps = _decomposed(activity, _RETIRED_OFFICER, seeds=20)
    assert sum(1 for s in steps if re.search(own, s)) >= len(steps) / 3
    assert not [s for s in steps if re.search(others, s)]


def test_a_free_hour_unnamed_still_holds_many_pastimes():
    """... while "relaxing at home" is made of several (the measure above can fail the other way)."""
    steps = _decomposed("relaxing at home", _RETIRED_OFFICER, seeds=20)
    assert len({s for s in steps if re.search(r"\b(?:reading|watching|listening|knitting|crossword)\b", s)}) >= 4


@pytest.mark.parametrize("activity", ["building a new mobile app", "fixing a bug in the app"])
def test_software_is_made_at_a_desk(activity: str):
    """A ville25 software engineer "building a new mobile app" was "fitting new bolts", "loosening a rusted nut" and
    "checking the oil level" (session 76)."""
    engineer = "Name: Rui Costa\nLearned traits: Rui Costa is a software engineer who loves solving problems."
    steps = _decomposed(activity, engineer, seeds=20)
    assert not [s for s in steps if re.search(r"\b(?:bolts?|nut|oil|screws|spanner|shavings|welding)\b", s)]
    assert [s for s in steps if re.search(r"\b(?:code|commit|function|tests|computer|changes)\b", s)]
    # (while a shed is built with tools)
    shed = _decomposed("building a garden shed", engineer, seeds=20)
    assert not [s for s in shed if re.search(r"\b(?:code|commit|function)\b", s)]


def test_what_goes_on_a_days_sentence_is_of_that_day():
    """ "On Saturdays he is on gash, washing up after each meal in the galley ... and digging snow for the snow
    melt tank at 4 pm": an outside tester's physicist dug snow at 4 pm every day (session 76)."""
    from aga.simulator.plan import on_its_day

    requirement = (
        "Martin Keays runs the ionosonde from 9 am until 5 pm. On Saturdays he is on gash, washing up after each "
        "meal in the galley and digging snow for the snow melt tank at 4 pm. In the evening he reads."
    )
    friday = on_its_day(requirement, "Name: Martin Keays\nCurrent date: Friday June 20")
    assert "snow" not in friday and "washing up" not in friday and "In the evening he reads." in friday
    saturday = on_its_day(requirement, "Name: Martin Keays\nCurrent date: Saturday June 21")
    assert "digging snow for the snow melt tank at 4 pm" in saturday and "ionosonde" in saturday
    # ... and a new subject is not: "On Thursday he is on the bridge, and he keeps the 8-12 watch every day."
    other = on_its_day("On Thursdays he is on the bridge at 3 am, and he keeps the watch.", "Current date: Monday")
    assert "he keeps the watch" in other


def test_a_weather_observer_has_no_telescope():
    """An outside tester's 1986 met observer was "focusing the telescope" and "starting the next exposure" at the
    instrument enclosure: his "observations" were read as an astronomer's (session 76)."""
    observer = (
        "Name: Owen Pryce\nLearned traits: Owen Pryce is the meteorological assistant of the station. He makes the "
        "night synoptic weather observations in the instrument enclosure."
    )
    steps = _decomposed("making the 3 am synoptic weather observation", observer, seeds=30)
    assert not [s for s in steps if re.search(r"\b(?:telescope|exposure|seeing|guide star|calibration frames)\b", s)]
    astronomer = "Name: Ana Ruiz\nLearned traits: Ana Ruiz is the night telescope operator at the observatory."
    assert [s for s in _decomposed("observing with the telescope", astronomer, seeds=30) if "telescope" in s]


def test_times_after_a_leading_phrase_are_the_next_clauses():
    """ "Between the skeds, from 9 am until noon and from 2 pm until 5 pm, he types up the incoming telexes": an
    outside tester's radio operator was planned "keep the skeds" at 9 am and 2 pm, and the typing at 5 pm
    (session 76)."""
    from aga.simulator.plan import routine

    said = (
        "Alan Tremlett keeps the radio skeds from the radio room at 10 am, 4 pm and 9 pm. Between the skeds, from "
        "9 am until noon and from 2 pm until 5 pm, he types up the incoming telexes."
    )
    items = routine(said, 7)
    assert (9, "type up the incoming telexes") in items and (14, "type up the incoming telexes") in items
    assert not [t for _, t in items if t == "keep the skeds"]


def test_no_daylight_in_the_polar_night_and_nothing_grows_on_the_ice():
    """An outside tester's Antarctic station in June 1986 was "watching the light change", "noticing the flowers by
    the path" and "watching the rain on the window" (session 76)."""
    polar = (
        "Name: Tom Ashby\nLearned traits: Tom Ashby is the field assistant of an Antarctic research station on the "
        "ice shelf.\nCurrently: In June 1986 Tom Ashby is wintering through the polar night; the sun does not rise."
    )
    temperate = "Name: Tom Ashby\nLearned traits: Tom Ashby is a retired postman in a market town."
    misfit = re.compile(r"\b(?:sun\w*|light change|flowers?|birds?|rain|plants?|leaves|trees?)\b")
    for activity in ("going for a walk round the station", "relaxing in the lounge", "keeping the night watch"):
        assert not [s for s in _decomposed(activity, polar, seeds=30) if misfit.search(s)], activity
    assert [s for s in _decomposed("going for a walk round the town", temperate, seeds=30) if misfit.search(s)]


def test_an_hour_in_the_polar_night_has_no_daylight_either():
    """... nor the hour's own answer: the same station's base leader was "walking round the Generator Shed,
    watching the light change" (session 76)."""
    misfit = re.compile(r"\b(?:sun\w*|light change|flowers?|birds?|rain|plants?|leaves|trees?)\b")

    def hours(identity: str) -> list[str]:
        plan = "wake up at 7:00 am; walk round the huts at 9:00 am; have lunch at 1:00 pm; go to bed at 11:00 pm"
        shown = {"identity": identity, "name": "Tom Ashby", "daily_plan": plan, "previous": ""}
        return [ask("plan.hourly", s, **shown, hour=h)["activity"] for s in range(60) for h in ("09:00 AM", "10:00 AM")]

    polar = "Name: Tom Ashby\nCurrently: Tom Ashby is wintering on an Antarctic ice shelf through the polar night."
    assert not [a for a in hours(polar) if misfit.search(a)]
    assert [a for a in hours("Name: Tom Ashby\nCurrently: Tom Ashby is a retired postman.") if misfit.search(a)]


_PAINTER = "Name: Ravi Shah\nLearned traits: Ravi Shah is a painter who paints the river in oils."
_WATERCOLOURIST = "Name: June Hale\nLearned traits: June Hale is a watercolour painter."
_PHOTOGRAPHER = (
    "Name: Tia Okafor\nLearned traits: Tia Okafor is a digital photographer, organised and analytical about her art."
)
_ACTOR = "Name: Leo Brandt\nLearned traits: Leo Brandt is an actor and comedian who loves entertaining people."
_PAINTERS_STEPS = r"\b(?:colours?|shadows|shapes|brush(?:es)?|easel|paints?|canvas|highlights)\b"


@pytest.mark.parametrize(
    "activity, identity, own, others",
    [
        # a painter's guitar practice was "adding the shadows", "choosing the colours for the guitar" and "washing
        # the mop heads"; a photographer editing was "cutting out the shapes" and "mixing colours" (ville25, session 77)
        (
            "practising the guitar in the common room",
            _PAINTER,
            r"\b(?:guitar|chords|scales|tempo|melody|song|note)\b",
            rf"{_PAINTERS_STEPS}|\b(?:mop|bins?|vacuum\w*|dust\w*)\b",
        ),
        (
            "editing photographs in her room",
            _PHOTOGRAPHER,
            r"\b(?:photos?|shots?|frames?|prints?|series|caption)\b",
            _PAINTERS_STEPS,
        ),
        (
            "putting together a photography series inspired by her travels",
            _PHOTOGRAPHER,
            r"\b(?:photos?|shots?|frames?|prints?|series|caption)\b",
            rf"{_PAINTERS_STEPS}|\b(?:knitting|podcast|cards)\b",
        ),
        (
            "taking pictures by the river",
            _PHOTOGRAPHER,
            r"\b(?:shots?|lens|frame|angle|light|camera|shutter)\b",
            rf"{_PAINTERS_STEPS}|\b(?:caption|software|prints?)\b",
        ),
        (
            "getting ready for his first solo show",
            _PAINTER,
            r"\b(?:pieces?|works?|frames?|framing|labels|gallery|show|hang)\b",
            r"\b(?:bed|pajamas|alarm|teeth|lights|clothes for tomorrow)\b",
        ),
        # (an actor's web series about a co-living space was housework, "cleaning the mirror"; his improv class a
        # teacher's, "writing on the board"; ville25, session 77)
        (
            "making a web series about life in a co-living space",
            _ACTOR,
            r"\b(?:film\w*|episode|footage|clip|camera|take|script|scene|voice-over|storyboard|thumbnail)\b",
            r"\b(?:mirror|dust\w*|mop\w*|vacuum\w*|bins?|sheets|laundry|ironing)\b",
        ),
        (
            "trying out classes in improvised comedy",
            _ACTOR,
            r"\b(?:scenes?|partner|character|lines|joke|improvisation|group|notes|warm-up|script|part)\b",
            r"\b(?:board|back row|worksheets|attendance|pupils?|homework|register)\b",
        ),
        (
            "sketching ideas",
            _PAINTER,
            r"\b(?:sketch\w*|pencils?|lines?|shading|page|drawing|studies)\b",
            r"\b(?:tempo|melody|recording|chapter)\b",
        ),
    ],
)
def test_a_named_art_is_made_of_its_own_steps(activity: str, identity: str, own: str, others: str):
    """A model decomposes an hour at the guitar into practice, whatever its player's trade, and a show made ready
    into the show's work, not bedtime."""
    steps = _decomposed(activity, identity, seeds=20)
    assert sum(1 for s in steps if re.search(own, s)) >= len(steps) / 3, steps
    assert not [s for s in steps if re.search(others, s)]


def test_a_watercolour_is_no_oil_painting():
    """Each form's own steps: a wash only in a watercolour, a palette knife only in an oil painting."""
    water = _decomposed("painting at her easel at home", _WATERCOLOURIST, seeds=30)
    oil = _decomposed("painting at his easel at home", _PAINTER, seeds=30)
    assert [s for s in water if re.search(r"\b(?:wash|wet into wet|paper)\b", s)]
    assert not [s for s in water if re.search(r"\b(?:palette knife|thinning the paint|glazing)\b", s)]
    assert [s for s in oil if re.search(r"\b(?:palette knife|thinning the paint|glazing)\b", s)]
    assert not [s for s in oil if re.search(r"\b(?:wash|wet into wet|paper)\b", s)]


@pytest.mark.parametrize(
    "activity", ["visiting the exhibition at the museum", "buying paint at the hardware store", "painting the fence"]
)
def test_an_art_visited_bought_or_a_fence_painted_is_no_art_practised(activity: str):
    """The measure above can fail: an exhibition visited, paint bought or a fence painted has none of a painter's
    studio steps."""
    from aga.simulator.arts import art_of

    assert art_of(activity) is None
    steps = _decomposed(activity, _PAINTER, seeds=20)
    assert not [s for s in steps if re.search(r"\b(?:easel|wet into wet|highlights|palette knife|labels)\b", s)]


def test_selling_online_is_done_at_a_screen_not_at_the_counter():
    """A ville25 shopkeeper "focusing on selling the shop's goods online" was "greeting customers", "giving a
    customer the change" and "recommending something to a customer" (session 77)."""
    keeper = "Name: Rosa Quint\nLearned traits: Rosa Quint runs the hardware shop on Mill Street."
    online = _decomposed("focusing on selling the shop's goods online", keeper, seeds=20)
    counter = r"\b(?:customers?|change|till|counter|queue|register|loyalty)\b"
    assert not [s for s in online if re.search(counter, s)]
    assert [s for s in online if re.search(r"\b(?:listing|buyer|post|shipping|online|product description)\b", s)]
    # (the measure can fail: the shop's own hours are still at the counter, with no buyer's post)
    shop = _decomposed("serving customers in the shop", keeper, seeds=20)
    assert [s for s in shop if re.search(counter, s)]
    assert not [s for s in shop if re.search(r"\b(?:listing|buyer|shipping label|product description)\b", s)]


def test_a_part_of_the_work_named_as_the_hour_still_reads_as_the_work():
    """Read loosely, an hour is now and then named by one part of its work. A ville25 watercolourist's hours were
    "letting the wash dry" and "wetting the paper", which their own decompositions then read as laundry and
    paperwork (session 77)."""
    from aga.simulator.steps import kinds_of, know_how, trade_of

    shown = {
        "identity": "Name: June Hale\nLearned traits: June Hale is a watercolour painter.\n"
        "Lifestyle: June goes to bed around 9 pm and gets up around 5 am.",
        "name": "June Hale",
        "daily_plan": "wake up at 5:00 am; have breakfast at 6:00 am; paint at her easel at home at 7:00 am; "
        "have lunch at 12:00 pm; have dinner at 5:00 pm; go to bed at 9:00 pm",
        "previous": "",
    }
    trade = trade_of(shown["identity"])
    said = {ask("plan.hourly", s, **shown, hour=h)["activity"] for s in range(150) for h in ("09:00 AM", "03:00 PM")}
    parts = {a for a in said if not re.search(r"\b(?:paint\w*|easel|lunch|dinner|breakfast|meal)\b", a)}
    assert len(parts) >= 5, said  # (the hour is named by a part now and then)
    # ... and each such hour, decomposed, is still painting: no laundry, no paperwork, no bedtime
    elsewhere = (
        r"\b(?:laundry|washing(?! out the palette)|bins?|vacuum\w*|mop\w*|email|form|meeting|bed|alarm|lights|"
        r"curtains)\b"
    )
    made_of = {a: _decomposed(a, shown["identity"], seeds=3) for a in parts}
    assert not {a: s for a, steps in made_of.items() for s in steps if re.search(elsewhere, s)}
    # (the measure can fail: the painting's own parts include some that read as another kind alone, and are
    # decomposed as it)
    steps = know_how("creative", 2, f"painting at her easel at home {trade}", "painting at her easel at home")
    apart = [x for x in steps if kinds_of(x, trade)[0][0] not in ("creative",)]
    assert [s for x in apart for s in _decomposed(x, shown["identity"], seeds=3) if re.search(elsewhere, s)]


NURSE = "Neema Mwakyusa is a nurse on the women's medical ward of Jangwani District Hospital."


@pytest.mark.parametrize(
    ("activity", "trade", "kind"),
    [
        # A shared minibus or three-wheeler is driven as a bus is, with passengers and fares, not as a lorry's round
        # ("strapping down the load", "signing for the returns": an outside tester's daladala driver, session 78).
        ("driving his daladala minibus from the stand", "Baraka Mushi drives a daladala minibus on the route", "crew"),
        ("driving his tuk-tuk", "Ravi drives a tuk-tuk near the station", "crew"),
        ("driving his matatu", "Otieno drives a matatu", "crew"),
        ("driving the delivery van", "Sam drives a delivery van for the bakery", "delivery"),
        ("driving the lorry", "Dai is a lorry driver", "delivery"),
        # a ward nurse's medicines are care, not a pharmacy's counter ("advising a customer about a cough")
        ("giving the medicines", NURSE, "care"),
        ("giving the medicines", "John Lin is a pharmacist at the pharmacy", "dispensing"),
        # ... and a customer's prescription is an errand, neither the pharmacist's work nor a pastime
        ("picking up her prescription at the pharmacy", "Ana Lima is a teacher at the school", "errand"),
        # reading for an exam is study ("calling the next patient in" in a nurse's hour of it)
        ("reading in the afternoons for her nursing officer exam", NURSE, "study"),
        ("preparing for her Form 3 exams", "Rehema Mushi is a Form 3 pupil at the secondary school", "study"),
        ("preparing the ward for the inspection", NURSE, "care"),
        # peeling is a cook's verb, whatever is peeled ("raking up the leaves" for peeling potatoes)
        ("peeling the potatoes at home", "Zawadi sells chipsi mayai from her stall on the street", "cooking"),
    ],
)
def test_session_78s_city_trades_are_read_as_their_work(activity: str, trade: str, kind: str):
    from aga.simulator.steps import kinds_of

    assert kinds_of(activity, trade)[0][0] == kind


def test_a_minibus_drivers_steps_carry_passengers_not_loads():
    from aga.simulator.steps import kinds_of, know_how

    activity, trade = "driving the daladala", "Baraka Mushi drives a daladala minibus on the route"
    steps = know_how(kinds_of(activity, trade)[0][0], 2, f"{activity} {trade}", activity)
    assert any("passenger" in x or "fare" in x for x in steps)
    assert not any("load" in x or "pallet" in x or "delivery" in x for x in steps)


def test_a_later_pronoun_before_a_modal_and_a_possessive_in_a_place_name_are_said_right():
    from aga.simulator.text import as_said_to

    plan = "Zawadi Kassim is saving to rent a room behind the stall so she can open a proper restaurant."
    assert as_said_to(plan, "Zawadi Kassim", "Baraka Mushi") == (
        "I am saving to rent a room behind the stall so I can open a proper restaurant."
    )
    assert as_said_to(plan, "Baraka Mushi", "Zawadi Kassim") == (
        "you are saving to rent a room behind the stall so you can open a proper restaurant."
    )
    # (the stall's name keeps its owner's name: "at Mama my Chipsi Stall" was said)
    lunch = "Baraka Mushi is grabbing lunch at Mama Zawadi's Chipsi Stall"
    assert as_said_to(lunch, "Zawadi Kassim", "Baraka Mushi") == "you are grabbing lunch at Mama Zawadi's Chipsi Stall"
    assert as_said_to("Baraka Mushi is grabbing lunch at Zawadi's stall", "Zawadi Kassim", "Baraka Mushi") == (
        "you are grabbing lunch at my stall"
    )


def test_a_lead_in_to_a_question_is_said_once_a_talk():
    """An outside tester's father and daughter both said "I've been meaning to ask you something" in one talk,
    one after the other (session 78): like any small talk, it is not said again in the talk that has had it."""

    def replies(talk: str) -> list[str]:
        shown = {"identity": "Name: Ada Obi", "name": "Ada Obi", "other": "Bo Lenn", "memories": ""}
        shown["conversation"] = talk
        return [ask("converse.utterance", seed, **shown)["utterance"] for seed in range(150)]

    fresh = replies("[Conversation]\nAda Obi: Hello there, Bo.\nBo Lenn: It's been a long day.")
    asked = replies(
        "[Conversation]\nAda Obi: Hello there, Bo.\nBo Lenn: I've been meaning to ask you something. Busy day?"
    )
    lead = "meaning to ask you something"
    assert any(lead in x for x in fresh)
    assert not [x for x in asked if lead in x]


def test_a_meal_break_is_had_at_work_and_a_home_meal_at_home():
    """An outside tester's night nurse walked home from her ward at 1 am for her "meal break" and back for the
    medicines at 2 (session 78): a break in the work is had where the work is, unless the hour says where."""
    shown = {
        "home_sector": "Neema's flat", "home_arenas": "bedroom, kitchen, sitting room",
        "current_sector": "Jangwani District Hospital", "current_arenas": "women's medical ward, hospital pharmacy",
        "requirement": "Neema works the night shift on the ward at Jangwani District Hospital from 7 pm until 7 am.",
        "options": "Neema's flat, Jangwani District Hospital, Kariakoo Market",
    }  # fmt: skip

    def where(action: str) -> set[str]:
        return {ask("act.sector", s, action_description=action, **shown)["choice"] for s in range(20)}

    assert where("having a meal break (eating a meal while it is hot)") == {"Jangwani District Hospital"}
    assert where("having a meal break at home") == {"Neema's flat"}


def test_a_worshipper_does_not_lead_the_prayer_and_its_leader_does():
    """An outside tester's tailor at the mosque at noon was "leading the prayer" and "making the call to prayer"."""
    from aga.simulator.steps import kinds_of, know_how

    def leads(activity: str, trade: str) -> set[str]:
        steps = know_how(kinds_of(activity, trade)[0][0], 2, f"{activity} {trade}", activity)
        return {x for x in steps if "leading" in x or "call to prayer" in x or "blessing" in x}

    assert not leads("praying at Masjid Kichangani", "Juma Kassim is the tailor who runs Fundi Juma Tailoring.")
    assert leads("leading the noon prayer at the mosque", "Yusuf Ali is the imam of the mosque")
    assert not leads("going to the Sunday service at the church", "Ann Pryce is a farmer")
    assert leads("taking the Sunday service at the church", "Reverend Jones is the vicar of the parish church")


def test_an_occasion_organised_is_an_event_and_an_evening_is_no_verb():
    """An outside tester's retired teacher, "organising a Swahili poetry evening on the rooftop", was "putting the
    rooftop away" and "trying a new technique": "evening" was read as a verb, and the poetry as a poet's hour."""
    from aga.simulator.steps import kinds_of

    activity = "organising a Swahili poetry evening on Msimbazi House Rooftop on Saturday"
    assert thing_of(activity) == "a Swahili poetry evening"
    assert kinds_of(activity, "Hamisi Salum is a retired Swahili teacher")[0][0] == "event"
    assert kinds_of("hosting a quiz night at the pub", "Dai is a landlord of the pub")[0][0] == "event"
    assert thing_of("working in the morning on the paper") == "the paper"  # (a time of day is no place)


def test_a_way_of_life_is_no_errand_of_the_day():
    """An outside tester's minibus driver spent four hours "raising his daughter Rehema alone" at his wardrobe."""
    from aga.simulator.plan import _errands

    currently = (
        "Baraka Mushi is raising his daughter Rehema alone since his wife died. Zawadi is saving to rent a small "
        "room behind the stall. He is mending the roof of the shed."
    )
    assert _errands(f"Name: Baraka Mushi\nCurrently: {currently}", []) == ["mend the roof of the shed"]


def test_there_is_the_place_an_item_before_it_names_and_a_sewing_machine_is_no_doing():
    """An outside tester's tailor "opens Fundi Juma Tailoring at 8 am, sews and fits clothes there": he was
    "pinning the pattern to the cloth for clothes there", and his wish for "an electric sewing machine" was
    "thinking about sewing machine" (session 78)."""
    from aga.simulator.plan import routine
    from aga.simulator.steps import _drift

    items = routine("Juma Kassim opens Fundi Juma Tailoring at 8 am, sews and fits clothes there until 6 pm.", 5)
    assert (9, "sew and fit clothes at Fundi Juma Tailoring") in items
    identity = (
        "Name: Juma Kassim\nCurrently: Juma Kassim is behind on an order of forty school uniforms, and he wants to "
        "buy an electric sewing machine. He is learning to cut kanzus by eye."
    )
    shown = {"identity": identity, "inspiration": ""}
    drift = _drift(Prompt("plan.decompose", "\n".join(shown.values()), shown, None, random.Random(0)))
    assert not [x for x in drift if "sewing machine" in x], drift
    assert "learning to cut kanzus" in drift  # (its gist: see steps._gist)


def test_buying_one_thing_does_not_drift_into_the_sellers_work():
    """An outside tester's retired teacher buying the newspaper at the market was "handling payments at the
    register" (session 78): a customer's errand hesitates into no shop's service."""
    identity = "Name: Hamisi Salum\nLearned traits: Hamisi Salum is a retired Swahili teacher."
    steps = set(_decomposed("buying the newspaper at Kariakoo Market", identity, 40))
    service = {"handling payments at the register", "giving a customer the change", "restocking the shelves",
               "whispering to a friend in class"}  # fmt: skip
    assert steps and not steps & service, steps & service


def test_peeling_at_home_is_no_gardening_and_a_walk_home_no_jog():
    """Session 78's chip-stall owner "peeling the potatoes at home" was "raking up the leaves" and "cutting back the
    brambles"; its night nurse "walking home" from the ward was "jogging a stretch"."""
    from aga.simulator.plan import detailed

    identity = "Name: Zawadi Kassim\nLearned traits: Zawadi Kassim sells chipsi mayai from her stall on the street."
    steps = set(_decomposed("peeling the potatoes at home", identity, 40))
    garden = {"raking up the leaves", "cutting back the brambles", "pulling on the gardening gloves"}
    assert steps and not steps & garden
    nurse = "Name: Neema Mwakyusa\nLearned traits: Neema Mwakyusa is a nurse on the women's medical ward."
    said = set()
    for seed in range(60):
        shown = {"identity": nurse}
        said.add(detailed("walk home", Prompt("plan.hourly", nurse, shown, None, random.Random(seed)), 1.0))
    assert not [x for x in said if "jog" in x or "picking up the pace" in x], said
    went = {detailed("go for a run", Prompt("plan.hourly", nurse, {"identity": nurse}, None, random.Random(s)), 1.0)
            for s in range(60)}  # fmt: skip
    assert [x for x in went if "jog" in x or "pace" in x or "warming up" in x], went


def test_a_stall_that_fries_has_no_oven_and_a_home_kitchen_has():
    """Session 78's chip-stall owner, frying at her charcoal stall, was "putting the tray in the oven"."""
    stall = "Name: Zawadi Kassim\nLearned traits: Zawadi Kassim sells chipsi mayai from her stall on Msimbazi Street."
    fried = _decomposed("cooking and selling chipsi mayai at her stall", stall, 30)
    assert fried and not [x for x in fried if "oven" in x or "tray" in x]
    baked = _decomposed("baking bread for the morning", "Name: Ana Lima\nLearned traits: Ana Lima is a baker.", 30)
    assert [x for x in baked if "oven" in x]


def test_a_tailor_a_card_game_and_a_minibus_have_emoji_of_their_own():
    """Session 78's tailor had a laboratory's 🔬 for his seams, a game of cards was a swim 🏊 and the minibus a car."""
    from aga.simulator.act import _emoji

    assert _emoji("checking a seam against the measurements (changing the needle)") == "🧵"
    assert _emoji("playing a game (laughing at a lucky move)") == "🎲"
    assert _emoji("driving his daladala minibus from the stand (taking fares)") == "🚌"
    assert _emoji("playing football in the park") == "🏅"
    assert _emoji("driving home (checking the mirrors)") == "🚗" and _emoji("swimming in the sea") == "🏊"


def test_having_heard_already_is_no_summary_of_a_talk():
    """Session 78: "I know, I heard about it" summed up a talk as "Hamisi Salum knows, they heard about it", which
    was then told on as news."""
    talk = (
        "[Conversation]\nJuma Kassim: Hello Hamisi! Actually, I am praying at Masjid Kichangani.\n"
        "Hamisi Salum: I know, I heard about it. Since when?\nJuma Kassim: What have you been up to?\n"
        "Hamisi Salum: Oh, this and that.\nJuma Kassim: So I heard. How do you feel about it?"
    )
    summed = ask("converse.summary", 0, conversation=talk)["text"]
    assert summed == "conversing about Juma Kassim praying at Masjid Kichangani", summed


def test_a_part_of_an_hour_at_home_is_had_at_home():
    """Session 78's minibus driver, his plan's "relax at home" read as one of its parts ("knitting"), knitted at the
    bus park at 8 pm: the part read as the whole hour keeps where the whole is had."""
    shown = {
        **HOURLY,
        "daily_plan": "wake up at 6:00 am; drive the minibus at 7:00 am; have dinner at 6:00 pm; relax at home at "
        "7:00 pm; go to bed at 10:00 pm",
        "previous": "[Monday -- 06:00 PM] Activity: having dinner\n[Monday -- 07:00 PM] Activity: relaxing at home",
        "hour": "08:00 PM",
    }
    answers = {ask("plan.hourly", seed, **shown)["activity"] for seed in range(300)}
    plan = ("relaxing", "having", "driving", "eating", "getting the ferry")  # (the plan's items and "Currently")
    parts = [a for a in answers if not a.startswith(plan) and "," not in a]
    assert parts and all("at home" in a for a in parts), parts


def test_small_talk_is_said_in_more_than_one_wording_and_what_was_said_in_other_words_is_not_said_again():
    """Session 80: drawn from one wording each, stock sentences came back word for word in talk after talk of a day
    ("How are you keeping?" in six of an outside tester's Incheon talks; benchmarks.realism_reference's
    said_again_share, 0.073 against GPT-3.5's day's 0.020)."""
    from aga.simulator.talk import _WORDINGS, _news_in, _reworded

    lines = _lines_after_greeting("")
    said = " ".join(lines).lower()
    wordings = [(k, ws) for k, ws in _WORDINGS.items() if k.lower().rstrip(".?!") in said or any(
        w.lower().rstrip(".?!") in said for w in ws)]  # fmt: skip
    # (each stock sentence said in sixty lines is said in more than one wording there)
    assert len(wordings) >= 10
    assert sum(1 for _, ws in wordings if any(w.lower().rstrip(".?!") in said for w in ws)) >= 8, said
    assert {_reworded("How are you keeping?", random.Random(s)) for s in range(40)} == {
        "How are you keeping?",
        *_WORDINGS["How are you keeping?"],
    }
    # Another wording is small talk still, not news to ask about ...
    assert _news_in("Work has kept me busy lately.") == ""
    assert _news_in("The ferry's engine is due a service.") != ""
    # ... and what was said in it is not said again in the talk, in any wording.
    talk = "[Conversation]\nTam Osei: Hi Ana!\nAna Ruiz: Hey Tam. Work has kept me busy lately."
    shown = {"name": "Tam Osei", "other": "Ana Ruiz", "memories": "", "conversation": talk}
    again = [ask("converse.utterance", seed, **shown)["utterance"] for seed in range(150)]
    busy = ("I have been busy with my work lately.", *_WORDINGS["I have been busy with my work lately."])
    assert not [x for x in again if any(w.lower().rstrip(".") in x.lower() for w in busy)], again
    # ... and a question in another wording is answered as the question it words.
    shown["conversation"] = "[Conversation]\nTam Osei: Hi Ana!\nAna Ruiz: Hey Tam! How are you getting on?"
    answers = [ask("converse.utterance", seed, **shown)["utterance"] for seed in range(150)]
    assert [x for x in answers if re.search(r"thanks for asking|Not bad, thanks|Can't complain, really", x)]
