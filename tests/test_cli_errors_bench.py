"""Bad input to `aga bench`: one sentence naming the file or option and what to give, before any work.

The benchmarks' work (capture runs, model calls, report writing) is replaced by functions that fail the
test if called: each refusal must come before it, and the tests stay fast.
"""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from aga.cli import app


def _refused(args: list[str]) -> str:
    """The sentence the CLI refuses ``args`` with (a UserError or ValueError, printed by `run_guarded`)."""
    result = CliRunner().invoke(app, args)
    assert result.exit_code != 0, result.output
    assert isinstance(result.exception, ValueError) or type(result.exception).__name__ == "UserError", repr(
        result.exception
    )
    return str(result.exception)


def _no_work(monkeypatch: pytest.MonkeyPatch, module: str, name: str) -> None:
    """Make ``module.name`` (the expensive part of a command) fail the test when called."""
    import importlib

    def began(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError(f"{module}.{name} ran before the bad input was refused")

    monkeypatch.setattr(importlib.import_module(module), name, began)


def _tokens_report(model: str = "scripted/default") -> dict[str, Any]:
    """The smallest report of `aga bench tokens` that `aga bench compare` reads."""
    return {
        "scenario": "town",
        "model": model,
        "seeds": [0],
        "share_of_baseline": {"aga": {"by_seed": {"0": 0.3}}},
        "runs": {"aga": {"0": {"hits": {"action": {"hit_rate": 0.8}}, "parity": {"conversations": 4}}}},
    }


def _realism_capture(town: str, seeds: list[int] | None = None, tasks: tuple[str, ...] | None = None) -> dict[str, Any]:
    """The part of a realism.json that `--reuse` reads: one sampled prompt of ``town`` per task (every
    task the benchmark measures, unless ``tasks`` names fewer)."""
    from benchmarks.realism import TASKS

    situations = [
        {
            "scenario": town,
            "task": task,
            "agent": "Ana",
            "day": "Monday",
            "shown": {"name": "Ana"},
            "answers": {"local/m": ["wake up", "wake up early"]},
        }
        for task in tasks or TASKS
    ]
    return {"scenarios": [town], "seeds": seeds or [1, 2], "situations": situations}


def _write(path: Path, content: Any) -> Path:
    path.write_text(content if isinstance(content, str) else json.dumps(content))
    return path


# 1. `aga bench realism --reuse FILE`


@pytest.mark.parametrize(
    "content",
    [
        {},
        _tokens_report(),  # a tokens report.json given by mistake
        [1, 2],
        {"situations": [{"prompt": "x"}], "seeds": [1, 2]},
        {"situations": "many", "seeds": [1, 2]},
    ],
    ids=["empty", "tokens-report", "list", "bad-situation", "situations-not-a-list"],
)
def test_realism_reuse_of_another_kind_of_json_is_named(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, content: Any
) -> None:
    _no_work(monkeypatch, "benchmarks.realism", "capture")
    reuse = _write(tmp_path / "report.json", content)
    said = _refused(["bench", "realism", "--reuse", str(reuse), "--hours", "1", "--out", str(tmp_path / "out")])
    assert f"{reuse} is not a realism capture" in said and "aga bench realism" in said


def test_realism_day_town_that_is_no_scenario_is_named_before_any_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _no_work(monkeypatch, "benchmarks.realism", "capture")
    said = _refused(["bench", "realism", "--day-town", "nowhere", "--hours", "1", "--out", str(tmp_path / "out")])
    assert "no scenario 'nowhere'" in said and "ville3" in said


def test_realism_task_that_is_no_task_is_named_with_the_tasks_there_are(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _no_work(monkeypatch, "benchmarks.realism", "capture")
    said = _refused(["bench", "realism", "--task", "converse.utterances", "--hours", "1", "--out", str(tmp_path / "o")])
    assert "--task converse.utterances: no such task" in said and "converse.utterance," not in said.split("give")[0]
    assert "plan.decompose" in said


def test_realism_reuse_of_another_town_says_which_town_and_what_to_give(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _no_work(monkeypatch, "benchmarks.realism", "capture")
    out = str(tmp_path / "out")
    harbour = _write(tmp_path / "harbour.json", _realism_capture("harbour6"))
    said = _refused(["bench", "realism", "--reuse", str(harbour), "--hours", "1", "--out", out])
    assert f"{harbour} is a realism capture of harbour6, not of ville3" in said and "-s harbour6" in said
    # A town asked for that no --reuse file holds would be measured on no prompts.
    ville = _write(tmp_path / "ville.json", _realism_capture("ville3"))
    said = _refused(
        ["bench", "realism", "-s", "ville3", "-s", "harbour6", "--reuse", str(ville), "--hours", "1", "--out", out]
    )
    assert "no --reuse file holds prompts of harbour6" in said
    # Two captures answered with different seeds cannot be measured together.
    other_seeds = _write(tmp_path / "harbour3.json", _realism_capture("harbour6", [4, 5]))
    both = ["--reuse", str(ville), "--reuse", str(other_seeds)]
    said = _refused(["bench", "realism", "-s", "ville3", "-s", "harbour6", *both, "--hours", "1", "--out", out])
    assert f"{other_seeds}: answered with seeds [4, 5]" in said
    empty = _write(tmp_path / "empty.json", {"seeds": [1, 2], "situations": []})
    said = _refused(["bench", "realism", "--reuse", str(empty), "--hours", "1", "--out", out])
    assert f"{empty} holds no sampled prompts" in said


def test_realism_reuse_needs_no_model_whose_answers_it_holds(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Re-measuring the simulator against recorded answers asked for every reference model installed."""
    from aga.llm import routing
    from aga.llm.errors import LLMConfigError

    def check_model(model: str) -> None:
        if model.startswith("local/"):
            raise LLMConfigError(f"local model '{model}' is not installed")

    monkeypatch.setattr(routing, "check_model", check_model)
    ran: list[list[str]] = []
    monkeypatch.setattr(
        "benchmarks.realism.run", lambda towns, models, **kw: ran.append(list(models)) or {"verdict": {}}
    )
    reuse = _write(tmp_path / "ville.json", _realism_capture("ville3"))
    args = ["bench", "realism", "--reuse", str(reuse), "--hours", "1", "--out", str(tmp_path / "o")]
    result = CliRunner().invoke(app, [*args, "-m", "scripted/default", "-m", "local/m"])
    assert result.exit_code == 0, result.output
    assert ran == [["scripted/default", "local/m"]]
    # A model the capture did not answer with must be reachable, and is named when it is not.
    said = _refused([*args, "-m", "scripted/default", "-m", "local/other"])
    assert "local model 'local/other' is not installed" in said and not ran[1:]
    # A capture without a task the benchmark measures (added since): its prompts go to the real models.
    partial = _write(tmp_path / "partial.json", _realism_capture("ville3", tasks=("plan.daily",)))
    args = ["bench", "realism", "--reuse", str(partial), "--hours", "1", "--out", str(tmp_path / "p")]
    said = _refused([*args, "-m", "scripted/default", "-m", "local/m"])
    assert "local model 'local/m' is not installed" in said and not ran[1:]


def test_realism_reuse_of_a_folder_is_named(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _no_work(monkeypatch, "benchmarks.realism", "capture")
    said = _refused(["bench", "realism", "--reuse", str(tmp_path), "--hours", "1", "--out", str(tmp_path / "o")])
    assert f"--reuse {tmp_path} is a folder" in said and "realism.json" in said


# 2. `aga bench compare A B`


@pytest.mark.parametrize(
    "content",
    [
        {},
        {"voice": "local", "seeds": [0, 1], "pooled": []},  # a believability.json
        _realism_capture("ville3"),
        ["runs"],
        {**_tokens_report(), "runs": {"aga": [1, 2]}},
    ],
    ids=["empty", "believability", "realism", "list", "runs-not-by-seed"],
)
def test_compare_names_the_report_that_is_not_a_tokens_report(tmp_path: Path, content: Any) -> None:
    good = _write(tmp_path / "good.json", _tokens_report())
    bad = _write(tmp_path / "other.json", content)
    for args in ([good, bad], [bad, good]):
        said = _refused(["bench", "compare", *map(str, args)])
        assert f"{bad} is not an `aga bench tokens` report" in said and str(good) not in said


def test_compare_names_a_tokens_report_of_the_older_format(tmp_path: Path) -> None:
    good = _write(tmp_path / "good.json", _tokens_report())
    old = _write(tmp_path / "old.json", {"scenario": "ville3", "model": "m", "modes": {}, "share_of_baseline": {}})
    said = _refused(["bench", "compare", str(good), str(old)])
    assert f"{old} is an `aga bench tokens` report of an older format" in said


def test_compare_refuses_an_out_that_is_a_folder_before_reading(tmp_path: Path) -> None:
    good = _write(tmp_path / "good.json", _tokens_report())
    said = _refused(["bench", "compare", str(good), str(good), "--out", str(tmp_path)])
    assert f"--out {tmp_path} is a folder" in said


# 3. --out (and the other output folders) checked before any work


# Each bench command whose --out is a folder, with its arguments and the function doing its work.
FOLDER_COMMANDS = {
    "tokens": (["ville3"], "benchmarks.bench_tokens", "run_benchmark"),
    "believability": (["ville3"], "benchmarks.believability", "run_believability"),
    "household": ([], "benchmarks.household", "run_household_bench"),
    "realism": ([], "benchmarks.realism", "run"),
    "talk": ([], "benchmarks.talk_decisions", "run"),
    "topics": ([], "benchmarks.talk_topics", "run"),
    "wander": ([], "benchmarks.wander_uptake", "run"),
}


@pytest.mark.parametrize("command", list(FOLDER_COMMANDS))
def test_an_out_that_is_a_file_is_refused_before_any_work(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, command: str
) -> None:
    args, module, work = FOLDER_COMMANDS[command]
    _no_work(monkeypatch, module, work)
    if command == "wander":
        _no_work(monkeypatch, "aga.sim.run", "default_embedder")  # loads MiniLM: work too
    existing = _write(tmp_path / "results.txt", "kept")
    said = _refused(["bench", command, *args, "--out", str(existing)])
    assert f"--out {existing} is a file, not a folder" in said
    inside = existing / "sub"
    said = _refused(["bench", command, *args, "--out", str(inside)])
    assert f"--out {inside}: {existing} is a file" in said
    assert existing.read_text() == "kept"


@pytest.mark.parametrize(
    ("command", "option"), [("tokens", "--measured"), ("believability", "--records")], ids=["measured", "records"]
)
def test_a_kept_figures_folder_that_is_a_file_is_refused_before_any_work(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, command: str, option: str
) -> None:
    args, module, work = FOLDER_COMMANDS[command]
    _no_work(monkeypatch, module, work)
    existing = _write(tmp_path / "kept.json", "{}")
    said = _refused(["bench", command, *args, "--out", str(tmp_path / "out"), option, str(existing)])
    assert f"{option} {existing} is a file, not a folder" in said


@pytest.mark.parametrize(("command", "module"), [("speed", "agent_loop"), ("concurrency", "concurrency")])
def test_a_json_out_that_is_a_folder_is_refused_before_any_work(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, command: str, module: str
) -> None:
    _no_work(monkeypatch, f"benchmarks.{module}", "main")
    said = _refused(["bench", command, "--out", str(tmp_path)])
    assert f"--out {tmp_path} is a folder; give a file name" in said


# 4. Files that are not JSON are named, with where their text stops being JSON


def test_a_report_that_is_not_json_is_named_with_the_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    good = _write(tmp_path / "good.json", _tokens_report())
    (tmp_path / "cut").mkdir()
    cut = _write(tmp_path / "cut" / "report.json", '{\n  "runs": {\n    "aga": ,\n')
    said = _refused(["bench", "compare", str(good), str(tmp_path / "cut")])
    assert said.startswith(f"{cut} is not JSON (line 3, column 12): ")
    binary = tmp_path / "shares.png"
    binary.write_bytes(b"\x89PNG\r\n\x1a\n\xff\xfe")
    said = _refused(["bench", "compare", str(binary), str(good)])
    assert f"{binary} is not a text file" in said
    _no_work(monkeypatch, "benchmarks.realism", "capture")
    said = _refused(["bench", "realism", "--reuse", str(cut), "--hours", "1", "--out", str(tmp_path / "out")])
    assert said.startswith(f"{cut} is not JSON (line 3, column 12): ")


@pytest.mark.parametrize(
    "content", [None, "folder", "{not json", '{"towns": []}'], ids=["missing", "folder", "bad", "other"]
)
def test_a_reused_topics_report_that_is_not_one_is_refused_before_any_work(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, content: str | None
) -> None:
    _no_work(monkeypatch, "benchmarks.talk_topics", "run")
    path = tmp_path / "talk_topics.json"
    if content == "folder":
        path = tmp_path
    elif content is not None:
        _write(path, content)
    said = _refused(["bench", "topics", "--reuse", str(path), "--out", str(tmp_path / "out")])
    expected = {
        None: "no such file",
        "folder": "is a folder; give the talk_topics.json in it",
        "{not json": "not a readable talk_topics.json",
        '{"towns": []}': "not a talk_topics.json (no hours, seed, seeds, per_town, prompts)",
    }[content]
    assert f"--reuse {path}" in said and expected in said


def test_every_recorded_bench_command_runs_as_written():
    """A benchmark record's command line is how to run it again: the talk, topics and wander benchmarks
    wrote theirs as "-m=scripted/default", which the CLI reads as the model "=scripted/default"."""
    import click
    import typer

    results = Path(__file__).parent.parent / "benchmarks" / "results"
    group = typer.main.get_command(app)
    checked = 0
    for md in sorted(results.glob("*.md")):
        for line in re.findall(r"^`(aga bench [^`]+)`", md.read_text(encoding="utf-8"), re.MULTILINE):
            words = shlex.split(line)[2:]
            bench = group.get_command(click.Context(group), "bench")  # type: ignore[attr-defined]
            command = bench.get_command(click.Context(bench), words[0])
            context = command.make_context(words[0], words[1:], resilient_parsing=True)
            values = [v for v in context.params.values() for v in (v if isinstance(v, (list, tuple)) else [v])]
            assert not [v for v in values if isinstance(v, str) and v.startswith("=")], f"{md.name}: {line}"
            checked += 1
    assert checked >= 5
