"""The gateway under a fault-injecting provider: retries, fail-safes, accounting."""

from __future__ import annotations

import random

import pytest

from aga.llm.errors import LLMConfigError
from aga.llm.gateway import GatewayOptions
from aga.llm.ledger import Outcome
from tests.fakes import ECHO, RATE, Rating

CTX = {"event": "Isabella is planning a Valentine's Day party"}


def _samples(metric_family_name: str, metrics) -> dict[tuple, float]:
    out = {}
    for family in metrics.registry.collect():
        for sample in family.samples:
            if sample.name == metric_family_name:
                out[tuple(sorted(sample.labels.items()))] = sample.value
    return out


def test_first_attempt_ok_records_reported_usage(faulty, make_gateway, ledger):
    faulty.play('text:{"rating": 7}')
    gateway = make_gateway()
    assert gateway.call(RATE, CTX, agent="Isabella") == Rating(rating=7)
    [row] = ledger.rows()
    assert row.outcome == Outcome.OK
    assert (row.prompt_tokens, row.completion_tokens) == faulty.reported[0]
    assert row.agent == "Isabella" and row.task == "test.rate" and row.module == "test"
    assert row.attempts == 1


def test_prompt_is_rendered_and_json_requested(faulty, make_gateway):
    gateway = make_gateway()
    gateway.call(RATE, CTX)
    gateway.call(ECHO, {"topic": "rain"})
    sent, free = faulty.requests
    assert CTX["event"] in sent["messages"][0]["content"]
    # A provider litellm knows nothing about gets JSON mode; the template spells out the format.
    assert sent["optional_params"]["response_format"] == {"type": "json_object"}
    assert "response_format" not in free["optional_params"]


def test_schema_is_sent_to_providers_that_enforce_it(make_gateway):
    gateway = make_gateway("scripted/default")
    fmt = gateway._response_format(RATE)
    assert fmt["json_schema"]["schema"]["properties"]["rating"]["maximum"] == 10


def test_choices_narrow_the_schema_sent_to_the_options_the_prompt_lists(faulty, make_gateway):
    faulty.play('text:{"rating": 10}')
    gateway = make_gateway(options=GatewayOptions(send_schema=True))
    assert gateway.call(RATE, CTX, choices={"rating": [1, 10]}).rating == 10
    sent = faulty.requests[0]["optional_params"]["response_format"]["json_schema"]["schema"]
    # The options as an enum: a server that enforces the schema (llama.cpp's grammar) cannot answer 7.
    assert sent["properties"]["rating"]["enum"] == [1, 10]
    assert "maximum" not in sent["properties"]["rating"]
    # Without choices the task's own schema goes out, unchanged by an earlier call's choices.
    assert "enum" not in RATE.json_schema()["properties"]["rating"]


def test_a_choice_the_prompt_does_not_show_is_refused_before_any_call(faulty, make_gateway):
    from aga.llm.errors import TemplateError

    gateway = make_gateway(options=GatewayOptions(send_schema=True))
    # The schema is part of what the model reads: an option it could pick must be one the prompt lists.
    with pytest.raises(TemplateError, match="offers '7' for 'rating'"):
        gateway.call(RATE, CTX, choices={"rating": [1, 7]})
    with pytest.raises(ValueError, match="no answer field 'score'"):
        gateway.call(RATE, CTX, choices={"score": [1]})
    assert faulty.requests == []


def test_rate_limits_are_retried_with_growing_jittered_backoff(faulty, make_gateway, ledger, sleeps):
    faulty.play("rate_limit", "rate_limit", "server_error", 'text:{"rating": 3}')
    gateway = make_gateway()
    assert gateway.call(RATE, CTX).rating == 3
    [row] = ledger.rows()
    assert row.outcome == Outcome.RETRIED and row.attempts == 4
    assert len(sleeps) == 3
    caps = [gateway.retry.base_delay_s * 2**i for i in range(3)]
    assert all(0 <= s <= cap for s, cap in zip(sleeps, caps, strict=True))
    failures = _samples("aga_llm_api_failed_requests_metric_total", gateway.metrics)
    by_class = {dict(k)["exception_class"]: v for k, v in failures.items()}
    assert by_class == {"RateLimitError": 2, "InternalServerError": 1}


def test_persistent_timeouts_end_in_failsafe_not_a_crash(faulty, make_gateway, ledger):
    faulty.play(*["timeout"] * 10)
    gateway = make_gateway()
    value = gateway.call(RATE, CTX)
    assert value == RATE.failsafe
    [row] = ledger.rows()
    assert row.outcome == Outcome.FAILSAFE
    assert row.attempts == gateway.retry.transport_retries + 1
    assert "Timeout" in row.error
    assert (row.prompt_tokens, row.completion_tokens) == (0, 0)  # nothing was answered, nothing spent


@pytest.mark.parametrize(
    "bad",
    ["text:this is not json", "text:", 'text:{"rating": 11}', 'text:{"score": 5}', "text:[1, 2]"],
    ids=["prose", "empty", "out-of-range", "wrong-field", "wrong-type"],
)
def test_malformed_answer_is_retried_and_its_tokens_counted(faulty, make_gateway, ledger, bad):
    faulty.play(bad, 'text:{"rating": 9}')
    gateway = make_gateway()
    assert gateway.call(RATE, CTX).rating == 9
    [row] = ledger.rows()
    assert row.outcome == Outcome.RETRIED
    answered = faulty.reported
    assert row.prompt_tokens == sum(p for p, _ in answered)
    assert row.completion_tokens == sum(c for _, c in answered)


def test_malformed_answers_exhaust_to_failsafe(faulty, make_gateway, ledger):
    faulty.play(*["text:nope"] * 5)
    gateway = make_gateway()
    assert gateway.call(RATE, CTX) == RATE.failsafe
    [row] = ledger.rows()
    assert row.outcome == Outcome.FAILSAFE
    assert row.attempts == gateway.retry.answer_retries + 1
    assert "AnswerError" in row.error
    assert row.prompt_tokens == sum(p for p, _ in faulty.reported)  # the bad answers were paid for


def test_json_in_fences_or_prose_is_accepted(faulty, make_gateway):
    faulty.play('text:Sure! ```json\n{"rating": 2}\n```', 'text:The rating is {"rating": 6}. Thanks')
    gateway = make_gateway()
    assert gateway.call(RATE, CTX).rating == 2
    assert gateway.call(RATE, CTX).rating == 6


def test_bad_request_is_not_retried(faulty, make_gateway, ledger):
    faulty.play("bad_request")
    gateway = make_gateway()
    assert gateway.call(RATE, CTX) == RATE.failsafe
    assert ledger.rows()[0].attempts == 1


def test_auth_error_stops_with_a_clear_message_and_is_recorded(faulty, make_gateway, ledger):
    faulty.play("auth")
    gateway = make_gateway()
    with pytest.raises(LLMConfigError, match="API key"):
        gateway.call(RATE, CTX)
    assert ledger.rows()[0].outcome == Outcome.FAILSAFE


def test_free_text_task_returns_the_text(faulty, make_gateway):
    faulty.play("text:  A fine morning for coffee.  ")
    assert make_gateway().call(ECHO, {"topic": "mornings"}).text == "A fine morning for coffee."


def test_repair_is_applied_and_counted(faulty, make_gateway, ledger):
    from dataclasses import replace

    clipped = replace(RATE, repair=lambda v, ctx, facts: Rating(rating=min(v.rating, 8)))
    faulty.play('text:{"rating": 10}', 'text:{"rating": 3}')
    gateway = make_gateway()
    assert gateway.call(clipped, CTX).rating == 8
    assert gateway.call(clipped, CTX).rating == 3
    assert [r.repaired for r in ledger.rows()] == [True, False]
    assert ledger.totals("task")[0].repaired == 1
    # ... and what it changed is kept, for `aga ledger --repairs` (an outside tester saw 20 repaired
    # answers and no way to see what they were)
    assert [r.repair for r in ledger.rows()] == ["rating: 10 -> 8", None]
    counted, newest = ledger.repairs()
    assert counted == [(RATE.name, 1)] and [r.repair for r in newest] == ["rating: 10 -> 8"]


def test_ledger_totals_equal_reported_usage_exactly_under_random_faults(faulty, make_gateway, ledger):
    rng = random.Random(7)
    kinds = ["rate_limit", "timeout", "server_error", "connection", "text:garbage", "text:", 'text:{"rating": 4}']
    faulty.play(*[rng.choice(kinds) for _ in range(300)])
    # The circuit breaker off: this test is about accounting under faults, not about stopping.
    gateway = make_gateway(options=GatewayOptions(transport_retries=3, max_failed_calls=0, max_fallback_share=0))
    agents = ["Isabella", "Klaus", "Maria"]
    for i in range(60):
        gateway.call(RATE if i % 3 else ECHO, {**CTX, "topic": "x"}, agent=agents[i % 3])
    overall = ledger.totals()[0]
    assert overall.prompt_tokens == sum(p for p, _ in faulty.reported)
    assert overall.completion_tokens == sum(c for _, c in faulty.reported)
    assert overall.attempts == len(faulty.requests)
    by_agent = ledger.totals("agent")
    assert sum(t.prompt_tokens for t in by_agent) == overall.prompt_tokens
    assert {t.key for t in by_agent} == set(agents)
    outcomes = {t.key: t.llm_calls for t in ledger.totals("outcome")}
    assert sum(outcomes.values()) == 60
    tokens_metric = sum(_samples("aga_input_tokens_metric_total", gateway.metrics).values())
    assert tokens_metric == overall.prompt_tokens


def test_cache_hit_estimates_saved_tokens_from_recent_average(faulty, make_gateway, ledger):
    gateway = make_gateway()
    for _ in range(4):
        gateway.call(RATE, CTX)
    expected = sum(p for p, _ in faulty.reported) / 4
    row = gateway.record_cache_hit(RATE, kind="importance", agent="Klaus", similarity=0.97)
    assert row.outcome == Outcome.CACHE_HIT
    assert row.saved_prompt_tokens == round(expected)
    assert row.similarity == 0.97
    totals = ledger.totals()[0]
    assert totals.cache_hits == 1 and totals.llm_calls == 4
    hits = _samples("aga_cache_hits_metric_total", gateway.metrics)
    assert hits == {(("kind", "importance"),): 1.0}


def test_cache_hit_without_history_counts_the_prompt(make_gateway):
    gateway = make_gateway("scripted/default")
    row = gateway.record_cache_hit(RATE, kind="importance", prompt="one two three four")
    assert row.saved_prompt_tokens > 0 and row.saved_completion_tokens == 0


def test_sim_time_comes_from_the_injected_clock(faulty, make_gateway, ledger):
    from datetime import datetime

    from aga.clock import SimClock

    clock = SimClock(start=datetime(2023, 2, 13, 7, 0))
    clock.advance(6)
    make_gateway(clock=clock).call(RATE, CTX)
    assert ledger.rows()[0].sim_time == datetime(2023, 2, 13, 7, 1)


def test_a_failing_repair_keeps_the_valid_answer(faulty, make_gateway, ledger):
    def broken(value, ctx):
        raise ZeroDivisionError("bug in a repair")

    faulty.play('text:{"rating": 6}')
    gateway = make_gateway()
    assert gateway.call(RATE, CTX, repair=broken).rating == 6
    assert ledger.rows()[0].outcome == Outcome.OK


def test_the_same_prompt_asked_again_is_sampled_with_another_seed(faulty, make_gateway):
    # One seed for every call made a model at temperature 0.7 repeat a prompt word for word (a day plan
    # the same every morning), which no model does and which flattered every cache.
    faulty.play("timeout", 'text:{"rating": 7}', 'text:{"rating": 7}')
    make_gateway().call(RATE, CTX)
    make_gateway().call(RATE, CTX)  # the next call of the run (the ledger numbers it): another seed
    seeds = [r["optional_params"].get("seed") for r in faulty.requests]
    assert len(set(seeds)) == 3  # a retry, the call, the next call: each sampled anew
    from aga.llm.gateway import call_seed

    assert seeds[0] == call_seed(0, 1, 1) and 0 <= max(seeds) < 2**31  # reproducible from the run's seed


def test_an_utterance_that_copies_its_answer_format_is_no_line(faulty, make_gateway, ledger):
    # The 0.5B answered "Morwenna Vane's next line" (the format's placeholder) in 51 of 64 utterance
    # prompts; taken as a line it filled whole conversations. It is asked again, then the fail-safe.
    import json

    import aga.cognition.converse  # noqa: F401  (declares the task)
    from aga.cognition.answers import Utterance
    from aga.llm.tasks import get_task

    task = get_task("converse.utterance")
    shown = {
        "name": "Ana Lima", "other": "Bo Reyes", "identity": "Name: Ana Lima", "memories": "-",
        "past_context": "", "location": "the quay", "action": "mending nets", "other_action": "walking",
        "relation_phrase": "Bo Reyes is Ana Lima's friend", "relationship": "", "conversation": "Bo Reyes: Hi Ana!",
    }  # fmt: skip
    placeholders = ("Ana Lima's next line", "Ana Lima: Ana Lima's next line.")
    copied = [json.dumps({"utterance": u, "end": False}) for u in placeholders]
    faulty.play(*(f"text:{c}" for c in copied), 'text:{"utterance": "Morning, Bo. Rough sea today.", "end": false}')
    assert make_gateway().call(task, shown).utterance == "Morning, Bo. Rough sea today."
    assert ledger.rows()[0].outcome == Outcome.RETRIED and ledger.rows()[0].attempts == 3
    # A line that only speaks of a next line is a line.
    assert Utterance(utterance="That is Bo's next line of work, I hear.", end=False).end is False


def test_a_text_that_only_copies_the_formats_dots_is_refused(faulty, make_gateway, ledger):
    # The 0.5B answered one-call days with "..." for every block's activity (3 of 60 answers); taken as
    # the answer, its agents spent the day doing "...". Any task's text field: asked again, then kept.
    from aga.llm.tasks import copied_ellipsis

    faulty.play('text:{"rating": "..."}', 'text:{"rating": 6}')
    assert make_gateway().call(RATE, CTX).rating == 6
    assert ledger.rows()[0].outcome == Outcome.RETRIED and "placeholder" in ledger.rows()[0].error
    assert copied_ellipsis({"blocks": [{"activity": "fishing"}, {"activity": " \u2026 "}]}) == "blocks.1.activity"
    # Dots inside a text, an empty text and numbers are the schema's business, not a copied format.
    assert copied_ellipsis({"utterance": "Well... maybe.", "n": 3, "items": ["", "ok"]}) is None


def test_a_line_in_an_assistants_words_is_refused(faulty, make_gateway, ledger):
    # "I'm sorry, but I can't assist with that request." (the 0.5B in 4 of 32 utterance prompts) and "As
    # an AI language model, I don't have any breakfast" (the 1.5B, interviewed) are no character's words.
    import json

    import pydantic

    import aga.cognition.user  # noqa: F401  (declares the interview task)
    from aga.cognition.answers import InCharacter, Utterance
    from aga.llm.tasks import get_task

    refusals = ("I'm sorry, but I can't assist with that request.", "As an AI language model, I have no breakfast.")
    for line in (*refusals, "Hello Morwenna Vane, I am sorry, but I am not able to assist with that request."):
        with pytest.raises(pydantic.ValidationError):
            Utterance(utterance=line, end=False)
        with pytest.raises(pydantic.ValidationError):
            InCharacter(text=line)
    # ... and an assistant speaking of its prompt (the 0.5B's, benchmarks/results/realism_utterance.json)
    about_the_prompt = (
        "I'm sorry, but I don't have enough information to answer your question.",
        "Could you please provide more context or clarify your question so I can better assist you?",
        "I'm sorry, but I don't have access to the conversation. I only have the memory you provided. "
        "What should Priya Castell say to Harriet Lusk next?",
        "I'm sorry, but I don't have the conversation to continue. Can you please start it?",
    )
    for line in about_the_prompt:
        with pytest.raises(pydantic.ValidationError):
            Utterance(utterance=line, end=False)
    # What a busy baker, a shopkeeper, a nurse or a teacher says stays a line.
    for line in ("I can't help you with that, I'm busy.", "How can I assist you today?", "She cannot assist today.",
                 "What should we say to him?", "To answer your question, the ferry leaves at six.",
                 "Tell me where it hurts so I can help you.", "I don't have the key to the shed, sorry.",
                 "Did you read the information they provided at the meeting?"):  # fmt: skip
        assert Utterance(utterance=line, end=False).utterance == line
    answer = get_task("user.interview_answer")
    assert answer is not None
    faulty.play(f"text:{json.dumps({'text': 'As an AI, I do not eat.'})}", 'text:{"text": "Porridge, as always."}')
    shown = {k: "x" for k in answer.variables()}
    assert make_gateway().call(answer, shown).text == "Porridge, as always."
    assert ledger.rows()[0].outcome == Outcome.RETRIED


def test_a_line_said_again_word_for_word_is_refused(faulty, make_gateway, ledger):
    # The 0.5B said a line its prompt shows again in 7 of 64 captured prompts ("Morning, Priya." said by
    # Priya, after Morwenna's "Morning, Priya."): asked again; a line that echoes only in part is a reply.
    import json

    import aga.cognition.converse  # noqa: F401  (declares the task)
    from aga.cognition.answers import ShownLines, Utterance, says_again
    from aga.llm.tasks import get_task
    from benchmarks.scratch import shown_lines

    task = get_task("converse.utterance")
    conversation = "Bo Reyes: Morning, Ana.\nAna Lima: Morning! Rough sea today.\nBo Reyes: Aye, the nets are torn."
    shown = {
        "name": "Ana Lima", "other": "Bo Reyes", "identity": "Name: Ana Lima", "memories": "-",
        "past_context": "", "location": "the quay", "action": "mending nets", "other_action": "walking",
        "relation_phrase": "Bo Reyes is Ana Lima's friend", "relationship": "", "conversation": conversation,
    }  # fmt: skip
    facts = shown_lines(conversation)
    assert facts == ShownLines(("Morning, Ana.", "Morning! Rough sea today.", "Aye, the nets are torn."))
    said = [json.dumps({"utterance": u, "end": False}) for u in ("morning, ana", "Morning!  Rough sea, today.")]
    faulty.play(*(f"text:{s}" for s in said), 'text:{"utterance": "Torn again? I can help.", "end": false}')
    assert make_gateway().call(task, shown, facts=facts).utterance == "Torn again? I can help."
    row = ledger.rows()[0]
    assert row.outcome == Outcome.RETRIED and row.attempts == 3 and "word for word" in row.error
    # Every attempt a repeat: the fail-safe ends the talk.
    faulty.play(*(f"text:{said[0]}" for _ in range(3)))
    assert make_gateway().call(task, shown, facts=facts).end is True
    assert ledger.rows()[-1].outcome == Outcome.FAILSAFE
    # Kept: a partial echo, a first line, and any line when the call gives no shown lines.
    reply = Utterance(utterance="Morning, Bo. Aye, the nets are torn again.", end=False)
    assert says_again(reply, shown, facts) is None
    assert says_again(Utterance(utterance="Morning, Ana.", end=False), shown, shown_lines("[start it!]")) is None
    assert says_again(Utterance(utterance="Morning, Ana.", end=False), shown, None) is None


def test_a_refusal_check_that_fails_keeps_the_valid_answer(faulty, make_gateway, ledger):
    # A bug in a task's check must not crash a run: the answer stands, the failure is counted.
    from dataclasses import replace

    def broken(value, context, facts):
        raise KeyError("oops")

    faulty.play('text:{"rating": 6}')
    assert make_gateway().call(replace(RATE, refuse=broken), CTX).rating == 6
    assert ledger.rows()[0].outcome == Outcome.OK
