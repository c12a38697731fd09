"""Runs: checkpoint round trip, resume after kill -9 and Ctrl-C, budgets, mode checks, CLI inspection."""

from __future__ import annotations

import json
import os
import re
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from aga.cli import app
from aga.memory import MemoryKind
from aga.sim.run import Run
from aga.storage import RunInUse
from tests.fakes import HashEmbedder
from tests.test_simulation import one_agent_scenario


def test_checkpoint_round_trip(tmp_path):
    run = Run.create("ville3", model="scripted/default", hours=2, run_id="rt", seed=2, embedder=HashEmbedder())
    run.advance(checkpoint_minutes=30)
    before = run._state()
    run.close()
    reopened = Run.open("rt", embedder=HashEmbedder())
    assert reopened._state() == before
    assert reopened.rt.rng.random() == run.rt.rng.random()
    assert reopened.rt.step == run.rt.step == 720


def test_resume_drops_what_came_after_the_checkpoint(tmp_path):
    run = Run.create(
        "ville3", model="scripted/default", mode="social", hours=7, run_id="cut", seed=2, embedder=HashEmbedder()
    )
    run.advance(checkpoint_minutes=600)
    checkpoint_step = run.rt.step  # the next step to run
    kept = {a: [n.id for n in run.rt.memory.latest(a, 10_000)] for a in run.rt.agents}
    entries = len(run.rt.timeline.entries(limit=100_000))
    history = len(run.rt.social.export()["history"])
    needed = run.rt.gateway.ledger.totals()[0]
    from aga.sim.engine import step

    # The step the checkpoint has not run yet writes a memory and a change of relation, then the
    # process goes on for steps that no checkpoint covers and dies.
    agent = sorted(run.rt.agents)[0]
    run.rt.memory.add(agent, MemoryKind.EVENT, (agent, "is", "mid-step"), "mid-step", 3, run.rt.now, step=run.rt.step)
    other = sorted(run.rt.agents)[1]
    run.rt.social.seed(agent, other, label="rival", closeness=1, when=run.rt.now, step=run.rt.step)
    for _ in range(200):
        step(run.rt)
    run.close()  # the process "dies"
    reopened = Run.open("cut", embedder=HashEmbedder())
    assert reopened.rt.step == checkpoint_step
    assert {a: [n.id for n in reopened.rt.memory.latest(a, 10_000)] for a in reopened.rt.agents} == kept
    assert len(reopened.rt.timeline.entries(limit=100_000)) == entries
    assert len(reopened.rt.social.export()["history"]) == history
    # The calls of the lost steps stay in the ledger (they were paid for), flagged as replayed.
    ledger = reopened.rt.gateway.ledger
    assert ledger.totals(standing=True)[0] == needed
    assert ledger.totals()[0].llm_calls > needed.llm_calls
    shown = json.loads(CliRunner().invoke(app, ["ledger", "cut", "--json"]).output)
    assert shown["replayed_after_resume"]["llm_calls"] == ledger.totals()[0].llm_calls - needed.llm_calls


def test_a_run_written_by_an_older_aga_still_opens(tmp_path):
    """Columns added to run_info since (the policy store's) are added on read, not a "no such column"."""
    run = Run.create("ville3", model="scripted/default", hours=1, run_id="old", embedder=HashEmbedder())
    run.close()
    with sqlite3.connect(run.paths.database) as conn:
        conn.execute("ALTER TABLE run_info DROP COLUMN policy_options")
        conn.execute("ALTER TABLE run_info DROP COLUMN policy_store")
        conn.execute("DROP INDEX ix_llm_ledger_replayed")
        conn.execute("ALTER TABLE llm_ledger DROP COLUMN replayed")
    shown = subprocess.run([sys.executable, "-m", "aga", "show", "old"], capture_output=True, text=True, timeout=120)
    assert shown.returncode == 0, shown.stderr
    reopened = Run.open("old", embedder=HashEmbedder())
    assert reopened.info.policy_store is None and reopened.info.mode == "baseline"


def test_resume_from_the_creation_checkpoint_keeps_the_seeds(tmp_path):
    run = Run.create(
        "ville3", model="scripted/default", mode="social", hours=1, run_id="fresh", embedder=HashEmbedder()
    )
    seeded = {a: len(run.rt.memory.latest(a, 10_000)) for a in run.rt.agents}
    relations = run.rt.social.export()["history"]
    assert all(seeded.values()) and relations
    run.close()
    reopened = Run.open("fresh", embedder=HashEmbedder())
    assert {a: len(reopened.rt.memory.latest(a, 10_000)) for a in reopened.rt.agents} == seeded
    assert reopened.rt.social.export()["history"] == relations


def _aga(*args: str, env: dict[str, str]) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "aga", *args], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )


def _checkpoints(db: Path) -> list[int]:
    if not db.exists():
        return []
    try:
        with sqlite3.connect(db, timeout=5) as conn:
            return [r[0] for r in conn.execute("select step from checkpoint order by id")]
    except sqlite3.OperationalError:
        return []


@pytest.mark.embedding_model
def test_kill_9_then_resume_to_the_end(tmp_path):
    scenario = one_agent_scenario(tmp_path)
    env = {**os.environ, "AGA_RUNS_DIR": str(tmp_path / "runs")}
    db = tmp_path / "runs" / "killed" / "aga.db"
    proc = _aga(
        "run",
        str(scenario),
        "--hours",
        "10",
        "--model",
        "scripted/default",
        "--run-id",
        "killed",
        "--checkpoint-minutes",
        "10",
        "--quiet",
        env=env,
    )
    deadline = time.time() + 240
    while len(_checkpoints(db)) < 3 and time.time() < deadline and proc.poll() is None:
        time.sleep(0.2)
    assert proc.poll() is None, proc.communicate()
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=30)
    killed_at = _checkpoints(db)[-1]
    assert killed_at > 0

    resumed = _aga("resume", "killed", "--quiet", env=env)
    out, err = resumed.communicate(timeout=600)
    assert resumed.returncode == 0, err
    assert "resuming killed" in out
    with sqlite3.connect(db) as conn:
        status, until = conn.execute("select status, until from run_info").fetchone()
        last_time = conn.execute("select sim_time from checkpoint order by id desc limit 1").fetchone()[0]
        steps = [r[0] for r in conn.execute("select step from memory_node")]
    assert status == "finished"
    assert last_time.startswith(until[:16])
    assert steps and max(steps) <= 10 * 360

    shown = subprocess.run(
        [sys.executable, "-m", "aga", "show", "killed", "--json"], env=env, capture_output=True, text=True, timeout=120
    )
    data = json.loads(shown.stdout)
    assert data["agents"][0]["agent"] == "Klaus Mueller" and data["agents"][0]["plan"]
    logged = subprocess.run(
        [sys.executable, "-m", "aga", "log", "killed", "--json", "--kind", "action"],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert all(e["kind"] == "action" for e in json.loads(logged.stdout))


@pytest.mark.embedding_model
@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=["ctrl-c", "term"])
def test_ctrl_c_checkpoints_and_exits_130(tmp_path, sig):
    """Ctrl-C, and a TERM as `kill` or `docker stop` send, stop the run at a checkpoint."""
    scenario = one_agent_scenario(tmp_path)
    env = {**os.environ, "AGA_RUNS_DIR": str(tmp_path / "runs")}
    db = tmp_path / "runs" / "stopped" / "aga.db"
    proc = _aga(
        "run",
        str(scenario),
        "--hours",
        "72",
        "--model",
        "scripted/default",
        "--run-id",
        "stopped",
        "--checkpoint-minutes",
        "600",
        "--quiet",
        env=env,
    )
    deadline = time.time() + 240
    while len(_checkpoints(db)) < 1 and time.time() < deadline:
        time.sleep(0.2)
    time.sleep(3)
    proc.send_signal(sig)
    _, err = proc.communicate(timeout=120)
    assert proc.returncode == 130, err
    assert "aga resume stopped" in err
    with sqlite3.connect(db) as conn:
        assert conn.execute("select status from run_info").fetchone()[0] == "stopped"
    assert _checkpoints(db)[-1] > 0  # the interrupt wrote a checkpoint beyond the first


def test_budget_stops_cleanly_and_resume_goes_on(tmp_path):
    from aga.sim.run import Budget

    run = Run.create("ville3", model="scripted/default", hours=3, run_id="budget", embedder=HashEmbedder())
    limit = run.rt.gateway.spent_tokens + 5_000
    reason = run.advance(budget=Budget(max_tokens=limit))
    assert "token budget" in reason
    assert run.info.status == "budget"
    stopped_at = run.rt.step
    run.close()
    reopened = Run.open("budget", embedder=HashEmbedder())
    assert reopened.rt.step == stopped_at
    assert reopened.advance() == "finished"


def test_a_run_in_use_cannot_be_opened_again_until_closed(tmp_path):
    """A second opener would drop rows after the checkpoint that the first is still using."""
    run = Run.create("ville3", model="scripted/default", hours=1, run_id="busy", embedder=HashEmbedder())
    run.advance(checkpoint_minutes=600)  # the last checkpoint is older than the memories just written
    memories = {a: len(run.rt.memory.latest(a, 10_000)) for a in run.rt.agents}
    with pytest.raises(RunInUse, match="in use elsewhere"):
        Run.open("busy", embedder=HashEmbedder())
    interview = CliRunner().invoke(app, ["interview", "busy", "Klaus", "-q", "hi"])
    assert isinstance(interview.exception, RunInUse)
    resume = subprocess.run(
        [sys.executable, "-m", "aga", "resume", "busy", "--hours", "1"], capture_output=True, text=True, timeout=120
    )
    assert (
        resume.returncode == 2
        and "in use elsewhere" in " ".join(resume.stderr.split())
        and "Traceback" not in resume.stderr
    )
    assert {a: len(run.rt.memory.latest(a, 10_000)) for a in run.rt.agents} == memories
    assert CliRunner().invoke(app, ["show", "busy"]).exit_code == 0  # reading needs no lock
    run.close()
    with Run.open("busy", embedder=HashEmbedder()) as again:
        assert again.rt.step == run.rt.step


def test_unknown_modes_are_rejected_clearly():
    with pytest.raises(ValueError, match="choose one of"):
        Run.create("ville3", model="scripted/default", mode="turbo")


def test_a_run_can_begin_later_in_the_first_day(tmp_path):
    from datetime import time as clock_time
    from datetime import timedelta

    run = Run.create(
        "ville3", model="scripted/default", hours=0.5, run_id="late", start=clock_time(7, 0), embedder=HashEmbedder()
    )
    begin = run.rt.now
    assert (begin.hour, begin.minute) == (7, 0) and run.info.until == begin + timedelta(minutes=30)
    assert run.advance() == "finished"
    assert run.rt.now == run.info.until
    run.close()
    assert Run.open("late", embedder=HashEmbedder()).rt.clock.start == begin


def test_start_must_be_a_time_of_day():
    from aga.cli.common import UserError, clock_time

    assert clock_time("07:30").minute == 30 and clock_time(None) is None
    with pytest.raises(UserError, match="--start '7am'.*HH:MM"):
        clock_time("7am")


def test_a_run_that_fails_before_its_first_checkpoint_leaves_nothing_behind(tmp_path):
    """A policy store in use by another run: the error names it, and the run id stays free."""
    from aga.sim.policies import PolicyOptions
    from policy_store import PolicyStore

    store = tmp_path / "store"
    options = PolicyOptions(store=str(store))
    holder = PolicyStore.open(store, HashEmbedder())  # another run holds the store
    with pytest.raises(Exception, match=r"in use by process \d+; .*`--fresh-policies`"):
        Run.create(
            "ville3",
            model="scripted/default",
            mode="lifestyle",
            hours=1,
            run_id="twice",
            policies=options,
            embedder=HashEmbedder(),
        )
    assert not (Path(os.environ["AGA_RUNS_DIR"]) / "twice").exists()
    holder.close()
    run = Run.create(
        "ville3",
        model="scripted/default",
        mode="lifestyle",
        hours=0.1,
        run_id="twice",
        policies=options,
        embedder=HashEmbedder(),
    )
    assert run.advance() == "finished"
    run.close()


def test_resume_refuses_a_scenario_edited_since_the_run_began(tmp_path):
    scenario = one_agent_scenario(tmp_path)
    Run.create(str(scenario), model="scripted/default", hours=1, run_id="edited", embedder=HashEmbedder()).close()
    cast = scenario / "cast.toml"
    original = cast.read_text()
    cast.write_text("# a comment and a blank line change nothing\n\n" + original)
    Run.open("edited", embedder=HashEmbedder()).close()
    cast.write_text(original.replace('"Klaus Mueller"', '"Klaus Miller"', 1))
    with pytest.raises(ValueError, match=r"run 'edited': cast\.toml in .* changed since the run began; .*put the"):
        Run.open("edited", embedder=HashEmbedder())
    cast.write_text(original)
    Run.open("edited", embedder=HashEmbedder()).close()
    moved = scenario.rename(tmp_path / "elsewhere")
    with pytest.raises(ValueError, match=r"made from the scenario in .*solo, which is no longer there"):
        Run.open("edited", embedder=HashEmbedder())
    moved.rename(scenario)


@pytest.mark.parametrize(
    "run_id, says",
    [
        ("policies", "the folder of the shared Lifestyle Policy stores"),
        ("eval", "the folder of the evaluations"),
        ("x" * 300, "is not a run id \\(up to 100 letters"),
    ],
)
def test_run_ids_that_would_clash_or_cannot_be_folders_are_refused(run_id, says):
    with pytest.raises(ValueError, match=says):
        Run.create("ville3", model="scripted/default", hours=1, run_id=run_id, embedder=HashEmbedder())


def test_a_runs_folder_that_is_a_file_is_named(tmp_path, monkeypatch):
    (tmp_path / "afile").write_text("")
    monkeypatch.setenv("AGA_RUNS_DIR", str(tmp_path / "afile"))
    with pytest.raises(ValueError, match="is a file, not a folder: point AGA_RUNS_DIR at a folder"):
        Run.create("ville3", model="scripted/default", hours=1, run_id="r", embedder=HashEmbedder())


def test_a_run_being_created_elsewhere_is_not_called_abandoned(tmp_path):
    """A second `aga run` with the same id while the first is in its start-up must not advise deleting
    the folder of a live run."""
    from aga.storage import lock_run, resolve_run

    paths = resolve_run("busy", must_exist=False).create()
    sqlite3.connect(paths.database).close()  # an empty database: what the first process made so far
    held = lock_run(paths)
    try:
        with pytest.raises(RunInUse, match="in use elsewhere"):
            Run.create("ville3", model="scripted/default", hours=1, run_id="busy", embedder=HashEmbedder())
    finally:
        held.release()


def test_log_filters_are_checked_and_take_first_names(tmp_path):
    run = Run.create("ville3", model="scripted/default", hours=1, run_id="logged", embedder=HashEmbedder())
    run.advance(checkpoint_minutes=60)
    run.close()
    runner = CliRunner()
    bad_kind = runner.invoke(app, ["log", "logged", "--kind", "bogus"])
    assert "the timeline's kinds are action, chat, plan" in str(bad_kind.exception)
    nobody = runner.invoke(app, ["log", "logged", "--agent", "Nobody"])
    assert "no persona 'Nobody' in this run; its agents are" in str(nobody.exception)
    first = runner.invoke(app, ["log", "logged", "--agent", "Klaus", "--json"])
    entries = json.loads(first.output)
    assert entries and {e["agent"] for e in entries} == {"Klaus Mueller"}
    bad = runner.invoke(app, ["log", "logged", "--since", "noonish"])
    assert "--since noonish: not a time; give 2023-02-13T14:00" in str(bad.exception)
    backwards = runner.invoke(app, ["log", "logged", "--since", "00:40", "--until", "00:20"])
    assert "--until 00:20 is not after --since 00:40" in str(backwards.exception)
    # The table says where each action happened (an outside tester needed --json to see it).
    table = runner.invoke(
        app, ["log", "logged", "--agent", "Klaus", "--kind", "action", "--limit", "1"], env={"COLUMNS": "200"}
    )
    (where,) = [e["data"]["address"] for e in entries if e["kind"] == "action"][-1:]
    # (the cell may wrap where the console is narrower than COLUMNS asks: its words, read across lines)
    cells = " ".join(re.findall(r"[^\s│┃]+", table.output))
    assert "where" in table.output and where.split(":", 1)[1] in cells, table.output


def test_log_shows_a_window_of_simulated_time(tmp_path):
    """``--since`` and ``--until``: a clock time is on the run's last day (a day sampled from 7 am)."""
    from datetime import time

    run = Run.create("ville3", model="scripted/default", hours=1, run_id="win", embedder=HashEmbedder(), start=time(7))
    run.advance(checkpoint_minutes=60)
    run.close()
    runner = CliRunner()
    args = ["log", "win", "--json", "--limit", "1000"]
    everything = json.loads(runner.invoke(app, args).output)
    # (a window between the hour's second and last entries: which minutes hold one is the run's to say)
    times = sorted({e["time"][11:16] for e in everything})
    assert len(times) >= 3, times
    since, until = times[1], times[-1]
    window = json.loads(runner.invoke(app, [*args, "--since", since, "--until", f"2023-02-13T{until}"]).output)
    inside = [e for e in everything if f"{since}:00" <= e["time"][11:] < f"{until}:00"]
    assert window and window == inside and len(inside) < len(everything)
    day = json.loads(runner.invoke(app, [*args, "--since", "2023-02-13"]).output)
    assert day == everything


def test_show_before_the_first_step_says_there_is_no_action_yet():
    Run.create("ville3", model="scripted/default", hours=1, run_id="fresh", embedder=HashEmbedder()).close()
    shown = CliRunner().invoke(app, ["show", "fresh"])
    assert shown.exit_code == 0, shown.output
    assert "(no action yet: the run has not stepped)" in shown.output and "None" not in shown.output


def test_show_tells_a_live_run_from_one_whose_process_is_gone():
    # kill -9 leaves the status "running" (nothing could write "stopped"); the lock says who is alive.
    run = Run.create("ville3", model="scripted/default", hours=1, run_id="gone", embedder=HashEmbedder())
    run.set_status("running")
    live = CliRunner().invoke(app, ["show", "gone", "--json"])
    assert live.exit_code == 0, live.output
    assert json.loads(live.output)["status"] == "running"
    run.close()  # as the OS lets go of a killed process's lock
    gone = CliRunner().invoke(app, ["show", "gone"])
    assert gone.exit_code == 0, gone.output
    said = " ".join(gone.output.split())
    assert "status interrupted" in said and "`aga resume gone` goes on from this checkpoint" in said
    assert json.loads(CliRunner().invoke(app, ["show", "gone", "--json"]).output)["status"] == "interrupted"
    Run.open("gone", embedder=HashEmbedder()).close()  # looking did not keep the lock


def test_a_step_that_fails_unforeseen_says_the_checkpoint_stands(monkeypatch):
    def boom(self, **_):
        raise RuntimeError("boom")

    monkeypatch.setattr("aga.sim.run.default_embedder", HashEmbedder)
    monkeypatch.setattr(Run, "advance", boom)
    result = CliRunner().invoke(app, ["run", "ville3", "--hours", "1", "-m", "scripted/default", "--run-id", "boom"])
    assert isinstance(result.exception, RuntimeError)
    said = " ".join(result.output.split())
    assert "run boom stopped at an error" in said and "`aga resume boom` goes on from there" in said
    Run.open("boom", embedder=HashEmbedder()).close()  # resumable: the start-up checkpoint stands


@pytest.mark.parametrize(("mode", "hour"), [("baseline", 12), ("aga", 16)])
def test_a_run_killed_between_checkpoints_goes_on_as_if_never_stopped(mode: str, hour: int):
    # The steps after the last checkpoint retrieve memories and so refresh when each was last
    # accessed; recency ranks by that. Those refreshes must go with the steps, or the resumed run
    # retrieves (and so asks, and so does) differently from one that never stopped. In a policy mode
    # they also write and use policies: a replayed step that found its own lost write would hit
    # where the run that never stopped missed.
    from datetime import time as clock_time
    from datetime import timedelta

    from aga.sim.engine import step
    from aga.sim.policies import PolicyOptions
    from benchmarks.concurrency import town_record

    def create(run_id: str, hours: float) -> Run:
        return Run.create(
            "ville3", model="scripted/default", mode=mode, hours=hours, run_id=run_id, seed=4,
            embedder=HashEmbedder(), start=clock_time(hour), policies=PolicyOptions(fresh=True),
        )  # fmt: skip

    # An hour in which someone retrieves (asserted below): after lunch in baseline, the evening in aga
    # mode, whose cached plans and Social Memory retrieve less (since session 53, with meals at home
    # unless a place is named, nobody there does from 11 am to 1 pm); at 8 am the simulator's ville3
    # may spend the hour at work without a conversation or a reaction. Since session 59 (a lunch hour
    # is no longer read as a step of the meal) nobody in baseline retrieves from 11:15 to 12:15 at
    # this seed either; from 12:15 to 13:15 they do. Since session 64's simulator changes nobody
    # in aga mode does from 17:15 to 18:15 (nor an hour later); from 16:15 to 17:15 they do.
    whole = create("whole", 1.5)
    whole.advance()
    expected_timeline, _ = town_record(whole)
    expected_calls = whole.rt.gateway.ledger.totals()[0]
    expected_lookups = whole.rt.decisions.summary() if whole.rt.decisions else None
    whole.close()

    cut = create("cut", 0.25)
    cut.advance()
    touched_before = {n.id: n.last_accessed for a in cut.rt.agents for n in cut.rt.memory.latest(a, 10_000)}
    for _ in range(360):  # an hour no checkpoint covers, then the process dies
        step(cut.rt)
    touched_after = {n.id: n.last_accessed for a in cut.rt.agents for n in cut.rt.memory.latest(a, 10_000)}
    assert any(touched_after[i] != t for i, t in touched_before.items())  # the lost steps did retrieve
    cut.close()

    again = Run.open("cut", embedder=HashEmbedder())
    try:
        now = {n.id: n.last_accessed for a in again.rt.agents for n in again.rt.memory.latest(a, 10_000)}
        assert now == touched_before
        again.set_status("running", until=again.info.until + timedelta(hours=1.25))
        again.advance()
        timeline, _ = town_record(again)
        assert timeline == expected_timeline
        got = again.rt.gateway.ledger.totals(standing=True)[0]
        assert (got.llm_calls, got.total_tokens) == (expected_calls.llm_calls, expected_calls.total_tokens)
        if expected_lookups is not None:  # the lost steps' lookups are not counted beside their replays'
            assert again.rt.decisions.summary() == expected_lookups
            assert again.rt.decisions.replayed() > 0
            shown = json.loads(CliRunner().invoke(app, ["policy", "decisions", "cut", "--json"]).output)
            assert shown["summary"] == json.loads(json.dumps(expected_lookups))
            assert shown["replayed"] == again.rt.decisions.replayed()
    finally:
        again.close()


def test_a_copied_run_folder_is_a_branch_under_its_new_name_with_its_own_policy_store(tmp_path):
    # Copying a run's folder to try another continuation is how a branch is made; before, the copy
    # found no run of its name ("start it again with aga run", which said it existed) and, resumed under
    # the old name, wrote into the original's policy store.
    import shutil
    from datetime import time as clock_time
    from datetime import timedelta

    from aga.sim.policies import PolicyOptions

    run = Run.create(
        "ville3", model="scripted/default", mode="aga", hours=0.5, run_id="trunk", seed=3,
        embedder=HashEmbedder(), policies=PolicyOptions(fresh=True), start=clock_time(8),
    )  # fmt: skip
    run.advance()
    calls = run.rt.gateway.ledger.totals()[0].llm_calls
    run.close()
    trunk = run.paths.root
    original_store = (trunk / "policies" / "policies.db").read_bytes()
    shutil.copytree(trunk, trunk.parent / "branch")

    shown = CliRunner().invoke(app, ["show", "branch", "--json"])
    assert shown.exit_code == 0, shown.output
    assert json.loads(shown.output)["created_as"] == "trunk"
    branch = Run.open("branch", embedder=HashEmbedder())
    try:
        assert branch.info.run_id == "branch" and branch.info.created_as == "trunk"
        assert branch.rt.gateway.ledger.totals()[0].llm_calls == calls  # its ledger came along
        assert Path(branch.rt.lifestyle.location) == trunk.parent / "branch" / "policies"
        branch.set_status("running", until=branch.info.until + timedelta(hours=0.5))
        branch.advance()
        assert branch.rt.gateway.ledger.totals()[0].llm_calls > calls
    finally:
        branch.close()
    assert (trunk / "policies" / "policies.db").read_bytes() == original_store  # the trunk's store untouched
    trunk_again = Run.open("trunk", embedder=HashEmbedder())  # and the trunk is still itself
    assert trunk_again.info.run_id == "trunk" and trunk_again.info.created_as is None
    trunk_again.close()


@pytest.mark.embedding_model
def test_a_policy_mode_run_is_the_same_in_another_process():
    # Figures are compared between runs made by different processes (a benchmark's modes, a machine's
    # sittings): a policy-mode run must not depend on anything a process draws anew, such as Python's
    # string hashing (the order of a set of names) or an index's random layout. Two processes with
    # different hash seeds run the same seed with the real embedder and must write the same town, the
    # same ledger and the same policy decisions.
    import hashlib
    import tempfile

    def one(hash_seed: str, base: Path) -> subprocess.Popen[str]:
        env = {**os.environ, "AGA_RUNS_DIR": str(base / "runs"), "PYTHONHASHSEED": hash_seed}
        return _aga(
            "run", "ville3", "--start", "07:00", "--hours", "5", "--model", "scripted/default", "--mode", "aga",
            "--seed", "3", "--run-id", "same", "--fresh-policies", "--quiet", env=env,
        )  # fmt: skip

    def digest(db: Path) -> dict[str, object]:
        with sqlite3.connect(db) as conn:
            rows = {
                "timeline": conn.execute("select step, agent, kind, text from timeline order by id").fetchall(),
                "ledger": conn.execute(
                    "select task, prompt_tokens, completion_tokens from llm_ledger order by id"
                ).fetchall(),
                "lookups": conn.execute("select kind, text, hit, matched from policy_decision order by id").fetchall(),
            }
        hits = sum(1 for r in rows["lookups"] if r[2])
        return {"hits": hits, **{k: hashlib.sha256(repr(v).encode()).hexdigest() for k, v in rows.items()}}

    with tempfile.TemporaryDirectory() as a, tempfile.TemporaryDirectory() as b:
        procs = [one("1", Path(a)), one("2", Path(b))]  # side by side: two cores
        for proc in procs:
            _, err = proc.communicate(timeout=600)
            assert proc.returncode == 0, err
        first, second = (digest(Path(d) / "runs" / "same" / "aga.db") for d in (a, b))
    assert first["hits"] > 0  # the run did reuse policies: a lookup that could differ took place
    assert first == second


def test_show_at_a_midnight_stop_lists_no_plan_of_the_day_that_is_over():
    """An outside tester's finished run, stopped at midnight, listed the morning before as what came next."""
    from datetime import time

    embedder = HashEmbedder()
    run = Run.create("ville3", model="scripted/default", hours=1, run_id="late", embedder=embedder, start=time(23))
    run.advance(checkpoint_minutes=60)
    run.close()
    shown = CliRunner().invoke(app, ["show", "late", "--agent", "Klaus"])
    assert shown.exit_code == 0, shown.output
    assert "at Tue Feb 14 00:00" in shown.output
    assert "(the plan for Tuesday is made when the run goes on)" in shown.output
    assert json.loads(CliRunner().invoke(app, ["show", "late", "--json"]).output)["agents"][0]["plan"] == []
