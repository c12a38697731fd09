"""The decide-to-talk check can fail: a model that ignores the relation shows no rise, one that reads
it shows one; the relation's line is the only thing left out."""

from __future__ import annotations

import json
from typing import Any

import pytest

from aga.llm._litellm import litellm, register_provider
from benchmarks.talk_decisions import TalkPrompt, ask, measure, spread, without_relation

RELATION = "Ana Ruiz sees Bo Lenn as her partner, feeling fond of him (closeness 9/10). What Ana knows: Bo fixes boats."
ABOUT = "Ana Ruiz knows Bo Lenn mends boats at the yard."


def _shown(relation: str = RELATION) -> dict[str, str]:
    return {
        "context": f"{relation}\n{ABOUT}" if relation else ABOUT,
        "time": "10:00 AM",
        "name": "Ana Ruiz",
        "action": "selling fish",
        "other": "Bo Lenn",
        "other_action": "walking to the yard",
        "last_chat": "",
    }


class _Decider(litellm.CustomLLM):
    """Says yes when ``rule`` holds for the prompt text."""

    def __init__(self, rule: Any) -> None:
        super().__init__()
        self.rule = rule

    def completion(self, model: str, messages: list, *args: Any, **kwargs: Any) -> Any:
        text = " ".join(str(m.get("content", "")) for m in messages)
        response = kwargs.get("model_response") or args[2]
        response.model = model
        decision = bool(self.rule(text))
        response.choices[0].message.content = json.dumps({"reasoning": "because", "decision": decision})
        response.usage = litellm.Usage(prompt_tokens=50, completion_tokens=10, total_tokens=60)
        return response


@pytest.fixture
def deciders() -> None:
    register_provider("reads", _Decider(lambda text: "(closeness" in text))
    register_provider("deaf", _Decider(lambda text: "Bo Lenn mends boats" in text))


def test_leaving_out_the_relation_keeps_everything_else() -> None:
    plain = without_relation(_shown())
    assert plain is not None and plain["context"] == ABOUT
    assert {k: v for k, v in plain.items() if k != "context"} == {k: v for k, v in _shown().items() if k != "context"}
    # A context without a relation on its first line has nothing to leave out.
    assert without_relation(_shown(relation="")) is None


def test_a_model_that_reads_the_relation_rises_and_one_that_ignores_it_does_not(deciders, tmp_path) -> None:
    prompts = [TalkPrompt("town", "Ana Ruiz", "Bo Lenn", 9, _shown()) for _ in range(3)]
    ask(prompts, "reads/m", seeds=[0, 1])
    ask(prompts, "deaf/m", seeds=[0, 1])
    got = measure(prompts, ["reads/m", "deaf/m"])
    assert got["reads/m"]["all"] == {
        "prompts": 3,
        "yes_with_relation": 1.0,
        "yes_without_relation": 0.0,
        "rise": 1.0,
    }
    assert got["reads/m"]["changed_by_relation"] == 1.0 and got["reads/m"]["changed_by_seed"] == 0.0
    assert got["deaf/m"]["all"]["rise"] == 0.0 and got["deaf/m"]["changed_by_relation"] == 0.0
    assert got["deaf/m"]["all"]["yes_with_relation"] == 1.0
    assert got["reads/m"]["8-10"]["prompts"] == 3 and got["reads/m"]["0-3"]["rise"] is None


def test_a_chatty_pair_does_not_fill_a_band() -> None:
    chatty = [TalkPrompt("t", "A", "B", 5, _shown()) for _ in range(10)]
    other = [TalkPrompt("t", "C", "D", 6, _shown()), TalkPrompt("t", "E", "F", 2, _shown())]
    picked = spread(chatty + other, per_band=3)
    assert [(p.agent, p.closeness) for p in picked] == [("E", 2), ("A", 5), ("C", 6), ("A", 5)]


def test_the_cli_names_a_bad_town_model_or_count() -> None:
    from typer.testing import CliRunner

    from aga.cli import app

    runner = CliRunner()
    for args, named in (
        (["-s", "no-such-town"], "no-such-town"),
        (["-m", "nosuchprovider/x"], "nosuchprovider/x"),
        (["--per-band", "0"], "--per-band"),
    ):
        got = runner.invoke(app, ["bench", "talk", *args])
        # The CLI's entry point prints a UserError; invoked directly, it is the exception.
        assert got.exit_code != 0 and named in f"{got.output} {got.exception}", args


def test_a_town_where_nobody_meets_gives_no_figure_and_says_so(tmp_path, monkeypatch) -> None:
    from typer.testing import CliRunner

    import aga.sim.run as run_module
    from aga.cli import app
    from aga.cli.common import UserError
    from tests.fakes import HashEmbedder
    from tests.test_simulation import one_agent_scenario

    monkeypatch.setattr(run_module, "default_embedder", HashEmbedder)
    town = one_agent_scenario(tmp_path)
    args = ["bench", "talk", "-s", str(town), "-m", "scripted/default", "--hours", "1", "--out", str(tmp_path / "t")]
    got = CliRunner().invoke(app, args)
    assert isinstance(got.exception, UserError) and "no conversation prompt was captured" in str(got.exception)
    assert (tmp_path / "t" / "talk_decisions.json").exists()  # what was done is kept, and says it is empty
