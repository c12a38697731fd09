"""Requirement keeping on made-up towns: the windows a requirement names, and a town that keeps them or not."""

from __future__ import annotations

from datetime import datetime, timedelta

from benchmarks.requirement_fit import HOME, Window, intervals, read_windows, requirement_fit

SECTORS = ["Tidewater Cannery", "Gull Rock Light", "The Copper Kettle Tea Room", "The Copper Mine", "Saltmarsh Cottage"]


def _spans(windows: list[Window]) -> list[tuple[str, int, int]]:
    return [(w.place, w.start, w.end) for w in windows]


def test_a_requirement_is_read_into_places_and_times_by_its_clauses():
    text = (
        "Ines Quirke guts fish at Tidewater Cannery from 6 am until 2 p.m., takes tea at "
        "The Copper Kettle Tea Room at 3 pm, then goes home at 5 pm."
    )
    assert _spans(read_windows(text, SECTORS, "Saltmarsh Cottage")) == [
        ("Tidewater Cannery", 6 * 60, 14 * 60),  # two times: the first to the last
        ("The Copper Kettle Tea Room", 15 * 60, 16 * 60),  # "at": an hour
        (HOME, 17 * 60, 18 * 60),
    ]
    # "from" with nothing after it runs until the next window starts, or two hours
    text = (
        "Ines writes at home from 8 am, then walks to Gull Rock Light at noon. She reads at The Copper Mine from 9 pm."
    )
    assert _spans(read_windows(text, SECTORS, "Saltmarsh Cottage")) == [
        (HOME, 8 * 60, 12 * 60),
        ("Gull Rock Light", 12 * 60, 13 * 60),
        ("The Copper Mine", 21 * 60, 23 * 60),
    ]


def test_a_full_stop_inside_a_place_name_ends_no_clause():
    sectors = [*SECTORS, "St. Ives Quay"]
    text = "Ines lands crab at St. Ives Quay from 5 am until 9 am. Then she naps at home at 1 pm."
    assert _spans(read_windows(text, sectors, "Saltmarsh Cottage")) == [
        ("St. Ives Quay", 5 * 60, 9 * 60),
        (HOME, 13 * 60, 14 * 60),
    ]


def test_a_24_hour_clock_is_read_too():
    text = "Ines guts fish at Tidewater Cannery from 06:00 to 14:30 and keeps Gull Rock Light from 21h00."
    assert _spans(read_windows(text, SECTORS)) == [
        ("Tidewater Cannery", 6 * 60, 14 * 60 + 30),
        ("Gull Rock Light", 21 * 60, 23 * 60),
    ]


def test_what_the_text_does_not_say_gives_no_window():
    # a place without a time, a time without a start, a place the town does not have, an ambiguous part of
    # a name ("The Copper" begins two sectors: its 6 pm belongs to no place), a time before any place
    text = (
        "Oona mends nets at Tidewater Cannery, works at the pub from 7 pm, stays at Gull Rock Light until "
        "4 pm, drinks at The Copper at 6 pm and sits at The Copper Kettle at 8 pm. At 9 pm she is at Gull Rock Light."
    )
    assert _spans(read_windows(text, SECTORS)) == [("The Copper Kettle Tea Room", 20 * 60, 21 * 60)]
    assert read_windows("Oona keeps to herself.", SECTORS) == []


def test_a_night_window_runs_into_the_next_morning_and_the_home_sector_counts_as_home():
    text = "Ruan keeps Gull Rock Light from 8 pm until 6 am and sleeps at Saltmarsh Cottage from 7 am."
    assert _spans(read_windows(text, SECTORS, "Saltmarsh Cottage")) == [
        ("Gull Rock Light", 20 * 60, 30 * 60),
        (HOME, 7 * 60, 9 * 60),
    ]


DAY = datetime(2031, 3, 4)


def _at(hour: float) -> datetime:
    return DAY + timedelta(minutes=round(hour * 60))


def test_a_town_that_keeps_its_requirements_scores_one_and_one_that_stays_home_scores_none():
    windows = {
        "Ines": read_windows("Ines works at Tidewater Cannery from 6 am until 2 pm.", SECTORS, "Saltmarsh Cottage")
    }
    homes = {"Ines": "Saltmarsh Cottage"}
    kept = [(_at(0), 360, "Saltmarsh Cottage"), (_at(6), 240, "Tidewater Cannery"), (_at(10), 20, ""),
            (_at(10.33), 220, "Tidewater Cannery"), (_at(14), 600, "Saltmarsh Cottage")]  # fmt: skip
    fit = requirement_fit(windows, {"Ines": intervals(kept)}, homes)
    assert (fit.checked, fit.kept, fit.share) == (1, 1, 1.0)  # a chat (no place) keeps her where she was
    home = [(_at(0), 1440, "Saltmarsh Cottage")]
    fit = requirement_fit(windows, {"Ines": intervals(home)}, homes)
    assert (fit.checked, fit.kept, fit.share) == (1, 0, 0.0)
    assert fit.by_agent["Ines"][0][2] == 0.0
    # at the cannery for a quarter of the window: not kept
    short = [(_at(0), 360, "Saltmarsh Cottage"), (_at(6), 120, "Tidewater Cannery"), (_at(8), 900, "Gull Rock Light")]
    assert requirement_fit(windows, {"Ines": intervals(short)}, homes).share == 0.0


def test_home_for_an_agent_whose_home_is_unknown_is_not_judged():
    windows = {"Ines": read_windows("Ines naps at home at 1 pm.", SECTORS)}
    chats_only = [(_at(0), 1440, "")]  # nowhere known all day: no window may count as kept there
    fit = requirement_fit(windows, {"Ines": intervals(chats_only)}, {})
    assert fit.checked == 0 and fit.share is None


def test_only_windows_the_run_covers_whole_are_judged():
    windows = {"Ruan": read_windows("Ruan keeps Gull Rock Light from 8 pm until 6 am.", SECTORS)}
    day = [(_at(9), 660, "Gull Rock Light"), (_at(20), 240, "Gull Rock Light")]  # ends at midnight
    fit = requirement_fit(windows, {"Ruan": intervals(day)}, {})
    assert fit.checked == 0 and fit.share is None
    night = [(_at(19), 12 * 60, "Gull Rock Light")]
    assert requirement_fit(windows, {"Ruan": intervals(night)}, {}).share == 1.0


def test_an_action_lasts_until_the_next_one_starts():
    spans = intervals([(_at(6), 600, "Tidewater Cannery"), (_at(7), 60, "Gull Rock Light")])
    assert [(s.start, s.end, s.sector) for s in spans] == [
        (_at(6), _at(7), "Tidewater Cannery"),
        (_at(7), _at(8), "Gull Rock Light"),
    ]


def test_aga_bench_parity_shows_a_runs_requirement_windows(aga) -> None:
    """End to end on a short run of harbour6 from 4 am: the CLI lists each person's windows the run
    covers whole, with the share of each spent there; bad input is named."""
    import json

    code, said = aga("run", "harbour6", "--hours", "3", "--start", "04:00", "-m", "scripted/default", "--run-id", "req")
    assert code == 0, said
    code, said = aga("bench", "parity", "req", "--agent", "Nessa", "--json")
    assert code == 0, said
    shown = json.loads(said)
    windows = shown["requirement_windows"]
    assert list(windows) == ["Nessa Pellow"]
    # 04:00-07:00 holds her 5 am on the quay whole, not her stall from 6 am until 1 pm
    assert [(w["place"], w["from"], w["to"]) for w in windows["Nessa Pellow"]] == [("Harbour Quay", "05:00", "06:00")]
    assert 0 <= windows["Nessa Pellow"][0]["share"] <= 1
    assert shown["parity"]["requirement_windows_judged"] >= 1  # Elif's bakery from 5 am (until 7) too
    code, said = aga("bench", "parity", "req", "--agent", "Nobody")
    assert code != 0 and "Nobody" in said and "Nessa Pellow" in said
    code, said = aga("bench", "parity", "no-such-run")
    assert code != 0 and "no-such-run" in said
