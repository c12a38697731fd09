"""The LLM gateway: the only code in aga that sends a prompt to a language model.

``Gateway.call(task, context, agent=...)`` renders the task's template, asks for structured output
when the task has a schema, validates the answer into the task's pydantic type, applies the task's
deterministic repair, and records one ledger row. It never raises because of the model: transport
errors (rate limits, timeouts, server errors) are retried with exponential back-off and jitter, a
malformed or out-of-range answer is retried a bounded number of times, and after that the task's
declared fail-safe value is returned and counted. Only configuration errors (unknown model, bad key,
missing model file) raise :class:`LLMConfigError`, because no retry can fix them.

Cache hits from the policy store and other caches are recorded here too (:meth:`Gateway.record_cache_hit`),
so the ledger is the single account of what was spent and what was avoided.
"""

from __future__ import annotations

import hashlib
import logging
import os
import random
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import AbstractContextManager, contextmanager, nullcontext
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any, TypeVar

from pydantic import BaseModel

from aga.clock import Clock
from aga.concurrency import defer
from aga.llm._litellm import litellm
from aga.llm.errors import AnswerError, LLMConfigError, ModelUnavailable, StopRequested, TemplateError
from aga.llm.ledger import Ledger, LedgerRow, Outcome
from aga.llm.limits import RateLimiter
from aga.llm.metrics import Metrics
from aga.llm.routing import ModelRoute, check_model, cost_usd, count_prompt_tokens
from aga.llm.tasks import Choices, Task

T = TypeVar("T", bound=BaseModel)
R = TypeVar("R")


@dataclass
class _Branch:
    """One branch of a gather: the prefix of its calls' nonces and how many it has made."""

    prefix: str
    made: dict[str | None, int]  # calls made per agent by the gather's branches (shared by them)
    calls: int = 0


ROUTED = "aga-routed"  # the Router's name for the model's deployments

# Transient failures: worth waiting and retrying. The Router's "no deployment available" (every server
# cooling down after failures) is one: a deployment comes back when its cool-down ends.
RETRYABLE = (
    litellm.RouterRateLimitError,
    litellm.RateLimitError,
    litellm.Timeout,
    litellm.APIConnectionError,
    litellm.InternalServerError,
    litellm.ServiceUnavailableError,
)
# Failures no retry can fix: stop and tell the user.
FATAL = (litellm.AuthenticationError, litellm.PermissionDeniedError, litellm.NotFoundError)


@dataclass(frozen=True)
class RetryPolicy:
    """How often and how long to retry.

    Transport errors get more attempts and longer waits than malformed answers: a rate limit clears
    with time, while a model that answered badly twice is unlikely to do better on the fifth try.
    """

    transport_retries: int = 5
    answer_retries: int = 2
    base_delay_s: float = 1.0
    max_delay_s: float = 30.0
    answer_delay_s: float = 0.1

    def transport_delay(self, retry: int, rng: random.Random) -> float:
        """Full-jitter exponential back-off for the ``retry``-th retry (1-based)."""
        return rng.uniform(0, min(self.max_delay_s, self.base_delay_s * 2 ** (retry - 1)))


@dataclass(frozen=True)
class GatewayOptions:
    """How one invocation talks to its model: settings of the session, not of the run's identity.

    ``send_schema``: None sends the answer's JSON schema where litellm says the model takes one and to
    any server given by ``--api-base`` (vLLM, llama.cpp server, LM Studio, Ollama all follow schemas);
    False sends only JSON mode (for a server that rejects schemas); True always sends the schema.

    The circuit breaker: ``max_failed_calls`` calls in a row that never reached the model (every attempt
    a transport error), or a share of fail-safe answers of ``max_fallback_share`` or more over the last
    ``fallback_window`` calls, raise :class:`ModelUnavailable`. 0 turns either check off.

    ``should_stop`` is polled before every attempt and while waiting to retry: when it says so, the
    gateway raises :class:`StopRequested` instead of calling the model again.

    ``rpm`` and ``tpm`` cap requests and tokens per minute: a call waits for room before it is sent
    (:mod:`aga.llm.limits`), and the wait is counted as queueing. ``key_envs`` names environment
    variables holding several API keys of the same provider; with several keys or several servers
    (``api_base`` with commas) the gateway routes each request to one of them with litellm's Router,
    which rests a deployment that failed. Keys are read from the environment and never stored.

    ``send_call_metadata`` also puts the call's metadata (task, shown values, seed, nonce) into the
    request body as ``aga_call``: only for the benchmarks' loopback server, which answers with the
    simulator over HTTP; a real server has no use for it.
    """

    timeout_s: float = 120.0
    transport_retries: int = 5
    send_schema: bool | None = None
    max_failed_calls: int = 3
    fallback_window: int = 50
    max_fallback_share: float = 0.5
    max_retry_after_s: float = 120.0
    should_stop: Callable[[], bool] | None = None
    send_call_metadata: bool = False
    rpm: int | None = None
    tpm: int | None = None
    key_envs: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        # Checked here as well as in the CLI, so a library user gets the same sentence.
        if not (0 < self.timeout_s < float("inf")):
            raise ValueError(f"timeout {self.timeout_s!r} s: give a positive number of seconds, e.g. 120")
        if self.transport_retries < 0:
            raise ValueError(f"retries {self.transport_retries}: give 0 or more")
        for name, value in (("--rpm", self.rpm), ("--tpm", self.tpm)):
            if value is not None and value < 1:
                raise ValueError(f"{name} {value}: give 1 or more (or leave it out for no limit)")
        if self.max_failed_calls < 0 or self.fallback_window < 0:
            raise ValueError("the circuit breaker's counts must be 0 (off) or more")
        if not (0 <= self.max_fallback_share <= 1):
            raise ValueError(f"fall-back share {self.max_fallback_share!r}: give a fraction from 0 (off) to 1")


def call_seed(seed: int, nonce: int | str, attempt: int) -> int:
    """The sampling seed of one attempt at one call (32-bit: servers take no more)."""
    digest = hashlib.blake2b(f"{seed}|{nonce}|{attempt}".encode(), digest_size=4).digest()
    return int.from_bytes(digest, "big") % 2**31


@dataclass
class Tally:
    """What a block of calls spent: per task [prompt tokens, completion tokens, cost], and fail-safes."""

    tasks: dict[str, list[float]] = field(default_factory=dict)
    failsafes: int = 0

    def add(self, task: str, prompt: int, completion: int, cost: float) -> None:
        """Add one call's spending."""
        entry = self.tasks.setdefault(task, [0, 0, 0.0])
        entry[0] += prompt
        entry[1] += completion
        entry[2] += cost


@dataclass
class _Attempts:
    """What the attempts at one call cost, failed ones included."""

    count: int = 0
    transport_failures: int = 0
    answer_failures: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cost: float = 0.0
    model_s: float = 0.0
    queue_s: float = 0.0
    last_error: str | None = None


class Gateway:
    """Routes every task of a run to one model and accounts for it in a ledger.

    Args:
        model: a model string (see :mod:`aga.llm.routing`); checked at construction.
        ledger: where rows go; its ``run_id`` tags them.
        metrics: Prometheus metrics to update (optional).
        clock: the simulated clock, for the ``sim_time`` of each row (optional).
        seed: seed of sampling and back-off jitter; the scripted simulator's answers depend on it.
        api_base: server URL for OpenAI-compatible or self-hosted models.
        timeout_s: per-request timeout (``options.timeout_s`` when options are given).
        retry: retry policy.
        sleep: how to wait between retries (tests pass a fake).
        options: timeout, retries, schema sending, circuit breaker and stop request (see
            :class:`GatewayOptions`).
    """

    def __init__(
        self,
        model: str,
        *,
        ledger: Ledger,
        metrics: Metrics | None = None,
        clock: Clock | None = None,
        seed: int = 0,
        api_base: str | None = None,
        timeout_s: float = 120.0,
        retry: RetryPolicy | None = None,
        sleep: Callable[[float], None] = time.sleep,
        options: GatewayOptions | None = None,
    ) -> None:
        self.route: ModelRoute = check_model(model, api_base, keyed=bool(options and options.key_envs))
        self.ledger = ledger
        self.metrics = metrics
        self.clock = clock
        self.seed = seed
        self.options = options or GatewayOptions(timeout_s=timeout_s)
        self.timeout_s = self.options.timeout_s
        self.retry = retry or RetryPolicy(transport_retries=self.options.transport_retries)
        self._sleep = sleep
        # The circuit breaker's memory: calls in a row that never reached the model, recent fall-backs.
        self._unreached = 0
        self._recent: deque[bool] = deque(maxlen=max(1, self.options.fallback_window))
        self._rng = random.Random(seed)
        # The nonce makes the simulator's answers differ between calls with the same prompt; starting
        # from the ledger's row count keeps a resumed run from replaying the answers it already had.
        self._nonce = ledger.count()
        self._unpriced_warned = False
        # Running totals for progress display and budgets; the ledger stays the account of record.
        overall = ledger.totals()[0]
        self.spent_tokens = overall.total_tokens
        self.spent_usd = overall.cost_usd
        self.llm_calls = overall.llm_calls
        self.cache_hits = overall.cache_hits
        self.failsafes = 0
        # Tallies are per thread (a context variable, so that a gather's branches, which run in other
        # threads with a copy of their caller's context, count toward their caller's tallies): agents
        # thinking at the same time each count their own calls.
        self._tallies_var: ContextVar[tuple[Tally, ...]] = ContextVar(f"aga_tallies_{id(self)}", default=())
        # The branch of a gather the calling context runs in (see ``branching``), if any.
        self._branch: ContextVar[_Branch | None] = ContextVar(f"aga_branch_{id(self)}", default=None)
        # Per-agent nonces (a phased run sets this, see ``per_agent_nonces``): each agent's calls are
        # numbered in its own sequence, so the simulator's answers do not depend on which agent's call
        # reached the gateway first.
        self._agent_nonces: dict[str | None, int] | None = None
        self._nonce_guard = threading.Lock()  # branches of one gather number their calls from several threads
        # What to wrap around a request and a back-off wait: a phased run gives up its town lock there
        # (see aga.concurrency), so other agents think while this one waits on the model.
        self.outside: Callable[[], AbstractContextManager[Any]] = nullcontext
        self._limiter = (
            RateLimiter(self.options.rpm, self.options.tpm) if self.options.rpm or self.options.tpm else None
        )
        self._router, self._single_key = self._deployments()

    def _deployments(self) -> tuple[Any, str | None]:
        """(litellm's Router over every (server, key) of the model when there is more than one, else
        None; the one key given by ``--api-key-env``, if exactly one)."""
        keys: list[str | None] = []
        for name in self.options.key_envs:
            value = os.environ.get(name)
            if not value:
                raise LLMConfigError(f"--api-key-env {name}: the environment has no {name}; export it first")
            keys.append(value)
        bases: list[str | None] = list(self.route.api_bases) or [None]
        keys = keys or [None]
        if len(bases) * len(keys) < 2:
            return None, keys[0]
        deployments = [
            {
                "model_name": ROUTED,
                "litellm_params": {
                    "model": self.route.model,
                    **({"api_base": base} if base else {}),
                    **({"api_key": key} if key else {}),
                },
            }
            for base in bases
            for key in keys
        ]
        # Retries stay ours (every attempt counted in the ledger); the Router only picks a deployment
        # and rests one after a failure, so a dead server stops receiving requests for a while.
        router = litellm.Router(
            model_list=deployments, num_retries=0, allowed_fails=1, cooldown_time=30, timeout=self.timeout_s
        )
        return router, None

    def nonces(self) -> dict[str, Any]:
        """Where the calls' numbering stands, for a checkpoint (see ``restore_nonces``)."""
        with self._nonce_guard:
            agents = None if self._agent_nonces is None else [[a, n] for a, n in self._agent_nonces.items()]
            return {"nonce": self._nonce, "agents": agents}

    def restore_nonces(self, saved: dict[str, Any]) -> None:
        """Number the next calls as the checkpoint that saved ``saved`` would have: a run resumed after
        a kill then asks with the same seeds as one that never stopped, not ones shifted by the calls
        of the steps it lost (those are replayed, and get the answers they got the first time)."""
        with self._nonce_guard:
            self._nonce = int(saved["nonce"])
            if saved.get("agents") is not None and self._agent_nonces is not None:
                self._agent_nonces = {a: int(n) for a, n in saved["agents"]}

    def per_agent_nonces(self) -> None:
        """Number each agent's calls in its own sequence (continuing from the ledger's rows of that
        agent, so that a resumed run does not replay the answers it had)."""
        self._agent_nonces = self.ledger.count_by_agent()

    @contextmanager
    def branching(self, agent: str | None, n: int) -> Iterator[list[_Branch]]:
        """Number the calls of ``n`` branches of a gather (see :func:`aga.concurrency.gather`), each in a
        sequence of its own, so that a branch's nonces do not depend on when the other branches call.

        The branches' prefix is ``agent``'s count of nonces so far (or the enclosing branch's next number); when
        the gather is over, each agent's sequence moves on by the calls its branches made for it, as if
        they had been made one after another (a resumed run, which numbers on from the ledger's rows,
        then goes on with the nonces an uninterrupted run would have used).
        """
        parent = self._branch.get()
        if parent is not None:
            parent.calls += 1
            yield [_Branch(f"{parent.prefix}.{parent.calls}+{i}", parent.made) for i in range(n)]
            return
        with self._nonce_guard:
            at = self._nonce if self._agent_nonces is None else self._agent_nonces.get(agent, 0)
        made: dict[str | None, int] = {}
        try:
            yield [_Branch(f"{agent or '-'}#{at}+{i}", made) for i in range(n)]
        finally:
            with self._nonce_guard:
                if self._agent_nonces is None:
                    self._nonce += max(1, sum(made.values()))
                else:
                    for who, count in made.items():
                        self._agent_nonces[who] = self._agent_nonces.get(who, 0) + count
                    if not made.get(agent):  # the prefix is taken even when no call was made for agent
                        self._agent_nonces[agent] = self._agent_nonces.get(agent, 0) + 1

    @contextmanager
    def numbered(self, *key: Any) -> Iterator[None]:
        """Number the calls made inside the block from ``key`` alone (``key.1``, ``key.2``, ...), not from
        the calls made before it: for work kept in units (an evaluation's answers, a household's day) that
        a resumed process redoes only in part, whose answers must not depend on what was done, or
        abandoned, before them. Calls made in another thread inherit the numbering only with its context.
        """
        digest = hashlib.blake2b("\x1f".join(map(str, key)).encode(), digest_size=8).hexdigest()
        # A branch of its own (its rows are written at once outside a phase's job, see ``defer``).
        token = self._branch.set(_Branch(f"k{digest}", {}))
        try:
            yield
        finally:
            self._branch.reset(token)

    def in_branch(self, branch: _Branch, fn: Callable[[], R]) -> R:
        """Run ``fn`` as ``branch``: its calls take their nonces from the branch, and their ledger rows
        are deferred to the end of the gather (written in the branches' order, not as answers came)."""
        token = self._branch.set(branch)
        try:
            return fn()
        finally:
            self._branch.reset(token)

    # ------------------------------------------------------------------ calls
    @contextmanager
    def tally(self) -> Iterator[Tally]:
        """Collect what the calls made inside the block spend, per task (for caches to remember)."""
        tally = Tally()
        token = self._tallies_var.set((*self._tallies_var.get(), tally))
        try:
            yield tally
        finally:
            self._tallies_var.reset(token)

    def call(
        self,
        task: Task[T],
        context: Mapping[str, Any],
        *,
        agent: str | None = None,
        facts: Any = None,
        repair: Callable[[T], T] | None = None,
        choices: Choices | None = None,
    ) -> T:
        """Answer ``task`` for ``context``; always returns a value of the task's type.

        ``context`` holds the template's variables; only the values the prompt shows are sent.
        ``facts`` is the typed object the task's fail-safe and repair read (see :class:`Task`).
        ``repair`` is applied after the task's own repair; it is for fix-ups that need the caller's
        state (mapping an unknown place to the nearest known one by embedding).
        ``choices`` narrows answer fields to the options the prompt lists (see :meth:`Task.json_schema`);
        every option must appear in the prompt's text, since the schema is part of what the model reads.
        """
        prompt = task.render(context)
        messages = [{"role": "user", "content": prompt}]
        for name, options in (choices or {}).items():
            unseen = [str(o) for o in options if str(o) not in prompt]
            if unseen:
                raise TemplateError(
                    f"task '{task.name}' offers {', '.join(map(repr, unseen[:3]))} for {name!r}, which its prompt "
                    "does not show; list every choice in the prompt"
                )
        response_format = self._response_format(task, choices)
        state = _Attempts()
        started = time.perf_counter()
        if len(prompt) > task.max_prompt_chars:
            # Never sent: a prompt this long comes from runaway input (a huge persona text), and would
            # cost a fortune on every call. Counted as a fail-safe, so the circuit breaker sees it too.
            state.last_error = (
                f"PromptTooLong: {len(prompt):,} characters, over the limit of {task.max_prompt_chars:,} for "
                f"{task.name}; shorten the scenario's texts"
            )
            return self._failsafe(task, context, facts, agent, state, started)
        try:
            while True:
                self._check_stop()
                state.count += 1
                try:
                    response = self._send(task, messages, context, response_format, state, agent)
                except FATAL as exc:
                    self._count_failure(task, exc)
                    self._record(task, agent, state, Outcome.FAILSAFE, started, error=_describe(exc))
                    raise LLMConfigError(
                        f"{self.route.model} refused the request ({type(exc).__name__}): {_short(exc)}; "
                        "check the API key, the model name and your access to it"
                    ) from exc
                except RETRYABLE as exc:
                    self._count_failure(task, exc)
                    state.transport_failures += 1
                    state.last_error = _describe(exc)
                    if state.transport_failures > self.retry.transport_retries:
                        return self._failsafe(task, context, facts, agent, state, started, unreached=True)
                    self._wait(self._transport_delay(exc, state.transport_failures))
                    continue
                except Exception as exc:  # bad request, context window exceeded, provider bug: not retryable
                    self._count_failure(task, exc)
                    state.last_error = _describe(exc)
                    return self._failsafe(task, context, facts, agent, state, started)

                self._account(task, response, state)
                text = response.choices[0].message.content or ""
                try:
                    value = task.parse(text)
                    reason = self._refusal(task, value, context, facts)
                    if reason:
                        raise AnswerError(f"answer of '{task.name}' refused: {reason}")
                except AnswerError as exc:
                    self._count_failure(task, exc)
                    state.answer_failures += 1
                    state.last_error = f"AnswerError: {exc}"
                    if state.answer_failures > self.retry.answer_retries:
                        return self._failsafe(task, context, facts, agent, state, started)
                    self._wait(self.retry.answer_delay_s * state.answer_failures)
                    continue

                repaired = False
                before = value
                fixes: list[Callable[[T], T]] = []
                if task.repair is not None:
                    fixes.append(lambda v, fix=task.repair: fix(v, context, facts))
                if repair is not None:
                    fixes.append(repair)
                for fix in fixes:
                    try:
                        fixed = fix(value)
                    except Exception as exc:  # a repair bug must not crash the run: keep the valid answer
                        self._count_failure(task, exc)
                        logging.getLogger("aga.llm").warning("repair of %s failed: %s", task.name, _describe(exc))
                        continue
                    repaired = repaired or fixed != value
                    value = fixed
                if repaired and self.metrics:
                    self.metrics.repaired.labels(task=task.name).inc()
                outcome = Outcome.OK if state.count == 1 else Outcome.RETRIED
                # A retried call keeps the error its failed attempts met, for `aga ledger --errors`.
                self._record(
                    task,
                    agent,
                    state,
                    outcome,
                    started,
                    repaired=repaired,
                    repair=_changes(before, value) if repaired else None,
                    error=state.last_error,
                )
                self._unreached = 0
                self._recent.append(False)
                return value
        except StopRequested:
            if state.count:  # attempts were made (and may have cost tokens): account for them
                self._record(
                    task, agent, state, Outcome.FAILSAFE, started, error="StopRequested: stopped during this call"
                )
            raise

    def _refusal(self, task: Task[T], value: T, context: Mapping[str, Any], facts: Any) -> str | None:
        """The task's reason to refuse a valid answer for this call, if any (see :class:`Task`)."""
        if task.refuse is None:
            return None
        try:
            return task.refuse(value, context, facts)
        except Exception as exc:  # a check's bug must not crash the run: the valid answer is kept
            self._count_failure(task, exc)
            logging.getLogger("aga.llm").warning("refusal check of %s failed: %s", task.name, _describe(exc))
            return None

    def record_cache_hit(
        self,
        task: Task[Any] | str,
        *,
        kind: str,
        agent: str | None = None,
        similarity: float | None = None,
        prompt: str | None = None,
        saved: Sequence[float] | None = None,
        decision: bool = True,
    ) -> LedgerRow:
        """Record that a cache answered instead of the LLM, with the tokens it avoided.

        ``saved`` is (prompt tokens, completion tokens, cost) when the cache knows what the answer
        cost when it was asked for; otherwise the task's recent per-call average in the ledger is
        used, and when the task has no history yet, the prompt (if given) is counted. A hit avoiding
        several calls records one row per call, with ``decision`` true on the first only.
        """
        name = task if isinstance(task, str) else task.name
        module = name.split(".", 1)[0] if isinstance(task, str) else task.module
        estimate = tuple(saved[:3]) if saved is not None and len(saved) >= 3 else self.ledger.recent_average(name)
        if estimate is not None:
            saved_prompt, saved_completion, saved_cost = estimate
        else:
            saved_prompt = count_prompt_tokens(self.route, prompt) if prompt else 0
            saved_completion = 0
            saved_cost = cost_usd(self.route, saved_prompt, 0) or 0.0
        row = LedgerRow(
            run_id=self.ledger.run_id,
            sim_time=self.clock.now() if self.clock else None,
            agent=agent,
            module=module,
            task=name,
            model=self.route.model,
            provider=self.route.provider,
            outcome=Outcome.CACHE_HIT.value,
            attempts=0,
            cache_kind=kind,
            similarity=similarity,
            saved_prompt_tokens=round(saved_prompt),
            saved_completion_tokens=round(saved_completion),
            saved_cost_usd=saved_cost,
        )
        if self.metrics:
            self.metrics.cache(
                kind, hit=True, tokens_saved=row.saved_prompt_tokens + row.saved_completion_tokens, decision=decision
            )
        self.cache_hits += 1
        return self._write(row)

    def record_cache_miss(self, kind: str) -> None:
        """Count a cache miss (the LLM call that follows is recorded by :meth:`call`)."""
        if self.metrics:
            self.metrics.cache(kind, hit=False)

    # --------------------------------------------------------------- helpers
    def _check_stop(self) -> None:
        if self.options.should_stop is not None and self.options.should_stop():
            raise StopRequested("stop requested between two model calls")

    def _wait(self, seconds: float) -> None:
        """Sleep before a retry; in short slices when a stop request can come, so it is honoured while
        waiting (a 30 s back-off or a server's Retry-After would otherwise hold a Ctrl-C that long)."""
        with self.outside():
            if self.options.should_stop is None:
                self._sleep(seconds)
                return
            left = seconds
            while left > 0:
                self._check_stop()
                chunk = min(left, 0.25)
                self._sleep(chunk)
                left -= chunk
            self._check_stop()

    def _transport_delay(self, exc: BaseException, retry: int) -> float:
        """The back-off, or what the server's ``Retry-After`` asks for when that is longer (capped)."""
        delay = self.retry.transport_delay(retry, self._rng)
        asked = _retry_after(exc)
        if asked is not None and asked > 0:
            delay = max(delay, min(asked, self.options.max_retry_after_s))
        return delay

    def _response_format(self, task: Task[Any], choices: Choices | None = None) -> dict[str, Any] | None:
        schema = task.json_schema(choices)
        if schema is None:
            return None
        as_schema = {"type": "json_schema", "json_schema": {"name": task.name.replace(".", "_"), "schema": schema}}
        send = self.options.send_schema
        if self.route.provider in {"local", "scripted"} or send is True:
            return as_schema
        if send is None and self.route.api_base:
            # A self-hosted OpenAI-compatible server is unknown to litellm, so litellm cannot say whether it
            # takes schemas; the common ones do (vLLM, llama.cpp server, LM Studio, Ollama), and without the
            # schema a small model rarely finds the format. --no-schema is the switch for one that refuses.
            return as_schema
        try:
            if litellm.supports_response_schema(model=self.route.model, custom_llm_provider=self.route.provider):
                return as_schema
            supported = (
                litellm.get_supported_openai_params(model=self.route.name, custom_llm_provider=self.route.provider)
                or []
            )
        except Exception:
            supported = []
        # Without schema support, JSON mode where available; the template always spells out the format.
        if "response_format" in supported or (send is False and self.route.api_base):
            return {"type": "json_object"}
        return None

    def _next_nonce(self, agent: str | None) -> int | str:
        branch = self._branch.get()
        if branch is not None:
            branch.calls += 1
            with self._nonce_guard:
                branch.made[agent] = branch.made.get(agent, 0) + 1
            return f"{agent or '-'}@{branch.prefix}.{branch.calls}"
        with self._nonce_guard:
            if self._agent_nonces is None:
                self._nonce += 1
                return self._nonce
            n = self._agent_nonces.get(agent, 0) + 1
            self._agent_nonces[agent] = n
        return f"{agent or '-'}#{n}"

    def _send(
        self,
        task: Task[Any],
        messages: list[dict[str, str]],
        context: Mapping[str, Any],
        response_format: dict[str, Any] | None,
        state: _Attempts,
        agent: str | None = None,
    ) -> Any:
        attempt = state.count
        nonce = self._next_nonce(agent)
        kwargs: dict[str, Any] = {
            "model": self.route.model,
            "messages": messages,
            "max_tokens": task.max_tokens,
            "temperature": task.temperature,
            # A seed per call and attempt, drawn from the run's seed: the run is reproducible, yet the same
            # prompt asked twice (the same day plan on two mornings) is sampled anew, as a model at this
            # temperature would; one seed for every call made each repeated prompt an exact repeat, which
            # flattered every cache. A retry samples anew too (the same seed gives the same bad answer).
            "seed": call_seed(self.seed, nonce, attempt),
            "timeout": self.timeout_s,
            "num_retries": 0,  # retries are ours, so that every attempt is counted
            "drop_params": True,
            # What a provider may read besides the messages: the task's name, the values the prompt shows
            # (the scripted simulator parses those instead of the text), the seed and a per-call nonce.
            "metadata": {"task": task.name, "shown": task.shown(context), "seed": self.seed, "nonce": nonce},
        }
        if response_format is not None:
            kwargs["response_format"] = response_format
        if self.options.send_call_metadata:
            kwargs["extra_body"] = {"aga_call": kwargs["metadata"]}
        if self._single_key:
            kwargs["api_key"] = self._single_key
        send = litellm.completion
        if self._router is not None:
            kwargs["model"] = ROUTED
            send = self._router.completion
        elif self.route.api_base:
            kwargs["api_base"] = self.route.api_base
        # The model's latency is timed inside the block: taking the town lock back after the answer
        # (other agents may be thinking) is waiting on the town, not on the model.
        took = 0.0
        left = time.perf_counter()
        reservation = None
        try:
            with self.outside():
                if self._limiter is not None:
                    estimate = sum(len(m["content"]) for m in messages) // 4 + task.max_tokens
                    # Waiting for room in the minute's budget counts as queueing (below), not as the model.
                    reservation, _ = self._limiter.acquire(estimate, check=self._check_stop)
                began = time.perf_counter()
                try:
                    response = send(**kwargs)
                finally:
                    took = time.perf_counter() - began
        except Exception:
            self._observe_request(task, "failure", took, time.perf_counter() - left - took, state)
            raise
        self._observe_request(task, "success", took, time.perf_counter() - left - took, state)
        if reservation is not None and self._limiter is not None:
            usage = getattr(response, "usage", None)
            used = int(getattr(usage, "prompt_tokens", 0) or 0) + int(getattr(usage, "completion_tokens", 0) or 0)
            self._limiter.settle(reservation, used or reservation.tokens)
        return response

    def _observe_request(self, task: Task[Any], status: str, seconds: float, queued: float, state: _Attempts) -> None:
        state.model_s += seconds
        state.queue_s += queued
        if not self.metrics:
            return
        r = self.route
        self.metrics.queue.labels(model=r.model, provider=r.provider).observe(queued)
        self.metrics.requests.labels(
            model=r.model, provider=r.provider, task=task.name, module=task.module, status=status
        ).inc()
        self.metrics.latency.labels(model=r.model, provider=r.provider, task=task.name).observe(seconds)

    def _account(self, task: Task[Any], response: Any, state: _Attempts) -> None:
        usage = getattr(response, "usage", None)
        prompt_tokens = int(getattr(usage, "prompt_tokens", 0) or 0)
        completion_tokens = int(getattr(usage, "completion_tokens", 0) or 0)
        cost = cost_usd(self.route, prompt_tokens, completion_tokens)
        if cost is None:
            cost = 0.0
            if not self._unpriced_warned:
                self._unpriced_warned = True
                logging.getLogger("aga.llm").warning(
                    "litellm has no price for %s; its cost is recorded as 0", self.route.model
                )
        state.prompt_tokens += prompt_tokens
        state.completion_tokens += completion_tokens
        state.cost += cost
        if self.metrics:
            labels = {
                "model": self.route.model,
                "provider": self.route.provider,
                "task": task.name,
                "module": task.module,
            }
            self.metrics.input_tokens.labels(**labels).inc(prompt_tokens)
            self.metrics.output_tokens.labels(**labels).inc(completion_tokens)
            self.metrics.spend.labels(**labels).inc(cost)

    def _count_failure(self, task: Task[Any], exc: BaseException) -> None:
        if self.metrics:
            self.metrics.failures.labels(
                model=self.route.model, provider=self.route.provider, task=task.name, exception_class=type(exc).__name__
            ).inc()

    def _failsafe(
        self,
        task: Task[T],
        context: Mapping[str, Any],
        facts: Any,
        agent: str | None,
        state: _Attempts,
        started: float,
        *,
        unreached: bool = False,
    ) -> T:
        if self.metrics:
            self.metrics.failsafes.labels(task=task.name, module=task.module).inc()
        self.failsafes += 1
        for tally in self._tallies_var.get():
            tally.failsafes += 1
        self._record(task, agent, state, Outcome.FAILSAFE, started, error=state.last_error)
        self._unreached = self._unreached + 1 if unreached else 0
        self._recent.append(True)
        self._trip(state.last_error)
        return task.failsafe_value(context, facts)

    def _trip(self, last_error: str | None) -> None:
        """Raise :class:`ModelUnavailable` when the circuit breaker's limits are reached."""
        o = self.options
        where = f"{self.route.model}" + (f" at {self.route.api_base}" if self.route.api_base else "")
        error = f" (last error: {last_error})" if last_error else ""
        if o.max_failed_calls and self._unreached >= o.max_failed_calls:
            tries = self.retry.transport_retries + 1
            each = "each tried once" if tries == 1 else f"each tried {tries} times"
            raise ModelUnavailable(
                f"{where} did not answer {self._unreached} calls in a row, {each}{error}; "
                "is the server running and reachable?"
            )
        fallen = sum(self._recent)
        full = bool(o.fallback_window) and len(self._recent) == o.fallback_window
        if o.max_fallback_share and full and fallen >= o.max_fallback_share * o.fallback_window:
            raise ModelUnavailable(
                f"{fallen} of the last {o.fallback_window} calls to {where} ended in fail-safe answers{error}; "
                "see `aga ledger RUN --errors` for what went wrong"
            )

    def _record(
        self,
        task: Task[Any],
        agent: str | None,
        state: _Attempts,
        outcome: Outcome,
        started: float,
        *,
        repaired: bool = False,
        repair: str | None = None,
        error: str | None = None,
    ) -> LedgerRow:
        self.spent_tokens += state.prompt_tokens + state.completion_tokens
        self.spent_usd += state.cost
        self.llm_calls += 1
        for tally in self._tallies_var.get():
            tally.add(task.name, state.prompt_tokens, state.completion_tokens, state.cost)
        row = LedgerRow(
            run_id=self.ledger.run_id,
            sim_time=self.clock.now() if self.clock else None,
            agent=agent,
            module=task.module,
            task=task.name,
            model=self.route.model,
            provider=self.route.provider,
            outcome=outcome.value,
            attempts=state.count,
            prompt_tokens=state.prompt_tokens,
            completion_tokens=state.completion_tokens,
            cost_usd=state.cost,
            latency_s=time.perf_counter() - started,
            model_s=state.model_s,
            queue_s=state.queue_s,
            repaired=repaired,
            repair=repair[:500] if repair else None,
            error=error[:500] if error else None,
            # False, not None: no resume ever flags it (see Ledger.mark_replayed).
            replayed=False if task.between_steps else None,
        )
        return self._write(row)

    def _write(self, row: LedgerRow) -> LedgerRow:
        """Commit ``row`` now or, in a gather's branch, once every branch has finished, in their order."""
        if self._branch.get() is not None:
            defer(lambda: self.ledger.record(row))
            return row
        return self.ledger.record(row)


def _retry_after(exc: BaseException) -> float | None:
    """Seconds the server's ``Retry-After`` header asks to wait, if it sent one."""
    headers = getattr(exc, "litellm_response_headers", None) or getattr(getattr(exc, "response", None), "headers", None)
    if not headers:
        return None
    try:
        seconds = litellm.utils._get_retry_after_from_exception_header(headers)
    except Exception:
        return None
    return float(seconds) if seconds is not None and seconds >= 0 else None


def _short(exc: BaseException) -> str:
    return str(exc).strip().splitlines()[0][:200] if str(exc).strip() else type(exc).__name__


def _describe(exc: BaseException) -> str:
    return f"{type(exc).__name__}: {_short(exc)}"


def _changes(before: Any, after: Any) -> str:
    """What a repair changed, field by field ("choice: 'Line 3' -> 'Tamang House Line 3'"); the whole
    values where they are not typed answers. Long values are cut: the ledger keeps a note, not a copy."""

    def short(value: Any) -> str:
        text = repr(value)
        return text if len(text) <= 120 else text[:117] + "..."

    if isinstance(before, BaseModel) and isinstance(after, BaseModel):
        old, new = before.model_dump(), after.model_dump()
        changed = [f"{k}: {short(old.get(k))} -> {short(new.get(k))}" for k in new if old.get(k) != new.get(k)]
        return "; ".join(changed) or "(same fields)"
    return f"{short(before)} -> {short(after)}"
