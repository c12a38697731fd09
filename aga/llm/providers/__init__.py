"""litellm custom providers of aga: ``local/...`` (llama.cpp) and ``scripted/...`` (the simulator of
``aga.simulator``)."""

from __future__ import annotations

from functools import cache

from aga.llm._litellm import register_provider


@cache
def install_providers() -> None:
    """Register aga's custom providers with litellm (once per process)."""
    from aga.llm.providers.local import LocalLlamaProvider
    from aga.llm.providers.scripted import ScriptedProvider

    register_provider("local", LocalLlamaProvider())
    register_provider("scripted", ScriptedProvider())
