"""Social Memory in the town: dialogue from social memory, relations seeded and evolving, heatmaps."""

from __future__ import annotations

import json
import os
from datetime import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from aga.cli import app
from aga.cognition import social
from aga.sim.run import Run
from tests.fakes import HashEmbedder

# ville3's first conversations happen from late morning on; at seed 0 since session 59's simulator
# changes the social run's first 14 hours hold none, its first 18 hold two.
HOURS = 18.0


def _run(run_id: str, mode: str, hours: float = HOURS) -> Run:
    run = Run.create("ville3", model="scripted/default", mode=mode, hours=hours, run_id=run_id, embedder=HashEmbedder())
    run.advance()
    return run


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("social")
    os.environ["AGA_RUNS_DIR"] = str(tmp / "runs")
    baseline = _run("base", "baseline")
    with_social = _run("soc", "social")
    return tmp / "runs", baseline, with_social


def _per_utterance(run: Run, tasks: tuple[str, ...]) -> float:
    totals = {t.key: t for t in run.rt.gateway.ledger.totals("task")}
    utterances = sum(totals[t].llm_calls for t in ("converse.utterance", "converse.utterance_social") if t in totals)
    prompt = sum(totals[t].prompt_tokens for t in tasks if t in totals)
    return prompt / utterances


def test_utterance_prompts_are_much_shorter_with_social_memory(runs):
    _, baseline, with_social = runs
    totals = {t.key: t for t in with_social.rt.gateway.ledger.totals("task")}
    # A talk of three lines at least: the comparison below is per line. (At 18d2281 ville3's first 14
    # hours on the simulator hold one talk, of 3 lines; before, its lines were 4 or more.)
    assert totals["converse.utterance_social"].llm_calls >= 3
    assert "converse.relationship" not in totals and "converse.utterance" not in totals
    base = _per_utterance(baseline, ("converse.utterance", "converse.relationship"))
    soc = _per_utterance(with_social, ("converse.utterance_social", "social.fold"))
    assert soc < 0.6 * base


def test_folding_and_assessing_happen(runs):
    _, _, with_social = runs
    totals = {t.key: t for t in with_social.rt.gateway.ledger.totals("task")}
    utterances = totals["converse.utterance_social"].llm_calls
    assert 1 <= totals["social.fold"].llm_calls <= utterances  # never more than one fold per line, often none
    assert totals["social.assess"].llm_calls == 2 * totals["converse.summary"].llm_calls  # one per side per chat


def test_initial_relations_from_the_scenario_and_strangers(runs):
    _, _, with_social = runs
    memory = with_social.rt.social
    assert memory is not None
    start = with_social.rt.scenario.spec.start
    klaus, maria = "Klaus Mueller", "Maria Lopez"
    seeded = next(r for r in with_social.rt.agents[klaus].persona.relationships if r.name == maria)
    assert memory.at(start)[(klaus, maria)].closeness == seeded.closeness
    assert memory.history(klaus, maria)[0].cause == "seed"
    assert memory.relation(klaus, "Nobody Here").label == "stranger"


def test_relation_feeds_talk_decisions_and_interviews(runs):
    _, _, with_social = runs
    rt = with_social.rt
    klaus, maria = rt.agents["Klaus Mueller"], rt.agents["Maria Lopez"]
    sentence, label, closeness = social.talk_context(rt, klaus, maria)
    relation = rt.social.relation(klaus.name, maria.name)
    assert (label, closeness) == (relation.label, relation.closeness) and "Maria Lopez" in sentence
    named = social.about_named(rt, klaus, "Who is Maria?")
    assert len(named) == 1 and "closeness" in named[0]


def test_cli_heatmaps_history_network_export(runs, tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    root, _, _ = runs
    monkeypatch.setenv("AGA_RUNS_DIR", str(root))
    runner = CliRunner()
    png, html = tmp_path / "day.png", tmp_path / "days.html"
    for args in (["--out", str(png), "--day", "0"], ["--out", str(html)]):
        result = runner.invoke(app, ["social", "heatmap", "soc", *args])
        assert result.exit_code == 0, result.output
    assert png.read_bytes()[:4] == b"\x89PNG" and png.stat().st_size > 5000
    assert "plotly" in html.read_text()[:200000].lower() and html.stat().st_size > 10000
    shown = json.loads(runner.invoke(app, ["social", "show", "soc", "Klaus", "Maria", "--json"]).output)
    assert shown[0]["cause"] == "seed"
    same = runner.invoke(app, ["social", "show", "soc", "Klaus", "Klaus Mueller"])
    assert "Klaus and Klaus Mueller are both Klaus Mueller: name two residents" in str(same.exception)
    network = json.loads(runner.invoke(app, ["social", "network", "soc", "--json"]).output)
    assert [row["day"] for row in network] == [0, 1] and 0 <= network[0]["density"] <= 1
    exported = json.loads(runner.invoke(app, ["social", "export", "soc"]).output)
    assert exported["initials"] == ["IR", "KM", "ML"] and set(exported["matrices"]) == {"0", "1"}
    refused = runner.invoke(app, ["social", "heatmap", "base", "--out", str(png)])
    assert refused.exit_code != 0 and "--mode social" in str(refused.exception or refused.output)
    bad = runner.invoke(app, ["social", "heatmap", "soc", "--out", str(tmp_path / "x.jpg")])
    assert bad.exit_code != 0


def test_resume_drops_relation_changes_after_the_checkpoint(tmp_path: Path):
    run = Run.create("ville3", model="scripted/default", mode="social", hours=2, run_id="cut", embedder=HashEmbedder())
    checkpoint_step = run.rt.step
    assert run.rt.social is not None
    run.rt.clock.advance()
    run.rt.social.seed("Klaus Mueller", "Maria Lopez", label="rival", closeness=1, when=run.rt.now, step=run.rt.step)
    run.close()
    reopened = Run.open("cut", embedder=HashEmbedder())
    assert reopened.rt.step == checkpoint_step
    assert reopened.rt.social is not None
    assert reopened.rt.social.relation("Klaus Mueller", "Maria Lopez").label != "rival"
    reopened.close()


def test_day_zero_of_a_run_that_starts_late_shows_the_seeded_relations(tmp_path: Path, monkeypatch):
    monkeypatch.setenv("AGA_RUNS_DIR", str(tmp_path / "runs"))
    run = Run.create(
        "ville3",
        model="scripted/default",
        mode="social",
        hours=0.1,
        run_id="late",
        embedder=HashEmbedder(),
        start=time(11, 0),
    )
    run.advance()
    network = json.loads(CliRunner().invoke(app, ["social", "network", "late", "--json"]).output)
    assert network[0]["day"] == 0 and network[0]["density"] > 0  # the Lins and the neighbours, seeded at 11:00
    # Six minutes in, day 1 has not ended: its row is the latest state and says so, not "day 1" at 11:06.
    assert [(r["day"], r["ended"]) for r in network] == [(0, True), (1, False)]
    table = CliRunner().invoke(app, ["social", "network", "late"]).output
    assert "1 so far" in table and "0 so far" not in table
    exported = json.loads(CliRunner().invoke(app, ["social", "export", "late"]).output)
    assert any(v > 0 for row in exported["matrices"]["0"] for v in row)


def test_a_town_of_one_has_no_network_to_measure(tmp_path: Path, monkeypatch):
    from tests.test_simulation import one_agent_scenario

    monkeypatch.setenv("AGA_RUNS_DIR", str(tmp_path / "runs"))
    Run.create(
        str(one_agent_scenario(tmp_path)), model="scripted/default", mode="social", hours=0.1, run_id="alone",
        embedder=HashEmbedder(),
    ).close()  # fmt: skip
    result = CliRunner().invoke(app, ["social", "network", "alone"])
    assert "run 'alone' has one resident: a network needs two" in str(result.exception)


def test_heatmap_labels_no_installed_font_can_draw_become_numbers():
    from aga.cli.social import drawable, initials

    # U+E000 is a private-use character: no font draws it, as no CJK font is on a bare server.
    names = ["Isabella Rodriguez", "\ue000 Wang", "Zoë O'Brien", "\ue000 Li"]
    labels, families = drawable(initials(names))
    assert labels == ["IR", "#2", "ZO", "#4"] and families[0] == "DejaVu Sans"
