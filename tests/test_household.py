"""The household environment on VirtualHome's EvolvingGraph: scenes, items, commands and their errors."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from aga.household import Household, HouseholdError
from aga.household.environment import bundled_programs, bundled_scenes

PROGRAM = "file1003_2"  # the dataset's "Write an email": run to the home office, switch the computer on, type


@pytest.fixture(scope="module")
def programs() -> dict[str, tuple[str, list[str]]]:
    return bundled_programs()


def test_a_bundled_scene_lists_rooms_and_items_with_states_and_places():
    home = Household.load(f"TrimmedTestScene1:{PROGRAM}")
    assert "TrimmedTestScene1" in bundled_scenes()
    assert set(home.rooms()) == {"bathroom", "bedroom", "dining_room", "home_office"}
    assert home.character_room() == "bedroom"
    computers = {i.id: i for i in home.items(names=["computer"])}
    assert computers[417].room == "home_office" and "OFF" in computers[417].states
    mouse = next(i for i in home.items(room="home_office", names=["mouse"]))
    assert ("ON", "desk", 357) in mouse.placed
    assert mouse.describe().startswith("mouse (413) in the home_office, on desk (357)")
    assert mouse.describe().endswith("states: CLEAN, PLUGGED_IN")
    assert all(i.room == "home_office" for i in home.items(room="home_office"))
    assert not [i for i in home.items() if i.category in ("Rooms", "Walls", "Characters")]


def test_a_dataset_program_runs_line_by_line_and_changes_the_home(programs):
    title, lines = programs[PROGRAM]
    assert title == "Write an email"
    home = Household.load(f"TrimmedTestScene1:{PROGRAM}")
    outcomes = home.run(lines)
    assert len(outcomes) == len(lines) and all(o.ok for o in outcomes)
    assert outcomes[0].command == "<char0> [run] <home_office> (319)"  # "(1.319)" read as id 319
    switched = next(o for o in outcomes if "[switchon]" in o.command)
    assert "computer (417): CLEAN, OFF -> CLEAN, ON" in switched.changed
    assert home.character_room() == "home_office"
    assert "OFF" in home.item(417).states  # the program ends by switching it off
    assert {i.name for i in home.held()} == {"mouse", "keyboard"}


@pytest.mark.parametrize(
    ("command", "reason"),
    [
        ("walk to the kitchen", "not a command"),
        ("<char0> [fly] <bathroom> (1)", "unknown action [fly]"),
        ("<char1> [walk] <bathroom> (1)", "only <char0>"),
        ("<char0> [putin] <mouse> (413)", "[putin] takes 2 item(s)"),
        ("<char0> [walk] <bathroom> (x)", "needs a numeric id"),
        ("<char0> [walk] <bathroom> (9999)", "no item 9999"),
        ("<char0> [walk] <kitchen> (1)", "item 1 is a bathroom, not a kitchen"),  # EvolvingGraph would walk there
        ("<char0> [grab] <computer> (417)", "is not grabbable"),  # EvolvingGraph's own check
        ("<char0> [switchon] <mouse> (413)", "mouse"),
    ],
)
def test_a_wrong_command_says_why_and_changes_nothing(command: str, reason: str):
    home = Household.load(f"TrimmedTestScene1:{PROGRAM}")
    before = home.to_json()
    outcome = home.execute(command)
    assert not outcome.ok and reason in outcome.reason, outcome
    assert home.to_json() == before


def test_a_program_stops_at_its_first_failing_line(programs):
    home = Household.load(f"TrimmedTestScene1:{PROGRAM}")
    outcomes = home.run(
        ["<char0> [walk] <home_office> (319)", "<char0> [grab] <computer> (417)", "<char0> [sit] <chair> (356)"]
    )
    assert [o.ok for o in outcomes] == [True, False]


def test_the_home_round_trips_through_json():
    home = Household.load(f"TrimmedTestScene1:{PROGRAM}")
    for command in ("<char0> [walk] <computer> (417)", "<char0> [switchon] <computer> (417)"):
        assert home.execute(command).ok
    again = Household.from_json(json.loads(json.dumps(home.to_json())))
    assert "ON" in again.item(417).states and again.character_room() == "home_office"
    assert again.execute("<char0> [switchoff] <computer> (417)").ok


def test_scene_files_and_names_with_errors_that_say_what_to_fix(tmp_path: Path):
    graph = Household.load(f"TrimmedTestScene1:{PROGRAM}").to_json()["graph"]
    good = tmp_path / "home.json"
    good.write_text(json.dumps({"init_graph": graph}))
    assert Household.load(good).rooms()  # the dataset's own file layout is read too
    dangling = {"from_id": 1, "relation_type": "ON", "to_id": 99999}
    cases = {
        "missing.json": (None, "no such scene file"),
        "broken.json": ("{nodes", "not a JSON scene graph"),
        "empty.json": (json.dumps({"edges": []}), "needs a list of 'nodes'"),
        "noroom.json": (json.dumps({"nodes": [n for n in graph["nodes"] if n["category"] != "Rooms"], "edges": []}),
                        "no node of category 'Rooms'"),
        "twice.json": (json.dumps({"nodes": graph["nodes"] + graph["nodes"][:1], "edges": []}), "appears twice"),
        "edge.json": (json.dumps({"nodes": graph["nodes"], "edges": [dangling]}), "edge 0 joins ids"),
        "lacks.json": (json.dumps({"nodes": [{"id": 1, "category": "Rooms"}], "edges": []}), "node 0 lacks class_name"),
    }  # fmt: skip
    for name, (text, said) in cases.items():
        path = tmp_path / name
        if text is not None:
            path.write_text(text)
        with pytest.raises(HouseholdError, match=said) as caught:
            Household.load(path)
        assert name in str(caught.value)
    with pytest.raises(HouseholdError, match="not a bundled scene; bundled: TrimmedTestScene1"):
        Household.load("Mansion7")
    with pytest.raises(HouseholdError, match="no program 'file0'") as caught:
        Household.load("TrimmedTestScene1:file0")
    shown = re.findall(r"TrimmedTestScene1:\w+", str(caught.value))
    assert shown and all(Household.load(name).rooms() for name in shown)  # the names it shows load as given
    with pytest.raises(HouseholdError, match=f"named without .json \\(TrimmedTestScene1:{PROGRAM}\\)"):
        Household.load(f"TrimmedTestScene1:{PROGRAM}.json")


def test_an_item_walked_to_is_next_to_you_and_a_closed_container_is_named():
    # What a model choosing among six drawings, or told "inside other closed thing", needs to go on.
    home = Household.load()
    drawings = home.find("drawing")
    assert not [d for d in drawings if d.near]
    assert home.execute(f"<char0> [walk] <drawing> ({drawings[1].id})").ok
    near = [d for d in home.find("drawing") if d.near]
    assert [d.id for d in near] == [drawings[1].id] and near[0].describe().endswith("; next to you")
    tray = home.find("tray")[0]
    assert ("INSIDE", "oven", 295) in tray.placed
    home.execute(f"<char0> [walk] <tray> ({tray.id})")
    refused = home.execute(f"<char0> [grab] <tray> ({tray.id})")
    assert not refused.ok and "is inside <oven> (295), which is closed" in refused.reason
