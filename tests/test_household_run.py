"""Household runs from files and the command line: specs, days, resuming, replays in the ledger, the bench."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from typer.testing import CliRunner

from aga.cli import app
from aga.household.run import HouseholdRun, RunMismatch
from aga.household.spec import known_households, load_household
from aga.scenario.loader import ScenarioError
from benchmarks.household import day_measures, grounded, summarise
from benchmarks.household_plans import repeat_share
from tests.fakes import HashEmbedder

runner = CliRunner()
SPEC = """scene = "TrimmedTestScene1:file1003_2"
activities = 3

[resident]
name = "Ada Quist"
age = 51
innate = "methodical"
learned = "Ada Quist repairs clocks at her kitchen table."
lifestyle = "Ada Quist gets up at 6 am."
"""


def _household(tmp_path: Path, text: str = SPEC) -> Path:
    folder = tmp_path / "ada_home"
    folder.mkdir(exist_ok=True)
    (folder / "household.toml").write_text(text)
    return folder


def test_the_bundled_households_load():
    names = known_households()
    assert len(names) >= 2
    for name in names:
        loaded = load_household(name)
        assert loaded.home().rooms() and loaded.resident.name in loaded.resident.identity


@pytest.mark.parametrize(
    ("change", "says"),
    [
        (("age = 51", "age = 0"), "resident > age"),
        (("activities = 3", 'activities = 3\nweather = "rain"'), "weather"),
        (('"TrimmedTestScene1:file1003_2"', '"TrimmedTestScene1:nofile"'), "no program 'nofile'"),
        (('"TrimmedTestScene1:file1003_2"', '"home.json"'), "home.json"),
    ],
)
def test_a_bad_household_file_is_named_with_its_field(tmp_path: Path, change: tuple[str, str], says: str):
    folder = _household(tmp_path, SPEC.replace(*change))
    with pytest.raises(ScenarioError) as err:
        load_household(folder)
    assert str(folder / "household.toml") in str(err.value) and says in str(err.value)


def test_a_bad_household_file_given_by_a_relative_path_is_named_by_its_full_path(tmp_path: Path, monkeypatch):
    folder = _household(tmp_path, SPEC.replace("age = 51", "age = 0"))
    monkeypatch.chdir(folder.parent)
    with pytest.raises(ScenarioError) as err:
        load_household(folder.name)
    assert str(err.value).startswith(str(folder / "household.toml")), err.value


def test_an_unknown_household_lists_the_bundled_ones():
    with pytest.raises(ScenarioError, match="bundled households are .*home_office"):
        load_household("no_such_home")


def test_days_are_committed_whole_and_a_cut_day_is_lived_again(tmp_path: Path):
    folder = _household(tmp_path)
    run = HouseholdRun.start(str(folder), model="scripted/default", mode="lifestyle", seed=2, run_id="ada", days=2)
    seen: list[int] = []

    def cut(day: int, record: Any) -> None:
        seen.append(day)
        if day == 2:
            raise KeyboardInterrupt  # Ctrl-C in the middle of the second day

    try:
        with pytest.raises(KeyboardInterrupt):
            run.live(on_activity=cut, embedder=HashEmbedder())
    finally:
        run.close()
    _, days, abandoned = HouseholdRun.read("ada")
    assert [d.day for d in days] == [1] and abandoned > 0  # day 2's calls are kept, not counted
    run = HouseholdRun.start(str(folder), model="scripted/default", mode="lifestyle", seed=2, run_id="ada", days=2)
    try:
        run.live(embedder=HashEmbedder())
        finished = run.days()
        rows = run.ledger.rows()
    finally:
        run.close()
    assert [d.day for d in finished] == [1, 2]
    # A day's tokens are its own ledger rows: the days and the abandoned attempt add up to the ledger.
    total = sum(r.prompt_tokens + r.completion_tokens for r in rows)
    assert sum(d.tokens for d in finished) < total
    assert all(r.sim_time is not None for r in rows)
    # The day lived again is the day a run that never stopped lived: the abandoned attempt's policies
    # and calls leave no trace in what it found or was answered.
    whole = HouseholdRun.start(str(folder), model="scripted/default", mode="lifestyle", seed=2, run_id="w", days=2)
    try:
        whole.live(embedder=HashEmbedder())
        expected = whole.days()
    finally:
        whole.close()
    assert [(d.tokens, d.summary()) for d in finished] == [(d.tokens, d.summary()) for d in expected]


def test_a_run_is_continued_only_with_its_own_settings(tmp_path: Path):
    folder = _household(tmp_path)
    run = HouseholdRun.start(str(folder), model="scripted/default", mode="baseline", seed=0, run_id="ada", days=1)
    run.close()
    with pytest.raises(RunMismatch, match="mode 'baseline' \\(asked: 'lifestyle'\\)"):
        HouseholdRun.start(str(folder), model="scripted/default", mode="lifestyle", seed=0, run_id="ada", days=1)
    with pytest.raises(RunMismatch, match="activities 3 \\(asked: 5\\)"):
        HouseholdRun.start(str(folder), model="scripted/default", mode="baseline", seed=0, run_id="ada", days=1,
                           activities=5)  # fmt: skip
    HouseholdRun.start(str(folder), model="scripted/default", mode="baseline", seed=0, run_id="ada", days=2).close()
    # A town's run under the household run's id: not "resume it with `aga resume ada`", which then refuses.
    from aga.sim.run import Run

    with pytest.raises(ValueError, match="is a household run .*give another --run-id"):
        Run.create("ville3", model="scripted/default", hours=1, run_id="ada")


def test_a_replayed_activity_is_a_cache_hit_in_the_ledger_with_what_it_cost(ledger):
    from aga.household import Household
    from aga.household.agent import HouseholdAgent, Resident
    from aga.llm.gateway import Gateway
    from aga.llm.ledger import Outcome
    from policy_store import PolicyStore

    agent = HouseholdAgent(Resident("Ada", "Name: Ada"), Gateway("scripted/default", ledger=ledger, seed=3),
                           PolicyStore.in_memory(HashEmbedder()))  # fmt: skip
    activity = "switch on the computer and use it in the home office"
    first = agent.do(activity, Household.load("TrimmedTestScene1:file1003_2"))
    assert first.done and first.source == "llm"
    spent = sum(r.prompt_tokens + r.completion_tokens for r in ledger.rows())
    again = agent.do(activity, Household.load("TrimmedTestScene1:file1003_2"))
    assert again.source == "policy"
    hits = [r for r in ledger.rows() if r.outcome == Outcome.CACHE_HIT.value]
    assert hits and {r.cache_kind for r in hits} == {"household"}
    assert sum(r.saved_prompt_tokens + r.saved_completion_tokens for r in hits) == spent


def test_aga_household_run_shows_each_program_and_show_reads_it_back(tmp_path: Path):
    folder = _household(tmp_path)
    args = ["household", "run", str(folder), "-m", "scripted/default", "--days", "2", "--run-id", "cli-home"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "<char0> [walk]" in result.output and "day 2 (planned by the LLM):" in result.output
    assert "share of day 1" in result.output
    shown = runner.invoke(app, ["household", "show", "cli-home", "--json"])
    data = json.loads(shown.output)
    assert [d["day"] for d in data["days"]] == [1, 2] and data["mode"] == "baseline"
    assert all(r["executed"] or r["failed"] for d in data["days"] for r in d["records"])
    again = runner.invoke(app, [*args, "--quiet"])  # both days done: nothing more to live
    assert again.exit_code == 0 and "day 1 ·" not in again.output
    fewer = runner.invoke(app, [*args[:-4], "--days", "1", *args[-2:], "--quiet"])  # not "days 3..2"
    assert fewer.exit_code == 0 and "all 2 days already lived" in " ".join(fewer.output.split()), fewer.output


def test_bad_household_input_is_one_sentence_and_exit_code_2(tmp_path: Path):
    folder = _household(tmp_path, SPEC.replace("age = 51", 'age = "old"'))
    done = subprocess.run([sys.executable, "-m", "aga", "household", "run", str(folder), "-m", "scripted/default"],
                          capture_output=True, text=True, timeout=120)  # fmt: skip
    assert done.returncode == 2 and "resident > age" in done.stderr and "Traceback" not in done.stderr
    mode = subprocess.run([sys.executable, "-m", "aga", "household", "run", "home_office", "--mode", "aga"],
                          capture_output=True, text=True, timeout=120)  # fmt: skip
    assert mode.returncode == 2 and "--mode 'aga'" in mode.stderr


# ---------------------------------------------------------------------- the benchmark's measures
def _record(activity: str, executed: list[str], done: bool = True, failed: int = 0) -> dict[str, Any]:
    return {"activity": activity, "executed": executed, "failed": ["x"] * failed, "done": done, "source": "llm",
            "replay_failed": False, "similarity": None}  # fmt: skip


def test_grounded_success_fails_when_the_critic_ends_an_activity_early():
    assert grounded(_record("read the book in the bedroom", ["<char0> [walk] <book> (1)", "<char0> [read] <book> (1)"]))
    # Done by the critic after walking only, or after acting on another thing: not grounded.
    assert not grounded(_record("read the book in the bedroom", ["<char0> [walk] <book> (1)"]))
    assert not grounded(_record("read the book in the bedroom", ["<char0> [grab] <cup> (2)"]))
    assert not grounded(_record("read the book", ["<char0> [read] <book> (1)"], done=False))
    # "cup" is not in "cupboard"
    assert not grounded(_record("open the cupboard", ["<char0> [grab] <cup> (2)"]))


def _day(tokens: int, records: list[dict[str, Any]], replayed: int = 0) -> dict[str, Any]:
    summary = {"tokens": tokens, "llm_calls": 1, "saved_tokens": 0, "from_policy": replayed, "replay_failed": 0}
    return day_measures(summary, records)


def test_the_report_flags_a_lifestyle_run_whose_success_collapses():
    good = [_record("read the book", ["<char0> [read] <book> (1)"])] * 4
    bad = [_record("read the book", ["<char0> [walk] <book> (1)"], done=False, failed=3)] * 4
    results = {
        "home": {
            "baseline": {s: [_day(30_000, good), _day(30_000 + s * 2000, good)] for s in range(3)},
            "lifestyle": {
                s: [_day(30_000, good), _day(600 + s * 100, bad[: 1 + s % 2] + good[: 3 - s % 2])] for s in range(3)
            },
        }
    }
    report = summarise(results, model="fake", days=2, seeds=[0, 1, 2])
    entry = report["households"]["home"]
    assert entry["share_per_day"]["lifestyle"][0]["mean"] == 1.0
    assert entry["share_later_days"]["lifestyle"]["max"] < 0.03
    assert entry["success_beyond_spread"]["lifestyle"]["critic"] is True  # 100% -> about 60%: beyond the spread
    from benchmarks.household import markdown

    assert "BEYOND the spread" in markdown(report)


def test_repeat_share_counts_activities_seen_on_an_earlier_day():
    def embed(texts: list[str]) -> np.ndarray:
        return HashEmbedder().embed(texts)

    same = [["read a book", "cook lunch"]] * 3
    assert repeat_share(same, embed) == [1.0, 1.0]
    varied = [["read a book"], ["cook lunch"], ["read a book"]]
    assert repeat_share(varied, embed) == [0.0, 1.0]


def test_aga_bench_household_writes_the_report(tmp_path: Path):
    folder = _household(tmp_path, SPEC.replace("activities = 3", "activities = 2"))
    result = runner.invoke(
        app, ["bench", "household", str(folder), "--days", "2", "--seeds", "1", "-o", str(tmp_path / "b"), "--quiet"]
    )
    assert result.exit_code == 0, result.output
    report = json.loads((tmp_path / "b" / "household.json").read_text())
    entry = report["households"]["ada_home"]
    assert report["model"] == "scripted/default" and len(entry["per_day"]["baseline"]) == 2
    for mode in ("lifestyle", "routine"):  # day 1: the same seed, no store yet: the same day
        assert entry["share_per_day"][mode][0]["mean"] == 1.0
    page = (tmp_path / "b" / "household.md").read_text()
    assert "34.3k" in page and f"`{report['command']}`: code {report['code']}" in page
    # Into the same folder with other settings: the way out is another --out (the benchmark has no --run-id).
    again = runner.invoke(
        app, ["bench", "household", str(folder), "--days", "2", "--seeds", "1", "--activities", "3",
              "-o", str(tmp_path / "b"), "--quiet"],
    )  # fmt: skip
    assert again.exit_code != 0 and "another --out" in str(again.exception), again.output


def test_variety_counts_new_activities_and_fails_for_a_routine():
    from benchmarks.household import variety

    def day(*activities: str) -> list[dict[str, Any]]:
        return [_record(a, []) for a in activities]

    routine = [day("read a book", "cook lunch")] * 3
    assert variety(routine) == {"distinct": 2 / 6, "new_later": 0.0}
    varied = [day("read a book", "cook lunch"), day("Read a  book", "water the plants"), day("nap", "bake bread")]
    assert variety(varied) == {"distinct": 5 / 6, "new_later": 3 / 4}  # case and spaces do not make it new


def test_aga_bench_household_refuses_an_unknown_mode(tmp_path: Path):
    args = [sys.executable, "-m", "aga", "bench", "household", "--mode", "aga", "-o", str(tmp_path / "b")]
    done = subprocess.run(args, capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and "--mode 'aga'" in done.stderr and "routine" in done.stderr
    assert not (tmp_path / "b").exists()


def test_a_household_run_that_cannot_start_leaves_no_folder(tmp_path: Path):
    from aga.config import runs_dir
    from aga.household.run import HouseholdRun

    folder = _household(tmp_path, SPEC.replace("age = 51", 'age = "old"'))
    with pytest.raises(ValueError, match="resident > age"):
        HouseholdRun.start(str(folder), model="scripted/default", mode="baseline", seed=0, run_id="hh", days=1)
    assert not (runs_dir() / "hh").exists()
