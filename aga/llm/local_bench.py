"""Measuring a local model's speed on this machine (``aga models bench``)."""

from __future__ import annotations

import time

from aga.config import llm_threads
from aga.llm.providers.local import resolve_model_path

_PASSAGE = (
    "Ana Ortiz runs the corner bakery and is planning a summer fair for the neighbourhood on "
    "June 21 from 5 to 7 pm. She asks her regulars to come and to bring their friends. "
)


def measure(name: str, *, prompt_repeats: int = 8, generate_tokens: int = 64) -> dict[str, float]:
    """Load ``local/<name>`` and time reading a ~300-token prompt and generating ``generate_tokens``.

    The end-of-sequence token is banned while generating so that the count is exact.
    """
    from llama_cpp import Llama

    path, n_ctx = resolve_model_path(name)
    began = time.perf_counter()
    threads = llm_threads()  # prompt evaluation too (see the local provider)
    llama = Llama(model_path=str(path), n_ctx=n_ctx, n_threads=threads, n_threads_batch=threads, verbose=False)
    load_s = time.perf_counter() - began
    try:
        prompt = _PASSAGE * prompt_repeats + "\nSummarise the passage in one sentence:"
        prompt_tokens = len(llama.tokenize(prompt.encode()))
        llama.reset()
        began = time.perf_counter()
        llama.create_completion(prompt, max_tokens=1, temperature=0.0)
        prompt_s = time.perf_counter() - began
        began = time.perf_counter()
        out = llama.create_completion(
            prompt, max_tokens=generate_tokens, temperature=0.0, logit_bias={llama.token_eos(): -1e9}
        )
        generate_s = time.perf_counter() - began  # the prompt is cached from the previous call
        generated = int(out["usage"]["completion_tokens"])
    finally:
        llama.close()
    return {
        "load_s": load_s,
        "prompt_tokens": float(prompt_tokens),
        "prompt_tokens_per_s": prompt_tokens / prompt_s,
        "generated_tokens": float(generated),
        "generate_tokens_per_s": generated / generate_s,
    }
