"""Model strings: which provider serves them, whether they can be called, and their prices.

A model string is whatever litellm accepts (``openai/gpt-4o-mini``, ``anthropic/...``,
``ollama/llama3``, ``hosted_vllm/...`` with an ``api_base``), plus aga's own ``local/<name>`` (the
embedded llama.cpp model) and ``scripted/<name>`` (the simulator). :func:`check_model` is called before
a run starts so that a typo or a missing key is one clear sentence, not ten thousand fail-safes.
"""

from __future__ import annotations

from dataclasses import dataclass

from aga.llm._litellm import litellm, register_price
from aga.llm.errors import LLMConfigError
from aga.llm.providers import install_providers

# Providers that work without a key because they talk to a server on this machine by default.
_KEYLESS = {"ollama", "ollama_chat", "lm_studio", "llamafile"}
SIMULATORS = {"scripted"}


@dataclass(frozen=True)
class ModelRoute:
    """A checked model string."""

    model: str
    provider: str
    name: str  # the part after the provider
    api_base: str | None = None  # one server's URL, or several separated by commas (routed between)

    @property
    def api_bases(self) -> tuple[str, ...]:
        """The servers' URLs (empty: the provider's own endpoint)."""
        return split_bases(self.api_base)

    @property
    def is_simulator(self) -> bool:
        """True for the scripted simulator, which is not a language model."""
        return self.provider in SIMULATORS

    @property
    def label(self) -> str:
        """Human label, marking the simulator as such."""
        if self.provider == "scripted":
            priced = self.name if self.name in litellm.model_cost else None
            return f"{self.model} (scripted simulator, not a model{', priced as ' + priced if priced else ''})"
        return self.model


def split_bases(api_base: str | None) -> tuple[str, ...]:
    """``"http://a/v1, http://b/v1"`` -> the URLs, in order, without blanks."""
    return tuple(b.strip() for b in (api_base or "").split(",") if b.strip())


def check_model(model: str, api_base: str | None = None, *, keyed: bool = False) -> ModelRoute:
    """Validate ``model`` and register its prices; raises :class:`LLMConfigError` with the fix.

    ``api_base`` may name several servers of the same model, separated by commas: the gateway then
    routes between them (litellm's Router). ``keyed``: the keys come from ``--api-key-env`` variables,
    so the provider's usual variable need not be set.
    """
    install_providers()
    if api_base is not None:
        bases = split_bases(api_base)
        if not bases:
            raise LLMConfigError(f"--api-base {api_base!r}: give the server's URL, e.g. http://127.0.0.1:8080/v1")
        for base in bases:
            if not base.startswith(("http://", "https://")):
                raise LLMConfigError(f"--api-base {base!r}: give the server's URL, e.g. http://127.0.0.1:8080/v1")
        api_base = ",".join(bases)
    if "/" not in model:
        raise LLMConfigError(
            f"model '{model}' has no provider; write provider/model, e.g. local/qwen2.5-coder-1.5b, "
            "scripted/default or openai/gpt-4o-mini (see `aga models`)"
        )
    try:
        name, provider, _, _ = litellm.get_llm_provider(
            model=model, api_base=split_bases(api_base)[0] if api_base else None
        )
    except Exception:
        raise LLMConfigError(
            f"unknown model '{model}': litellm knows no provider '{model.split('/', 1)[0]}'; "
            "use local/<name>, scripted/<name> or a litellm provider such as openai/, anthropic/, ollama/"
        ) from None
    route = ModelRoute(model=model, provider=provider, name=name, api_base=api_base)
    if provider == "local":
        from aga.config import llm_threads
        from aga.llm.providers.local import resolve_model_path

        try:  # here, not at the first call, where the gateway would answer with fail-safes instead
            llm_threads()
        except ValueError as exc:
            raise LLMConfigError(str(exc)) from None
        resolve_model_path(name)  # raises when not installed or corrupt
        register_price(model, "local", 0.0, 0.0)
    elif provider == "scripted":
        if name != "default" and name not in litellm.model_cost:
            # scripted/<model> counts tokens and prices calls as <model>: a typo would price them at $0.
            import difflib

            near = difflib.get_close_matches(name, list(litellm.model_cost), n=1, cutoff=0.8)
            raise LLMConfigError(
                f"model '{model}': the simulator prices its calls as the litellm model after 'scripted/', and "
                f"litellm knows no '{name}'"
                + (f"; did you mean 'scripted/{near[0]}'?" if near else "")
                + "; use scripted/default (free, cl100k tokens) or scripted/<a litellm model>, "
                "e.g. scripted/gpt-4o-mini"
            )
        priced = litellm.model_cost.get(name, {})
        register_price(
            model,
            "scripted",
            float(priced.get("input_cost_per_token") or 0.0),
            float(priced.get("output_cost_per_token") or 0.0),
        )
    elif provider not in _KEYLESS and not api_base and not keyed:
        env = litellm.validate_environment(model)
        missing = env.get("missing_keys") or []
        if missing:
            keys = " and ".join(missing)
            raise LLMConfigError(
                f"model '{model}' needs {keys} in the environment (keys are read from the environment only): "
                f"export {missing[0]}=... or pick a local model from `aga models`"
            )
    return route


def cost_usd(route: ModelRoute, prompt_tokens: int, completion_tokens: int) -> float | None:
    """Cost of a call by litellm's prices, or ``None`` when litellm has no price for the model."""
    try:
        prompt_cost, completion_cost = litellm.cost_per_token(
            model=route.model,
            prompt_tokens=prompt_tokens,
            completion_tokens=completion_tokens,
            custom_llm_provider=route.provider,
        )
    except Exception:
        return None
    return float(prompt_cost) + float(completion_cost)


def count_prompt_tokens(route: ModelRoute, prompt: str) -> int:
    """Tokens of a one-message prompt by the model's tokenizer (litellm's, cl100k when unknown)."""
    from aga.llm.providers.scripted import tokenizer_model

    counter = tokenizer_model(route.name) if route.provider in SIMULATORS | {"local"} else route.model
    return int(litellm.token_counter(model=counter, messages=[{"role": "user", "content": prompt}]))
