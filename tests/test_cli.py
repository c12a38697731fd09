"""The command line, end to end in-process (typer's runner)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from aga.cli import app

runner = CliRunner()


def test_models_json_lists_local_scripted_and_embedder():
    result = runner.invoke(app, ["models", "--json"])
    assert result.exit_code == 0, result.output
    rows = json.loads(result.output)
    names = [r["model"] for r in rows]
    assert "local/qwen2.5-coder-1.5b" in names and "local/smollm2-135m" in names
    scripted = next(r for r in rows if r["model"].startswith("scripted/"))
    assert "simulator" in scripted["kind"]


def test_llm_try_then_ledger_totals_agree(monkeypatch):
    tried = [
        runner.invoke(app, ["llm", "try", "-m", "scripted/default", "--json", "--run", "cli-run", p])
        for p in ("What does Klaus study?", "Who runs Hobbs Cafe?")
    ]
    rows = []
    for result in tried:
        assert result.exit_code == 0, result.output
        rows.append(json.loads(result.output)["ledger_row"])
    ledger = runner.invoke(app, ["ledger", "cli-run", "--json"])
    assert ledger.exit_code == 0, ledger.output
    data = json.loads(ledger.output)
    assert data["overall"]["llm_calls"] == 2
    assert data["overall"]["prompt_tokens"] == sum(r["prompt_tokens"] for r in rows)
    assert [t["key"] for t in data["by_task"]] == ["llm.try"]
    assert data["by_module"][0]["key"] == "llm"
    # On a narrow terminal names and numbers stay whole; the columns that do not fit go, and it says so.
    from aga.cli.common import console

    monkeypatch.setattr(console, "width", 50)
    narrow = runner.invoke(app, ["ledger", "cli-run", "--by", "task"])
    assert narrow.exit_code == 0, narrow.output
    said = " ".join(narrow.output.split())
    assert "llm.try" in said and f"{data['overall']['prompt_tokens']:,}" in said and "…" not in said
    assert "Not shown in this table at this width (50 columns):" in said and "use --json" in said
    # Each table says what it left out, right under it: one note after all tables named columns that the
    # overall table showed.
    lines = narrow.output.splitlines()
    for i, line in enumerate(lines):
        if line.startswith("Not shown in this table"):
            header = next(x for x in reversed(lines[:i]) if "calls" in x)
            left_out = line.split(": ", 1)[1].split(";")[0].split(", ")
            assert not [name for name in left_out if f" {name} " in f"{header} "], (header, line)


def test_llm_try_refuses_to_record_into_a_town_run():
    # Its call would count in the town's tokens and shift the numbering of the town's calls.
    from aga.sim.run import Run
    from tests.fakes import HashEmbedder

    Run.create("ville3", model="scripted/default", hours=0.01, run_id="town", embedder=HashEmbedder()).close()
    tried = runner.invoke(app, ["llm", "try", "-m", "scripted/default", "--run", "town", "hi"])
    assert "holds the calls of a run" in str(tried.exception)
    again = runner.invoke(app, ["llm", "try", "-m", "scripted/default", "--run", "mine", "hi"])
    assert again.exit_code == 0, again.output
    assert runner.invoke(app, ["llm", "try", "-m", "scripted/default", "--run", "mine", "hi"]).exit_code == 0


def _aga(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "aga", *args], capture_output=True, text=True, timeout=120)


def test_errors_are_one_sentence_with_exit_code_2():
    unknown = _aga("llm", "try", "-m", "nosuch/model", "hi")
    assert unknown.returncode == 2
    assert "unknown model 'nosuch/model'" in unknown.stderr
    assert "Traceback" not in unknown.stderr
    missing = _aga("ledger", "no-such-run")
    assert missing.returncode == 2 and "no run 'no-such-run'" in missing.stderr


def test_policy_options_without_a_policy_mode_are_refused():
    refused = _aga("run", "ville3", "--hours", "1", "--policy-threshold", "plan=0.9", "--policy-max", "50")
    assert refused.returncode == 2 and "Traceback" not in refused.stderr
    said = " ".join(refused.stderr.split())  # rich wraps long lines
    assert "--policy-threshold, --policy-max apply to --mode lifestyle and aga only" in said


def test_usage_errors_show_usage_not_a_traceback():
    extra = _aga("models", "install", "smollm2-135m", "qwen2.5-coder-0.5b")
    assert extra.returncode == 2 and "Traceback" not in extra.stderr
    assert "Usage:" in extra.stderr and "unexpected extra argument" in extra.stderr
    unknown = _aga("run", "ville3", "--no-such-option")
    assert unknown.returncode == 2 and "Traceback" not in unknown.stderr
    assert "--no-such-option" in unknown.stderr


def test_bad_grouping_is_rejected():
    runner.invoke(app, ["llm", "try", "-m", "scripted/default", "--run", "g", "hi"])
    result = _aga("ledger", "g", "--by", "colour")
    assert result.returncode == 2 and "--by colour" in result.stderr


def test_a_span_that_cannot_be_simulated_names_its_option_and_leaves_nothing(tmp_path):
    from aga.cli.common import UserError
    from aga.sim.run import Run

    out = str(tmp_path / "out")
    cases = [
        (["run", "ville3", "--days", "1e9", "--run-id", "far"], "--days is 1,000,000,000 simulated days"),
        (["run", "ville3", "--hours", "nan"], "--hours nan: give a finite number"),
        (["run", "ville3", "--hours", "1e300"], "--hours is 4.17e+298 simulated days"),  # not 300 digits
        (["run", "ville3", "--days", "1", "--hours", "-30"], "--days 1 --hours -30: give a positive span"),
        (["bench", "tokens", "ville3", "--out", out, "--days", "1e9"], "a run covers at most 3,650 days"),
        (["bench", "believability", "ville3", "--out", out, "--days", "inf"], "--days inf: give a finite"),
        (["bench", "wander", "--hours", "-1"], "--hours -1: give a positive span"),
        (["run", "ville3", "--checkpoint-minutes", "0"], "--checkpoint-minutes 0: give a finite number"),  # not 0.0
    ]
    for args, says in cases:
        result = runner.invoke(app, args)
        assert isinstance(result.exception, UserError) and says in str(result.exception), (args, result.output)
    assert not (tmp_path / "out").exists() and not (tmp_path / "runs" / "far").exists()
    # A reserved folder's name in other letters is the same folder on a case-insensitive disk.
    reserved = runner.invoke(app, ["run", "ville3", "--run-id", "POLICIES"])
    assert "'POLICIES' is the name of the folder of" in str(reserved.exception)
    # The library says it too, before the run's folder is made.
    with pytest.raises(ValueError, match="ends before the year 10000"):
        Run.create("ville3", model="scripted/default", hours=1e12, run_id="far")
    assert not (tmp_path / "runs" / "far").exists()
    # Shorter than one step: no folder made, no start-up paid for (found by a user: "finished after 0 steps").
    with pytest.raises(ValueError, match=r"0.0001 hours .* is 0.36 simulated seconds, shorter than one step .*10 s"):
        Run.create("ville3", model="scripted/default", hours=0.0001, run_id="blink")
    assert not (tmp_path / "runs" / "blink").exists()
    # ... and names the options that set the span, not the library's argument ("hours=0.0001").
    blink = runner.invoke(app, ["run", "ville3", "-m", "scripted/default", "--hours", "0.0001", "--run-id", "blink"])
    assert "(--days and --hours on the command line) is 0.36 simulated seconds" in str(blink.exception), blink.output
    assert "hours=" not in str(blink.exception)
    # An empty run id is refused, not replaced by a made-up one the user did not ask for.
    empty = runner.invoke(app, ["run", "ville3", "--hours", "1", "--run-id", " "])
    assert isinstance(empty.exception, UserError) and '--run-id "": give the run a name' in str(empty.exception)
    with pytest.raises(ValueError, match="the run id is empty"):
        Run.create("ville3", model="scripted/default", hours=1, run_id="")
