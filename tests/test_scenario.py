"""Scenario loading and its error messages (file, entry, field, fix)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from aga.scenario.loader import ScenarioError, load_scenario, scenarios_root


@pytest.fixture
def ville3_copy(tmp_path: Path) -> Path:
    folder = tmp_path / "ville3"
    shutil.copytree(scenarios_root() / "ville3", folder)
    shutil.copytree(scenarios_root() / "smallville", tmp_path / "smallville")
    return folder


def test_ville3_loads():
    scenario = load_scenario("ville3")
    assert [p.first_name for p in scenario.cast] == ["Isabella", "Klaus", "Maria"]
    assert scenario.params.reflection_threshold == 150
    assert scenario.spec.start.isoformat() == "2023-02-13T00:00:00"
    assert scenario.spec.news[0].seeded_in == ["Isabella Rodriguez"]
    assert scenario.persona("Klaus").age == 20


def test_unknown_scenario_lists_known_ones():
    with pytest.raises(ScenarioError, match="known scenarios are .*ville3"):
        load_scenario("atlantis")


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text, old
    path.write_text(text.replace(old, new, 1))


def test_bad_field_value_names_file_persona_and_field(ville3_copy):
    _edit(ville3_copy / "cast.toml", "age = 20", "age = -3")
    with pytest.raises(ScenarioError) as info:
        load_scenario(ville3_copy)
    message = str(info.value)
    assert "cast.toml" in message and "persona #2 'Klaus Mueller' > age" in message and "-3" in message


def test_unknown_field_is_rejected(ville3_copy):
    _edit(ville3_copy / "cast.toml", "age = 34", 'age = 34\nnickname = "Izzy"')
    with pytest.raises(ScenarioError, match=r"persona #1 'Isabella Rodriguez' > nickname: unknown setting 'nickname'"):
        load_scenario(ville3_copy)


def test_unknown_living_area(ville3_copy):
    _edit(ville3_copy / "cast.toml", "Klaus Mueller's room\"", "Klaus's room\"")
    with pytest.raises(
        ScenarioError, match=r"living_area: 'Klaus's room' is not an arena of Dorm for Oak Hill College; its arenas are"
    ):
        load_scenario(ville3_copy)


def test_relationship_with_someone_outside_the_cast(ville3_copy):
    _edit(
        ville3_copy / "cast.toml",
        '{ with = "Maria Lopez", label = "regular customer"',
        '{ with = "Maria Lopes", label = "regular customer"',
    )
    with pytest.raises(ScenarioError, match="relationship with 'Maria Lopes': not in this scenario's cast"):
        load_scenario(ville3_copy)


def test_toml_syntax_error_has_line(ville3_copy):
    _edit(ville3_copy / "scenario.toml", "step_seconds = 10", "step_seconds = = 10")
    with pytest.raises(ScenarioError, match=r"scenario.toml is not valid TOML: .*line"):
        load_scenario(ville3_copy)
    # A cast written as JSON is told so; TOML's own "Invalid statement" does not say what is wrong.
    (ville3_copy / "cast.toml").write_text('{"persona": [{"name": "Ann"}]}')
    (ville3_copy / "scenario.toml").write_text((ville3_copy / "scenario.toml").read_text().replace("= = 10", "= 10"))
    says = r"cast.toml is not valid TOML: .*it looks like JSON: scenario files are TOML"
    with pytest.raises(ScenarioError, match=says):
        load_scenario(ville3_copy)


def test_a_setting_in_the_wrong_table_is_told_where_it_goes(ville3_copy):
    # Found by a user: step_seconds written under [parameters] got only the list of what is allowed there.
    scenario = ville3_copy / "scenario.toml"
    text = scenario.read_text()
    _edit(scenario, "step_seconds = 10\n", "")
    scenario.write_text(scenario.read_text().replace("[parameters]\n", "[parameters]\nstep_seconds = 10\n", 1))
    says = r"unknown setting 'step_seconds'; 'step_seconds' is a setting of the file's top level"
    with pytest.raises(ScenarioError, match=says):
        load_scenario(ville3_copy)
    scenario.write_text(text)


def test_town_error_names_the_town_file(ville3_copy):
    town = ville3_copy.parent / "smallville" / "town.toml"
    _edit(
        town,
        'doors = ["S6"], objects = ["cafe customer seating"',
        'doors = ["S60"], objects = ["cafe customer seating"',
    )
    with pytest.raises(ScenarioError, match=r"town.toml: sector #\d+ 'Hobbs Cafe' > arenas #1 'cafe': door 'S60'"):
        load_scenario(ville3_copy)


def test_a_news_event_needs_a_real_place_and_a_window(ville3_copy):
    scenario = ville3_copy / "scenario.toml"
    _edit(scenario, 'place = "Hobbs Cafe"', 'place = "Hobbs Caffe"')
    with pytest.raises(
        ScenarioError, match=r"news 'valentine_party' > place: 'Hobbs Caffe' .*did you mean 'Hobbs Cafe'"
    ):
        load_scenario(ville3_copy)
    _edit(scenario, 'place = "Hobbs Caffe"', 'place = "Hobbs Cafe:ballroom"')
    with pytest.raises(ScenarioError, match=r"'ballroom' is not an arena of Hobbs Cafe"):
        load_scenario(ville3_copy)
    _edit(scenario, 'place = "Hobbs Cafe:ballroom"', 'place = "Hobbs Cafe:cafe"')
    assert load_scenario(ville3_copy).spec.news[0].place == "Hobbs Cafe:cafe"
    _edit(scenario, "ends = 2023-02-14T19:00:00", "ends = 2023-02-14T16:00:00")
    with pytest.raises(ScenarioError, match="is not after starts"):
        load_scenario(ville3_copy)
    _edit(scenario, "ends = 2023-02-14T16:00:00\n", "")
    with pytest.raises(ScenarioError, match="place, starts and ends together"):
        load_scenario(ville3_copy)


# What an outside tester's town (2026-11-27) got through `aga scenario check` without a word; each of
# these loaded before, and a zoned start crashed `aga resume` and `aga interview` later.


def test_a_start_with_a_time_zone_is_refused_with_the_local_time_to_give(ville3_copy):
    _edit(ville3_copy / "scenario.toml", "start = 2023-02-13T00:00:00", "start = 2023-02-13T00:00:00+01:00")
    with pytest.raises(ScenarioError, match=r"scenario.toml: start: .*has a time zone.*e\.g\. 2023-02-13T00:00:00"):
        load_scenario(ville3_copy)


def test_a_news_event_with_a_time_zone_is_refused(ville3_copy):
    _edit(ville3_copy / "scenario.toml", "ends = 2023-02-14T19:00:00", "ends = 2023-02-14T19:00:00Z")
    with pytest.raises(ScenarioError, match=r"news #1 .*ends: .*has a time zone"):
        load_scenario(ville3_copy)


def test_two_news_items_with_one_id_are_refused(ville3_copy):
    scenario = ville3_copy / "scenario.toml"
    text = scenario.read_text()
    news = text[text.index("[[news]]") :]
    scenario.write_text(text + "\n" + news.replace('"Is anyone throwing a party soon?"', '"Any parties?"'))
    with pytest.raises(ScenarioError, match=r"news 'valentine_party': the id is given to 2 news items"):
        load_scenario(ville3_copy)


@pytest.mark.parametrize("other", ["KLAUS MUELLER", "Klaus  Mueller", "Kláus Mueller"])
def test_names_that_differ_only_in_capitals_accents_or_spaces_are_one_name(ville3_copy, other):
    _edit(ville3_copy / "cast.toml", 'name = "Maria Lopez"', f'name = "{other}"')
    with pytest.raises(ScenarioError, match=rf"'{other}': the name differs from 'Klaus Mueller' only in capitals"):
        load_scenario(ville3_copy)


@pytest.mark.parametrize(("value", "said"), [("true", "valid integer"), ('"34"', "valid integer"), ("34.5", "integer")])
def test_an_age_must_be_written_as_a_whole_number(ville3_copy, value, said):
    _edit(ville3_copy / "cast.toml", "age = 34", f"age = {value}")
    with pytest.raises(ScenarioError, match=rf"persona #1 'Isabella Rodriguez' > age: .*{said}"):
        load_scenario(ville3_copy)


def test_a_text_of_spaces_alone_is_refused(ville3_copy):
    _edit(ville3_copy / "cast.toml", 'innate = "warm, sociable, welcoming"', 'innate = "   "')
    with pytest.raises(ScenarioError, match=r"persona #1 'Isabella Rodriguez' > innate: .*blank \(spaces only\)"):
        load_scenario(ville3_copy)


def test_a_pin_that_is_not_two_whole_numbers_is_refused(ville3_copy):
    _edit(
        ville3_copy.parent / "smallville" / "town.toml",
        'objects = ["bed", "desk", "closet", "piano"]',
        'objects = ["bed", "desk@two,1", "closet", "piano"]',
    )
    with pytest.raises(ScenarioError, match=r"object 'desk@two,1': a pin is written name@x,y .*\"desk@0,1\""):
        load_scenario(ville3_copy)


def test_a_single_persona_table_and_a_first_name_in_a_file_get_the_fix(ville3_copy):
    cast = ville3_copy / "cast.toml"
    text = cast.read_text()
    first = text[: text.index("[[persona]]", text.index("[[persona]]") + 1)]  # Isabella alone
    cast.write_text(first.replace("[[persona]]", "[persona]"))
    with pytest.raises(ScenarioError, match=r"write each persona as \[\[persona\]\] .*not \[persona\]"):
        load_scenario(ville3_copy)
    cast.write_text(text)
    _edit(ville3_copy / "scenario.toml", 'seeded_in = ["Isabella Rodriguez"]', 'seeded_in = ["Isabella"]')
    with pytest.raises(ScenarioError, match=r"seeded_in: 'Isabella' is not in the cast; did you mean 'Isabella Rodr"):
        load_scenario(ville3_copy)
    # A name typed without its accents gets the fix too ("Zoe Angstrom" for "Zoë Ångström"), as commands take it.
    from aga.scenario.loader import _nearest

    assert _nearest("Zoe Angstrom", ["Zoë Ångström", "Bo Lund"]) == "; did you mean 'Zoë Ångström'?"
    assert _nearest("zoe", ["Zoë Ångström", "Bo Lund"]) == "; did you mean 'Zoë Ångström'?"


def test_a_name_given_twice_names_both_personas(ville3_copy):
    _edit(ville3_copy / "cast.toml", 'name = "Maria Lopez"', 'name = "Klaus Mueller"')
    says = r"persona #2 'Klaus Mueller': the name appears more than once in the cast \(also persona #3\)"
    with pytest.raises(ScenarioError, match=says):
        load_scenario(ville3_copy)
