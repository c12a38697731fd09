"""Whisper and interview, through the CLI, on a stored run."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from aga.cli import app
from aga.memory import MemoryKind
from aga.sim.run import Run
from tests.fakes import HashEmbedder

runner = CliRunner()


def test_whisper_becomes_a_remembered_thought_and_interviews_recall_it(monkeypatch):
    run = Run.create("ville3", model="scripted/default", hours=1, run_id="voices", seed=4, embedder=HashEmbedder())
    run.advance()
    run.close()
    monkeypatch.setattr("aga.sim.run.default_embedder", HashEmbedder)
    result = runner.invoke(app, ["whisper", "voices", "Klaus", "You are going to run for mayor"])
    assert result.exit_code == 0, result.output
    assert "Klaus Mueller now thinks: I am going to run for mayor" in result.output

    reopened = Run.open("voices", embedder=HashEmbedder())
    thoughts = reopened.rt.memory.latest("Klaus Mueller", 3, kinds=[MemoryKind.REFLECTION])
    assert thoughts[0].description == "I am going to run for mayor"
    before = {n.id: n.last_accessed for n in reopened.rt.memory.latest("Klaus Mueller", 500)}
    reopened.close()

    asked = runner.invoke(
        app,
        [
            "interview",
            "voices",
            "Klaus Mueller",
            "-q",
            "Are you going to run for mayor?",
            "-q",
            "Who is Maria?",
            "-m",  # the voice may be another model than the run's; -m as in every other command
            "scripted/default",
            "--json",
        ],
    )
    assert asked.exit_code == 0, asked.output
    answers = json.loads(asked.output)
    assert [a["question"] for a in answers] == ["Are you going to run for mayor?", "Who is Maria?"]
    assert "mayor" in answers[0]["answer"]
    after = Run.open("voices", embedder=HashEmbedder())
    assert {n.id: n.last_accessed for n in after.rt.memory.latest("Klaus Mueller", 500)} == before
    calls = {t.key: t.llm_calls for t in after.rt.gateway.ledger.totals("task")}
    assert calls["user.interview_ideas"] == calls["user.interview_answer"] == 2
    assert calls["user.inner_thought"] == 1
    # Opening the run again (as the interview's own opening did) is no resume of the interview: its calls
    # are not a rolled-back step's, and `aga ledger` said "8 calls of steps replayed after a resume".
    standing = {t.key: t.llm_calls for t in after.rt.gateway.ledger.totals("task", standing=True)}
    assert standing["user.interview_ideas"] == standing["user.interview_answer"] == 2


def test_unknown_agent_is_a_clear_error(monkeypatch):
    Run.create("ville3", model="scripted/default", hours=0.01, run_id="who", embedder=HashEmbedder()).close()
    monkeypatch.setattr("aga.sim.run.default_embedder", HashEmbedder)
    result = runner.invoke(app, ["interview", "who", "Gandalf", "-q", "hi"])
    assert result.exit_code != 0
    assert "no persona 'Gandalf' in ville3" in str(result.exception) + result.output


def test_empty_or_overlong_words_are_refused_before_the_run_is_touched(monkeypatch):
    Run.create("ville3", model="scripted/default", hours=0.01, run_id="words", embedder=HashEmbedder()).close()
    monkeypatch.setattr("aga.sim.run.default_embedder", HashEmbedder)
    empty = runner.invoke(app, ["whisper", "words", "Klaus", "  "])
    assert "the whispered text is empty" in str(empty.exception)
    long = runner.invoke(app, ["whisper", "words", "Klaus", "x" * 2001])
    assert "the whispered text has 2,001 characters; at most 2,000" in str(long.exception)
    question = runner.invoke(app, ["interview", "words", "Klaus", "-q", ""])
    assert "the question is empty" in str(question.exception)


def test_answers_are_labelled_by_a_name_that_tells_the_resident():
    from types import SimpleNamespace

    from aga.cli.user import answer_label

    lima, costa, bo = (SimpleNamespace(name=n, first_name=n.split()[0]) for n in ("Ana Lima", "Ana Costa", "Bo Reyes"))
    assert answer_label(costa, [lima, costa, bo]) == "Ana Costa"
    assert answer_label(bo, [lima, costa, bo]) == "Bo"
