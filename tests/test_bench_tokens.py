"""``aga bench tokens`` on a short span: every mode runs, the report adds up, an interrupted benchmark continues."""

from __future__ import annotations

import json
import re
import sqlite3
from pathlib import Path

import pytest
from typer.testing import CliRunner

from aga.cli import app
from benchmarks.bench_tokens import plan
from tests.fakes import HashEmbedder


def test_plan_runs_warmups_before_each_policy_variant_and_every_variant_on_every_seed():
    runs = plan(("baseline", "lifestyle", "social", "lp-paper"), seeds=[5, 6], warmup=2)
    assert [r.run_id for r in runs if r.group == 5] == [
        "baseline-s5",
        "lifestyle-s5-warmup1",
        "lifestyle-s5-warmup2",
        "lifestyle-s5",
        "social-s5",
        "lp-paper-s5-warmup1",
        "lp-paper-s5-warmup2",
        "lp-paper-s5",
    ]
    assert {r.seed for r in runs if r.measured} == {5, 6}
    # a warm-up never runs the day of a measured seed
    assert {r.seed for r in runs if not r.measured} == {1005, 2005, 1006, 2006}
    assert {r.mode for r in runs if r.variant == "lp-paper"} == {"lifestyle"}


def test_a_share_is_given_per_seed_and_pooled_over_the_seeds():
    """One seed's small baseline makes that seed's share large; the pooled share weighs it by its size."""
    from benchmarks.bench_tokens import _shares

    results = {
        "baseline": {0: {"tokens": 1000}, 1: {"tokens": 3000}},
        "aga": {0: {"tokens": 600}, 1: {"tokens": 900}},
        "lifestyle": {0: {"tokens": 700}},  # a seed not yet run is left out of both
    }
    shares = _shares(results)
    assert shares["aga"]["by_seed"] == {"0": 0.6, "1": 0.3}
    assert shares["aga"]["mean"] == 0.45 and shares["aga"]["pooled"] == round(1500 / 4000, 4)
    assert shares["lifestyle"]["pooled"] == shares["lifestyle"]["mean"] == 0.7
    assert shares["baseline"]["pooled"] == 1.0


def test_a_variant_that_acts_more_coarsely_is_estimated_at_the_baselines_actions():
    """Half the baseline's actions at the same per-action cost: the estimate adds back what the missing
    actions would have cost; a variant acting as finely as the baseline keeps its measured share."""
    from benchmarks.bench_tokens import at_baseline_actions

    def run(tokens: int, act: int, perceive: int, actions: int) -> dict:
        rest = tokens - act - perceive
        modules = {"act": {"tokens": act}, "perceive": {"tokens": perceive}, "plan": {"tokens": rest}}
        return {"tokens": tokens, "by_module": modules, "parity": {"actions": actions}}

    results = {
        "baseline": {0: run(1000, 400, 200, 100)},
        "coarse": {0: run(500, 100, 100, 50)},  # 200 tokens for 50 actions: 200 more for 50 more
        "fine": {0: run(500, 100, 100, 100)},
    }
    got = at_baseline_actions(results)
    assert got["coarse"]["mean"] == 0.7 and got["coarse"]["actions_of_baseline"]["mean"] == 0.5
    assert got["fine"]["mean"] == 0.5
    assert "baseline" not in got


def test_short_benchmark_end_to_end_and_resume(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    import aga.sim.run as run_module

    monkeypatch.setattr(run_module, "default_embedder", HashEmbedder)
    out = tmp_path / "bench"
    args = [
        "bench",
        "tokens",
        "ville3",
        "--hours",
        "3",
        "--start",
        "06:00",
        "--warmup",
        "1",
        "--out",
        str(out),
        "--quiet",
    ]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    report = json.loads((out / "report.json").read_text())
    runs = {name: by_seed["0"] for name, by_seed in report["runs"].items()}
    assert set(runs) == {"baseline", "lifestyle", "social", "aga"}
    shares = {name: s["mean"] for name, s in report["share_of_baseline"].items()}
    # Whether a mode saves is the benchmark's finding, not this test's: on three hours of a first day
    # (one warm-up, hashed embeddings) a varied model gives the policy cache little to reuse, and its
    # upkeep can cost more than it saves. The report must state each share as its tokens over baseline.
    base = runs["baseline"]["tokens"]
    assert shares["baseline"] == 1.0
    for mode, r in runs.items():
        assert shares[mode] == pytest.approx(r["tokens"] / base, abs=1e-3), mode
        assert report["share_of_baseline"][mode]["pooled"] == pytest.approx(shares[mode], abs=1e-4), mode
    # (someone leaves home in three morning hours of some mode; not in every one: a draw in which the cafe owner
    # breakfasts at 8 and the students knit keeps everyone in, as the models' loose reading of a plan does)
    assert any(r["parity"]["share_waking_minutes_away_from_home"] > 0 for r in runs.values())
    for mode, r in runs.items():
        assert r["tokens"] == sum(t["tokens"] for t in r["by_module"].values()), mode
        assert r["parity"]["share_actions_at_valid_place"] == 1.0
        assert 0 <= r["parity"]["activity_place_agreement"] <= 1
        assert 0 <= r["parity"]["share_waking_minutes_away_from_home"] <= 1
        # 06:00-09:00 holds no whole window of ville3's requirements (Isabella's cafe hours are 8 am-8 pm)
        assert r["parity"]["requirement_windows_judged"] == 0
        assert r["parity"]["share_requirement_windows_kept"] is None
        assert r["parity"]["repairs_per_agent_day"] >= 0
        assert r["parity"]["actions_per_waking_hour"] > 0
    assert runs["lifestyle"]["calls_avoided"] > 0
    assert runs["lifestyle"]["hits"]["action"]["hits"] > 0 and not runs["baseline"]["hits"]
    assert (out / "shares.png").read_bytes()[:4] == b"\x89PNG"
    markdown = (out / "report.md").read_text()
    assert "activity place agreement" in markdown and "novelty curve" in markdown
    assert "actions per waking hour" in markdown and "At the baseline's number of actions" in markdown
    assert set(report["share_at_baseline_actions"]) == {"lifestyle", "social", "aga"}
    # The four modes skip rungs: no saving is split by mechanism (lifestyle is not one rung below baseline).
    assert "saving by mechanism" not in markdown
    assert "Behaviour parity" in markdown and "--hours 3 " in markdown and "--start 06:00" in markdown
    assert report["start"] == "06:00" and "3 simulated hours" in markdown
    # Running again finds every run finished and only rewrites the report.
    before = (out / "runs" / "baseline-s0" / "aga.db").stat().st_mtime_ns
    again = CliRunner().invoke(app, args)
    assert again.exit_code == 0, again.output
    assert json.loads((out / "report.json").read_text())["runs"]["aga"]["0"]["tokens"] == runs["aga"]["tokens"]
    assert (out / "runs" / "baseline-s0" / "aga.db").stat().st_mtime_ns >= before
    # The same folder with another span is refused, naming what differs, instead of reporting old runs.
    other = CliRunner().invoke(app, [a if a != "3" else "2" for a in args])
    assert other.exit_code != 0
    # (the kept figures of the measured runs are checked first)
    assert "span was '3 simulated hours', now '2 simulated hours'" in str(other.exception)
    # A run interrupted while being created (no checkpoint yet) is made again, not a dead end.
    with sqlite3.connect(out / "runs" / "social-s0" / "aga.db") as conn:
        conn.execute("DELETE FROM checkpoint")
    (out / "report.json").unlink()
    again = CliRunner().invoke(app, args)
    assert again.exit_code == 0, again.output
    assert json.loads((out / "report.json").read_text())["runs"]["social"]["0"]["tokens"] > 0


def test_kept_figures_finish_a_benchmark_without_its_runs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    import shutil

    import aga.sim.run as run_module

    monkeypatch.setattr(run_module, "default_embedder", HashEmbedder)
    out, kept = tmp_path / "first", tmp_path / "kept"
    common = ["bench", "tokens", "ville3", "--hours", "1", "--start", "09:00", "--quiet"]
    # First sitting: only the baseline, its figures kept in their own folder.
    first = CliRunner().invoke(app, [*common, "--mode", "baseline", "--out", str(out), "--measured", str(kept)])
    assert first.exit_code == 0, first.output
    saved = json.loads((kept / "baseline-s0.json").read_text())
    assert saved["settings"]["span"] == "1 simulated hour" and saved["settings"]["start"] == "09:00"
    assert saved["code"] and saved["figures"]["tokens"] > 0
    # Second sitting on a "new machine": the runs are gone, the kept figures are not. The baseline is
    # not run again; the social variant is run, and both are in the report.
    shutil.rmtree(out)
    out = tmp_path / "second"
    args = [*common, "--mode", "baseline", "--mode", "social", "--out", str(out), "--measured", str(kept)]
    second = CliRunner().invoke(app, args)
    assert second.exit_code == 0, second.output
    assert not (out / "runs" / "baseline-s0").exists() and (out / "runs" / "social-s0").exists()
    report = json.loads((out / "report.json").read_text())
    assert report["runs"]["baseline"]["0"]["tokens"] == saved["figures"]["tokens"]
    assert report["kept_from_earlier"] == ["baseline-s0"]
    assert report["share_of_baseline"]["social"]["mean"] == pytest.approx(
        report["runs"]["social"]["0"]["tokens"] / saved["figures"]["tokens"], abs=1e-3
    )
    assert "kept from an earlier sitting (baseline-s0)" in " ".join((out / "report.md").read_text().split())
    # Figures made with other settings are never mixed in: the file and the difference are named.
    other = CliRunner().invoke(app, [a if a != "09:00" else "10:00" for a in args])
    assert other.exit_code != 0
    said = " ".join(str(other.exception or other.output).split())
    assert "baseline-s0.json" in said and "start was '09:00', now '10:00'" in said
    (kept / "social-s0.json").write_text("{not json")
    broken = CliRunner().invoke(app, args)
    assert broken.exit_code != 0 and "not a measured-run file" in str(broken.exception or broken.output)


def test_speed_benchmark_times_policy_lookups_in_the_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    import aga.sim.run as run_module

    monkeypatch.setattr(run_module, "default_embedder", HashEmbedder)
    out = tmp_path / "speed.json"
    result = CliRunner().invoke(app, ["bench", "speed", "ville3", "--hours", "3", "--mode", "aga", "--out", str(out)])
    assert result.exit_code == 0, result.output
    report = json.loads(out.read_text())
    assert report["mode"] == "aga" and report["policy_lookups"] > 0
    assert 0 < report["policy_lookup_ms"]["p50"] <= report["policy_lookup_ms"]["p95"]
    assert report["framework_ms_per_agent_step"] > 0
    assert "policy lookup ms" in out.with_suffix(".md").read_text()


def test_mechanism_rungs_over_seeds(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    import aga.sim.run as run_module

    monkeypatch.setattr(run_module, "default_embedder", HashEmbedder)
    out = tmp_path / "ladder"
    span = ["--hours", "3", "--start", "06:00", "--warmup", "1", "--seeds", "2"]
    variants = ["--mode", "lp-paper", "--mode", "lp-similar"]  # the baseline is added: shares are over it
    args = ["bench", "tokens", "ville3", *span, *variants, "--out", str(out), "--quiet"]
    # Two processes: each variant's chain (warm-up, then the measured run) in order in one of them.
    result = CliRunner().invoke(app, [*args, "--jobs", "2"])
    assert result.exit_code == 0, result.output
    said = " ".join(result.output.split())  # rich wraps long lines
    assert "--mode baseline added" in said
    assert "10 runs of 3 simulated hours each" in said and "2 at a time" in said
    assert len(re.findall(r"finished (?:baseline|lp-)", said)) == 6, said  # one line per chain (variant, seed)
    report = json.loads((out / "report.json").read_text())
    assert report["seeds"] == [0, 1] and set(report["runs"]["lp-paper"]) == {"0", "1"}
    for name in ("lp-paper", "lp-similar"):
        spread = report["share_of_baseline"][name]
        assert spread["min"] <= spread["mean"] <= spread["max"] and set(spread["by_seed"]) == {"0", "1"}
    for r in report["runs"]["lp-paper"].values():
        assert "importance" not in r["hits"]  # the importance cache is not the paper's
        action = r["hits"]["action"]
        assert action["same_text"] in (None, 1.0) and not action["examples"]
    info = report["variants"]["lp-paper"]
    assert info["paper"] and info["options"]["exact_actions"] and not report["variants"]["lp-similar"]["paper"]
    markdown = (out / "report.md").read_text()
    assert "## The saving by mechanism" in markdown and "paper-faithful Lifestyle Policy (lp-paper)" in markdown
    # The first rung at the baseline's actions: its estimate and its saving against the baseline's 100%.
    estimate = report["share_at_baseline_actions"]["lp-paper"]["mean"]
    assert f"| {estimate:.1%} | {(1 - estimate) * 100:+.1f} |" in markdown
    assert "--seeds 2" in markdown and "Policy cache hits" in markdown
    both = CliRunner().invoke(app, [*args, "--mechanisms"])
    assert both.exit_code != 0 and "exclude each other" in str(both.exception or both.output)
    unknown = CliRunner().invoke(app, ["bench", "tokens", "ville3", "--mode", "lp-magic", "--out", str(out)])
    assert unknown.exit_code != 0 and "lp-paper" in str(unknown.exception or unknown.output)


def _report(model: str, by_seed: dict[str, tuple[float, float]]) -> dict:
    """A minimal report: per seed (share of baseline, action hit rate)."""
    return {
        "scenario": "town",
        "model": model,
        "seeds": [int(s) for s in by_seed],
        "share_of_baseline": {"aga": {"by_seed": {s: v[0] for s, v in by_seed.items()}}},
        "runs": {
            "aga": {
                s: {"hits": {"action": {"hit_rate": v[1], "similarity": {"p50": 0.93}}}, "parity": {"conversations": 4}}
                for s, v in by_seed.items()
            }
        },
    }


def test_compare_marks_what_a_model_does_outside_the_simulators_spread(tmp_path: Path) -> None:
    simulator = _report("scripted/default", {"0": (0.30, 0.80), "1": (0.32, 0.70), "2": (0.31, 0.75)})
    alike = _report("local/m", {"0": (0.31, 0.74)})
    unlike = _report("local/m", {"0": (0.55, 0.20)})
    for name, report in (("sim", simulator), ("alike", alike), ("unlike", unlike)):
        (tmp_path / name).mkdir()
        (tmp_path / name / "report.json").write_text(json.dumps(report))
    result = CliRunner().invoke(app, ["bench", "compare", str(tmp_path / "sim"), str(tmp_path / "alike")])
    assert result.exit_code == 0, result.output
    assert "0 figure(s) differ" in result.output
    result = CliRunner().invoke(
        app, ["bench", "compare", str(tmp_path / "sim"), str(tmp_path / "unlike"), "--out", str(tmp_path / "c.md")]
    )
    text = (tmp_path / "c.md").read_text()
    assert "2 figure(s) differ" in text  # the share and the action hit rate; similarity and talk agree
    share = next(line for line in text.splitlines() if "share of baseline" in line)
    assert "31.0% (30.0%-32.0%)" in share and "55.0%" in share and share.rstrip().endswith("✗ |")
    missing = CliRunner().invoke(app, ["bench", "compare", str(tmp_path / "sim"), str(tmp_path / "nowhere")])
    assert missing.exit_code != 0 and "no benchmark report here" in str(missing.exception or missing.output)


@pytest.mark.embedding_model
def test_a_term_to_a_parallel_benchmark_stops_its_workers_at_a_checkpoint(tmp_path: Path):
    # A TERM (or an INT) sent to the benchmark's process alone never reaches its worker processes;
    # leaving the pool then waited for their chains to end, and a worker went on to the next chain.
    import os
    import signal
    import subprocess
    import sys
    import time

    from tests.test_simulation import one_agent_scenario

    scenario = one_agent_scenario(tmp_path)
    out = tmp_path / "bench"
    env = {**os.environ, "AGA_RUNS_DIR": str(tmp_path / "runs")}
    args = ["bench", "tokens", str(scenario), "--hours", "48", "--days", "0", "--warmup", "0", "--jobs", "2"]
    args += ["--mode", "baseline", "--mode", "social", "--mode", "aga", "--out", str(out), "--quiet"]
    proc = subprocess.Popen(
        [sys.executable, "-m", "aga", *args], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )

    def statuses() -> dict[str, str]:
        found = {}
        for db in (out / "runs").glob("*/aga.db"):
            try:
                with sqlite3.connect(db, timeout=5) as conn:
                    if conn.execute("select count(*) from checkpoint").fetchone()[0] > 1:
                        found[db.parent.name] = conn.execute("select status from run_info").fetchone()[0]
            except sqlite3.OperationalError:
                pass
        return found

    deadline = time.time() + 300
    while len(statuses()) < 2 and time.time() < deadline and proc.poll() is None:
        time.sleep(0.5)
    assert proc.poll() is None, proc.communicate()
    proc.send_signal(signal.SIGTERM)
    _, err = proc.communicate(timeout=180)
    assert proc.returncode == 130, err
    assert "run the same command again" in " ".join(err.split())
    # Both chains' runs stopped as `aga run` stops (a checkpoint, status stopped); the third chain,
    # already handed to a worker, was never begun.
    assert statuses() == {"baseline-s0": "stopped", "social-s0": "stopped"}
    assert sorted(p.name for p in (out / "runs").iterdir()) == ["baseline-s0", "social-s0"]


def test_a_worker_asked_to_stop_ends_its_step_first_and_stops_at_once_when_asked_again(monkeypatch):
    # The first interrupt only asks (the run polls it between steps and checkpoints); raising at once
    # landed mid-step, where a run's branches may still be writing while it marks itself stopped.
    import signal

    from benchmarks import bench_tokens as bt

    monkeypatch.setattr(bt, "_stop", bt._WorkerStop())
    exits: list[int] = []

    def leave(code: int) -> None:
        exits.append(code)
        raise SystemExit(code)  # os._exit does not return

    monkeypatch.setattr(bt.os, "_exit", leave)
    bt._busy.set()
    try:
        bt._interrupt_worker(signal.SIGINT, None)
        assert bt._stop() and not bt._stop.overdue()
        bt._stop.asked_at -= bt._WorkerStop.GRACE_S + 1  # a step that outlasts the grace
        assert bt._stop.overdue()
        with pytest.raises(KeyboardInterrupt):
            bt._interrupt_worker(signal.SIGINT, None)
    finally:
        bt._busy.clear()
    assert exits == []
    with pytest.raises(SystemExit):
        bt._interrupt_worker(signal.SIGINT, None)  # an idle worker has nothing to keep: it leaves
    assert exits == [130]
