"""The embedded local LLM: llama.cpp in-process, as the litellm custom provider ``local/...``.

``local/<name>`` names a model of :mod:`aga.llm.local_models`; ``local//abs/path/model.gguf`` loads
any GGUF file. Each model is loaded once per process and kept: llama.cpp then re-uses its KV cache for
the prefix a new prompt shares with the previous one, and a RAM cache of recent prompt states lets
prompts that alternate (agents taking turns, each with its identity block and each task's few-shot
text) re-use theirs as well: the state whose tokens share the longest prefix with the new prompt is
loaded, and only the rest is evaluated.

The states are kept without their logits. llama-cpp-python copies the whole logits buffer into every
saved state (n_batch x vocabulary floats: 311 MB for Qwen2.5), so a 1 GB cache held two states and
each save copied 311 MB; the KV state itself is ~12 KB a token for the 0.5B model (~28 KB for the
1.5B), so the same gigabyte holds a hundred prompts' states. The logits are never needed: llama.cpp
evaluates at least the prompt's last token again after loading a state (``Llama.generate``), which
gives fresh ones. ``AGA_LLM_STATE_CACHE_MB`` sets the cache's size (0: none; ``full``: llama-cpp-python's
own states, logits included, for comparison). :data:`STATS` counts prompt tokens and the tokens
llama.cpp actually evaluated.
"""

from __future__ import annotations

import atexit
import copy
import os
import threading
from pathlib import Path
from typing import Any

from aga.config import llm_threads
from aga.llm import local_models
from aga.llm._litellm import litellm
from aga.llm.errors import LLMConfigError
from aga.llm.providers.response import fill, requested_schema

_RAM_CACHE_BYTES = 1024 * 1024 * 1024
STATE_CACHE_ENV = "AGA_LLM_STATE_CACHE_MB"
# Counted over the process: prompt tokens asked for, tokens llama.cpp evaluated (prompt tokens it could
# not take from a kept state, plus the generated ones), and the calls.
STATS = {"calls": 0, "prompt_tokens": 0, "evaluated_tokens": 0, "completion_tokens": 0}
# Integer ranges up to this size become enums, because llama.cpp's JSON-schema grammar does not
# enforce minimum/maximum (measured: the 1.5B model answered 11 for a 1-10 rating).
_MAX_ENUM_RANGE = 101
# llama.cpp expands a string's maxLength into that many repeated grammar rules and refuses (then
# aborts the process) beyond a few hundred; longer limits are left to pydantic validation after the
# answer, and the task's max_tokens bounds the generation anyway. Found by a 0.5B-model run dying on
# a 2000-character text field.
_MAX_GRAMMAR_STRING = 200


def grammar_schema(schema: dict[str, Any]) -> dict[str, Any]:
    """A copy of ``schema`` that llama.cpp's grammar can enforce: bounded integers become enums, long
    string limits are dropped (validated after parsing instead)."""
    schema = copy.deepcopy(schema)

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            lo, hi = node.get("minimum"), node.get("maximum")
            bounded = node.get("type") == "integer" and isinstance(lo, int) and isinstance(hi, int)
            if bounded and 0 <= hi - lo < _MAX_ENUM_RANGE:
                for key in ("type", "minimum", "maximum"):
                    node.pop(key)
                node["enum"] = list(range(lo, hi + 1))
            if node.get("type") == "string" and int(node.get("maxLength", 0)) > _MAX_GRAMMAR_STRING:
                node.pop("maxLength")
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(schema)
    return schema


def resolve_model_path(name: str) -> tuple[Path, int]:
    """Path and context size of ``local/<name>``, checked; raises :class:`LLMConfigError`."""
    if name.endswith(".gguf"):
        path = Path(name)
        if not path.is_file():
            raise LLMConfigError(f"no GGUF file at {path}; give an existing path or a name from `aga models`")
        return path, 4096
    model = local_models.get(name)
    return local_models.verify(model), model.n_ctx


def _state_cache(capacity_bytes: int) -> Any:
    """llama-cpp-python's RAM prompt cache, counting what its entries really hold.

    Its ``cache_size`` sums only the C state (mostly the KV cache), but every entry also keeps a copy
    of the logits buffer (n_batch x vocabulary floats: 311 MB for Qwen2.5's 152k-token vocabulary).
    With the 0.5B model's small KV cache it kept some 60 entries "within" 512 MB and grew past 20 GB
    until the kernel killed the run; counted honestly, 512 MB holds one or two.
    """
    from llama_cpp import LlamaRAMCache

    class HonestRAMCache(LlamaRAMCache):
        @property
        def cache_size(self) -> int:
            return sum(s.llama_state_size + s.scores.nbytes + s.input_ids.nbytes for s in self.cache_state.values())

    return HonestRAMCache(capacity_bytes=capacity_bytes)


def _cache_setting() -> tuple[str, int]:
    """("trimmed" | "full" | "none", capacity in bytes) from ``AGA_LLM_STATE_CACHE_MB``."""
    raw = os.environ.get(STATE_CACHE_ENV, "").strip().lower()
    if raw in ("", "trimmed"):
        return "trimmed", _RAM_CACHE_BYTES
    if raw == "full":
        return "full", _RAM_CACHE_BYTES
    if not raw.isdigit():
        raise LLMConfigError(f"{STATE_CACHE_ENV}={raw!r}: give megabytes (0 for no cache), 'trimmed' or 'full'")
    return ("trimmed", int(raw) * 1024 * 1024) if int(raw) else ("none", 0)


def _keep_without_logits(llama: Any) -> None:
    """Make ``llama`` save its states without the logits buffer (see the module's docstring)."""
    import numpy as np
    from llama_cpp.llama import LlamaState

    save = llama.save_state

    def save_state() -> Any:
        # llama-cpp-python's save copies the logits before we could drop them, so the KV state is read
        # here directly; one row of zero logits keeps load_state's broadcasting assignment valid.
        import ctypes

        import llama_cpp

        if llama._logits_all:  # every position's logits are part of the state then
            return save()
        size = llama_cpp.llama_state_get_size(llama._ctx.ctx)
        buffer = (ctypes.c_uint8 * int(size))()
        written = int(llama_cpp.llama_state_get_data(llama._ctx.ctx, buffer, size))
        return LlamaState(
            input_ids=llama.input_ids.copy(),
            scores=np.zeros((1, llama.n_vocab()), dtype=np.single),
            n_tokens=llama.n_tokens,
            llama_state=bytes(buffer)[:written],
            llama_state_size=written,
            seed=llama._seed,
        )

    llama.save_state = save_state


def _count_evaluated(llama: Any) -> None:
    """Count the tokens ``llama`` evaluates (what a kept state spares is the difference)."""
    evaluate = llama.eval

    def counted(tokens: Any) -> None:
        STATS["evaluated_tokens"] += len(tokens)
        evaluate(tokens)

    llama.eval = counted


class LocalLlamaProvider(litellm.CustomLLM):
    """litellm custom provider running GGUF models with llama-cpp-python."""

    def __init__(self) -> None:
        super().__init__()
        self._models: dict[str, Any] = {}
        self._lock = threading.Lock()  # a llama.cpp context is not thread-safe
        # Free models before interpreter teardown: llama.cpp's finaliser fails once its module globals
        # are gone, and prints a traceback at every exit otherwise.
        atexit.register(self.close)

    def close(self) -> None:
        """Free every loaded model."""
        with self._lock:
            for llama in self._models.values():
                llama.close()
            self._models.clear()

    def _load(self, name: str) -> Any:
        if name not in self._models:
            from llama_cpp import Llama

            path, n_ctx = resolve_model_path(name)
            threads = llm_threads()
            # Both counts: llama-cpp-python gives prompt evaluation (n_threads_batch) every core when it
            # is not named, and that is most of a call's time, so AGA_LLM_THREADS=1 beside another job
            # still spun two threads on a 2-core machine.
            llama = Llama(
                model_path=str(path),
                n_ctx=n_ctx,
                n_threads=threads,
                n_threads_batch=threads,
                verbose=False,
            )
            kind, capacity = _cache_setting()
            if kind != "none":
                llama.set_cache(_state_cache(capacity))
            if kind == "trimmed":
                _keep_without_logits(llama)
            _count_evaluated(llama)
            self._models[name] = llama
        return self._models[name]

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
        kwargs: dict[str, Any] = {
            "max_tokens": int(optional_params.get("max_tokens") or 256),
            "temperature": float(optional_params.get("temperature", 0.7)),
        }
        if optional_params.get("seed") is not None:
            kwargs["seed"] = int(optional_params["seed"])
        wants_json, schema = requested_schema(optional_params)
        if wants_json:
            kwargs["response_format"] = (
                {"type": "json_object", "schema": grammar_schema(schema)} if schema else {"type": "json_object"}
            )
        with self._lock:
            llama = self._load(model)
            out = llama.create_chat_completion(messages=messages, **kwargs)
        choice = out["choices"][0]
        usage = out["usage"]
        STATS["calls"] += 1
        STATS["prompt_tokens"] += usage["prompt_tokens"]
        STATS["completion_tokens"] += usage["completion_tokens"]
        return fill(
            model_response,
            f"local/{model}",
            choice["message"]["content"] or "",
            usage["prompt_tokens"],
            usage["completion_tokens"],
            choice.get("finish_reason") or "stop",
        )
