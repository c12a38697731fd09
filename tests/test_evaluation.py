"""`aga eval`: interviews under conditions, a judge's rankings, TrueSkill; each measure can fail."""

from __future__ import annotations

import hashlib
import json
import math
import re
import sqlite3
from pathlib import Path

import pytest

from aga.evaluation.conditions import conditions
from aga.evaluation.interviews import JsonLines
from aga.evaluation.judge import Judged, placed
from aga.evaluation.questions import TEMPLATES, interview_questions
from aga.evaluation.ranking import rate
from aga.sim.run import Run
from benchmarks.bench_tokens import MODES
from tests.fakes import HashEmbedder


def _judged(order: list[str]) -> Judged:
    return Judged(places={c: i for i, c in enumerate(order)}, complete=True, failsafe=False)


def test_a_condition_that_won_most_verdicts_rates_higher_whichever_order_they_are_played_in():
    """7 wins and 2 losses: played once in the order seed 11 draws (the two losses last), TrueSkill put
    the loser 1.2 above; averaged over shuffled orders the winner is ahead for every seed."""
    judged = [_judged(["full", "bare"])] * 7 + [_judged(["bare", "full"])] * 2
    for seed in (11, *range(5)):
        first, second = rate(judged, ["full", "bare"], reference="full", seed=seed)
        assert first.condition == "full" and first.mu - second.mu > 3, (seed, first, second)


def test_a_condition_always_ranked_last_rates_lowest_with_a_large_effect():
    judged = [_judged(["a", "b", "c"] if i % 2 else ["b", "a", "c"]) for i in range(40)]
    ratings = {r.condition: r for r in rate(judged, ["a", "b", "c"], reference="a")}
    assert ratings["c"].mu < ratings["a"].mu - 3 * ratings["a"].sigma
    assert ratings["c"].effect_vs_reference < -2
    assert abs(ratings["b"].effect_vs_reference) < 0.3  # a and b alternate: no difference


def test_rankings_that_say_nothing_separate_no_one():
    """The measure fails to tell conditions apart when the judge's rankings carry no information."""
    tied = Judged(places={"a": 0, "b": 0, "c": 0}, complete=False, failsafe=False)
    failsafe = Judged(places={"a": 0, "b": 1, "c": 2}, complete=True, failsafe=True)
    ratings = rate([tied] * 20 + [failsafe] * 20, ["a", "b", "c"], reference="a")
    assert {r.mu for r in ratings} == {25.0} and all(r.matches == 0 for r in ratings)


def test_a_judge_that_leaves_answers_out_or_invents_labels_is_read_as_far_as_it_goes():
    by_label = {"A": "x", "B": "y", "C": "z"}
    got = placed(["b", "Q", "B", "A."], by_label)
    assert got.places == {"y": 0, "x": 1, "z": 2} and not got.complete
    assert placed(["C", "A", "B"], by_label).complete


def test_conditions_are_checked():
    assert [c.name for c in conditions(["r1", "r2"], None, ["no-memory"])] == ["r1", "r2", "r1:no-memory"]
    with pytest.raises(ValueError, match="named twice"):
        conditions(["r1", "r1"], None, [])
    with pytest.raises(ValueError, match="--ablation no-sleep"):
        conditions(["r1"], None, ["no-sleep"])
    with pytest.raises(ValueError, match="--ablate r9"):
        conditions(["r1"], "r9", ["no-memory"])


def test_questions_name_the_residents_the_agent_talked_with_and_no_town():
    qs = interview_questions(["Ann Lee", "Bo Chan"], ["Ann Lee", "Bo Chan", "Cy Ode"], seed=1)
    assert len(qs) == 25 and len({q.key for q in qs}) == 25
    texts = " ".join(q.text for q in qs)
    assert "Who is Ann Lee?" in texts and "Who is Bo Chan?" in texts and "Cy Ode" not in texts
    assert len(interview_questions([], ["Cy Ode"], seed=1, per_category=2)) == 10
    town_words = ("Hobbs", "Oak Hill", "Isabella", "Valentine", "harbour", "Smallville")
    assert not any(w.lower() in t.lower() for ts in TEMPLATES.values() for t in ts for w in town_words)


def test_a_torn_last_line_is_skipped_and_the_next_record_starts_afresh(tmp_path):
    lines = JsonLines(tmp_path / "a.jsonl")
    lines.append({"n": 1})
    with lines.path.open("a") as f:
        f.write('{"n": 2')  # a kill mid-write
    assert [r["n"] for r in lines.read()] == [1]
    lines.append({"n": 3})
    assert [r["n"] for r in lines.read()] == [1, 3]
    with lines.path.open("a") as f:
        f.write('7\n["a list"]\n"text"\n')  # another file's lines: JSON, but no records
    lines.append({"n": 4})
    assert [r["n"] for r in lines.read()] == [1, 3, 4]


def test_an_export_to_a_folder_is_refused_and_leaves_nothing(tmp_path):
    from aga.storage.files import write_atomically

    with pytest.raises(ValueError, match="is a folder: give a file name"):
        write_atomically(tmp_path, "{}")
    assert list(tmp_path.parent.glob("*.tmp")) == []


@pytest.fixture
def hashed(monkeypatch: pytest.MonkeyPatch) -> None:
    """Runs embed with :class:`HashEmbedder`, and TrueSkill is averaged over 10 shuffled orders of the
    matches, not 100: the tests that use this check what is asked, rated, kept and reported, not how
    precise a rating is (the unit tests above rate over all 100). The 100 orders were two fifths of a
    believability benchmark test's time."""
    from aga.evaluation import ranking
    from aga.sim import run as run_module

    monkeypatch.setattr(run_module, "default_embedder", HashEmbedder)
    monkeypatch.setattr(ranking, "ORDERS", 10)


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_cli_eval_ranks_the_agents_without_memory_last_and_leaves_the_run_untouched(tmp_path, hashed):
    from typer.testing import CliRunner

    from aga.cli import app

    run = Run.create("ville3", model="scripted/default", hours=1.5, run_id="ev", embedder=HashEmbedder())
    run.advance()
    run.close()
    database = tmp_path / "runs" / "ev" / "aga.db"
    before = _digest(database)
    args = ["eval", "ev", "--voice", "scripted/default", "--judge", "scripted/default", "--questions", "2"]
    args += ["--out", str(tmp_path / "ev-eval"), "--quiet", "--measure", "interviews"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    assert _digest(database) == before
    report = (tmp_path / "ev-eval" / "report.md").read_text()
    rows = [line for line in report.splitlines() if line.startswith("| ev")]
    assert len(rows) == 4 and "no observation, reflection or planning" in rows[-1]  # ranked last
    made = json.loads((tmp_path / "ev-eval" / "report.json").read_text())["provenance"]
    assert set(made) == {"command", "date", "machine", "code"} and f"`{made['command']}` on " in report
    # Which state was evaluated, and which condition the effect sizes are against.
    state = json.loads((tmp_path / "ev-eval" / "report.json").read_text())["runs"]["ev"]
    assert state["status"] == "finished" and state["time"].startswith("2023-02-13T01:30")
    assert f"- `ev`: step {state['step']}, 2023-02-13 01:30:00 (1 h 30 min after its start), finished" in report
    # An hour and a half of a town is said to be too little to read much into.
    assert "**Caveat:** `ev` had run 1 h 30 min of simulated time" in report
    assert "note: `ev` had run 1 h 30 min" in result.output
    assert "Cohen's d vs ev |" in report
    assert re.search(r"Judge's check: ev above ev:no-memory in (\d+) of \1 verdicts, 100% .*: the judge tells them "
                     r"apart\. It chose the answer shown first in \d+ of its 180 pairwise calls", report)  # fmt: skip
    assert (
        json.loads((tmp_path / "ev-eval" / "report.json").read_text())["rankings"] == 3 * 10 * 6
    )  # agents x questions x pairs
    with sqlite3.connect(tmp_path / "ev-eval" / "eval.db") as conn:
        calls = conn.execute("select count(*) from llm_ledger").fetchone()[0]
    again = CliRunner().invoke(app, args)  # continues: everything is answered and ranked already
    assert again.exit_code == 0, again.output
    with sqlite3.connect(tmp_path / "ev-eval" / "eval.db") as conn:
        assert conn.execute("select count(*) from llm_ledger").fetchone()[0] == calls
    assert (tmp_path / "ev-eval" / "report.md").read_text() == report
    assert not math.isnan(float(rows[-1].split("|")[2]))


def test_short_runs_are_those_of_less_than_a_simulated_day():
    from aga.evaluation.report import short_runs

    def found(began: str | None, time: str) -> dict:
        return {"began": began, "time": time, "step": 1}

    runs = {
        "hour": found("2023-02-13T07:00:00", "2023-02-13T08:00:00"),
        "nothing": found("2023-02-13T07:00:00", "2023-02-13T07:00:00"),
        "two-days": found("2023-02-13T07:00:00", "2023-02-15T07:00:00"),
        "just-a-day": found("2023-02-13T07:00:00", "2023-02-14T07:00:00"),
        "old-report": found(None, "2023-02-13T08:00:00"),  # written before the start was kept: no claim
    }
    said = short_runs({"runs": runs})
    assert [s.split("`")[1] for s in said] == ["hour", "nothing"]
    assert "had run 1 h of simulated time" in said[0] and "had run 0 min of" in said[1]


def test_cli_eval_refuses_a_single_condition(tmp_path, hashed):
    from typer.testing import CliRunner

    from aga.cli import app

    run = Run.create("ville3", model="scripted/default", hours=0.05, run_id="one", embedder=HashEmbedder())
    run.close()
    result = CliRunner().invoke(app, ["eval", "one", "--no-ablations", "--voice", "scripted/default"])
    assert "needs two conditions" in str(result.exception)
    # The voice set alone leaves the judge on the slow default model: said, not left to be found out.
    assert "note: the judge is local/qwen2.5-coder-1.5b, the default" in result.output
    both = CliRunner().invoke(app, ["eval", "one", "--no-ablations", "-m", "scripted/default"])
    assert "note:" not in both.output
    # A name that stands for no agent is refused before anything is made or shown (it was found only
    # once the evaluation's folder was made and its progress bar was up).
    for name, said in (("Zed", "no agent 'Zed' in run 'one'"), ("maria", None)):
        out = tmp_path / f"eval-{name}"
        result = CliRunner().invoke(app, ["eval", "one", "-m", "scripted/default", "--agent", name, "--out", str(out)])
        if said:
            assert result.exit_code != 0 and f"--agent {name}: {said}" in str(result.exception), result.output
            assert not out.exists()
        else:  # a first name in another case is found, as everywhere
            assert result.exit_code == 0, result.output


# ------------------------------------------------------------------ diffusion, density, attendance
def _ask(task: str, **shown: str) -> dict:
    """The scripted judge's reading of one prompt (what `aga eval --judge scripted/default` gets)."""
    import random

    from aga.evaluation import knowledge  # noqa: F401  (declares the tasks)
    from aga.llm.tasks import get_task
    from aga.simulator import HOOKS, Prompt, meaning, use_embedder

    before = meaning._embedder
    use_embedder(HashEmbedder())
    try:
        t = get_task(task)
        return HOOKS[task](Prompt(task, t.render(shown), t.shown(shown), t.json_schema(), random.Random(0)))
    finally:
        use_embedder(before)  # the simulator's embedder is process-wide: later tests expect MiniLM


FACT = "Ann Lee's garden party at the Old Mill on Saturday at 4 pm"


def test_the_scripted_judge_reads_knowing_not_knowing_and_invented_details():
    common = {"name": "Bo Chan", "question": "Is anyone throwing a party soon?", "fact": FACT}
    knows = _ask(
        "eval.knows_news", answer="Yes, Ann Lee is having a garden party at the Old Mill on Saturday.", **common
    )
    assert knows == {"knows": True, "invents": False}
    assert not _ask("eval.knows_news", answer="No, I haven't heard of any party.", **common)["knows"]
    wrong_day = _ask(
        "eval.knows_news", answer="Ann Lee's garden party at the Old Mill is on Tuesday at 9 pm.", **common
    )
    assert wrong_day == {"knows": True, "invents": True}
    person = {"name": "Bo Chan", "other": "Ann Lee"}
    assert _ask("eval.knows_person", answer="Ann is my neighbour, she grows tomatoes.", **person)["knows"]
    assert not _ask("eval.knows_person", answer="No, I don't know who that is.", **person)["knows"]
    stranger = "From what I remember, Ann Lee is a stranger to Bo Chan (closeness 0/10)."
    assert not _ask("eval.knows_person", answer=stranger, **person)["knows"]
    assert not _ask("eval.knows_person", answer="I think Ann Lee and I have never met in town.", **person)["knows"]


def test_the_scripted_judge_wants_what_happens_not_only_the_news_s_names():
    """An answer naming only the news's place and host reads close to it by meaning (names dominate
    MiniLM's sentence vectors) but says nothing of what happens there: not knowing. With MiniLM, as
    `aga eval --judge scripted/default` runs."""
    import random

    from aga.evaluation import knowledge  # noqa: F401  (declares the tasks)
    from aga.llm.tasks import get_task
    from aga.simulator import HOOKS, Prompt

    def knows(fact: str, question: str, answer: str) -> bool:
        shown = {"name": "Bo Chan", "question": question, "answer": answer, "fact": fact}
        t = get_task("eval.knows_news")
        return HOOKS["eval.knows_news"](Prompt("eval.knows_news", t.render(shown), t.shown(shown),
                                               t.json_schema(), random.Random(0)))["knows"]  # fmt: skip

    party = "Is anyone throwing a party soon?"
    assert not knows(FACT, party, "I'll spend the afternoon at the Old Mill with Ann Lee.")
    assert not knows(FACT, party, "I'd love to go to a party sometime.")  # the question's word only
    assert knows(FACT, party, "Ann's throwing a party on Saturday.")
    regatta = "Ines Okafor is organising the harbour Regatta on Saturday at the Old Pier"
    asked = "Have you heard any news about regatta?"
    assert not knows(regatta, asked, "I'm going down to the Old Pier with Ines on Saturday.")
    assert not knows(regatta, asked, "I mend nets at the Old Pier most mornings.")
    assert knows(regatta, asked, "Yes! Ines is organising the Regatta on Saturday at the Old Pier.")
    assert knows(regatta, asked, "There's a boat race at the harbour this weekend, Ines is running it.")
    # A word of the place's name that the question asks about tells nothing of what happens (an outside
    # tester's trader who sells at her stall in the market was counted as knowing of its borehole).
    borehole = "The commissioning of the new borehole at Amaoji Main Market by the Local Government Chairman on Sunday"
    market = "Is anything happening at the market this week?"
    assert not knows(borehole, market, "I am selling pepper at my stall in Amaoji Main Market.")
    assert knows(borehole, market, "They are commissioning a borehole at Amaoji Main Market on Saturday.")
    assert knows(borehole, market, "The new borehole at the market opens on Saturday.")


def _town_for_attendance(tmp_path: Path, *, who_goes: list[str]):
    """ville3 with the party's knowledge and whereabouts written straight into a database."""
    from datetime import datetime

    from sqlmodel import Session, SQLModel

    from aga.memory import MemoryNode
    from aga.scenario.loader import load_scenario
    from aga.storage import make_engine, sqlite_url
    from aga.storage.timeline import TimelineEntry

    scenario = load_scenario("ville3")
    engine = make_engine(sqlite_url(tmp_path / "a.db"))
    SQLModel.metadata.create_all(engine, tables=[MemoryNode.__table__, TimelineEntry.__table__])
    day = datetime(2023, 2, 14)
    with Session(engine) as session:
        for name in ("Klaus Mueller", "Maria Lopez"):  # both heard of it in the morning
            session.add(MemoryNode(agent=name, kind="chat", subject=name, predicate="chat with", object="x",
                                   description=f"{name} heard about the Valentine party", importance=5,
                                   created=day.replace(hour=9), last_accessed=day.replace(hour=9)))  # fmt: skip
        for name in ("Klaus Mueller", "Maria Lopez"):
            place = "Hobbs Cafe:cafe:customer seating" if name in who_goes else "Oak Hill College:library:desk"
            session.add(TimelineEntry(step=1, sim_time=day.replace(hour=16, minute=50), agent=name, kind="action",
                                      text="going out", data_json=json.dumps({"address": f"the Ville:{place}",
                                                                              "minutes": 60})))  # fmt: skip
        session.commit()
    return engine, scenario, day.replace(hour=23)


def test_attendance_counts_who_came_and_fails_when_nobody_does(tmp_path):
    from aga.evaluation.attendance import attendance

    engine, scenario, end = _town_for_attendance(tmp_path, who_goes=["Maria Lopez"])
    (party,) = attendance(engine, scenario, end)
    assert party.invited == ["Klaus Mueller", "Maria Lopez"] and party.attended == ["Maria Lopez"]
    assert party.to_json()["share"] == 0.5
    engine, scenario, end = _town_for_attendance(tmp_path / "none", who_goes=[])
    (party,) = attendance(engine, scenario, end)
    assert party.attended == [] and party.to_json()["share"] == 0.0
    (early,) = attendance(engine, scenario, end.replace(hour=12))
    assert not early.reached and early.to_json()["share"] is None


def test_cli_eval_measures_diffusion_density_and_attendance(tmp_path, hashed):
    from typer.testing import CliRunner

    from aga.cli import app

    run = Run.create("ville3", model="scripted/default", hours=1, run_id="kn", embedder=HashEmbedder())
    run.advance()
    run.close()
    out = tmp_path / "kn-eval"
    args = ["eval", "kn", "-m", "scripted/default", "--out", str(out), "--quiet"]  # -m: voice and judge
    args += ["--measure", "diffusion", "--measure", "density", "--measure", "attendance"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    assert re.search(r"kn: density \d\.\d\d at the start, \d\.\d\d at the end", result.output), result.output
    written = json.loads((out / "report.json").read_text())
    assert written["voice"] == written["judge"] == "scripted/default"
    found = written["runs"]["kn"]
    party = found["diffusion"]["valentine_party"]
    assert party["asked"] == 3 and party["seeded"] == ["Isabella Rodriguez"]
    assert found["density"]["start"]["pairs"] == found["density"]["end"]["pairs"] == 6
    assert found["attendance"][0]["reached"] is False  # an hour of the first day: before the party
    page = (out / "report.md").read_text()
    assert "## Diffusion by interview" in page
    # No interviews were asked for: no empty TrueSkill table above the measures (an outside tester's complaint).
    assert (
        page.startswith("# Evaluation: what the agents know")
        and "TrueSkill" not in page
        and "| condition |" not in page
    )


def test_bench_believability_ranks_modes_and_ablations_together_over_seeds(tmp_path, hashed):
    from typer.testing import CliRunner

    from aga.cli import app

    out = tmp_path / "bel"
    args = ["bench", "believability", "ville3", "--out", str(out), "--days", "0.02", "--start", "08:00"]
    args += ["--seeds", "2", "--warmup", "0", "--voice", "scripted/default", "--judge", "scripted/default"]
    args += ["--questions", "1", "--measure", "interviews", "--quiet", "--judging", "ranking"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    report = json.loads((out / "believability.json").read_text())
    names = [r["condition"] for r in report["pooled"]]
    assert sorted(names) == sorted(
        ["baseline", "lifestyle", "social", "aga", "baseline:no-reflection", "baseline:no-reflection-planning",
         "baseline:no-memory"]
    )  # fmt: skip
    assert names[-1] == "baseline:no-memory"  # the broken condition comes last, pooled over both seeds
    check = report["judge_check"]  # a judge that tells memory from none passes its own check
    assert check["first_wins"] == check["verdicts"] > 0 and check["low"] > 0.5
    assert "the judge tells them apart" in (out / "believability.md").read_text()
    assert report["rankings"]["total"] == 2 * 3 * 5  # seeds x agents x questions
    assert all(report["mu_per_seed"][n]["n"] == 2 for n in names)
    # Read off Social Memory, not asked: there even when only the interviews were measured.
    assert report["knowledge"]["social"]["social_density"]["n"] == 2
    assert report["knowledge"]["baseline"]["social_density"]["n"] == 0  # no Social Memory in the baseline
    assert (out / "eval" / "s1" / "report.md").exists() and (out / "report.json").exists()  # and the tokens


def test_bench_believability_reuses_kept_records_once_its_runs_are_gone(tmp_path, hashed):
    """A recording finished in sittings: only the records folder survives, the runs are made again in
    the same state, and no question is asked twice; a record of another state is never reused."""
    import shutil

    from typer.testing import CliRunner

    from aga.cli import app

    out, kept = tmp_path / "bel", tmp_path / "kept"
    args = ["bench", "believability", "ville3", "--out", str(out), "--days", "0.02", "--start", "08:00"]
    args += ["--seeds", "1", "--warmup", "0", "--voice", "scripted/default", "--judge", "scripted/default"]
    args += ["--questions", "1", "--measure", "interviews", "--quiet", "--judging", "ranking"]
    args += ["--records", str(kept)]

    def calls() -> int:
        with sqlite3.connect(out / "eval" / "s0" / "eval.db") as conn:
            return conn.execute("select count(*) from llm_ledger").fetchone()[0]

    assert CliRunner().invoke(app, args).exit_code == 0
    assert calls() > 0 and not (out / "eval" / "s0" / "records.jsonl").exists()
    first = json.loads((out / "believability.json").read_text())
    lines = (kept / "s0.jsonl").read_text().splitlines()
    shutil.rmtree(out)
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    assert calls() == 0  # every answer and verdict came from the kept folder
    assert json.loads((out / "believability.json").read_text())["pooled"] == first["pooled"]
    assert (kept / "s0.jsonl").read_text().splitlines() == lines
    # Said before anything is asked: what the kept records hold for each run.
    assert re.search(r"baseline-s0: all \d+ kept records apply \(end state [0-9a-f]{16}\)", result.output)
    # The same records do not stand for another town state: a later start asks everything anew, and
    # says so at once (the records name another end state).
    shutil.rmtree(out)
    result = CliRunner().invoke(app, [*args[:8], "08:10", *args[9:]])
    assert result.exit_code == 0, result.output
    assert calls() > 0
    assert re.search(r"baseline-s0: 0 of (\d+) kept records apply to its end state [0-9a-f]{16}; not reused "
                     r"\(asked again\): \1 made at end state [0-9a-f]{16}\n", result.output)  # fmt: skip


def test_bench_believability_sittings_evaluate_one_seed_with_the_whole_recordings_settings(tmp_path, hashed):
    """--sitting 1 makes and evaluates seed 1 alone and writes no report; the command without it then
    makes seed 0, reuses seed 1's records (they name the recording's seed, 0) and writes the report."""
    from typer.testing import CliRunner

    from aga.cli import app

    out, kept = tmp_path / "bel", tmp_path / "kept"
    args = ["bench", "believability", "ville3", "--out", str(out), "--days", "0.02", "--start", "08:00"]
    args += ["--seeds", "2", "--warmup", "0", "--voice", "scripted/default", "--judge", "scripted/default"]
    args += ["--questions", "1", "--measure", "interviews", "--quiet", "--judging", "ranking"]
    args += ["--records", str(kept)]
    result = CliRunner().invoke(app, [*args, "--sitting", "1"])
    assert result.exit_code == 0, result.output
    assert "evaluated seed(s) 1" in result.output
    assert sorted(p.name for p in (out / "runs").iterdir()) == [f"{m}-s1" for m in sorted(MODES)]
    assert not (out / "believability.json").exists() and (out / "eval" / "s1" / "report.md").exists()
    lines = (kept / "s1.jsonl").read_text().splitlines()
    assert lines and all(json.loads(line)["seed"] == 0 for line in lines)
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    assert (kept / "s1.jsonl").read_text().splitlines() == lines  # nothing of seed 1 asked again
    assert json.loads((out / "believability.json").read_text())["seeds"] == [0, 1]
    refused = CliRunner().invoke(app, [*args, "--sitting", "2"])
    assert refused.exit_code != 0 and "--sitting 2: not among the measured seeds 0..1" in str(refused.exception)


def test_a_report_read_back_from_the_records_alone_gives_the_figures_the_evaluation_gave(tmp_path, hashed):
    """--from-records: the runs are gone and no model is asked, yet ratings, diffusion, density, Social
    Memory density and attendance are those of the evaluation that made the records; a record missing is
    named, and of two complete states of a run the later is read."""
    import shutil

    from typer.testing import CliRunner

    from aga.cli import app

    out, kept, back = tmp_path / "bel", tmp_path / "kept", tmp_path / "back"
    args = ["bench", "believability", "ville3", "--out", str(out), "--days", "0.02", "--start", "08:00"]
    args += ["--seeds", "1", "--warmup", "0", "--voice", "scripted/default", "--judge", "scripted/default"]
    args += ["--questions", "1", "--pairs", "5", "--quiet", "--records", str(kept)]
    assert CliRunner().invoke(app, args).exit_code == 0
    made = json.loads((out / "believability.json").read_text())
    shutil.rmtree(out)
    read_back = [*args[:4], str(back), *args[5:], "--from-records"]
    result = CliRunner().invoke(app, read_back)
    assert result.exit_code == 0, result.output
    assert not (back / "runs").exists() and not (back / "eval" / "s0" / "eval.db").exists()  # no run, no model
    got = json.loads((back / "believability.json").read_text())
    assert got["pooled"] == made["pooled"] and got["mu_per_seed"] == made["mu_per_seed"]
    assert got["knowledge"] == made["knowledge"]
    assert got["knowledge"]["social"]["social_density"]["n"] == 1  # kept with the answers, as attendance
    assert re.search(r"baseline-s0: read back at end state [0-9a-f]{16}", result.output)
    assert "`aga-s0`: step " in (back / "eval" / "s0" / "report.md").read_text()  # its facts were kept
    assert "read back from the kept records at end state" in (back / "eval" / "s0" / "report.md").read_text()
    # Another state of every run, asked in full (a later start): the later complete state is read.
    later = [*args[:8], "08:10", *args[9:]]
    assert CliRunner().invoke(app, later).exit_code == 0
    made_later = json.loads((out / "believability.json").read_text())
    assert CliRunner().invoke(app, read_back).exit_code == 0
    assert json.loads((back / "believability.json").read_text())["pooled"] == made_later["pooled"]
    # A record torn away from every state: named, with what to do; nothing is asked instead.
    lines = (kept / "s0.jsonl").read_text().splitlines()
    gone = [json.loads(line) for line in lines]
    keep = [line for line, r in zip(lines, gone, strict=True)
            if not (r.get("condition") == "lifestyle-s0" and r.get("question") == "memory.0")]  # fmt: skip
    (kept / "s0.jsonl").write_text("\n".join(keep) + "\n")
    result = CliRunner().invoke(app, read_back)
    assert result.exit_code != 0
    said = " ".join(str(result.exception or result.output).split())
    assert "run 'lifestyle-s0' has no state whose records are complete" in said, said
    assert "interview lifestyle-s0 / " in said and "/ memory.0" in said and "without --from-records" in said
    refused = CliRunner().invoke(app, [*args, "--from-records", "--sitting", "0"])
    assert refused.exit_code != 0 and "no --sitting" in str(refused.exception or refused.output)


def test_kept_answers_are_judged_anew_without_their_runs_and_read_back_after(tmp_path, hashed):
    """Another way of judging (or another judge) tried on a recording whose runs are gone: --judge-kept
    asks the judge what the records lack, on the kept answers, keeps it, and a later read-back gives
    the same figures without asking."""
    import shutil

    from typer.testing import CliRunner

    from aga.cli import app

    out, kept, back = tmp_path / "bel", tmp_path / "kept", tmp_path / "back"
    args = ["bench", "believability", "ville3", "--out", str(out), "--days", "0.02", "--start", "08:00"]
    args += ["--seeds", "1", "--warmup", "0", "--voice", "scripted/default", "--judge", "scripted/default"]
    args += ["--questions", "1", "--pairs", "3", "--quiet", "--records", str(kept)]
    made = CliRunner().invoke(app, args)
    assert made.exit_code == 0, made.output
    shutil.rmtree(out)  # the runs are gone
    scores = [*args[:4], str(back), *args[5:], "--from-records", "--judging", "scores", "--measure", "interviews"]
    unasked = CliRunner().invoke(app, scores)
    assert unasked.exit_code != 0 and "no kept verdict for score" in " ".join(str(unasked.exception).split())
    judged = CliRunner().invoke(app, [*scores, "--judge-kept"])
    assert judged.exit_code == 0, judged.output
    first = json.loads((back / "believability.json").read_text())
    assert first["judged_kept_answers"] and first["pooled"]
    assert "the verdicts the records lacked were asked of the judge" in (back / "believability.md").read_text()
    with sqlite3.connect(back / "eval" / "s0" / "eval.db") as conn:
        assert conn.execute("select count(*) from llm_ledger where task = 'eval.score_answer'").fetchone()[0] > 0
        assert conn.execute("select count(*) from llm_ledger where task not like 'eval.score%'").fetchone()[0] == 0
    kept_scores = [r for r in map(json.loads, (kept / "s0.jsonl").read_text().splitlines()) if r["measure"] == "score"]
    assert kept_scores and all(set(r["states"]) and r["judging"] == "scores" for r in kept_scores)
    shutil.rmtree(back)
    again = CliRunner().invoke(app, scores)  # kept now: read back, nothing asked
    assert again.exit_code == 0, again.output
    assert json.loads((back / "believability.json").read_text())["pooled"] == first["pooled"]
    assert not (back / "eval" / "s0" / "eval.db").exists()
    alone = CliRunner().invoke(app, [*args, "--judge-kept"])
    assert alone.exit_code != 0 and "give it with --from-records" in str(alone.exception or alone.output)


def test_the_judges_check_fails_a_judge_that_cannot_tell_memory_from_none():
    from aga.evaluation.checks import check_lines, head_to_head

    coin = [_judged(["baseline", "baseline:no-memory"]), _judged(["baseline:no-memory", "baseline"])] * 20
    check = head_to_head([*coin, _judged(["aga", "baseline"])], "baseline", "baseline:no-memory")
    assert (check["first_wins"], check["verdicts"]) == (20, 40) and check["low"] < 0.5 < check["high"]
    assert "ratings above are its noise" in " ".join(check_lines(check, None, "pairwise"))
    assert head_to_head([], "baseline", "baseline:no-memory") == {
        "first": "baseline", "second": "baseline:no-memory", "verdicts": 0, "first_wins": 0
    }  # fmt: skip
    assert check_lines(head_to_head([], "baseline", "baseline:no-memory"), None, "pairwise") == []


class _FirstPicker:
    """A judge that always picks answer A, or the answer that says ``good`` where ``reads`` is set."""

    def __init__(self, reads: bool = False) -> None:
        self.failsafes, self.reads = 0, reads

    def call(self, task, shown):
        from aga.evaluation.judge import Better

        return Better(better="B" if self.reads and "good" in shown["answer_b"] else "A")


def test_judging_both_orders_turns_a_judge_swayed_by_position_into_ties():
    from aga.evaluation.checks import position_bias
    from aga.evaluation.judge import compare_answers

    shown = {"name": "Ann", "persona": "", "question": "Who are you?", "seed": 3}
    pair = {"first": ("full", "a good answer"), "second": ("none", "an answer")}
    swayed = compare_answers(_FirstPicker(), **shown, **pair)  # one order: the first shown wins, whichever
    assert sorted(swayed.places.values()) == [0, 1] and swayed.firsts == (True,)
    both = compare_answers(_FirstPicker(), **shown, **pair, both_orders=True)
    assert both.places == {"full": 0, "none": 0} and both.firsts == (True, True)  # a tie: carries nothing
    reader = compare_answers(_FirstPicker(reads=True), **shown, **pair, both_orders=True)
    assert reader.places == {"full": 0, "none": 1} and sorted(reader.firsts) == [False, True]
    bias = position_bias([swayed, both, reader])
    assert (bias["first_chosen"], bias["calls"]) == (4, 5) and bias["low"] < 0.8 < bias["high"]
    assert position_bias([]) == {"calls": 0, "first_chosen": 0}


def test_scores_place_the_conditions_and_equal_scores_tie():
    from aga.evaluation.checks import head_to_head, position_bias
    from aga.evaluation.judge import placed_by_scores

    judged = placed_by_scores({"full": 8, "none": 3, "other": 8})
    assert judged.places == {"full": 0, "none": 1, "other": 0} and judged.firsts == ()
    tie = placed_by_scores({"full": 6, "none": 6})
    check = head_to_head([judged, tie], "full", "none")
    assert (check["first_wins"], check["verdicts"]) == (1, 1)  # the tie decides nothing
    assert position_bias([judged, tie])["calls"] == 0  # nothing was shown first


def test_pooled_ratings_strip_the_seed_from_condition_names():
    from benchmarks.believability import kind

    assert kind("baseline-s12:no-memory", 12) == "baseline:no-memory"
    assert kind("aga-s1", 1) == "aga"


def test_pairwise_judging_can_sample_pairs_and_ranking_is_one_call_per_question(tmp_path, hashed):
    from typer.testing import CliRunner

    from aga.cli import app

    run = Run.create("ville3", model="scripted/default", hours=0.5, run_id="pj", embedder=HashEmbedder())
    run.advance()
    run.close()
    base = ["eval", "pj", "--voice", "scripted/default", "--judge", "scripted/default", "--questions", "1"]
    base += ["--measure", "interviews", "--quiet"]
    calls = {}
    for extra, verdicts in (
        (["--pairs", "2"], 3 * 5 * 2),
        (["--pairs", "2", "--judging", "pairwise-both"], 3 * 5 * 2),
        (["--judging", "ranking"], 3 * 5),
        (["--judging", "scores"], 3 * 5),
    ):
        out = tmp_path / extra[-1]
        result = CliRunner().invoke(app, [*base, *extra, "--out", str(out)])
        assert result.exit_code == 0, result.output
        assert json.loads((out / "report.json").read_text())["rankings"] == verdicts
        with sqlite3.connect(out / "eval.db") as conn:
            calls[extra[-1]] = conn.execute(
                "select count(*) from llm_ledger where task = 'eval.compare_answers'"
            ).fetchone()[0]  # fmt: skip
    assert calls["pairwise-both"] == 2 * calls["2"] == 2 * 3 * 5 * 2  # each pair shown in both orders
    assert calls["scores"] == 0  # no answer shown beside another
    with sqlite3.connect(tmp_path / "scores" / "eval.db") as conn:
        scored = conn.execute("select count(*) from llm_ledger where task = 'eval.score_answer'").fetchone()[0]
    conditions = len(json.loads((tmp_path / "scores" / "report.json").read_text())["ratings"])
    assert conditions >= 2 and scored == conditions * 3 * 5  # each answer scored once, alone
    bad = CliRunner().invoke(app, [*base, "--judging", "vote", "--out", str(tmp_path / "v")])
    assert "--judging vote" in str(bad.exception)


def test_the_start_checkpoint_is_kept_for_density_at_the_start_and_its_loss_is_said(tmp_path, hashed):
    import sqlite3 as sq

    from aga.evaluation.snapshot import snapshot

    run = Run.create("ville3", model="scripted/default", hours=0.5, run_id="st", embedder=HashEmbedder())
    run.advance(checkpoint_minutes=2)  # far more checkpoints than are kept
    run.close()
    database = tmp_path / "runs" / "st" / "aga.db"
    with sq.connect(database) as conn:
        first, start = conn.execute("select c.sim_time, r.start from checkpoint c, run_info r order by c.id").fetchone()
        assert first == start and conn.execute("select count(*) from checkpoint").fetchone()[0] == 4
    copy = snapshot("st", tmp_path / "snap", at_start=True)
    with Run.open(str(copy.paths.root), embedder=HashEmbedder()) as opened:
        assert opened.rt.step == 0
    with sq.connect(database) as conn:  # a run from before the first checkpoint was kept
        conn.execute("delete from checkpoint where id = (select min(id) from checkpoint)")
    with pytest.raises(ValueError, match="no longer has the checkpoint of its start"):
        snapshot("st", tmp_path / "snap", at_start=True)


def test_answers_are_asked_again_when_the_run_changed_and_fail_safes_are_never_reused(tmp_path, hashed):
    from typer.testing import CliRunner

    from aga.cli import app
    from aga.evaluation.evaluate import Records

    run = Run.create("ville3", model="scripted/default", hours=0.3, run_id="ch", embedder=HashEmbedder())
    run.advance()
    run.close()
    out = tmp_path / "ch-eval"
    args = ["eval", "ch", "--voice", "scripted/default", "--judge", "scripted/default", "--questions", "1"]
    args += ["--measure", "interviews", "--ablation", "no-memory", "--out", str(out), "--quiet"]

    def calls() -> int:
        with sqlite3.connect(out / "eval.db") as conn:
            return conn.execute("select count(*) from llm_ledger").fetchone()[0]

    assert CliRunner().invoke(app, args).exit_code == 0
    first = calls()
    assert CliRunner().invoke(app, args).exit_code == 0 and calls() == first  # nothing changed: all reused
    assert CliRunner().invoke(app, ["whisper", "ch", "Klaus", "Call your mother"]).exit_code == 0
    assert CliRunner().invoke(app, args).exit_code == 0 and calls() > first  # a new state: asked anew
    records = Records(out / "records.jsonl")
    records.save({"measure": "interview", "condition": "c", "agent": "a", "question": "q", "asked": "?",
                  "failsafe": True, "run": "x"})  # fmt: skip
    assert records.view({"run": "x"}, lambda r: r["agent"]) == {}


def test_an_action_replaced_before_the_event_does_not_count_as_attending(tmp_path):
    from datetime import datetime

    from sqlmodel import Session

    from aga.evaluation.attendance import attendance
    from aga.storage.timeline import TimelineEntry

    engine, scenario, end = _town_for_attendance(tmp_path, who_goes=["Maria Lopez"])
    with Session(engine) as session:  # Maria leaves the cafe at 16:55, before the party begins
        where = json.dumps({"address": "the Ville:Oak Hill College:library:desk", "minutes": 120})
        at = datetime(2023, 2, 14, 16, 55)
        session.add(
            TimelineEntry(step=2, sim_time=at, agent="Maria Lopez", kind="action", text="home", data_json=where)
        )
        session.commit()
    (party,) = attendance(engine, scenario, end)
    assert party.attended == []


def test_cli_eval_of_a_run_that_does_not_exist_writes_nothing(tmp_path, hashed):
    from typer.testing import CliRunner

    from aga.cli import app
    from aga.config import runs_dir

    models = ["--voice", "scripted/default", "--judge", "scripted/default"]
    result = CliRunner().invoke(app, ["eval", "nosuchrun", *models])
    assert "no run 'nosuchrun'" in str(result.exception)
    assert not (runs_dir() / "eval").exists()
    # A household run has no town to interview: said as such, not "resume it first", and nothing is made.
    from aga.household.run import HouseholdRun

    home = HouseholdRun.start("home_office", model="scripted/default", mode="baseline", seed=0, run_id="home", days=1)
    try:
        home.live(embedder=HashEmbedder())
    finally:
        home.close()
    result = CliRunner().invoke(app, ["eval", "home", *models])
    assert "run 'home' is a household run" in str(result.exception) and "aga household show home" in str(
        result.exception
    )
    assert not (runs_dir() / "eval").exists()
    # A town run killed in its start-up has no checkpoint to interview at: resume it first.
    Run.create("ville3", model="scripted/default", hours=0.1, run_id="early", embedder=HashEmbedder()).close()
    with sqlite3.connect(runs_dir() / "early" / "aga.db") as conn:
        conn.execute("delete from checkpoint")
    result = CliRunner().invoke(app, ["eval", "early", *models])
    assert "has no checkpoint yet" in str(result.exception) and "aga resume early" in str(result.exception)
    assert not (runs_dir() / "eval").exists()


def test_cli_eval_of_a_town_of_one_asks_what_needs_no_other_resident(tmp_path, hashed):
    # Someone who lives alone has no one to be asked about: the questions naming another resident are
    # left out, every other measure runs (before: "an interview needs at least one other resident").
    from typer.testing import CliRunner

    from aga.cli import app
    from tests.test_simulation import one_agent_scenario

    run = Run.create(
        str(one_agent_scenario(tmp_path)), model="scripted/default", hours=1, run_id="solo", embedder=HashEmbedder()
    )
    run.advance()
    run.close()
    out = tmp_path / "solo-eval"
    args = ["eval", "solo", "--voice", "scripted/default", "--judge", "scripted/default", "--questions", "5"]
    result = CliRunner().invoke(app, [*args, "--out", str(out), "--quiet"])
    assert result.exit_code == 0, result.output
    report = json.loads((out / "report.json").read_text())
    assert report["rankings"] == 1 * (25 - sum("{met" in t for ts in TEMPLATES.values() for t in ts)) * 6
    asked = interview_questions([], [], seed=0, per_category=5)
    assert asked and not any("{" in q.text for q in asked) and {q.category for q in asked} == set(TEMPLATES)


def test_an_evaluation_stopped_part_way_ends_as_one_that_never_stopped(tmp_path, hashed):
    # The calls of answers lost in a stop stay in the eval's ledger; answers asked again must not be
    # numbered after them, or a resumed evaluation reports other answers and verdicts.
    from typer.testing import CliRunner

    from aga.cli import app

    run = Run.create("ville3", model="scripted/default", hours=1, run_id="st", embedder=HashEmbedder())
    run.advance()
    run.close()

    def evaluate(out: Path) -> None:
        args = ["eval", "st", "--voice", "scripted/default", "--judge", "scripted/default", "--questions", "1"]
        args += ["--measure", "interviews", "--measure", "density", "--out", str(out), "--quiet"]
        result = CliRunner().invoke(app, args)
        assert result.exit_code == 0, result.output

    def kept(out: Path) -> list[str]:
        lines = (out / "records.jsonl").read_text().splitlines()
        return sorted(json.dumps(json.loads(line), sort_keys=True) for line in lines)

    evaluate(tmp_path / "whole")
    cut = tmp_path / "cut"
    evaluate(cut)
    lines = (cut / "records.jsonl").read_text().splitlines()
    assert len(lines) > 20
    # Stopped part way: the later half of the records never reached the file (their calls did).
    (cut / "records.jsonl").write_text("\n".join(lines[: len(lines) // 2]) + "\n")
    evaluate(cut)
    assert kept(cut) == kept(tmp_path / "whole")


def test_a_density_not_measured_says_why():
    """A one-resident town printed "density not measured at the start, not measured at the end"."""
    from aga.cli.evaluate import _share

    assert _share({"pairs": 6, "judged": 6, "density": 0.5}) == "0.50"
    assert _share({"pairs": 0, "judged": 0, "density": None}) == "not measured (no pair of residents to ask about)"
    assert "fail-safes" in _share({"pairs": 6, "judged": 0, "density": None})
    gone = "run 'x' no longer has the checkpoint of its start"
    assert _share({"density": None, "unavailable": gone}) == f"not measured ({gone})"


def test_the_kept_records_note_counts_what_applies_to_a_runs_state_and_voice(tmp_path):
    from aga.evaluation.evaluate import Records, kept_note

    records = Records(tmp_path / "r.jsonl")
    common = {"voice": "v", "seed": 0, "api_base": None}
    for state, voice, when in (("aaa", "v", None), ("aaa", "v", "end"), ("bbb", "v", None), ("aaa", "w", None),
                               ("ccc", "v", "start")):  # fmt: skip
        records.save({"run": "r1", "state": state, "voice": voice, "seed": 0, "api_base": None, "when": when})
    records.save({"run": "r1", "state": "aaa", "voice": "v", "seed": 0, "api_base": None, "failsafe": True})
    assert kept_note(records, "r2", "aaa", common) is None  # nothing kept for that run: nothing to say
    # The start-state record and the fail-safe are not counted; the other voice's record does not apply.
    assert kept_note(records, "r1", "aaa", common) == (
        "r1: 2 of 4 kept records apply to its end state aaa; not reused (asked again): 1 made at end state bbb; "
        "1 with another voice, seed or server"
    )
    assert kept_note(records, "r1", "bbb", common) == (
        "r1: 1 of 4 kept records apply to its end state bbb; not reused (asked again): 3 made at end state aaa"
    )
    assert kept_note(records, "r1", "ddd", {**common, "voice": "w"}).startswith("r1: 0 of 4 kept records apply")
    only = Records(tmp_path / "o.jsonl")
    only.save({"run": "r1", "state": "aaa", "voice": "v", "seed": 0, "api_base": None})
    assert kept_note(only, "r1", "aaa", common) == "r1: all 1 kept records apply (end state aaa)"


def test_a_spread_over_fewer_seeds_than_measured_says_how_many():
    from benchmarks.believability import _sp, spread

    assert _sp(spread([0.5, 1.0, None]), "{:.0%}", 3) == "75% (50%-100%, 2 of 3 seeds)"
    assert _sp(spread([0.5, 1.0, 1.0]), "{:.0%}", 3) == "83% (50%-100%)"
    assert _sp(spread([None]), "{:.0%}", 3) == "-"


def test_a_person_rates_kept_answers_blind_and_can_stop_and_go_on(tmp_path, hashed):
    """`aga rate`: two conditions' answers shown as A and B, verdicts kept as human/<rater> at once; the
    same command goes on where the rater stopped, and the head-to-head counts what was chosen."""
    from typer.testing import CliRunner

    from aga.cli import app

    run = Run.create("ville3", model="scripted/default", hours=0.5, run_id="hr", embedder=HashEmbedder())
    run.advance()
    run.close()
    out = tmp_path / "hr-eval"
    asked = ["eval", "hr", "-m", "scripted/default", "--questions", "1", "--measure", "interviews", "--quiet"]
    assert CliRunner().invoke(app, [*asked, "--ablation", "no-memory", "--out", str(out)]).exit_code == 0
    records = out / "records.jsonl"
    rate = ["rate", str(records), "-s", "ville3", "--run", "hr", "--questions", "1", "--voice", "scripted/default"]
    refused = CliRunner().invoke(app, rate)
    assert refused.exit_code != 0 and "--rater: give your name" in str(refused.exception or refused.output)
    first = CliRunner().invoke(app, [*rate, "--rater", "ana"], input="A\nB\nmaybe\n=\nq\n")
    assert first.exit_code == 0, first.output
    assert "'MAYBE': answer A, B, = or q" in first.output
    assert "no-memory" not in first.output.split("rated by human/ana")[0]  # blind: no condition named
    assert "3 of 15 rated by human/ana (12 left: the same command goes on)" in first.output
    assert "1 of 15 to rate" in first.output and "Character: " in first.output
    second = CliRunner().invoke(app, [*rate, "--rater", "ana"], input="A\n" * 12)
    assert "1 of 12 to rate" in second.output and "15 of 15 rated by human/ana\n" in second.output
    mine = [r for r in JsonLines(records).read() if r.get("judge") == "human/ana"]
    assert len(mine) == 15 and {r["judging"] for r in mine} == {"by hand"}
    decided = [r for r in mine if len(set(r["places"].values())) > 1]
    assert len(decided) == 14 and sum(r["firsts"] == [True] for r in decided) == 13  # one B, thirteen A
    wins = sum(r["places"]["hr"] == 0 for r in decided)
    assert re.search(rf"hr above hr:no-memory in {wins} of 14 decided verdicts", second.output)
    # Nothing is asked of the rater twice, and another rater starts afresh.
    again = CliRunner().invoke(app, [*rate, "--rater", "ana"], input="")
    assert "15 of 15 rated by human/ana" in again.output and "to rate" not in again.output
    other = CliRunner().invoke(app, [*rate, "--rater", "ben"], input="q\n")
    assert "0 of 15 rated by human/ben (15 left" in other.output


class _Reader:
    """A judge that keeps every prompt it is shown and answers as the scripted judge's schema asks."""

    def __init__(self) -> None:
        self.failsafes, self.prompts = 0, []

    def call(self, task, shown):
        from aga.evaluation.judge import Better, Ranking, Score

        self.prompts.append(task.render(shown))
        return {"eval.compare_answers": Better(better="A"), "eval.score_answer": Score(score=7)}.get(
            task.name, Ranking(ranking=["A", "B", "C"])
        )


def test_the_judge_is_shown_each_answers_past_days_only_when_asked_to():
    """--judge-memories: beside each answer, the memories of its run (one list where the runs are the
    same, one per answer where they differ); without it the prompt is the one the judge always had."""
    from aga.evaluation.judge import compare_answers, rank_answers, score_answer

    common = {"name": "Ann", "persona": "Name: Ann", "question": "What did you do yesterday?"}
    days = "- Monday February 13, 09:00 AM: Ann is mending the nets"
    judge = _Reader()
    score_answer(judge, answer="I mended nets.", **common)
    score_answer(judge, answer="I mended nets.", memories=days, **common)
    plain, seen = judge.prompts
    assert "memory holds" not in plain and days not in plain
    block = seen[seen.index("\n\nWhat Ann's memory") : seen.index(days) + len(days)]
    assert days in seen and seen.replace(block, "") == plain  # the block added, nothing else changed
    same = {"full": days, "none": days}
    compare_answers(judge, first=("full", "x"), second=("none", "y"), seed=1, memories=same, **common)
    assert judge.prompts[-1].count(days) == 1 and "different versions" not in judge.prompts[-1]
    other = "- Monday February 13, 09:00 AM: Ann is selling fish"
    compare_answers(judge, first=("full", "x"), second=("aga", "y"), seed=1, memories={"full": days, "aga": other},
                    **common)  # fmt: skip
    shown = judge.prompts[-1]
    assert "different versions of Ann's past days" in shown and days in shown and other in shown
    # The list shown next to "answer A" is the past days of the answer shown as A, whichever order was drawn.
    a_list = shown.split("For answer A:\n")[1].split("\n")[0]
    assert (a_list == days) == ("Answer A: x" in shown)
    rank_answers(judge, answers={"full": "x", "aga": "y", "none": "z"}, seed=2,
                 memories={"full": days, "none": days, "aga": other}, **common)  # fmt: skip
    assert re.search(r"For answers [A-C] and [A-C]:\n" + re.escape(days), judge.prompts[-1])


def test_cli_eval_shows_the_judge_the_runs_memories_and_keeps_them_for_a_judge_asked_later(tmp_path, hashed):
    import shutil

    from typer.testing import CliRunner

    from aga.cli import app

    out, kept, back = tmp_path / "bel", tmp_path / "kept", tmp_path / "back"
    args = ["bench", "believability", "ville3", "--out", str(out), "--days", "0.02", "--start", "08:00"]
    args += ["--seeds", "1", "--warmup", "0", "--voice", "scripted/default", "--judge", "scripted/default"]
    args += ["--questions", "1", "--quiet", "--records", str(kept), "--measure", "interviews"]
    made = CliRunner().invoke(app, [*args, "--judging", "scores", "--judge-memories", "4"])
    assert made.exit_code == 0, made.output
    records = [json.loads(line) for line in (kept / "s0.jsonl").read_text().splitlines()]
    memories = [r for r in records if r["measure"] == "memories"]
    runs = {r["run"] for r in records if r["measure"] == "interview"}
    assert {r["run"] for r in memories} == runs and all(r["k"] == 4 for r in memories)
    assert all(0 < len(r["text"].splitlines()) <= 4 for r in memories)  # the town has lived a little
    scores = [r for r in records if r["measure"] == "score"]
    assert scores and all(r["judge_memories"] == 4 for r in scores)
    shutil.rmtree(out)  # the runs are gone: the kept memories let another judging be asked of the records
    again = [*args[:4], str(back), *args[5:], "--from-records", "--judge-kept", "--judging", "pairwise"]
    judged = CliRunner().invoke(app, [*again, "--judge-memories", "4", "--pairs", "2"])
    assert judged.exit_code == 0, judged.output
    pairs = [json.loads(line) for line in (kept / "s0.jsonl").read_text().splitlines()]
    assert any(r["measure"] == "pair" and r.get("judge_memories") == 4 for r in pairs)
    shutil.rmtree(back)
    other = CliRunner().invoke(app, [*again, "--judge-memories", "6", "--pairs", "2"])
    assert other.exit_code != 0
    assert "no memories kept for run" in str(other.exception) and "--judge-memories 6" in str(other.exception)
