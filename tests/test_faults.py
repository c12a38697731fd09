"""Faults an overnight run meets: a dead, hanging or rate-limiting server, a stop request, a start-up cut
short. The server cases run against a misbehaving OpenAI-compatible server on loopback."""

from __future__ import annotations

import os
import socket
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from aga.llm.errors import ModelUnavailable, StopRequested
from aga.llm.gateway import Gateway, GatewayOptions
from aga.llm.ledger import Ledger, Outcome
from aga.sim.run import Run
from aga.storage import make_engine, sqlite_url
from tests.fakes import RATE, HashEmbedder
from tests.fault_server import FaultServer
from tests.test_simulation import one_agent_scenario

CTX = {"event": "the bakery opens late today"}


@pytest.fixture(autouse=True)
def _key(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-not-a-key")


def _gateway(tmp_path: Path, url: str, **options) -> Gateway:
    ledger = Ledger(make_engine(sqlite_url(tmp_path / "faults.db")), "faults")
    options.setdefault("transport_retries", 1)
    return Gateway("openai/tiny", ledger=ledger, api_base=url, options=GatewayOptions(**options))


def _closed_port() -> int:
    with socket.create_server(("127.0.0.1", 0)) as sock:
        return int(sock.getsockname()[1])


def test_a_dead_server_stops_the_calls_after_a_few_in_a_row(tmp_path):
    gateway = _gateway(tmp_path, f"http://127.0.0.1:{_closed_port()}/v1", max_failed_calls=3)
    gateway._sleep = lambda s: None  # no back-off waits in the test
    assert gateway.call(RATE, CTX).rating == 4  # the fail-safe, counted
    gateway.call(RATE, CTX)
    with pytest.raises(ModelUnavailable, match=r"127\.0\.0\.1.*did not answer 3 calls in a row"):
        gateway.call(RATE, CTX)
    rows = gateway.ledger.rows()
    assert [r.outcome for r in rows] == [Outcome.FAILSAFE] * 3 and all(r.attempts == 2 for r in rows)
    assert all("Connection" in (r.error or "") for r in rows)


def test_an_answer_between_failures_resets_the_count(tmp_path):
    with FaultServer() as server:
        gateway = _gateway(tmp_path, server.url, max_failed_calls=3, fallback_window=0)
        gateway._sleep = lambda s: None
        server.play(*["500"] * 4, "ok", *["500"] * 4)  # two unanswered calls, one answer, two more
        for _ in range(5):
            gateway.call(RATE, CTX)
        server.play("500", "500")
        with pytest.raises(ModelUnavailable):
            gateway.call(RATE, CTX)


def test_a_hanging_server_times_out_and_stops_the_calls(tmp_path):
    with FaultServer(default="hang", hang_s=20) as server:
        gateway = _gateway(tmp_path, server.url, timeout_s=0.5, transport_retries=0, max_failed_calls=2)
        began = time.monotonic()
        gateway.call(RATE, CTX)
        with pytest.raises(ModelUnavailable, match="Timeout"):
            gateway.call(RATE, CTX)
        assert time.monotonic() - began < 15  # not 2 x 120 s


def test_fall_backs_that_dominate_stop_the_calls(tmp_path):
    """A server that answers, but never in the task's format (JSON mode without the schema)."""
    with FaultServer() as server:
        gateway = _gateway(tmp_path, server.url, send_schema=False, fallback_window=4, max_fallback_share=0.5)
        gateway._sleep = lambda s: None
        gateway.call(RATE, CTX)
        with pytest.raises(ModelUnavailable, match="4 of the last 4 calls"):
            for _ in range(3):
                gateway.call(RATE, CTX)
        assert {r["body"]["response_format"]["type"] for r in server.requests} == {"json_object"}


def test_the_schema_is_sent_to_a_self_hosted_server(tmp_path):
    with FaultServer() as server:
        gateway = _gateway(tmp_path, server.url)
        assert gateway.call(RATE, CTX).rating == 5  # the server built its answer from the schema
        sent = server.requests[0]["body"]["response_format"]
        assert sent["type"] == "json_schema" and sent["json_schema"]["schema"]["properties"]["rating"]
    rows = gateway.ledger.rows()
    assert rows[0].outcome == Outcome.OK


def test_retry_after_is_honoured(tmp_path):
    with FaultServer(retry_after=2) as server:
        gateway = _gateway(tmp_path, server.url)
        server.play("429")
        assert gateway.call(RATE, CTX).rating == 5
        first, second = (r["time"] for r in server.requests)
        assert second - first >= 2.0  # the back-off alone waits at most 1 s before the first retry
        [row] = gateway.ledger.rows()
        assert row.outcome == Outcome.RETRIED and "RateLimit" in (row.error or "")


def test_a_stop_request_is_honoured_between_calls_and_while_waiting_to_retry(tmp_path):
    stop = {"now": False}
    with FaultServer(retry_after=60) as server:
        gateway = _gateway(tmp_path, server.url, should_stop=lambda: stop["now"], transport_retries=3)
        gateway.call(RATE, CTX)
        stop["now"] = True
        with pytest.raises(StopRequested):
            gateway.call(RATE, CTX)
        assert len(server.requests) == 1  # the second call never went out

        stop["now"] = False
        server.play("429")  # asks to wait a minute
        began = time.monotonic()
        import threading

        threading.Timer(0.5, lambda: stop.update(now=True)).start()
        with pytest.raises(StopRequested):
            gateway.call(RATE, CTX)
        assert time.monotonic() - began < 5
        last = gateway.ledger.rows()[-1]  # the attempt made before the stop is accounted for
        assert last.attempts == 1 and "StopRequested" in (last.error or "")


def test_gateway_options_are_checked():
    for bad in ({"timeout_s": float("nan")}, {"timeout_s": 0}, {"max_fallback_share": 2}, {"transport_retries": -1}):
        with pytest.raises(ValueError):
            GatewayOptions(**bad)


# ---------------------------------------------------------------- a start-up cut short


def _seed_count(run: Run) -> int:
    return sum(len(p.statements) + len(p.relationships) for p in run.rt.scenario.cast)


def test_a_start_up_stopped_half_way_is_finished_by_resume_without_paying_twice(tmp_path):
    calls = {"n": 0}

    def stop_after_five() -> bool:
        calls["n"] += 1
        return calls["n"] > 5

    with pytest.raises(KeyboardInterrupt):
        Run.create(
            "ville3",
            model="scripted/default",
            mode="social",
            hours=0.2,
            run_id="cut-start",
            embedder=HashEmbedder(),
            gateway_options=GatewayOptions(should_stop=stop_after_five),
        )
    folder = Path(os.environ["AGA_RUNS_DIR"]) / "cut-start"
    assert (folder / "aga.db").exists()  # five ratings were paid for: the run stays
    with pytest.raises(ValueError, match="stopped during its start-up.*aga resume cut-start"):
        Run.create("ville3", model="scripted/default", hours=0.2, run_id="cut-start", embedder=HashEmbedder())

    from typer.testing import CliRunner

    from aga.cli import app

    shown = CliRunner().invoke(app, ["show", "cut-start"])
    assert "stopped during its start-up" in str(shown.exception) and "aga resume cut-start" in str(shown.exception)
    run = Run.open("cut-start", embedder=HashEmbedder())
    assert run.finished_start_up
    seeds = _seed_count(run)
    ratings = [r for r in run.rt.gateway.ledger.rows() if r.task == "perceive.thought_importance"]
    assert len(ratings) == seeds  # the five rated before the stop were not rated again
    assert sum(run.rt.memory.count(a) for a in run.rt.agents) == seeds
    assert run.rt.social is not None and run.rt.social.relations()
    assert run.advance() == "finished"
    run.close()


def test_a_run_killed_before_it_recorded_anything_can_be_started_again(tmp_path):
    folder = Path(os.environ["AGA_RUNS_DIR"]) / "early"
    folder.mkdir(parents=True)
    sqlite3.connect(folder / "aga.db").close()  # the database file exists, nothing in it
    with pytest.raises(ValueError, match="before it recorded anything.*aga run SCENARIO --run-id early"):
        Run.open("early", embedder=HashEmbedder())
    run = Run.create("ville3", model="scripted/default", hours=0.1, run_id="early", embedder=HashEmbedder())
    assert run.advance() == "finished"
    run.close()


# ---------------------------------------------------------------- the command line


def _rows(db: Path, table: str) -> int:
    """Rows of ``table`` in a run database another process is writing (0 while it does not exist)."""
    if not db.exists():
        return 0
    try:
        with sqlite3.connect(db, timeout=5) as conn:
            return int(conn.execute(f"select count(*) from {table}").fetchone()[0])
    except sqlite3.OperationalError:  # the table is not created yet
        return 0


def _aga(*args: str, env: dict[str, str], timeout: float = 300) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "aga", *args], env=env, capture_output=True, text=True, timeout=timeout
    )


@pytest.mark.embedding_model
def test_cli_a_dead_server_stops_the_run_resumably_and_a_moved_one_finishes_it(tmp_path):
    scenario = one_agent_scenario(tmp_path)
    env = {**os.environ, "AGA_RUNS_DIR": str(tmp_path / "runs"), "OPENAI_API_KEY": "sk-test"}
    common = ("--model", "openai/tiny", "--hours", "0.2", "--start", "08:00", "--quiet")
    with FaultServer(default="500") as dead:
        args = ("--api-base", dead.url, "--run-id", "d", "--retries", "1")
        stopped = _aga("run", str(scenario), *common, *args, env=env)
    assert stopped.returncode == 3, stopped.stderr
    assert "model unavailable" in stopped.stderr and "aga resume d" in stopped.stderr
    errors = _aga("ledger", "d", "--errors", "--json", env=env)
    assert "injected 500" in errors.stdout
    with FaultServer() as alive:
        resumed = _aga("resume", "d", "--api-base", alive.url, "--quiet", env=env)
        assert resumed.returncode == 0, resumed.stderr
        assert "finished d" in resumed.stdout.replace("\n", " ")
        assert alive.requests
    with sqlite3.connect(tmp_path / "runs" / "d" / "aga.db") as conn:
        assert conn.execute("select status, api_base from run_info").fetchone() == ("finished", alive.url)


@pytest.mark.embedding_model
def test_cli_a_run_written_by_fall_backs_says_so_in_its_exit_code(tmp_path):
    """JSON mode without the schema: the server's answers never fit; the run is too short to fill the
    circuit breaker's window, so it finishes, and says that fall-backs wrote it (exit 4)."""
    scenario = one_agent_scenario(tmp_path)
    env = {**os.environ, "AGA_RUNS_DIR": str(tmp_path / "runs"), "OPENAI_API_KEY": "sk-test"}
    with FaultServer() as server:
        done = _aga(
            "run", str(scenario), "--model", "openai/tiny", "--api-base", server.url, "--no-schema",
            "--hours", "0.05", "--start", "08:00", "--run-id", "f", "--quiet", env=env,
        )  # fmt: skip
    assert done.returncode == 4, done.stderr
    assert "fail-safe answers" in done.stderr and "aga ledger f --errors" in done.stderr.replace("\n", " ")


@pytest.mark.embedding_model
def test_cli_kill_9_at_any_moment_of_the_start_up_leaves_a_run_that_resume_or_run_finishes(tmp_path):
    """Killed while importing, loading the embedder, rating the seed memories (a slow server) or just
    after: each time, `aga resume` (or, when nothing was recorded yet, `aga run` again) finishes it."""
    scenario = one_agent_scenario(tmp_path, who="Isabella Rodriguez")
    env = {**os.environ, "AGA_RUNS_DIR": str(tmp_path / "runs"), "OPENAI_API_KEY": "sk-test"}
    with FaultServer(delay_s=0.4) as server:
        run_args = [
            "run", str(scenario), "--model", "openai/tiny", "--api-base", server.url, "--hours", "0.02",
            "--start", "08:00", "--quiet", "--checkpoint-minutes", "1",
        ]  # fmt: skip
        outcomes = []
        moments = {
            "while importing": lambda db: True,
            "while rating seed memories": lambda db: _rows(db, "memory_node") >= 1,
            "after the first checkpoint": lambda db: _rows(db, "checkpoint") >= 1,
        }
        for i, (moment, reached) in enumerate(moments.items()):
            run_id = f"k{i}"
            db = tmp_path / "runs" / run_id / "aga.db"
            proc = subprocess.Popen(
                [sys.executable, "-m", "aga", *run_args, "--run-id", run_id],
                env=env,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
            deadline = time.monotonic() + 240
            while not reached(db) and proc.poll() is None and time.monotonic() < deadline:
                time.sleep(0.05)
            assert proc.poll() is None, f"the run ended before the moment {moment!r}"
            proc.kill()
            proc.wait(timeout=30)
            resumed = _aga("resume", run_id, "--quiet", env=env)
            if resumed.returncode != 0:
                assert f"--run-id {run_id}" in resumed.stderr.replace("\n", " ") or "no run" in resumed.stderr
                outcomes.append("run again")
                again = _aga(*run_args, "--run-id", run_id, env=env)
                assert again.returncode == 0, again.stderr
            else:
                outcomes.append("start-up finished" if "during its start-up" in resumed.stdout else "resumed")
            with sqlite3.connect(db) as conn:
                assert conn.execute("select status from run_info").fetchone()[0] == "finished"
                seeds = conn.execute("select description from memory_node where step = -1").fetchall()
            assert seeds and len(seeds) == len(set(seeds))  # each seed memory once
        assert outcomes == ["run again", "start-up finished", "resumed"], outcomes


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--hours", "nan"], "--hours nan"),
        (["--hours", "inf"], "--hours inf"),
        (["--days", "1e9"], "at most 3,650 days"),
        (["--seed", "99999999999999999999999"], "--seed"),
        (["--seed", "-1"], "--seed"),
        (["--max-tokens", "-1"], "--max-tokens"),
        (["--max-cost", "nan"], "--max-cost"),
        (["--checkpoint-minutes", "0"], "--checkpoint-minutes"),
        (["--metrics-port", "70000"], "--metrics-port"),
        (["--timeout", "0"], "--timeout"),
        (["--retries", "-2"], "--retries"),
        (["--max-fallback-share", "1.5"], "--max-fallback-share"),
    ],
)
def test_bad_run_options_are_refused_before_anything_is_written(args, says):
    from typer.testing import CliRunner

    from aga.cli import app

    result = CliRunner().invoke(app, ["run", "ville3", "-m", "scripted/default", "--run-id", "bad", *args])
    assert result.exit_code != 0
    assert says in " ".join((result.output + str(result.exception or "")).split())
    assert not (Path(os.environ["AGA_RUNS_DIR"]) / "bad").exists()


def test_a_metrics_port_in_use_is_refused_before_the_run_is_created():
    from typer.testing import CliRunner

    from aga.cli import app

    with socket.create_server(("127.0.0.1", 0)) as held:
        port = str(held.getsockname()[1])
        result = CliRunner().invoke(
            app, ["run", "ville3", "-m", "scripted/default", "--run-id", "p", "--metrics-port", port]
        )
    assert "cannot listen" in str(result.exception) and port in str(result.exception)
    assert not (Path(os.environ["AGA_RUNS_DIR"]) / "p").exists()


def test_resume_refuses_a_negative_extension(tmp_path):
    from typer.testing import CliRunner

    from aga.cli import app

    run = Run.create("ville3", model="scripted/default", hours=0.05, run_id="neg", embedder=HashEmbedder())
    run.advance()
    run.close()
    result = CliRunner().invoke(app, ["resume", "neg", "--hours", "-5"])
    assert "--hours -5" in str(result.exception)


@pytest.mark.embedding_model
def test_a_full_disk_ends_the_run_with_a_message_and_resume_goes_on(monkeypatch):
    import sqlite3 as sqlite

    from sqlalchemy.exc import OperationalError
    from typer.testing import CliRunner

    from aga.cli import app

    real = Run.checkpoint
    calls = {"n": 0}

    def checkpoint_on_a_full_disk(self: Run) -> None:
        calls["n"] += 1
        if calls["n"] > 2:  # the creation checkpoint and one more go through, then the disk is full
            raise OperationalError("INSERT INTO checkpoint", {}, sqlite.OperationalError("database or disk is full"))
        real(self)

    monkeypatch.setattr(Run, "checkpoint", checkpoint_on_a_full_disk)
    args = ["run", "ville3", "-m", "scripted/default", "--run-id", "full", "--hours", "0.2", "--quiet"]
    result = CliRunner().invoke(app, [*args, "--checkpoint-minutes", "2"])
    assert result.exit_code == 5, result.output
    assert "disk full" in result.output and "aga resume full" in " ".join(result.output.split())
    monkeypatch.setattr(Run, "checkpoint", real)
    resumed = CliRunner().invoke(app, ["resume", "full", "--quiet"])
    assert resumed.exit_code == 0, resumed.output


# ---------------------------------------------------------------- the other commands that call the model
@pytest.fixture
def hashed(monkeypatch: pytest.MonkeyPatch) -> None:
    """Runs opened by the commands below embed with the fast hash embedder."""
    from aga.sim import run as run_module

    monkeypatch.setattr(run_module, "default_embedder", HashEmbedder)


def _memories(run_id: str) -> int:
    with sqlite3.connect(Path(os.environ["AGA_RUNS_DIR"]) / run_id / "aga.db") as conn:
        return int(conn.execute("select count(*) from memory_node").fetchone()[0])


def test_interview_on_a_dead_server_ends_with_exit_3_and_marks_fail_safe_answers(tmp_path, hashed):
    from typer.testing import CliRunner

    from aga.cli import app

    run = Run.create(str(one_agent_scenario(tmp_path)), model="scripted/default", hours=0.05, run_id="iv")
    run.advance()
    run.close()
    ask = ["interview", "iv", "Klaus", "-q", "How are you?", "-q", "And tomorrow?", "--model", "openai/tiny"]
    dead = CliRunner().invoke(app, [*ask, "--api-base", f"http://127.0.0.1:{_closed_port()}/v1", "--retries", "0"])
    assert dead.exit_code == 3, dead.output
    assert "model unavailable" in dead.output and "the interview ends" in dead.output
    with FaultServer(default="garbage") as garbage:
        fallen = CliRunner().invoke(app, [*ask, "--api-base", garbage.url, "--json"])
    assert fallen.exit_code == 4, fallen.output
    assert '"failsafe": true' in fallen.output and "fail-safes, not the model's" in fallen.output
    with FaultServer() as alive:
        answered = CliRunner().invoke(app, [*ask, "--api-base", alive.url, "--json"])
    assert answered.exit_code == 0, answered.output
    assert '"failsafe": false' in answered.output and '"failsafe": true' not in answered.output


def test_whisper_on_a_dead_server_changes_nothing_and_one_on_fall_backs_says_so(tmp_path, hashed):
    from typer.testing import CliRunner

    from aga.cli import app

    scenario = str(one_agent_scenario(tmp_path))
    with FaultServer() as alive:
        run = Run.create(scenario, model="openai/tiny", api_base=alive.url, hours=0.02, run_id="w", start=None)
        run.advance()
        run.close()
    before = _memories("w")
    dead = CliRunner().invoke(app, ["whisper", "w", "Klaus", "Call your sister", "--retries", "0"])
    assert dead.exit_code == 3, dead.output  # the run's server is gone
    assert "nothing was whispered" in " ".join(dead.output.split())
    assert _memories("w") == before
    with FaultServer(default="garbage") as garbage:
        fallen = CliRunner().invoke(app, ["whisper", "w", "Klaus", "Call your sister", "--api-base", garbage.url])
    assert fallen.exit_code == 4, fallen.output
    assert "fail-safes stood in" in " ".join(fallen.output.split()) and "Call your sister" in fallen.output
    assert _memories("w") == before + 1  # the whispered words stood in for the thought and were kept


def test_bench_on_a_dead_server_exits_3_and_the_same_command_finishes_on_a_moved_one(tmp_path, hashed):
    from typer.testing import CliRunner

    from aga.cli import app

    scenario = str(one_agent_scenario(tmp_path))
    out = tmp_path / "bench"
    bench = ["bench", "tokens", scenario, "--out", str(out), "--hours", "0.1", "--start", "08:00", "--warmup", "0"]
    bench += ["--mode", "baseline", "--model", "openai/tiny", "--quiet"]
    dead = CliRunner().invoke(app, [*bench, "--api-base", f"http://127.0.0.1:{_closed_port()}/v1", "--retries", "0"])
    assert dead.exit_code == 3, dead.output
    assert "run the same command again" in " ".join(dead.output.split())
    assert not (out / "report.json").exists()
    with FaultServer() as alive:
        done = CliRunner().invoke(app, [*bench, "--api-base", alive.url])
        assert alive.requests
    assert done.exit_code == 0, done.output
    assert (out / "report.json").exists()
    (run_folder,) = (out / "runs").iterdir()
    with sqlite3.connect(run_folder / "aga.db") as conn:
        assert conn.execute("select status, api_base from run_info").fetchone() == ("finished", alive.url)


def test_a_full_disk_when_the_run_closes_is_a_full_disk_and_the_run_resumes(monkeypatch):
    # Closing writes the policy store's waiting vectors; on a full disk chromadb fails with its own error
    # type. The run must still release its lock and say "disk full" (exit 5), not end in a traceback.
    from chromadb.errors import InternalError
    from typer.testing import CliRunner

    from aga.cli import app
    from policy_store.index import PolicyIndex

    real = PolicyIndex.close

    def close_on_a_full_disk(self: PolicyIndex) -> None:
        real(self)
        raise InternalError("Error in compaction: error returned from database: database or disk is full")

    monkeypatch.setattr("aga.sim.run.default_embedder", HashEmbedder)
    monkeypatch.setattr(PolicyIndex, "close", close_on_a_full_disk)
    args = ["run", "ville3", "-m", "scripted/default", "--mode", "aga", "--run-id", "shut", "--hours", "0.2"]
    result = CliRunner().invoke(app, [*args, "--quiet"])
    assert result.exit_code == 5, result.output
    assert "disk full" in result.output and "aga resume shut" in " ".join(result.output.split())
    monkeypatch.setattr(PolicyIndex, "close", real)
    resumed = CliRunner().invoke(app, ["resume", "shut", "--hours", "0.1", "--quiet"])
    assert resumed.exit_code == 0, resumed.output


def test_long_jobs_end_on_a_full_disk_with_exit_5_but_leave_bad_paths_to_the_input_errors():
    import errno

    import typer
    from chromadb.errors import InternalError

    from aga.cli.common import EXIT_DISK_FULL, kept_on_failure

    with pytest.raises(typer.Exit) as ended, kept_on_failure("the records are kept"):
        raise OSError(errno.ENOSPC, "No space left on device")
    assert ended.value.exit_code == EXIT_DISK_FULL
    with pytest.raises(typer.Exit) as ended, kept_on_failure("the records are kept"):
        raise InternalError("Error in compaction: database or disk is full")  # chromadb's, not an OSError
    assert ended.value.exit_code == EXIT_DISK_FULL
    with pytest.raises(InternalError), kept_on_failure("the records are kept"):
        raise InternalError("Error in compaction: a bug")
    with pytest.raises(FileNotFoundError), kept_on_failure("the records are kept"):
        raise FileNotFoundError("no such scenario file")


def _open_new_database(path: str, barrier: object, results: object) -> None:
    """In a child process: open ``path`` (a database nobody made yet) when every sibling is ready."""
    barrier.wait()  # type: ignore[attr-defined]
    try:
        make_engine(sqlite_url(Path(path))).dispose()
        results.put("ok")  # type: ignore[attr-defined]
    except Exception as exc:  # the test reports whatever a child met
        results.put(f"{type(exc).__name__}: {str(exc).splitlines()[0]}")  # type: ignore[attr-defined]


def test_processes_opening_one_new_database_at_once_all_open_it(tmp_path):
    """Two workers of `aga bench tokens --jobs 2` on a fresh machine open the new embedding cache at the
    same moment: each found its tables missing and created them, and one ended with "table ...
    already exists" (or "database is locked" from the switch to WAL), taking its chain of runs with it."""
    import multiprocessing

    fork = multiprocessing.get_context("fork")
    for round_ in range(4):
        barrier, results = fork.Barrier(4), fork.Queue()
        path = str(tmp_path / f"new{round_}.db")
        children = [fork.Process(target=_open_new_database, args=(path, barrier, results)) for _ in range(4)]
        for child in children:
            child.start()
        for child in children:
            child.join(60)
        assert sorted(results.get(timeout=5) for _ in children) == ["ok"] * 4
