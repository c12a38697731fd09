"""The talk-topics measure can fail: a model that recites relations or never takes up its own plans
is told apart from one that talks about what it is busy with, by what the prompt shows."""

from __future__ import annotations

import json
from typing import Any

import pytest

from aga.embeddings.minilm import MiniLMEmbedder
from aga.llm._litellm import litellm, register_provider
from benchmarks.talk_topics import TopicPrompt, ask, candidates, classify, measure, spread, verdict

IDENTITY = (
    "Name: Ana Ruiz\nAge: 40\nCurrently: Ana Ruiz is organising the lantern parade on Friday at 8 pm. "
    "She asks everyone she meets to carry a lantern.\nLifestyle: Ana Ruiz goes to sleep around 11 pm."
)
MEMORIES = (
    "- Ana Ruiz knows Bo Lenn as cousin and fond of his jokes.\n"
    "- Bo Lenn is mending a hull at the boatyard.\n"
    "- Ana Ruiz is selling fish at the market stall."
)
SHOWN = {
    "identity": IDENTITY,
    "name": "Ana Ruiz",
    "memories": MEMORIES,
    "other": "Bo Lenn",
    "conversation": "Ana Ruiz: Hi Bo!\nBo Lenn: Morning, Ana. The sea was rough at dawn today.",
    "past_context": "",
    "location": "the quay",
    "action": "selling fish",
    "other_action": "walking to the boatyard",
    "relation_phrase": "Bo Lenn is Ana Ruiz's cousin",
    "relationship": "Ana Ruiz knows Bo Lenn as cousin.",
}


@pytest.fixture(scope="module")
def embed() -> Any:
    return MiniLMEmbedder().embed


def test_the_prompt_offers_its_plans_relations_memories_and_lines() -> None:
    kinds = [kind for kind, _ in candidates(SHOWN)]
    assert kinds == ["own plans", "own plans", "relation", "memory", "memory", "echo"]


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("Will you carry a lantern in the parade on Friday night?", "own plans"),
        ("I know you as my cousin and I am fond of your jokes.", "relation"),
        ("So you know Bo Lenn as cousin? Funny.", "relation"),
        ("Are you still mending that hull at the boatyard?", "memory"),
        ("Rough at dawn, was it? The sea was rough today.", "echo"),
        ("Nice to see you. How are you?", "small talk"),
    ],
)
def test_a_line_is_sorted_by_what_it_takes_up(line: str, expected: str, embed: Any) -> None:
    assert classify(line, SHOWN, embed) == expected


class _Says(litellm.CustomLLM):
    """Answers every utterance prompt with the same line."""

    def __init__(self, line: str) -> None:
        super().__init__()
        self.line = line

    def completion(self, model: str, messages: list, *args: Any, **kwargs: Any) -> Any:
        response = kwargs.get("model_response") or args[2]
        response.model = model
        response.choices[0].message.content = json.dumps({"utterance": self.line, "end": False})
        response.usage = litellm.Usage(prompt_tokens=50, completion_tokens=10, total_tokens=60)
        return response


def test_a_reciting_model_misses_beside_models_that_talk_of_their_plans(embed: Any) -> None:
    register_provider("reciter", _Says("Guess what? I know you as my cousin and fond of your jokes."))
    register_provider("planner", _Says("You should carry a lantern in Friday's parade!"))
    register_provider("planner2", _Says("The lantern parade is on Friday at 8, will you come?"))
    prompts = [TopicPrompt("town", "Ana Ruiz", "Bo Lenn", 2, dict(SHOWN)) for _ in range(2)]
    for model in ("reciter/m", "planner/m", "planner2/m"):
        ask(prompts, model, seeds=[0, 1])
    got = measure(prompts, ["reciter/m", "planner/m", "planner2/m"], embed)
    assert got["reciter/m"]["shares"]["relation"] == 1.0 and got["planner/m"]["shares"]["own plans"] == 1.0
    assert got["planner/m"]["answers"] == 4
    said = verdict(got, "reciter/m")
    assert said["relation"].startswith("misses") and said["own plans"].startswith("misses")
    # Beside one another, the two that talk of their plans hold on every class.
    alike = verdict({k: v for k, v in got.items() if k != "reciter/m"}, "planner/m")
    assert set(alike.values()) == {"holds"}
    # No reference, no verdict.
    assert verdict({"reciter/m": got["reciter/m"]}, "reciter/m") == {}


def test_a_long_conversation_of_one_pair_does_not_fill_the_sample() -> None:
    chatty = [TopicPrompt("t", "A", "B", i + 1, {}) for i in range(10)]
    other = [TopicPrompt("t", "C", "D", 1, {})]
    picked = spread([*chatty, *other], 4)
    assert len(picked) == 4 and sum(p.agent == "C" for p in picked) == 1


def test_a_reused_report_keeps_the_real_answers_and_asks_the_simulator_again(embed: Any) -> None:
    # A changed simulator is measured on the prompts the real models already answered: those models
    # are not asked (nor installed: "ghost/m" names no provider), the simulator's old lines are dropped.
    from benchmarks.talk_topics import SIMULATOR, run

    held = {"ghost/m": ["I know you as my cousin.", "Are you mending a hull?"], SIMULATOR: ["old", "old"]}
    earlier = {
        "towns": ["town"], "hours": 5.0, "seed": 0, "seeds": 2, "per_town": 1, "captured": {"town": 1},
        "prompts": [{"scenario": "town", "agent": "Ana Ruiz", "other": "Bo Lenn", "turn": 2, "shown": SHOWN,
                     "answers": held}],
    }  # fmt: skip
    report = run(["ignored"], [SIMULATOR, "ghost/m"], hours=1, seed=9, seeds=5, per_town=9, embed=embed, reuse=earlier)
    answers = report["prompts"][0]["answers"]
    assert answers["ghost/m"] == held["ghost/m"] and len(answers[SIMULATOR]) == 2 and "old" not in answers[SIMULATOR]
    assert report["by_model"]["ghost/m"]["shares"]["relation"] == 0.5 and report["seeds"] == 2
    assert earlier["prompts"][0]["answers"][SIMULATOR] == ["old", "old"]  # the reused report is not changed


def test_a_model_that_only_copies_the_placeholder_says_no_line(embed: Any) -> None:
    # Refused by the runtime (asked again, then the fail-safe), it is no line of the model's.
    register_provider("copier", _Says("Ana Ruiz's next line"))
    prompts = [TopicPrompt("town", "Ana Ruiz", "Bo Lenn", 2, dict(SHOWN))]
    ask(prompts, "copier/m", seeds=[0])
    assert prompts[0].answers["copier/m"] == [""]
    got = measure(prompts, ["copier/m"], embed)["copier/m"]
    assert got["refused"] == 1 and got["shares"] is None


def test_a_recorded_line_the_runtime_now_refuses_is_no_line_either(embed: Any) -> None:
    # The 0.5B spoke of its prompt as an assistant in 6 of its 64 recorded lines of talk_topics.json
    # ("Can you please provide more context or clarify your question?"); refused since session 63.
    prompts = [TopicPrompt("town", "Ana Ruiz", "Bo Lenn", 2, dict(SHOWN))]
    prompts[0].answers["old/m"] = [
        "I'm sorry, but I don't have enough information to answer your question.",
        "Bo, the ferry runs again tomorrow.",
    ]
    got = measure(prompts, ["old/m"], embed)["old/m"]
    assert got["refused"] == 1 and got["answers"] == 2
    assert sum(got["shares"].values()) == pytest.approx(1.0)  # (the other line is all the shares)


def test_a_first_line_counts_under_everything_it_takes_up(embed: Any) -> None:
    """``--openings``: a first line greets, remarks on what the listener is doing (the prompt's Current
    context) and brings up news in one; each sentence is read, and a greeting alone is small talk. The
    simulator's first lines were greetings alone until session 62, where GPT-3.5's were in 1 of 8."""
    from benchmarks.talk_topics import OPENING_CLASSES, opening_classes, shares

    opening = {**SHOWN, "conversation": "[The conversation has not started yet -- start it!]",
               "other_action": "mending a hull at the boatyard (sanding a plank)"}  # fmt: skip
    assert next(k for k, _ in candidates(opening, openings=True)) == "their doing"
    assert "their doing" not in [k for k, _ in candidates(opening)]  # (after the greeting: as recorded before)
    both = "Hi Bo! Still mending that hull at the boatyard? Will you carry a lantern in the parade on Friday?"
    assert opening_classes(both, opening, embed) == {"their doing", "own plans"}
    assert opening_classes("Hi Bo! How are you doing today?", opening, embed) == {"small talk"}
    prompt = TopicPrompt("t", "Ana Ruiz", "Bo Lenn", 0, opening)
    prompt.answers = {"greeter/m": ["Hi Bo!", "Hello there, Bo."], "talker/m": [both, "Hi Bo! Mending the hull?"]}
    got = {m: shares([prompt], m, embed, openings=True) for m in ("greeter/m", "talker/m")}
    assert got["greeter/m"] == {**dict.fromkeys(OPENING_CLASSES, 0.0), "small talk": 1.0}
    assert got["talker/m"]["their doing"] == 1.0 and got["talker/m"]["own plans"] == 0.5
    said = verdict({m: {"shares": s} for m, s in got.items()}, "greeter/m", OPENING_CLASSES)
    assert said["small talk"].startswith("misses")
