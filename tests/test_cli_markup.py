"""Text the CLI did not write itself (a model's answers, names from scenario files, paths, error
messages) is printed literally: rich reads ``[...]`` as markup, so "[/INST]" from a small model made
``console.print`` raise ``MarkupError`` and "[bold]x[/bold]" lost its brackets."""

from __future__ import annotations

import json
import shutil
import sqlite3
import sys
from datetime import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from aga.cli import app, common, main
from tests.fakes import HashEmbedder

runner = CliRunner()

# What small local models really emit, and markup that would silently vanish.
CRASH = "[/INST]"
VANISH = "[bold]x[/bold]"
MARK = f"reading {CRASH} a book {VANISH} [red]y[/]"
KLAUS, MARIA = "Klaus Mueller", "Maria Lopez"


def _literal(output: str, *texts: str) -> None:
    """Every one of ``texts`` is in ``output`` as written (tables may wrap between words)."""
    for text in texts:
        for word in text.split():
            assert word in output, (word, output)


@pytest.fixture(autouse=True)
def _wide(monkeypatch: pytest.MonkeyPatch) -> None:
    """Wide consoles: rich assumes 80 columns when piped, and table cells would wrap mid-word."""
    monkeypatch.setattr(common.console, "_width", 300)
    monkeypatch.setattr(common.err_console, "_width", 300)


@pytest.fixture(scope="module")
def run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A few minutes of ville3 with Social Memory, then MARK written where the CLI reads a model's text:
    an action, a memory, the timeline (an action and a chat line), a ledger error, a relation, a policy
    decision."""
    from sqlmodel import Session, col, select

    from aga.llm.ledger import Ledger, LedgerRow
    from aga.memory.nodes import MemoryNode
    from aga.sim.run import Checkpoint, Run
    from aga.storage import make_engine, resolve_run
    from aga.storage.decisions import DecisionLog
    from aga.storage.timeline import Timeline
    from social_memory import SocialMemory

    runs = tmp_path_factory.mktemp("markup") / "runs"
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("AGA_RUNS_DIR", str(runs))
        made = Run.create(
            "ville3",
            model="scripted/default",
            mode="social",
            hours=0.05,
            start=time(9, 0),
            run_id="marks",
            embedder=HashEmbedder(),
        )
        made.advance()
        made.close()
        engine = make_engine(resolve_run("marks").database_url)
    with Session(engine) as session:
        latest = session.exec(select(Checkpoint).order_by(col(Checkpoint.id).desc())).first()
        state = json.loads(latest.state_json)
        action = state["agents"][KLAUS]["action"]
        action["description"], action["emoji"] = MARK, "[i]"
        latest.state_json = json.dumps(state)
        node = session.exec(
            select(MemoryNode).where(MemoryNode.agent == KLAUS).order_by(col(MemoryNode.id).desc())
        ).first()
        node.description = f"memory: {MARK}"
        session.add(latest)
        session.add(node)
        session.commit()
        step, now = latest.step, latest.sim_time
    timeline = Timeline(engine)
    timeline.add(step, now, KLAUS, "action", f"action: {MARK}")
    timeline.add(step, now, KLAUS, "chat", "chat with Maria", lines=[[MARIA, f"said: {MARK}"]])
    ledger = Ledger(engine, "marks")
    common = {"run_id": "marks", "sim_time": now, "agent": KLAUS, "model": "scripted/default", "provider": "scripted"}
    ledger.record(
        LedgerRow(
            **common, module="converse", task="converse.utterance", outcome="failsafe", attempts=3,
            error=f"error: {MARK}",
        )
    )  # fmt: skip
    ledger.record(
        LedgerRow(
            **common, module="act", task="act.arena", outcome="ok", attempts=1, repaired=True,
            repair=f"choice: 'repair: {MARK}' -> 'cafe'",
        )
    )  # fmt: skip
    SocialMemory(engine).seed(
        KLAUS,
        MARIA,
        label="friend [b]",
        feeling="warm [/]",
        closeness=5,
        summary=f"summary: {MARK}",
        when=now,
        step=step,
    )
    DecisionLog(engine).add(step, now, KLAUS, "action", f"decision: {MARK}", hit=False, reason=f"reason {VANISH}")
    engine.dispose()
    return runs


@pytest.fixture
def runs_dir(run: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("AGA_RUNS_DIR", str(run))
    return run


def test_show_prints_actions_and_memories_literally(runs_dir):
    shown = runner.invoke(app, ["show", "marks"])
    assert shown.exit_code == 0, shown.output
    _literal(shown.output, f"[i] {MARK}", f"- memory: {MARK}")
    # --agent: only the people asked about, by first name too; a name the run lacks is one sentence.
    one = runner.invoke(app, ["show", "marks", "--agent", "klaus", "--json"])
    assert one.exit_code == 0 and [a["agent"] for a in json.loads(one.output)["agents"]] == ["Klaus Mueller"]
    nobody = runner.invoke(app, ["show", "marks", "--agent", "Nobody"])
    assert "its agents are" in str(nobody.exception), nobody.output


def test_log_prints_actions_and_dialogue_literally(runs_dir):
    logged = runner.invoke(app, ["log", "marks", "--agent", "Klaus"])
    assert logged.exit_code == 0, logged.output
    _literal(logged.output, f"action: {MARK}", f"{MARIA}: said: {MARK}")


def test_ledger_errors_print_literally(runs_dir):
    errors = runner.invoke(app, ["ledger", "marks", "--errors"])
    assert errors.exit_code == 0, errors.output
    _literal(errors.output, f"error: {MARK}")
    assert errors.output.count(CRASH) == 2  # by frequency, and the newest rows


def test_ledger_repairs_print_literally(runs_dir):
    repairs = runner.invoke(app, ["ledger", "marks", "--repairs"])
    assert repairs.exit_code == 0, repairs.output
    _literal(repairs.output, f"repair: {MARK}")
    both = runner.invoke(app, ["ledger", "marks", "--repairs", "--errors"])
    assert both.exit_code != 0 and "give one of them" in str(both.exception) + both.output


def test_memories_print_literally_and_filter(runs_dir):
    shown = runner.invoke(app, ["memories", "marks", "Klaus"])
    assert shown.exit_code == 0, shown.output
    _literal(shown.output, f"memory: {MARK}")
    listed = runner.invoke(app, ["memories", "marks", "klaus", "--json"])
    assert listed.exit_code == 0, (listed.output, listed.exception)
    as_json = json.loads(listed.output)
    memories = as_json["memories"]
    assert as_json["agent"] == KLAUS and memories and all(1 <= m["importance"] <= 10 for m in memories)
    top = max(m["importance"] for m in memories)
    strong = json.loads(
        runner.invoke(app, ["memories", "marks", "Klaus", "--min-importance", str(top), "--json"]).output
    )
    assert strong["memories"] and all(m["importance"] == top for m in strong["memories"])
    found = json.loads(runner.invoke(app, ["memories", "marks", "Klaus", "--grep", "MEMORY:", "--json"]).output)
    assert [m["description"] for m in found["memories"]] == [f"memory: {MARK}"]
    chats = json.loads(runner.invoke(app, ["memories", "marks", "Klaus", "--kind", "chat", "--json"]).output)
    assert all(m["kind"] == "chat" for m in chats["memories"])
    wrong = runner.invoke(app, ["memories", "marks", "Klaus", "--kind", "thought"])
    assert wrong.exit_code != 0 and "a memory's kinds are event, chat, reflection, plan" in str(wrong.exception)


def test_social_show_prints_relations_literally(runs_dir):
    shown = runner.invoke(app, ["social", "show", "marks", "Klaus", "Maria"])
    assert shown.exit_code == 0, shown.output
    _literal(shown.output, "friend [b]", "warm [/]", f"What {KLAUS} knows about {MARIA} now: summary: {MARK}")


def test_policy_decisions_print_literally(runs_dir):
    table = runner.invoke(app, ["policy", "decisions", "marks"])
    assert table.exit_code == 0, table.output
    _literal(table.output, f"decision: {MARK}", f"reason {VANISH}")


def test_interview_answers_print_literally(runs_dir, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr("aga.sim.run.default_embedder", HashEmbedder)
    monkeypatch.setattr("aga.cognition.user.interview", lambda rt, agent, asked, history: f"answer: {MARK}")
    asked = runner.invoke(app, ["interview", "marks", "Klaus", "-q", "What are you doing?"])
    assert asked.exit_code == 0, asked.output
    _literal(asked.output, f"Klaus> answer: {MARK}")


def test_whispered_thoughts_print_literally(runs_dir, monkeypatch: pytest.MonkeyPatch):
    # Last of the tests on the run: a whisper adds a checkpoint.
    monkeypatch.setattr("aga.sim.run.default_embedder", HashEmbedder)
    whispered = runner.invoke(app, ["whisper", "marks", "Klaus", f"You are {MARK}"])
    assert whispered.exit_code == 0, whispered.output
    _literal(whispered.output, f"{KLAUS} now thinks:", MARK)


def test_policy_store_texts_print_literally(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    from policy_store import ActionSpec, Condition, Draft, PolicyStore, Requirement, Step

    folder = tmp_path / "store"
    with PolicyStore.open(folder, HashEmbedder()) as store:
        step = Step(
            text=f"step: {MARK}", minutes=10, action=ActionSpec(address="the ville:cafe[1]:counter", emoji="[a]")
        )
        needs = Requirement(target="the ville:cafe[1]", state="[open]")
        store.write(
            Draft(kind="plan", owner=KLAUS, text=f"plan: {MARK}", steps=(step,), condition=Condition(requires=(needs,)))
        )
        store.write(Draft(kind="importance", owner=KLAUS, text=f"rated: {MARK}", value={"rating": "[4]"}))
        store.flush()
    monkeypatch.setattr("aga.cli.policy._LazyEmbedder", HashEmbedder)
    listed = runner.invoke(app, ["policy", "list", str(folder)])
    assert listed.exit_code == 0, listed.output
    _literal(listed.output, f"plan: {MARK}", f"rated: {MARK}")
    plan = json.loads(runner.invoke(app, ["policy", "list", str(folder), "--kind", "plan", "--json"]).output)[0]
    shown = runner.invoke(app, ["policy", "show", str(folder), str(plan["id"])])
    assert shown.exit_code == 0, shown.output
    _literal(shown.output, f"plan of {KLAUS}: plan: {MARK}", "needs place the ville:cafe[1], [open]")
    _literal(shown.output, f"step: {MARK} @ the ville:cafe[1]:counter [a]")
    found = runner.invoke(app, ["policy", "search", str(folder), f"a book {VANISH}"])
    assert found.exit_code == 0, found.output
    _literal(found.output, f"nearest to 'a book {VANISH}'", f"plan: {MARK}")


def test_scenario_titles_print_literally(tmp_path: Path):
    from aga.scenario.loader import scenarios_root

    shutil.copytree(scenarios_root() / "smallville", tmp_path / "smallville")
    shutil.copytree(scenarios_root() / "ville3", tmp_path / "ville3")
    toml = tmp_path / "ville3" / "scenario.toml"
    toml.write_text(toml.read_text().replace('title = "Smallville', f'title = "{MARK} Smallville', 1))
    checked = runner.invoke(app, ["scenario", "check", str(tmp_path / "ville3")])
    assert checked.exit_code == 0, checked.output
    _literal(checked.output, f"ok ville3: {MARK} Smallville")


def _guarded(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    """Exit code and stderr of ``aga ARGS`` through the entry point (errors are printed there)."""
    monkeypatch.setattr(sys, "argv", ["aga", *args])
    with pytest.raises(SystemExit) as exited:
        main()
    return exited.value.code, capsys.readouterr().err


def test_errors_naming_what_the_user_gave_print_it_literally(runs_dir, monkeypatch, capsys):
    code, err = _guarded(monkeypatch, capsys, "log", "marks", "--agent", CRASH)
    assert code == 2 and "Traceback" not in err
    _literal(err, f"error: no persona '{CRASH}'")
    code, err = _guarded(monkeypatch, capsys, "ledger", f"no{VANISH}")
    assert code == 2
    _literal(err, f"'no{VANISH}' is not a run id")


def test_a_fault_in_a_long_job_prints_its_message_literally(capsys):
    import typer

    with pytest.raises(typer.Exit) as exited, common.kept_on_failure(f"runs in /tmp/out{VANISH} are kept"):
        raise sqlite3.OperationalError(f"database {CRASH} is locked")
    assert exited.value.exit_code == 1
    _literal(capsys.readouterr().err, f"error: database {CRASH} is locked; runs in /tmp/out{VANISH} are kept")


def test_plain_keeps_our_markup_apart_from_the_data():
    from rich.console import Console

    printer = Console(width=200, force_terminal=False)
    with printer.capture() as captured:
        printer.print(f"[bold]{common.plain(MARK)}[/] and [dim]{common.plain('ends in a backslash ' + chr(92))}[/]")
    assert captured.get().rstrip("\n") == f"{MARK} and ends in a backslash \\"


def test_emoji_codes_in_addresses_are_printed_as_written(capsys):
    # rich turns ":bed:" into an emoji by default: an address "home:bed:lamp" would print "home🛏lamp".
    common.console.print(common.plain("at cottage:bed:lamp"))
    common.err_console.print("[bold red]error:[/] " + common.plain("no arena :smile: here"))
    captured = capsys.readouterr()
    assert "cottage:bed:lamp" in captured.out and ":smile:" in captured.err


def test_a_long_error_is_one_line_when_the_output_is_not_a_terminal(tmp_path):
    # Piped into a log or grep, rich broke messages at 80 columns: "warning: /path/cast.toml: ..." split
    # over three lines could not be searched for (an outside tester's finding).
    import os
    import subprocess

    missing = tmp_path / ("a-scenario-folder-with-a-long-name-" * 4) / "nowhere"
    env = {k: v for k, v in os.environ.items() if k != "COLUMNS"}
    done = subprocess.run(
        [sys.executable, "-m", "aga", "scenario", "check", str(missing)], capture_output=True, text=True, env=env
    )
    assert done.returncode != 0
    lines = [line for line in done.stderr.splitlines() if "error" in line]
    assert lines and str(missing) in lines[0], done.stderr


def test_a_run_given_in_place_of_a_command_names_the_commands(aga):
    """An outside tester typed `aga social medina30` and was told only "No such command 'medina30'"."""
    code, said = aga("social", "medina30")
    assert code == 2 and "'medina30' is not a command of `aga social`" in said, said
    assert "export, heatmap, network, show" in said and "(`aga social show medina30`)" in said
    code, said = aga("policy", "medina30")
    assert code == 2 and "its commands are decisions," in said and "`aga policy show medina30`" in said
    code, said = aga("social", "--help")
    assert code == 0 and "show" in said  # the group still works
