"""The scripted provider: the simulator (``aga.simulator``) served through litellm as ``scripted/<name>``.

The gateway knows its providers (``local``, ``scripted``); the simulator knows nothing of the gateway.

It is not a model and is labelled as a simulator wherever models are listed. It sees what a model
sees: the messages, the answer schema, and (as metadata from the gateway) the task's name and the
values the prompt shows; never the caller's context. A task with an answer routine in this package
is answered by it; any other task gets a schema-valid answer built from the prompt's phrases.

- Answers vary with a seeded RNG that also depends on a per-call nonce from the gateway, so identical
  situations do not produce identical text (an exact-string cache must not hit trivially), while a run
  with the same seed reproduces.
- Token usage is counted with a real tokenizer on the real prompt and answer text. ``scripted/<model>``
  counts with that model's tokenizer and is priced at that model's litellm prices ("scripted, priced as
  gpt-4o-mini"); ``scripted/default`` counts with the cl100k tokenizer and costs nothing.
"""

from __future__ import annotations

import hashlib
import json
import random
import re
from collections.abc import Callable, Mapping
from typing import Any

from aga.llm._litellm import litellm
from aga.llm.providers.response import fill, requested_schema
from aga.simulator import HOOKS, Prompt
from aga.simulator.paraphrase import utterance, vary

TOKENIZER_FALLBACK = "gpt-3.5-turbo"  # cl100k_base, bundled with litellm (no download)

# Called with every Prompt the simulator answers (and the answer): how ``aga bench realism`` samples the
# prompts of a real run to put them to other models, and how a test watches what the simulator reads.
Observer = Callable[[Prompt, Any], None]
observers: list[Observer] = []


def tokenizer_model(name: str) -> str:
    """The litellm model whose tokenizer counts tokens for ``scripted/<name>``."""
    return name if name in litellm.model_cost else TOKENIZER_FALLBACK


def _context_phrases(context: Mapping[str, Any]) -> list[str]:
    phrases: list[str] = []
    for value in context.values():
        if isinstance(value, str):
            phrases += [p.strip() for p in re.split(r"[\n.;]+", value) if 3 <= len(p.strip()) <= 160]
    return phrases


def _resolve(node: dict[str, Any], root: dict[str, Any]) -> dict[str, Any]:
    ref = node.get("$ref")
    if isinstance(ref, str) and ref.startswith("#/"):
        target: Any = root
        for part in ref[2:].split("/"):
            target = target[part]
        return _resolve(target, root)
    if "anyOf" in node:  # Optional[...] and unions: take the first non-null branch
        branches = [b for b in node["anyOf"] if b.get("type") != "null"]
        return _resolve(branches[0], root) if branches else {"type": "null"}
    return node


def synthesize(schema: dict[str, Any], rng: random.Random, context: Mapping[str, Any]) -> Any:
    """A value valid under ``schema`` (pydantic-style JSON schema), built from ``context`` phrases."""
    phrases = _context_phrases(context) or ["carry on with the day"]

    def build(node: dict[str, Any]) -> Any:
        node = _resolve(node, schema)
        if "enum" in node:
            return rng.choice(node["enum"])
        if "const" in node:
            return node["const"]
        kind = node.get("type")
        if kind == "object":
            props = node.get("properties", {})
            return {name: build(sub) for name, sub in props.items()}
        if kind == "array":
            lo = int(node.get("minItems", 1))
            hi = int(node.get("maxItems", max(lo, 3)))
            return [build(node.get("items", {"type": "string"})) for _ in range(rng.randint(lo, max(lo, hi)))]
        if kind == "integer":
            if "minimum" in node:
                lo = int(node["minimum"])
            else:
                lo = int(node["exclusiveMinimum"]) + 1 if "exclusiveMinimum" in node else 0
            if "maximum" in node:
                hi = int(node["maximum"])
            else:
                hi = int(node["exclusiveMaximum"]) - 1 if "exclusiveMaximum" in node else lo + 10
            return rng.randint(lo, max(lo, hi))
        if kind == "number":
            lo = float(node.get("minimum", 0.0))
            hi = float(node.get("maximum", lo + 1.0))
            return round(rng.uniform(lo, hi), 3)
        if kind == "boolean":
            return rng.random() < 0.5
        if kind == "null":
            return None
        text = vary(rng.choice(phrases), rng)
        max_len = node.get("maxLength")
        return text[: int(max_len)] if max_len else text

    return build(schema)


def free_text(prompt: str, context: Mapping[str, Any], rng: random.Random) -> str:
    """A short free-text answer built from the context (or the prompt's last line)."""
    phrases = _context_phrases(context)
    if not phrases:
        lines = [ln.strip() for ln in prompt.splitlines() if ln.strip()]
        phrases = [lines[-1] if lines else "nothing to add"]
    picked = rng.sample(phrases, k=min(len(phrases), rng.randint(1, 2)))
    return utterance(". ".join(picked).rstrip(".") + ".", rng)


def answer(
    model: str, messages: list[dict[str, Any]], meta: Mapping[str, Any], schema: dict[str, Any] | None
) -> tuple[str, int, int]:
    """(answer text, prompt tokens, completion tokens) of the simulator named ``model`` for ``messages``.

    ``meta`` is what the gateway tells a provider: the task's name, the values the prompt shows, the
    seed and the call's nonce. Also how the benchmarks' loopback server answers over HTTP.
    """
    task_name = str(meta.get("task", ""))
    shown: Mapping[str, str] = meta.get("shown") or {}
    prompt = "\n".join(str(m.get("content", "")) for m in messages)
    digest = hashlib.sha256(prompt.encode()).hexdigest()[:16]
    rng = random.Random(f"{meta.get('seed', 0)}|{task_name}|{meta.get('nonce', 0)}|{digest}")
    hook = HOOKS.get(task_name)
    if hook is not None:
        asked = Prompt(task=task_name, text=prompt, shown=shown, schema=schema, rng=rng)
        reply = hook(asked)
        for observe in observers:
            observe(asked, reply)
    elif schema is not None:
        reply = synthesize(schema, rng, shown)
    else:
        reply = free_text(prompt, shown, rng)
    text = reply if isinstance(reply, str) else json.dumps(reply, ensure_ascii=False)
    counter = tokenizer_model(model)
    prompt_tokens = litellm.token_counter(model=counter, messages=messages)
    completion_tokens = litellm.token_counter(model=counter, text=text, count_response_tokens=True)
    return text, prompt_tokens, completion_tokens


class ScriptedProvider(litellm.CustomLLM):
    """litellm custom provider that simulates answers deterministically."""

    def completion(
        self,
        model: str,
        messages: list,
        api_base: str,
        custom_prompt_dict: dict,
        model_response: Any,
        print_verbose: Any,
        encoding: Any,
        api_key: Any,
        logging_obj: Any,
        optional_params: dict,
        acompletion: Any = None,
        litellm_params: Any = None,
        logger_fn: Any = None,
        headers: Any = None,
        timeout: Any = None,
        client: Any = None,
    ) -> Any:
        meta = (litellm_params or {}).get("metadata") or {}
        _, schema = requested_schema(optional_params)
        text, prompt_tokens, completion_tokens = answer(model, messages, meta, schema)
        return fill(model_response, f"scripted/{model}", text, prompt_tokens, completion_tokens)
